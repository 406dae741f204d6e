"""Input reading shared by the Rummy command-line tools (calculator, check-turn); the rest of the
convention (keys, exit codes, --json, stderr) is game/core/tool.py."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from game.core.tool import BadInput

from .sets import check_set, value_options
from .tiles import DR, KIND_INDEX, KINDS, N_NUMBERED, SEAT_NAMES, SEAT_WINDS, TILE_KIND, parse_token

__all__ = ["BadInput", "seat_of", "wind_of", "need_list", "parse_tokens", "values_from_position", "settle_values"]

_SEAT_ALIASES = {}
for _i, (_n, _w) in enumerate(zip(SEAT_NAMES, SEAT_WINDS)):
    for _a in (_n, _n[0], _w, str(_i)):
        _SEAT_ALIASES[_a.upper()] = _i


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


def need_list(d: Mapping, key: str) -> list:
    v = d[key]
    if not isinstance(v, list):
        raise BadInput(f"\"{key}\" must be a list")
    return v


def parse_tokens(tokens: Any, where: str) -> list[tuple[str, int | None, str | None]]:
    """Tile tokens (any case) as (kind, copy or None, dragon value or None)."""
    if not isinstance(tokens, list):
        raise BadInput(f"{where}: expected a list of tiles")
    out = []
    for tok in tokens:
        try:
            out.append(parse_token(tok))
        except ValueError as e:
            raise BadInput(f"{where}: {e}") from None
    return out


def values_from_position(tiles: Sequence[str], values: Mapping[str, str]) -> dict[str, str]:
    """Values for the undeclared dragons of a set written as a run, read from their places:
    "DR C2 C3" is C1 C2 C3, "B4 B5 DR" is B4 B5 B6. Only when the writing settles it: every other
    tile (and every declared dragon) is a numbered tile of one suit, one step apart per place,
    rising or falling. {} otherwise."""
    known: list[tuple[int, int]] = []              # (place, kind index)
    for i, t in enumerate(tiles):
        k = TILE_KIND[t]
        if k >= DR:
            if t in values:
                known.append((i, KIND_INDEX[values[t]]))
        else:
            known.append((i, k))
    if len(known) < 2 or any(k >= N_NUMBERED for _, k in known) or len({k // 9 for _, k in known}) > 1:
        return {}
    (i0, k0), (i1, k1) = known[0], known[1]
    step = (k1 - k0) // (i1 - i0) if (k1 - k0) % (i1 - i0) == 0 else 0
    if step not in (1, -1) or any(k != k0 + step * (i - i0) for i, k in known):
        return {}
    out = {}
    for i, t in enumerate(tiles):
        if TILE_KIND[t] >= DR and t not in values:
            k = k0 + step * (i - i0)
            if not 0 <= k < N_NUMBERED or k // 9 != k0 // 9:
                return {}
            out[t] = KINDS[k]
    return out


def settle_values(tiles: Sequence[str], values: Mapping[str, str]) -> tuple[dict[str, str], list[dict[str, str]]]:
    """The undeclared dragons' values when the set says them (by their places in a written run, or
    because only one value fits), else ({}, the possible choices)."""
    undeclared = [t for t in tiles if TILE_KIND[t] >= DR and t not in values]
    if not undeclared:
        return {}, []
    placed = values_from_position(tiles, values)
    if placed and check_set(tiles, {**values, **placed}).ok:
        return placed, []
    opts = value_options(tiles, values)
    if len(opts) == 1:
        return {t: opts[0][t] for t in undeclared}, []
    return {}, opts
