"""Turns and the sealed claim window: KRD-1 … KRD-4, KRD-22, KRD-23, KRD-30, dead discards."""

from game.core.match import Match
from game.core.protocol import CHANCE
from game.rules.kards import RULES
from game.rules.kards.actions import (Chow, ConcealedKong, Discard, Expand, Kong, MahJongg, Pass, Pung,
                                      Standing)

from .kards_helpers import act, all_pass, dealt, discard, discard_drawn_round, piece, setup

# Seat 0 deals and discards WE first; seat 2 waits for WE as a pair, seat 3 as a pung (or D9).
DEALER = "WE B1 C1 D1 B9 C9 D9 WW WN DR DG DW C5 D5"
S1 = "C7 C8 D7 D8 WS WS WN DR DG DW B6 C6 D6"
PAIR_WAIT = "B1 B2 B3 C1 C2 C3 D1 D2 D3 B7 B8 B9 WE"
PUNG_WAIT = "C4 C5 C6 D4 D5 D6 B4 B5 B6 WE WE D9 D9"
PAIR_WAIT_TOO = "C4 C5 C6 D4 D5 D6 B4 B5 B6 C7 C8 C9 WE"


def _answers(st, answers, events=None):
    for seat, a in answers.items():
        st = act(st, seat, a, events)
    return st


def test_KRD_1_the_claim_window_asks_every_other_seat_sealed_with_a_timer_and_pass_by_default():
    st = dealt([DEALER, S1, PAIR_WAIT, PUNG_WAIT])
    st = discard(st, 0, "WE")
    p = RULES.prompt(st)
    assert p.kind == "claim" and p.sealed and p.seats == (1, 2, 3)
    assert p.timeout == 20 and dict(p.on_timeout) == {1: Pass(), 2: Pass(), 3: Pass()}
    assert RULES.legal_actions(st, 1) == [Pass()]              # a pass-only seat is asked too
    st0 = dealt([DEALER, S1, PAIR_WAIT, PUNG_WAIT], options={"claim_seconds": None})
    assert RULES.prompt(discard(st0, 0, "WE")).timeout is None   # 0 = no timer


def test_KRD_1_answers_are_private_and_one_public_event_says_who_took_the_discard():
    st = discard(dealt([DEALER, S1, PAIR_WAIT, PUNG_WAIT]), 0, "WE")
    events = []
    st = act(st, 3, Pung(), events)
    assert events[0].visible_to == frozenset({3}) and events[0].for_seat(1) is None
    assert RULES.view(st, 1).my_answer is None and RULES.view(st, 3).my_answer is not None
    st = _answers(st, {1: Pass(), 2: Pass()}, events)
    resolved = [e for e in events if e.kind == "claim_resolved"]
    assert len(resolved) == 1 and resolved[0].visible_to is None
    assert resolved[0].data["taker"] == 3 and resolved[0].data["claim"] == "pung"
    assert st.turn == 3 and st.claimed_turn and st.melds[3][0].shape == "pung"
    assert not any(isinstance(a, (MahJongg, ConcealedKong, Expand)) for a in RULES.legal_actions(st, 3))


def test_KRD_1_when_the_timer_runs_out_the_silent_seats_pass():
    m = Match(setup({"east": 0, "hands": [DEALER.split(), S1.split(), PAIR_WAIT.split(), PUNG_WAIT.split()]}), RULES)
    m.act(0, Discard(piece(m.state, 0, "WE")))
    m.act(3, Pung())
    m.tick(19)
    assert m.state.phase == "claim"
    m.tick(2)
    assert m.state.turn == 3 and m.state.melds[3][0].shape == "pung"


def test_KRD_4_a_mahjongg_that_completes_a_pung_beats_one_that_completes_a_pair():
    st = discard(dealt([DEALER, S1, PAIR_WAIT, PUNG_WAIT]), 0, "WE")
    assert MahJongg() in RULES.legal_actions(st, 2)
    assert {MahJongg(), Pung(), Pass()} <= set(RULES.legal_actions(st, 3))
    st = _answers(st, {1: Pass(), 2: MahJongg(), 3: MahJongg()})
    assert st.winner == 3                          # farther from the discarder, but a pung outranks a pair


def test_KRD_3_equal_claims_go_to_the_nearest_seat_after_the_discarder():
    st = discard(dealt([DEALER, S1, PAIR_WAIT, PAIR_WAIT_TOO]), 0, "WE")
    st = _answers(st, {3: MahJongg(), 1: Pass(), 2: MahJongg()})
    assert st.winner == 2


def test_mahjongg_beats_a_pung_and_a_pung_beats_a_chow():
    st = discard(dealt([DEALER, S1, PAIR_WAIT, PUNG_WAIT]), 0, "WE")
    st1 = _answers(st, {1: Pass(), 2: MahJongg(), 3: Pung()})
    assert st1.winner == 2
    # seat 1 could chow a 5 Dots; seat 3 holds a pair of them
    dealer = "D5 B1 C1 D1 B9 C9 D9 WW WN DR DG DW C5 WE"
    s1 = "D3 D4 C7 C8 WS WS WN DR DG DW B6 C6 B2"
    s3 = "C4 C5 C6 D5 D5 D6 B4 B5 B6 WE WE D9 B3"
    st = discard(dealt([dealer, s1, PAIR_WAIT, s3]), 0, "D5")
    assert Chow("D3") in RULES.legal_actions(st, 1) and Pung() in RULES.legal_actions(st, 3)
    st = _answers(st, {1: Chow("D3"), 2: Pass(), 3: Pung()})
    assert st.turn == 3 and st.melds[3][0].shape == "pung" and st.melds[1] == []


def test_KRD_2_only_the_next_player_may_chow():
    dealer = "D5 B1 C1 D1 B9 C9 D9 WW WN DR DG DW C5 WE"
    s1 = "D3 D4 C7 C8 WS WS WN DR DG DW B6 C6 B2"
    s2 = "D3 D4 D6 C2 C3 C4 B7 B8 B9 WE WS WW DR"
    st = discard(dealt([dealer, s1, s2, PUNG_WAIT.replace("D5", "B7")]), 0, "D5")
    assert Chow("D3") in RULES.legal_actions(st, 1)
    assert not any(isinstance(a, Chow) for a in RULES.legal_actions(st, 2))
    st = _answers(st, {1: Chow("D3"), 2: Pass(), 3: Pass()})
    assert st.turn == 1 and [p[:2] for p in st.melds[1][0].pieces] == ["D3", "D4", "D5"]
    assert st.melds[1][0].claimed_from == 0


def test_KRD_30_any_seat_may_win_on_a_discard_it_needs_for_a_chow_unless_the_setting_is_off():
    dealer = "B5 B1 C1 D1 B9 C9 D9 WW WN DR DG DW C5 WE"
    s3 = "B4 B6 C1 C2 C3 D1 D2 D3 C7 C8 C9 WE WE"
    hands = [dealer, S1, PAIR_WAIT.replace("WE", "WS"), s3]
    st = discard(dealt(hands), 0, "B5")
    assert MahJongg() in RULES.legal_actions(st, 3)
    st = discard(dealt(hands, options={"mahjong_any_seat": False}), 0, "B5")
    assert MahJongg() not in RULES.legal_actions(st, 3)


def test_an_unclaimed_discard_is_out_of_the_round_and_the_next_player_draws():
    st = dealt([DEALER, S1, PAIR_WAIT, PUNG_WAIT], wall=["C2"])
    st = all_pass(discard(st, 0, "DR"))
    assert st.river[0] == ["DR#1"] and st.turn == 1 and st.drawn == "C2#2"
    assert len(st.hands[1]) == 14 and st.discard is None


def test_KRD_22_a_standing_hand_is_shown_locked_and_wins_only_on_its_card():
    dealer = "B1 B2 B3 C1 C2 C3 D1 D2 D3 B7 B8 B9 WE DR"
    hands = [dealer, S1, PUNG_WAIT.replace("WE", "WN"), "C4 C5 C6 D4 D5 D6 B4 B5 B6 C7 C8 C9 WS"]
    st = dealt(hands, wall=["C5", "D6", "B4", "D7", "WE"])
    legal = RULES.legal_actions(st, 0)
    assert Standing(piece(st, 0, "DR"), "WE") in legal
    assert Standing(piece(st, 0, "DR"), "B5") not in legal
    events = []
    st = act(st, 0, Standing(piece(st, 0, "DR"), "WE"), events)
    shown = next(e for e in events if e.kind == "standing")
    assert shown.visible_to is None and len(shown.data["hand"]) == 13
    assert RULES.view(st, 2).standing[0] == ("WE", tuple(st.hands[0]))
    for _ in range(3):                               # seats 1, 2, 3 discard what they draw
        st = discard_drawn_round(all_pass(st) if st.phase == "claim" else st)
    assert st.turn == 0 and st.drawn == "D7#2"
    assert RULES.legal_actions(st, 0) == [Discard("D7#2")]       # locked: only the drawn card goes
    st = all_pass(act(st, 0, Discard("D7#2")))
    assert st.turn == 1 and st.drawn.startswith("WE")
    st = act(st, 1, Discard(st.drawn))            # seat 1 lets the named card go: seat 0 may win on it
    assert set(RULES.legal_actions(st, 0)) == {Pass(), MahJongg()}


def test_KRD_22_the_named_card_from_the_wall_wins_with_100_extra():
    dealer = "B1 B2 B3 C1 C2 C3 D1 D2 D3 B7 B8 B9 WE DR"
    hands = [dealer, S1, PUNG_WAIT.replace("WE", "WN"), "C4 C5 C6 D4 D5 D6 B4 B5 B6 C7 C8 C9 WS"]
    st = dealt(hands, wall=["C5", "D6", "B4", "WE"])
    st = act(st, 0, Standing(piece(st, 0, "DR"), "WE"))
    for _ in range(3):
        st = discard_drawn_round(all_pass(st) if st.phase == "claim" else st)
    st = all_pass(st) if st.phase == "claim" else st
    assert st.turn == 0 and st.drawn.startswith("WE")
    assert set(RULES.legal_actions(st, 0)) == {MahJongg(), Discard(st.drawn)}
    events = []
    st = act(st, 0, MahJongg(), events)
    assert st.win["ctx"].standing


def test_KRD_23_after_mahjongg_the_other_three_take_one_more_turn_without_claims_or_winning():
    st = discard(dealt([DEALER, S1, PAIR_WAIT, PUNG_WAIT], wall=["B2", "B3", "B4"]), 0, "WE")
    events = []
    st = _answers(st, {1: Pass(), 2: MahJongg(), 3: Pass()}, events)
    assert st.winner == 2 and st.phase == "after" and RULES.to_act(st) == (3,)
    reveal = next(e for e in events if e.kind == "mahjongg")
    assert reveal.visible_to is None and len(reveal.data["hand"]) == 14
    for seat in (3, 0, 1):
        assert RULES.to_act(st) == (seat,)
        legal = RULES.legal_actions(st, seat)
        assert not any(isinstance(a, (MahJongg, Standing)) for a in legal)
        st = act(st, seat, Discard(st.drawn), events)
        assert st.phase != "claim"
    end = next(e for e in events if e.kind == "round_end")
    assert end.data["winner"] == 2 and st.phase == "side_roll" and RULES.to_act(st) == (CHANCE,)


def test_the_round_is_a_tie_and_played_again_with_the_same_seats_when_the_live_wall_is_used_up():
    from game.core.kit.wall import Wall
    st = dealt([DEALER, S1, PAIR_WAIT, PUNG_WAIT])
    st.wall = Wall((), st.wall.box + st.wall.live, st.wall.rule)    # nothing left to draw
    events = []
    st = all_pass(discard(st, 0, "DR"), events)
    end = next(e for e in events if e.kind == "round_end")
    assert end.data["winner"] is None and end.data["transfers"] == ()
    assert st.east == 0 and st.phase == "side_roll" and st.scores == [0, 0, 0, 0] and st.hand_no == 2
    assert st.rounds[-1]["winner"] is None


def test_kong_claimed_from_a_discard_gets_a_replacement_and_no_draw():
    dealer = "WN B1 C1 D1 B9 C9 D9 WW WE DR DG DW C5 D5"
    s2 = "WN WN WN C1 C2 C3 D1 D2 D3 B7 B8 B9 WE"
    st = discard(dealt([dealer, S1.replace("WN", "B3"), s2, PUNG_WAIT], box=["C4"]), 0, "WN")
    assert {Kong(), Pung()} <= set(RULES.legal_actions(st, 2))
    st = _answers(st, {1: Pass(), 2: Kong(), 3: Pass()})
    assert st.turn == 2 and st.melds[2][0].shape == "kong" and st.drawn == "C4#2" and st.kong_turn
    assert len(st.hands[2]) == 11


def test_KRD_15_the_other_copies_count_as_seen_in_discards_and_melds_a_concealed_kong_shows_two():
    from game.rules.kards import flow
    from game.rules.kards.state import MeldRec
    st = dealt([DEALER, S1, PAIR_WAIT, PUNG_WAIT])
    st.river[1] = ["WS#1"]
    st.melds[2] = [MeldRec("pung", ("WS#2", "WS#3", "WS#4"), False, 1)]
    assert flow._visible(st, 28) == 4
    st.melds[3] = [MeldRec("kong", ("DR#1", "DR#2", "DR#3", "DR#4"), True)]
    assert flow._visible(st, 31) == 2


def test_KRD_18_celestial_blessing_the_next_player_wins_on_the_first_draw_before_any_claim():
    s1 = "B1 B2 B3 C1 C2 C3 D1 D2 D3 B7 B8 B9 WS"
    st = all_pass(discard(dealt([DEALER, s1, PUNG_WAIT.replace("WE", "WN"), PAIR_WAIT.replace("WE", "C5")],
                                wall=["WS"]), 0, "DR"))
    assert st.turn == 1 and st.drawn.startswith("WS") and MahJongg() in RULES.legal_actions(st, 1)
    st = act(st, 1, MahJongg())
    assert st.win["ctx"].celestial and not st.win["ctx"].earth
