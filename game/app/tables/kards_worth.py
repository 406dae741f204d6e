"""Kards' sense of value on the hint (H): the kit counts cards; this adds what a win is worth.

Sent with the hint's count to the app's worker (``discard_hint.HintWork.value``), so it runs off
the frame: each wait of a ready hand is named with what a win on it from the wall scores (a
special hand by name), and when the Hard bot would play for a special hand the suggested discard
is the one that keeps it, with a line saying so. From the seat's view only, as the bots decide.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from game.app.tablekit import discard_hint as dh
from game.bots.kards import advice


def _cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


@dataclass(frozen=True)
class KardsWorth:
    view: Any

    def annotate(self, h: dh.HandHint, facts: dh.HintFacts) -> dh.HandHint:
        v = self.view
        if h.shanten < 0 or h.kong is not None or v.seat is None:
            return h
        aim = ""
        if h.discard is not None and v.standing[v.seat] is None:
            plan = advice.special_in_reach(v)
            # Hard gambles a step or two on a dear special; the hint steers only to one no further
            # than the usual hand (missing counts the card about to go)
            if plan is not None and 0 < plan.missing and plan.missing - 1 <= h.shanten:
                keep = advice.special_discard(v)
                if keep is not None and keep != h.discard:
                    h = dh.analyse(facts, keep)
                if plan.missing > 1:        # one card short, its waits below say so
                    aim = (f"Within reach: {plan.name} ({plan.score} points), {_cards(plan.missing)} short; "
                           "the suggested discard keeps its cards.")
        kept = list(facts.hand)
        if h.discard is not None:
            kept.remove(h.discard)
        worth = {w.kind: w for w in advice.wait_worth(v, kept, [k for k, _ in h.waits])}
        waits = list(h.waits)
        if v.standing[v.seat] is None:
            for w in advice.special_waits(v, kept):      # a special hand's own waits (not sets and a pair)
                if w.kind not in worth:
                    worth[w.kind] = w
                    waits.append((w.kind, max(0, 4 - kept.count(w.kind) - facts.visible.get(w.kind, 0))))
        if len(waits) > len(h.waits):
            h = replace(h, shanten=min(h.shanten, 0), waits=tuple(waits))
        words = tuple(dh.Worth(w.kind, f"{w.special}: {w.points}" if w.special else f"{w.points} points",
                               w.points, w.special is not None) for w in worth.values())
        return replace(h, wait_worth=words, aim=aim)
