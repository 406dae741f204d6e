"""Short messages that fade out by themselves (e.g. why a move is not allowed)."""

from __future__ import annotations

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

    def draw(self, canvas, bottom: float = 820) -> None:
        y = bottom
        for text, left, colour in reversed(self.items):
            alpha = int(255 * min(1.0, left / 0.4))
            lines = canvas.wrap(text, 900, theme.BODY)
            lh = canvas.line_height(theme.BODY)
            h = lh * len(lines) + 24
            w = max(canvas.measure(l, theme.BODY)[0] for l in lines) + 48
            r = (800 - w / 2, y - h, w, h)
            canvas.fill((8, 20, 14, int(230 * alpha / 255)), r, 12)
            for n, line in enumerate(lines):
                canvas.text(line, (800, y - h + 12 + n * lh), theme.BODY, colour, False, "midtop", alpha=alpha)
            y -= h + 10
