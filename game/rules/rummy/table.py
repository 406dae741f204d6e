"""The table: sets in play, each with one owner; dragons carry declared values (RUM-6, RUM-11)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from .sets import check_set, faces_sort_key
from .tiles import TILE_KIND, is_dragon_tile


@dataclass(frozen=True)
class TableSet:
    """One set in play: its tiles (ids) and the seat that owns it (every tile scores for the owner)."""

    tiles: tuple[str, ...]
    owner: int


def as_set(s: Any) -> TableSet:
    """Accept a TableSet, a view's shown set (anything with .tiles/.owner) or a (tiles, owner) pair."""
    if isinstance(s, TableSet):
        return s
    if hasattr(s, "tiles") and hasattr(s, "owner"):
        return TableSet(tuple(s.tiles), int(s.owner))
    if isinstance(s, Mapping):
        return TableSet(tuple(s["tiles"]), int(s["owner"]))
    tiles, owner = s
    return TableSet(tuple(tiles), int(owner))


# faces_sort_key of each natural tile (it needs no values): looked up instead of worked out
_NATURAL_KEYS = {t: (k, 0, t) for t, k in TILE_KIND.items() if not is_dragon_tile(t)}


def sort_set(tiles: Iterable[str], values: Mapping[str, str]) -> tuple[str, ...]:
    """Display order: by the face each tile shows (runs ascend), naturals before dragons."""
    return tuple(sorted(tiles, key=lambda t: _NATURAL_KEYS.get(t) or faces_sort_key(t, values)))


def table_tiles(table: Sequence[TableSet]) -> list[str]:
    return [t for s in table for t in s.tiles]


def dragons_on(table: Sequence[TableSet]) -> list[str]:
    return [t for s in table for t in s.tiles if is_dragon_tile(t)]


def table_is_valid(table: Sequence[TableSet], values: Mapping[str, str]) -> bool:
    return all(check_set(s.tiles, values).ok for s in table)


def tiles_in_play_of(table: Sequence[TableSet], seat: int) -> list[str]:
    return [t for s in table if s.owner == seat for t in s.tiles]


def known(tile: str) -> bool:
    return tile in TILE_KIND
