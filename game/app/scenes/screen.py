"""Screen: the common shape of the menu-like scenes (felt, a title, a panel, widgets, toasts).

Subclasses build widgets into `self.ui` in `build()` (called on enter and whenever they
call `rebuild()`), and draw their own content in `draw_content`.
"""

from __future__ import annotations

from game.app import theme
from game.app.scenes.base import Scene
from game.app.widgets import Button, FocusGroup, Toasts


# the keys line of a screen with a long list (set as the scene's `keys_hint`)
LIST_KEYS = "↑ ↓ pick · PageUp PageDown a page · Home End first, last · Enter {verb} · Esc back"


class Screen(Scene):
    title = ""
    subtitle = ""
    keys_hint = ""          # one line at the foot of the screen saying which keys work here

    def __init__(self, app):
        super().__init__(app)
        self.ui = FocusGroup()
        self.toasts = Toasts()
        self._built = False

    def enter(self) -> None:
        self.rebuild()

    def resume(self) -> None:
        self.rebuild()

    def rebuild(self) -> None:
        focused = self.ui.focused
        key = self._focus_key(focused)
        keyboard = self.ui.keyboard
        self.ui.clear()
        self.build()
        self._built = True
        # keep keyboard focus on "the same" control after a rebuild (a setting changed, ...)
        if key is not None:
            for w in self.ui.widgets:
                if self._focus_key(w) == key and w.can_focus:
                    self.ui.set_focus(w)
                    break
        self.ui.keyboard = keyboard

    @staticmethod
    def _focus_key(w):
        if w is None:
            return None
        return (type(w).__name__, getattr(w, "label", None), tuple(w.rect))

    def build(self) -> None:
        pass

    def click(self) -> None:
        """The small button sound (silent without audio)."""
        try:
            self.app.sound.play("button")
        except Exception:
            pass

    def back_button(self, label: str = "Back", rect=(40, 822, 180, 54)) -> Button:
        return self.ui.add(Button(rect, label, self.back))

    def back(self) -> None:
        self.close()

    # scene API ----------------------------------------------------------------------
    def handle(self, intent) -> bool:
        if intent.kind in ("up", "down", "left", "right") and self.ui.focused is None:
            return self.first_focus(intent.kind)
        if self.ui.handle(intent):
            if intent.kind in ("select", "confirm"):
                self.click()
            return True
        if intent.kind == "back":
            self.back()
            return True
        return False

    def first_focus(self, direction: str) -> bool:
        """The first arrow on a screen lands on its content in reading order (top row first), not
        on whichever widget was built first: that is often Back, and Enter would then leave."""
        items = self.ui.focusables()
        if not items:
            return False
        order = sorted(items, key=lambda w: (w.box.top // 24, w.box.left))
        self.ui.set_focus(order[0] if direction in ("down", "right") else order[-1])
        self.ui.keys_used()
        return True

    def update(self, dt: float) -> None:
        self.ui.update(dt)
        self.toasts.update(dt)

    def draw(self, canvas) -> None:
        canvas.felt()
        if self.title:
            canvas.text(self.title, (800, 38), theme.TITLE * 0.8, theme.TEXT, True, "midtop")
        if self.subtitle:
            canvas.text(self.subtitle, (800, 100), theme.BODY, theme.TEXT_DIM, False, "midtop")
        self.draw_content(canvas)
        if self.keys_hint:
            canvas.text(self.keys_hint, (800, 872), theme.SMALL, theme.TEXT_FAINT, False, "midbottom")
        self.ui.draw(canvas)
        self.draw_overlay(canvas)
        self.toasts.draw(canvas)

    def draw_content(self, canvas) -> None:
        pass

    def draw_overlay(self, canvas) -> None:
        pass
