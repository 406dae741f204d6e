"""The rules reader: one tab per game, its rules text laid out with headings, lists, styled text and pieces.

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
INDENT = 34                  # per list level
LINE_SPACING = 1.15
CODE_COLOUR = (178, 226, 196)
# heading kind: (size, colour, space before, space after). Headings are ivory like the setup screens'
# section titles (gold is the hint's); only Mint Tin goes one level deeper (h3), smaller and dimmer.
HEADINGS = {"h1": (theme.HEADING, theme.TEXT, 6, 14), "h2": (theme.SUBHEADING, theme.TEXT, 16, 8),
            "h3": (theme.BODY + 2, theme.TEXT_DIM, 10, 6)}

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
        lh = canvas.line_height(theme.BODY) * LINE_SPACING
        if blocks is None:
            blocks = [rulestext.Block("h1", ((self.game.title, ""),)),
                      rulestext.Block("p", (("Rules text coming: this game's rules are still being written up.", ""),))]
        prev = None
        for b in blocks:
            if prev in ("item", "p-in-list") and b.depth == 0 and b.kind != "item":
                y += 10          # a little air after a list
            prev = "p-in-list" if b.kind == "p" and b.depth else b.kind
            if b.kind in HEADINGS:
                size, colour, before, after = HEADINGS[b.kind]
                y += before
                items.append(("heading", y, b.text, size, colour))
                y += canvas.line_height(size, True) + after
            elif b.kind in ("p", "item", "code"):
                x = TEXT_X + b.depth * INDENT
                if b.kind == "item":
                    items.append(("marker", y, b.marker, x - 10))
                runs = b.runs if b.kind != "code" else tuple((line, "code") for line in b.text.split("\n"))
                lines = wrap_runs(canvas, runs, TEXT_X + TEXT_W - x)
                items.append(("lines", y, lines, x))
                y += len(lines) * lh + (6 if b.depth else 12)
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
        lh = canvas.line_height(theme.BODY) * LINE_SPACING
        with canvas.clip(self.scroller.viewport):
            for item in self._layout:
                kind, y = item[0], item[1] - off
                if y > bottom or y < top - 2000:
                    continue
                if kind == "heading":
                    canvas.text(item[2], (TEXT_X, y), item[3], item[4], True)
                elif kind == "lines":
                    for n, line in enumerate(item[2]):
                        ly = y + n * lh
                        if top < ly < bottom:
                            draw_runs(canvas, line, item[3], ly)
                elif kind == "marker":
                    canvas.text(item[2], (item[3], y), theme.BODY, theme.TEXT_DIM, item[2][:1].isdigit(), "topright")
                elif kind == "pieces":
                    self.draw_pieces(canvas, item[2], y)
        self.scroller.draw_bar(canvas)
        if self.scroller.max_offset > 0:
            canvas.text("Wheel, ↑ ↓ or PageUp PageDown to scroll · Home End · ← → other games", (1560, 853),
                        theme.SMALL, theme.TEXT_FAINT, False, "midright")

    def draw_pieces(self, canvas, stacks, y: float) -> None:
        """A row of pieces and stacks at their relative sizes (pyramids keep small < medium < large)."""
        real = [s for s in stacks if s]
        if not real:
            return
        shapes = {s: stack_shape([canvas.piece_size(n) for n in s]) for s in real}
        tallest = max(h for _, h, _ in shapes.values())
        f = PIECE_ROW_H / tallest
        gaps = sum(34 if s is None else 6 for s in stacks)
        natural = sum(shapes[s][0] * f for s in real) + gaps
        if natural > TEXT_W:         # a long row (a whole hand) shrinks to fit the column
            f *= (TEXT_W - gaps) / (natural - gaps)
        x = TEXT_X
        base = y + PIECE_ROW_H
        for s in stacks:
            if s is None:
                x += 34
                continue
            w, _, places = shapes[s]
            for name, (dx, dy, pw, ph) in zip(s, places):
                canvas.piece(name, (x + dx * f, base + dy * f, pw * f, ph * f))
            x += w * f + 6


# Icehouse pyramid sprites: the tip is near the top, the widest row (the rim of the hollow base) at
# about 79% of the height. A smaller pyramid on a bigger one slides down over its tip until its rim
# meets the bigger one's sides, where the bigger one is as wide as the smaller one's rim. LIFT keeps
# the lower tip inside the upper piece (the hollow has some wall thickness).
TIP, RIM, LIFT = 0.02, 0.79, 0.04


def stack_shape(sizes: list[tuple[float, float]]) -> tuple[float, float, list[tuple[float, float, float, float]]]:
    """(width, height, [(dx, dy, w, h) per piece]) of a stack listed bottom first, in unscaled units;
    dx from the stack's left edge, dy of each piece's top from the stack's base (negative is up)."""
    width = max(w for w, _ in sizes)
    places: list[tuple[float, float, float, float]] = []
    top = 0.0
    below: tuple[float, float, float] | None = None      # (top, w, h) of the piece underneath
    for w, h in sizes:
        if below is None:
            top = -h
        else:
            b_top, b_w, b_h = below
            rim_at = b_top + (TIP + min(1.0, w / b_w) * (RIM - TIP)) * b_h
            top = rim_at - (RIM + LIFT) * h
        places.append(((width - w) / 2, top, w, h))
        below = (top, w, h)
    height = -min(p[1] for p in places)
    return width, height, places


def run_font(style: str) -> tuple[float, tuple, bool]:
    """(size, colour, bold) for a text run's style: strong is bold; emphasis has no italic face
    in our font, so it is set bold too (gold is the hint's); code in a pale mint."""
    bold = "strong" in style or "em" in style
    if style == "code":
        return theme.BODY, CODE_COLOUR, False
    return theme.BODY, theme.TEXT, bold


def wrap_runs(canvas, runs, width: float) -> list[list[tuple[str, str]]]:
    """Styled runs broken into lines no wider than `width`; each line a list of (text, style)."""
    words: list[list[tuple[str, str]]] = [[]]     # a word may span runs ("**Drop**:")
    lines_out: list[list[list[tuple[str, str]]]] = []
    for text, style in runs:
        for n, part in enumerate(text.split("\n")):
            if n:
                words.append([("\n", "")])
                words.append([])
            pieces = part.split(" ")
            for i, piece in enumerate(pieces):
                if i:
                    words.append([])
                if piece:
                    words[-1].append((piece, style))
    words = [w for w in words if w]

    def measure(word) -> float:
        return sum(canvas.measure(t, *_size_bold(s))[0] for t, s in word)

    space = canvas.measure(" ", theme.BODY)[0]
    line: list[list[tuple[str, str]]] = []
    line_w = 0.0
    for word in words:
        if word == [("\n", "")]:
            lines_out.append(line)
            line, line_w = [], 0.0
            continue
        ww = measure(word)
        if line and line_w + space + ww > width:
            lines_out.append(line)
            line, line_w = [], 0.0
        line_w += (space if line else 0) + ww
        line.append(word)
    if line or not lines_out:
        lines_out.append(line)
    # flatten each line's words into runs, with the spaces put back
    result = []
    for ln in lines_out:
        segs: list[tuple[str, str]] = []
        for i, word in enumerate(ln):
            for j, (t, s) in enumerate(word):
                t = (" " + t) if i and j == 0 else t
                if segs and segs[-1][1] == s:
                    segs[-1] = (segs[-1][0] + t, s)
                else:
                    segs.append((t, s))
        result.append(segs)
    return result


def _size_bold(style: str) -> tuple[float, bool]:
    size, _, bold = run_font(style)
    return size, bold


def draw_runs(canvas, line, x: float, y: float) -> None:
    for text, style in line:
        size, colour, bold = run_font(style)
        canvas.text(text, (x, y), size, colour, bold)
        x += canvas.measure(text, size, bold)[0]
