"""Settings: every change is saved at once (no "apply" button to forget)."""

from __future__ import annotations

from game.app import theme
from game.app.scenes.screen import Screen
from game.app.widgets import Choice, Slider, Toggle

SPEEDS = [(0.0, "Instant"), (0.5, "Slow"), (1.0, "Normal"), (1.5, "Fast"), (2.0, "Very fast")]
TIMERS = [(0, "No timer"), (5, "5 seconds"), (10, "10 seconds"), (15, "15 seconds"), (20, "20 seconds"),
          (30, "30 seconds"), (45, "45 seconds"), (60, "60 seconds")]
PANEL = (360, 130, 880, 660)

HELP = {
    "Animation speed": "How fast pieces move. Instant skips the motion altogether.",
    "Full screen": "F11 switches at any time too.",
    "Window size": "Relative to 1280×720; the table scales to any window.",
    "Colour-blind marks": "Letters and patterns on colour-coded pieces (pyramids, Mint Tin suits).",
    "Volume": "0 is silent.",
    "Claim window timer": "How long the table waits for claims on a discard (for games with claims).",
    "Skip impossible claims": "Playing alone against the computer: don't stop for a claim you can't make.",
}


class SettingsScene(Screen):
    title = "Settings"

    def build(self) -> None:
        s = self.app.settings
        save = self.app.save_settings
        x, w = PANEL[0] + 30, PANEL[2] - 60
        y = PANEL[1] + 30
        timers = list(TIMERS)
        if s.claim_timer not in [t[0] for t in timers]:    # a value set elsewhere stays selectable
            timers = sorted(timers + [(s.claim_timer, f"{s.claim_timer} seconds")])
        rows = [
            Choice((x, y, w, 52), "Animation speed", SPEEDS, s.anim_speed, lambda v: save(anim_speed=v)),
            Toggle((x, 0, w, 52), "Full screen", s.fullscreen, lambda v: save(fullscreen=v)),
            Slider((x, 0, w, 52), "Window size", 0.5, 2.0, 0.25, s.window_scale,
                   lambda v: save(window_scale=v), fmt=lambda v: f"{v:g}×"),
            Toggle((x, 0, w, 52), "Colour-blind marks", s.colourblind, lambda v: save(colourblind=v)),
            Slider((x, 0, w, 52), "Volume", 0.0, 1.0, 0.1, s.volume, lambda v: save(volume=v),
                   fmt=lambda v: f"{round(v * 100)}%"),
            Choice((x, 0, w, 52), "Claim window timer", timers, s.claim_timer, lambda v: save(claim_timer=v)),
            Toggle((x, 0, w, 52), "Skip impossible claims", s.skip_impossible_claims,
                   lambda v: save(skip_impossible_claims=v)),
        ]
        for widget in rows:
            widget.rect.top = y
            self.ui.add(widget)
            y += 86
        self.back_button("Done")

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
        canvas.text("Changes are saved as you make them.", (800, 872), theme.SMALL, theme.TEXT_FAINT, False,
                    "midbottom")
