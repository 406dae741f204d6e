"""A fixed deal (`setup.deal`: levels, tests and tools set up a position): parsed, checked and dealt.
Its own module so that self-play, which always deals at random, never loads (compiles) it."""

from __future__ import annotations

from typing import Any, Mapping

from game.core.rng import GameRng

from .sets import check_set, value_options
from .state import HAND_SIZE, SEATS
from .table import TableSet, sort_set
from .tiles import DR, SEAT_NAMES, TILE_KIND, TileAllocator, parse_token, sort_tiles


def fixed_deal(deal: Mapping[str, Any], rng: GameRng):
    """setup.deal: {"hands": [list | None | "random", ...], "table": [{"owner", "tiles"}|[owner, tiles]], "pool": [...],
    "opened": [bool x4], "round": n (1-based), "turn": seat, "scores": [x4]}.  Tiles are kinds ("B3"),
    ids ("B3#2") or dragons with a value ("DR=B5").  Unplaced tiles are shuffled: hands given as null
    get 14 of them, the rest go to the pool after the listed pool tiles."""
    unknown = set(deal) - {"hands", "table", "pool", "opened", "round", "turn", "scores"}
    if unknown:
        raise ValueError(f"unknown deal key(s): {', '.join(sorted(unknown))}")
    for key in ("hands", "table", "pool", "opened", "scores"):
        if deal.get(key) is not None and not isinstance(deal[key], (list, tuple)):
            raise ValueError(f"deal.{key} must be a list, not {deal[key]!r}")
    hands_in = list(deal.get("hands") or [])
    if len(hands_in) > SEATS:
        raise ValueError(f"deal.hands has {len(hands_in)} entries; there are only 4 seats")
    # a missing entry, null or "random" = 14 random tiles
    hands_in = [None if (h is None or h == "random") else h for h in hands_in] + [None] * (SEATS - len(hands_in))
    for s, h in enumerate(hands_in):
        if h is not None and not isinstance(h, (list, tuple)):
            raise ValueError(f"deal.hands[{s}] must be a list of tiles or \"random\"")
    table_in = list(deal.get("table") or [])
    pool_in = list(deal.get("pool") or [])
    # gather every token with where it goes; explicit ids first so "B3" never takes a named copy
    slots: list[tuple[str, str, Any]] = []           # (token, where, key)
    for s, h in enumerate(hands_in):
        for tok in h or []:
            slots.append((tok, f" (hand of {SEAT_NAMES[s]})", ("hand", s)))
    sets_tiles: list[tuple[int, list]] = []
    for j, entry in enumerate(table_in):
        if isinstance(entry, Mapping):
            owner, toks = entry.get("owner"), entry.get("tiles")
        else:
            try:
                owner, toks = entry
            except (TypeError, ValueError):
                raise ValueError(f"deal.table[{j}] must be {{owner, tiles}} or [owner, tiles]") from None
        if not isinstance(owner, int) or not 0 <= owner < SEATS:
            raise ValueError(f"deal.table[{j}]: owner must be a seat 0-3, not {owner!r}")
        if not isinstance(toks, (list, tuple)):
            raise ValueError(f"deal.table[{j}]: tiles must be a list")
        sets_tiles.append((owner, list(toks)))
        for tok in toks:
            slots.append((tok, f" (table set {j + 1})", ("table", j)))
    for tok in pool_in:
        slots.append((tok, " (pool)", ("pool", 0)))
    alloc = TileAllocator()
    parsed = [parse_token(tok) for tok, _, _ in slots]
    ids: list[str | None] = [None] * len(slots)
    for n, ((k, c, _v), (tok, where, _)) in enumerate(zip(parsed, slots)):
        if c is not None:
            ids[n] = alloc.take(k, c, where)
    for n, ((k, c, _v), (tok, where, _)) in enumerate(zip(parsed, slots)):
        if c is None:
            ids[n] = alloc.take(k, None, where)
    hands: list[list[str] | None] = [None if h is None else [] for h in hands_in]
    table_ids: list[list[str]] = [[] for _ in sets_tiles]
    values: dict[str, str] = {}
    pool: list[str] = []
    for n, (tok, where, (dest, idx)) in enumerate(slots):
        tid = ids[n]
        v = parsed[n][2]
        if dest == "hand":
            hands[idx].append(tid)
        elif dest == "table":
            table_ids[idx].append(tid)
            if v:
                values[tid] = v
        else:
            pool.append(tid)
        if v and dest != "table":
            raise ValueError(f"{tok!r}{where}: only dragons in play carry a declared value")
    rest = alloc.rest()
    rng.shuffle(rest)
    for s in range(SEATS):
        if hands[s] is None:
            if len(rest) < HAND_SIZE:
                raise ValueError("not enough tiles left to deal a random hand")
            hands[s], rest = rest[:HAND_SIZE], rest[HAND_SIZE:]
    table: list[TableSet] = []
    for j, ((owner, _), tiles) in enumerate(zip(sets_tiles, table_ids)):
        undecl = [t for t in tiles if TILE_KIND[t] >= DR and t not in values]
        if undecl:
            opts = value_options(tiles, {t: values[t] for t in tiles if t in values})
            if len(opts) != 1:
                raise ValueError(f"deal.table[{j}]: write what each dragon stands for, e.g. \"DR=B5\"")
            values.update(opts[0])
        chk = check_set(tiles, values)
        if not chk.ok:
            raise ValueError(f"deal.table[{j}] is not a valid set: {chk.reason}")
        table.append(TableSet(sort_set(tiles, values), owner))
    opened = deal.get("opened")
    if opened is None:
        opened = [any(s.owner == i for s in table) for i in range(SEATS)]
    if len(opened) != SEATS or not all(isinstance(o, bool) for o in opened):
        raise ValueError("deal.opened needs four true/false values")
    return [sort_tiles(h) for h in hands], pool + rest, table, values, list(opened)
