"""The Mahjong Rummy bots' speed shortcuts give exactly what the long way gives (outcomes of whole games
are pinned by test_sim_digests.py; these compare each shortcut with what it stands in for)."""

from __future__ import annotations

import random

from game.bots.rummy import search
from game.bots.rummy.bots import NormalBot, _table_facts
from game.bots.rummy.search import (BLOCK_FACES, BlockSearch, Budget, Context, _hand_block, _HandSearch, _no_set_here,
                                   _OpeningSearch)
from game.core.protocol import SeatConfig, Setup
from game.core.rng import GameRng
from game.rules.rummy import RULES, Draw, Pass
from game.rules.rummy.tiles import ALL_TILES, DR, TILE_KIND


def _block_tiles(rng: random.Random, index: int) -> tuple[str, ...]:
    faces = set(BLOCK_FACES[index])
    pool = [t for t in ALL_TILES if TILE_KIND[t] in faces]
    return tuple(sorted(rng.sample(pool, rng.randint(1, 7))))


def test_a_block_with_no_set_is_settled_as_its_search_settles_it():
    rng = random.Random(5)
    settled = 0
    for _ in range(600):
        index = rng.randrange(4)
        blk, shape = _hand_block(index, _block_tiles(rng, index))
        free = rng.randint(0, 2)
        caps = (free, rng.randint(0, 1), 0) if index < 3 else (0, 0, free)
        ctx = Context(rng.randrange(4), ("WN", "WE", "WS", "WW"), rng.choice(("WN", "WE", "WS", "WW")))
        need_open = rng.random() < 0.5
        left = rng.choice((3, 6000))
        short, long = Budget(left), Budget(left)
        got = _no_set_here(blk, ctx, caps, short, shape)
        bs = (_OpeningSearch(blk, ctx, caps, long) if need_open
              else search.BlockSearch(blk, ctx, caps, long, lent_ok=0))
        found = bs.run()
        if got is None:
            assert short.left == left      # nothing spent: the search runs as before
            continue
        settled += 1
        assert got == found and short.left == long.left and not long.cut
    assert settled > 100


class _OpeningOnBlockSearch(_OpeningSearch):
    """_OpeningSearch's node loop on BlockSearch's own set builders (not the hand-only ones)."""
    _sets = BlockSearch._sets
    _groups_of = BlockSearch._groups_of
    _extend_run = BlockSearch._extend_run
    _finish = BlockSearch._finish


def test_a_hand_only_search_is_the_block_search_set_up_directly():
    """_HandSearch (and _OpeningSearch on it) start as BlockSearch starts on a block of hand tiles, and
    with their own set builders and node loop find the same sets for the same nodes, budget cuts
    included."""
    rng = random.Random(11)
    for _ in range(400):
        index = rng.randrange(4)
        blk, _shape = _hand_block(index, _block_tiles(rng, index))
        free = (rng.randint(0, 2), rng.randint(0, 2))
        caps = (free[0], free[1], 0) if index < 3 else (0, 0, free[0])
        ctx = Context(rng.randrange(4), ("WN", "WE", "WS", "WW"), rng.choice(("WN", "WE", "WS", "WW")))
        left = rng.choice((2, 5, 12, 6000))
        short, long = Budget(left), Budget(left)
        fast, slow = _HandSearch(blk, ctx, caps, short), BlockSearch(blk, ctx, caps, long, lent_ok=0)
        mine, theirs = dict(vars(fast)), dict(vars(slow))
        assert mine.pop("budget") is short and theirs.pop("budget") is long
        assert mine == theirs
        assert fast.run() == slow.run()
        assert (short.left, short.cut, fast.complete) == (long.left, long.cut, slow.complete)
        # the opening search, against the same search set up the long way with BlockSearch's set builders
        short, long = Budget(left), Budget(left)
        fast, slow = _OpeningSearch(blk, ctx, caps, short), _OpeningOnBlockSearch(blk, ctx, caps, long)
        BlockSearch.__init__(slow, blk, ctx, caps, long, lent_ok=0)
        assert fast.run() == slow.run()
        assert (short.left, short.cut, fast.complete) == (long.left, long.cut, slow.complete)


def _positions(seed: int, moves: int = 400):
    """Views of the seat to act through a game of Normal bots."""
    st = RULES.new_game(Setup("rummy", tuple(SeatConfig("bot") for _ in range(4)), {}, seed))
    bot, rng = NormalBot(), GameRng(seed)
    for _ in range(moves):
        if st.finished:
            return
        view = RULES.view(st, st.turn)
        yield view
        st, _ = RULES.apply(st, st.turn, bot.choose(view, RULES.legal_actions(st, st.turn), rng))


def test_an_idle_turn_is_one_the_whole_build_finds_nothing_in(monkeypatch):
    idle = [view for seed in (3, 4) for view in _positions(seed)
            if view.hand and NormalBot._idle(view, _table_facts(view))]
    assert len(idle) > 50
    # the build without the shortcut: the same answer (nothing to lay)
    monkeypatch.setattr(NormalBot, "_idle", staticmethod(lambda view, facts: False))
    for view in idle:
        assert NormalBot().build(view) is None


def test_the_normal_bot_reads_no_simple_play_when_it_draws():
    """Drawing needs only the head of the legal list: nothing else is made (legal.py)."""
    st = RULES.new_game(Setup("rummy", tuple(SeatConfig("bot") for _ in range(4)), {}, 2))
    bot, rng = NormalBot(), GameRng(2)
    draws = 0
    for _ in range(60):
        legal = RULES.legal_actions(st, st.turn)
        action = bot.choose(RULES.view(st, st.turn), legal, rng)
        if isinstance(action, (Draw, Pass)):
            draws += 1
            assert legal._rest is not None
        st, _ = RULES.apply(st, st.turn, action)
    assert draws >= 10


def test_table_facts_kept_per_set_are_what_the_table_gives_afresh():
    """_table_facts keeps each ShownSet's facts from table to table (and _add_singles' answers about
    hand dragons with them): through whole games they equal the facts worked out from the view alone."""
    from game.rules.rummy.sets import added_dragon_values_at, dragon_never_fits, natural_extensions, set_key
    from game.rules.rummy.tiles import DR
    answers = 0
    for seed in (5, 6):
        for view in _positions(seed, 500):
            values = dict(view.values)
            fits, dragons, per_set, fit_any, swap_values, _idle = _table_facts(view)
            assert fits == tuple(natural_extensions(s.tiles, values) for s in view.table)
            assert dragons == tuple((si, d) for si, s in enumerate(view.table) for d in s.tiles
                                    if TILE_KIND[d] >= DR)
            assert fit_any == frozenset().union(*fits)
            assert swap_values == frozenset(values.get(d) for _si, d in dragons)
            for s, known in zip(view.table, per_set):
                for kind, value in known.items():
                    d = next(t for t in ALL_TILES if TILE_KIND[t] == kind and t not in s.tiles)   # as in a hand
                    vals = () if dragon_never_fits(s.tiles, kind) else added_dragon_values_at(
                        set_key(s.tiles, values), d, 4)
                    assert value == (vals[0] if vals else "")
                    answers += 1
    assert answers > 100


def test_hand_tiles_are_tried_in_the_order_their_penalties_give():
    """_add_singles' kept sort keys order a hand as the key worked out per tile does."""
    from game.bots.rummy.bots import _order_keys
    rng = random.Random(4)
    for _ in range(200):
        ctx = Context(rng.randrange(4), ("WN", "WE", "WS", "WW"), rng.choice(("WN", "WE", "WS", "WW")))
        hand = rng.sample(ALL_TILES, rng.randint(1, 20))
        long = sorted(hand, key=lambda x: (TILE_KIND[x] >= DR, -ctx.hand_penalty(TILE_KIND[x])
                                          if TILE_KIND[x] < DR else 0, x))
        assert sorted(hand, key=_order_keys(ctx).__getitem__) == long


def _add_singles_long_way(hand, table, values, new_values, ctx):
    """_add_singles as its docstring says it: each time the first hand tile (naturals by hand penalty,
    high first, then dragons) that fits some set goes to the first set it fits, until none fits."""
    from game.rules.rummy.sets import added_dragon_values, is_valid
    order = sorted(hand, key=lambda x: (TILE_KIND[x] >= DR, -ctx.hand_penalty(TILE_KIND[x])
                                        if TILE_KIND[x] < DR else 0, x))
    laid = False
    while True:
        for t in order:
            for j, s in enumerate(table):
                if TILE_KIND[t] >= DR:
                    vals = added_dragon_values(s, values, t, 4)
                    if vals:
                        values[t] = new_values[t] = vals[0]
                        break
                elif is_valid(s + (t,), values):
                    break
            else:
                continue
            table[j] = table[j] + (t,)
            order.remove(t)
            hand.remove(t)
            laid = True
            break
        else:
            return laid


def test_single_tiles_go_where_the_long_way_puts_them():
    """_add_singles keeps, per kind, the sets it fits and updates that index set by set as tiles go
    down: it lays what the plain tile-by-tile search lays, in the same places."""
    rng = random.Random(9)
    laid = 0
    for seed in (7, 8):
        for view in _positions(seed, 400):
            if not view.opened[view.seat] or not view.table:
                continue
            ctx = Context(view.seat, tuple(view.seat_winds), view.round_wind)
            hand = list(view.hand) + rng.sample([t for t in ALL_TILES if t not in view.hand
                                                 and all(t not in s.tiles for s in view.table)], 3)
            got = (hand[:], [s.tiles for s in view.table], dict(view.values), {})
            want = (hand[:], [s.tiles for s in view.table], dict(view.values), {})
            assert NormalBot._add_singles(*got, ctx) == _add_singles_long_way(*want, ctx)
            assert got == want
            laid += len(hand) - len(got[0])
    assert laid > 100
