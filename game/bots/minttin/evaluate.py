"""Hand valuation for the Mint Tin bots: how good is this (13-card) hand to keep?

A `Context` is built once per decision from what the seat can see: its exposures, how many
copies of every card are unseen, how many unseen jokers, how many cards are unseen in all and
how many draws (and callable "looks") it can still expect. `Context.value(hand, jokers)` then
sums, over the winning templates within reach, chance-to-complete x weight(points).

Speed: templates are grouped by the set of cards they use; a group whose cards cover too little
of the hand is skipped without looking at its templates (a bound on the cards still missing).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .analysis import (Chances, Exposure, Template, compatible_templates, exposed_mask)


@dataclass
class Weights:
    """How a strength turns points into value."""

    per_point: float = 0.0        # value of each point above 1 (0: every win is worth the same)
    zero_point: float = 0.3       # value of a valid 0-point hand (it can only Double)
    epic: float = 0.0             # value of the Epic hand (0: not pursued)
    slack: int = 1                # templates up to this many cards worse than the best count
    concealed: bool = True        # count the concealed bonus

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
    by_mask: dict[int, list] = {}
    for t in compatible_templates(exposures, mode):
        free = tuple((k, b) for k, b in t.blocks if not em >> k & 1)
        by_mask.setdefault(t.mask & ~em, []).append((free, t))
    groups = tuple((tuple(k for k in range(12) if mask >> k & 1), tuple(ts)) for mask, ts in by_mask.items())
    _GROUP_CACHE[key] = groups
    return groups


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
        self.groups = _groups(self.exposures, mode)
        self.exp_cards = sum(e.size for e in self.exposures)
        self.avail = tuple(max(0, a) for a in avail)
        self.avail_jokers = max(0, avail_jokers)
        self.jd = jokers_discarded
        self.concealed = concealed and not self.exposures
        self.w = weights or Weights()
        self.epic_ok = epic_possible and not self.exposures and self.w.epic > 0
        draw = Chances(unseen, draws)
        look = Chances(unseen, max(draws, looks))
        self.draws = draws
        self.PN = [[draw.at_least(self.avail[k], n) for n in range(7)] for k in range(12)]
        self.PC = [[look.at_least(self.avail[k], n) for n in range(7)] for k in range(12)]
        self.PJ = [draw.at_least(self.avail_jokers, n) for n in range(7)]
        self._memo: dict[tuple, tuple] = {}

    # ------------------------------------------------------------------ core
    def candidates(self, hand: Sequence[int], jokers: int, extra_points: int = 0) -> list[Candidate]:
        """Templates within reach (missing <= best + slack), with chances and points.

        extra_points: points the hand gains on top of the context (e.g. a joker about to be discarded)."""
        total_target = 14 - self.exp_cards
        PN, PC, PJ, avail = self.PN, self.PC, self.PJ, self.avail
        scored = []
        best_m = 99
        slack = self.w.slack
        order = []
        for kinds, ts in self.groups:
            s = 0
            for k in kinds:
                s += hand[k]
            order.append((-s, kinds, ts))
        order.sort(key=lambda x: x[0])
        bonus = self.jd + extra_points + (1 if self.concealed else 0)
        for negs, kinds, ts in order:
            lb = total_target + negs - jokers
            if lb > best_m + slack:
                break
            for free, t in ts:
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
                    for g in gaps:
                        m += g[1]
                    # own jokers: on the slots whose naturals are scarcest
                    if spare:
                        G = sum(g[2] for g in gaps)
                        if spare >= G:
                            spare -= G
                            for g in gaps:
                                g[2] = 0
                        else:
                            for _ in range(spare):
                                bestg = None
                                bestr = -1.0
                                for g in gaps:
                                    if g[2]:
                                        tab = PC[g[0]] if g[1] == 0 and hand[g[0]] >= 2 else PN[g[0]]
                                        n = g[1] + g[2]
                                        lo = tab[n]
                                        r = 1e9 if lo <= 0 else tab[n - 1] / lo
                                        if r > bestr:
                                            bestr = r
                                            bestg = g
                                bestg[2] -= 1
                            spare = 0
                    needj = 0
                    for k, mand, g in gaps:
                        m += g
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
                        tab = PC[k] if hand[k] >= 2 else PN[k]
                        p *= tab[n]
                    if needj and p:
                        p *= PJ[needj] if needj < len(PJ) else 0.0
                if m > best_m + slack:
                    continue
                if m == 1:
                    p = min(1.0, p * 1.15)   # the last card may also be called
                if m < best_m:
                    best_m = m
                pts = t.base + bonus + spare
                scored.append(Candidate(t, m, p, pts))
        if self.epic_ok:
            m = 0
            p = 1.0
            for k in range(12):
                if hand[k] == 0:
                    m += 1
                    p *= PN[k][1]
            if jokers < 2:
                m += 2 - jokers
                p *= PJ[2 - jokers]
            if max(hand) <= 1 or m <= best_m + slack:   # duplicates are simply waste
                scored.append(Candidate(None, m, p, 7 + bonus))
                best_m = min(best_m, m)
        return [c for c in scored if c.missing <= best_m + slack]

    def value(self, hand: Sequence[int], jokers: int, extra_points: int = 0) -> tuple[float, int]:
        """(value, fewest cards missing) of keeping this hand."""
        key = (tuple(hand), jokers, extra_points)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        cands = self.candidates(hand, jokers, extra_points)
        w = self.w
        v = 0.0
        best_m = 99
        for c in cands:
            if c.missing < best_m:
                best_m = c.missing
            if c.template is None:
                v += c.chance * w.epic
            else:
                pts = c.points
                v += c.chance * w.weight(pts)
        out = (v, best_m)
        self._memo[key] = out
        return out
