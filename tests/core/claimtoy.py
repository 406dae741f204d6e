"""A tiny three-seat game that uses every optional part of the protocol, so the match and the
driver can be tested without a real game: a dice chance node, a sealed claim window with a
timeout, an out-of-turn action, a private peek and payments.

Each turn: the dice (the CHANCE seat) give the seat to play a number; it discards one of its
numbers; every other seat answers Claim (only if it holds the same number) or Pass, sealed.
The nearest claimer after the discarder takes it, removes its own copy and the discarder pays
it 1 chip.  While a seat is choosing its discard, any other seat may once per game Peek at a
hand, out of turn, paying its owner 1 chip.  After `turns` discards the most chips win.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from fractions import Fraction

from game.core.protocol import (CHANCE, Action, ActionCodec, Event, IllegalAction, Option, Prompt, Result,
                                ScoreLine, Transfer, checked, resolve_options)
from game.core.rng import GameRng

SEATS = 3
START_CHIPS = 10


@dataclass(frozen=True)
class Roll(Action):
    kind = "roll"
    n: int = checked(1, lo=1, hi=6)


@dataclass(frozen=True)
class Discard(Action):
    kind = "discard"
    n: int = checked(1, lo=1, hi=6)


@dataclass(frozen=True)
class Claim(Action):
    kind = "claim"


@dataclass(frozen=True)
class Pass(Action):
    kind = "pass"


@dataclass(frozen=True)
class Peek(Action):
    kind = "peek"
    target: int = checked(0, lo=0, hi=SEATS - 1)


@dataclass(frozen=True)
class ClaimView:
    seat: int | None
    hand: tuple[int, ...] | None
    chips: tuple[int, ...]
    phase: str
    turn: int
    discard: int | None


class ClaimToyRules:
    id = "claimtoy"
    title = "Claim toy"
    min_seats = max_seats = SEATS
    # claim_seconds and skip_claims: every game with claims declares these two (docs/CONTRACTS.md)
    options = (Option("turns", "Discards in the game", "int", 6, lo=1, hi=60),
               Option("claim_seconds", "Time to answer a discard", "choice", 3,
                      choices=((None, "No timer"), (2, "2 seconds"), (3, "3 seconds"), (4, "4 seconds"),
                               (10, "10 seconds"), (30, "30 seconds"))),
               Option("skip_claims", "Only ask me when I can claim", "bool", True,
                      help="Playing alone against the computer, a discard you can't claim is passed for you."))
    codec = ActionCodec([Roll, Discard, Claim, Pass, Peek])

    def seat_names(self, n):
        return tuple(f"Player {i + 1}" for i in range(n))

    def new_game(self, setup):
        opts = resolve_options(self.options, setup.options)
        rng = GameRng(setup.seed)     # the deal stays with the game rng; only the dice are chance
        return {"hands": [sorted(rng.roll(6) for _ in range(3)) for _ in range(SEATS)],
                "chips": [START_CHIPS] * SEATS, "phase": "roll", "turn": 0, "discard": None,
                "answers": {}, "discards": 0, "peeked": [False] * SEATS, "transfers": [], **opts}

    # -- whose move -------------------------------------------------------------------
    def _waiting(self, s):
        return tuple(p for p in range(SEATS) if p != s["turn"] and p not in s["answers"])

    def to_act(self, s):
        if s["phase"] == "roll":
            return (CHANCE,)
        if s["phase"] == "discard":
            return (s["turn"],)
        if s["phase"] == "claim":
            return self._waiting(s)
        return ()

    def prompt(self, s):
        if s["phase"] == "roll":
            return Prompt((CHANCE,), "chance")
        if s["phase"] == "discard":
            peekers = tuple(p for p in range(SEATS) if p != s["turn"] and not s["peeked"][p])
            return Prompt((s["turn"],), "turn", out_of_turn=peekers)
        if s["phase"] == "claim":
            waiting = self._waiting(s)
            return Prompt(waiting, "claim", sealed=True, timeout=s["claim_seconds"] or None,
                          on_timeout=tuple((p, Pass()) for p in waiting), window=("claim", s["discards"]))
        return Prompt(())

    def outcomes(self, s):
        return [(Roll(n), Fraction(1, 6)) for n in range(1, 7)]

    def legal_actions(self, s, seat):
        if s["phase"] == "roll":
            return [a for a, _ in self.outcomes(s)] if seat == CHANCE else []
        if s["phase"] == "discard":
            if seat == s["turn"]:
                return [Discard(n) for n in sorted(set(s["hands"][seat]))]
            if 0 <= seat < SEATS and not s["peeked"][seat]:
                return [Peek(t) for t in range(SEATS) if t != seat]
            return []
        if s["phase"] == "claim" and seat in self._waiting(s):
            return [Pass()] + ([Claim()] if s["discard"] in s["hands"][seat] else [])
        return []

    # -- moves ---------------------------------------------------------------------------
    def apply(self, s, seat, action):
        self.codec.check(action)
        if action not in self.legal_actions(s, seat):
            raise IllegalAction("You can't do that now.")
        s = copy.deepcopy(s)
        if isinstance(action, Roll):
            s["hands"][s["turn"]].append(action.n)
            s["hands"][s["turn"]].sort()
            s["phase"] = "discard"
            return s, [Event("rolled", {"seat": s["turn"], "n": action.n})]
        if isinstance(action, Peek):
            s["peeked"][seat] = True
            t = Transfer(seat, action.target, 1, "a peek at a hand")
            self._pay(s, t)
            return s, [Event("peek", {"seat": seat, "target": action.target, "hand": s["hands"][action.target]},
                             frozenset({seat}), None),
                       Event("payment", {"transfers": [t.to_json()]})]
        if isinstance(action, Discard):
            s["hands"][seat].remove(action.n)
            s["discard"], s["phase"], s["answers"] = action.n, "claim", {}
            return s, [Event("discarded", {"seat": seat, "n": action.n})]
        # a sealed claim answer: only the answering seat learns it now
        s["answers"][seat] = action.kind
        events = [Event("answered", {"seat": seat, "answer": action.kind}, frozenset({seat}), None)]
        if not self._waiting(s):
            events += self._resolve(s)
        return s, events

    def _pay(self, s, t):
        s["chips"][t.payer] -= t.amount
        s["chips"][t.payee] += t.amount
        s["transfers"].append(t.to_json())

    def _resolve(self, s):
        order = [(s["turn"] + k) % SEATS for k in range(1, SEATS)]
        taker = next((p for p in order if s["answers"].get(p) == "claim"), None)
        data = {"discarder": s["turn"], "n": s["discard"], "taker": taker, "why": "nobody claimed"}
        if taker is not None:
            s["hands"][taker].remove(s["discard"])
            t = Transfer(s["turn"], taker, 1, f"pair of {s['discard']}s claimed")
            self._pay(s, t)
            data.update(why=t.why, transfers=[t.to_json()])
        s["discards"] += 1
        s["turn"], s["discard"], s["answers"] = (s["turn"] + 1) % SEATS, None, {}
        s["phase"] = "over" if s["discards"] >= s["turns"] else "roll"
        return [Event("claim_resolved", data)]

    # -- what a seat sees -----------------------------------------------------------------
    def view(self, s, seat):
        hand = tuple(s["hands"][seat]) if seat is not None and 0 <= seat < SEATS else None
        return ClaimView(seat, hand, tuple(s["chips"]), s["phase"], s["turn"], s["discard"])

    def result(self, s):
        if s["phase"] != "over":
            return None
        best = max(s["chips"])
        return Result(True, tuple(s["chips"]), tuple(p for p in range(SEATS) if s["chips"][p] == best),
                      tuple(ScoreLine(p, "Chips", s["chips"][p]) for p in range(SEATS)), unit="chips",
                      transfers=tuple(Transfer.from_json(t) for t in s["transfers"]))

    def describe_action(self, action):
        return {"roll": "rolls", "discard": "discards", "claim": "claims", "pass": "passes",
                "peek": "peeks"}[action.kind]

    def encode_action(self, a):
        return self.codec.encode(a)

    def decode_action(self, t):
        return self.codec.decode(t)


RULES = ClaimToyRules()
