"""Components, the dealer's dice, the opening throw, the deal with flowers (sections 1-2; CUZ-10, 16, 23)."""

from __future__ import annotations

from collections import Counter

from cuz_support import roll_until_dealt, setup
from game.core.match import Match
from game.core.protocol import CHANCE
from game.rules.cuzzins import RULES, Dice
from game.rules.cuzzins.state import census
from game.rules.cuzzins.tiles import PIECES, is_flower


def dealt(seed=1, dice=((6, 5), (2, 3), (1, 1), (4, 4), (1, 2))):
    s, events = roll_until_dealt(RULES.new_game(setup(seed)), dice)
    return s, events


def test_144_tiles_and_36_of_them_flowers():
    assert len(PIECES) == 144 and len(set(PIECES)) == 144
    assert sum(is_flower(p) for p in PIECES) == 36          # 16 winds, 12 dragons, 8 flowers and seasons


def test_the_high_throw_deals_and_dice_go_through_the_chance_seat():
    s = RULES.new_game(setup())
    assert RULES.to_act(s) == (CHANCE,) and RULES.prompt(s).kind == "chance"
    outcomes = RULES.outcomes(s)
    assert len(outcomes) == 36 and sum(p for _, p in outcomes) == 1
    s, events = roll_until_dealt(s, [(6, 5), (2, 3), (1, 1), (4, 4), (1, 2)])
    assert s.dealer == 0 and s.throws == ((0, 6, 5), (1, 2, 3), (2, 1, 1), (3, 4, 4))
    assert [e.data["seat"] for e in events if e.kind == "dealer"] == [0]


def test_tied_high_throws_throw_again_CUZ_23():
    m = Match(setup(), RULES, forced=[Dice(6, 6), Dice(1, 2), Dice(5, 6), Dice(6, 6), Dice(2, 2), Dice(3, 3),
                                      Dice(1, 2)])
    seen = []
    while m.to_act() == (CHANCE,):
        seen += m.roll()
    assert any(e.kind == "dice_tie" and list(e.data["seats"]) == [0, 3] for e in seen)
    assert m.state.dealer == 3          # seat 3 threw 6 in the re-throw, seat 0 threw 4
    assert [t[0] for t in m.state.throws] == [0, 1, 2, 3, 0, 3]


def test_opening_throw_picks_the_mano_counting_from_the_dealer():
    # 1.9: 1/5/9 the dealer, 2/6/10 the next player, 3/7/11 the one after, 4/8/12 the last
    for total, offset in ((5, 0), (9, 0), (2, 1), (6, 1), (10, 1), (3, 2), (7, 2), (11, 2), (4, 3), (8, 3), (12, 3)):
        a = min(6, total - 1)
        s, _ = dealt(dice=((6, 5), (2, 3), (1, 1), (4, 4), (a, total - a)))
        assert s.mano == (s.dealer + offset) % 4, total


def test_a_double_on_the_opening_throw_makes_a_double_dice_hand_CUZ_10():
    s, events = dealt(dice=((6, 5), (2, 3), (1, 1), (4, 4), (3, 3)))
    assert RULES.view(s, 1).double_dice
    assert any(e.kind == "dice" and e.data["purpose"] == "open" and e.data["double"] for e in events)
    s2, _ = dealt(dice=((6, 5), (2, 3), (1, 1), (4, 4), (3, 4)))
    assert not RULES.view(s2, 1).double_dice


def test_the_deal_gives_16_tiles_and_the_dealer_17_with_every_flower_laid_out():
    for seed in range(1, 6):
        s, events = dealt(seed)
        sizes = [len(h) for h in s.hands]
        assert sizes[s.dealer] == 17 and sorted(sizes) == [16, 16, 16, 17]
        assert not any(is_flower(p) for h in s.hands for p in h)
        assert sum(len(f) for f in s.flowers) == sum(1 for e in events if e.kind == "flower")
        assert census(s) == Counter(PIECES)
        assert RULES.to_act(s) == (s.dealer,) and s.first_turn


def test_flowers_are_replaced_from_the_loose_tiles_which_renew_in_pairs_CUZ_16():
    s, events = dealt(3)
    n = sum(len(f) for f in s.flowers)
    assert n > 2                                           # enough flowers to use several pairs of loose tiles
    assert len(s.wall.box) in (1, 2)
    # 144 = hands + flowers + live + box: the live wall lost the dealt tiles and the renewed pairs
    assert 65 + n + s.wall.remaining + len(s.wall.box) == 144
    loose = [e for e in events if e.kind == "drew" and e.data["from"] == "loose"]
    assert len(loose) == n


def test_the_deal_is_private_each_seat_sees_only_its_own_tiles():
    s, events = dealt(2)
    for e in events:
        if e.kind == "dealt":
            assert e.visible_to == frozenset({e.data["seat"]}) and "tiles" not in e.public
        if e.kind == "drew":
            assert e.visible_to == frozenset({e.data["seat"]}) and "tile" not in e.public
