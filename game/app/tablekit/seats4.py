"""The four-seat discard table (Kards, Cuzzins, ...): where every seat's pieces lie, and drawing.

The viewer sits at the bottom with the hand large and face up; the other seats sit right, top
and left (counter-clockwise), their hands face down and turned to face them. In front of each
seat, between it and the wall square in the centre, lies its discard river; its melds lie
towards its right along its edge, its bonus pieces beside them, and its name plate stays
upright for the viewer. Every part shrinks to fit its region, so hands of 0..17 pieces, rivers
of 30 discards and four kongs per seat never overlap or leave the screen, with tiles (3:4) or
cards (5:7) alike.

Input is plain data (``TableShow``: per position a ``SeatShow``, plus an optional
``WallShow``); ``lay_table`` turns it into a ``TableLayout`` of ``Placed`` pieces and rectangles,
and ``draw_table`` draws it on a ``Canvas``. A table scene may instead make sprites from the
placed pieces (``Placed.sprite``) and tween them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

import pygame

from game.app import theme
from game.app.anim.sprites import PieceSprite, draw_sprites

from .bonus import lay_bonus
from .melds import Meld, lay_melds
from .river import lay_river, river_width
from .seatspace import BOTTOM, LEFT, POSITIONS, RIGHT, TOP, PieceStyle, Placed, SeatFrame, Spot, fit_width, frame_for
from .wall_square import WallLayout, WallShow, draw_wall, lay_wall

SCREEN = (1600, 900)
INSIDE = pygame.FRect(24, 24, 1552, 852)        # within the wooden rail

# Each seat's band (the frame's origin is its corner at the rail; see seatspace.frame_for) and
# its regions, in screen rectangles. The side seats' regions are mirror images.
BANDS = {
    BOTTOM: (24, 716, 1552, 160),
    RIGHT: (1136, 80, 440, 632),
    TOP: (24, 24, 1552, 50),
    LEFT: (24, 80, 440, 632),
}
REGIONS = {
    # the viewer's melds start beside their own name plate and their bonus pieces lie under it,
    # so nothing of theirs sits near another seat's plate (see PLATE_CLEARANCE)
    BOTTOM: dict(hand=(258, 788, 1064, 86), melds=(330, 722, 920, 60), bonus=(30, 776, 222, 98),
                 plate=(30, 728, 290, 40)),
    TOP: dict(hand=(556, 28, 488, 42), melds=(30, 28, 518, 42), bonus=(1362, 28, 208, 42),
              plate=(1056, 32, 300, 36)),
    LEFT: dict(hand=(26, 124, 48, 580), melds=(80, 124, 50, 580), bonus=(136, 124, 44, 580),
               plate=(30, 88, 300, 32)),
    RIGHT: dict(hand=(1526, 96, 48, 580), melds=(1470, 96, 50, 580), bonus=(1420, 96, 44, 580),
                plate=(1270, 680, 300, 34)),
}
# The least gap between a seat's meld or bonus area and any other seat's name plate: closer,
# a player reads those pieces as that other seat's.
PLATE_CLEARANCE = 16
# Every seat's melds start at its left end (seen from the seat), where its plate or its hand is:
# the viewer's beside their plate, the side seats' under or over theirs, the top seat's beside
# its hand. Its bonus row starts by its plate too.
BONUS_FROM_RIGHT = {BOTTOM: False, TOP: True, LEFT: False, RIGHT: False}
# Keep clear for the table's own buttons (the claim bar, Discard, ...): right of the viewer's hand.
CONTROLS = (1330, 788, 240, 86)
CENTRE = (470, 80, 660, 632)            # the wall square and the four rivers
WALL_AREA = (655, 251, 290, 290)        # the square is centred here (a little above the middle)
RIVER_GAP = 10                          # between the wall square and a river

MAX_W = {   # largest piece width per part: the viewer's own pieces large, the others smaller
    "hand": {BOTTOM: 60.0, TOP: 30.0, LEFT: 36.0, RIGHT: 36.0},
    "melds": {BOTTOM: 42.0, TOP: 30.0, LEFT: 36.0, RIGHT: 36.0},
    "bonus": {BOTTOM: 34.0, TOP: 30.0, LEFT: 32.0, RIGHT: 32.0},
    "river": 34.0,
}
HAND_GAP = 2.0
MAX_STACK_W = 15.0
DRAWN_GAP = 16.0        # the freshly drawn piece sits apart
SIDE_RIVER_DEPTH = 190.0   # the side rivers could run deeper; the top and bottom ones set the size


def position_of(seat: int, bottom_seat: int, clockwise: bool, seats: int = 4) -> int:
    """The screen position of ``seat`` for a viewer at ``bottom_seat``. With clockwise play
    (Kards) the next seat sits on the viewer's left; counter-clockwise (Cuzzins) on the right."""
    d = (seat - bottom_seat) % seats
    return (-d) % 4 if clockwise else d


# ---------------------------------------------------------------------- data

@dataclass(frozen=True)
class SeatShow:
    """What one seat shows, as plain data.

    ``hand``: its pieces in order, None for one the viewer can't see; ``drawn``: the last hand
    piece is a fresh draw (set apart); ``discards`` oldest first; ``melds``; ``bonus``;
    the plate: ``name``, ``wind`` (a piece code such as "WE" for its icon), ``info``, ``active``."""

    hand: tuple[str | None, ...] = ()
    drawn: bool = False
    discards: tuple[str, ...] = ()
    melds: tuple[Meld, ...] = ()
    bonus: tuple[str, ...] = ()
    name: str = ""
    wind: str | None = None
    info: str = ""
    active: bool = False

    @staticmethod
    def hidden(n: int, **kw) -> "SeatShow":
        return SeatShow(hand=(None,) * n, **kw)


@dataclass(frozen=True)
class TableShow:
    seats: tuple[SeatShow, SeatShow, SeatShow, SeatShow]     # by screen position
    wall: WallShow | None = None
    last_discard: int | None = None      # the position whose newest discard is marked

    def __post_init__(self) -> None:
        if len(self.seats) != 4:
            raise ValueError(f"a four-seat table needs four seats, not {len(self.seats)}")


@dataclass
class Plate:
    position: int
    rect: pygame.FRect
    name: str
    wind: str | None
    info: str
    active: bool


@dataclass
class TableLayout:
    style: PieceStyle
    pieces: list[Placed] = field(default_factory=list)
    plates: list[Plate] = field(default_factory=list)
    regions: dict[tuple[int, str], pygame.FRect] = field(default_factory=dict)
    wall: WallLayout | None = None
    river_w: float = 0.0
    _sprites: list | None = field(default=None, init=False, repr=False)

    def sprites(self) -> list[PieceSprite]:
        """The pieces as sprites, then a gold ring over each one the hint points at (made once per
        layout, so each keeps its scaled picture from frame to frame)."""
        if self._sprites is None:
            st = self.style
            self._sprites = [p.sprite(st) for p in self.pieces] + [
                PieceSprite(st.halo, None, p.x, p.y, scale=p.w / st.w, rotation=p.rotation, z=p.z + 100.0)
                for p in self.pieces if p.mark]
        return self._sprites

    def by_part(self, part: str, position: int | None = None) -> list[Placed]:
        return [p for p in self.pieces if p.part == part and (position is None or p.position == position)]

    def piece_at(self, pos: Sequence[float], parts: Sequence[str] = ("hand",)) -> Placed | None:
        """The topmost piece of the given parts under a logical point (None: none)."""
        best = None
        for p in self.pieces:
            if p.part in parts and p.rect.collidepoint(pos) and (best is None or p.z >= best.z):
                best = p
        return best

    def announce_point(self, position: int) -> tuple[float, float]:
        return ANNOUNCE_AT[position]


# beside each river, on its seat's side of the table, clear of the pieces
ANNOUNCE_AT = {BOTTOM: (1066, 640), TOP: (590, 150), LEFT: (320, 470), RIGHT: (1280, 420)}


# ---------------------------------------------------------------------- layout

def frames() -> dict[int, SeatFrame]:
    return {p: frame_for(p, BANDS[p]) for p in POSITIONS}


def river_regions(wall_square: pygame.FRect, river_len: float) -> dict[int, pygame.FRect]:
    """Screen rectangles of the four rivers: in front of each seat, against the wall square."""
    sq = wall_square
    half = river_len / 2
    cx, cy = sq.centerx, sq.centery
    top_depth = sq.top - RIVER_GAP - CENTRE[1]
    bottom_depth = CENTRE[1] + CENTRE[3] - sq.bottom - RIVER_GAP
    side_depth = min(SIDE_RIVER_DEPTH, sq.left - RIVER_GAP - CENTRE[0])
    return {
        BOTTOM: pygame.FRect(cx - half, sq.bottom + RIVER_GAP, river_len, bottom_depth),
        TOP: pygame.FRect(cx - half, CENTRE[1], river_len, top_depth),
        LEFT: pygame.FRect(sq.left - RIVER_GAP - side_depth, cy - half, side_depth, river_len),
        RIGHT: pygame.FRect(sq.right + RIVER_GAP, cy - half, side_depth, river_len),
    }


def lay_table(show: TableShow, style: PieceStyle) -> TableLayout:
    """Every piece and plate of the table, placed (pure layout: nothing is drawn)."""
    lay = TableLayout(style)
    fr = frames()
    wall = lay_wall(show.wall or WallShow(), WALL_AREA, style, MAX_STACK_W)   # its square places the rivers
    lay.wall = wall if show.wall is not None else None
    square = wall.square
    river_len = 6 * MAX_W["river"] + 5 * 2.0
    rivers = river_regions(square, river_len)
    # one piece width for every river: the smallest any seat needs
    lay.river_w = min(river_width(style, len(show.seats[p].discards), fr[p].local(rivers[p]), MAX_W["river"])
                      for p in POSITIONS)
    for p in POSITIONS:
        seat, f, reg = show.seats[p], fr[p], REGIONS[p]
        for name, r in reg.items():
            lay.regions[(p, name)] = pygame.FRect(r)
        lay.regions[(p, "river")] = rivers[p]
        _place(lay, f, "river", lay_river(seat.discards, f.local(rivers[p]), style,
                                          mark_newest=show.last_discard == p, width=lay.river_w), 10.0)
        for mi, spots in enumerate(lay_melds(seat.melds, f.local(reg["melds"]), style, MAX_W["melds"][p],
                                             from_left=True)):
            _place(lay, f, "meld", spots, 20.0, prefix=(mi,))
        bonus = lay_bonus(seat.bonus, f.local(reg["bonus"]), style, MAX_W["bonus"][p], BONUS_FROM_RIGHT[p])
        _place(lay, f, "bonus", bonus, 20.0)
        _place(lay, f, "hand", lay_hand(seat.hand, seat.drawn, f.local(reg["hand"]), style, MAX_W["hand"][p]), 30.0)
        lay.plates.append(Plate(p, pygame.FRect(reg["plate"]), seat.name, seat.wind, seat.info, seat.active))
    return lay


def _place(lay: TableLayout, f: SeatFrame, part: str, spots, z: float, prefix: tuple[int, ...] = ()) -> None:
    for i, sp in enumerate(spots):
        lay.pieces.append(f.place(sp, lay.style, part, prefix + (i,), z + i * 0.01))


def lay_hand(hand: Sequence[str | None], drawn: bool, region: Sequence[float], style: PieceStyle,
             max_w: float) -> list[Spot]:
    """A hand in one row centred in the region; the drawn piece (the last) set a little apart."""
    u0, v0, length, depth = region
    n = len(hand)
    extra = DRAWN_GAP - HAND_GAP if drawn and n > 1 else 0.0
    w = fit_width(style, max_w, n, length - extra, HAND_GAP, 1, depth)
    h = w * style.aspect
    total = n * w + max(0, n - 1) * HAND_GAP + extra
    u = u0 + (length - total) / 2
    spots = []
    for i, code in enumerate(hand):
        if drawn and i == n - 1 and n > 1:
            u += extra
        spots.append(Spot(code, u + w / 2, v0 + h / 2, w, face_up=code is not None))
        u += w + HAND_GAP
    return spots


# ---------------------------------------------------------------------- drawing

PLATE_FILL = (6, 22, 16, 205)
PLATE_EDGE = (74, 112, 88)
PLATE_INFO_MIN = 14.0      # the plate's wind and score are set down to this size before being cut


def frame_getter(canvas):
    atlas = canvas.atlas
    if atlas is None:
        return None
    cb = canvas.colourblind
    return lambda name: atlas.frame(name, cb)


def draw_pieces(canvas, lay: TableLayout) -> None:
    """The pieces as sprites (one batch, with shadows), the hinted ones ringed in gold, the newest
    discard in its quiet ring."""
    get = frame_getter(canvas)
    if get is None:             # no atlas: labelled placeholders
        for p in sorted(lay.pieces, key=lambda q: q.z):
            canvas.piece(p.frame, p.rect, angle=p.rotation)
    else:
        draw_sprites(canvas.target, lay.sprites(), get, canvas.scale, canvas.offset)
    for p in lay.pieces:
        if p.newest:
            draw_newest(canvas, p.rect)


def draw_newest(canvas, rect: pygame.FRect) -> None:
    """The newest discard's ring: thin and muted, so it says "just played" and never reads as the
    hint's or a lesson's gold, the keyboard's cyan or a picked piece's ivory edge."""
    canvas.outline(theme.NEWEST, rect.inflate(6, 6), 2, 5)


def draw_plate(canvas, plate: Plate, style: PieceStyle) -> None:
    r = plate.rect
    edge = theme.ACTIVE_SEAT if plate.active else PLATE_EDGE      # gold is the hint's
    canvas.fill(PLATE_FILL, r, r.h / 2)
    canvas.outline(edge, r, 2 if plate.active else 1.2, r.h / 2)
    x = r.x + r.h * 0.45
    if plate.wind:
        icon = canvas.piece_at(style.face(plate.wind), (x, r.centery), r.h - 8, anchor="midleft")
        x = icon.right + 8
    end = r.right - r.h * 0.45                  # where the words stop, inside the round end
    name_room = r.right - x - 16
    if plate.info:
        # the info (wind and score) keeps its room at its smallest size: a long name, not the score, is
        # what gets cut ("Player 1  South · -2…" hid a hot-seat player's score, a long name all of it)
        need = canvas.measure(plate.info, PLATE_INFO_MIN)[0] + 10
        name_room = min(name_room, max((end - x) * 0.5, end - x - need))
    name = canvas.text(plate.name, (x, r.centery), theme.BODY, theme.TEXT, True,
                       "midleft", max_width=name_room)
    if plate.info:
        left = name.right + 10
        room = end - left
        if room > 30:
            canvas.text(plate.info, (left, r.centery), theme.SMALL, theme.TEXT_DIM, False, "midleft", max_width=room,
                        min_size=PLATE_INFO_MIN)


def draw_table(canvas, lay: TableLayout, wall_label: Sequence[str] = ()) -> None:
    """The wall square, every seat's pieces, and the plates (call after the felt)."""
    if lay.wall is not None:
        draw_wall(canvas, lay.wall, lay.style)
        inner = lay.wall.inner
        y = inner.centery - (len(wall_label) - 1) * 13
        for i, line in enumerate(wall_label):
            canvas.text(line, (inner.centerx, y + i * 26), theme.SMALL if i else theme.BODY,
                        theme.TEXT_DIM if i else theme.TEXT, i == 0, "center", max_width=inner.w)
    draw_pieces(canvas, lay)
    for plate in lay.plates:
        draw_plate(canvas, plate, lay.style)
