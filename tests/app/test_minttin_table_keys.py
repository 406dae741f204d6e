"""Mint Tin's Call and Mahjong! buttons name Enter, which presses them (session 14 QA: Draw said
"D" and Hint "H", but Call and Mahjong! named no key). Enter presses the gold button only while no
card or Tab-focused button has the keys, so only then does the gold button say so."""

from __future__ import annotations

from game.app.input import Intent
from game.core.match import Match
from game.rules.minttin.actions import Mahjong

from .test_minttin_table import open_table, solo_setup
from .test_minttin_table_gold import gold
from .test_minttin_table_issue11 import WIN, solo_state, table_at


def _call(app):
    st = solo_state(hand="S1 S2 S3 M5 M5 M6 M6 M6 SD SD FD F8 F8".split(), row=["F7"], pungs=[], phase="hold")
    st.hold = "F8"
    return table_at(app, Match(solo_setup()), st)


def test_call_names_enter_and_enter_presses_it(app):
    scene = _call(app)
    assert gold(scene) == ["Call"]
    assert scene.controls.button("Call").detail.endswith("· Enter")
    assert "Enter" not in scene.controls.button("Pass").detail
    n = len(scene.match.log)
    scene.handle(Intent("confirm"))
    assert len(scene.match.log) == n + 1 or scene.controls.chooser is not None


def test_mahjong_names_enter_and_enter_presses_it(app):
    scene = table_at(app, Match(solo_setup()), solo_state(hand=WIN, row=[], pungs=[]))
    assert gold(scene) == ["Mahjong!"]
    assert scene.controls.button("Mahjong!").detail == "Enter"
    n = len(scene.match.log)
    scene.handle(Intent("confirm"))
    assert scene.rules.decode_action(scene.match.log[n].action) == Mahjong()


def test_enter_is_not_named_while_the_cards_have_the_keys(app):
    scene = _call(app)
    scene.handle(Intent("left"))                       # the hand has the keys: Enter picks a card
    assert scene.inp.fan.keyboard
    assert "Enter" not in scene.controls.button("Call").detail
    scene.inp.after_action()
    assert scene.controls.button("Call").detail.endswith("· Enter")


def test_draw_names_both_its_keys(app):
    scene = open_table(app, solo_setup())
    assert scene.controls.button("Draw").detail.endswith("· D or Enter")
