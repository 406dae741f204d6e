"""Where everything at the Martian table goes, from one seat's view only (so nothing the view hides
can be placed, let alone drawn): a list of Items the table draws, hit-tests and tests read.

Logical 1600x900: the left column holds the words (title, status, what happened, the memory-aid
switch), the right column the dice tray and the turn's buttons; the other players' screens along
the top, the viewer's at the bottom; covers and the 30 pool stacks in the middle.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.app.tablekit import pyramids as pyr
from game.rules.martian.pieces import ALL_COLOURS, COLOURS, SIZES

LEFT = (30, 30, 354)                        # x, y, width of the left column: the title clear of the rail (0-22, its dark edge to 24)
TRAY = (1230, 250, 330, 170)               # the dice tray (logical)
DRAWN_SPOT = (1230, 432, 330, 96)          # where the drawn piece waits while its taker decides
BUTTONS = (1230, 548, 330, 46)             # first button: x, y, width, height
TOP = (400, 10, 1172, 228)                 # the other players' screens (clear of the right rail, 1578 on)
BOTTOM = (400, 624, 784, 250)              # the viewer's screen: its pile names clear of the rail (878 on)
COVERS_Y = (296, 366)                      # bases of the medium and the large covers
COVER_STEP = 58
COVERS_X = 792 - COVER_STEP * 4.5          # centre of cover 0 / 10
POOL_X = 792 - 66 * 4.5                    # centre of the first colour's column
POOL_STEP = 66
POOL_BASES = {"S": 440, "M": 512, "L": 594}
DRAWN_SCALE = 1.5
OWN_SCALE = 1.6
OTHER_SCALE = 0.8
PILE_ORDER = ("chow", "pung", "kong")
PILE_WORDS = {"chow": "Chow", "pung": "Pung", "kong": "Kong"}


@dataclass(frozen=True)
class Item:
    """One thing drawn: `part` says what ("pile", "bonus", "opaque", "ghost", "exposed", "screen",
    "cover", "under", "stack", "drawn", "label"), `owner` whose it is (None = the table)."""
    part: str
    rect: tuple[float, float, float, float]
    code: str | None = None          # a piece code, or a cover's "black-M"
    owner: int | None = None
    index: int | None = None         # a cover's number, a slot's position
    text: str = ""
    extra: Any = None


@dataclass
class TableLayout:
    items: list[Item] = field(default_factory=list)
    seat_boxes: dict[int, tuple[float, float, float, float]] = field(default_factory=dict)

    def of(self, part: str) -> list[Item]:
        return [i for i in self.items if i.part == part]

    def cover_at(self, pos: tuple[float, float]) -> int | None:
        for it in self.items:
            if it.part == "cover" and _inside(it.rect, pos, 4):
                return it.index
        return None

    def cover_rect(self, index: int) -> tuple[float, float, float, float] | None:
        return next((i.rect for i in self.items if i.part == "cover" and i.index == index), None)


def _inside(r, pos, pad=0.0) -> bool:
    x, y, w, h = r
    return x - pad <= pos[0] <= x + w + pad and y - pad <= pos[1] <= y + h + pad


def seat_order(n: int, bottom: int) -> list[int]:
    """The other seats along the top, in turn order after the bottom seat (the next player on the left)."""
    return [(bottom + k) % n for k in range(1, n)]


def top_boxes(n: int) -> list[tuple[float, float, float, float]]:
    x0, y0, w, h = TOP
    k = n - 1
    gap = 16
    bw = min(384, (w - (k - 1) * gap) / k)      # three screens (four players) share the width
    total = k * bw + (k - 1) * gap
    x = x0 + (w - total) / 2
    return [(x + i * (bw + gap), y0, bw, h) for i in range(k)]


def cover_base(index: int) -> tuple[float, float]:
    col = index % 10
    return COVERS_X + col * COVER_STEP, COVERS_Y[0 if index < 10 else 1]


def stack_base(code: str) -> tuple[float, float]:
    colour, size = code.rsplit("-", 1)
    return POOL_X + ALL_COLOURS.index(colour) * POOL_STEP, POOL_BASES[size]


def stack_rect(code: str) -> tuple[float, float, float, float]:
    cx, y = stack_base(code)
    w, h = pyr.up_size(code.rsplit("-", 1)[1])
    return (cx - w / 2, y - h, w, h)


def drawn_rect(code: str) -> tuple[float, float, float, float]:
    x, y, w, h = DRAWN_SPOT
    pw, ph = pyr.up_size(code.rsplit("-", 1)[1], DRAWN_SCALE)
    return (x + 70 - pw / 2, y + h - 10 - ph, pw, ph)


def _screen_items(out: list[Item], sc: Any, seat: int, box: tuple, scale: float) -> None:
    """An open screen: the three piles (exposed ones stay tipped in front), bonus stack, opaques."""
    x, y, w, h = box
    base_y = y + h - 22
    centres = {"chow": x + 34 * scale + 10, "pung": x + 108 * scale + 10, "kong": x + 190 * scale + 10}
    exposed = set(sc.exposed)
    for pile in PILE_ORDER:
        pieces = getattr(sc, pile)
        sizes = ("S",) if pile == "chow" else ("M", "S") if pile == "pung" else ("L", "M", "S")
        slots = list(zip(sizes, pieces))
        rects = pyr.pile_rects(slots, (centres[pile], base_y), scale)
        if pile in exposed:
            out.append(Item("label", (centres[pile] - 40, base_y + 2, 80, 16), owner=seat,
                            text=f"{PILE_WORDS[pile]}: shown"))
            continue
        for i, ((size, code), r) in enumerate(zip(slots, rects)):
            out.append(Item("pile" if code else "ghost", r, code, seat, i, extra=(pile, size)))
        out.append(Item("label", (centres[pile] - 40, base_y + 2, 80, 16), owner=seat, text=PILE_WORDS[pile]))
    bx = x + 246 * scale + 10
    lw, lh = pyr.up_size("L", scale)
    for i, code in enumerate(sc.bonus):
        out.append(Item("bonus", (bx + i * lw * 0.55, base_y - lh, lw, lh), code, seat, i))
    out.append(Item("label", (bx - 10, base_y + 2, lw * 2.6, 16), owner=seat, text="Bonus"))
    ox = bx + lw * 2.7 + 6
    sw, sh = pyr.up_size("S", scale)
    # side by side while they fit (a colour-blind letter stays clear of its neighbour), else closer,
    # never past the screen's edge
    n = len(sc.opaques)
    step = sw * 1.05 if n < 2 else min(sw * 1.05, (x + w - 6 - ox - sw) / (n - 1))
    for i, code in enumerate(sc.opaques):
        out.append(Item("opaque", (ox + i * step, base_y - sh, sw, sh), code, seat, i))
    out.append(Item("label", (ox - 10, base_y + 2, 100, 16), owner=seat, text="Opaques"))


def _exposed_items(out: list[Item], exposed: tuple, seat: int, topleft: tuple[float, float], scale: float) -> None:
    x, y = topleft
    for pile, pieces in exposed:
        codes = [p for p in pieces if p is not None]
        for i, r in enumerate(pyr.tipped_rects(codes, (x, y), scale)):
            out.append(Item("exposed", r, sorted(codes, key=lambda c: "LMS".index(c[-1]))[i], seat, i, pile))
        x += pyr.tipped_width(codes, scale) + 18


def lay_table(view: Any, bottom: int, opened: frozenset = frozenset()) -> TableLayout:
    """Every item for this view, the bottom seat's screen at the bottom. A screen the Strict table's
    penalty has opened (MMJ-26) is "opened": another player's shows at all only then; the viewer's
    own is named in `opened` (its view shows it either way)."""
    lay = TableLayout()
    out = lay.items
    n = view.n
    # ---- the seats: the bottom one, then the others along the top
    places = [(bottom, BOTTOM, True)] + [(s, b, False) for s, b in zip(seat_order(n, bottom), top_boxes(n))]
    for seat, box, is_bottom in places:
        lay.seat_boxes[seat] = box
        x, y, w, h = box
        pv = view.players[seat] if seat < len(view.players) else None
        screen = pv.screen if pv is not None else None
        scale = OWN_SCALE if is_bottom else OTHER_SCALE
        if is_bottom:
            ex_y, panel = y, (x, y + 52, w, h - 52)
        else:
            panel, ex_y = (x, y + 30, w, h - 84), y + h - 48
        if screen is None:
            state = "closed"
        else:
            state = "opened" if seat in opened or seat != view.seat else "open"
        out.append(Item("screen", panel, owner=seat, extra=state))
        if screen is not None:
            _screen_items(out, screen, seat, panel, scale)
        if pv is not None and pv.exposed:
            _exposed_items(out, pv.exposed, seat, (x + 12, ex_y + 2), 1.05 if is_bottom else OTHER_SCALE)
    # ---- the covers: fixed places, the one taken this turn lifted (with what is under it) for its taker
    first_cover = len(out)
    for cv in view.covers:
        cx, base = cover_base(cv.place)
        cw, ch = pyr.up_size(cv.size)
        r = (cx - cw / 2, base - ch, cw, ch)
        taken = view.looking == cv.place and view.phase == "cover"
        if taken and view.under is not None:
            hw, hh = pyr.up_size(view.under.rsplit("-", 1)[1])
            out.append(Item("under", (cx - hw / 2, base - hh, hw, hh), view.under, view.seat, cv.place))
            r = (r[0], r[1] - ch * 0.9, cw, ch)
        item = Item("cover", r, f"{cv.colour}-{cv.size}", None, cv.place,
                    extra={"looks": cv.looks, "memory": cv.memory, "taken": taken,
                           "lifted": taken and view.under is not None})
        if item.extra["lifted"] and cv.size == "L":
            # a lifted large cover rises into the medium row: drawn before the covers, so the medium
            # cover above it stays whole in front of it
            out.insert(first_cover, item)
        else:
            out.append(item)
    # ---- the pool: ten colours by three sizes (black and white: opaque smalls aside, the rest are covers)
    counts = dict(view.pool)
    counts.update(dict(view.aside))
    for colour in ALL_COLOURS:
        for size in SIZES:
            code = f"{colour}-{size}"
            cx, base = stack_base(code)
            w, h = pyr.up_size(size)
            out.append(Item("stack", (cx - w / 2, base - h, w, h), code, None, None,
                            extra=counts.get(code, 0) if colour in COLOURS or size == "S" else 0))
    # ---- the piece the dice named, risen from its stack, waiting while its taker decides
    if view.drawn is not None and view.phase in ("draw", "cover"):
        out.append(Item("drawn", drawn_rect(view.drawn), view.drawn, view.turn, extra=stack_rect(view.drawn)))
    return lay
