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

Optional hooks (looked up with getattr; a game that lacks one gets the default):

    prompt(state)                 -> Prompt   (default: `default_prompt`, a plain turn for to_act)
    outcomes(state)               -> [(Action, probability)]   when CHANCE is to act (dice etc.)
    describe_action(action)       -> str      (a player's words for an action; hints and toasts)
    goal_met(goal, state, seat)   -> bool | None   (a level's goal; None = not decided yet)

Actions are frozen dataclasses whose fields are typed (and ranged with `checked`); a game's
`apply` first calls `check_action` (or its codec's `check`) and `decode_action` raises
ValueError for any text that is not a well-formed action. Events and views hold only immutable
data (Event freezes its own), so nothing handed out can reach back into the state.

`apply` raises `IllegalAction(reason)` with a sentence a player can act on, and the state
it was given is left exactly as it was.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
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

    kind: "choice" (value in `choices`), "bool", or "int" (between lo and hi; its `choices`, if
    any, are the stops a menu offers, so a wide range is not walked one by one).
    `ruling` names the rules-decisions entry it comes from (e.g. "MTM-2"), if any.
    """

    key: str
    label: str
    kind: str
    default: Any
    choices: tuple[tuple[Any, str], ...] = ()   # (value, label) for "choice"; an "int"'s menu stops
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
            # TOML has no null: a level file writes "none" for a choice whose value may be None
            if None in allowed and isinstance(value, str) and value.lower() == "none":
                return None
            words = ", ".join("none" if a is None else str(a) for a in allowed)
            raise ValueError(f"{self.key} must be one of {words}, not {value!r}")
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

def checked(default: Any, *, lo: int | None = None, hi: int | None = None,
            among: Iterable[str] | None = None) -> Any:
    """A dataclass field of an Action with its allowed range: ints in lo..hi, every text in `among`.

    The field's type is its annotation; `check_action` enforces both (see there).
    """
    meta = {}
    if lo is not None or hi is not None:
        meta["range"] = (lo, hi)
    if among is not None:
        meta["among"] = frozenset(among)
    return field(default=default, metadata=meta)


@dataclass(frozen=True)
class Action:
    """Base for every game's actions: small frozen dataclasses.

    The text encoding is compact JSON: {"a": <kind>, ...fields}; tuples become lists.
    Subclasses set the class attribute `kind` (the name in the encoding). Each field's
    annotation is its type (int, str, bool, tuple[str, ...], tuple[str, str], X | None) and
    `checked(...)` adds its range; `check_action` holds every action to both, so the codec
    and each game's `apply` reject a malformed action in one place.
    """

    kind = "action"

    def encode(self) -> str:
        body = {"a": self.kind}
        for f in dataclasses.fields(self):
            body[f.name] = _to_jsonable(getattr(self, f.name))
        return json.dumps(body, separators=(",", ":"), sort_keys=True)


_FIELD_TYPES: dict[type, dict[str, Any]] = {}


def _field_types(cls: type) -> dict[str, Any]:
    if cls not in _FIELD_TYPES:
        _FIELD_TYPES[cls] = typing.get_type_hints(cls)
    return _FIELD_TYPES[cls]


def _type_problem(value: Any, tp: Any, meta: Mapping[str, Any]) -> str | None:
    """Why `value` is not of type `tp` within `meta`'s range, or None when it is."""
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        problems = [_type_problem(value, t, meta) for t in typing.get_args(tp)]
        return None if None in problems else problems[0]
    if tp is type(None):
        return None if value is None else f"{value!r} should be empty (null)"
    if origin is tuple:
        if not isinstance(value, tuple):
            return f"{value!r} should be a list"
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            args = (args[0],) * len(value)
        elif len(args) != len(value):
            return f"{value!r} should have {len(args)} entries"
        for v, t in zip(value, args):
            p = _type_problem(v, t, meta)
            if p:
                return p
        return None
    if tp is bool:
        return None if isinstance(value, bool) else f"{value!r} should be true or false"
    if tp is int:
        if isinstance(value, bool) or not isinstance(value, int):
            return f"{value!r} should be a whole number"
        lo, hi = meta.get("range", (None, None))
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            return f"{value} should be between {lo} and {hi}"
        return None
    if tp is str:
        if not isinstance(value, str):
            return f"{value!r} should be text"
        if "among" in meta and value not in meta["among"]:
            return f"{value!r} is not one of this game's pieces"
        return None
    return None if isinstance(value, tp) else f"{value!r} should be a {tp.__name__}"


def action_problem(action: Any, classes: Iterable[type[Action]]) -> str | None:
    """Why `action` is not a well-formed action of one of `classes`, or None when it is."""
    classes = tuple(classes)
    if type(action) not in classes:
        return f"{action!r} is not an action of this game"
    hints = _field_types(type(action))
    for f in dataclasses.fields(action):
        p = _type_problem(getattr(action, f.name), hints[f.name], f.metadata)
        if p:
            return f"{f.name}: {p}"
    return None


def check_action(action: Any, classes: Iterable[type[Action]]) -> None:
    """Raise IllegalAction unless `action` is well formed (the first check of every `apply`)."""
    p = action_problem(action, classes)
    if p:
        raise IllegalAction(f"That move is not well formed ({p}).")


def _to_jsonable(v: Any) -> Any:
    if isinstance(v, (tuple, list)):
        return [_to_jsonable(x) for x in v]
    if isinstance(v, frozenset):
        return sorted(_to_jsonable(x) for x in v)
    if isinstance(v, Mapping):
        return {k: _to_jsonable(x) for k, x in v.items()}
    if isinstance(v, Fraction):
        return str(v)
    return v


def _from_jsonable(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_from_jsonable(x) for x in v)
    return v


class ActionCodec:
    """Encodes/decodes one game's action classes to and from their stable text.

    `decode` raises ValueError ("not an action of this game: ...") for anything but the text of a
    well-formed action: bad JSON, an unknown kind or field, a field of the wrong type or range.
    """

    def __init__(self, classes: Iterable[type[Action]]):
        self.classes = tuple(classes)
        self.by_kind = {c.kind: c for c in self.classes}

    def encode(self, action: Action) -> str:
        return action.encode()

    def check(self, action: Any) -> None:
        check_action(action, self.classes)

    def decode(self, text: str) -> Action:
        def bad(why: str) -> ValueError:
            return ValueError(f"not an action of this game: {text!r} ({why})")
        try:
            body = json.loads(text)
        except (ValueError, TypeError, RecursionError) as e:
            raise bad(str(e)) from None
        if not isinstance(body, dict):
            raise bad("not a JSON object")
        kind = body.pop("a", None)
        cls = self.by_kind.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise bad(f"unknown kind {kind!r}")
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(body) - names)
        if unknown:
            raise bad(f"unknown field(s) {', '.join(unknown)}")
        try:
            action = cls(**{k: _from_jsonable(v) for k, v in body.items()})
        except RecursionError as e:
            raise bad(str(e)) from None
        problem = action_problem(action, self.classes)
        if problem:
            raise bad(problem)
        return action


# --------------------------------------------------------------------------- prompts and chance

CHANCE = -1   # the seat that plays dice and other random decisions; the match draws its answer
PROMPT_KINDS = ("turn", "claim", "setup", "chance")


@dataclass(frozen=True)
class Prompt:
    """What a game is waiting for, beyond the bare `to_act` seats.

    sealed: the answers are independent and hidden from each other until the game resolves them
    (a claim window), so a driver may ask every seat at once.  timeout: seconds (from a rule
    option; None = no timer); when it runs out each seat in `seats` that has not answered plays
    its `on_timeout` action.  window: an id that stays the same while one prompt collects several
    answers (None = every move opens a new prompt), so its timer is not restarted by each answer.
    out_of_turn: seats that may act now although they are not asked (their legal actions say what).
    """

    seats: tuple[int, ...]
    kind: str = "turn"
    sealed: bool = False
    timeout: float | None = None
    on_timeout: tuple[tuple[int, Action], ...] = ()
    out_of_turn: tuple[int, ...] = ()
    window: Any = None

    def __post_init__(self) -> None:
        if self.kind not in PROMPT_KINDS:
            raise ValueError(f"prompt kind must be one of {', '.join(PROMPT_KINDS)}, not {self.kind!r}")

    def timeout_action(self, seat: int) -> Action | None:
        for s, action in self.on_timeout:
            if s == seat:
                return action
        return None


def default_prompt(rules: Any, state: Any) -> Prompt:
    """The game's own `prompt(state)` if it has one; otherwise a plain untimed turn for `to_act`."""
    fn = getattr(rules, "prompt", None)
    if fn is not None:
        return fn(state)
    seats = tuple(rules.to_act(state))
    return Prompt(seats, "chance" if seats == (CHANCE,) else "turn")


def check_outcomes(outcomes: Sequence[tuple[Action, Any]]) -> None:
    """Chance outcomes must be listed with positive probabilities that add up to 1."""
    if not outcomes:
        raise ValueError("a chance node must list at least one outcome")
    total = Fraction(0)
    for action, p in outcomes:
        p = Fraction(p)
        if p <= 0:
            raise ValueError(f"outcome {action!r} has probability {p}; each must be above 0")
        total += p
    if total != 1:
        raise ValueError(f"chance outcomes add up to {total}, not 1")


# --------------------------------------------------------------------------- payments

@dataclass(frozen=True)
class Transfer:
    """One payment: `payer` gives `amount` (the game's unit) to `payee`, with the reason.

    Carried in events during a hand (data["transfers"]) and in round results
    (Result.transfers / a round_end event's data["transfers"]) as `to_json` dicts.
    payer None is a seat's own score that nobody pays (kit.ledger keeps both kinds).
    """

    payer: int | None
    payee: int
    amount: Any
    why: str = ""

    def to_json(self) -> dict:
        return {"payer": self.payer, "payee": self.payee, "amount": _to_jsonable(self.amount), "why": self.why}

    @staticmethod
    def from_json(d: Mapping) -> "Transfer":
        try:
            payer = None if d["payer"] is None else int(d["payer"])
            return Transfer(payer, int(d["payee"]), d["amount"], str(d.get("why", "")))
        except (KeyError, TypeError, ValueError) as e:
            raise ValueError(f"not a transfer: {d!r} ({e})") from None


# --------------------------------------------------------------------------- events

class FrozenDict(dict):
    """A dict nobody can change: what events hand out can never reach back into a game.

    Made only by `freeze`, so its values are frozen too. Still a dict for reading and JSON.
    """

    __slots__ = ()

    def _read_only(self, *args: Any, **kw: Any) -> None:
        raise TypeError("event data can't be changed")

    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _read_only

    def __hash__(self) -> int:
        return hash(frozenset(self.items()))

    def __reduce__(self):
        return (FrozenDict, (dict(self),))

    def __copy__(self) -> "FrozenDict":
        return self

    def __deepcopy__(self, memo: dict) -> "FrozenDict":
        return self


def freeze(v: Any) -> Any:
    """A deep copy of plain data (dicts, lists, tuples, sets) made of immutable containers only."""
    if isinstance(v, (str, int, float, Fraction)) or v is None or type(v) is FrozenDict:
        return v
    if isinstance(v, Mapping):
        return FrozenDict({k: freeze(x) for k, x in v.items()})
    if isinstance(v, (list, tuple)):
        return tuple(freeze(x) for x in v)
    if isinstance(v, (set, frozenset)):
        return frozenset(freeze(x) for x in v)
    return v


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

    def __post_init__(self) -> None:
        # Events go to the app, bots and logs: they get a frozen copy, never the game's own lists.
        object.__setattr__(self, "data", freeze(self.data))
        if self.public is not None:
            object.__setattr__(self, "public", freeze(self.public))
        if self.visible_to is not None:
            object.__setattr__(self, "visible_to", frozenset(self.visible_to))

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
    transfers: tuple[Transfer, ...] = ()     # payments settled by this result (payer, payee, amount, why)

    def to_json(self) -> dict:
        out = {"final": self.final, "totals": [_to_jsonable(t) for t in self.totals],
               "winners": list(self.winners), "lines": [l.to_json() for l in self.lines],
               "summary": self.summary, "unit": self.unit}
        if self.transfers:     # only when present, so games without payments serialise as before
            out["transfers"] = [t.to_json() for t in self.transfers]
        return out


# --------------------------------------------------------------------------- the game

class GameRules(Protocol):
    id: str                      # "minttin", "rummy", "kards", "cuzzins", "martian"
    title: str
    min_seats: int
    max_seats: int
    options: Sequence[Option]
    action_classes: tuple[type[Action], ...]   # every action class (the codec's; fuzzed by the tests)

    def seat_names(self, n: int) -> tuple[str, ...]: ...          # "North", "East" ... or "Player 1"
    def new_game(self, setup: Setup) -> Any: ...
    def to_act(self, state: Any) -> tuple[int, ...]: ...
    def legal_actions(self, state: Any, seat: int) -> list[Action]: ...
    def apply(self, state: Any, seat: int, action: Action) -> tuple[Any, list[Event]]: ...
    def view(self, state: Any, seat: int | None) -> Any: ...
    def result(self, state: Any) -> Result | None: ...
    def encode_action(self, action: Action) -> str: ...
    def decode_action(self, text: str) -> Action: ...
