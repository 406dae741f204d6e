"""An on/off switch with a label; click, Enter, Space or left/right flips it."""

from __future__ import annotations

from typing import Callable

from game.app import theme
from game.app.widgets.base import Widget


class Toggle(Widget):
    def __init__(self, rect, label: str, value: bool, on_change: Callable[[bool], None] | None = None,
                 help: str = ""):
        super().__init__(rect)
        self.label = label
        self.value = bool(value)
        self.on_change = on_change
        self.help = help

    def set(self, value: bool) -> None:
        if value != self.value:
            self.value = value
            if self.on_change is not None:
                self.on_change(value)

    def handle(self, intent) -> bool:
        if intent.kind in ("select", "confirm"):
            self.set(not self.value)
            return True
        if intent.kind == "left":
            self.set(False)
            return True
        if intent.kind == "right":
            self.set(True)
            return True
        return intent.kind == "press"

    def draw(self, canvas, ring: bool = False) -> None:
        box = self.box
        if self.hover:
            canvas.fill((255, 255, 255, 18), box, 8)
        canvas.text(self.label, (box.left + 12, box.centery), theme.BODY, theme.TEXT, False, "midleft",
                    max_width=box.width - 120)
        sw = 64
        track = (box.right - sw - 12, box.centery - 15, sw, 30)
        canvas.fill(theme.GOOD if self.value else (70, 90, 80), track, 15)
        knob_x = track[0] + (sw - 15 if self.value else 15)
        canvas.circle((245, 242, 232), (knob_x, box.centery), 12)
        canvas.text("On" if self.value else "Off", (track[0] - 10, box.centery), theme.SMALL, theme.TEXT_DIM,
                    False, "midright")
        if ring:
            self.draw_ring(canvas, 8)
