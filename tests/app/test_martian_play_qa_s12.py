"""A newcomer's whole game at the Martian table (quick play, you and two bots): the title clear of the
rail, the log saying what a bot did, the hint inside a chooser that doesn't hold its option, the
calculator's pile names readable."""

from game.app import theme
from game.core.protocol import Event
from tests.app.app_helpers import drawn_lines
from tests.app.test_martian_table import open_table, pool  # noqa: F401  (pool is a fixture)


def test_the_title_sits_clear_of_the_top_rail(menu_app, pool):  # noqa: F811
    scene = open_table(menu_app, ["human", "bot", "bot"])
    lines = drawn_lines(menu_app, menu_app.draw)
    title = next(pos for text, pos in lines if text.startswith("Martian Mah Jongg · hand"))
    # it touched the wooden rail (22 wide, its dark inner edge to about 24)
    assert title[1] >= theme.RAIL_WIDTH + 6
    east = next(pos for text, pos in lines if text.startswith("East:"))
    assert east[1] > title[1] and scene.view.hand_no == 1



def test_the_calculators_pile_names_are_readable_and_clear_of_the_pieces(menu_app):
    from game.app.calculators.martian import PyrButton
    from tests.app.test_martian_table_calculator import add, open_calc
    scene = open_calc(menu_app)
    add(scene, "red-L red-M red-S blue-M blue-S")            # player 1: a full tree, then the bush
    names = {}                                             # a pile's name: (size, the rect it covers), player 1's
    real = menu_app.canvas.text

    def spy(text, pos, size=theme.BODY, *a, **k):
        rect = real(text, pos, size, *a, **k)
        names.setdefault(text, (size, rect))
        return rect
    menu_app.canvas.text = spy
    try:
        menu_app.draw()
    finally:
        menu_app.canvas.text = real
    for t in ("Chow", "Bush (Pung)", "Tree (Kong)", "Bonus", "Opaques"):
        assert names[t][0] >= 14                           # it was 11, and faint
    for pile, t in (("kong", "Tree (Kong)"), ("pung", "Bush (Pung)")):
        pieces = [w for w in scene.ui.widgets if isinstance(w, PyrButton) and w.label.startswith(f"p1 {pile} ")]
        assert pieces and all(w.rect.top >= names[t][1].bottom - 1 for w in pieces)   # the pieces sit under it


def test_the_log_says_what_a_bot_did_in_words_a_newcomer_can_follow(menu_app, pool):  # noqa: F811
    scene = open_table(menu_app, ["human", "bot", "bot"])
    ana = scene.name_of(1)
    # the public part of a bot's choice: whether a discard follows (the piece kept stays hidden)
    quiet = Event("kept", {"seat": 1, "cover": 17, "discard": None})
    loud = Event("kept", {"seat": 1, "cover": 3, "discard": "red-S"})
    assert scene.event_line(quiet) == f"{ana} chose behind the screen and said go."      # was "made a choice."
    assert scene.event_line(loud) == f"{ana} chose behind the screen."
    # a cover named as the hint and its tooltip name it ("cover 18" alone: which row?)
    assert scene.event_line(Event("looked", {"seat": 1, "cover": 17})) == f"{ana} looked under large cover 18."
    assert scene.event_line(Event("looked", {"seat": 1, "cover": 3})) == f"{ana} looked under medium cover 4."
    # after a claim the caller says go: the log said nothing, and the turn seemed to skip
    assert scene.event_line(Event("go", {"seat": 2})) == f"{scene.name_of(2)} said go."


def test_a_hint_inside_another_cover_options_places_says_to_go_back_first(menu_app, pool):  # noqa: F811
    from game.rules.martian import Dice, Keep, Look, Swap
    from tests.app.test_martian_table import DEAL
    from tests.app.test_martian_table import key as press_key
    from tests.app.app_helpers import step
    scene = open_table(menu_app, ["human", "bot"], DEAL, forced=[Dice(1, 1)])     # a small red
    press_key(menu_app, "confirm", " ")
    step(menu_app, 2)
    assert scene._play(Look(0)) and scene.view.phase == "cover"
    scene.open_cover_options()
    swap = next(g for g in scene.cover_groups() if g[0].startswith("(ii)"))
    scene._open_group(swap)                          # the player opened (ii)'s places
    assert scene.chooser is not None and all(isinstance(o.value, Swap) for o in scene.chooser.options)
    keep = next(a for a in scene.legal if isinstance(a, Keep))
    toasts = []
    scene.toast = lambda text, **k: toasts.append(text)
    scene.show_hint(keep)                            # the hint keeps the drawn piece: option (i)
    assert toasts[-1].startswith("Hint: Cancel, then choose (i) Keep the small red")
    scene._close_chooser()
    scene.open_cover_options()
    scene.show_hint(keep)                            # with (i)-(iii) on the screen: no detour
    assert toasts[-1].startswith("Hint: Choose (i) Keep the small red")
