"""Challenges: every challenge level, grouped by game, with its goal and a tick when done."""

from __future__ import annotations

from game.app import theme
from game.app.scenes.screen import Screen
from game.app.widgets import ListRow, Scroller
from game.rules import catalogue, is_built

PANEL = (200, 140, 1200, 660)


class ChallengesScene(Screen):
    title = "Challenges"

    def __init__(self, app):
        super().__init__(app)
        self.pane = Scroller((PANEL[0] + 4, PANEL[1] + 4, PANEL[2] - 8, PANEL[3] - 8))
        self._headings: list[tuple[float, str, str]] = []

    def build(self) -> None:
        self.back_button()
        stats = self.app.store.stats()
        y = PANEL[1] + 24
        self._headings = []
        any_levels = False
        for g in catalogue():
            levels = self.app.levels_for(g.id, "challenge")
            if not levels:
                continue
            any_levels = True
            built = is_built(g.id)
            done = set(stats.get(g.id, {}).get("challenges", []))
            count = sum(1 for level in levels if level.id in done)
            note = f"{count} of {len(levels)} completed" if built else "not playable yet"
            self._headings.append((y, g.title, note))
            y += 48
            for level in levels:
                goal = level.goal.text if level.goal is not None else level.description
                row = ListRow((PANEL[0] + 30, y, PANEL[2] - 60, 72), level.title, goal,
                              lambda l=level: self.start(l), mark="✓ Done" if level.id in done else "",
                              enabled=True)
                self.ui.add(row, self.pane)
                y += 80
            y += 16
        self.pane.content_height = y - PANEL[1]
        self._empty = not any_levels

    def start(self, level) -> None:
        self.app.start_game(level.fresh_setup(), level)

    def draw_content(self, canvas) -> None:
        canvas.panel(PANEL)
        if self._empty:
            canvas.text("No challenges yet: they arrive with the games.", (800, 420), theme.BODY, theme.TEXT_DIM,
                        False, "midtop")
            return
        with canvas.clip(self.pane.viewport):
            for y, title, note in self._headings:
                yy = y - self.pane.offset
                canvas.text(title, (PANEL[0] + 34, yy), theme.SUBHEADING, theme.GOLD, True)
                if note:
                    canvas.text(note, (PANEL[0] + PANEL[2] - 34, yy + 6), theme.SMALL, theme.TEXT_FAINT, False,
                                "topright")
