"""Mahjong Rummy (game id "rummy"): Rummikub played with 136 Mahjong tiles by exactly four seats.

Public pieces other code builds on:
  RULES                          the GameRules object
  PlayTurn, Draw, Pass           actions (actions.py)
  RummyView, ShownSet            what a seat sees (views.py)
  check_turn / Verdict           the turn validator (turn.py); RULES.check(view_or_state, seat, action)
  check_set, find_sets, value_options   set validation and the set finder (sets.py)
  simple_plays, borrow_plays, plays_for_view   move generators (moves.py); RULES.suggest_plays(view)
  score_tiles                    itemised scoring (scoring.py)
"""

from __future__ import annotations

from typing import Any

from game.core.protocol import Action, Event, Prompt, Result, Setup

from .actions import CODEC, Draw, Pass, PlayTurn, encode, plainly_well_formed
from .legal import DEFAULT_LIMIT, LegalActions
from .options import OPTIONS
from .scoring import score_tiles
from .sets import FoundSet, SetCheck, check_set, find_sets, is_valid, value_options
from .state import IllegalTurn, State, apply_action, final_result, new_state, verdict_for
from .table import TableSet
from .tiles import ALL_TILES, SEAT_NAMES, SEAT_WINDS
from .turn import RULE_TITLES, Problem, SetStatus, Verdict, check_play, check_turn, infer_swaps, swap_into
from .views import RummyView, ShownSet, make_view


def _moves():
    """The move generators (moves.py), imported when first needed: self-play never needs them, and
    importing (compiling) the rules is a part of every headless run."""
    from . import moves
    return moves


# the move generators, importable from here as before (they load with the first that is asked for)
_FROM_MOVES = ("simple_plays", "borrow_plays", "plays_for_view")


def __getattr__(name: str) -> Any:
    if name in _FROM_MOVES:
        return getattr(_moves(), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_DRAW, _PASS = Draw(), Pass()      # frozen and equal to any other Draw() / Pass()
# the plain untimed turn default_prompt would make, one (frozen) Prompt per seat: asked twice a move
_PROMPTS = {seats: Prompt(seats, "turn") for seats in ((), (0,), (1,), (2,), (3,))}


class RummyRules:
    id = "rummy"
    title = "Mahjong Rummy"
    min_seats = 4
    max_seats = 4
    options = OPTIONS
    action_classes = CODEC.classes

    def seat_names(self, n: int) -> tuple[str, ...]:
        if n != 4:
            raise ValueError("Mahjong Rummy is played by exactly 4 seats")
        return SEAT_NAMES

    def new_game(self, setup: Setup) -> State:
        return new_state(setup)

    def to_act(self, state: State) -> tuple[int, ...]:
        return () if state.finished else (state.turn,)

    def prompt(self, state: State) -> Prompt:
        """A plain untimed turn for `to_act` (what default_prompt makes without this method)."""
        seats = () if state.finished else (state.turn,)
        return _PROMPTS.get(seats) or Prompt(seats, "turn")

    def legal_actions(self, state: State, seat: int, limit: int = DEFAULT_LIMIT) -> list[Action]:
        """Draw (or Pass once the pool is empty) plus the simple plays (see moves.py).  Any PlayTurn that
        `check` accepts is legal too; the list cannot hold every table rearrangement."""
        if state.finished or seat != state.turn:
            return []
        # the simple plays are made when first read (legal.py); the state's parts are copied now, so
        # they are the plays of this position whatever happens to the state object later
        hand, table, values, opened = tuple(state.hands[seat]), list(state.table), dict(state.values), state.opened[seat]
        return LegalActions(_DRAW if state.pool else _PASS,
                            lambda: _moves().simple_plays(hand, table, values, opened, limit))

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        if not plainly_well_formed(action):
            CODEC.check(action)
        return apply_action(state, seat, action)

    def view(self, state: State, seat: int | None) -> RummyView:
        return make_view(state, seat)

    def result(self, state: State) -> Result | None:
        return final_result(state) if state.finished else None

    def encode_action(self, action: Action) -> str:
        return encode(action)

    def decode_action(self, text: str) -> Action:
        return CODEC.decode(text)

    # ---- extras for the UI, bots, tools and levels
    def check(self, state_or_view: Any, seat: int, action: PlayTurn) -> Verdict:
        """The structured verdict for a PlayTurn, from the state or from that seat's own view."""
        if isinstance(state_or_view, RummyView):
            v = state_or_view
            if v.seat != seat:
                raise ValueError("a view can only check its own seat's turn")
            return check_play(v.table, v.values_dict(), v.hand, seat, v.opened[seat], action)
        return verdict_for(state_or_view, seat, action)

    def suggest_plays(self, view: RummyView, manipulations: bool = True) -> list[PlayTurn]:
        """The generator hint for bots and the UI: `legal_actions`' simple plays plus, with
        `manipulations`, plays that borrow one tile from a set or one from each of two players
        (cutting runs where needed).  Built only from the seat's own view; every play is legal."""
        return _moves().plays_for_view(view, manipulations)

    def goal_met(self, goal: Any, state: State, seat: int) -> bool | None:
        from . import goals
        return goals.goal_met(goal, state, seat)

    def check_goal(self, goal: Any, options: Any = None) -> None:
        from . import goals
        goals.check_goal(goal, options)

    def resample(self, state: State, seat: int | None, rng: Any) -> State:
        """A new state that looks the same to `seat`, what it can't see re-dealt (hidden.py)."""
        from . import hidden
        return hidden.resample(state, seat, rng)

    def describe_action(self, action: Action) -> str:
        """A player's words for an action (the optional protocol hook; toasts and hints use it)."""
        if isinstance(action, Draw):
            return "draws a tile"
        if isinstance(action, Pass):
            return "passes (the pool is empty)"
        if isinstance(action, PlayTurn):
            n = len(action.played)
            return f"plays {n} tile{'s' if n != 1 else ''}" if n else "plays"
        return str(action)


RULES = RummyRules()

__all__ = ["RULES", "RummyRules", "PlayTurn", "Draw", "Pass", "RummyView", "ShownSet", "TableSet", "State",
           "check_turn", "Verdict", "Problem", "SetStatus", "IllegalTurn", "check_set", "SetCheck", "find_sets",
           "FoundSet", "is_valid", "value_options", "score_tiles", "infer_swaps", "swap_into", "RULE_TITLES",
           "ALL_TILES", "SEAT_NAMES", "SEAT_WINDS", "simple_plays", "borrow_plays", "plays_for_view"]
