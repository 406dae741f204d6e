"""Challenges: every challenge level, grouped by game, with its goal and a tick when done."""

from __future__ import annotations

from game.app import theme
from game.app.scenes.screen import LIST_KEYS, Screen
from game.app.widgets import ListRow, Scroller
from game.rules import catalogue, is_built

PANEL = (200, 140, 1200, 660)


class ChallengesScene(Screen):
    title = "Challenges"
    keys_hint = LIST_KEYS.format(verb="plays")

    def __init__(self, app, show: str | None = None):
        super().__init__(app)
        self.show = show            # a level id: back from playing it, its row (and its tick) in view
        self.pane = Scroller((PANEL[0] + 4, PANEL[1] + 4, PANEL[2] - 8, PANEL[3] - 8))
        self._headings: list[tuple[float, str, str]] = []
        self._heading_over: dict[int, float] = {}     # id(first row of a game) -> its heading's y

    def build(self) -> None:
        stats = self.app.store.stats()
        y = PANEL[1] + 24
        self._headings = []
        self._heading_over = {}
        self._rows: dict[str, ListRow] = {}
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
            heading_y = y
            y += 48
            for level in levels:
                goal = level.goal.text if level.goal is not None else level.description
                row = ListRow((PANEL[0] + 30, y, PANEL[2] - 60, 72), level.title, goal,
                              lambda l=level: self.start(l), mark="✓ Done" if level.id in done else "",
                              enabled=True)
                self.ui.add(row, self.pane)
                self._rows[level.id] = row
                if level is levels[0]:
                    self._heading_over[id(row)] = heading_y
                y += 80
            y += 16
        self.pane.content_height = y - PANEL[1]
        self._empty = not any_levels
        self.back_button()          # after the rows: Tab goes through the list first, Back last
        row = self._rows.get(self.show) if self.show else None
        if row is not None:
            self.show = None            # once: later rebuilds keep where the player scrolled
            self.ui.set_focus(row)      # reveals it, under its game's heading when it is the first
            top = self._heading_over.get(id(row))
            if top is not None:
                self.pane.reveal((row.rect.x, top, row.rect.w, row.rect.bottom - top))

    def handle(self, intent) -> bool:
        handled = super().handle(intent)      # PageUp/PageDown/Home/End move along the list (FocusGroup.page)
        row = self.ui.focused
        top = self._heading_over.get(id(row)) if row is not None else None
        if top is not None and self.ui.keyboard:     # a game's first row comes with its heading
            self.pane.reveal((row.rect.x, top, row.rect.w, row.rect.bottom - top))
        return handled

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
