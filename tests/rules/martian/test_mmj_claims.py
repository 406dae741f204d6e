"""Claims on a discard (MMJ-15, MMJ-28, MMJ-29, MMJ-30) as sealed windows, and Mah Jongg at any
wait point (MMJ-21)."""

from __future__ import annotations

import pytest

from game.core.match import Match
from game.core.protocol import IllegalAction
from game.rules.martian import RULES
from game.rules.martian.actions import Claim, Go, Keep, MahJongg, Pass, Roll
from mmj_support import act, dealt, dice_for, draw, find, setup

P0 = {"chow": ["red-S"], "pung": ["blue-M", None], "kong": ["green-L", None, None]}
PUNG_WANTS_M = {"chow": ["cyan-S"], "pung": [None, "cyan-S"], "kong": ["cyan-L", None, None]}
KONG_WANTS_M = {"chow": ["violet-S"], "pung": ["violet-M", None], "kong": ["violet-L", None, "violet-S"]}
PUNG_WANTS_M_3 = {"chow": ["clear-S"], "pung": [None, "clear-S"], "kong": ["clear-L", None, None]}
MJ_WANTS_M = {"chow": ["clear-S"], "pung": [None, "clear-S"], "kong": ["clear-L", "clear-M", "clear-S"]}


def discarding(hands, piece="red-M", **kw):
    """Player 1 (seat 0, East) draws `piece` and discards it at once: the claim window is open."""
    st = draw(dealt(hands, **kw), piece)
    st, ev = act(st, 0, Keep("discard"))
    assert st.phase == "claim"
    return st, ev


def answer_all(st, answers):
    for seat, a in answers.items():
        st, ev = act(st, seat, a)
    return st, ev


def test_the_window_asks_every_other_seat_sealed_pass_only_seats_included():
    st, _ = discarding([P0, PUNG_WANTS_M, dict(P0, kong=["yellow-L", None, None]), PUNG_WANTS_M_3])
    p = RULES.prompt(st)
    assert p.kind == "claim" and p.sealed and p.seats == (1, 2, 3)
    assert RULES.legal_actions(st, 2) == [Pass()]                   # can't claim: only Pass
    assert Claim("pung") in RULES.legal_actions(st, 1)
    st, ev = act(st, 1, Claim("pung"))
    e = find(ev, "answered")
    assert e.for_seat(1) is not None and e.for_seat(2) is None and e.for_seat(None) is None
    st, _ = act(st, 2, Pass())
    st, ev = act(st, 3, Pass())
    resolved = [e for e in ev if e.kind == "claim_resolved"]
    assert len(resolved) == 1 and resolved[0].visible_to is None and resolved[0].data["taker"] == 1


def test_MMJ_15_kong_beats_pung_and_mahjong_beats_kong():
    st, _ = discarding([P0, PUNG_WANTS_M, KONG_WANTS_M, PUNG_WANTS_M_3])
    st2, ev = answer_all(st, {1: Claim("pung"), 2: Claim("kong"), 3: Claim("pung")})
    assert find(ev, "claim_resolved").data["taker"] == 2 and st2.screens[2].slots["kong-M"] == "red-M"
    st, _ = discarding([P0, PUNG_WANTS_M, KONG_WANTS_M, MJ_WANTS_M])
    assert Claim("pung", True) in RULES.legal_actions(st, 3)
    st3, ev = answer_all(st, {1: Claim("pung"), 2: Claim("kong"), 3: Claim("pung", True)})
    end = find(ev, "round_end")
    assert end.data["winner"] == 3 and find(ev, "claim_resolved").data["call"] == "mahjongg"


def test_MMJ_15_literal_equal_calls_go_to_east_then_against_the_turn_order():
    st, _ = discarding([P0, PUNG_WANTS_M, dict(P0, kong=["yellow-L", None, None]), PUNG_WANTS_M_3])
    st2, ev = answer_all(st, {1: Claim("pung"), 2: Pass(), 3: Claim("pung")})
    assert find(ev, "claim_resolved").data["taker"] == 3               # East 0, then 3, 2, 1


def test_MMJ_15_traditional_the_caller_nearest_after_the_discarder_wins():
    st, _ = discarding([P0, PUNG_WANTS_M, dict(P0, kong=["yellow-L", None, None]), PUNG_WANTS_M_3],
                       direction="traditional")
    st2, ev = answer_all(st, {1: Claim("pung"), 2: Pass(), 3: Claim("pung")})
    assert find(ev, "claim_resolved").data["taker"] == 1


def test_MMJ_30_the_caller_exposes_the_pile_then_discards_or_says_go_and_its_left_plays_next():
    st, _ = discarding([P0, PUNG_WANTS_M, dict(P0, kong=["yellow-L", None, None]), PUNG_WANTS_M_3])
    st, ev = answer_all(st, {1: Pass(), 2: Pass(), 3: Claim("pung")})
    assert st.phase == "called" and st.turn == 3 and st.screens[3].exposed == {"pung"}
    assert find(ev, "claim_resolved").data["exposed"] == ("red-M", "clear-S")
    legal = RULES.legal_actions(st, 3)
    assert Go() in legal and not any(getattr(a, "place", "").startswith("pung") for a in legal)  # frozen
    st2, _ = act(st, 3, Go())
    assert st2.turn == 0 and st2.phase == "begin"                       # the player on the caller's left
    v = RULES.view(st2, 1)
    assert v.players[3].exposed == (("pung", ("red-M", "clear-S")),)
    # the frozen pile takes nothing new on the caller's own later turns
    st4, _ = answer_all(discarding([P0, PUNG_WANTS_M, KONG_WANTS_M, PUNG_WANTS_M_3])[0],
                        {1: Pass(), 2: Pass(), 3: Claim("pung")})
    st4, _ = act(st4, 3, Go())
    for seat in (0, 1, 2):
        st4 = draw(st4, "yellow-S")
        st4, _ = act(st4, seat, Keep("discard"))
        st4, _ = answer_all(st4, {s: Pass() for s in st4.asked})
    st4 = draw(st4, "orange-M")
    assert st4.turn == 3 and {a.to for a in RULES.legal_actions(st4, 3) if isinstance(a, Keep)} == {"kong-M", "discard"}


def test_the_caller_may_discard_a_piece_which_opens_a_new_window():
    st, _ = discarding([P0, PUNG_WANTS_M, dict(P0, kong=["yellow-L", None, None]), PUNG_WANTS_M_3])
    st, _ = answer_all(st, {1: Pass(), 2: Pass(), 3: Claim("pung")})
    from game.rules.martian.actions import Discard
    st2, ev = act(st, 3, Discard("chow-S"))
    assert st2.phase == "claim" and st2.discarder == 3 and st2.discard == "clear-S" and st2.asked == (0, 1, 2)


def test_MMJ_28_a_missing_chow_small_can_not_be_claimed():
    only_chow = {"chow": [None], "pung": ["cyan-M", "cyan-S"], "kong": ["cyan-L", "cyan-M", "cyan-S"]}
    st, _ = discarding([P0, only_chow, PUNG_WANTS_M, PUNG_WANTS_M_3], piece="red-S")
    assert RULES.legal_actions(st, 1) == [Pass()]


def test_MMJ_29_a_claim_needs_the_pile_missing_exactly_one_piece_of_the_discard_size():
    two_missing = {"chow": ["cyan-S"], "pung": [None, None], "kong": ["cyan-L", None, None]}
    st, _ = discarding([P0, two_missing, KONG_WANTS_M, PUNG_WANTS_M_3], piece="red-S")
    assert RULES.legal_actions(st, 1) == [Pass()]                      # pung misses two, kong misses two
    assert RULES.legal_actions(st, 2) == [Pass(), Claim("pung")]       # its kong misses a medium, not a small
    with pytest.raises(IllegalAction):
        RULES.apply(st, 2, Claim("kong"))


def test_MMJ_21_mahjong_on_the_hand_held_in_a_claim_window_ranks_as_mahjong():
    complete = {"chow": ["cyan-S"], "pung": ["cyan-M", "cyan-S"], "kong": ["cyan-L", "cyan-M", "yellow-S"]}
    st, _ = discarding([P0, complete, KONG_WANTS_M, PUNG_WANTS_M_3])
    assert MahJongg() in RULES.legal_actions(st, 1)
    st2, ev = answer_all(st, {1: MahJongg(), 2: Claim("kong"), 3: Pass()})
    assert find(ev, "round_end").data["winner"] == 1 and st2.hand_no == 2


def test_MMJ_21_mahjong_before_any_roll_in_turn_or_out_of_turn():
    complete = {"chow": ["cyan-S"], "pung": ["cyan-M", "cyan-S"], "kong": ["cyan-L", "cyan-M", "yellow-S"]}
    st = dealt([P0, PUNG_WANTS_M, complete, PUNG_WANTS_M_3])
    p = RULES.prompt(st)
    assert p.seats == (0,) and set(p.out_of_turn) == {1, 2, 3}        # everyone offered: nothing leaks
    assert RULES.legal_actions(st, 2) == [MahJongg()] and RULES.legal_actions(st, 1) == []
    assert MahJongg() not in RULES.legal_actions(st, 0)
    m = Match(setup(4, deal={"east": 0, "hands": [P0, PUNG_WANTS_M, complete, PUNG_WANTS_M_3]}), RULES)
    ev = m.act(2, MahJongg())
    assert find(ev, "round_end").data["winner"] == 2
    st = dealt([complete, PUNG_WANTS_M, P0, PUNG_WANTS_M_3])
    assert RULES.legal_actions(st, 0) == [Roll(), MahJongg()]


def test_skip_claims_skips_the_one_human_who_can_do_nothing_with_the_discard():
    hands = [P0, dict(P0, kong=["yellow-L", None, None]), KONG_WANTS_M, PUNG_WANTS_M_3]
    st, _ = discarding(hands, humans=(1,))
    assert st.asked == (2, 3)
    st, _ = discarding(hands, humans=(1,), skip_claims=False)
    assert st.asked == (1, 2, 3)
    st, _ = discarding(hands)                                          # all human: nobody skipped
    assert st.asked == (1, 2, 3)
    st, _ = discarding([P0, PUNG_WANTS_M, KONG_WANTS_M, PUNG_WANTS_M_3], humans=(1,))
    assert st.asked == (1, 2, 3)                                       # the human can claim: asked


def test_claim_seconds_times_the_window_and_silence_is_a_pass():
    deal = {"east": 0, "hands": [P0, PUNG_WANTS_M, KONG_WANTS_M, PUNG_WANTS_M_3]}
    m = Match(setup(4, deal=deal, claim_seconds=10), RULES)
    m.act(0, Roll())
    m.forced.append(dice_for("red-M"))
    m.roll()
    m.act(0, Keep("discard"))
    p = m.prompt()
    assert p.timeout == 10 and all(a == Pass() for _, a in p.on_timeout)
    m.act(2, Claim("kong"))
    assert m.tick(9) == [] and m.state.phase == "claim"
    ev = m.tick(1)
    assert find(ev, "claim_resolved").data["taker"] == 2
    assert RULES.prompt(RULES.new_game(setup(4))).timeout is None     # default: no timer
