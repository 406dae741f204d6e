"""Scoring tables (as data) and the itemised lines of a hand, a Double and the opponent's win."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from . import cards as C

# key -> (line name, points, why)
BONUSES = {
    "kongs": ("Kongs", 1, "the hand uses at least one kong (counted once)"),
    "quint": ("Quint", 1, "one point for each quint"),
    "joker": ("Discarded joker", 1, "one point for each joker you discarded this round"),
    "concealed": ("Concealed", 1, "no exposures before the winning card"),
}
SPECIALS = {
    "one_suit": ("One Suit", 2, "every number from one suit, plus that suit's dragon block"),
    "three_suits": ("Three Suits", 3, "one number block of each suit and all three dragon blocks"),
    "epic": ("Epic Hand", 7, "one of every number and dragon, and two jokers"),
}
MISCALL_PENALTY = 2
MIN_POINTS = 1                    # a Mahjong must be worth at least this
OPPONENT_WIN_PUNGS = 5            # solo: the virtual opponent wins at its fifth exposed pung
OPPONENT_BASE = 1
OPPONENT_DRAGON_BONUS = 1
DOUBLE_FACTOR = 2
DOUBLE_MINIMUM = 1                # a doubled hand worth 0 still earns this
DOUBLE_TURNS = 3
DOUBLE_MIN_DECK = 3
SOLO_DOUBLE_MIN_PUNGS = 3


@dataclass(frozen=True)
class Line:
    name: str
    points: int
    why: str

    def to_json(self) -> dict:
        return {"name": self.name, "points": self.points, "why": self.why}


def hand_lines(blocks, special: str | None, discarded_jokers: int, concealed: bool) -> tuple[Line, ...]:
    """The bonus lines of a valid hand (blocks: analysis.Block)."""
    lines = []
    if special:
        n, p, why = SPECIALS[special]
        lines.append(Line(n, p, why))
    kongs = [b for b in blocks if b.size == 4]
    if kongs:
        n, p, why = BONUSES["kongs"]
        lines.append(Line(n, p, f"{why}: {', '.join(b.describe() for b in kongs)}"))
    for b in blocks:
        if b.size == 5:
            n, p, why = BONUSES["quint"]
            lines.append(Line(n, p, b.describe()))
    if discarded_jokers:
        n, p, why = BONUSES["joker"]
        lines.append(Line(f"{n}s" if discarded_jokers > 1 else n, p * discarded_jokers,
                          f"{discarded_jokers} joker{'s' if discarded_jokers > 1 else ''} discarded this round"))
    if concealed:
        n, p, why = BONUSES["concealed"]
        lines.append(Line(n, p, why))
    return tuple(lines)


def total(lines: Iterable[Line]) -> int:
    return sum(l.points for l in lines)


def double_points(value: int) -> int:
    """What a doubled hand earns: twice its value, or 1 when it is worth 0."""
    return value * DOUBLE_FACTOR if value > 0 else DOUBLE_MINIMUM


def opponent_lines(exposures: Iterable[Iterable[str]]) -> tuple[Line, ...]:
    """Solo: the virtual opponent's win (MTM-13): 1, plus 1 per dragon pung whose suit has a number pung."""
    kinds = [C.block_kind(e) for e in exposures]
    number_suits = {C.suit(k) for k in kinds if k and C.is_number(k)}
    lines = [Line("Five pungs", OPPONENT_BASE, "the virtual opponent exposed its fifth pung")]
    for k in kinds:
        if k and C.is_dragon(k) and C.suit(k) in number_suits:
            lines.append(Line("Dragon pung", OPPONENT_DRAGON_BONUS,
                              f"{C.name(k)} pung with a {C.suit_name(C.suit(k))} number pung"))
    return tuple(lines)
