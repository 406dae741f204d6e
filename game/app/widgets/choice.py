"""Choice spinners (< value >) and sliders; left/right or clicks on the arrows change them."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from game.app import theme
from game.app.widgets.base import Widget


class Choice(Widget):
    """Pick one of a few labelled values. `choices` is a sequence of (value, label)."""

    def __init__(self, rect, label: str, choices: Sequence[tuple[Any, str]], value: Any,
                 on_change: Callable[[Any], None] | None = None, help: str = "", control_width: float = 250,
                 stacked: bool = False):
        super().__init__(rect)
        self.label = label
        self.stacked = stacked          # label on a line of its own, the control full width under it
        self.choices = list(choices)
        values = [c[0] for c in self.choices]
        self.index = values.index(value) if value in values else 0
        self.on_change = on_change
        self.help = help
        self.control_width = control_width

    @property
    def value(self) -> Any:
        return self.choices[self.index][0]

    def step(self, d: int) -> None:
        if not self.choices:
            return
        new = (self.index + d) % len(self.choices)
        if new != self.index:
            self.index = new
            if self.on_change is not None:
                self.on_change(self.value)

    def _control(self):
        box = self.box
        cw = box.width - 8 if not self.label or self.stacked else min(self.control_width, box.width * 0.6)
        return box.right - cw - 4, cw

    def _control_y(self) -> float:
        """The control's vertical centre: the box's, or its lower part when the label sits above."""
        box = self.box
        return box.bottom - 21 if self.stacked else box.centery

    def handle(self, intent) -> bool:
        k = intent.kind
        if k == "left":
            self.step(-1)
            return True
        if k == "right":
            self.step(1)
            return True
        if k == "confirm":
            self.step(1)
            return True
        if k == "select":
            x0, cw = self._control()
            self.step(-1 if intent.pos and intent.pos[0] < x0 + 44 else 1)
            return True
        if k == "scroll" and intent.pos is not None:
            return False     # let the page scroll; changing values by wheel surprises people
        return k == "press"

    def draw(self, canvas, ring: bool = False) -> None:
        box = self.box
        if self.hover:
            canvas.fill((255, 255, 255, 18), box, 8)
        x0, cw = self._control()
        cy = self._control_y()
        if self.stacked:
            canvas.text(self.label, (box.left + 12, box.top + 4), theme.BODY, theme.TEXT, False, "topleft",
                        max_width=box.width - 24)
        else:
            canvas.text(self.label, (box.left + 12, box.centery), theme.BODY, theme.TEXT, False, "midleft",
                        max_width=x0 - box.left - 24)
        ctrl = (x0, cy - 19, cw, 38)
        canvas.fill(theme.PANEL_LIGHT, ctrl, 8)
        canvas.text("‹", (x0 + 20, cy), theme.HEADING, theme.TEXT, True, "center")
        canvas.text("›", (x0 + cw - 20, cy), theme.HEADING, theme.TEXT, True, "center")
        label = self.choices[self.index][1] if self.choices else "—"
        size = theme.BODY
        if canvas.measure(label, size, True)[0] > cw - 68:
            size = theme.SMALL          # a long value: smaller type before cutting it short
        canvas.text(label, (x0 + cw / 2, cy), size, theme.TEXT, True, "center", max_width=cw - 68)
        if ring:
            self.draw_ring(canvas, 8)


class Slider(Widget):
    """A number between lo and hi in steps; drag the knob, click the track or use left/right."""

    def __init__(self, rect, label: str, lo: float, hi: float, step: float, value: float,
                 on_change: Callable[[float], None] | None = None,
                 fmt: Callable[[float], str] = lambda v: f"{v:g}", control_width: float = 300):
        super().__init__(rect)
        self.label = label
        self.lo, self.hi, self.stepsize = lo, hi, step
        self.value = self._snap(value)
        self.on_change = on_change
        self.fmt = fmt
        self.control_width = control_width

    def _snap(self, v: float) -> float:
        v = min(self.hi, max(self.lo, v))
        n = round((v - self.lo) / self.stepsize)
        return round(self.lo + n * self.stepsize, 6)

    def set(self, v: float) -> None:
        v = self._snap(v)
        if v != self.value:
            self.value = v
            if self.on_change is not None:
                self.on_change(v)

    def _track(self):
        box = self.box
        cw = min(self.control_width, box.width * 0.55)
        x0 = box.right - cw - 90
        return x0, cw

    def _value_at(self, x: float) -> float:
        x0, cw = self._track()
        t = (x - x0) / cw
        return self.lo + max(0.0, min(1.0, t)) * (self.hi - self.lo)

    def handle(self, intent) -> bool:
        k = intent.kind
        if k == "left":
            self.set(self.value - self.stepsize)
            return True
        if k == "right":
            self.set(self.value + self.stepsize)
            return True
        if k in ("press", "select", "drag_move", "drop") and intent.pos is not None:
            self.set(self._value_at(intent.pos[0]))
            return True
        if k == "drag_start":
            return True
        return False

    def draw(self, canvas, ring: bool = False) -> None:
        box = self.box
        if self.hover:
            canvas.fill((255, 255, 255, 18), box, 8)
        x0, cw = self._track()
        canvas.text(self.label, (box.left + 12, box.centery), theme.BODY, theme.TEXT, False, "midleft",
                    max_width=x0 - box.left - 30)
        t = (self.value - self.lo) / (self.hi - self.lo) if self.hi > self.lo else 0
        canvas.fill((70, 90, 80), (x0, box.centery - 4, cw, 8), 4)
        canvas.fill(theme.TEXT_DIM, (x0, box.centery - 4, cw * t, 8), 4)
        canvas.circle((245, 242, 232), (x0 + cw * t, box.centery), 13)
        canvas.text(self.fmt(self.value), (box.right - 12, box.centery), theme.BODY, theme.TEXT, True, "midright")
        if ring:
            self.draw_ring(canvas, 8)
