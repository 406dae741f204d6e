"""Where everything sits on the Mahjong Rummy table (logical 1600x900).

The viewer plays at the bottom (large hand, face up); the next seat in turn order sits left,
then top, then right, each with a nameplate, its face-down hand (a row for the top seat, a
column along the rail for the side seats) and the sets it owns, smaller. The pool, the wind
indicator and the round are in the middle; everything stays inside the wooden rail.

Sets and hands are laid out by `flow`: groups of tiles left to right, wrapping into rows, at the
largest scale that fits the region, so 14+ tiles in a hand or many sets on the table shrink and
wrap instead of running off the screen.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

import pygame

from game.app.atlas import piece_frame
from game.app.tablekit.stage import Target

TILE_W, TILE_H = 48.0, 64.0          # logical size of a tile frame at scale 1
TILE_BACK = piece_frame("tile", None)

BOTTOM, LEFT, TOP, RIGHT = 0, 1, 2, 3

# Everything stays inside the wooden rail (theme.RAIL_WIDTH = 22 logical px from each edge).
# Seats by position: the nameplate, the face-down hand (a row for the top seat, a column
# along the rail for the side seats, turned a quarter) and the region of the sets it owns.
AREAS = {
    BOTTOM: dict(plate=(40, 530, 620, 30), backs=None, sets=(40, 574, 1130, 164)),
    LEFT: dict(plate=(36, 36, 380, 30), backs=(54, 112, 0, 390), sets=(86, 112, 290, 410)),
    TOP: dict(plate=(520, 34, 560, 30), backs=(540, 72, 520, 26), sets=(400, 108, 800, 146)),
    RIGHT: dict(plate=(1184, 36, 380, 30), backs=(1546, 112, 0, 390), sets=(1226, 112, 290, 410)),
}
CENTER = (400, 262, 800, 262)
HEAP = (404, 272, 410, 226)              # the pool: washed heap of face-down tiles
INDICATOR = (900, 378)                   # centre of the wind indicator
INFO = (990, 266, 206, 254)              # round, who plays, timer, replay
HAND = (40, 744, 1130, 128)
BUTTONS = (1190, 690, 372, 178)
NOTES = (1190, 540, 372, 140)            # what the last turns did, in words
GOAL = (1190, 532, 372, 72)              # a challenge's goal, when there is one: the notes shrink under it
NOTES_UNDER_GOAL = (1190, 610, 372, 72)
LABEL_ROOM = 18                          # above a set: its "borrowed" words
REFUSAL_POS = (CENTER[0] + 6, HEAP[1] + HEAP[3])     # why Done was refused: over the pool, above its label
REFUSAL_W = INDICATOR[0] - 78 - 12 - CENTER[0] - 6

SCALES = {BOTTOM: (1.0, 0.42), LEFT: (0.74, 0.3), TOP: (0.7, 0.3), RIGHT: (0.74, 0.3)}
HAND_SCALE = (1.5, 0.5)
BACK_SCALE = 0.44


def position_of(seat: int, bottom_seat: int) -> int:
    """Where a seat sits for this viewer: the seat after the viewer (next to play) on the left."""
    return (seat - bottom_seat) % 4


def seat_at(pos: int, bottom_seat: int) -> int:
    return (bottom_seat + pos) % 4


@dataclass
class Place:
    key: Any
    frame: str
    x: float                 # centre
    y: float
    s: float                 # scale
    zone: str                # "hand" (viewer's), "set", "back" (another seat's hidden tile)
    seat: int | None         # hand owner or set area
    set_index: int | None = None
    z: float = 0.0
    r: float = 0.0           # rotation in degrees (side seats' hidden tiles lie across)

    def target(self) -> Target:
        """Where the stage puts this tile's sprite."""
        return Target(self.frame, self.x, self.y, self.s, self.r, self.z, (self.zone, self.seat))

    @property
    def rect(self) -> pygame.FRect:
        w, h = TILE_W * self.s, TILE_H * self.s
        if self.r % 180:
            w, h = h, w
        return pygame.FRect(self.x - w / 2, self.y - h / 2, w, h)


@dataclass
class SetBox:
    index: int
    area: int
    rect: pygame.FRect
    keys: list[str]


@dataclass
class TableLayout:
    places: dict[Any, Place] = field(default_factory=dict)
    sets: list[SetBox] = field(default_factory=list)
    new_slot: pygame.FRect | None = None
    hand_rect: pygame.FRect = field(default_factory=lambda: pygame.FRect(HAND))
    hand_order: list[str] = field(default_factory=list)
    set_scale: dict[int, float] = field(default_factory=dict)     # by area seat
    hand_scale: float = 1.0

    def tile_at(self, pos: Sequence[float], zones: Sequence[str] = ("hand", "set")) -> Place | None:
        best = None
        for p in self.places.values():
            if p.zone in zones and p.rect.collidepoint(pos):
                if best is None or p.z >= best.z:
                    best = p
        return best

    def set_at(self, pos: Sequence[float]) -> SetBox | None:
        for b in self.sets:
            if b.rect.inflate(10, 10).collidepoint(pos):
                return b
        return None


# ---------------------------------------------------------------------- flow

def _try_flow(groups: Sequence[int], region: Sequence[float], s: float, tile_gap: float, group_gap: float,
              row_gap: float, split: bool) -> list[list[tuple[float, float]]] | None:
    x0, y0, w, h = region
    tw, th = TILE_W * s, TILE_H * s
    gg = group_gap * (0.5 + s / 2)
    x, row = x0, 0
    out: list[list[tuple[float, float]]] = []
    for n in groups:
        width = n * tw + max(0, n - 1) * tile_gap
        if width > w and not split:
            return None
        if x > x0 and x + width > x0 + w + 0.01:
            if width <= w or not split or x + tw > x0 + w:
                x, row = x0, row + 1
        pts = []
        for _ in range(n):
            if x + tw > x0 + w + 0.01:
                x, row = x0, row + 1
            pts.append((x + tw / 2, y0 + row * (th + row_gap) + th / 2))
            x += tw + tile_gap
        x += gg - tile_gap
        out.append(pts)
    rows = row + 1 if groups else 0
    if rows * th + max(0, rows - 1) * row_gap > h + 0.01:
        return None
    return out


def flow(groups: Sequence[int], region: Sequence[float], smax: float, smin: float, tile_gap: float = 1.0,
         group_gap: float = 14.0, row_gap: float = 8.0, split: bool = False,
         align: str = "left") -> tuple[float, list[list[tuple[float, float]]]]:
    """Centres for each tile of each group, at the largest scale <= smax that fits (never below smin:
    then the groups wrap mid-group and may run past the bottom, clipped by the caller)."""
    s = smax
    while True:
        pts = _try_flow(groups, region, s, tile_gap, group_gap, row_gap, split)
        if pts is not None:
            break
        if s <= smin:
            pts = _try_flow(groups, (region[0], region[1], region[2], 10_000), smin, tile_gap, group_gap,
                            row_gap, True) or []
            break
        s = max(smin, s * 0.94)
    if align == "center" and pts:
        x0, _, w, _ = region
        rows: dict[float, list[tuple[int, int]]] = {}
        for gi, g in enumerate(pts):
            for ti, (x, y) in enumerate(g):
                rows.setdefault(round(y, 3), []).append((gi, ti))
        half = TILE_W * s / 2
        for y, members in rows.items():
            left = min(pts[g][t][0] for g, t in members) - half
            right = max(pts[g][t][0] for g, t in members) + half
            dx = (x0 + (w - (right - left)) / 2) - left
            for g, t in members:
                px, py = pts[g][t]
                pts[g][t] = (px + dx, py)
    return s, pts


# ---------------------------------------------------------------------- the table

def build(work: Any, bottom_seat: int, viewer: int | None, hand_counts: Sequence[int],
          groups: Sequence[Sequence[str]] | None, new_slot: bool) -> TableLayout:
    """Lay out the working table `work` (sets with areas, the viewer's hand grouped as `groups`)."""
    lay = TableLayout()
    # sets, per area
    by_area: dict[int, list[int]] = {}
    for i, s in enumerate(work.sets):
        by_area.setdefault(s.area, []).append(i)
    for seat in range(4):
        pos = position_of(seat, bottom_seat)
        region = AREAS[pos]["sets"]
        idx = by_area.get(seat, [])
        sizes = [len(work.sets[i].tiles) for i in idx]
        slot = new_slot and pos == BOTTOM
        if slot:
            sizes.append(2)
        smax, smin = SCALES[pos]
        s, pts = flow(sizes, region, smax, smin, group_gap=16.0, row_gap=10.0,
                      align="center" if pos == TOP else "left")
        lay.set_scale[seat] = s
        for n, i in enumerate(idx):
            order = work.sorted_set(i)
            keys = []
            for t, (x, y) in zip(order, pts[n] if n < len(pts) else []):
                lay.places[t] = Place(t, piece_frame("tile", t), x, y, s, "set", seat, i, 10.0)
                keys.append(t)
            rect = _bbox([lay.places[k].rect for k in keys]) if keys else pygame.FRect(region[0], region[1], 1, 1)
            lay.sets.append(SetBox(i, seat, rect, keys))
        if slot and len(pts) > len(idx):
            (xa, ya), (xb, yb) = pts[-1][0], pts[-1][-1]
            w, h = TILE_W * s, TILE_H * s
            lay.new_slot = pygame.FRect(xa - w / 2, ya - h / 2, xb - xa + w, h)
    lay.sets.sort(key=lambda b: b.index)
    # hands
    for seat in range(4):
        pos = position_of(seat, bottom_seat)
        if pos == BOTTOM and viewer is not None and seat == viewer:
            grp = [list(g) for g in (groups or []) if g]
            s, pts = flow([len(g) for g in grp], HAND, HAND_SCALE[0], HAND_SCALE[1], tile_gap=2.0, group_gap=18.0,
                          row_gap=4.0, split=True, align="center")
            lay.hand_scale = s
            for g, gp in zip(grp, pts):
                for t, (x, y) in zip(g, gp):
                    lay.places[t] = Place(t, piece_frame("tile", t), x, y, s, "hand", seat, None, 20.0)
                    lay.hand_order.append(t)
            continue
        n = hand_counts[seat] if seat < len(hand_counts) else 0
        if pos == BOTTOM:
            s, pts = flow([n], HAND, 0.9, 0.4, tile_gap=2.0, split=True, align="center") if n else (1.0, [])
            for i, (x, y) in enumerate(pts[0] if pts else []):
                lay.places[("back", seat, i)] = Place(("back", seat, i), TILE_BACK, x, y, s, "back", seat, None, 20.0)
            continue
        turn = 90.0 if pos in (LEFT, RIGHT) else 0.0
        for i, (x, y) in enumerate(back_positions(pos, n)):
            lay.places[("back", seat, i)] = Place(("back", seat, i), TILE_BACK, x, y, BACK_SCALE, "back", seat,
                                                  None, 15.0 + i * 0.01, turn)
    return lay


def toast_areas(lay: TableLayout, bottom_seat: int) -> list[tuple[float, float, float, float]]:
    """Free felt for messages: under the viewer's sets (above the hand), then under the top seat's
    sets (above the pool); the pool, its label and the wind indicator are never covered."""
    def under(pos: int, floor: float) -> tuple[float, float, float, float]:
        x, y, w, _ = AREAS[pos]["sets"]
        boxes = [b.rect for b in lay.sets if position_of(b.area, bottom_seat) == pos]
        if pos == BOTTOM and lay.new_slot is not None:
            boxes.append(lay.new_slot)
        top = max((r.bottom for r in boxes), default=y) + 8
        return (x, top, w, floor - top)
    return [under(BOTTOM, HAND[1] - 4), under(TOP, CENTER[1] - 4)]


def toast_avoid(lay: TableLayout) -> list[tuple[float, float, float, float]]:
    """Every tile placed now, and room above each set for its words."""
    out = [tuple(p.rect) for p in lay.places.values()]
    out += [(b.rect.x, b.rect.y - LABEL_ROOM, b.rect.w, b.rect.h + LABEL_ROOM) for b in lay.sets]
    return out


def back_positions(pos: int, n: int) -> list[tuple[float, float]]:
    """Centres of a seat's face-down hand (overlapping when it is long)."""
    if n <= 0 or pos == BOTTOM:
        return []
    x0, y0, w, h = AREAS[pos]["backs"]
    tw = TILE_W * BACK_SCALE
    if pos in (LEFT, RIGHT):                 # a column along the rail, lying across
        step = min(tw + 1.5, (h - tw) / max(1, n - 1)) if n > 1 else 0
        return [(x0, y0 + tw / 2 + i * step) for i in range(n)]
    step = min(tw + 1.5, (w - tw) / max(1, n - 1)) if n > 1 else 0
    left = x0 + (w - (tw + step * max(0, n - 1))) / 2     # centred under the nameplate
    return [(left + tw / 2 + i * step, y0 + h / 2) for i in range(n)]


def backs_anchor(pos: int, n: int) -> tuple[float, float]:
    """Where a seat's hidden hand is (the end of its face-down row)."""
    if pos == BOTTOM:
        return (HAND[0] + HAND[2] / 2, HAND[1] + HAND[3] / 2)
    pts = back_positions(pos, max(1, n))
    return pts[-1]


def _bbox(rects: Sequence[pygame.FRect]) -> pygame.FRect:
    r = pygame.FRect(rects[0])
    for o in rects[1:]:
        r.union_ip(o)
    return r


def heap_positions(n: int, seed: int = 7) -> list[tuple[float, float, float]]:
    """A static washed heap (x, y, angle) for a pool seen without its wash (a game resumed)."""
    import math
    import random
    rng = random.Random(seed)
    x0, y0, w, h = HEAP
    cx, cy = x0 + w / 2, y0 + h / 2
    out = []
    for i in range(n):
        r = math.sqrt(rng.random())
        a = rng.uniform(0, 2 * math.pi)
        out.append((cx + math.cos(a) * r * (w / 2 - 22), cy + math.sin(a) * r * (h / 2 - 24),
                    rng.uniform(0, 360)))
    return out
