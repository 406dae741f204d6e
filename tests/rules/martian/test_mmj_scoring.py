"""Scoring (MMJ-1, 2, 4-7, 10-14, 22-25): the table line by line, hand-computed hands, settlements."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.martian import RULES
from game.rules.martian.actions import Keep, MahJongg, Pass
from game.rules.martian.scoring import Holding, hand_value, settle
from mmj_support import act, dealt, draw, find

IN_PLAY = {"black": 5, "white": 5}


def H(chow=None, pung=(None, None), kong=(None, None, None), bonus=(), opaques=(), pe=False, ke=False, pen=False):
    return Holding((chow,), tuple(pung), tuple(kong), tuple(bonus), tuple(opaques), pe, ke, pen)


def names(hv):
    return {i.name: (i.points, i.doubles) for i in hv.items}


def test_worked_example_a_winner_by_hand():
    """Pairs red 1, blue 1, green 2 = 8; concealed matched pung 4; concealed all-honour kong 32;
    bonus stack with one honour piece 4; two opaques -4; Mah Jongg 8: 52, no doubles."""
    h = H("red-S", ("blue-M", "blue-S"), ("green-L", "green-M", "green-S"), ("green-L", "red-L"),
          ("black-S", "white-S"))
    hv = hand_value(0, h, "green", winner=True, opaques_in_play=IN_PLAY)
    assert names(hv) == {"Matched pairs": (8, 0), "Concealed matched pung": (4, 0),
                         "Concealed kong, all honour matched": (32, 0), "Bonus stack, 1 honour piece": (4, 0),
                         "Small opaques held": (-4, 0), "Going Mah Jongg": (8, 0)}
    assert hv.value == 52
    # the lines' details name pieces as players say them (the results screen shows them as they are)
    detail = {i.name: i.why for i in hv.items}
    assert detail["Concealed matched pung"] == "medium blue and small blue"
    assert detail["Concealed kong, all honour matched"] == "large green + medium green + small green"
    assert detail["Matched pairs"] == "4 same-colour pairs"


def test_worked_example_a_loser_by_hand_MMJ_2_pairs_only_for_the_winner():
    """Exposed honour pung 4; concealed kong with two reds 8; one opaque -2: 10."""
    h = H("green-S", ("green-M", "green-S"), ("red-L", "red-M", "blue-S"), (), ("black-S",), pe=True)
    hv = hand_value(1, h, "green", winner=False, opaques_in_play=IN_PLAY)
    assert names(hv) == {"Exposed matched honour pung": (4, 0), "Concealed kong, 2 matched": (8, 0),
                         "Small opaques held": (-2, 0)}
    assert hv.value == 10


def test_MMJ_1_and_MMJ_5_matched_means_same_colour_and_each_pile_takes_one_line():
    for kong, honour, exposed, line, pts in (
            (("red-L", "blue-M", "green-S"), "red", False, "Concealed kong, no matches", 4),
            (("red-L", "blue-M", "green-S"), "red", True, "Exposed kong, no matches", 2),
            (("red-L", "red-M", "green-S"), "blue", True, "Exposed kong, 2 matched", 4),
            (("red-L", "red-M", "green-S"), "red", True, "Exposed kong, 2 honour matched", 8),
            (("red-L", "green-M", "green-S"), "red", False, "Concealed kong, 2 matched", 8),
            (("red-L", "red-M", "red-S"), "blue", True, "Exposed kong, all matched", 8),
            (("red-L", "red-M", "red-S"), "red", True, "Exposed kong, all honour matched", 16),
            (("red-L", "red-M", "red-S"), "blue", False, "Concealed kong, all matched", 16),
            (("red-L", "red-M", "red-S"), "red", False, "Concealed kong, all honour matched", 32),
            (("red-L", "green-M", "green-S"), "green", False, "Concealed kong, 2 honour matched", 16)):
        hv = hand_value(0, H(kong=kong, ke=exposed), honour, winner=False, opaques_in_play=IN_PLAY)
        assert names(hv)[line] == (pts, 0), line
    for pung, honour, exposed, line, pts in ((("red-M", "red-S"), "blue", True, "Exposed matched pung", 2),
                                             (("red-M", "red-S"), "red", True, "Exposed matched honour pung", 4),
                                             (("red-M", "red-S"), "blue", False, "Concealed matched pung", 4),
                                             (("red-M", "red-S"), "red", False, "Concealed matched honour pung", 8)):
        assert names(hand_value(0, H(pung=pung, pe=exposed), honour, winner=False, opaques_in_play=IN_PLAY))[line] == (pts, 0)
    unmatched = hand_value(0, H(pung=("red-M", "blue-S")), "red", winner=False, opaques_in_play=IN_PLAY)
    assert not any("pung" in n for n in names(unmatched))        # an unmatched bush scores nothing


def test_MMJ_4_incomplete_piles_score_no_pile_line():
    hv = hand_value(0, H(pung=("red-M", None), kong=("red-L", "red-M", None)), "red", winner=False,
                    opaques_in_play=IN_PLAY)
    assert not any("pung" in n or "kong" in n for n in names(hv))


def test_MMJ_2_pairs_are_disjoint_same_colour_pairs_over_piles_and_bonus_stack():
    h = H("red-S", ("red-M", "red-S"), ("red-L", "blue-M", "blue-S"), ("red-L", "blue-L", "cyan-L"))
    hv = hand_value(0, h, "red", winner=True, opaques_in_play=IN_PLAY)
    assert names(hv)["Matched pairs"] == (2 * (5 // 2 + 3 // 2), 0)        # reds 5 -> 2, blues 3 -> 1
    assert "Matched pairs" not in names(hand_value(1, h, "red", winner=False, opaques_in_play=IN_PLAY))


def test_bonus_stack_lines_and_the_no_honour_line_needs_four_pieces():
    for bonus, line, value in ((("red-L",) * 4, "Bonus stack, no honour pieces", (2, 0)),
                               (("green-L", "red-L"), "Bonus stack, 1 honour piece", (4, 0)),
                               (("green-L", "green-L"), "Bonus stack, 2 honour pieces", (8, 0)),
                               (("green-L",) * 3, "Bonus stack, 3 honour pieces", (16, 0)),
                               (("green-L",) * 4, "Bonus stack, four honour pieces", (0, 1))):
        assert names(hand_value(0, H(bonus=bonus), "green", winner=False, opaques_in_play=IN_PLAY))[line] == value
    three = hand_value(0, H(bonus=("red-L",) * 3), "green", winner=False, opaques_in_play=IN_PLAY)
    assert not any(n.startswith("Bonus") for n in names(three))


def test_MMJ_6_all_opaques_is_three_doubles_in_all_and_no_penalty():
    h = H(kong=("red-L", None, None), bonus=("red-L",) * 4, opaques=("black-S",) * 5 + ("white-S",) * 5)
    hv = hand_value(0, h, "green", winner=False, opaques_in_play=IN_PLAY)
    assert names(hv)["All small opaques"] == (0, 3) and "All small whites" not in names(hv)
    assert "Small opaques held" not in names(hv)
    # bonus stack no honour 2, no honour pieces 8; solid colour 1 double + 3 = 4 doubles
    assert hv.base == 10 and hv.doubles == 4 and hv.value == 160


def test_MMJ_6_one_full_colour_is_one_double_and_the_other_colour_still_costs():
    h = H(opaques=("white-S",) * 5 + ("black-S",) * 2)
    hv = hand_value(0, h, "green", winner=False, opaques_in_play=IN_PLAY)
    assert names(hv)["All small whites"] == (0, 1) and names(hv)["Small opaques held"] == (-4, 0)
    assert hv.value == -8                                          # MMJ-24: a negative base is doubled too


def test_MMJ_7_all_in_play_with_three_players_is_four():
    h = H(opaques=("white-S",) * 4)
    assert "All small whites" in names(hand_value(0, h, "red", winner=False,
                                                  opaques_in_play={"black": 4, "white": 4}))
    assert "All small whites" not in names(hand_value(0, h, "red", winner=False, opaques_in_play=IN_PLAY))


def test_MMJ_14_opaques_do_not_count_for_solid_colour_or_no_honour_and_MMJ_24_negative_doubles():
    h = H("red-S", kong=("red-L", None, None), opaques=("black-S",) * 3)
    hv = hand_value(0, h, "green", winner=False, opaques_in_play=IN_PLAY)
    assert names(hv)["Solid colour hand"] == (0, 1) and names(hv)["No honour pieces"] == (8, 0)
    assert hv.value == (8 - 6) * 2
    honour = hand_value(0, H("red-S", kong=("red-L", None, None)), "red", winner=False, opaques_in_play=IN_PLAY)
    assert names(honour)["Solid colour honour hand"] == (0, 3) and "Solid colour hand" not in names(honour)
    neg = hand_value(0, H("red-S", kong=("red-L", None, None), opaques=("black-S",) * 4), "red", winner=False,
                     opaques_in_play=IN_PLAY)
    assert neg.value == -8 * 8


def test_MMJ_25_all_chows_adds_nothing():
    assert not any("chow" in i.name.lower() for i in hand_value(
        0, H("red-S", ("blue-M", "blue-S"), ("green-L", "green-M", "green-S")), "green", winner=True,
        opaques_in_play=IN_PLAY).items)


def test_MMJ_26_a_penalised_player_scores_piles_as_exposed_and_gets_no_opaque_bonus():
    h = H(pung=("red-M", "red-S"), kong=("red-L", "red-M", "red-S"), opaques=("white-S",) * 5, pen=True)
    n = names(hand_value(0, h, "red", winner=False, opaques_in_play=IN_PLAY))
    assert n["Exposed matched honour pung"] == (4, 0) and n["Exposed kong, all honour matched"] == (16, 0)
    assert "All small whites" not in n and n["Small opaques held"] == (-10, 0)


# --------------------------------------------------------------------------- settlement

def test_MMJ_10_and_MMJ_11_settlement_by_hand_non_east_winner():
    values = {0: 52, 1: 10, 2: -8, 3: 32}
    t = settle(values, winner=0, east=1)
    got = [(x.payer, x.payee, x.amount) for x in t]
    assert got[:3] == [(1, 0, 104), (2, 0, 52), (3, 0, 52)]             # East pays 2V, the others V
    assert got[3:] == [(2, 1, 36), (1, 3, 44), (2, 3, 40)]              # pairs with East doubled
    net = [0] * 4
    for x in t:
        net[x.payee] += x.amount
        net[x.payer] -= x.amount
    assert net == [208, -112, -128, 32] and sum(net) == 0
    assert net[0] == 4 * 52                                             # "four times the value"


def test_MMJ_10_an_east_winner_collects_double_from_everyone():
    values = {0: 52, 1: 10, 2: -8, 3: 32}
    t = settle(values, winner=0, east=0)
    assert [(x.payer, x.amount) for x in t[:3]] == [(1, 104), (2, 104), (3, 104)]
    assert sum(x.amount for x in t if x.payee == 0) == 6 * 52           # "six times their hand value"
    assert [(x.payer, x.payee, x.amount) for x in t[3:]] == [(2, 1, 18), (1, 3, 22), (2, 3, 40)]
    # the doubling is East's win, not a loser's payment (seen at the table: "You pay Ana 224 — East pays double"
    # with Ana East and the winner)
    assert {x.why for x in t[:3]} == {"Mah Jongg (East wins double): 52 × 2 = 104"}
    assert [x.why for x in settle(values, winner=0, east=1)[:2]] == ["Mah Jongg (East pays double): 52 × 2 = 104",
                                                                     "Mah Jongg: the winning hand is worth 52"]


def test_a_negative_winner_value_flows_the_other_way_and_equal_hands_pay_nothing():
    t = settle({0: -4, 1: 3, 2: 3}, winner=0, east=2)
    assert [(x.payer, x.payee, x.amount) for x in t] == [(0, 1, 4), (0, 2, 8)]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-500, 5000), min_size=2, max_size=4), st.data())
def test_settlements_always_sum_to_zero_and_never_pay_a_negative(vals, data):
    n = len(vals)
    winner = data.draw(st.integers(0, n - 1))
    east = data.draw(st.integers(0, n - 1))
    t = settle(dict(enumerate(vals)), winner, east)
    net = [0] * n
    for x in t:
        assert x.amount > 0 and x.payer != x.payee
        net[x.payee] += x.amount
        net[x.payer] -= x.amount
    assert sum(net) == 0


# --------------------------------------------------------------------------- in play

NEEDS_CHOW = {"chow": [None], "pung": ["blue-M", "blue-S"], "kong": ["green-L", "green-M", "green-S"]}
OTHER = {"chow": ["cyan-S"], "pung": ["cyan-M", None], "kong": ["cyan-L", None, None]}


def won_on(piece, declare_after_next_roll=False, hand=NEEDS_CHOW, slot="chow-S", **options):
    st = dealt([hand, OTHER, dict(OTHER), dict(OTHER)], **options)
    st = draw(st, piece)
    st, _ = act(st, 0, Keep(slot))
    assert st.turn == 1 and MahJongg() in RULES.legal_actions(st, 0)
    if declare_after_next_roll:
        st = draw(st, "orange-S")
        st, _ = act(st, 1, Keep("discard"))
        for s in st.asked:
            st, ev = act(st, s, MahJongg() if s == 0 else Pass())
        return find(ev, "round_end")
    st, ev = act(st, 0, MahJongg())
    return find(ev, "round_end")


def lines_of(end, seat):
    return {l["name"]: l["value"] for l in end.data["lines"] if l["seat"] == seat}


def test_MMJ_13_and_MMJ_22_going_out_on_a_drawn_small_yellow():
    end = won_on("yellow-S")
    mine = lines_of(end, 0)
    assert mine["Golden Rooster"] == 100 and mine["Winning piece drawn"] == 2
    # 100 + 2 + 8 MJ + 4 concealed pung + 32 concealed all-honour kong + pairs (blue 1, green 1) 4
    # - 4 for the dealt black and white = 146
    assert mine["Hand value"] == 146 and "Original hand" not in mine     # the Chow small was not dealt here
    assert end.data["winner"] == 0 and end.data["honour"] == "green"


def test_MMJ_12_original_hand_when_the_three_dealt_pieces_never_left():
    hand = {"chow": ["red-S"], "pung": ["blue-M", None], "kong": ["green-L", "green-M", "green-S"]}
    mine = lines_of(won_on("blue-S", hand=hand, slot="pung-S"), 0)
    assert mine["Original hand"] == "3 doubles"
    # pairs blue 1 + green 1 = 4, pung 4, kong 32, Mah Jongg 8, drawn 2, two opaques -4: 46, three doubles
    assert mine["Hand value"] == 46 * 8


def test_MMJ_13_holding_a_small_yellow_without_going_out_on_it_is_no_rooster():
    st = dealt([dict(NEEDS_CHOW, pung=["blue-M", None], chow=["yellow-S"]), OTHER, dict(OTHER), dict(OTHER)])
    st = draw(st, "blue-S")
    st, _ = act(st, 0, Keep("pung-S"))
    st, ev = act(st, 0, MahJongg())
    assert "Golden Rooster" not in lines_of(find(ev, "round_end"), 0)


def test_MMJ_23_special_hands_off_means_no_rooster():
    assert "Golden Rooster" not in lines_of(won_on("yellow-S", special_hands=False), 0)


def test_MMJ_22_no_drawn_bonus_once_another_roll_has_been_made():
    mine = lines_of(won_on("red-S", declare_after_next_roll=True), 0)
    assert "Winning piece drawn" not in mine and mine["Going Mah Jongg"] == 8


def test_MMJ_12_no_original_hand_once_a_dealt_piece_has_left():
    st = dealt([dict(NEEDS_CHOW, chow=["red-S"], kong=["green-L", "green-M", None]), OTHER, dict(OTHER), dict(OTHER)])
    assert st.screens[0].original
    st = draw(st, "red-L")
    st, _ = act(st, 0, Keep("kong-L"))                      # the dealt large goes
    for s in st.asked:
        st, _ = act(st, s, Pass())
    for seat in (1, 2, 3):
        st = draw(st, "orange-S")
        st, _ = act(st, seat, Keep("discard"))
        for s in st.asked:
            st, _ = act(st, s, Pass())
    st = draw(st, "green-S")
    st, _ = act(st, 0, Keep("kong-S"))
    st, ev = act(st, 0, MahJongg())
    assert "Original hand" not in lines_of(find(ev, "round_end"), 0)


def test_a_hand_end_pays_by_transfers_that_match_the_scores():
    end = won_on("red-S")
    net = [0] * 4
    for t in end.data["transfers"]:
        net[t["payee"]] += t["amount"]
        net[t["payer"]] -= t["amount"]
    assert list(end.data["totals"]) == net and sum(net) == 0


def test_each_payment_says_its_sum():
    # MMJ-10 / MMJ-11 by hand: seat 0 wins with 6, East (seat 2) holds 4, seat 1 holds -2.
    # Seat 1 pays 6; East pays double, 12; the losers settle 4 - (-2) = 6, doubled as East is one.
    t = {(x.payer, x.payee): (x.amount, x.why) for x in settle({0: 6, 1: -2, 2: 4}, winner=0, east=2)}
    assert t[(1, 0)] == (6, "Mah Jongg: the winning hand is worth 6")
    assert t[(2, 0)] == (12, "Mah Jongg (East pays double): 6 × 2 = 12")
    assert t[(1, 2)] == (12, "Difference of hands (East doubles): 4 − (−2) = 6, × 2 for East = 12")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-20, 60), min_size=2, max_size=4), st.data())
def test_every_payments_sum_comes_out_at_the_amount(values, data):
    winner = data.draw(st.integers(0, len(values) - 1))
    east = data.draw(st.integers(0, len(values) - 1))
    for x in settle(dict(enumerate(values)), winner, east):
        if "worth" in x.why:                       # a single payment: the winner's value, paid as it is
            assert x.amount == abs(values[winner])
        else:
            assert x.why.rsplit(" = ", 1)[-1] == str(x.amount), x.why
