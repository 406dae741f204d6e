"""Results: the itemised score lines of a round or game, grouped by seat, with totals and payments.

Works for any game from a protocol.Result or a `round_end` event's data
({"lines": [...], "totals": [...], "summary": str, "unit": str, "transfers": [...]}). Payments
are shown apart from the scoring lines, only from the typed transfers (protocol.Transfer:
payer, payee, amount, why); a score line is never taken for a payment because of its name.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any, Callable, Sequence

from game.app import theme
from game.app.atlas import piece_frame
from game.app.scenes.goal_panel import challenge_line
from game.app.scenes.screen import Screen
from game.app.widgets import Button, Scroller
from game.core.protocol import Transfer
from game.core.words import plain_form, says, whom

PANEL = (180, 250, 1240, 550)
NAME_W = 340             # a score line's name column; longer names wrap
HAND_TOP = 252.0         # the winner's hand (data["win_hand"]), between the boxes and the lines
HAND_H = 100.0           # its pieces, the labels under its groups and the winning piece's word


def _jsonish(data: Any) -> dict:
    if hasattr(data, "to_json"):
        return data.to_json()
    return dict(data or {})


def as_number(v: Any) -> float | None:
    """A total as a number (totals may be ints, floats or exact fraction strings); None if it isn't one."""
    try:
        return float(Fraction(v)) if isinstance(v, (str, Fraction)) else float(v)
    except (TypeError, ValueError, ZeroDivisionError):
        return None


def fmt_value(v: Any) -> str:
    """Numbers as players write them: 2.5 not 2.50000, fractions as exact quarters (3¼)."""
    if isinstance(v, str):
        try:
            v = Fraction(v)
        except (ValueError, ZeroDivisionError):
            return v
    if isinstance(v, Fraction):
        if v.denominator == 1:
            return str(v.numerator)
        whole, rest = divmod(abs(v), 1)
        sign = "-" if v < 0 else ""
        glyph = {Fraction(1, 4): "¼", Fraction(1, 2): "½", Fraction(3, 4): "¾"}.get(rest)
        return f"{sign}{int(whole) if whole else ''}{glyph}" if glyph else f"{float(v):g}"
    if isinstance(v, float):
        return f"{v:g}"
    return str(v)



def signed(v: Any) -> str:
    """A score change as players write it: +18, -4, 0."""
    n = as_number(v)
    text = fmt_value(v).lstrip("-")
    return text if not n else f"+{text}" if n > 0 else f"-{text}"


# the verbs the games' result sentences put after a player (a word after "You" is changed only if
# it is one of these: "You (West) went" must stay as it is)
_VERBS = frozenset(("wins", "pays", "finishes", "goes", "has", "is", "declares", "receives", "gets", "takes",
                    "scores", "loses", "throws", "draws"))


def with_names(text: str, engine_names: Sequence[str], names: Sequence[str]) -> str:
    """The engine's sentences name seats by its own defaults ("Player 4 wins on Player 1's discard");
    the table's players have their own names. Swap them all at once ("Cy wins on your discard")."""
    swap = {e: n for e, n in zip(engine_names, names) if e and n and e != n}
    if "You" in names:          # rules that write the table's own names say "You wins": the verb still needs "win"
        swap.setdefault("You", "You")
    if not swap or not text:
        return text
    alternatives = "|".join(re.escape(e) for e in sorted(swap, key=len, reverse=True))
    # "North Wind in hand" names a tile, not the seat called North: a wind is never swapped
    # a seat may be followed by its wind in brackets ("Player 1 (West)'s discard")
    pattern = re.compile(rf"(?<![\w])({alternatives})(?!\d)(?! [Ww]inds?\b)( \([A-Z][a-z]+\))?('s)?( (\w+))?")

    def put(m: re.Match) -> str:
        name, wind, owns = swap[m.group(1)], m.group(2) or "", m.group(3)
        rest = m.group(4) or ""
        if name != "You":
            return name + wind + (owns or "") + rest
        starts = m.start() == 0 or text[:m.start()].rstrip().endswith((".", ":", "!", "?"))
        if owns:                    # "on your discard": the viewer knows their own wind
            return ("Your" if starts else "your") + rest
        verb = m.group(5)
        if verb in _VERBS:
            rest = " " + plain_form(verb)
        return ("You" if starts else "you") + wind + rest

    return pattern.sub(put, text)


def split_lines(data: dict) -> tuple[list[dict], list[Transfer]]:
    """The scoring lines and the payments (from data["transfers"]; a malformed one is left out, and
    one with no payer is a seat's own score, already among the lines)."""
    scoring = [dict(l) for l in data.get("lines", [])]
    payments = []
    for t in data.get("transfers") or []:
        try:
            transfer = Transfer.from_json(t)
        except (ValueError, AttributeError):
            continue
        if transfer.payer is not None:
            payments.append(transfer)
    return scoring, payments


AUTOPLAY_READ_SECONDS = 6.0
INPUT_GRACE = 0.5          # seconds after the results open in which Enter is not yet theirs


class ResultsScene(Screen):
    def __init__(self, app, data: Any, seat_names: Sequence[str], final: bool | None = None,
                 on_close: Callable[[], None] | None = None, title: str | None = None,
                 next_label: str | None = None, engine_names: Sequence[str] = (),
                 again: Callable[[], None] | None = None,
                 challenge: tuple[str, bool | None] | None = None, round_word: str = "round",
                 note: str | None = None, again_first: bool = False, pieces: str | None = None):
        super().__init__(app)
        self.pieces = pieces             # the atlas family of the winner's hand ("tile", "kard"), if it is shown
        self.again_first = again_first   # a missed challenge: "Play again" is the gold one, and Enter's
        self.round_word = round_word     # what the game calls one deal: Martian and Cuzzins play hands
        self.note = note                 # said in place of "No score this time." when nothing was scored
        self.challenge = challenge       # (goal text, True met / False failed / None still on), in a challenge
        self.again = again               # "Play again": a new game with the same seats and rules
        self.names = list(seat_names)
        self.data = self._named(_jsonish(data), engine_names)
        self.final = bool(self.data.get("final", False)) if final is None else final
        self.on_close = on_close
        self.next_label = next_label
        self.title = title or ("Game over" if self.final else f"{round_word.capitalize()} over")
        self.unit = self.data.get("unit", "points")
        self.scoring, self.payments = split_lines(self.data)
        # the winner's hand, as the table last showed it only for a moment: the lines' panel moves down
        self.win_hand = self.data.get("win_hand") if pieces and isinstance(self.data.get("win_hand"), dict) else None
        top = HAND_TOP + HAND_H + 8 if self.win_hand else PANEL[1]
        self.panel = (PANEL[0], top, PANEL[2], PANEL[1] + PANEL[3] - top)
        self.scroller = Scroller((self.panel[0] + 4, self.panel[1] + 4, self.panel[2] - 8, self.panel[3] - 8))
        self._rows: list[tuple] = []
        self._laid_out_for = None
        self._shown_for = 0.0

    def _named(self, data: dict, engine_names: Sequence[str]) -> dict:
        """The data with the engine's default seat names in its sentences replaced by the players' names."""
        if not engine_names:
            return data
        name = lambda text: with_names(text, engine_names, self.names) if isinstance(text, str) else text
        data = dict(data)
        data["summary"] = name(data.get("summary", ""))
        data["lines"] = [{**l, "name": name(l.get("name")), "why": name(l.get("why"))} if isinstance(l, dict) else l
                         for l in data.get("lines") or []]
        data["transfers"] = [{**t, "why": name(t.get("why"))} if isinstance(t, dict) else t
                             for t in data.get("transfers") or []]
        return data

    def unit_for(self, shown: str) -> str:
        """'1 point', '2 points', '1 cent': a unit ending in s loses it after exactly one."""
        if shown in ("1", "-1") and self.unit.endswith("s"):
            return self.unit[:-1]
        return self.unit

    def name(self, seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.names):
            return self.names[seat]
        return f"Seat {seat}" if seat is not None else "Table"

    def build(self) -> None:
        label = self.next_label or ("Back to the menu" if self.final else f"Next {self.round_word}")
        again_first = self.again_first and self.final and self.again is not None
        self.ui.add(Button((1560 - 320, 822, 320, 60), label, self.done, primary=not again_first))
        self.ui.set_focus(self.ui.widgets[0])
        if self.final and self.again is not None:
            again = Button((1560 - 320 - 20 - 260, 822, 260, 60), "Play again", self.play_again,
                           primary=again_first)
            self.ui.add(again)
            if again_first:
                self.ui.set_focus(again)

    def play_again(self) -> None:
        self.close()
        self.stack.after(self.again)

    def done(self) -> None:
        self.close()
        if self.on_close is not None:
            self.stack.after(self.on_close)

    def back(self) -> None:
        self.done()

    def update(self, dt: float) -> None:
        super().update(dt)
        # with every seat played by the computer nobody is there to press Next round: the game
        # goes on by itself after a pause to read (the final result stays up)
        self._shown_for += dt
        if getattr(self.app, "autoplay", False) and not self.final and self._shown_for >= AUTOPLAY_READ_SECONDS:
            self._shown_for = float("-inf")
            self.done()

    def handle(self, intent) -> bool:
        if intent.kind in ("up", "down", "page_up", "page_down", "home", "end", "scroll"):
            return self.scroller.handle(intent)
        if intent.kind == "confirm" and 0 <= self._shown_for < INPUT_GRACE:
            return True          # an Enter meant for the table as the hand ended: not "Next round" unseen
        return super().handle(intent)

    # ------------------------------------------------------------------ layout
    def layout(self, canvas) -> None:
        if self._laid_out_for == canvas.scale:
            return
        self._laid_out_for = canvas.scale
        rows: list[tuple] = []
        y = self.panel[1] + 20.0
        seats = sorted({l.get("seat") for l in self.scoring}, key=lambda s: (s is None, s if isinstance(s, int) else 0))
        why_w = self.panel[2] - 620
        for seat in seats:
            rows.append(("seat", y, self.name(seat), self._total(seat)))
            y += 44
            for line in [l for l in self.scoring if l.get("seat") == seat]:
                why = canvas.wrap(str(line.get("why", "")), why_w, theme.SMALL) if line.get("why") else []
                name = canvas.wrap(str(line.get("name", "")), NAME_W, theme.BODY) or [""]   # long names wrap, never cut
                rows.append(("line", y, name, fmt_value(line.get("value")), why))
                y += max(34, 8 + len(why) * canvas.line_height(theme.SMALL), 8 + len(name) * canvas.line_height(theme.BODY))
            y += 14
        if self.payments:
            y += 10
            rows.append(("rule", y))
            rows.append(("heading", y + 14, "Payments"))
            y += 64
            for t in self.payments:
                why = canvas.wrap(t.why, why_w, theme.SMALL) if t.why else []
                rows.append(("line", y, [f"{says(self.name(t.payer), 'pays')} {whom(self.name(t.payee))}"], fmt_value(t.amount), why))
                y += max(34, 8 + len(why) * canvas.line_height(theme.SMALL))
        if not self.scoring and not self.payments:
            if self.note:
                for line in canvas.wrap(self.note, self.panel[2] - 60, theme.SUBHEADING, True):
                    rows.append(("heading", y, line))
                    y += canvas.line_height(theme.SUBHEADING, True) + 4
            else:
                rows.append(("heading", y, "No score this time."))
            y += 50
        self._rows = rows
        self.scroller.content_height = y - self.panel[1] + 20

    def _total(self, seat: Any) -> str:
        totals = self.data.get("totals") or []
        if isinstance(seat, int) and 0 <= seat < len(totals):
            return fmt_value(totals[seat])
        return ""

    # ------------------------------------------------------------------ drawing
    def draw_content(self, canvas) -> None:
        self.layout(canvas)
        summary = self.data.get("summary", "")
        if summary:
            canvas.text(summary, (800, 104), theme.SUBHEADING, theme.TEXT, False, "midtop", max_width=1400)
        self.draw_totals(canvas)
        if self.win_hand:
            self.draw_win_hand(canvas)
        canvas.panel(self.panel, (12, 32, 24, 235))
        off = self.scroller.offset
        x0, x1 = self.panel[0] + 30, self.panel[0] + self.panel[2] - 40
        with canvas.clip(self.scroller.viewport):
            for row in self._rows:
                y = row[1] - off
                if y > self.panel[1] + self.panel[3] or y < self.panel[1] - 400:
                    continue
                if row[0] == "seat":
                    canvas.text(row[2], (x0, y), theme.SUBHEADING, theme.TEXT, True)
                    if row[3]:
                        word = "total" if self.final else "running total"
                        canvas.text(f"{word} {row[3]} {self.unit_for(row[3])}", (x1, y + 4), theme.BODY, theme.TEXT_DIM,
                                    False, "topright")
                    canvas.line(theme.PANEL_EDGE, (x0, y + 38), (x1, y + 38), 1)
                elif row[0] == "line":
                    for n, words in enumerate(row[2]):
                        canvas.text(words, (x0 + 20, y + 4 + n * canvas.line_height(theme.BODY)), theme.BODY,
                                    theme.TEXT, False, max_width=NAME_W)
                    for n, w in enumerate(row[4]):
                        canvas.text(w, (x0 + 380, y + 7 + n * canvas.line_height(theme.SMALL)), theme.SMALL,
                                    theme.TEXT_DIM)
                    canvas.text(row[3], (x1, y + 4), theme.BODY, theme.TEXT, True, "topright")
                elif row[0] == "rule":
                    canvas.line(theme.PANEL_EDGE, (x0, y), (x1, y), 2)
                elif row[0] == "heading":
                    canvas.text(row[2], (x0, y), theme.SUBHEADING, theme.TEXT, True)
        self.scroller.draw_bar(canvas)
        self.draw_challenge_line(canvas)

    def draw_challenge_line(self, canvas) -> None:
        """Beside the buttons, where a challenge stands after this round (as Mint Tin's round results say)."""
        if self.challenge is None:
            return
        text, colour = challenge_line(*self.challenge)
        right = min(w.box.left for w in self.ui.widgets) - 20 if self.ui.widgets else 1560
        r = (40, 822, right - 40, 60)
        canvas.fill((8, 26, 18, 215), r, 10)
        canvas.outline(colour, r, 2, 10)
        if len(canvas.wrap(text, r[2] - 32, theme.BODY, True)) == 1:
            canvas.text(text, (r[0] + 16, r[1] + r[3] / 2), theme.BODY, colour, True, "midleft")
        else:           # a long goal: two lines of the small size
            canvas.paragraph(text, (r[0] + 16, r[1] + 6, r[2] - 32, r[3] - 8), theme.SMALL, colour, True)

    def draw_win_hand(self, canvas) -> None:
        """The winner's pieces group by group (concealed sets, the pair or back, the melds), then the
        bonus pieces, each group labelled under it; the winning piece ringed and named."""
        hand = self.win_hand
        blocks = [(g.get("pieces") or [], str(g.get("label") or "")) for g in hand.get("groups") or []]
        if hand.get("bonus"):
            blocks.append((list(hand["bonus"]), str(hand.get("bonus_label") or "")))
        blocks = [b for b in blocks if b[0]]
        if not blocks:
            return
        aspect = 1.4 if self.pieces == "kard" else 64 / 48
        n, gaps = sum(len(p) for p, _ in blocks), len(blocks) - 1
        h = 62.0
        w = h / aspect
        step, gap = w + 2, 14.0
        width = n * step + gaps * gap
        if width > PANEL[2]:                      # a long hand (Cuzzins' flowers): smaller pieces
            k = PANEL[2] / width
            h, w, step, gap, width = h * k, w * k, step * k, gap * k, PANEL[2]
        x, y = 800 - width / 2, HAND_TOP
        win = hand.get("winning")
        for pieces, label in blocks:
            x0 = x
            for code in pieces:
                r = (x, y, w, h)
                canvas.piece(piece_frame(self.pieces, code), r)
                if code == win:
                    canvas.outline(theme.GOOD, (x - 3, y - 3, w + 6, h + 6), 2.5, 6)
                    canvas.text(str(hand.get("winning_label") or "winning"), (x + w / 2, y + h + 20), theme.SMALL - 4,
                                theme.GOOD, True, "midtop")
                x += step
            if label:
                canvas.text(label, ((x0 + x - step + w) / 2, y + h + 4), theme.SMALL - 4, theme.TEXT_FAINT, False,
                            "midtop", max_width=max(40.0, x - x0 + gap))
            x += gap

    def draw_totals(self, canvas) -> None:
        totals = list(self.data.get("totals") or [])
        if not totals:
            return
        winners = set(self.data.get("winners") or [])
        if not winners and isinstance(self.data.get("winner"), int):     # a round's one winner
            winners = {self.data["winner"]}
        # a round that reports each seat's own score (Rummy) or gain (the others) says it in the box,
        # as Mint Tin's does
        rounds = [] if self.final else list(self.data.get("round_scores") or self.data.get("changes") or [])
        n = len(totals)
        gap = 16
        w = min(300, (PANEL[2] - gap * (n - 1)) / n)
        x = 800 - (n * w + (n - 1) * gap) / 2
        for seat, total in enumerate(totals):
            r = (x, 146, w, 92) if rounds else (x, 150, w, 84)
            win = seat in winners
            canvas.fill((26, 70, 44, 230) if win else (12, 32, 24, 220), r, 12)     # a green tint: the win, not the hint's gold
            canvas.outline(theme.GOOD if win else theme.PANEL_EDGE, r, 2 if win else 1.2, 12)
            canvas.text(self.name(seat) + ("  ★" if win else ""), (x + w / 2, r[1] + 8 if rounds else 160), theme.BODY,
                        theme.GOOD if win else theme.TEXT_DIM, True, "midtop", max_width=w - 20)
            shown = f"{fmt_value(total)} {self.unit_for(fmt_value(total))}"
            if seat < len(rounds):
                pts = as_number(rounds[seat]) or 0
                canvas.text(f"{signed(rounds[seat])} this {self.round_word}", (x + w / 2, 182), theme.BODY,
                            theme.GOOD if pts > 0 else theme.BAD if pts < 0 else theme.TEXT_DIM, True, "midtop",
                            max_width=w - 20)
                canvas.text(f"total {shown}", (x + w / 2, 210), theme.SMALL, theme.TEXT, False, "midtop",
                            max_width=w - 20)
            else:
                canvas.text(shown, (x + w / 2, 192), theme.SUBHEADING, theme.TEXT, True, "midtop", max_width=w - 20)
            x += w + gap


def sample_result() -> dict:
    """Sample lines for `--scene results` screenshots and tests."""
    lines = [
        {"seat": 0, "name": "Pung of dragons (concealed)", "value": 8, "why": "Red Dragon ×3, never claimed"},
        {"seat": 0, "name": "Chow (melded)", "value": 0, "why": "B3 B4 B5 claimed from West"},
        {"seat": 0, "name": "Out from the wall", "value": 3, "why": "the winning Kard was self-drawn"},
        {"seat": 0, "name": "Dragon pung multiplier", "value": "1/2", "why": "half the basic score"},
        {"seat": 1, "name": "Pung of terminals (melded)", "value": 4, "why": "D9 ×3"},
        {"seat": 1, "name": "Flower", "value": 6, "why": "Plum"},
        {"seat": 2, "name": "Nothing scoring", "value": 0, "why": ""},
        {"seat": 3, "name": "Kong of minors (concealed)", "value": 16, "why": "C5 ×4 declared"},
    ]
    transfers = [{"payer": p, "payee": 0, "amount": 8, "why": "each loser pays the winner 8"} for p in (1, 2, 3)]
    return {"lines": lines, "transfers": transfers, "totals": ["81/2", 2, -8, 8], "winners": [0], "unit": "points",
            "summary": "You win by self-draw with 16½ points.", "final": False}
