"""The kit's hand module against slow, obviously-correct references (hypothesis)."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.kit import hands as H
from game.core.kit.tiles import KIND_INDEX

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example,
                                                   HealthCheck.data_too_large])


def hand(text: str) -> tuple:
    return H.counts_of(KIND_INDEX[t] for t in text.split())


# ----------------------------------------------------------------------------- references

def ref_complete(counts, sets) -> bool:
    """Plain recursion: take the lowest kind as a pung, a chow or the pair."""
    c = list(counts)

    def walk(sets_left: int, pair_left: int) -> bool:
        i = next((k for k in range(34) if c[k]), None)
        if i is None:
            return sets_left == 0 and pair_left == 0
        if sets_left and c[i] >= 3:
            c[i] -= 3
            ok = walk(sets_left - 1, pair_left)
            c[i] += 3
            if ok:
                return True
        if sets_left and i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
            for d in range(3):
                c[i + d] -= 1
            ok = walk(sets_left - 1, pair_left)
            for d in range(3):
                c[i + d] += 1
            if ok:
                return True
        if pair_left and c[i] >= 2:
            c[i] -= 2
            ok = walk(sets_left, 0)
            c[i] += 2
            if ok:
                return True
        return False

    return walk(sets, 1)


def _groups_holding(i: int) -> list[tuple[str, int]]:
    """Every set or pair (shape, lowest kind) that contains kind i."""
    out = [("pung", i), ("pair", i)]
    if i < 27:
        for s in (i - 2, i - 1, i):
            if s >= 0 and s // 9 == i // 9 and s % 9 <= 6:
                out.append(("chow", s))
    return out


def _full(shape: str, k: int) -> tuple[int, ...]:
    return (k, k + 1, k + 2) if shape == "chow" else (k,) * (3 if shape == "pung" else 2)


def ref_shanten(counts, sets) -> int:
    """By definition: 3*sets+2 minus the most tiles of the hand some complete hand contains, minus 1.

    Searches the kept tiles directly: every sub-multiset y of the hand, largest first, asking
    whether y can be split into at most `sets` partial sets and at most one partial pair whose
    completions never need a fifth copy of a kind. Fresh sets (no kept tile) fill the rest.
    """
    kinds = [k for k in range(34) for _ in range(counts[k])]

    @lru_cache(maxsize=None)
    def fits(y: tuple[int, ...]) -> bool:
        rest = list(y)

        def walk(sets_left: int, pair_left: int, used: Counter) -> bool:
            i = next((k for k in range(34) if rest[k]), None)
            if i is None:
                return True
            for shape, s in _groups_holding(i):
                if shape == "pair" and not pair_left or shape != "pair" and not sets_left:
                    continue
                full = _full(shape, s)
                if any(used[k] + full.count(k) > 4 for k in set(full)):
                    continue
                # the lowest held kind i must be in the group; try every subset of the group's other tiles
                others = [k for k in full]
                others.remove(i)
                for mask in range(1 << len(others)):
                    take = [i] + [k for b, k in enumerate(others) if mask >> b & 1]
                    need = Counter(take)
                    if any(rest[k] < n for k, n in need.items()):
                        continue
                    if shape != "chow" and mask & (mask + 1):
                        continue        # copies of one kind: only how many matters, so masks 0, 1, 11
                    for k, n in need.items():
                        rest[k] -= n
                    used.update(full)
                    ok = walk(sets_left - (shape != "pair"), pair_left - (shape == "pair"), used)
                    used.subtract(full)
                    for k, n in need.items():
                        rest[k] += n
                    if ok:
                        return True
            return False

        return walk(sets, 1, Counter())

    best = 0
    n = len(kinds)
    seen: set[tuple[int, ...]] = set()
    for mask in range(1 << n):
        size = bin(mask).count("1")
        if size <= best:
            continue
        y = [0] * 34
        for b in range(n):
            if mask >> b & 1:
                y[kinds[b]] += 1
        t = tuple(y)
        if t in seen:
            continue
        seen.add(t)
        if fits(t):
            best = size
    return 3 * sets + 2 - best - 1


# ----------------------------------------------------------------------------- strategies

ALL = [k for k in range(34) for _ in range(4)]


@st.composite
def hands_of(draw, sizes=(13, 14), kinds=None):
    """A hand drawn without replacement from a full set (or from the given kinds x 4)."""
    pool = ALL if kinds is None else [k for k in kinds for _ in range(4)]
    size = draw(st.sampled_from(sizes))
    picked = draw(st.permutations(pool))[:size]
    return H.counts_of(picked)


@st.composite
def complete_hands(draw, sets=4):
    """A complete concealed part: `sets` random sets and a pair, never a fifth copy."""
    while True:
        c = [0] * 34
        for _ in range(sets):
            if draw(st.booleans()):
                s = draw(st.integers(0, 2)) * 9 + draw(st.integers(0, 6))
                for d in range(3):
                    c[s + d] += 1
            else:
                c[draw(st.integers(0, 33))] += 3
        c[draw(st.integers(0, 33))] += 2
        if max(c) <= 4:
            return tuple(c)


# ----------------------------------------------------------------------------- complete

def test_named_hands():
    assert H.is_complete(hand("B1 B2 B3 B4 B5 B6 B7 B8 B9 C1 C1 C1 DR DR"))
    assert not H.is_complete(hand("B1 B2 B3 B4 B5 B6 B7 B8 B9 C1 C1 C1 DR DG"))
    assert H.is_complete(hand("WE WE WE WS WS WS DR DR DR C5 C5 C5 C6 C7 C8 D9 D9"), 5)
    assert not H.is_complete(hand("WE WE WE WS WS WS DR DR DR C5 C5 C5 C6 C7 C8 D9 D9"), 4)
    assert H.is_complete(hand("D2 D2"), 0)


@settings(max_examples=150, **SETTINGS)
@given(st.integers(0, 5).flatmap(lambda k: st.tuples(st.just(k), complete_hands(k))))
def test_generated_complete_hands_are_complete(case):
    sets, counts = case
    assert H.is_complete(counts, sets)
    assert H.shanten(counts, sets) == -1
    assert H.arrangements(counts, sets)


@settings(max_examples=300, **SETTINGS)
@given(hands_of(sizes=(2, 5, 8, 11, 14, 17)))
def test_complete_matches_plain_recursion(counts):
    sets = (sum(counts) - 2) // 3
    assert H.is_complete(counts, sets) == ref_complete(counts, sets)


@settings(max_examples=200, **SETTINGS)
@given(hands_of(sizes=(14, 17), kinds=range(9)))
def test_complete_matches_plain_recursion_in_one_suit(counts):
    # one suit makes complete hands common, so both answers get exercised
    sets = (sum(counts) - 2) // 3
    assert H.is_complete(counts, sets) == ref_complete(counts, sets)


# ----------------------------------------------------------------------------- shanten

@settings(max_examples=300, **SETTINGS)
@given(hands_of(sizes=(14, 17)))
def test_shanten_minus_one_iff_complete(counts):
    sets = (sum(counts) - 2) // 3
    assert (H.shanten(counts, sets) == -1) == H.is_complete(counts, sets)


@settings(max_examples=200, **SETTINGS)
@given(hands_of(sizes=(14, 17), kinds=list(range(18, 27)) + [27, 31]))
def test_shanten_minus_one_iff_complete_near_complete(counts):
    sets = (sum(counts) - 2) // 3
    assert (H.shanten(counts, sets) == -1) == H.is_complete(counts, sets)


@settings(max_examples=120, **SETTINGS)
@given(hands_of(sizes=(4, 5, 7, 8)))
def test_shanten_equals_brute_force_small_hands(counts):
    sets = (sum(counts) - 1) // 3
    assert H.shanten(counts, sets) == ref_shanten(counts, sets)


@settings(max_examples=80, **SETTINGS)
@given(hands_of(sizes=(7, 8, 10), kinds=list(range(9)) + [30]))
def test_shanten_equals_brute_force_crowded_suit(counts):
    # one suit and a wind: many repeats, so the four-copies limit matters
    sets = (sum(counts) - 1) // 3
    assert H.shanten(counts, sets) == ref_shanten(counts, sets)


def test_four_copies_limit():
    # 1111 bamboo + three sets: the single 1 cannot wait for a fifth copy (the usual formula says 0)
    counts = hand("B1 B1 B1 B1 D2 D3 D4 D5 D6 D7 C7 C8 C9")
    assert H.shanten(counts) == 1 == ref_shanten(counts, 4)
    assert H.waits(counts) == ()


def test_waits_with_unseen_copies():
    counts = hand("B1 B2 B3 B4 B5 B6 B7 B8 B9 C2 C3 DR DR")        # waits C1 / C4
    visible = [0] * 34
    visible[KIND_INDEX["C4"]] = 3
    assert H.waits_unseen(counts, 4, visible) == ((KIND_INDEX["C1"], 4), (KIND_INDEX["C4"], 1))
    assert H.waits_unseen(counts) == ((KIND_INDEX["C1"], 4), (KIND_INDEX["C4"], 4))


def test_shanten_of_known_hands():
    assert H.shanten(hand("B1 B4 B7 C2 C5 C8 D3 D6 D9 WE WS WW WN")) == 8
    assert H.shanten(hand("B1 B2 B3 B4 B5 B6 B7 B8 B9 C1 C1 C2 DR")) == 1
    assert H.shanten(hand("B1 B2 B3 B4 B5 B6 B7 B8 B9 C1 C2 C3 DR")) == 0
    assert H.shanten(hand("B1 B2 B3 B4 B5 B6 B7 B8 B9 C1 C1 C2 DR DR")) == 0
    assert H.shanten(hand("B1 B2 B3 B5 B6 B7 C1 C1 C4 C4 D7 D8 D8 WE WE WE"), 5) == 1


@settings(max_examples=200, **SETTINGS)
@given(hands_of(sizes=(13, 14, 16, 17)))
def test_cached_and_uncached_agree(counts):
    sets = (sum(counts) - 1) // 3
    assert H.shanten(counts, sets) == H._shanten_uncached(counts, sets)


# ----------------------------------------------------------------------------- arrangements

@settings(max_examples=150, **SETTINGS)
@given(st.sampled_from([4, 5]).flatmap(lambda k: st.tuples(st.just(k), complete_hands(k))))
def test_every_arrangement_reassembles_to_the_hand(case):
    sets, counts = case
    meld = H.Group("kong", 33, concealed=False)
    found = H.arrangements(counts, sets, melds=[meld])
    assert found
    keys = set()
    for arr in found:
        assert arr.sets[-1] == meld
        concealed = arr.sets[:-1]
        assert len(concealed) == sets and all(g.shape in ("pung", "chow") for g in concealed)
        assert H.counts_of(k for g in concealed + (arr.pair,) for k in g.kinds) == counts
        keys.add((arr.pair, tuple(sorted(concealed))))
    assert len(keys) == len(found)          # no arrangement listed twice


def test_arrangements_of_a_known_hand():
    found = H.arrangements(hand("B1 B1 B1 B2 B2 B2 B3 B3 B3 C1 C1 C1 DR DR"))
    shapes = sorted(tuple(sorted(g.shape for g in a.sets)) for a in found)
    assert shapes == [("chow", "chow", "chow", "pung"), ("pung", "pung", "pung", "pung")]
    assert H.arrangements(hand("B1 B1 B1 B2 B2 B2 B3 B3 B3 C1 C1 C1 DR DG")) == ()


# ----------------------------------------------------------------------------- waits, useful

@settings(max_examples=150, **SETTINGS)
@given(st.sampled_from([4, 5]).flatmap(lambda k: st.tuples(st.just(k), complete_hands(k), st.integers(0, 16))))
def test_waits_are_exactly_the_completing_tiles(case):
    sets, counts, drop = case
    held = [k for k in range(34) for _ in range(counts[k])]
    k = held[drop % len(held)]
    short = counts[:k] + (counts[k] - 1,) + counts[k + 1:]
    expected = tuple(t for t in range(34) if short[t] < 4
                     and ref_complete(short[:t] + (short[t] + 1,) + short[t + 1:], sets))
    assert H.waits(short, sets) == expected
    assert k in expected


@settings(max_examples=60, **SETTINGS)
@given(hands_of(sizes=(13,)), st.lists(st.integers(0, 33), max_size=20))
def test_useful_tiles_lower_shanten_and_count_unseen(counts, seen):
    visible = [0] * 34
    for k in seen:
        if counts[k] + visible[k] < 4:
            visible[k] += 1
    u = H.useful(counts, 4, visible)
    now = H.shanten(counts)
    assert u.shanten == now
    useful_kinds = {k for k, _ in u.tiles}
    for k in range(34):
        if counts[k] < 4:
            better = H.shanten(counts[:k] + (counts[k] + 1,) + counts[k + 1:]) < now
            assert (k in useful_kinds) == better
    for k, unseen in u.tiles:
        assert unseen == 4 - counts[k] - visible[k]
    assert u.total == sum(n for _, n in u.tiles)


def test_discard_choices_best_first():
    counts = hand("B1 B2 B3 B4 B5 B6 B7 B8 B9 C1 C2 C3 DR WN")
    choices = H.discard_choices(counts)
    assert {k for k, _ in choices} == {k for k in range(34) if counts[k]}
    best_kind, best = choices[0]
    assert best.shanten == 0 and best_kind in (KIND_INDEX["DR"], KIND_INDEX["WN"])
    keys = [(u.shanten, -u.total) for _, u in choices]
    assert keys == sorted(keys)


def test_sets_needed():
    assert H.sets_needed(4, 1) == 3
    assert H.sets_needed(5, 0) == 5
    with pytest.raises(ValueError):
        H.sets_needed(4, 5)


def test_clear_caches_rebuilds_on_demand():
    counts = hand("B1 B2 B3 B4 B5 B6 B7 B8 B9 C1 C1 C1 DR DR")
    H.clear_caches()
    assert H.is_complete(counts)
    assert H.shanten(counts) == -1
