"""A seat's discard river: rows of six in front of the seat, oldest first, turned to face it.

The first row lies nearest the centre of the table and later rows come towards the seat, each
read from the seat's left to its right, as discards are laid on a real table. The newest discard
is marked. Pieces shrink (all together) when the rows would not fit the region.
"""

from __future__ import annotations

import math
from typing import Sequence

from .seatspace import PieceStyle, Spot, fit_width

PER_ROW = 6
GAP = 2.0           # between pieces in a row
ROW_GAP = 3.0


def rows_needed(n: int, per_row: int = PER_ROW) -> int:
    return max(1, math.ceil(n / per_row)) if n else 0


def river_width(style: PieceStyle, n: int, region: Sequence[float], max_w: float,
                per_row: int = PER_ROW) -> float:
    """The piece width ``n`` discards get in a seat-space region (u, v, length, depth)."""
    _, _, length, depth = region
    return fit_width(style, max_w, per_row, length, GAP, max(1, rows_needed(n, per_row)), depth, ROW_GAP)


def lay_river(codes: Sequence[str], region: Sequence[float], style: PieceStyle, max_w: float = 32.0,
              mark_newest: bool = True, per_row: int = PER_ROW, width: float | None = None) -> list[Spot]:
    """Spots for the discards ``codes`` (oldest first) in the region (u, v, length, depth).

    ``width`` forces one piece width (so every river on a table can share the smallest); by
    default the river takes the largest width that fits, up to ``max_w``."""
    u0, v0, length, depth = region
    w = width if width is not None else river_width(style, len(codes), region, max_w, per_row)
    h = w * style.aspect
    row_len = per_row * w + (per_row - 1) * GAP
    left = u0 + max(0.0, (length - row_len) / 2)        # the rows sit in the middle of the region
    top = v0 + depth                                     # the edge nearest the centre
    spots = []
    last = len(codes) - 1
    for i, code in enumerate(codes):
        row, col = divmod(i, per_row)
        spots.append(Spot(code, left + col * (w + GAP) + w / 2, top - row * (h + ROW_GAP) - h / 2, w,
                          newest=mark_newest and i == last))
    return spots
