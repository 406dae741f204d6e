"""Solo: the virtual opponent step by step from a fixed deck, the hold-spot decision, the views."""

from __future__ import annotations

import pytest

from game.core.protocol import IllegalAction
from game.rules.minttin import RULES
from game.rules.minttin.actions import Call, Discard, Double, Draw, Pass, SwapJokerFor
from mtm_support import check_census, kinds, solo

HAND = "S1 S1 S2 S2 S3 S3 M4 M4 M5 M5 F7 F7"
DECK = "M6 F8 F8 S1 S2 F8 F9 M4 SD"


def test_automaton_step_by_step_from_a_fixed_deck():
    st = solo(HAND, DECK)
    check_census(st)
    v = RULES.view(st, 0)
    assert (v.deck_count, v.dead_count, v.joker_spot, v.hold) == (24, 12, 1, None)
    assert v.hand.count("J") == 1 and len(v.hand) == 13 and RULES.to_act(st) == (0,)

    # 1. you draw M6 and discard it; the opponent draws F8 to the hold spot; you cannot call it,
    #    so it goes to the row; no exposure (nothing matches yet).
    st, ev = RULES.apply(st, 0, Draw())
    assert kinds(ev) == ["draw"] and ev[0].data["card"] == "M6"
    st, ev = RULES.apply(st, 0, Discard("M6"))
    assert kinds(ev) == ["discard", "opp_draw", "hold_to_row"]
    assert ev[1].data["card"] == "F8" and st.discards == ["M6", "F8"] and st.phase == "start"
    check_census(st)

    # 2. you draw F8 and discard it: with the joker on the spot the row's F8 makes [F8 F8 J];
    #    the opponent skips its draw (MTM-8) and you draw again.
    st, ev = RULES.apply(st, 0, Draw())
    st, ev = RULES.apply(st, 0, Discard("F8"))
    assert kinds(ev) == ["discard", "opp_expose"]
    assert ev[1].data["cards"] == ("F8", "F8", "J") and st.spot == 0 and st.discards == ["M6"]
    assert len(st.deck) == 24 - 3
    check_census(st)

    # 3. you draw S1 and discard M4; the opponent draws S2 and you may call it with your two S2.
    st, ev = RULES.apply(st, 0, Draw())
    st, ev = RULES.apply(st, 0, Discard("M4"))
    assert kinds(ev) == ["discard", "opp_draw"] and st.phase == "hold" and st.hold == "S2"
    assert RULES.view(st, 0).callable_card == "S2"
    legal = RULES.legal_actions(st, 0)
    assert Pass() in legal
    assert Call(("S2", "S2")) in legal and Call(("S2", "S2", "J")) in legal and Call(("S2",)) not in legal
    st, ev = RULES.apply(st, 0, Call(("S2", "S2")))
    assert kinds(ev) == ["call"] and st.exposures[0] == [["S2", "S2", "S2"]] and st.phase == "main"
    # ... then you discard M5: the row has no second M5, and with no joker on the spot nothing happens;
    # the opponent draws F8, which replaces the joker in its own exposure; no pair in the row.
    st, ev = RULES.apply(st, 0, Discard("M5"))
    assert kinds(ev) == ["discard", "opp_draw", "opp_swap"]
    assert st.exposures[1] == [["F8", "F8", "F8"]] and st.spot == 1
    assert ev[2].data == {"card": "F8", "owner": 1, "block": 0, "cards": ("F8", "F8", "F8"), "joker_spot": 1}
    assert st.phase == "start"
    check_census(st)

    # 4. you draw F9 and discard it; the opponent draws M4; you could call it with M4 + joker, but
    #    pass: it goes to the row, matches the M4 there, and the spot joker makes [M4 M4 J].
    st, ev = RULES.apply(st, 0, Draw())
    st, ev = RULES.apply(st, 0, Discard("F9"))
    assert st.phase == "hold" and st.hold == "M4" and Call(("M4", "J")) in RULES.legal_actions(st, 0)
    st, ev = RULES.apply(st, 0, Pass())
    assert kinds(ev) == ["pass", "hold_to_row", "opp_expose"]
    assert st.exposures[1] == [["F8", "F8", "F8"], ["M4", "M4", "J"]] and st.spot == 0
    assert st.discards == ["M6", "M5", "F9"]
    v = RULES.view(st, 0)
    assert v.exposures[1] == (("F8", "F8", "F8"), ("M4", "M4", "J")) and v.joker_spot == 0
    check_census(st)


def test_hold_prompt_skipped_when_you_cannot_call_unless_the_setting_is_off():
    st = solo(HAND, DECK, auto_pass=False)
    st, _ = RULES.apply(st, 0, Draw())
    st, ev = RULES.apply(st, 0, Discard("M6"))
    assert st.phase == "hold" and RULES.legal_actions(st, 0) == [Pass()]
    st, ev = RULES.apply(st, 0, Pass())
    assert kinds(ev) == ["pass", "hold_to_row"]


def test_hold_phase_errors():
    st = solo(HAND, DECK)
    for _ in range(2):
        st, _ = RULES.apply(st, 0, Draw())
        st, _ = RULES.apply(st, 0, Discard(st.last_drawn[0]))
    st, _ = RULES.apply(st, 0, Draw())
    st, _ = RULES.apply(st, 0, Discard("M4"))
    assert st.phase == "hold"
    with pytest.raises(IllegalAction, match="hold spot"):
        RULES.apply(st, 0, Draw())
    with pytest.raises(IllegalAction, match="only to complete Mahjong"):
        RULES.apply(st, 0, Call(("S2",)))
    with pytest.raises(IllegalAction, match="only give a matching card for an exposed joker"):
        RULES.apply(st, 0, SwapJokerFor(1, 0))


def test_solo_views_hide_the_dead_hand_and_the_deck():
    st = solo(HAND, DECK)
    v = RULES.view(st, 0)
    assert v.dead_count == 12 and v.deck_count == 24
    # no field of the view holds a list as long as the dead hand or the deck
    for name, value in vars(v).items():
        if isinstance(value, tuple) and name != "options":
            assert len(value) < 12 or name == "hand", name
    spectator = RULES.view(st, None)
    assert spectator.hand == () and spectator.hand_counts == (13, 0)
    with pytest.raises(ValueError):
        RULES.view(st, 1)


def test_solo_double_needs_the_opponent_pungs_reason():
    st = solo(HAND, DECK)
    st, _ = RULES.apply(st, 0, Draw())
    with pytest.raises(IllegalAction):
        RULES.apply(st, 0, Double())


def test_solo_game_to_target_the_opponent_can_win_the_game():
    from mtm_support import scene
    pungs = ["S1 S1 S1", "S2 S2 S2", "S3 S3 S3", "M4 M4 M4"]
    st = scene({"mode": "solo"}, hands=["S1 S2 S3 M4 M5 M5 M6 M6 F7 F7 SD MD F9 F9", ""], phase="main",
               exposures=[[], pungs], spot=1, discards="F8", deck="F8 S3", scores=[3, 6])
    st, ev = RULES.apply(st, 0, Discard("F9"))
    assert st.over and st.scores == [3, 7] and st.winners == ()
    res = RULES.result(st)
    assert res.totals == (3, 7) and res.winners == () and "The opponent" in res.summary
