"""Hypothesis invariants over whole hands: tiles and cents conserved, views blind to other hands and
the wall order, illegal moves change nothing; and the window's timing (CUZ-19)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cuz_support import play, setup
from game.bots import make_bot
from game.core.protocol import CHANCE, IllegalAction
from game.core.rng import GameRng
from game.rules.cuzzins import RULES, Pass, PaySee
from game.rules.cuzzins.actions import CODEC
from game.rules.cuzzins.state import census
from game.rules.cuzzins.tiles import PIECES, SUITED_CODES
from tests.conformance import plain
from test_cuz_play import claim_table

FEW = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def playout(seed: int, strict: bool = False):
    """One hand played mostly by easy bots (so kongs, secrets and wins happen), partly at random,
    with an occasional out-of-turn look at a secret. Yields (state before, seat, action, state after, events)."""
    rng = random.Random(seed)
    bot = make_bot("cuzzins", "easy")
    state = RULES.new_game(setup(seed, hands=1, strict=strict))
    while RULES.result(state) is None:
        lookers = RULES.prompt(state).out_of_turn
        if lookers and rng.random() < 0.2:
            seat = rng.choice(lookers)
            action = rng.choice([a for a in RULES.legal_actions(state, seat) if a.kind == "see"])
        else:
            seat = rng.choice(RULES.to_act(state))
            legal = RULES.legal_actions(state, seat)
            action = None
            if seat != CHANCE and rng.random() < 0.8:
                action = bot.choose(RULES.view(state, seat), legal, GameRng(rng.random()))
            if action is None:
                action = rng.choice(legal)
        new, events = RULES.apply(state, seat, action)
        yield state, seat, action, new, events
        state = new


@FEW
@given(seed=st.integers(0, 10**6), strict=st.booleans())
def test_tiles_and_cents_are_conserved(seed, strict):
    for _before, _seat, _action, after, events in playout(seed, strict):
        c = census(after)
        assert c == Counter(PIECES) if after.wall is not None else not c
        assert sum(after.ledger.totals()) == 0
        for e in events:
            for t in e.data.get("transfers", ()):
                assert t["amount"] > 0 and t["payer"] != t["payee"]
            if e.kind == "round_end":
                assert sum(e.data["totals"]) == 0


def _pieces_in(obj) -> set[str]:
    out: set[str] = set()
    todo = [obj]
    while todo:
        o = todo.pop()
        if isinstance(o, str):
            out.add(o)
        elif isinstance(o, (tuple, list, frozenset, set)):
            todo.extend(o)
        elif hasattr(o, "__dataclass_fields__"):
            todo.extend(getattr(o, f) for f in o.__dataclass_fields__)
    return out


@FEW
@given(seed=st.integers(0, 10**6), strict=st.booleans())
def test_views_never_show_other_hands_unseen_secrets_or_the_wall(seed, strict):
    rng = random.Random(seed)
    for i, (_b, _s, _a, after, _events) in enumerate(playout(seed, strict)):
        if after.wall is None or i % 7:
            continue
        for seat in (0, 1, 2, 3, None):
            view = RULES.view(after, seat)
            shown = _pieces_in(view)
            hidden = set(after.wall.tiles())
            for p in range(4):
                if p != seat:
                    hidden |= set(after.hands[p])
                    hidden |= {t for x in after.secrets[p] if seat not in x.seen_by for t in x.pieces}
            assert not shown & hidden
            assert RULES.view(RULES.resample(after, seat, rng), seat) == view


@FEW
@given(seed=st.integers(0, 10**6), data=st.data())
def test_illegal_actions_leave_the_state_unchanged(seed, data):
    states = [after for _b, _s, _a, after, _e in playout(seed)]
    state = data.draw(st.sampled_from(states[::5]))
    seat = data.draw(st.sampled_from([CHANCE, 0, 1, 2, 3]))
    cls = data.draw(st.sampled_from(CODEC.classes))
    fields = {"tile": st.sampled_from(SUITED_CODES), "low": st.sampled_from(SUITED_CODES),
              "d1": st.integers(1, 6), "d2": st.integers(1, 6), "target": st.integers(0, 3), "secret": st.integers(0, 4)}
    action = cls(**{f: data.draw(fields[f]) for f in cls.__dataclass_fields__})
    snapshot = plain(state)
    if action in RULES.legal_actions(state, seat):
        RULES.apply(state, seat, action)
    else:
        with pytest.raises(IllegalAction):
            RULES.apply(state, seat, action)
    assert plain(state) == snapshot


def test_the_next_draw_waits_for_every_answer_CUZ_19():
    s = claim_table()
    s, _ = play(s, (3, Pass()), (1, Pass()))
    assert RULES.to_act(s) == (2,) and len(s.hands[1]) == 16 and s.phase == "claims"
    s, _ = play(s, (2, Pass()))
    assert RULES.to_act(s) == (1,) and len(s.hands[1]) == 17


def test_a_whole_game_ends_with_cents_that_sum_to_zero():
    state = RULES.new_game(setup(4, hands=4))
    bots = [make_bot("cuzzins", "normal") for _ in range(4)]
    rng = random.Random(4)
    before = [0] * 4
    while RULES.result(state) is None:
        seat = RULES.to_act(state)[0]
        legal = RULES.legal_actions(state, seat)
        action = rng.choice(legal) if seat == CHANCE else bots[seat].choose(RULES.view(state, seat), legal, GameRng(1))
        state, events = RULES.apply(state, seat, action)
        for e in events:
            if e.kind == "round_end":      # the results' "this hand": kongs and secrets paid during it too
                assert list(e.data["changes"]) == [a - b for a, b in zip(e.data["totals"], before)]
                before = list(e.data["totals"])
    res = RULES.result(state)
    assert res.final and res.unit == "cents" and sum(res.totals) == 0
    net = [0] * 4
    for t in res.transfers:
        net[t.payee] += t.amount
        net[t.payer] -= t.amount
    assert tuple(net) == res.totals and max(res.totals) == res.totals[res.winners[0]]
    assert not any(RULES.legal_actions(state, p) for p in range(4))
    # each line counts the player's hands in words ("1 hand won", "3 hands won"; it read "1 hand(s) won")
    assert [l.why for l in res.lines] == [f"{n} hand{'' if n == 1 else 's'} won" for n in state.wins]


def test_resample_keeps_secrets_whole_and_hands_free_of_flowers():
    from test_cuz_play import secret_table
    from game.rules.cuzzins import DeclareSecret
    from game.rules.cuzzins.tiles import is_flower
    s, _ = play(secret_table(), (0, DeclareSecret("C7")))
    kinds = set()
    for seed in range(12):
        r = RULES.resample(s, 2, random.Random(seed))
        (x,) = r.secrets[0]
        assert len({p.split("#")[0] for p in x.pieces}) == 1 and len(x.pieces) == 4
        assert not any(is_flower(p) for h in r.hands for p in h)
        assert census(r) == census(s) and r.hands[2] == s.hands[2]
        assert r.drawn in r.hands[1]
        kinds.add(x.kind)
    assert len(kinds) > 1                      # what seat 2 can't see really moves
    seen, _ = play(s, (2, PaySee(0, 0)))
    assert all(RULES.resample(seen, 2, random.Random(k)).secrets[0] == seen.secrets[0] for k in range(5))
