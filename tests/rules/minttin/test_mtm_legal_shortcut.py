"""`apply` asks `flow2p.is_legal` instead of building the whole legal list: it must agree with
`a in legal(...)` for every action of the game's classes, legal or not, in every phase."""

from __future__ import annotations

import random

from game.core.protocol import Setup, SeatConfig
from game.rules.minttin import RULES, flow2p
from game.rules.minttin.actions import (AnswerPass, Call, Discard, Double, Draw, Drop, GiveCards, JokerBlock,
                                        Mahjong, OfferPass, Pass, SwapForJoker, SwapJokerFor, Take)

PROBES = [Draw(), Pass(), Mahjong(), Double(), Drop(), Take(), JokerBlock(), OfferPass(1), AnswerPass(2),
          GiveCards(("S1",)), Call(("J",)), Call(("J", "J")), SwapForJoker(0, 0), SwapForJoker(1, 0),
          SwapJokerFor(0, 0), SwapJokerFor(1, 0), SwapJokerFor(1, 1)] + \
         [Discard(c) for c in ("S1", "S2", "S3", "SD", "M4", "M5", "M6", "MD", "F7", "F8", "F9", "FD", "J")]


def test_is_legal_agrees_with_the_legal_list_in_random_games():
    r = random.Random(5)
    checked = set()
    for seed, options in [(1, {}), (2, {"strict": True}), (3, {"pass_cards": True, "jokers": "dealt"}),
                          (4, {"consecutive": "loose", "jokers": "shuffled"}), (5, {"strict": True, "target": 14})]:
        st = RULES.new_game(Setup("minttin", (SeatConfig("bot", "normal"), SeatConfig("bot", "normal")),
                                  {"mode": "2p", **options}, seed))
        for _ in range(400):
            if st.over:
                break
            for seat in (0, 1):
                legal = flow2p.legal(st, seat)
                calls = [Call(tuple(c.cards)) for c in legal if isinstance(c, Call)]
                extra = [Call((st.discards[-1],) * 2), Call((st.discards[-1], "J"))] if st.discards else []
                for a in PROBES + legal + calls + extra:
                    assert flow2p.is_legal(st, seat, a) == (a in legal), (st.phase, seat, a)
                    checked.add((st.phase, type(a).__name__, a in legal))
            seat = RULES.to_act(st)[0]
            legal = RULES.legal_actions(st, seat)
            prefer = [a for a in legal if a.kind in ("call", "swap_for_joker", "swap_joker_for", "double", "take")]
            st, _ = RULES.apply(st, seat, r.choice(prefer) if prefer and r.random() < 0.5 else r.choice(legal))
    # the walk went through the phases where the shortcut differs from the list
    for phase in ("start", "main", "declare", "answer", "dstart", "dmain"):
        assert any(p == phase and ok for p, _, ok in checked), phase
        assert any(p == phase and not ok for p, _, ok in checked), phase


def _double_turn_state():
    """A two-player state in a Double turn (seat 0 to discard face down), non-strict table."""
    st = RULES.new_game(Setup("minttin", (SeatConfig("bot", "normal"), SeatConfig("bot", "normal")),
                              {"mode": "2p", "strict": False}, 7))
    st.phase = "dmain"
    st.current = 0
    st.double = {"by": 1, "value": 1, "turns": 0, "taken": True, "hand": [], "exposures": [], "jokers": 0,
                 "called": False}
    return st


def test_is_legal_in_double_turns_swaps_only_with_own_exposures():
    st = _double_turn_state()
    st.hands[0] = ["S1", "S2", "M4"]
    st.exposures = [[["M4", "M4", "J"]], [["S1", "S1", "J"]]]
    legal = flow2p.legal(st, 0)
    assert SwapForJoker(0, 0) in legal and SwapForJoker(1, 0) not in legal
    for a in (SwapForJoker(0, 0), SwapForJoker(1, 0), SwapJokerFor(1, 0)):
        assert flow2p.is_legal(st, 0, a) == (a in legal)


def test_is_legal_in_double_turns_offers_mahjong_on_a_valid_hand_worth_nothing():
    st = _double_turn_state()
    # S1 pung exposed, then S2 S3 M4 pungs and an M5 pair: a run 1-5, valid, 0 points (not concealed)
    st.exposures = [[["S1", "S1", "S1"]], []]
    st.hands[0] = ["S2"] * 3 + ["S3"] * 3 + ["M4"] * 3 + ["M5"] * 2
    legal = flow2p.legal(st, 0)
    assert Mahjong() in legal
    assert flow2p.is_legal(st, 0, Mahjong()) and not flow2p.is_legal(st, 0, Double())
