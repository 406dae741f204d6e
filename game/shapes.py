"""Expected shapes of the JSON files the game reads, and the one validator that checks them.

A shape is data (`Record({"played": Int(lo=0)}, defaults={"played": 0})`); `clean(value,
shape)` returns the value as the game may use it plus notes on what was repaired, or
raises `Bad` with a reason in a player's words. A field with a default, or an entry of a
`MapOf(..., drop_bad=True)`, is repaired (reset or dropped) rather than failing the whole
file, so the rest of a file's good data is kept. Nothing here recurses deeper than the
shape itself; free-form parts (`Json`) have a bounded depth, checked without recursion.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

MISSING = object()


class Bad(ValueError):
    """A value that can't be used; str(e) says why, in a player's words."""


def describe(v: Any) -> str:
    """What a JSON value is, for a message ("the text 'many'", "a list" ...)."""
    if v is None:
        return "nothing (null)"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return f"the number {v}"
    if isinstance(v, str):
        short = v if len(v) <= 20 else v[:20] + "…"
        return f"the text '{short}'"
    if isinstance(v, list):
        return "a list"
    if isinstance(v, dict):
        return "a group of values"
    return "something unknown"


def _at(where: str) -> str:
    return f"'{where}'" if where else "the file"


def _is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


class Shape:
    wants = "a value"

    def clean(self, v: Any, where: str, notes: list[str]) -> Any:
        raise NotImplementedError

    def fail(self, v: Any, where: str) -> Bad:
        return Bad(f"{_at(where)} should be {self.wants}, but it is {describe(v)}")


@dataclass(frozen=True)
class Int(Shape):
    lo: int | None = None
    hi: int | None = None

    @property
    def wants(self) -> str:
        if self.lo is not None and self.hi is not None:
            return f"a whole number from {self.lo} to {self.hi}"
        return "a whole number" + (f" of at least {self.lo}" if self.lo is not None else "")

    def clean(self, v, where, notes):
        if not isinstance(v, int) or isinstance(v, bool) or (self.lo is not None and v < self.lo) \
                or (self.hi is not None and v > self.hi):
            raise self.fail(v, where)
        return v


@dataclass(frozen=True)
class Num(Shape):
    lo: float | None = None
    hi: float | None = None

    @property
    def wants(self) -> str:
        # the range belongs in the message: "should be a number, but it is the number 7" puzzles
        if self.lo is not None and self.hi is not None:
            return f"a number from {self.lo:g} to {self.hi:g}"
        if self.lo is not None:
            return f"a number of at least {self.lo:g}"
        return "a number" + (f" of at most {self.hi:g}" if self.hi is not None else "")

    def clean(self, v, where, notes):
        if not _is_number(v) or (self.lo is not None and v < self.lo) or (self.hi is not None and v > self.hi):
            raise self.fail(v, where)
        return v


@dataclass(frozen=True)
class Bool(Shape):
    wants = "true or false"

    def clean(self, v, where, notes):
        if not isinstance(v, bool):
            raise self.fail(v, where)
        return v


@dataclass(frozen=True)
class Text(Shape):
    max_len: int = 200
    wants = "a short text"

    def clean(self, v, where, notes):
        if not isinstance(v, str) or len(v) > self.max_len:
            raise self.fail(v, where)
        return v


@dataclass(frozen=True)
class OneOf(Shape):
    values: tuple

    @property
    def wants(self) -> str:
        return "one of " + ", ".join(repr(x) for x in self.values)

    def clean(self, v, where, notes):
        # bools are ints in Python: True must not pass for 1
        if not any((type(v) is type(x) and v == x) or (_is_number(v) and _is_number(x) and v == x)
                   for x in self.values):
            raise self.fail(v, where)
        return v


@dataclass(frozen=True)
class Maybe(Shape):
    inner: Shape

    def clean(self, v, where, notes):
        return None if v is None else self.inner.clean(v, where, notes)


@dataclass(frozen=True)
class Json(Shape):
    """Any JSON value nested at most `depth` lists/objects deep (a game's free-form data)."""
    depth: int = 16
    wants = "ordinary data"

    def clean(self, v, where, notes):
        stack = [(v, 1)]
        while stack:
            x, d = stack.pop()
            if isinstance(x, (dict, list)):
                if d > self.depth:
                    raise Bad(f"{_at(where)} is nested too deeply")
                stack.extend((y, d + 1) for y in (x.values() if isinstance(x, dict) else x))
            elif not (x is None or isinstance(x, (bool, str)) or _is_number(x)):
                raise Bad(f"{_at(where)} holds {describe(x)}, which the game can't use")
        return v


@dataclass(frozen=True)
class ListOf(Shape):
    item: Shape
    max_len: int = 10_000
    min_len: int = 0
    drop_bad: bool = False          # True: a bad item is left out (with a note), the rest kept
    wants = "a list"

    def clean(self, v, where, notes):
        if not isinstance(v, list):
            raise self.fail(v, where)
        if not self.min_len <= len(v) <= self.max_len:
            raise Bad(f"{_at(where)} should hold {self.min_len} to {self.max_len} entries, not {len(v)}")
        out = []
        for i, x in enumerate(v):
            try:
                out.append(self.item.clean(x, f"{where}[{i + 1}]", notes))
            except Bad as e:
                if not self.drop_bad:
                    raise
                notes.append(f"{e}; that entry was left out")
        return out


@dataclass(frozen=True)
class Tuple(Shape):
    items: tuple
    wants = "a short list"

    def clean(self, v, where, notes):
        if not isinstance(v, list) or len(v) != len(self.items):
            raise Bad(f"{_at(where)} should be a list of {len(self.items)} values, but it is {describe(v)}")
        return [s.clean(x, f"{where}[{i + 1}]", notes) for i, (s, x) in enumerate(zip(self.items, v))]


@dataclass(frozen=True)
class Record(Shape):
    """A JSON object with known fields. A missing field takes its default (if it has one);
    a bad field with a default is reset to it, with a note (unless not `repair`). Unknown fields are kept (checked
    as `Json`) when `extra`, else dropped."""
    fields: dict
    defaults: dict = field(default_factory=dict)
    extra: bool = False
    repair: bool = True             # False: a bad field fails the record even if it has a default
    labels: dict = field(default_factory=dict)      # a player's names for fields, in messages
    wants = "a group of values"

    def clean(self, v, where, notes):
        if not isinstance(v, dict):
            raise self.fail(v, where)
        out = {}
        for name, shape in self.fields.items():
            label = self.labels.get(name, name)
            at = f"{where} → {label}" if where else label
            default = self.defaults.get(name, MISSING)
            if name not in v:
                if default is MISSING:
                    raise Bad(f"{_at(at)} is missing")
                out[name] = _copy(default)
                continue
            try:
                out[name] = shape.clean(v[name], at, notes)
            except Bad as e:
                if default is MISSING or not self.repair:
                    raise
                notes.append(f"{e}; it was reset to {_plain(default)}")
                out[name] = _copy(default)
        if self.extra:
            for name, x in v.items():
                if name not in self.fields:
                    out[name] = Json().clean(x, f"{where} → {name}" if where else name, notes)
        return out


@dataclass(frozen=True)
class MapOf(Shape):
    """A JSON object whose keys are free text and whose values all have one shape."""
    value: Shape
    drop_bad: bool = False
    max_len: int = 1_000
    labels: dict = field(default_factory=dict)      # a player's names for keys, in messages
    wants = "a group of values"

    def clean(self, v, where, notes):
        if not isinstance(v, dict):
            raise self.fail(v, where)
        if len(v) > self.max_len:
            raise Bad(f"{_at(where)} holds too many entries ({len(v)})")
        out = {}
        for k, x in v.items():
            label = self.labels.get(k, k)
            at = f"{where} → {label}" if where else str(label)
            try:
                out[k] = self.value.clean(x, at, notes)
            except Bad as e:
                if not self.drop_bad:
                    raise
                notes.append(f"{e}; that entry was left out")
        return out


def _plain(v: Any) -> str:
    if isinstance(v, bool):
        return "on" if v else "off"
    if v is None:
        return "nothing"
    if isinstance(v, (list, dict)):
        return "empty" if not v else "its default"
    return str(v)


def _copy(v: Any) -> Any:
    return list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v


def clean(value: Any, shape: Shape) -> tuple[Any, list[str]]:
    """(the usable value, notes on what was repaired); raises Bad when nothing can be kept."""
    notes: list[str] = []
    return shape.clean(value, "", notes), notes
