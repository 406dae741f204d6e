"""The one contract every game implements (see shared/design.md).

A game is a `GameRules` object. Its state is opaque to everyone but the game itself;
the app, the bots and the tests only use these calls:

    new_game(setup)               -> state
    to_act(state)                 -> tuple of seats that must answer now
    legal_actions(state, seat)    -> list[Action]
    apply(state, seat, action)    -> (new_state, [Event])   (never mutates `state`)
    view(state, seat | None)      -> View                   (only what that seat may see)
    result(state)                 -> Result | None          (None while the game goes on)
    encode_action(action) / decode_action(text)             (stable text for logs and saves)

`apply` raises `IllegalAction(reason)` with a sentence a player can act on, and the state
it was given is left exactly as it was.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Iterable, Mapping, Protocol, Sequence


class IllegalAction(Exception):
    """An action the rules do not allow now; `reason` is shown to the player."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


# --------------------------------------------------------------------------- setup

SEAT_KINDS = ("human", "bot")
STRENGTHS = ("easy", "normal", "hard")


@dataclass(frozen=True)
class SeatConfig:
    kind: str = "human"          # "human" or "bot"
    strength: str = "normal"     # for bots: easy / normal / hard
    name: str = ""

    def to_json(self) -> dict:
        return {"kind": self.kind, "strength": self.strength, "name": self.name}

    @staticmethod
    def from_json(d: Mapping) -> "SeatConfig":
        return SeatConfig(kind=str(d.get("kind", "human")), strength=str(d.get("strength", "normal")),
                          name=str(d.get("name", "")))


@dataclass(frozen=True)
class Setup:
    """Everything needed to start a game; with the action log it replays exactly."""

    game: str
    seats: tuple[SeatConfig, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    seed: int = 0
    deal: Mapping[str, Any] | None = None   # optional fixed deal, game-specific

    def to_json(self) -> dict:
        return {"game": self.game, "seats": [s.to_json() for s in self.seats],
                "options": dict(self.options), "seed": self.seed,
                "deal": None if self.deal is None else dict(self.deal)}

    @staticmethod
    def from_json(d: Mapping) -> "Setup":
        return Setup(game=str(d["game"]), seats=tuple(SeatConfig.from_json(s) for s in d["seats"]),
                     options=dict(d.get("options") or {}), seed=int(d.get("seed", 0)),
                     deal=d.get("deal"))


# --------------------------------------------------------------------------- options

@dataclass(frozen=True)
class Option:
    """One rule option a game declares; the setup screen and level files use the schema.

    kind: "choice" (value in `choices`), "bool", or "int" (between lo and hi).
    `ruling` names the rules-decisions entry it comes from (e.g. "MTM-2"), if any.
    """

    key: str
    label: str
    kind: str
    default: Any
    choices: tuple[tuple[Any, str], ...] = ()   # (value, label) for "choice"
    lo: int = 0
    hi: int = 0
    help: str = ""
    ruling: str = ""

    def validate(self, value: Any) -> Any:
        """Return the value in canonical form, or raise ValueError with a readable reason."""
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            raise ValueError(f"{self.key} must be true or false, not {value!r}")
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"{self.key} must be a whole number, not {value!r}")
            if not self.lo <= value <= self.hi:
                raise ValueError(f"{self.key} must be between {self.lo} and {self.hi}, not {value}")
            return value
        if self.kind == "choice":
            allowed = [c[0] for c in self.choices]
            if value in allowed:
                return value
            raise ValueError(f"{self.key} must be one of {', '.join(map(str, allowed))}, not {value!r}")
        raise ValueError(f"option {self.key} has unknown kind {self.kind}")


def resolve_options(schema: Sequence[Option], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Defaults filled in, every value checked; unknown keys are an error."""
    given = dict(given or {})
    known = {o.key: o for o in schema}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise ValueError(f"unknown rule option(s): {', '.join(unknown)}")
    return {o.key: o.validate(given[o.key]) if o.key in given else o.default for o in schema}


# --------------------------------------------------------------------------- actions

@dataclass(frozen=True)
class Action:
    """Base for every game's actions: small frozen dataclasses.

    The text encoding is compact JSON: {"a": <kind>, ...fields}; tuples become lists.
    Subclasses set the class attribute `kind` (the name in the encoding).
    """

    kind = "action"

    def encode(self) -> str:
        body = {"a": self.kind}
        for f in dataclasses.fields(self):
            body[f.name] = _to_jsonable(getattr(self, f.name))
        return json.dumps(body, separators=(",", ":"), sort_keys=True)


def _to_jsonable(v: Any) -> Any:
    if isinstance(v, (tuple, list)):
        return [_to_jsonable(x) for x in v]
    if isinstance(v, frozenset):
        return sorted(_to_jsonable(x) for x in v)
    if isinstance(v, Fraction):
        return str(v)
    return v


def _from_jsonable(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_from_jsonable(x) for x in v)
    return v


class ActionCodec:
    """Encodes/decodes one game's action classes to and from their stable text."""

    def __init__(self, classes: Iterable[type[Action]]):
        self.by_kind = {c.kind: c for c in classes}

    def encode(self, action: Action) -> str:
        return action.encode()

    def decode(self, text: str) -> Action:
        try:
            body = json.loads(text)
            cls = self.by_kind[body.pop("a")]
            return cls(**{k: _from_jsonable(v) for k, v in body.items()})
        except (ValueError, KeyError, TypeError) as e:
            raise ValueError(f"not an action of this game: {text!r} ({e})") from None


# --------------------------------------------------------------------------- events

@dataclass(frozen=True)
class Event:
    """Something that happened. `visible_to` None = everyone; otherwise those seats only.

    Seats outside `visible_to` get `public` instead (e.g. "someone drew" without the tile),
    or nothing when `public` is None.
    """

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    visible_to: frozenset[int] | None = None
    public: Mapping[str, Any] | None = None

    def for_seat(self, seat: int | None) -> "Event | None":
        if self.visible_to is None or (seat is not None and seat in self.visible_to):
            return self
        if self.public is None:
            return None
        return Event(self.kind, self.public, None, None)

    def to_json(self) -> dict:
        return {"kind": self.kind, "data": _to_jsonable(dict(self.data)),
                "visible_to": None if self.visible_to is None else sorted(self.visible_to),
                "public": None if self.public is None else _to_jsonable(dict(self.public))}


def events_for(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events as `seat` may see them (seat None = a spectator: public only)."""
    out = []
    for e in events:
        r = e.for_seat(seat)
        if r is not None:
            out.append(r)
    return out


# --------------------------------------------------------------------------- scoring

@dataclass(frozen=True)
class ScoreLine:
    """One itemised line: name, value (points, doubles or cents as text or number), why."""

    seat: int
    name: str
    value: Any
    why: str = ""

    def to_json(self) -> dict:
        return {"seat": self.seat, "name": self.name, "value": _to_jsonable(self.value), "why": self.why}


@dataclass(frozen=True)
class Result:
    """The end of a game (or, with `final` False, of a round inside it)."""

    final: bool
    totals: tuple[Any, ...]                  # per seat, the game's score unit
    winners: tuple[int, ...]                 # seats that won (several on a tie)
    lines: tuple[ScoreLine, ...] = ()        # itemised breakdown
    summary: str = ""                        # one sentence: "South wins with 9 points"
    unit: str = "points"

    def to_json(self) -> dict:
        return {"final": self.final, "totals": [_to_jsonable(t) for t in self.totals],
                "winners": list(self.winners), "lines": [l.to_json() for l in self.lines],
                "summary": self.summary, "unit": self.unit}


# --------------------------------------------------------------------------- the game

class GameRules(Protocol):
    id: str                      # "minttin", "rummy", "kards", "cuzzins", "martian"
    title: str
    min_seats: int
    max_seats: int
    options: Sequence[Option]

    def seat_names(self, n: int) -> tuple[str, ...]: ...          # "North", "East" ... or "Player 1"
    def new_game(self, setup: Setup) -> Any: ...
    def to_act(self, state: Any) -> tuple[int, ...]: ...
    def legal_actions(self, state: Any, seat: int) -> list[Action]: ...
    def apply(self, state: Any, seat: int, action: Action) -> tuple[Any, list[Event]]: ...
    def view(self, state: Any, seat: int | None) -> Any: ...
    def result(self, state: Any) -> Result | None: ...
    def encode_action(self, action: Action) -> str: ...
    def decode_action(self, text: str) -> Action: ...
