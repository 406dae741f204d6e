"""Level files for Mahjong Rummy: they load, and every table puzzle is solvable only by manipulation."""

import pytest

from rummy_helpers import LEVELS, level_setup, load_level, play, solve_without_manipulation, verdict
from game.core.protocol import SeatConfig, Setup, resolve_options
from game.rules.rummy import RULES
from game.rules.rummy.goals import GOAL_KINDS
from game.rules.rummy.moves import openings

FILES = sorted(p.name for p in LEVELS.glob("*.toml"))

# One solution per puzzle: (new table, swaps, dragon declarations).  Seat 0 (North) is "You".
SOLUTIONS = {
    "puzzle-1-borrow.toml": ([["WE#1", "WE#2", "WE#3"], ["C4#1", "C5#1", "C6#1"], ["D2#1", "D3#1", "D4#1"],
                              ["C7#3", "C7#1", "C7#2"]], (), ()),
    "puzzle-2-split.toml": ([["D1#1", "D2#1", "D3#1"], ["B2#1", "B3#1", "B4#1"], ["B6#1", "B7#1", "B8#1"],
                             ["WS#1", "WS#2", "WS#3"], ["B5#1", "B5#2", "B5#3"]], (), ()),
    "puzzle-3-dragon.toml": ([["WS#1", "WS#2", "WS#3"], ["B6#1", "B6#2", "B6#3"], ["C3#1", "C4#1", "C5#1"],
                              ["D7#1", "D8#1", "DR#1"]], (("DR#1", "C4#1"),), (("DR#1", "D9"),)),
    "puzzle-4-neighbours.toml": ([["D7#1", "D8#1", "D9#1"], ["C1#1", "C2#1", "C3#1"], ["WE#1", "WS#1", "WW#1", "WN#1"],
                                  ["C6#2", "C7#1", "C8#1"], ["C4#1", "C5#1", "C6#1"]], (), ()),
    "puzzle-5-own-run.toml": ([["B1#1", "B2#1", "B3#2", "B4#1"], ["B3#1", "B4#2", "B5#1", "B6#1"],
                               ["D5#1", "D6#1", "D7#1"], ["C9#1", "C9#2", "C9#3"]], (), ()),
    "puzzle-6-grand.toml": ([["B3#1", "B4#1", "B5#1", "B6#2"], ["B6#1", "B7#1", "B8#1"], ["D2#1", "D3#1", "D4#1"],
                             ["D5#2", "D5#1", "DW#1"], ["WE#1", "WS#1", "WW#1"], ["WN#2", "WN#1", "DG#1"],
                             ["C2#1", "C2#2", "C2#3"]], (), (("DW#1", "D5"), ("DG#1", "WN"))),
}


@pytest.mark.parametrize("name", FILES)
def test_level_file_is_well_formed(name):
    d = load_level(name)
    assert d["game"] == "rummy" and d["kind"] in ("quick", "challenge", "learn") and d["title"]
    assert isinstance(d.get("order"), int) and d.get("description")
    resolve_options(RULES.options, d.get("options"))
    assert len(d["seats"]) == 4
    for s in d["seats"]:
        assert s["kind"] in ("human", "bot")
        if s["kind"] == "bot":
            assert s.get("strength", "normal") in ("easy", "normal", "hard")
    st = RULES.new_game(level_setup(d))
    assert sum(len(h) for h in st.hands) + len(st.pool) + sum(len(s.tiles) for s in st.table) == 136
    if "goal" in d:
        assert d["goal"]["kind"] in GOAL_KINDS and d["goal"]["text"]
        assert RULES.goal_met(d["goal"], st, 0) is None          # nothing decided before play


def test_the_menu_entries_exist():
    quick = [load_level(n) for n in FILES if load_level(n)["kind"] == "quick"]
    humans = sorted(sum(s["kind"] == "human" for s in d["seats"]) for d in quick)
    assert humans == [1, 2, 3, 4]
    challenges = [n for n in FILES if load_level(n)["kind"] == "challenge"]
    assert len(challenges) >= 6
    orders = [load_level(n)["order"] for n in challenges]
    assert len(set(orders)) == len(orders)


def test_every_puzzle_has_a_checked_solution():
    puzzles = {n for n in FILES if n.startswith("puzzle-")}
    assert puzzles == set(SOLUTIONS)


@pytest.mark.parametrize("name", sorted(SOLUTIONS))
def test_puzzle_is_solvable(name):
    d = load_level(name)
    st = RULES.new_game(level_setup(d))
    assert RULES.to_act(st) == (0,) and st.opened[0]
    table, swaps, values = SOLUTIONS[name]
    v = verdict(st, 0, table, swaps, values)
    assert v.ok, v.message
    st2, events = play(st, 0, table, swaps, values)
    assert RULES.goal_met(d["goal"], st2, 0) is True
    assert any(e.kind == "round_end" and e.data["went_out"] == 0 for e in events)


@pytest.mark.parametrize("name", sorted(SOLUTIONS))
def test_puzzle_is_not_solvable_without_manipulation(name):
    st = RULES.new_game(level_setup(load_level(name)))
    assert solve_without_manipulation(st.hands[0], st.table, st.values) is None
    # and the simple plays the engine lists never empty the hand
    for a in RULES.legal_actions(st, 0)[1:]:
        assert len(a.played) < len(st.hands[0])


def test_the_no_manipulation_solver_finds_easy_solutions():
    # control: the same puzzle table with a hand that only needs additions and a new set
    from rummy_helpers import game
    st = game({"hands": [["C8", "WE", "B1", "B2", "B3"], None, None, None], "opened": [True] * 4,
               "table": [{"owner": 1, "tiles": ["C4", "C5", "C6", "C7"]}, {"owner": 0, "tiles": ["WE", "WE", "WE"]}]})
    sol = solve_without_manipulation(st.hands[0], st.table, st.values)
    assert sol is not None
    assert verdict(st, 0, sol).ok


def test_open_fast_challenge_can_open_on_the_first_turn():
    st = RULES.new_game(level_setup(load_level("goal-open-fast.toml")))
    assert openings(st.hands[0], st.table)


@pytest.mark.parametrize("deal, words", [({"hands": 5}, "deal.hands must be a list"),
                                         ({"pool": "B1"}, "deal.pool must be a list"),
                                         ({"round": True}, "deal.round"), ({"turn": True}, "deal.turn")])
def test_fixed_deal_values_of_the_wrong_type_are_named(deal, words):
    with pytest.raises(ValueError, match=words):
        RULES.new_game(Setup("rummy", (SeatConfig(),) * 4, {}, 1, deal))
