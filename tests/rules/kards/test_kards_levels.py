"""The Kards levels: every file loads, goals are checked at load time, and each challenge can be
won from its fixed deal by a scripted line of legal moves (the other seats discard what they draw
and pass)."""

import textwrap

import pytest

from game.core.kit.tiles import KIND_INDEX, kind_of
from game.core.levels import LEVELS_DIR, LevelError, load_level
from game.core.protocol import CHANCE
from game.rules.kards import RULES
from game.rules.kards.actions import ConcealedKong, Discard, Done, MahJongg, Pass, Pung
from game.rules.kards.goals import check_goal, goal_met

KARDS = LEVELS_DIR / "kards"
FILES = sorted(p.name for p in KARDS.glob("*.toml"))

# the human's moves, in order: ("discard", kind), ("kong", kind), "mahjongg" (own turn or a claim), "pung"
SCRIPTS = {
    "challenge-1-happy-family.toml": [("discard", "B5"), "mahjongg"],
    "challenge-2-kong-box.toml": [("discard", "B9"), ("kong", "C7"), "mahjongg"],
    "challenge-3-strict-table.toml": [],
    "challenge-4-concealed.toml": [("discard", "DW"), "mahjongg"],
    "challenge-5-dragon-pung.toml": [("discard", "B9"), "mahjongg"],
    "challenge-6-dealers-fortune.toml": [("discard", "B8"), "mahjongg"],
}


def test_every_kards_level_loads_and_the_kinds_are_there():
    levels = [load_level(KARDS / f) for f in FILES]
    kinds = [lv.kind for lv in levels]
    assert kinds.count("challenge") >= 6 and "learn" in kinds
    humans = sorted(sum(s.kind == "human" for s in lv.setup.seats) for lv in levels if lv.kind == "quick")
    assert humans == [1, 2, 3, 4]                      # quick play and hot seat for 2, 3 and 4
    assert all(lv.goal is not None and lv.setup.seed for lv in levels if lv.kind == "challenge")


def _act_for(st, seat, legal, script):
    """The scripted human's move, or the others' plain one: pass, be ready, discard the drawn card."""
    if seat != 0 or not script:
        if st.phase == "claim":
            return Pass()
        if st.phase == "setup":
            return Done()
        return Discard(st.drawn if st.drawn in st.hands[seat] else st.hands[seat][-1])
    want = script[0]
    if st.phase == "claim":
        a = {"mahjongg": MahJongg(), "pung": Pung()}.get(want) if isinstance(want, str) else None
        if a in legal:
            script.pop(0)
            return a
        return Pass()
    if want == "mahjongg":
        a = MahJongg()
    elif want[0] == "kong":
        a = ConcealedKong(want[1])
    else:
        a = Discard(next(p for p in st.hands[0] if kind_of(p) == KIND_INDEX[want[1]]))
    assert a in legal, f"the scripted {want} is not legal now ({st.phase})"
    script.pop(0)
    return a


def play(level, script, limit=2000):
    st = RULES.new_game(level.setup)
    script = list(script)
    for i in range(limit):
        verdict = goal_met(level.goal, st, 0)
        if verdict is not None:
            return verdict, st
        seat = RULES.to_act(st)[0]
        if seat == CHANCE:
            rolls = RULES.legal_actions(st, CHANCE)
            a = rolls[(7 * i) % len(rolls)]            # varied faces, so the seating dice settle
        else:
            a = _act_for(st, seat, RULES.legal_actions(st, seat), script)
        st, _ = RULES.apply(st, seat, a)
    raise AssertionError("the goal was never decided")


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_each_challenge_can_be_won_from_its_deal(name):
    level = load_level(KARDS / name)
    verdict, st = play(level, SCRIPTS[name])
    assert verdict is True, st.rounds


def test_the_wrong_finish_fails_the_challenge():
    level = load_level(KARDS / "challenge-5-dragon-pung.toml")       # keeping the dragons single: no pung
    verdict, _ = play(level, [("discard", "WS"), ("discard", "WS")])
    assert verdict is False
    level = load_level(KARDS / "challenge-6-dealers-fortune.toml")   # winning on a discard scores too little
    st = RULES.new_game(level.setup)
    assert goal_met(level.goal, st, 0) is None


GOOD = """
title = "A goal"
game = "kards"
kind = "challenge"
seed = 3
[[seats]]
kind = "human"
[[seats]]
kind = "bot"
[[seats]]
kind = "bot"
[[seats]]
kind = "bot"
[goal]
text = "Win."
"""


@pytest.mark.parametrize("goal, field", [
    ('kind = "win_big"', "goal.kind"),
    ('kind = "win_hand"\nspecial = "happy_famly"', "goal.special"),
    ('kind = "win_hand"\nby = "air"', "goal.by"),
    ('kind = "win_hand"\nwithin = 0', "goal.within"),
    ('kind = "win_hand"\nconcealed = 1', "goal.concealed"),
    ('kind = "win_hand"\npung_of = "pandas"', "goal.pung_of"),
    ('kind = "score_at_least"', "goal"),                      # a missing parameter: the message names it
    ('kind = "score_at_least"\npoints = 10\nround = 2', "goal.round"),
    ('kind = "survive_strict"', "goal.kind"),                 # the options don't set the Strict table
])
def test_a_bad_goal_is_refused_at_load_naming_its_field(tmp_path, goal, field):
    p = tmp_path / "bad.toml"
    p.write_text(textwrap.dedent(GOOD) + goal + "\n")
    with pytest.raises(LevelError) as e:
        load_level(p)
    assert e.value.field == field, str(e.value)


def test_good_goals_pass_the_check():
    check_goal({"kind": "win_hand", "special": "any", "by": "drawn", "min_points": 0})
    check_goal({"kind": "survive_strict", "rounds": 2}, {"strict": True})
    with pytest.raises(ValueError, match="^kind survive_strict"):
        check_goal({"kind": "survive_strict"}, {"strict": False})


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_each_challenge_is_won_by_its_script_against_the_levels_own_bots(name):
    from game.bots import make_bot
    from game.core.rng import GameRng
    level = load_level(KARDS / name)
    st = RULES.new_game(level.setup)
    script = list(SCRIPTS[name])
    bots = {s: make_bot("kards", level.setup.seats[s].strength) for s in (1, 2, 3)}
    rngs = {s: GameRng(f"{level.setup.seed}:bot:{s}") for s in (1, 2, 3)}
    for i in range(3000):
        verdict = goal_met(level.goal, st, 0)
        if verdict is not None:
            break
        seat = RULES.to_act(st)[0]
        legal = RULES.legal_actions(st, seat)
        if seat == CHANCE:
            a = legal[(7 * i) % len(legal)]
        elif seat == 0:
            a = _act_for(st, 0, legal, script)
        else:
            a = bots[seat].choose(RULES.view(st, seat), legal, rngs[seat])
        st, _ = RULES.apply(st, seat, a)
    assert verdict is True, st.rounds
