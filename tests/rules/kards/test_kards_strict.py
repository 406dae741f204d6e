"""The Strict table (KRD-29): free declarations, checked afterwards, with the penalties."""

from fractions import Fraction as F

from game.core.protocol import CHANCE
from game.rules.kards import RULES
from game.rules.kards.actions import Kong, MahJongg, MahJonggBy, Pass, Pung, Standing

from .kards_helpers import act, dealt, discard, piece

DEALER = "WE B1 C1 D1 B9 C9 D9 WW WN DR DG DW C5 D5"
S1 = "C7 C8 D7 D8 WS WS WN DR DG DW B6 C6 D6"
PAIR_WAIT = "B1 B2 B3 C1 C2 C3 D1 D2 D3 B7 B8 B9 WE"
PUNG_WAIT = "C4 C5 C6 D4 D5 D6 B4 B5 B6 WE WE D9 D9"
STRICT = {"strict": True}


def test_KRD_29_the_assisted_table_offers_no_false_declaration():
    st = discard(dealt([DEALER, S1, PAIR_WAIT, PUNG_WAIT]), 0, "WE")
    assert RULES.legal_actions(st, 1) == [Pass()]
    assert MahJongg() not in RULES.legal_actions(dealt([DEALER, S1, PAIR_WAIT, PUNG_WAIT]), 0)


def test_KRD_29_a_false_mahjongg_costs_300_and_the_round_is_played_again():
    st = dealt([DEALER, S1, PAIR_WAIT, PUNG_WAIT], options=STRICT)
    assert MahJongg() in RULES.legal_actions(st, 0)
    events = []
    st = act(st, 0, MahJongg(), events)
    assert st.scores == [-300, 0, 0, 0] and st.east == 0 and st.hand_no == 2
    assert st.phase == "side_roll" and RULES.to_act(st) == (CHANCE,)
    end = next(e for e in events if e.kind == "round_end")
    assert end.data["winner"] is None and end.data["transfers"][0]["amount"] == "-300"
    assert end.data["lines"][0]["name"] == "A false Mah-Jongg"      # (it read "A false mah-jongg")


def test_KRD_29_a_false_standing_hand_costs_300():
    st = dealt([DEALER, S1, PAIR_WAIT, PUNG_WAIT], options=STRICT)
    st = act(st, 0, Standing(piece(st, 0, "DR"), "B5"))
    assert st.scores[0] == -300 and st.hand_no == 2


def test_KRD_29_a_false_group_costs_2_and_the_card_is_out():
    st = discard(dealt([DEALER, S1, PAIR_WAIT, PUNG_WAIT], options=STRICT), 0, "WE")
    assert {MahJongg(), Kong(), Pung()} <= set(RULES.legal_actions(st, 1))
    events = []
    for seat, a in ((1, Pung()), (2, Pass()), (3, Pass())):
        st = act(st, seat, a, events)
    assert st.scores == [0, -2, 0, 0] and st.river[0] == ["WE#1"] and st.melds[1] == []
    assert st.turn == 1 and len(st.hands[1]) == 14 and not st.claimed_turn       # seat 1 draws as usual
    assert RULES.result(st) is None
    penalty = next(e for e in events if e.kind == "penalty")
    assert penalty.visible_to is None and penalty.data["points"] == -2


def test_KRD_29_a_true_claim_on_the_strict_table_plays_as_usual():
    st = discard(dealt([DEALER, S1, PAIR_WAIT, PUNG_WAIT], options=STRICT), 0, "WE")
    for seat, a in ((1, Pass()), (2, MahJongg()), (3, Pass())):
        st = act(st, seat, a)
    assert st.winner == 2 and st.scores == [F(0)] * 4


def _claims(st, answers, events=None):
    for seat, a in answers:
        st = act(st, seat, a, events)
    return st


def test_KRD_29_a_wrong_kind_of_mahjongg_costs_20_and_the_card_is_offered_again_for_mahjongg_only():
    st = discard(dealt([DEALER, S1, PAIR_WAIT, PUNG_WAIT], options=STRICT), 0, "WE")
    assert {MahJonggBy("pair"), MahJonggBy("pung"), MahJonggBy("chow"), MahJonggBy("special")} <= \
        set(RULES.legal_actions(st, 2))
    events = []
    # West's WE finishes its pair but it says pung, which outranks North's (modest) pair claim (KRD-4)
    st = _claims(st, ((1, Pass()), (2, MahJonggBy("pung")), (3, MahJonggBy("pair"))), events)
    assert st.scores == [0, 0, -20, 0] and st.winner is None
    assert st.phase == "claim" and st.discard == "WE#1" and st.mj_only
    assert RULES.to_act(st) == (1, 3)                      # the caller who named it wrong is not asked again
    assert Pung() not in RULES.legal_actions(st, 3) and MahJonggBy("pung") in RULES.legal_actions(st, 3)
    said = next(e for e in events if e.kind == "claim_resolved")
    assert "wrong kind" in said.data["why"] and said.data["taker"] is None
    st = _claims(st, ((1, Pass()), (3, MahJonggBy("pung"))))
    assert st.winner == 3 and st.scores[2] == -20


def test_KRD_29_an_unclaimed_mahjongg_discard_is_out_and_play_goes_on():
    st = discard(dealt([DEALER, S1, PAIR_WAIT, PUNG_WAIT], options=STRICT), 0, "WE")
    st = _claims(st, ((1, Pass()), (2, MahJonggBy("chow")), (3, Pass())))
    assert st.mj_only and st.scores[2] == -20
    st = _claims(st, ((1, Pass()), (3, Pass())))
    assert st.phase == "turn" and st.turn == 1 and st.river[0] == ["WE#1"] and not st.mj_only


def test_KRD_4_on_the_strict_table_a_rightly_named_kind_wins_as_usual():
    st = discard(dealt([DEALER, S1, PAIR_WAIT, PUNG_WAIT], options=STRICT), 0, "WE")
    st = _claims(st, ((1, Pass()), (2, MahJonggBy("pair")), (3, MahJonggBy("pung"))))
    assert st.winner == 3 and st.scores == [F(0)] * 4          # the pung outranks the pair (KRD-4)


def test_KRD_29_naming_a_kind_on_a_hand_that_is_not_mahjongg_is_a_false_mahjongg():
    st = discard(dealt([DEALER, S1, PAIR_WAIT, PUNG_WAIT], options=STRICT), 0, "WE")
    st = _claims(st, ((1, MahJonggBy("pung")), (2, Pass()), (3, Pass())))
    assert st.scores == [0, -300, 0, 0] and st.hand_no == 2
