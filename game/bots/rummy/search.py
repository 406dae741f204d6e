"""The turn search behind the Mahjong Rummy bots: which hand tiles can go down this turn, and how.
(This module holds what the block searches share and Normal's hand-only cover; the block search
with owners and lenders is in blocksearch.py, and the whole-turn search that combines blocks for
Hard in turnsearch.py: Normal loads neither.)

Everything here works on what one seat can see: its hand, the table (sets with owners) and the
declared values of the dragons in play.  Nothing reads the game state.

The key observation that keeps the search small: every valid set lives inside one *block* (one
suit for runs and identical tiles, or the winds).  A whole-table rearrangement is therefore four
independent rearrangements (Bamboo, Characters, Dots, Winds) that share only a few resources:

  * the free dragons (from the hand, or freed by a dragon swap) each block uses, and
  * which other players lent a tile (RUM-4: one tile per player, two players at most).

So each block is searched exactly (an exhaustive depth-first search over the ways to cut the
block's tiles into sets, with a transposition table) and returns the best outcome for every
*resource signature* (reds, whites, greens used, set of lenders).  The blocks are then combined
by a tiny knapsack over those signatures, and the whole thing is repeated for each subset of the
possible dragon swaps (RUM-9).  When a block is too big for its node budget the block search
stops early and keeps what it found (the table as it was is always a valid fallback), which makes
the search anytime.

Ownership and movement follow the engine's turn validator (game/rules/rummy/turn.py):
  * every tile counts for whoever owned it before the turn (hand tiles count for the mover);
  * a set goes to the player with most tiles in it, the mover winning ties (RUM-3, RUM-11);
  * a tile of another player may end in the mover's set (borrowing, at most one per player and
    two players per turn, RUM-4) or stay with its owner, never go to a third player;
  * a swapped-in natural takes the place, and so the provenance, of the dragon it replaced.

Objective, in this order: most tiles out of the hand (hand size before minus after), then the
best score estimate 3 x (mover's points) - (everyone else's points) if the round ended now.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Sequence

from game.rules.rummy.sets import block_has_set
from game.rules.rummy.tiles import DG, DR, DW, KINDS, N_NUMBERED, TILE_KIND, WIND_HI, WIND_LO

HAND = -1                          # "class" of a tile still in the mover's hand
FREE_DRAGONS = (DR, DW, DG)        # resource order: reds, whites, greens
NAT = 0                            # role of a natural tile (dragons use their kind as role)
N_BLOCKS = 4
BLOCK_FACES: tuple[tuple[int, ...], ...] = (tuple(range(0, 9)), tuple(range(9, 18)), tuple(range(18, 27)),
                                            tuple(range(WIND_LO, WIND_HI + 1)))


def block_of(face: int) -> int:
    return 3 if face >= WIND_LO else face // 9


def _popcount(x: int) -> int:
    return bin(x).count("1")


def combine_blocks(tables: Sequence[dict], avail: Sequence[int], join) -> dict:
    """The best (placed, score, paths) for each signature (red, white, green dragons used, and a
    fourth field) over one entry from each block's table: dragons within `avail`, the fourth fields
    merged by `join(a, b)` (None: those two entries don't go together)."""
    combo: dict[tuple, tuple] = {(0, 0, 0, 0): (0, 0, ())}
    for entry in tables:
        nxt: dict[tuple, tuple] = {}
        for (r, w, g, x), (p, s, ch) in combo.items():
            for (r2, w2, g2, x2), (p2, s2, path) in entry.items():
                r3, w3, g3 = r + r2, w + w2, g + g2
                if r3 > avail[0] or w3 > avail[1] or g3 > avail[2]:
                    continue
                x3 = join(x, x2)
                if x3 is None:
                    continue
                k = (r3, w3, g3, x3)
                v = (p + p2, s + s2)
                cur = nxt.get(k)
                if cur is None or v > (cur[0], cur[1]):
                    nxt[k] = (v[0], v[1], ch + (path,))
        combo = nxt
    return combo


# --------------------------------------------------------------------------- scoring helpers

def wind_mult(face: int, seat: int, seat_winds: Sequence[str], round_wind: str) -> int:
    w = KINDS[face]
    m = 1
    if seat_winds[seat] == w:
        m *= 2
    if round_wind == w:
        m *= 2
    return m


@dataclass
class Context:
    """What the search needs to know about the seat and the round."""

    me: int
    seat_winds: tuple[str, ...] = ("WN", "WE", "WS", "WW")
    round_wind: str = "WN"
    n_seats: int = 4

    def play_points(self, face: int, role: int, owner: int) -> int:
        """Points a tile standing for `face` scores for `owner` while in play (dragons 0)."""
        if role != NAT:
            return 0
        if face < N_NUMBERED:
            return 1
        return 5 * wind_mult(face, owner, self.seat_winds, self.round_wind)

    def hand_penalty(self, face: int) -> int:
        """What a natural left in the mover's hand costs him (positive number)."""
        if face < N_NUMBERED:
            return 1
        if face >= DR:
            return 10
        return 5 * wind_mult(face, self.me, self.seat_winds, self.round_wind)


# --------------------------------------------------------------------------- groups

@dataclass
class Block:
    """One block's tiles as interchangeable groups (face, role, class) with their ids."""

    index: int
    faces: tuple[int, ...]
    g_face: list[int] = field(default_factory=list)
    g_role: list[int] = field(default_factory=list)
    g_cls: list[int] = field(default_factory=list)
    g_ids: list[list[str]] = field(default_factory=list)
    orig_sets: list[int] = field(default_factory=list)     # indices of table sets in this block
    key: dict = field(default_factory=dict)

    def add(self, face: int, role: int, cls: int, tid: str) -> None:
        k = (face, role, cls)
        gi = self.key.get(k)
        if gi is None:
            gi = len(self.g_face)
            self.key[k] = gi
            self.g_face.append(face)
            self.g_role.append(role)
            self.g_cls.append(cls)
            self.g_ids.append([])
        self.g_ids[gi].append(tid)

    def counts(self) -> list[int]:
        return [len(x) for x in self.g_ids]

    def has_hand(self) -> bool:
        return any(c == HAND for c in self.g_cls)


# --------------------------------------------------------------------------- block search

class Budget:
    def __init__(self, nodes: int):
        self.left = nodes
        self.cut = False

    def spend(self, n: int = 1) -> bool:
        self.left -= n
        if self.left < 0:
            self.cut = True
            return False
        return True


Member = tuple  # (group index or -1-dragon_kind for a free dragon, face)


# per numbered face: the other two faces of each 3-window of its suit that holds it
_RUN_WINDOWS: dict[int, list[tuple[int, int]]] = {
    f: [tuple(p for p in range(a, a + 3) if p != f) for a in range(max(f - f % 9, f - 2), min(f, f - f % 9 + 6) + 1)]
    for f in range(N_NUMBERED)}


class _Search:
    """What the block searches share (BlockSearch in blocksearch.py, Hard's, with owners and lenders;
    _HandSearch below, Normal's, on the mover's own naturals): the bounds, the sets of different
    winds, and the node loop's anchor and leaves.  A subclass sets the fields and gives `_push`,
    `_finish`, the set builders and `_dfs`.

    signature = (reds, whites, greens used, lender mask); value = (placed, score, path) where
    path is a tuple of sets, each a tuple of members (group index or ~dragon kind, face).
    """

    def _could_place(self, res: Sequence[int] = (0, 0, 0), left_only: bool = False) -> list[bool]:
        """Per group: could a hand tile of it still be part of some set, counting every tile left in
        the block (whoever owns it) and the free dragons left?  (Table groups: always True.)
        left_only: groups with no tile left are not looked at (False)."""
        counts = self.counts
        g_face = self.b.g_face
        is_hand = self.is_hand
        reds, whites, greens = (self.caps[0] - res[0], self.caps[1] - res[1], self.caps[2] - res[2])
        at_face = self._at_face
        # per face: tiles left that can stand there (in a run, or in a wind set)
        there = {}
        for f, (runs, _same) in at_face.items():
            c = 0
            for i in runs:
                c += counts[i]
            there[f] = c
        out = []
        if self.is_wind:
            present = sum(1 for w in there if there[w])
            for i in range(len(g_face)):
                if not is_hand[i]:
                    out.append(True)
                    continue
                f = g_face[i]
                others = present - (1 if there[f] else 0)
                out.append(there[f] + greens >= 3 or others + greens >= 2)
            return out
        windows = self._windows
        for i in range(len(g_face)):
            if not is_hand[i]:
                out.append(True)
                continue
            if left_only and not counts[i]:
                out.append(False)
                continue
            f = g_face[i]
            same = 0
            for j in at_face[f][1]:
                same += counts[j]
            ok = same + whites >= 3 or reds >= 2      # two reds complete any 3-window round f
            if not ok:
                for p, q in windows[f]:             # the other two faces of each 3-window holding f
                    if (not there[p]) + (not there[q]) <= reds:
                        ok = True
                        break
            out.append(ok)
        return out

    def _bound_parts(self, res: list[int]) -> tuple[int, int, int]:
        """What the bound of a node takes from the tiles left and the dragons used: (hand tiles that
        could still be placed, the best score change of the tiles left, the best gain of one borrow)."""
        counts = self.counts
        could = self._could_place(res, left_only=True)
        more_p = sum(counts[i] for i in self.hand_groups if could[i])
        gain = 0
        top = 0
        ug = self.ub_gain
        bg = self.borrow_gain
        for i, c in enumerate(counts):
            if c:
                if could[i]:
                    gain += c * ug[i]
                else:                   # it will stay in the hand
                    gain -= c * 3 * self.ctx.hand_penalty(self.b.g_face[i])
                if bg[i] > top:
                    top = bg[i]
        return more_p, gain, top

    # ---- candidate sets anchored at group g (its face is the lowest face with tiles left)
    def _emit(self, members, placed, nat, out) -> None:
        if nat and len(members) >= 3:
            j = self._finish(placed, nat)
            if j is not None:
                out.append((j, tuple(members)))
                self.budget.spend()

    def _mixed_winds(self, anchor, placed: int, nat: int, f: int, greens: int, out: list) -> None:
        counts = self.counts
        lower = list(range(WIND_LO, f))
        higher = list(range(f + 1, WIND_HI + 1))
        chosen: list = [anchor]

        def rec(i: int, placed: int, nat: int, gused: int) -> None:
            if i == len(higher):
                for low_n in range(0, min(greens - gused, len(lower)) + 1):
                    for lows in combinations(lower, low_n):
                        size = len(chosen) + low_n
                        if 3 <= size <= 4:
                            self.cc[self.me] += low_n
                            self._emit(chosen + [(~DG, w) for w in lows], placed + low_n, nat, out)
                            self.cc[self.me] -= low_n
                return
            if len(chosen) > 4:
                return
            w = higher[i]
            rec(i + 1, placed, nat, gused)
            for gi in self.face_groups[w]:
                if counts[gi] > 0 and self.b.g_role[gi] in (NAT, DG):
                    seat = self.seat_of[gi]
                    if self._push(seat):
                        counts[gi] -= 1
                        chosen.append((gi, w))
                        if self.natural[gi]:
                            self.nat_faces.append(w)
                        rec(i + 1, placed + (1 if self.is_hand[gi] else 0), nat + (1 if self.natural[gi] else 0),
                            gused)
                        if self.natural[gi]:
                            self.nat_faces.pop()
                        chosen.pop()
                        counts[gi] += 1
                    self.cc[seat] -= 1
            if gused < greens:
                self.cc[self.me] += 1
                chosen.append((~DG, w))
                rec(i + 1, placed + 1, nat, gused + 1)
                chosen.pop()
                self.cc[self.me] -= 1

        rec(0, placed, nat, 0)

    # ---- the depth-first search
    def run(self) -> dict:
        self._dfs([0, 0, 0], 0, 0, 0, [])
        return self.best

    def _anchor(self) -> int:
        """The first group with tiles left, by face and then as face_groups lists them."""
        counts = self.counts
        for gi in self._anchor_order:
            if counts[gi] > 0:
                return gi
        return -1

    def _leaf(self, sig, placed, score, path) -> None:
        score += self.offset
        cur = self.best.get(sig)
        if cur is None or (placed, score) > (cur[0], cur[1]):
            self.best[sig] = (placed, score, (self.tag, tuple(path)))


# --------------------------------------------------------------------------- hand-only sets

def hand_cover(hand: Sequence[str], ctx: Context, budget: Budget, need_open: bool = False
               ) -> tuple[int, int, list[tuple[list[str], dict[str, str]]]] | None:
    """Best way to lay sets made only of hand tiles: (tiles laid, score, [(tile ids, dragon values)]).

    need_open: the sets must make an opening (RUM-2 reading b: two separate sets, or one run of six
    or more that splits into two).  Returns None when nothing (or no opening) can be laid.
    """
    # the blocks and dragons as build_blocks and _hand_dragons make them for a hand alone (tiles in id order)
    by_block: list[list[str]] = [[], [], [], []]
    hd: dict[int, list[str]] = {DR: [], DW: [], DG: []}
    for t in sorted(hand):
        k = TILE_KIND[t]
        if k >= DR:
            hd[k].append(t)
        else:
            by_block[3 if k >= WIND_LO else k // 9].append(t)
    shaped = [_hand_block(b, tuple(ts)) for b, ts in enumerate(by_block)]
    blocks = [blk for blk, _shape in shaped]
    avail = [len(hd[DR]), len(hd[DW]), len(hd[DG])]
    tables = []
    for blk, shape in shaped:
        entry: dict[tuple, list] = {}
        if shape is not None:
            caps = (avail[0], avail[1], 0) if blk.index < 3 else (0, 0, avail[2])
            found = _hand_block_search(blk, ctx, caps, budget, need_open, shape)
            for sig, val in found.items():
                entry[sig] = (val[0], val[1], val[2][1])
        else:
            entry[(0, 0, 0, 0)] = (0, 0, ())
        tables.append(entry)
    # the set count, capped at the two an opening needs
    combo = combine_blocks(tables, avail, (lambda n, n2: min(2, n + n2)) if need_open else (lambda n, n2: 0))
    best = None
    total = sum(avail)
    for (r, w, g, n), (p, s, ch) in combo.items():
        if p < 1 or (need_open and n < 2):
            continue
        score = s - 30 * (total - r - w - g)
        if best is None or (p, score) > (best[0], best[1]):
            best = (p, score, ch)
    if best is None:
        return None
    p, s, ch = best
    free = {k: list(hd[k]) for k in (DR, DW, DG)}
    sets = []
    for blk, path in zip(blocks, ch):
        ids = [list(x) for x in blk.g_ids]
        for members in path:
            tiles: list[str] = []
            vals: dict[str, str] = {}
            for m, f in members:
                if m >= 0:
                    tiles.append(ids[m].pop(0))
                else:
                    t = free[~m].pop(0)
                    vals[t] = KINDS[f]
                    tiles.append(t)
            sets.append((tiles, vals))
    return p, s, sets


# A draw changes one block of a hand, so from turn to turn most of hand_cover's block searches are
# the same search again. A search that ran to the end is kept with everything it reads (the block's
# groups and counts, the dragon caps, the seat and winds that price tiles) and the nodes it spent;
# it is replayed, spending those nodes, whenever the budget left could have paid for the whole run
# (then the real search would not have been cut either, so the answer is the same).
_HAND_SEARCHES: dict[tuple, tuple[dict, int]] = {}
_HAND_SEARCHES_MAX = 20000


@lru_cache(maxsize=1 << 14)
def _hand_block(index: int, tiles: tuple[str, ...]) -> tuple[Block, tuple | None]:
    """The Block of hand tiles `tiles` (in id order, all of block `index`) and its shape for
    _hand_block_search's key (None when it has no tiles).  Kept: a hand's suits change one at a
    time, and nothing changes a Block once made (searches copy what they change)."""
    blk = Block(index, BLOCK_FACES[index])
    for t in tiles:
        k = TILE_KIND[t]
        blk.add(k, NAT, HAND, t)
    if not tiles:
        return blk, None
    return blk, (tuple(blk.g_face), tuple(blk.g_role), tuple(blk.g_cls), tuple(blk.counts()))


def _hand_block_search(blk: Block, ctx: Context, caps: tuple[int, int, int], budget: Budget,
                       need_open: bool, shape: tuple | None = None) -> dict:
    # a suit block's hand-only search never reads the seat or the winds (every numbered tile scores 1
    # in play and costs 1 in hand, and all its tiles are the mover's): one entry serves every seat
    who = (ctx.me, tuple(ctx.seat_winds), ctx.round_wind) if blk.index == 3 else None
    if shape is None:
        shape = (tuple(blk.g_face), tuple(blk.g_role), tuple(blk.g_cls), tuple(blk.counts()))
    settled = _no_set_here(blk, ctx, caps, budget, shape)
    if settled is not None:
        return settled
    key = (need_open, caps, who, blk.index) + shape
    hit = _HAND_SEARCHES.get(key)
    if hit is not None and hit[1] <= budget.left:
        budget.left -= hit[1]
        return hit[0]
    left = budget.left
    bs = _OpeningSearch(blk, ctx, caps, budget) if need_open else _HandSearch(blk, ctx, caps, budget)
    found = bs.run()
    if bs.complete and not budget.cut:
        if len(_HAND_SEARCHES) >= _HAND_SEARCHES_MAX:
            _HAND_SEARCHES.clear()
        _HAND_SEARCHES[key] = (found, left - budget.left)
    return found


def _no_set_here(blk: Block, ctx: Context, caps: tuple[int, int, int], budget: Budget, shape: tuple) -> dict | None:
    """What the hand-only search of `blk` finds when no set can be made of its tiles with the free
    dragons (half the blocks it is asked about): every tile stays in the hand.  The search would
    visit one node per tile and one leaf, so that many nodes are spent.  None when it can't be
    told so simply (a set can be made, or the budget would cut the search)."""
    faces, _roles, _classes, counts = shape
    n = sum(counts)
    if n + 1 > budget.left:
        return None
    if block_has_set(blk.index, _face_counts(blk.index, faces, counts), *caps):
        return None
    budget.left -= n + 1
    if blk.index < 3:                   # a numbered tile costs 1 in the hand
        score = -3 * n
    else:
        score = -3 * sum([ctx.hand_penalty(f) * c for f, c in zip(faces, counts)])
    return {(0, 0, 0, 0): (0, score, (None, ()))}


@lru_cache(maxsize=1 << 14)
def _face_counts(index: int, faces: tuple[int, ...], counts: tuple[int, ...]) -> tuple[int, ...]:
    """The tiles of each face of block `index` (in BLOCK_FACES order) for groups of these faces."""
    per_face = dict(zip(faces, counts))
    return tuple([per_face.get(f, 0) for f in BLOCK_FACES[index]])


class _HandSearch(_Search):
    """BlockSearch(block, ctx, caps, budget, lent_ok=0) for a block of the mover's own naturals only
    (what _hand_block makes): the same search, with the parts about owners, lenders and table tiles
    set up directly (a new hand shape is searched at most once, so setting up was a good part of it)."""

    def __init__(self, block: Block, ctx: Context, caps: tuple[int, int, int], budget: Budget):
        n = len(block.g_face)
        me = ctx.me
        self.b = block
        self.ctx = ctx
        self.me = me
        self.caps = caps
        self.budget = budget
        self.lent_ok = 0
        self.counts = block.counts()
        self.seat_of = [me] * n
        self.is_hand = [True] * n
        self.natural = [True] * n
        # one group per face (every tile a natural in the hand): each face's groups in group order
        g_face = block.g_face
        face_groups: dict[int, list[int]] = {f: [] for f in block.faces}
        for gi in range(n):
            face_groups[g_face[gi]].append(gi)
        self.face_groups = face_groups
        self.run_groups = {f: list(gs) for f, gs in face_groups.items()}
        self.best = {}
        self.offset = 0
        self.tag = None
        self.memo = {}
        self.complete = True
        self.is_wind = block.index == 3
        self.mask = 0
        self.cc = [0, 0, 0, 0]
        self.nat_faces = []
        self.ub_gain = [3 * ctx.play_points(f, NAT, me) for f in g_face]
        self.borrow_gain = [0] * n
        self.dragon_caps = caps[2] if self.is_wind else caps[0] + caps[1]
        self._at_face = {f: (gs, list(gs)) for f, gs in self.run_groups.items()}
        self._windows = _RUN_WINDOWS
        could = self._could_place()
        self.hand_groups = [i for i in range(n) if could[i]]
        for i in range(n):
            if not could[i]:
                self.ub_gain[i] = -3 * ctx.hand_penalty(g_face[i])
        self.others = []
        self._parts = {}
        self._borrows_left = {}
        self._anchor_order = [gi for f in block.faces for gi in face_groups[f]]

    def _push(self, seat: int) -> bool:
        # BlockSearch._push for a tile of the mover's: counted, and the set can always be his
        self.cc[seat] += 1
        return True

    def _finish(self, placed: int, nat_count: int):
        # BlockSearch._finish when every tile is the mover's: his set, no lender
        if self.is_wind:
            pts = 0
            for f in self.nat_faces:
                pts += self.ctx.play_points(f, NAT, self.me)
        else:
            pts = nat_count
        return self.me, self.mask, placed, 3 * pts

    # BlockSearch's set builders and node loop for a block of the mover's naturals, one group per face:
    # every tile is placed from the hand and is a natural, a set of them is always his (no owner
    # counts, no lenders), so what the general ones work out about those is left out.  The same sets
    # in the same order for the same nodes (a test compares them).

    def _sets(self, g: int, res: list[int], out: list) -> None:
        f = self.b.g_face[g]
        counts = self.counts
        self.nat_faces = [f]
        anchor = (g, f)
        opts = [g] if counts[g] > 0 else []            # the anchor's face has its one group
        if not self.is_wind:
            self._groups_of([anchor], 1, 1, opts, 0, f, DW, self.caps[1] - res[1], out)
            reds = self.caps[0] - res[0]
            r = f % 9
            base = f - r
            for below in range(0, min(reds, r) + 1):
                members = [(~DR, base + r - i) for i in range(below, 0, -1)] + [anchor]
                self._extend_run(members, 1 + below, 1, f + 1, base + 9, reds - below, out)
        else:
            greens = self.caps[2] - res[2]
            self._groups_of([anchor], 1, 1, opts, 0, f, DG, greens, out)
            self._mixed_winds(anchor, 1, 1, f, greens, out)

    def _groups_of(self, chosen: list, placed: int, nat: int, opts: list[int], i: int, f: int, dk: int,
                   dfree: int, out: list) -> None:
        size = len(chosen)
        if size >= 3:
            self._emit(chosen, placed, nat, out)
        if size == 4:
            return
        counts = self.counts
        for j in range(i, len(opts)):
            gi = opts[j]
            if counts[gi] <= 0:
                continue
            counts[gi] -= 1
            if self.is_wind:
                self.nat_faces.append(f)
            chosen.append((gi, f))
            self._groups_of(chosen, placed + 1, nat + 1, opts, j, f, dk, dfree, out)
            chosen.pop()
            if self.is_wind:
                self.nat_faces.pop()
            counts[gi] += 1
        if dfree > 0:
            for d in range(1, min(dfree, 4 - size) + 1):
                if size + d >= 3:
                    self._emit(chosen + [(~dk, f)] * d, placed + d, nat, out)

    def _extend_run(self, members: list, placed: int, nat: int, nxt: int, end: int, reds: int, out: list) -> None:
        size = len(members)
        if nat and size >= 3:                       # _emit with _finish of a numbered set, inlined
            out.append(((self.me, self.mask, placed, 3 * nat), tuple(members)))
            budget = self.budget
            budget.left -= 1
            if budget.left < 0:
                budget.cut = True
        if nxt >= end or size >= 9:
            return
        counts = self.counts
        for gi in self.run_groups[nxt]:
            if counts[gi] > 0:
                counts[gi] -= 1
                members.append((gi, nxt))
                self._extend_run(members, placed + 1, nat + 1, nxt + 1, end, reds, out)
                members.pop()
                counts[gi] += 1
        if reds > 0:
            members.append((~DR, nxt))
            self._extend_run(members, placed + 1, nat, nxt + 1, end, reds - 1, out)
            members.pop()

    def _dfs(self, res: list[int], mask: int, placed: int, score: int, path: list) -> None:
        budget = self.budget
        budget.left -= 1
        if budget.left < 0:
            budget.cut = True
            self.complete = False
            return
        counts = self.counts
        for g in self._anchor_order:                # self._anchor(), inlined
            if counts[g] > 0:
                break
        else:
            self._leaf((res[0], res[1], res[2], mask), placed, score, path)
            return
        r0, r1, r2 = res
        counts_key = tuple(counts)
        key = (counts_key, r0, r1, r2, mask)
        seen = self.memo.get(key)
        if seen is not None and seen >= (placed, score):
            return
        self.memo[key] = (placed, score)
        # self._bounded_out: no lenders here, so no borrow to count on and every result's mask is this one
        pkey = (counts_key, r0, r1, r2)
        parts = self._parts.get(pkey)
        if parts is None:
            parts = self._parts[pkey] = self._bound_parts(res)
        ub_p = placed + parts[0] + self.dragon_caps - (r2 if self.is_wind else r0 + r1)
        ub_s = score + parts[1]
        for (r, w, gg, m), (p, s, _path) in self.best.items():
            if m == mask and r <= r0 and w <= r1 and gg <= r2 and (p > ub_p or (p == ub_p and s >= ub_s)):
                return
        cands: list = []
        self.mask = mask
        counts[g] -= 1
        self._sets(g, res, cands)
        counts[g] += 1
        cands.sort(key=lambda x: -x[0][2])
        for (_owner, nm, pl, sc), members in cands:
            used0 = used1 = used2 = 0
            for m, _f in members:
                if m >= 0:
                    counts[m] -= 1
                elif ~m == DR:
                    used0 += 1
                elif ~m == DW:
                    used1 += 1
                else:
                    used2 += 1
            path.append(members)
            self._dfs([r0 + used0, r1 + used1, r2 + used2], nm, placed + pl, score + sc, path)
            path.pop()
            for m, _f in members:
                if m >= 0:
                    counts[m] += 1
            if budget.cut:
                return
        counts[g] -= 1
        self._dfs(res, mask, placed, score - 3 * self.ctx.hand_penalty(self.b.g_face[g]), path)
        counts[g] += 1


class _OpeningSearch(_HandSearch):
    """Hand-only block search whose signature's last field counts sets (capped at 2) for RUM-2."""

    def _dfs(self, res, nsets, placed, score, path):       # `mask` slot reused as the set count
        budget = self.budget                        # budget.spend(), inlined
        budget.left -= 1
        if budget.left < 0:
            budget.cut = True
            self.complete = False
            return
        counts = self.counts
        for g in self._anchor_order:                # self._anchor(), inlined
            if counts[g] > 0:
                break
        else:
            self._leaf((res[0], res[1], res[2], nsets), placed, score, path)
            return
        key = (tuple(counts), res[0], res[1], res[2], nsets)
        seen = self.memo.get(key)
        if seen is not None and seen >= (placed, score):
            return
        self.memo[key] = (placed, score)
        cands: list = []
        self.mask = 0
        counts[g] -= 1
        self._sets(g, res, cands)
        counts[g] += 1
        cands.sort(key=lambda x: -len(x[1]))
        for (_owner, _nm, pl, sc), members in cands:
            used0 = used1 = used2 = 0
            for m, _f in members:
                if m >= 0:
                    counts[m] -= 1
                elif ~m == DR:
                    used0 += 1
                elif ~m == DW:
                    used1 += 1
                else:
                    used2 += 1
            worth = 2 if len(members) >= 6 and _splits(members) else 1
            path.append(members)
            self._dfs([res[0] + used0, res[1] + used1, res[2] + used2], min(2, nsets + worth),
                      placed + pl, score + sc, path)
            path.pop()
            for m, _f in members:
                if m >= 0:
                    counts[m] += 1
            if budget.cut:
                return
        counts[g] -= 1
        self._dfs(res, nsets, placed, score - 3 * self.ctx.hand_penalty(self.b.g_face[g]), path)
        counts[g] += 1


def _splits(members: Sequence[Member]) -> bool:
    """A run of 6+ that cuts into two runs of 3+ each holding a natural (members are in face order)."""
    ms = sorted(members, key=lambda x: x[1])
    for cut in range(3, len(ms) - 2):
        if any(m >= 0 for m, _ in ms[:cut]) and any(m >= 0 for m, _ in ms[cut:]):
            return True
    return False


# The whole-turn search (Hard) lives in turnsearch.py, imported when first used: Normal needs only the
# hand-only searches above, and compiling the rest was a part of every headless run.
_TURN_SEARCH_NAMES = frozenset({"Position", "Plan", "build_blocks", "TurnSearch", "sub_block", "swap_candidates",
                                "ORIG", "LEVEL_CAPS"})


def __getattr__(name: str):
    if name == "BlockSearch":           # Hard's block search (blocksearch.py), loaded with it
        from .blocksearch import BlockSearch
        return BlockSearch
    if name in _TURN_SEARCH_NAMES:
        from . import turnsearch
        return getattr(turnsearch, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
