"""Martian Mah Jongg scoring calculator: for players of the physical game.

Click pyramids in the palette to put them onto the chosen player's piles (the Chow, the bush, the
tree, the bonus stack or the opaques; "auto" finds the first place that fits), click a placed
pyramid to take it back, set who won, who is East, the winning piece and how it came, and read
every player's value line by line and the settlement as payments.

The answer comes from the engine's own calculator (`game.rules.martian.calculator`, the
`python -m game score martian` tool): this screen builds the same JSON input and shows what
`answer` says, so the two can't disagree; its bad-input messages are shown as they are.

Keyboard: arrows move between pyramids and controls, Enter adds / takes out / selects, Esc leaves.
"""

from __future__ import annotations

from typing import Any, Callable

from game.app import theme
from game.app.scenes.screen import Screen
from game.app.widgets import Button, Choice
from game.app.calculators.parts import DropZone, PieceButton
from game.core.tool import BadInput
from game.rules.martian.calculator import answer
from game.rules.martian.pieces import BONUS_MAX, COLOURS, COPIES, name, size_of

PALETTE = (40, 128, 1000, 190)
PLAYERS = (40, 326, 1000, 330)
CONTEXT = (40, 666, 1000, 146)
RESULT = (1070, 128, 500, 684)
PILES = ("chow", "pung", "kong", "bonus", "opaques")
PILE_LABEL = theme.SMALL - 4                # the size of a pile's name in a player's column
PILE_TITLES = {"chow": "Chow", "pung": "Bush (Pung)", "kong": "Tree (Kong)", "bonus": "Bonus", "opaques": "Opaques"}
PILE_SIZES = {"chow": ("S",), "pung": ("M", "S"), "kong": ("L", "M", "S")}
PALETTE_ROWS = (("L", COLOURS), ("M", COLOURS), ("S", COLOURS + ("black", "white")))
PYR_H = {"S": 34, "M": 44, "L": 56}


def frame(piece: str) -> str:
    return f"pyr/{piece}/up"


def empty_player() -> dict:
    return {"chow": [], "pung": [], "kong": [], "bonus": [], "opaques": [], "exposed": []}


def compute(players: list[dict], winner: int | None, east: int, honour: str | None, winning_piece: str | None,
            drawn: bool, original: bool, special_hands: bool) -> dict:
    """The engine calculator's answer for this table, or {"error": message}."""
    data: dict[str, Any] = {"players": [{k: list(v) for k, v in p.items()} for p in players], "east": east + 1,
                            "drawn": drawn, "original": original, "special_hands": special_hands}
    if winner is not None:
        data["winner"] = winner + 1          # the tool numbers players from 1
    elif honour:
        data["honour"] = honour
    if winning_piece:
        data["winning_piece"] = winning_piece
    try:
        return answer(data)[1]
    except BadInput as e:
        return {"error": str(e)}


class PyrButton(PieceButton):
    """A pyramid picture that can be clicked or focused (palette and placed pieces)."""

    def __init__(self, rect, piece: str, on_click: Callable[[], None], enabled: bool = True,
                 count: int | None = None, label: str = ""):
        super().__init__(rect, piece, on_click, enabled, label, count=count)
        self.piece = piece

    def draw(self, canvas, ring: bool = False) -> None:
        r = self.box
        lift = -3 if (self.hover and self.enabled) else 0
        h = PYR_H[size_of(self.piece)] * r.height / PYR_H["L"]        # sizes in proportion, a large fills the box
        canvas.piece_at(frame(self.piece), (r.centerx, r.bottom + lift), h, "midbottom",
                        alpha=255 if self.enabled else 80)
        if self.count is not None:      # how many are left, beside the pyramid's base (palette only)
            canvas.text(f"{self.count}", (r.right + 2, r.bottom - 2), theme.SMALL - 3,
                        theme.TEXT_DIM if self.enabled else theme.TEXT_FAINT, True, "bottomleft")
        if ring:
            canvas.outline(theme.FOCUS_RING, r.inflate(6, 6), 3, 8)


class PileTarget(DropZone):
    """A player's pile: clicking its empty part makes it where palette pyramids go."""


class MartianCalculator(Screen):
    title = "Martian Mah Jongg: score a hand"
    subtitle = "For a game played with real pyramids: put each player's pieces on their piles, then choose the winner."

    def __init__(self, app: Any, game_id: str | None = None):
        super().__init__(app)
        self.players: list[dict] = [empty_player() for _ in range(4)]
        self.n = 4
        self.target: tuple[int, str] = (0, "auto")
        self.winner: int | None = 0
        self.east = 0
        self.honour: str | None = None
        self.winning_piece: str | None = None
        self.drawn = False
        self.original = False
        self.special_hands = True
        self.result: dict = {}
        self.recompute()

    # ------------------------------------------------------------------ model
    def used(self, piece: str) -> int:
        return sum(p[pile].count(piece) for p in self.players[:self.n] for pile in PILES)

    def recompute(self) -> None:
        if self.winner is not None and self.winner >= self.n:
            self.winner = None
        self.east = min(self.east, self.n - 1)
        if self.winning_piece and (self.winner is None or self.winning_piece not in self.pile_pieces(self.winner)):
            self.winning_piece = None
        self.result = compute(self.players[:self.n], self.winner, self.east, self.honour, self.winning_piece,
                              self.drawn, self.original, self.special_hands)

    def changed(self) -> None:
        self.recompute()
        self.rebuild()

    def pile_pieces(self, seat: int) -> list[str]:
        p = self.players[seat]
        return p["chow"] + p["pung"] + p["kong"]

    def where_for(self, seat: int, piece: str) -> str | None:
        """The first place on `seat`'s screen a piece fits (the "auto" target): a pile with that
        size free, then the bonus stack for a large; opaques to the opaques."""
        p = self.players[seat]
        if piece.startswith(("black", "white")):
            return "opaques"
        z = size_of(piece)
        for pile in ("chow", "pung", "kong"):
            if z in PILE_SIZES[pile] and all(size_of(q) != z for q in p[pile]):
                return pile
        if z == "L" and len(p["bonus"]) < BONUS_MAX:
            return "bonus"
        return None

    def fits(self, seat: int, pile: str, piece: str) -> str:
        """Why `piece` can't go on that pile ("" when it can)."""
        p = self.players[seat]
        opaque = piece.startswith(("black", "white"))
        if pile == "opaques":
            return "" if opaque else "Only small blacks and whites go with the opaques."
        if opaque:
            return "A small black or white stays with the opaques: it never goes in a pile."
        z = size_of(piece)
        if pile == "bonus":
            if z != "L":
                return "The bonus stack holds larges only."
            return "" if len(p["bonus"]) < BONUS_MAX else f"The bonus stack holds at most {BONUS_MAX} larges."
        if z not in PILE_SIZES[pile]:
            sizes = " and ".join({"S": "a small", "M": "a medium", "L": "a large"}[s] for s in PILE_SIZES[pile])
            return f"The {PILE_TITLES[pile]} holds {sizes}, one of each."
        if any(size_of(q) == z for q in p[pile]):
            return f"The {PILE_TITLES[pile]} already has its {name(piece).split()[0]} piece: take it out first."
        return ""

    def add(self, piece: str) -> None:
        if self.used(piece) >= COPIES:
            self.toasts.show(f"All {COPIES} {name(piece)} pyramids are already placed.", 3, theme.BAD)
            return
        seat, pile = self.target
        if pile == "auto":
            where = self.where_for(seat, piece)
            if where is None:
                self.toasts.show(f"Player {seat + 1} has no free place for a {name(piece)}.", 3, theme.BAD)
                return
            pile = where
        else:
            why = self.fits(seat, pile, piece)
            if why:
                self.toasts.show(why, 3, theme.BAD)
                return
        self.players[seat][pile].append(piece)
        order = {"L": 0, "M": 1, "S": 2}
        if pile in ("pung", "kong"):
            self.players[seat][pile].sort(key=lambda q: order[size_of(q)])
        self.changed()

    def take_out(self, seat: int, pile: str, index: int) -> None:
        del self.players[seat][pile][index]
        if pile in ("pung", "kong") and len(self.players[seat][pile]) < len(PILE_SIZES[pile]):
            pass                                          # an exposed pile may be incomplete while editing
        self.changed()

    def toggle_exposed(self, seat: int, pile: str) -> None:
        ex = self.players[seat]["exposed"]
        if pile in ex:
            ex.remove(pile)
        else:
            ex.append(pile)
        self.changed()

    def choose(self, seat: int, pile: str) -> None:
        self.target = (seat, pile)
        self.rebuild()

    def set(self, **kw: Any) -> None:
        for k, v in kw.items():
            setattr(self, k, v)
        if self.target[0] >= self.n:
            self.target = (0, "auto")
        self.changed()

    def clear(self) -> None:
        self.players = [empty_player() for _ in range(4)]
        self.target = (0, "auto")
        self.winning_piece = None
        self.changed()

    # ------------------------------------------------------------------ widgets
    def build(self) -> None:
        x0, y0, _w, _h = PALETTE
        for row, (size, colours) in enumerate(PALETTE_ROWS):
            for col, colour in enumerate(colours):
                piece = f"{colour}-{size}"
                left = COPIES - self.used(piece)
                self.ui.add(PyrButton((x0 + 24 + col * 92, y0 + 38 + row * 50, 60, 48), piece,
                                      lambda p=piece: self.add(p), enabled=left > 0, count=left,
                                      label=f"add {piece}"))
        col_w = PLAYERS[2] / self.n
        for seat in range(self.n):
            x = PLAYERS[0] + seat * col_w
            self.build_player(seat, x, col_w)
        cx, cy, _cw, _ch = CONTEXT
        seats = [(s, f"Player {s + 1}") for s in range(self.n)]
        self.ui.add(Choice((cx + 12, cy + 36, 320, 44), "Players", [(2, "2"), (3, "3"), (4, "4")], self.n,
                           lambda v: self.set(n=v), control_width=120))
        self.ui.add(Choice((cx + 344, cy + 36, 320, 44), "Mah Jongg", [(None, "nobody")] + seats, self.winner,
                           lambda v: self.set(winner=v), control_width=170))
        self.ui.add(Choice((cx + 676, cy + 36, 312, 44), "East", seats, self.east,
                           lambda v: self.set(east=v), control_width=170))
        if self.winner is None:
            self.ui.add(Choice((cx + 12, cy + 88, 320, 44), "Honour colour",
                               [(None, "choose")] + [(c, c) for c in COLOURS], self.honour,
                               lambda v: self.set(honour=v), control_width=150))
        else:
            pieces = sorted(set(self.pile_pieces(self.winner)))
            self.ui.add(Choice((cx + 12, cy + 88, 320, 44), "Last piece", [(None, "not said")] + [(p, p) for p in pieces],
                               self.winning_piece, lambda v: self.set(winning_piece=v), control_width=160,
                               help="the piece the winner went out on: a small yellow is the Golden Rooster"))
        self.ui.add(Choice((cx + 344, cy + 88, 320, 44), "By own roll", [(False, "no"), (True, "yes")],
                           self.drawn, lambda v: self.set(drawn=v), control_width=120,
                           help="the winning piece came from the winner's own roll (not a claim)"))
        self.ui.add(Choice((cx + 676, cy + 88, 312, 44), "Original", [(False, "no"), (True, "yes")],
                           self.original, lambda v: self.set(original=v), control_width=120,
                           help="the winner's three dealt pieces never left their places"))
        self.back_button()
        self.ui.add(Button((240, 822, 180, 54), "Clear", self.clear))
        self.ui.add(Button((440, 822, 300, 54), "Golden Rooster: " + ("on" if self.special_hands else "off"),
                           lambda: self.set(special_hands=not self.special_hands), size=theme.SMALL))

    def build_player(self, seat: int, x: float, w: float) -> None:
        y = PLAYERS[1] + 40
        p = self.players[seat]
        self.ui.add(Button((x + w - 96, PLAYERS[1] + 6, 84, 28), "auto", lambda s=seat: self.choose(s, "auto"),
                           size=theme.SMALL - 4, primary=self.target == (seat, "auto")))
        for pile in PILES:
            h = 54
            self.ui.add(PileTarget((x + 8, y, w - 16, h), lambda s=seat, q=pile: self.choose(s, q),
                                   f"player {seat + 1} {pile}", self.target == (seat, pile)))
            px = x + 14
            pieces = p[pile]
            step = min(38.0, (w - 40) / max(1, len(pieces))) if pile == "opaques" else 38.0
            for j, piece in enumerate(pieces):
                self.ui.add(PyrButton((px + j * step, y + 19, 34, 34), piece,   # under the pile's name
                                      lambda s=seat, q=pile, j=j: self.take_out(s, q, j),
                                      label=f"p{seat + 1} {pile} {j} {piece}"))
            if pile in ("pung", "kong"):
                shown = "exposed" if pile in p["exposed"] else "hidden"
                self.ui.add(Button((x + w - 98, y + 14, 86, 28), shown, lambda s=seat, q=pile: self.toggle_exposed(s, q),
                                   size=theme.SMALL - 5))
            y += h + 4

    # ------------------------------------------------------------------ drawing
    def draw_content(self, canvas) -> None:
        canvas.panel(PALETTE)
        seat, pile = self.target
        where = f"player {seat + 1}'s " + ("first free place" if pile == "auto" else PILE_TITLES[pile])
        canvas.text(f"Click a pyramid to put it on {where}", (PALETTE[0] + 16, PALETTE[1] + 10), theme.BODY, theme.TEXT)
        for row, (size, _c) in enumerate(PALETTE_ROWS):
            canvas.text({"S": "small", "M": "medium", "L": "large"}[size],
                        (PALETTE[0] + PALETTE[2] - 16, PALETTE[1] + 56 + row * 50), theme.SMALL - 3,
                        theme.TEXT_DIM, False, "topright")
        canvas.panel(PLAYERS)
        col_w = PLAYERS[2] / self.n
        for s in range(self.n):
            x = PLAYERS[0] + s * col_w
            tags = (" · East" if s == self.east else "") + (" · Mah Jongg" if s == self.winner else "")
            # the tags go on their own small line: beside the name they were cut at four players
            canvas.text(f"Player {s + 1}", (x + 14, PLAYERS[1] + (4 if tags else 10)), theme.SMALL,
                        theme.GOOD if s == self.winner else theme.TEXT, True, max_width=col_w - 110)
            if tags:
                canvas.text(tags[3:], (x + 14, PLAYERS[1] + 24), theme.SMALL - 7,
                            theme.GOOD if s == self.winner else theme.TEXT_DIM, False, max_width=col_w - 110)
            y = PLAYERS[1] + 40
            for pile in PILES:
                # at 11 faint the names were hard to read; the pieces sit lower to make room
                canvas.text(PILE_TITLES[pile], (x + 16, y + 2), PILE_LABEL, theme.TEXT_DIM)
                y += 58
            if s:
                canvas.line(theme.PANEL_EDGE, (x, PLAYERS[1] + 8), (x, PLAYERS[1] + PLAYERS[3] - 8), 1)
        canvas.panel(CONTEXT)
        canvas.text("The hand", (CONTEXT[0] + 16, CONTEXT[1] + 8), theme.BODY, theme.TEXT)
        self.draw_result(canvas)

    def draw_result(self, canvas) -> None:
        x, y, w, h = RESULT
        canvas.panel(RESULT)
        r = self.result
        cx, cy = x + 18, y + 14
        inner = w - 36
        if "error" in r:
            canvas.text("Can't score this yet", (cx, cy), theme.SUBHEADING, theme.BAD, True)
            canvas.paragraph(r["error"], (cx, cy + 44, inner, 300), theme.BODY, theme.TEXT)
            return
        if r.get("valid"):
            head = f"Honour colour: {r['honour']}"
            colour = theme.GOOD
        else:
            head = "Not a Mah Jongg"
            colour = theme.BAD
        canvas.text(head, (cx, cy), theme.SUBHEADING, colour, True)
        cy += 40
        for prob in r.get("problems", []):
            cy += canvas.paragraph(prob, (cx, cy, inner, 60), theme.SMALL, theme.BAD) + 4
        for pl in r.get("players", []):
            s = pl["player"]
            canvas.text(f"Player {s}" + (" (Mah Jongg)" if s == r.get("winner") else ""), (cx, cy), theme.SMALL,
                        theme.TEXT, True)
            cy += 24
            for ln in pl["lines"]:
                amount = f"×{2 ** ln['doubles']}" if ln["doubles"] else f"{ln['points']:+d}"
                canvas.text(ln["name"], (cx + 10, cy), theme.SMALL - 4, theme.TEXT, max_width=inner - 80)
                canvas.text(amount, (x + w - 18, cy), theme.SMALL - 4, theme.GOOD if not ln["points"] < 0 else theme.BAD,
                            False, "topright")
                cy += 19
            val = f"{pl['value']}" + (f"  ({pl['base']} × {2 ** pl['doubles']})" if pl["doubles"] else "")
            canvas.text("Value", (cx + 10, cy), theme.SMALL - 3, theme.TEXT, True)
            canvas.text(val, (x + w - 18, cy), theme.SMALL - 3, theme.TEXT, True, "topright")
            cy += 26
            if cy > y + h - 140:
                break
        transfers = r.get("transfers", [])
        if transfers:
            canvas.line(theme.PANEL_EDGE, (cx, cy), (x + w - 18, cy), 1)
            cy += 6
            canvas.text("Settlement", (cx, cy), theme.SMALL, theme.TEXT, True)
            cy += 24
            for t in transfers:
                if cy > y + h - 50:
                    break
                canvas.text(f"Player {t['payer']} pays Player {t['payee']}", (cx + 10, cy), theme.SMALL - 4,
                            theme.TEXT, max_width=inner - 80)
                canvas.text(str(t["amount"]), (x + w - 18, cy), theme.SMALL - 4, theme.TEXT, False, "topright")
                cy += 19
            net = "   ".join(f"P{i + 1} {v:+d}" for i, v in enumerate(r.get("net", [])))
            canvas.text(net, (cx, y + h - 34), theme.SMALL - 3, theme.TEXT, True, max_width=inner)


CALCULATOR_SCENE = MartianCalculator
