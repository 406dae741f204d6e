"""Invariants over many random games played with random legal actions (hypothesis).

At every step: all 54 cards are in some zone; apply never mutates its input; an illegal action
raises and leaves the state unchanged; every legal action survives encode/decode; a view does not
change when hidden cards are shuffled among the hidden zones.  At the end: replaying the setup and
the action log reproduces the state exactly.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from game.core.protocol import IllegalAction
from game.rules.minttin import RULES
from game.rules.minttin.actions import (Call, Discard, Draw, GiveCards, JokerBlock, Mahjong, OfferPass,
                                        SwapJokerFor)
from mtm_support import check_census, setup

CONFIGS = [
    ({}, 2),
    ({"jokers": "none", "pass_cards": True}, 2),
    ({"jokers": "shuffled", "strict": True, "consecutive": "loose"}, 2),
    ({"jokers": "dealt", "pass_cards": True, "target": 14}, 2),
    ({"mode": "solo"}, 1),
    ({"mode": "solo", "dead_hand": 0, "joker_block": True, "auto_pass": False}, 1),
    ({"mode": "solo", "strict": True, "dead_hand": 5}, 1),
]
MAX_STEPS = 220
PREFER = {"mahjong": 0.9, "double": 0.5, "take": 0.5, "call": 0.4, "swap_for_joker": 0.2, "swap_joker_for": 0.1}


def choose(r: random.Random, legal):
    by = {}
    for a in legal:
        by.setdefault(a.kind, []).append(a)
    for kind, p in PREFER.items():
        if kind in by and r.random() < p:
            return r.choice(by[kind])
    plain = [a for a in legal if not a.kind.startswith("swap")] or legal
    return r.choice(plain)


ILLEGAL_CANDIDATES = [Draw(), Discard("S1"), Discard("FD"), Discard("J"), Mahjong(), JokerBlock(),
                      Call(("S1", "S1", "S1", "S1", "S1")), Call(("J",)), SwapJokerFor(1, 7),
                      OfferPass(9), GiveCards(("J", "J", "J"))]


def hidden_variant(st, seat, r: random.Random):
    """The same state with the cards `seat` cannot see shuffled among the hidden zones."""
    v = st.clone()
    others = [p for p in range(2) if p != seat and not (v.solo and p == 1)]
    pool = list(v.deck) + list(v.dead)
    for p in others:
        pool += v.hands[p] + v.facedown[p]
    r.shuffle(pool)

    def take(n):
        nonlocal pool
        out, pool = pool[:n], pool[n:]
        return out

    v.deck = take(len(v.deck))
    v.dead = take(len(v.dead))
    for p in others:
        v.hands[p] = take(len(v.hands[p]))
        v.facedown[p] = take(len(v.facedown[p]))
        v.last_drawn[p] = None
    return v


def play(seed: int, opts: dict, seats: int):
    r = random.Random(seed)
    s = setup(opts, seats, seed)
    st = RULES.new_game(s)
    log = []
    for step in range(MAX_STEPS):
        check_census(st)
        to_act = RULES.to_act(st)
        if not to_act:
            assert RULES.result(st) is not None
            break
        assert RULES.result(st) is None
        seat = r.choice(to_act)
        legal = RULES.legal_actions(st, seat)
        assert legal, (st.phase, seat)
        for a in legal:
            assert RULES.decode_action(RULES.encode_action(a)) == a
        before = st.to_json()
        bad = [a for a in ILLEGAL_CANDIDATES if a not in legal]
        with pytest.raises(IllegalAction) as err:
            RULES.apply(st, seat, r.choice(bad))
        assert err.value.reason and err.value.reason[0].isupper()
        assert st.to_json() == before
        if step % 4 == 0:
            for viewer in [*range(seats), None]:
                assert RULES.view(hidden_variant(st, viewer, r), viewer) == RULES.view(st, viewer)
        a = choose(r, legal)
        nxt, events = RULES.apply(st, seat, a)
        assert st.to_json() == before, "apply changed its input"
        for e in events:
            if e.visible_to is not None:
                assert e.public is None or "card" not in e.public and "cards" not in e.public
        log.append((seat, RULES.encode_action(a)))
        st = nxt
    replay = RULES.new_game(s)
    for seat, text in log:
        replay, _ = RULES.apply(replay, seat, RULES.decode_action(text))
    assert replay.to_json() == st.to_json()
    return st


@settings(max_examples=30, deadline=None)
@given(seed=hs.integers(0, 2**31 - 1), config=hs.sampled_from(CONFIGS))
def test_random_games_keep_every_invariant(seed, config):
    opts, seats = config
    play(seed, opts, seats)


def test_views_differ_for_the_owner_when_the_hand_changes():
    """A positive control for the hidden-card check: the owner does see the change."""
    st = RULES.new_game(setup({}, 2, 11))
    r = random.Random(1)
    for _ in range(20):
        v = hidden_variant(st, 0, r)
        if sorted(v.hands[1]) != sorted(st.hands[1]):
            assert RULES.view(v, 1) != RULES.view(st, 1)
            assert RULES.view(v, 0) == RULES.view(st, 0)
            return
    raise AssertionError("no variant changed the hand")
