"""The Mint Tin table, QA round s7: number keys in the call chooser, the challenge said on the round results."""

from game.app.input import Intent
from game.core.match import Match
from game.rules.minttin import RULES

from .test_minttin_table import press_button, solo_setup
from .test_minttin_table_issue11 import solo_state, table_at


def hold_table(app):
    """You may call the held Fire 8 in several ways (pung, pung with a joker, kong...)."""
    st = solo_state(hand="S1 S2 S3 M5 M5 M6 M6 M6 SD J FD F8 F8".split(), row=["F7"], pungs=[], phase="hold")
    st.hold = "F8"
    return table_at(app, Match(solo_setup()), st)


def test_number_keys_pick_a_call_in_the_chooser_as_the_buttons_numbers_say(app):
    scene = hold_table(app)
    press_button(scene, "Call")
    chooser = scene.controls.chooser
    assert chooser is not None and len(chooser.options) >= 2
    second = chooser.options[1].value
    assert [w.number for w in chooser.ui.widgets[:2]] == [1, 2]
    n = len(scene.match.log)
    scene.handle(Intent("char", char="2"))
    assert scene.controls.chooser is None
    assert len(scene.match.log) == n + 1
    assert scene.match.log[-1].action == RULES.encode_action(second)
