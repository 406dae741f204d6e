"""The Cuzzins scoring calculator screen gives the engine calculator's answer."""

from game.app.calculators import calculator_scene_for
from game.app.calculators.cuzzins import CuzzinsCalculator, TileButton, compute
from game.app.input import Intent
from game.rules.cuzzins.calculator import evaluate, parse


def open_calc(app):
    app.open("calculator:cuzzins")
    app.stack.apply()
    scene = app.stack.top
    assert isinstance(scene, CuzzinsCalculator)
    return scene


def click(scene, widget):
    assert scene.handle(Intent("select", widget.rect.center))


def palette(scene, code):
    return next(w for w in scene.ui.widgets if isinstance(w, TileButton) and w.label == f"add {code}")


def add(scene, codes):
    for code in codes.split():
        click(scene, palette(scene, code))


def button(scene, label):
    return next(w for w in scene.ui.widgets if getattr(w, "label", None) == label)


def test_registered():
    assert calculator_scene_for("cuzzins") is CuzzinsCalculator


def test_a_claimed_win_with_a_laid_out_three_matches_the_engine(app):
    scene = open_calc(app)
    click(scene, button(scene, "New laid-out set"))
    add(scene, "C1 C1 C1")
    click(scene, button(scene, "hand"))
    add(scene, "B1 B2 B3 B4 B5 B6 B7 B8 B9 D2 D3 D4 C5 C5")
    assert scene.melds == [["C1", "C1", "C1"]] and len(scene.hand) == 14 and scene.tile == "C5"
    tile_choice = next(w for w in scene.ui.widgets if getattr(w, "label", None) == "Winning tile")
    assert ("C5", "5 Characters") in tile_choice.choices          # named as players read it, not "C5"
    assert not palette(scene, "D9").enabled                 # the hand is full: no 15th tile
    scene.set_context(how="claimed", winner="W", thrower="E", flowers=3, double_dice=True)
    engine = evaluate(parse({"hand": scene.hand, "melds": [["C1", "C1", "C1"]], "winning_tile": "C5",
                             "how": "claimed", "winner": "W", "thrower": "E", "flowers": 3, "double_dice": True}))
    assert scene.result == engine and engine["total"] == 190
    assert [(p["payer"], p["cents"]) for p in scene.result["payments"]] == [("E", 380), ("S", 190), ("N", 190)]
    app.stack.draw(app.canvas)


def test_one_tile_short_lists_the_waits_and_a_secret_takes_all_four(app):
    scene = open_calc(app)
    add(scene, "B1 B2 B3 B4 B5 B6 B7 B8 B9 D2 D3 D4 C5")
    click(scene, button(scene, "Add a secret"))
    add(scene, "C1")
    assert scene.secrets == ["C1"] and scene.full() == 14
    assert scene.result["waits"] == ["C5"]
    assert not palette(scene, "C1").enabled                 # all four are in the secret
    app.stack.draw(app.canvas)


def test_refusals_and_readings_are_explained(app):
    scene = open_calc(app)
    add(scene, "B1 B1 B1 B1")
    assert not palette(scene, "B1").enabled                 # four copies used
    scene.clear()
    add(scene, "B1 B2 B3 B4 B5 B6 B7 B8 B9 D2 D3 D4 C5 C5 C1 C1 C1")
    scene.set_context(tile="C1", completed="back")          # C1 can't have finished the back
    assert not scene.result["winning"] and "1 Characters completing the back" in scene.result["summary"]
    scene.set_context(completed="set")
    assert scene.result["winning"]
    app.stack.draw(app.canvas)
    bad = compute({"hand": ["B1"], "melds": [], "secrets": [], "tile": "B1", "completed": None, "how": "claimed",
                   "winner": "E", "thrower": "E", "flowers": 0, "double_dice": False})
    assert "error" in bad                                   # the tool's message, shown as it is


def test_a_laid_out_set_that_cannot_be_one_is_said_at_once_in_words(app):
    # seen in a real window: set 2 held 1 Characters and 9 Dots; nothing was said until the hand was
    # full, then "melds[1] is not a run, three or four of a kind: C1 D9"
    from game.app.calculators.cuzzins import cannot_be_a_set
    scene = open_calc(app)
    click(scene, button(scene, "New laid-out set"))
    add(scene, "C1")
    assert "error" not in scene.result                      # one tile: a set in the making
    add(scene, "D9")
    err = scene.result["error"]
    assert err.startswith("Laid-out set 1 (1 Characters, 9 Dots) can't be a run or three or four of a kind")
    assert "melds[" not in err and "D9" not in err
    app.stack.draw(app.canvas)
    assert [cannot_be_a_set(m.split()) for m in ("C1 C1", "C1 C3", "B7 B8 B9", "D5 D5 D5 D5", "C1 C4",
                                                   "B2 C2", "C1 C1 C2", "D5 D5 D5 D5 D5")] == \
        [False, False, False, False, True, True, True, True]


def test_a_set_left_short_is_named_when_the_hand_is_full(app):
    scene = open_calc(app)
    click(scene, button(scene, "New laid-out set"))
    add(scene, "C1 C1")
    click(scene, button(scene, "hand"))
    add(scene, "B1 B2 B3 B4 B5 B6 B7 B8 B9 D2 D3 D4 C5 C5")
    assert scene.result["error"] == "Laid-out set 1 (1 Characters ×2) has 2 of its three tiles (four for a kong)."


def test_no_score_step_name_runs_into_its_reason(app):
    """Seen in a real window: "Run in the back's suit" was drawn over its reason "2-3-4 Dots"."""
    import pygame
    scene = open_calc(app)
    add(scene, "B1 B2 B3 B4 B5 B6 C1 C1 C1 C7 C8 C9 D2 D3 D4 D9 D9")
    steps = scene.result["steps"]
    assert any(s["name"] == "Run in the back's suit" for s in steps)
    drawn = []
    real = app.canvas.text

    def spy(text, *a, **k):
        rect = real(text, *a, **k)
        drawn.append((text, pygame.Rect(rect)))
        return rect

    app.canvas.text = spy
    try:
        scene.draw(app.canvas)
    finally:
        app.canvas.text = real
    rects = {}
    for text, rect in drawn:
        rects.setdefault(text, []).append(rect)
    for st in steps:
        name = rects[st["name"]][-1]
        for text, rect in drawn:
            if text and text in st["why"] and rect.top >= name.top - 2:
                assert not rect.colliderect(name), f"{st['name']!r} overlaps {text!r}"
