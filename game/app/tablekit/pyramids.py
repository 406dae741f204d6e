"""Icehouse pyramids from the atlas, drawn as they stack: piles nested on one another, piles tipped
over, stacks of one kind with a count, covers. Game-neutral: pieces are codes `<colour>-<size>`
("red-S"); where they go is the caller's business.

    pile_rects(("red-L", "red-M", None), base=(x, y), scale)   # a pile, bottom piece first
    draw_pile(canvas, pieces, base, scale)                      # the same, drawn (empty slots ghosted)
    draw_tipped(canvas, pieces, topleft, scale)                 # a pile lying on its side
    draw_stack(canvas, code, base, count, scale)                # a pool stack and its count
"""

from __future__ import annotations

from typing import Any, Sequence

from game.app import theme

# logical sizes of the atlas frames (docs/atlas.md), so layouts need no atlas
UP = {"S": (30.0, 34.0), "M": (38.0, 44.0), "L": (46.0, 56.0)}
TIPPED = {"S": (35.0, 28.0), "M": (45.0, 36.0), "L": (56.0, 43.0)}
# A hollow pyramid set on a bigger one slides down over its apex: its base rests this far up the
# lower piece, so each piece of a pile covers the top of the one under it.
REST = 0.36

Rect = tuple[float, float, float, float]


def size_of(code: str) -> str:
    return code.rsplit("-", 1)[1]


def up_frame(code: str) -> str:
    return f"pyr/{code}/up"


def tipped_frame(code: str) -> str:
    return f"pyr/{code}/tipped"


def cover_frame(colour: str, size: str) -> str:
    return f"cover/{colour}-{size}"


def up_size(size: str, scale: float = 1.0) -> tuple[float, float]:
    w, h = UP[size]
    return w * scale, h * scale


def pile_rects(slots: Sequence[tuple[str, str | None]], base: tuple[float, float],
               scale: float = 1.0) -> list[Rect]:
    """Rects of a pile's pieces, bottom first: `slots` is (size, code-or-None) from the bottom up,
    `base` the centre of the bottom piece's base. An empty slot keeps its place (a ghost)."""
    cx, y = base
    out = []
    for size, _code in slots:
        w, h = up_size(size, scale)
        out.append((cx - w / 2, y - h, w, h))
        y -= h * REST
    return out


def pile_height(sizes: Sequence[str], scale: float = 1.0) -> float:
    if not sizes:
        return 0.0
    rects = pile_rects([(s, None) for s in sizes], (0, 0), scale)
    return -min(r[1] for r in rects)


def draw_ghost(canvas: Any, r: Rect, size: str = "S", code: str | None = None) -> None:
    """An empty place for a pyramid: a faint glass one (of `code` for an empty stack, so its
    colour-blind mark still says whose stack it is; of no colour, unmarked, for an empty slot)."""
    if code is not None:
        canvas.piece(up_frame(code), r, alpha=55)
    else:
        canvas.piece(f"pyr/clear-{size}/up", r, colourblind=False, alpha=55)


def draw_shadow(canvas: Any, r: Rect) -> None:
    x, y, w, h = r
    if canvas.has_piece("ui/shadow-pyr"):
        canvas.piece("ui/shadow-pyr", (x - w * 0.15, y + h - w * 0.22, w * 1.5, w * 0.5), alpha=170)


def draw_piece(canvas: Any, code: str, r: Rect, alpha: int = 255, shadow: bool = True) -> None:
    if shadow:
        draw_shadow(canvas, r)
    canvas.piece(up_frame(code), r, alpha=alpha)


def draw_pile(canvas: Any, slots: Sequence[tuple[str, str | None]], base: tuple[float, float],
              scale: float = 1.0, ghosts: bool = True) -> list[Rect]:
    """A pile, bottom piece first; empty slots as ghosts (or nothing). Returns the rects."""
    rects = pile_rects(slots, base, scale)
    if rects:
        draw_shadow(canvas, rects[0])
    for (size, code), r in zip(slots, rects):
        if code is not None:
            canvas.piece(up_frame(code), r)
        elif ghosts:
            draw_ghost(canvas, r, size)
    return rects


def tipped_rects(codes: Sequence[str], topleft: tuple[float, float], scale: float = 1.0) -> list[Rect]:
    """A pile lying on its side, biggest piece first, the smaller ones poking out of it to the right
    (apexes point right); rects left to right, vertically centred on the biggest."""
    x, y = topleft
    ordered = sorted(codes, key=lambda c: "LMS".index(size_of(c)))
    if not ordered:
        return []
    h0 = TIPPED[size_of(ordered[0])][1] * scale
    out = []
    for c in ordered:
        w, h = (v * scale for v in TIPPED[size_of(c)])
        out.append((x, y + (h0 - h) / 2, w, h))
        x += w * (1 - REST)
    return out


def tipped_width(codes: Sequence[str], scale: float = 1.0) -> float:
    rects = tipped_rects(codes, (0, 0), scale)
    return max((r[0] + r[2] for r in rects), default=0.0)


def draw_tipped(canvas: Any, codes: Sequence[str], topleft: tuple[float, float], scale: float = 1.0) -> list[Rect]:
    ordered = sorted(codes, key=lambda c: "LMS".index(size_of(c)))
    rects = tipped_rects(ordered, topleft, scale)
    for c, r in zip(ordered, rects):
        canvas.piece(tipped_frame(c), r)
    return rects


def draw_stack(canvas: Any, code: str, base: tuple[float, float], count: int, scale: float = 1.0,
               label: bool = True) -> Rect:
    """A stack of identical pieces (up to three copies shown, nested) and its count underneath;
    an empty stack is a ghost with 0."""
    w, h = up_size(size_of(code), scale)
    cx, y = base
    r = (cx - w / 2, y - h, w, h)
    if count <= 0:
        draw_ghost(canvas, r, size_of(code), code)
    else:
        shown = min(count, 3)
        draw_shadow(canvas, r)
        for i in range(shown):       # the copies below peek out under the top one
            lift = (shown - 1 - i) * 3 * scale
            # only the top copy wears the colour-blind mark: the ones below would show slivers of
            # theirs under it (the mark sits low on the body)
            cb = None if i == shown - 1 else False
            canvas.piece(up_frame(code), (r[0], r[1] + lift - (shown - 1) * 3 * scale, w, h), colourblind=cb)
    if label:
        colour = theme.TEXT if count > 0 else theme.TEXT_FAINT
        canvas.text(str(count), (cx, y + 2), theme.SMALL, colour, True, "midtop")
    return r


def draw_cover(canvas: Any, colour: str, size: str, r: Rect, alpha: int = 255) -> None:
    draw_shadow(canvas, r)
    canvas.piece(cover_frame(colour, size), r, alpha=alpha)
