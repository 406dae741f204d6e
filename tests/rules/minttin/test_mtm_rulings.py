"""One test (at least) per ruling MTM-1 .. MTM-23 of shared/rules-decisions.md section 4."""

from __future__ import annotations

import pytest

from game.core.pieces import MINT_DRAGON_COLOUR
from game.core.protocol import IllegalAction
from game.rules.minttin import RULES
from game.rules.minttin import cards as C
from game.rules.minttin.actions import (Call, Discard, Double, Draw, JokerBlock, Mahjong, Pass, SwapForJoker,
                                        SwapJokerFor, Take)
from game.rules.minttin.analysis import analyse
from game.rules.minttin.scoring import opponent_lines
from mtm_support import H, act, check_census, find, kinds, scene, setup

# A harmless 14-card solo hand: discarding F9 from it never matches the rows used below.
JUNK = "S1 S2 S3 M4 M5 M6 F7 F8 F9 SD MD FD J F9"


def solo_main(hand=JUNK, **fields):
    opts = fields.pop("opts", {})
    fields.setdefault("deck", "S3 S3 S3 M6 M6 M6")
    return scene({"mode": "solo", **opts}, hands=[hand, ""], phase="main", **fields)


# --------------------------------------------------------------------------- MTM-1

def test_mtm1_dragon_colours_and_pair_priority_table():
    # Seed: "select based on the following priority order: Green Dragon, White Dragon, Red Dragon,
    # whichever is the lowest number."
    assert MINT_DRAGON_COLOUR == {"SD": "green", "MD": "white", "FD": "red"}
    assert C.PAIR_PRIORITY[:4] == ("SD", "MD", "FD", "S1")


@pytest.mark.parametrize("row,expect", [
    ("F7 F7 MD MD S2 S2", "MD"),
    ("F7 F7 S2 S2 M5 M5", "S2"),
    ("FD FD MD MD SD SD", "SD"),
    ("F8 F8 FD FD", "FD"),
])
def test_mtm1_pair_exposure_priority_after_a_swap(row, expect):
    st = solo_main(discards=row, exposures=[["M4 M4 J"], []], deck="M4 S3 S3", spot=1)
    st, ev = act(st, 0, Discard("F9"))
    assert kinds(ev)[:4] == ["discard", "opp_draw", "opp_swap", "opp_expose"]
    assert st.exposures[1] == [[expect, expect, "J"]]
    assert st.exposures[0] == [["M4", "M4", "M4"]]


# --------------------------------------------------------------------------- MTM-2

def test_mtm2_consecutive_setting_decides_the_sample_hand():
    sample = "S1 S1 M4 M4 M4 M5 M5 M5 M6 M6 M6 MD MD MD"
    strict = solo_main(sample)
    assert Mahjong() not in RULES.legal_actions(strict, 0)
    loose = solo_main(sample, opts={"consecutive": "loose"})
    assert Mahjong() in RULES.legal_actions(loose, 0)
    st, ev = act(loose, 0, Mahjong())
    assert st.scores[0] == 1          # concealed


def test_mtm2_setting_is_declared_as_an_option():
    opt = {o.key: o for o in RULES.options}["consecutive"]
    assert opt.ruling == "MTM-2" and opt.default == "strict"


# --------------------------------------------------------------------------- MTM-3

def test_mtm3_any_number_of_jokers_but_one_natural():
    v = analyse(H("S1 J J J S2 S2 S2 S2 S3 S3 S3 S3 SD SD"))
    assert v.valid and any(b.card == "S1" and b.jokers == 3 for b in v.blocks)
    assert "jokers only" in analyse(H("S1 S1 S2 S2 S2 S3 S3 S3 M4 M4 M4"), [H("J J J")]).reason


def test_mtm3_calling_with_jokers_only_is_allowed_since_the_discard_is_natural():
    st = scene(hands=["J J S2 S3 M4 M5 M6 F7 F8 F9 SD MD FD", "S1 S1"], discards="F9", callable=True,
               phase="start", current=0, deck="S3 S3 S3 S3")
    assert Call(("J", "J")) in RULES.legal_actions(st, 0)
    st, _ = act(st, 0, Call(("J", "J")))
    assert st.exposures[0] == [["F9", "J", "J"]]


# --------------------------------------------------------------------------- MTM-4

def test_mtm4_solo_uses_48_suit_cards_and_two_jokers():
    st = RULES.new_game(setup({"mode": "solo"}, 1, 7))
    assert len(st.hands[0]) == 13 and st.hands[0].count("J") == 1
    assert len(st.dead) == 12 and len(st.deck) == 24
    assert st.spot == 1 and st.aside == 2
    assert "J" not in st.deck + st.dead
    check_census(st)


# --------------------------------------------------------------------------- MTM-5

def test_mtm5_joker_exposure_is_always_three_cards():
    st = solo_main(hand="S2 S3 S3 M4 M5 M6 F7 F8 F9 SD MD FD J F9", discards="S2 F7 S2", spot=1)
    st, ev = act(st, 0, Discard("S2"))
    assert st.exposures[1] == [["S2", "S2", "J"]]
    assert st.discards == ["S2", "F7"]        # the other copy stays in the row
    assert st.spot == 0


# --------------------------------------------------------------------------- MTM-6

def test_mtm6_spot_may_hold_two_and_each_swap_runs_one_pair_check():
    st = solo_main(discards="F7 F7 S2 S2", exposures=[["M4 M4 J"], []], spot=1, deck="M4 S3 S3")
    st, ev = act(st, 0, Discard("F9"))
    assert len(find(ev, "opp_expose")) == 1
    assert st.exposures[1] == [["S2", "S2", "J"]]
    assert st.discards == ["F7", "F7", "F9"] and st.spot == 1
    st2 = solo_main(discards="F8", exposures=[["M4 M4 J"], []], spot=1, deck="M4 S3 S3")
    st2, _ = act(st2, 0, Discard("F9"))
    assert st2.spot == 2 and not st2.exposures[1]


# --------------------------------------------------------------------------- MTM-7

def test_mtm7_a_swapped_hold_card_cannot_be_called():
    hand = "M4 M4 S3 S3 M5 M6 F7 F8 F9 SD MD FD J F9"
    st = solo_main(hand, exposures=[["M4 J J"], []], deck="M4 S3 S3", spot=0)
    st, ev = act(st, 0, Discard("F9"))
    assert kinds(ev) == ["discard", "opp_draw", "opp_swap"]
    assert st.exposures[0] == [["M4", "M4", "J"]] and st.spot == 1
    assert st.phase == "start" and RULES.legal_actions(st, 0) == [Draw()]


def test_mtm7_otherwise_you_may_call_then_the_row():
    hand = "M4 M4 S3 S3 M5 M6 F7 F8 F9 SD MD FD J F9"
    st = solo_main(hand, deck="M4 S3 S3", spot=1)
    st, ev = act(st, 0, Discard("F9"))
    assert kinds(ev) == ["discard", "opp_draw"] and st.phase == "hold" and st.hold == "M4"
    legal = RULES.legal_actions(st, 0)
    assert Call(("M4", "M4")) in legal and Pass() in legal
    called, ev = act(st, 0, Call(("M4", "M4")))
    assert called.exposures[0] == [["M4", "M4", "M4"]] and called.phase == "main" and called.hold is None
    passed, ev = act(st, 0, Pass())
    assert kinds(ev) == ["pass", "hold_to_row"] and passed.discards[-1] == "M4" and passed.phase == "start"


# --------------------------------------------------------------------------- MTM-8

def test_mtm8_your_discard_making_an_exposure_skips_the_opponent():
    # Seed: "Regardless, after any exposure by your opponent, the next step is for you to draw"
    st = solo_main(discards="F7", spot=1)
    deck_before = len(st.deck)
    st, ev = act(st, 0, Discard("F7"))
    assert kinds(ev) == ["discard", "opp_expose"]
    assert len(st.deck) == deck_before and st.hold is None
    assert st.phase == "start"


# --------------------------------------------------------------------------- MTM-9

def test_mtm9_solo_swaps_only_natural_for_joker():
    st = solo_main(exposures=[[], ["F8 F8 J", "S2 S2 S2"]], spot=0)
    legal = RULES.legal_actions(st, 0)
    assert SwapForJoker(1, 0) in legal
    assert not any(isinstance(a, SwapJokerFor) for a in legal)
    with pytest.raises(IllegalAction, match="only give a matching card for an exposed joker"):
        act(st, 0, SwapJokerFor(1, 1))
    st, ev = act(st, 0, SwapForJoker(1, 0))
    assert st.exposures[1][0] == ["F8", "F8", "F8"] and st.hands[0].count("J") == 2


def test_mtm9_the_opponent_takes_your_joker_before_its_own():
    st = solo_main(exposures=[["M5 M5 J"], ["M5 J J"]], deck="M5 S3 S3", spot=0)
    st, ev = act(st, 0, Discard("F9"))
    assert find(ev, "opp_swap")[0].data["owner"] == 0
    assert st.exposures[0] == [["M5", "M5", "M5"]] and st.spot == 1


# --------------------------------------------------------------------------- MTM-10

def test_mtm10_concealed_bonus_rules():
    # Seed: "Score 1 point for completing a winning hand without making exposures, except for calling
    # the winning tile for Mahjong."
    kong_call = analyse(H("M5 M5 M5 F7 F7 F7 F9 F9 F9 F9"), [H("S1 S1 S1 S1")], called=True)
    assert any(l.name == "Concealed" for l in kong_call.lines)
    earlier = analyse(H("M5 M5 M5 F9 F9 F9 F9 S1 S1 S1 S1"), [H("F7 F7 F7")], called=False)
    assert not any(l.name == "Concealed" for l in earlier.lines)
    two_calls = analyse(H("M5 M5 M5 F9 F9 F9 F9"), [H("F7 F7 F7"), H("S1 S1 S1 S1")], called=True)
    assert not any(l.name == "Concealed" for l in two_calls.lines)


def test_mtm10_engine_keeps_concealed_after_the_winning_call():
    st = scene(hands=["M5 M5 M5 F7 F7 F7 F9 F9 F9 F9 S1 S1 S1", "S2 S2"], discards="S1", callable=True,
               phase="start", current=0, deck="S3 S3 S3 S3")
    st, _ = act(st, 0, Call(("S1", "S1", "S1")))
    assert st.phase == "main" and Mahjong() in RULES.legal_actions(st, 0)
    st, ev = act(st, 0, Mahjong())
    end = find(ev, "round_end")[0].data
    assert [l["name"] for l in end["lines"]] == ["Hand", "Kongs", "Concealed"]


def test_mtm10_pair_call_to_go_out_then_declare():
    st = scene(hands=["S2 S2 S2 S3 S3 S3 M4 M4 M4 M5 M5 M5 S1", "S2 S2"], discards="S1", callable=True,
               phase="start", current=0, deck="S3 S3 S3 S3")
    assert Call(("S1",)) in RULES.legal_actions(st, 0)
    st, _ = act(st, 0, Call(("S1",)))
    assert st.phase == "declare" and Mahjong() in RULES.legal_actions(st, 0)
    with pytest.raises(IllegalAction, match="only to complete Mahjong"):
        act(st, 0, Discard("S2"))
    st, ev = act(st, 0, Mahjong())
    assert find(ev, "round_end")[0].data["points"] == 1       # concealed only


def test_mtm10_own_joker_swap_and_joker_discards_keep_concealed():
    st = solo_main("M5 M5 M5 F7 F7 F7 F9 F9 F9 F9 S1 S1 S1 J", exposures=[[], ["S1 J J"]], spot=0,
                   joker_discards=[1, 0])
    st, _ = act(st, 0, SwapForJoker(1, 0))                   # give S1, take the opponent's joker
    assert Mahjong() in RULES.legal_actions(st, 0)
    st, ev = act(st, 0, Mahjong())
    names = [l["name"] for l in find(ev, "round_end")[0].data["lines"]]
    assert "Concealed" in names and "Discarded joker" in names


# --------------------------------------------------------------------------- MTM-11

def _doubled_2p(hand1="S1 S2 S3 S3 S3 M4 M4 M4 M6 M6 M6 J J", exps1=(), deck="S2 S3 M4 S1 SD SD SD"):
    """Seat 0 holds a winning hand worth 1 (a kong, not concealed) and calls Double."""
    st = scene(hands=["M5 M5 M5 F7 F7 F7 F9 F9 F9 F9", hand1],
               exposures=[["S1 S1 S1 J"], list(exps1)], phase="main", current=0, deck=deck, discards="F8")
    assert Double() in RULES.legal_actions(st, 0)
    st, ev = act(st, 0, Double())
    assert kinds(ev) == ["double"]
    return st


def test_mtm11_double_turns_only_draw_then_declare_or_discard_face_down():
    st = _doubled_2p()
    assert RULES.to_act(st) == (1,) and RULES.view(st, 1).double.value is None
    assert RULES.view(st, 0).double.value == 1
    st, ev = act(st, 1, Take())
    assert RULES.legal_actions(st, 1) == [Draw()]           # no calls
    with pytest.raises(IllegalAction, match="may only draw, not call"):
        act(st, 1, Call(("F8", "J")))
    st, ev = act(st, 1, Draw())
    legal = RULES.legal_actions(st, 1)
    assert not any(isinstance(a, SwapJokerFor) for a in legal)
    assert SwapForJoker(0, 0) not in legal                  # not the doubler's exposure
    st, ev = act(st, 1, Discard("S2"))
    assert st.facedown[1] == ["S2"] and "S2" not in st.discards
    assert RULES.view(st, 0).facedown_counts == (0, 1) and RULES.view(st, 0).my_facedown == ()
    assert RULES.view(st, 1).my_facedown == ("S2",)


def test_mtm11_taker_may_go_out_with_a_zero_point_hand():
    st = _doubled_2p(hand1="S2 S2 S2 M4 M4 M4 M6 M6 SD SD", exps1=["F8 F8 F8"], deck="M6 S3 S3 S3")
    st, _ = act(st, 1, Take())
    st, _ = act(st, 1, Draw())
    assert analyse(st.hands[1], st.exposures[1]).points == 0
    assert Mahjong() in RULES.legal_actions(st, 1)
    st, ev = act(st, 1, Mahjong())
    end = find(ev, "round_end")[0].data
    assert end["outcome"] == "double_beaten" and end["winner"] == 1
    assert end["points"] == 2                                # double the higher hand (the doubler's 1)
    assert [l["name"] for l in end["lines"]] == ["Hand", "Higher hand", "Double"]


def test_mtm11_doubler_value_fixed_and_doubled_when_the_taker_fails():
    st = _doubled_2p()
    st, _ = act(st, 1, Take())
    for _ in range(3):
        st, _ = act(st, 1, Draw())
        st, ev = act(st, 1, Discard(st.last_drawn[1]))
    end = find(ev, "round_end")[0].data
    assert end["outcome"] == "double_survived" and end["points"] == 2
    assert st.scores == [2, 0]


# --------------------------------------------------------------------------- MTM-12

def _solo_double(deck):
    hand = "M5 M5 M5 F7 F7 F7 F9 F9 F9 F9 S1 S1 S1 S1"
    return solo_main(hand, exposures=[[], ["S3 S3 J", "M4 M4 M4", "F8 F8 F8"]], spot=0,
                     discards="S2 S2 MD MD", deck=deck)


def test_mtm12_solo_double_lost_only_exposure_checks():
    st = _solo_double("S3 S2 MD F9")
    assert Double() in RULES.legal_actions(st, 0)
    st, ev = act(st, 0, Double())
    assert "opp_swap" not in kinds(ev)                       # S3 could replace a joker, but no swaps
    assert kinds(ev) == ["double", "double_flip", "double_flip", "opp_expose", "double_flip", "opp_expose",
                         "round_end", "round_start", "deal"]
    end = find(ev, "round_end")[0].data
    assert end["outcome"] == "solo_double_lost"
    assert end["points"] == 2 * (1 + 1)                      # MD pung with M4 number pung
    assert st.scores == [0, 4]


def test_mtm12_solo_double_survived():
    st = _solo_double("S3 F9 SD S1")
    st, ev = act(st, 0, Double())
    end = find(ev, "round_end")[0].data
    assert end["outcome"] == "double_survived" and end["points"] == 2 * 2   # kongs + concealed, doubled


def test_mtm12_solo_double_needs_three_opponent_pungs():
    st = solo_main("M5 M5 M5 F7 F7 F7 F9 F9 F9 F9 S1 S1 S1 S1", exposures=[[], ["M4 M4 M4"]])
    assert Double() not in RULES.legal_actions(st, 0)
    with pytest.raises(IllegalAction, match="three pungs|3 pungs"):
        act(st, 0, Double())


# --------------------------------------------------------------------------- MTM-13

def test_mtm13_dragon_pung_bonus_needs_a_number_pung_of_its_suit():
    lines = opponent_lines([H("SD SD SD"), H("S1 S1 J"), H("FD FD J"), H("MD MD MD"), H("M4 M4 M4")])
    assert [l.name for l in lines] == ["Five pungs", "Dragon pung", "Dragon pung"]
    assert sum(l.points for l in lines) == 3


# --------------------------------------------------------------------------- MTM-14

def test_mtm14_the_2_bamboo_example_is_the_sword_2():
    # Seed: "A 2-Bamboo is discarded. Because another 2-Bamboo has previously been discarded, and a
    # joker is in the opponent's joker spot, an exposure needs to happen."
    st = solo_main(hand="S2 S3 S3 M4 M5 M6 F7 F8 F9 SD MD FD J F9", discards="S2", spot=1)
    st, ev = act(st, 0, Discard("S2"))
    assert st.exposures[1] == [["S2", "S2", "J"]]


# --------------------------------------------------------------------------- MTM-15

def test_mtm15_epic_hand_wins_the_game_at_once():
    st = scene({"target": 14}, hands=["S1 S2 S3 M4 M5 M6 F7 F8 F9 SD MD FD J J", "S1 S1"], phase="main",
               current=0, deck="S3 S3 S3")
    st, ev = act(st, 0, Mahjong())
    assert st.over and st.winners == (0,) and st.scores == [8, 0]
    assert RULES.result(st).final and "Epic" in RULES.result(st).summary


# --------------------------------------------------------------------------- MTM-16

def test_mtm16_special_hands_must_still_be_legal_hands():
    # All three Sword numbers + Sword Dragon is One Suit; a Moon dragon instead is not even legal.
    assert analyse(H("S1 S1 S1 S2 S2 S2 S3 S3 S3 S3 SD SD SD SD")).special == "One Suit"
    assert not analyse(H("S1 S1 S1 S2 S2 S2 S3 S3 S3 S3 MD MD MD MD")).valid
    # Three Suits with numbers 1, 5, 9 is no set
    assert not analyse(H("S1 S1 M5 M5 F9 F9 SD SD MD MD FD FD FD FD")).valid
    assert analyse(H("S2 S2 M6 M6 F8 F8 SD SD MD MD FD FD FD FD")).special == "Three Suits"
    assert analyse(H("S2 S2 M4 M4 F8 F8 SD SD MD MD FD FD FD FD")).special == "Three Suits"


# --------------------------------------------------------------------------- MTM-17

def test_mtm17_miscall_in_solo_gives_the_opponent_two():
    st = solo_main(opts={"strict": True})
    assert Mahjong() in RULES.legal_actions(st, 0)          # strict table: declare freely
    st, ev = act(st, 0, Mahjong())
    end = find(ev, "round_end")[0].data
    assert end["outcome"] == "miscall" and st.scores == [0, 2]
    assert "single card" in end["lines"][0]["why"]


def test_mtm17_assisted_table_refuses_a_false_mahjong():
    st = solo_main()
    with pytest.raises(IllegalAction, match="not a winning hand"):
        act(st, 0, Mahjong())


# --------------------------------------------------------------------------- MTM-18

def test_mtm18_joker_for_card_swap_keeps_one_natural():
    st = scene(hands=["J S2 S3 M4 M5 M6 F7 F8 F9 SD MD FD F9 F8", "S1"], phase="main", current=0,
               exposures=[[], ["M4 J J", "S1 S1 J"]], deck="S3 S3 S3")
    legal = RULES.legal_actions(st, 0)
    assert SwapJokerFor(1, 1) in legal and SwapJokerFor(1, 0) not in legal
    with pytest.raises(IllegalAction, match="last natural"):
        act(st, 0, SwapJokerFor(1, 0))
    st2, ev = act(st, 0, SwapJokerFor(1, 1))
    assert st2.exposures[1][1] == ["S1", "J", "J"] and "S1" in st2.hands[0]


def test_mtm18_no_joker_for_card_swaps_in_double_turns():
    st = _doubled_2p()
    st, _ = act(st, 1, Take())
    st, _ = act(st, 1, Draw())
    with pytest.raises(IllegalAction):
        act(st, 1, SwapJokerFor(0, 0))


# --------------------------------------------------------------------------- MTM-19

def test_mtm19_discarded_jokers_never_enter_the_row():
    st = solo_main(discards="F7 F7", spot=0, deck="S3 S3 S3")
    st, ev = act(st, 0, Discard("J"))
    assert st.joker_discards[0] == 1 and "J" not in st.discards
    assert "opp_expose" not in kinds(ev)


def test_mtm19_joker_block_cuts_the_row():
    st = solo_main(discards="F7", spot=1, deck="S3 M6 M5 F8", opts={"joker_block": True})
    assert JokerBlock() in RULES.legal_actions(st, 0)
    st, ev = act(st, 0, JokerBlock())
    assert st.discards[:2] == ["F7", "J"] and st.joker_discards[0] == 0
    assert RULES.view(st, 0).row_floor == 2
    st, ev = act(st, 0, Draw())
    st, ev = act(st, 0, Discard("F7"))                       # the old F7 is before the joker: no pung
    assert "opp_expose" not in kinds(ev)
    assert JokerBlock() not in RULES.legal_actions(solo_main(), 0)


# --------------------------------------------------------------------------- MTM-20

def test_mtm20_last_hold_card_goes_to_the_row_and_is_checked_first():
    pungs = ["S1 S1 S1", "S2 S2 S2", "S3 S3 S3", "M4 M4 M4"]
    hand = "S1 S2 S3 M4 M5 M5 M6 M6 F7 F7 SD MD F9 F9"          # no joker: it cannot call F8 or FD
    st = solo_main(hand, exposures=[[], pungs], spot=1, discards="F8", deck="F8")
    st, ev = act(st, 0, Discard("F9"))
    assert kinds(ev)[:4] == ["discard", "opp_draw", "hold_to_row", "opp_expose"]
    end = find(ev, "round_end")[0].data
    assert end["outcome"] == "five_pungs"
    st = solo_main(hand, exposures=[[], pungs], spot=1, discards="F8", deck="FD")
    st, ev = act(st, 0, Discard("F9"))
    assert find(ev, "round_end")[0].data["outcome"] == "wall"


def test_mtm20_two_players_last_discard_cannot_be_called():
    st = scene(hands=["S1 S2 S3 M4 M5 M6 F7 F8 F9 SD MD FD F9", "F9 F9 S1 S2"], phase="start", current=0,
               deck="S3")
    st, _ = act(st, 0, Draw())
    st, ev = act(st, 0, Discard("F9"))
    assert find(ev, "round_end")[0].data["outcome"] == "wall"


# --------------------------------------------------------------------------- MTM-21

def test_mtm21_what_may_be_called():
    st = scene(hands=["S1 S2 S3 M4 M5 M6 F7 F8 F9 SD MD J F9", "F9 F9 J S1"], phase="main", current=0,
               deck="S3 S3 S3 S3 M6 M6")
    st, _ = act(st, 0, Discard("F9"))
    calls = [a for a in RULES.legal_actions(st, 1) if isinstance(a, Call)]
    assert set(calls) == {Call(("F9", "F9")), Call(("F9", "J")), Call(("F9", "F9", "J"))}
    with pytest.raises(IllegalAction, match="only to complete Mahjong"):
        act(st, 1, Call(("F9",)))
    st, _ = act(st, 1, Draw())
    st, _ = act(st, 1, Discard("S1"))
    # F9 is no longer callable for anyone: only the most recent discard (S1) is
    assert all(a.cards[0] in ("S1", "J") for a in RULES.legal_actions(st, 0) if isinstance(a, Call))


# --------------------------------------------------------------------------- MTM-22

def test_mtm22_row_is_public_and_keeps_order():
    st = solo_main(discards="S1 M4 F7 M4", spot=1)
    st, ev = act(st, 0, Discard("F9"))
    v = RULES.view(st, None)
    assert v.discards[:5] == ("S1", "M4", "F7", "M4", "F9")
    st2 = solo_main(discards="S1 M4 F7 M5", spot=1, hand="S2 S3 S3 M4 M5 M6 F7 F8 F9 SD MD FD J F9")
    st2, ev = act(st2, 0, Discard("M4"))
    assert st2.discards[:3] == ["S1", "F7", "M5"]             # the pung left; the order is kept


# --------------------------------------------------------------------------- MTM-23

def test_mtm23_joker_points_only_for_the_winner_and_count_toward_the_minimum():
    hand = "S1 S1 S2 S2 S2 S3 S3 S3 M4 M4 M4"
    st = scene(hands=[hand, "J"], exposures=[["M5 M5 M5"], []], phase="main", current=0,
               joker_discards=[0, 2], deck="S3 S3 S3")
    assert Mahjong() not in RULES.legal_actions(st, 0)        # 0 points: the opponent's jokers do not help
    st.joker_discards = [1, 2]
    st, ev = act(st, 0, Mahjong())
    end = find(ev, "round_end")[0].data
    assert end["points"] == 1 and st.scores == [1, 0]
