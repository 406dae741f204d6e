"""ClickArea: a plain region that runs a callback on click or Enter; subclasses draw it."""

from __future__ import annotations

from typing import Callable

from game.app.widgets.base import Widget


class ClickArea(Widget):
    def __init__(self, rect, on_click: Callable[[], None], label: str = ""):
        super().__init__(rect)
        self.on_click = on_click
        self.label = label

    def handle(self, intent) -> bool:
        if intent.kind in ("select", "confirm"):
            self.on_click()
            return True
        return intent.kind == "press"
