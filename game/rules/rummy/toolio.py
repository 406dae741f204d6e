"""Shared input handling for the Rummy command-line tools (calculator, check-turn)."""

from __future__ import annotations

import json
import sys
from typing import Any, Mapping, Sequence, TextIO

from .tiles import SEAT_NAMES, SEAT_WINDS

_SEAT_ALIASES = {}
for _i, (_n, _w) in enumerate(zip(SEAT_NAMES, SEAT_WINDS)):
    for _a in (_n, _n[0], _w, str(_i)):
        _SEAT_ALIASES[_a.upper()] = _i


class BadInput(Exception):
    pass


def seat_of(x: Any, what: str = "seat") -> int:
    if isinstance(x, bool):
        raise BadInput(f"{what}: expected a seat (0-3 or North/East/South/West), not {x!r}")
    if isinstance(x, int) and 0 <= x < 4:
        return x
    if isinstance(x, str) and x.strip().upper() in _SEAT_ALIASES:
        return _SEAT_ALIASES[x.strip().upper()]
    raise BadInput(f"{what}: expected a seat (0-3 or North/East/South/West), not {x!r}")


def wind_of(x: Any, what: str) -> str | None:
    """A wind for scoring: North/N/WN/0 ...; null or "none" = no doubling."""
    if x is None or (isinstance(x, str) and x.strip().lower() in ("", "none", "-")):
        return None
    return SEAT_WINDS[seat_of(x, what)]


def read_json(argv: Sequence[str], stdin: TextIO) -> Any:
    args = [a for a in argv if a != "-"]
    if len(args) > 1:
        raise BadInput("give at most one input file (or none to read standard input)")
    try:
        if args:
            with open(args[0], encoding="utf-8") as f:
                text = f.read()
        else:
            text = stdin.read()
    except OSError as e:
        raise BadInput(f"cannot read {args[0]}: {e.strerror}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise BadInput(f"the input is not valid JSON: {e.msg} at line {e.lineno}, column {e.colno}") from None


def read_object(argv: Sequence[str], stdin: TextIO, keys: set[str], shape: str) -> dict:
    """The tool's JSON input: one object whose keys are all known; `shape` says what it should hold."""
    data = read_json(argv, stdin)
    if not isinstance(data, dict):
        raise BadInput(f"the input must be a JSON object with {shape}")
    unknown = set(data) - keys
    if unknown:
        raise BadInput(f"unknown key(s): {', '.join(sorted(unknown))}")
    return data


def _dump(obj: Any, indent: int = 0) -> str:
    """JSON with small lists and objects kept on one line."""
    flat = json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))
    if len(flat) + indent <= 100 or not isinstance(obj, (dict, list)) or not obj:
        return flat
    pad = " " * (indent + 2)
    if isinstance(obj, dict):
        items = [f"{pad}{json.dumps(k)}: {_dump(v, indent + 2)}" for k, v in obj.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + _dump(v, indent + 2) for v in obj]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


def write(stdout: TextIO, data: Any) -> None:
    stdout.write(_dump(data) + "\n")


def streams(stdin: TextIO | None, stdout: TextIO | None) -> tuple[TextIO, TextIO]:
    return stdin or sys.stdin, stdout or sys.stdout


def need_list(d: Mapping, key: str, *aliases: str, default: Any = ...) -> list:
    for k in (key,) + aliases:
        if k in d:
            v = d[k]
            if not isinstance(v, list):
                raise BadInput(f"\"{k}\" must be a list")
            return v
    if default is ...:
        raise BadInput(f"missing \"{key}\"")
    return default
