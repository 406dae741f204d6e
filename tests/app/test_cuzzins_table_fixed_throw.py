"""A fixed deal (a level's) begins with its opening throw already made, so no move of the log shows
it: in the Double Dice challenge (levels/cuzzins/challenge-6-double-dice.toml) the double was only
in the wall's small print. The table now throws it in the tray at the start, as a dealt hand's
throw is shown (caption, "Double Dice!" called out), and play waits for it to be read."""

from game.app.tables import table_scene_for
from game.core.match import Match
from game.core.protocol import SeatConfig, Setup
from tests.app.app_helpers import step
from tests.app.claimtoy_table import FakePool

SEATS = (("human", "You"), ("bot", "Ana"), ("bot", "Bo"), ("bot", "Cy"))


def open_at(app, deal, speed=1.0, match=None):
    app.store.settings.anim_speed = speed
    app.bot_pool = FakePool(auto=True)
    match = match or Match(Setup("cuzzins", tuple(SeatConfig(k, "normal", n) for k, n in SEATS), {"hands": 1}, 106, deal))
    scene = table_scene_for("cuzzins")(app, match)
    app.stack.push(scene)
    app.stack.apply()
    return scene


def test_a_fixed_double_is_thrown_in_the_tray_and_called_out(menu_app):
    scene = open_at(menu_app, {"dealer": 3, "dice": [4, 4]})
    assert scene.dice.shown and scene.dice.faces == [4, 4]
    assert scene.dice.caption == "Double Dice! 8: Bo opens the wall"
    assert [a.text for a in scene.announcements] == ["Double Dice!"]
    # the dealer (a bot) plays only once the dice have been read, as after a thrown deal
    while scene.dice.rolling:
        assert scene.match.log == []
        step(menu_app)
    assert scene.wall_label()[-1] == "Dice 4 + 4 · Double Dice!"


def test_a_fixed_plain_throw_shows_as_the_opening_throw(menu_app):
    scene = open_at(menu_app, {"dealer": 0, "dice": [2, 5]}, speed=0.0)
    assert scene.dice.shown and scene.dice.caption == "Opening throw 7: Bo opens the wall"
    assert scene.announcements == [] and not scene.dice.rolling    # no animation: nothing to wait for


def test_a_deal_the_engine_throws_or_a_game_under_way_is_not_thrown_again(menu_app):
    thrown = open_at(menu_app, {"dealer": 3})                      # the engine throws: a move shows it
    assert not thrown.match.log and not thrown.dice.shown
    step(menu_app, 3)
    assert thrown.match.log and thrown.dice.shown
    under_way = Match.from_json(thrown.match.to_json())
    again = open_at(menu_app, None, match=under_way)
    assert again.announcements == [] and not again.dice.shown


def test_a_replay_shows_the_fixed_throw_at_its_start_and_not_after_the_first_move(menu_app):
    """Seen in the replays: the opening throw of a fixed deal was thrown at the table in play, but a
    replay of that game began on an empty tray (the double only in the wall's small print)."""
    from game.app.input import Intent
    from tests.app.app_helpers import replay_after
    match = Match(Setup("cuzzins", tuple(SeatConfig("bot", "easy", n) for _, n in SEATS), {"hands": 1}, 106,
                        {"dealer": 3, "dice": [4, 4]}))
    replay = replay_after(menu_app, match, 3, seed=1)
    assert replay.index == 0
    assert replay.table.dice.shown and replay.table.dice.faces == [4, 4]
    assert replay.table.dice.caption == "Double Dice! 8: Bo opens the wall"
    replay.handle(Intent("right"))
    assert replay.index == 1 and not replay.table.dice.shown       # as in play: the first move takes it away
    replay.handle(Intent("home"))
    assert replay.index == 0 and replay.table.dice.shown
