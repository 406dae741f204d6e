"""A tiny two-seat game implementing the protocol, so the core can be tested without a real game.

Each seat in turn draws a hidden number (from the game rng) or stops; the first to stop
with the higher private sum wins once both stopped.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from game.core.protocol import (Action, ActionCodec, Event, IllegalAction, Option, Result, ScoreLine,
                                resolve_options)
from game.core.rng import GameRng


@dataclass(frozen=True)
class Draw(Action):
    kind = "draw"


@dataclass(frozen=True)
class Stop(Action):
    kind = "stop"


@dataclass(frozen=True)
class ToyView:
    seat: int | None
    my_sum: int | None
    draws: tuple[int, ...]
    stopped: tuple[bool, ...]


class ToyRules:
    id = "toy"
    title = "Toy"
    min_seats = max_seats = 2
    options = (Option("limit", "Draw limit", "int", 5, lo=1, hi=9),)
    codec = ActionCodec([Draw, Stop])

    def seat_names(self, n):
        return tuple(f"Player {i + 1}" for i in range(n))

    def new_game(self, setup):
        opts = resolve_options(self.options, setup.options)
        return {"rng": GameRng(setup.seed), "sums": [0, 0], "draws": [0, 0], "stopped": [False, False],
                "turn": 0, "limit": opts["limit"]}

    def to_act(self, s):
        return () if all(s["stopped"]) else (s["turn"],)

    def legal_actions(self, s, seat):
        if seat not in self.to_act(s):
            return []
        return [Stop()] + ([Draw()] if s["draws"][seat] < s["limit"] else [])

    def apply(self, s, seat, action):
        if action not in self.legal_actions(s, seat):
            raise IllegalAction("You can't do that now.")
        s = copy.deepcopy(s)
        events = []
        if isinstance(action, Draw):
            n = s["rng"].roll(6)
            s["sums"][seat] += n
            s["draws"][seat] += 1
            events.append(Event("drew", {"seat": seat, "n": n}, frozenset({seat}), {"seat": seat}))
        else:
            s["stopped"][seat] = True
            events.append(Event("stopped", {"seat": seat}))
        other = 1 - seat
        if not s["stopped"][other]:
            s["turn"] = other
        return s, events

    def view(self, s, seat):
        return ToyView(seat, None if seat is None else s["sums"][seat], tuple(s["draws"]), tuple(s["stopped"]))

    def result(self, s):
        if not all(s["stopped"]):
            return None
        a, b = s["sums"]
        winners = (0,) if a > b else (1,) if b > a else (0, 1)
        return Result(True, tuple(s["sums"]), winners,
                      tuple(ScoreLine(i, "Sum", s["sums"][i], "total of the draws") for i in range(2)))

    def encode_action(self, a):
        return self.codec.encode(a)

    def decode_action(self, t):
        return self.codec.decode(t)


RULES = ToyRules()
