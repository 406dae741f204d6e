"""The Mahjong Rummy scoring calculator screen agrees with the engine's calculator."""

import io
import json

from game.app.calculators import calculator_scene_for
from game.app.calculators.rummy import CALCULATOR_SCENE, RummyCalculator, dragon_values
from game.app.input import Intent
from game.rules.rummy.calculator import main as engine_main
from game.rules.rummy.scoring import score_tiles
from tests.app.app_helpers import step


def open_calc(app):
    scene = RummyCalculator(app, "rummy")
    app.stack.push(scene)
    app.stack.apply()
    return scene


def click(app, scene, label):
    w = next(w for w in scene.ui.widgets if getattr(w, "label", None) == label)
    pos = w.box.center
    app.dispatch(Intent("press", pos))
    app.dispatch(Intent("select", pos))
    app.stack.apply()


def add(app, scene, *codes):
    for c in codes:
        click(app, scene, f"add {c}")


def engine(data):
    out = io.StringIO()
    engine_main(["--json"], stdin=io.StringIO(json.dumps(data)), stdout=out)
    return json.loads(out.getvalue())


def test_registered_for_the_game():
    assert calculator_scene_for("rummy") is CALCULATOR_SCENE is RummyCalculator


def test_clicked_sets_and_hand_score_as_the_engine_says(app):
    calc = open_calc(app)
    add(app, calc, "WN", "WN", "DG")                 # North wind set with a Green Dragon
    click(app, calc, "New set")
    add(app, calc, "B1", "B2", "DR")                 # the Red Dragon can only be the 3
    click(app, calc, "New set")
    add(app, calc, "C5", "C5", "C5", "C5")
    click(app, calc, "Hand")
    add(app, calc, "WE", "DW", "D9")
    step(app, 2)
    assert calc.sets[1][2] == ("DR", "B3")           # the only value that fits was declared
    want = engine({"in_play": [["WN", "WN", "DG"], ["B1", "B2", "DR=B3"], ["C5", "C5", "C5", "C5"]],
                   "in_hand": ["WE", "DW", "D9"], "seat_wind": "North", "round_wind": "North"})
    assert calc.total == want["total"]
    assert calc.result["lines"] == want["lines"]
    assert all(s["valid"] for s in calc.result["sets"])
    _lines, total = score_tiles(0, ["WN", "WN", "DG", "B1", "B2", "DR", "C5", "C5", "C5", "C5"], ["WE", "DW", "D9"],
                                "WN", "WN")
    assert calc.total == total == 40 + 6 - 5 - 10 - 1


def test_winds_change_the_doubling_and_invalid_sets_are_named(app):
    calc = open_calc(app)
    add(app, calc, "WN", "WN", "WN")
    north_both = calc.total
    calc.ui.widgets  # the wind choices are widgets: step the seat wind to East
    seat = next(w for w in calc.ui.widgets if getattr(w, "label", None) == "Seat wind")
    seat.handle(Intent("right"))
    assert calc.seat_wind == "East" and calc.total == north_both // 2
    click(app, calc, "New set")
    add(app, calc, "WE", "C2", "C3")
    info = calc.result["sets"][1]
    assert not info["valid"] and "winds" in info["reason"]
    step(app, 2)


def test_a_dragon_with_several_values_can_be_set(app):
    calc = open_calc(app)
    add(app, calc, "D3", "D4", "DR")
    assert calc.sets[0][2] == ("DR", None)
    assert dragon_values(calc.sets[0], 2) == ["D2", "D5"]
    click(app, calc, "set 0 tile 2")                  # pick the dragon: its values are offered
    click(app, calc, "value D5")
    assert calc.sets[0][2] == ("DR", "D5") and calc.result["sets"][0]["tiles"][2] == "DR=D5"
    click(app, calc, "Remove")                          # still picked: take it out again
    assert calc.sets[0] == [("D3", None), ("D4", None)]
    step(app, 2)


def test_no_fifth_copy(app):
    calc = open_calc(app)
    add(app, calc, "B7", "B7", "B7", "B7")
    before = list(calc.sets[0])
    calc.add("B7")
    assert calc.sets[0] == before and "four" in calc.toasts.texts[-1]
