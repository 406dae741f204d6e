"""Mah-Jongg for Kards (game id "kards"): classic four-seat Mah-Jongg with 144 cards, a wall and a
kong box, sealed claim windows and the special hands of the appendix.

Modules: options, actions, state, deal (new game and round, dice, kong box), flow (turns and
claims), ending (round and game end), scoring + specials + patterns (the points), views, hidden.
"""

from __future__ import annotations

from typing import Any

from game.core.kit.tiles import name
from game.core.protocol import Action, Event, Result, Setup

from . import deal, ending, flow, goals, hidden
from .actions import (CODEC, Chow, ConcealedKong, Dice, Discard, Done, Expand, Kong, MahJongg, MahJonggBy, Pass,
                      Pung, Standing)
from .options import OPTIONS
from .state import State, census
from .views import KardsView, MeldView, make_view


class KardsRules:
    id = "kards"
    title = "Mah-Jongg for Kards"
    min_seats = 4
    max_seats = 4
    options = OPTIONS
    action_classes = CODEC.classes

    def seat_names(self, n: int) -> tuple[str, ...]:
        if n != 4:
            raise ValueError("Mah-Jongg for Kards is played by exactly 4 seats")
        return ("Player 1", "Player 2", "Player 3", "Player 4")

    def new_game(self, setup: Setup) -> State:
        return deal.new_state(setup)

    def to_act(self, state: State) -> tuple[int, ...]:
        return flow.to_act(state)

    def prompt(self, state: State):
        return flow.prompt(state)

    def outcomes(self, state: State):
        return flow.outcomes(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return flow.legal(state, seat)

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        return flow.apply(state, seat, action)

    def view(self, state: State, seat: int | None) -> KardsView:
        return make_view(state, seat)

    def result(self, state: State) -> Result | None:
        return ending.final_result(state) if state.finished else None

    def encode_action(self, action: Action) -> str:
        return CODEC.encode(action)

    def decode_action(self, text: str) -> Action:
        return CODEC.decode(text)

    def goal_met(self, goal: Any, state: State, seat: int) -> bool | None:
        return goals.goal_met(goal, state, seat)

    def check_goal(self, goal: Any, options: Any = None) -> None:
        goals.check_goal(goal, options)

    def resample(self, state: State, seat: int | None, rng: Any) -> State:
        """A new state that looks the same to `seat`, what it can't see re-dealt (hidden.py)."""
        return hidden.resample(state, seat, rng)

    def describe_action(self, action: Action) -> str:
        if isinstance(action, Dice):
            return f"rolls {' + '.join(map(str, action.faces))}"
        if isinstance(action, Discard):
            return f"discards {name(action.piece)}"
        if isinstance(action, Standing):
            return f"discards {name(action.piece)} and calls a standing hand on {name(action.wait)}"
        if isinstance(action, ConcealedKong):
            return f"declares a concealed kong of {name(action.tile)}"
        if isinstance(action, Expand):
            return f"adds a fourth {name(action.tile)} to a pung"
        if isinstance(action, Chow):
            return "claims a chow"
        if isinstance(action, MahJonggBy):
            what = "the special hand" if action.finish == "special" else f"a {action.finish}"
            return f"declares Mah-Jongg, the discard finishing {what}"
        return {"done": "is ready", "mahjongg": "declares Mah-Jongg", "pass": "passes", "pung": "claims a pung",
                "kong": "claims a kong"}.get(action.kind, action.kind)


RULES = KardsRules()

__all__ = ["RULES", "KardsRules", "KardsView", "MeldView", "State", "census", "Dice", "Done", "Discard",
           "ConcealedKong", "Expand", "MahJongg", "MahJonggBy", "Standing", "Pass", "Pung", "Kong", "Chow"]
