"""The opening throw goes from the tray by itself (QA round, hot seat in a real window): when a
person plays first in a hand no next move hides it, so the dice lay over the wall's words ("East
round · Wall 76 · Box 10") all through that player's first turn, and after every curtain."""

from game.app.tablekit import dice_tray
from game.app.tablekit.dice_tray import TableDice
from tests.app.app_helpers import run_until, step
from tests.app.test_kards_table import open_table, pool  # noqa: F401  (the fixture)


def test_a_settled_throw_is_read_then_the_tray_goes_by_itself():
    dice = TableDice((0, 0, 200, 150))
    dice.roll([3, 5], seed=1, caption="East rolls 8")
    while dice.rolling:
        dice.update(1 / 60)
    assert dice.shown                       # read, and still there for the next move to take away
    for _ in range(int(dice_tray.STAY * 60) + 2):
        dice.update(1 / 60)
    assert not dice.shown


def test_a_throw_without_animation_stays_until_the_next_move_hides_it():
    dice = TableDice((0, 0, 200, 150))
    dice.roll([3, 5], seed=1, caption="East rolls 8", animate=False)
    for _ in range(300):
        dice.update(1 / 60)
    assert dice.shown and not dice.rolling


def test_when_a_person_plays_first_the_break_throw_leaves_the_wall_in_sight(menu_app, pool):
    app = menu_app
    app.store.settings.anim_speed = 1.0
    scene = open_table(app, ["human", "bot", "bot", "bot"], seed=9)     # the seating makes seat 0 East
    assert run_until(app, lambda: scene.view.phase not in ("seat_roll", "side_roll", "break_roll"), 6000)
    assert scene.to_act == (0,)
    moves = len(scene.match.log)
    assert scene.dice.shown and "break" in scene.dice.caption
    assert run_until(app, lambda: not scene.dice.shown, 6000)
    assert len(scene.match.log) == moves and 0 in scene.to_act      # still the person's first turn
    assert scene._wall_label(scene.table_view, scene.layout())[0].endswith("round")
