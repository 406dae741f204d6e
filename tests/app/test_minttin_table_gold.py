"""Mint Tin's gold button follows the hint (seen: Call stayed gold while the hint said Pass)."""

from __future__ import annotations

from game.core.match import Match

from .test_minttin_table import solo_setup
from .test_minttin_table_issue11 import solo_state, table_at


def gold(scene) -> list[str]:
    scene.controls.refresh()
    return [w.label for w in scene.controls.ui.widgets if getattr(w, "primary", False)]


def test_the_gold_button_is_the_hints_pick_and_only_one_is_gold(app):
    from game.app.input import Intent
    from game.rules.minttin.actions import Pass
    st = solo_state(hand="S1 S2 S3 M5 M5 M6 M6 M6 SD SD FD F8 F8".split(), row=["F7"], pungs=[], phase="hold")
    st.hold = "F8"
    scene = table_at(app, Match(solo_setup()), st)
    labels = scene.controls.labels()
    assert "Call" in labels and "Pass" in labels
    assert gold(scene) == ["Call"]                     # no hint: the main choice is gold, alone
    scene.hint_open = True
    scene.show_hint(Pass())
    assert scene.controls.lit() == "Pass"
    assert gold(scene) == ["Pass"]                     # the hint says Pass: Pass is gold, Call is not
    n = len(scene.match.log)
    scene.handle(Intent("confirm"))                    # Enter presses the gold one
    assert len(scene.match.log) == n + 1 and scene.rules.decode_action(scene.match.log[-1].action) == Pass()
