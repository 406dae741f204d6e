"""A scrolling viewport: an offset into taller content, wheel/keys to move it, a thin scrollbar."""

from __future__ import annotations

import pygame

from game.app import theme


class Scroller:
    LINE = 48.0

    def __init__(self, viewport, content_height: float = 0.0):
        self.viewport = pygame.FRect(viewport)
        self.content_height = content_height
        self.offset = 0.0

    @property
    def max_offset(self) -> float:
        return max(0.0, self.content_height - self.viewport.height)

    def scroll_to(self, offset: float) -> None:
        self.offset = max(0.0, min(self.max_offset, offset))

    def scroll_by(self, d: float) -> None:
        self.scroll_to(self.offset + d)

    def reveal(self, rect) -> None:
        """Scroll just enough that a content-space rect is fully visible."""
        r = pygame.FRect(rect)
        top = r.top - self.viewport.top
        if top - 8 < self.offset:
            self.scroll_to(top - 8)
        elif top + r.height + 8 > self.offset + self.viewport.height:
            self.scroll_to(top + r.height + 8 - self.viewport.height)

    def handle(self, intent) -> bool:
        """Wheel over the viewport, and the paging keys; returns True when it moved or could."""
        k = intent.kind
        if k == "scroll":
            if intent.pos is None or self.viewport.collidepoint(intent.pos):
                self.scroll_by(-intent.amount * self.LINE)
                return True
            return False
        step = {"up": -self.LINE, "down": self.LINE,
                "page_up": -self.viewport.height * 0.9, "page_down": self.viewport.height * 0.9}
        if k in step:
            self.scroll_by(step[k])
            return True
        if k == "home":
            self.scroll_to(0)
            return True
        if k == "end":
            self.scroll_to(self.max_offset)
            return True
        return False

    def draw_bar(self, canvas) -> None:
        if self.max_offset <= 0:
            return
        v = self.viewport
        track = (v.right - 8, v.top + 4, 5, v.height - 8)
        canvas.fill((255, 255, 255, 30), track, 3)
        frac = v.height / self.content_height
        h = max(30.0, (v.height - 8) * frac)
        y = v.top + 4 + (v.height - 8 - h) * (self.offset / self.max_offset)
        canvas.fill(theme.TEXT_DIM, (v.right - 8, y, 5, h), 3)
