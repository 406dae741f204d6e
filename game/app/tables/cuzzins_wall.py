"""Cuzzins' wall on the kit's square: broken in front of the mano, taken from the draw end, and the
two loose tiles lying on top of the flower end (1.10, CUZ-16).

The kit's square has no third layer, so the loose tiles are an overlay: the wall is shown with
every piece that left the flower end gone (loose tiles drawn, and the two now on top), and the
loose tiles are painted raised on the last stacks at that end. The rules' wall renews them from
the same end, so the picture matches it move by move.
"""

from __future__ import annotations

from typing import Any

from game.app.tablekit import seats4
from game.app.tablekit.seatspace import TILES
from game.app.tablekit.wall_square import BOX_EDGE, WallLayout, WallShow, ring_index, ring_of

TOTAL = 144
PER_SIDE = 18
DRAWN_CLOCKWISE = True       # the wall is taken clockwise while the turn goes counter-clockwise
LOOSE_EDGE = BOX_EDGE          # set apart from the wall quietly, as Kards' kong box


def wall_show(v: Any, bottom: int, clockwise_play: bool) -> WallShow | None:
    """The wall as the kit draws it, from a CuzView; None before the wall is opened."""
    if v.dice is None or v.mano is None or v.wall_left + v.loose_left == 0:
        return None
    kongs = sum(1 for ms in v.melds for m in ms if m.shape == "kong")
    from_flower_end = sum(len(f) for f in v.flowers) + kongs + v.loose_left
    live = v.wall_left
    gone = max(0, min(from_flower_end, TOTAL - live))
    at = ring_index(seats4.position_of(v.mano, bottom, clockwise_play), sum(v.dice), PER_SIDE)
    return WallShow(PER_SIDE, at, live, 0, gone, DRAWN_CLOCKWISE)


def loose_stacks(wall: WallLayout, show: WallShow, loose: int) -> list[Any]:
    """The stacks the loose tiles lie on: the last ones left at the flower end, one tile each."""
    out = []
    for d in range(show.stacks - 1, -1, -1):
        st = wall.stacks[ring_of(show, d)]
        if st.height:
            out.append(st)
            if len(out) == min(loose, 2):
                break
    return out


def draw_loose(canvas: Any, wall: WallLayout, show: WallShow | None, loose: int) -> None:
    if show is None or loose <= 0:
        return
    lift = max(1.5, wall.stack_d * 0.16)
    for st in loose_stacks(wall, show, loose):
        r = st.rect.move(0, -lift * st.height - lift * 1.5)
        canvas.piece(TILES.shadow, r.inflate(4, 4).move(1, 2))
        canvas.piece(TILES.back, r)
        canvas.outline(LOOSE_EDGE, r.inflate(3, 3), 1.5, 3)
