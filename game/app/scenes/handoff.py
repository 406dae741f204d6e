"""The handoff curtain: "Pass to South". Opaque, so nothing of the table is ever drawn under it.

It swallows every intent until the named player confirms (click on the button, or
Space/Enter). When the player is called to answer a timed prompt (a claim window), `time_left`
gives the seconds left: the table holds that clock while the curtain is up, so it says how long
the player will have once the table shows. It fades its own text and button in and out over a solid background, so
even mid-fade no hand can show. Esc leaves the game for the menu (the game is autosaved)
without showing anything; not in its first half second, though: an Esc pressed just as the curtain
came up (a claim window timing out on a player who meant to pass) was for the screen before.

`extra` buttons (label, action) sit under the panel, pressed by click or their number key: another
player's way to a chance of their own (Martian's Mah Jongg before this player's roll). They are the
same whatever anyone holds, so they tell nobody anything.
"""

from __future__ import annotations

from typing import Callable, Optional

from game.app import theme
from game.app.scenes.base import Scene
from game.app.widgets import Button

FADE_IN = 0.25
FADE_OUT = 0.2
ESC_AFTER = 0.5      # an Esc in the curtain's first moment was meant for the screen it replaced


PANEL_W = 920


def _rows(widths: list[float], room: float, gap: float) -> list[list[int]]:
    """Indexes of `widths` in rows, in order, each row no wider than `room` (one item at least)."""
    rows: list[list[int]] = []
    used = room + 1
    for i, w in enumerate(widths):
        if used + gap + w > room:
            rows.append([])
            used = -gap
        rows[-1].append(i)
        used += gap + w
    return rows


class HandoffScene(Scene):
    opaque = True

    def __init__(self, app, name: str, on_confirm: Callable[[], None] | None, note: str = "",
                 time_left: Callable[[], Optional[float]] | None = None, pieces: str = "pieces",
                 extra: list[tuple[str, Callable[[], None]]] | None = None):
        super().__init__(app)
        self.name = name
        self.note = note
        self.time_left = time_left
        self.on_confirm = on_confirm
        self.t = 0.0
        self.leaving = False
        self.leave_t = 0.0
        label = f"I am {name}: show my {pieces}"
        w = 480
        canvas = getattr(app, "canvas", None)
        if canvas is not None:          # a long name widens the button (up to the panel), not cut short
            w = min(PANEL_W - 60, max(w, canvas.measure(label, theme.SUBHEADING, True)[0] + 64))
        self.button = Button((800 - w / 2, 520, w, 92), label, self.confirm, primary=True, size=theme.SUBHEADING)
        self.confirmed = False
        self.extra: list[Button] = []
        labels = [f"{i + 1}  {label}" for i, (label, _fn) in enumerate(extra or ())]
        widths = [380 if canvas is None else max(300, canvas.measure(t, theme.BODY, True)[0] + 48) for t in labels]
        for r, row in enumerate(_rows(widths, 1560, 16)):   # long names: a second row rather than cut labels
            x = 800 - (sum(widths[i] for i in row) + 16 * (len(row) - 1)) / 2
            y = 742 + 62 * r
            for i in row:
                fn = extra[i][1]
                self.extra.append(Button((x, y, widths[i], 52), labels[i], lambda fn=fn: self._leave_to(fn)))
                x += widths[i] + 16

    @property
    def alpha(self) -> float:
        a = min(1.0, self.t / FADE_IN) if FADE_IN else 1.0
        if self.leaving:
            a = min(a, max(0.0, 1.0 - self.leave_t / FADE_OUT))
        return a

    def confirm(self) -> None:
        if not self.leaving:
            self.leaving = True
            self.leave_t = 0.0

    def name_size(self, canvas) -> float:
        """The name's size: large, but a long name smaller so it stays inside the panel."""
        size = theme.TITLE * 1.3
        return size * min(1.0, (PANEL_W - 60) / max(1.0, canvas.measure(self.name, size, True)[0]))

    def _leave_to(self, fn: Callable[[], None]) -> None:
        """An extra button: the curtain goes, and its action comes instead of this player's table."""
        if not self.leaving:
            self.on_confirm = fn
            self.confirm()

    def handle(self, intent) -> bool:
        k = intent.kind
        if self.leaving:
            return True
        if k == "back" and self.t < ESC_AFTER:
            return True
        if k == "back":
            from game.app.scenes.menu import MenuScene
            self.stack.reset(MenuScene(self.app, notices=False))
            return True
        if k == "confirm":
            self.confirm()
        elif k == "char" and intent.char and intent.char in "123456789" and int(intent.char) <= len(self.extra):
            self.extra[int(intent.char) - 1].activate()
        elif k in ("point", "press", "select") and intent.pos is not None:
            for b in [self.button] + self.extra:
                over = b.contains(intent.pos)
                b.hover = over
                if k == "press":
                    b.pressed = over
                elif k == "select":
                    b.pressed = False
                    if over:
                        b.activate()
        return True          # everything is swallowed: the table below must never react

    def update(self, dt: float) -> None:
        self.t += dt
        if self.leaving:
            self.leave_t += dt
            if self.leave_t >= FADE_OUT and not self.confirmed:
                self.confirmed = True
                self.close()
                if self.on_confirm is not None:
                    self.stack.after(self.on_confirm)

    def draw(self, canvas) -> None:
        # Solid, full-window background first: this is what guarantees privacy.
        canvas.clear(theme.FELT_DARK)
        canvas.felt()
        a = int(255 * self.alpha)
        panel = (800 - PANEL_W / 2, 230, PANEL_W, 440)
        canvas.fill((10, 30, 22, int(200 * self.alpha)), panel, 24)
        canvas.text("Pass the screen to", (800, 280), theme.SUBHEADING, theme.TEXT_DIM, False, "midtop", alpha=a)
        canvas.text(self.name, (800, 330), self.name_size(canvas), theme.ACTIVE_SEAT, True, "midtop", alpha=a)
        if self.note:
            canvas.text(self.note, (800, 430), theme.BODY, theme.TEXT_DIM, False, "midtop", alpha=a)
        left = self.time_left() if self.time_left is not None else None
        if left is not None:
            colour = theme.BAD if left <= 3 else theme.TEXT
            canvas.text(f"{max(0, int(left + 0.999))} s to answer once your hand shows", (800, 470), theme.BODY,
                        colour, True, "midtop", alpha=a)
        if a > 8:
            for b in [self.button] + self.extra:
                b.draw(canvas, ring=False)
                if a < 255:
                    canvas.fill((18, 60, 42, 255 - a), b.rect.inflate(16, 16), 14)
        canvas.text("Space or Enter when you are ready · Esc leaves the game (it is saved)", (800, 700),
                    theme.SMALL, theme.TEXT_FAINT, False, "midtop", alpha=a)
