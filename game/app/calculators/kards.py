"""Mah-Jongg for Kards scoring calculator: for players of the physical game.

Click Kards in the palette to add them to the concealed hand, to the selected group on the table,
or (flowers and seasons) to the bonus row; pick the winds, whether the hand went Mah-Jongg, how the
winning Kard came and the other section-2 flags, and read the itemised score with the payments.
The answer comes from the engine's own calculator (`game.rules.kards.calculator`, the
`python -m game score kards` tool): this screen builds the same JSON input, runs its parse and
evaluate and shows what they say, so the two can't disagree.

A Kard in the hand or a group is selected by clicking it: the bar under the groups then offers
Remove and, for a hand Kard, "Winning Kard". A group of four offers "Concealed kong".
Keyboard: arrows move between Kards and controls, Enter adds / selects, Tab jumps, Esc leaves.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable

from game.app import theme
from game.app.scenes.screen import Screen
from game.app.widgets import Button, Choice
from game.app.calculators.parts import DropZone, PieceButton
from game.core.kit.tiles import BONUS_KINDS, KINDS, name, spoken
from game.rules.kards.calculator import InputError, evaluate, parse
from game.rules.kards.scoring import quarters

PALETTE_ROWS = (KINDS[0:9], KINDS[9:18], KINDS[18:27], KINDS[27:34], BONUS_KINDS)
WINDS = (("E", "East"), ("S", "South"), ("W", "West"), ("N", "North"))
HOW = (("wall", "the wall"), ("discard", "a discard"), ("box", "kong box"), ("last", "last Kard"),
       ("dealt", "dealt hand"))
FLAGS = (("last_of_kind", "Last of kind"), ("standing", "Standing"), ("kong_replacement", "After kong"))
BLESSINGS = ((None, "none"), ("celestial", "Celestial"), ("earth", "Earth"))
ON_OFF = ((False, "no"), (True, "yes"))
PALETTE = (36, 130, 560, 440)
CONTEXT = (36, 716, 1106, 98)
# the context row's four columns: the last is wider, so "dealt hand" and "Celestial" show whole
CONTEXT_COLUMNS = (262, 236, 254, 320)
HAND_BOX = (612, 130, 530, 136)
GROUPS = (612, 280, 530, 300)
BONUS_BOX = (612, 594, 530, 112)
RESULT = (1158, 130, 406, 680)
MAX_GROUPS = 4
MAX_HAND = 14
CARD = (46, 64)


def group_problem(groups: list[list[str]]) -> str | None:
    """The first group on the table that is not a chow, pung or kong, in a player's words (the tool's
    own message names it "players.E.melds[0]" and gives codes)."""
    for i, g in enumerate(groups):
        if not g:
            continue
        what = f"Group {i + 1} on the table ({spoken(g)})"
        if len(set(g)) == 1 and len(g) <= 4:
            if len(g) < 3:
                return f"{what} needs a third Kard to be a pung."
            continue
        suited = len({c[0] for c in g}) == 1 and all(c[0] in "BCD" and c[1:].isdigit() for c in g)
        nums = sorted(int(c[1:]) for c in g) if suited else []
        if suited and len(g) <= 3 and len(set(nums)) == len(nums) and nums[-1] - nums[0] <= 2:
            if len(g) < 3:
                return f"{what} needs a third Kard to be a chow."
            continue
        return f"{what} is not a chow, pung or kong: click a Kard in it, then Remove."
    return None


def compute(seat: str, round_wind: str, hand: list[str], groups: list[list[str]], concealed: list[bool],
            bonus: list[str], won: bool, winning: str | None, how: str, flags: dict) -> dict:
    """The engine calculator's answer for one player's hand, or {"error": message}."""
    melds = [{"cards": g, "concealed": c} if c else list(g) for g, c in zip(groups, concealed) if g]
    data: dict[str, Any] = {"players": {seat: {"hand": list(hand), "melds": melds, "bonus": list(bonus)}},
                            "round_wind": round_wind}
    if not hand and not any(groups):
        return {"error": "Add the Kards of a hand: click them in the palette."}
    problem = group_problem(groups)
    if problem is not None:
        return {"error": problem}
    if won:
        data.update(winner=seat, how=how, **{k: v for k, v in flags.items() if v})
        if how != "dealt":
            if not hand:
                return {"error": "Add the Kards in the hand too, then choose the winning Kard among them."}
            if winning is None:
                return {"error": "Choose the winning Kard: click one in the hand, then Winning Kard."}
            data["winning"] = winning
    try:
        return evaluate(parse(data))
    except InputError as e:
        return {"error": str(e)}


class KardButton(PieceButton):
    """A Kard picture that can be clicked or focused (palette, hand, group and bonus Kards)."""

    def __init__(self, rect, code: str, on_click: Callable[[], None], enabled: bool = True, label: str = "",
                 selected: bool = False, count: int | None = None, mark: bool = False):
        super().__init__(rect, code, on_click, enabled, label, selected=selected, count=count,
                         mark=mark)     # mark: the winning Kard

    def draw(self, canvas, ring: bool = False) -> None:
        r = self.box
        tr = r.move(0, -3 if (self.hover and self.enabled) else 0)
        if self.selected or self.mark:
            canvas.fill(theme.SELECTED if self.selected else theme.GOOD, tr.inflate(8, 8), 7)
        canvas.piece(f"kard/{self.code}", tr, alpha=255 if self.enabled else 90)
        if self.count is not None:       # how many are left: a dark badge, as ivory on the ivory face can't be read
            badge = (tr.right - 17, tr.bottom - 17, 17, 17)
            canvas.fill((24, 30, 26, 225), badge, 5)
            canvas.text(str(self.count), (badge[0] + 8.5, badge[1] + 8.5), 13,
                        theme.TEXT if self.enabled else theme.TEXT_FAINT, True, "center")
        if ring:
            canvas.outline(theme.FOCUS_RING, tr.inflate(8, 8), 3, 8)


class KardsCalculator(Screen):
    title = "Mah-Jongg for Kards: score a hand"
    subtitle = "For a game played with real Kards: enter one player's hand, groups on the table and flowers."

    def __init__(self, app: Any, game_id: str | None = None):
        super().__init__(app)
        self.hand: list[str] = []
        self.groups: list[list[str]] = [[] for _ in range(MAX_GROUPS)]
        self.concealed = [False] * MAX_GROUPS
        self.bonus: list[str] = []
        self.target: tuple = ("hand",)
        self.picked: tuple | None = None          # ("hand", j) or ("group", i, j) or ("bonus", j)
        self.winning: int | None = None           # index in the hand
        self.seat, self.round_wind = "E", "E"
        self.won, self.how = True, "wall"
        self.flags = {k: False for k, _ in FLAGS}
        self.blessing: str | None = None
        self.result: dict = {}
        self.recompute()

    # ------------------------------------------------------------------ model
    def used(self, code: str) -> int:
        return self.hand.count(code) + self.bonus.count(code) + sum(g.count(code) for g in self.groups)

    def recompute(self) -> None:
        winning = self.hand[self.winning] if self.winning is not None and self.winning < len(self.hand) else None
        flags = dict(self.flags, celestial=self.blessing == "celestial", earth=self.blessing == "earth")
        self.result = compute(self.seat, self.round_wind, self.hand, self.groups, self.concealed, self.bonus,
                              self.won, winning, self.how, flags)

    def changed(self) -> None:
        self.recompute()
        self.rebuild()

    def add(self, code: str) -> None:
        most = 1 if code in BONUS_KINDS else 4
        if self.used(code) >= most:
            self.toasts.show(f"All the {name(code)} Kards are already used.", 3, theme.BAD)
            return
        if code in BONUS_KINDS:
            self.bonus.append(code)
        elif self.target[0] == "group":
            g = self.groups[self.target[1]]
            if len(g) >= 4:
                self.toasts.show("A group has at most four Kards (a kong).", 3, theme.BAD)
                return
            g.append(code)
        else:
            if len(self.hand) >= MAX_HAND:
                self.toasts.show("A hand holds at most 14 Kards.", 3, theme.BAD)
                return
            self.hand.append(code)
            self.winning = len(self.hand) - 1     # the last Kard added is the winning one until chosen
        self.picked = None
        self.changed()

    def remove_picked(self) -> None:
        p = self.picked
        if p is None:
            return
        if p[0] == "hand":
            del self.hand[p[1]]
            if self.winning is not None:
                self.winning = None if self.winning == p[1] else self.winning - (self.winning > p[1])
        elif p[0] == "group":
            del self.groups[p[1]][p[2]]
            if len(self.groups[p[1]]) != 4:
                self.concealed[p[1]] = False
        else:
            del self.bonus[p[1]]
        self.picked = None
        self.changed()

    def mark_winning(self) -> None:
        if self.picked is not None and self.picked[0] == "hand":
            self.winning = self.picked[1]
            self.picked = None
            self.changed()

    def toggle_concealed(self, i: int) -> None:
        self.concealed[i] = not self.concealed[i]
        self.changed()

    def clear(self) -> None:
        self.hand, self.bonus = [], []
        self.groups = [[] for _ in range(MAX_GROUPS)]
        self.concealed = [False] * MAX_GROUPS
        self.target, self.picked, self.winning = ("hand",), None, None
        self.changed()

    def select_target(self, target: tuple) -> None:
        self.target, self.picked = target, None
        self.rebuild()

    def pick(self, what: tuple) -> None:
        self.picked = None if self.picked == what else what
        if what[0] in ("hand", "group"):
            self.target = ("hand",) if what[0] == "hand" else ("group", what[1])
        self.rebuild()

    def set_option(self, key: str, value: Any) -> None:
        if key in self.flags:
            self.flags[key] = value
        else:
            setattr(self, key, value)
        self.recompute()

    # ------------------------------------------------------------------ widgets
    def build(self) -> None:
        ui = self.ui
        x0, y0, w, h = PALETTE
        tw, th = CARD
        for r, row in enumerate(PALETTE_ROWS):
            for c, code in enumerate(row):
                rect = (x0 + 16 + c * (tw + 14), y0 + 44 + r * (th + 14), tw, th)
                left = (1 if code in BONUS_KINDS else 4) - self.used(code)
                ui.add(KardButton(rect, code, lambda code=code: self.add(code), enabled=left > 0,
                                  label=f"add {code}", count=left))
        cx, cy, cw, ch = CONTEXT
        choices = [("seat", "Seat", WINDS, self.seat, 136), ("round_wind", "Round", WINDS, self.round_wind, 136),
                   ("won", "Mah-Jongg", ON_OFF, self.won, 106), ("how", "Won by", HOW, self.how, 190)]
        choices += [(key, label, ON_OFF, self.flags[key], 106) for key, label in FLAGS]
        choices += [("blessing", "Blessing", BLESSINGS, self.blessing, 170)]
        for i, (key, label, options, value, width) in enumerate(choices):
            col = i % 4
            x = cx + 10 + sum(CONTEXT_COLUMNS[:col]) + 4 * col
            ui.add(Choice((x, cy + 6 + (i // 4) * 46, CONTEXT_COLUMNS[col], 42), label, options, value,
                          lambda v, key=key: self.set_option(key, v), control_width=width))
        # the hand
        hx, hy, hw, hh = HAND_BOX
        ui.add(DropZone((hx + 8, hy + 36, hw - 16, hh - 44), lambda: self.select_target(("hand",)), "hand", shade=False))
        step = min(tw + 4, (hw - 30) / max(1, len(self.hand)))
        for j, code in enumerate(self.hand):
            ui.add(KardButton((hx + 14 + j * step, hy + 46, min(tw, step - 2), th * min(tw, step - 2) / tw), code,
                              lambda j=j: self.pick(("hand", j)), selected=self.picked == ("hand", j),
                              mark=self.won and self.winning == j, label=f"hand {j}"))
        # the groups on the table
        gx, gy, gw, gh = GROUPS
        row_h = (gh - 90) / MAX_GROUPS
        for i, g in enumerate(self.groups):
            ry = gy + 40 + i * row_h
            ui.add(DropZone((gx + 8, ry, gw - 16, row_h - 4), lambda i=i: self.select_target(("group", i)),
                             f"group {i + 1}", shade=False))
            for j, code in enumerate(g):
                ui.add(KardButton((gx + 50 + j * (tw * 0.8 + 4), ry + 4, tw * 0.8, th * 0.8), code,
                                  lambda i=i, j=j: self.pick(("group", i, j)), selected=self.picked == ("group", i, j),
                                  label=f"group {i} kard {j}"))
            if len(g) == 4 and len(set(g)) == 1:
                ui.add(Button((gx + gw - 200, ry + 10, 184, 40), "Make it concealed" if not self.concealed[i]
                              else "Make it claimed", lambda i=i: self.toggle_concealed(i), size=theme.SMALL))
        if self.picked is not None:
            bx, by = gx + 12, gy + gh - 48
            ui.add(Button((bx, by, 130, 38), "Remove", self.remove_picked, size=theme.SMALL))
            if self.picked[0] == "hand" and self.won:
                ui.add(Button((bx + 140, by, 180, 38), "Winning Kard", self.mark_winning, size=theme.SMALL))
        # flowers and seasons
        bx0, by0, bw, bh = BONUS_BOX
        for j, code in enumerate(self.bonus):
            ui.add(KardButton((bx0 + 14 + j * (tw + 6), by0 + 38, tw * 0.95, th * 0.95), code,
                              lambda j=j: self.pick(("bonus", j)), selected=self.picked == ("bonus", j),
                              label=f"bonus {j}"))
        ui.add(Button((36, 594, 250, 50), "Clear all", self.clear, size=theme.BODY))
        self.back_button("Back", (36, 822, 180, 54))

    # ------------------------------------------------------------------ drawing
    def draw_content(self, canvas) -> None:
        x0, y0, w, h = PALETTE
        canvas.panel(PALETTE)
        where = "the hand" if self.target[0] == "hand" else f"group {self.target[1] + 1}"
        canvas.text(f"Click a Kard to add it to {where}", (x0 + 16, y0 + 12), theme.BODY, theme.TEXT, True)
        canvas.panel(CONTEXT)
        hx, hy, hw, hh = HAND_BOX
        canvas.panel(HAND_BOX)
        if self.target == ("hand",):
            canvas.outline(theme.SELECTED, HAND_BOX, 2, theme.RADIUS)
        canvas.text(f"Concealed hand ({len(self.hand)})", (hx + 16, hy + 8), theme.BODY, theme.TEXT, True)
        if self.won and self.how != "dealt":
            canvas.text("green: the winning Kard", (hx + hw - 16, hy + 12), theme.SMALL, theme.TEXT_DIM, False,
                        "topright")
        if not self.hand:
            canvas.text("click Kards in the palette", (hx + 16, hy + 70), theme.SMALL, theme.TEXT_FAINT)
        gx, gy, gw, gh = GROUPS
        canvas.panel(GROUPS)
        canvas.text("Groups on the table", (gx + 16, gy + 8), theme.BODY, theme.TEXT, True)
        row_h = (gh - 90) / MAX_GROUPS
        for i, g in enumerate(self.groups):
            ry = gy + 40 + i * row_h
            r = (gx + 8, ry, gw - 16, row_h - 4)
            active = self.target == ("group", i)
            canvas.fill((255, 255, 255, 26 if active else 10), r, 8)
            if active:
                canvas.outline(theme.SELECTED, r, 2, 8)
            canvas.text(str(i + 1), (gx + 28, ry + (row_h - 4) / 2), theme.BODY, theme.TEXT_DIM, True, "center")
            if not g:
                canvas.text("empty: click it, then Kards" if active else "empty", (gx + 50, ry + (row_h - 4) / 2),
                            theme.SMALL, theme.TEXT_FAINT, False, "midleft")
            elif self.concealed[i]:
                canvas.text("concealed", (gx + gw - 210, ry + row_h - 18), 13, theme.GOOD, False, "bottomright")
        bx0, by0, bw, bh = BONUS_BOX
        canvas.panel(BONUS_BOX)
        canvas.text("Flowers and seasons", (bx0 + 16, by0 + 8), theme.BODY, theme.TEXT, True)
        self.draw_result(canvas)

    def draw_result(self, canvas) -> None:
        x, y, w, h = RESULT
        canvas.panel(RESULT)
        canvas.text("Score", (x + 16, y + 10), theme.SUBHEADING, theme.TEXT, True)
        if "error" in self.result:
            canvas.paragraph(self.result["error"], (x + 16, y + 56, w - 32, 300), theme.BODY, theme.BAD)
            return
        canvas.paragraph(self.result.get("summary", ""), (x + 16, y + 52, w - 32, 60), theme.SMALL, theme.TEXT)
        yy = y + 112
        player = self.result["players"][0] if self.result.get("players") else {"lines": []}
        for line in player["lines"]:
            last = line["name"] == "Hand score"
            if last:
                canvas.line(theme.PANEL_EDGE, (x + 16, yy), (x + w - 16, yy), 2)
                yy += 6
            canvas.text(line["name"], (x + 16, yy), theme.SMALL if not last else theme.BODY, theme.TEXT, last,
                        max_width=w - 100)
            canvas.text(quarters(Fraction(line["value"])), (x + w - 16, yy), theme.SMALL if not last else theme.BODY,
                        theme.TEXT, True, "topright")
            yy += 22 if not last else 30
            if line["why"] and not last:
                canvas.text(line["why"], (x + 28, yy - 2), 13, theme.TEXT_DIM, max_width=w - 44)
                yy += 18
        for t in self.result.get("payments", []):
            who = dict(WINDS)[t["payer"]]
            canvas.text(f"{who} pays {t['points']}", (x + 16, yy + 4), theme.SMALL, theme.TEXT_DIM)
            yy += 22

    # ------------------------------------------------------------------ for tests
    @property
    def total(self) -> Any:
        players = self.result.get("players") or []
        return players[0]["hand_score"] if players else None


CALCULATOR_SCENE = KardsCalculator
SCENE = KardsCalculator
