"""Cuzzins' Mahjongg scoring calculator: for players of a real set.

Click tiles in the palette to add them to the concealed hand, a laid-out set or a secret; say
how the winning tile came (wall, loose tile, a loose tile after a kong, claimed and from whom,
the dealer's original hand), which tile it was and what it completed, the flowers and Double
Dice. The screen shows the engine's reading, every scoring step and what every player pays in
cents. With one tile fewer and no winning tile chosen it lists the tiles that would complete it.

The answer comes from the engine's own calculator (`game.rules.cuzzins.calculator`, the
`python -m game score cuzzins` tool): this screen builds the same input, runs its parse and
evaluate, and shows what they say (a bad input gets the tool's own message), so the two can't
disagree.
"""

from __future__ import annotations

from typing import Any

from game.app import theme
from game.app.calculators.parts import DropZone, PieceButton
from game.app.scenes.screen import Screen
from game.app.widgets import Button, Choice
from game.core.kit.tiles import name, spoken
from game.rules.cuzzins.calculator import SEATS, BadInput, evaluate, parse
from game.rules.cuzzins.hands import TOTAL_SETS
from game.rules.cuzzins.tiles import SUITED_CODES

PALETTE = (40, 140, 560, 378)
CONTEXT = (620, 140, 430, 378)
HAND_BOX = (40, 530, 1010, 130)
SETS_BOX = (40, 670, 1010, 140)
RESULT = (1070, 140, 500, 670)
WHY_X = 172                  # a score step's reason, from the result panel's text edge
SEAT_WORDS = {"E": "East", "S": "South", "W": "West", "N": "North"}
HOW = (("wall", "from the wall"), ("loose", "loose tile"), ("kong", "after a kong"),
       ("claimed", "a discard"), ("original", "dealt (dealer)"))
COMPLETED = ((None, "best reading"), ("back", "the back"), ("set", "a set"))


def needed(melds: int, secrets: int) -> int:
    """Concealed tiles of a complete hand with this many sets laid out or declared."""
    return 3 * (TOTAL_SETS - melds - secrets) + 2


def cannot_be_a_set(codes: list[str]) -> bool:
    """A laid-out set that no tiles added to it can make a run, three or four of a kind: four or
    fewer alike, or up to three of one suit inside a span of three."""
    if len(set(codes)) == 1:
        return len(codes) > 4
    nums = sorted(int(c[1:]) for c in codes)
    return (len(codes) > 3 or len({c[0] for c in codes}) > 1 or len(set(nums)) < len(nums)
            or nums[-1] - nums[0] > 2)


def set_problem(melds: list[list[str]], scoring: bool) -> str | None:
    """The first laid-out set that can't become a set (or, when the hand is to be scored, isn't one
    yet), in a player's words: the tool's own message names it "melds[1]" and gives codes."""
    for i, m in enumerate(melds):
        if m and cannot_be_a_set(m):
            return (f"Laid-out set {i + 1} ({spoken(m)}) can't be a run or three or four of a kind: "
                    "click a tile in it to take it out, or remove the set.")
        if m and scoring and len(m) < 3:
            return f"Laid-out set {i + 1} ({spoken(m)}) has {len(m)} of its three tiles (four for a kong)."
    return None


def compute(state: dict) -> dict:
    """The engine calculator's answer for the screen's input, or {"error": message}."""
    how = state["how"]
    data: dict[str, Any] = {"hand": list(state["hand"]), "melds": [list(m) for m in state["melds"] if m],
                            "secrets": list(state["secrets"]), "how": "loose" if how == "kong" else how,
                            "after_kong": how == "kong", "flowers": state["flowers"],
                            "double_dice": state["double_dice"], "winner": state["winner"]}
    if state["tile"] is not None:
        data["winning_tile"] = state["tile"]
        if state["completed"] is not None:
            data["completed"] = state["completed"]
    if how == "claimed":
        data["thrower"] = state["thrower"]
    try:
        return evaluate(parse(data))
    except BadInput as e:
        return {"error": str(e)}


class TileButton(PieceButton):
    """A tile picture that can be clicked or focused (palette, hand, sets)."""

    def __init__(self, rect, code: str, on_click, enabled: bool = True, left: int | None = None,
                 label: str = "", marked: bool = False):
        super().__init__(rect, code, on_click, enabled, label, left=left, marked=marked)

    def draw(self, canvas, ring: bool = False) -> None:
        r = self.box.move(0, -4 if (self.hover and self.enabled) else 0)
        canvas.piece(f"tile/{self.code}", r, alpha=255 if self.enabled else 70)
        if self.marked:
            canvas.outline(theme.SELECTED, r.inflate(6, 6), 3, 6)
        if self.left is not None:
            canvas.text(f"{self.left}", (r.right - 2, r.bottom + 1), theme.SMALL - 4,
                        theme.TEXT_DIM if self.enabled else theme.TEXT_FAINT, False, "topright")
        if ring:
            canvas.outline(theme.FOCUS_RING, r.inflate(8, 8), 3, 8)


class CuzzinsCalculator(Screen):
    title = "Cuzzins' Mahjongg: score a hand"
    subtitle = "For a game with a real set: enter the winner's tiles, how the hand was won, and read the payments."

    def __init__(self, app: Any, game_id: str | None = None):
        super().__init__(app)
        self.hand: list[str] = []
        self.melds: list[list[str]] = []
        self.secrets: list[str] = []
        self.target: str | int = "hand"              # "hand", "secret" or a laid-out set's index
        self.tile: str | None = None                 # the winning tile (one of the hand's)
        self.completed: str | None = None
        self.how, self.winner, self.thrower = "wall", "E", "N"
        self.flowers, self.double_dice = 0, False
        self.result: dict = {}
        self.recompute()

    # ------------------------------------------------------------------ model
    def input(self) -> dict:
        return {"hand": self.hand, "melds": self.melds, "secrets": self.secrets, "tile": self.tile,
                "completed": self.completed, "how": self.how, "winner": self.winner, "thrower": self.thrower,
                "flowers": self.flowers, "double_dice": self.double_dice}

    def used(self, code: str) -> int:
        return self.hand.count(code) + sum(m.count(code) for m in self.melds) + 4 * self.secrets.count(code)

    def full(self) -> int:
        return needed(len([m for m in self.melds if m]), len(self.secrets))

    def recompute(self) -> None:
        if self.tile is not None and self.tile not in self.hand:
            self.tile = None
        n, full = len(self.hand), self.full()
        problem = set_problem(self.melds, scoring=n in (full - 1, full))
        if problem is not None:                      # a set that can't be is said at once
            self.result = {"error": problem}
            return
        if n not in (full - 1, full) or (n == full and self.tile is None):
            self.result = {"tiles": n, "full": full}
            return
        state = self.input()
        if n == full - 1:
            state["tile"] = None                     # one tile short: the waits
        self.result = compute(state)

    def changed(self) -> None:
        self.recompute()
        self.rebuild()

    def say(self, text: str) -> None:
        self.toasts.show(text, 3, theme.BAD)

    def add(self, code: str) -> None:
        if self.target == "secret":
            if self.used(code):
                self.say(f"A secret is all four {code}: take the others out first.")
                return
            if len(self.melds) + len(self.secrets) >= TOTAL_SETS:
                self.say(f"A hand has only {TOTAL_SETS} sets.")
                return
            self.secrets.append(code)
        elif self.used(code) >= 4:
            self.say(f"All four {code} are already used.")
            return
        elif self.target == "hand":
            if len(self.hand) >= self.full():
                self.say(f"With these sets the concealed hand holds {self.full()} tiles: take one out first.")
                return
            self.hand.append(code)
            self.hand.sort(key=SUITED_CODES.index)
            if len(self.hand) == self.full() and self.tile is None:
                self.tile = code                      # the last tile entered: usually the winning one
        else:
            m = self.melds[self.target]
            if len(m) >= 4:
                self.say("A laid-out set holds three tiles, or four for a kong.")
                return
            m.append(code)
            m.sort(key=SUITED_CODES.index)
        self.changed()

    def take_out(self, where: str | int, index: int) -> None:
        if where == "hand":
            del self.hand[index]
        elif where == "secret":
            del self.secrets[index]
        else:
            del self.melds[where][index]
        self.changed()

    def new_set(self) -> None:
        if self.melds and not self.melds[-1]:
            self.target = len(self.melds) - 1
        elif len(self.melds) + len(self.secrets) >= TOTAL_SETS:
            self.say(f"A hand has only {TOTAL_SETS} sets.")
            return
        else:
            self.melds.append([])
            self.target = len(self.melds) - 1
        self.changed()

    def remove_set(self) -> None:
        if isinstance(self.target, int) and self.target < len(self.melds):
            del self.melds[self.target]
            self.target = "hand"
            self.changed()

    def choose(self, target: str | int) -> None:
        self.target = target
        self.rebuild()

    def clear(self) -> None:
        self.hand, self.melds, self.secrets, self.target, self.tile = [], [], [], "hand", None
        self.changed()

    def set_context(self, **kw: Any) -> None:
        for k, v in kw.items():
            setattr(self, k, v)
        self.changed()

    # ------------------------------------------------------------------ widgets
    def build(self) -> None:
        x0, y0, _w, _h = PALETTE
        for i, code in enumerate(SUITED_CODES):
            row, col = divmod(i, 9)
            left = 4 - self.used(code)
            ok = left > 0 and (self.target != "secret" or left == 4) and (
                self.target != "hand" or len(self.hand) < self.full())
            self.ui.add(TileButton((x0 + 22 + col * 59, y0 + 44 + row * 98, 48, 64), code,
                                   lambda c=code: self.add(c), enabled=ok, left=left, label=f"add {code}"))
        self.ui.add(Button((x0 + 22, y0 + 322, 250, 44), "Add to the hand", lambda: self.choose("hand"),
                           size=theme.SMALL))
        self.ui.add(Button((x0 + 290, y0 + 322, 250, 44), "Add a secret", lambda: self.choose("secret"),
                           size=theme.SMALL))
        self.build_context()
        hx, hy, hw, hh = HAND_BOX
        self.ui.add(DropZone((hx + 8, hy + 36, hw - 16, hh - 42), lambda: self.choose("hand"), "hand",
                               self.target == "hand"))
        for j, code in enumerate(self.hand):
            self.ui.add(TileButton((hx + 20 + j * 57, hy + 46, 48, 64), code, lambda j=j: self.take_out("hand", j),
                                   label=f"hand {j} {code}", marked=code == self.tile and j == self.hand.index(code)))
        sx, sy, sw, _sh = SETS_BOX
        x = sx + 16
        for i, m in enumerate(self.melds):
            bw = max(1, len(m)) * 38 + 20
            self.ui.add(DropZone((x, sy + 40, bw, 90), lambda i=i: self.choose(i), f"set {i}", self.target == i))
            for j, code in enumerate(m):
                self.ui.add(TileButton((x + 10 + j * 38, sy + 52, 36, 48), code, lambda i=i, j=j: self.take_out(i, j),
                                       label=f"set {i} {j} {code}"))
            x += bw + 10
        for i, code in enumerate(self.secrets):
            self.ui.add(TileButton((x + 10, sy + 52, 36, 48), code, lambda i=i: self.take_out("secret", i),
                                   label=f"secret {i} {code}"))
            x += 96
        if len(self.melds) + len(self.secrets) < TOTAL_SETS:
            self.ui.add(Button((min(x + 6, sx + sw - 230), sy + 58, 210, 52), "New laid-out set", self.new_set,
                               size=theme.SMALL))
        if isinstance(self.target, int):
            self.ui.add(Button((sx + sw - 200, sy + 6, 180, 30), "Remove it", self.remove_set, size=theme.SMALL))
        self.back_button()
        self.ui.add(Button((240, 822, 180, 54), "Clear", self.clear))

    def build_context(self) -> None:
        cx, cy, cw, _ch = CONTEXT
        w, row, ctl = cw - 24, 46, 240
        kinds = sorted(set(self.hand), key=SUITED_CODES.index)
        tiles = [(None, "none yet")] + [(k, name(k)) for k in kinds]
        rows = [
            ("Winning tile", tiles, self.tile, lambda v: self.set_context(tile=v)),
            ("Completed", list(COMPLETED), self.completed, lambda v: self.set_context(completed=v)),
            ("It came", list(HOW), self.how, lambda v: self.set_context(how=v)),
            ("Winner", [(s, SEAT_WORDS[s]) for s in SEATS], self.winner, self.set_winner),
        ]
        if self.how == "claimed":
            rows.append(("Thrown by", [(s, SEAT_WORDS[s]) for s in SEATS if s != self.winner], self.thrower,
                         lambda v: self.set_context(thrower=v)))
        rows += [("Flowers", [(n, str(n)) for n in range(13)], self.flowers,
                  lambda v: self.set_context(flowers=v)),
                 ("Double Dice", [(False, "no"), (True, "yes")], self.double_dice,
                  lambda v: self.set_context(double_dice=v))]
        for i, (label, choices, value, on_change) in enumerate(rows):
            self.ui.add(Choice((cx + 12, cy + 44 + i * row, w, 40), label, choices, value, on_change,
                               control_width=ctl))

    def set_winner(self, seat: str) -> None:
        self.winner = seat
        if self.thrower == seat:
            self.thrower = SEATS[(SEATS.index(seat) + 3) % 4]        # the player before the winner
        self.changed()

    # ------------------------------------------------------------------ drawing
    def draw_content(self, canvas) -> None:
        canvas.panel(PALETTE)
        where = {"hand": "the concealed hand", "secret": "a new secret (all four)"}.get(
            self.target, f"laid-out set {self.target + 1}" if isinstance(self.target, int) else "")
        canvas.text(f"Click a tile to add it to {where}", (PALETTE[0] + 16, PALETTE[1] + 10), theme.BODY,
                    theme.TEXT, max_width=PALETTE[2] - 32)
        canvas.panel(CONTEXT)
        canvas.text("How the hand was won", (CONTEXT[0] + 16, CONTEXT[1] + 10), theme.BODY, theme.TEXT)
        canvas.panel(HAND_BOX)
        canvas.text(f"Concealed tiles ({len(self.hand)}), winning tile ringed  ·  click a tile to take it out",
                    (HAND_BOX[0] + 16, HAND_BOX[1] + 8), theme.BODY, theme.TEXT, max_width=HAND_BOX[2] - 150)
        full = self.full()
        canvas.text(f"{len(self.hand)} of {full}", (HAND_BOX[0] + HAND_BOX[2] - 16, HAND_BOX[1] + 8), theme.BODY,
                    theme.GOOD if len(self.hand) in (full - 1, full) else theme.TEXT_DIM, True, "topright")
        canvas.panel(SETS_BOX)
        canvas.text("Laid-out sets (claimed; four tiles = a kong) and declared secrets",
                    (SETS_BOX[0] + 16, SETS_BOX[1] + 8), theme.BODY, theme.TEXT, max_width=SETS_BOX[2] - 240)
        self.draw_result(canvas)

    def draw_result(self, canvas) -> None:
        x, y, w, h = RESULT
        canvas.panel(RESULT)
        r = self.result
        cx, cy, inner = x + 20, y + 16, w - 40
        if "error" in r:
            canvas.text("Can't score this", (cx, cy), theme.SUBHEADING, theme.BAD, True)
            canvas.paragraph(r["error"], (cx, cy + 44, inner, 300), theme.BODY, theme.TEXT)
            return
        if "tiles" in r:
            n, full = r["tiles"], r["full"]
            canvas.text("Enter a hand", (cx, cy), theme.SUBHEADING, theme.TEXT, True)
            if n == full:
                msg = "Choose the winning tile (How the hand was won), or take one tile out to see the waits."
            elif n < full:
                more = full - 1 - n
                msg = (f"Add {full - n} more tile{'s' if full - n != 1 else ''}: {full} to score the hand"
                       + (f", {full - 1} to see which tiles would complete it." if more > 0 else "."))
            else:
                msg = f"Take out tiles: with these sets the concealed hand holds {full}."
            canvas.paragraph(msg, (cx, cy + 44, inner, 200), theme.BODY, theme.TEXT)
            return
        if "waits" in r:
            waits = r["waits"]
            canvas.text("Waiting for" if waits else "Not one tile away", (cx, cy), theme.SUBHEADING,
                        theme.GOOD if waits else theme.TEXT_DIM, True)
            for i, code in enumerate(waits):
                canvas.piece(f"tile/{code}", (cx + i * 56, cy + 52, 48, 64))
            if waits:
                canvas.paragraph("Add one of them to the hand and choose it as the winning tile to see the score.",
                                 (cx, cy + 132, inner, 80), theme.SMALL, theme.TEXT_DIM)
            if not waits:
                canvas.paragraph(r.get("summary", ""), (cx, cy + 48, inner, 200), theme.BODY, theme.TEXT)
            return
        if not r.get("winning"):
            canvas.text("Not a winning hand", (cx, cy), theme.SUBHEADING, theme.BAD, True)
            canvas.paragraph(r.get("summary", ""), (cx, cy + 44, inner, 200), theme.BODY, theme.TEXT)
            return
        canvas.text(f"Mahjongg: {r['total']} points", (cx, cy), theme.SUBHEADING, theme.GOOD, True)
        cy += 46
        read = r["read"]
        groups = [read["back"]] + [g["tiles"] for g in read["sets"]]
        bx = cx
        for g in groups:
            gw = len(g) * 24 + 10
            if bx + gw > x + w - 16:
                bx, cy = cx, cy + 44
            for i, code in enumerate(g):
                canvas.piece(f"tile/{code}", (bx + i * 24, cy, 24, 32))
            bx += gw
        cy += 44
        canvas.line(theme.PANEL_EDGE, (cx, cy), (x + w - 20, cy), 1)
        cy += 6
        for st in r["steps"]:
            canvas.text(st["name"], (cx, cy), theme.SMALL, theme.TEXT, True)
            canvas.text(str(st["value"]), (x + w - 20, cy), theme.SMALL, theme.TEXT if st["name"] == "Total" else theme.GOOD,
                        True, "topright")
            # a long reason wraps under itself ("+ 5 for 5 Characters" was cut short); a name too long
            # for its column puts the reason on the next line ("Run in the back's suit" ran into it)
            lines = canvas.wrap(st["why"], inner - 230, theme.SMALL - 5) or [""]
            below = canvas.measure(st["name"], theme.SMALL, True)[0] > WHY_X - 8
            top = cy + (canvas.line_height(theme.SMALL, True) if below else 0)
            for i, line in enumerate(lines):
                canvas.text(line, (cx + WHY_X, top + 3 + i * canvas.line_height(theme.SMALL - 5)), theme.SMALL - 5,
                            theme.TEXT_DIM)
            cy = top + 25 + (len(lines) - 1) * canvas.line_height(theme.SMALL - 5)
        canvas.line(theme.PANEL_EDGE, (cx, cy + 2), (x + w - 20, cy + 2), 1)
        cy += 10
        canvas.text("Payments", (cx, cy), theme.BODY, theme.TEXT, True)
        cy += 30
        for p in r["payments"]:
            canvas.text(f"{SEAT_WORDS[p['payer']]} pays {SEAT_WORDS[p['payee']]}", (cx, cy), theme.SMALL, theme.TEXT)
            canvas.text(f"{p['cents']}¢", (x + w - 20, cy), theme.SMALL, theme.BAD if "double" in p["why"] else theme.TEXT,
                        True, "topright")
            cy += 26


CALCULATOR_SCENE = CuzzinsCalculator
