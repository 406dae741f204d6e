"""Mint Tin hand valuation: the pruned searches give exactly what the full listing gives.

`Context.value` (best shape only) skips the shape groups whose upper bound cannot beat the best
value found, `value_at_least` also skips what cannot reach a floor, `block_sizes_in_reach`
counts without listing, and the bots' `_best_discards` evaluates the losing discards only far
enough. None of this may change a number or a choice: each is checked here against the plain
listing (`candidates`, combined as the docs say, and the full discard list), float for float.
"""

from __future__ import annotations

from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from game.bots.minttin.analysis import Exposure
from game.bots.minttin.bot import HARD, NORMAL, ThinkingBot
from game.bots.minttin.evaluate import Context, Weights

WEIGHTS = (NORMAL.weights, HARD.weights, NORMAL.solo_weights, Weights(slack=0))


@st.composite
def situations(draw):
    """A concealed hand (with 0 or 1 exposed pung) and what the seat knows of the unseen cards."""
    exposures = draw(st.sampled_from([(), (Exposure(draw(st.integers(0, 11)), 3, draw(st.integers(0, 1))),)]))
    jokers = draw(st.integers(0, 3))
    size = draw(st.sampled_from([13, 14])) - jokers - 3 * len(exposures)
    hand = [0] * 12
    for k in draw(st.lists(st.integers(0, 11), min_size=size, max_size=size)):
        if hand[k] < 4:
            hand[k] += 1
    avail = [draw(st.integers(0, 4 - min(4, hand[k]))) for k in range(12)]
    unseen = sum(avail) + draw(st.integers(0, 3))
    draws = draw(st.integers(1, 14))
    looks = draws + draw(st.integers(0, 8))
    weights = draw(st.sampled_from(WEIGHTS))
    args = (exposures, avail, draw(st.integers(0, 3)), unseen, draws, looks, draw(st.integers(0, 1)))
    return args, weights, hand, jokers


def _context(sit) -> Context:
    """A new Context for the situation (its own memos start empty)."""
    args, weights, _, _ = sit
    return Context(*args, concealed=not args[0], weights=weights)


def _listed(ctx: Context, hand, jokers, extra=0):
    return ctx._combined(ctx.candidates(hand, jokers, extra))


@settings(max_examples=80, deadline=None)
@given(situations(), st.integers(0, 1))
def test_value_is_the_best_listed_candidate(sit, extra):
    _, _, hand, jokers = sit
    assert _context(sit).value(hand, jokers, extra) == _listed(_context(sit), hand, jokers, extra)


@settings(max_examples=60, deadline=None)
@given(situations(), st.floats(0.0, 1.2))
def test_value_at_least_is_exact_above_the_floor(sit, floor):
    _, _, hand, jokers = sit
    want = _listed(_context(sit), hand, jokers)
    v, m = _context(sit).value_at_least(hand, jokers, floor)
    assert m == want[1]
    if want[0] >= floor:
        assert v == want[0]
    else:
        assert v is None


@settings(max_examples=60, deadline=None)
@given(situations(), st.integers(0, 11))
def test_block_sizes_in_reach_match_the_candidates(sit, k):
    _, _, hand, jokers = sit
    ctx = _context(sit)
    listed = {b for c in ctx.candidates(hand, jokers) if c.template is not None
              for kk, b in c.template.blocks if kk == k}
    assert ctx.block_sizes_in_reach(hand, jokers, k) == listed


@settings(max_examples=40, deadline=None)
@given(situations(), st.integers(1, 3), st.sampled_from([-1.0, 0.1, 0.4]))
def test_best_discards_are_the_head_of_the_full_list(sit, keep, floor):
    _, _, hand, jokers = sit
    bot = ThinkingBot(NORMAL)
    full = bot._discard_scores(SimpleNamespace(solo=False), hand, jokers, _context(sit))
    want = [e for e in full if e[0] >= floor][:keep]
    assert bot._best_discards(hand, jokers, _context(sit), keep, floor) == want


def test_weights_key_holds_every_field():
    """Contexts are kept by their Weights' key: a field left out would mix up two strengths."""
    import dataclasses
    for w in WEIGHTS + (Weights(per_point=0.3, beta=None, concealed=False),):
        assert w.key() == dataclasses.astuple(w)


def test_group_templates_leave_out_exactly_the_exposed_blocks():
    """_groups cuts the exposed blocks out of each template's blocks by position: the same as
    keeping every block whose card is not exposed."""
    from game.bots.minttin.analysis import exposed_mask
    from game.bots.minttin.evaluate import _groups
    cases = [(Exposure(k, s),) for k in range(12) for s in (3, 4, 5)] + \
            [(Exposure(k, 3), Exposure((k + d) % 12, 4)) for k in range(12) for d in (1, 5)] + \
            [(Exposure(0, 3), Exposure(5, 3), Exposure(10, 5))]
    seen = 0
    for exps in cases:
        em = exposed_mask(exps)
        for _, ts in _groups(exps, "strict"):
            for free, t in ts:
                assert free == tuple((k, b) for k, b in t.blocks if not em >> k & 1)
                seen += 1
    assert seen > 1000
