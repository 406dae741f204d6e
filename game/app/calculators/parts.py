"""Widgets every calculator screen uses: a piece that can be clicked or focused (palette and placed
pieces) and a drop zone (the hand, a set, a pile: clicking it makes it where palette pieces go).
Each game draws its own pieces; what a press does and how a zone looks live here once."""

from __future__ import annotations

from typing import Any, Callable

from game.app import theme
from game.app.widgets.base import Widget
from game.app.widgets.clickarea import ClickArea


class PieceButton(Widget):
    """A piece picture: Enter or a click calls `on_click` when enabled. Subclasses draw the picture."""

    def __init__(self, rect, code: str, on_click: Callable[[], None], enabled: bool = True, label: str = "",
                 **extra: Any):
        super().__init__(rect, enabled)
        self.code = code
        self.on_click = on_click
        self.label = label or code
        for k, v in extra.items():          # a game's own marks: count, selected, badge, ...
            setattr(self, k, v)

    def handle(self, intent) -> bool:
        if intent.kind in ("select", "confirm"):
            if self.enabled:
                self.on_click()
            return True
        return intent.kind == "press"

    def lifted(self, dy: float = 4):
        """The piece's box, raised a little under the pointer."""
        return self.box.move(0, -dy if (self.hover and self.enabled) else 0)


class DropZone(ClickArea):
    """Where palette pieces go: faintly shaded (`shade`), outlined in ivory (theme.SELECTED) while it is the chosen one."""

    def __init__(self, rect, on_click: Callable[[], None], label: str, chosen: bool = False, shade: bool = True):
        super().__init__(rect, on_click, label)
        self.chosen = chosen
        self.shade = shade

    def draw(self, canvas, ring: bool = False) -> None:
        r = self.box
        if self.shade:
            canvas.fill((255, 255, 255, 22 if self.hover else 12), r, 10)
        if self.chosen:
            canvas.outline(theme.SELECTED, r, 2.5, 10)
        if ring:
            canvas.outline(theme.FOCUS_RING, r.inflate(6, 6), 3, 12)
