"""Buttons: hover, pressed and keyboard-focus looks; activate on click, Enter or Space."""

from __future__ import annotations

from typing import Callable

from game.app import theme
from game.app.widgets.base import Widget


class Button(Widget):
    def __init__(self, rect, label: str, on_click: Callable[[], None] | None = None, primary: bool = False,
                 enabled: bool = True, size: float = theme.BODY, detail: str = ""):
        super().__init__(rect, enabled)
        self.label = label
        self.detail = detail
        self.on_click = on_click
        self.primary = primary
        self.size = size

    def activate(self) -> bool:
        if not self.enabled:
            return False
        if self.on_click is not None:
            self.on_click()
        return True

    def handle(self, intent) -> bool:
        if intent.kind in ("select", "confirm"):
            return self.activate()
        return intent.kind == "press"

    def colours(self) -> tuple[tuple, tuple]:
        if not self.enabled:
            return theme.BUTTON_DISABLED, theme.TEXT_FAINT
        if self.primary:
            base = theme.BUTTON_PRIMARY_HOT if self.hover else theme.BUTTON_PRIMARY
            if self.pressed:
                base = theme.BUTTON_PRIMARY
            return base, theme.TEXT_DARK
        if self.pressed:
            return theme.BUTTON_PRESSED, theme.TEXT
        return (theme.BUTTON_HOT if self.hover else theme.BUTTON), theme.TEXT

    def draw(self, canvas, ring: bool = False) -> None:
        box = self.box
        fill, ink = self.colours()
        # a slightly darker lower edge gives the button a little depth
        canvas.fill((0, 0, 0, 70), box.move(0, 3), 10)
        canvas.fill(fill, box, 10)
        if self.enabled:
            canvas.outline((255, 255, 255, 40), box, 1.2, 10)
        if self.detail:
            canvas.text(self.label, (box.centerx, box.centery - 2), self.size, ink, True, "midbottom",
                        max_width=box.width - 20)
            canvas.text(self.detail, (box.centerx, box.centery + 2), theme.SMALL,
                        ink if self.primary else theme.TEXT_DIM, False, "midtop", max_width=box.width - 20)
        else:
            canvas.text(self.label, box.center, self.size, ink, True, "center", max_width=box.width - 20)
        if ring:
            self.draw_ring(canvas, 10)


def numbered(buttons, char: str | None):
    """The button number key `char` presses among `buttons`, or None: the tables' turn buttons, the
    claim bar and the choosers are numbered in order, 1..9 and then 0 for the tenth (as the keys lie
    on the keyboard); any further button is reached with Tab or the arrows."""
    if not char or len(char) != 1 or char not in "1234567890":
        return None
    n = int(char) or 10
    return buttons[n - 1] if n <= len(buttons) else None


def number_key(i: int) -> str | None:
    """The key `numbered` gives the i-th button (0-based): "1".."9", "0", then None."""
    return str((i + 1) % 10) if i < 10 else None
