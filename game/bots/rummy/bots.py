"""The three Mahjong Rummy strengths.  Each `choose(view, legal, rng)` looks only at the View (own hand,
table, dragon values, counts), the legal actions and its own rng.

Easy    lays sets made from its own hand (opening when it can) or adds one tile to a set in play,
        one thing per turn, else draws.
Normal  lays the most tiles it can without rearranging the table: the best cover of its hand by
        new sets, then every tile it can add to a set in play, dragon swaps when the freed dragon
        can go straight back down; a sensible opening (the most tiles, honours first).
Hard    searches whole-table rearrangements within the Golden Rules (turnsearch.py) for the turn that
        gets the most tiles out of its hand, then the most points.  Holding tiles back was measured
        and did not pay (docs/rummy-bots.md), so it plays its best turn whenever that shrinks its
        hand; the measured hold variants stay available (`HardBot(hold=...)`).  It lives in hard.py,
        loaded when the first Hard bot is made (importable from here as before).
"""

from __future__ import annotations

from bisect import insort
from typing import Any, Sequence

from game.core.protocol import Action
from game.rules.rummy import RULES, Draw, Pass, PlayTurn, ShownSet
from game.rules.rummy.sets import (added_dragon_values_at, can_make_set, dragon_never_fits, natural_extensions,
                                   set_key)
from game.rules.rummy.tiles import ALL_TILES, DR, KINDS, TILE_KIND

from .search import Budget, Context, hand_cover


def _fallback(legal: Sequence[Action]) -> Action:
    for a in legal:
        if isinstance(a, (Draw, Pass)):
            return a
    return legal[0]


def _accepts(view, action: PlayTurn) -> PlayTurn | None:
    """The action with its `played` list filled in, if the engine's validator (from this seat's own
    view) accepts it; None otherwise."""
    try:
        v = RULES.check(view, view.seat, action)
    except Exception:  # a malformed plan must never crash a bot
        return None
    if not v.ok:
        return None
    return PlayTurn(action.table, tuple(v.played), action.values, action.swaps)


def _n_played(a: PlayTurn, view) -> int:
    """Hand tiles a simple play puts on the table."""
    on_table = {t for s in view.table for t in s.tiles}
    return sum(1 for s in a.table for t in s if t not in on_table) + len(a.swaps)


# --------------------------------------------------------------------------- Easy

class EasyBot:
    """One simple play per turn, chosen from the engine's list of simple plays."""

    def choose(self, view, legal: Sequence[Action], rng) -> Action:
        plays = [a for a in legal if isinstance(a, PlayTurn) and not a.swaps]
        if not plays:
            return _fallback(legal)
        on_table = {t for s in view.table for t in s.tiles}

        def size(a: PlayTurn) -> int:
            return sum(1 for s in a.table for t in s if t not in on_table)

        # new sets from the hand (an opening, or one set) before single additions; bigger first
        best = max(size(a) for a in plays)
        top = [a for a in plays if size(a) == best]
        return top[rng.randint(0, len(top) - 1)]


# --------------------------------------------------------------------------- Normal

# The table seen in a view stays the same for several turns in a row (every draw leaves it alone) and
# views share their set objects while it does: what Normal works out from the table alone is kept
# for the last table seen.
_TABLE_MEMO: list = [None, None, None]          # view.table, view.values, facts

# A play changes a few sets and views keep the ShownSet object of every other one (views.py), so what
# Normal works out from one set alone is kept per ShownSet of the last table: (the set, its dragons,
# their values, the natural kinds that fit it, _add_singles' answers about hand dragons for it).
# Those depend only on the set's tiles and its dragons' values, which the kept entry is checked against.
_SET_MEMO: dict[int, tuple] = {}


def _table_facts(view) -> tuple[tuple, tuple, tuple, frozenset, frozenset, dict]:
    """For the view's table: (per set the natural kinds that fit it, (set index, dragon) for every
    dragon in play in table order, per set a dict for _add_singles' answers about hand dragons
    (filled as they are asked), the natural kinds that fit some set, the values the dragons in play
    stand for, a dict for _idle's answers about hand dragons)."""
    global _SET_MEMO
    m = _TABLE_MEMO
    if m[2] is not None and m[0] == view.table and m[1] == view.values:
        return m[2]
    values = dict(view.values)
    kept: dict[int, tuple] = {}
    memo = _SET_MEMO
    fits = []
    dragons = []
    answers = []
    for si, s in enumerate(view.table):
        got = memo.get(id(s))
        if got is None or got[0] is not s or (got[1] and got[2] != tuple([values.get(d) for d in got[1]])):
            ds = tuple([d for d in s.tiles if TILE_KIND[d] >= DR])
            got = (s, ds, tuple([values.get(d) for d in ds]), natural_extensions(s.tiles, values), {})
        if type(s) is ShownSet:                 # frozen: its tiles can't change under the entry
            kept[id(s)] = got
        fits.append(got[3])
        answers.append(got[4])
        for d in got[1]:
            dragons.append((si, d))
    _SET_MEMO = kept
    fits = tuple(fits)
    facts = (fits, tuple(dragons), tuple(answers), frozenset().union(*fits),
             frozenset([values.get(d) for _si, d in dragons]), {})
    m[:] = [view.table, view.values, facts]
    return facts


# Normal asks whether its hand can make a set first in _idle and then again while building, about
# the same hand unless a swap changed it: the last answer is kept with the hand it was for.
_CAN_MAKE: list = [None, False]          # hand (tuple), can_make_set's answer


def _can_make_set(hand) -> bool:
    key = tuple(hand)
    m = _CAN_MAKE
    if m[0] != key:
        m[:] = [key, can_make_set(key)]
    return m[1]


# _add_singles tries hand tiles in this order: naturals by hand penalty (high first), then dragons; each
# tile's sort key depends only on the seat and the winds, so it is worked out once per seat and winds.
_ORDER_KEYS: dict[tuple, dict[str, tuple]] = {}


def _order_keys(ctx) -> dict[str, tuple]:
    at = (ctx.me, tuple(ctx.seat_winds), ctx.round_wind)
    keys = _ORDER_KEYS.get(at)
    if keys is None:
        keys = _ORDER_KEYS[at] = {x: (TILE_KIND[x] >= DR, -ctx.hand_penalty(TILE_KIND[x]) if TILE_KIND[x] < DR else 0, x)
                                  for x in ALL_TILES}
    return keys


class NormalBot:
    """Lays everything it can without rearranging sets already in play."""

    nodes = 6000

    failures = 0                   # plans that crashed or were refused (tests expect none)

    def choose(self, view, legal: Sequence[Action], rng) -> Action:
        if not view.hand:
            return _fallback(legal)
        try:
            action = self.build(view)
        except Exception:          # never let a bot bring the game down: fall back below
            self.failures += 1
            return self._simple(view, legal)
        if action is None:         # nothing worth laying down
            return _fallback(legal)
        ok = _accepts(view, action)
        if ok is not None:
            return ok
        self.failures += 1
        return self._simple(view, legal)

    @staticmethod
    def _simple(view, legal: Sequence[Action]) -> Action:
        """Only if a plan went wrong: the engine's biggest simple play (no lone swaps), else draw."""
        plays = [a for a in legal if isinstance(a, PlayTurn) and not a.swaps]
        if plays:
            return max(plays, key=lambda a: _n_played(a, view))
        return _fallback(legal)

    @staticmethod
    def _idle(view, facts) -> bool:
        """True when build finds nothing to lay, known without building: most turns end in a draw.
        Before opening: no set can be made from the hand.  After: no set from the hand, no hand tile
        of a value a dragon in play stands for (no swap), and no hand tile fits a set in play."""
        hand = view.hand
        if _can_make_set(hand):
            return False
        if not view.opened[view.seat]:
            return True
        fit_any, swap_values, dragon_fit = facts[3], facts[4], facts[5]
        values = None
        for t in hand:
            k = TILE_KIND[t]
            if k < DR:
                if k in fit_any or KINDS[k] in swap_values:
                    return False
                continue
            fits = dragon_fit.get(k)
            if fits is None:            # as _add_singles asks: any set taking a hand dragon of this kind
                fits = False            # (the answers per set go where _add_singles reads them)
                for s, known_d in zip(view.table, facts[2]):
                    v = known_d.get(k)
                    if v is None:
                        if values is None:
                            values = dict(view.values)
                        vals = () if dragon_never_fits(s.tiles, k) else added_dragon_values_at(set_key(s.tiles, values), t, 4)
                        v = known_d[k] = vals[0] if vals else ""
                    if v:
                        fits = True
                        break
                dragon_fit[k] = fits
            if fits:
                return False
        return True

    def build(self, view) -> PlayTurn | None:
        facts = _table_facts(view)
        if self._idle(view, facts):
            return None
        me = view.seat
        ctx = Context(me, tuple(view.seat_winds), view.round_wind, len(view.hand_counts))
        opened = bool(view.opened[me])
        table_fits, table_dragons, table_dragon_fits = facts[:3]
        fits = list(table_fits)          # per set: the natural kinds that fit it (None once it changes)
        table = [s.tiles for s in view.table]       # tuples; a set that changes is replaced
        # (hand_cover finds nothing, after searching every block of the hand, when no set can be made)
        values = dict(view.values)
        new_values: dict[str, str] = {}
        hand = list(view.hand)
        swaps: list[tuple[str, str]] = []
        laid_any = False
        if not opened:
            cov = hand_cover(hand, ctx, Budget(self.nodes), need_open=True) if _can_make_set(hand) else None
            if cov is None:
                return None
            for tiles, vals in cov[2]:
                table.append(tuple(tiles))
                new_values.update(vals)
                values.update(vals)
                for t in tiles:
                    hand.remove(t)
            laid_any = True
        else:
            # dragon swaps first: the freed dragon is a wild for the rest of the turn
            in_hand = {KINDS[TILE_KIND[t]] for t in hand}      # a dragon stands for a natural kind
            for si, d in table_dragons:
                s = table[si]
                v = values.get(d)
                if v not in in_hand:
                    continue
                nat = next(t for t in hand if KINDS[TILE_KIND[t]] == v)
                in_hand = {KINDS[TILE_KIND[t]] for t in hand if t != nat}
                table[si] = tuple(nat if t == d else t for t in s)
                fits[si] = None
                hand.remove(nat)
                hand.append(d)
                swaps.append((d, nat))
                values.pop(d, None)
            cov = hand_cover(hand, ctx, Budget(self.nodes)) if _can_make_set(hand) else None
            if cov is not None:
                for tiles, vals in cov[2]:
                    table.append(tuple(tiles))
                    new_values.update(vals)
                    values.update(vals)
                    for t in tiles:
                        hand.remove(t)
                laid_any = True
        # then single tiles added to sets in play (naturals first, dragons last), until nothing fits
        if (opened or laid_any) and hand:
            fits += [None] * (len(table) - len(fits))
            dragon_fits = [table_dragon_fits[j] if j < len(table_dragon_fits) and fits[j] is not None else None
                           for j in range(len(table))]
            if self._add_singles(hand, table, values, new_values, ctx, fits, dragon_fits):
                laid_any = True
        # a swapped-out dragon nobody could use goes back: undo that swap (it would cost 10 in hand)
        for d, nat in list(swaps):
            if d in hand:
                for j, s in enumerate(table):
                    if nat in s:
                        table[j] = tuple(d if t == nat else t for t in s)
                        break
                hand.remove(d)
                hand.append(nat)
                values[d] = view.values_dict()[d]
                swaps.remove((d, nat))
        # nothing new on the table: no set or tile laid (each stays down) and every swap undone
        if not laid_any and not swaps:
            return None
        return PlayTurn(tuple(tuple(s) for s in table), (), tuple(sorted((d, v) for d, v in new_values.items()
                                                                         if any(d in s for s in table))),
                        tuple(swaps))

    @staticmethod
    def _add_singles(hand: list[str], table: list[tuple[str, ...]], values: dict, new_values: dict, ctx,
                     known: list | None = None, known_dragons: list | None = None) -> bool:
        """Add hand tiles one at a time to sets in play until none fits: each time the first tile (naturals
        by hand penalty, high first, then dragons) that fits some set goes to the first set it fits.
        Returns whether any tile went down (they leave `hand`).  `known`: per set, its natural
        extensions when already known (None: work them out); `known_dragons`: per set, a dict of its
        answers for hand dragons by kind to read and fill (None: start afresh)."""
        order = sorted(hand, key=_order_keys(ctx).__getitem__)
        # per set: the natural kinds that fit it; per kind: the sets it fits, in table order
        fits = [natural_extensions(s, values) if known is None or known[j] is None else known[j]
                for j, s in enumerate(table)]
        fit_sets: dict[int, list[int]] = {}
        for j, fit in enumerate(fits):
            for k in fit:
                fit_sets.setdefault(k, []).append(j)
        # per set: kind of a hand dragon -> the first value it could be declared as there ("" = none);
        # a hand dragon is never among a set's tiles, so the answer depends on its kind alone
        dragon_fit: list[dict[int, str] | None] = list(known_dragons) if known_dragons else [None] * len(table)
        laid = False
        placed = True
        while placed and order:
            placed = False
            for i, t in enumerate(order):
                kt = TILE_KIND[t]
                if kt >= DR:
                    for j, s in enumerate(table):
                        known_d = dragon_fit[j]
                        if known_d is None:
                            known_d = dragon_fit[j] = {}
                        v = known_d.get(kt)
                        if v is None:
                            vals = () if dragon_never_fits(s, kt) else added_dragon_values_at(set_key(s, values), t, 4)
                            v = known_d[kt] = vals[0] if vals else ""
                        if v:
                            values[t] = new_values[t] = v
                            break
                    else:
                        continue
                else:
                    for j in fit_sets.get(kt, ()):
                        if t not in table[j]:       # == is_valid(table[j] + [t], values)
                            break
                    else:
                        continue
                table[j] = table[j] + (t,)
                old_fit, fits[j] = fits[j], natural_extensions(table[j], values)
                dragon_fit[j] = None
                if old_fit != fits[j]:
                    # the index made afresh would have set j under the kinds that fit it now, in table
                    # order: it leaves the kinds that no longer fit and joins those that now do
                    for k in old_fit - fits[j]:
                        fit_sets[k].remove(j)
                    for k in fits[j] - old_fit:
                        insort(fit_sets.setdefault(k, []), j)
                del order[i]
                hand.remove(t)
                laid = placed = True
                break
        return laid


# Hard (hard.py) loads with its searches when first asked for: Normal self-play never compiles them.
def __getattr__(name: str) -> Any:
    if name in ("HardBot", "plan_action"):
        from . import hard
        return getattr(hard, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
