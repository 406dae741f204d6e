"""Mahjong Rummy scoring calculator: for players of the physical game.

Click tiles in the palette to add them to the selected set (or to the hand), pick the seat and
round winds, and read each set's validity and the itemised score. The score comes from the
engine's own calculator (`game.rules.rummy.calculator`, the `python -m game score rummy` tool):
this screen builds the same JSON input, runs it and shows its answer, so the two can't disagree.

Keyboard: arrows move between tiles and controls, Enter adds / selects, Tab jumps, Esc leaves.
A tile in a set or the hand is selected by clicking it: the bar under the sets then offers
Remove and, for a dragon, the values it may take in that set.
"""

from __future__ import annotations

from typing import Any, Callable

from game.app import theme
from game.app.scenes.screen import Screen
from game.app.widgets import Button, Choice
from game.app.calculators.parts import DropZone, PieceButton
from game.core.pieces import DRAGONS, NUMBERED_TILES, WINDS, tile_name
from game.rules.rummy import value_options
from game.rules.rummy.calculator import BadInput, answer as engine_answer

PALETTE_ROWS = (NUMBERED_TILES[0:9], NUMBERED_TILES[9:18], NUMBERED_TILES[18:27], WINDS + DRAGONS)
WIND_CHOICES = ((None, "none"), ("North", "North"), ("East", "East"), ("South", "South"), ("West", "West"))
MAX_SETS = 9
MAX_HAND = 24
PALETTE = (36, 150, 560, 350)
SETS = (616, 150, 520, 560)
HAND_BOX = (616, 724, 520, 130)
RESULT = (1152, 150, 412, 704)


def compute(sets: list[list[tuple[str, str | None]]], hand: list[str], seat_wind: str | None,
            round_wind: str | None) -> dict:
    """Ask the engine's calculator: {"sets": [...], "lines": [...], "total": n} or {"error": message}."""
    data = {
        "in_play": [[c + (f"={v}" if v else "") for c, v in s] for s in sets if s],
        "in_hand": list(hand),
        "seat_wind": seat_wind,
        "round_wind": round_wind,
    }
    try:
        return engine_answer(data)[1]
    except BadInput as e:
        return {"error": str(e)}


def dragon_values(tiles: list[tuple[str, str | None]], index: int) -> list[str]:
    """Values the dragon at `index` may take in this set, the other dragons' declared values kept."""
    ids, seen = [], {}
    for code, _ in tiles:
        seen[code] = seen.get(code, 0) + 1
        ids.append(f"{code}#{min(4, seen[code])}")
    fixed = {ids[i]: v for i, (c, v) in enumerate(tiles) if v and i != index and c in DRAGONS}
    opts = value_options(ids, fixed, limit=64)
    return sorted({o[ids[index]] for o in opts if ids[index] in o}, key=lambda v: (v[0] == "W", v))


class TileButton(PieceButton):
    """A tile picture that can be clicked or focused (palette, set and hand tiles)."""

    def __init__(self, rect, code: str, on_click: Callable[[], None], enabled: bool = True, label: str = "",
                 badge: str | None = None, selected: bool = False, count: int | None = None):
        super().__init__(rect, code, on_click, enabled, label, badge=badge, selected=selected, count=count)

    def draw(self, canvas, ring: bool = False) -> None:
        r = self.box
        lift = -3 if (self.hover and self.enabled) else 0
        tr = r.move(0, lift)
        if self.selected:
            canvas.fill(theme.SELECTED, tr.inflate(8, 8), 8)
        canvas.piece(f"tile/{self.code}", tr, alpha=255 if self.enabled else 90)
        if self.badge:
            bw, bh = r.width * 0.5, r.height * 0.5
            bx, by = tr.right - bw * 0.7, tr.bottom - bh * 0.75
            canvas.fill((8, 20, 14, 220), (bx - 2, by - 2, bw + 4, bh + 4), 4)
            canvas.piece(f"tile/{self.badge}", (bx, by, bw, bh))
        if self.count is not None:
            canvas.text(str(self.count), (tr.right - 3, tr.top + 1), 13, theme.TEXT_DARK if self.enabled else
                        theme.TEXT_FAINT, True, "topright")
        if ring:
            canvas.outline(theme.FOCUS_RING, tr.inflate(8, 8), 3, 8)


class RummyCalculator(Screen):
    title = "Mahjong Rummy: score a hand"
    subtitle = "For a game played with real tiles: enter one player's sets in play and the tiles left in hand."

    def __init__(self, app: Any, game_id: str | None = None):
        super().__init__(app)
        self.sets: list[list[tuple[str, str | None]]] = [[]]
        self.hand: list[str] = []
        self.target: tuple = ("set", 0)
        self.picked: tuple | None = None          # ("set", i, j) or ("hand", j)
        self.seat_wind: str | None = "North"
        self.round_wind: str | None = "North"
        self.result: dict = {}
        self.recompute()

    # ------------------------------------------------------------------ model
    def used(self, code: str) -> int:
        return sum(1 for s in self.sets for c, _ in s if c == code) + self.hand.count(code)

    def recompute(self) -> None:
        self.result = compute(self.sets, self.hand, self.seat_wind, self.round_wind)

    def changed(self) -> None:
        self.recompute()
        self.rebuild()

    def add(self, code: str) -> None:
        if self.used(code) >= 4:
            self.toasts.show(f"All four {tile_name(code)} tiles are already used.", 3, theme.BAD)
            return
        if self.target[0] == "hand":
            if len(self.hand) >= MAX_HAND:
                self.toasts.show("That is more tiles than a hand can hold here.", 3, theme.BAD)
                return
            self.hand.append(code)
        else:
            i = self.target[1]
            if len(self.sets[i]) >= 9:
                self.toasts.show("A set has at most 9 tiles (a run 1 to 9).", 3, theme.BAD)
                return
            value = None
            self.sets[i].append((code, value))
            self._auto_values(i)
        self.picked = None
        self.changed()

    def _auto_values(self, i: int) -> None:
        """A dragon whose set leaves it one possible value gets it; a value that no longer fits goes."""
        s = self.sets[i]
        for j, (c, v) in enumerate(s):
            if c not in DRAGONS:
                continue
            opts = dragon_values(s, j)
            if v and v not in opts:
                s[j] = (c, None)
            elif not v and len(opts) == 1:
                s[j] = (c, opts[0])

    def new_set(self) -> None:
        if len(self.sets) >= MAX_SETS:
            self.toasts.show(f"At most {MAX_SETS} sets here.", 3, theme.BAD)
            return
        if self.sets and not self.sets[-1]:
            self.target = ("set", len(self.sets) - 1)
        else:
            self.sets.append([])
            self.target = ("set", len(self.sets) - 1)
        self.picked = None
        self.changed()

    def remove_picked(self) -> None:
        p = self.picked
        if p is None:
            return
        if p[0] == "hand":
            del self.hand[p[1]]
        else:
            del self.sets[p[1]][p[2]]
            self._auto_values(p[1])
        self.picked = None
        self.changed()

    def set_value(self, value: str | None) -> None:
        p = self.picked
        if p is None or p[0] != "set":
            return
        i, j = p[1], p[2]
        c, _ = self.sets[i][j]
        self.sets[i][j] = (c, value)
        self.changed()

    def clear(self) -> None:
        self.sets = [[]]
        self.hand = []
        self.target = ("set", 0)
        self.picked = None
        self.changed()

    def select_target(self, target: tuple) -> None:
        self.target = target
        self.picked = None
        self.rebuild()

    def pick(self, what: tuple) -> None:
        self.picked = None if self.picked == what else what
        self.target = ("hand",) if what[0] == "hand" else ("set", what[1])
        self.rebuild()

    def set_winds(self, seat: str | None = "keep", rnd: str | None = "keep") -> None:
        if seat != "keep":
            self.seat_wind = seat
        if rnd != "keep":
            self.round_wind = rnd
        self.recompute()

    # ------------------------------------------------------------------ widgets
    def build(self) -> None:
        ui = self.ui
        x0, y0, w, h = PALETTE
        tw, th = 52, 69
        for r, row in enumerate(PALETTE_ROWS):
            for c, code in enumerate(row):
                rect = (x0 + 16 + c * (tw + 8), y0 + 44 + r * (th + 10), tw, th)
                left = 4 - self.used(code)
                ui.add(TileButton(rect, code, lambda code=code: self.add(code), enabled=left > 0,
                                  label=f"add {code}", count=left))
        ui.add(Choice((x0, y0 + h + 14, w, 50), "Seat wind", WIND_CHOICES, self.seat_wind,
                      lambda v: self.set_winds(seat=v), control_width=240))
        ui.add(Choice((x0, y0 + h + 70, w, 50), "Round wind", WIND_CHOICES, self.round_wind,
                      lambda v: self.set_winds(rnd=v), control_width=240))
        ui.add(Button((x0, y0 + h + 140, 180, 50), "New set", self.new_set, size=theme.BODY))
        ui.add(Button((x0 + 190, y0 + h + 140, 180, 50), "Hand", lambda: self.select_target(("hand",)),
                      size=theme.BODY))
        ui.add(Button((x0 + 380, y0 + h + 140, 180, 50), "Clear all", self.clear, size=theme.BODY))
        # sets
        sx, sy, sw, sh = SETS
        row_h = (sh - 60) / MAX_SETS
        stw = min(40.0, (row_h - 8) * 0.75)
        sth = stw * 4 / 3
        for i, s in enumerate(self.sets):
            ry = sy + 40 + i * row_h
            ui.add(DropZone((sx + 8, ry, sw - 16, row_h - 4), lambda i=i: self.select_target(("set", i)),
                             f"set {i + 1}", shade=False))
            for j, (code, value) in enumerate(s):
                rect = (sx + 60 + j * (stw + 3), ry + (row_h - 4 - sth) / 2, stw, sth)
                ui.add(TileButton(rect, code, lambda i=i, j=j: self.pick(("set", i, j)), badge=value,
                                  selected=self.picked == ("set", i, j), label=f"set {i} tile {j}"))
        # hand
        hx, hy, hw, hh = HAND_BOX
        ui.add(DropZone((hx + 8, hy + 36, hw - 16, hh - 44), lambda: self.select_target(("hand",)), "hand", shade=False))
        n = max(1, len(self.hand))
        htw = min(40.0, (hw - 30) / n - 3)
        for j, code in enumerate(self.hand):
            rect = (hx + 14 + j * (htw + 3), hy + 42, htw, htw * 4 / 3)
            ui.add(TileButton(rect, code, lambda j=j: self.pick(("hand", j)), selected=self.picked == ("hand", j),
                              label=f"hand tile {j}"))
        # what to do with a picked tile
        if self.picked is not None:
            bx, by = sx + 12, sy + sh + 4
            ui.add(Button((bx, by - 46, 130, 38), "Remove", self.remove_picked, size=theme.SMALL))
            if self.picked[0] == "set":
                i, j = self.picked[1], self.picked[2]
                code, value = self.sets[i][j]
                if code in DRAGONS:
                    opts = dragon_values(self.sets[i], j)
                    for k, v in enumerate(opts[:8]):
                        ui.add(TileButton((bx + 150 + k * 40, by - 50, 34, 45), v,
                                          lambda v=v: self.set_value(v), selected=v == value, label=f"value {v}"))
        self.back_button("Back", (36, 822, 180, 54))

    # ------------------------------------------------------------------ drawing
    def draw_content(self, canvas) -> None:
        x0, y0, w, h = PALETTE
        canvas.panel(PALETTE)
        where = "the hand" if self.target[0] == "hand" else f"set {self.target[1] + 1}"
        canvas.text(f"Click a tile to add it to {where}", (x0 + 16, y0 + 12), theme.BODY, theme.TEXT, True)
        sx, sy, sw, sh = SETS
        canvas.panel(SETS)
        canvas.text("Sets in play (this player owns them)", (sx + 16, sy + 10), theme.BODY, theme.TEXT, True)
        row_h = (sh - 60) / MAX_SETS
        info = self.result.get("sets", [])
        k = 0
        for i, s in enumerate(self.sets):
            ry = sy + 40 + i * row_h
            r = (sx + 8, ry, sw - 16, row_h - 4)
            active = self.target == ("set", i)
            canvas.fill((255, 255, 255, 26 if active else 10), r, 8)
            if active:
                canvas.outline(theme.SELECTED, r, 2, 8)
            canvas.text(f"{i + 1}", (sx + 34, ry + (row_h - 4) / 2), theme.BODY, theme.TEXT_DIM, True, "center")
            if s:
                chk = info[k] if k < len(info) else None
                k += 1
                if chk is not None:
                    ok = chk.get("valid")
                    label = _kind_label(chk.get("kind", "")) if ok else "not a set"
                    tx = sx + 60 + len(s) * 43 + 10
                    canvas.text(label, (tx, ry + 6), 15, theme.GOOD if ok else theme.BAD, True,
                                max_width=sx + sw - 16 - tx)
                    why = chk.get("reason", "")
                    if why:
                        canvas.paragraph(why, (tx, ry + 24, sx + sw - 20 - tx, 40), 13,
                                         theme.TEXT_DIM if ok else theme.BAD)
            else:
                canvas.text("empty: click tiles in the palette" if active else "empty",
                            (sx + 60, ry + (row_h - 4) / 2), theme.SMALL, theme.TEXT_FAINT, False, "midleft")
        if self.picked is not None:
            if self.picked[0] == "set":
                code, value = self.sets[self.picked[1]][self.picked[2]]
                if code in DRAGONS:
                    canvas.text("stands for:", (sx + 150, sy + sh - 60), 13, theme.TEXT_DIM)
        hx, hy, hw, hh = HAND_BOX
        canvas.panel(HAND_BOX)
        active = self.target == ("hand",)
        if active:
            canvas.outline(theme.SELECTED, HAND_BOX, 2, theme.RADIUS)
        canvas.text(f"Tiles left in hand ({len(self.hand)})", (hx + 16, hy + 8), theme.BODY, theme.TEXT, True)
        if not self.hand:
            canvas.text("none: click Hand, then tiles", (hx + 16, hy + 60), theme.SMALL, theme.TEXT_FAINT)
        self.draw_result(canvas)

    def draw_result(self, canvas) -> None:
        x, y, w, h = RESULT
        canvas.panel(RESULT)
        canvas.text("Score", (x + 16, y + 10), theme.SUBHEADING, theme.TEXT, True)
        if "error" in self.result:
            canvas.paragraph(self.result["error"], (x + 16, y + 56, w - 32, 200), theme.BODY, theme.BAD)
            return
        yy = y + 54
        for line in self.result.get("lines", []):
            last = line.get("name") == "Round score"
            if last:
                canvas.line(theme.PANEL_EDGE, (x + 16, yy), (x + w - 16, yy), 2)
                yy += 8
            canvas.text(str(line.get("name", "")), (x + 16, yy), theme.BODY if not last else theme.SUBHEADING,
                        theme.TEXT, last, max_width=w - 110)
            canvas.text(_signed(line.get("value", 0)), (x + w - 16, yy), theme.BODY if not last else theme.SUBHEADING,
                        theme.TEXT, True, "topright")
            yy += 28 if not last else 36
            why = line.get("why", "")
            if why and not last:
                canvas.text(why, (x + 30, yy - 4), 15, theme.TEXT_DIM, max_width=w - 46)
                yy += 22
        if not self.result.get("all_valid", True):
            canvas.paragraph("Some sets are not valid; they are still counted as in play here.",
                             (x + 16, yy + 8, w - 32, 80), theme.SMALL, theme.BAD)
        canvas.paragraph("Numbered +1 / −1, winds +5 / −5 (×2 seat wind, ×2 round wind), dragons 0 in play and −10 in "
                         "hand.", (x + 16, y + h - 70, w - 32, 70), 15, theme.TEXT_FAINT)

    # ------------------------------------------------------------------ for tests
    @property
    def total(self) -> int | None:
        return self.result.get("total")


def _kind_label(kind: str) -> str:
    return {"run": "run", "group": "identical tiles", "winds-same": "matching winds",
            "winds-mixed": "different winds"}.get(kind, kind or "set")


def _signed(v: Any) -> str:
    try:
        n = int(v)
    except (TypeError, ValueError):
        return str(v)
    return f"+{n}" if n > 0 else str(n)


CALCULATOR_SCENE = RummyCalculator
SCENE = RummyCalculator
