"""Statistics: per game, games played and won, best score, and challenges completed."""

from __future__ import annotations

from game.app import theme
from game.app.scenes.results import fmt_value
from game.app.scenes.screen import Screen
from game.app.widgets import Button
from game.rules import catalogue

PANEL = (200, 150, 1200, 560)
UNIT_MARKS = {"cents": "¢"}     # a score in cents reads as the table writes it (-105¢); points stay bare
COLUMNS = (("Game", 250, "topleft"), ("Played", 700, "midtop"), ("Won", 860, "midtop"),
           ("Best score", 1040, "midtop"), ("Challenges", 1250, "midtop"))


class StatsScene(Screen):
    title = "Statistics"

    def build(self) -> None:
        self.back_button()
        self.ui.add(Button((1600 - 40 - 260, 822, 260, 54), "Replays", lambda: self.app.open("replays")))

    def challenges_done(self, g, s: dict) -> tuple[int, int]:
        """(done, there are) for a game. Only the levels there are now count, as the Challenges
        screen marks them (a finished level since removed or renamed would give '8 of 7')."""
        levels = self.app.levels_for(g.id, "challenge")
        finished = set(s.get("challenges", []))
        return sum(1 for level in levels if level.id in finished), len(levels)

    def row_cells(self, g, s: dict) -> list[str]:
        """One game's row."""
        played, won = s.get("played", 0), s.get("won", 0)
        best = s.get("best")
        done, there = self.challenges_done(g, s)
        return [g.title, str(played), f"{won}" + (f"  ({round(100 * won / played)}%)" if played else ""),
                "—" if best is None else fmt_value(best) + UNIT_MARKS.get(g.unit, ""),
                f"{done} of {there}" if there else "—"]

    def cell_lit(self, label: str, g, s: dict) -> bool:
        """Whether a cell is in full ink: the game's name always, the challenges once one is done
        (a puzzle decided on its first turn is no finished game, so a game can have challenges done
        and none played: they were greyed as if nothing had happened), the rest once a game is played."""
        if label == "Game":
            return True
        if label == "Challenges":
            return self.challenges_done(g, s)[0] > 0
        return bool(s.get("played", 0))

    def draw_content(self, canvas) -> None:
        canvas.panel(PANEL)
        stats = self.app.store.stats()
        y = PANEL[1] + 30
        for label, x, anchor in COLUMNS:
            canvas.text(label, (x, y), theme.BODY, theme.TEXT, True, anchor)
        y += 44
        canvas.line(theme.PANEL_EDGE, (PANEL[0] + 30, y), (PANEL[0] + PANEL[2] - 30, y), 1)
        y += 26
        for g in catalogue():
            s = stats.get(g.id, {})
            cells = self.row_cells(g, s)
            for (label, x, anchor), text in zip(COLUMNS, cells):
                colour = theme.TEXT if self.cell_lit(label, g, s) else theme.TEXT_DIM
                canvas.text(text, (x, y), theme.BODY, colour, label == "Game", anchor)
            y += 80
        if not any(v.get("played") for v in stats.values() if isinstance(v, dict)):
            canvas.text("No games finished yet: your record starts with your first game.",
                        (800, PANEL[1] + PANEL[3] - 50), theme.BODY, theme.TEXT_DIM, False, "midtop")
