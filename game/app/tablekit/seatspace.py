"""Seat space: the shared geometry of the four-seat discard-table parts.

Every part (hand, river, melds, bonus row) lays its pieces out as if its seat sat at the bottom
of the screen, in the seat's own coordinates:

- ``u``: along the seat's edge, from the seat's left to its right;
- ``v``: depth, from the rail towards the centre of the table.

A ``SeatFrame`` turns those into screen coordinates (logical 1600x900) for a seat at the bottom,
right, top or left, and turns the pieces so they face their seat. A piece is upright for its seat
when its top points towards the centre (+v). Parts only take plain data (piece codes, counts,
face-up flags) and a ``PieceStyle`` (the frame lookup); they never see a game's state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import pygame

from game.app.anim.sprites import PieceSprite

# Screen positions, counter-clockwise from the viewer: the piece rotation of a position is
# 90 degrees times its number (PieceSprite rotations are counter-clockwise).
BOTTOM, RIGHT, TOP, LEFT = 0, 1, 2, 3
POSITIONS = (BOTTOM, RIGHT, TOP, LEFT)
POSITION_NAMES = ("bottom", "right", "top", "left")


@dataclass(frozen=True)
class PieceStyle:
    """Which atlas frames a game's pieces use, and their logical size at scale 1."""

    prefix: str             # "tile" -> frames "tile/<code>"
    w: float
    h: float
    back: str
    shadow: str
    halo: str               # the gold ring round the piece a hint or lesson points at (same padding as the shadow)

    @property
    def aspect(self) -> float:
        """Height over width."""
        return self.h / self.w

    def face(self, code: str) -> str:
        return f"{self.prefix}/{code}"

    def frame(self, code: str | None, face_up: bool = True) -> str:
        """The frame to show: the face, or the back for a hidden or face-down piece."""
        return self.face(code) if (code is not None and face_up) else self.back


TILES = PieceStyle("tile", 48, 64, "tile/back", "ui/shadow-tile", "ui/select")
KARDS = PieceStyle("kard", 50, 70, "kard/back", "ui/shadow-card", "ui/select-card")
STYLES = {"tiles": TILES, "kards": KARDS}


@dataclass(frozen=True, slots=True)
class Spot:
    """One piece placed in a seat's own coordinates (see the module docstring)."""

    code: str | None        # None: a hidden piece (drawn as the back)
    u: float                # centre
    v: float
    w: float                # width of the upright piece; its height is w * style.aspect
    face_up: bool = True
    sideways: bool = False  # lying across (a claimed piece in a meld)
    turn_left: bool = True  # which way a sideways piece lies: its top towards the seat's left
    newest: bool = False    # the newest discard (a quiet ring, never the hint's gold)
    lift: float = 0.0       # drawn a little towards the centre, over the piece behind it

    def extent(self, aspect: float) -> tuple[float, float]:
        """(along, depth) this piece covers in seat space."""
        h = self.w * aspect
        return (h, self.w) if self.sideways else (self.w, h)


@dataclass(frozen=True, slots=True)
class Placed:
    """A piece on the screen: what to draw, where, and which part and seat it belongs to."""

    part: str               # "hand", "river", "meld", "bonus"
    position: int
    index: tuple[int, ...]  # place within the part (a meld piece: (meld, piece))
    code: str | None
    frame: str
    x: float                # centre, logical
    y: float
    w: float                # size of the unturned piece
    h: float
    rotation: int           # degrees counter-clockwise, a multiple of 90
    face_up: bool
    mark: bool              # ringed in gold: the piece the hint points at
    z: float
    newest: bool = False    # the newest discard: a quiet ring of its own

    @property
    def key(self) -> tuple:
        return (self.part, self.position) + self.index

    @property
    def rect(self) -> pygame.FRect:
        """The screen rectangle the piece covers."""
        w, h = (self.h, self.w) if self.rotation % 180 else (self.w, self.h)
        return pygame.FRect(self.x - w / 2, self.y - h / 2, w, h)

    def sprite(self, style: PieceStyle) -> PieceSprite:
        """A sprite at this place (a table's stage can tween it from wherever it was)."""
        return PieceSprite(self.frame, style.back, self.x, self.y, scale=self.w / style.w,
                           rotation=self.rotation, z=self.z, shadow=style.shadow, tag=self.key)


@dataclass(frozen=True)
class SeatFrame:
    """Seat space -> screen for one position. ``origin`` is the seat's left corner at the rail;
    ``along`` and ``forward`` are unit vectors (screen) of +u and +v."""

    position: int
    origin: tuple[float, float]
    along: tuple[int, int]
    forward: tuple[int, int]

    @property
    def rotation(self) -> int:
        return 90 * self.position

    def point(self, u: float, v: float) -> tuple[float, float]:
        ox, oy = self.origin
        return (ox + u * self.along[0] + v * self.forward[0], oy + u * self.along[1] + v * self.forward[1])

    def rect(self, local: Sequence[float]) -> pygame.FRect:
        """The screen rectangle of a seat-space rectangle (u, v, length, depth)."""
        u, v, du, dv = local
        (x0, y0), (x1, y1) = self.point(u, v), self.point(u + du, v + dv)
        return pygame.FRect(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))

    def local(self, screen: Sequence[float]) -> tuple[float, float, float, float]:
        """The seat-space rectangle (u, v, length, depth) of a screen rectangle."""
        x, y, w, h = screen
        corners = [self._to_local(x, y), self._to_local(x + w, y + h)]
        us, vs = [c[0] for c in corners], [c[1] for c in corners]
        return (min(us), min(vs), max(us) - min(us), max(vs) - min(vs))

    def _to_local(self, x: float, y: float) -> tuple[float, float]:
        dx, dy = x - self.origin[0], y - self.origin[1]
        return (dx * self.along[0] + dy * self.along[1], dx * self.forward[0] + dy * self.forward[1])

    def place(self, spot: Spot, style: PieceStyle, part: str, index: tuple[int, ...], z: float) -> Placed:
        x, y = self.point(spot.u, spot.v + spot.lift)
        turn = 0
        if spot.sideways:
            turn = 90 if spot.turn_left else 270
        return Placed(part, self.position, index, spot.code, style.frame(spot.code, spot.face_up), x, y,
                      spot.w, spot.w * style.aspect, (self.rotation + turn) % 360,
                      spot.face_up and spot.code is not None, False, z, spot.newest)


def frame_for(position: int, screen: Sequence[float]) -> SeatFrame:
    """The seat frame of a position whose band is the screen rectangle ``screen`` (x, y, w, h):
    the seat sits along the band's outer edge (the rail side) and faces the centre."""
    x, y, w, h = screen
    if position == BOTTOM:
        return SeatFrame(BOTTOM, (x, y + h), (1, 0), (0, -1))
    if position == RIGHT:
        return SeatFrame(RIGHT, (x + w, y + h), (0, -1), (-1, 0))
    if position == TOP:
        return SeatFrame(TOP, (x + w, y), (-1, 0), (0, 1))
    if position == LEFT:
        return SeatFrame(LEFT, (x, y), (0, 1), (1, 0))
    raise ValueError(f"no such seat position: {position!r} (expected 0..3)")


def fit_width(style: PieceStyle, max_w: float, n_along: float, length: float, gap: float,
              rows: int = 1, depth: float | None = None, row_gap: float = 0.0) -> float:
    """The largest piece width <= max_w so that ``n_along`` piece widths and their gaps fit in
    ``length`` and ``rows`` rows of upright pieces fit in ``depth``."""
    w = max_w
    if n_along > 0:
        w = min(w, (length - gap * max(0.0, n_along - 1)) / n_along)
    if depth is not None and rows > 0:
        w = min(w, (depth - row_gap * (rows - 1)) / rows / style.aspect)
    return max(1.0, w)
