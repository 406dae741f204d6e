"""Hypothesis invariants over random games played with random legal actions (and random manipulations)."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from rummy_helpers import game
from game.core.protocol import IllegalAction
from game.rules.rummy import RULES, Draw, Pass, PlayTurn
from game.rules.rummy.moves import borrow_plays, plays_for_view
from game.rules.rummy.sets import check_set
from game.rules.rummy.tiles import ALL_TILES, TILE_KIND, DR

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)


def snapshot(st):
    return (dict(st.options), repr(st.rng.to_json()), st.round_index, [list(h) for h in st.hands], list(st.pool),
            [(tuple(s.tiles), s.owner) for s in st.table], dict(st.values), list(st.opened), st.turn, st.passes,
            list(st.scores), list(st.round_scores), list(st.went_out), list(st.history), st.finished)


def check_invariants(st):
    everything = [t for h in st.hands for t in h] + list(st.pool) + [t for s in st.table for t in s.tiles]
    assert len(everything) == 136 and set(everything) == set(ALL_TILES)          # 136 tiles conserved
    for s in st.table:
        assert s.owner in (0, 1, 2, 3)                                          # ownership defined
        assert check_set(s.tiles, st.values).ok                                 # committed table valid
    dragons = {t for s in st.table for t in s.tiles if TILE_KIND[t] >= DR}
    assert set(st.values) == dragons                                            # every dragon has a value


def hidden_reshuffle(st, seat, rnd):
    """Another state that differs only in what `seat` cannot see."""
    alt = st.copy()
    others = [s for s in range(4) if s != seat]
    hidden = [t for s in others for t in alt.hands[s]] + alt.pool
    rnd.shuffle(hidden)
    for s in others:
        n = len(alt.hands[s])
        alt.hands[s], hidden = sorted(hidden[:n]), hidden[n:]
    alt.pool = hidden
    return alt


def corrupt(st, seat, rnd):
    """An action that must be refused."""
    if st.pool:
        return Pass()
    table = [list(s.tiles) for s in st.table]
    foreign = [t for s in range(4) if s != seat for t in st.hands[s]]
    if table and rnd.random() < 0.5:
        table[rnd.randrange(len(table))].pop()                # a tile in play vanishes / a set breaks
    elif foreign:
        table.append([rnd.choice(foreign)] + list(st.hands[seat][:2]))   # someone else's tile
    else:
        return Draw()
    return PlayTurn(tuple(tuple(s) for s in table))


def random_manipulation(st, seat, rnd):
    """A random table rearrangement plus a hand tile or two: mostly illegal, sometimes legal."""
    table = [list(s.tiles) for s in st.table]
    hand = list(st.hands[seat])
    for _ in range(rnd.randint(1, 3)):
        op = rnd.random()
        if table and op < 0.4:                                   # move one tile to another / a new set
            src = rnd.randrange(len(table))
            if table[src]:
                t = table[src].pop(rnd.randrange(len(table[src])))
                if rnd.random() < 0.3 or len(table) == 1:
                    table.append([t])
                else:
                    table[rnd.randrange(len(table))].append(t)
        elif table and op < 0.6:                                 # split a set
            j = rnd.randrange(len(table))
            k = rnd.randint(1, max(1, len(table[j]) - 1))
            table.append(table[j][k:])
            table[j] = table[j][:k]
        elif len(table) > 1 and op < 0.7:                        # merge two sets
            a, b = rnd.sample(range(len(table)), 2)
            table[a] += table[b]
            table[b] = []
        if hand:                                                 # add a hand tile somewhere
            t = hand.pop(rnd.randrange(len(hand)))
            if table and rnd.random() < 0.7:
                table[rnd.randrange(len(table))].append(t)
            else:
                table.append([t])
    values = []
    for s in table:
        for t in s:
            if TILE_KIND[t] >= DR and t not in st.values:
                values.append((t, rnd.choice(["B3", "C5", "WE", "WN", "D7"])))
    return PlayTurn(tuple(tuple(s) for s in table if s), (), tuple(values))


@settings(max_examples=30, **SETTINGS)
@given(seed=hs.integers(0, 10**6), picks=hs.lists(hs.integers(0, 10**6), min_size=30, max_size=150))
def test_random_legal_games(seed, picks):
    rnd = random.Random(seed)
    st = game(seed=seed)
    check_invariants(st)
    log = []
    for pick in picks:
        if RULES.result(st) is not None:
            break
        seat = RULES.to_act(st)[0]
        acts = RULES.legal_actions(st, seat)
        action = acts[pick % len(acts)]
        text = RULES.encode_action(action)
        assert RULES.decode_action(text) == action                            # encode/decode round trip
        # an illegal action leaves the state unchanged
        before = snapshot(st)
        bad = corrupt(st, seat, rnd)
        try:
            RULES.apply(st, seat, bad)
            raised = False
        except IllegalAction:
            raised = True
        assert raised and snapshot(st) == before
        # views never show another hand or the pool order
        for viewer in (seat, (seat + 1) % 4, None):
            alt = hidden_reshuffle(st, viewer if viewer is not None else -1, rnd)
            assert RULES.view(alt, viewer) == RULES.view(st, viewer)
        new, events = RULES.apply(st, seat, action)
        assert snapshot(st) == before                                         # apply never mutates its input
        check_invariants(new)
        st = new
        log.append(text)
    # replay from setup + actions reproduces the state
    rep = game(seed=seed)
    for text in log:
        rep, _ = RULES.apply(rep, RULES.to_act(rep)[0], RULES.decode_action(text))
    assert snapshot(rep) == snapshot(st)


@settings(max_examples=40, **SETTINGS)
@given(seed=hs.integers(0, 10**6), warmup=hs.integers(10, 60), tries=hs.integers(5, 25))
def test_random_manipulations_only_commit_valid_tables(seed, warmup, tries):
    rnd = random.Random(seed)
    st = game(seed=seed)
    # build up a table with simple plays first
    for _ in range(warmup):
        if RULES.result(st) is not None:
            return
        seat = RULES.to_act(st)[0]
        acts = RULES.legal_actions(st, seat)
        plays = acts[1:]
        st, _ = RULES.apply(st, seat, rnd.choice(plays) if plays and rnd.random() < 0.8 else acts[0])
    for _ in range(tries):
        if RULES.result(st) is not None:
            return
        seat = RULES.to_act(st)[0]
        crafted = borrow_plays(st.hands[seat], st.table, st.values, seat, st.opened[seat], limit=20)
        action = rnd.choice(crafted) if crafted and rnd.random() < 0.5 else random_manipulation(st, seat, rnd)
        v = RULES.check(st, seat, action)
        assert v.ok == (v.rule == "") and (v.ok or v.message)
        assert RULES.check(RULES.view(st, seat), seat, action) == v             # view and state agree
        before = snapshot(st)
        try:
            new, _ = RULES.apply(st, seat, action)
        except IllegalAction:
            assert not v.ok and snapshot(st) == before
            continue
        assert v.ok
        check_invariants(new)
        lenders = [o for o, _ in v.borrowed]
        assert len(lenders) == len(set(lenders)) <= 2                            # RUM-4 limits hold
        assert v.played                                                          # golden rule 1
        st = new


def test_bot_helper_plays_from_the_view_are_legal():
    rnd = random.Random(11)
    st = game(seed=11)
    borrowed = 0
    for _ in range(150):
        if RULES.result(st) is not None:
            break
        seat = RULES.to_act(st)[0]
        plays = plays_for_view(RULES.view(st, seat))
        for p in plays:
            v = RULES.check(st, seat, p)
            assert v.ok, v.message
            borrowed += bool(v.borrowed)
        st, _ = RULES.apply(st, seat, rnd.choice(plays) if plays else RULES.legal_actions(st, seat)[0])
    assert borrowed
