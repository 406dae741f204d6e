"""Mahjong Rummy by keyboard only (session 14 QA): Done had no key (Tab, then four arrows), the
words after an accepted hint named Enter after the cursor had moved on, and Done was gold on an
opening the rules would refuse."""

from game.app.input import Intent
from game.rules.rummy import Draw, PlayTurn
from tests.app.app_helpers import step
from tests.app.test_rummy_table import OPENING_HAND, lay_the_opening, make_table
from tests.app.test_rummy_table_play import _build, _puzzle, _suggested


def key(app, ch):
    app.dispatch(Intent("char", char=ch))
    app.stack.apply()


def test_the_turn_buttons_show_their_keys():
    """Numbered as the other tables' turn buttons are; the helpers show their letters."""
    from game.app.tables.rummy import turn_label
    assert turn_label("draw", "Draw") == "1  Draw" and turn_label("done", "Done") == "2  Done"


def test_the_buttons_on_the_table_name_their_keys(app):
    scene = make_table(app, hands=[OPENING_HAND])
    step(app)
    labels = {k: scene.buttons[k].label for k in ("undo", "reset", "hint", "draw", "done")}
    assert labels == {"undo": "Undo (U)", "reset": "Reset (R)", "hint": "Hint (H)", "draw": "1  Draw",
                      "done": "2  Done"}


def test_2_plays_the_turn_wherever_the_cursor_is(app):
    scene = make_table(app, hands=[OPENING_HAND])
    lay_the_opening(app, scene)
    scene.keyboard, scene.cursor = True, ("tile", scene.work.hand[0])
    key(app, "2")
    assert len(scene.match.log) >= 1 and scene.match.log[0].seat == 0
    assert isinstance(scene.rules.decode_action(scene.match.log[0].action), PlayTurn)


def test_2_on_a_refused_table_keeps_the_turn_and_says_why(app):
    scene = make_table(app, hands=[OPENING_HAND])
    _build(app, scene, ["B1", "B2", "B3"])
    key(app, "2")
    assert scene.match.log == [] and scene.banner.visible


def test_1_draws(app):
    scene = make_table(app, hands=[OPENING_HAND])
    key(app, "1")
    assert len(scene.match.log) == 1 and isinstance(scene.rules.decode_action(scene.match.log[0].action), Draw)


def test_after_an_accepted_hint_the_words_name_a_key_that_stays_true(app):
    """Seen: "press Done (or Enter)", false once the cursor moved; the number key plays it anywhere."""
    scene = _puzzle(app)
    action, _, _ = _suggested(scene)
    scene.show_hint(action)
    app.dispatch(Intent("confirm"))
    assert scene.preview is None and scene.work.check().ok
    said = scene.toasts.texts[-1]
    assert "press 2 (Done)" in said and "Enter" not in said
    app.dispatch(Intent("left"))                  # the cursor moves off Done
    assert scene.cursor != ("button", "done")
    key(app, "2")
    assert len(scene.match.log) == 1 and scene.match.log[0].seat == 0


def test_a_draw_hint_names_the_draw_key(app):
    scene = make_table(app, hands=[OPENING_HAND])
    scene.show_hint(Draw())
    assert "(1)" in scene.toasts.texts[-1]


def test_done_is_gold_only_when_the_table_would_be_accepted(app):
    """Seen: Done gold with one set of an opening laid; pressing it was refused (an opening needs
    two sets). Gold is the suggested action, so it waits until Done would be accepted."""
    scene = make_table(app, hands=[OPENING_HAND])
    _build(app, scene, ["B1", "B2", "B3"])
    step(app)
    assert not scene.work.check().ok
    assert not scene.buttons["done"].primary and not scene.buttons["draw"].primary
    _build(app, scene, ["C5", "C5", "C5"])
    step(app)
    assert scene.work.check().ok and scene.buttons["done"].primary and not scene.buttons["draw"].primary
