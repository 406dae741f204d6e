"""Hand analysis for the Mint Tin bots (the bots' own, independent of the rules engine).

Cards are indexed 0..11: S1 S2 S3 SD  M4 M5 M6 MD  F7 F8 F9 FD (suit = index // 4, the
fourth card of each suit is its dragon). A hand is a 12-long tuple of natural counts plus a
joker count. Every winning 14-card shape is enumerated once as a *template*: a mapping
kind -> block size (2 pair, 3 pung, 4 kong, 5 quint) that follows a legal pattern (exactly two
block types) and a legal category set (a consecutive, wrapping run of >= 3 numbers in
Run/Odds/Evens, plus dragon blocks only of suits that have a number block).

The analysis answers, for a hand and its fixed exposures:
  * which templates it can still reach and what each one still needs (natural cards that
    must be drawn, "gap" slots a joker or a natural may fill, jokers that end up spare);
  * a cheap estimate of the chance to complete each template in the draws left, from the
    number of unseen copies of every card (so dead cards count as dead);
  * whether 14 cards win now and what they score (itemised like the rules).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import permutations
from typing import Iterable, NamedTuple, Sequence

KINDS: tuple[str, ...] = ("S1", "S2", "S3", "SD", "M4", "M5", "M6", "MD", "F7", "F8", "F9", "FD")
IDX: dict[str, int] = {k: i for i, k in enumerate(KINDS)}
JOKER = "J"
DRAGONS = (3, 7, 11)
SUIT = tuple(i // 4 for i in range(12))
NUMBER = tuple(None if i % 4 == 3 else (i // 4) * 3 + i % 4 + 1 for i in range(12))


def kind_of_number(n: int) -> int:
    return ((n - 1) // 3) * 4 + (n - 1) % 3


def is_dragon(k: int) -> bool:
    return k % 4 == 3


# (pattern as a sorted tuple of block sizes)
PATTERNS: tuple[tuple[int, ...], ...] = tuple(sorted({
    tuple(sorted(sizes)) for sizes in (
        (2,) + (4,) * 3, (2,) * 3 + (4,) * 2, (2,) * 5 + (4,), (2,) + (3,) * 4, (2,) * 4 + (3,) * 2,
        (2,) * 2 + (5,) * 2, (3,) * 3 + (5,), (4,) + (5,) * 2, (3,) * 2 + (4,) * 2)}))
CATEGORIES = {"run": tuple(range(1, 10)), "odds": (1, 3, 5, 7, 9), "evens": (2, 4, 6, 8)}


@dataclass(frozen=True)
class Template:
    blocks: tuple[tuple[int, int], ...]     # (kind, size), sorted by kind
    sizes: tuple[int, ...]                  # 12 entries, 0 = kind unused
    mask: int                               # bit k set = kind k used
    kongs: int
    quints: int
    special: str                            # "", "one_suit", "three_suits"
    base: int                               # points from kongs, quints and the special hand

    @property
    def pairs(self) -> int:
        return sum(1 for _, b in self.blocks if b == 2)


def _number_sets(mode: str = "strict") -> list[frozenset[int]]:
    """Legal number sets (at most six numbers: a hand has at most six blocks).

    strict (MTM-2 a): one unbroken wrapping run of >= 3 in a category;
    loose (MTM-2 b): numbers of one category that include such a run."""
    sets: set[frozenset[int]] = set()
    for seq in CATEGORIES.values():
        n = len(seq)
        runs = [frozenset(seq[(s + i) % n] for i in range(length))
                for length in range(3, min(n, 6) + 1) for s in range(n)]
        sets.update(runs)
        if mode == "loose":
            for mask in range(1 << n):
                nums = frozenset(seq[i] for i in range(n) if mask >> i & 1)
                if 3 <= len(nums) <= 6 and any(r <= nums for r in runs):
                    sets.add(nums)
    return sorted(sets, key=lambda s: (len(s), sorted(s)))


_ORDERS: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}


def _orders(pattern: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The distinct orders of a pattern's block sizes (worked out once per pattern)."""
    hit = _ORDERS.get(pattern)
    if hit is None:
        hit = _ORDERS[pattern] = tuple(set(permutations(pattern)))
    return hit


def _build_templates(mode: str = "strict") -> tuple[Template, ...]:
    out: dict[tuple, Template] = {}
    for ns in _number_sets(mode):
        nkinds = [kind_of_number(n) for n in sorted(ns)]
        suits = sorted({SUIT[k] for k in nkinds})
        for dmask in range(1 << len(suits)):
            dkinds = [suits[i] * 4 + 3 for i in range(len(suits)) if dmask >> i & 1]
            kinds = sorted(nkinds + dkinds)
            nb = len(kinds)
            for pat in PATTERNS:
                if len(pat) != nb:
                    continue
                for perm in _orders(pat):
                    blocks = tuple(zip(kinds, perm))
                    key = blocks
                    if key in out:
                        continue
                    sizes = [0] * 12
                    for k, b in blocks:
                        sizes[k] = b
                    kongs = sum(1 for _, b in blocks if b == 4)
                    quints = sum(1 for _, b in blocks if b == 5)
                    special = ""
                    nsuits = {SUIT[k] for k in nkinds}
                    if len(nsuits) == 1 and len(nkinds) == 3 and len(dkinds) == 1:
                        special = "one_suit"
                    elif nb == 6 and len(nkinds) == 3 and len(nsuits) == 3 and len(dkinds) == 3:
                        special = "three_suits"
                    base = (1 if kongs else 0) + quints + {"": 0, "one_suit": 2, "three_suits": 3}[special]
                    out[key] = Template(blocks, tuple(sizes), sum(1 << k for k in kinds), kongs, quints,
                                        special, base)
    return tuple(sorted(out.values(), key=lambda t: t.blocks))


TEMPLATES: tuple[Template, ...] = _build_templates()
_TEMPLATES_BY_MODE: dict[str, tuple[Template, ...]] = {"strict": TEMPLATES}


def templates(mode: str = "strict") -> tuple[Template, ...]:
    t = _TEMPLATES_BY_MODE.get(mode)
    if t is None:
        t = _TEMPLATES_BY_MODE[mode] = _build_templates(mode)
    return t


# --------------------------------------------------------------------------- hands

class Exposure(NamedTuple):
    """A fixed block (a named tuple: made and hashed for every decision, cheaper than a class)."""

    kind: int          # the card the block is made of
    size: int          # 3, 4 or 5
    jokers: int = 0    # jokers inside the block


def counts_of(cards: Iterable[str]) -> tuple[tuple[int, ...], int]:
    """Card names -> (12 natural counts, jokers)."""
    c = [0] * 12
    j = 0
    for name in cards:
        if name == JOKER:
            j += 1
        else:
            c[IDX[name]] += 1
    return tuple(c), j


def compatible_templates(exposures: Sequence[Exposure], mode: str = "strict") -> tuple[Template, ...]:
    """Templates in which every exposed block appears with exactly its size."""
    key = (mode,) + tuple(sorted((e.kind, e.size) for e in exposures))
    hit = _COMPAT_CACHE.get(key)
    if hit is None:
        pool = templates(mode)
        if len(key) > 1:      # start from the templates holding the first block (same order)
            k0, s0 = key[1]
            pool = _with_block(mode)[k0][s0] if 0 <= k0 < 12 and 0 <= s0 < 6 else ()
        for k, s in key[2:]:
            pool = [t for t in pool if t.sizes[k] == s]
        hit = tuple(pool)
        if len({k for k, _ in key[1:]}) != len(key) - 1:       # two blocks of one card: impossible
            hit = ()
        _COMPAT_CACHE[key] = hit
    return hit


_COMPAT_CACHE: dict[tuple, tuple[Template, ...]] = {}
_WITH_BLOCK: dict[str, list] = {}


def _with_block(mode: str) -> list[list[tuple[Template, ...]]]:
    """[kind][size] -> the templates (in template order) in which that kind makes a block of that size."""
    hit = _WITH_BLOCK.get(mode)
    if hit is None:
        lists: list[list[list[Template]]] = [[[] for _ in range(6)] for _ in range(12)]
        for t in templates(mode):          # one pass, so each list keeps template order
            for k, size in enumerate(t.sizes):
                lists[k][size].append(t)
        hit = _WITH_BLOCK[mode] = [[tuple(ts) for ts in per_kind] for per_kind in lists]
    return hit
_MASK_CACHE: dict[tuple, tuple] = {}


def _by_mask(exposures: Sequence[Exposure], mode: str):
    """Compatible templates grouped by the set of cards they use: ((mask, templates), ...)."""
    key = (mode,) + tuple(sorted((e.kind, e.size) for e in exposures))
    hit = _MASK_CACHE.get(key)
    if hit is None:
        groups: dict[int, list] = {}
        for t in compatible_templates(exposures, mode):
            groups.setdefault(t.mask, []).append(t)
        hit = _MASK_CACHE[key] = tuple((m, tuple(ts)) for m, ts in groups.items())
    return hit


_CONCEALED_CACHE: dict[tuple, dict] = {}


def _by_concealed_mask(exposures: Sequence[Exposure], mode: str) -> dict[int, tuple]:
    """`_by_mask` keyed by the cards of each group outside the exposed blocks (groups in order)."""
    key = (mode,) + tuple(sorted((e.kind, e.size) for e in exposures))
    hit = _CONCEALED_CACHE.get(key)
    if hit is None:
        em = exposed_mask(exposures)
        out: dict[int, list] = {}
        for mask, group in _by_mask(exposures, mode):
            out.setdefault(mask & ~em, []).append((mask, group))
        hit = _CONCEALED_CACHE[key] = {m: tuple(gs) for m, gs in out.items()}
    return hit


def needs(t: Template, hand: Sequence[int], jokers: int, exposed_kinds: int):
    """What template t still needs from a concealed hand.

    Returns (nat, gap, used): nat = list of (kind, n) naturals that must be drawn (pairs, and the
    one natural a joker block needs); gap = list of (kind, n) slots a natural or a joker fills
    (before the hand's own jokers are placed); used = concealed naturals the template uses.
    """
    nat = []
    gap = []
    used = 0
    for k, b in t.blocks:
        if exposed_kinds >> k & 1:
            continue
        c = hand[k]
        if b == 2:
            u = c if c < 2 else 2
            used += u
            if u < 2:
                nat.append((k, 2 - u))
        else:
            u = c if c < b else b
            used += u
            if u == 0:
                nat.append((k, 1))
                gap.append((k, b - 1))
            elif u < b:
                gap.append((k, b - u))
    return nat, gap, used


def missing(t: Template, hand: Sequence[int], jokers: int, exposed_kinds: int) -> int:
    """Cards still to be drawn to complete t (each joker in hand fills one gap slot)."""
    return blocks_missing([(k, b) for k, b in t.blocks if not exposed_kinds >> k & 1], hand, jokers)


def blocks_missing(blocks: Sequence[tuple[int, int]], hand: Sequence[int], jokers: int) -> int:
    """Cards the (kind, size) blocks still miss: pair naturals, the one natural each empty joker
    block needs, and the gap slots the hand's jokers cannot fill."""
    m = 0
    g = 0
    for k, b in blocks:
        c = hand[k]
        if b == 2:
            if c < 2:
                m += 2 - c
        elif c == 0:
            m += 1
            g += b - 1
        elif c < b:
            g += b - c
    return m + (g - jokers if g > jokers else 0)


def exposed_mask(exposures: Sequence[Exposure]) -> int:
    m = 0
    for e in exposures:
        m |= 1 << e.kind
    return m


# --------------------------------------------------------------------------- winning now

@dataclass(frozen=True)
class Win:
    template: Template | None      # None for the Epic hand
    points: int                    # itemised total (without anything the caller adds)
    items: tuple[tuple[str, int], ...]


def winning(hand: Sequence[int], jokers: int, exposures: Sequence[Exposure] = (),
            jokers_discarded: int = 0, concealed: bool | None = None, mode: str = "strict",
            every_group: bool = False) -> list[Win]:
    """Every way 14 cards (concealed hand + exposures) win, best first (may be 0 points).

    `concealed` defaults to "no exposures"; the caller passes False when the hand made calls.
    `every_group` tries every shape group instead of only those whose concealed cards are the
    hand's: the plain search, kept for the test that the shortcut lists the same wins.
    """
    if concealed is None:
        concealed = not exposures
    total = sum(hand) + jokers + sum(e.size for e in exposures)
    if total != 14:
        return []
    emask = exposed_mask(exposures)
    wins: list[Win] = []
    extra = [("Discarded jokers", jokers_discarded)] if jokers_discarded else []
    if concealed:
        extra.append(("Concealed", 1))
    if not exposures and jokers == 2 and all(c == 1 for c in hand):
        items = [("Epic hand", 7)] + extra
        wins.append(Win(None, sum(v for _, v in items), tuple(items)))
    sup = 0
    for k in range(12):
        if hand[k]:
            sup |= 1 << k
    # a template wins only if the hand holds every card of its concealed blocks (an empty block
    # fails the checks below): only the groups whose concealed cards are exactly the hand's
    groups = _by_mask(exposures, mode) if every_group else \
        _by_concealed_mask(exposures, mode).get(sup & ~emask, ())
    for mask, group in groups:
        if mask & sup != sup:
            continue
        for t in group:
            ok = True
            g = 0
            for k, b in t.blocks:
                if emask >> k & 1:
                    continue
                c = hand[k]
                if b == 2:
                    if c != 2:
                        ok = False
                        break
                elif c == 0 or c > b:
                    ok = False
                    break
                else:
                    g += b - c
            if not ok or g != jokers:
                continue
            items = []
            if t.special == "one_suit":
                items.append(("One Suit", 2))
            elif t.special == "three_suits":
                items.append(("Three Suits", 3))
            if t.kongs:
                items.append(("Kongs", 1))
            if t.quints:
                items.append(("Quints", t.quints))
            items += extra
            wins.append(Win(t, sum(v for _, v in items), tuple(items)))
    wins.sort(key=lambda w: -w.points)
    return wins


def best_win_points(hand, jokers, exposures=(), jokers_discarded=0, concealed=None) -> int | None:
    w = winning(hand, jokers, exposures, jokers_discarded, concealed)
    return w[0].points if w else None


def waits(hand: Sequence[int], jokers: int, exposures: Sequence[Exposure] = (), jokers_discarded: int = 0,
          concealed: bool | None = None, mode: str = "strict") -> dict[int, int]:
    """For 13 cards: {card index (12 = joker): best points} for every card that makes a valid hand."""
    out = {}
    h = list(hand)
    for k in range(12):
        if h[k] >= 4:
            continue
        h[k] += 1
        w = winning(h, jokers, exposures, jokers_discarded, concealed, mode)
        if w:
            out[k] = w[0].points
        h[k] -= 1
    used_jokers = jokers + sum(e.jokers for e in exposures)
    w = winning(hand, jokers + 1, exposures, jokers_discarded, concealed, mode) if used_jokers < 4 else []
    if w:
        out[12] = w[0].points
    return out


# --------------------------------------------------------------------------- chances

# Chances depend only on (u, r, a, n): one cache per (u, r), shared by every Chances object
_CHANCES_CACHE: dict[tuple[int, int], dict] = {}
_ROWS_CACHE: dict[tuple[int, int], dict] = {}


class Chances:
    """P(at least n of `a` unseen copies turn up in the next `r` draws out of `u` unseen cards),
    hypergeometric, cached per (u, r)."""

    def __init__(self, unseen: int, draws: int):
        self.u = max(1, unseen)
        self.r = max(0, min(draws, self.u))
        self._cache: dict[tuple[int, int], float] = _CHANCES_CACHE.setdefault((self.u, self.r), {})
        self._rows: dict[int, tuple[float, ...]] = _ROWS_CACHE.setdefault((self.u, self.r), {})

    def row(self, a: int) -> tuple[float, ...]:
        """(at_least(a, 0), ..., at_least(a, 6)): enough for any block (a quint needs 5)."""
        hit = self._rows.get(a)
        if hit is None:
            hit = self._rows[a] = tuple(self.at_least(a, n) for n in range(7))
        return hit

    def at_least(self, a: int, n: int) -> float:
        if n <= 0:
            return 1.0
        if a < n or self.r < n:
            return 0.0
        key = (a, n)
        v = self._cache.get(key)
        if v is None:
            u, r = self.u, self.r
            a = min(a, u)
            denom = math.comb(u, r)
            v = sum(math.comb(a, i) * math.comb(u - a, r - i) for i in range(n, min(a, r) + 1)) / denom
            self._cache[key] = v
        return v


def template_chance(t: Template, hand: Sequence[int], jokers: int, exposed_kinds: int,
                    avail: Sequence[int], avail_jokers: int, ch: Chances, call_boost: float = 0.0,
                    max_missing: int = 99) -> tuple[float, int, int]:
    """(chance to complete, cards missing, spare jokers) for template t.

    Naturals a pair needs must be naturals; a joker block needs one natural; every other gap is
    filled first by the hand's jokers (placed where naturals are scarcest), then by drawn
    naturals or unseen jokers. Needs of one kind are treated as one event, kinds as independent.
    """
    nat, gap, _ = needs(t, hand, jokers, exposed_kinds)
    spare = jokers
    # place own jokers on the gaps whose naturals are scarcest
    gaps = []
    for k, n in gap:
        left = avail[k] - sum(x for kk, x in nat if kk == k)
        gaps.append([max(0, left), k, n])
    if spare and gaps:
        gaps.sort()
        for g in gaps:
            take = min(spare, g[2])
            g[2] -= take
            spare -= take
            if not spare:
                break
    m = sum(n for _, n in nat) + sum(g[2] for g in gaps)
    if m > max_missing:
        return 0.0, m, spare
    if m == 0:
        return 1.0, 0, spare
    p = 1.0
    need_j = 0
    for k, n in nat:
        extra = 0
        for g in gaps:
            if g[1] == k and g[2]:
                extra = g[2]
        a = avail[k]
        if extra:
            # naturals for the gap too if there are enough, the rest from unseen jokers
            nn = min(n + extra, a)
            need_j += n + extra - nn
            if nn < n:
                return 0.0, m, spare
            p *= ch.at_least(a, nn) * (1 + call_boost) if nn >= 2 else ch.at_least(a, nn)
        else:
            p *= ch.at_least(a, n)
        if p == 0.0:
            return 0.0, m, spare
    natkinds = {k for k, _ in nat}
    for left, k, n in gaps:
        if not n or k in natkinds:
            continue
        nn = min(n, left)
        need_j += n - nn
        q = ch.at_least(left, nn) if nn else 1.0
        if nn and call_boost:
            q = min(1.0, q * (1 + call_boost))
        p *= q
    if need_j:
        p *= ch.at_least(avail_jokers, need_j)
    return min(p, 1.0), m, spare


def epic_chance(hand: Sequence[int], jokers: int, avail: Sequence[int], avail_jokers: int,
                ch: Chances) -> tuple[float, int]:
    """Chance and missing count for the Epic hand (one of each card + two jokers)."""
    p = 1.0
    m = 0
    for k in range(12):
        if hand[k] == 0:
            m += 1
            p *= ch.at_least(avail[k], 1)
    if jokers < 2:
        m += 2 - jokers
        p *= ch.at_least(avail_jokers, 2 - jokers)
    return p, m


def distance(hand: Sequence[int], jokers: int, exposures: Sequence[Exposure] = ()) -> int:
    """Fewest cards still to draw to reach any winning shape (ignores points and dead cards)."""
    em = exposed_mask(exposures)
    return min((missing(t, hand, jokers, em) for t in compatible_templates(exposures)), default=99)
