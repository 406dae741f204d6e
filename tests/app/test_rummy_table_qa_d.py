"""Rummy hot seat, QA round s7: the round results name wind tiles as winds, not as the players seated there."""

from game.app.scenes.results import ResultsScene, with_names

WINDS = ["North", "East", "South", "West"]
PLAYERS = ["Player 1", "Player 2", "South", "West"]


def test_a_wind_tile_keeps_its_name_when_its_seat_is_renamed():
    # seen: "Player 1 Wind in hand" and "Player 2 Wind in hand" on a hot-seat round's results
    assert with_names("North Wind in hand", WINDS, PLAYERS) == "North Wind in hand"
    assert with_names("East wind, ×2 round wind", WINDS, PLAYERS) == "East wind, ×2 round wind"
    assert with_names("North goes out; East pays", WINDS, PLAYERS) == "Player 1 goes out; Player 2 pays"


def test_the_results_lines_keep_wind_names(app):
    data = {"lines": [{"seat": 0, "name": "North Wind in hand", "value": -20, "why": "1 × -5, ×2 seat wind"},
                      {"seat": 1, "name": "East Wind in hand", "value": -10, "why": "North's wind"}],
            "totals": [-20, -10, 0, 0], "summary": "Round 1: East went out."}
    scene = ResultsScene(app, data, PLAYERS, final=False, engine_names=WINDS)
    assert [l["name"] for l in scene.data["lines"]] == ["North Wind in hand", "East Wind in hand"]
    assert scene.data["lines"][1]["why"] == "Player 1's wind"
    assert scene.data["summary"] == "Round 1: Player 2 went out."


def test_hot_seat_the_tile_you_drew_glows_when_your_turn_comes_back(app):
    # seen: in a 2-human round the curtain fell as soon as Draw was pressed, so the drawn tile was never
    # shown; back at your turn nothing said which tile was new
    from game.app.input import Intent
    from game.app.scenes.handoff import HandoffScene
    from tests.app.test_rummy_table import OPENING_HAND, click_button, make_table, run_until
    scene = make_table(app, kinds=("human", "human", "bot", "bot"), hands=[OPENING_HAND], speed=1.0)
    drawn = {}
    for seat in (0, 1, 0):
        assert run_until(app, lambda: isinstance(app.stack.top, HandoffScene), frames=4000)
        app.dispatch(Intent("confirm"))
        assert run_until(app, lambda: app.stack.top is scene and not scene.presenting())
        assert scene.viewer == seat and scene.my_turn
        if seat in drawn:
            assert drawn[seat] in scene.stage.glow, "the tile drawn last turn does not glow"
            assert scene.drawn_last_turn(seat) == drawn[seat]
            break
        before = set(scene.match.state.hands[seat])
        click_button(app, scene, "draw")
        (drawn[seat],) = set(scene.match.state.hands[seat]) - before
    assert scene.drawn_last_turn(1) == drawn[1]
