"""The working copy of the Mahjong Rummy table during a player's turn (no pygame).

The player rearranges tiles freely here; nothing reaches the match until Done. Every edit is
one undo step; Reset goes back to the table as the turn began. `check()` asks the engine's
validator (RULES.check, from the player's own view) for the verdict: per-set validity for the
live colouring and the first Golden Rule that fails.

Where tiles may go (the engine has the last word, this only keeps obvious mistakes away):
  * hand tiles (and dragons freed by a swap) go to any set or a new one, and back to the hand;
  * tiles that were in play before the turn stay in play;
  * before the player has opened (or while the opening is not yet on the table) sets that were
    in play before the turn can't be touched (RUM-10);
  * a natural from the hand dropped on a dragon in play that stands for it swaps them (RUM-9).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from game.rules.rummy import RULES, Draw, Pass, PlayTurn, find_sets, value_options
from game.rules.rummy.sets import faces_sort_key
from game.rules.rummy.tiles import (DR, KIND_INDEX, N_NUMBERED, TILE_KIND, TILE_ORDER, kind, name,
                                    rank_k, suit_k)

HAND, SET, NEW = "hand", "set", "new"


@dataclass
class WSet:
    tiles: list[str]
    area: int                  # the seat whose play area shows it (its owner when the turn began)
    origin: int | None = None  # index in the view's table; None for a set made this turn

    def copy(self) -> "WSet":
        return WSet(list(self.tiles), self.area, self.origin)


@dataclass
class Snapshot:
    sets: list[WSet]
    hand: list[str]
    new_values: dict[str, str]
    swaps: list[tuple[str, str]]


@dataclass
class MoveResult:
    ok: bool
    message: str = ""
    dest_set: int | None = None          # the set that received the tile (after removing empties)
    swapped: tuple[str, str] | None = None


class WorkingTable:
    def __init__(self, view: Any):
        self.view = view
        self.seat: int | None = view.seat
        self.old_values: dict[str, str] = view.values_dict()
        self.in_play: set[str] = {t for s in view.table for t in s.tiles}
        self.start_hand: tuple[str, ...] = tuple(view.hand)
        self.sets: list[WSet] = [WSet(list(s.tiles), s.owner, i) for i, s in enumerate(view.table)]
        self.hand: list[str] = list(view.hand)
        self.new_values: dict[str, str] = {}
        self.swaps: list[tuple[str, str]] = []
        self._undo: list[Snapshot] = []
        self._verdict: Any = None

    # ------------------------------------------------------------------ queries
    @property
    def opened(self) -> bool:
        return self.seat is not None and bool(self.view.opened[self.seat])

    @property
    def dirty(self) -> bool:
        return bool(self._undo)

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def undo_depth(self) -> int:
        return len(self._undo)

    def squash_undo(self, depth: int) -> None:
        """Make every edit since `depth` one undo step (several tiles placed together)."""
        del self._undo[depth + 1:]

    def values(self) -> dict[str, str]:
        return self.in_play_values()

    def where(self, tile: str) -> tuple[str, int | None]:
        if tile in self.hand:
            return HAND, None
        for i, s in enumerate(self.sets):
            if tile in s.tiles:
                return SET, i
        raise KeyError(tile)

    def is_hand_tile(self, tile: str) -> bool:
        """A tile that belongs to the player this turn (from the hand, or a dragon freed by a swap)."""
        return tile in self.start_hand or tile in {d for d, _ in self.swaps}

    def is_new_set(self, i: int) -> bool:
        return not any(t in self.in_play for t in self.sets[i].tiles)

    def touched(self, i: int) -> bool:
        """The set differs from how it was when the turn began (drawn with its validity colour)."""
        s = self.sets[i]
        if s.origin is None:
            return True
        return sorted(s.tiles) != sorted(self.view.table[s.origin].tiles)

    def may_work_table(self) -> bool:
        """Opened, or the opening sets are already laid down this turn (RUM-2: table work may follow)."""
        if self.opened:
            return True
        v = self.check()
        return bool(v.opens)

    def sorted_set(self, i: int) -> list[str]:
        """Set i in value order as it is built: a dragon not yet declared sits where the tile it can
        only stand for would (the validator's reading), not at the end."""
        vals = dict(self.values())
        tiles = self.sets[i].tiles
        if any(TILE_KIND[t] >= DR and t not in vals for t in tiles):
            status = self.check().set_status
            if 0 <= i < len(status):
                for t, face in zip(tiles, status[i].faces):
                    if TILE_KIND[t] >= DR and t not in vals and face in KIND_INDEX:
                        vals[t] = face
        return sorted(tiles, key=lambda t: faces_sort_key(t, vals))

    def undeclared(self, i: int) -> list[str]:
        """Dragons in set i that have no value yet (new ones the player has not declared)."""
        fixed = self.in_play_values()
        return [t for t in self.sets[i].tiles if TILE_KIND[t] >= DR and t not in fixed]

    def in_play_values(self) -> dict[str, str]:
        """Every dragon value fixed now: dragons that stayed in play keep theirs (RUM-6), plus this
        turn's declarations.  A dragon freed by a swap has none until it is declared again."""
        freed = {d for d, _ in self.swaps}
        vals = {t: v for t, v in self.old_values.items() if t not in freed}
        vals.update(self.new_values)
        return vals

    def value_choices(self, i: int) -> list[dict[str, str]]:
        """Ways to declare the undeclared dragons of set i so it is a valid set (more than one = ask)."""
        s = self.sets[i].tiles
        fixed = {t: v for t, v in self.in_play_values().items() if t in s}
        if not any(TILE_KIND[t] >= DR and t not in fixed for t in s):
            return []
        return value_options(s, fixed, limit=24)

    # ------------------------------------------------------------------ verdict
    def action(self) -> PlayTurn:
        on_table = {t for s in self.sets for t in s.tiles}
        values = tuple(sorted((t, v) for t, v in self.new_values.items() if t in on_table))
        return PlayTurn(tuple(tuple(s.tiles) for s in self.sets), (), values, tuple(self.swaps))

    def check(self) -> Any:
        if self._verdict is None:
            try:
                self._verdict = RULES.check(self.view, self.seat, self.action())
            except Exception as e:     # a malformed working table must never crash the scene
                from game.rules.rummy import Verdict
                self._verdict = Verdict(False, "TILES", f"The table can't be checked: {e}")
        return self._verdict

    def end_action(self) -> Any:
        """What the turn ends with when the player does not play: Draw, or Pass with an empty pool."""
        return Draw() if self.view.pool_count > 0 else Pass()

    # ------------------------------------------------------------------ editing
    def _snapshot(self) -> Snapshot:
        return Snapshot([s.copy() for s in self.sets], list(self.hand), dict(self.new_values), list(self.swaps))

    def _push(self) -> None:
        self._undo.append(self._snapshot())

    def _restore(self, snap: Snapshot) -> None:
        self.sets = [s.copy() for s in snap.sets]
        self.hand = list(snap.hand)
        self.new_values = dict(snap.new_values)
        self.swaps = list(snap.swaps)
        self._verdict = None

    def undo(self) -> bool:
        if not self._undo:
            return False
        self._restore(self._undo.pop())
        return True

    def reset(self) -> bool:
        if not self._undo:
            return False
        first = self._undo[0]
        self._undo.clear()
        self._restore(first)
        return True

    def _drop_empty(self) -> dict[int, int]:
        """Remove emptied sets; returns old index -> new index."""
        keep = {}
        out = []
        for i, s in enumerate(self.sets):
            if s.tiles:
                keep[i] = len(out)
                out.append(s)
        self.sets = out
        return keep

    def can_pick(self, tile: str) -> str:
        """"" when the player may pick this tile up now, else why not."""
        try:
            where, i = self.where(tile)
        except KeyError:
            return "That tile is not on the table or in your hand."
        if where == HAND:
            return ""
        if tile in self.in_play and not self.may_work_table():
            return ("You have not opened yet: first lay down at least two sets from your hand; "
                    "then you may work the sets already in play.")
        return ""

    def move(self, tile: str, dest: str, index: int | None = None, on: str | None = None) -> MoveResult:
        """Move `tile` to the hand, to set `index`, or to a new set.  `on`: the tile it was dropped on
        (a dragon in play: a matching natural from the hand swaps with it)."""
        why = self.can_pick(tile)
        if why:
            return MoveResult(False, why)
        src, si = self.where(tile)
        if dest == SET and on is not None and on != tile:
            swap = self._swap_target(tile, on)
            if swap:
                return self._do_swap(tile, on, index)
        if dest == HAND:
            if src == HAND:
                return MoveResult(False, "")
            if not self.is_hand_tile(tile):
                return MoveResult(False, "Tiles that were in play stay in play; only tiles from your hand "
                                         "can go back to it.")
            if any(nat == tile for _, nat in self.swaps):
                return MoveResult(False, "That tile was swapped in for a dragon: undo the swap (U) instead.")
        if dest == SET:
            if index is None or not 0 <= index < len(self.sets):
                return MoveResult(False, "")
            if src == SET and si == index:
                return MoveResult(False, "")
            target = self.sets[index]
            if target.origin is not None and any(t in self.in_play for t in target.tiles) \
                    and not self.may_work_table():
                return MoveResult(False, "You have not opened yet: before opening you may only lay down new "
                                         "sets made from your own hand (at least two of them).")
        self._push()
        # take it out
        if src == HAND:
            self.hand.remove(tile)
        else:
            self.sets[si].tiles.remove(tile)
        # a dragon from the hand that changes place forgets the value it was given
        if tile in self.new_values and (dest != SET or src != SET or si != index):
            del self.new_values[tile]
        result_index: int | None = None
        if dest == HAND:
            self.hand.append(tile)
        elif dest == SET:
            self.sets[index].tiles.append(tile)
            result_index = index
        else:
            area = self.seat if self.seat is not None else 0
            self.sets.append(WSet([tile], area, None))
            result_index = len(self.sets) - 1
        remap = self._drop_empty()
        if result_index is not None:
            result_index = remap.get(result_index)
        self._verdict = None
        return MoveResult(True, "", result_index)

    def _swap_target(self, natural: str, dragon: str) -> bool:
        if TILE_KIND.get(dragon, 0) < DR or TILE_KIND.get(natural, DR) >= DR:
            return False
        if dragon not in self.in_play or natural not in self.hand:
            return False
        return self.old_values.get(dragon) == kind(natural)

    def _do_swap(self, natural: str, dragon: str, index: int | None) -> MoveResult:
        if not self.may_work_table():
            return MoveResult(False, "Dragon swap: your hand must be open to swap a dragon.")
        where, si = self.where(dragon)
        if where != SET:
            return MoveResult(False, "")
        self._push()
        self.hand.remove(natural)
        tiles = self.sets[si].tiles
        tiles[tiles.index(dragon)] = natural
        self.hand.append(dragon)
        self.swaps.append((dragon, natural))
        self._verdict = None
        return MoveResult(True, f"Swapped: the {name(dragon)} comes to your hand.", si, (dragon, natural))

    def load_turn(self, table: Sequence[Sequence[str]], values: Sequence[tuple[str, str]] = (),
                  swaps: Sequence[tuple[str, str]] = ()) -> None:
        """Lay out a whole turn at once (an accepted hint): one undo step back to how it was."""
        from .rummy_words import origins
        before = [s.tiles for s in self.sets]
        origin = origins(before, table)
        self._push()
        on_table = {t for s in table for t in s}
        self.sets = [WSet(list(tiles), self.sets[origin[i]].area if i in origin else
                          (self.seat if self.seat is not None else 0), self.sets[origin[i]].origin if i in origin
                          else None) for i, tiles in enumerate(table)]
        freed = [d for d, _ in swaps]
        self.hand = [t for t in self.hand if t not in on_table] + [d for d in freed if d not in on_table]
        self.new_values = dict(values)
        self.swaps = [tuple(x) for x in swaps]
        self._verdict = None

    def declare(self, values: dict[str, str]) -> None:
        """Declare values for new dragons (from the chooser); one undo step."""
        if all(self.new_values.get(t) == v for t, v in values.items()):
            return
        self._push()
        self.new_values.update(values)
        self._verdict = None

    def replace_hand_order(self, order: Sequence[str]) -> None:
        """Reorder the hand (sorting is not an edit: no undo step)."""
        if sorted(order) == sorted(self.hand):
            self.hand = list(order)


# ---------------------------------------------------------------------- hand orders

def _number_key(t: str) -> tuple:
    k = TILE_KIND[t]
    if k < N_NUMBERED:
        return (0, rank_k(k), suit_k(k), t)
    return (1, k, 0, t)


def sort_hand(tiles: Iterable[str], mode: str) -> list[str]:
    if mode == "number":
        return sorted(tiles, key=_number_key)
    return sorted(tiles, key=TILE_ORDER.__getitem__)


def arrange_sets(tiles: Sequence[str]) -> list[list[str]]:
    """Group the tiles that already form sets (find_sets), greedily: sets without dragons first, then
    the longest; the tiles left over come last, sorted by suit."""
    pool: dict[int, list[str]] = {}
    for t in sorted(tiles, key=TILE_ORDER.__getitem__):
        pool.setdefault(TILE_KIND[t], []).append(t)
    found = find_sets(tiles)
    found.sort(key=lambda f: (sum(1 for t in f.tiles if TILE_KIND[t] >= DR), -len(f.tiles),
                              [TILE_ORDER[t] for t in f.tiles]))
    groups: list[list[str]] = []
    for fs in found:
        need: dict[int, int] = {}
        for t in fs.tiles:
            need[TILE_KIND[t]] = need.get(TILE_KIND[t], 0) + 1
        if any(len(pool.get(k, ())) < n for k, n in need.items()):
            continue
        group = [pool[TILE_KIND[t]].pop(0) for t in fs.tiles]
        vals = dict(fs.values)
        # keep the found set's dragon values for the display order only
        remap = {old: new for old, new in zip(fs.tiles, group)}
        shown = {remap[t]: v for t, v in vals.items() if t in remap}
        groups.append(sorted(group, key=lambda t: faces_sort_key(t, shown)))
    rest = [t for lst in pool.values() for t in lst]
    if rest:
        groups.append(sorted(rest, key=TILE_ORDER.__getitem__))
    return groups


def hand_groups(hand: Sequence[str], mode: str) -> list[list[str]]:
    if mode == "sets":
        return arrange_sets(hand)
    return [sort_hand(hand, mode)] if hand else []


def value_label(v: str) -> str:
    return name(v) if v in KIND_INDEX else "?"


__all__ = ["WorkingTable", "WSet", "MoveResult", "HAND", "SET", "NEW", "sort_hand", "arrange_sets",
           "hand_groups", "value_label"]
