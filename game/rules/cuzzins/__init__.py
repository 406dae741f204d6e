"""Cuzzins' Mahjongg (game id "cuzzins"): sixteen-tile hands, every honour a flower, paid in cents.

Public pieces:
  RULES                     the GameRules object (protocol + hooks prompt, outcomes, resample,
                            describe_action)
  actions                   Dice, Discard, DeclareSecret, Mahjongg, Chow, Pong, Kong, Pass, PaySee
  CuzView, make_view        what a seat sees (views.py)
  scoring                   the scoring tables and score_win / payments (scoring.py)
  hands                     complete hands, syete pares, reads and waits (hands.py)
"""

from __future__ import annotations

from typing import Any

from game.core.protocol import CHANCE, Action, Event, Prompt, Result, ScoreLine, Setup, resolve_options

from . import flow, goals, hidden, scoring
from .deal import parse_deal
from .actions import (CODEC, Chow, DeclareSecret, Dice, Discard, Kong, Mahjongg, PaySee, Pass, Pong)
from .options import OPTIONS
from .state import State, census
from .tiles import SEAT_NAMES, SEATS
from .views import CuzView, make_view


class CuzzinsRules:
    id = "cuzzins"
    title = "Cuzzins' Mahjongg"
    min_seats = SEATS
    max_seats = SEATS
    options = OPTIONS
    action_classes = CODEC.classes

    def seat_names(self, n: int) -> tuple[str, ...]:
        if n != SEATS:
            raise ValueError("Cuzzins' Mahjongg is played by exactly 4 seats")
        return SEAT_NAMES

    def new_game(self, setup: Setup) -> State:
        if len(setup.seats) != SEATS:
            raise ValueError(f"Cuzzins' Mahjongg needs exactly 4 seats, not {len(setup.seats)}")
        s = State(options=resolve_options(OPTIONS, setup.options), seed=int(setup.seed))
        fixed = parse_deal(setup.deal)
        if fixed is not None:
            s.fixed_deal = fixed
            if "dealer" in fixed:                       # no throws for the deal: the level names the dealer
                s.dealer, s.throw_queue, s.phase, s.turn = fixed["dealer"], (), "open_dice", fixed["dealer"]
            if "dice" in fixed:
                flow.apply_dice(s, Dice(*fixed["dice"]))
        return s

    def to_act(self, state: State) -> tuple[int, ...]:
        return flow.to_act(state)

    def prompt(self, state: State) -> Prompt:
        seats = flow.to_act(state)
        if seats == (CHANCE,):
            return Prompt(seats, "chance")
        lookers = tuple(p for p in range(SEATS) if flow.see_actions(state, p))
        if state.phase == "claims":
            return Prompt(seats, "claim", sealed=True, timeout=state.options["claim_seconds"],
                          on_timeout=tuple((p, Pass()) for p in seats), out_of_turn=lookers,
                          window=("claim", state.window))
        return Prompt(seats, "turn", out_of_turn=lookers)

    def outcomes(self, state: State):
        return flow.chance_outcomes(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return flow.legal_actions(state, seat)

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        return flow.apply(state, seat, action)

    def view(self, state: State, seat: int | None) -> CuzView:
        return make_view(state, seat)

    def result(self, state: State) -> Result | None:
        if not state.finished:
            return None
        totals = tuple(state.ledger.totals())
        best = max(totals)
        winners = tuple(p for p in range(SEATS) if totals[p] == best)
        lines = tuple(ScoreLine(p, "Cents", totals[p], f"{state.wins[p]} hand{'' if state.wins[p] == 1 else 's'} won") for p in range(SEATS))
        top = " and ".join(SEAT_NAMES[p] for p in winners)
        return Result(True, totals, winners, lines, f"{top} finish{'es' if len(winners) == 1 else ''} "
                      f"ahead with {best} cents", "cents", tuple(state.ledger.entries))

    def goal_met(self, goal: Any, state: State, seat: int) -> bool | None:
        return goals.goal_met(goal, state, seat)

    def check_goal(self, goal: Any, options: Any = None) -> None:
        goals.check_goal(goal)

    def encode_action(self, action: Action) -> str:
        return CODEC.encode(action)

    def decode_action(self, text: str) -> Action:
        return CODEC.decode(text)

    def resample(self, state: State, seat: int | None, rng: Any) -> State:
        """A new state that looks the same to `seat`, what it can't see re-dealt (hidden.py)."""
        return hidden.resample(state, seat, rng)

    def describe_action(self, action: Action) -> str:
        if isinstance(action, Dice):
            return f"throws {action.d1} and {action.d2}"
        if isinstance(action, Discard):
            return f"discards {action.tile}"
        if isinstance(action, DeclareSecret):
            return "declares a secret"
        if isinstance(action, Chow):
            return "chows"
        if isinstance(action, PaySee):
            return f"pays {SEAT_NAMES[action.target]} to see a secret"
        return {"mahjongg": "calls Mahjongg", "pong": "pongs", "kong": "kongs", "pass": "passes"}[action.kind]


RULES = CuzzinsRules()

__all__ = ["RULES", "CuzzinsRules", "CuzView", "make_view", "State", "census", "scoring", "Dice", "Discard",
           "DeclareSecret", "Mahjongg", "Chow", "Pong", "Kong", "Pass", "PaySee"]
