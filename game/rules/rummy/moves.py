"""Simple plays for `legal_actions` and bots.

The full space of table rearrangements cannot be listed, so `legal_actions` offers:
  - before opening: every pair of separate sets made purely from the hand (an opening, RUM-2);
  - after opening: every set made purely from the hand, every single hand tile added to one set
    in play (dragons with each value that fits), and every dragon swap (RUM-9).
Any other PlayTurn that passes `check_turn` is just as legal, and `apply` accepts it.
"""

from __future__ import annotations

from typing import Iterable, Mapping, Sequence

from .actions import PlayTurn
from .sets import FoundSet, find_sets, is_valid, kind_counts, value_options
from .table import TableSet
from .tiles import DR, KIND_INDEX, TILE_KIND, sort_tiles

DEFAULT_LIMIT = 400


def _instantiate(fs: FoundSet, free: dict[int, list[str]]) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]] | None:
    """Re-pick fs's tiles from `free` (kind -> ids, consumed), carrying the dragon values over."""
    vals = dict(fs.values)
    ids, out_vals = [], []
    for t in fs.tiles:
        lst = free.get(TILE_KIND[t])
        if not lst:
            return None
        nt = lst.pop(0)
        ids.append(nt)
        if t in vals:
            out_vals.append((nt, vals[t]))
    return tuple(ids), tuple(out_vals)


def _by_kind(tiles: Iterable[str]) -> dict[int, list[str]]:
    d: dict[int, list[str]] = {}
    for t in sort_tiles(tiles):
        d.setdefault(TILE_KIND[t], []).append(t)
    return d


def openings(hand: Sequence[str], table: Sequence[TableSet], limit: int = DEFAULT_LIMIT) -> list[PlayTurn]:
    base = tuple(tuple(s.tiles) for s in table)
    found = sorted(find_sets(hand), key=lambda f: -len(f.tiles))
    have = kind_counts(hand)
    shapes = [kind_counts(f.tiles) for f in found]
    out: list[PlayTurn] = []
    for i, a in enumerate(found):
        for j in range(i, len(found)):
            sb = shapes[j]
            sa = shapes[i]
            if any(sa[k] + sb[k] > have[k] for k in range(len(have)) if sa[k] or sb[k]):
                continue
            free = _by_kind(hand)
            ia = _instantiate(a, free)
            ib = _instantiate(found[j], free)
            if ia is None or ib is None:
                continue
            played = tuple(sort_tiles(ia[0] + ib[0]))
            out.append(PlayTurn(base + (ia[0], ib[0]), played, ia[1] + ib[1], ()))
            if len(out) >= limit:
                return out
    return out


def after_opening(hand: Sequence[str], table: Sequence[TableSet], values: Mapping[str, str],
                  limit: int = DEFAULT_LIMIT) -> list[PlayTurn]:
    base = tuple(tuple(s.tiles) for s in table)
    out: list[PlayTurn] = []
    # dragon swaps (cheap and always worth listing first)
    by_kind = _by_kind(hand)
    for j, s in enumerate(table):
        for d in s.tiles:
            if TILE_KIND[d] < DR:
                continue
            v = values.get(d)
            nats = by_kind.get(KIND_INDEX[v], []) if v in KIND_INDEX else []
            if nats:
                nat = nats[0]
                new = list(base)
                new[j] = tuple(nat if t == d else t for t in s.tiles)
                out.append(PlayTurn(tuple(new), (nat,), (), ((d, nat),)))
    # new sets purely from the hand
    for fs in sorted(find_sets(hand), key=lambda f: -len(f.tiles)):
        out.append(PlayTurn(base + (fs.tiles,), tuple(sort_tiles(fs.tiles)), fs.values, ()))
        if len(out) >= limit:
            return out
    # one hand tile added to one set in play
    firsts = [lst[0] for lst in by_kind.values()]
    for t in firsts:
        for j, s in enumerate(table):
            tiles = s.tiles + (t,)
            if TILE_KIND[t] >= DR:
                local = {x: values[x] for x in s.tiles if x in values}
                for opt in value_options(tiles, local, limit=8):
                    new = list(base)
                    new[j] = tiles
                    out.append(PlayTurn(tuple(new), (t,), ((t, opt[t]),), ()))
            elif is_valid(tiles, values):
                new = list(base)
                new[j] = tiles
                out.append(PlayTurn(tuple(new), (t,), (), ()))
            if len(out) >= limit:
                return out
    return out


def simple_plays(hand: Sequence[str], table: Sequence[TableSet], values: Mapping[str, str], opened: bool,
                 limit: int = DEFAULT_LIMIT) -> list[PlayTurn]:
    if opened:
        return after_opening(hand, table, values, limit)
    return openings(hand, table, limit)
