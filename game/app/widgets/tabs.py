"""A row of tabs; left/right (or next/prev tab) moves between them, a click picks one."""

from __future__ import annotations

from typing import Callable, Sequence

from game.app import theme
from game.app.widgets.base import Widget


class Tabs(Widget):
    def __init__(self, rect, labels: Sequence[str], index: int = 0,
                 on_change: Callable[[int], None] | None = None):
        super().__init__(rect)
        self.labels = list(labels)
        self.index = index
        self.on_change = on_change
        self.hover_index: int | None = None

    def _tab_rects(self):
        box = self.box
        n = max(1, len(self.labels))
        w = box.width / n
        return [(box.left + i * w + 3, box.top, w - 6, box.height) for i in range(n)]

    def pick(self, i: int) -> None:
        i %= len(self.labels)
        if i != self.index:
            self.index = i
            if self.on_change is not None:
                self.on_change(i)

    def tab_at(self, pos) -> int | None:
        for i, (x, y, w, h) in enumerate(self._tab_rects()):
            if x <= pos[0] <= x + w and y <= pos[1] <= y + h:
                return i
        return None

    def handle(self, intent) -> bool:
        k = intent.kind
        if k in ("left", "prev_tab"):
            self.pick(self.index - 1)
            return True
        if k in ("right", "next_tab"):
            self.pick(self.index + 1)
            return True
        if k == "select" and intent.pos is not None:
            i = self.tab_at(intent.pos)
            if i is not None:
                self.pick(i)
            return True
        if k == "point" and intent.pos is not None:
            self.hover_index = self.tab_at(intent.pos)
        return k == "press"

    def draw(self, canvas, ring: bool = False) -> None:
        # the open tab is the reader's own pick: ivory (gold is the hint's and the suggested action's)
        if not self.hover:
            self.hover_index = None
        for i, r in enumerate(self._tab_rects()):
            active = i == self.index
            fill = theme.SELECTED if active else (theme.BUTTON_HOT if i == self.hover_index else theme.BUTTON)
            canvas.fill(fill, r, 10)
            canvas.text(self.labels[i], (r[0] + r[2] / 2, r[1] + r[3] / 2), theme.BODY,
                        theme.TEXT_DARK if active else theme.TEXT, True, "center", max_width=r[2] - 16)
            if ring and active:
                canvas.outline(theme.FOCUS_RING, (r[0] - 4, r[1] - 4, r[2] + 8, r[3] + 8), 3, 14)
