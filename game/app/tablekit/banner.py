"""The banner: a big announcement over the table ("North calls Double!", why Done was refused) on
its own panel, for a while or until cleared, fading out over its last moment.

    banner = Banner((730, 482), max_width=1032)                 # centred announcement, fits its text
    banner.show("You go Mahjong!", seconds=1.4)                  # None: stays until clear()/show()
    banner.update(dt); banner.draw(canvas)
    alert = Banner((410, 498), width=488, look=ALERT, anchor="midbottom")
    alert.show("Not allowed", title="The Golden Rule")           # a title line over the words

`look` says how it is drawn (panel, edge, text size and colours, alignment); `anchor` which point
of the panel sits at `pos`; a fixed `width` or, without one, as wide as the text (up to max_width).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.app import theme

FADE = 0.25          # seconds a timed banner takes to fade out at its end


@dataclass(frozen=True)
class Look:
    fill: tuple = (8, 24, 18, 225)
    edge: tuple = theme.PANEL_EDGE
    edge_width: float = 1.5
    radius: float = 18
    size: float = theme.SUBHEADING
    bold: bool = True
    colour: tuple = theme.TEXT
    title_colour: tuple = theme.TEXT
    align: str = "center"          # or "left"
    pad_x: float = 26
    pad_top: float = 12
    pad_bottom: float = 12
    title_gap: float = 0           # between the title and the words
    max_lines: int = 99
    title_lines: int = 2


ANNOUNCE = Look()                  # gold words on a dark panel: what just happened
ALERT = Look(fill=(40, 12, 10, 240), edge=theme.BAD, edge_width=2, radius=12, size=theme.SMALL, bold=False,
             colour=theme.TEXT, title_colour=theme.BAD, align="left", pad_x=16, pad_top=10, pad_bottom=14,
             title_gap=4, max_lines=6)  # a refusal: a red title (the rule) over the reason


class Banner:
    def __init__(self, pos: tuple[float, float], max_width: float = 1000.0, look: Look = ANNOUNCE,
                 anchor: str = "center", width: float | None = None):
        self.pos = pos
        self.max_width = max_width
        self.look = look
        self.anchor = anchor
        self.width = width
        self.text: str | None = None
        self.title: str | None = None
        self.left: float | None = None      # seconds to go; None = until cleared

    @property
    def visible(self) -> bool:
        return bool(self.text or self.title)

    def show(self, text: str, seconds: float | None = None, title: str | None = None) -> None:
        self.text, self.title, self.left = text, title, seconds

    def clear(self) -> None:
        self.text = self.title = None
        self.left = None

    def update(self, dt: float) -> None:
        if self.left is not None and self.left > 0:
            self.left -= dt
            if self.left <= 0:
                self.clear()

    @property
    def alpha(self) -> float:
        """1 while shown, down to 0 over the last FADE seconds of a timed banner."""
        if self.left is None or self.left <= 0:
            return 1.0
        return max(0.0, min(1.0, self.left / FADE))

    def draw(self, canvas: Any) -> None:
        if not self.visible:
            return
        lk = self.look
        fixed = self.width
        inner = (fixed if fixed is not None else self.max_width) - 2 * lk.pad_x
        titles = canvas.wrap(self.title, inner, lk.size, True)[:lk.title_lines] if self.title else []
        lines = canvas.wrap(self.text, inner, lk.size, lk.bold)[:lk.max_lines] if self.text else []
        lh = canvas.line_height(lk.size, lk.bold)
        if fixed is not None:
            w = fixed
        else:
            w = max([canvas.measure(t, lk.size, True)[0] for t in titles]
                    + [canvas.measure(t, lk.size, lk.bold)[0] for t in lines]) + 2 * lk.pad_x
        body = lh * (len(titles) + len(lines)) + (lk.title_gap if titles else 0)
        h = body + lk.pad_top + lk.pad_bottom
        x, y = self.pos
        left = {"center": x - w / 2, "midbottom": x - w / 2, "topleft": x, "bottomleft": x}[self.anchor]
        top = {"center": y - body / 2 - lk.pad_top, "midbottom": y - h, "topleft": y, "bottomleft": y - h}[self.anchor]
        a = self.alpha
        fade = (lambda c: c) if a >= 1 else (lambda c: (*c[:3], int((c[3] if len(c) > 3 else 255) * a)))
        box = (left, top, w, h)
        canvas.box(box, fade(lk.fill), None, lk.radius)
        canvas.outline(fade(lk.edge), box, lk.edge_width, lk.radius)
        tx = left + w / 2 if lk.align == "center" else left + lk.pad_x
        where = "midtop" if lk.align == "center" else "topleft"
        ty = top + lk.pad_top
        for t in titles:
            canvas.text(t, (tx, ty), lk.size, lk.title_colour, True, where, alpha=int(255 * a))
            ty += lh
        if titles:
            ty += lk.title_gap
        for t in lines:
            canvas.text(t, (tx, ty), lk.size, lk.colour, lk.bold, where, alpha=int(255 * a))
            ty += lh
