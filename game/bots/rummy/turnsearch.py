"""The whole-turn search behind the Hard Mahjong Rummy bot: every block of the table and the hand
searched (blocksearch.BlockSearch) for each set of other players the turn may touch and each subset of
dragon swaps, then combined.  search.py says how the blocks are searched and what is scored.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Mapping, Sequence

from game.rules.rummy.tiles import DG, DR, DW, KIND_INDEX, KINDS, TILE_KIND

from .blocksearch import BlockSearch
from .search import HAND, N_BLOCKS, NAT, BLOCK_FACES, Block, Budget, Context, _popcount, block_of, combine_blocks


# --------------------------------------------------------------------------- the position

@dataclass
class Position:
    """A seat's view of the table reduced to what the search needs."""

    me: int
    hand: tuple[str, ...]
    table: tuple[tuple[tuple[str, ...], int], ...]        # (tile ids, owner)
    values: Mapping[str, str]                              # declared values of dragons in play
    opened: bool
    ctx: Context = field(default_factory=lambda: Context(0))

    @staticmethod
    def from_view(view) -> "Position":
        me = view.seat
        ctx = Context(me, tuple(view.seat_winds), view.round_wind, len(view.hand_counts))
        return Position(me, tuple(view.hand), tuple((tuple(s.tiles), int(s.owner)) for s in view.table),
                        dict(view.values), bool(view.opened[me]), ctx)


@dataclass
class Plan:
    """A found turn: the new table and what it does."""

    table: list[tuple[str, ...]]
    values: dict[str, str]            # declarations for dragons coming from the hand
    swaps: list[tuple[str, str]]      # (dragon, natural)
    played: list[str]                 # hand tiles put on the table (swap naturals included)
    reduction: int                    # hand size before minus after
    score: int                        # 3*mine - others, if the round ended now (for comparison only)
    lenders: int = 0                  # bit mask of seats lent a tile
    complete: bool = True             # False when a node budget cut the search short


def build_blocks(pos: Position, swaps: Sequence[tuple[str, str]] = ()) -> list[Block]:
    """Group the hand naturals and the table tiles by block; swaps move the natural to the dragon's owner
    (it takes the dragon's provenance) and take the dragon off the table."""
    blocks = [Block(b, BLOCK_FACES[b]) for b in range(N_BLOCKS)]
    freed = {d: n for d, n in swaps}
    swap_nat = {n: d for d, n in swaps}
    for si, (tiles, owner) in enumerate(pos.table):
        b_of_set = None
        for t in tiles:
            k = TILE_KIND[t]
            if t in freed:
                nat = freed[t]
                face = TILE_KIND[nat]
                blocks[block_of(face)].add(face, NAT, owner, nat)
                b_of_set = block_of(face)
                continue
            if k >= DR:
                face = KIND_INDEX[pos.values[t]]
                role = k
            else:
                face, role = k, NAT
            blocks[block_of(face)].add(face, role, owner, t)
            b_of_set = block_of(face)
        if b_of_set is not None:
            blocks[b_of_set].orig_sets.append(si)
    for t in sorted(pos.hand):
        k = TILE_KIND[t]
        if k >= DR or t in swap_nat:
            continue
        blocks[block_of(k)].add(k, NAT, HAND, t)
    return blocks


# --------------------------------------------------------------------------- whole turn

ORIG = "orig"
LEVEL_CAPS = {2: 25, 3: 10, -1: 10}      # percent of the node budget for level 2, level 3, borrow-only extras


def _hand_dragons(pos: Position) -> dict[int, list[str]]:
    d: dict[int, list[str]] = {DR: [], DW: [], DG: []}
    for t in sorted(pos.hand):
        k = TILE_KIND[t]
        if k >= DR:
            d[k].append(t)
    return d


def swap_candidates(pos: Position) -> list[tuple[str, str]]:
    """Possible dragon swaps: (dragon in play, one natural of its value from the hand)."""
    if not pos.hand:
        return []
    by_kind: dict[str, list[str]] = {}
    for t in sorted(pos.hand):
        by_kind.setdefault(KINDS[TILE_KIND[t]], []).append(t)
    out = []
    for tiles, _owner in pos.table:
        for t in tiles:
            if TILE_KIND[t] >= DR:
                v = pos.values.get(t)
                if v in by_kind:
                    out.append((t, by_kind[v][0]))
    return out


def _swap_subsets(cands: list[tuple[str, str]], max_swaps: int) -> list[tuple[tuple[str, str], ...]]:
    """Subsets of up to max_swaps swaps of distinct dragons (the naturals are assigned afterwards)."""
    out: list[tuple[tuple[str, str], ...]] = [()]
    for n in range(1, max_swaps + 1):
        for combo in combinations(cands, n):
            if len({d for d, _ in combo}) == n:
                out.append(combo)
    return out


def _assign_swap_naturals(pos: Position, combo: Sequence[tuple[str, str]]) -> list[tuple[str, str]] | None:
    """Give each swap its own natural id from the hand (two swaps of B5 need two B5s)."""
    pool: dict[str, list[str]] = {}
    for t in sorted(pos.hand):
        pool.setdefault(KINDS[TILE_KIND[t]], []).append(t)
    out = []
    for d, _n in combo:
        lst = pool.get(pos.values[d])
        if not lst:
            return None
        out.append((d, lst.pop(0)))
    return out


def _set_score(ctx: Context, tiles: Sequence[str], owner: int) -> int:
    pts = 0
    for t in tiles:
        k = TILE_KIND[t]
        if k < DR:
            pts += ctx.play_points(k, NAT, owner)
    return 3 * pts if owner == ctx.me else -pts


def sub_block(blk: Block, pos: Position, players: frozenset, swaps: Sequence[tuple[str, str]]
              ) -> tuple[Block, list[int], int]:
    """The part of a block the search may move when only `players` (besides the mover) lend or receive
    tiles: their tiles, the mover's tiles and hand; every other player's sets stay exactly as they are
    (if nobody gives to or takes from a player, keeping his sets as they were loses nothing).
    Returns (block, frozen table set indices, score of the frozen sets)."""
    me = pos.me
    sub = Block(blk.index, blk.faces)
    for gi in range(len(blk.g_face)):
        c = blk.g_cls[gi]
        if c == HAND or c == me or c in players:
            for t in blk.g_ids[gi]:
                sub.add(blk.g_face[gi], blk.g_role[gi], c, t)
    frozen = []
    score = 0
    fd = {d: n for d, n in swaps}
    for si in blk.orig_sets:
        tiles, owner = pos.table[si]
        if owner == me or owner in players:
            sub.orig_sets.append(si)
        else:
            frozen.append(si)
            score += _set_score(pos.ctx, [fd.get(t, t) for t in tiles], owner)
    return sub, frozen, score


class TurnSearch:
    """Best turn for an opened seat: exhaustive per block within a node budget (anytime).

    Work is scheduled from cheap to expensive so that a short budget still gives good turns:
    level 0 moves only the mover's own sets and hand, level 1 also one other player's area
    (giving to it or borrowing from it), level 2 two other players, level 3 all three.  Each level
    runs for every dragon-swap subset and every block, sharing one branch-and-bound table per
    block.  With enough budget every level completes and the result is exact.
    """

    def __init__(self, pos: Position, nodes: int = 20000, max_swaps: int = 2, table_moves: bool = True,
                 lent_ok: int = 0b1111, pre_played: int = 0, max_level: int = 3,
                 no_swap: frozenset = frozenset()):
        self.pos = pos
        self.no_swap = no_swap        # dragons that may not be swapped (laid earlier this same turn)
        self.nodes = nodes
        self.max_swaps = max_swaps
        self.table_moves = table_moves
        self.lent_ok = lent_ok
        self.pre_played = pre_played
        self.max_level = max_level if table_moves else 0
        self.complete = True

    def best(self) -> Plan | None:
        pos = self.pos
        if not pos.opened or not pos.hand:
            return None
        me = pos.me
        cands = [c for c in swap_candidates(pos) if c[0] not in self.no_swap] if self.table_moves else []
        combos: list[list[tuple[str, str]]] = []
        for combo in _swap_subsets(cands, min(self.max_swaps, len(cands))):
            sw = _assign_swap_naturals(pos, combo)
            if sw is not None:
                combos.append(sw)
        hd = _hand_dragons(pos)
        freed_max = {DR: set(), DW: set(), DG: set()}
        for sw in combos:
            for d, _n in sw:
                freed_max[TILE_KIND[d]].add(d)
        caps_suit = (len(hd[DR]) + len(freed_max[DR]), len(hd[DW]) + len(freed_max[DW]), 0)
        caps_wind = (0, 0, len(hd[DG]) + len(freed_max[DG]))
        budget = Budget(self.nodes)
        # per combo: its blocks; per distinct block content: one shared result table
        results: dict[tuple, dict] = {}
        combo_blocks: list[tuple[list[tuple[str, str]], list[Block], list[tuple]]] = []
        for sw in combos:
            blocks = build_blocks(pos, sw)
            keys = []
            for blk in blocks:
                key = (blk.index, tuple(sorted((blk.g_face[i], blk.g_role[i], blk.g_cls[i], tuple(blk.g_ids[i]))
                                               for i in range(len(blk.g_face)))), tuple(blk.orig_sets))
                keys.append(key)
                if key not in results:
                    fd = {d: n for d, n in sw}
                    orig = sum(_set_score(pos.ctx, [fd.get(t, t) for t in pos.table[si][0]], pos.table[si][1])
                               for si in blk.orig_sets)
                    orig -= sum(3 * pos.ctx.hand_penalty(blk.g_face[i]) * len(blk.g_ids[i])
                                for i in range(len(blk.g_face)) if blk.g_cls[i] == HAND)
                    results[key] = {"blk": blk, "sw": sw, "best": {(0, 0, 0, 0): (0, orig, (None, ORIG))},
                                    "done": set()}
            combo_blocks.append((sw, blocks, keys))
        # the schedule: (level, block key, players)
        jobs: list[list[tuple]] = [[] for _ in range(self.max_level + 1)]
        extra: list[tuple] = []
        for key, r in results.items():
            blk = r["blk"]
            others = sorted({c for c in blk.g_cls if c != HAND and c != me})
            can_place = blk.has_hand() or (blk.g_face and (caps_suit[0] + caps_suit[1] if blk.index < 3
                                                            else caps_wind[2]) > 0)
            if not can_place:
                # nothing to lay here, but a tile borrowed into one of the mover's own sets still
                # scores (legal when the turn lays enough elsewhere): searched last, if budget is left
                if me in blk.g_cls and self.max_level >= 1:
                    for lvl in range(1, min(2, self.max_level) + 1):
                        for players in combinations(others, lvl):
                            extra.append((key, frozenset(players)))
                continue
            for lvl in range(0, self.max_level + 1):
                for players in combinations(others, lvl):
                    jobs[lvl].append((key, frozenset(players)))
        jobs.append(extra)
        for lvl, lst in enumerate(jobs):
            # blocks with hand tiles first; then the smaller searches
            lst.sort(key=lambda j: (not results[j[0]]["blk"].has_hand(), len(results[j[0]]["blk"].g_face)))
            # levels 0 and 1 may use the whole budget; two or three other players at once rarely add a
            # tile (measured: 12 of 1 843 level-2 searches, no level-3 one), so those levels and the
            # borrow-only extras get capped shares
            cap = None if lvl <= 1 else self.nodes * LEVEL_CAPS.get(lvl if lvl < len(jobs) - 1 else -1, 10) // 100
            spent = 0
            for i, (key, players) in enumerate(lst):
                left = budget.left if cap is None else min(budget.left, cap - spent)
                if left <= 0:
                    self.complete = False
                    break
                share = max(1, left // (len(lst) - i))     # unused shares roll on to the next job
                r = results[key]
                sub, frozen, fscore = sub_block(r["blk"], pos, players, r["sw"])
                caps = caps_suit if sub.index < 3 else caps_wind
                local = Budget(share)
                bs = BlockSearch(sub, pos.ctx, caps, local, lent_ok=self.lent_ok, shared=r["best"],
                                 offset=fscore, tag=(sub, tuple(frozen)))
                bs.run()
                used = share - max(0, local.left)
                budget.left -= used
                spent += used
                if not bs.complete:
                    self.complete = False
        best_plan: Plan | None = None
        for sw, blocks, keys in combo_blocks:
            plan = self._combine(sw, blocks, [results[k]["best"] for k in keys], hd)
            if plan is not None and (best_plan is None or (plan.reduction, plan.score) > (best_plan.reduction,
                                                                                         best_plan.score)):
                best_plan = plan
        if best_plan is not None:
            best_plan.complete = self.complete
        return best_plan

    def _combine(self, swaps, blocks, tables, hd) -> Plan | None:
        freed = {DR: [], DW: [], DG: []}
        for d, _n in swaps:
            freed[TILE_KIND[d]].append(d)
        avail = [len(hd[DR]) + len(freed[DR]), len(hd[DW]) + len(freed[DW]), len(hd[DG]) + len(freed[DG])]
        # lenders' masks: no lender twice, at most two lenders in all
        combo = combine_blocks(tables, avail,
                               lambda m, m2: None if m & m2 or _popcount(m | m2) > 2 else m | m2)
        best = None
        n_sw = len(swaps)
        total_dragons = sum(avail)
        for (r, w, g, m), (p, s, ch) in combo.items():
            placed = p + n_sw                       # swap naturals count as played
            if placed < 1:
                continue
            if _popcount(m) == 1 and placed + self.pre_played < 2:
                continue
            score = s - 30 * (total_dragons - (r + w + g))
            reduction = placed - n_sw
            if best is None or (reduction, score) > (best[0], best[1]):
                best = (reduction, score, ch, m)
        if best is None:
            return None
        reduction, score, ch, mask = best
        return self._instantiate(blocks, ch, swaps, hd, freed, reduction, score, mask)

    def _instantiate(self, blocks, choice, swaps, hd, freed, reduction, score, mask) -> Plan:
        pos = self.pos
        table: list[tuple[str, ...]] = []
        values: dict[str, str] = {}
        free = {k: list(hd[k]) + list(freed[k]) for k in (DR, DW, DG)}
        played: list[str] = [n for _d, n in swaps]
        fd = {d: n for d, n in swaps}
        for blk, (tag, path) in zip(blocks, choice):
            if path == ORIG:
                for si in blk.orig_sets:
                    table.append(tuple(fd.get(t, t) for t in pos.table[si][0]))
                continue
            sub, frozen = tag
            for si in frozen:
                table.append(tuple(fd.get(t, t) for t in pos.table[si][0]))
            ids = [list(x) for x in sub.g_ids]
            for members in path:
                s: list[str] = []
                for m, f in members:
                    if m >= 0:
                        t = ids[m].pop(0)
                        if sub.g_cls[m] == HAND:
                            played.append(t)
                    else:
                        t = free[~m].pop(0)
                        values[t] = KINDS[f]
                        played.append(t)
                    s.append(t)
                table.append(tuple(s))
        return Plan(table, values, list(swaps), played, reduction, score, mask)
