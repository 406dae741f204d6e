"""Prompts, chance, timeouts, out-of-turn moves, private events, payments, history and the one
driver loop, on the claim toy (tests/core/claimtoy.py) and the plain toy (no optional hooks)."""

from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from game.core.driver import Driver, NoMove, Refused, Stalled
from game.core.match import Match
from game.core.protocol import (CHANCE, IllegalAction, Prompt, SeatConfig, Setup, Transfer, check_outcomes,
                                default_prompt, events_for)
from game.core.rng import GameRng
from tests.core import toygame
from tests.core.claimtoy import RULES, Claim, Discard, Pass, Peek, Roll


def setup(seed=1, **options):
    return Setup("claimtoy", tuple(SeatConfig("bot") for _ in range(3)), options, seed)


def first_legal(seat, view, legal):
    return legal[0]


def hand_of(match, seat):
    return match.view(seat).hand


def to_claim_window(match, roll=6):
    """Roll (forced) and discard a number seat 1 holds, so seat 1 can claim and seat 2 maybe not."""
    match.forced.append(Roll(roll))
    match.roll()
    turn = match.view(None).turn
    mine = hand_of(match, turn)
    other = (turn + 1) % 3
    n = next((x for x in mine if x in hand_of(match, other)), mine[0])
    match.act(turn, Discard(n))
    return turn, n


# --------------------------------------------------------------------------- prompts

def test_a_game_without_a_prompt_hook_gets_a_plain_turn():
    m = Match(Setup("toy", (SeatConfig(), SeatConfig()), {}, 3), toygame.RULES)
    p = m.prompt()
    assert p == Prompt((0,), "turn") and not p.sealed and p.timeout is None and p.out_of_turn == ()


def test_prompt_kind_is_checked():
    with pytest.raises(ValueError, match="prompt kind"):
        Prompt((0,), "whenever")


def test_claim_window_asks_every_seat_but_the_discarder_and_is_sealed_and_timed():
    m = Match(setup(claim_seconds=4), RULES)
    turn, n = to_claim_window(m)
    p = m.prompt()
    assert p.kind == "claim" and p.sealed and p.timeout == 4
    assert set(p.seats) == {0, 1, 2} - {turn}
    for seat in p.seats:
        legal = m.legal(seat)
        assert Pass() in legal
        assert (Claim() in legal) == (n in hand_of(m, seat))
        assert p.timeout_action(seat) == Pass()


def test_claim_answers_are_private_and_one_public_event_names_the_taker():
    m = Match(setup(seed=4), RULES)
    turn, n = to_claim_window(m)
    a, b = m.prompt().seats
    first = m.act(a, m.legal(a)[-1])
    assert events_for(first, b) == [] and events_for(first, turn) == [] and events_for(first, None) == []
    assert [e.kind for e in events_for(first, a)] == ["answered"]
    last = m.act(b, Pass())
    public = events_for(last, None)
    assert [e.kind for e in public] == ["claim_resolved"]
    assert public[0].data["why"]
    assert public[0].data["taker"] in (a, None)


def test_a_timer_option_of_none_means_no_timer():
    m = Match(setup(claim_seconds=None), RULES)
    to_claim_window(m)
    assert m.prompt().timeout is None and m.time_left() is None
    assert m.tick(10_000) == [] and m.prompt().kind == "claim"


# --------------------------------------------------------------------------- timeouts

def test_the_timer_runs_over_the_whole_window_and_then_passes_for_who_has_not_answered():
    m = Match(setup(claim_seconds=3), RULES)
    turn, _ = to_claim_window(m)
    a, b = m.prompt().seats
    assert m.tick(2.0) == [] and m.time_left() == pytest.approx(1.0)
    m.act(a, Pass())                     # an answer does not restart the window's timer
    assert m.time_left() == pytest.approx(1.0)
    moves = len(m.log)
    m.tick(0.5)
    assert len(m.log) == moves
    m.tick(0.5)
    assert m.log[-1].seat == b and m.log[-1].action == RULES.encode_action(Pass())
    assert m.prompt().kind == "chance"


def test_driver_plays_the_timeout_by_the_clock_it_is_given():
    now = [0.0]
    m = Match(setup(claim_seconds=3), RULES)
    to_claim_window(m)
    a, b = m.prompt().seats
    asked = []

    def slow_human(seat, view, legal):
        asked.append(seat)
        return None                     # still thinking

    d = Driver(m, {a: first_legal, b: slow_human}, clock=lambda: now[0])
    assert d.step()                      # a answers at once
    for _ in range(2):
        now[0] += 1.0
        assert not d.step()
    now[0] += 1.0
    assert d.step()                      # three seconds: b passes by timeout
    assert m.log[-1].seat == b and asked == [b, b, b, b]


def test_driver_without_a_clock_reports_a_stall_instead_of_spinning():
    m = Match(setup(), RULES)
    to_claim_window(m)
    with pytest.raises(Stalled):
        Driver(m, {}).run()


# --------------------------------------------------------------------------- chance

def test_chance_lists_outcomes_that_add_up_to_one():
    m = Match(setup(), RULES)
    assert m.to_act() == (CHANCE,) and m.prompt().kind == "chance"
    outcomes = m.outcomes()
    assert [a for a, _ in outcomes] == [Roll(n) for n in range(1, 7)]
    assert sum(p for _, p in outcomes) == 1
    with pytest.raises(ValueError, match="add up"):
        check_outcomes([(Roll(1), Fraction(1, 2))])
    with pytest.raises(ValueError, match="above 0"):
        check_outcomes([(Roll(1), 1), (Roll(2), 0)])


def test_a_roll_is_logged_as_the_chance_seat_and_forced_rolls_come_first():
    m = Match(setup(), RULES, forced=[Roll(5)])
    events = m.roll()
    assert m.log[-1].seat == CHANCE and m.log[-1].action == RULES.encode_action(Roll(5))
    assert events[0].data["n"] == 5 and m.forced == []
    with pytest.raises(IllegalAction):
        m.roll()                         # a discard is pending, not a roll


def test_an_impossible_forced_roll_is_refused_and_nothing_changes():
    m = Match(setup(), RULES, forced=[Discard(1)])
    with pytest.raises(ValueError, match="can't happen"):
        m.roll()
    assert m.log == [] and m.forced == [Discard(1)]


def test_rolls_depend_on_the_seed_and_move_only_and_follow_the_probabilities():
    seen = []
    for seed in range(300):
        m = Match(setup(seed=seed), RULES)
        m.roll()
        seen.append(m.log[0].action)
        again = Match(setup(seed=seed), RULES)
        again.roll()
        assert again.log[0].action == seen[-1]
    counts = {RULES.encode_action(Roll(n)): seen.count(RULES.encode_action(Roll(n))) for n in range(1, 7)}
    assert all(20 <= c <= 80 for c in counts.values()), counts     # ~50 each


def test_a_save_replays_the_logged_rolls_not_new_ones(monkeypatch):
    m = Match(setup(seed=9), RULES)
    Driver(m, {s: first_legal for s in range(3)}).run()
    saved = m.to_json()
    # even if drawing changed completely, the replay reads the rolls from the log
    monkeypatch.setattr(GameRng, "random", lambda self: 0.999)
    back = Match.from_json(saved, RULES)
    assert back.state == m.state and back.result() == m.result()


# --------------------------------------------------------------------------- out of turn, peeks, payments

def test_a_seat_may_peek_out_of_turn_privately_and_pays_for_it():
    m = Match(setup(seed=2), RULES, forced=[Roll(3)])
    m.roll()
    turn = m.view(None).turn
    peeker, target = (turn + 1) % 3, (turn + 2) % 3
    assert peeker in m.prompt().out_of_turn and peeker not in m.to_act()
    events = m.act(peeker, Peek(target))
    private = events_for(events, peeker)
    assert private[0].kind == "peek" and tuple(private[0].data["hand"]) == hand_of(m, target)
    for other in (turn, target, None):
        seen = events_for(events, other)
        assert [e.kind for e in seen] == ["payment"]
        assert "hand" not in seen[0].data
    [t] = [Transfer.from_json(d) for d in seen[0].data["transfers"]]
    assert t == Transfer(peeker, target, 1, t.why)
    assert m.view(None).chips[peeker] == 9 and m.view(None).chips[target] == 11
    with pytest.raises(IllegalAction):
        m.act(peeker, Peek(target))      # once per game: no longer out of turn


def test_a_seat_that_may_not_act_out_of_turn_is_refused():
    m = Match(setup(), RULES, forced=[Roll(3)])
    with pytest.raises(IllegalAction):
        m.act(1, Peek(2))                # the dice are pending: nobody may peek
    m.roll()
    m.act(1, Peek(2))
    with pytest.raises(IllegalAction):
        m.act(1, Peek(0))


def test_transfers_reach_the_result_and_round_trip_as_json():
    t = Transfer(0, 2, Fraction(3, 2), "settle")
    assert Transfer.from_json(t.to_json()) == Transfer(0, 2, "3/2", "settle")
    with pytest.raises(ValueError, match="not a transfer"):
        Transfer.from_json({"payer": 0})
    m = Match(setup(seed=5), RULES)
    m.roll()
    turn = m.view(None).turn
    m.act((turn + 1) % 3, Peek(turn))
    Driver(m, {s: first_legal for s in range(3)}).run()
    result = m.result()
    assert Transfer((turn + 1) % 3, turn, 1, "a peek at a hand") in result.transfers
    assert result.to_json()["transfers"][0]["why"] == "a peek at a hand"
    assert "transfers" not in toygame.RULES.result(_finished_toy()).to_json()   # no payments: as before


def _finished_toy():
    m = Match(Setup("toy", (SeatConfig(), SeatConfig()), {}, 3), toygame.RULES)
    Driver(m, {0: lambda s, v, l: l[0], 1: lambda s, v, l: l[0]}).run()
    return m.state


# --------------------------------------------------------------------------- history

def test_history_gives_a_seat_only_what_it_saw():
    m = Match(setup(seed=6), RULES, forced=[Roll(2)])
    m.roll()
    turn = m.view(None).turn
    peeker = (turn + 1) % 3
    m.act(peeker, Peek(turn))
    mark = len(m.log)
    m.act(turn, m.legal(turn)[0])
    mine = m.history(peeker, since=0)
    assert [s.move for s in mine] == [1, 2, 3]
    assert mine[0].actor == CHANCE and mine[0].action is None
    assert mine[1].action == RULES.encode_action(Peek(turn)) and mine[1].events[0].kind == "peek"
    assert mine[2].view == m.view(peeker)
    theirs = m.history(turn, since=0)
    assert theirs[1].action is None and [e.kind for e in theirs[1].events] == ["payment"]
    assert theirs[1].view.seat == turn and theirs[1].view.hand == tuple(mine[1].events[0].data["hand"])
    assert [s.move for s in m.history(turn, since=mark)] == [3]


# --------------------------------------------------------------------------- the driver

def test_in_a_sealed_prompt_every_bot_is_asked_before_any_answer_is_applied():
    m = Match(setup(seed=8), RULES)
    to_claim_window(m)
    waiting = m.prompt().seats
    asked_at = {}

    def bot(seat, view, legal):
        asked_at[seat] = len(m.log)
        return legal[-1]

    assert Driver(m, {s: bot for s in range(3)}).step()
    assert set(asked_at) == set(waiting) and len(set(asked_at.values())) == 1
    assert m.prompt().kind == "chance"   # both answers applied, the window resolved


def test_the_driver_offers_out_of_turn_moves_and_a_bot_may_decline():
    m = Match(setup(seed=3), RULES, forced=[Roll(1)])
    m.roll()
    turn = m.view(None).turn
    eager = (turn + 1) % 3

    def player(seat, view, legal):
        if isinstance(legal[0], Peek):          # asked out of turn: only `eager` takes it
            return legal[0] if seat == eager else None
        return legal[0]

    d = Driver(m, {s: player for s in range(3)})
    assert d.step()
    assert m.log[-1].seat == eager and isinstance(RULES.decode_action(m.log[-1].action), Peek)
    assert d.step()                      # the other seat declines; the turn seat discards
    assert m.log[-1].seat == turn


def test_the_driver_stops_a_runaway_game():
    m = Match(setup(turns=60), RULES)
    with pytest.raises(RuntimeError, match="no result after 10 actions"):
        Driver(m, {s: first_legal for s in range(3)}).run(max_moves=10)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), turns=st.integers(1, 12))
def test_bots_play_to_the_end_chips_are_conserved_and_replay_is_exact(seed, turns):
    rng = GameRng(seed)
    m = Match(setup(seed=seed, turns=turns), RULES)
    result = Driver(m, {s: (lambda seat, view, legal: rng.choice(legal)) for s in range(3)}).run()
    assert sum(result.totals) == 3 * 10
    for t in result.transfers:
        assert t.payer != t.payee and t.amount == 1
    assert sum(1 for e in m.log if e.seat == CHANCE) == turns
    assert Match.from_json(m.to_json(), RULES).state == m.state


# --------------------------------------------------------------------------- what a table needs of the driver

def test_a_refused_answer_names_its_seat_and_changes_nothing():
    m = Match(setup(seed=2), RULES, forced=[Roll(3)])
    m.roll()
    turn = m.view(None).turn
    missing = next(n for n in range(1, 7) if n not in hand_of(m, turn))      # four numbers: one is missing
    d = Driver(m, {turn: lambda seat, view, legal: Discard(missing)})
    before = (len(m.log), m.state)
    with pytest.raises(Refused) as err:
        d.step()
    assert err.value.seat == turn and err.value.reason and isinstance(err.value, IllegalAction)
    assert (len(m.log), m.state) == before


def test_a_seat_with_nothing_to_play_is_named():
    m = Match(setup(), RULES, forced=[Roll(3)])
    m.roll()
    turn = m.view(None).turn
    m.rules = type("NoMoves", (), {k: getattr(RULES, k) for k in ("to_act", "prompt", "view", "result")})()
    m.rules.legal_actions = lambda s, seat: []
    with pytest.raises(NoMove) as err:
        Driver(m, {turn: first_legal}).step()
    assert err.value.seat == turn


def test_the_question_is_worked_out_once_per_position():
    m = Match(setup(seed=3), RULES, forced=[Roll(2)])
    m.roll()
    turn = m.view(None).turn
    calls = []
    legal = m.rules.legal_actions

    class Counting:
        def __getattr__(self, name):
            return getattr(RULES, name)

        def legal_actions(self, s, seat):
            calls.append(seat)
            return legal(s, seat)

    m.rules = Counting()
    d = Driver(m, {turn: lambda seat, view, legal: None})
    for _ in range(5):
        d.step()
    assert calls.count(turn) == 1                 # five frames, one position: worked out once
    m.act(turn, m.legal(turn)[0])
    d.step()
    assert calls.count(turn) >= 2


def test_hold_gives_the_time_since_the_last_step_to_no_prompt():
    now = [0.0]
    m = Match(setup(claim_seconds=3), RULES)
    to_claim_window(m)
    d = Driver(m, {}, clock=lambda: now[0])
    now[0] += 2.0
    d.step()
    assert m.time_left() == pytest.approx(1.0)
    now[0] += 30.0                                # e.g. the results were being read
    d.hold()
    d.step()
    assert m.prompt().kind == "claim" and m.time_left() == pytest.approx(1.0)


def test_history_up_to_a_move_and_the_view_at_a_move():
    m = Match(setup(seed=6), RULES)
    Driver(m, {s: first_legal for s in range(3)}).run()
    seat = 1
    full = m.history(seat)
    assert [s.move for s in m.history(seat, 3, 5)] == [4, 5]
    assert m.history(seat, 3, 5) == full[3:5]
    assert m.view_at(seat, 0) == RULES.view(RULES.new_game(m.setup), seat)
    assert all(m.view_at(seat, s.move) == s.view for s in full)
    with pytest.raises(IndexError):
        m.view_at(seat, len(m.log) + 1)
