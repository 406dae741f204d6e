"""Cuzzins' sense of value on the hint (H): each wait of a ready hand is named with what a win on
it from the wall brings, in cents from each other player (the engine's own scoring, the table's
settings, the Double Dice and flowers counted), and among the discards that leave the hand ready
the hint suggests the one whose waits bring most (unseen copies times cents), as the Hard bot
weighs them. Sent with the hint's count to the app's worker (``discard_hint.HintWork.value``), so
it runs off the frame, from the seat's view only.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from game.app.tablekit import discard_hint as dh
from game.bots.cuzzins.hard import win_points
from game.core.kit import hands
from game.core.kit.tiles import KIND_INDEX, KINDS


@dataclass(frozen=True)
class CuzzinsWorth:
    view: Any

    def _points(self, rest: list[int], k: int) -> int:
        c = rest[:]
        c[k] += 1
        return win_points(self.view, tuple(c), k, "wall") or 0

    def annotate(self, h: dh.HandHint, facts: dh.HintFacts) -> dh.HandHint:
        if h.shanten < 0 or h.kong is not None or self.view.seat is None:
            return h
        base = [0] * 34
        for kd in facts.hand:
            base[KIND_INDEX[kd]] += 1
        if h.discard is not None and h.shanten == 0:
            seen = [0] * 34
            for kd, n in facts.visible.items():
                if kd in KIND_INDEX:
                    seen[KIND_INDEX[kd]] += n
            best, best_value = h.discard, None
            for k in range(34):
                if not base[k] or (KINDS[k] in facts.danger and KINDS[k] != h.discard):
                    continue
                rest = base[:]
                rest[k] -= 1
                value = sum(left * self._points(rest, w) for w, left in hands.waits_unseen(tuple(rest), facts.sets, seen))
                if value and (best_value is None or value > best_value or (value == best_value and KINDS[k] == h.discard)):
                    best, best_value = KINDS[k], value
            if best != h.discard:
                h = dh.analyse(facts, best)
        if not h.waits:
            return h
        if h.discard is not None:
            base[KIND_INDEX[h.discard]] -= 1
        words = tuple(dh.Worth(kd, f"{p}¢ from each player", p) for kd, _ in h.waits
                      if (p := self._points(base, KIND_INDEX[kd])))
        return replace(h, wait_worth=words)
