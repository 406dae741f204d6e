"""Scoring by hand-worked examples: KRD-8 … KRD-21, KRD-24, KRD-31 (exact quarters)."""

from fractions import Fraction as F

import pytest

from game.core.kit.tiles import KIND_INDEX
from game.rules.kards.scoring import WinContext, best_win, score_holding, special_shapes

from .kards_helpers import cnt, meld

E, S, W, N = 27, 28, 29, 30


def ctx(seat=E, rnd=E, winning=None, **kw):
    return WinContext(seat_wind=seat, round_wind=rnd, winning=KIND_INDEX[winning] if winning else None, **kw)


def lines(r):
    return {n: v for n, v, _ in r.lines}


CASE_A = (cnt("DR DR DR B2 B3 B4 C5 C5 C5 D7 D7"), [meld("pung", "WE")])


def test_KRD_9_KRD_12_KRD_13_multipliers_add_up_on_one_basic_score():
    # WE melded 5 + DR concealed 8 + chow 1 + C5 concealed 4 + from the wall 3 = 21;
    # own wind + round wind (both, KRD-12) + dragons = +3/2 S -> 21 * 5/2
    r = best_win(*CASE_A, [], ctx(winning="D7"))
    assert r.basic == 21 and r.total == F(105, 2)
    got = lines(r)
    assert got["Pung of own wind"] == F(21, 2) and got["Pung of the round wind"] == F(21, 2)
    assert got["Pung of dragons"] == F(21, 2) and got["Won with a card from the wall"] == 3
    assert got["Basic score"] == 21 and got["Hand score"] == F(105, 2)


def test_result_lines_read_in_players_words_and_add_up_to_the_hand_score():
    r = best_win(*CASE_A, [], ctx(winning="D7"))
    whys = {n: w for n, _, w in r.lines}
    assert whys["Pung of honours (concealed)"] == "Red Dragon ×3"
    assert whys["Chow (concealed)"] == "2-3-4 Bamboo"
    assert whys["Pung of own wind"] == "East Wind: half the basic score"
    assert whys["Hand score"] == "basic score 21 and 31½ from the multipliers"
    assert not any(" S" in str(v) or "#" in w or "D7 D7" in w for _, v, w in r.lines)
    items = [v for n, v, _ in r.lines if n not in ("Basic score", "Hand score")]
    assert sum(items) == r.total                     # every point of the hand is on a line of its own


def test_KRD_8_the_melded_honour_pung_is_5_or_4_by_the_setting():
    r = best_win(*CASE_A, [], ctx(winning="D7", honour_pung_melded=4))
    assert r.basic == 20 and r.total == 50


def test_KRD_10_one_suit_with_honours_adds_a_half():
    # by discard: two chows 1+1, B7 pung 4, WN pung 8 = 14; the claimed pair scores nothing
    r = best_win(cnt("B1 B2 B3 B4 B5 B6 B7 B7 B7 WN WN WN B9 B9"), [], [], ctx(S, E, "B9", by_discard=True))
    assert r.basic == 14 and r.total == 21 and lines(r)["One suit with honours"] == 7


def test_KRD_10_only_one_suit_adds_one_and_a_half_and_only_the_best_suit_line_counts():
    r = best_win(cnt("C1 C1 C1 C2 C3 C4 C5 C6 C7 C8 C8 C8 C9 C9"), [], [], ctx(W, E, "C9"))
    assert r.basic == 17 and r.total == F(85, 2)
    got = lines(r)
    assert got["Only one suit"] == F(51, 2) and "One suit with honours" not in got and "Only terminals" not in got


def test_KRD_11_pungs_of_all_four_winds():
    # WE WS WW melded 5 each + WN concealed 8 + wall 3 + no chow 10 = 36; own + round + four winds + suit = 3
    melds = [meld("pung", "WE"), meld("pung", "WS"), meld("pung", "WW")]
    r = best_win(cnt("WN WN WN D2 D2"), melds, [], ctx(N, E, "D2"))
    assert r.basic == 36 and r.total == 144
    assert lines(r)["All four winds, flowers or seasons"] == 54


def test_KRD_11_all_four_flowers_and_the_own_flower_for_a_player_who_did_not_win():
    bonus = [KIND_INDEX[f] for f in ("F1", "F2", "F3", "F4")]
    r = score_holding(cnt("B1 B5 B7 C3 C5 C8 D2 D6 D9 WE WS DR DG"), [], bonus, E, E)
    assert r.basic == 24 and r.total == 66          # 24 * (1 + 1/4 + 3/2)


def test_KRD_12_the_dragon_line_counts_once_and_own_plus_round_wind_count_twice():
    r = score_holding(cnt("B1 B5 C3 C8 D2 D6 WE"), [meld("pung", "DR"), meld("pung", "DG")], [], S, E)
    assert r.total == 15                           # (5 + 5) * 3/2
    r = score_holding(cnt("B1 B5 C3 C8 D2 D6 D9 C1 B8 D4"), [meld("pung", "WE")], [], E, E)
    assert r.total == 10                           # 5 * (1 + 1/2 + 1/2)


def test_losers_score_their_best_grouping_of_concealed_cards_KRD_24():
    r = score_holding(cnt("C5 C5 C5 B1 B2 B3 D9 WE DR DG C8 B6 D3"), [], [], S, E)
    assert r.total == 5                            # concealed pung 4 + concealed chow 1


def test_KRD_15_last_card_of_its_kind_and_KRD_22_standing_hand_extras():
    r = best_win(*CASE_A, [], ctx(winning="D7", last_of_kind=True, standing=True))
    got = lines(r)
    assert got["Won with the last card of its kind"] == 2 and got["Standing hand"] == 100
    assert r.basic == 123


def test_KRD_16_a_kong_box_card_scores_the_wall_and_the_box_and_the_last_wall_card_replaces_the_3():
    got = lines(best_win(*CASE_A, [], ctx(winning="D7", from_box=True)))
    assert got["Won with a card from the wall"] == 3 and got["Won with a replacement from the kong box"] == 10
    got = lines(best_win(*CASE_A, [], ctx(winning="D7", last_of_wall=True)))
    assert got["Won with the last card of the wall"] == 10 and "Won with a card from the wall" not in got


def test_KRD_17_winning_on_a_kong_replacement_adds_a_half():
    r = best_win(*CASE_A, [], ctx(winning="D7", from_box=True, kong_replacement=True))
    assert r.basic == 31 and r.total == 31 * 3       # 21 + 10; 1 + 3/2 + 1/2
    assert lines(r)["Won with a kong's replacement"] == F(31, 2)


def test_KRD_18_original_hand_earth_blessing_and_celestial_blessing():
    r = best_win(*CASE_A, [], ctx(original=True))    # no winning card: no wall points; +3/2 more
    assert r.basic == 18 and r.total == 18 * 4
    r = best_win(*CASE_A, [], ctx(winning="D7", by_discard=True, earth=True))
    assert r.basic == 818 and r.total == F(818 * 5, 2)
    plain = cnt("B2 B3 B4 C3 C4 C5 D6 D7 D8 B6 B7 B8 C9 C9")
    r = best_win(plain, [], [], ctx(S, E, "C9"))
    assert r.total == 17 and r.special is None     # 4 chows + wall 3 + only chows and a plain pair 10
    r = best_win(plain, [], [], ctx(S, E, "C9", celestial=True))
    assert r.special == "Celestial Blessing" and r.total == F(51, 2)


def test_KRD_31_only_chows_needs_a_pair_that_is_neither_the_seat_nor_the_round_wind():
    r = best_win(cnt("B2 B3 B4 C3 C4 C5 D6 D7 D8 B6 B7 B8 WS WS"), [], [], ctx(S, E, "WS"))
    got = lines(r)
    assert "Only chows and a plain pair" not in got and got["Pair of your own wind"] == 3 and r.total == 10
    r = best_win(cnt("B2 B3 B4 C3 C4 C5 D6 D7 D8 B6 B7 B8 DR DR"), [], [], ctx(S, E, "DR"))
    assert lines(r)["Only chows and a plain pair"] == 10 and lines(r)["Pair of dragons"] == 3


def test_KRD_24_the_engine_reads_the_hand_the_way_that_scores_most():
    r = best_win(cnt("B1 B1 B1 B2 B2 B2 B3 B3 B3 C5 C6 C7 D9 D9"), [], [], ctx(S, E, "D9"))
    assert r.total == 20                                       # three pungs (8+4+4) + chow + wall, not 17
    assert sorted(s for s, _, _ in r.groups if s != "pair") == ["chow", "pung", "pung", "pung"]


def test_KRD_20_a_special_that_replaces_the_multipliers_is_its_own_score():
    r = best_win(cnt("WE WE WE WS WS WS WW WW WW WN WN WN DR DR"), [], [], ctx(E, E, "DR"))
    assert r.special == "Happy Family Mah-Jongg" and r.total == 4000


def test_KRD_20_a_special_that_keeps_the_multipliers_is_multiplied():
    r = best_win(cnt("B3 B3 B3 B2 B2 B2 B4 B4 B4 B6 B6 B6 DG DG"), [], [], ctx(S, E, "DG"))
    assert r.special == "Small Green finger Mah-Jongg" and r.total == 4500     # 3000 * (1 + 1/2)


def test_KRD_20_additive_specials_add_to_the_basic_score():
    r = best_win(cnt("D5 D5 D5 B2 B3 B4 C3 C4 C5 B6 B7 B8 C9 C9"), [], [], ctx(S, E, "C9"))
    assert lines(r)["Golden Coin"] == 100 and r.total == 110 and r.special is None
    # Buried Treasure's shape is also a Big Snake: 1600 (instead of everything) + 300
    r = best_win(cnt("B1 B2 B3 B4 B5 B6 B7 B8 B9 DR DR DR WE WE"), [], [], ctx(S, E, "WE"))
    assert r.special == "Big Snake Mah-Jongg" and r.total == 1900


def test_KRD_21_a_concealed_special_cannot_be_won_on_a_discard():
    hand = cnt("WE WE WE WS WS WS WW WW WW WN WN B2 B3 B4")
    assert best_win(hand, [], [], ctx(E, E, "B4")).special == "Mandarin Mah-Jongg"
    r = best_win(hand, [], [], ctx(E, E, "B4", by_discard=True))
    assert r.special is None and r.total == 60      # 24 * (1 + 1/2 + 1/2 + 1/2)
    # a melded group also breaks it; a declared concealed kong does not
    assert not special_shapes(cnt("WS WS WS WW WW WW WN WN B2 B3 B4"), [meld("pung", "WE")], ctx(E, E, "B4"))
    assert special_shapes(cnt("WS WS WS WW WW WW WN WN B2 B3 B4"), [meld("kong", "WE", True)], ctx(E, E, "B4"))


def test_KRD_5_a_hand_is_four_groups_and_a_pair_with_kongs_bringing_a_card_each():
    r = best_win(cnt("B2 B3 B4 C6 C6 C6 D1 D1 D1 WN WN"), [meld("kong", "DR", True)], [], ctx(S, E, "WN"))
    assert r is not None and r.basic == 32 + 1 + 4 + 8 + 3     # concealed honour kong 32
    assert best_win(cnt("B2 B3 B4 C6 C6 C6 D1 D1 D1 D1 WN WN"), [meld("kong", "DR", True)], [], ctx(S, E, "WN")) is None


SPECIAL_CASES = [
    ("empirical", "DR DR DR DG DG DG DW DW DW WE WE B2 B3 B4", "DR DR DR DG DG DG DW DW DW WS WS B2 B3 B4"),
    ("mandarin", "WE WE WE WS WS WS WW WW WW WN WN C5 C5 C5", "WE WE WE WS WS WS WW WW WW DR DR C5 C5 C5"),
    ("happy_family", "WE WE WE WS WS WS WW WW WW WN WN WN DR DR", "WE WE WE WS WS WS WW WW WW WN WN WN B1 B1"),
    ("big_green", "B2 B2 B2 B4 B4 B4 B6 B6 B6 DG DG DG B8 B8", "B2 B2 B2 B4 B4 B4 B6 B6 B6 DG DG DG B9 B9"),
    ("small_green", "B2 B2 B2 B4 B4 B4 B6 B6 B6 B8 B8 B8 DG DG", "B2 B2 B2 B4 B4 B4 B6 B6 B6 B8 B8 B8 DR DR"),
    ("red_green", "B1 B1 B1 B5 B5 B5 B7 B7 B7 B9 B9 B9 DG DR", "B1 B1 B1 B5 B5 B5 B7 B7 B7 B9 B9 B9 DG DW"),
    ("sons_of_9", "B9 B9 B9 C9 C9 C9 D9 D9 D9 DW DW DW C4 C4", "B9 B9 B9 C8 C8 C8 D9 D9 D9 DW DW DW C4 C4"),
    ("sons_of_1", "B1 B1 B1 C1 C1 C1 D1 D1 D1 DR DR DR WN WN", "B1 B1 B1 C1 C1 C1 D1 D1 D1 WS WS WS WN WN"),
    ("big_green_finger", "B3 B3 B3 B2 B2 B2 B6 B6 B6 DG DG DG B8 B8", "B3 B3 B3 B2 B2 B2 B6 B6 B6 DG DG DG B7 B7"),
    ("small_green_finger", "B3 B3 B3 B2 B2 B2 B4 B4 B4 B6 B6 B6 DG DG", "B3 B3 B3 B2 B2 B2 B4 B4 B4 B5 B5 B5 DG DG"),
    ("horizontal_enemies", "C1 C1 C1 C9 C9 C9 WE WE WE WW WW WW WN WS", "C1 C1 C1 D9 D9 D9 WE WE WE WW WW WW WN WS"),
    ("vertical_enemies", "D1 D1 D1 D9 D9 D9 WN WN WN WS WS WS WE WW", "D1 D1 D1 D9 D9 D9 WN WN WN WS WS WS WE WE"),
    ("revolution_of_fire", "B2 B2 B2 C5 C5 C5 D8 D8 D8 DR DR WW WE WS", "B2 B2 B2 C5 C5 C5 D8 D8 D8 DG DG WW WE WS"),
    ("sons_of_red_dragon", "B4 B4 B4 C4 C4 C4 D4 D4 D4 DR DR DR WS WS", "B4 B4 B4 C4 C4 C4 D5 D5 D5 DR DR DR WS WS"),
    ("sons_of_the_winds", "B7 B7 B7 C7 C7 C7 D7 D7 D7 WN WN WN DG DG", "B7 B7 B7 C7 C7 C7 D7 D7 D7 WN WN WN WE WE"),
    ("big_twin_sisters", "C3 C3 C3 C4 C4 C4 C5 C5 C5 C6 C6 C6 DW DW", "C3 C3 C3 C4 C4 C4 C5 C5 C5 C7 C7 C7 DW DW"),
    ("small_twin_sisters", "D5 D5 D5 D6 D6 D6 D7 D7 D7 D8 D8 D8 WN WN", "D5 D5 D5 D6 D6 D6 D7 D7 D7 B8 B8 B8 WN WN"),
    ("yin_yang", "WE WE WS WS WW WW WN WN DR DR DG DG DW DW", "WE WE WS WS WW WW WN WN DR DR DG DG B1 B1"),
    ("great_scholars", "DR DR DR DG DG DG DW DW DW C2 C3 C4 C8 C8", "DR DR DR DG DG DG DW DW DW C2 C3 C4 D8 D8"),
    ("winds_and_dragons", "WE WE WE WS WS WS DR DR DR DG DG DG DW DW", "WE WE WE WS WS WS DR DR DR DG DG DG B1 B1"),
    ("fabulous_fingers", "DR DG DW WE WS WW WN B1 B9 C1 C9 D1 D9 D9", "DR DG DW WE WS WW WN B1 B9 C1 C9 D1 D9 WE"),
    ("big_snake", "B1 B2 B3 B4 B5 B6 B7 B8 B9 WE WE WE DR DR", "B1 B2 B3 B4 C5 B6 B7 B8 B9 WE WE WE DR DR"),
    ("call_of_the_9th", "C1 C1 C1 C2 C3 C4 C5 C6 C7 C8 C9 C9 C9 C5", "C1 C1 C1 C2 C3 C4 C5 C6 C7 C8 C9 C9 C9 D5"),
    ("snake_of_dragons", "B1 B4 B7 C2 C5 C8 D3 D6 D9 DR DG DW WE WE", "B1 B4 B7 C2 C5 C8 D3 D6 D9 DR DG DW WS WS"),
    ("snake_of_winds", "B1 B4 B7 C2 C5 C8 D3 D6 D9 WE WS WW WN DR", "B1 B4 B7 C2 C5 C8 D3 D6 D9 WE WS WW WN B2"),
    ("little_snake", "D1 D2 D3 D4 D5 D6 D7 D8 D9 WE WS WW WN DG", "D1 D2 D3 D4 D5 D6 D7 D8 D9 WE WS WW DR DG"),
    ("united_hand", "B2 B3 B4 C6 C6 C6 DR DR DR DG DG DG WE WE", "B2 B3 B4 C6 C6 C6 DR DR DR DG DG DG WS WS"),
    ("big_and_strange", "DR DG DW WE WS WW WN B1 B9 C1 C9 D1 D9 WE", "DR DG DW WE WS WW WN B1 B9 C1 C9 D1 D9 B5"),
]


@pytest.mark.parametrize("key,hand,near", SPECIAL_CASES, ids=[c[0] for c in SPECIAL_CASES])
def test_KRD_19_each_special_hand_and_one_that_narrowly_is_not(key, hand, near):
    keys = {s.key for s in special_shapes(cnt(hand), [], ctx(E, E, hand.split()[-1]))}
    assert key in keys
    keys = {s.key for s in special_shapes(cnt(near), [], ctx(E, E, near.split()[-1]))}
    assert key not in keys


def test_KRD_19_crazy_monkey_needs_three_dragon_kongs():
    kongs = [meld("kong", "DR"), meld("kong", "DG", True), meld("kong", "DW")]
    assert "crazy_monkey" in {s.key for s in special_shapes(cnt("B2 B3 B4 C7 C7"), kongs, ctx(winning="C7"))}
    pung = kongs[:2] + [meld("pung", "DW")]
    assert "crazy_monkey" not in {s.key for s in special_shapes(cnt("B2 B3 B4 C7 C7"), pung, ctx(winning="C7"))}


def test_KRD_19_thirteen_with_a_terminal_duplicate_scores_as_fabulous_fingers():
    r = best_win(cnt("DR DG DW WE WS WW WN B1 B9 C1 C9 D1 D9 D9"), [], [], ctx(winning="D9"))
    assert r.special == "13 Fabulous fingers Mah-Jongg" and r.total == 1600
