"""Martian Mah Jongg's level files: they load, their goals and deals are checked at load time, every
challenge is won by a scripted sequence of legal moves from its forced rolls, and the guided first
hand's steps are legal when they come."""

from __future__ import annotations

from collections import Counter

import pytest

from game.bots import make_bot
from game.core.lesson import hand_delta
from game.core.levels import LEVELS_DIR, load_all, load_level
from game.core.match import Match
from game.core.protocol import CHANCE
from game.core.rng import GameRng
from game.rules.martian import RULES
from game.rules.martian.actions import Claim, Keep, Look, MahJongg, Roll, Swap

DIR = LEVELS_DIR / "martian"

WIN = {
    "challenge-1-solid": [Roll(), Keep("kong-M"), MahJongg()],
    "challenge-2-all-whites": [Roll(), Look(0), Swap("opaques"), Roll(), Keep("kong-M"), MahJongg()],
    "challenge-3-rooster": [Roll(), Keep("chow-S"), MahJongg()],
    "challenge-4-east": [Roll(), Keep("kong-S"), MahJongg()],
    "challenge-5-claim": [Claim("kong", True)],
    "challenge-6-score": [Roll(), Keep("kong-M"), Roll(), Keep("kong-S"), MahJongg()],
}


def levels():
    lv, errors = load_all()
    assert not [e for e in errors if "martian" in str(getattr(e, "path", ""))], errors
    return {l.id.split("/", 1)[1]: l for l in lv if l.game == "martian"}


def play_script(level, script, bots="level"):
    """Seat 0 plays `script` (each move as soon as it is legal for seat 0), the others are the level's bots."""
    m = Match(level.setup)
    strengths = [s.strength for s in level.setup.seats]
    players = {s: make_bot("martian", strengths[s] or "normal") for s in range(1, len(strengths))}
    script = list(script)
    for _ in range(2000):
        if not script or m.finished:
            break
        if m.to_act() == (CHANCE,):
            m.roll()
            continue
        me_now = 0 in m.to_act() or 0 in m.prompt().out_of_turn
        if me_now and script[0] in m.legal(0):
            m.act(0, script.pop(0))
            continue
        assert 0 not in m.to_act() or m.prompt().sealed, f"seat 0 must act but {script[0]} is not legal: {m.legal(0)}"
        seat = next(s for s in m.to_act() if s != 0)
        action = players[seat].choose(m.view(seat), m.legal(seat), GameRng(f"lv{len(m.log)}"))
        m.act(seat, action)
    assert not script, f"moves left unplayed: {script}"
    return m


def test_the_martian_menu_is_complete():
    lv = levels()
    quick = [l for l in lv.values() if l.kind == "quick"]
    shapes = sorted((len(l.setup.seats), sum(s.kind == "human" for s in l.setup.seats)) for l in quick)
    assert shapes == [(2, 1), (2, 2), (3, 1), (3, 3), (4, 1), (4, 4)]
    challenges = [l for l in lv.values() if l.kind == "challenge"]
    assert len(challenges) >= 6 and len({l.order for l in challenges}) == len(challenges)
    assert set(WIN) == {k for k, l in lv.items() if l.kind == "challenge"}
    assert [l.kind for l in lv.values()].count("learn") == 1


@pytest.mark.parametrize("name", sorted(WIN))
def test_challenge_is_won_by_its_script(name):
    level = levels()[name]
    st = RULES.new_game(level.setup)
    assert RULES.goal_met(level.goal, st, 0) is None
    m = play_script(level, WIN[name])
    assert RULES.goal_met(level.goal, m.state, 0) is True


def test_a_goal_is_failed_when_the_hand_ends_otherwise():
    level = levels()["challenge-3-rooster"]
    # filling the chow with something other than the small yellow is not a Golden Rooster
    m = Match(level.setup)
    m.act(0, Roll())
    m.roll()
    st = m.state
    assert st.drawn == "yellow-S"
    st, _ = RULES.apply(st, 0, Look(0))
    hidden = st.covers[0].content
    if hidden.startswith(("black", "white")):
        pytest.skip("an opaque under cover 0")
    st, _ = RULES.apply(st, 0, Swap("chow-S"))
    st, _ = RULES.apply(st, 0, MahJongg())
    assert RULES.goal_met(level.goal, st, 0) is False


@pytest.mark.parametrize("goal, field", [
    ({"kind": "win_hands"}, "kind"),
    ({"kind": "win_hand", "feature": "rainbow"}, "feature"),
    ({"kind": "win_hand", "hand": 0}, "hand"),
    ({"kind": "win_hand", "points": 3}, "points"),
    ({"kind": "score_at_least"}, "points"),
    ({"kind": "score_at_least", "points": "many"}, "points"),
])
def test_bad_goals_are_refused_naming_the_parameter(goal, field):
    with pytest.raises(ValueError) as e:
        RULES.check_goal(goal)
    assert str(e.value).startswith(field)


def test_a_level_with_a_bad_forced_roll_names_it(tmp_path):
    text = (DIR / "challenge-3-rooster.toml").read_text().replace('rolls = ["yellow-S"]', 'rolls = ["black-S"]')
    (tmp_path / "martian").mkdir()
    bad = tmp_path / "martian" / "bad.toml"
    bad.write_text(text)
    with pytest.raises(ValueError) as e:
        load_level(bad)
    assert "rolls" in str(e.value) and "opaque" in str(e.value)


def test_forced_rolls_come_first_and_then_the_dice_are_random_again():
    level = levels()["challenge-6-score"]
    st = RULES.new_game(level.setup)
    assert [a for a, _ in RULES.outcomes(RULES.apply(st, 0, Roll())[0])] == [st.script[0]]
    assert RULES.view(st, 0).__dict__.get("script") is None          # the script is not in any view
    st2 = st.copy()
    st2.script = []
    st2, _ = RULES.apply(st2, 0, Roll())
    assert len(RULES.outcomes(st2)) == 48


# --------------------------------------------------------------------------- Learn

LEARN_MOVES = {"roll": [Roll()], "keep": [Keep("kong-M"), Keep("pung-S")], "look": [Look(3)], "mahjongg": [MahJongg()]}


def test_a_keep_that_discards_does_not_match_a_step_that_names_the_slot():
    level = levels()["learn"]
    step = level.lesson.steps[1]
    m = Match(level.setup)
    m.act(0, Roll())
    m.roll()
    before = m.view(0).hand
    assert "open:kong-M" in before
    for action, ok in ((Keep("discard"), False), (Keep("kong-M"), True)):
        st, _ = RULES.apply(m.state, 0, action)
        assert step.matches(action.kind, hand_delta(before, RULES.view(st, 0).hand)) is ok


def test_the_guided_hand_steps_are_legal_when_they_come():
    level = levels()["learn"]
    lesson = level.lesson
    assert lesson is not None and level.fixed_seed
    m = Match(level.setup)
    easy = make_bot("martian", "easy")
    steps = list(lesson.steps)
    for _ in range(500):
        if not steps:
            break
        if m.to_act() == (CHANCE,):
            m.roll()
            continue
        if 0 in m.to_act() or 0 in m.prompt().out_of_turn:
            step = steps[0]
            choices = [a for a in LEARN_MOVES[step.do] if a in m.legal(0)]
            if choices:
                a = choices[0]
                assert a.kind == step.do
                before = m.view(0).hand
                m.act(0, a)
                assert step.matches(a.kind, hand_delta(before, m.view(0).hand))
                steps.pop(0)
                continue
            assert 0 not in m.to_act(), f"step {step.do!r}: seat 0 is asked but may only {m.legal(0)}"
        seat = next(s for s in m.to_act() if s != 0)
        m.act(seat, easy.choose(m.view(seat), m.legal(seat), GameRng(1)))
    assert not steps
    r = m.state.results[0]
    keeps = [s for s in lesson.steps if s.do == "keep"]
    assert all(s.pieces for s in keeps)              # each keep names the slot to fill: no dead end
    assert r["winner"] == 0 and "Golden Rooster" in r["items"] and "Original hand" in r["items"]
