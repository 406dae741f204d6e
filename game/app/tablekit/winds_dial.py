"""The Four Winds dial: the round wind in the middle, each seat's wind at the side of the dial
where that seat sits on the screen (the viewer's at the bottom, ringed), and the seat whose turn
it is lit in ivory (theme.ACTIVE_SEAT, as its plate; gold is the hint's).

Game-neutral: winds are the kit's codes ("WE", "WS", "WW", "WN"); a table gives them by screen
position (seatspace BOTTOM, RIGHT, TOP, LEFT) and, if it has pieces for them, a frame function.

    dial = WindsDial((1275, 190), 86)
    dial.draw(canvas, "WE", {BOTTOM: "WS", RIGHT: "WW", TOP: "WN", LEFT: "WE"}, KARDS.face, active=TOP)
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from game.app import theme

from .seatspace import BOTTOM, LEFT, RIGHT, TOP

WIND_WORDS = {"WE": "East", "WS": "South", "WW": "West", "WN": "North"}
TOWARDS = {BOTTOM: (0, 1), RIGHT: (1, 0), TOP: (0, -1), LEFT: (-1, 0)}
DIAL = (10, 30, 22, 215)
RIM = (120, 96, 52)


class WindsDial:
    def __init__(self, centre: tuple[float, float], radius: float = 86.0):
        self.centre = centre
        self.radius = radius

    def marks(self, winds: Mapping[int, str]) -> dict[int, tuple[float, float]]:
        """Where each position's wind sits on the dial."""
        cx, cy = self.centre
        r = self.radius * 0.7
        return {p: (cx + TOWARDS[p][0] * r, cy + TOWARDS[p][1] * r) for p in winds if p in TOWARDS}

    def draw(self, canvas: Any, round_wind: str | None, winds: Mapping[int, str],
             face: Callable[[str], str] | None = None, active: int | None = None) -> None:
        cx, cy = self.centre
        r = self.radius
        canvas.circle(DIAL, (cx, cy), r)
        canvas.circle(RIM, (cx, cy), r, 2)
        canvas.circle(RIM, (cx, cy), r * 0.42, 1)
        if round_wind:
            if face is not None and canvas.has_piece(face(round_wind)):
                canvas.piece_at(face(round_wind), (cx, cy - 6), r * 0.5, anchor="center")
            else:
                canvas.text(round_wind[-1], (cx, cy - 6), theme.SUBHEADING, theme.TEXT, True, "center")
            canvas.text(f"{WIND_WORDS.get(round_wind, round_wind)} round", (cx, cy + r * 0.26), 14, theme.TEXT,
                        True, "center")
        small = r * 0.19
        for p, (x, y) in self.marks(winds).items():
            w = winds[p]
            lit = p == active
            canvas.circle(theme.ACTIVE_SEAT if lit else (30, 60, 46), (x, y), small)
            if p == BOTTOM:
                canvas.circle(theme.TEXT_DIM, (x, y), small + 3, 2)       # quieter than the lit turn
            canvas.text(WIND_WORDS.get(w, w)[:1], (x, y), theme.SMALL, (20, 30, 24) if lit else theme.TEXT, True,
                        "center")
