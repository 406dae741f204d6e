"""Round end: payments (KRD-13, KRD-14), seat rotation (KRD-25), game length (KRD-26, KRD-27)."""

import re
from fractions import Fraction as F

from game.core.protocol import CHANCE
from game.rules.kards import RULES, ending
from game.rules.kards.actions import Discard, MahJongg, Pass

from .kards_helpers import act, dealt, discard

DEALER = "WE B1 C1 D1 B9 C9 D9 WW WN DR DG DW C5 D5"
S1 = "C7 C8 D7 D8 WS WS WN DR DG DW B6 C6 D6"
PAIR_WAIT = "B1 B2 B3 C1 C2 C3 D1 D2 D3 B7 B8 B9 WE"
PUNG_WAIT = "C4 C5 C6 D4 D5 D6 B4 B5 B6 WE WE D9 D9"


def _finish_after_turns(st, events):
    while st.phase == "after":
        seat = RULES.to_act(st)[0]
        st = act(st, seat, Discard(st.drawn or st.hands[seat][-1]), events)
    return st


def test_KRD_14_each_loser_pays_the_winner_8_outside_the_multiplied_score_KRD_13():
    st = discard(dealt([DEALER, S1, PAIR_WAIT, PUNG_WAIT]), 0, "WE")
    events = []
    for seat, a in ((1, Pass()), (2, MahJongg()), (3, Pass())):
        st = act(st, seat, a, events)
    st = _finish_after_turns(st, events)
    end = next(e for e in events if e.kind == "round_end")
    pays = [t for t in end.data["transfers"] if t["payer"] is not None]
    assert sorted((t["payer"], t["payee"], t["amount"]) for t in pays) == [(0, 2, "8"), (1, 2, "8"), (3, 2, "8")]
    own = {t["payee"]: F(t["amount"]) for t in end.data["transfers"] if t["payer"] is None}
    changes = [F(x) for x in end.data["changes"]]
    assert changes[2] == own[2] + 24 and changes[0] == own.get(0, 0) - 8
    assert [F(x) for x in end.data["totals"]] == changes == st.scores
    assert any(l["name"] == "Earth Blessing" for l in end.data["lines"])      # won on the dealer's first discard


def test_KRD_14_the_dealer_winning_collects_16_from_each_and_KRD_25_keeps_the_seats():
    hands = ["B1 B2 B3 C4 C5 C6 D7 D8 D9 WE WE WE DR DR", S1, PAIR_WAIT.replace("WE", "WS"), PUNG_WAIT.replace("WE", "WN")]
    st = act(dealt(hands), 0, MahJongg())
    events = []
    st = _finish_after_turns(st, events)
    end = next(e for e in events if e.kind == "round_end")
    pays = [t for t in end.data["transfers"] if t["payer"] is not None]
    assert all(t["amount"] == "16" and t["payee"] == 0 for t in pays) and len(pays) == 3
    assert st.east == 0 and st.dealer == 0 and st.phase == "side_roll" and st.held == [0]


def test_KRD_25_every_seat_wind_moves_on_so_the_old_north_deals():
    st = dealt([DEALER, S1, PAIR_WAIT, PUNG_WAIT])
    ending.rotate(st, 2, [])
    assert st.east == 3 and st.dealer == 3 and st.seat_wind(0) == 28     # old East is now South
    st = dealt([DEALER, S1, PAIR_WAIT, PUNG_WAIT], options={"rotation": "standard"})
    ending.rotate(st, 2, [])
    assert st.east == 1 and st.dealer == 1


def test_KRD_27_a_regular_game_ends_when_the_dealer_seat_comes_back_round():
    st = dealt([DEALER, S1, PAIR_WAIT, PUNG_WAIT])
    dealers = [st.dealer]
    for _ in range(3):
        ending.rotate(st, (st.dealer + 1) % 4, [])
        dealers.append(st.dealer)
        assert not st.finished
    ending.rotate(st, st.dealer, [])                 # the dealer won: no change, the game goes on
    assert not st.finished and st.dealer == dealers[-1]
    events = []
    ending.rotate(st, (st.dealer + 1) % 4, events)
    assert dealers == [0, 3, 2, 1] and st.finished and RULES.result(st) is not None
    assert RULES.to_act(st) == () and any(e.kind == "game_end" for e in events)


def test_KRD_26_the_extended_game_moves_the_round_wind_and_lasts_16_dealerships():
    st = dealt([DEALER, S1, PAIR_WAIT, PUNG_WAIT], options={"game_length": "extended"})
    winds, changes = [st.round_wind], 0
    while not st.finished:
        ending.rotate(st, (st.dealer + 1) % 4, [])
        changes += 1
        if not st.finished and st.round_wind != winds[-1]:
            winds.append(st.round_wind)
            assert st.dealer == (st.east + st.round_wind - 27) % 4     # the seat at the round wind deals
    assert winds == [27, 28, 29, 30] and changes == 16


def test_KRD_26_the_round_wind_may_move_the_other_way_as_a_setting():
    st = dealt([DEALER, S1, PAIR_WAIT, PUNG_WAIT], options={"game_length": "extended", "round_wind_order": "ENWS"})
    winds = [st.round_wind]
    while not st.finished:
        ending.rotate(st, (st.dealer + 1) % 4, [])
        if not st.finished and st.round_wind != winds[-1]:
            winds.append(st.round_wind)
    assert winds == [27, 30, 29, 28]


def test_a_new_round_starts_with_the_break_dice_of_the_new_dealer():
    st = dealt([DEALER, S1, PAIR_WAIT, PUNG_WAIT])
    ending.rotate(st, 2, [])
    assert st.phase == "side_roll" and RULES.to_act(st) == (CHANCE,) and RULES.prompt(st).kind == "chance"
    assert sum(len(h) for h in st.hands) == 0 and st.wall.remaining == 130


def test_the_round_end_names_the_cards_the_special_hand_and_each_seats_round_in_words():
    st = discard(dealt([DEALER, S1, PAIR_WAIT, PUNG_WAIT]), 0, "WE")
    events = []
    for seat, a in ((1, Pass()), (2, MahJongg()), (3, Pass())):
        st = act(st, seat, a, events)
    st = _finish_after_turns(st, events)
    end = next(e for e in events if e.kind == "round_end").data
    text = " ".join(f"{l['name']} {l['why']}" for l in end["lines"])
    assert not re.search(r"#|\b([BCD][1-9]|W[ESWN]|D[RGW])\b", text)              # no card codes
    assert not any(isinstance(l["value"], str) and "S" in l["value"] for l in end["lines"])
    assert "1-2-3 Bamboo" in text                                   # a chow in players' words
    assert end["summary"] == "P2 (West) went Mah-Jongg, on P0 (East)'s discard."
    rounds = {l["seat"]: l for l in end["lines"] if l["name"] == "This round"}
    assert set(rounds) == {0, 1, 2, 3}
    assert [F(rounds[s]["value"]) for s in range(4)] == [F(x) for x in end["changes"]]
    assert rounds[2]["why"].endswith("received 8 from each of the others")
    assert rounds[1]["why"] == "South: hand score 8, paid 8 to West" and rounds[1]["value"] == "0"
    assert all(t["why"] == "for the Mah-Jongg" for t in end["transfers"] if t["payer"] is not None)


def test_a_special_hand_is_named_in_the_summary():
    hands = ["WE WE WE WS WS WS WW WW WW WN WN WN DR DR", S1.replace("WS WS WN", "B2 B2 B3"), PAIR_WAIT.replace("WE", "B5"),
             PUNG_WAIT.replace("WE WE", "C2 C2")]
    st = act(dealt(hands), 0, MahJongg())
    events = []
    st = _finish_after_turns(st, events)
    end = next(e for e in events if e.kind == "round_end").data
    assert end["special"] == "Happy Family Mah-Jongg"
    assert end["summary"] == "P0 (East) went Mah-Jongg with Happy Family, with the dealt hand."
    first = next(l for l in end["lines"] if l["seat"] == 0)
    assert first["name"] == "Happy Family Mah-Jongg" and first["value"] == 4000
