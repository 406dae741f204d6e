"""Small modal dialogs drawn over the scene below: a question with buttons, or a notice."""

from __future__ import annotations

from typing import Callable, Sequence

from game.app import theme
from game.app.scenes.base import Scene
from game.app.widgets import Button, FocusGroup


class Dialog(Scene):
    """A dimmed overlay with a panel; Esc picks the last button (the safe choice)."""

    opaque = False
    WIDTH = 760

    def __init__(self, app, title: str, message: str,
                 buttons: Sequence[tuple[str, Callable[[], None] | None]] = (("OK", None),),
                 align: str | None = None, default: int = 0):
        super().__init__(app)
        self.default = default     # the button Enter presses at once (the gold one)
        self.align = align or ("left" if "\n" in message else "center")
        self.title = title
        self.message = message
        self.buttons = list(buttons)
        self.ui = FocusGroup()
        self._height = 300.0
        self._size = theme.BODY
        self._shown = message      # what fits on the screen (see layout)
        self._measured = False     # the first draw re-measures the text with real fonts

    def enter(self) -> None:
        self.layout(None)

    MAX_HEIGHT = 860           # of the 900 logical pixels: the OK button must stay on screen

    def layout(self, canvas) -> None:
        lines = len(self.message) // 60 + self.message.count("\n") + 1
        line_h = 30.0
        if canvas is not None:
            # A long message (many damaged files at once) first gets smaller type, then is cut
            # short with a last line saying so, rather than pushing the button off the screen.
            room = self.MAX_HEIGHT - 196
            for size in (theme.BODY, theme.SMALL):
                wrapped = canvas.wrap(self.message, self.WIDTH - 80, size)
                line_h = canvas.line_height(size)
                if len(wrapped) * line_h <= room:
                    break
            keep = int(room // line_h)
            if len(wrapped) > keep:
                wrapped = wrapped[:keep - 1] + ["… (more than fits here)"]
            self._size, self._shown, lines = size, "\n".join(wrapped), len(wrapped)
        self._height = 196 + lines * line_h
        top = 450 - self._height / 2
        self.ui.clear()
        n = len(self.buttons)
        bw = min(260, (self.WIDTH - 80 - (n - 1) * 20) / n)
        x = 800 - (n * bw + (n - 1) * 20) / 2
        for i, (label, fn) in enumerate(self.buttons):
            b = Button((x, top + self._height - 84, bw, 56), label, self._chooser(fn), primary=(i == self.default))
            self.ui.add(b)
            x += bw + 20
        self.ui.set_focus(self.ui.widgets[self.default])

    def _chooser(self, fn):
        def choose():
            self.close()
            if fn is not None:
                self.stack.after(fn)
        return choose

    def handle(self, intent) -> bool:
        if intent.kind == "back":
            self.ui.widgets[-1].activate()
            return True
        self.ui.handle(intent)
        return True      # modal: nothing below gets input

    def update(self, dt: float) -> None:
        self.ui.update(dt)

    def draw(self, canvas) -> None:
        if not self._measured:
            self.layout(canvas)
            self._measured = True
        canvas.shade((0, 0, 0, 150))
        top = 450 - self._height / 2
        r = (800 - self.WIDTH / 2, top, self.WIDTH, self._height)
        canvas.panel(r, theme.PANEL_SOLID + (255,))
        canvas.text(self.title, (800, top + 26), theme.HEADING, theme.TEXT, True, "midtop")
        canvas.paragraph(self._shown, (800 - self.WIDTH / 2 + 40, top + 80, self.WIDTH - 80, 400),
                         self._size, theme.TEXT, align=self.align)
        self.ui.draw(canvas)


def confirm(app, title: str, message: str, yes: str, on_yes: Callable[[], None], no: str = "Cancel",
            safe_default: bool = False) -> Dialog:
    """A yes/no question; with `safe_default`, Enter (and the gold) is the no, for what can't be undone."""
    d = Dialog(app, title, message, [(yes, on_yes), (no, None)], default=1 if safe_default else 0)
    app.stack.push(d)
    return d


def notice(app, title: str, message: str, ok: str = "OK") -> Dialog:
    d = Dialog(app, title, message, [(ok, None)])
    app.stack.push(d)
    return d
