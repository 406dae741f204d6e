"""The wall as a square of two-high stacks round the centre, with its break and kong box.

Stacks are numbered round the ring, clockwise on the screen: side 0 lies in front of the bottom
seat, then the left, top and right seats' sides; on each side stack 0 is at that seat's right
end (``ring_index(position, j)``). The live wall starts at stack ``break_at`` and is drawn in the
``clockwise`` direction (top piece of a stack first); the kong box (dead wall, loose tiles) is the
run just before the break, used from the break end. Both shrink as pieces are taken:

    pieces drawn from the live end = total - live - kong_box - kong_taken
    stacks emptied at the live end = drawn // 2 (an odd count leaves the bottom piece)

A kong box topped up from the live wall simply grows into the live wall's far end, so the two
always lie together. This is the picture of ``game.core.kit.wall.Wall`` (a row from the break,
the box at its end): ``from_kit`` makes a ``WallShow`` from one. Every stack keeps its thick edge
towards the viewer, so the square reads as one solid object under one light.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import pygame

from game.app import theme
from .seatspace import BOTTOM, LEFT, RIGHT, TOP, PieceStyle

LIVE, BOX = "live", "box"
RING_SIDES = (BOTTOM, LEFT, TOP, RIGHT)     # ring side -> screen position (clockwise)


@dataclass(frozen=True)
class WallShow:
    """The wall as plain data (counts, not pieces: the wall is face down)."""

    stacks_per_side: int = 18
    break_at: int = 0
    live: int = 0
    kong_box: int = 0
    kong_taken: int = 0
    clockwise: bool = True

    def __post_init__(self) -> None:
        if self.stacks_per_side < 1:
            raise ValueError(f"a wall side needs at least one stack, not {self.stacks_per_side}")
        for name in ("live", "kong_box", "kong_taken"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} can't be negative ({getattr(self, name)})")
        if self.live + self.kong_box + self.kong_taken > self.total:
            raise ValueError(f"live {self.live} + kong box {self.kong_box} + taken {self.kong_taken} "
                             f"is more than the {self.total} pieces of the wall")

    @property
    def stacks(self) -> int:
        return 4 * self.stacks_per_side

    @property
    def total(self) -> int:
        return 2 * self.stacks

    @property
    def drawn(self) -> int:
        """Pieces taken from the live end."""
        return self.total - self.live - self.kong_box - self.kong_taken


def from_kit(wall, replacements: int, *, stacks_per_side: int = 18, break_at: int = 0,
             clockwise: bool = True) -> WallShow:
    """The look of a rules-kit ``Wall`` (``remaining`` live pieces, its ``box``), given how many
    replacements have been taken from the box so far (the Wall itself does not count them)."""
    return WallShow(stacks_per_side, break_at, wall.remaining, len(wall.box), replacements, clockwise)


def ring_index(position: int, j: int, stacks_per_side: int = 18) -> int:
    """The ring number of stack ``j`` (counted from that seat's right end) of the side in front
    of the seat at a screen position."""
    return RING_SIDES.index(position) * stacks_per_side + j % stacks_per_side


def ring_of(show: WallShow, d: int) -> int:
    """The ring number of the ``d``-th stack in drawing order."""
    step = 1 if show.clockwise else -1
    return (show.break_at + step * d) % show.stacks


def layers(show: WallShow) -> list[tuple[str | None, str | None]]:
    """(bottom, top) kind of each stack, by ring number: LIVE, BOX or None (gone)."""
    n = show.stacks
    by_order: list[list[str | None]] = [[LIVE, LIVE] for _ in range(n)]     # [bottom, top]
    drawn, taken = show.drawn, show.kong_taken
    for d in range(drawn // 2):
        by_order[d] = [None, None]
    if drawn % 2:
        by_order[drawn // 2][1] = None
    for k in range(taken // 2):
        by_order[n - 1 - k] = [None, None]
    if taken % 2:
        by_order[n - 1 - taken // 2][1] = None
    box = show.kong_box
    for d in range(n - 1, -1, -1):                 # the box: the last pieces, top first from the end
        for layer in (1, 0):
            if box and by_order[d][layer] is not None:
                by_order[d][layer] = BOX
                box -= 1
    out: list[tuple[str | None, str | None]] = [(None, None)] * n
    for d, (bottom, top) in enumerate(by_order):
        if bottom is None and top is not None:      # a lone piece lies on the table, not in the air
            bottom, top = top, None
        out[ring_of(show, d)] = (bottom, top)
    return out


@dataclass(frozen=True)
class Stack:
    ring: int
    position: int               # the seat whose side it is on
    rect: pygame.FRect          # footprint on the table
    bottom: str | None
    top: str | None

    @property
    def height(self) -> int:
        return (self.bottom is not None) + (self.top is not None)


@dataclass
class WallLayout:
    square: pygame.FRect
    inner: pygame.FRect         # the free middle (round wind, counts)
    stack_w: float
    stack_d: float
    stacks: list[Stack]
    break_mark: tuple[tuple[float, float], int]     # (point on the outer edge, position of that side)
    box_rects: list[pygame.FRect]

    @property
    def pieces(self) -> int:
        return sum(s.height for s in self.stacks)

    def signature(self) -> tuple:
        """Everything that changes the picture, hashable."""
        return (tuple(self.square), tuple((s.bottom, s.top) for s in self.stacks), self.break_mark,
                tuple(tuple(r) for r in self.box_rects))


def square_side(show: WallShow, style: PieceStyle, stack_w: float) -> float:
    return show.stacks_per_side * stack_w + stack_w * style.aspect


def lay_wall(show: WallShow, area: Sequence[float], style: PieceStyle, max_stack_w: float = 16.0) -> WallLayout:
    """Stacks in a square centred in ``area`` (x, y, w, h), as large as fits (up to ``max_stack_w``)."""
    ax, ay, aw, ah = area
    s = show.stacks_per_side
    sw = min(max_stack_w, min(aw, ah) / (s + style.aspect))
    sd = sw * style.aspect
    side = s * sw + sd
    x0, y0 = ax + (aw - side) / 2, ay + (ah - side) / 2
    x1, y1 = x0 + side, y0 + side
    kinds = layers(show)
    stacks = []
    for r in range(show.stacks):
        ring_side, j = divmod(r, s)
        pos = RING_SIDES[ring_side]
        if pos == BOTTOM:
            rect = (x0 + (s - 1 - j) * sw, y1 - sd, sw, sd)
        elif pos == LEFT:
            rect = (x0, y0 + (s - 1 - j) * sw, sd, sw)
        elif pos == TOP:
            rect = (x0 + sd + j * sw, y0, sw, sd)
        else:
            rect = (x1 - sd, y0 + sd + j * sw, sd, sw)
        stacks.append(Stack(r, pos, pygame.FRect(rect), *kinds[r]))
    first = stacks[show.break_at % show.stacks]
    mark = _break_point(first, show.clockwise, (x0, y0, x1, y1))
    margin = sd * 0.35
    inner = pygame.FRect(x0 + sd + margin, y0 + sd + margin, side - 2 * (sd + margin), side - 2 * (sd + margin))
    return WallLayout(pygame.FRect(x0, y0, side, side), inner, sw, sd, stacks, mark, _box_rects(stacks))


def _break_point(first: Stack, clockwise: bool, box: tuple[float, float, float, float]):
    """The outer-edge point between the first live stack and the one before it."""
    r = first.rect
    x0, y0, x1, y1 = box
    # Clockwise drawing leaves the box on the counter-clockwise neighbour's side of the first stack.
    pos = first.position
    if pos == BOTTOM:
        return ((r.right if clockwise else r.left), y1), pos
    if pos == LEFT:
        return (x0, (r.bottom if clockwise else r.top)), pos
    if pos == TOP:
        return ((r.left if clockwise else r.right), y0), pos
    return (x1, (r.top if clockwise else r.bottom)), pos


def _box_rects(stacks: Sequence[Stack]) -> list[pygame.FRect]:
    """One rectangle round each unbroken run of kong-box stacks on a side."""
    out: list[pygame.FRect] = []
    run: pygame.FRect | None = None
    prev = None
    for st in stacks:
        inside = BOX in (st.bottom, st.top)
        if inside and run is not None and prev is not None and prev.position == st.position:
            run = run.union(st.rect)
        elif inside:
            if run is not None:
                out.append(run)
            run = pygame.FRect(st.rect)
        else:
            if run is not None:
                out.append(run)
            run = None
        prev = st if inside else None
    if run is not None:
        out.append(run)
    # the ring wraps: join a run at the end with one at the start on the same side
    if len(out) > 1 and BOX in (stacks[0].bottom, stacks[0].top) and BOX in (stacks[-1].bottom, stacks[-1].top) \
            and stacks[0].position == stacks[-1].position:
        out[0] = out[0].union(out.pop())
    return out


# ---------------------------------------------------------------------- drawing

# the kong box's (and Cuzzins' loose tiles') edge sets them apart quietly: gold is the hint's
BOX_EDGE = theme.TEXT_DIM
BREAK_COLOUR = theme.ACTIVE_SEAT
MAT = (0, 0, 0, 38)         # a faint darker square under the wall: the centre of the table


_DRAWN: dict[tuple, tuple[pygame.Surface, pygame.FRect]] = {}


def draw_wall(canvas, wall: WallLayout, style: PieceStyle) -> None:
    """The wall, painted once per look and pixel size and then blitted whole (a wall is some
    200 small pictures; it only changes when a piece is taken)."""
    key = (wall.signature(), canvas.scale, style, canvas.colourblind, id(canvas.atlas))
    hit = _DRAWN.get(key)
    if hit is None:
        from game.app.canvas import Canvas
        bounds = wall.square.inflate(2 * wall.stack_d + 12, 2 * wall.stack_d + 12)
        scale = canvas.scale
        surf = pygame.Surface((max(1, int(bounds.w * scale) + 2), max(1, int(bounds.h * scale) + 2)), pygame.SRCALPHA)
        sub = Canvas(surf, canvas.atlas, canvas.logical, canvas.colourblind)
        sub.scale, sub.offset = scale, (-int(round(bounds.x * scale)), -int(round(bounds.y * scale)))
        paint_wall(sub, wall, style)
        if len(_DRAWN) >= 6:
            _DRAWN.clear()
        hit = _DRAWN[key] = (surf, bounds)
    surf, bounds = hit
    canvas.target.blit(surf, (canvas.offset[0] + int(round(bounds.x * canvas.scale)),
                              canvas.offset[1] + int(round(bounds.y * canvas.scale))))


def paint_wall(canvas, wall: WallLayout, style: PieceStyle) -> None:
    """Shadows, the bottom layer, the top layer (raised a little), the kong box ring, the break."""
    lift = max(1.5, wall.stack_d * 0.16)
    canvas.fill(MAT, wall.square.inflate(10, 10), 8)
    order = sorted(wall.stacks, key=lambda s: s.rect.centery)
    pad = 8 * wall.stack_w / style.w
    for st in order:
        if st.height:
            r = st.rect
            canvas.piece(style.shadow, (r.x - pad + 1.5, r.y - pad + 2.5, r.w + 2 * pad, r.h + 2 * pad))
    for layer in (0, 1):
        for st in order:
            kind = st.bottom if layer == 0 else st.top
            if kind is None:
                continue
            r = st.rect.move(0, -lift * layer)
            # a hair's gap between neighbours, so the wall reads as pieces rather than a bar
            r = r.inflate(-1.0, 0) if st.position in (BOTTOM, TOP) else r.inflate(0, -1.0)
            # every stack keeps its thick edge towards the viewer (one light, one perspective)
            canvas.piece(style.back, r)
    for r in wall.box_rects:
        canvas.outline(BOX_EDGE, r.inflate(4, 4).move(0, -lift), 1.5, 3)
    (bx, by), pos = wall.break_mark
    size = max(6.0, wall.stack_w * 0.8)
    out = {BOTTOM: (0, 1), TOP: (0, -1), LEFT: (-1, 0), RIGHT: (1, 0)}[pos]
    # an ivory notch across the wall where it was broken, and an arrow pointing at it from outside
    depth = wall.stack_d + 2
    canvas.line(BREAK_COLOUR, (bx + out[0], by + out[1]), (bx - out[0] * depth, by - out[1] * depth), 2)
    tip = (bx + out[0] * 3, by + out[1] * 3)
    base = (bx + out[0] * (3 + size * 1.4), by + out[1] * (3 + size * 1.4))
    side = (out[1] * size * 0.7, out[0] * size * 0.7)
    canvas.polygon(BREAK_COLOUR, [tip, (base[0] + side[0], base[1] + side[1]), (base[0] - side[0], base[1] - side[1])])
