"""Mahjong Rummy as a newcomer found it in a real window (session 9): the keyboard's place on the
"+ new set" slot, and the dragon chooser's words and number keys."""

from game.app import theme
from game.app.input import Intent
from game.app.tables.rummy import dragon_chooser
from tests.app.test_rummy_table import OPENING_HAND, make_table


def outlines_drawn(app, scene):
    """(colour, rect) of every outline one frame draws."""
    seen = []
    real = app.canvas.outline

    def spy(colour, r, *a, **k):
        seen.append((tuple(colour)[:3], tuple(r)))
        return real(colour, r, *a, **k)
    app.canvas.outline = spy
    try:
        app.stack.draw(app.canvas)
    finally:
        app.canvas.outline = real
    return seen


def test_the_keyboard_ring_shows_on_the_new_set_slot(app):
    """Up from the hand put the cursor on "+ new set", but only its fill lightened a shade: with
    tiles selected, nothing said that Enter would now place them there."""
    scene = make_table(app, hands=[OPENING_HAND])
    assert scene.my_turn and scene.lay.new_slot is not None
    scene.handle(Intent("right"))                    # the keyboard's first press: the cursor appears
    scene.handle(Intent("confirm"))                  # select the first tile
    for _ in range(3):
        scene.handle(Intent("up"))
        if scene.cursor == ("new",):
            break
    assert scene.cursor == ("new",)
    slot = scene.lay.new_slot
    ring = tuple(theme.FOCUS_RING)[:3]
    rings = [r for c, r in outlines_drawn(app, scene) if c == ring]
    assert any(r[0] <= slot.left and r[1] <= slot.top and r[0] + r[2] >= slot.right and r[1] + r[3] >= slot.bottom
               for r in rings)
    scene.handle(Intent("left"))                     # the cursor leaves the slot: its ring goes
    rings = [r for c, r in outlines_drawn(app, scene) if c == ring]
    assert not any(r[0] <= slot.left and r[1] <= slot.top and r[0] + r[2] >= slot.right for r in rings)


def test_the_dragon_chooser_says_each_value_whole_and_its_number_clear_of_the_tile(app):
    """Seen: "South..." and "West..." under the tiles, and the number keys 1 and 2 drawn over the
    tiles' corner letters."""
    options = [{"DG#1": "WS"}, {"DG#1": "WW"}]
    ch = dragon_chooser(["DG#1"], options, lambda o: None, lambda: None)
    ch.arrange(lambda text, size, bold: app.canvas.measure(text, size, bold)[0])
    from game.app.tablekit.chooser import CELL_PIECE
    for wdg in ch.ui.widgets[:2]:
        r = wdg.rect
        assert app.canvas.measure(wdg.label, 14, False)[0] <= r.width - 6, wdg.label
        number_right = r.left + 5 + app.canvas.measure(str(wdg.number), theme.SMALL, True)[0]
        piece_left = r.centerx - len(wdg.option.frames) * (CELL_PIECE[0] + 4) / 2 + 2
        assert number_right < piece_left
    assert [w.label for w in ch.ui.widgets[:2]] == ["South Wind", "West Wind"]


def test_the_sort_order_in_use_is_not_drawn_as_a_second_focus_ring(app):
    """With the keyboard on Undo, "By suit" (the order in use) wore a gold outline too: two rings,
    and no telling which one Enter would press."""
    scene = make_table(app, hands=[OPENING_HAND])
    scene.handle(Intent("right"))
    for _ in range(3):                               # Tab: hand, slot, then the buttons
        if scene.cursor[0] == "button":
            break
        scene.handle(Intent("focus_next"))
    assert scene.cursor[0] == "button" and scene.cursor[1] != "suit"
    suit = scene.buttons["suit"].rect
    gold = {tuple(theme.GOLD)[:3], tuple(theme.FOCUS_RING)[:3]}
    around = [r for c, r in outlines_drawn(app, scene) if c in gold and r[0] <= suit.left and r[1] <= suit.top
              and r[0] + r[2] >= suit.right and r[1] + r[3] >= suit.bottom]
    assert around == []
    scene.set_sort("number")                          # the order still shows where it is in use
    assert scene.sort_mode == "number"


def test_a_replay_shows_no_turn_buttons(menu_app):
    # seen: a Rummy replay drew greyed Undo, Reset, Hint, Draw and Done and a "Replay turns"
    # button, though a replay is stepped by its own bar and nothing on the table can be played
    from game.core.match import Match
    from game.core.protocol import SeatConfig, Setup
    from tests.app.app_helpers import replay_after
    seats = tuple(SeatConfig("human" if i == 0 else "bot", "easy", "") for i in range(4))
    replay = replay_after(menu_app, Match(Setup("rummy", seats, {}, 5)), 30, seed=3)
    for i in (0, 10, 30):
        replay.jump(i)
        table = replay.table
        table._refresh_buttons()
        shown = {k for k, b in table.buttons.items() if b.visible}
        assert shown <= {"suit", "number", "sets"}, (i, shown)
