"""Mint Tin Mahjong scoring calculator: for players of the physical game.

Click cards in the palette to add them to the concealed hand or to the chosen exposure, set
the context (jokers you discarded this round, whether the winning card was drawn or called,
the table's number-set reading) and read the verdict with its itemised score. With 13 cards
the screen lists the cards that would complete the hand instead.

The answer comes from the engine's own calculator (`game.rules.minttin.calculator`, the
`python -m game score minttin` tool): this screen builds the same input, runs its parse and
evaluate, and shows what they say, so the two can't disagree.

Keyboard: arrows move between cards and controls, Enter adds / takes out / selects, Tab
jumps, Esc leaves.
"""

from __future__ import annotations

from typing import Any, Callable

from game.app import theme
from game.app.scenes.screen import Screen
from game.app.widgets import Button, Choice
from game.app.calculators.parts import DropZone, PieceButton
from game.rules.minttin import cards as C
from game.rules.minttin.calculator import InputError, evaluate, parse

PALETTE = (40, 140, 1010, 158)
HAND_BOX = (40, 314, 1010, 140)
EXP_BOX = (40, 470, 1010, 170)
CONTEXT = (40, 656, 1010, 150)
RESULT = (1070, 140, 500, 666)
MAX_EXPOSURES = 5
HAND_SIZE = 14
BLOCK_NAMES = {2: "pair", 3: "pung", 4: "kong", 5: "quint"}


def compute(hand: list[str], exposures: list[list[str]], discarded_jokers: int, called: bool,
            consecutive: str) -> dict:
    """The engine calculator's answer for this input, or {"error": message}."""
    data = {"hand": list(hand), "exposures": [list(e) for e in exposures if e],
            "discarded_jokers": discarded_jokers, "called": called, "consecutive": consecutive}
    try:
        return evaluate(parse(data))
    except InputError as e:
        return {"error": str(e)}


def concealed_bonus(exposures: list[list[str]], called: bool) -> bool:
    """The engine's rule (MTM-10): no exposures, or only the called winning card's block."""
    n = len([e for e in exposures if e])
    return n - (1 if called and n else 0) == 0


class CardButton(PieceButton):
    """A card picture that can be clicked or focused (palette, hand and exposure cards)."""

    def __init__(self, rect, code: str, on_click: Callable[[], None], enabled: bool = True,
                 count: int | None = None, label: str = ""):
        super().__init__(rect, code, on_click, enabled, label, count=count)

    def draw(self, canvas, ring: bool = False) -> None:
        r = self.box
        tr = r.move(0, -4 if (self.hover and self.enabled) else 0)
        canvas.piece(f"mint/{self.code}", tr, alpha=255 if self.enabled else 80)
        if self.count is not None:
            canvas.text(f"{self.count} left", (tr.centerx, tr.bottom + 4), theme.SMALL - 3,
                        theme.TEXT_DIM if self.enabled else theme.TEXT_FAINT, False, "midtop")
        if ring:
            canvas.outline(theme.FOCUS_RING, tr.inflate(8, 8), 3, 8)


class MintCalculator(Screen):
    title = "Mint Tin Mahjong: score a hand"
    subtitle = "For a game played with real cards: enter the concealed cards and the exposed blocks."

    def __init__(self, app: Any, game_id: str | None = None):
        super().__init__(app)
        self.hand: list[str] = []
        self.exposures: list[list[str]] = []
        self.target: str | int = "hand"          # "hand" or an exposure index
        self.discarded_jokers = 0
        self.called = False
        self.consecutive = "strict"
        self.result: dict = {}
        self.recompute()

    # ------------------------------------------------------------------ model
    def count(self) -> int:
        return len(self.hand) + sum(len(e) for e in self.exposures)

    def used(self, code: str) -> int:
        return self.hand.count(code) + sum(e.count(code) for e in self.exposures)

    def limit(self, code: str) -> int:
        return C.JOKERS_TOTAL if code == C.J else C.COPIES

    def recompute(self) -> None:
        n = self.count()
        if n not in (13, 14):
            self.result = {"cards": n}
            return
        self.result = compute(self.hand, self.exposures, self.discarded_jokers, self.called, self.consecutive)

    def changed(self) -> None:
        self.recompute()
        self.rebuild()

    def add(self, code: str) -> None:
        if self.used(code) >= self.limit(code):
            what = "jokers" if code == C.J else f"{C.name(code)} cards"
            self.toasts.show(f"All {self.limit(code)} {what} are already used.", 3, theme.BAD)
            return
        if self.count() >= HAND_SIZE:
            self.toasts.show("A hand has 14 cards: take one out first.", 3, theme.BAD)
            return
        if self.target == "hand":
            self.hand.append(code)
            self.hand[:] = C.sort_cards(self.hand)
        else:
            e = self.exposures[self.target]
            if len(e) >= 5:
                self.toasts.show("A block holds at most five cards.", 3, theme.BAD)
                return
            e.append(code)
            e[:] = sorted(e, key=lambda c: (c == C.J, C.sort_key(c)))
        self.changed()

    def take_out(self, where: str | int, index: int) -> None:
        if where == "hand":
            del self.hand[index]
        else:
            del self.exposures[where][index]
        self.changed()

    def new_exposure(self) -> None:
        if self.exposures and not self.exposures[-1]:
            self.target = len(self.exposures) - 1
        elif len(self.exposures) >= MAX_EXPOSURES:
            self.toasts.show(f"At most {MAX_EXPOSURES} exposures.", 3, theme.BAD)
            return
        else:
            self.exposures.append([])
            self.target = len(self.exposures) - 1
        self.changed()

    def remove_exposure(self) -> None:
        if isinstance(self.target, int) and self.target < len(self.exposures):
            del self.exposures[self.target]
            self.target = "hand"
            self.changed()

    def choose(self, target: str | int) -> None:
        self.target = target
        self.rebuild()

    def clear(self) -> None:
        self.hand, self.exposures, self.target = [], [], "hand"
        self.changed()

    def set_context(self, **kw: Any) -> None:
        for k, v in kw.items():
            setattr(self, k, v)
        self.recompute()

    # ------------------------------------------------------------------ widgets
    def build(self) -> None:
        x0, y0, w, _h = PALETTE
        cw, ch = 56, 78
        for i, code in enumerate(C.KINDS):
            left = self.limit(code) - self.used(code)
            self.ui.add(CardButton((x0 + 26 + i * 74, y0 + 44, cw, ch), code, lambda c=code: self.add(c),
                                   enabled=left > 0 and self.count() < HAND_SIZE, count=left,
                                   label=f"add {code}"))
        # the concealed hand
        hx, hy, hw, hh = HAND_BOX
        self.ui.add(DropZone((hx + 8, hy + 34, hw - 16, hh - 42), lambda: self.choose("hand"), "hand",
                               self.target == "hand"))
        for j, code in enumerate(self.hand):
            self.ui.add(CardButton((hx + 22 + j * 60, hy + 44, 50, 70), code,
                                   lambda j=j: self.take_out("hand", j), label=f"hand {j} {code}"))
        # exposures
        ex, ey, ew, eh = EXP_BOX
        x = ex + 18
        for i, e in enumerate(self.exposures):
            bw = max(1, len(e)) * 42 + 22
            self.ui.add(DropZone((x, ey + 40, bw, 94), lambda i=i: self.choose(i), f"exposure {i}",
                                   self.target == i))
            for j, code in enumerate(e):
                self.ui.add(CardButton((x + 11 + j * 42, ey + 52, 40, 56), code,
                                       lambda i=i, j=j: self.take_out(i, j), label=f"exp {i} {j} {code}"))
            x += bw + 12
        if len(self.exposures) < MAX_EXPOSURES:
            self.ui.add(Button((min(x, ex + ew - 230), ey + 58, 210, 56), "New exposure", self.new_exposure,
                               size=theme.SMALL))
        if isinstance(self.target, int):
            self.ui.add(Button((ex + ew - 200, ey + 6, 180, 30), "Remove it", self.remove_exposure,
                               size=theme.SMALL))
        # context
        cx, cy, cwid, _ch = CONTEXT
        self.ui.add(Choice((cx + 12, cy + 40, 480, 44), "Jokers you discarded",
                           [(n, str(n)) for n in range(5)], self.discarded_jokers,
                           lambda v: self.set_context(discarded_jokers=v), control_width=150))
        self.ui.add(Choice((cx + 512, cy + 40, 486, 44), "Winning card",
                           [(False, "drawn"), (True, "called")], self.called,
                           lambda v: self.changed_context(called=v), control_width=170))
        self.ui.add(Choice((cx + 12, cy + 92, 480, 44), "Number sets",
                           [("strict", "one run"), ("loose", "loose")], self.consecutive,
                           lambda v: self.set_context(consecutive=v), control_width=190))
        self.back_button()
        self.ui.add(Button((240, 822, 180, 54), "Clear", self.clear))

    def changed_context(self, **kw: Any) -> None:
        self.set_context(**kw)
        self.rebuild()

    # ------------------------------------------------------------------ drawing
    def draw_content(self, canvas) -> None:
        canvas.panel(PALETTE)
        where = "the concealed hand" if self.target == "hand" else f"exposure {self.target + 1}"
        canvas.text(f"Click a card (or arrows, Enter) to add it to {where}", (PALETTE[0] + 16, PALETTE[1] + 10), theme.BODY,
                    theme.TEXT)
        canvas.panel(HAND_BOX)
        canvas.text(f"Concealed cards ({len(self.hand)})  ·  click one (or arrows, Enter) to take it out",
                    (HAND_BOX[0] + 16, HAND_BOX[1] + 8), theme.BODY, theme.TEXT)
        canvas.text(f"{self.count()} of 14", (HAND_BOX[0] + HAND_BOX[2] - 16, HAND_BOX[1] + 8), theme.BODY,
                    theme.GOOD if self.count() in (13, 14) else theme.TEXT_DIM, True, "topright")
        canvas.panel(EXP_BOX)
        canvas.text("Exposures (fixed blocks; a called winning card's block goes last)",
                    (EXP_BOX[0] + 16, EXP_BOX[1] + 8), theme.BODY, theme.TEXT, max_width=EXP_BOX[2] - 240)
        canvas.panel(CONTEXT)
        canvas.text("This round", (CONTEXT[0] + 16, CONTEXT[1] + 8), theme.BODY, theme.TEXT)
        bonus = concealed_bonus(self.exposures, self.called)
        if self.count() == 14:
            self.draw_concealed(canvas, bonus)
        self.draw_result(canvas)

    def draw_concealed(self, canvas, bonus: bool) -> None:
        canvas.text(f"Concealed bonus: {'yes' if bonus else 'no'}", (CONTEXT[0] + 524, CONTEXT[1] + 94), theme.BODY,
                    theme.GOOD if bonus else theme.TEXT_DIM, True)
        canvas.text("no exposure before the winning card" if bonus else "a block was exposed before the winning card",
                    (CONTEXT[0] + 524, CONTEXT[1] + 122), theme.SMALL, theme.TEXT_DIM, max_width=470)

    def draw_result(self, canvas) -> None:
        x, y, w, h = RESULT
        canvas.panel(RESULT)
        r = self.result
        cx, cy = x + 20, y + 16
        inner = w - 40
        if "error" in r:
            canvas.text("Can't score this", (cx, cy), theme.SUBHEADING, theme.BAD, True)
            canvas.paragraph(r["error"], (cx, cy + 44, inner, 300), theme.BODY, theme.TEXT)
            return
        n = r.get("cards", 0)
        if n not in (13, 14):
            canvas.text("Enter a hand", (cx, cy), theme.SUBHEADING, theme.TEXT, True)
            more = 14 - n
            msg = (f"Add {more} more card{'s' if more != 1 else ''}: 14 to score the hand, 13 to see which cards "
                   "would complete it.") if n < 13 else "Take out cards: a hand has 14."
            canvas.paragraph(msg, (cx, cy + 44, inner, 200), theme.BODY, theme.TEXT)
            return
        if n == 13:
            waits = r.get("waits", [])
            canvas.text("Waiting for" if waits else "Not one card away", (cx, cy), theme.SUBHEADING,
                        theme.GOOD if waits else theme.TEXT_DIM, True)
            cy += 48
            for wt in waits[:8]:
                canvas.piece(f"mint/{wt['card']}", (cx, cy, 34, 48))
                pts = wt["points"]
                canvas.text(f"{pts} point{'s' if pts != 1 else ''}" + ("" if wt["can_mahjong"] else
                                                                          " (Double only)"),
                            (cx + 46, cy + 2), theme.BODY, theme.GOOD if wt["can_mahjong"] else theme.TEXT_DIM, True)
                canvas.text(wt["summary"], (cx + 46, cy + 27), theme.SMALL - 2, theme.TEXT_DIM, max_width=inner - 50)
                cy += 58
            if not waits:
                canvas.paragraph(r.get("summary", ""), (cx, cy, inner, 200), theme.BODY, theme.TEXT)
            return
        valid, winning = r.get("valid"), r.get("winning")
        if winning:
            title, colour = f"Mahjong: {r['points']} point{'s' if r['points'] != 1 else ''}", theme.GOOD
        elif valid:
            title, colour = "Valid, but 0 points", theme.TEXT
        else:
            title, colour = "Not a winning hand", theme.BAD
        canvas.text(title, (cx, cy), theme.SUBHEADING, colour, True)
        cy += 44
        text = r.get("summary", "") if valid else r.get("reason", "")
        cy += canvas.paragraph(text, (cx, cy, inner, 120), theme.BODY, theme.TEXT) + 8
        if valid and not winning:
            cy += canvas.paragraph("Mahjong needs at least 1 point; a Double may still be called.",
                                   (cx, cy, inner, 80), theme.SMALL, theme.TEXT_DIM) + 8
        blocks = r.get("blocks", [])
        if blocks:
            bx = cx
            for b in blocks:
                cards = b["cards"]
                bw = len(cards) * 22 + 8
                if bx + bw > x + w - 16:
                    bx = cx
                    cy += 52
                for i, c in enumerate(cards):
                    canvas.piece(f"mint/{c}", (bx + i * 22, cy, 28, 39))
                canvas.text(b["type"] + (" (exp.)" if b.get("exposed") else ""), (bx, cy + 40), 12,
                            theme.TEXT_FAINT)
                bx += bw + 14
            cy += 64
        lines = r.get("lines", [])
        if lines:
            canvas.line(theme.PANEL_EDGE, (cx, cy), (x + w - 20, cy), 1)
            cy += 8
            for ln in lines:
                canvas.text(ln["name"], (cx, cy), theme.BODY, theme.TEXT, True)
                canvas.text(f"+{ln['points']}", (x + w - 20, cy), theme.BODY, theme.GOOD, True, "topright")
                cy += 26
                cy += canvas.paragraph(ln["why"], (cx + 10, cy, inner - 60, 60), theme.SMALL - 2, theme.TEXT_DIM) + 4
                if cy > y + h - 60:
                    break
            canvas.line(theme.PANEL_EDGE, (cx, cy), (x + w - 20, cy), 1)
            canvas.text("Total", (cx, cy + 8), theme.BODY, theme.TEXT, True)
            canvas.text(str(r.get("points", 0)), (x + w - 20, cy + 8), theme.BODY, theme.TEXT, True, "topright")


CALCULATOR_SCENE = MintCalculator
