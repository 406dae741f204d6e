"""FocusGroup: routes intents to widgets and moves keyboard focus between them.

Pointer intents go to the widget under the pointer; keyboard intents go to the focused
widget first, and arrows the widget does not use move focus to the nearest widget in that
direction (so grids, rows and forms all navigate naturally). The focus ring shows only
while the keyboard is being used.

With `pointer_focus` (menus), one thing is lit at a time and Enter presses it: the pointer moves
the focus to what it is over (off every button, nothing is focused), and a key that moves the
focus puts out the hover light until the pointer moves again.

In a scrolling list (widgets added with a pane), PageUp/PageDown move the focus a screenful and
Home/End to the first and last row, so a list of any length can be walked and picked by keys.
"""

from __future__ import annotations

from typing import Iterable

from game.app.input import Intent
from game.app.widgets.base import Widget
from game.app.widgets.scroll import Scroller

DIRECTIONS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
PAGE_KEYS = ("page_up", "page_down", "home", "end")


class FocusGroup:
    def __init__(self, widgets: Iterable[Widget] = ()):
        self.widgets: list[Widget] = []
        self.panes: list[Scroller] = []
        self.focused: Widget | None = None
        self.keyboard = False          # show the focus ring
        self.pointer_focus = False     # the pointer moves the focus (see above)
        # a release clicks only the widget the press began on (else a release with no press counts too)
        self.strict_clicks = False
        self._pressed: Widget | None = None
        for w in widgets:
            self.add(w)

    # building ------------------------------------------------------------------------
    def add(self, widget: Widget, pane: Scroller | None = None) -> Widget:
        widget.pane = pane
        if pane is not None and pane not in self.panes:
            self.panes.append(pane)
        self.widgets.append(widget)
        return widget

    def clear(self) -> None:
        self.widgets.clear()
        self.panes.clear()
        self.focused = None
        self._pressed = None

    def focusables(self) -> list[Widget]:
        return [w for w in self.widgets if w.can_focus]

    def set_focus(self, widget: Widget | None) -> None:
        from game.app.widgets.textentry import TextEntry
        if self.focused is not None and isinstance(self.focused, TextEntry):
            self.focused.focused = False
        self.focused = widget
        if widget is not None:
            if isinstance(widget, TextEntry):
                widget.focused = True
            if widget.pane is not None:
                widget.pane.reveal(widget.rect)

    def at(self, pos) -> Widget | None:
        for w in reversed(self.widgets):
            if w.contains(pos):
                return w
        return None

    # input -----------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        k = intent.kind
        if k == "point":
            self.keyboard = False
            under = self.at(intent.pos)
            for w in self.widgets:
                w.hover = w is under and w.enabled
            if self.pointer_focus:
                self.set_focus(under if under is not None and under.can_focus else None)
            if under is not None:
                under.handle(intent)
            return under is not None
        if k == "press":
            self.keyboard = False          # a click is the pointer's: no ring left over from keys or a hint
            w = self.at(intent.pos)
            if w is None or not w.enabled:
                return False
            self._pressed = w
            w.pressed = True
            if w.can_focus:
                self.set_focus(w)
            w.handle(intent)
            return True
        if k in ("select", "drop"):
            target, self._pressed = self._pressed, None
            if target is not None:
                target.pressed = False
            w = self.at(intent.pos)
            if k == "drop":
                return bool(target is not None and target.handle(intent))
            if w is not None and w.enabled and (target is w or (target is None and not self.strict_clicks)):
                if w.can_focus and self.focused is not w:
                    self.set_focus(w)
                w.handle(intent)
                return True
            return target is not None
        if k in ("drag_start", "drag_move"):
            return bool(self._pressed is not None and self._pressed.handle(intent))
        if k == "alt_select":
            return False
        if k == "scroll":
            w = self.at(intent.pos)
            if w is not None and w.handle(intent):
                return True
            for pane in self.panes:
                if pane.handle(intent):
                    return True
            return False
        # keyboard ---------------------------------------------------------------------
        f = self.focused
        if f is not None and not f.can_focus:
            f = self.focused = None
        if f is not None and f.handle(intent):
            self.keys_used()
            return True
        if k in DIRECTIONS:
            self.keys_used()
            return self.move(k)
        if k in PAGE_KEYS and self.page(k):
            self.keys_used()
            return True
        if k in ("focus_next", "focus_prev"):
            self.keys_used()
            return self.cycle(1 if k == "focus_next" else -1)
        if k == "confirm" and f is None:
            self.keys_used()
            return self.cycle(1)
        return False

    def keys_used(self) -> None:
        """The keyboard is in use: the ring shows (and, with pointer_focus, only the ring)."""
        self.keyboard = True
        if self.pointer_focus:
            for w in self.widgets:
                w.hover = False

    def cycle(self, d: int) -> bool:
        items = self.focusables()
        if not items:
            return False
        if self.focused not in items:
            self.set_focus(items[0] if d > 0 else items[-1])
        else:
            self.set_focus(items[(items.index(self.focused) + d) % len(items)])
        return True

    def page(self, kind: str) -> bool:
        """PageUp/PageDown/Home/End in a scrolling list: the list the focus is in (or the screen's
        only one). Paging lands on the farthest row still in view with the current one, so nothing
        is skipped; False when there is no list here (the scene may use the key otherwise)."""
        f = self.focused
        pane = f.pane if f is not None and f.pane is not None else (self.panes[0] if len(self.panes) == 1 else None)
        rows = [w for w in self.focusables() if pane is not None and w.pane is pane]
        if not rows:
            return False
        if kind in ("home", "end"):
            self.set_focus(rows[0] if kind == "home" else rows[-1])
            pane.scroll_to(0 if kind == "home" else pane.max_offset)     # the list's very top or foot
            return True
        down = kind == "page_down"
        if f not in rows:           # from the list's edge that is in view
            top = pane.viewport.top + pane.offset
            in_view = [w for w in rows if w.rect.top >= top and w.rect.bottom <= top + pane.viewport.height]
            self.set_focus((in_view or rows)[0 if down else -1])
            return True
        i = rows.index(f)
        span = pane.viewport.height
        ahead = rows[i + 1:] if down else rows[:i][::-1]
        if not ahead:
            return True             # at the end: keep focus, still consumed
        fits = [w for w in ahead if max(w.rect.bottom, f.rect.bottom) - min(w.rect.top, f.rect.top) <= span]
        self.set_focus(fits[-1] if fits else ahead[0])
        return True

    def move(self, direction: str) -> bool:
        """Focus the nearest widget in a direction; the first one if nothing has focus."""
        items = self.focusables()
        if not items:
            return False
        cur = self.focused
        if cur not in items:
            self.set_focus(items[0])
            return True
        dx, dy = DIRECTIONS[direction]
        cb = cur.box
        cx, cy = cb.center
        best, best_score = None, None
        for w in items:
            if w is cur:
                continue
            wb = w.box
            wx, wy = wb.center
            # distance along the direction must be positive; sideways offset costs more
            along = (wx - cx) * dx + (wy - cy) * dy
            if along <= 1:
                continue
            if dx:   # moving sideways: only widgets overlapping this row vertically
                overlap = min(cb.bottom, wb.bottom) - max(cb.top, wb.top)
                side = 0 if overlap > 0 else abs(wy - cy)
            else:
                overlap = min(cb.right, wb.right) - max(cb.left, wb.left)
                side = 0 if overlap > 0 else abs(wx - cx)
            score = along + side * 3
            if best_score is None or score < best_score:
                best, best_score = w, score
        if best is None:
            return True          # at the edge: keep focus, still consumed
        self.set_focus(best)
        return True

    # frame ------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        for w in self.widgets:
            w.update(dt)

    def draw(self, canvas) -> None:
        for w in self.widgets:
            if not w.visible:
                continue
            ring = self.keyboard and w is self.focused
            if w.pane is not None:
                with canvas.clip(w.pane.viewport):
                    w.draw(canvas, ring)
            else:
                w.draw(canvas, ring)
        for pane in self.panes:
            pane.draw_bar(canvas)
