"""The Hint panel's content: is the viewer's hand winning, how it scores, which cards complete it.

Everything comes from the engine's own analysis (RULES.analyse / RULES.waits) on what the
viewer's MintView shows: their concealed cards and exposures, their discarded jokers, the
table's number-set option. Nothing else is looked at.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from game.rules.minttin import RULES
from game.rules.minttin import cards as C


@dataclass
class HintInfo:
    title: str
    good: bool = False
    text: list[str] = field(default_factory=list)
    lines: list[tuple[str, int]] = field(default_factory=list)         # (name, points)
    waits: list[tuple[str, int, bool]] = field(default_factory=list)   # (card, points, can_mahjong)
    discards: list[tuple[str, list[tuple[str, int, bool]]]] = field(default_factory=list)
    callable_note: str = ""


def _context(view: Any, seat: int) -> dict:
    consecutive = dict(view.options).get("consecutive", "strict")
    return {"discarded_jokers": view.joker_discards[seat], "consecutive": consecutive}


def _wait_list(ws) -> list[tuple[str, int, bool]]:
    out = [(w.card, w.verdict.points, w.verdict.winning) for w in ws]
    out.sort(key=lambda t: (-int(t[2]), -t[1], C.sort_key(t[0])))
    return out


def hint_for(view: Any) -> HintInfo | None:
    """None for a spectator (no hand to look at)."""
    seat = view.seat
    if seat is None:
        return None
    hand = list(view.hand)
    exps = [list(e) for e in view.exposures[seat]]
    n = len(hand) + sum(len(e) for e in exps)
    ctx = _context(view, seat)
    if n >= 14:
        # a call's block is an exposure: after calling (no card drawn) the concealed bonus survives it
        called = bool(exps) and view.last_drawn is None and view.phase in ("main", "declare", "dmain")
        v = RULES.analyse(hand, exps, called=called, **ctx)
        if v.winning:
            info = HintInfo("Winning hand!", True, [v.headline()])
            info.lines = [(l.name, l.points) for l in v.lines]
            info.text.append("Declare Mahjong now.")
            return info
        if v.valid:
            info = HintInfo("Valid, but 0 points", False,
                            [v.headline(), "Mahjong needs 1 point; you may still call Double."])
            info.lines = [(l.name, l.points) for l in v.lines]
            return info
        info = HintInfo("Not winning yet", False, [v.reason])
        seen = []
        for card in C.sort_cards(Counter(hand)):
            if card in seen:
                continue
            seen.append(card)
            rest = list(hand)
            rest.remove(card)
            ws = _wait_list(RULES.waits(rest, exps, **ctx))
            if ws:
                info.discards.append((card, ws))
        info.discards.sort(key=lambda d: (-max(int(w[2]) for w in d[1]), -len(d[1]),
                                          -max(w[1] for w in d[1])))
        if info.discards:
            info.text.append("Discard one of these to be one card away:")
        return info
    if n == 13:
        ws = _wait_list(RULES.waits(hand, exps, **ctx))
        if ws:
            info = HintInfo("One card away", True, ["These cards complete your hand:"], waits=ws)
        else:
            info = HintInfo("Not one card away", False,
                            ["No single card completes this hand yet: keep building blocks of one category."])
        card = view.callable_card
        if card:
            hit = next((w for w in ws if w[0] == card), None)
            where = "on the hold spot" if view.mode == "solo" else "just discarded"
            if hit is not None:
                info.callable_note = (f"The {C.name(card)} {where} completes it"
                                      + (f" ({hit[1]} point{'s' if hit[1] != 1 else ''})." if hit[2] else
                                         " (worth 0: Double only)."))
            else:
                info.callable_note = f"The {C.name(card)} {where} does not complete it."
        return info
    return HintInfo("Hand analysis", False, [f"Your hand has {n} cards."])
