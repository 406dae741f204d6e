"""Scoring a win: each step and ruling by name, with hand-computed totals and payments in cents."""

from __future__ import annotations

import pytest

from game.core.kit.hands import Group, counts_of
from game.rules.cuzzins import scoring
from game.rules.cuzzins.hands import is_winning, reads, waits
from game.rules.cuzzins.scoring import Win, round_up, score_read, score_win
from game.rules.cuzzins.tiles import CODE_KIND, face_value


def counts(text: str) -> tuple[int, ...]:
    return counts_of(CODE_KIND[t] for t in text.split())


def win(text: str, tile: str, how: str = "wall", melds=(), secrets=(), **kw) -> Win:
    return Win(counts=counts(text), melds=tuple(melds), secrets=tuple(secrets), tile=CODE_KIND[tile], how=how, **kw)


# Three runs of bamboo, three ones of characters, a dots run, waiting only on C5 for the back.
ESCALERA_HAND = "B1 B2 B3 B4 B5 B6 B7 B8 B9 C1 C1 C1 D2 D3 D4 C5 C5"


def test_hand_computed_escalera_win_on_a_claimed_back_CUZ_2_CUZ_3_CUZ_13():
    # initial 20 + 5 = 25 (the back); back 2, three ones 6 -> 33 -> 35; no flowers 10, paningit 10,
    # escalera 50 -> 105; claimed: no Bunot. The thrower pays 210, the others 105.
    s = score_win(win(ESCALERA_HAND, "C5", "claimed"))
    assert (s.initial, s.points, s.rounded) == (25, 8, 35)
    assert s.bonuses == ("no_flowers", "paningit", "escalera")
    assert s.honours == () and s.total == 105
    pays = scoring.payments(s.total, winner=2, thrower=0, thrower_double=True)
    assert pays == [(0, 210, "threw the winning tile: pays double"), (1, 105, "a cent a point"),
                    (3, 105, "a cent a point")]


def test_self_drawn_win_doubles_for_bunot_and_everyone_pays_the_same_CUZ_11_CUZ_13():
    s = score_win(win(ESCALERA_HAND, "C5", "wall"))
    assert s.honours == ("bunot",) and s.total == 210
    assert {c for _, c, _ in scoring.payments(s.total, 2, None, True)} == {210}


def test_thrower_pays_double_is_a_setting_CUZ_14():
    assert {c for _, c, _ in scoring.payments(105, 2, 0, False)} == {105}


def test_loose_tile_after_a_kong_hand_computed_CUZ_7_CUZ_8_CUZ_11_CUZ_16():
    # Kong of D9 laid out; the loose tile D1 completes three D1 (the back is B5).
    # initial 10 + 11 = 21; back 2, run B123 in the back's suit 3, three D1 6, kong of nines 6 -> 38 -> 40;
    # no flowers 10, loose-tile win 50 -> 100; Bunot (a loose tile is drawn) x2 -> 200.
    w = win("B1 B2 B3 C4 C5 C6 C7 C8 C9 B5 B5 D1 D1 D1", "D1", "loose", melds=[Group("kong", CODE_KIND["D9"], False)],
            after_kong=True)
    s = score_win(w)
    assert (s.initial, s.points, s.rounded) == (21, 17, 40)
    assert s.bonuses == ("no_flowers", "loose_tile") and s.honours == ("bunot",) and s.total == 200
    # the results name the kong's line for what it is (it read "Three of a kind  9 Dots ×4"; scored as a three, CUZ-7)
    lines = {(st.name, st.why) for st in s.steps}
    assert ("Four of a kind", "9 Dots ×4") in lines and ("Three of a kind", "1 Dots ×3") in lines


def test_loose_tile_bonus_is_a_setting_and_needs_a_kong_CUZ_14():
    hand = "B1 B2 B3 C4 C5 C6 C7 C8 C9 B5 B5 D1 D1 D1"
    kong = [Group("kong", CODE_KIND["D9"], False)]
    assert "loose_tile" not in score_win(win(hand, "D1", "loose", kong, after_kong=True, loose_tile_bonus=False)).bonuses
    assert "loose_tile" not in score_win(win(hand, "D1", "loose", kong, after_kong=False)).bonuses   # after a flower


def test_original_hand_times_eight_without_bunot_and_double_dice_CUZ_10_CUZ_12():
    # Dealer's 17 dealt tiles; the last dealt tile D8 finished the back: 20 + 8 = 28; back 2, three B1 6,
    # three D5 3 -> 39 -> 40; no flowers 10, paningit 10 -> 60; Original x8, Double Dice x2 -> 960.
    s = score_win(win("B1 B1 B1 B2 B3 B4 C2 C3 C4 C5 C6 C7 D5 D5 D5 D8 D8", "D8", "original", double_dice=True))
    assert (s.initial, s.points, s.rounded) == (28, 11, 40)
    assert s.honours == ("double_dice", "original") and s.total == 960


def test_honours_multiply_together_CUZ_11():
    s = score_win(win(ESCALERA_HAND, "C5", "wall", double_dice=True))
    assert s.total == 105 * 4


def test_initial_score_table_CUZ_5_CUZ_6():
    assert scoring.INITIAL == {"kong": 50, "pair": 20, "set": 10}           # "10e" read as 10
    # the four-of-a-kind line as written: a read where the winning tile finished a kong
    read = reads(counts(ESCALERA_HAND), ())[0]
    s = score_read(win(ESCALERA_HAND, "C5"), read, "kong", paningit=False)
    assert s.initial == 50 + 5


def test_face_values_CUZ_24():
    assert face_value(CODE_KIND["C1"]) == 11 and face_value(CODE_KIND["B1"]) == 11
    assert [face_value(CODE_KIND[f"C{n}"]) for n in range(2, 10)] == list(range(2, 10))


@pytest.mark.parametrize("total,rounded", [(33, 35), (35, 35), (36, 40), (40, 40), (41, 45)])
def test_rounding_up_to_five_CUZ_27(total, rounded):
    assert round_up(total) == rounded


def test_kongs_and_secrets_score_as_threes_CUZ_7():
    g = Group("kong", CODE_KIND["C4"], True)
    assert scoring.set_points(g, back_suit=0, ones_nines=True) == 3
    assert scoring.set_points(Group("kong", CODE_KIND["C9"], False), 0, True) == 6


def test_ones_and_nines_score_six_not_nine_and_it_is_a_setting_CUZ_8_CUZ_14():
    g = Group("pung", CODE_KIND["D9"])
    assert scoring.set_points(g, 0, True) == 6
    assert scoring.set_points(g, 0, False) == 3


def test_runs_score_only_in_the_backs_suit():
    assert scoring.set_points(Group("chow", CODE_KIND["B4"]), back_suit=0, ones_nines=True) == 3
    assert scoring.set_points(Group("chow", CODE_KIND["C4"]), back_suit=0, ones_nines=True) == 0


def test_the_best_read_is_used_and_every_set_counts_CUZ_9():
    # B2 B2 B2 B3 B3 B3 B4 B4 B4 reads as three threes (9 points) or three runs (0: the back is C7).
    hand = "B2 B2 B2 B3 B3 B3 B4 B4 B4 D1 D2 D3 D5 D6 D7 C7 C7"
    s = score_win(win(hand, "D7", "claimed", flowers=1))
    assert sum(1 for g in s.read.sets if g.shape == "pung") == 3
    # initial 10 + 7 = 17; back 2 + 3 + 3 + 3 = 11 -> 28 -> 30
    assert (s.initial, s.points, s.rounded, s.total) == (17, 11, 30, 30)


def test_syete_pares_seven_pairs_and_a_set_CUZ_1():
    hand = "B1 B1 B3 B3 B5 B5 C2 C2 C6 C6 D4 D4 D9 D9 C7 C8 C9"
    assert is_winning(counts(hand))
    s = score_win(win(hand, "C9", "wall", flowers=2))
    # C9 finished the run: 10 + 9 = 19; back 2 (+3 for the run when the back is C2 or C6) -> 21 or 24 -> 25
    # either way; no paningit (C6 also completes it); syete pares 50 -> 75; Bunot x2 -> 150.
    assert s.read.syete and s.initial == 19 and s.rounded == 25
    assert s.bonuses == ("syete_pares",) and s.total == 150
    assert set(waits(counts(hand.replace(" C9", "")))) == {CODE_KIND["C6"], CODE_KIND["C9"]}


def test_syete_pares_with_a_laid_out_set_CUZ_1():
    hand = "B1 B1 B3 B3 B5 B5 C2 C2 C6 C6 D4 D4 D9 D9"
    assert is_winning(counts(hand), (Group("pung", CODE_KIND["C8"], False),))
    assert not is_winning(counts(hand), (Group("pung", CODE_KIND["C8"], False), Group("pung", 1, False)))


def test_paningit_only_when_one_tile_could_win_CUZ_3():
    two_sided = "B1 B2 B3 B4 B5 B6 C1 C1 C1 D2 D3 D4 D6 D7 C5 C5 D8"     # D5 or D8
    s = score_win(win(two_sided, "D8", "claimed"))
    assert "paningit" not in s.bonuses
    closed = "B1 B2 B3 B4 B5 B6 C1 C1 C1 D2 D3 D4 D6 D8 C5 C5 D7"        # only D7
    assert "paningit" in score_win(win(closed, "D7", "claimed")).bonuses


def test_all_up_means_every_set_claimed_CUZ_4():
    melds = [Group("pung", CODE_KIND["B2"], False), Group("chow", CODE_KIND["C3"], False),
             Group("pung", CODE_KIND["D7"], False), Group("chow", CODE_KIND["B5"], False)]
    claimed = score_win(win("C5 C5 D2 D3 D4", "D4", "claimed", melds, flowers=1))
    assert "all_up" in claimed.bonuses
    drawn = score_win(win("C5 C5 D2 D3 D4", "D4", "wall", melds, flowers=1))
    assert "all_up" not in drawn.bonuses            # the last set was not laid out from a claim
    five = melds + [Group("chow", CODE_KIND["D2"], False)]
    assert "all_up" in score_win(win("C5 C5", "C5", "claimed", five, flowers=1)).bonuses


def test_no_flowers_bonus_counts_every_honour_as_a_flower_CUZ_25():
    assert "no_flowers" in score_win(win(ESCALERA_HAND, "C5", "claimed", flowers=0)).bonuses
    assert "no_flowers" not in score_win(win(ESCALERA_HAND, "C5", "claimed", flowers=1)).bonuses


def test_score_steps_read_in_order():
    s = score_win(win(ESCALERA_HAND, "C5", "wall", double_dice=True))
    names = [st.name for st in s.steps]
    assert names[0] == "Initial score" and names[-1] == "Total"
    assert names.index("Rounded up") < names.index("Escalera") < names.index("Double Dice") < names.index("Bunot")
    assert s.steps[-1].value == s.total
    # an honour's step shows the total it makes, as "Rounded up" does (the results showed a bare 2)
    dd, bunot = s.steps[names.index("Double Dice")], s.steps[names.index("Bunot")]
    assert (dd.why, bunot.why) == ("times 2", "times 2") and bunot.value == s.total == 2 * dd.value


def test_an_incomplete_hand_cannot_be_scored():
    with pytest.raises(ValueError):
        score_win(win("B1 B2 B4 C1 C1 C1 D2 D3 D4 B4 B5 B6 B7 B8 B9 C5 C5", "B4"))


def test_the_seeds_measly_75_cents_a_25_point_hand_paid_by_three():
    # 12.1 "Each player pays the winner one penny per point. (All this for a measly 75 cents?)"
    # D8 claimed for the run D6 D7 D8: 10 + 8 = 18; back B8 2; run B2 B3 B4 in the back's suit 3 -> 23 -> 25.
    s = score_win(win("B2 B3 B4 C5 C6 C7 D2 D3 D4 D6 D7 D8 C3 C4 C5 B8 B8", "D8", "claimed", flowers=1))
    assert s.bonuses == () and s.total == 25
    assert sum(c for _, c, _ in scoring.payments(s.total, 0, 1, thrower_double=False)) == 75
