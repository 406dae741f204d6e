"""Drawing the Martian table's layout (martian_layout.py): screens, piles, covers, pool, the drawn
piece, markers and tooltips. Only what the layout holds is drawn, and the layout holds only the view."""

from __future__ import annotations

from typing import Any, Callable

from game.app import theme
from game.app.tablekit import pyramids as pyr
from game.core.words import whose
from game.rules.martian.pieces import name
from game.app.tables.martian_layout import COVERS_X, COVERS_Y, DRAWN_SPOT, POOL_BASES, POOL_X, TableLayout

SCREEN_FILL = (34, 22, 14, 235)          # the wooden back of a closed screen
SCREEN_EDGE = (150, 112, 60, 255)
OPEN_FILL = (0, 0, 0, 60)
LOOK_DOT = (235, 225, 190, 200)


OPENED_WORDS = "Screen open: penalty"     # the Strict table's opaque-discard penalty (MMJ-26)


def draw_screen(canvas: Any, item: Any, name: str, own: bool) -> None:
    x, y, w, h = item.rect
    if item.extra in ("open", "opened"):
        opened = item.extra == "opened"
        canvas.fill(OPEN_FILL, item.rect, 12)
        canvas.outline(theme.BAD if opened else (255, 255, 255, 40), item.rect, 2 if opened else 1.5, 12)
        if own:          # the screen itself stands at the back, between the piles and the table
            canvas.fill(SCREEN_EDGE, (x + 8, y - 10, w - 16, 8), 3)
        if opened:       # everyone sees this screen now: say so on it, not only in the log
            words = OPENED_WORDS if own else f"{name} is open: penalty"
            tw = min(w - 16, canvas.measure(words, 13, True)[0] + 16)
            tag = (x + w - 8 - tw, y + 6, tw, 22)
            canvas.fill((90, 24, 20, 230), tag, 8)
            canvas.text(words, (tag[0] + tw / 2, tag[1] + 11), 13, theme.TEXT, True, "center", max_width=tw - 10)
        return
    canvas.fill((0, 0, 0, 80), (x + 3, y + 5, w, h), 12)
    canvas.fill(SCREEN_FILL, item.rect, 12)
    canvas.outline(SCREEN_EDGE, item.rect, 2, 12)
    for i in range(1, 4):                       # the panels of a folding screen
        px = x + w * i / 4
        canvas.line((0, 0, 0, 90), (px, y + 8), (px, y + h - 8), 2)
    canvas.text(name, (x + w / 2, y + h / 2), theme.SMALL, theme.TEXT_DIM, True, "center", max_width=w - 20)


def draw_layout(canvas: Any, lay: TableLayout, view: Any, *, names: Callable[[int], str], bottom: int,
                rise: float = 1.0, memory_aid: bool = True, focus_cover: int | None = None,
                eligible: tuple[int, ...] = ()) -> None:
    # pool labels and the covers' rows
    lx = COVERS_X - 30
    for y, top, low in ((COVERS_Y[0], "Medium covers", "hide smalls"), (COVERS_Y[1], "Large covers", "hide mediums"),
                        (POOL_BASES["M"] + 10, "The pool", "what is left")):
        canvas.text(top, (lx if top != "The pool" else POOL_X - 30, y - 40), 14, theme.TEXT_DIM, True, "topright")
        canvas.text(low, (lx if top != "The pool" else POOL_X - 30, y - 22), 14, theme.TEXT_DIM, False, "topright")
    x, y, w, h = DRAWN_SPOT
    canvas.fill((0, 0, 0, 50), DRAWN_SPOT, 12)
    drawn = next((it for it in lay.items if it.part == "drawn"), None)
    canvas.text("Drawn", (x + 140, y + h / 2 - 2), theme.SMALL, theme.TEXT_DIM, True, "bottomleft")
    if drawn is not None:
        canvas.text(name(drawn.code), (x + 140, y + h / 2 + 2), theme.SMALL, theme.TEXT, True, "topleft",
                    max_width=w - 150)
    for it in lay.items:
        p = it.part
        if p == "screen":
            draw_screen(canvas, it, f"{whose(names(it.owner))} screen", it.owner == view.seat)
        elif p in ("pile", "bonus", "opaque"):
            pyr.draw_piece(canvas, it.code, it.rect, shadow=p != "pile" or it.index == 0)
        elif p == "ghost":
            pyr.draw_ghost(canvas, it.rect, it.extra[1])
        elif p == "exposed":
            canvas.piece(pyr.tipped_frame(it.code), it.rect)
        elif p == "label":
            x, y, w, h = it.rect
            canvas.text(it.text, (x + w / 2, y), 13, theme.TEXT_DIM, False, "midtop")
        elif p == "stack":
            x, y, w, h = it.rect
            pyr.draw_stack(canvas, it.code, (x + w / 2, y + h), it.extra)
        elif p == "under":
            pyr.draw_piece(canvas, it.code, it.rect)
        elif p == "cover":
            _draw_cover(canvas, it, view, memory_aid, it.index == focus_cover, it.index in eligible)
        elif p == "drawn":
            pyr.draw_piece(canvas, it.code, rising(it.extra, it.rect, rise))


def rising(start: tuple, end: tuple, t: float) -> tuple[float, float, float, float]:
    """The drawn piece on its way: up out of its stack (first third), then across to the spot."""
    sx, sy, sw, sh = start
    ex, ey, ew, eh = end
    if t >= 1.0:
        return end
    if t < 0.35:
        k = t / 0.35
        return (sx, sy - 40 * k, sw, sh)
    k = (t - 0.35) / 0.65
    k = k * k * (3 - 2 * k)
    return (sx + (ex - sx) * k, sy - 40 + (ey - sy + 40) * k, sw + (ew - sw) * k, sh + (eh - sh) * k)


def _draw_cover(canvas: Any, it: Any, view: Any, memory_aid: bool, focused: bool, eligible: bool) -> None:
    colour, size = it.code.rsplit("-", 1)
    x, y, w, h = it.rect
    ex = it.extra
    if ex["taken"] and not ex["lifted"]:          # behind someone else's screen for now
        pyr.draw_cover(canvas, colour, size, it.rect, alpha=90)
        canvas.text("taken", (x + w / 2, y + h + 2), 12, theme.TEXT, True, "midtop")
        return
    if eligible:
        canvas.fill((255, 220, 120, 45), (x - 5, y - 5, w + 10, h + 10), 8)
    pyr.draw_cover(canvas, colour, size, it.rect)
    if ex["lifted"] and size == "L":          # above it is the medium row: say it under the piece shown
        canvas.text("you lifted it", (x + w / 2, COVERS_Y[1] + 2), 12, theme.TEXT, True, "midtop")
    elif ex["lifted"]:
        canvas.text("you lifted it", (x + w / 2, y - 2), 12, theme.TEXT, True, "midbottom")
    for i in range(min(ex["looks"], 5)):          # public: how often anyone has looked
        canvas.circle(LOOK_DOT, (x + w / 2 + (i - (min(ex["looks"], 5) - 1) / 2) * 6, y + h + 5), 2)
    if memory_aid and ex["memory"] is not None and not ex["lifted"]:     # lifted: what it hides is in view
        canvas.piece("cover/marker", (x + w - 10, y - 4, 16, 16))
    if focused:
        canvas.outline(theme.FOCUS_RING, (x - 6, y - 6, w + 12, h + 12), 2, 8)


def draw_tooltip(canvas: Any, text: str, at: tuple[float, float]) -> None:
    lines = canvas.wrap(text, 300, theme.SMALL)
    lh = canvas.line_height(theme.SMALL)
    w = max(canvas.measure(s, theme.SMALL)[0] for s in lines) + 24
    h = len(lines) * lh + 16
    x = min(max(8, at[0] - w / 2), 1592 - w)
    y = at[1] - h - 10
    canvas.panel((x, y, w, h), colour=theme.PANEL_SOLID, edge=theme.PANEL_EDGE, radius=8)
    for i, s in enumerate(lines):
        canvas.text(s, (x + 12, y + 8 + i * lh), theme.SMALL, theme.TEXT)
