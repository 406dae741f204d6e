"""Mint Tin ties its seat count to the mode option: the setup screen keeps the two in step."""

from game.app.scenes.game_setup import SetupScene
from game.app.widgets import Button


def open_minttin(app):
    scene = SetupScene(app, "minttin")
    app.stack.push(scene)
    app.stack.apply()
    return scene


def test_mode_and_seat_count_follow_each_other(menu_app):
    scene = open_minttin(menu_app)
    assert scene.n_seats == 2 and scene.values["mode"] == "2p"
    scene.set_option("mode", "solo")
    assert scene.n_seats == 1
    setup = scene.build_setup()
    assert len(setup.seats) == 1 and setup.options["mode"] == "solo"
    scene.rules.new_game(setup)            # the game accepts what the screen builds
    scene.set_seat_count(2)
    assert scene.values["mode"] == "2p"
    scene.rules.new_game(scene.build_setup())


def test_games_with_a_calculator_offer_it_on_setup(menu_app):
    scene = open_minttin(menu_app)
    labels = [getattr(w, "label", "") for w in scene.ui.widgets if isinstance(w, Button)]
    from game.app.calculators import calculator_scene_for
    assert ("Score calculator" in labels) == (calculator_scene_for("minttin") is not None)
