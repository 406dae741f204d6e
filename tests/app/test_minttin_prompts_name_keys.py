"""Mint Tin's prompts name the keys as well as the mouse. Seen: "Choose 3 cards to pass (click them;
no jokers)" though ← → and Enter pick the cards and Tab, Enter presses Pass; the tests press exactly
the keys the prompt names."""

from __future__ import annotations

from game.app import theme
from game.app.input import Intent
from game.core.match import Match
from game.rules.minttin.actions import AnswerPass, Discard, GiveCards, OfferPass

from .test_minttin_table import two_setup
from .test_minttin_table_issue11 import solo_state, table_at
from .test_minttin_table import solo_setup


def _at_the_pass(app, count=3):
    match = Match(two_setup(("human", "bot"), pass_cards=True))
    seat = match.to_act()[0]
    match.act(seat, next(a for a in match.legal(seat) if isinstance(a, OfferPass) and a.count == count))
    other = match.to_act()[0]
    match.act(other, next(a for a in match.legal(other) if isinstance(a, AnswerPass) and a.count == count))
    scene = table_at(app, match, match.state)
    assert scene.view.phase == "pass_give" and scene.viewer == 0
    return scene


def test_the_pass_prompt_names_the_keys_and_they_pass_the_cards(app):
    scene = _at_the_pass(app)
    text = scene.drawer.status_text()
    assert "click them" in text and "← → and Enter" in text and "(Tab, Enter)" in text
    assert app.canvas.measure(text, theme.BODY)[0] <= 980            # the status line's room: said whole
    n = len(scene.match.log)
    keys = ["right", "confirm"] + ["right", "confirm"] * 2 + ["focus_next", "confirm"]   # the first → shows the focus
    for k in keys:
        scene.handle(Intent(k))
        app.stack.apply()
    assert any(isinstance(scene.rules.decode_action(m.action), GiveCards) for m in scene.match.log[n:])


def test_the_discard_toast_names_the_keys(app):
    st = solo_state(hand="S1 S2 S3 M5 M5 M6 M6 M6 SD SD FD F8 F8 F9".split(), row=[], pungs=[])
    scene = table_at(app, Match(solo_setup()), st)
    said = []
    scene.toast = lambda text, *a, **k: said.append(text)
    scene.controls.discard_selected()                      # nothing selected
    assert said and "click it" in said[0] and "← → to it and Enter" in said[0]
    n = len(scene.match.log)
    for k in ("right", "confirm", "confirm"):             # ← → to it and Enter (twice plays it)
        scene.handle(Intent(k))
    assert isinstance(scene.rules.decode_action(scene.match.log[n].action), Discard)


def test_the_calculators_prompts_name_the_keys_and_they_add_and_take_out(app):
    from .test_minttin_table_calculator import open_calc
    from .test_minttin_table_issue11 import texts_drawn
    scene = open_calc(app)
    said = texts_drawn(app)
    assert any(t.startswith("Click a card (or arrows, Enter) to add it") for t in said)
    for k in ("right", "right", "confirm", "confirm"):          # arrows to the 2, Enter twice
        scene.handle(Intent(k))
    assert list(scene.hand) == ["S2", "S2"]
    assert any("click one (or arrows, Enter) to take it out" in t for t in texts_drawn(app))
    for k in ("down", "confirm"):
        scene.handle(Intent(k))
    assert list(scene.hand) == ["S2"]
