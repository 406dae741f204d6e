"""The Kards scoring calculator screen gives the engine calculator's answer."""

import io
import json

from game.app.calculators import calculator_scene_for
from game.app.calculators.kards import CALCULATOR_SCENE, KardsCalculator
from game.app.input import Intent
from game.rules.kards.calculator import main as engine_main
from tests.app.app_helpers import step


def open_calc(app):
    app.open("calculator:kards")
    app.stack.apply()
    scene = app.stack.top
    assert isinstance(scene, KardsCalculator)
    return scene


def click(app, scene, label):
    w = next(w for w in scene.ui.widgets if getattr(w, "label", None) == label)
    assert scene.handle(Intent("select", w.box.center))
    app.stack.apply()


def add(app, scene, codes):
    for c in codes.split():
        click(app, scene, f"add {c}")


def engine(data):
    out = io.StringIO()
    engine_main(["--json"], stdin=io.StringIO(json.dumps(data)), stdout=out)
    return json.loads(out.getvalue())


def test_registered_for_the_game():
    assert calculator_scene_for("kards") is CALCULATOR_SCENE is KardsCalculator


def test_clicked_hand_groups_and_flowers_score_as_the_engine_says(app):
    calc = open_calc(app)
    add(app, calc, "DR DR DR B2 B3 B4 D7 D7")        # the last Kard added is the winning one
    click(app, calc, "group 1")
    add(app, calc, "WS WS WS")
    click(app, calc, "group 2")
    add(app, calc, "C9 C9 C9 C9")
    click(app, calc, "Make it concealed")
    add(app, calc, "F2")                               # flowers go to their own row wherever the target is
    seat = next(w for w in calc.ui.widgets if getattr(w, "label", None) == "Seat")
    seat.handle(Intent("right"))                       # East -> South
    step(app, 2)
    assert calc.seat == "S" and calc.bonus == ["F2"] and calc.concealed[1]
    want = engine({"players": {"S": {"hand": "DR DR DR B2 B3 B4 D7 D7", "bonus": "F2",
                                     "melds": ["WS WS WS", {"cards": "C9 C9 C9 C9", "concealed": True}]}},
                   "winner": "S", "winning": "D7", "how": "wall", "round_wind": "E"})
    assert calc.result["players"] == want["players"] and calc.total == 123.75
    assert [p["payer"] for p in calc.result["payments"]] == ["E", "W", "N"]


def test_the_winning_kard_can_be_chosen_and_a_wrong_hand_is_named(app):
    calc = open_calc(app)
    add(app, calc, "B1 B2 B3 C4 C5 C6 D7 D8 D9 WE WE WE DR DR")
    assert calc.total is not None
    click(app, calc, "hand 0")                          # pick the 1 Bamboo, then call it the winning Kard
    click(app, calc, "Winning Kard")
    assert calc.winning == 0 and calc.result["winning"]
    click(app, calc, "hand 13")
    click(app, calc, "Remove")
    assert not calc.result["winning"] and "not Mah-Jongg" in calc.result["summary"]
    step(app, 2)


def test_no_fifth_copy_and_only_one_of_each_flower(app):
    calc = open_calc(app)
    add(app, calc, "B7 B7 B7 B7 F1")
    calc.add("B7")
    calc.add("F1")
    assert calc.hand == ["B7"] * 4 and calc.bonus == ["F1"]
    assert "already used" in calc.toasts.texts[-1]


def test_the_palette_shows_how_many_of_each_kard_are_left_legibly(app):
    """Each palette Kard carries the number still left, drawn so it stands out from the card face
    (it was once ivory on the ivory card, invisible)."""
    import pygame
    from game.app.calculators.kards import KardButton
    scene = open_calc(app)
    add(app, scene, "B5 B5 B5")
    counts = {w.code: w.count for w in scene.ui.widgets if getattr(w, "label", "").startswith("add ")}
    assert counts["B5"] == 1 and counts["B6"] == 4 and counts["F1"] == 1
    canvas = app.canvas
    area = canvas.rect_px((100, 100, 46, 64))
    shots = []
    for count in (None, 3):
        canvas.target.fill((0, 0, 0))
        KardButton((100, 100, 46, 64), "B5", lambda: None, count=count).draw(canvas)
        shots.append([tuple(canvas.target.get_at((x, y)))[:3] for x in range(area.left, area.right)
                      for y in range(area.top, area.bottom)])
    before, after = shots
    changed = max(sum(abs(a - b) for a, b in zip(p, q)) for p, q in zip(before, after))
    assert changed > 300        # the number sits on something far from the card's face colour


def test_a_group_that_is_not_one_is_named_in_words_before_anything_else(app):
    # seen in a real window: group 1 held 1 Bamboo, 1 Characters, 9 Dots and the panel asked for the
    # winning Kard of a hand with no Kards in it
    from game.app.calculators.kards import group_problem
    calc = open_calc(app)
    click(app, calc, "group 1")
    add(app, calc, "B1 C1 D9")
    assert calc.result["error"] == ("Group 1 on the table (1 Bamboo, 1 Characters, 9 Dots) is not a chow, pung "
                                    "or kong: click a Kard in it, then Remove.")
    step(app, 2)
    assert group_problem([["WE", "WE"]]) == "Group 1 on the table (East Wind ×2) needs a third Kard to be a pung."
    assert group_problem([[], ["B7", "B9"]]) == "Group 2 on the table (7-9 Bamboo) needs a third Kard to be a chow."
    assert group_problem([["B7", "B8", "B9"], ["DR"] * 4, ["C5"] * 3]) is None
    assert group_problem([["WE", "WS", "WW"]]).endswith("is not a chow, pung or kong: click a Kard in it, then Remove.")
    calc2 = open_calc(app)
    click(app, calc2, "group 1")
    add(app, calc2, "WS WS WS")
    assert calc2.result["error"] == "Add the Kards in the hand too, then choose the winning Kard among them."
