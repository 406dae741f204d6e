"""A one-line text field (player names, seeds). While focused it takes every typed character."""

from __future__ import annotations

from typing import Callable

from game.app import theme
from game.app.widgets.base import Widget


class TextEntry(Widget):
    def __init__(self, rect, value: str = "", on_change: Callable[[str], None] | None = None,
                 max_len: int = 24, placeholder: str = "", allowed: Callable[[str], bool] | None = None,
                 label: str = "", label_width: float = 0):
        super().__init__(rect)
        self.value = value
        self.caret = len(value)
        self.on_change = on_change
        self.max_len = max_len
        self.placeholder = placeholder
        self.allowed = allowed
        self.label = label
        self.label_width = label_width
        self.focused = False
        self._blink = 0.0

    def _set(self, value: str, caret: int) -> None:
        self.caret = max(0, min(len(value), caret))
        if value != self.value:
            self.value = value
            if self.on_change is not None:
                self.on_change(value)

    def handle(self, intent) -> bool:
        ch = intent.char
        if ch is not None and ch.isprintable() and intent.pos is None:
            if len(self.value) >= self.max_len or (self.allowed is not None and not self.allowed(ch)):
                return True      # swallowed: a refused key must not trigger a shortcut meanwhile
            self._set(self.value[:self.caret] + ch + self.value[self.caret:], self.caret + 1)
            self._blink = 0.0
            return True
        k = intent.kind
        if k == "backspace":
            if self.caret > 0:
                self._set(self.value[:self.caret - 1] + self.value[self.caret:], self.caret - 1)
            return True
        if k == "delete":
            self._set(self.value[:self.caret] + self.value[self.caret + 1:], self.caret)
            return True
        if k == "left" and self.caret > 0:
            self.caret -= 1
            return True
        if k == "right" and self.caret < len(self.value):
            self.caret += 1
            return True
        if k == "home":
            self.caret = 0
            return True
        if k == "end":
            self.caret = len(self.value)
            return True
        if k in ("press", "select"):
            return True
        return False

    def update(self, dt: float) -> None:
        self._blink = (self._blink + dt) % 1.0

    def draw(self, canvas, ring: bool = False) -> None:
        box = self.box
        field = box
        if self.label:
            canvas.text(self.label, (box.left + 12, box.centery), theme.BODY, theme.TEXT, False, "midleft")
            field = box.copy()
            field.left = box.left + self.label_width
            field.width = box.width - self.label_width
        canvas.fill((10, 26, 20), field, 8)
        canvas.outline(theme.FOCUS_RING if self.focused else theme.PANEL_EDGE, field, 1.5, 8)
        x = field.left + 12
        if self.value:
            shown = self.value
            canvas.text(shown, (x, field.centery), theme.BODY, theme.TEXT, False, "midleft")
        elif self.placeholder and not self.focused:
            canvas.text(self.placeholder, (x, field.centery), theme.BODY, theme.TEXT_FAINT, False, "midleft",
                        max_width=field.width - 24)
        if self.focused and self._blink < 0.6:
            cx = x + canvas.measure(self.value[:self.caret], theme.BODY)[0] + 1
            canvas.line(theme.TEXT, (cx, field.centery - 12), (cx, field.centery + 12), 2)
        if ring:
            self.draw_ring(canvas, 8)
