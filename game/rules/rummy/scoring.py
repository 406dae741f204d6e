"""Round scoring by the chart (RUM-1, RUM-12): itemised lines, never a bare number.

             in play   in hand
numbered        +1        -1
wind            +5        -5     (x2 if it is the seat's wind, x2 if it is the round wind)
dragon           0       -10     (a Green Dragon standing for a wind is still a dragon)
"""

from __future__ import annotations

from typing import Iterable, Sequence

from game.core.protocol import ScoreLine
from game.core.pieces import WIND_NAMES

from .tiles import DR, KINDS, TILE_KIND, WIND_HI, WIND_LO, N_NUMBERED

NUMBERED_POINTS = 1
WIND_POINTS = 5
DRAGON_HAND_POINTS = 10


def wind_multiplier(wind: str, seat_wind: str | None, round_wind: str | None) -> int:
    m = 1
    if wind == seat_wind:
        m *= 2
    if wind == round_wind:
        m *= 2
    return m


def tile_value(tile_or_kind: str, in_play: bool, seat_wind: str | None = None, round_wind: str | None = None) -> int:
    k = TILE_KIND.get(tile_or_kind)
    if k is None:
        k = KINDS.index(tile_or_kind)
    sign = 1 if in_play else -1
    if k < N_NUMBERED:
        return sign * NUMBERED_POINTS
    if WIND_LO <= k <= WIND_HI:
        return sign * WIND_POINTS * wind_multiplier(KINDS[k], seat_wind, round_wind)
    return 0 if in_play else -DRAGON_HAND_POINTS


def _why_wind(count: int, wind: str, seat_wind: str | None, round_wind: str | None, in_play: bool) -> str:
    base = f"{count} × {'+' if in_play else '-'}{WIND_POINTS}"
    extra = []
    if wind == seat_wind:
        extra.append("×2 seat wind")
    if wind == round_wind:
        extra.append("×2 round wind")
    return ", ".join([base] + extra)


def score_tiles(seat: int, in_play: Iterable[str], in_hand: Iterable[str], seat_wind: str | None,
                round_wind: str | None) -> tuple[list[ScoreLine], int]:
    """Itemised lines for one seat and its total.  Tiles may be ids ("B3#1") or kinds ("B3")."""
    lines: list[ScoreLine] = []
    total = 0
    for in_play_flag, tiles in ((True, list(in_play)), (False, list(in_hand))):
        where = "in play" if in_play_flag else "in hand"
        ks = [TILE_KIND[t] if t in TILE_KIND else KINDS.index(t) for t in tiles]
        nums = sum(1 for k in ks if k < N_NUMBERED)
        if nums:
            v = nums * NUMBERED_POINTS * (1 if in_play_flag else -1)
            lines.append(ScoreLine(seat, f"Numbered tiles {where}", v,
                                   f"{nums} × {'+' if in_play_flag else '-'}{NUMBERED_POINTS}"))
            total += v
        for k in range(WIND_LO, WIND_HI + 1):
            c = ks.count(k)
            if not c:
                continue
            w = KINDS[k]
            v = c * tile_value(w, in_play_flag, seat_wind, round_wind)
            lines.append(ScoreLine(seat, f"{WIND_NAMES[w]} Wind {where}", v,
                                   _why_wind(c, w, seat_wind, round_wind, in_play_flag)))
            total += v
        dr = sum(1 for k in ks if k >= DR)
        if dr:
            v = 0 if in_play_flag else -DRAGON_HAND_POINTS * dr
            why = f"{dr} × 0 (dragons score nothing in play)" if in_play_flag else f"{dr} × -{DRAGON_HAND_POINTS}"
            lines.append(ScoreLine(seat, f"Dragons {where}", v, why))
            total += v
    lines.append(ScoreLine(seat, "Round score", total, "sum of the lines above"))
    return lines, total


def score_round(table_by_seat: Sequence[Sequence[str]], hands: Sequence[Sequence[str]], seat_winds: Sequence[str],
                round_wind: str) -> tuple[list[ScoreLine], list[int]]:
    lines: list[ScoreLine] = []
    totals = []
    for s in range(len(hands)):
        ls, t = score_tiles(s, table_by_seat[s], hands[s], seat_winds[s], round_wind)
        lines += ls
        totals.append(t)
    return lines, totals
