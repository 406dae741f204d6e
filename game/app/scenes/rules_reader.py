"""The rules reader: one tab per game, its rules text laid out with headings, bullets and pieces.

Wheel, arrows, Page Up/Down and Home/End scroll; left/right (or Ctrl+Tab) switch games.
"""

from __future__ import annotations

from game.app import rulestext, theme
from game.app.scenes.screen import Screen
from game.app.widgets import Scroller, Tabs
from game.rules import catalogue

PANEL = (100, 106, 1400, 700)
TEXT_X, TEXT_W = 230, 1140
PIECE_ROW_H = 84

SHORT_TITLES = {"minttin": "Mint Tin", "rummy": "Rummy", "kards": "Kards", "cuzzins": "Cuzzins",
                "martian": "Martian"}


class RulesScene(Screen):
    def __init__(self, app, game_id: str | None = None):
        super().__init__(app)
        self.games = list(catalogue())
        ids = [g.id for g in self.games]
        self.index = ids.index(game_id) if game_id in ids else 0
        self.scroller = Scroller((PANEL[0] + 4, PANEL[1] + 4, PANEL[2] - 8, PANEL[3] - 8))
        self._layout: list[tuple] = []
        self._layout_key = None

    @property
    def game(self):
        return self.games[self.index]

    def build(self) -> None:
        self.tabs = self.ui.add(Tabs((100, 30, 1400, 58),
                                     [SHORT_TITLES.get(g.id, g.title) for g in self.games], self.index,
                                     self.pick))
        self.back_button(rect=(40, 826, 180, 54))
        self.ui.set_focus(self.tabs)

    def pick(self, index: int) -> None:
        self.index = index
        self.scroller.scroll_to(0)
        self._layout_key = None

    # ------------------------------------------------------------------ input
    def handle(self, intent) -> bool:
        k = intent.kind
        if k in ("up", "down", "page_up", "page_down", "home", "end") or k == "scroll":
            return self.scroller.handle(intent)
        if k in ("next_tab", "prev_tab", "left", "right"):
            return self.tabs.handle(intent)
        return super().handle(intent)

    # ------------------------------------------------------------------ layout
    def layout(self, canvas) -> None:
        """Turn the blocks into positioned draw items (recomputed when the tab or scale changes)."""
        key = (self.index, round(canvas.scale, 4))
        if key == self._layout_key:
            return
        self._layout_key = key
        blocks = rulestext.load(self.game.id)
        items: list[tuple] = []
        y = PANEL[1] + 36.0
        if blocks is None:
            items.append(("h1", y, self.game.title))
            y += 70
            items.append(("lines", y, ["Rules text coming: this game's rules are still being written up."], TEXT_X))
            y += 40
        else:
            prev = None
            for b in blocks:
                if b.kind in ("p", "pieces") and prev == "bullet":
                    y += 10          # a little air after a list
                prev = b.kind
                if b.kind == "h1":
                    y += 6
                    items.append(("h1", y, b.text))
                    y += canvas.line_height(theme.HEADING, True) + 14
                elif b.kind == "h2":
                    y += 16
                    items.append(("h2", y, b.text))
                    y += canvas.line_height(theme.SUBHEADING, True) + 8
                elif b.kind == "p":
                    lines = canvas.wrap(b.text, TEXT_W, theme.BODY)
                    items.append(("lines", y, lines, TEXT_X))
                    y += len(lines) * canvas.line_height(theme.BODY) * 1.15 + 12
                elif b.kind == "bullet":
                    lines = canvas.wrap(b.text, TEXT_W - 34, theme.BODY)
                    items.append(("bullet", y))
                    items.append(("lines", y, lines, TEXT_X + 34))
                    y += len(lines) * canvas.line_height(theme.BODY) * 1.15 + 6
                elif b.kind == "pieces":
                    y += 6
                    items.append(("pieces", y, b.pieces))
                    y += PIECE_ROW_H + 18
        self._layout = items
        self.scroller.content_height = y - PANEL[1] + 30

    # ------------------------------------------------------------------ drawing
    def draw_content(self, canvas) -> None:
        self.layout(canvas)
        canvas.panel(PANEL, (12, 32, 24, 235))
        off = self.scroller.offset
        top, bottom = PANEL[1] - 200, PANEL[1] + PANEL[3] + 50
        lh = canvas.line_height(theme.BODY) * 1.15
        with canvas.clip(self.scroller.viewport):
            for item in self._layout:
                kind, y = item[0], item[1] - off
                if y > bottom or y < top - 2000:
                    continue
                if kind == "h1":
                    canvas.text(item[2], (TEXT_X, y), theme.HEADING, theme.GOLD, True)
                elif kind == "h2":
                    canvas.text(item[2], (TEXT_X, y), theme.SUBHEADING, theme.TEXT, True)
                elif kind == "lines":
                    for n, line in enumerate(item[2]):
                        ly = y + n * lh
                        if top < ly < bottom:
                            canvas.text(line, (item[3], ly), theme.BODY, theme.TEXT)
                elif kind == "bullet":
                    canvas.circle(theme.GOLD, (TEXT_X + 12, y + 14), 4)
                elif kind == "pieces":
                    self.draw_pieces(canvas, item[2], y)
        self.scroller.draw_bar(canvas)
        if self.scroller.max_offset > 0:
            canvas.text("Wheel or ↑ ↓ to scroll · ← → other games", (1560, 853), theme.SMALL, theme.TEXT_FAINT,
                        False, "midright")

    def draw_pieces(self, canvas, names, y: float) -> None:
        """A row of pieces at their relative sizes (pyramids keep small < medium < large)."""
        real = [n for n in names if n]
        if not real:
            return
        sizes = {n: canvas.piece_size(n) for n in real}
        tallest = max(h for _, h in sizes.values())
        f = PIECE_ROW_H / tallest
        gaps = sum(34 if n is None else 6 for n in names)
        natural = sum(sizes[n][0] * f for n in real) + gaps
        if natural > TEXT_W:         # a long row (a whole hand) shrinks to fit the column
            f *= (TEXT_W - gaps) / (natural - gaps)
        x = TEXT_X
        base = y + PIECE_ROW_H
        for n in names:
            if n is None:
                x += 34
                continue
            w, h = sizes[n]
            canvas.piece(n, (x, base - h * f, w * f, h * f))
            x += w * f + 6
