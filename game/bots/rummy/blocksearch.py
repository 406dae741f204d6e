"""The block search with owners and lenders (Hard's whole-turn search runs it on every block a turn
may touch, turnsearch.py): its own module so that Normal, whose searches are all hand-only
(search._HandSearch), never loads (compiles) it."""

from __future__ import annotations

from game.rules.rummy.tiles import DG, DR, DW

from .search import HAND, NAT, Block, Budget, Context, _popcount, _RUN_WINDOWS, _Search


class BlockSearch(_Search):
    """Exhaustive search of one block: best (placed hand tiles, score) per resource signature.

    signature = (reds, whites, greens used, lender mask); value = (placed, score, path) where
    path is a tuple of sets, each a tuple of members (group index or ~dragon kind, face).

    The search takes the lowest face that still has tiles, picks one of its tiles (a table tile
    first: those must all be placed) and branches over every set that can hold it as its lowest
    non-wild tile, plus, for a hand tile, leaving it in the hand.  Each set is judged as it is
    built (owner, lenders), and sets that can no longer become legal are cut at once.
    """


    def __init__(self, block: Block, ctx: Context, caps: tuple[int, int, int], budget: Budget,
                 lent_ok: int = 0b1111, shared: dict | None = None, offset: int = 0, tag=None):
        self.b = block
        self.ctx = ctx
        self.me = ctx.me
        self.caps = caps
        self.budget = budget
        self.lent_ok = lent_ok
        n = len(block.g_face)
        self.counts = block.counts()
        me = ctx.me
        self.seat_of = [me if c == HAND else c for c in block.g_cls]
        self.is_hand = [c == HAND for c in block.g_cls]
        self.natural = [r == NAT for r in block.g_role]
        self.face_groups: dict[int, list[int]] = {f: [] for f in block.faces}
        # table groups before hand groups, so the anchor is a table tile while any is left at that face
        for gi in sorted(range(n), key=lambda i: (block.g_cls[i] == HAND, block.g_cls[i], block.g_role[i])):
            self.face_groups[block.g_face[gi]].append(gi)
        # per face, in the same order: the groups that can stand in a run (naturals and reds)
        self.run_groups = {f: [gi for gi in gs if block.g_role[gi] in (NAT, DR)] for f, gs in self.face_groups.items()}
        self.best: dict[tuple, tuple[int, int, tuple]] = {} if shared is None else shared
        self.offset = offset
        self.tag = tag
        self.memo: dict[tuple, tuple[int, int]] = {}
        self.complete = True
        self.is_wind = block.index == 3
        self.mask = 0
        self.cc = [0, 0, 0, 0]
        self.nat_faces: list[int] = []    # natural faces in the set being built (for wind points)
        # optimistic bounds for branch and bound: what each remaining tile could add at best
        self.hand_groups = [i for i in range(n) if self.is_hand[i]]
        self.ub_gain = []
        self.borrow_gain = []
        for i in range(n):
            f = block.g_face[i]
            if not self.natural[i]:
                self.ub_gain.append(0)
                self.borrow_gain.append(0)
            elif self.seat_of[i] == me:
                self.ub_gain.append(3 * ctx.play_points(f, NAT, me))
                self.borrow_gain.append(0)
            else:
                o = self.seat_of[i]
                self.ub_gain.append(-ctx.play_points(f, NAT, o))
                self.borrow_gain.append(3 * ctx.play_points(f, NAT, me) + ctx.play_points(f, NAT, o))
        self.dragon_caps = caps[2] if self.is_wind else caps[0] + caps[1]
        # per face: the groups whose tiles can stand there in a run (naturals, reds), in identical tiles
        # (naturals, whites) or in a wind set (naturals, greens), for _could_place
        self._at_face: dict[int, tuple[list[int], list[int]]] = {f: ([], []) for f in block.faces}
        wild = DG if self.is_wind else DR
        for i in range(n):
            role = block.g_role[i]
            runs, same = self._at_face[block.g_face[i]]
            if role == NAT or role == wild:
                runs.append(i)
            if role == NAT or role == DW:
                same.append(i)
        self._windows = _RUN_WINDOWS
        # hand tiles that no set could ever hold (no partners here, whatever the owners) are left out of
        # the bounds: they will stay in the hand
        could = self._could_place()
        self.hand_groups = [i for i in self.hand_groups if could[i]]
        for i in range(n):
            if self.is_hand[i] and not could[i]:
                self.ub_gain[i] = -3 * ctx.hand_penalty(block.g_face[i])
        self.others = [o for o in range(4) if o != me and any(self.seat_of[i] == o for i in range(n))]
        self._parts: dict[tuple, tuple[int, int, int]] = {}
        self._borrows_left: dict[int, int] = {}
        self._anchor_order = [gi for f in block.faces for gi in self.face_groups[f]]

    def _bounded_out(self, res: list[int], mask: int, placed: int, score: int, counts_key: tuple | None = None
                     ) -> bool:
        """True when a result already found (same lenders, no more dragons) is at least as good as the
        best this node could still reach.  `counts_key`: tuple(self.counts), when the caller has it."""
        # the parts from the tiles left are the same for every lender mask: kept per (tiles left, dragons)
        key = (counts_key if counts_key is not None else tuple(self.counts), res[0], res[1], res[2])
        parts = self._parts.get(key)
        if parts is None:
            parts = self._parts[key] = self._bound_parts(res)
        more_p, gain, top = parts
        ub_p = placed + more_p + self.dragon_caps - (res[2] if self.is_wind else res[0] + res[1])
        ub_s = score + self.offset + gain
        k = self._borrows_left.get(mask)
        if k is None:
            k = self._borrows_left[mask] = min(2 - _popcount(mask),
                                               sum(1 for o in self.others if not mask & (1 << o)))
        if k > 0:
            ub_s += k * top
        for (r, w, g, m), (p, s, _path) in self.best.items():
            if m == mask and r <= res[0] and w <= res[1] and g <= res[2]:
                if p > ub_p or (p == ub_p and s >= ub_s):
                    return True
        return False

    def _push(self, seat: int) -> bool:
        """Count one more tile of `seat` in the set being built; False if the set can no longer be legal."""
        cc = self.cc
        cc[seat] += 1
        me = self.me
        if seat == me:
            return True
        present = 0
        bits = 0
        worst = 0
        for o in range(4):
            if o != me and cc[o]:
                present += 1
                bits |= 1 << o
                if cc[o] > worst:
                    worst = cc[o]
        if present >= 2:
            # only the mover can own a set holding two other players' tiles: one tile each, fresh lenders
            if worst > 1 or (bits & self.mask) or (bits & ~self.lent_ok) or _popcount(bits | self.mask) > 2:
                return False
        return True

    def _finish(self, placed: int, nat_count: int):
        """(owner, new mask, placed, score) for the set built, or None if illegal."""
        cc = self.cc
        me = self.me
        mine = cc[me]
        top = 0
        owner = me
        for o in range(4):
            if o != me and cc[o] > top:
                top = cc[o]
                owner = o
        mask = self.mask
        if mine >= top:
            owner = me
            nm = mask
            for o in range(4):
                if o != me and cc[o]:
                    bit = 1 << o
                    if cc[o] > 1 or (nm & bit) or not (self.lent_ok & bit):
                        return None
                    nm |= bit
            if nm != mask and _popcount(nm) > 2:
                return None
        else:
            for o in range(4):
                if o != me and o != owner and cc[o]:
                    return None
            nm = mask
        if self.is_wind:
            pts = 0
            for f in self.nat_faces:
                pts += self.ctx.play_points(f, NAT, owner)
        else:
            pts = nat_count
        return owner, nm, placed, (3 * pts if owner == me else -pts)

    def _sets(self, g: int, res: list[int], out: list) -> None:
        b = self.b
        f = b.g_face[g]
        role = b.g_role[g]
        counts = self.counts
        fg = self.face_groups
        free = [self.caps[i] - res[i] for i in range(3)]
        cc = self.cc
        cc[0] = cc[1] = cc[2] = cc[3] = 0
        self.nat_faces = []
        if not self._push(self.seat_of[g]):
            return
        a_placed = 1 if self.is_hand[g] else 0
        a_nat = 1 if self.natural[g] else 0
        if a_nat:
            self.nat_faces.append(f)
        anchor = (g, f)
        if not self.is_wind:
            if role in (NAT, DW):
                opts = [gi for gi in fg[f] if counts[gi] > 0 and b.g_role[gi] in (NAT, DW)]
                self._groups_of([anchor], a_placed, a_nat, opts, 0, f, DW, free[1], out)
            if role in (NAT, DR):
                r = f % 9
                base = f - r
                for below in range(0, min(free[0], r) + 1):
                    members = [(~DR, base + r - i) for i in range(below, 0, -1)] + [anchor]
                    self.cc[self.me] += below
                    self._extend_run(members, a_placed + below, a_nat, f + 1, base + 9, free[0] - below, out)
                    self.cc[self.me] -= below
        else:
            if role in (NAT, DG):
                opts = [gi for gi in fg[f] if counts[gi] > 0 and b.g_role[gi] in (NAT, DG)]
                self._groups_of([anchor], a_placed, a_nat, opts, 0, f, DG, free[2], out)
                self._mixed_winds(anchor, a_placed, a_nat, f, free[2], out)

    def _groups_of(self, chosen: list, placed: int, nat: int, opts: list[int], i: int, f: int, dk: int,
                   dfree: int, out: list) -> None:
        """Identical tiles: 3 or 4 members from the groups in opts (with multiplicity) and free dragons."""
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
            ok = self._push(self.seat_of[gi])
            if ok:
                n2 = nat + (1 if self.natural[gi] else 0)
                if self.is_wind and self.natural[gi]:
                    self.nat_faces.append(f)
                chosen.append((gi, f))
                self._groups_of(chosen, placed + (1 if self.is_hand[gi] else 0), n2, opts, j, f, dk, dfree, out)
                chosen.pop()
                if self.is_wind and self.natural[gi]:
                    self.nat_faces.pop()
            self.cc[self.seat_of[gi]] -= 1
            counts[gi] += 1
        if dfree > 0:
            # free dragons come last (after every group), so each multiset is listed once
            for d in range(1, min(dfree, 4 - size) + 1):
                self.cc[self.me] += d
                if size + d >= 3:
                    self._emit(chosen + [(~dk, f)] * d, placed + d, nat, out)
                self.cc[self.me] -= d

    def _extend_run(self, members: list, placed: int, nat: int, nxt: int, end: int, reds: int, out: list) -> None:
        size = len(members)
        if nat and size >= 3:                       # self._emit, inlined (the search's hottest path)
            j = self._finish(placed, nat)
            if j is not None:
                out.append((j, tuple(members)))
                budget = self.budget                # budget.spend(), inlined
                budget.left -= 1
                if budget.left < 0:
                    budget.cut = True
        if nxt >= end or size >= 9:
            return
        counts = self.counts
        cc = self.cc
        me = self.me
        seat_of = self.seat_of
        for gi in self.run_groups[nxt]:
            if counts[gi] > 0:
                seat = seat_of[gi]
                if seat == me:                      # self._push(seat), its quick case inlined
                    cc[me] += 1
                    ok = True
                else:
                    ok = self._push(seat)
                if ok:
                    counts[gi] -= 1
                    members.append((gi, nxt))
                    self._extend_run(members, placed + (1 if self.is_hand[gi] else 0),
                                     nat + (1 if self.natural[gi] else 0), nxt + 1, end, reds, out)
                    members.pop()
                    counts[gi] += 1
                cc[seat] -= 1
        if reds > 0:
            cc[me] += 1
            members.append((~DR, nxt))
            self._extend_run(members, placed + 1, nat, nxt + 1, end, reds - 1, out)
            members.pop()
            cc[me] -= 1

    def _dfs(self, res: list[int], mask: int, placed: int, score: int, path: list) -> None:
        budget = self.budget                        # budget.spend(), inlined
        budget.left -= 1
        if budget.left < 0:
            budget.cut = True
            self.complete = False
            return
        counts = self.counts
        g = self._anchor()
        if g < 0:
            self._leaf((res[0], res[1], res[2], mask), placed, score, path)
            return
        counts_key = tuple(counts)
        key = (counts_key, res[0], res[1], res[2], mask)
        seen = self.memo.get(key)
        if seen is not None and seen >= (placed, score):
            return
        self.memo[key] = (placed, score)
        if self._bounded_out(res, mask, placed, score, counts_key):
            return
        cands: list = []
        self.mask = mask
        counts[g] -= 1
        self._sets(g, res, cands)
        counts[g] += 1
        # most hand tiles first, so good answers turn up early when the budget is short
        cands.sort(key=lambda x: -x[0][2])
        for (owner, nm, pl, sc), members in cands:
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
            self._dfs([res[0] + used0, res[1] + used1, res[2] + used2], nm, placed + pl, score + sc, path)
            path.pop()
            for m, _f in members:
                if m >= 0:
                    counts[m] += 1
            if self.budget.cut:
                return
        if self.is_hand[g]:
            counts[g] -= 1
            self._dfs(res, mask, placed, score - 3 * self.ctx.hand_penalty(self.b.g_face[g]), path)
            counts[g] += 1
