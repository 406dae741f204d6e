"""Mint Tin bots' decision shortcuts choose exactly what the long way chooses.

Each shortcut in `bot.py` that skips work (a value not worked out because it cannot matter) is
checked here against the plain way of taking the same decision, in real positions of real games.
"""

from __future__ import annotations

import pytest

from game.bots.minttin.bot import HARD, NORMAL, WIN_VALUE, ThinkingBot, _minus
from game.bots.minttin.evaluate import Context
from game.bots.minttin.observe import card_index
from game.core.match import Match
from game.core.protocol import SeatConfig, Setup
from game.core.rng import GameRng
from game.rules import rules_for

rules = rules_for("minttin")
STEPS = 400


class LongWayBot(ThinkingBot):
    """The discard turn as it was written before its shortcuts: every joker swap priced in full
    (the best of the three best discards and the new card), then a swap giving a joker away
    ignored unless it goes out."""

    def _act(self, o, acts):
        ctx = self.ctx(o)
        swaps = acts.get("swap_for_joker", []) + acts.get("swap_joker_for", [])
        full = self._discard_scores(o, o.hand, o.jokers, ctx)
        shortlist = [k for _, k in full[:3]]
        best_v = max((ctx.value(o.hand, o.jokers - 1, extra_points=1)[0] if k == 12 else
                      ctx.value(_minus(o.hand, k), o.jokers)[0] for k in shortlist), default=0.0)
        for a in swaps:
            v = self._long_swap_value(o, a, ctx, shortlist)
            if v is None or (a.kind == "swap_joker_for" and v < WIN_VALUE):
                continue
            threat = self._solo_joker_threat(o, a) if o.solo else 0.0
            if v > best_v * (1.02 - threat) + 1e-9:
                return a
        legal_cards = {card_index(a.card): a for a in acts["discard"]}
        for _, k in full:
            if k in legal_cards:
                return legal_cards[k]
        return acts["discard"][0]

    def _long_swap_value(self, o, a, ctx: Context, shortlist):
        win = self._swap_win(o, a)
        if win is not None:
            return win
        hand, jokers, k = self._swap_hand(o, a)
        best = None
        for d in set(shortlist) | {12 if a.kind == "swap_for_joker" else k}:
            if d == 12:
                if jokers < 1:
                    continue
                v = ctx.value(hand, jokers - 1, extra_points=1)[0]
            else:
                if hand[d] < 1:
                    continue
                v = ctx.value(_minus(hand, d), jokers)[0]
            if best is None or v > best:
                best = v
        return best


@pytest.mark.parametrize("mode,style,seed", [("2p", NORMAL, 31), ("2p", HARD, 30), ("solo", NORMAL, 31)])
def test_the_discard_turn_chooses_as_the_long_way(mode, style, seed):
    """At every decision of a real game, the bot and the long way (fresh, so no memo is shared)
    choose the same action with the same rng state; joker swaps come up often enough to count."""
    n = 1 if mode == "solo" else 2
    setup = Setup("minttin", tuple(SeatConfig("bot", style.name, f"p{i}") for i in range(n)),
                  {"mode": mode}, seed)
    match = Match(setup, rules)
    bots = {s: ThinkingBot(style) for s in range(n)}
    rngs = {s: GameRng(f"short:{s}") for s in bots}
    swaps = 0
    for _ in range(STEPS):
        if match.result() is not None:
            break
        seat = match.to_act()[0]
        view, legal = match.view(seat), match.legal(seat)
        swaps += any(a.kind in ("swap_for_joker", "swap_joker_for") for a in legal)
        want = LongWayBot(style).choose(view, legal, rngs[seat].copy())
        got = bots[seat].choose(view, legal, rngs[seat])
        assert got == want
        match.act(seat, got)
    assert swaps >= 3


def _swap_positions(mode: str, style, seeds, limit: int):
    """(view, legal) of real positions where a joker swap is offered (the bot plays on)."""
    n = 1 if mode == "solo" else 2
    out = []
    for seed in seeds:
        setup = Setup("minttin", tuple(SeatConfig("bot", style.name, f"p{i}") for i in range(n)),
                      {"mode": mode}, seed)
        match, bot, rng = Match(setup, rules), ThinkingBot(style), GameRng(seed)
        for _ in range(STEPS):
            if match.result() is not None or len(out) >= limit:
                break
            seat = match.to_act()[0]
            view, legal = match.view(seat), match.legal(seat)
            if any(a.kind in ("swap_for_joker", "swap_joker_for") for a in legal) and \
                    any(a.kind == "discard" for a in legal):
                out.append((view, legal))
            match.act(seat, bot.choose(view, legal, rng))
    return out


@pytest.mark.parametrize("mode,style", [("2p", NORMAL), ("2p", HARD), ("solo", NORMAL)])
def test_a_swap_priced_above_a_bar_is_the_full_price_there(mode, style):
    """`_swap_value` with a bar gives the full price when it reaches the bar and None or a value
    below it otherwise; `_swap_win` is the full price exactly when the swap goes out."""
    from game.bots.minttin.observe import observe
    checked = 0
    for view, legal in _swap_positions(mode, style, (30, 31, 35, 37), 40):
        o = observe(view)
        for a in legal:
            if a.kind not in ("swap_for_joker", "swap_joker_for"):
                continue
            long_bot = LongWayBot(style)
            ctx = long_bot.ctx(o)
            shortlist = [k for _, k in long_bot._discard_scores(o, o.hand, o.jokers, ctx)[:3]]
            full = long_bot._long_swap_value(o, a, ctx, shortlist)
            win = ThinkingBot(style)._swap_win(o, a)
            assert win == (full if full is not None and full >= WIN_VALUE else None)
            if full is None:
                continue
            for bar in (-1.0, 0.0, full * 0.5, full, full * 1.0000001, full * 2):
                bot = ThinkingBot(style)
                got = bot._swap_value(o, a, bot.ctx(o), shortlist, bar)
                if full >= bar:
                    assert got == full
                else:
                    assert got is None or got < bar
                checked += 1
    assert checked > 60



def test_observe_reads_each_views_own_options():
    """observe keeps the last options tuple as a dict (views share the tuple): views of games with
    other options, asked in turn, still read their own."""
    from game.bots.minttin import observe as O
    rules = rules_for("minttin")
    views = []
    for options in ({"jokers": "all"}, {"jokers": "none", "consecutive": "loose"}, {"jokers": "dealt"}):
        m = Match(Setup("minttin", (SeatConfig("bot", "normal"), SeatConfig("bot", "normal")),
                        {"mode": "2p", **options}, 4), rules)
        views.append(m.view(0))
    for view in views + views[::-1]:
        opts = dict(view.options)
        dealt, shuffled = O.JOKER_SETUP[opts["jokers"]]
        o = O.observe(view)
        assert (o.mode, o.total_jokers) == (opts["consecutive"], 2 * dealt + shuffled)


def test_kept_exposures_are_worked_out_afresh():
    """to_exposure keeps each block's Exposure: asked again (kept) it equals a fresh one."""
    from game.bots.minttin import observe as O
    from game.bots.minttin.analysis import IDX
    blocks = [(k,) * n + ("J",) * j for k in IDX for n in (1, 2, 3, 4) for j in (0, 1, 2) if 2 <= n + j <= 5]
    for _ in range(2):
        for b in blocks:
            assert O.to_exposure(b) == (IDX[b[0]], len(b), b.count("J"))
