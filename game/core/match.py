"""The match driver: one game in progress, its action log, save and step-by-step replay.

A save is `{setup, log}` plus metadata; loading replays the log from the setup, so the
position is exact and nothing but JSON is ever stored.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterator

from game.core.protocol import Action, Event, IllegalAction, Result, Setup, events_for

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


class Match:
    """Owns the state of one game; every change goes through `act`."""

    def __init__(self, setup: Setup, rules: Any = None, meta: dict | None = None):
        self.setup = setup
        self.rules = rules if rules is not None else _rules(setup.game)
        self.state = self.rules.new_game(setup)
        self.log: list[LogEntry] = []
        self.meta: dict = dict(meta or {})        # e.g. level id, player-facing title
        self.on_change: Callable[["Match"], None] | None = None   # autosave hook

    # -- queries -----------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return tuple(self.rules.to_act(self.state))

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
        """Apply an action; IllegalAction leaves everything as it was."""
        if seat not in self.to_act():
            raise IllegalAction("It is not your turn to act.")
        new_state, events = self.rules.apply(self.state, seat, action)
        self.state = new_state
        self.log.append(LogEntry(seat, self.rules.encode_action(action)))
        if self.on_change is not None:
            self.on_change(self)
        return events

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
