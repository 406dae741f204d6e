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


def test_enter_twice_plays_the_hinted_discard_when_no_button_is_gold(app):
    # seen: after drawing, the hint said "Discard the Sword 3" and glowed the card, but Enter did
    # nothing at all (no gold button, the cards not yet on the keys)
    from game.app.input import Intent
    from game.rules.minttin.actions import Discard
    st = solo_state(hand="S1 S2 S3 M5 M5 M6 M6 M6 SD SD FD F8 F8 F9".split(), row=[], pungs=[])
    scene = table_at(app, Match(solo_setup()), st)
    assert any(isinstance(a, Discard) for a in scene.legal) and gold(scene) == []
    scene.hint_open = True
    scene.show_hint(Discard("F9"))
    n = len(scene.match.log)
    scene.handle(Intent("confirm"))                    # the hinted card is taken up ...
    assert [c.code for c in scene.board.hand if c.id in scene.inp.fan.selected] == ["F9"]
    assert len(scene.match.log) == n
    scene.handle(Intent("confirm"))                    # ... and Enter again plays it
    assert len(scene.match.log) == n + 1
    assert scene.rules.decode_action(scene.match.log[n].action) == Discard("F9")


def test_enter_with_no_gold_button_and_no_hint_only_shows_the_card_focus(app):
    from game.app.input import Intent
    st = solo_state(hand="S1 S2 S3 M5 M5 M6 M6 M6 SD SD FD F8 F8 F9".split(), row=[], pungs=[])
    scene = table_at(app, Match(solo_setup()), st)
    assert not scene.inp.fan.keyboard
    n = len(scene.match.log)
    scene.handle(Intent("confirm"))
    assert scene.inp.fan.keyboard and scene.inp.fan.selected == [] and len(scene.match.log) == n


def test_answering_a_pass_offer_has_a_gold_button_for_enter(app):
    # seen in hot seat: at "North offers to pass 0: answer how many..." no button was gold, so
    # Enter (which the curtain had just taught) did nothing at all
    from game.app.input import Intent
    from game.rules.minttin.actions import AnswerPass, OfferPass
    from .test_minttin_table import two_setup
    match = Match(two_setup(("human", "bot"), pass_cards=True))
    seat = match.to_act()[0]
    match.act(seat, next(a for a in match.legal(seat) if isinstance(a, OfferPass) and a.count == 0))
    answerer = match.to_act()[0]
    assert any(isinstance(a, AnswerPass) for a in match.legal(answerer))
    scene = table_at(app, match, match.state)
    assert scene.viewer == answerer
    assert gold(scene) == ["Answer 0"]
    n = len(scene.match.log)
    scene.handle(Intent("confirm"))
    assert len(scene.match.log) == n + 1
    assert scene.rules.decode_action(scene.match.log[n].action) == AnswerPass(0)


def overlaps(a, b) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def test_a_challenges_goal_panel_covers_nothing_of_the_solo_table():
    # seen: the top-centre goal panel lay over the opponent's third pung
    from game.app.tables import minttin_layout as LY
    from game.app.tables.minttin import MintTinTable
    lay = LY.Layout("solo")
    goal = MintTinTable.GOAL_RECT
    for r in (lay.exposures_rect(True), lay.exposures_rect(False), LY.DOUBLE_RECT, lay.hand_area(),
              lay.discards_rect(30), lay.deck_rect()):
        assert not overlaps(goal, r), r
    score_top = LY.SCORE_ME_Y - LY.CARD_H * LY.SCORE_SCALE / 2
    assert goal[1] + goal[3] < score_top and goal[0] + goal[2] < LY.HAND_CX


def test_after_a_move_enter_presses_the_gold_button_not_the_last_focused_card(app):
    # seen: arrows and Enter discarded a card; at the next "call it or pass" Enter picked a hand
    # card again (the hand still had the keys) while the gold Call button waited
    from game.app.input import Intent
    st = solo_state(hand="S1 S2 S3 M5 M5 M6 M6 M6 SD SD FD F8 F8".split(), row=["F7"], pungs=[], phase="hold")
    st.hold = "F8"
    scene = table_at(app, Match(solo_setup()), st)
    scene.handle(Intent("left"))
    scene.handle(Intent("left"))                       # the hand has the keys now
    assert scene.inp.fan.keyboard
    scene.inp.after_action()                           # what every shown move does
    assert not scene.inp.fan.keyboard
    n = len(scene.match.log)
    scene.handle(Intent("confirm"))
    assert len(scene.match.log) == n + 1 or scene.controls.chooser is not None    # Call pressed


def test_the_swap_preview_of_a_quint_keeps_its_rows_apart_and_inside(app):
    # seen: for a quint the "block now" and "after the swap" rows ran into each other over the arrow
    from game.app.tables.minttin_input import SwapPreview
    from game.rules.minttin.actions import SwapForJoker
    st = solo_state(hand="M5 S1 S2 S3 F7 F7 F7 SD SD SD S1 S2 F8 F9".split(), row=[],
                    pungs=[["M5", "M5", "M5", "M5", "J"]])
    scene = table_at(app, Match(solo_setup()), st)
    assert SwapForJoker(1, 0) in scene.legal
    preview = SwapPreview(scene, SwapForJoker(1, 0), lambda: None)
    drawn = []
    real = app.canvas.piece
    app.canvas.piece = lambda frame, rect, *a, **k: drawn.append(tuple(rect))
    try:
        preview.draw(app.canvas)
    finally:
        app.canvas.piece = real
    assert len(drawn) == 11                              # 5 now, 5 after, the joker taken
    x, y, w, h = preview.rect
    for i, r in enumerate(drawn):
        assert x + 10 <= r[0] and r[0] + r[2] <= x + w - 10
        for q in drawn[i + 1:]:
            assert r[0] + r[2] <= q[0] or q[0] + q[2] <= r[0]     # side by side, none over another
