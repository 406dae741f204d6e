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

from game.bots.minttin import evaluate as E
from game.bots.minttin.analysis import Chances, Exposure
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


@settings(max_examples=60, deadline=None)
@given(situations(), st.integers(0, 11), st.sets(st.integers(2, 5)))
def test_block_sizes_wanted_are_those_of_the_full_answer(sit, k, want):
    """Asked for some sizes only, the search stops once it has them: the answer is the full
    answer's sizes among those wanted."""
    _, _, hand, jokers = sit
    full = _context(sit).block_sizes_in_reach(hand, jokers, k)
    assert _context(sit).block_sizes_in_reach(hand, jokers, k, want) == full & want


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


@settings(max_examples=40, deadline=None)
@given(situations(), st.lists(st.tuples(st.integers(0, 12), st.sampled_from([-1.0, 0.0, 0.05, 0.2, 0.5])),
                              min_size=1, max_size=12))
def test_memos_shared_by_the_hands_of_one_context_change_nothing(sit, asks):
    """One Context answers for many hands in a decision (each discard, the joker discard), and
    its memos (a group's bound, best value and fewest missing, by the hand's counts of the
    group's cards) carry from one hand to the next: each answer equals a fresh Context's."""
    _, _, hand, jokers = sit
    shared = _context(sit)
    for k, floor in asks:
        if k == 12:
            if not jokers:
                continue
            h, j, extra = hand, jokers - 1, 1
        else:
            if not hand[k]:
                continue
            h, j, extra = [c - (i == k) for i, c in enumerate(hand)], jokers, 0
        want = _listed(_context(sit), h, j, extra)
        if floor < 0:
            assert shared.value(h, j, extra) == want
        else:
            v, m = shared.value_at_least(h, j, floor, extra)
            assert m == want[1]
            assert v == (want[0] if want[0] >= floor else None)


@settings(max_examples=60, deadline=None)
@given(situations(), st.lists(st.tuples(st.integers(0, 11), st.sampled_from([0.3, 0.9, 1.0, 1.1])),
                              min_size=2, max_size=12))
def test_a_parent_hands_bounds_change_nothing(sit, asks):
    """A discard's hand is searched with its parent (the hand before the discard): a group whose
    bound for the parent (known from an earlier discard) is below the floor is skipped without
    its own bound. Each answer still equals a fresh Context's plain listing (floors near it)."""
    _, _, hand, jokers = sit
    shared = _context(sit)
    for k, scale in asks:
        if not hand[k]:
            continue
        h = [c - (i == k) for i, c in enumerate(hand)]
        want = _listed(_context(sit), h, jokers)
        floor = want[0] * scale
        v, m = shared.value_at_least(h, jokers, floor, parent=hand)
        assert m == want[1]
        assert v == (want[0] if want[0] >= floor else None)


@settings(max_examples=30, deadline=None)
@given(situations(), st.integers(0, 2))
def test_group_value_is_the_best_of_its_listed_shapes(sit, bonus):
    """`_group` with a points bonus gives, in one pass, what valuing its listed entries within
    the missing limit gives (the 1.15 for a last card that may be called, then the weight)."""
    _, _, hand, jokers = sit
    ctx = _context(sit)
    slack = ctx.w.slack
    for kinds, ts in ctx.groups:
        gbest, entries = ctx._group(ts, kinds, hand, jokers, slack)
        # the search asks a group for the shapes at most (fewest in reach + slack) missing,
        # and its own fewest is never below the fewest in reach
        for lim in range(gbest, gbest + slack + 1):
            want = 0.0
            for m, p, pts, _ in entries:
                if m <= lim:
                    if m == 1:
                        p = min(1.0, p * 1.15)
                    x = p * ctx.w.weight(pts + bonus)
                    if x > want:
                        want = x
            assert ctx._group(ts, kinds, hand, jokers, lim, bonus) == want


def _kind_bound_plain(ctx: Context, k: int, c: int, jokers: int, sizes: int) -> float:
    """The largest factor of card k over its block sizes with `jokers` jokers on it, size by size."""
    best = 0.0
    for b in (2, 3, 4, 5):
        if not sizes >> b & 1:
            continue
        if b == 2:
            f = ctx.PN[k][2 - c] if c < 2 else 1.0
        elif c >= b:
            f = 1.0
        else:
            mand, gap = (1, b - 1) if c == 0 else (0, b - c)
            n = mand + (gap - jokers if gap > jokers else 0)
            a = ctx.avail[k]
            f = 0.0 if a < mand else (ctx.PC[k] if c >= 2 else ctx.PN[k])[n if n < a else a]
        best = max(best, f)
    return best


@settings(max_examples=60, deadline=None)
@given(situations(), st.integers(0, 11), st.integers(0, 4), st.integers(0, 4), st.integers(1, 15))
def test_kind_bounds_for_every_joker_count_match_one_at_a_time(sit, k, c, jokers, sizes):
    ctx = _context(sit)
    got = ctx._kind_bounds(k, c, jokers, sizes << 2)
    assert got == tuple(_kind_bound_plain(ctx, k, c, j, sizes << 2) for j in range(jokers + 1))


factors = st.lists(st.floats(0.0, 1.0), min_size=3, max_size=3).map(lambda f: tuple(sorted(f)))


@settings(max_examples=100, deadline=None)
@given(st.floats(0.0, 2.0), st.lists(factors, min_size=2, max_size=5))
def test_two_joker_sharing_is_the_general_programme(ub, helped):
    from game.bots.minttin.evaluate import _MARGIN, _shared_bound
    best = helped[0]
    for f in helped[1:]:
        best = [max([best[j - x] * f[x] for x in range(j + 1)]) for j in range(3)]
    assert _shared_bound((ub, helped), 2) == ub * best[2] * _MARGIN


def test_compatible_templates_hold_every_exposed_block():
    """The shapes compatible with several exposures (filtered block by block from those holding
    the first) are exactly the templates holding every exposed block, in template order."""
    from game.bots.minttin.analysis import compatible_templates, templates
    cases = [(Exposure(k, 3), Exposure((k + d) % 12, s)) for k in range(12) for d in (1, 4, 6) for s in (3, 4, 5)] + \
            [(Exposure(0, 3), Exposure(5, 3), Exposure(10, 5)), (Exposure(2, 4), Exposure(6, 3), Exposure(9, 3))]
    for exps in cases:
        want = tuple(t for t in templates() if all(t.sizes[e.kind] == e.size for e in exps))
        assert compatible_templates(exps) == want


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 60), st.integers(0, 20), st.integers(0, 40),
       st.lists(st.integers(0, 4), min_size=12, max_size=12), st.integers(0, 4))
def test_chance_tables_are_each_cards_rows_and_ratios(unseen, draws, looks, avail, avail_jokers):
    """_tables works out each distinct count's rows once: the same rows as card by card."""
    E._TABLES.clear()
    PN, PC, PJ, RN, RC, _ = E._tables(unseen, draws, looks, tuple(avail), avail_jokers)
    draw, look = Chances(unseen, draws), Chances(unseen, looks)
    assert PN == [draw.row(a) for a in avail] and PC == [look.row(a) for a in avail]
    assert PJ == draw.row(avail_jokers)
    assert RN == [E._ratios(draw.row(a)) for a in avail] and RC == [E._ratios(look.row(a)) for a in avail]
