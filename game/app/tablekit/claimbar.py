"""The claim bar: what a table shows while a sealed claim window waits for people.

It draws the discard large, the countdown (`seconds_left`, from `Match.time_left()`; None = no
timer) and a row of buttons. The table decides what the buttons are (scenes/table_base.py):

  * in a hot seat, one "Claim" button per human seat still asked, whether or not that seat can
    claim (so nothing leaks); a press brings that player's curtain;
  * behind it, that player's private choice: their claim actions, then Pass (Esc = Pass);
  * with one human against computer players, that choice straight away.

Mouse and keyboard both work: click a button; number keys 1..9 press the n-th and 0 the tenth
(widgets.numbered, as on the turn buttons and in the choosers); Tab / arrows move the focus and
Enter or Space presses it; Esc plays `on_cancel` when there is one (Pass). Each button shows its
key; a Strict Kards choice has eleven answers, so the last one, Pass (the cancel's answer, always
last), is labelled with Esc when no number reaches it.
A click counts only when the mouse went down and up on the same button of the bar as it is now,
and `arm(seconds)` makes the bar ignore clicks for a moment: a hot-seat player's double click on
the curtain's button must not land on the private choice the curtain lifts to (it once played Pass
for a player who could go Mah-Jongg: the Pass button lies under the curtain's button).
The bar keeps no game state: `show(...)` is called every frame with what to show now.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from game.app import fonts, theme
from game.app.input import Intent
from game.app.widgets import Button, FocusGroup, number_key, numbered

RECT = (520, 250, 560, 330)        # logical px: a table may pass its own
PIECE_H = 150                      # the discard's height, drawn large
BUTTON_H = 52
GAP = 12
MAX_W = 900                        # the widest the bar grows (centred) to fit its longest label
LABEL_PAD = 30                     # room a button keeps around its label
TOP_MARGIN = 16                    # the highest a bar with max_bottom moves up to


class ClaimBar:
    def __init__(self, rect: tuple[float, float, float, float] = RECT):
        self.rect = rect
        self.max_bottom: float | None = None     # a table may keep the bar above this line (its own hand)
        self.min_left: float | None = None       # ... and right of this one (an open panel): keep_right_of
        self.ui = FocusGroup()
        self.ui.strict_clicks = True             # a press begun elsewhere (on a curtain) is no click here
        self.title = ""
        self.note = ""
        self.frame: str | None = None
        self.label = ""
        self.seconds_left: float | None = None
        self.on_cancel: Callable[[], None] | None = None
        self._key: tuple = ()
        self._rows = 1
        self._width = rect[2]
        self.visible = False
        self._guard = 0.0                       # seconds before a click counts again (see arm)

    @property
    def box(self) -> tuple[float, float, float, float]:
        """The bar as drawn: `rect`, grown downwards by any extra row of buttons (upwards instead
        past `max_bottom`) and sideways (about its centre) when two labels side by side would not fit."""
        x, y, w, h = self.rect
        h += (self._rows - 1) * (BUTTON_H + GAP)
        if self.max_bottom is not None:          # a long list moves the bar up rather than over the hand
            y = max(TOP_MARGIN, min(y, self.max_bottom - h))
        left = x - (self._width - w) / 2
        if self.min_left is not None:            # a wide bar moves right rather than over the panel
            left = max(left, self.min_left)
        return (left, y, self._width, h)

    def keep_right_of(self, x: float | None) -> None:
        """Keep the bar's left edge at or right of `x` (None: centred as usual); the buttons are
        laid out again at the next show."""
        if x != self.min_left:
            self.min_left = x
            self._key = ()

    # ------------------------------------------------------------------ what to show
    def show(self, title: str, frame: str | None, label: str, seconds_left: float | None,
             options: Sequence[tuple[str, Callable[[], None]]], note: str = "",
             on_cancel: Callable[[], None] | None = None, lit: int = 0) -> None:
        """Show the bar with these buttons (label, on press) in this order, the `lit`-th gold (the
        suggested answer); rebuilt only when they change."""
        self.visible = True
        self.title, self.note, self.frame, self.label = title, note, frame, label
        self.seconds_left = seconds_left
        self.on_cancel = on_cancel
        key = tuple(text for text, _ in options)
        if key != self._key:
            self._key = key
            focus = self.ui.focused
            old = [w.label for w in self.ui.widgets]
            self.ui.clear()                   # with it the press: a press on a button gone never presses the new one
            self._rows = self._row_count(len(options))
            labels = [self._keyed(i, len(options), text, on_cancel is not None) for i, (text, _) in enumerate(options)]
            self._width = self._width_for(labels)
            for i, (rect, (text, fn)) in enumerate(zip(self._button_rects(len(options)), options)):
                b = Button(rect, labels[i], fn, primary=(i == lit), size=theme.BODY)
                self.ui.add(b)
                if focus is not None and focus.label in old and b.label == focus.label:
                    self.ui.set_focus(b)
        else:                             # same buttons: only the actions may be new
            for w, (_text, fn) in zip(self.ui.widgets, options):
                w.on_click = fn

    @staticmethod
    def _keyed(i: int, n: int, text: str, cancel: bool) -> str:
        """A button's label with the key that presses it: its number, or Esc for the last (the
        cancel's answer) past the tenth; none for any other past the tenth (Tab or arrows)."""
        key = number_key(i)
        if key is None and cancel and i == n - 1:
            key = "Esc"
        return f"{key}  {text}" if key is not None else text

    def light(self, index: int) -> None:
        """The hint's answer: that button turns gold, in place of the first, and takes the focus
        with its ring, so Enter presses it (gold on 'Kong' while the hint said 'Kong and Mah Jongg')."""
        if not 0 <= index < len(self.ui.widgets):
            return
        for i, w in enumerate(self.ui.widgets):
            w.primary = i == index
        self.ui.set_focus(self.ui.widgets[index])
        self.ui.keyboard = True

    def hide(self) -> None:
        self.visible = False
        self._key = ()
        self._rows = 1
        self._width = self.rect[2]
        self.ui.clear()
        self.on_cancel = None
        self._guard = 0.0

    @property
    def ready(self) -> bool:
        """Clicks count now (not just armed)."""
        return self._guard <= 0

    def arm(self, seconds: float) -> None:
        """Ignore clicks for `seconds` (keys still work): the bar has just come up under the pointer."""
        self._guard = max(self._guard, seconds)

    def tick(self, dt: float) -> None:
        self._guard = self._guard - dt if self._guard - dt > 1e-6 else 0.0     # steps of 1/60 s add up inexactly

    @property
    def buttons(self) -> list[Button]:
        return list(self.ui.widgets)

    @staticmethod
    def _per_row(n: int) -> int:
        # at most two side by side, so a label like "3  Chow 7-8-9 Bamboo" is never cut short
        return max(1, min(2, n))

    def _width_for(self, labels: Sequence[str]) -> float:
        """The bar's width: its own, or wider (up to MAX_W) so the longest label fits its button."""
        per_row = self._per_row(len(labels))
        font = fonts.font(theme.BODY, True)         # measured at logical size: widths come out logical
        longest = max((font.size(text)[0] for text in labels), default=0)
        needed = per_row * (longest + LABEL_PAD) + GAP * (per_row - 1) + 40
        return min(MAX_W, max(self.rect[2], needed))

    def _row_count(self, n: int) -> int:
        return max(1, -(-n // self._per_row(n)))

    def _button_rects(self, n: int) -> list[tuple[float, float, float, float]]:
        x, y, w, h = self.box
        per_row = self._per_row(n)
        bw = (w - 40 - GAP * (per_row - 1)) / per_row
        rows = self._row_count(n)
        top = y + h - 20 - rows * BUTTON_H - (rows - 1) * GAP
        return [(x + 20 + (i % per_row) * (bw + GAP), top + (i // per_row) * (BUTTON_H + GAP), bw, BUTTON_H)
                for i in range(n)]

    # ------------------------------------------------------------------ input
    def handle(self, intent: Any) -> bool:
        if not self.visible:
            return False
        k = intent.kind
        if k == "char" and intent.char and intent.char.isdigit():
            button = numbered(self.ui.widgets, intent.char)
            if button is not None:
                button.activate()
            return button is not None
        if k == "back":
            if self.on_cancel is not None:
                self.on_cancel()
                return True
            return False
        if k in ("left", "right", "up", "down", "focus_next", "focus_prev", "confirm"):
            return self.ui.handle(intent)
        if intent.pos is not None:
            x, y, w, h = self.box
            inside = x <= intent.pos[0] <= x + w and y <= intent.pos[1] <= y + h
            if k == "press" and self._guard > 0:     # armed: this press starts no click
                return inside
            used = self.ui.handle(intent)
            if k == "select":
                self.ui.handle(Intent("point", intent.pos))          # the hover look follows the pointer
            return used or (inside and k in ("press", "select"))
        return False

    # ------------------------------------------------------------------ drawing
    def draw(self, canvas: Any) -> None:
        if not self.visible:
            return
        x, y, w, h = self.box
        canvas.panel(self.box, theme.PANEL_SOLID)      # solid: the wall's labels under it must not show through
        canvas.text(self.title, (x + w / 2, y + 14), theme.SUBHEADING, theme.TEXT, True, "midtop", max_width=w - 30)
        top = y + 56
        pw, ph = canvas.piece_size(self.frame, (PIECE_H * 0.75, PIECE_H)) if self.frame else (0, 0)
        if self.frame:
            scale = PIECE_H / ph if ph else 1.0
            r = (x + 40, top, pw * scale, PIECE_H)
            canvas.fill((0, 0, 0, 90), (r[0] + 5, r[1] + 7, r[2], r[3]), 10)
            canvas.piece(self.frame, r)
            tx = r[0] + r[2] + 30
        else:
            tx = x + 40
        ty = top + 4
        if self.label:
            ty += canvas.paragraph(self.label, (tx, ty, x + w - tx - 20, 70), theme.SUBHEADING, theme.TEXT, True)
        if self.seconds_left is not None:
            secs = max(0, int(self.seconds_left + 0.999))
            colour = theme.BAD if self.seconds_left <= 3 else theme.TEXT
            ty += canvas.text(f"{secs} s", (tx, ty + 2), theme.HEADING, colour, True).height + 4
        if self.note:
            canvas.paragraph(self.note, (tx, ty + 4, x + w - tx - 20, 60), theme.SMALL, theme.TEXT_DIM)
        for wdg in self.ui.widgets:
            wdg.draw(canvas, ring=self.ui.keyboard and wdg is self.ui.focused)
