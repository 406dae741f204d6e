"""Short messages that fade out by themselves (e.g. why a move is not allowed)."""

from __future__ import annotations

import pygame

from game.app import theme


class Toasts:
    def __init__(self) -> None:
        self.items: list[list] = []      # [text, seconds left, colour]

    def show(self, text: str, seconds: float = 3.5, colour=theme.TEXT) -> None:
        self.items = [i for i in self.items if i[0] != text]
        self.items.append([text, seconds, colour])
        self.items = self.items[-3:]

    def clear(self) -> None:
        self.items.clear()

    @property
    def texts(self) -> list[str]:
        return [i[0] for i in self.items]

    def update(self, dt: float) -> None:
        for i in self.items:
            i[1] -= dt
        self.items = [i for i in self.items if i[1] > 0]

    def draw(self, canvas, bottom: float = 820, areas=None, avoid=()) -> None:
        """The messages, newest lowest: centred on the screen above ``bottom`` (lifted clear of
        ``avoid``), or in the first of
        ``areas`` (x, y, w, h) that holds them all without touching any ``avoid`` rectangle
        (the first area when none does), centred at its foot and wrapped to its width."""
        if not self.items:
            return
        if areas:
            area = self.pick_area(canvas, areas, avoid)
            x, y, w, h = area
            self._draw(canvas, x + w / 2, y + h, w - 48)
        else:
            self._draw(canvas, 800, self.clear_bottom(canvas, bottom, avoid), 900)

    def clear_bottom(self, canvas, bottom: float, avoid=(), top: float = 120) -> float:
        """Where the centred stack's foot goes: ``bottom``, or when the stack there would cover
        something in ``avoid`` (a lesson's arrow, a status line), just above the highest such thing,
        and so on up; ``bottom`` still when nothing higher than ``top`` is clear."""
        blocked = [pygame.FRect(r) for r in avoid]
        y = bottom
        for _ in range(len(blocked) + 1):
            boxes = [pygame.FRect(b) for b in self.rects(canvas, 800, y, 900)]
            hits = [blocked[i] for b in boxes for i in b.collidelistall(blocked)]
            if not hits:
                return y
            y = min(h.top for h in hits) - 8
            if y - sum(b.h + 10 for b in boxes) < top:
                break
        return bottom

    def rects(self, canvas, centre_x: float, bottom: float, wrap: float) -> list:
        """Each message's box (x, y, w, h), newest first, stacked up from ``bottom``."""
        return [box for box, _lines in self._stack(canvas, centre_x, bottom, wrap)]

    def _stack(self, canvas, centre_x: float, bottom: float, wrap: float) -> list:
        """Each message's box and wrapped lines, newest first, stacked up from ``bottom``."""
        out = []
        y = bottom
        lh = canvas.line_height(theme.BODY)
        for text, _left, _colour in reversed(self.items):
            lines = canvas.wrap(text, max(40.0, wrap), theme.BODY)
            h = lh * len(lines) + 24
            w = max(canvas.measure(l, theme.BODY)[0] for l in lines) + 48
            out.append(((centre_x - w / 2, y - h, w, h), lines))
            y -= h + 10
        return out

    def pick_area(self, canvas, areas, avoid=()):
        """The first area whose stack of messages fits inside it and overlaps nothing in ``avoid``."""
        blocked = [pygame.FRect(r) for r in avoid]
        for area in areas:
            x, y, w, h = area
            if h <= 0 or w <= 0:
                continue
            boxes = [pygame.FRect(b) for b in self.rects(canvas, x + w / 2, y + h, w - 48)]
            inside = all(b.x >= x - 0.5 and b.y >= y - 0.5 and b.right <= x + w + 0.5 for b in boxes)
            if inside and not any(b.collidelist(blocked) >= 0 for b in boxes):
                return area
        return areas[0]

    def _draw(self, canvas, centre_x: float, bottom: float, wrap: float) -> None:
        lh = canvas.line_height(theme.BODY)
        for ((bx, by, bw, bh), lines), (text, left, colour) in zip(self._stack(canvas, centre_x, bottom, wrap),
                                                                    reversed(self.items)):
            alpha = int(255 * min(1.0, left / 0.4))
            canvas.fill((8, 20, 14, int(230 * alpha / 255)), (bx, by, bw, bh), 12)
            for n, line in enumerate(lines):
                canvas.text(line, (centre_x, by + 12 + n * lh), theme.BODY, colour, False, "midtop", alpha=alpha)
