"""A seat's bonus row: flowers and seasons (and Cuzzins' honours played as flowers), face up.

Pieces run from the seat's left to its right along the region's seat side; when there are more
than one row holds at ``min_w``, they wrap into further rows towards the centre, and everything
shrinks until it fits.
"""

from __future__ import annotations

import math
from typing import Sequence

from .seatspace import PieceStyle, Spot

GAP = 2.0
ROW_GAP = 3.0


def bonus_grid(n: int, region: Sequence[float], style: PieceStyle, max_w: float) -> tuple[float, int]:
    """(piece width, pieces per row) for ``n`` bonus pieces in the region: the layout with the
    fewest rows whose pieces are largest."""
    _, _, length, depth = region
    best = (0.0, max(1, n))
    for rows in range(1, max(1, n) + 1):
        per_row = math.ceil(n / rows) if n else 1
        w = min(max_w, (length - GAP * (per_row - 1)) / per_row,
                (depth - ROW_GAP * (rows - 1)) / rows / style.aspect)
        if w > best[0] + 0.01:
            best = (w, per_row)
    return max(1.0, best[0]), best[1]


def lay_bonus(codes: Sequence[str], region: Sequence[float], style: PieceStyle, max_w: float = 30.0,
              from_right: bool = False) -> list[Spot]:
    """Spots for the bonus pieces, from the region's left end (seen from the seat), or from its
    right end with ``from_right`` (so the row starts next to the melds whichever side they are)."""
    u0, v0, length, _ = region
    w, per_row = bonus_grid(len(codes), region, style, max_w)
    h = w * style.aspect
    out = []
    for i, code in enumerate(codes):
        col, row = i % per_row, i // per_row
        u = u0 + length - col * (w + GAP) - w / 2 if from_right else u0 + col * (w + GAP) + w / 2
        out.append(Spot(code, u, v0 + row * (h + ROW_GAP) + h / 2, w))
    return out
