"""Hand analysis: patterns, categories, sets, dragons, scoring, reasons, waits, speed."""

from __future__ import annotations

import itertools
import random
import time

import pytest

from game.rules.minttin import cards as C
from game.rules.minttin.analysis import _shape, analyse, waits
from game.rules.minttin.categories import find_set
from game.rules.minttin.patterns import PATTERNS, pattern_name
from mtm_support import H


# --------------------------------------------------------------------------- patterns

def test_exactly_nine_patterns_named_as_on_the_box():
    # Seed: "Below is a list of all the 9 possible patterns based on these rules."
    assert sorted(PATTERNS.values()) == sorted([
        "One Pair and Three Kongs", "Three Pairs and Two Kongs", "Five Pairs and One Kong",
        "One Pair and Four Pungs", "Four Pairs and Two Pungs", "Two Pairs and Two Quints",
        "Three Pungs and One Quint", "One Kong and Two Quints", "Two Pungs and Two Kongs"])


def test_every_pattern_is_two_block_types_adding_to_14():
    for key in PATTERNS:
        assert len(key) == 2
        assert sum(size * n for size, n in key) == 14


def test_three_block_types_are_not_a_pattern():
    assert pattern_name([2, 3, 4, 5]) is None
    assert pattern_name([2, 2, 2, 2, 3, 3]) == "Four Pairs and Two Pungs"
    assert pattern_name([3, 3, 4, 4]) == "Two Pungs and Two Kongs"


# one valid example hand per pattern (hand-built), with its hand-computed points (concealed +1)
PATTERN_HANDS = [
    ("S2 S2 S3 S3 S3 S3 M4 M4 M4 M4 M5 M5 M5 M5", "One Pair and Three Kongs", 2),
    ("S1 S1 S2 S2 S3 S3 SD SD SD SD M4 M4 M4 M4", "Three Pairs and Two Kongs", 2),
    ("S2 S2 M4 M4 M6 M6 F8 F8 SD SD MD MD MD MD", "Five Pairs and One Kong", 2),
    ("S1 S1 M4 M4 M4 M5 M5 M5 M6 M6 M6 MD MD MD", None, None),   # the MTM-2 sample: strict says no
    ("M5 M5 F7 F7 F9 F9 S1 S1 S1 S3 S3 S3 MD MD", "Four Pairs and Two Pungs", 1),
    ("F7 F7 F8 F8 F9 F9 F9 F9 J S1 S1 S1 S1 J", "Two Pairs and Two Quints", 3),
    ("S3 S3 S3 M4 M4 M4 M5 M5 M5 M5 J M6 M6 M6", "Three Pungs and One Quint", 2),
    ("S1 S1 S1 S1 S2 S2 S2 S2 J S3 S3 S3 S3 J", "One Kong and Two Quints", 4),
    ("M5 M5 M5 F7 F7 F7 F9 F9 F9 F9 S1 S1 S1 S1", "Two Pungs and Two Kongs", 2),
]


@pytest.mark.parametrize("hand,pattern,points", PATTERN_HANDS)
def test_pattern_examples(hand, pattern, points):
    v = analyse(H(hand))
    if pattern is None:
        assert not v.valid
        return
    assert v.valid, v.reason
    assert v.pattern == pattern
    assert v.points == points


# --------------------------------------------------------------------------- the seed's sample hands

def test_seed_sample_run_1_4_5_6_dragon_breaks_mtm2_strict_but_passes_loose():
    # Seed: "Consecutive Run (1,4,5,6,D) – 1 Pair & 4 Pungs"
    hand = H("S1 S1 M4 M4 M4 M5 M5 M5 M6 M6 M6 MD MD MD")
    strict = analyse(hand)
    assert not strict.valid
    assert "unbroken run" in strict.reason
    loose = analyse(hand, consecutive="loose")
    assert loose.valid and loose.category == "Consecutive Run"
    assert loose.pattern == "One Pair and Four Pungs"
    assert set(loose.numbers) == {1, 4, 5, 6} and loose.numbers[:3] == (4, 5, 6)
    assert loose.points == 1            # only the concealed bonus


def test_seed_sample_odds_5_7_9_1():
    # Seed: "Consecutive Odds (5,7,9,1) – 2 Pungs & 2 Kongs"
    v = analyse(H("M5 M5 M5 F7 F7 F7 F9 F9 F9 F9 S1 S1 S1 S1"))
    assert (v.category, v.numbers, v.pattern) == ("Consecutive Odds", (5, 7, 9, 1), "Two Pungs and Two Kongs")
    assert [l.name for l in v.lines] == ["Kongs", "Concealed"]


def test_seed_sample_evens_with_two_dragons():
    # Seed: "Consecutive Evens(2,4,6,8,D,D) – 5 Pairs & 1 Kong"
    v = analyse(H("S2 S2 M4 M4 M6 M6 F8 F8 SD SD MD MD MD MD"))
    assert (v.category, v.numbers, v.pattern) == ("Consecutive Evens", (2, 4, 6, 8), "Five Pairs and One Kong")


def test_seed_example_scoring_kong_and_one_discarded_joker():
    # Seed: "1 point for at least one Kong" / "1 point for discarding 1 joker."
    v = analyse(H("M5 M5 M5 F7 F7 F7 F9 F9 F9 F9"), [H("S1 S1 S1 J")], discarded_jokers=1)
    assert v.valid
    assert {l.name: l.points for l in v.lines} == {"Kongs": 1, "Discarded joker": 1}
    assert v.points == 2


def test_seed_special_hands():
    one_suit = analyse(H("S1 S1 S1 S2 S2 S2 S3 S3 S3 S3 SD SD SD SD"))
    assert one_suit.special == "One Suit"
    assert {l.name: l.points for l in one_suit.lines} == {"One Suit": 2, "Kongs": 1, "Concealed": 1}
    three = analyse(H("S3 S3 M5 M5 F7 F7 SD SD MD MD FD FD FD FD"))
    assert three.special == "Three Suits" and three.points == 3 + 1 + 1
    epic = analyse(H("S1 S2 S3 M4 M5 M6 F7 F8 F9 SD MD FD J J"))
    assert epic.special == "Epic Hand" and epic.points == 7 + 1


# --------------------------------------------------------------------------- categories and sets

@pytest.mark.parametrize("nums,cat", [
    ({7, 8, 9, 1}, "Consecutive Run"), ({6, 8, 2}, "Consecutive Evens"), ({9, 1, 3}, "Consecutive Odds"),
    ({8, 9, 1, 2, 3}, "Consecutive Run"), ({2, 4, 6, 8}, "Consecutive Evens"), ({8, 2, 4}, "Consecutive Evens"),
])
def test_wrap_around_sets(nums, cat):
    # Seed: "This allows sets such as: 7-8-9-1, 6-8-2, 9-1-3 etc."
    assert find_set(nums).category == cat


@pytest.mark.parametrize("nums", [{1, 5, 9}, {2, 3, 6, 7}, {1, 2}, {1, 2, 4}, {3, 5, 9}])
def test_sets_that_are_not_consecutive(nums):
    # Seed: "so sets like 1-5-9 or 2-3-6-7 are not permitted."
    assert find_set(nums) is None
    assert find_set(nums, "strict") is None


def test_loose_sets_still_need_a_run_of_three_from_one_category():
    assert find_set({1, 5, 9}, "loose") is None
    assert find_set({1, 3, 5, 8}, "loose") is None
    assert find_set({1, 3, 5, 9}, "loose").category == "Consecutive Odds"
    m = find_set({2, 3, 4, 8}, "loose")
    assert m.category == "Consecutive Run" and m.numbers[:3] == (2, 3, 4) and m.run == 3


def test_set_order_starts_where_the_run_starts():
    assert find_set({1, 7, 8, 9}).numbers == (7, 8, 9, 1)
    assert find_set({1, 2, 9}).numbers == (9, 1, 2)


def test_one_block_per_number_and_dragon():
    # Seed: "Number cards cannot be repeated in more than one block."
    v = analyse(H("S1 S2 S2 S2 S3 S3 S3 S3"), [H("S1 S1 S1")] + [H("M4 M4 M4")])
    assert not v.valid and "only one block" in v.reason


def test_dragon_needs_a_number_block_of_its_suit():
    # Seed: "as long as there is a number block of the suit that matches the suit of the dragon"
    v = analyse(H("S1 S1 S1 S2 S2 S2 S3 S3 S3 S3 FD FD FD FD"))
    assert not v.valid
    assert v.reason == "The Fire Dragon block needs a Fire number block (7, 8, 9) in the same hand."


def test_no_jokers_in_pairs():
    # Seed: "Jokers can be used to replace cards in any block except for pairs."
    v = analyse(H("S1 J S2 S2 S2 S3 S3 S3 M4 M4 M4 M5 M5 M5"))
    assert not v.valid
    assert "single card" in v.reason
    assert "pair with a joker" in analyse(H("S2 S2 S2 S3 S3 S3 M4 M4 M4 M5 M5 M5"), [H("S1 J")]).reason


# --------------------------------------------------------------------------- reasons a player can act on

@pytest.mark.parametrize("hand,exposures,needle", [
    ("S1 S1 S1", [], "A winning hand has 14 cards; this one has 3."),
    ("S1 S1 S1 S1 S2 S2 S2 S2 M5 M5 M5 M5 F9 F9", [], "not one unbroken run"),
    ("S1 S1 S1 S2 S2 S2 S3 S3 S3 S3 SD SD M4 M4", [], "exactly two block types"),
    ("S1 S1 S1 S1 S1 S2 S2 S2 S3 S3 S3 M4 M4 M4", [], "only 4 Sword 1 cards"),
    ("S1 S1 S1 S1 S2 S2 S2 S2 S2 S2 S2 S2 S2 S2", [], "only 4 Sword 2 cards"),
    ("S1 S1 S1 S1 M5 M5 M5 M5 F9 F9 F9 F9 SD SD", [], "not one unbroken run"),
    ("S1 S1 S2 S2 S2 S2 M4 M4 M4 M4", [H("J J J")], "jokers only"),
    ("S1 S1 S1 S2 S2 S2 S3 J J J J", [H("S3 S3 S3")], "only one block"),
])
def test_reasons(hand, exposures, needle):
    v = analyse(H(hand), exposures)
    assert not v.winning
    assert needle in v.reason


def test_zero_point_hand_is_valid_for_double_but_not_mahjong():
    v = analyse(H("S1 S1 S2 S2 S2 S3 S3 S3 M4 M4 M4"), [H("M5 M5 M5")])
    assert v.valid and v.points == 0 and not v.winning
    assert v.can_double and not v.can_mahjong
    assert "0 points" in v.reason and "Double" in v.reason


def test_bad_card_is_a_value_error():
    with pytest.raises(ValueError, match="not a Mint Tin card"):
        analyse(H("B1 S1"))


# --------------------------------------------------------------------------- scoring table

SCORING = [
    # hand, exposures, discarded jokers, called, expected lines
    ("S1 S1 S2 S2 S2 S3 S3 S3 M4 M4 M4", ["M5 M5 M5"], 0, False, {}),
    ("S1 S1 S2 S2 S2 S3 S3 S3 M4 M4 M4", ["M5 M5 M5"], 0, True, {"Concealed": 1}),
    ("S1 S1 S2 S2 S2 S3 S3 S3 M4 M4 M4", ["M5 M5 M5"], 2, False, {"Discarded jokers": 2}),
    ("S2 S2 S3 S3 S3 S3 M4 M4 M4 M4", ["M5 M5 M5 M5"], 0, False, {"Kongs": 1}),
    ("F7 F7 F8 F8 F9 F9 F9 F9 J", ["S1 S1 S1 S1 J"], 0, True, {"Quint": 2, "Concealed": 1}),
    ("S1 S1 S1 S1 J S2 S2 S2 S2 J S3 S3 S3 S3", [], 1, False,
     {"Kongs": 1, "Quint": 2, "Discarded joker": 1, "Concealed": 1}),
    ("S1 S1 S1 S2 S2 S2 S3 S3 S3 S3 SD SD SD SD", [], 0, False, {"One Suit": 2, "Kongs": 1, "Concealed": 1}),
]


@pytest.mark.parametrize("hand,exps,jokers,called,expect", SCORING)
def test_scoring_table(hand, exps, jokers, called, expect):
    v = analyse(H(hand), [H(e) for e in exps], discarded_jokers=jokers, called=called)
    assert v.valid, v.reason
    got = {}
    for l in v.lines:
        got[l.name] = got.get(l.name, 0) + l.points
    assert got == expect
    assert v.points == sum(expect.values())


def test_best_arrangement_of_jokers_is_chosen():
    # Two jokers: two kongs (1 point: the kong bonus counts once) or one quint (1 point) score the
    # same; the tie goes to the quint.  One Suit (2) and concealed (1) come on top.
    v = analyse(H("S1 S1 S1 S2 S2 S2 S3 S3 S3 J J SD SD SD"))
    assert v.special == "One Suit" and v.points == 2 + 1 + 1
    assert v.pattern == "Three Pungs and One Quint"
    # Four jokers with a kong and two pungs of naturals: two quints and a kong (kongs 1, quints 2,
    # concealed 1) beat, say, three kongs and a pair (which is impossible here anyway).
    w = analyse(H("S1 S1 S1 S1 S2 S2 S2 S3 S3 S3 J J J J"))
    assert w.pattern == "One Kong and Two Quints" and w.points == 1 + 2 + 1


def test_three_suits_only_three_possible_sets():
    # MTM-16: one number per suit that still makes a set: 3-5-7, 6-8-2, 8-2-4
    ok = set()
    for s, m, f in itertools.product((1, 2, 3), (4, 5, 6), (7, 8, 9)):
        if find_set({s, m, f}):
            ok.add(frozenset({s, m, f}))
    assert ok == {frozenset({3, 5, 7}), frozenset({6, 8, 2}), frozenset({8, 2, 4})}


def test_one_suit_needs_its_dragon_and_only_four_blocks():
    assert analyse(H("M4 M4 M4 M4 M5 M5 M5 M5 M6 M6 M6 M6 MD MD")).special == "One Suit"
    assert analyse(H("M4 M4 M4 M5 M5 M5 M6 M6 M6 MD MD MD F7 F7"), consecutive="loose").special is None


# --------------------------------------------------------------------------- waits and speed

def test_waits_for_13_cards():
    ws = waits(H("S3 S3 M5 M5 F7 F7 SD SD MD MD FD FD FD"))
    assert [w.card for w in ws] == ["S3", "M5", "F7", "SD", "MD", "FD", "J"]
    best = {w.card: w.verdict.points for w in ws}
    assert best["FD"] == 5 and best["S3"] == 4


def test_waits_skip_cards_that_are_all_in_sight():
    ws = waits(H("S1 S1 S1 S1 S2 S2 S2 S2 S3 S3 S3 S3 SD"))
    assert "S1" not in [w.card for w in ws]
    assert [w.card for w in ws] == ["SD"]


def test_verdict_is_fast():
    r = random.Random(5)
    hands = []
    for _ in range(300):
        p = C.suit_pack() + [C.J] * 4
        r.shuffle(p)
        hands.append(p[:14])
    hands += [H(h) for h, _, _ in PATTERN_HANDS]
    _shape.cache_clear()
    t = time.perf_counter()
    for h in hands:
        analyse(h)
    cold = (time.perf_counter() - t) / len(hands)
    assert cold < 0.002, f"{cold * 1000:.3f} ms per verdict"
