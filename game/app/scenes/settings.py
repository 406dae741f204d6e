"""Settings: preferences for every game, each change saved at once (no "apply" button to forget)."""

from __future__ import annotations

from game.app import theme
from game.app.scenes.screen import Screen
from game.app.widgets import Choice, Slider, Toggle

SPEEDS = [(0.0, "Instant"), (0.5, "Slow"), (1.0, "Normal"), (1.5, "Fast"), (2.0, "Very fast")]
PANEL = (360, 130, 880, 540)     # room under the rows for the closing note, apart from the last help line
REOPEN_SETTLE = 0.5              # seconds after the window re-opens in which a pointer "move" is the window's

HELP = {
    "Animation speed": "How fast pieces move. Instant skips the motion altogether.",
    "Full screen": "F11 switches at any time too.",
    "Window size": "Relative to 1280×720; the table scales to any window.",
    "Colour-blind marks": "Letters and patterns on colour-coded pieces (pyramids, Mint Tin suits).",
    "Sound volume": "0% is silent.",
}
# Only preferences that hold for every game live here; anything that changes how a game is played
# (timers, skipping calls, ...) is that game's own rule option on its setup screen.


class SettingsScene(Screen):
    title = "Settings"
    keys_hint = "Changes are saved as you make them · ↑ ↓ pick a setting · ← → change it · Esc goes back"

    def __init__(self, app):
        super().__init__(app)
        self.ui.pointer_focus = True      # one row lit at a time: the one the keys and Enter work on
        self._reopened_at = -REOPEN_SETTLE   # app time the window was last re-opened from here

    def build(self) -> None:
        s = self.app.settings
        save = self.app.save_settings
        x, w = PANEL[0] + 30, PANEL[2] - 60
        y = PANEL[1] + 30
        rows = [
            Choice((x, y, w, 52), "Animation speed", SPEEDS, s.anim_speed, lambda v: save(anim_speed=v)),
            Toggle((x, 0, w, 52), "Full screen", s.fullscreen, lambda v: self._window_change(fullscreen=v)),
            Slider((x, 0, w, 52), "Window size", 0.5, 2.0, 0.25, s.window_scale,
                   lambda v: self._window_change(window_scale=v), fmt=lambda v: f"{v:g}×"),
            Toggle((x, 0, w, 52), "Colour-blind marks", s.colourblind, lambda v: save(colourblind=v)),
            Slider((x, 0, w, 52), "Sound volume", 0.0, 1.0, 0.1, s.volume, lambda v: save(volume=v),
                   fmt=lambda v: f"{round(v * 100)}%"),
        ]
        for widget in rows:
            widget.rect.top = y
            self.ui.add(widget)
            y += 86
        self.back_button("Done")

    def handle(self, intent) -> bool:
        # Window size and Full screen re-open the window under a pointer that did not move, and the
        # move that comes with it (onto no row) put out the keys' row: ← → then did nothing. A real
        # move off every row still puts it out (nothing for Enter to press).
        if (intent.kind == "point" and self.ui.keyboard and self.ui.at(intent.pos) is None
                and self.app.time - self._reopened_at < REOPEN_SETTLE):
            return False
        return super().handle(intent)

    def _window_change(self, **change) -> None:
        self._reopened_at = self.app.time
        self.app.save_settings(**change)

    def update(self, dt: float) -> None:
        super().update(dt)
        # F11 can change full screen while this page is open: keep the switch truthful
        fs = next((w for w in self.ui.widgets if getattr(w, "label", "") == "Full screen"), None)
        if fs is not None and fs.value != bool(self.app.settings.fullscreen):
            self.rebuild()

    def draw_content(self, canvas) -> None:
        canvas.panel(PANEL)
        for w in self.ui.widgets:
            text = HELP.get(getattr(w, "label", ""))
            if text:
                canvas.text(text, (w.rect.left + 12, w.rect.bottom + 2), theme.SMALL, theme.TEXT_FAINT,
                            max_width=w.rect.width - 24)
        canvas.text("These hold for every game. Rule choices are on each game's setup screen.",
                    (800, PANEL[1] + PANEL[3] - 20), theme.SMALL, theme.TEXT_DIM, False, "midbottom")

