"""The Mint Tin scoring calculator screen gives the engine calculator's answer."""

from game.app.calculators import calculator_scene_for
from game.app.calculators.minttin import CardButton, MintCalculator
from game.app.input import Intent
from game.rules.minttin.calculator import evaluate, parse


def open_calc(app):
    app.open("calculator:minttin")
    app.stack.apply()
    scene = app.stack.top
    assert isinstance(scene, MintCalculator)
    return scene


def click(scene, widget):
    assert scene.handle(Intent("select", widget.rect.center))


def palette(scene, code):
    return next(w for w in scene.ui.widgets if isinstance(w, CardButton) and w.label == f"add {code}")


def add(scene, codes):
    for code in codes.split():
        click(scene, palette(scene, code))


def button(scene, label):
    return next(w for w in scene.ui.widgets if getattr(w, "label", None) == label)


def test_registered():
    assert calculator_scene_for("minttin") is MintCalculator


def test_sample_hand_matches_the_engine_calculator(app):
    scene = open_calc(app)
    add(scene, "S1 S1 S1 S2 S2 S2 S3 S3 S3 S3 SD SD")
    click(scene, button(scene, "New exposure"))
    add(scene, "M4 M4")
    assert scene.count() == 14 and scene.exposures == [["M4", "M4"]]
    assert not palette(scene, "J").enabled                 # a hand has 14 cards: the palette waits
    engine = evaluate(parse({"hand": scene.hand, "exposures": scene.exposures, "discarded_jokers": 0,
                             "called": False, "consecutive": "strict"}))
    assert scene.result == engine
    # context: a discarded joker and a called winning card change the engine's answer the same way
    scene.set_context(discarded_jokers=1, called=True)
    engine = evaluate(parse({"hand": scene.hand, "exposures": scene.exposures, "discarded_jokers": 1,
                             "called": True, "consecutive": "strict"}))
    assert scene.result == engine
    app.stack.draw(app.canvas)


def test_winning_hand_itemised_and_thirteen_cards_list_the_waits(app):
    scene = open_calc(app)
    add(scene, "S1 S1 S1 S2 S2 S2 S3 S3 S3 SD SD")
    click(scene, button(scene, "New exposure"))
    add(scene, "M4 M4 J")
    scene.set_context(called=True)
    r = scene.result
    assert r["winning"] and r["points"] == 1 and [l["name"] for l in r["lines"]] == ["Concealed"]
    app.stack.draw(app.canvas)
    # take a card out of the hand: 13 cards -> the waits, as the engine lists them
    first = next(w for w in scene.ui.widgets if isinstance(w, CardButton) and w.label.startswith("hand 0"))
    click(scene, first)
    assert scene.count() == 13
    engine = evaluate(parse({"hand": scene.hand, "exposures": scene.exposures, "called": False}))
    assert scene.result["waits"] == engine["waits"] and engine["waits"]
    app.stack.draw(app.canvas)


def test_refusals_and_errors_are_explained(app):
    scene = open_calc(app)
    add(scene, "J J J J")
    assert not palette(scene, "J").enabled                 # all four jokers used
    add(scene, "S1 S1 S1 S1 S2 S2 S2 S2 F7 F7")
    assert scene.count() == 14
    assert "error" not in scene.result and not scene.result["valid"] and scene.result["reason"]
    scene.clear()
    add(scene, "S1 S1")
    scene.set_context(called=True)
    add(scene, "S2 S2 S2 S3 S3 S3 SD SD SD M4 M4 M4")
    assert "error" in scene.result                          # called, but no exposure to hold the call
    app.stack.draw(app.canvas)
