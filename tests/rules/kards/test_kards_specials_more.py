"""The appendix's specials that are not shapes (Earth and Celestial Blessing, Buried Treasure,
Golden Coin): each once as it is and once narrowly not; KRD-28; every special has its pair of tests."""

from game.rules.kards import flow
from game.rules.kards.actions import MahJongg, Pass
from game.rules.kards.scoring import WinContext, best_win, score_holding
from game.rules.kards.specials import SPECIALS

from .kards_helpers import act, all_pass, cnt, dealt, discard, meld
from .test_kards_scoring import SPECIAL_CASES

E, S, W, N = 27, 28, 29, 30
DEALER = "WE B1 C1 D1 B9 C9 D9 WW WN DR DG DW C5 D5"
S1 = "C7 C8 D7 D8 WS WS WN DR DG DW B6 C6 D6"
C5_WAIT = "B1 B2 B3 C1 C2 C3 D1 D2 D3 B7 B8 B9 C5"          # waits for C5 as its pair
PUNG_WAIT = "C4 C5 C6 D4 D5 D6 B4 B5 B6 WE WE D9 D9"


def names(reading):
    return {n for n, _, _ in reading.lines}


def test_earth_blessing_is_a_win_on_the_dealers_first_discard():
    st = act(act(act(discard(dealt([DEALER, S1, C5_WAIT, PUNG_WAIT]), 0, "C5"), 1, Pass()), 2, MahJongg()), 3, Pass())
    assert st.winner == 2 and st.win["ctx"].earth


def test_earth_blessing_narrowly_is_not_a_win_on_the_second_discard():
    st = all_pass(discard(dealt([DEALER, S1, C5_WAIT, PUNG_WAIT], wall=["C5"]), 0, "DR"))
    assert st.turn == 1 and st.drawn.startswith("C5")
    st = discard(st, 1, "C5")
    st = act(act(st, 2, MahJongg()), 3, Pass())
    st = act(st, 0, Pass())
    assert st.winner == 2 and not st.win["ctx"].earth


def test_celestial_blessing_narrowly_is_not_when_a_claim_came_first():
    s1 = "B1 B2 B3 C1 C2 C3 D1 D2 D3 B7 B8 B9 WS"
    st = all_pass(discard(dealt([DEALER, s1, PUNG_WAIT.replace("WE", "WN"), C5_WAIT], wall=["WS"]), 0, "DR"))
    assert flow.context(st, 1, st.drawn, False).celestial          # as it is: Celestial Blessing
    claimed = st.copy()
    claimed.claims_made = 1                                        # the same draw after a claim
    assert not flow.context(claimed, 1, claimed.drawn, False).celestial
    r = best_win(cnt(" ".join(p.split("#")[0] for p in claimed.hands[1])), [], [],
                 flow.context(claimed, 1, claimed.drawn, False))
    assert r.special is None


def test_buried_treasure_is_added_and_narrowly_is_not_without_the_honour_pair():
    r = best_win(cnt("D1 D2 D3 D4 D5 D6 D7 D8 D9 DW DW DW WN WN"), [], [], WinContext(S, E, winning=33))
    assert "Buried Treasure" in names(r)
    r = best_win(cnt("D1 D2 D3 D4 D5 D6 D7 D8 D9 DW DW DW B5 B5"), [], [], WinContext(S, E, winning=33))
    assert r is not None and "Buried Treasure" not in names(r)


def test_golden_coin_is_a_concealed_pung_of_5_dots_and_narrowly_is_not_when_melded():
    hand = cnt("B2 B3 B4 C3 C4 C5 B6 B7 B8 C9 C9")
    r = best_win(hand + (), [meld("kong", "D5", True)], [], WinContext(S, E, winning=17))
    assert "Golden Coin" in names(r)
    r = best_win(hand, [meld("pung", "D5")], [], WinContext(S, E, winning=17))
    assert "Golden Coin" not in names(r)
    # won by claiming the third 5 Dots: that pung is melded, so no coin either
    r = best_win(cnt("D5 D5 D5 B2 B3 B4 C3 C4 C5 B6 B7 B8 C9 C9"), [], [], WinContext(S, E, winning=22,
                                                                                     by_discard=True))
    assert "Golden Coin" not in names(r)


def test_KRD_28_the_printed_order_of_the_winds_changes_nothing():
    west = score_holding(cnt("WW WW WW B2 B3 B4 C7 C8 D1 D5"), [], [], N, E)
    south = score_holding(cnt("WS WS WS B2 B3 B4 C7 C8 D1 D5"), [], [], N, E)
    assert west.total == south.total == 9                       # the same pung, whichever wind


def test_every_special_of_the_appendix_has_an_is_and_a_narrowly_is_not_test():
    covered = {k for k, _, _ in SPECIAL_CASES} | {"crazy_monkey", "earth_blessing", "celestial_blessing",
                                                  "buried_treasure", "golden_coin"}
    assert covered == {s.key for s in SPECIALS}
