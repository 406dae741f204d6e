"""Cuzzins levels: every file loads, each challenge is won from its fixed deal by a scripted
sequence of legal moves while the level's own bots play the other seats, and the guided first
hand's steps are legal when they come."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.bots import make_bot
from game.core.levels import load_all, load_level
from game.core.lesson import hand_delta
from game.core.protocol import CHANCE
from game.core.rng import GameRng
from game.rules.cuzzins import RULES
from game.rules.cuzzins.actions import DeclareSecret, Discard, Kong, Mahjongg, Pass, Pong

LEVELS = Path(__file__).resolve().parents[3] / "levels" / "cuzzins"
ME = 0

# each challenge: the moves "You" make, in order; a claim window not in the script is a pass
SCRIPTS = {
    "challenge-1-escalera": [Mahjongg()],
    "challenge-2-loose": [Kong(), Mahjongg()],
    "challenge-3-paningit": [Mahjongg()],
    "challenge-4-no-flowers": [Mahjongg()],
    "challenge-5-syete": [Mahjongg()],
    "challenge-6-double-dice": [Mahjongg()],
    "challenge-7-claimed": [Mahjongg()],
}


def play(level, script, then_discard=False, limit=400):
    """Play the first hand of the level: seat 0 follows `script` (then, if `then_discard`, throws
    whatever it draws), the level's bots play the others. Returns the state once the hand is over."""
    setup = level.setup
    state = RULES.new_game(setup)
    bots = {s: make_bot("cuzzins", c.strength) for s, c in enumerate(setup.seats) if c.kind == "bot"}
    rng = GameRng(setup.seed)
    script = list(script)
    for _ in range(limit):
        if state.history:
            break
        seats = RULES.to_act(state)
        if seats == (CHANCE,):
            action, _p = RULES.outcomes(state)[0]
            state, _ = RULES.apply(state, CHANCE, action)
            continue
        seat = ME if ME in seats else seats[0]
        legal = RULES.legal_actions(state, seat)
        if seat == ME:
            if script and script[0] in legal:
                action = script.pop(0)
            elif state.phase == "claims":
                action = Pass()
            else:
                assert then_discard and not script, f"scripted {script[:1]} is not legal now: {legal}"
                action = Discard(RULES.view(state, ME).drawn.split("#")[0])
        else:
            action = bots[seat].choose(RULES.view(state, seat), legal, rng)
        state, _ = RULES.apply(state, seat, action)
    assert not script, f"moves left unplayed: {script}"
    return state


def test_every_level_loads():
    levels, errors = load_all(LEVELS.parent)
    mine = {p.name for p in LEVELS.glob("*.toml")}
    assert not [e for e in errors if str(e).split(",")[0] in mine]
    ours = [lv for lv in levels if lv.game == "cuzzins"]
    kinds = [lv.kind for lv in ours]
    assert kinds.count("challenge") >= 6 and kinds.count("learn") == 1
    humans = sorted(sum(c.kind == "human" for c in lv.setup.seats) for lv in ours if lv.kind == "quick")
    assert humans == [1, 2, 3, 4]


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_challenge_is_won_from_its_deal(name):
    level = load_level(LEVELS / f"{name}.toml")
    assert RULES.goal_met(level.goal, RULES.new_game(level.setup), ME) is None
    state = play(level, SCRIPTS[name])
    assert state.history and state.history[0]["winner"] == ME, state.history
    assert RULES.goal_met(level.goal, state, ME) is True


def test_a_challenge_lost_is_failed():
    level = load_level(LEVELS / "challenge-1-escalera.toml")
    state = play(level, [Discard("B8")], then_discard=True)       # breaks the Escalera
    if state.history and state.history[0]["winner"] == ME:
        assert "escalera" not in state.history[0]["features"]
    assert RULES.goal_met(level.goal, state, ME) is False


def test_the_guided_hand_steps_are_legal_when_they_come():
    """Along the lesson's fixed deal, with its bots playing: whenever You have more than a pass to
    choose from, the lesson's next step is a legal move, and playing it uses exactly its pieces."""
    level = load_level(LEVELS / "learn.toml")
    steps = list(level.lesson.steps)
    state = RULES.new_game(level.setup)
    bots = {s: make_bot("cuzzins", c.strength) for s, c in enumerate(level.setup.seats) if c.kind == "bot"}
    rng = GameRng(level.setup.seed)
    for _ in range(200):
        if not steps or state.history:
            break
        seats = RULES.to_act(state)
        seat = next((s for s in seats if s != ME), ME)    # the bots answer a claim window first, so
        legal = RULES.legal_actions(state, seat)         # Your answer closes it and shows in the hand
        if seat != ME:
            state, _ = RULES.apply(state, seat, bots[seat].choose(RULES.view(state, seat), legal, rng))
            continue
        if legal == [Pass()]:                      # the table answers a pass for a lone player
            state, _ = RULES.apply(state, ME, Pass())
            continue
        step = steps.pop(0)
        matching = [a for a in legal if a.kind == step.do]
        assert matching, (step.do, legal)
        before = RULES.view(state, ME).hand
        for a in matching:
            after_state, _ = RULES.apply(state, ME, a)
            if step.matches(a.kind, hand_delta(before, RULES.view(after_state, ME).hand)) or a.kind == "mahjongg":
                break
        else:
            raise AssertionError(f"no legal {step.do} uses {step.pieces}: {hand_delta(before, RULES.view(after_state, ME).hand)} {state.discard} {after_state.history} {state.answers} {state.hands}")
        state = after_state
    assert not steps, f"steps never reached: {[s.do for s in steps]}"
    while not state.history:                       # the last claim window closes: the win is scored
        seat = RULES.to_act(state)[0]
        state, _ = RULES.apply(state, seat, bots[seat].choose(RULES.view(state, seat),
                                                              RULES.legal_actions(state, seat), rng))
    assert state.history[0]["winner"] == ME


@pytest.mark.parametrize("deal,words", [
    ({"dealer": 5}, "dealer must be a seat number"),
    ({"dice": [3, 4]}, "dice needs a dealer"),
    ({"dealer": 0, "dice": [0, 4]}, "dice must be two numbers"),
    ({"dealer": 0, "hands": [["B1"], [], [], []]}, "hands[1] holds 1 tiles"),
    ({"hands": [[], [], [], []]}, "hands needs a dealer"),
    ({"dealer": 0, "wall": ["B1", "B1", "B1", "B1", "B1"]}, "only 4 copies"),
    ({"dealer": 0, "wall": ["Q9"]}, "wall[1]"),
    ({"dealr": 0}, "dealr is not a key"),
])
def test_a_bad_fixed_deal_is_refused_naming_its_key(deal, words):
    from game.core.protocol import SeatConfig, Setup
    setup = Setup("cuzzins", tuple(SeatConfig("human") for _ in range(4)), {}, 1, deal)
    with pytest.raises(ValueError, match=words.replace("[", r"\[").replace("]", r"\]")):
        RULES.new_game(setup)


@pytest.mark.parametrize("goal,words", [
    ({"kind": "win_big"}, "kind 'win_big' is not a Cuzzins goal"),
    ({"kind": "win_with"}, "feature is required"),
    ({"kind": "win_with", "feature": "quint"}, "feature must be one of"),
    ({"kind": "hand_cents", "cents": "lots"}, "cents must be a whole number"),
    ({"kind": "win_hands", "count": 0}, "count must be at least 1"),
    ({"kind": "win_hands", "colour": 1}, "colour is not a parameter"),
])
def test_a_bad_goal_is_refused_naming_its_parameter(goal, words):
    with pytest.raises(ValueError, match=words):
        RULES.check_goal(goal)


def test_a_fixed_deal_deals_what_it_says_and_later_hands_are_random():
    from game.core.protocol import SeatConfig, Setup
    hand = "B1 B2 B3 B4 B5 B6 B7 B8 B9 C1 C2 C3 C4 C5 C6 C7 F1".split()
    setup = Setup("cuzzins", tuple(SeatConfig("human") for _ in range(4)), {"hands": 4}, 1,
                  {"dealer": 2, "dice": [5, 5], "hands": [[], [], hand, []], "wall": ["D9"], "loose": ["D1"]})
    st = RULES.new_game(setup)
    assert st.phase == "discard" and st.dealer == 2 and st.dice == (5, 5) and st.mano == 3
    got = sorted(p.split("#")[0] for p in st.hands[2])
    assert st.flowers[2] == ["F1#1"] and "D1" in got and "F1" not in got      # the flower went out, D1 came in
    assert st.wall.live[0] == "D9#1"
    assert RULES.view(st, 2).double_dice


def test_the_paningit_challenge_says_it_counts_kinds_of_tile_not_copies():
    """Its description said "only one tile in the whole set could finish your hand", which reads as the
    last copy left; Paningit (CUZ-3) is one kind of tile, however many of it are still unseen."""
    level = load_level(LEVELS / "challenge-3-paningit.toml")
    assert "one kind of tile" in level.description and "whole set" not in level.description
