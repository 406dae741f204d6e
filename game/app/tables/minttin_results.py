"""A Mint Tin round's result: the winning cards, the itemised lines, this round's points and the totals.

Built from the public `round_end` event data (lines, totals, points, winner, verdict, reveal),
in place of the generic results screen for a round (the final game result stays generic).
Each party's box says what it scored this round and where its total stands; the winning
cards are laid out block by block; the "Hand" line names the hand's shape without points of
its own (the shape itself scores nothing: the points are the lines under it). In a challenge,
a line under the scores says where the challenge stands (still on, complete or failed).
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from game.app import theme
from game.app.atlas import piece_frame
from game.app.scenes.goal_panel import challenge_title
from game.app.scenes.results import ResultsScene, fmt_value

CARD_W, CARD_H = 50, 70
CARDS_Y = 256.0                  # the winning cards, under the boxes
LINES_TOP = 372.0


def _points(n: Any) -> str:
    return f"{fmt_value(n)} point{'' if fmt_value(n) in ('1', '-1') else 's'}"


def shape_of(verdict: dict | None) -> str:
    """ "Consecutive Run 4-5-6, One Pair and Four Pungs" (no points: they are the lines below)."""
    if not verdict or not verdict.get("valid"):
        return ""
    if verdict.get("special") == "Epic Hand":
        return "Epic Hand"
    nums = "-".join(str(n) for n in verdict.get("set") or [])
    text = f"{verdict.get('category')} {nums}, {verdict.get('pattern')}"
    if verdict.get("special"):
        text += f" ({verdict['special']})"
    return text


def winning_blocks(data: dict) -> list[tuple[list[str], bool]]:
    """The winner's cards as (block cards, exposed) groups: the verdict's blocks, else the reveal."""
    verdict = data.get("verdict") or {}
    blocks = verdict.get("blocks") or []
    if blocks:
        return [(list(b["cards"]), bool(b.get("exposed"))) for b in blocks]
    winner = data.get("winner")
    for r in data.get("reveal") or []:
        if r.get("seat") == winner:
            out = [(list(e), True) for e in r.get("exposures", [])]
            if r.get("hand"):
                out.append((list(r["hand"]), False))
            return out
    return []


def display_lines(data: dict) -> list[dict]:
    """The itemised lines as shown: the shape line carries no value next to a points headline."""
    out = []
    for line in data.get("lines", []):
        line = dict(line)
        if line.get("name") == "Hand" and line.get("value") in (0, "0"):
            line["name"] = "Winning hand"
            line["why"] = shape_of(data.get("verdict")) or line.get("why", "")
            line["value"] = ""
        out.append(line)
    return out


class MintRoundResults(ResultsScene):
    def __init__(self, app, data: Any, seat_names: Sequence[str], on_close: Callable[[], None] | None = None,
                 next_label: str | None = None, target: int | None = None,
                 challenge: tuple[str, bool | None] | None = None):
        super().__init__(app, data, seat_names, final=False, on_close=on_close, next_label=next_label)
        self.target = target
        self.challenge = challenge        # (goal text, True met / False failed / None still on)
        self.shown_lines = display_lines(self.data)

    def round_points(self, seat: int) -> int:
        return int(self.data.get("points") or 0) if self.data.get("winner") == seat else 0

    def draw_content(self, canvas) -> None:
        summary = self.data.get("summary", "")
        if summary:
            canvas.text(summary, (800, 100), theme.SUBHEADING, theme.TEXT, False, "midtop", max_width=1400)
        self.draw_totals(canvas)
        self.draw_cards(canvas)
        bottom = self.draw_lines(canvas)
        self.draw_challenge(canvas, bottom + 24)

    def challenge_line(self) -> str:
        """ "Challenge still on: Win a round." (empty outside a challenge)."""
        if self.challenge is None:
            return ""
        text, state = self.challenge
        heading = "Challenge still on" if state is None else challenge_title(state)
        return f"{heading}: {text}"

    def draw_challenge(self, canvas, top: float) -> None:
        line = self.challenge_line()
        if not line:
            return
        state = self.challenge[1]
        colour = theme.TEXT if state is None else theme.GOOD if state else theme.BAD
        r = (260, top, 1080, 48)
        canvas.fill((8, 26, 18, 215), r, 10)
        canvas.outline(colour, r, 2, 10)
        canvas.text(line, (800, top + 24), theme.BODY, colour, True, "center", max_width=1040)

    def draw_totals(self, canvas) -> None:
        totals = list(self.data.get("totals") or [])
        winner = self.data.get("winner")
        n = len(totals)
        if not n:
            return
        w, gap = 360.0, 24.0
        x = 800 - (n * w + (n - 1) * gap) / 2
        for seat, total in enumerate(totals):
            r = (x, 146, w, 92)
            win = seat == winner
            canvas.fill((26, 70, 44, 230) if win else (12, 32, 24, 220), r, 12)     # a green tint: the win, not the hint's gold
            canvas.outline(theme.GOOD if win else theme.PANEL_EDGE, r, 2 if win else 1.2, 12)
            canvas.text(self.name(seat) + ("  ★" if win else ""), (x + w / 2, 154), theme.BODY,
                        theme.GOOD if win else theme.TEXT_DIM, True, "midtop", max_width=w - 20)
            pts = self.round_points(seat)
            canvas.text(f"+{_points(pts)} this round", (x + w / 2, 182), theme.BODY,
                        theme.GOOD if pts else theme.TEXT_DIM, True, "midtop", max_width=w - 20)
            of = f" of {self.target}" if self.target else ""
            canvas.text(f"total {fmt_value(total)}{of}", (x + w / 2, 210), theme.SMALL, theme.TEXT, False, "midtop")
            x += w + gap

    def draw_cards(self, canvas) -> None:
        blocks = winning_blocks(self.data)
        if not blocks:
            canvas.text("No winning hand: nobody scores this round.", (800, CARDS_Y + 30), theme.BODY,
                        theme.TEXT_DIM, False, "midtop")
            return
        scale, step, gap = 1.25, 50.0, 22.0
        cw, ch = CARD_W * scale, CARD_H * scale
        width = sum(len(b) for b, _ in blocks) * step + (len(blocks) - 1) * gap - (step - cw)
        x = 800 - width / 2
        for cards, exposed in blocks:
            x0 = x
            for code in cards:
                canvas.piece(piece_frame("mint", code), (x, CARDS_Y, cw, ch))
                x += step
            if exposed:
                canvas.text("exposed", ((x0 + x - step + cw) / 2, CARDS_Y + ch + 2), theme.SMALL - 2,
                            theme.TEXT_FAINT, False, "midtop")
            x += gap

    def draw_lines(self, canvas) -> float:
        """The itemised lines in their panel; returns the panel's bottom. A "why" too long for its
        column (the longest hand shapes) goes whole on a line of its own under the name."""
        lines = self.shown_lines[:9]
        x0, x1 = 260 + 30, 260 + 1080 - 30
        wx = x0 + 400

        def room(line: dict) -> float:        # the why column: up to the value, or to the edge without one
            return x1 - wx - (80 if line.get("value") not in ("", None) else 0)

        below = [bool(line.get("why")) and canvas.measure(str(line["why"]), theme.SMALL, False)[0] > room(line)
                 for line in lines]
        r = (260, LINES_TOP, 1080, 18 + 36 * max(1, len(lines)) + 30 * sum(below) + 62)
        canvas.panel(r, (12, 32, 24, 235))
        y = r[1] + 18
        if not lines:
            canvas.text("No score this time.", (x0, y), theme.SUBHEADING, theme.TEXT, True)
            return r[1] + r[3]
        for line, under in zip(lines, below):
            canvas.text(f"{self.name(line.get('seat'))}: {line.get('name', '')}", (x0, y), theme.BODY, theme.TEXT,
                        False, max_width=380)
            if line.get("why") and not under:
                canvas.text(str(line["why"]), (wx, y + 3), theme.SMALL, theme.TEXT_DIM, max_width=room(line))
            value = line.get("value")
            if value not in ("", None):
                canvas.text(f"+{fmt_value(value)}", (x1, y), theme.BODY, theme.TEXT, True, "topright")
            if under:
                y += 30
                canvas.text(str(line["why"]), (x0 + 24, y + 3), theme.SMALL, theme.TEXT_DIM,
                            max_width=x1 - x0 - 24 - (80 if value not in ("", None) else 0))
            y += 36
        canvas.line(theme.PANEL_EDGE, (x0, y + 4), (x1, y + 4), 1)
        winner = self.data.get("winner")
        if winner is None:
            canvas.text("Round points: none", (x0, y + 16), theme.BODY, theme.TEXT, True)
        else:
            canvas.text(f"Round points for {self.name(winner)}", (x0, y + 16), theme.BODY, theme.TEXT, True)
            canvas.text(_points(self.data.get("points") or 0), (x1, y + 16), theme.BODY, theme.TEXT, True, "topright")
        return r[1] + r[3]


def as_round_results(scene: ResultsScene, target: int | None,
                     challenge: tuple[str, bool | None] | None = None) -> ResultsScene:
    """The Mint Tin screen in place of a generic round result. A final result (the game's end, or a
    challenge decided) stays generic, but its "Hand" line reads as a round's does: the shape, with no
    0 beside the headline's "…: 4 points"."""
    if scene.final:
        scene.scoring = display_lines({"lines": scene.scoring, "verdict": scene.data.get("verdict")})
        return scene
    if "totals" not in scene.data:
        return scene
    return MintRoundResults(scene.app, scene.data, scene.names, on_close=scene.on_close,
                            next_label=scene.next_label, target=target, challenge=challenge)
