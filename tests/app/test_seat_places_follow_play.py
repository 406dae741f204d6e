"""Where the seats sit on the screen follows each game's direction of play, seen from above with the
viewer at the bottom: Kards plays clockwise (E, S, W, N), so the next player sits on the viewer's
left; Cuzzins plays counter-clockwise (E, S, W, N too, the other way round), so the next player
sits on the right. From South's seat in Cuzzins, East (who plays just before) is therefore on the
left, as at a real table. Checked on the name plates the table draws, from every seat."""

import pytest

from game.app.tables import table_scene_for
from game.app.tablekit.seatspace import BOTTOM, LEFT, RIGHT, TOP
from game.core.match import Match
from game.core.protocol import SeatConfig, Setup
from tests.app.app_helpers import run_until
from tests.app.claimtoy_table import FakePool

TURN_ORDER = ("WE", "WS", "WW", "WN")


@pytest.mark.parametrize("game_id, next_at", [("kards", LEFT), ("cuzzins", RIGHT)])
def test_the_next_player_sits_on_the_side_play_goes(menu_app, game_id, next_at):
    app = menu_app
    app.store.settings.anim_speed = 0.0
    app.bot_pool = FakePool(auto=True)
    kinds = ("human", "bot", "bot", "bot")
    setup = Setup(game_id, tuple(SeatConfig(k, "normal", f"P{i}") for i, k in enumerate(kinds)), {}, 11)
    scene = table_scene_for(game_id)(app, Match(setup))
    app.stack.push(scene)
    app.stack.apply()
    assert run_until(app, lambda: all(p.wind for p in scene.layout().plates), 3000)
    after = {BOTTOM: next_at, next_at: TOP, TOP: {LEFT: RIGHT, RIGHT: LEFT}[next_at]}
    for seat in range(4):
        scene.set_viewer(seat)
        plates = {p.position: p for p in scene.layout().plates}
        assert plates[BOTTOM].name == f"P{seat}"
        for here, there in after.items():          # each plate's next in E, S, W, N sits on the play's side
            wind = TURN_ORDER.index(plates[here].wind)
            assert plates[there].wind == TURN_ORDER[(wind + 1) % 4]
        assert plates[LEFT].rect.right < 800 < plates[RIGHT].rect.left     # and LEFT is on the left
