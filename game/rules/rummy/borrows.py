"""Plays that borrow a tile from a set in play (or cut a run around it) to make a new set with hand
tiles, and the bots' and UI's list of plays from a view (simple plays plus these)."""

from __future__ import annotations

from typing import Mapping, Sequence

from .actions import PlayTurn
from .legal import DEFAULT_LIMIT
from .moves import simple_plays
from .sets import FoundSet, find_sets, is_valid
from .table import TableSet
from .tiles import DR, KIND_INDEX, TILE_KIND, sort_tiles


def removals(s: TableSet, values: Mapping[str, str]) -> list[tuple[str, list[tuple[str, ...]]]]:
    """Tiles that can leave set `s` while what remains stays valid: (tile, the set(s) left behind).
    A run may also be cut in two around a middle tile when both halves keep 3+ tiles."""
    from .sets import RUN, check_set
    from .table import sort_set
    tiles = tuple(s.tiles)
    if len(tiles) < 4:
        return []
    out = []
    kind = check_set(tiles, values).kind
    ordered = sort_set(tiles, values) if kind == RUN else tiles
    for i, t in enumerate(ordered):
        rest = ordered[:i] + ordered[i + 1:]
        if is_valid(rest, values):
            out.append((t, [rest]))
        elif kind == RUN:
            left, right = ordered[:i], ordered[i + 1:]
            if len(left) >= 3 and len(right) >= 3 and is_valid(left, values) and is_valid(right, values):
                out.append((t, [left, right]))
    return out


def _compatible(a: str, b: str, values: Mapping[str, str]) -> bool:
    ka = KIND_INDEX.get(values.get(a, ""), TILE_KIND[a]) if TILE_KIND[a] >= DR else TILE_KIND[a]
    kb = KIND_INDEX.get(values.get(b, ""), TILE_KIND[b]) if TILE_KIND[b] >= DR else TILE_KIND[b]
    if ka >= 27 or kb >= 27:
        return 27 <= ka <= 30 and 27 <= kb <= 30
    return ka // 9 == kb // 9 and abs(ka - kb) <= 2


def borrow_plays(hand: Sequence[str], table: Sequence[TableSet], values: Mapping[str, str], seat: int,
                 opened: bool = True, limit: int = 60) -> list[PlayTurn]:
    """Plays that take one tile out of a set (or cut a run around it), or one tile from each of two
    sets, and build a new set with tiles from the hand.  Every play returned passes `check_turn`.
    Heavier than `simple_plays`; bots call it when the simple plays run dry."""
    from .turn import check_turn
    if not opened or not hand:
        return []
    out: list[PlayTurn] = []
    seen: set = set()
    rem = [(j, t, repl) for j, s in enumerate(table) for t, repl in removals(s, values)]
    hand = list(hand)

    def emit(taken: list[tuple[int, str, list]], fs: FoundSet) -> None:
        drop = {j for j, _, _ in taken}
        new = [tuple(s.tiles) for j, s in enumerate(table) if j not in drop]
        for _, _, repl in taken:
            new += [tuple(r) for r in repl]
        new.append(fs.tiles)
        key = (tuple(sorted(new)),)
        if key in seen:
            return
        seen.add(key)
        vals = tuple((t, v) for t, v in fs.values if t in hand)
        act = PlayTurn(tuple(new), tuple(sort_tiles(t for t in fs.tiles if t in hand)), vals, ())
        if check_turn(table, values, hand, seat, opened, act.table, act.played, act.values).ok:
            out.append(act)

    for j, t, repl in rem:
        for fs in find_sets(hand + [t]):
            if t in fs.tiles and sum(1 for x in fs.tiles if x in hand) >= 2:
                emit([(j, t, repl)], fs)
                if len(out) >= limit:
                    return out
    for a in range(len(rem)):
        ja, ta, ra = rem[a]
        for b in range(a + 1, len(rem)):
            jb, tb, rb = rem[b]
            if ja == jb or table[ja].owner == table[jb].owner or not _compatible(ta, tb, values):
                continue
            for fs in find_sets(hand + [ta, tb]):
                if ta in fs.tiles and tb in fs.tiles and any(x in hand for x in fs.tiles):
                    emit([(ja, ta, ra), (jb, tb, rb)], fs)
                    if len(out) >= limit:
                        return out
    return out


def plays_for_view(view, manipulations: bool = True, limit: int = DEFAULT_LIMIT) -> list[PlayTurn]:
    """Bot helper: simple plays (as `legal_actions` lists them) plus, optionally, borrowing plays,
    all built from what the seat's own view shows."""
    if view.seat is None or view.finished or view.turn != view.seat:
        return []
    table = [TableSet(tuple(s.tiles), s.owner) for s in view.table]
    values = dict(view.values)
    opened = view.opened[view.seat]
    out = simple_plays(view.hand, table, values, opened, limit)
    if manipulations:
        out += borrow_plays(view.hand, table, values, view.seat, opened)
    return out
