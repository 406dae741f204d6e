"""Views and hidden state: covers remembered only by their seat (MMJ-20), screens hidden, resample,
and hypothesis invariants over random play (pieces conserved, pool right, illegal moves harmless)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.protocol import CHANCE, IllegalAction
from game.rules.martian import RULES, census
from game.rules.martian.actions import CODEC, Keep, Look, Pass, Swap
from game.rules.martian.pieces import KINDS, POOL_KINDS
from mmj_support import act, dealt, draw, setup

P = {"chow": ["red-S"], "pung": ["blue-M", None], "kong": ["green-L", None, None]}


def test_cover_memory_is_only_its_seats_and_says_when_and_whether_anyone_looked_since():
    st = draw(dealt([P, dict(P), dict(P)]), "orange-S")
    st, _ = act(st, 0, Look(5))
    seen = st.covers[5].content
    st, _ = act(st, 0, Keep("discard"))
    for s in st.asked:
        st, _ = act(st, s, Pass())
    st = draw(st, "yellow-S")
    st, _ = act(st, 1, Look(5))
    st, _ = act(st, 1, Swap("discard"))                 # player 2 leaves a yellow there
    v0, v1, v2 = (RULES.view(st, s) for s in range(3))
    assert v0.covers[5].memory[:2] == (seen, 1) and v0.covers[5].looks == 2   # seen before someone looked again
    assert v1.covers[5].memory[0] == "yellow-S" and v1.covers[5].memory[3] == "left"
    assert v2.covers[5].memory is None and RULES.view(st, None).covers[5].memory is None


def test_views_are_blind_to_covers_and_screens_the_seat_does_not_know():
    st0 = dealt([P, dict(P), dict(P)])
    st1 = st0.copy()
    st1.covers[0].content, st1.covers[1].content = st0.covers[1].content, st0.covers[0].content
    st1.screens[1].slots["pung-M"] = "clear-M"
    st1.screens[1].opaques = ["white-S", "white-S"]
    for seat in (0, 2, None, CHANCE):
        assert RULES.view(st1, seat) == RULES.view(st0, seat)
    assert RULES.view(st1, 1) != RULES.view(st0, 1)


def test_resample_keeps_the_covers_a_seat_knows_and_redeals_the_rest():
    st = draw(dealt([P, dict(P), dict(P)]), "orange-S")
    st, _ = act(st, 0, Look(4))
    known = st.covers[4].content
    moved = 0
    for seed in range(20):
        new = RULES.resample(st, 0, random.Random(seed))
        assert new.covers[4].content == known and census(new) == census(st)
        assert RULES.view(new, 0) == RULES.view(st, 0)
        moved += [c.content for c in new.covers] != [c.content for c in st.covers]
        moved += new.screens[1].slots != st.screens[1].slots
    assert moved


def _random_positions(n, seed, steps=300):
    rng = random.Random(seed)
    state = RULES.new_game(setup(n, seed=seed))
    for _ in range(steps):
        if RULES.result(state):
            return
        seat = rng.choice(RULES.to_act(state))
        action = rng.choice(RULES.legal_actions(state, seat))
        before = state
        state, events = RULES.apply(state, seat, action)
        yield before, seat, action, state, events


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, 4), seed=st.integers(0, 10_000))
def test_invariants_over_random_play(n, seed):
    """150 pyramids always, every kind five times; the pool never negative; settlements sum to zero;
    an illegal action is refused and changes nothing; every view is blind to a resample for it."""
    box = Counter({k: 5 for k in KINDS})
    rng = random.Random(seed)
    for i, (before, seat, action, after, events) in enumerate(_random_positions(n, seed)):
        assert census(after) == box
        assert all(after.pool[k] >= 0 for k in POOL_KINDS)
        for e in events:
            if e.kind == "round_end":
                net = Counter()
                for t in e.data["transfers"]:
                    net[t["payee"]] += t["amount"]
                    net[t["payer"]] -= t["amount"]
                assert sum(net.values()) == 0
        if i % 7 == 0:
            other = rng.choice([a for a in RULES.legal_actions(before, seat)] + [Keep("kong-L"), Pass()])
            probe_seat = rng.choice([s for s in range(n) if s != seat] + [seat])
            snap = repr(before)
            try:
                RULES.apply(before, probe_seat, other)
            except IllegalAction:
                pass
            assert repr(before) == snap
            looker = rng.choice(list(range(n)) + [None])
            assert RULES.view(RULES.resample(after, looker, rng), looker) == RULES.view(after, looker)


def test_actions_encode_and_decode():
    for a in (Keep("bonus-2"), Look(13), Swap("opaques")):
        assert CODEC.decode(a.encode()) == a
    with pytest.raises(ValueError):
        CODEC.decode('{"a": "look", "cover": 20}')
    with pytest.raises(ValueError):
        CODEC.decode('{"a": "keep", "to": "pocket"}')
