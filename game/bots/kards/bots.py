"""Kards bots, from the seat's view and the legal actions only.

Both strengths always declare Mah-Jongg when offered and every kong (setup, concealed, expansion,
claimed), and never call a standing hand (under one they must discard what they draw anyway). On a
Strict table, where every declaration is offered, they first check a declaration from their view.
- Easy: discards a card that keeps the hand's shanten lowest (a plain repeatable pick among them);
  claims a pung only when it lowers the shanten; never a chow.
- Normal: discards the card that keeps the most useful draws still unseen (the first of the kit's
  discard_choices, counting every card it can see; worked out faster by best_discard_kind), the
  drawn copy first when two are alike; claims a pung or a chow when it lowers the shanten.
Hard is in hard.py.
"""

from __future__ import annotations

from typing import Any, Sequence

from game.core.kit import hands as H
from game.core.kit.tiles import KIND_INDEX, kind_of
from game.core.rng import GameRng
from game.rules.kards.actions import (Chow, ConcealedKong, Dice, Discard, Done, Expand, Kong, MahJongg, Pass,
                                      Pung)
from game.rules.kards.patterns import Meld
from game.rules.kards.scoring import WinContext, is_winning


def _counts(pieces) -> tuple:
    c = [0] * 34
    for p in pieces:
        k = kind_of(p)
        if k < 34:
            c[k] += 1
    return tuple(c)


def _near(c: Sequence[int]) -> Sequence[int]:
    """The kinds whose draw could lower the shanten of hand c. With at most two of any kind: a kind
    held, or a suited kind within two ranks of one held (a lone new card only helps where every
    held card is already placed, and with two copies at most a held leftover always could be).
    With three or four of a kind the four-copies limit can block that, so every kind is tried.
    The tests check this against the kit's full scan. A fifth copy is never a draw."""
    if max(c) >= 3:
        return [j for j in range(34) if c[j] < 4]
    out = []
    for j in range(34):
        if c[j]:
            out.append(j)
        elif j < 27:
            base, r = j - j % 9, j % 9
            if any(c[base + x] for x in range(max(0, r - 2), min(9, r + 3))):
                out.append(j)
    return out


def useful_total(c: tuple, sets: int, visible: Sequence[int]) -> tuple[int, int]:
    """(shanten, unseen useful draws) of a hand of 3*sets+1: the kit's `useful` totals, faster."""
    now = H.shanten(c, sets)
    total = 0
    for j in _near(c):
        if H.shanten(c[:j] + (c[j] + 1,) + c[j + 1:], sets) < now:
            total += max(0, 4 - c[j] - visible[j])
    return now, total


def best_discard_kind(c: tuple, sets: int, visible: Sequence[int]) -> int:
    """The first kind of the kit's `discard_choices` (lowest shanten, most unseen useful draws,
    lowest kind), with the useful draws counted only for the discards of lowest shanten."""
    after = {k: c[:k] + (c[k] - 1,) + c[k + 1:] for k in range(34) if c[k]}
    sh = {k: H.shanten(rest, sets) for k, rest in after.items()}
    low = min(sh.values())
    return min((k for k in after if sh[k] == low), key=lambda k: (-useful_total(after[k], sets, visible)[1], k))


def visible_counts(view: Any) -> list[int]:
    """Cards this seat can see outside its hand: every discard and every meld (face-down outer cards
    of concealed kongs included: all four copies are in the kong anyway)."""
    v = [0] * 34
    for r in view.river:
        for p in r:
            v[kind_of(p)] += 1
    for ms in view.melds:
        for m in ms:
            for p in m.pieces:
                v[kind_of(p)] += 1
    if view.discard is not None:
        v[kind_of(view.discard)] += 1
    return v


def declaration_is_true(view: Any, action: Any) -> bool:
    """Whether a declaration is right, from the seat's own view (the Strict table checks it later)."""
    c = list(_counts(view.hand))
    claim = view.discard is not None
    k = kind_of(view.discard) if claim else None
    if isinstance(action, MahJongg):
        if claim:
            c[k] += 1
        melds = [Meld(m.shape, min(kind_of(p) for p in m.pieces), m.concealed) for m in view.melds[view.seat]]
        ctx = WinContext(KIND_INDEX[view.seat_winds[view.seat]], KIND_INDEX[view.round_wind], by_discard=claim,
                         winning=k if claim else (kind_of(view.drawn) if view.drawn else None))
        return is_winning(tuple(c), melds, ctx)
    if isinstance(action, Kong):
        return c[k] == 3
    if isinstance(action, Pung):
        return c[k] >= 2
    if isinstance(action, Chow):
        low = KIND_INDEX[action.low]
        return all(c[x] for x in (low, low + 1, low + 2) if x != k)
    return True


class NormalBot:
    chows = True

    def choose(self, view: Any, legal: Sequence[Any], rng: GameRng) -> Any:
        legal = list(legal)
        if legal and all(isinstance(a, Dice) for a in legal):
            # only when a bot is asked to play the dice itself (the match normally rolls them):
            # vary the face with the rolls so far, so a seating roll can't tie for ever
            return legal[(len(view.seating_rolls) * 7 + view.hand_no * 13) % len(legal)]
        # on a Strict table every declaration is offered: the bot checks its own first
        legal = [a for a in legal if not view.strict or declaration_is_true(view, a)]
        for cls in (MahJongg, ConcealedKong, Expand, Kong):
            for a in legal:
                if isinstance(a, cls):
                    return a
        if any(isinstance(a, Done) for a in legal):
            return next(a for a in legal if isinstance(a, Done))
        if any(isinstance(a, Pass) for a in legal):
            return self._claim(view, legal)
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            return self._discard(view, discards)
        return legal[0]

    def _sets(self, view: Any) -> int:
        return 4 - len(view.melds[view.seat])

    def _claim(self, view: Any, legal: list) -> Any:
        passing = next(a for a in legal if isinstance(a, Pass))
        c = list(_counts(view.hand))
        sets = self._sets(view)
        if sum(c) != 3 * sets + 1:
            return passing
        now = H.shanten(tuple(c), sets)
        k = kind_of(view.discard)
        best, best_after = passing, now
        for a in legal:
            if isinstance(a, Pung):
                used = (k, k)
            elif isinstance(a, Chow) and self.chows:
                low = KIND_INDEX[a.low]
                used = tuple(x for x in (low, low + 1, low + 2) if x != k)
            else:
                continue
            rest = list(c)
            for x in used:
                rest[x] -= 1
            after = min((H.shanten(tuple(rest[:j] + [rest[j] - 1] + rest[j + 1:]), sets - 1)
                         for j in range(34) if rest[j]), default=8)
            if after < best_after:
                best, best_after = a, after
        return best

    def _discard(self, view: Any, discards: list) -> Any:
        if len(discards) == 1:
            return discards[0]
        c = _counts(view.hand)
        sets = self._sets(view)
        if sum(c) != 3 * sets + 2:
            return discards[-1]
        best = best_discard_kind(c, sets, visible_counts(view))
        return min((a for a in discards if kind_of(a.piece) == best), key=lambda a: (a.piece != view.drawn, a.piece))


class EasyBot(NormalBot):
    chows = False

    def _discard(self, view: Any, discards: list, rng: GameRng | None = None) -> Any:
        if len(discards) == 1:
            return discards[0]
        c = _counts(view.hand)
        sets = self._sets(view)
        if sum(c) != 3 * sets + 2:
            return discards[-1]
        score = {}
        for a in discards:
            k = kind_of(a.piece)
            if k not in score:
                score[k] = H.shanten(c[:k] + (c[k] - 1,) + c[k + 1:], sets)
        low = min(score.values())
        kinds = sorted(k for k, v in score.items() if v == low)
        k = kinds[self._pick(view, len(kinds))]
        return next(a for a in discards if kind_of(a.piece) == k)

    @staticmethod
    def _pick(view: Any, n: int) -> int:
        # a plain, repeatable spread over equally good discards (no peeking: only the view's counts)
        return (view.wall_count + len(view.hand)) % n
