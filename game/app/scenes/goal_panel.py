"""The challenge goal on the table: a small panel with the goal and whether it is met or failed.

Only the rules' verdict (True met, False failed, None undecided) is shown, never what the check
looked at, so nothing hidden reaches the screen; where the goal has a count in it ("win 3 rounds",
"open within 3 turns") the panel also says how far along the player is, counted from what every
seat saw (round ends and whose turn it was), never from hidden state.
"""

from __future__ import annotations

from typing import Any

from game.app import theme

STATES = {None: ("Challenge", theme.TEXT), True: ("Challenge complete ✓", theme.GOOD),
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


# A puzzle (a set position, one turn) is not a round cut short: its results say so in its own words.
PUZZLE_TITLES = {True: "Puzzle solved ✓", False: "Puzzle not solved ✗"}
PUZZLE_SHORT = {None: "Puzzle", True: "Solved ✓", False: "Not solved ✗"}
PUZZLE_SOLVED = {"clear_hand": "Every tile of your hand went to the table in one turn."}
PUZZLE_MISSED = {"clear_hand": "Your turn ended with tiles still in your hand."}
PUZZLE_AGAIN = "Play again to try the same position once more."


def puzzle_title(state: bool | None) -> str:
    return PUZZLE_TITLES.get(state, "Puzzle")


def decided_mid_round(goal: Any, state: bool | None, round_word: str = "round", puzzle: bool = False) -> str:
    """The results' words for a challenge decided before its round (or hand) ended: it stops there
    and is not scored, where the panel used to say only 'No score this time.'. A puzzle has no round
    to stop: it says what was done, or what went wrong and that it can be tried again."""
    if puzzle:
        if state:
            return PUZZLE_SOLVED.get(goal.kind, "Solved.")
        return f"{PUZZLE_MISSED.get(goal.kind, 'The puzzle can no longer be solved.')} {PUZZLE_AGAIN}"
    if state:
        return f"Done before the {round_word}'s end: the {round_word} stops here, unscored."
    why = MISSED_MID_ROUND.get(goal.kind, "The goal can no longer be met.")
    return f"{why.format(turns=goal.params.get('turns', 3))} The {round_word} stops here, unscored."


class GoalProgress:
    """How far the player is toward a goal with a count in it, from the match's public record:
    rounds won (the winner a round's end names) and the player's own turns in a round."""

    def __init__(self, goal: Any, seat: int):
        self.goal, self.seat = goal, seat
        self.seen = 0                 # moves counted so far
        self.wins = 0
        self.rounds_over = 0
        self.turns: dict[int, int] = {}     # round index (0 = first) -> the player's turns in it

    def update(self, match: Any) -> None:
        n = len(match.log)
        if n <= self.seen:
            return
        for seen in match.history(None, self.seen, n):
            if seen.actor == self.seat:
                self.turns[self.rounds_over] = self.turns.get(self.rounds_over, 0) + 1
            for e in seen.events:
                if e.kind == "round_end":
                    self.rounds_over += 1
                    if e.data.get("winner") == self.seat:
                        self.wins += 1
        self.seen = n

    def _turn_of_limit(self) -> tuple[int, int] | None:
        """An 'open within' goal in its round: (the player's coming turn, the turns it allows)."""
        params = getattr(self.goal, "params", None) or {}
        if self.goal.kind != "open_within":
            return None
        limit, r = int(params.get("turns", 3)), int(params.get("round", 1)) - 1
        return (self.turns.get(r, 0) + 1, limit) if self.rounds_over == r else None

    def on_last_turn(self) -> bool:
        """Whether the player's coming turn is the last an 'open within' goal allows."""
        turn = self._turn_of_limit()
        return turn is not None and turn[0] == turn[1]

    def line(self) -> str | None:
        """'Won 1 of 3' or 'Turn 2 of 3'; None for a goal with nothing to count."""
        params = getattr(self.goal, "params", None) or {}
        if self.goal.kind == "win_rounds" and int(params.get("count", 1)) > 1:
            return f"Won {min(self.wins, params['count'])} of {params['count']}"
        turn = self._turn_of_limit()
        return None if turn is None else f"Turn {min(*turn)} of {turn[1]}"


def draw_goal_panel(canvas: Any, rect: tuple[float, float, float, float], goal_text: str,
                    state: bool | None, progress: str | None = None, puzzle: bool = False) -> None:
    """`puzzle`: the level is a puzzle, and the heading says so (it said "Challenge" there too)."""
    x, y, w, h = rect
    heading, colour = STATES[state]
    if puzzle:
        heading = puzzle_title(state)
    if canvas.measure(heading, theme.SMALL, True)[0] > w - 24:
        heading = (PUZZLE_SHORT if puzzle else SHORT)[state]   # "Challenge co…" hid the verdict on Mint Tin's panel
    lh = canvas.line_height(theme.SMALL)
    room = max(1, int((h - 8 - lh) / lh + 0.2))
    # Text is set at a whole pixel size, so its line height is a little taller at some window sizes:
    # the lines close up a touch rather than run out of the panel (Martian's second goal line crossed
    # its bottom edge at 1024x640).
    lh = min(lh, (h - 10) / (room + 1))
    beside = progress is not None and (canvas.measure(heading, theme.SMALL, True)[0]
                                       + canvas.measure(progress, theme.SMALL, True)[0] + 16 <= w - 24)
    if progress is not None and not beside:
        h += lh                          # a narrow panel: the count takes a line of its own, under the goal
    canvas.fill((8, 26, 18, 215), (x, y, w, h), 10)
    canvas.outline(theme.PANEL_EDGE if state is None else colour, (x, y, w, h), 2, 10)     # an ivory edge read as the turn plate
    canvas.text(heading, (x + 12, y + 6), theme.SMALL, colour, True, max_width=w - 24)
    if progress is not None:
        if beside:                        # on the heading's line, right-aligned: the panel keeps its size
            canvas.text(progress, (x + w - 12, y + 6), theme.SMALL, theme.TEXT, True, "topright")
        else:
            canvas.text(progress, (x + 12, y + 6 + lh * (room + 1)), theme.SMALL, theme.TEXT, True,
                        max_width=w - 24)
    lines = canvas.wrap(goal_text, w - 24, theme.SMALL)
    if len(lines) > room:                 # the Challenges list has the whole text; keep the panel small
        lines = lines[:room - 1] + [" ".join(lines[room - 1:])]
    for n, line in enumerate(lines):
        canvas.text(line, (x + 12, y + 6 + lh * (n + 1)), theme.SMALL, theme.TEXT, False, max_width=w - 24)
