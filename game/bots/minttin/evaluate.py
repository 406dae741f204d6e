"""Hand valuation for the Mint Tin bots: how good is this (13-card) hand to keep?

A `Context` is built once per decision from what the seat can see: its exposures, how many
copies of every card are unseen, how many unseen jokers, how many cards are unseen in all and
how many draws (and callable "looks") it can still expect. `Context.value(hand, jokers)` then
sums, over the winning templates within reach, chance-to-complete x weight(points).

Speed: templates are grouped by the set of cards they use; a group whose cards cover too little
of the hand is skipped without looking at its templates (a bound on the cards still missing).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from operator import itemgetter
from typing import Sequence

from .analysis import (Chances, blocks_missing, Exposure, Template, compatible_templates, exposed_mask)


@dataclass
class Weights:
    """How a strength turns points into value."""

    per_point: float = 0.0        # value of each point above 1 (0: every win is worth the same)
    zero_point: float = 0.3       # value of a valid 0-point hand (it can only Double)
    epic: float = 0.0             # value of the Epic hand (0: not pursued)
    slack: int = 1                # templates up to this many cards worse than the best count
    concealed: bool = True        # count the concealed bonus
    beta: float | None = 0.0      # None: sum over shapes; else best shape + beta x the others

    def key(self) -> tuple:
        """The fields as a tuple (a memo key: a dataclass astuple deep-copies, and is slow)."""
        return (self.per_point, self.zero_point, self.epic, self.slack, self.concealed, self.beta)

    def weight(self, points: int) -> float:
        if points <= 0:
            return self.zero_point
        return 1.0 + self.per_point * (points - 1)


_GROUP_CACHE: dict[tuple, tuple] = {}


def _groups(exposures: Sequence[Exposure], mode: str):
    key = (mode,) + tuple(sorted((e.kind, e.size) for e in exposures))
    hit = _GROUP_CACHE.get(key)
    if hit is not None:
        return hit
    em = exposed_mask(exposures)
    exposed = [k for k in range(11, -1, -1) if em >> k & 1]      # highest first
    by_mask: dict[int, list] = {}
    for t in compatible_templates(exposures, mode):
        # the blocks are in card order: an exposed card's block sits after one block per lower card
        free = t.blocks
        for k in exposed:
            if t.mask >> k & 1:
                i = (t.mask & ((1 << k) - 1)).bit_count()
                free = free[:i] + free[i + 1:]
        by_mask.setdefault(t.mask & ~em, []).append((free, t))
    groups = tuple((tuple(k for k in range(12) if mask >> k & 1), tuple(ts)) for mask, ts in by_mask.items())
    _GROUP_CACHE[key] = groups
    return groups


_INDEX_CACHE: dict[tuple, tuple] = {}


def _index(exposures: Sequence[Exposure], mode: str):
    """Everything a Context needs about the templates for these exposures, built once:
    (groups, groups with their card masks, the two halves of the masks as bytes,
    {group memo key: fewest missing})."""
    key = (mode,) + tuple(sorted((e.kind, e.size) for e in exposures)) if exposures else (mode,)
    hit = _INDEX_CACHE.get(key)
    if hit is None:
        groups = _groups(exposures, mode)
        # (low six bits of the card mask, high six bits, (group index, cards, templates),
        #  (fewest, most) base points of its templates, per card (card, its block sizes as a
        #  memo code: see _bound_code), the group's byte per card in a hand code (see
        #  _hand_code), the group index above them): `hand code & mask | index` is the memo key
        #  of everything a group gives for a hand
        masked = tuple((mask & 63, mask >> 6, (gi, kinds, ts), (min(t.base for _, t in ts), max(t.base for _, t in ts)),
                        tuple((k, _bound_code(k, sz)) for k, sz in zip(kinds, _size_masks(kinds, ts))),
                        sum(255 << 8 * k for k in kinds), gi << 96)
                       for gi, (kinds, ts) in enumerate(groups)
                       for mask in (sum(1 << k for k in kinds),))
        # the fewest-missing count of a group depends only on the hand, never on the chances:
        # one memo for every Context with these exposures
        hit = _INDEX_CACHE[key] = (groups, masked, (bytes(e[0] for e in masked), bytes(e[1] for e in masked)), {})
    return hit


def _bound_code(k: int, sizes: int) -> int:
    """A card and its block sizes (bit mask) as one integer; adding 8 x count + jokers (each
    below 8) gives the key of `Context._kind_bounds`'s memo."""
    return ((k << 6) | sizes) << 6


def _size_masks(kinds, free_ts) -> tuple[int, ...]:
    """Per card of a group, the block sizes it takes in the group's templates (bit b = size b)."""
    masks = dict.fromkeys(kinds, 0)
    for free, _ in free_ts:
        for k, b in free:
            masks[k] |= 1 << b
    return tuple(masks[k] for k in kinds)


def _group_missing(free_ts, hand: Sequence[int], jokers: int) -> int:
    """The fewest cards any template of a group still misses (as `Context._group` counts them,
    without its cap)."""
    best = 99
    for free, _ in free_ts:
        m = _missing(free, hand, jokers)
        if m < best:
            best = m
    return best


# a template's free blocks miss what any blocks miss (one count, in analysis)
_missing = blocks_missing


@dataclass
class Candidate:
    template: Template | None     # None = Epic
    missing: int
    chance: float
    points: int


class Context:
    def __init__(self, exposures: Sequence[Exposure], avail: Sequence[int], avail_jokers: int,
                 unseen: int, draws: int, looks: int, jokers_discarded: int = 0,
                 concealed: bool = True, mode: str = "strict", weights: Weights | None = None,
                 epic_possible: bool = True):
        self.exposures = tuple(exposures)
        self.groups, self.groups_masked, self.cover_masks, self._missing_memo = _index(self.exposures, mode)
        self.exp_cards = sum(e.size for e in self.exposures)
        self.avail = tuple(max(0, a) for a in avail)
        self.avail_jokers = max(0, avail_jokers)
        self.jd = jokers_discarded
        self.concealed = concealed and not self.exposures
        self.w = weights or Weights()
        self.epic_ok = epic_possible and not self.exposures and self.w.epic > 0
        self.draws = draws
        self.cap = max(draws, looks)     # more cards missing than this cannot arrive in time
        self.PN, self.PC, self.PJ, self.RN, self.RC, self._kb_memo = _tables(unseen, draws, self.cap, self.avail,
                                                                             self.avail_jokers)
        self._tab: list = [None] * 12       # scratch for _group: the chance row each card uses
        self._rat: list = [None] * 12       # ... and its ratio row
        self._weight: dict[int, float] = {}
        self._memo: dict[tuple, tuple] = {}
        self._gmemo: dict[tuple, tuple] = {}
        # memos of _top, by (jokers, ...) then by a group's key for the hand (see _index)
        self._bound_memo: dict[tuple, dict] = {}
        self._value_memo: dict[tuple, dict] = {}
        self._wmax_memo: dict[int, float] = {}
        self._reach_memo: dict[tuple, tuple] = {}

    # ------------------------------------------------------------------ core
    def _group(self, free_ts, kinds, hand: Sequence[int], jokers: int, limit: int,
               bonus: int | None = None):
        """Evaluate one group of templates: (fewest missing, [(missing, chance, points w/o bonus, t)])
        keeping only entries within `limit` of the group's own best.

        With a points `bonus`, instead the best value of the templates at most `limit` cards
        missing, as `candidates` and `_combined` value them (without making the list)."""
        PN, PJ, avail = self.PN, self.PJ, self.avail
        cap = self.cap
        # a card held twice or more waits on the look-ahead chances (it can be called), else on draws
        T, R = self._tab, self._rat
        for k in kinds:
            if hand[k] >= 2:
                T[k] = self.PC[k]
                R[k] = self.RC[k]
            else:
                T[k] = PN[k]
                R[k] = self.RN[k]
        out = []
        gbest = 99
        if bonus is not None:
            gbest = 0           # only the templates within the limit count, the limit stays
            top = 0.0
            weight = self._weight
        for free, t in free_ts:
            p = 1.0
            m = 0
            gaps = None
            for k, b in free:
                c = hand[k]
                if b == 2:
                    if c < 2:
                        m += 2 - c
                        p *= PN[k][2 - c]
                elif c < b:
                    if gaps is None:
                        gaps = []
                    if c == 0:
                        gaps.append([k, 1, b - 1])
                    else:
                        gaps.append([k, 0, b - c])
            spare = jokers
            if gaps:
                G = 0
                for g in gaps:
                    m += g[1]
                    G += g[2]
                if spare:
                    if spare >= G:
                        spare -= G
                        G = 0
                        for g in gaps:
                            g[2] = 0
                    else:
                        # own jokers go on the slots whose naturals are scarcest
                        for _ in range(spare):
                            bestg = None
                            bestr = -1.0
                            for g in gaps:
                                if g[2]:
                                    r = R[g[0]][g[1] + g[2]]
                                    if r > bestr:
                                        bestr = r
                                        bestg = g
                            bestg[2] -= 1
                        G -= spare
                        spare = 0
                m += G
                if m > gbest + limit or m > cap:
                    continue
                needj = 0
                for k, mand, g in gaps:
                    n = mand + g
                    if n == 0:
                        continue
                    a = avail[k]
                    if a < n:
                        if a < mand:
                            p = 0.0
                            break
                        needj += n - a
                        n = a
                    p *= T[k][n]
                if needj and p:
                    p *= PJ[needj] if needj < len(PJ) else 0.0
            elif m > gbest + limit or m > cap:
                continue
            if bonus is not None:
                # as candidates() and _combined() value it
                if m == 1:
                    p = min(1.0, p * 1.15)
                pts = t.base + spare + bonus
                wt = weight.get(pts)
                if wt is None:
                    wt = weight[pts] = self.w.weight(pts)
                x = p * wt
                if x > top:
                    top = x
                continue
            if m < gbest:
                gbest = m
            out.append((m, p, t.base + spare, t))
        if bonus is not None:
            return top
        if out:
            lim = gbest + limit
            out = [e for e in out if e[0] <= lim]
        return gbest, out

    def _epic(self, hand: Sequence[int], jokers: int) -> tuple[int, float] | None:
        """(cards missing, chance) of the Epic hand (one of each card and two jokers), when it is
        pursued and within reach."""
        if not self.epic_ok:
            return None
        m = 0
        p = 1.0
        for k in range(12):
            if hand[k] == 0:
                m += 1
                p *= self.PN[k][1]
        if jokers < 2:
            m += 2 - jokers
            p *= self.PJ[2 - jokers] if 2 - jokers < len(self.PJ) else 0.0
        return (m, p) if p > 0 and m <= self.cap else None

    def _reach(self, hand: Sequence[int], jokers: int):
        """The templates within reach of this hand: (fewest missing, [group entries], epic (m, p) or None).

        Groups are visited from the one covering most of the hand down, and the visit stops once
        no group left can come within the slack of the best found."""
        total_target = 14 - self.exp_cards
        slack = self.w.slack
        # cards of the hand each group covers, via two 6-bit lookup tables; then buckets by count
        lo = _cover_table(tuple(hand[:6]))
        hi = _cover_table(tuple(hand[6:12]))
        buckets: list[list] = [[] for _ in range(15)]
        for mlo, mhi, group, *_ in self.groups_masked:
            s = lo[mlo] + hi[mhi]
            buckets[s if s < 14 else 14].append(group)
        best_m = 99
        found = []
        epic = self._epic(hand, jokers)
        if epic is not None:
            best_m = epic[0]
        gmemo = self._gmemo
        cap = self.cap
        for s in range(14, -1, -1):
            lb = total_target - s - jokers
            if lb > cap:
                break
            for gi, kinds, ts in buckets[s]:
                if lb > best_m + slack:
                    return best_m, found, epic
                key = (gi, jokers) + tuple([hand[k] for k in kinds])
                res = gmemo.get(key)
                if res is None:
                    res = self._group(ts, kinds, hand, jokers, slack)
                    gmemo[key] = res
                gbest, entries = res
                if gbest < best_m:
                    best_m = gbest
                if entries:
                    found.append(entries)
        return best_m, found, epic

    def candidates(self, hand: Sequence[int], jokers: int, extra_points: int = 0) -> list[Candidate]:
        """Templates within reach (missing <= best + slack), with chances and points.

        extra_points: points the hand gains on top of the context (e.g. a joker about to be discarded)."""
        best_m, found, epic = self._reach(hand, jokers)
        bonus = self.jd + extra_points + (1 if self.concealed else 0)
        lim = best_m + self.w.slack
        scored = []
        for entries in found:
            for m, p, pts, t in entries:
                if m <= lim:
                    if m == 1:
                        p = min(1.0, p * 1.15)   # the last card may also be called
                    scored.append(Candidate(t, m, p, pts + bonus))
        if epic is not None and epic[0] <= lim:
            scored.append(Candidate(None, epic[0], epic[1], 7 + bonus))
        return scored

    def block_sizes_in_reach(self, hand: Sequence[int], jokers: int, k: int,
                             want: set[int] | None = None) -> set[int]:
        """The block sizes card k takes in the templates `candidates` lists (counting only).
        With `want`, only those of its sizes (found as soon as all of them are)."""
        best_m, visited, _ = self._reach_missing(hand, jokers)
        lim = min(best_m + self.w.slack, self.cap)
        out: set[int] = set()
        if want is None:
            want = {2, 3, 4, 5}
        elif not want:
            return out
        exposed = any(e.kind == k for e in self.exposures)
        for lb, entry in visited:
            if lb > lim or not (exposed or k in entry[2][1]):     # no template of it uses k
                continue
            for free, t in entry[2][2]:
                b = t.sizes[k]
                if b in want and b not in out and _missing(free, hand, jokers) <= lim:
                    out.add(b)
                    if len(out) == len(want):
                        return out
        return out

    def value(self, hand: Sequence[int], jokers: int, extra_points: int = 0) -> tuple[float, int]:
        """(value, fewest cards missing) of keeping this hand."""
        key = (tuple(hand), jokers, extra_points)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        w = self.w
        if w.beta == 0.0:
            # the value is the best candidate's alone (top + 0 x the rest): no need to list them
            out = self._top(hand, jokers, extra_points)
        else:
            out = self._combined(self.candidates(hand, jokers, extra_points))
        self._memo[key] = out
        return out

    def value_at_least(self, hand: Sequence[int], jokers: int, floor: float,
                       extra_points: int = 0, parent: Sequence[int] | None = None) -> tuple[float | None, int]:
        """value(), when it is at least `floor`; else (None, fewest cards missing).

        For choosing among hands: the shapes that cannot reach the floor are not evaluated.
        `parent`: a hand that `hand` is with one natural card more (the same jokers), e.g. the 14
        cards before a discard: a group's bound for it, when known, also bounds it for `hand`."""
        key = (tuple(hand), jokers, extra_points)
        hit = self._memo.get(key)
        if hit is not None:
            return hit if hit[0] >= floor else (None, hit[1])
        if self.w.beta != 0.0:
            out = self.value(hand, jokers, extra_points)
            return out if out[0] >= floor else (None, out[1])
        out = self._top(hand, jokers, extra_points, floor, parent)
        if out[0] < floor:
            return None, out[1]
        self._memo[key] = out
        return out

    def _top(self, hand: Sequence[int], jokers: int, extra_points: int, floor: float = -1.0,
             parent: Sequence[int] | None = None) -> tuple[float, int]:
        """value() when only the best candidate counts: the same numbers as `_combined` gives.

        A maximum does not depend on the order it is taken in, so only the groups that could
        beat the best value found so far are evaluated: first the fewest missing cards (an
        integer count, memoised across decisions) fixes which templates are in reach, then the
        groups in reach are visited from the highest upper bound on their value down, until the
        bound cannot beat the best value found (or reach `floor`: then the value returned is
        below the floor but not exact).

        A group's bound and best value depend only on the hand's counts of its own cards (and
        the jokers, the points bonus, the missing limit): they are memoised by those, so the
        hands of one decision, which differ in a card or two, share most of them."""
        best_m, visited, epic = self._reach_missing(hand, jokers)
        bonus = self.jd + extra_points + (1 if self.concealed else 0)
        lim = best_m + self.w.slack
        top = 0.0
        if epic is not None and epic[0] <= lim:
            top = epic[1] * self.w.epic
        code = int.from_bytes(bytes(hand), "little")         # _hand_code
        vkey = (jokers, bonus, lim)
        values = self._value_memo.get(vkey)
        if values is None:
            values = self._value_memo[vkey] = {}
        bkey = (jokers, bonus)
        bounds = self._bound_memo.get(bkey)
        if bounds is None:
            bounds = self._bound_memo[bkey] = {}
        # a group's bound never rises when a card is taken from the hand (every factor of it falls
        # or stays, see _kind_bounds):
        # below the floor for the parent hand, it is below it for this one
        pcode = _hand_code(parent) if parent is not None and floor > 0.0 else None
        bounded = []
        for lb, entry in visited:
            if lb > lim:
                continue
            gkey = code & entry[5] | entry[6]
            v = values.get(gkey)
            if v is not None:           # this group's best value is known already
                if v > top:
                    top = v
                continue
            flag = lb <= 1
            bk = gkey << 1 | flag
            rec = bounds.get(bk)
            if rec is None:
                if pcode is not None:
                    pkey = pcode & entry[5] | entry[6]
                    if pkey != gkey:
                        prec = bounds.get(pkey << 1 | flag) or (None if flag else bounds.get(pkey << 1 | 1))
                        if prec is not None and prec[0] < floor:
                            continue
                rec = bounds[bk] = self._bound(entry, hand, jokers, bonus, lb)
            ub = rec[0]
            if ub > top and ub >= floor:     # else the loop below would stop before it
                bounded.append((ub, gkey, entry, rec))
        if not bounded:
            return top, best_m
        bounded.sort(key=_FIRST, reverse=True)
        for ub, gkey, entry, rec in bounded:
            if ub <= top or ub < floor:
                break
            shared = rec[1]
            if shared is not None:
                # the closer bound, worked out only for a group that gets this far (then kept)
                ub = rec[0] = _shared_bound(shared, jokers)
                rec[1] = None
                if ub <= top or ub < floor:
                    continue
            _, kinds, ts = entry[2]
            v = values[gkey] = self._group(ts, kinds, hand, jokers, lim, bonus)
            if v > top:
                top = v
        return top, best_m

    def _bound(self, entry, hand: Sequence[int], jokers: int, bonus: int, lb: int) -> list:
        """[an upper bound on a group's values, None or what `_shared_bound` needs for a closer one].

        The largest weight of its points, and per card its best factor with 0, 1, ... or all the
        hand's jokers on it; the cards share the jokers (with two or more, the best sharing is
        found by a small dynamic programme, `_shared_bound`)."""
        bases, cards = entry[3], entry[4]
        kbm = self._kb_memo
        wmax = self._wmax_memo
        lo = bases[0] + bonus
        hi = bases[1] + jokers + bonus
        ub = wmax.get(lo * 64 + hi)
        if ub is None:
            ub = wmax[lo * 64 + hi] = self._wmax(lo, hi)
        if lb <= 1:
            ub *= 1.15       # the last card may also be called (see candidates)
        helped = None
        for k, code in cards:
            c = hand[k]
            f = kbm.get(code + 8 * c + jokers)
            if f is None:
                sz = code >> 6 & 63
                f = kbm[code + 8 * c + jokers] = self._kind_bounds(k, c, jokers, sz)
            if f[-1] > f[0]:
                if helped is None:
                    helped = [f]
                else:
                    helped.append(f)
            else:
                ub *= f[0]
        shared = None
        if helped:
            if jokers > 1 and len(helped) > 1:
                shared = (ub, helped)     # for the closer bound `_shared_bound`
            if len(helped) > jokers:    # the jokers go where they multiply most
                helped.sort(key=_gain, reverse=True)
            for i, f in enumerate(helped):
                ub *= f[-1] if i < jokers else f[0]
        return [ub * _MARGIN, shared]

    def _kind_bounds(self, k: int, c: int, jokers: int, sizes: int) -> tuple[float, ...]:
        """Per number of jokers j = 0..jokers, the largest factor card k (held c times) can bring to
        the chance of a template of the group, over the block sizes it takes there (bit mask), as
        if those j jokers went on its block (jokers only ever lower the copies still needed; drawn
        jokers standing in for missing copies bring a factor of at most 1)."""
        fixed = 0.0          # the best factor of the sizes the jokers do not change
        gaps = []
        for b in (2, 3, 4, 5):
            if not sizes >> b & 1:
                continue
            if b == 2:
                f = self.PN[k][2 - c] if c < 2 else 1.0
            elif c >= b:
                f = 1.0
            else:
                mand, gap = (1, b - 1) if c == 0 else (0, b - c)
                if self.avail[k] >= mand:
                    gaps.append((mand, gap))
                continue
            if f > fixed:
                fixed = f
        if not gaps:
            return (fixed,) * (jokers + 1)
        row = (self.PC if c >= 2 else self.PN)[k]
        a = self.avail[k]
        out = []
        for j in range(jokers + 1):
            best = fixed
            for mand, gap in gaps:
                n = mand + (gap - j if gap > j else 0)
                f = row[n if n < a else a]
                if f > best:
                    best = f
            out.append(best)
        return tuple(out)

    def _wmax(self, lo: int, hi: int) -> float:
        """The largest weight of any points total from lo to hi (weight is flat up to 0, then linear)."""
        return max(self.w.weight(p) for p in {lo, hi} | {p for p in (0, 1) if lo <= p <= hi})

    def _fewest(self, entry, code: int, hand: Sequence[int], jokers: int) -> int:
        """The fewest cards any template of a group misses (memoised across decisions by the
        hand's counts of the group's cards: `code` is the hand's `_hand_code`; jokers below 8,
        as in `_bound_code`)."""
        key = (code & entry[5] | entry[6]) << 3 | jokers
        m = self._missing_memo.get(key)
        if m is None:
            m = self._missing_memo[key] = _group_missing(entry[2][2], hand, jokers)
        return m

    def fewest_missing(self, hand: Sequence[int], jokers: int) -> int:
        """The fewest cards still missing to any template within reach (value()'s second part)."""
        return self._reach_missing(hand, jokers)[0]

    def _reach_missing(self, hand: Sequence[int], jokers: int):
        key = (tuple(hand), jokers)
        hit = self._reach_memo.get(key)
        if hit is None:
            hit = self._reach_memo[key] = self._count_reach(hand, jokers)
        return hit

    def _count_reach(self, hand: Sequence[int], jokers: int):
        """(fewest missing, [(a lower bound on the group's fewest missing, group entry)], epic
        (m, p) or None): like `_reach`, but counting missing cards only; the listed groups include
        every group that has a template within the slack of the fewest."""
        total_target = 14 - self.exp_cards - jokers
        slack = self.w.slack
        cap = self.cap
        best_m = 99
        epic = self._epic(hand, jokers)
        if epic is not None:
            best_m = epic[0]
        gm = self.groups_masked
        if not gm:
            return best_m, [], epic
        # cards of the hand each group covers (one byte per group): a group covering s cards
        # misses at least total_target - s of them (its lower bound, lb)
        lo_masks, hi_masks = self.cover_masks
        cover = (int.from_bytes(lo_masks.translate(_cover_bytes(tuple(hand[:6]))), "little") +
                 int.from_bytes(hi_masks.translate(_cover_bytes(tuple(hand[6:12]))), "little")
                 ).to_bytes(len(gm), "little")
        smax = max(cover)
        if total_target - smax > cap:
            return best_m, [], epic
        # the group covering most gives a first count; only groups that could come within the
        # slack of it are looked at, from the most covering down
        code = _hand_code(hand)
        first = self._fewest(gm[cover.index(smax)], code, hand, jokers)
        if first < best_m and first <= cap:
            best_m = first
        least = total_target - min(best_m + slack, cap)
        visited = []
        memo = self._missing_memo
        stop = best_m + slack
        find = cover.find
        # the groups from the most covering down (in index order within a cover), as long as
        # their lower bound can come within the slack of the fewest found
        for s in range(smax, (least if least > 0 else 0) - 1, -1):
            lb0 = total_target - s
            if lb0 > stop:
                break
            i = find(s)
            while i >= 0:
                if lb0 > stop:
                    return best_m, visited, epic
                entry = gm[i]
                lb = lb0
                if lb < best_m:          # only a group that may lower the count needs its exact count
                    key = (code & entry[5] | entry[6]) << 3 | jokers      # as in _fewest
                    lb = memo.get(key)
                    if lb is None:
                        lb = memo[key] = _group_missing(entry[2][2], hand, jokers)
                    if lb < best_m and lb <= cap:
                        best_m = lb
                        stop = best_m + slack
                visited.append((lb, entry))
                i = find(s, i + 1)
        return best_m, visited, epic

    def _combined(self, cands: list[Candidate]) -> tuple[float, int]:
        w = self.w
        v = 0.0
        top = 0.0
        best_m = 99
        for c in cands:
            if c.missing < best_m:
                best_m = c.missing
            if c.template is None:
                x = c.chance * w.epic
            else:
                x = c.chance * w.weight(c.points)
            v += x
            if x > top:
                top = x
        if w.beta is not None:
            v = top + w.beta * (v - top)
        return v, best_m


# an upper bound on a value is raised by this much before it is compared, to cover the rounding
# of a product taken in another order (a few units in the last place)
_MARGIN = 1.0 + 1e-9


def _shared_bound(shared, jokers: int) -> float:
    """A closer upper bound than `_bounds` gives when two or more cards could use the hand's
    (two or more) jokers: there each of them counts as if it had them all; here they share them.
    shared = (the product of the other factors, [per card its factors with 0..jokers jokers])."""
    ub, helped = shared
    # best[j]: the largest product of the cards so far with at most j jokers among them (a
    # card's factor never falls with more jokers)
    if jokers == 2:         # the common case, written out (the same products as below)
        b0, b1, b2 = helped[0]
        for f0, f1, f2 in helped[1:]:
            b0, b1, b2 = b0 * f0, max(b1 * f0, b0 * f1), max(b2 * f0, b1 * f1, b0 * f2)
        return ub * b2 * _MARGIN
    best = helped[0]
    for f in helped[1:]:
        best = [max([best[j - x] * f[x] for x in range(j + 1)]) for j in range(jokers + 1)]
    return ub * best[jokers] * _MARGIN


_FIRST = itemgetter(0)


def _gain(f: tuple[float, ...]) -> float:
    """How much a card's factor grows with the jokers on it (f0 = 0: without them it fails)."""
    return f[-1] / f[0] if f[0] else math.inf

_TABLES: dict[tuple, tuple] = {}


def _tables(unseen: int, draws: int, looks: int, avail: tuple, avail_jokers: int) -> tuple:
    """A Context's chance rows: per card on draws (PN) and on looks (PC), the jokers' on draws
    (PJ), and the ratio rows of PN and PC (RN, RC); the same for every Context that knows the
    same (decisions of one turn, a call and the discard after it). Last, the memo of
    `Context._kind_bounds`, which depends on nothing else."""
    key = (unseen, draws, looks, avail_jokers) + avail
    hit = _TABLES.get(key)
    if hit is None:
        draw = Chances(unseen, draws)
        look = Chances(unseen, looks)
        # the twelve counts take a few values (0..4): each value's rows and ratios once
        rows = {a: (draw.row(a), look.row(a)) for a in set(avail)}
        rows = {a: (pn, pc, _ratios(pn), _ratios(pc)) for a, (pn, pc) in rows.items()}
        if len(_TABLES) > 4096:
            _TABLES.clear()
        hit = _TABLES[key] = ([rows[a][0] for a in avail], [rows[a][1] for a in avail], draw.row(avail_jokers),
                              [rows[a][2] for a in avail], [rows[a][3] for a in avail], {})
    return hit


_RATIOS: dict[tuple, tuple] = {}


def _ratios(row: tuple[float, ...]) -> tuple[float | None, ...]:
    """For placing jokers: how much one more card needed hurts, row[n - 1] / row[n] (1e9 when the
    n-th card cannot come at all); index n, None at 0."""
    hit = _RATIOS.get(row)
    if hit is None:
        hit = _RATIOS[row] = (None,) + tuple(1e9 if row[n] <= 0 else row[n - 1] / row[n]
                                             for n in range(1, len(row)))
    return hit


def _hand_code(hand: Sequence[int]) -> int:
    """A hand's twelve counts as one integer, a byte per card (card k in bits 8k..8k+7)."""
    return int.from_bytes(bytes(hand), "little")


# how many of the hand's cards each subset of six card kinds covers (index = bit mask), per half hand
_COVER: dict[tuple, list] = {}


def _cover_table(half: tuple) -> list:
    hit = _COVER.get(half)
    if hit is None:
        hit = [0] * 64
        for m in range(1, 64):
            low = m & -m
            hit[m] = hit[m ^ low] + half[low.bit_length() - 1]
        _COVER[half] = hit
    return hit


_COVER_BYTES: dict[tuple, bytes] = {}


def _cover_bytes(half: tuple) -> bytes:
    """_cover_table as a translation table for bytes.translate (entries 64.. unused)."""
    hit = _COVER_BYTES.get(half)
    if hit is None:
        hit = _COVER_BYTES[half] = bytes(_cover_table(half)) + bytes(192)
    return hit

