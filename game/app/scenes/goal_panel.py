"""The challenge goal on the table: a small panel with the goal and whether it is met or failed.

Only the rules' verdict (True met, False failed, None undecided) is shown, never what the check
looked at, so nothing hidden reaches the screen.
"""

from __future__ import annotations

from typing import Any

from game.app import theme

STATES = {None: ("Challenge", theme.GOLD), True: ("Challenge complete ✓", theme.GOOD),
          False: ("Challenge failed ✗", theme.BAD)}
SHORT = {None: "Challenge", True: "Complete ✓", False: "Failed ✗"}    # a narrow panel's heading, uncut


def challenge_title(state: bool | None) -> str:
    return STATES[state][0]


def challenge_line(goal_text: str, state: bool | None) -> tuple[str, tuple]:
    """A results screen's line on the challenge ("Challenge still on: Win a round.") and its colour."""
    heading = "Challenge still on" if state is None else challenge_title(state)
    return f"{heading}: {goal_text}", STATES[state][1]


# Why a goal decided during a round was missed: no round ended, so no results say it.
MISSED_MID_ROUND = {
    "clear_hand": "Your first turn ended with tiles still in your hand.",
    "open_within": "Your first {turns} turns went by without an opening.",
    "survive_strict": "A wrong call at the Strict table cost you a penalty.",
}


def decided_mid_round(goal: Any, state: bool | None, round_word: str = "round") -> str:
    """The results' words for a challenge decided before its round (or hand) ended: it stops there
    and is not scored, where the panel used to say only 'No score this time.'."""
    if state:
        return f"Done before the {round_word}'s end: the {round_word} stops here, unscored."
    why = MISSED_MID_ROUND.get(goal.kind, "The goal can no longer be met.")
    return f"{why.format(turns=goal.params.get('turns', 3))} The {round_word} stops here, unscored."


def draw_goal_panel(canvas: Any, rect: tuple[float, float, float, float], goal_text: str,
                    state: bool | None) -> None:
    x, y, w, h = rect
    heading, colour = STATES[state]
    if canvas.measure(heading, theme.SMALL, True)[0] > w - 24:
        heading = SHORT[state]          # "Challenge co…" hid the verdict on Mint Tin's side panel
    canvas.fill((8, 26, 18, 215), rect, 10)
    canvas.outline(colour, rect, 2, 10)
    canvas.text(heading, (x + 12, y + 6), theme.SMALL, colour, True, max_width=w - 24)
    lh = canvas.line_height(theme.SMALL)
    lines = canvas.wrap(goal_text, w - 24, theme.SMALL)
    room = max(1, int((h - 8 - lh) / lh + 0.2))
    if len(lines) > room:                 # the Challenges list has the whole text; keep the panel small
        lines = lines[:room - 1] + [" ".join(lines[room - 1:])]
    for n, line in enumerate(lines):
        canvas.text(line, (x + 12, y + 6 + lh * (n + 1)), theme.SMALL, theme.TEXT, False, max_width=w - 24)
