"""The flow between hands: East passing (MMJ-15, MMJ-16), game length (MMJ-27), the final result."""

from __future__ import annotations

from game.rules.martian import RULES
from game.rules.martian.actions import MahJongg
from mmj_support import act, dealt, find, kinds

COMPLETE = {"chow": ["cyan-S"], "pung": ["cyan-M", "cyan-S"], "kong": ["cyan-L", "cyan-M", "yellow-S"]}
PART = {"chow": ["red-S"], "pung": ["blue-M", None], "kong": ["green-L", None, None]}


def win(seat, east=0, n=4, **options):
    hands = [dict(PART) for _ in range(n)]
    hands[seat] = COMPLETE
    st = dealt(hands, east=east, **options)
    return act(st, seat, MahJongg())


def test_MMJ_15_literal_a_losing_east_passes_to_the_player_before_east():
    st, ev = win(2, east=0)
    assert st.east == 3 and st.passes == 1 and st.phase == "cover_d8" and st.hand_no == 2
    assert "east_d8" not in [st.phase] and find(ev, "hand_start").data["east"] == 3


def test_MMJ_15_traditional_east_passes_to_the_next_player():
    st, _ = win(2, east=0, direction="traditional")
    assert st.east == 1


def test_an_east_winner_stays_east():
    st, _ = win(1, east=1)
    assert st.east == 1 and st.passes == 0


def test_MMJ_27_the_game_ends_when_east_has_gone_all_the_way_round():
    hands = [dict(PART) for _ in range(3)]
    hands[1] = COMPLETE
    st = RULES.new_game(__import__("mmj_support").setup(3, deal={"east": 0, "hands": hands, "passes": 2}))
    st, ev = act(st, 1, MahJongg())
    assert st.finished and kinds(ev)[-2:] == ["round_end", "game_end"]
    res = RULES.result(st)
    assert res.final and res.totals == tuple(st.scores) and sum(res.totals) == 0
    net = [0, 0, 0]
    for t in res.transfers:
        net[t.payee] += t.amount
        net[t.payer] -= t.amount
    assert tuple(net) == res.totals
    assert all(RULES.legal_actions(st, s) == [] for s in range(3)) and RULES.to_act(st) == ()
    # the final lines add up to each total (the Game over screen listed hand values, 8, 12, ... beside
    # a total of -970): a hand's line is what it brought the player, its value is in the words
    for s in range(3):
        hands = [l for l in res.lines if l.seat == s and l.name != "Game total"]
        assert sum(l.value for l in hands) == res.totals[s]
    mine = next(l for l in res.lines if l.seat == 1 and l.name == "Hand 1")
    assert mine.value == net[1] and mine.why.startswith("went Mah Jongg, hand worth ")


def test_MMJ_27_two_rounds_go_on_after_the_first():
    hands = [dict(PART) for _ in range(3)]
    hands[1] = COMPLETE
    st = RULES.new_game(__import__("mmj_support").setup(3, deal={"east": 0, "hands": hands, "passes": 2}, rounds=2))
    st, _ = act(st, 1, MahJongg())
    assert not st.finished and st.passes == 3


def test_a_round_end_event_carries_lines_totals_summary_and_transfers():
    st, ev = win(2)
    end = find(ev, "round_end")
    assert {"lines", "totals", "summary", "unit", "transfers"} <= set(end.data)
    assert end.data["unit"] == "points" and "P3 goes Mah Jongg" in end.data["summary"]    # the seat's own name
    assert [s["seat"] for s in end.data["screens"]] == [0, 1, 2, 3]          # everyone reveals
    # each seat's gain in the hand (the results' "this hand"): the settlement, and what moved the totals
    assert list(end.data["changes"]) == list(end.data["totals"]) and end.data["changes"][2] > 0
    net = [0] * 4
    for t in end.data["transfers"]:
        net[t["payee"]] += t["amount"]
        net[t["payer"]] -= t["amount"]
    assert list(end.data["changes"]) == net
