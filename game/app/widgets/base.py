"""The widget base: a rect in logical coordinates, hover/pressed state, an optional scroll pane."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app import theme

if TYPE_CHECKING:
    from game.app.canvas import Canvas
    from game.app.input import Intent
    from game.app.widgets.scroll import Scroller


class Widget:
    focusable = True

    def __init__(self, rect, enabled: bool = True):
        self.rect = pygame.FRect(rect)      # layout position (inside its pane's content, if any)
        self.enabled = enabled
        self.visible = True
        self.hover = False
        self.pressed = False
        self.pane: "Scroller | None" = None

    @property
    def box(self) -> pygame.FRect:
        """Where the widget is on screen now (its rect moved by the pane's scroll)."""
        if self.pane is None:
            return self.rect
        return self.rect.move(0, -self.pane.offset)

    def contains(self, pos) -> bool:
        if not self.visible or pos is None:
            return False
        if self.pane is not None and not self.pane.viewport.collidepoint(pos):
            return False
        return self.box.collidepoint(pos)

    @property
    def can_focus(self) -> bool:
        return self.focusable and self.enabled and self.visible

    def handle(self, intent: "Intent") -> bool:
        """Keyboard intents arrive when focused, pointer intents when under the pointer."""
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, canvas: "Canvas", ring: bool = False) -> None:
        pass

    def draw_ring(self, canvas: "Canvas", radius: float = theme.RADIUS) -> None:
        canvas.outline(theme.FOCUS_RING, self.box.inflate(8, 8), 3, radius + 4)
