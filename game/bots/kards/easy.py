"""The Easy Kards bot: plain tile efficiency from its own view.

- always declares Mah-Jongg when offered, and every kong (setup, concealed, expansion, claimed);
- claims a pung only when it brings the hand closer to complete (kit shanten), never a chow;
- discards the card whose removal keeps the most useful draws (kit discard_choices, counting the
  cards it can see), the drawn copy first when two are alike;
- never calls a standing hand (under one it must discard what it draws anyway).
"""

from __future__ import annotations

from typing import Any, Sequence

from game.core.kit import hands as H
from game.core.kit.tiles import kind_of
from game.core.rng import GameRng
from game.rules.kards.actions import (ConcealedKong, Dice, Discard, Done, Expand, Kong, MahJongg, Pass, Pung)


def _counts(pieces) -> tuple:
    c = [0] * 34
    for p in pieces:
        k = kind_of(p)
        if k < 34:
            c[k] += 1
    return tuple(c)


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


class EasyBot:
    def choose(self, view: Any, legal: Sequence[Any], rng: GameRng) -> Any:
        legal = list(legal)
        if legal and all(isinstance(a, Dice) for a in legal):
            # only when a bot is asked to play the dice itself (the match normally rolls them):
            # vary the face with the rolls so far, so a seating roll can't tie for ever
            return legal[(len(view.seating_rolls) * 7 + view.hand_no * 13) % len(legal)]
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
        pung = next((a for a in legal if isinstance(a, Pung)), None)
        if pung is None:
            return next(a for a in legal if isinstance(a, Pass))
        c = list(_counts(view.hand))
        sets = self._sets(view)
        now = H.shanten(tuple(c), sets) if sum(c) == 3 * sets + 1 else 8
        k = kind_of(view.discard)
        c[k] -= 2
        after = min((H.shanten(tuple(c[:j] + [c[j] - 1] + c[j + 1:]), sets - 1)
                     for j in range(34) if c[j]), default=8)
        return pung if after < now else next(a for a in legal if isinstance(a, Pass))

    def _discard(self, view: Any, discards: list) -> Any:
        if len(discards) == 1:
            return discards[0]
        c = _counts(view.hand)
        sets = self._sets(view)
        if sum(c) != 3 * sets + 2:
            return discards[-1]
        best = H.discard_choices(c, sets, visible_counts(view))
        order = {k: i for i, (k, _) in enumerate(best)}
        def key(a):
            k = kind_of(a.piece)
            return (order.get(k, 99), a.piece != view.drawn, a.piece)
        return min(discards, key=key)
