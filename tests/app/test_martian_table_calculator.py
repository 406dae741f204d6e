"""The Martian Mah Jongg scoring calculator screen gives the engine calculator's answer."""

from game.app.calculators import calculator_scene_for
from game.app.calculators.martian import MartianCalculator, PileTarget, PyrButton
from game.app.input import Intent
from game.rules.martian.calculator import answer


def open_calc(app):
    app.open("calculator:martian")
    app.stack.apply()
    scene = app.stack.top
    assert isinstance(scene, MartianCalculator)
    return scene


def click(scene, widget):
    assert scene.handle(Intent("select", widget.rect.center))


def palette(scene, piece):
    return next(w for w in scene.ui.widgets if isinstance(w, PyrButton) and w.label == f"add {piece}")


def add(scene, pieces):
    for p in pieces.split():
        click(scene, palette(scene, p))


def target(scene, seat, pile):
    return next(w for w in scene.ui.widgets if isinstance(w, PileTarget) and w.label == f"player {seat} {pile}")


def test_registered():
    assert calculator_scene_for("martian") is MartianCalculator


def test_pyramids_clicked_onto_piles_score_as_the_engine_says(app):
    scene = open_calc(app)
    scene.set(n=2)
    add(scene, "red-S blue-M blue-S green-L green-M green-S black-S")      # auto: chow, bush, tree, opaques
    assert scene.players[0] == {"chow": ["red-S"], "pung": ["blue-M", "blue-S"], "kong": ["green-L", "green-M", "green-S"],
                                "bonus": [], "opaques": ["black-S"], "exposed": []}
    click(scene, target(scene, 2, "kong"))
    add(scene, "cyan-L")
    click(scene, target(scene, 2, "bonus"))
    add(scene, "green-L")
    assert scene.players[1]["kong"] == ["cyan-L"] and scene.players[1]["bonus"] == ["green-L"]
    engine = answer({"players": scene.players[:2], "winner": 1, "east": 1, "drawn": False, "original": False,
                     "special_hands": True})[1]
    assert scene.result == engine and scene.result["valid"]
    assert sum(scene.result["net"]) == 0 and scene.result["transfers"]
    # the winning piece and how it came change the engine's answer the same way
    scene.set(winning_piece="green-S", drawn=True)
    engine = answer({"players": scene.players[:2], "winner": 1, "east": 1, "drawn": True, "original": False,
                     "special_hands": True, "winning_piece": "green-S"})[1]
    assert scene.result == engine
    assert any(l["name"] == "Winning piece drawn" for l in scene.result["players"][0]["lines"])
    app.stack.draw(app.canvas)


def test_a_placed_pyramid_clicked_goes_back_and_the_hand_is_not_a_mahjong(app):
    scene = open_calc(app)
    scene.set(n=2)
    add(scene, "red-S blue-M blue-S green-L green-M green-S")
    placed = next(w for w in scene.ui.widgets if isinstance(w, PyrButton) and w.label == "p1 kong 1 green-M")
    click(scene, placed)
    assert scene.players[0]["kong"] == ["green-L", "green-S"]
    assert scene.result["valid"] is False and scene.result["problems"]
    app.stack.draw(app.canvas)


def test_bad_input_gets_a_clear_message_and_nothing_is_lost(app):
    scene = open_calc(app)
    click(scene, target(scene, 1, "chow"))
    add(scene, "red-M")                                   # a medium can't be a Chow
    assert scene.players[0]["chow"] == []
    assert "Chow" in scene.toasts.items[-1][0] and "small" in scene.toasts.items[-1][0]
    add(scene, "red-S")
    add(scene, "orange-S")                                # the Chow already has its small
    assert scene.players[0]["chow"] == ["red-S"] and "take it out first" in scene.toasts.items[-1][0]
    scene.set(winner=1)                                   # a winner without a tree large: the engine's message
    assert "error" in scene.result and "large" in scene.result["error"]
    assert scene.players[0]["chow"] == ["red-S"]
    click(scene, target(scene, 2, "opaques"))
    for _ in range(5):
        add(scene, "white-S")
    assert scene.players[1]["opaques"] == ["white-S"] * 5, scene.players
    assert not palette(scene, "white-S").enabled          # all five are placed
    app.stack.draw(app.canvas)


def test_keyboard_adds_a_pyramid(app):
    scene = open_calc(app)
    w = palette(scene, "violet-L")
    scene.ui.set_focus(w)
    assert scene.handle(Intent("confirm"))
    assert scene.players[0]["kong"] == ["violet-L"]


def test_the_palette_shows_how_many_of_each_pyramid_are_left(app):
    scene = open_calc(app)
    assert palette(scene, "red-L").count == 5
    add(scene, "red-L red-M red-S red-S")
    assert palette(scene, "red-L").count == 4 and palette(scene, "red-S").count == 3
    assert palette(scene, "blue-S").count == 5
    app.draw()
