"""Mahjong Rummy bots: legal choices, fairness (hidden tiles never matter), the Hard search's optimality
against a brute-force reference that asks the engine's own turn validator, and a short simulation.

Timings are never asserted here (see docs/rummy-bots.md for the measured latencies).
"""

from __future__ import annotations

import random
from itertools import combinations, islice

import pytest

from game.bots import make_bot
from game.core.protocol import SeatConfig, Setup
from game.core.rng import GameRng
from game.rules.rummy import RULES, Draw, Pass, PlayTurn
from game.rules.rummy.sets import find_sets, value_options
from game.rules.rummy.tiles import ALL_TILES, DR, KINDS, TILE_KIND
from game.rules.rummy.turn import check_turn
from game.sim import run as sim_run

from game.bots.rummy.bots import HardBot, NormalBot
from game.bots.rummy.search import Context, Position, TurnSearch

STRENGTHS = ("easy", "normal", "hard")


# --------------------------------------------------------------------------- brute-force reference

def _partitions(items, fixed_vals, found, cur):
    """Every partition of `items` into valid sets of 3+ tiles; dragons without a fixed value get every
    value that fits (the engine's value_options)."""
    if not items:
        found(cur)
        return
    first, rest = items[0], items[1:]
    for size in range(2, min(len(rest), 8) + 1):
        for comb in combinations(rest, size):
            block = (first,) + comb
            opts = value_options(block, {t: fixed_vals[t] for t in block if t in fixed_vals}, limit=64)
            if not opts:
                continue
            remaining = [t for t in rest if t not in comb]
            for o in opts:
                cur.append((block, o))
                _partitions(remaining, fixed_vals, found, cur)
                cur.pop()


def brute_best(table, values, hand, seat, opened, max_swaps=2):
    """The largest hand reduction of any legal turn, by enumeration.

    For every set of dragon swaps and every subset of hand tiles, every partition of (table tiles +
    those hand tiles) into valid sets with every dragon declaration is submitted to the engine's
    validator `check_turn`; the best accepted one wins.  Returns (reduction, new table)."""
    table = [(tuple(t), o) for t, o in table]
    on_table = [t for s, _ in table for t in s]
    best = [0, None]
    swap_opts = [(d, n) for d in on_table if TILE_KIND[d] >= DR
                 for n in hand if TILE_KIND[n] < DR and KINDS[TILE_KIND[n]] == values.get(d)]
    swap_sets = [()]
    for k in range(1, max_swaps + 1):
        for c in combinations(swap_opts, k):
            if len({d for d, _ in c}) == k and len({n for _, n in c}) == k:
                swap_sets.append(c)
    for swaps in swap_sets:
        freed = {d: n for d, n in swaps}
        mandatory = [freed.get(t, t) for t in on_table]
        nat_used = {n for _, n in swaps}
        optional = [t for t in hand if t not in nat_used] + [d for d, _ in swaps]
        fixed = {t: v for t, v in values.items() if t not in freed}
        for r in range(len(optional), -1, -1):
            if r <= best[0]:
                break                 # the hand shrinks by exactly the number of optional tiles laid
            for chosen in combinations(optional, r):

                def found(parts):
                    new_table = [p for p, _ in parts]
                    nv = {t: v for _p, o in parts for t, v in o.items() if t not in fixed}
                    v = check_turn(table, values, hand, seat, opened, new_table, None, nv, swaps)
                    if v.ok:
                        played = set(v.played)
                        red = len(hand) - (sum(1 for t in hand if t not in played) + len(v.to_hand))
                        if red > best[0]:
                            best[0], best[1] = red, new_table

                _partitions(mandatory + list(chosen), fixed, found, [])
    return best[0], best[1]


# --------------------------------------------------------------------------- positions

def deal_state(hand, table, seat=0, opened=True, others_opened=True):
    """A state with `seat` to move: its hand, the table [(owner, [tokens])], the rest random."""
    hands = [None] * 4
    hands[seat] = list(hand)
    op = [others_opened] * 4
    op[seat] = opened
    deal = {"hands": hands, "table": [{"owner": o, "tiles": list(t)} for o, t in table], "opened": op,
            "turn": seat}
    return RULES.new_game(Setup("rummy", tuple(SeatConfig("bot") for _ in range(4)), {}, 7, deal))


def reduction_of(state, seat, action) -> int:
    """How many tiles the action takes out of the hand (all of them when it ends the round)."""
    new, _ = RULES.apply(state, seat, action)
    if new.round_index > state.round_index:
        return len(state.hands[seat])
    return len(state.hands[seat]) - len(new.hands[seat])


def check_optimal(state, seat=0):
    view = RULES.view(state, seat)
    table = [(s.tiles, s.owner) for s in view.table]
    values = view.values_dict()
    best, best_table = brute_best(table, values, list(view.hand), seat, view.opened[seat])
    bot = HardBot()
    plan = bot.best_plan(view)
    got = plan.reduction if plan is not None else 0
    assert got == best, f"search plays {got}, brute force {best} ({best_table})"
    action = bot.choose(view, RULES.legal_actions(state, seat), GameRng(1))
    if best == 0:
        assert isinstance(action, (Draw, Pass))
        return None
    assert isinstance(action, PlayTurn)
    assert RULES.check(state, seat, action).ok
    assert reduction_of(state, seat, action) == best
    return action


# hand-built positions; seat 0 (North) moves.  Owners: 1 East, 2 South, 3 West.
POSITIONS = {
    # only borrowing the fourth C9 from East lets C7 C8 down (one lender, two hand tiles)
    "borrow_from_group": (["C7", "C8"], [(1, ["C9", "C9", "C9", "C9"])]),
    # D5 fits only by splitting East's run: D3 D4 D5 + D5 D6 D7 D8 (both stay East's)
    "split_run": (["D5"], [(1, ["D3", "D4", "D5", "D6", "D7", "D8"])]),
    # one hand tile between tiles borrowed from two players: 1-1-1, the mover owns it (RUM-3, RUM-4)
    "two_lenders_one_tile": (["C5"], [(1, ["C4", "C4", "C4", "C4"]), (2, ["C6", "C6", "C6", "C6"])]),
    # swap B3 for East's Red, then the Red becomes C3 next to C1 C2 (RUM-9): the whole hand goes
    "swap_and_replay": (["B3", "C1", "C2"], [(1, ["B2", "DR=B3", "B4"])]),
    # WE WE + West's fourth wind: borrow WE from a set of four different winds
    "winds_borrow": (["WE", "WE"], [(3, ["WE", "WS", "WW", "WN"]), (1, ["WS", "WS", "WS"])]),
    # the mover's own run B3..B8 becomes B3 B4 B5 B6 + B5 B6 B7 B8 around the hand's B5 B6
    "own_rearrange": (["B5", "B6"], [(0, ["B3", "B4", "B5", "B6", "B7", "B8"]), (2, ["B1", "B2", "B3"])]),
    # adding all four to East's B2 B3 B4 would make the set the mover's and borrow three: not allowed;
    # a new set of four is the answer
    "majority_trap": (["B5", "B6", "B7", "B8"], [(1, ["B2", "B3", "B4"])]),
    # a White joins an identical set, a Green a wind set
    "dragons": (["DW", "DG", "B9"], [(1, ["B9", "B9", "B9"]), (2, ["WE", "WS", "WW"])]),
}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_hard_is_optimal_on_hand_built_positions(name):
    hand, table = POSITIONS[name]
    check_optimal(deal_state(hand, table))


def test_hard_plays_everything_in_the_rearrangement_positions():
    # in these positions nothing but a rearrangement or a borrow gets the whole hand down
    for name in ("borrow_from_group", "split_run", "two_lenders_one_tile", "swap_and_replay", "winds_borrow",
                 "own_rearrange"):
        hand, table = POSITIONS[name]
        state = deal_state(hand, table)
        action = check_optimal(state)
        new, _ = RULES.apply(state, 0, action)
        assert new.round_index == 1, f"{name}: the hand should be empty (round over)"
        # and the engine's own simple plays cannot do it
        for a in RULES.legal_actions(state, 0):
            if isinstance(a, PlayTurn):
                n2, _ = RULES.apply(state, 0, a)
                assert n2.round_index == 0, f"{name}: a simple play already empties the hand"


def test_hard_prefers_points_when_tile_counts_tie():
    # C5 fits East's C2 C3 C4 or the mover's C6 C7 C8: it should score for the mover
    state = deal_state(["C5"], [(1, ["C2", "C3", "C4"]), (0, ["C6", "C7", "C8"])])
    view = RULES.view(state, 0)
    action = HardBot().choose(view, RULES.legal_actions(state, 0), GameRng(1))
    new, _ = RULES.apply(state, 0, action)
    # round over: the mover's round score is 4 (three plus the C5), not 3
    assert new.round_scores[-1][0] == 4


def test_hard_respects_rum10_before_opening():
    # not opened: B1 B2 + borrowed B3 and C1 C2 C3 would be two sets, but borrowing needs an open hand
    state = deal_state(["B1", "B2", "C1", "C2", "C3"], [(1, ["B3", "B3", "B3", "B3"])], opened=False)
    assert check_optimal(state) is None
    # opened with two sets from the hand, it may then add to sets in play in the same turn (RUM-10)
    state = deal_state(["B1", "B2", "B3", "C5", "C5", "C5", "D9"], [(1, ["D6", "D7", "D8"])], opened=False)
    action = check_optimal(state)
    assert len(action.played) == 7


def _random_small_position(rng: random.Random):
    """A few sets in one suit (or the winds) with random owners and a hand of nearby tiles."""
    suit = rng.choice("BCDW")
    pool = [t for t in ALL_TILES if (suit != "W" and t[0] == suit and t[1].isdigit())
            or (suit == "W" and t[:2] in ("WE", "WS", "WW", "WN"))]
    drag = [t for t in ALL_TILES if TILE_KIND[t] >= DR]
    rng.shuffle(pool)
    used: set[str] = set()
    table, values = [], {}
    for _ in range(40):
        if len(table) >= rng.randint(1, 3):
            break
        cand = [t for t in pool if t not in used][:9] + [rng.choice([d for d in drag if d not in used])]
        fs = [f for f in find_sets(cand) if 3 <= len(f.tiles) <= 5 and (not f.values or rng.random() < 0.5)]
        if not fs:
            continue
        f = rng.choice(fs)
        table.append((tuple(f.tiles), rng.randrange(4)))
        values.update(dict(f.values))
        used.update(f.tiles)
    hand = [t for t in pool if t not in used][:rng.randint(2, 4)]
    if rng.random() < 0.3:
        hand.append(rng.choice([d for d in drag if d not in used]))
    return table, values, hand


def test_hard_matches_brute_force_on_random_small_positions():
    rng = random.Random(2024)
    checked = 0
    while checked < 40:
        table, values, hand = _random_small_position(rng)
        if sum(len(t) for t, _ in table) + len(hand) > 12:
            continue
        seat = rng.randrange(4)
        best, _ = brute_best(table, values, hand, seat, True)
        pos = Position(seat, tuple(hand), tuple(table), values, True, Context(seat))
        plan = TurnSearch(pos, nodes=HardBot.nodes).best()
        got = plan.reduction if plan else 0
        assert got == best, (table, values, hand, seat)
        if plan is not None:
            assert check_turn(table, values, hand, seat, True, plan.table, None, plan.values, plan.swaps).ok
        checked += 1


# --------------------------------------------------------------------------- legality on game positions

def _game_positions(seed: int, seats=("hard", "normal", "easy", "easy"), rounds: int = 4):
    """Yield (state, seat) for every decision of one bot game."""
    bots = [make_bot("rummy", s) for s in seats]
    rngs = [GameRng(f"{seed}:{i}") for i in range(4)]
    st = RULES.new_game(Setup("rummy", tuple(SeatConfig("bot", s) for s in seats), {"rounds": rounds}, seed))
    while RULES.result(st) is None:
        seat = RULES.to_act(st)[0]
        yield st, seat
        a = bots[seat].choose(RULES.view(st, seat), RULES.legal_actions(st, seat), rngs[seat])
        st, _ = RULES.apply(st, seat, a)


def test_every_strength_returns_an_accepted_action_on_game_positions():
    bots = {s: make_bot("rummy", s) for s in STRENGTHS}
    plays = {s: 0 for s in STRENGTHS}
    n = 0
    for seed in (11,):
        for i, (st, seat) in enumerate(_game_positions(seed)):
            if i % 3:
                continue
            view = RULES.view(st, seat)
            legal = RULES.legal_actions(st, seat)
            for s, bot in bots.items():
                a = bot.choose(view, legal, GameRng(f"t{i}"))
                RULES.apply(st, seat, a)          # raises IllegalAction if the engine refuses it
                if isinstance(a, PlayTurn):
                    plays[s] += 1
            n += 1
    assert n > 50
    assert all(plays[s] > 10 for s in STRENGTHS), plays
    # no plan of Normal or Hard ever crashed or was refused by the validator (no silent fallbacks)
    assert bots["normal"].failures == 0 and bots["hard"].failures == 0


# --------------------------------------------------------------------------- fairness

def test_fairness_hidden_tiles_never_change_a_choice():
    """Along bot-played games (more and later positions than the generic check in tests/conformance.py):
    every strength chooses the same when the other racks and the pool are dealt anew."""
    rng = random.Random(5)
    bots = {s: make_bot("rummy", s) for s in STRENGTHS}
    compared = 0
    for i, (st, seat) in enumerate(_game_positions(21, seats=("hard", "hard", "normal", "easy"))):
        if i % 4:
            continue
        alt = RULES.resample(st, seat, rng)
        v1, v2 = RULES.view(st, seat), RULES.view(alt, seat)
        assert v1 == v2
        assert alt.hands != st.hands or alt.pool != st.pool or not st.pool
        l1, l2 = RULES.legal_actions(st, seat), RULES.legal_actions(alt, seat)
        for s, bot in bots.items():
            a1 = bot.choose(v1, l1, GameRng(f"fair{i}"))
            a2 = bot.choose(v2, l2, GameRng(f"fair{i}"))
            assert a1 == a2, (s, i)
        compared += 1
    assert compared > 25


def test_bots_are_deterministic_for_a_seed():
    for st, seat in islice(_game_positions(31, rounds=4), 5, 60, 7):
        view, legal = RULES.view(st, seat), RULES.legal_actions(st, seat)
        for s in STRENGTHS:
            assert make_bot("rummy", s).choose(view, legal, GameRng(3)) == \
                make_bot("rummy", s).choose(view, legal, GameRng(3))


# --------------------------------------------------------------------------- simulation

def test_short_simulation_has_no_errors():
    summary = sim_run("rummy", 10, 77, ["hard", "normal", "easy", "easy"], {})
    assert summary["errors"] == 0, summary["error_samples"]
    assert summary["finished"] == 10
    hard = summary["entries"][0]
    assert hard["wins"] >= 5        # Hard wins most of these (about 97% over 400 games, see the docs)


def test_strengths_are_registered():
    for s in STRENGTHS:
        bot = make_bot("rummy", s)
        assert hasattr(bot, "choose")
    assert isinstance(make_bot("rummy", "normal"), NormalBot)
