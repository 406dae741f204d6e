"""Mahjong Rummy Hard: whole-table rearrangements within the Golden Rules (turnsearch.py) for the
turn that gets the most tiles out of the hand, then the most points (see bots.py for all three
strengths).  Its own module, loaded when a Hard bot is made: Normal self-play never compiles it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from game.core.protocol import Action
from game.rules.rummy import PlayTurn
from game.rules.rummy.tiles import DR, TILE_KIND

from .bots import NormalBot, _accepts, _fallback
from .search import Budget, hand_cover

if TYPE_CHECKING:
    from .turnsearch import Plan


def plan_action(view, plan: Plan) -> PlayTurn | None:
    action = PlayTurn(tuple(tuple(s) for s in plan.table), (), tuple(sorted(plan.values.items())),
                      tuple(plan.swaps))
    return _accepts(view, action)


class HardBot:
    """Whole-table search within the Golden Rules, plus a measured hold-back rule.

    hold: "none" (the default, measured best: always play the best turn found), or, for the
    experiments in docs/rummy-bots.md, "dragons" (keep hand dragons that would only be dumped)
    and "wait" (after opening, draw instead of playing unless the play goes out); both hold
    variants give way once an opponent has `danger` tiles or fewer or the pool is nearly empty.
    """

    nodes = 15000                  # search budget per decision: nodes + generated sets
    danger = 4

    def __init__(self, nodes: int | None = None, hold: str = "none", danger: int | None = None):
        if nodes is not None:
            self.nodes = nodes
        self.hold = hold
        if danger is not None:
            self.danger = danger

    failures = 0                   # plans that crashed or were refused (tests expect none)

    def choose(self, view, legal: Sequence[Action], rng) -> Action:
        if not view.hand:
            return _fallback(legal)
        try:
            plan = self.best_plan(view)
            if plan is not None:
                plan = self.revise(view, plan)
            if plan is None:
                return _fallback(legal)
            action = plan_action(view, plan)
        except Exception:          # never let a bot bring the game down
            action = None
        if action is not None:
            return action
        # the search crashed or the validator refused its plan: play like Normal instead
        self.failures += 1
        return NormalBot().choose(view, legal, rng)

    def best_plan(self, view) -> Plan | None:
        from .turnsearch import Plan, Position, TurnSearch      # Hard's alone: loaded when first needed
        pos = Position.from_view(view)
        if pos.opened:
            plan = TurnSearch(pos, nodes=self.nodes).best()
            # a play that leaves the hand as big as before (a swap whose dragon stays in hand) is worse
            # than drawing
            return plan if plan is not None and plan.reduction >= 1 else None
        cov = hand_cover(pos.hand, pos.ctx, Budget(self.nodes // 2), need_open=True)
        if cov is None:
            return None
        # the opening sets become this seat's sets, and the same turn may go on manipulating (RUM-10)
        laid = [t for tiles, _ in cov[2] for t in tiles]
        values = dict(pos.values)
        for _tiles, vals in cov[2]:
            values.update(vals)
        rest = tuple(t for t in pos.hand if t not in set(laid))
        table = pos.table + tuple((tuple(tiles), pos.me) for tiles, _ in cov[2])
        p2 = Position(pos.me, rest, table, values, True, pos.ctx)
        plan = TurnSearch(p2, nodes=self.nodes // 2, pre_played=len(laid),
                          no_swap=frozenset(t for t in laid if TILE_KIND[t] >= DR)).best() if rest else None
        open_vals = {d: v for _t, vals in cov[2] for d, v in vals.items()}
        if plan is None or plan.reduction < 1:
            tbl = [tuple(s) for s, _o in pos.table] + [tuple(tiles) for tiles, _ in cov[2]]
            return Plan(tbl, open_vals, [], laid, len(laid), cov[1])
        plan.values.update(open_vals)
        plan.played = laid + plan.played
        plan.reduction += len(laid)
        return plan

    def revise(self, view, plan: Plan) -> Plan | None:
        """The hold-back rule: the plan to play, or None to draw instead."""
        hold = self.hold
        if hold == "none":
            return plan
        me = view.seat
        opp_min = min(c for s, c in enumerate(view.hand_counts) if s != me)
        going_out = plan.reduction >= len(view.hand)
        danger = opp_min <= self.danger or view.pool_count <= 8
        if going_out or danger:
            return plan
        if hold == "wait":
            # hold everything until the play empties the hand or someone is close to going out
            return None if view.opened[me] else plan
        if hold == "dragons":
            from .turnsearch import Position, TurnSearch
            hand_dragons = [t for t in view.hand if TILE_KIND[t] >= DR]
            used = [d for d in plan.values if d in hand_dragons]
            if not used:
                return plan
            rest = tuple(t for t in view.hand if TILE_KIND[t] < DR)
            pos = Position.from_view(view)
            if not pos.opened:
                return plan
            alt_pos = Position(pos.me, rest, pos.table, pos.values, True, pos.ctx)
            alt = TurnSearch(alt_pos, nodes=self.nodes).best() if rest else None
            naturals = plan.reduction - len(used)
            if alt is None:
                return None if naturals <= 0 else plan
            if alt.reduction >= naturals:
                return alt
            return plan
        return plan
