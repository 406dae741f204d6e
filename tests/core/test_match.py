import json

import pytest

from game.core.match import Match, Replay, SaveError
from game.core.protocol import IllegalAction, SeatConfig, Setup, events_for
from tests.core.toygame import RULES, Draw, Stop

SEATS = (SeatConfig("human", name="A"), SeatConfig("bot", "easy", "B"))


def play(match, moves):
    for action in moves:
        seat = match.to_act()[0]
        match.act(seat, action)


def test_act_logs_and_autosave_hook_fires_after_every_action():
    m = Match(Setup("toy", SEATS, {}, 7), RULES)
    saved = []
    m.on_change = lambda mm: saved.append(len(mm.log))
    play(m, [Draw(), Draw(), Stop()])
    assert [e.action for e in m.log] == ['{"a":"draw"}', '{"a":"draw"}', '{"a":"stop"}']
    assert saved == [1, 2, 3]


def test_illegal_action_leaves_match_unchanged():
    m = Match(Setup("toy", SEATS, {"limit": 1}, 3), RULES)
    m.act(0, Draw())
    before = json.dumps(m.to_json()), m.view(1)
    with pytest.raises(IllegalAction) as e:
        m.act(0, Draw())             # not seat 0's turn any more
    assert "not your turn" in e.value.reason
    m.act(1, Draw())
    with pytest.raises(IllegalAction):
        m.act(0, Draw())             # over the limit of 1 draw
    assert len(m.log) == 2 and before[1].draws == (1, 0)


def test_save_and_resume_gives_the_exact_position():
    m = Match(Setup("toy", SEATS, {}, 11), RULES)
    play(m, [Draw(), Draw(), Draw()])
    data = json.loads(json.dumps(m.to_json()))
    again = Match.from_json(data, RULES)
    assert again.view(0) == m.view(0) and again.view(1) == m.view(1)
    # and the rng continues identically
    play(m, [Draw()])
    play(again, [Draw()])
    assert again.view(1) == m.view(1)


@pytest.mark.parametrize("damage, words", [
    ({"version": 99}, "version"),
    ({"log": [[0, '{"a":"fly"}']]}, "move 1"),
    ({"log": [[1, '{"a":"draw"}']]}, "not your turn"),
    ({"setup": None}, "incomplete"),
])
def test_damaged_save_is_refused_with_reason(damage, words):
    data = Match(Setup("toy", SEATS, {}, 1), RULES).to_json()
    data.update(damage)
    with pytest.raises(SaveError) as e:
        Match.from_json(data, RULES)
    assert words in str(e.value)


def test_replay_steps_through_every_position():
    m = Match(Setup("toy", SEATS, {}, 5), RULES)
    play(m, [Draw(), Draw(), Stop(), Draw(), Stop()])
    r = Replay(m.to_json(), RULES)
    steps = list(r.steps())
    assert len(steps) == len(r) + 1 == 6
    assert RULES.view(steps[-1][2], 0) == m.view(0)
    assert RULES.result(r.state_at(5)) == m.result()
    assert RULES.view(r.state_at(2), 0).draws == (1, 1)


def test_events_are_redacted_for_other_seats():
    m = Match(Setup("toy", SEATS, {}, 5), RULES)
    events = m.act(0, Draw())
    mine, theirs, spectator = events_for(events, 0), events_for(events, 1), events_for(events, None)
    assert "n" in mine[0].data
    assert theirs[0].data == {"seat": 0} and spectator[0].data == {"seat": 0}


def test_views_hold_no_hidden_information():
    m = Match(Setup("toy", SEATS, {}, 5), RULES)
    play(m, [Draw(), Draw()])
    assert m.view(None).my_sum is None
    assert m.view(1).my_sum == m.state["sums"][1]
