"""Simple plays for `legal_actions` and bots.

The full space of table rearrangements cannot be listed, so `legal_actions` offers:
  - before opening: every pair of separate sets made purely from the hand (an opening, RUM-2);
  - after opening: every set made purely from the hand, every single hand tile added to one set
    in play (dragons with each value that fits), and every dragon swap (RUM-9).
Any other PlayTurn that passes `check_turn` is just as legal, and `apply` accepts it.  Plays that
borrow from sets in play are in borrows.py (importable from here too).
"""

from __future__ import annotations

from typing import Iterable, Mapping, Sequence

from .actions import PlayTurn
from .legal import DEFAULT_LIMIT
from .sets import FoundSet, added_dragon_values, find_sets, kind_counts, natural_extensions
from .table import TableSet
from .tiles import DR, KIND_INDEX, TILE_KIND, sort_tiles


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


# The table stays the same for several turns in a row (every draw leaves it alone): what the generator
# works out from the table alone is kept for the last table seen.
_TABLE_MEMO: list = [None, None, None]       # table sets, values, facts


def _table_facts(table: Sequence[TableSet], values: Mapping[str, str]) -> tuple:
    """(the table as tuples, [(set index, dragon, kind it stands for)], per set its natural extensions)."""
    sets = tuple(table)
    m = _TABLE_MEMO
    if m[2] is not None and m[0] == sets and m[1] == values:
        return m[2]
    base = tuple(tuple(s.tiles) for s in table)
    dragons = []
    for j, s in enumerate(table):
        for d in s.tiles:
            if TILE_KIND[d] >= DR:
                v = values.get(d)
                if v in KIND_INDEX:
                    dragons.append((j, d, KIND_INDEX[v]))
    facts = (base, tuple(dragons), tuple(natural_extensions(s.tiles, values) for s in table))
    m[:] = [sets, dict(values), facts]
    return facts


def after_opening(hand: Sequence[str], table: Sequence[TableSet], values: Mapping[str, str],
                  limit: int = DEFAULT_LIMIT) -> list[PlayTurn]:
    base, dragons, fits = _table_facts(table, values)
    out: list[PlayTurn] = []
    # dragon swaps (cheap and always worth listing first)
    by_kind = _by_kind(hand)
    for j, d, k in dragons:
        nats = by_kind.get(k)
        if nats:
            nat = nats[0]
            new = list(base)
            new[j] = tuple(nat if t == d else t for t in table[j].tiles)
            out.append(PlayTurn(tuple(new), (nat,), (), ((d, nat),)))
    # new sets purely from the hand
    for fs in sorted(find_sets(hand), key=lambda f: -len(f.tiles)):
        out.append(PlayTurn(base + (fs.tiles,), tuple(sort_tiles(fs.tiles)), fs.values, ()))
        if len(out) >= limit:
            return out
    # one hand tile added to one set in play (by tile, then by set)
    firsts = [lst[0] for lst in by_kind.values()]
    if not firsts or not table:
        return out

    def add(t: str, j: int) -> None:
        s = table[j]
        if TILE_KIND[t] >= DR:
            tiles = s.tiles + (t,)
            for v in added_dragon_values(s.tiles, values, t, 8):
                new = list(base)
                new[j] = tiles
                out.append(PlayTurn(tuple(new), (t,), ((t, v),), ()))
        elif TILE_KIND[t] in fits[j] and t not in s.tiles:     # == is_valid(s.tiles + (t,), values)
            new = list(base)
            new[j] = s.tiles + (t,)
            out.append(PlayTurn(tuple(new), (t,), (), ()))

    if len(out) >= limit:            # full already: the first pair is still tried, as one at a time would
        add(firsts[0], 0)
        return out
    # the sets each natural kind fits, in table order (most pairs fit nothing: skip them unlooked)
    fit_sets: dict[int, list[int]] = {}
    for j, fit in enumerate(fits):
        for k in fit:
            fit_sets.setdefault(k, []).append(j)
    for t in firsts:
        for j in (range(len(table)) if TILE_KIND[t] >= DR else fit_sets.get(TILE_KIND[t], ())):
            add(t, j)
            if len(out) >= limit:
                return out
    return out


def simple_plays(hand: Sequence[str], table: Sequence[TableSet], values: Mapping[str, str], opened: bool,
                 limit: int = DEFAULT_LIMIT) -> list[PlayTurn]:
    if opened:
        return after_opening(hand, table, values, limit)
    return openings(hand, table, limit)


# The plays that borrow from sets in play (borrows.py) load when first asked for: self-play asks for the
# simple plays above at most (a bot's fallback), and compiling is a part of every headless run.
_BORROWS = ("removals", "borrow_plays", "plays_for_view")


def __getattr__(name: str):
    if name in _BORROWS:
        from . import borrows
        return getattr(borrows, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
