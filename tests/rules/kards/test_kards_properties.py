"""Hypothesis invariants: the 144 Kards are conserved, views are blind to other hands and to the
wall's order, and an illegal action is refused with the state left as it was."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.kit.tiles import ALL_PIECES
from game.core.kit.wall import Wall
from game.core.protocol import IllegalAction
from game.rules.kards import RULES, census
from game.rules.kards.actions import (Chow, ConcealedKong, Dice, Discard, Done, Expand, Kong, MahJongg, Pass,
                                      Pung, Standing)
from tests.conformance import plain

from .kards_helpers import setup

PROPS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _walk(seed: int, steps: int, options=None):
    """Random legal play from a fresh game: yields every state on the way."""
    rng = random.Random(seed)
    state = RULES.new_game(setup(seed=seed, options=options))
    yield state
    for _ in range(steps):
        if RULES.result(state) is not None:
            return
        seat = rng.choice(RULES.to_act(state))
        state, _ = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)))
        yield state


@PROPS
@given(seed=st.integers(0, 10_000), steps=st.integers(50, 250))
def test_the_144_kards_are_always_all_there(seed, steps):
    for state in _walk(seed, steps):
        assert sorted(census(state).elements()) == sorted(ALL_PIECES)


@PROPS
@given(seed=st.integers(0, 10_000), steps=st.integers(50, 250))
def test_the_strict_table_with_free_declarations_and_penalties_keeps_every_kard(seed, steps):
    """Random free declarations (false groups, wrong kinds, false Mah-Jonggs) never lose a Kard,
    and each penalty is taken off the score of the seat it names."""
    for state in _walk(seed, steps, {"strict": True}):
        assert sorted(census(state).elements()) == sorted(ALL_PIECES)
        taken = [0] * 4
        for s, points, _ in state.penalties:
            taken[s] += points
        gained = [sum(r["changes"][s] for r in state.rounds if r["winner"] is not None) for s in range(4)]
        assert [state.scores[s] + taken[s] - gained[s] for s in range(4)] == [0] * 4


@PROPS
@given(seed=st.integers(0, 10_000), steps=st.integers(20, 200), seat=st.sampled_from([0, 1, 2, 3, None]))
def test_views_are_blind_to_other_hands_and_the_wall_order(seed, steps, seat):
    *_, state = _walk(seed, steps)
    view = RULES.view(state, seat)
    other = RULES.resample(state, seat, random.Random(seed))
    assert RULES.view(other, seat) == view
    turned = state.copy()
    turned.wall = Wall(state.wall.live[::-1], state.wall.box[::-1], state.wall.rule)
    assert RULES.view(turned, seat) == view
    for s in range(4):
        if s != seat and s != state.winner and s not in state.standing:
            assert not set(state.hands[s]) & set(view.hand)
            assert all(tuple(state.hands[s]) != getattr(view, f) for f in ("hand", "winner_hand"))


ANY_ACTION = st.one_of(
    st.builds(Discard, st.sampled_from(ALL_PIECES)), st.builds(ConcealedKong, st.sampled_from(["B1", "WE", "DR"])),
    st.builds(Expand, st.sampled_from(["B1", "C5", "DG"])), st.just(MahJongg()), st.just(Pass()), st.just(Pung()),
    st.just(Kong()), st.just(Done()), st.builds(Chow, st.sampled_from(["B1", "C4", "D7"])),
    st.builds(Standing, st.sampled_from(ALL_PIECES), st.sampled_from(["B2", "WN"])),
    st.builds(Dice, st.sampled_from([(1,), (3, 4), (6, 6, 6), (7,), ()])))


@PROPS
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 200), action=ANY_ACTION, seat=st.integers(-1, 3))
def test_an_illegal_action_is_refused_and_changes_nothing(seed, steps, action, seat):
    *_, state = _walk(seed, steps)
    if action in RULES.legal_actions(state, seat):
        return
    before = plain(state)
    try:
        RULES.apply(state, seat, action)
    except IllegalAction as e:
        assert e.reason
    else:
        raise AssertionError(f"{action} was accepted but is not legal")
    assert plain(state) == before
