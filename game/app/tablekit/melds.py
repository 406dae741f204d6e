"""Meld rows: a seat's chows, pungs and kongs laid out the traditional way.

- A piece taken from another seat's discard lies sideways, and where it lies says where it came
  from: at the left end from the seat on the left, in the middle from the seat across, at the
  right end from the seat on the right.
- A concealed kong shows its two outer pieces face down and the inner two face up.
- An exposed kong shows all four (the claimed one sideways).
- A game with its own convention passes ``face_down`` (indexes after arranging) explicitly,
  e.g. Kards' melded kong with its rightmost piece back up, or a kong kept fully hidden.

Melds lie in one row from the seat's right end inwards (the first meld nearest the right; or
from the left end, for the viewer, whose name plate is there),
lined up on the seat's side of the row, and shrink together when the row would not fit.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .seatspace import PieceStyle, Spot

LEFT_SEAT, ACROSS, RIGHT_SEAT = "left", "across", "right"
SOURCES = (LEFT_SEAT, ACROSS, RIGHT_SEAT)
GAP = 1.5           # between the pieces of a meld
MELD_GAP = 12.0     # between melds


@dataclass(frozen=True)
class Meld:
    """A meld as plain data.

    ``codes``: its pieces (in the order to show them, before the claimed one is moved);
    ``claimed``: index in ``codes`` of the piece taken from a discard (None: nothing claimed);
    ``source``: where that piece came from, seen from the owner ("left", "across", "right");
    ``concealed``: a concealed kong (outer two face down);
    ``face_down``: explicit face-down indexes (after arranging), overriding the default."""

    codes: tuple[str, ...]
    claimed: int | None = None
    source: str | None = None
    concealed: bool = False
    face_down: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if not self.codes:
            raise ValueError("a meld needs at least one piece")
        if self.claimed is not None:
            if not 0 <= self.claimed < len(self.codes):
                raise ValueError(f"claimed index {self.claimed} is outside the meld {self.codes}")
            if self.source not in SOURCES:
                raise ValueError(f"a claimed piece needs a source among {SOURCES}, not {self.source!r}")


@dataclass(frozen=True)
class Look:
    code: str
    face_up: bool
    sideways: bool
    turn_left: bool = True      # a sideways piece's top points to where it came from


def source_of(owner_position: int, from_position: int) -> str:
    """Where the seat at ``from_position`` sits seen from ``owner_position`` (screen positions
    counter-clockwise: the next position is on a seat's right)."""
    d = (from_position - owner_position) % 4
    if d == 0:
        raise ValueError("a seat does not claim its own discard")
    return {1: RIGHT_SEAT, 2: ACROSS, 3: LEFT_SEAT}[d]


def arrange(meld: Meld) -> list[Look]:
    """The pieces of a meld as they lie, from the owner's left to right."""
    codes = list(meld.codes)
    sideways_at = None
    if meld.claimed is not None:
        taken = codes.pop(meld.claimed)
        n = len(codes) + 1
        sideways_at = {LEFT_SEAT: 0, ACROSS: 1, RIGHT_SEAT: n - 1}[meld.source]
        codes.insert(sideways_at, taken)
    down = meld.face_down
    if down is None:
        down = (0, len(codes) - 1) if meld.concealed and len(codes) == 4 else ()
    from_right = meld.source == RIGHT_SEAT
    return [Look(c, i not in down, i == sideways_at, not (i == sideways_at and from_right))
            for i, c in enumerate(codes)]


def meld_length(looks: Sequence[Look], w: float, aspect: float) -> float:
    return sum(w * aspect if lk.sideways else w for lk in looks) + GAP * max(0, len(looks) - 1)


def row_length(melds: Sequence[Sequence[Look]], w: float, aspect: float) -> float:
    if not melds:
        return 0.0
    return sum(meld_length(m, w, aspect) for m in melds) + MELD_GAP * (len(melds) - 1)


def melds_width(melds: Sequence[Meld], region: Sequence[float], style: PieceStyle, max_w: float) -> float:
    """The piece width that puts every meld in one row of the region (u, v, length, depth)."""
    _, _, length, depth = region
    looks = [arrange(m) for m in melds]
    w = min(max_w, depth / style.aspect)
    units = sum(style.aspect if lk.sideways else 1.0 for m in looks for lk in m)   # row length per unit of w
    if units:
        w = min(w, (length - row_length(looks, 0.0, style.aspect)) / units)
    return max(1.0, w)


def lay_melds(melds: Sequence[Meld], region: Sequence[float], style: PieceStyle,
              max_w: float = 40.0, from_left: bool = False) -> list[list[Spot]]:
    """Spots for each meld (in the order given), first meld at the seat's right end (or at its
    left end with ``from_left``, each next meld further right)."""
    u0, v0, length, depth = region
    w = melds_width(melds, region, style, max_w)
    h = w * style.aspect
    out = []
    right = u0 + length
    left = u0
    for meld in melds:
        looks = arrange(meld)
        if from_left:
            u = left
            left += meld_length(looks, w, style.aspect) + MELD_GAP
        else:
            u = right - meld_length(looks, w, style.aspect)
        spots = []
        for lk in looks:
            along, deep = (h, w) if lk.sideways else (w, h)
            spots.append(Spot(lk.code, u + along / 2, v0 + deep / 2, w, face_up=lk.face_up, sideways=lk.sideways,
                              turn_left=lk.turn_left))
            u += along + GAP
        out.append(spots)
        right -= meld_length(looks, w, style.aspect) + MELD_GAP
    return out
