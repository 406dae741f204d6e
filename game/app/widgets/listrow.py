"""A row in a list: title, detail (as many lines as the row is tall) and an optional mark (e.g. a tick)."""

from __future__ import annotations

from typing import Callable

from game.app import theme
from game.app.widgets.button import Button


class ListRow(Button):
    def __init__(self, rect, title: str, detail: str = "", on_click: Callable[[], None] | None = None,
                 mark: str = "", mark_colour=theme.GOOD, enabled: bool = True):
        super().__init__(rect, title, on_click, enabled=enabled)
        self.detail = detail
        self.mark = mark
        self.mark_colour = mark_colour

    def draw(self, canvas, ring: bool = False) -> None:
        box = self.box
        fill = theme.BUTTON_HOT if self.hover else theme.PANEL_LIGHT
        if self.pressed:
            fill = theme.BUTTON_PRESSED
        canvas.fill(fill, box, 8)
        right = box.right - 16
        if self.mark:
            r = canvas.text(self.mark, (right, box.centery), theme.SUBHEADING, self.mark_colour, True, "midright")
            right -= r.width + 16
        ink = theme.TEXT if self.enabled else theme.TEXT_FAINT
        if self.detail:
            width = right - box.left - 16
            canvas.text(self.label, (box.left + 16, box.top + 8), theme.BODY, ink, True, max_width=width)
            lines = canvas.wrap(self.detail, width, theme.SMALL)
            lh = canvas.line_height(theme.SMALL)
            fit = max(1, int((box.height - 12 - canvas.line_height(theme.BODY, True)) / lh + 0.15))
            if len(lines) > fit:            # what does not fit is cut short on the last line
                lines = lines[:fit - 1] + [" ".join(lines[fit - 1:])]
            if fit == 1:                    # a one-line row: the detail sits on the bottom edge
                canvas.text(lines[0], (box.left + 16, box.bottom - 8), theme.SMALL, theme.TEXT_DIM, False,
                            "bottomleft", max_width=width)
            else:                           # a taller row: the detail follows the title
                y = box.top + 10 + canvas.line_height(theme.BODY, True)
                for n, line in enumerate(lines):
                    canvas.text(line, (box.left + 16, y + n * lh), theme.SMALL, theme.TEXT_DIM, False,
                                max_width=width)
        else:
            canvas.text(self.label, (box.left + 16, box.centery), theme.BODY, ink, True, "midleft",
                        max_width=right - box.left - 16)
        if ring:
            self.draw_ring(canvas, 8)
