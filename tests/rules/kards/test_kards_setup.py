"""Components, seating and break dice, the kong box, the deal and the start-of-round replacements."""

from collections import Counter

from game.core.kit.tiles import ALL_PIECES, kind_of
from game.core.kit.wall import KARDS_BOX, Wall
from game.core.protocol import CHANCE
from game.rules.kards import RULES, census
from game.rules.kards.actions import ConcealedKong, Dice, Discard, Done, MahJongg

from .kards_helpers import act, chance, dealt, setup

JUNK0 = "B1 B5 B9 C1 C4 C7 D2 D5 D8 WE WS WW DR DG"
JUNK1 = "B2 B6 C2 C5 C8 D1 D4 D7 WN WN DW C9 D9"
JUNK2 = "B3 B7 C3 C6 D3 D6 D9 WE WS WW DR DG DW"
JUNK3 = "B4 B8 C1 C4 C7 D2 D5 D8 WE WS WW DR DG"


def test_144_kards_with_four_flowers_and_four_seasons():
    assert len(ALL_PIECES) == 144
    kinds = Counter(kind_of(p) for p in ALL_PIECES)
    assert sum(n for k, n in kinds.items() if k >= 34) == 8
    assert all(kinds[k] == 4 for k in range(34))
    st = RULES.new_game(setup())
    assert sorted(census(st)) == sorted(ALL_PIECES)


def test_KRD_33_highest_die_is_east_and_tied_highest_roll_again():
    st = RULES.new_game(setup())
    assert RULES.to_act(st) == (CHANCE,) and st.phase == "seat_roll"
    assert [a for a, _ in RULES.outcomes(st)] == [Dice((f,)) for f in range(1, 7)]
    for face in (3, 5, 5, 2):
        st = chance(st, [face])
    assert st.phase == "seat_roll" and st.roll_group == [1, 2]     # the two fives roll again
    events = []
    st = chance(st, [4], events)
    st = chance(st, [6], events)
    assert st.east == 2 and st.dealer == 2 and st.phase == "side_roll"
    assert any(e.kind == "seated" and e.data["east"] == 2 for e in events)
    assert RULES.view(st, 0).seating_rolls == ((0, 3), (1, 5), (2, 5), (3, 2), (1, 4), (2, 6))


def _seated(east_face_seat=0):
    st = RULES.new_game(setup())
    for s in range(4):
        st = chance(st, [6 if s == east_face_seat else 1])
    return st


def test_KRD_7_two_dice_pick_the_side_and_three_dice_the_break():
    st = _seated(1)
    assert len(RULES.outcomes(st)) == 36
    for faces, wind_steps in (((2, 3), 0), ((1, 1), 1), ((3, 4), 2), ((6, 6), 3), ((4, 4), 3), ((5, 5), 1)):
        after = chance(st, faces)
        assert after.break_side == (1 + wind_steps) % 4, faces
    st = chance(st, (2, 3))
    assert len(RULES.outcomes(st)) == 216
    events = []
    st = chance(st, (6, 5, 4), events)
    assert st.break_dice == (6, 5, 4)
    assert any(e.kind == "dice" and e.data["stack"] == 15 for e in events)


def test_deal_4_4_4_1_and_the_dealers_extra_leaves_77_in_the_live_wall_KRD_6():
    st = chance(chance(_seated(3), (2, 3)), (1, 1, 1))
    flowers = sum(len(b) for b in st.bonus)
    dealer = st.dealer
    assert dealer == 3
    for s in range(4):
        assert len(st.hands[s]) == (14 if s == dealer else 13)
        assert not any(kind_of(p) >= 34 for p in st.hands[s])
    assert st.wall.remaining == 77                           # 144 - 53 - 14
    assert len(st.wall.box) == 14 - flowers                  # replacements came from the kong box
    assert st.phase in ("turn", "setup")
    assert sum(census(st).values()) == 144


def test_KRD_6_the_kong_box_is_topped_up_to_four_from_the_live_wall():
    hands = ["B1 B1 B1 B1 C1 C4 C7 D2 D5 D8 WE WS WW DR", JUNK1, JUNK2, JUNK3]
    st = dealt(hands)
    assert st.phase == "setup" and RULES.to_act(st) == (0,)
    assert ConcealedKong("B1") in RULES.legal_actions(st, 0)
    live, box = st.wall.live, st.wall.box
    st.wall = Wall(live[:-10], box[:4] + live[-10:][::-1][:0], KARDS_BOX)   # a box of exactly 4
    before_live = st.wall.remaining
    far_end = st.wall.live[-1]
    st = act(st, 0, ConcealedKong("B1"))
    assert len(st.wall.box) == 4                         # 4 - 1 replacement + 1 topped up
    assert st.wall.remaining == before_live - 1
    assert st.wall.box[-1] == far_end                    # taken from the live wall's far end


def test_KRD_32_flowers_are_replaced_from_the_kong_box_in_turn_order_from_the_dealer():
    hands = ["F1 B5 B9 C1 C4 C7 D2 D5 D8 WE WS WW DR DG", JUNK1, "S3 B7 C3 C6 D3 D6 D9 WE WS WW DR DG DW", JUNK3]
    st = dealt(hands, box=["C9", "B8"], east=0)
    assert st.bonus[0] == ["F1#1"] and st.bonus[2] == ["S3#1"]
    assert "C9#2" in st.hands[0]          # the box's first card went to the dealer (C9#1 is in seat 1's hand)
    assert "B8#2" in st.hands[2]          # the next to the player after (B8#1 is in seat 3's hand)
    assert len(st.hands[0]) == 14 and len(st.hands[2]) == 13
    assert st.phase == "turn" and RULES.to_act(st) == (0,)


def test_KRD_32_a_player_may_declare_a_concealed_kong_before_play_or_not():
    hands = [JUNK0, "C5 C5 C5 C5 C8 D1 D4 D7 WN WN DW C9 D9", JUNK2, JUNK3]
    st = dealt(hands, box=["B3"])
    assert st.phase == "setup" and RULES.to_act(st) == (1,)     # only seat 1 holds four of a kind
    assert set(RULES.legal_actions(st, 1)) == {Done(), ConcealedKong("C5")}
    st = act(st, 1, Done())
    assert st.phase == "turn" and RULES.to_act(st) == (0,) and st.melds[1] == []
    hands[0] = "B2 B2 B2 B2 C4 C7 D2 D5 D8 WE WS WW DR DG"
    st = dealt(hands, box=["B3", "D3"])
    assert RULES.to_act(st) == (0,) and st.phase == "setup"
    assert set(RULES.legal_actions(st, 0)) == {Done(), ConcealedKong("B2")}
    st = act(st, 0, ConcealedKong("B2"))
    assert st.melds[0][0].concealed and "B3#2" in st.hands[0] and len(st.hands[0]) == 11
    assert RULES.to_act(st) == (1,) and st.phase == "setup"     # seat 1 is asked next
    st = act(st, 1, Done())
    assert st.phase == "turn" and RULES.to_act(st) == (0,) and st.melds[1] == []


def test_want_original_the_dealer_may_win_with_the_dealt_hand():
    hands = ["B1 B2 B3 C4 C5 C6 D7 D8 D9 WE WE WE DR DR", JUNK1, JUNK2, JUNK3.replace("WE", "B5")]
    st = dealt(hands)
    assert MahJongg() in RULES.legal_actions(st, 0)
    events = []
    st = act(st, 0, MahJongg(), events)
    mj = next(e for e in events if e.kind == "mahjongg")
    assert mj.data["seat"] == 0 and mj.data["hand"] == tuple(sorted(mj.data["hand"], key=ALL_PIECES.index))
    assert st.win["ctx"].original


def test_an_incomplete_dealt_hand_offers_no_mahjongg_only_discards():
    hands = ["B1 B2 B3 C4 C5 C6 D7 D8 D9 WE WE WE DR C9", JUNK1, JUNK2, JUNK3.replace("WE", "B5")]
    st = dealt(hands)
    assert MahJongg() not in RULES.legal_actions(st, 0)
    assert Discard("C9#1") in RULES.legal_actions(st, 0)
