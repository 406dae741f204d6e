"""The match: one game in progress, its action log, save and step-by-step replay.

A save is `{setup, log}` plus metadata; loading replays the log from the setup, so the
position is exact and nothing but JSON is ever stored.  Chance decisions (dice) are drawn
here from the match's own rng and logged like any other action, so a save replays exactly
whatever the game does with random numbers.  Time never comes from a wall clock: whoever
runs the match reports elapsed seconds with `tick`, which plays the prompt's timeouts.
(`game.core.driver` is the loop that asks whoever must act.)
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Iterable, Iterator

from game.core.protocol import (CHANCE, Action, Event, IllegalAction, Prompt, Result, Setup, check_outcomes,
                                default_prompt, events_for)
from game.core.rng import GameRng

SAVE_VERSION = 1


class SaveError(ValueError):
    """A save that can't be loaded; the message says why."""


@dataclass(frozen=True)
class LogEntry:
    seat: int
    action: str          # the action's stable text encoding

    def to_json(self) -> list:
        return [self.seat, self.action]


def _rules(game_id: str):
    from game.rules import rules_for
    rules = rules_for(game_id)
    if rules is None:
        raise SaveError(f"{game_id} can't be played yet")
    return rules


@dataclass(frozen=True)
class Seen:
    """One move as a seat saw it (see `Match.history`)."""

    move: int                    # 1-based position in the log
    actor: int                   # the seat that moved (CHANCE for a chance draw)
    action: str | None           # the action's text when the seat itself made it; others' come via events
    events: tuple[Event, ...]    # the move's events as the seat may see them
    view: Any                    # the seat's view after the move


_CUMULATIVE: dict[tuple, tuple[tuple, list[Fraction]]] = {}


def _cumulative(outcomes: Any) -> list[Fraction]:
    """The running totals of a chance node's probabilities, checked once (`check_outcomes`).

    Games hand out the same probability objects turn after turn (a module's `Fraction(1, 48)`),
    so the totals are remembered by those objects' identities; the cache keeps the objects
    alive, so an identity can't be reused by another value while it is remembered."""
    probs = tuple(p for _, p in outcomes)
    key = tuple(map(id, probs))
    hit = _CUMULATIVE.get(key)
    if hit is not None:
        return hit[1]
    fracs = [(a, Fraction(p)) for a, p in outcomes]
    check_outcomes(fracs)
    total, running = Fraction(0), []
    for _, p in fracs:
        total += p
        running.append(total)
    if len(_CUMULATIVE) >= 512:
        _CUMULATIVE.clear()
    _CUMULATIVE[key] = (probs, running)
    return running


class Match:
    """Owns the state of one game; every change goes through `act`."""

    def __init__(self, setup: Setup, rules: Any = None, meta: dict | None = None,
                 forced: Iterable[Action] = ()):
        self.setup = setup
        self.rules = rules if rules is not None else _rules(setup.game)
        self.state = self.rules.new_game(setup)
        self.log: list[LogEntry] = []
        self.meta: dict = dict(meta or {})        # e.g. level id, player-facing title
        self.on_change: Callable[["Match"], None] | None = None   # autosave hook
        self.forced: list[Action] = list(forced)  # chance outcomes to play next, in order (levels, tests)
        self._states: list[Any] = [self.state]    # state after each move, for `history`
        self._events: list[tuple[Event, ...]] = []
        self._clock_key: Any = None               # which prompt the timer is running for
        self.waited = 0.0                         # seconds the current prompt has been waiting

    # -- queries -----------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return tuple(self.rules.to_act(self.state))

    def prompt(self) -> Prompt:
        return default_prompt(self.rules, self.state)

    def legal(self, seat: int) -> list[Action]:
        return self.rules.legal_actions(self.state, seat)

    def view(self, seat: int | None) -> Any:
        return self.rules.view(self.state, seat)

    def result(self) -> Result | None:
        return self.rules.result(self.state)

    @property
    def finished(self) -> bool:
        return self.result() is not None

    # -- the one way to change the game -----------------------------------------
    def act(self, seat: int, action: Action) -> list[Event]:
        """Apply an action; IllegalAction leaves everything as it was.

        A seat may act when it is to act, or out of turn when the prompt allows it.
        """
        if seat not in self.to_act() and seat not in self.prompt().out_of_turn:
            raise IllegalAction("It is not your turn to act.")
        new_state, events = self.rules.apply(self.state, seat, action)
        self.state = new_state
        self.log.append(LogEntry(seat, self.rules.encode_action(action)))
        self._states.append(new_state)
        self._events.append(tuple(events))
        if self.on_change is not None:
            self.on_change(self)
        return events

    # -- chance ----------------------------------------------------------------------
    def outcomes(self) -> list[tuple[Action, Fraction]]:
        """The pending chance decision's outcomes with their probabilities (checked to add up to 1)."""
        if CHANCE not in self.to_act():
            raise IllegalAction("No chance decision is pending.")
        outcomes = [(a, Fraction(p)) for a, p in self.rules.outcomes(self.state)]
        check_outcomes(outcomes)
        return outcomes

    def roll(self) -> list[Event]:
        """Decide the pending chance node: the next forced outcome if any, else a draw from the
        match rng (seeded by the setup and the move number, so it does not depend on history)."""
        if CHANCE not in self.to_act():
            raise IllegalAction("No chance decision is pending.")
        raw = list(self.rules.outcomes(self.state))
        cumulative = _cumulative(raw)
        if self.forced:
            action = self.forced[0]
            if action not in [a for a, _ in raw]:
                raise ValueError(f"the forced outcome {action!r} can't happen now")
            self.forced.pop(0)
        else:
            # the first outcome whose running total exceeds r (exact arithmetic, as a subtraction loop would)
            r = Fraction(GameRng(f"{self.setup.seed}:chance:{len(self.log)}").random())
            action = raw[min(bisect_right(cumulative, r), len(raw) - 1)][0]
        return self.act(CHANCE, action)

    # -- time ----------------------------------------------------------------------
    def _clock_for(self, prompt: Prompt) -> None:
        key = prompt.window if prompt.window is not None else ("move", len(self.log))
        if key != self._clock_key:
            self._clock_key, self.waited = key, 0.0

    def time_left(self) -> float | None:
        """Seconds before the current prompt times out (None = no timer)."""
        prompt = self.prompt()
        if prompt.timeout is None:
            return None
        self._clock_for(prompt)
        return max(0.0, prompt.timeout - self.waited)

    def tick(self, seconds: float) -> list[Event]:
        """`seconds` more have passed while waiting; when the prompt's timer runs out, each seat it
        still waits for plays its timeout action (logged like any move).  Returns their events."""
        prompt = self.prompt()
        self._clock_for(prompt)
        self.waited += max(0.0, seconds)
        if prompt.timeout is None or self.waited < prompt.timeout:
            return []
        events: list[Event] = []
        for seat in prompt.seats:
            if seat not in self.to_act():      # answered already, or the window has closed
                continue
            action = prompt.timeout_action(seat)
            if action is None:
                raise ValueError(f"the prompt timed out but gives seat {seat} nothing to play")
            events += self.act(seat, action)
        self._clock_key, self.waited = None, 0.0
        return events

    # -- what a seat saw -------------------------------------------------------------
    def history(self, seat: int | None, since: int = 0, until: int | None = None) -> list[Seen]:
        """Every move after the first `since` (up to move `until`, default the last), as `seat` saw it:
        redacted events and its view after."""
        out = []
        end = len(self.log) if until is None else min(until, len(self.log))
        for i in range(max(0, since), end):
            entry = self.log[i]
            out.append(Seen(i + 1, entry.seat, entry.action if entry.seat == seat else None,
                            tuple(events_for(self._events[i], seat)), self.rules.view(self._states[i + 1], seat)))
        return out

    def view_at(self, seat: int | None, move: int) -> Any:
        """`seat`'s view after the first `move` moves (0 = the start), e.g. the table before a turn."""
        if not 0 <= move <= len(self.log):
            raise IndexError(f"the match has {len(self.log)} moves, not {move}")
        return self.rules.view(self._states[move], seat)

    def state_at(self, move: int) -> Any:
        """The true state after the first `move` moves (0 = the start): what a table showing its
        moves one by one has reached, while the match may already be further on."""
        if not 0 <= move <= len(self.log):
            raise IndexError(f"the match has {len(self.log)} moves, not {move}")
        return self._states[move]

    def act_for(self, seat: int | None, action_seat: int, action: Action) -> list[Event]:
        """Act and return the events as `seat` may see them."""
        return events_for(self.act(action_seat, action), seat)

    # -- persistence ---------------------------------------------------------------
    def to_json(self) -> dict:
        return {"version": SAVE_VERSION, "setup": self.setup.to_json(),
                "log": [e.to_json() for e in self.log], "meta": self.meta}

    @classmethod
    def from_json(cls, data: Any, rules: Any = None) -> "Match":
        """Rebuild by replaying the log; a damaged save raises SaveError with the reason."""
        if not isinstance(data, dict):
            raise SaveError("the save is not a JSON object")
        version = data.get("version")
        if version != SAVE_VERSION:
            raise SaveError(f"the save has version {version!r}; this game reads version {SAVE_VERSION}")
        try:
            setup = Setup.from_json(data["setup"])
            log = [LogEntry(int(s), str(a)) for s, a in data["log"]]
        except (KeyError, TypeError, ValueError) as e:
            raise SaveError(f"the save is incomplete ({e})") from None
        match = cls(setup, rules, data.get("meta") or {})
        for i, entry in enumerate(log):
            try:
                match.act(entry.seat, match.rules.decode_action(entry.action))
            except (IllegalAction, ValueError) as e:
                reason = getattr(e, "reason", str(e))
                raise SaveError(f"move {i + 1} of the save can't be replayed: {reason}") from None
        return match


class Replay:
    """Step through a finished or saved match one action at a time."""

    def __init__(self, data: dict, rules: Any = None):
        self.setup = Setup.from_json(data["setup"])
        self.rules = rules if rules is not None else _rules(self.setup.game)
        self.entries = [LogEntry(int(s), str(a)) for s, a in data["log"]]

    def __len__(self) -> int:
        return len(self.entries)

    def steps(self) -> Iterator[tuple[int, LogEntry | None, Any, list[Event]]]:
        """Yields (index, entry, state after it, events); index 0 is the start position."""
        state = self.rules.new_game(self.setup)
        yield 0, None, state, []
        for i, entry in enumerate(self.entries, 1):
            state, events = self.rules.apply(state, entry.seat, self.rules.decode_action(entry.action))
            yield i, entry, state, events

    def state_at(self, index: int) -> Any:
        for i, _entry, state, _events in self.steps():
            if i == index:
                return state
        raise IndexError(f"the replay has {len(self)} moves, not {index}")
