"""The two-player game: deal, pass negotiation, turns, swaps, Double with drop/take, miscalls, game end."""

from __future__ import annotations

from collections import Counter

import pytest

from game.core.protocol import IllegalAction, events_for
from game.rules.minttin import RULES
from game.rules.minttin.actions import (AnswerPass, Call, Discard, Double, Draw, Drop, GiveCards, Mahjong,
                                        OfferPass, SwapForJoker, SwapJokerFor, Take)
from mtm_support import H, act, check_census, find, kinds, scene, setup, two

WIN = "M5 M5 M5 F7 F7 F7 F9 F9 F9 F9 S1 S1 S1 S1"      # Odds 5-7-9-1, kongs + concealed = 2


# --------------------------------------------------------------------------- deal

@pytest.mark.parametrize("jokers,dealt,in_play,deck,aside", [
    ("all", 1, 4, 26, 0), ("dealt", 1, 2, 24, 2), ("shuffled", 0, 2, 24, 2), ("none", 0, 0, 22, 4)])
def test_deal_follows_the_joker_choice(jokers, dealt, in_play, deck, aside):
    # Seed: "The dealer deals each player 12 cards if players start the round with a joker, or 13 cards
    # if they do not."
    for seed in range(5):
        st = RULES.new_game(setup({"jokers": jokers}, 2, seed))
        for h in st.hands:
            assert len(h) == 13 and h.count("J") >= dealt
        assert sum(h.count("J") for h in st.hands) + st.deck.count("J") == in_play
        assert len(st.deck) == deck and st.aside == aside
        check_census(st)


def test_first_dealer_random_then_alternating_and_dealer_starts():
    dealers = {RULES.new_game(setup({}, 2, seed)).dealer for seed in range(20)}
    assert dealers == {0, 1}
    st = two("S1 S1 S1 S2 S2 S2 S3 S3 S3 M4 M4 M4", "F7 F7 F7 F8 F8 F8 F9 F9 F9 FD FD FD", dealer_seat=1)
    assert RULES.to_act(st) == (1,) and st.current == 1
    assert len(st.hands[1]) == 13 and st.hands[0][:3] == ["S1", "S1", "S1"]
    st.deck = st.deck[:1]
    st, _ = act(st, 1, Draw())
    st, ev = act(st, 1, Discard("F7"))
    assert "round_end" in kinds(ev)
    assert st.dealer == 0 and st.round_no == 2 and RULES.to_act(st) == (0,)


def test_draw_is_private():
    st = RULES.new_game(setup({}, 2, 4))
    seat = RULES.to_act(st)[0]
    st2, ev = act(st, seat, Draw())
    mine = events_for(ev, seat)[0]
    theirs = events_for(ev, 1 - seat)[0]
    assert mine.data["card"] == st2.last_drawn[seat]
    assert "card" not in theirs.data and events_for(ev, None)[0].data == theirs.data


# --------------------------------------------------------------------------- optional pass

def test_pass_negotiation_smaller_number_and_simultaneous_choice():
    st = two("S1 S1 S1 S2 S2 S2 S3 S3 S3 M4 M4 M4", "F7 F7 F7 F8 F8 F8 F9 F9 F9 FD FD FD",
             dealer_seat=0, pass_cards=True)
    assert st.phase == "pass_offer" and RULES.to_act(st) == (1,)
    assert RULES.legal_actions(st, 1) == [OfferPass(n) for n in range(4)]
    st, _ = act(st, 1, OfferPass(3))
    assert RULES.to_act(st) == (0,) and RULES.view(st, 0).pass_offer == 3
    st, ev = act(st, 0, AnswerPass(2))
    assert ev[0].data["agreed"] == 2 and set(RULES.to_act(st)) == {0, 1}
    with pytest.raises(IllegalAction, match="Jokers cannot be passed"):
        act(st, 0, GiveCards(("F7", "J")))
    with pytest.raises(IllegalAction, match="exactly 2"):
        act(st, 0, GiveCards(("F7",)))
    st, ev = act(st, 1, GiveCards(("S1", "M4")))
    assert RULES.to_act(st) == (0,)
    v0 = RULES.view(st, 0)
    assert v0.pass_chosen == (False, True) and v0.my_pass == ()
    assert events_for(ev, 0)[0].data == {"seat": 1}          # the choice stays hidden
    st, ev = act(st, 0, GiveCards(("FD", "FD")))
    assert Counter(st.hands[0]) - Counter(H("F7 F7 F7 F8 F8 F8 F9 F9 F9 FD J")) == Counter(H("S1 M4"))
    assert st.hands[1].count("FD") == 2 and st.hands[1].count("S1") == 2
    assert [e.data["got"] for e in find(ev, "pass_exchange")] == [("S1", "M4"), ("FD", "FD")]
    assert st.phase == "start" and RULES.to_act(st) == (0,)
    check_census(st)


def test_pass_of_zero_starts_play_at_once():
    st = RULES.new_game(setup({"pass_cards": True}, 2, 9, {"dealer": 1}))
    st, _ = act(st, 0, OfferPass(0))
    st, _ = act(st, 1, AnswerPass(3))
    assert st.phase == "start" and RULES.to_act(st) == (1,)


# --------------------------------------------------------------------------- calls and swaps

def test_call_a_pung_then_discard_and_the_exposure_is_fixed():
    st = scene(hands=["S1 S2 S3 M4 M5 M6 F7 F8 F9 SD MD J F9", "F9 F9 F9 J S1 S2 S3 M4 M5 M6 F7 F8 SD"],
               phase="main", current=0, deck="S3 S3 S3 S3 M6 M6")
    st, _ = act(st, 0, Discard("F9"))
    st, ev = act(st, 1, Call(("F9", "F9", "F9")))
    assert st.exposures[1] == [["F9", "F9", "F9", "F9"]] and st.phase == "main"
    with pytest.raises(IllegalAction, match="no Fire 9"):
        act(st, 1, Discard("F9"))                             # exposed cards cannot be discarded
    st, _ = act(st, 1, Discard("S1"))
    assert st.exposures[1] == [["F9", "F9", "F9", "F9"]]


def test_a_call_that_leaves_nothing_to_discard_is_only_for_going_out():
    st = scene(hands=["F9", "F9 J"], exposures=[[], ["S1 S1 S1 S1", "S2 S2 S2 S2", "M5 M5 M5"]],
               discards="F9", callable=True, phase="start", current=1, deck="S3 S3 S3")
    assert Call(("F9", "J")) not in RULES.legal_actions(st, 1)
    with pytest.raises(IllegalAction, match="no card to discard"):
        act(st, 1, Call(("F9", "J")))


def test_swaps_both_ways_and_on_your_own_exposure():
    st = scene(hands=["S2 J M4 M5 M6 F7 F8 F9 SD MD FD F9 F8 S3", "S1"], phase="main", current=0,
               exposures=[["S3 S3 J"], ["S2 S2 J", "M4 M4 M4"]], deck="S3 S3 S3")
    legal = RULES.legal_actions(st, 0)
    assert SwapForJoker(1, 0) in legal                       # give S2 for the opponent's joker
    assert SwapForJoker(0, 0) in legal                       # table choice: your own exposure too
    assert SwapJokerFor(1, 1) in legal and SwapJokerFor(1, 0) in legal
    assert SwapJokerFor(0, 0) not in legal
    st2, ev = act(st, 0, SwapJokerFor(1, 1))
    assert st2.exposures[1][1] == ["M4", "M4", "J"] and st2.hands[0].count("M4") == 2
    assert ev[0].data == {"seat": 0, "owner": 1, "block": 1, "gave": "J", "took": "M4",
                          "cards": ("M4", "M4", "J")}
    st3, _ = act(st, 0, SwapForJoker(1, 0))
    assert st3.exposures[1][0] == ["S2", "S2", "S2"] and st3.hands[0].count("J") == 2


def test_mahjong_may_follow_a_swap():
    st = scene(hands=["M5 M5 M5 F7 F7 F7 F9 F9 F9 F9 S1 S1 S1 M4", ""], phase="main", current=0,
               exposures=[[], ["M4 M4 J"]], deck="S3 S3 S3")
    assert Mahjong() not in RULES.legal_actions(st, 0)
    st, _ = act(st, 0, SwapForJoker(1, 0))
    assert Mahjong() in RULES.legal_actions(st, 0)


# --------------------------------------------------------------------------- Double

def _double(hand0=WIN, exps0=(), deck="S2 S3 M4 S1 SD SD SD", **kw):
    st = scene(hands=[hand0, "S2 S2 S3 S3 S3 M4 M4 M4 M6 M6 M6 J J"], exposures=[list(exps0), []],
               phase="main", current=0, deck=deck, **kw)
    st, _ = act(st, 0, Double())
    return st


def test_double_needs_three_cards_in_the_deck():
    st = scene(hands=[WIN, "S2"], phase="main", current=0, deck="S3 S3")
    assert Double() not in RULES.legal_actions(st, 0) and Mahjong() in RULES.legal_actions(st, 0)
    with pytest.raises(IllegalAction, match="at least 3 cards"):
        act(st, 0, Double())


def test_double_dropped_scores_the_hand():
    st = _double()
    st, ev = act(st, 1, Drop())
    end = find(ev, "round_end")[0].data
    assert end["outcome"] == "double_dropped" and end["points"] == 2 and st.scores == [2, 0]


def test_double_dropped_on_a_zero_hand_scores_one():
    st = _double("S1 S1 S2 S2 S2 S3 S3 S3 M4 M4 M4", ["M5 M5 M5"])
    st, ev = act(st, 1, Drop())
    assert find(ev, "round_end")[0].data["points"] == 1


def test_double_taken_and_survived_on_a_zero_hand_scores_one():
    st = _double("S1 S1 S2 S2 S2 S3 S3 S3 M4 M4 M4", ["M5 M5 M5"])
    st, _ = act(st, 1, Take())
    for _ in range(3):
        st, _ = act(st, 1, Draw())
        st, ev = act(st, 1, Discard(st.last_drawn[1]))
    end = find(ev, "round_end")[0].data
    assert end["outcome"] == "double_survived" and end["points"] == 1
    assert [l["name"] for l in end["lines"]] == ["Hand", "Double minimum"]


def test_double_taken_survived_doubles_the_hand():
    st = _double()
    st, _ = act(st, 1, Take())
    for i in range(3):
        assert st.phase == "dstart"
        st, _ = act(st, 1, Draw())
        st, ev = act(st, 1, Discard(st.last_drawn[1]))
    end = find(ev, "round_end")[0].data
    assert end["points"] == 4 and st.scores == [4, 0]
    assert sum(l["value"] for l in end["lines"]) == 4


def test_double_beaten_both_zero_gives_the_taker_one():
    hand1 = "S2 S2 S2 M4 M4 M4 M6 M6 SD SD"
    st = scene(hands=["S1 S1 S2 S2 S2 S3 S3 S3 M4 M4 M4", hand1], exposures=[["M5 M5 M5"], ["F8 F8 F8"]],
               phase="main", current=0, deck="M6 S3 S3 S3")
    st, _ = act(st, 0, Double())
    st, _ = act(st, 1, Take())
    st, _ = act(st, 1, Draw())
    st, ev = act(st, 1, Mahjong())
    end = find(ev, "round_end")[0].data
    assert end["winner"] == 1 and end["points"] == 1 and st.scores == [0, 1]


def test_double_beaten_with_a_better_hand_doubles_it():
    # the taker's hand after drawing M6: Evens 2-4-6-8 as one pair and three kongs: kongs 1 + concealed 1
    hand1 = "S2 S2 S2 S2 M4 M4 M4 M4 M6 M6 M6 F8 F8"
    st = scene(hands=["S1 S1 S2 S2 S2 S3 S3 S3 M4 M4 M4", hand1],
               exposures=[["M5 M5 M5"], []], phase="main", current=0, deck="M6 S3 S3 S3")
    st, _ = act(st, 0, Double())
    st, _ = act(st, 1, Take())
    st, _ = act(st, 1, Draw())
    st, ev = act(st, 1, Mahjong())
    end = find(ev, "round_end")[0].data
    assert end["points"] == 2 * 2 and [l["name"] for l in end["lines"]] == ["Hand", "Kongs", "Concealed", "Double"]


# --------------------------------------------------------------------------- miscalls and game end

def test_strict_table_miscall_gives_two_to_the_opponent():
    st = scene({"strict": True}, hands=["S1 S2 S3 M4 M5 M6 F7 F8 F9 SD MD FD J F9", "S1"], phase="main",
               current=0, deck="S3 S3 S3 S3")
    st, ev = act(st, 0, Mahjong())
    end = find(ev, "round_end")[0].data
    assert end["outcome"] == "miscall" and end["winner"] == 1 and st.scores == [0, 2]


def test_strict_table_pair_call_must_be_declared_and_may_miscall():
    st = scene({"strict": True}, hands=["S1 S2 S3 M4 M5 M6 F7 F8 F9 SD MD FD F9", "S1"], discards="S1",
               callable=True, phase="start", current=0, deck="S3 S3 S3 S3")
    st, _ = act(st, 0, Call(("S1",)))
    assert st.phase == "declare" and set(RULES.legal_actions(st, 0)) == {Mahjong(), Double()}
    st, ev = act(st, 0, Double())
    assert find(ev, "round_end")[0].data["outcome"] == "miscall"


@pytest.mark.parametrize("target", [7, 14])
def test_game_ends_at_the_target(target):
    st = scene({"target": target}, hands=[WIN, "S2"], phase="main", current=0, deck="S3 S3 S3 S3",
               scores=[target - 2, 3])
    st, ev = act(st, 0, Mahjong())
    assert st.over and st.winners == (0,) and st.scores == [target, 3]
    assert kinds(ev)[-1] == "game_end"
    res = RULES.result(st)
    assert res.final and res.totals == (target, 3) and res.winners == (0,)
    assert RULES.to_act(st) == () and RULES.legal_actions(st, 0) == []
    with pytest.raises(IllegalAction, match="over"):
        act(st, 0, Draw())


def test_not_over_below_the_target_deals_a_new_round():
    st = scene({"target": 14}, hands=[WIN, "S2"], phase="main", current=0, deck="S3 S3 S3 S3", scores=[7, 0])
    st, ev = act(st, 0, Mahjong())
    assert not st.over and st.scores == [9, 0] and st.round_no == 2
    assert kinds(ev) == ["mahjong", "round_end", "round_start", "deal", "deal"]
    assert RULES.view(st, 1).last_round.winner == 0


def test_wall_game_in_two_players():
    st = two("S1 S1 S1 S2 S2 S2 S3 S3 S3 M4 M4 M4", "F7 F7 F7 F8 F8 F8 F9 F9 F9 FD FD FD", dealer_seat=0)
    moves = 0
    while st.round_no == 1:
        seat = RULES.to_act(st)[0]
        st, ev = act(st, seat, Draw())
        st, ev = act(st, seat, Discard(st.last_drawn[seat]))
        moves += 1
    assert moves == 26
    end = find(ev, "round_end")[0].data
    assert end["outcome"] == "wall" and end["points"] == 0 and st.scores == [0, 0]


def test_turn_order_errors_are_readable():
    st = two("S1 S1 S1 S2 S2 S2 S3 S3 S3 M4 M4 M4", "F7 F7 F7 F8 F8 F8 F9 F9 F9 FD FD FD", dealer_seat=0)
    with pytest.raises(IllegalAction, match="not your turn"):
        act(st, 1, Draw())
    with pytest.raises(IllegalAction, match="Draw or call"):
        act(st, 0, Discard("F7"))
    st, _ = act(st, 0, Draw())
    with pytest.raises(IllegalAction, match="already taken"):
        act(st, 0, Draw())
    with pytest.raises(IllegalAction, match="no Moon 5"):
        act(st, 0, Discard("M5"))
