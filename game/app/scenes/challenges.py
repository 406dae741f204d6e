"""Challenges: every challenge level, grouped by game, with its goal, its situation and a tick when done."""

from __future__ import annotations

from game.app import theme
from game.app.scenes.screen import LIST_KEYS, Screen
from game.app.widgets import ListRow, Scroller
from game.rules import catalogue, is_built

PANEL = (200, 140, 1200, 660)
ROW_H, ROW_GAP = 98, 8           # a row: the title, the goal, the level's own words under them
MARK = "✓ Done"


class ChallengeRow(ListRow):
    """A challenge: its title, the goal it asks (the words of the table's goal panel) and, fainter,
    the level's description: the situation it deals or a way in ("West's dragon is standing in for a
    tile you hold"), which a player saw nowhere before."""

    def __init__(self, rect, title: str, goal: str, note: str, on_click, mark: str = ""):
        super().__init__(rect, title, goal, on_click, mark=mark)
        self.note = note

    def text_width(self, canvas) -> float:
        """The room for the words: the row less its margins and the mark, if any."""
        right = self.box.right - 16
        if self.mark:
            right -= canvas.measure(self.mark, theme.SUBHEADING, True)[0] + 16
        return right - self.box.left - 16

    def draw(self, canvas, ring: bool = False) -> None:
        box = self.box
        fill = theme.BUTTON_PRESSED if self.pressed else theme.BUTTON_HOT if self.hover else theme.PANEL_LIGHT
        canvas.fill(fill, box, 8)
        if self.mark:
            canvas.text(self.mark, (box.right - 16, box.centery), theme.SUBHEADING, self.mark_colour, True,
                        "midright")
        x, width = box.left + 16, self.text_width(canvas)
        canvas.text(self.label, (x, box.top + 8), theme.BODY, theme.TEXT, True, max_width=width)
        y = box.top + 12 + canvas.line_height(theme.BODY, True)
        lh = canvas.line_height(theme.SMALL)
        canvas.text(self.detail, (x, y), theme.SMALL, theme.TEXT, False, max_width=width)
        if self.note:
            canvas.text(self.note, (x, y + lh + 2), theme.SMALL, theme.TEXT_DIM, False, max_width=width)
        if ring:
            self.draw_ring(canvas, 8)


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
                note = level.description if level.goal is not None and level.description != goal else ""
                row = ChallengeRow((PANEL[0] + 30, y, PANEL[2] - 60, ROW_H), level.title, goal, note,
                                   lambda l=level: self.start(l), mark=MARK if level.id in done else "")
                self.ui.add(row, self.pane)
                self._rows[level.id] = row
                if level is levels[0]:
                    self._heading_over[id(row)] = heading_y
                y += ROW_H + ROW_GAP
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
        self.app.start_new_game(level.fresh_setup(), level)

    def draw_content(self, canvas) -> None:
        canvas.panel(PANEL)
        if self._empty:
            canvas.text("No challenges yet: they arrive with the games.", (800, 420), theme.BODY, theme.TEXT_DIM,
                        False, "midtop")
            return
        with canvas.clip(self.pane.viewport):
            for y, title, note in self._headings:
                yy = y - self.pane.offset
                canvas.text(title, (PANEL[0] + 34, yy), theme.SUBHEADING, theme.TEXT, True)
                if note:
                    canvas.text(note, (PANEL[0] + PANEL[2] - 34, yy + 6), theme.SMALL, theme.TEXT_FAINT, False,
                                "topright")
