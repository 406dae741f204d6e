"""What one seat may see (own hand; counts for the others; the whole table; never the pool order)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from .sets import _DRAGON_IDS, _UNSET, _dragon_key, check_set
from .table import TableSet
from .tiles import SEAT_WINDS, round_wind


@dataclass(frozen=True)
class ShownSet:
    tiles: tuple[str, ...]        # tile ids in display order
    owner: int                    # seat scoring this set
    kind: str                     # run / group / winds-same / winds-mixed
    faces: tuple[str, ...]        # what each tile stands for (dragons show their declared value)


@dataclass(frozen=True)
class RummyView:
    seat: int | None                          # None = spectator
    hand: tuple[str, ...]                     # own tiles (ids); () for a spectator
    hand_counts: tuple[int, ...]              # every seat's hand size
    table: tuple[ShownSet, ...]
    values: tuple[tuple[str, str], ...]       # (dragon id, declared kind) for every dragon in play
    pool_count: int
    opened: tuple[bool, ...]
    scores: tuple[int, ...]                   # game totals so far
    round_scores: tuple[tuple[int, ...], ...]  # one tuple per finished round
    round_number: int                         # 1-based
    rounds_total: int
    round_wind: str                           # "WN" / "WE" / "WS" / "WW"
    seat_winds: tuple[str, ...]               # ("WN", "WE", "WS", "WW")
    turn: int                                 # whose turn it is
    to_act: tuple[int, ...]
    passes: int                               # passes in a row (pool empty; 4 end the round)
    turn_timer: int                           # seconds, 0 = off
    finished: bool

    def values_dict(self) -> dict[str, str]:
        return dict(self.values)

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.seat in self.to_act


# A set in play is shown the same way turn after turn: its ShownSet is made once, keyed on the set
# and its dragons' values (all a ShownSet depends on).
_SHOWN: dict[tuple, ShownSet] = {}


def shown_set(s, vals: Mapping[str, str]) -> ShownSet:
    key = (s.tiles, s.owner, _dragon_key(s.tiles, vals))
    try:
        sh = _SHOWN.get(key)
    except TypeError:                      # tiles in a list (a hand-made state): nothing to keep
        key, sh = None, None
    if sh is None:
        chk = check_set(s.tiles, vals)
        sh = ShownSet(tuple(s.tiles), s.owner, chk.kind, chk.faces)
        if key is not None:
            if len(_SHOWN) >= 4096:
                _SHOWN.clear()
            _SHOWN[key] = sh
    return sh


# The table part of a view, for the last table seen (it stays the same over every draw).
_TABLE_MEMO: list = [None, None, None, {}]   # table sets, values, (shown sets, values shown), by_set


def _shown_table(table, vals: Mapping[str, str]) -> tuple[tuple[ShownSet, ...], tuple[tuple[str, str], ...]]:
    sets = tuple(table)
    m = _TABLE_MEMO
    if m[2] is not None and m[0] == sets and m[1] == vals:
        return m[2]
    # a play keeps most TableSet objects as they were (turn.commit): the last table's ShownSet of the
    # same object serves again, unless the set holds a dragon whose value is not the same now. Each
    # kept entry is (set, its dragons, their values then, ShownSet): only the dragons are looked at again.
    last: dict = m[3]
    by_set: dict = {}
    shown = []
    dragons_in_play: list | None = []       # every set's dragons, while each set is a kept kind
    for s in sets:
        got = last.get(id(s))
        if got is not None and got[0] is s and (not got[1] or got[2] == tuple([vals.get(t, _UNSET) for t in got[1]])):
            sh = got[3]
        else:
            sh = shown_set(s, vals)
            if type(s) is TableSet and type(s.tiles) is tuple:    # frozen, of tuples: nothing can change it
                dragons = tuple([t for t in s.tiles if t in _DRAGON_IDS])
                got = (s, dragons, tuple([vals.get(t, _UNSET) for t in dragons]), sh)
            else:
                got = None
        if got is not None:
            by_set[id(s)] = got
            if dragons_in_play is not None:
                dragons_in_play += got[1]
        else:
            dragons_in_play = None
        shown.append(sh)
    if not vals:
        values = ()
    else:
        # the values of the dragons on the table (the state may hold others): when every key is a dragon
        # the sets' dragons say which are on the table, else every tile is looked at
        if dragons_in_play is not None and vals.keys() <= _DRAGON_IDS:
            on_table = set(dragons_in_play)
        else:
            on_table = {t for s in table for t in s.tiles}
        values = tuple(sorted((t, v) for t, v in vals.items() if t in on_table))
    facts = (tuple(shown), values)
    m[:] = [sets, dict(vals), facts, by_set]
    return facts


def make_view(state, seat: int | None) -> RummyView:
    shown, values = _shown_table(state.table, state.values)
    # RummyView's frozen __init__ sets its 19 fields one at a time through object.__setattr__, half of
    # a view's cost (a view is made for every decision): the same fields go into its __dict__ at once
    view = object.__new__(RummyView)
    view.__dict__.update(
        seat=seat,
        hand=tuple(state.hands[seat]) if seat is not None else (),
        hand_counts=tuple(map(len, state.hands)),
        table=shown,
        values=values,
        pool_count=len(state.pool),
        opened=tuple(state.opened),
        scores=tuple(state.scores),
        round_scores=tuple(map(tuple, state.round_scores)),
        round_number=state.round_index + 1,
        rounds_total=state.options["rounds"],
        round_wind=round_wind(state.round_index),
        seat_winds=SEAT_WINDS,
        turn=state.turn,
        to_act=() if state.finished else (state.turn,),
        passes=state.passes,
        turn_timer=state.options["turn_timer"],
        finished=state.finished,
    )
    return view
