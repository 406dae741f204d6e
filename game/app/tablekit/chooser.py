"""The option chooser: pick one of several actions in a panel over the table, by mouse or keys.

    Chooser("Call the Moon 5 as", [Option("Pung", ("mint/M5",) * 3, action), ...], on_pick, on_cancel)
    Chooser("Which tile does the Red Dragon stand for?", options, on_pick, on_cancel, cells=True,
            subtitle="Several fit this set.", cancel_label="Decide later")

Rows (the default) show each option's words on the left and its pieces on the right, one under
the other; `cells` shows the pieces over the words, side by side, wrapping. Either way:
  * a click picks an option (the Cancel button cancels); the pointer moves the focus;
  * arrows move the focus to the nearest option in that direction, Tab / Shift+Tab cycle,
    Enter or Space picks the focused one, Esc or a right click cancels;
  * number keys 1..9 pick the n-th option at once, and 0 the tenth, as they press the claim bar's
    buttons (each option shows its key);
  * Skip and Hint go on to the table; everything else stops here (the chooser is modal).
`Modal` is that input behaviour for any panel over the table (Mint Tin's swap preview uses it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from game.app import fonts, theme
from game.app.widgets import Button, FocusGroup, number_key, numbered

PASS_ON = ("skip", "hint")             # the table still hears these while a panel is open


@dataclass(frozen=True)
class Option:
    label: str
    frames: tuple[str, ...] = ()       # atlas frames of the pieces it uses, shown beside the words
    value: Any = None


class Modal:
    """A panel over the table that takes every key and click; Esc or a right click cancels."""
    ui: FocusGroup
    on_cancel: Callable[[], None]

    def handle(self, intent: Any) -> bool:
        k = intent.kind
        if k in ("back", "alt_select"):
            self.on_cancel()
            return True
        if k in PASS_ON:
            return False
        if k == "char" and self.pick_number(intent.char or ""):
            return True
        if k == "point" and intent.pos is not None:
            under = self.ui.at(intent.pos)
            if under is not None and under.can_focus:      # Enter then picks what the pointer is on
                self.ui.set_focus(under)
        self.ui.handle(intent)
        if self.ui.keyboard:          # keys moved the focus: the ring alone marks it (the hover light went out)
            for w in self.ui.widgets:
                w.hover = False
        return True

    def pick_number(self, char: str) -> bool:
        """Number key n presses the n-th numbered option (a panel without numbers ignores digits)."""
        option = numbered([w for w in self.ui.widgets if getattr(w, "number", None) is not None], char)
        if option is None or not option.enabled:
            return False
        self.ui.set_focus(option)
        return option.activate()


class OptionRow(Button):
    """A chooser row: words on the left, the pieces it uses on the right."""

    def __init__(self, rect, option: Option, on_click: Callable[[], None]):
        super().__init__(rect, option.label, on_click)
        self.option = option
        self.number: int | None = None     # its number key, set by the chooser

    def draw(self, canvas, ring: bool = False) -> None:
        box = self.box
        fill, ink = self.colours()
        canvas.fill((0, 0, 0, 70), box.move(0, 3), 10)
        canvas.fill(fill, box, 10)
        canvas.outline((255, 255, 255, 40), box, 1.2, 10)
        right = box.right - 14
        h = box.height - 12
        w = h * 50 / 70
        frames = self.option.frames
        x = right - len(frames) * (w + 4)
        left = box.left + 16
        if self.number is not None:
            canvas.text(str(self.number), (left, box.centery), theme.BODY, theme.TEXT_FAINT, True, "midleft")
            left += 28
        canvas.text(self.label, (left, box.centery), theme.BODY, ink, True, "midleft",
                    max_width=max(60, x - left - 14))
        for i, f in enumerate(frames):
            canvas.piece(f, (x + i * (w + 4), box.top + 6, w, h))
        if ring:
            self.draw_ring(canvas, 10)


CELL_PIECE = (48, 64)                  # a cell's pieces, logical size
NUMBER_ROOM = 14                       # a cell's number key sits in this margin, clear of its pieces


class OptionCell(Button):
    """A chooser cell: the pieces over the words; lit while focused."""

    def __init__(self, rect, option: Option, on_click: Callable[[], None]):
        super().__init__(rect, option.label, on_click)
        self.option = option
        self.number: int | None = None     # its number key, set by the chooser

    def draw(self, canvas, ring: bool = False) -> None:
        r = self.box
        tw, th = CELL_PIECE
        canvas.fill((255, 255, 255, 40 if ring else 14), r, 8)
        if ring:
            canvas.outline(theme.FOCUS_RING, r, 2.5, 8)
        frames = self.option.frames
        px = r.centerx - len(frames) * (tw + 4) / 2 + 2
        for f in frames:
            canvas.piece(f, (px, r.top + 4, tw, th))
            px += tw + 4
        canvas.text(self.label, (r.centerx, r.top + th + 8), 14, theme.TEXT, False, "midtop", max_width=r.width - 6)
        if self.number is not None:
            canvas.text(str(self.number), (r.left + 5, r.top + 3), theme.SMALL, theme.TEXT_FAINT, True)


def _measure(text: str, size: float, bold: bool) -> float:
    """Logical width of a line (the fonts at scale 1)."""
    return fonts.font(int(round(size)), bold).size(text)[0] if text else 0.0


class Chooser(Modal):
    def __init__(self, title: str, options: Sequence[Option], on_pick: Callable[[Any], None],
                 on_cancel: Callable[[], None], *, subtitle: str = "", cancel_label: str = "Cancel",
                 cells: bool = False, centre: tuple[float, float] | None = None, keyboard: bool = False,
                 row: type | None = None, width: float = 660):
        self.title = title
        self.width = width              # rows' panel width (a table with long second lines asks for more)
        self.subtitle = subtitle
        self.options = list(options)
        self.cells = cells
        self.on_cancel = on_cancel
        self.ui = FocusGroup()
        make = OptionCell if cells else (row or OptionRow)      # `row`: a table's own row look
        for i, opt in enumerate(self.options):
            wdg = self.ui.add(make((0, 0, 1, 1), opt, lambda v=opt.value: on_pick(v)))
            if number_key(i) is not None and hasattr(wdg, "number"):   # a table's own row look may do without
                wdg.number = int(number_key(i))
        self.cancel = self.ui.add(Button((0, 0, 1, 1), cancel_label, on_cancel, size=theme.SMALL if cells else theme.BODY))
        self.rect = (0.0, 0.0, 0.0, 0.0)
        self.centre = centre or ((800, 420) if cells else (800, 430))
        self.arrange(_measure)
        self.ui.set_focus(self.ui.widgets[0])
        self.ui.keyboard = keyboard     # opened by a key: the ring shows what Enter picks at once

    def arrange(self, measure: Callable[[str, float, bool], float]) -> None:
        """Place the panel, options and cancel button (cells fit the title's width as drawn)."""
        n = len(self.options)
        cx, cy = self.centre
        if not self.cells:
            self.rect = (cx - self.width / 2, cy - (n + 1) * 35 - 30, self.width, (n + 1) * 70 + 70)
            x, y, w, _h = self.rect
            for i, wdg in enumerate(self.ui.widgets[:n]):
                wdg.rect.update(x + 20, y + 60 + i * 70, w - 40, 60)
            self.cancel.rect.update(x + w / 2 - 100, y + 60 + n * 70 + 4, 200, 50)
            return
        tw, th = CELL_PIECE
        per = max((len(o.frames) for o in self.options), default=1) or 1
        # room for the number key left of the pieces, and for the whole label ("South Wind" was cut)
        cell_w = max(per * (tw + 4) + 24 + 2 * NUMBER_ROOM,
                     max((measure(o.label, 14, False) for o in self.options), default=0) + 24)
        cols = max(1, min(n, int(1000 // cell_w)))
        rows = (n + cols - 1) // cols
        w = max(cols * cell_w + 60, measure(self.title, theme.SUBHEADING, True) + 60,
                measure(self.subtitle, theme.SMALL, False) + 60)
        w = min(w, 1200)
        h = 130 + rows * (th + 40) + 56
        x, y = cx - w / 2, cy - h / 2
        self.rect = (x, y, w, h)
        gx = cx - cols * cell_w / 2
        for i, wdg in enumerate(self.ui.widgets[:n]):
            wdg.rect.update(gx + (i % cols) * cell_w + 4, y + 96 + (i // cols) * (th + 40), cell_w - 8, th + 32)
        self.cancel.rect.update(cx - 90, y + h - 52, 180, 40)

    def rects_of(self, indices: Any) -> list[tuple[float, float, float, float]]:
        """The rects of these options (a lesson marks the one its step asks for)."""
        return [tuple(self.ui.widgets[i].rect) for i in sorted(set(indices)) if 0 <= i < len(self.options)]

    def words(self) -> list[tuple[float, float, float, float]]:
        """Its title band, options and buttons: words a lesson's arrow keeps off."""
        x, y, w, _h = self.rect
        return [(x, y, w, 96 if self.cells else 56)] + [tuple(wdg.rect) for wdg in self.ui.widgets]

    def focus_option(self, i: int) -> None:
        """Enter then picks this option (the lesson's, or the hint's)."""
        if 0 <= i < len(self.options):
            self.ui.set_focus(self.ui.widgets[i])

    def draw(self, canvas) -> None:
        self.arrange(lambda text, size, bold: canvas.measure(text, size, bold)[0])
        canvas.shade((0, 0, 0, 110))
        x, y, w, _h = self.rect
        if self.cells:
            canvas.panel(self.rect, (12, 34, 26, 245), theme.PANEL_EDGE, 16)
            canvas.text(self.title, (x + w / 2, y + 18), theme.SUBHEADING, theme.TEXT, True, "midtop",
                        max_width=w - 40)
            canvas.text(self.subtitle, (x + w / 2, y + 56), theme.SMALL, theme.TEXT_DIM, False, "midtop",
                        max_width=w - 40)
        else:
            canvas.panel(self.rect, theme.PANEL_SOLID)
            canvas.text(self.title, (x + w / 2, y + 16), theme.SUBHEADING, theme.TEXT, True, "midtop")
        for wdg in self.ui.widgets:
            # a cell is lit while focused (the pointer moves the focus); rows ring only for the keyboard
            ring = wdg is self.ui.focused and (self.ui.keyboard or self.cells)
            wdg.draw(canvas, ring)
