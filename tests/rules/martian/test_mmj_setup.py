"""Components and setup (rulings 1.1 and 1.2): MMJ-7, MMJ-8, MMJ-9, the rolls for East and the piles."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from game.core.match import Match
from game.core.protocol import CHANCE
from game.rules.martian import RULES, census
from game.rules.martian.actions import D8, Dice
from game.rules.martian.pieces import ALL_COLOURS, KINDS, POOL_KINDS, colour_of, size_of
from mmj_support import chance, d8_for, setup


def test_the_box_holds_150_pyramids_ten_colours_three_sizes_five_each():
    assert len(KINDS) == 30 and len(ALL_COLOURS) == 10
    st = RULES.new_game(setup(4))
    c = census(st)
    assert sum(c.values()) == 150 and set(c.values()) == {5} and set(c) == set(KINDS)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_MMJ_8_one_small_of_every_colour_under_the_ten_medium_covers(n):
    st = RULES.new_game(setup(n, seed=n))
    mediums = st.covers[:10]
    assert sorted(colour_of(c.content) for c in mediums) == sorted(ALL_COLOURS)
    assert all(size_of(c.content) == "S" for c in mediums)
    assert Counter(c.colour for c in mediums) == {"black": 5, "white": 5}


@pytest.mark.parametrize("n,each,aside", [(2, 2, 0), (3, 1, 1), (4, 1, 0)])
def test_MMJ_9_and_MMJ_7_opaques_dealt_and_set_aside(n, each, aside):
    st = RULES.new_game(setup(n))
    for sc in st.screens:
        assert Counter(sc.opaques) == {"black-S": each, "white-S": each}
    assert st.aside.get("black-S", 0) == aside and st.aside.get("white-S", 0) == aside
    from game.rules.martian.setup import opaques_in_play
    assert opaques_in_play(st) == {"black": 5 - aside, "white": 5 - aside}     # MMJ-7: in play only


def test_pool_after_setup_steps_2_to_4_matches_the_rulings_table():
    """Ruling 1.1: smalls 32, mediums 30, larges 40 in a four-player pool before step 6."""
    st = RULES.new_game(setup(4, seed=3))
    st, _ = chance(st, D8(1))
    st, ev = chance(st, D8(1))                   # two red mediums join one of each colour
    assert st.phase == "east_d8"
    by_size = Counter()
    for k in POOL_KINDS:
        by_size[size_of(k)] += st.pool[k]
    assert by_size == {"S": 32, "M": 30, "L": 40}
    assert st.pool["red-M"] == 2 and st.pool["blue-M"] == 4
    large = Counter(c.content for c in st.covers[10:])
    assert large["red-M"] == 3 and sum(large.values()) == 10
    assert Counter(c.colour for c in st.covers[10:]) == {"black": 5, "white": 5}


def test_every_setup_die_is_a_d8_chance_node_with_exact_probabilities():
    m = Match(setup(3), RULES)
    assert m.prompt().kind == "chance" and m.to_act() == (CHANCE,)
    outs = m.outcomes()
    assert [a for a, _ in outs] == [D8(f) for f in range(1, 9)] and {p for _, p in outs} == {Fraction(1, 8)}


def test_a_turn_roll_has_48_equally_likely_outcomes():
    st = _through_setup(4)
    st, _ = RULES.apply(st, st.turn, RULES.legal_actions(st, st.turn)[0])       # Roll
    outs = RULES.outcomes(st)
    assert len(outs) == 48 and sum(p for _, p in outs) == 1
    assert {a for a, _ in outs} == {Dice(a, b) for a in range(1, 7) for b in range(1, 9)}


def _through_setup(n, east_faces=None, seed=5):
    """Force every setup roll: covers red/red, East by `east_faces`, then each pile piece's colour in turn."""
    st = RULES.new_game(setup(n, seed=seed))
    st, _ = chance(st, D8(1))
    st, _ = chance(st, D8(1))
    for f in east_faces or [8] + [1] * (n - 1):
        st, _ = chance(st, D8(f))
    face = 2
    while st.phase == "deal_d8":
        st, _ = chance(st, D8(face))
        face = face % 8 + 1
    return st


def test_east_is_the_highest_roll_and_ties_roll_again_among_the_highest():
    st = RULES.new_game(setup(4, seed=9))
    st, _ = chance(st, D8(3))
    st, _ = chance(st, D8(4))
    for f in (6, 2, 6, 5):                       # players 1 and 3 tie on 6
        st, ev = chance(st, D8(f))
    assert st.phase == "east_d8" and st.contest == (0, 2) and any(e.kind == "east_tie" for e in ev)
    st, _ = chance(st, D8(4))
    st, ev = chance(st, D8(7))                   # player 3 wins the re-roll
    assert st.east == 2 and st.phase == "deal_d8"


def test_starting_piles_large_then_medium_then_small_from_east_in_turn_order():
    st = RULES.new_game(setup(3, seed=9))
    st, _ = chance(st, D8(1))
    st, _ = chance(st, D8(1))
    for f in (1, 8, 2):
        st, _ = chance(st, D8(f))
    assert st.east == 1
    order = []
    colours = iter(["orange", "yellow", "green", "blue", "cyan", "violet", "clear", "red", "orange"])
    while st.phase == "deal_d8":
        seat, slot = st.deal_queue[0]
        order.append((seat, slot))
        st, _ = chance(st, d8_for(next(colours)))
    assert order == [(1, "kong-L"), (2, "kong-L"), (0, "kong-L"), (1, "pung-M"), (2, "pung-M"), (0, "pung-M"),
                     (1, "chow-S"), (2, "chow-S"), (0, "chow-S")]
    assert st.screens[1].slots["kong-L"] == "orange-L" and st.screens[0].slots["chow-S"] == "orange-S"
    assert st.phase == "begin" and st.turn == 1


def test_a_setup_roll_for_a_piece_that_has_run_out_is_rolled_again():
    st = RULES.new_game(setup(4, seed=9))
    st, _ = chance(st, D8(1))
    st, _ = chance(st, D8(1))                     # red mediums: 5 - 1 - 2 under covers = 2 left
    for f in (8, 1, 1, 1):
        st, _ = chance(st, D8(f))
    for _ in range(4):
        st, _ = chance(st, D8(2))                 # larges: orange for everyone
    st, _ = chance(st, D8(1))
    st, _ = chance(st, D8(1))                     # the two red mediums are gone
    before = list(st.deal_queue)
    st2, ev = chance(st, D8(1))
    assert st2.deal_queue == before and ev[0].data["again"] is True
    st3, _ = chance(st2, D8(3))
    assert st3.screens[2].slots["pung-M"] == "yellow-M"


def test_the_pieces_a_player_receives_are_known_only_to_that_player_by_screen_but_rolled_in_public():
    st = _through_setup(4)
    v = RULES.view(st, 1)
    assert v.mine.kong[0] is not None and v.players[0].screen is None and v.players[1].screen == v.mine
    assert [r[0] for r in v.d8_log][:2] == ["covers", "covers"]


def test_forced_rolls_through_a_match_replay_exactly():
    m = Match(setup(2, seed=4), RULES, forced=[D8(1), D8(2), D8(3), D8(5)])
    for _ in range(4):
        m.roll()
    assert m.state.cover_rolls == [1, 2] and m.state.east == 1
    again = Match.from_json(m.to_json(), RULES)
    assert again.state.east == 1 and again.view(0) == m.view(0)


@pytest.mark.parametrize("deal,words", [
    ({"hands": [{"kong": ["red-S"]}]}, "can't go in the kong-L slot"),
    ({"hands": [{"kong": ["red-L"], "bonus": ["red-L"] * 5}]}, "no red-L is left"),
    ({"hands": [{"chow": ["red-S"]}]}, "kong needs its large"),
    ({"hands": [{"kong": ["red-L"], "opaques": ["red-S"]}]}, "small blacks and whites only"),
    ({"hands": [{"kong": ["red-L"], "exposed": ["pung"]}]}, "only a complete pung or kong"),
    ({"east": 7}, "deal.east must be a seat"),
    ({"wall": []}, "unknown deal key"),
    ({"covers": {"M": ["red-M"]}}, "a M cover hides a small"),
    ({"hands": [{"kong": ["purple-L"]}]}, "the colours are"),
])
def test_a_bad_fixed_deal_is_refused_with_a_clear_message(deal, words):
    with pytest.raises(ValueError) as e:
        RULES.new_game(setup(2, deal=deal))
    assert words in str(e.value)


def test_a_fixed_deal_conserves_the_box():
    st = RULES.new_game(setup(3, deal={"east": 2, "hands": [{"kong": ["red-L"], "bonus": ["red-L"] * 4}],
                                       "covers": {"M": ["yellow-S"]}}))
    assert census(st) == Counter({k: 5 for k in KINDS}) and st.pool["red-L"] == 0
    assert st.covers[0].content == "yellow-S" and st.turn == 2 and st.phase == "begin"
