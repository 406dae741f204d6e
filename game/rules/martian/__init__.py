"""Martian Mah Jongg (game id "martian"): 2-4 players collect Icehouse pyramids behind screens,
with dice naming each draw and opaque covers hiding pieces that can be swapped and remembered.

Public pieces other code builds on:
  RULES                         the GameRules object
  actions (actions.py)          D8, Dice (chance); Roll, Look, Keep, Swap, Hide, Claim, Pass, Go, Discard, MahJongg
  MartianView (views.py)        what a seat sees
  hand_value, settle (scoring.py)   the scoring table as data, itemised values and the settlement
  calculator.py                 `python -m game score martian` (docs/martian-score.md)
See docs/martian-engine.md for the phases, actions, events and view.
"""

from __future__ import annotations

from typing import Any

from game.core.protocol import CHANCE, Action, Event, IllegalAction, Prompt, Result, ScoreLine, Setup, Transfer

from . import goals, hidden, turn
from .actions import CODEC, D8, Claim, Dice, Discard, Go, Hide, Keep, Look, MahJongg, Pass, Roll, Swap
from .options import OPTIONS
from .pieces import name
from .scoring import HandValue, Holding, hand_gain, hand_value, settle
from .setup import new_state
from .state import State, census
from .views import MartianView, make_view


class MartianRules:
    id = "martian"
    title = "Martian Mah Jongg"
    min_seats = 2
    max_seats = 4
    options = OPTIONS
    action_classes = CODEC.classes

    def seat_names(self, n: int) -> tuple[str, ...]:
        return tuple(f"Player {i + 1}" for i in range(n))

    def new_game(self, setup: Setup) -> State:
        return new_state(setup)

    def to_act(self, state: State) -> tuple[int, ...]:
        return turn.to_act(state)

    def prompt(self, state: State) -> Prompt:
        seats = turn.to_act(state)
        if seats == (CHANCE,):
            return Prompt(seats, "chance")
        if state.phase == "claim":
            secs = state.options["claim_seconds"]
            return Prompt(seats, "claim", sealed=True, timeout=secs,
                          on_timeout=tuple((s, Pass()) for s in seats), window=("claim", state.window_no))
        others = tuple(s for s in range(state.n) if s not in seats) if state.phase == "begin" else ()
        return Prompt(seats, "turn", out_of_turn=others)

    def outcomes(self, state: State):
        return turn.outcomes(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return turn.legal(state, seat)

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        CODEC.check(action)
        if state.finished:
            raise IllegalAction("The game is over.")
        if not turn.is_legal(state, seat, action):
            raise IllegalAction(self._why_not(state, seat, action))
        st = state.copy()
        events: list[Event] = []
        turn.play(st, seat, action, events)
        return st, events

    def _why_not(self, state: State, seat: int, action: Action) -> str:
        if isinstance(action, MahJongg):
            return "You can declare Mah Jongg only with a Chow small, a complete bush and a complete tree."
        if seat not in turn.to_act(state):
            return "It is not your turn to act."
        if isinstance(action, Claim):
            return "A discard can be claimed only when it completes that pile (and Mah Jongg only when it completes your hand)."
        if isinstance(action, Look):
            return "Look under a cover of the size that hides your drawn piece's size, right after drawing."
        if isinstance(action, (Keep, Swap, Hide)):
            return ("That piece can't go there: it needs an empty slot of its size or a piece to replace, "
                    "and a turn has at most one discard.")
        return "You can't do that now."

    def view(self, state: State, seat: int | None) -> MartianView:
        return make_view(state, seat)

    def result(self, state: State) -> Result | None:
        if not state.finished:
            return None
        best = max(state.scores)
        winners = tuple(s for s in range(state.n) if state.scores[s] == best)
        # each hand's line is what its settlement brought the player, so the lines add up to the total
        # (the hand's value is in the words: values are settled between players, not added up)
        lines = []
        gained = [0] * state.n
        for r in state.results:
            for s in range(state.n):
                gain = hand_gain(r["transfers"], s)
                gained[s] += gain
                value = r["values"][s] if r["values"] else 0
                why = ("dead hand" if r["winner"] is None else
                       f"went Mah Jongg, hand worth {value}" if r["winner"] == s else f"hand worth {value}")
                lines.append(ScoreLine(s, f"Hand {r['hand']}", gain, why))
        for s in range(state.n):
            if state.scores[s] != gained[s]:          # a level may start the game with scores
                lines.append(ScoreLine(s, "Before the first hand", state.scores[s] - gained[s]))
        lines += [ScoreLine(s, "Game total", state.scores[s]) for s in range(state.n)]
        names = state.names
        summary = (f"{names[winners[0]]} wins with {best} points." if len(winners) == 1 else
                   f"{' and '.join(names[s] for s in winners)} share the win with {best} points.")
        transfers = tuple(Transfer.from_json(t) for r in state.results for t in r["transfers"])
        return Result(True, tuple(state.scores), winners, tuple(lines), summary, "points", transfers)

    def encode_action(self, action: Action) -> str:
        return CODEC.encode(action)

    def decode_action(self, text: str) -> Action:
        return CODEC.decode(text)

    def goal_met(self, goal: Any, state: State, seat: int) -> bool | None:
        """Level goals (goals.py): win_hand (with a feature), score_at_least, win_game."""
        return goals.goal_met(goal, state, seat)

    def check_goal(self, goal: Any, options: Any = None) -> None:
        goals.check_goal(goal, options)

    def resample(self, state: State, seat: int | None, rng: Any) -> State:
        """A new state that looks the same to `seat`, what it can't see re-dealt (hidden.py)."""
        return hidden.resample(state, seat, rng)

    def describe_action(self, action: Action) -> str:
        if isinstance(action, Dice):
            return f"rolls {action.d6} and {action.d8}"
        if isinstance(action, D8):
            return f"rolls {action.face} on the colour die"
        if isinstance(action, Roll):
            return "throws the dice"
        if isinstance(action, Look):
            return "looks under a cover"
        if isinstance(action, (Keep, Swap, Hide)):
            return "decides what to keep"
        if isinstance(action, Claim):
            return "calls Mah Jongg" if action.mahjong else f"calls {action.pile.title()}"
        if isinstance(action, Pass):
            return "passes"
        if isinstance(action, Go):
            return "says go"
        if isinstance(action, Discard):
            return "discards"
        if isinstance(action, MahJongg):
            return "declares Mah Jongg"
        return str(action)


RULES = MartianRules()

__all__ = ["RULES", "MartianRules", "MartianView", "State", "census", "hand_value", "settle", "Holding", "HandValue",
           "D8", "Dice", "Roll", "Look", "Keep", "Swap", "Hide", "Claim", "Pass", "Go", "Discard", "MahJongg", "name"]
