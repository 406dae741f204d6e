"""The turn transaction: Golden Rules one by one, openings, borrowing/giving, dragons, swaps.

North (seat 0) is the active player unless stated.  Tables are written with explicit tile ids so the
provenance of every tile is clear.
"""

import io
import json

import pytest

from rummy_helpers import decode, game, play, table_of, verdict
from game.core.protocol import IllegalAction
from game.rules.rummy import RULES, IllegalTurn, Pass, PlayTurn
from game.rules.rummy.checkturn import main as check_main
from game.rules.rummy.table import table_is_valid

OPEN = [True] * 4


def base(hand, table, opened=OPEN, turn=0):
    return game({"hands": [hand, [], [], []] if turn == 0 else None, "table": table, "opened": opened, "turn": turn})


def T(owner, *tiles):
    return {"owner": owner, "tiles": list(tiles)}


# ---------------------------------------------------------------------------------------------- golden rule 1

def test_golden_rule_1_a_play_must_use_a_hand_tile():
    # seed: "You can only move tiles if you intend to play a tile from your hand"
    st = base(["WS#1"], [T(0, "B1#1", "B2#1", "B3#1", "B4#1", "B5#1", "B6#1")])
    v = verdict(st, 0, [["B1#1", "B2#1", "B3#1"], ["B4#1", "B5#1", "B6#1"]])
    assert not v.ok and v.rule == "GR-1" and "at least one tile from your hand" in v.message
    with pytest.raises(IllegalTurn) as e:
        play(st, 0, [["B1#1", "B2#1", "B3#1"], ["B4#1", "B5#1", "B6#1"]])
    assert e.value.verdict.rule == "GR-1" and "[GR-1]" in e.value.reason


def test_RUM_5_whether_the_move_was_needed_is_not_checked():
    # Rearranging own run while giving an unrelated hand tile is fine: intent can't be checked.
    st = base(["WS#1", "C9#1"], [T(0, "B1#1", "B2#1", "B3#1", "B4#1", "B5#1", "B6#1"), T(1, "WS#2", "WS#3", "WS#4")])
    v = verdict(st, 0, [["B1#1", "B2#1", "B3#1"], ["B4#1", "B5#1", "B6#1"], ["WS#2", "WS#3", "WS#4", "WS#1"]])
    assert v.ok, v.message


# ---------------------------------------------------------------------------------------------- golden rule 2

def test_golden_rule_2_majority_keeps_the_set():
    # seed: "The player with the majority of the tiles in the set keeps the set."
    st = base(["C6#1", "C7#1", "C8#1"], [T(1, "C3#1", "C4#1", "C5#1")])
    v = verdict(st, 0, [["C3#1", "C4#1", "C5#1", "C6#1"]])
    assert v.ok and v.owners == (1,)                             # 3 East vs 1 North: still East's
    v = verdict(st, 0, [["C3#1", "C4#1", "C5#1"], ["C6#1", "C7#1", "C8#1"]])
    assert v.ok and v.owners == (1, 0)


def test_RUM_3_tie_goes_to_the_active_player_when_tied():
    # 1-1-1: one tile borrowed from each of two players + one from the hand
    st = base(["C6#1"], [T(1, "C1#1", "C2#1", "C3#1", "C4#1"), T(3, "C5#1", "C6#2", "C7#1", "C8#1")])
    v = verdict(st, 0, [["C1#1", "C2#1", "C3#1"], ["C6#2", "C7#1", "C8#1"], ["C4#1", "C5#1", "C6#1"]])
    assert v.ok and v.owners == (1, 3, 0)
    assert sorted(v.borrowed) == [(1, "C4#1"), (3, "C5#1")]


def test_RUM_3_three_three_tie_with_the_active_player():
    # Three hand tiles added to East's three-tile run: 3-3, North is among the tied and takes the set,
    # which means borrowing East's three tiles: refused by RUM-4.
    st = base(["C6#1", "C7#1", "C8#1"], [T(1, "C3#1", "C4#1", "C5#1")])
    v = verdict(st, 0, [["C3#1", "C4#1", "C5#1", "C6#1", "C7#1", "C8#1"]])
    assert v.owners == (0,)
    assert not v.ok and v.rule == "RUM-4" and v.sets == (0,)


def test_RUM_3_tie_without_the_active_player_stays_with_the_previous_owner_and_is_illegal():
    # East 2, South 2, North 0: nobody may make East and South exchange tiles (RUM-4)
    st = base(["WE#1"], [T(0, "WE#2", "WE#3", "WE#4"), T(1, "B1#1", "B2#1", "B3#1", "B4#1", "B5#1"),
                         T(2, "B6#1", "B7#1", "B8#1", "B9#1")])
    v = verdict(st, 0, [["WE#2", "WE#3", "WE#4", "WE#1"], ["B1#1", "B2#1", "B3#1"],
                        ["B4#1", "B5#1", "B6#1", "B7#1"], ["B8#1", "B9#1"]])
    assert not v.ok
    assert v.owners[2] in (1, 2)
    rules = {p.rule for p in v.problems}
    assert "RUM-4" in rules and "GR-3" in rules


def test_RUM_11_counting_uses_who_owned_each_tile_before_the_turn():
    # North moves one of his own tiles and one hand tile into East's run: 3 East vs 2 North -> East.
    st = base(["C2#1", "WN#1"], [T(1, "C3#1", "C4#1", "C5#1"), T(0, "C6#1", "C7#1", "C8#1", "C9#1")])
    v = verdict(st, 0, [["C2#1", "C3#1", "C4#1", "C5#1", "C6#1"], ["C7#1", "C8#1", "C9#1"]])
    assert v.ok and v.owners == (1, 0)
    assert sorted(v.given) == [(1, "C2#1"), (1, "C6#1")]
    st2, _ = play(st, 0, [["C2#1", "C3#1", "C4#1", "C5#1", "C6#1"], ["C7#1", "C8#1", "C9#1"]])
    assert [(s.owner, len(s.tiles)) for s in st2.table] == [(1, 5), (0, 3)]


# ---------------------------------------------------------------------------------------------- golden rule 3

def test_golden_rule_3_every_set_valid_with_three_tiles():
    # seed: "All sets must remain valid with 3 or more tiles at the end of manipulation and tile play."
    st = base(["B4#2", "B4#3"], [T(1, "B2#1", "B3#1", "B4#1")])
    v = verdict(st, 0, [["B2#1", "B3#1"], ["B4#1", "B4#2", "B4#3"]])
    assert not v.ok and v.rule == "GR-3" and v.sets == (0,)
    assert "set 1 (2-3 Bamboo)" in v.message and "at least 3" in v.message
    assert v.set_status[1].ok and not v.set_status[0].ok


def test_golden_rule_3_dragons_never_orphaned():
    # seed: "A manipulation cannot leave a dragon orphan."
    st = base(["B2#2", "B2#3"], [T(1, "B2#1", "DR#1=B3", "DR#2=B4"), T(0, "WN#1", "WN#2", "WN#3")])
    v = verdict(st, 0, [["DR#1", "DR#2"], ["B2#1", "B2#2", "B2#3"], ["WN#1", "WN#2", "WN#3"]])
    assert not v.ok and v.rule == "GR-3" and v.sets == (0,)


def test_every_failure_names_the_set():
    st = base(["B9#1"], [T(1, "B1#1", "B2#1", "B3#1")])
    v = verdict(st, 0, [["B1#1", "B2#1", "B3#1", "B9#1"]])
    assert not v.ok and v.rule == "GR-3" and v.sets == (0,) and "gap" in v.message


# ---------------------------------------------------------------------------------------------- RUM-2 opening

def test_RUM_2_seed_opening_examples_are_valid():
    # seed: "aaa9999vbn9999999", "99123499tt59999999", "99f7hjkl9999999"
    for text, tables in (
        ("aaa9999vbn9999999", [["D1#1", "D1#2", "D1#3"], ["B4#1", "B5#1", "B6#1"]]),
        ("99123499tt59999999", [["WE#1", "WS#1", "WW#1", "WN#1"], ["C5#1", "C5#2", "DW#1"]]),
        ("99f7hjkl9999999", [["D4#1", "DR#1", "D6#1", "D7#1", "D8#1", "D9#1"]]),
    ):
        kinds = decode(text)
        st = game({"hands": [kinds + ["C9"], [], [], []], "opened": [False] * 4})
        v = verdict(st, 0, tables, values=[("DR#1", "D5"), ("DW#1", "C5")])
        assert v.ok and v.opens, (text, v.message)
        st2, ev = play(st, 0, tables, values=[("DR#1", "D5"), ("DW#1", "C5")])
        assert st2.opened[0] and ev[0].data["opened"]


def test_RUM_2_one_set_is_not_an_opening():
    st = game({"hands": [["B1", "B2", "B3", "B4", "B5", "C9"], [], [], []], "opened": [False] * 4})
    v = verdict(st, 0, [["B1#1", "B2#1", "B3#1", "B4#1", "B5#1"]])
    assert not v.ok and v.rule == "RUM-2" and v.sets == (0,) and "two sets" in v.message


def test_RUM_10_before_opening_no_adding_or_borrowing():
    st = game({"hands": [["B4", "C9"], [], [], []], "table": [T(1, "B1#1", "B2#1", "B3#1")],
               "opened": [False, True, True, True]})
    v = verdict(st, 0, [["B1#1", "B2#1", "B3#1", "B4#1"]])
    assert not v.ok and v.rule == "RUM-10" and v.sets == (0,)


def test_RUM_10_giving_hand_tiles_to_others_sets_does_not_open():
    # Found by the bot search: six hand tiles added to two other players' runs are not
    # "two sets from your hand", so they can't open the hand (nor be played before opening).
    hand = ["B1#1", "B2#1", "B3#1", "C1#1", "C2#1", "C3#1", "D9#1"]
    east = ("B4#1", "B5#1", "B6#1", "B7#1", "B8#1")
    south = ("C4#1", "C5#1", "C6#1", "C7#1", "C8#1")
    st = base(hand, [T(1, *east), T(2, *south)], opened=[False, True, True, True])
    v = verdict(st, 0, [["B1#1", "B2#1", "B3#1", *east], ["C1#1", "C2#1", "C3#1", *south]])
    assert not v.ok and v.rule == "RUM-10" and not v.opens
    # the same tiles as two sets of the player's own do open
    v = verdict(st, 0, [list(east), list(south), ["B1#1", "B2#1", "B3#1"], ["C1#1", "C2#1", "C3#1"]])
    assert v.ok and v.opens


def test_RUM_10_open_then_manipulate_in_the_same_turn():
    hand = ["D1", "D1", "D1", "B4", "B5", "B6", "C4", "C9"]
    st = game({"hands": [hand, [], [], []], "table": [T(1, "C1#1", "C2#1", "C3#1")], "opened": [False, True, True, True]})
    # open with two sets, then give C4 to East and rebuild the bamboo run with it
    new = [["C1#1", "C2#1", "C3#1", "C4#1"], ["D1#1", "D1#2", "D1#3"], ["B4#1", "B5#1", "B6#1"]]
    v = verdict(st, 0, new)
    assert v.ok and v.opens and v.given == ((1, "C4#1"),)


def test_RUM_10_opening_dragon_swap_needs_an_open_hand():
    st = game({"hands": [["C4", "C9"], [], [], []], "table": [T(3, "C3#1", "DR#1=C4", "C5#1")],
               "opened": [False, True, True, True]})
    v = verdict(st, 0, [["C3#1", "C4#1", "C5#1"]], swaps=[("DR#1", "C4#1")])
    assert not v.ok and v.rule == "RUM-10"


# ---------------------------------------------------------------------------------------------- RUM-4 borrowing

def test_RUM_4_borrow_one_tile_from_one_player_with_two_hand_tiles():
    # seed: "You may borrow up to 1 tile from a single player and place 2 or more tiles from your hand"
    st = base(["C7#1", "C7#2"], [T(1, "C4#1", "C5#1", "C6#1", "C7#3")])
    v = verdict(st, 0, [["C4#1", "C5#1", "C6#1"], ["C7#1", "C7#2", "C7#3"]])
    assert v.ok and v.borrowed == ((1, "C7#3"),) and v.owners == (1, 0)


def test_RUM_4_one_player_needs_two_hand_tiles():
    # North: C3 (hand) + own C4#1 + East's C5: North 2 vs East 1, so North takes C5 with one hand tile
    st = base(["C3#1"], [T(1, "C5#1", "C6#1", "C7#1", "C8#1"), T(0, "C4#1", "C4#2", "C4#3", "C4#4")])
    v = verdict(st, 0, [["C6#1", "C7#1", "C8#1"], ["C4#2", "C4#3", "C4#4"], ["C3#1", "C4#1", "C5#1"]])
    assert not v.ok and v.rule == "RUM-4" and v.sets == (2,)
    assert "needs at least 2 tiles from your hand" in v.message


def test_RUM_4_two_players_need_one_hand_tile():
    # seed: "You may borrow 1 tile from 2 different players and place 1 or more tiles from your hand."
    st = base(["C6#1"], [T(1, "C1#1", "C2#1", "C3#1", "C4#1"), T(2, "C5#1", "C5#2", "C5#3", "C5#4")])
    v = verdict(st, 0, [["C1#1", "C2#1", "C3#1"], ["C5#2", "C5#3", "C5#4"], ["C4#1", "C5#1", "C6#1"]])
    assert v.ok and sorted(v.borrowed) == [(1, "C4#1"), (2, "C5#1")]


def test_RUM_4_at_most_one_tile_from_each_player():
    # 2-2 tie: North is among the tied (RUM-3), so he would take two of East's tiles
    st = base(["C2#1", "C3#1"], [T(1, "C4#1", "C5#1", "C6#1", "C7#1", "C8#1", "C9#1")])
    v = verdict(st, 0, [["C2#1", "C3#1", "C4#1", "C5#1"], ["C6#1", "C7#1", "C8#1", "C9#1"]])
    assert v.owners[0] == 0
    assert not v.ok and v.rule == "RUM-4" and v.sets == (0,) and "only one tile from each player" in v.message


def test_RUM_4_at_most_two_players():
    st = base(["C7#2"], [T(1, "C1#1", "C2#1", "C3#1", "C4#1"), T(2, "C5#1", "C5#2", "C5#3", "C5#4"),
                         T(3, "C6#1", "C7#1", "C8#1", "C9#1")])
    new = [["C1#1", "C2#1", "C3#1"], ["C5#2", "C5#3", "C5#4"], ["C7#1", "C8#1", "C9#1"],
           ["C4#1", "C5#1", "C6#1", "C7#2"]]
    v = verdict(st, 0, new)
    assert v.owners[3] == 0                      # 1-1-1-1: North among the tied
    assert not v.ok and v.rule == "RUM-4" and "at most two players" in v.message and v.sets == (3,)


def test_RUM_4_no_exchanges_between_other_players():
    # seed: "You cannot make other players exchange tiles between each other."
    st = base(["WN#1"], [T(0, "WN#2", "WN#3", "WN#4"), T(1, "B1#1", "B2#1", "B3#1", "B4#1"), T(2, "B5#1", "B6#1", "B7#1")])
    v = verdict(st, 0, [["WN#1", "WN#2", "WN#3", "WN#4"], ["B1#1", "B2#1", "B3#1"], ["B4#1", "B5#1", "B6#1", "B7#1"]])
    assert not v.ok and v.rule == "RUM-4" and v.sets == (2,) and "exchange" in v.message and v.tiles == ("B4#1",)


def test_RUM_4_rearranging_inside_another_area_is_not_borrowing():
    # seed: "You may manipulate other player's hand, as long as all the tiles remains in his play area"
    st = base(["WN#1"], [T(0, "WN#2", "WN#3", "WN#4"), T(1, "B1#1", "B2#1", "B3#1", "B4#1", "B5#1", "B6#1")])
    v = verdict(st, 0, [["WN#1", "WN#2", "WN#3", "WN#4"], ["B1#1", "B2#1", "B3#1"], ["B4#1", "B5#1", "B6#1"]])
    assert v.ok and v.owners == (0, 1, 1) and v.borrowed == ()


def test_RUM_4_giving_from_hand_and_own_area():
    # seed: "You may give tiles from your hand or your play area as long as the sets remains valid at the end."
    st = base(["D9#1"], [T(0, "D5#1", "D6#1", "D7#1", "D8#1"), T(3, "D2#1", "D3#1", "D4#1")])
    v = verdict(st, 0, [["D6#1", "D7#1", "D8#1", "D9#1"], ["D2#1", "D3#1", "D4#1", "D5#1"]])
    assert v.ok and v.given == ((3, "D5#1"),) and v.owners == (0, 3)


def test_only_tiles_in_play_can_be_borrowed():
    # seed: "You may only borrow tiles which are in play."
    st = game({"hands": [["C7#1", "C7#2"], ["C7#3"], [], []], "table": [T(0, "WE#1", "WE#2", "WE#3")], "opened": OPEN})
    v = verdict(st, 0, [["WE#1", "WE#2", "WE#3"], ["C7#1", "C7#2", "C7#3"]])
    assert not v.ok and v.rule == "TILES" and "neither in play nor in your hand" in v.message and v.sets == (1,)


def test_tiles_in_play_cannot_return_to_a_hand():
    st = base(["C9#1"], [T(0, "C5#1", "C6#1", "C7#1", "C8#1")])
    v = verdict(st, 0, [["C6#1", "C7#1", "C8#1", "C9#1"]])
    assert not v.ok and v.rule == "TILES" and v.tiles == ("C5#1",)


# ---------------------------------------------------------------------------------------------- RUM-6 / RUM-9

def test_RUM_6_a_dragon_keeps_its_value():
    # seed: "it must always keeps the original value it was replacing"
    st = base(["B6#1"], [T(1, "B2#1", "DR#1=B3", "B4#1"), T(0, "B5#2", "B5#3", "B5#4")])
    v = verdict(st, 0, [["B2#1", "DR#1", "B4#1"], ["B5#2", "B5#3", "B5#4"], ["B6#1"]], values=[("DR#1", "B5")])
    assert not v.ok and "RUM-6" in {p.rule for p in v.problems}
    p = next(p for p in v.problems if p.rule == "RUM-6")
    assert p.sets == (0,) and "keeps that value" in p.message


def test_RUM_6_new_dragon_needs_a_declaration_when_ambiguous():
    st = base(["DR#1", "WE#1"], [T(0, "B4#1", "B5#1", "B6#1")])
    v = verdict(st, 0, [["B4#1", "B5#1", "B6#1", "DR#1"]])
    assert not v.ok and v.rule == "RUM-6" and "declare" in v.message and v.set_status[0].choices
    v = verdict(st, 0, [["B4#1", "B5#1", "B6#1", "DR#1"]], values=[("DR#1", "B7")])
    assert v.ok and v.values["DR#1"] == "B7"
    st = base(["DR#1", "WE#1"], [T(0, "B7#1", "B8#1", "B9#1")])
    v = verdict(st, 0, [["B7#1", "B8#1", "B9#1", "DR#1"]])
    assert v.ok and v.values["DR#1"] == "B6"           # only one value fits: inferred


def test_RUM_9_dragon_swap_from_any_field():
    # seed: "you may substitute the dragon with your tile and put the dragon in your hand. You can do that in any
    # player's field."
    st = base(["C4#1", "WE#1"], [T(3, "C3#1", "DR#1=C4", "C5#1")])
    v = verdict(st, 0, [["C3#1", "C4#1", "C5#1"]], swaps=[("DR#1", "C4#1")])
    assert v.ok and v.owners == (3,) and v.to_hand == ("DR#1",) and v.played == ("C4#1",)
    st2, ev = play(st, 0, [["C3#1", "C4#1", "C5#1"]], swaps=[("DR#1", "C4#1")])
    assert "DR#1" in st2.hands[0] and "DR#1" not in st2.values and st2.table[0].owner == 3


def test_RUM_9_freed_dragon_played_again_with_a_new_value():
    st = base(["C4#1", "D7#1", "D8#1"], [T(3, "C3#1", "DR#1=C4", "C5#1")])
    new = [["C3#1", "C4#1", "C5#1"], ["D7#1", "D8#1", "DR#1"]]
    v = verdict(st, 0, new, swaps=[("DR#1", "C4#1")], values=[("DR#1", "D9")])
    assert v.ok and v.values["DR#1"] == "D9" and v.owners == (3, 0) and v.borrowed == ()


def test_RUM_9_swap_needs_the_exact_tile():
    st = base(["C6#1", "WE#1"], [T(3, "C3#1", "DR#1=C4", "C5#1")])
    v = verdict(st, 0, [["C3#1", "C6#1", "C5#1"]], swaps=[("DR#1", "C6#1")])
    assert not v.ok and v.rule == "RUM-9" and "only that tile" in v.message


def test_RUM_9_changing_a_value_without_a_swap_is_refused():
    st = base(["C4#1", "WE#1"], [T(3, "C3#1", "DR#1=C4", "C5#1")])
    v = verdict(st, 0, [["C3#1", "C4#1", "C5#1", "DR#1"]], values=[("DR#1", "C6")])
    assert not v.ok and v.rule == "RUM-6"


def test_infer_swaps():
    from game.rules.rummy import infer_swaps
    st = base(["C4#1", "D7#1", "D8#1"], [T(3, "C3#1", "DR#1=C4", "C5#1")])
    new = [["C3#1", "C4#1", "C5#1"], ["D7#1", "D8#1", "DR#1"]]
    assert infer_swaps(st.table, st.values, st.hands[0], new, {"DR#1": "D9"}) == (("DR#1", "C4#1"),)


# ---------------------------------------------------------------------------------------------- RUM-14

def test_RUM_14_play_or_draw_never_both_and_no_pass_with_a_pool():
    st = base(["C9#1", "WE#1"], [T(0, "C6#1", "C7#1", "C8#1")])
    with pytest.raises(IllegalAction) as e:
        RULES.apply(st, 0, Pass())
    assert "can't pass" in e.value.reason and "RUM-" not in e.value.reason
    st2, _ = play(st, 0, [["C6#1", "C7#1", "C8#1", "C9#1"]])
    assert st2.turn == 1                 # the play ended the turn: no draw after it
    assert len(st2.pool) == len(st.pool)


def test_state_unchanged_after_an_illegal_play():
    st = base(["C9#1", "WE#1"], [T(0, "C6#1", "C7#1", "C8#1")])
    before = (table_of(st), list(st.hands[0]), dict(st.values))
    with pytest.raises(IllegalAction):
        play(st, 0, [["C6#1", "C7#1", "C8#1", "WE#1"]])
    assert (table_of(st), list(st.hands[0]), dict(st.values)) == before


def test_check_from_the_players_view_matches_the_state():
    st = base(["C7#1", "C7#2"], [T(1, "C4#1", "C5#1", "C6#1", "C7#3")])
    act = PlayTurn((("C4#1", "C5#1", "C6#1"), ("C7#1", "C7#2", "C7#3")))
    assert RULES.check(RULES.view(st, 0), 0, act) == RULES.check(st, 0, act)


# ---------------------------------------------------------------------------------------------- check-turn tool

def run_check(payload, *args):
    """(exit status, the JSON answer or the stderr message) by the tools' convention."""
    out, err = io.StringIO(), io.StringIO()
    code = check_main(["--json", *args], io.StringIO(json.dumps(payload) if not isinstance(payload, str) else payload),
                      out, err)
    if code == 2:
        assert out.getvalue() == "" and err.getvalue().startswith("error: ")
        return code, err.getvalue()
    return code, json.loads(out.getvalue())


def test_check_turn_legal_split():
    code, out = run_check({"seat": "North", "hand": ["B5", "B5"], "opened": True,
                           "before": [{"owner": "South", "tiles": ["B2", "B3", "B4", "B5", "B6", "B7", "B8"]}],
                           "after": [["B2", "B3", "B4"], ["B6", "B7", "B8"], ["B5", "B5", "B5"]]})
    assert code == 0 and out["legal"] and out["borrowed"] == [{"from": "South", "tile": "B5#1"}]
    assert [s["owner"] for s in out["after"]] == ["South", "South", "North"]


def test_check_turn_illegal_names_rule_and_set():
    code, out = run_check({"seat": 0, "hand": ["C3"], "opened": [True, True, True, True],
                           "before": [{"owner": 1, "tiles": ["C5", "C6", "C7", "C8"]},
                                      {"owner": 0, "tiles": ["C4", "C4", "C4", "C4"]}],
                           "after": [["C6", "C7", "C8"], ["C4", "C4", "C4"], ["C3", "C4", "C5"]]})
    assert code == 1 and not out["legal"] and out["rule"] == "RUM-4" and out["problems"][0]["sets"] == [2]


def test_check_turn_infers_a_dragon_swap():
    code, out = run_check({"seat": "N", "hand": ["C4", "D7", "D8"], "opened": True,
                           "before": [{"owner": "West", "tiles": ["C3", "DR=C4", "C5"]}],
                           "after": [["C3", "C4", "C5"], ["D7", "D8", "DR=D9"]]})
    assert code == 0 and out["swaps"] == [["DR#1", "C4#1"]]


@pytest.mark.parametrize("payload,needle", [
    ("[]", "JSON object"),
    ({"seat": "Up", "hand": [], "opened": True, "before": [], "after": []}, "seat"),
    ({"seat": 0, "hand": [], "opened": True, "before": [], "after": [["B1", "B2", "B3"]]}, "no 1 Bamboo left"),
    ({"seat": 0, "hand": [], "opened": True, "before": [{"owner": 1, "tiles": ["B4", "DR", "DR"]}], "after": []},
     "write what each dragon"),
    ({"seat": 0, "hand": [], "opened": "yes", "before": [], "after": []}, "opened"),
    ({"seat": 0, "hand": [], "opened": True, "before": []}, "missing key(s) after"),
])
def test_check_turn_bad_input(payload, needle):
    code, err = run_check(payload)
    assert code == 2 and needle in err


def test_check_turn_requires_opened_rather_than_assuming_it():
    """Before: a missing "opened" meant true, so a move only an opened player may make came back legal."""
    turn = {"seat": "North", "hand": ["B5", "B5"],
            "before": [{"owner": "South", "tiles": ["B2", "B3", "B4", "B5", "B6", "B7", "B8"]}],
            "after": [["B2", "B3", "B4"], ["B6", "B7", "B8"], ["B5", "B5", "B5"]]}
    code, err = run_check(turn)
    assert code == 2 and "missing key(s) opened" in err and "seat, hand, opened, before, after" in err
    code, out = run_check({**turn, "opened": False})
    assert code == 1 and out["rule"] == "RUM-10"


def test_check_turn_reads_a_dragons_value_from_its_place_in_a_run():
    """The seed's "7sd": a red dragon written before 2-3 of Characters stands for the 1."""
    code, out = run_check({"seat": "North", "hand": ["C4"], "opened": True,
                           "before": [{"owner": "West", "tiles": ["dr", "c2", "c3"]}],
                           "after": [["DR", "C2", "C3", "C4"]]})
    assert code == 0 and out["after"][0]["tiles"][0] == "DR#1=C1"


def test_check_turn_text_report_by_default():
    out, err = io.StringIO(), io.StringIO()
    code = check_main([], io.StringIO(json.dumps({"seat": 0, "hand": ["C3"], "opened": True, "before": [],
                                                  "after": [["C3"]]})), out, err)
    assert code == 1 and out.getvalue().startswith("Illegal (") and err.getvalue() == ""


def test_check_turn_summary_names_a_golden_rule_once():
    """A lone C3 breaks GR-3: the title says "Golden rule:", the message after it doesn't repeat it."""
    code, out = run_check({"seat": 0, "hand": ["C3"], "opened": True, "before": [], "after": [["C3"]]})
    assert code == 1 and out["summary"].startswith("Illegal (GR-3, Golden rule: every set stays valid")
    assert out["summary"].count("Golden rule") == 1 and "): Every set must stay valid" in out["summary"]


# ---------------------------------------------------------------------------------------------- edge cases

def test_RUM_10_open_and_swap_in_the_same_turn():
    st = game({"hands": [["D1", "D1", "D1", "B4", "B5", "B6", "C4", "C9"], None, None, None],
               "table": [T(3, "C3", "DR#1=C4", "C5")], "opened": [False, True, True, True]})
    new = [["C3#1", "C4#1", "C5#1"], ["D1#1", "D1#2", "D1#3"], ["B4#1", "B5#1", "B6#1"]]
    v = verdict(st, 0, new, swaps=[("DR#1", "C4#1")])
    assert v.ok and v.opens and v.to_hand == ("DR#1",)


def test_RUM_9_freed_dragon_may_be_given_away():
    st = game({"hands": [["C4", "WE"], None, None, None], "opened": OPEN,
               "table": [T(3, "C3", "DR#1=C4", "C5"), T(1, "B1", "B2", "B3")]})
    v = verdict(st, 0, [["C3#1", "C4#1", "C5#1"], ["B1#1", "B2#1", "B3#1", "DR#1"]], swaps=[("DR#1", "C4#1")],
                values=[("DR#1", "B4")])
    assert v.ok and v.given == ((1, "DR#1"),) and v.owners == (3, 1)


def test_empty_sets_in_a_submission_are_ignored():
    st = base(["C9#1", "WE#1"], [T(0, "C6#1", "C7#1", "C8#1")])
    v = verdict(st, 0, [[], ["C6#1", "C7#1", "C8#1", "C9#1"], []])
    assert v.ok and v.owners == (None, 0, None)
    st2, _ = play(st, 0, [[], ["C6#1", "C7#1", "C8#1", "C9#1"], []])
    assert table_of(st2) == [("C6#1", "C7#1", "C8#1", "C9#1")]


def test_played_list_must_match_the_table():
    st = base(["C9#1", "WE#1"], [T(0, "C6#1", "C7#1", "C8#1")])
    v = verdict(st, 0, [["C6#1", "C7#1", "C8#1", "C9#1"]], played=["WE#1"])
    assert not v.ok and v.rule == "TILES" and set(v.tiles) == {"WE#1", "C9#1"}


def test_committed_sets_are_tidied_into_display_order():
    st = base(["DR#1", "WE#1"], [T(0, "B7#1", "B8#1", "B9#1")])
    st2, _ = play(st, 0, [["B9#1", "DR#1", "B7#1", "B8#1"]])
    assert table_of(st2) == [("DR#1", "B7#1", "B8#1", "B9#1")] and st2.values == {"DR#1": "B6"}
    assert table_is_valid(st2.table, st2.values)


def test_live_colouring_survives_a_half_built_table():
    # a tile lifted out of a set and not yet placed: TILES, but every set still gets its own status
    st = base(["C9#1"], [T(0, "C5#1", "C6#1", "C7#1", "C8#1"), T(1, "WE#1", "WS#1", "WW#1")])
    v = verdict(st, 0, [["C6#1", "C7#1", "C8#1", "C9#1"], ["WE#1", "WS#1"]])
    assert not v.ok and v.rule == "TILES"
    assert [s.ok for s in v.set_status] == [True, False] and v.set_status[0].kind == "run"


def test_a_refusal_does_not_say_its_title_twice():
    # seen in a real window: the banner read "Dragon swap" over "Dragon swap: the Red Dragon ..."
    from game.rules.rummy.turn import titled
    assert titled("RUM-9", "Dragon swap: your hand must be open to swap a dragon.") == (
        "Dragon swap", "Your hand must be open to swap a dragon.")
    title, message = titled("GR-3", "Golden rule: every set must stay valid with 3 or more tiles; set 2 ...")
    assert title.startswith("Golden rule:") and message.startswith("Every set must stay valid")
    # a message that doesn't open with its title is left whole
    assert titled("RUM-4", "You may borrow only one tile from each player.") == (
        "Borrowing and giving", "You may borrow only one tile from each player.")
    assert titled("NOPE", "Something odd.", "Not allowed") == ("Not allowed", "Something odd.")
