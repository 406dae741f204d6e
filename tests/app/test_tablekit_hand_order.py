"""tablekit.hand_order: a seat's own order of its hand — sorted the game's ways, arranged by hand,
kept as pieces come and go, one entry per seat, plain JSON in the store it is given."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from game.app.tablekit.hand_order import CLASSIC_SORTS, OWN, STORE_KEY, HandOrder, drop_index
from game.core.kit.tiles import piece_ids

HAND = ["D2#1", "B3#1", "WE#1", "C1#1", "B1#1", "D1#2", "C2#3"]


def order(store=None):
    return HandOrder({} if store is None else store, CLASSIC_SORTS)


def test_sorted_by_suit_and_by_number():
    o = order()
    assert o.mode(0) == "suit" and o.label(0) == "Sort by number"        # what a press does
    assert o.arrange(0, HAND) == (("B1#1", "B3#1", "C1#1", "C2#3", "D1#2", "D2#1", "WE#1"), False)
    assert o.cycle(0) == "number"
    assert o.arrange(0, HAND)[0] == ("B1#1", "C1#1", "D1#2", "C2#3", "D2#1", "B3#1", "WE#1")
    assert o.label(0) == "Sort by suit"
    assert o.cycle(0) == "suit"


def test_a_drawn_piece_stands_apart_then_takes_its_sorted_place():
    o = order()
    shown, apart = o.arrange(0, HAND + ["B2#4"], "B2#4")
    assert apart and shown[-1] == "B2#4" and list(shown[:-1]) == sorted(HAND, key=CLASSIC_SORTS["suit"])
    rest = [p for p in HAND if p != "WE#1"] + ["B2#4"]          # the wind discarded, the draw kept
    assert o.arrange(0, rest) == (("B1#1", "B2#4", "B3#1", "C1#1", "C2#3", "D1#2", "D2#1"), False)


def test_moving_by_keys_makes_the_order_the_players_own_and_stops_at_the_ends():
    o = order()
    shown = o.arrange(0, HAND)[0]
    assert o.move(0, shown, "WE#1", -2)
    mine = o.arrange(0, HAND)[0]
    assert mine == ("B1#1", "B3#1", "C1#1", "C2#3", "WE#1", "D1#2", "D2#1")
    assert o.mode(0) == OWN and o.label(0) == "Sort by suit"              # back to the sort it had
    assert not o.move(0, mine, "B1#1", -1)                   # already first
    assert not o.move(0, mine, "F1#1", 1)                    # not in the hand
    assert o.arrange(0, HAND)[0] == mine


def test_a_drop_puts_the_piece_among_the_others_and_a_drop_in_place_changes_nothing():
    o = order()
    shown = o.arrange(0, HAND)[0]                            # B1 B3 C1 C2 D1 D2 WE
    assert not o.place(0, shown, "C1#1", 2) and o.mode(0) == "suit"
    assert o.place(0, shown, "B1#1", 6)
    assert o.arrange(0, HAND)[0] == ("B3#1", "C1#1", "C2#3", "D1#2", "D2#1", "WE#1", "B1#1")


def test_an_arranged_hand_drops_leavers_and_puts_new_pieces_at_the_end():
    o = order()
    o.set_own(0, ["WE#1", "D2#1", "B3#1", "C1#1", "B1#1", "D1#2", "C2#3"])
    hand = HAND + ["B9#1"]
    shown, apart = o.arrange(0, hand, "B9#1")                # drawn: apart at the end
    assert apart and shown == ("WE#1", "D2#1", "B3#1", "C1#1", "B1#1", "D1#2", "C2#3", "B9#1")
    hand.remove("D2#1")                                      # discarded
    assert o.arrange(0, hand) == (("WE#1", "B3#1", "C1#1", "B1#1", "D1#2", "C2#3", "B9#1"), False)
    hand.append("C9#2")                                      # the next draw, then a claim takes two
    o.arrange(0, hand, "C9#2")
    hand = [p for p in hand if p not in ("B3#1", "C1#1")]
    assert o.arrange(0, hand) == (("WE#1", "B1#1", "D1#2", "C2#3", "B9#1", "C9#2"), False)


def test_a_drawn_piece_moved_into_the_row_stays_there():
    o = order()
    hand = HAND + ["B2#4"]
    shown = o.arrange(0, hand, "B2#4")[0]
    assert o.move(0, shown, "B2#4", -6)
    shown, apart = o.arrange(0, hand, "B2#4")
    assert not apart and shown.index("B2#4") == 1


def test_moving_another_piece_leaves_the_drawn_one_apart_until_it_joins_the_end():
    o = order()
    hand = HAND + ["B2#4"]
    shown, apart = o.arrange(0, hand, "B2#4")
    assert o.move(0, shown, "WE#1", -6, apart="B2#4")
    shown, apart = o.arrange(0, hand, "B2#4")
    assert apart and shown[0] == "WE#1" and shown[-1] == "B2#4"
    rest = [p for p in hand if p != "B1#1"]                  # another card discarded: the draw joins the end
    assert o.arrange(0, rest) == (tuple(p for p in shown if p != "B1#1"), False)
    shown, _ = o.arrange(0, rest + ["C9#1"], "C9#1")         # a card moved past the draw: it joins the row
    assert o.place(0, shown, "WE#1", 99, apart="C9#1")
    assert o.arrange(0, rest + ["C9#1"], "C9#1")[0][-2:] == ("C9#1", "WE#1")


def test_the_sort_button_sorts_an_arranged_hand_again_the_way_it_last_was():
    o = order()
    o.cycle(0)                                               # number
    o.move(0, o.arrange(0, HAND)[0], "WE#1", -6)
    assert o.mode(0) == OWN
    assert o.cycle(0) == "number"
    assert o.arrange(0, HAND)[0][0] == "B1#1" and o.arrange(0, HAND)[0][-1] == "WE#1"


def test_each_seat_keeps_its_own_entry_and_it_holds_only_that_seats_pieces():
    store = {}
    o = order(store)
    other = ["B5#1", "B6#1", "C7#1"]
    o.set_own(1, list(reversed(other)))
    o.cycle(0)
    o.move(0, o.arrange(0, HAND)[0], "WE#1", -1)
    assert o.arrange(1, other)[0] == ("C7#1", "B6#1", "B5#1")
    assert set(store[STORE_KEY]["0"]["order"]) == set(HAND)
    assert set(store[STORE_KEY]["1"]["order"]) == set(other)
    assert o.mode(2) == "suit"                               # a seat never arranged: the first sort


def test_the_store_is_plain_json_and_survives_a_round_trip():
    store = {"level": "x"}
    o = order(store)
    o.move(0, o.arrange(0, HAND)[0], "B1#1", 3)
    mine = o.arrange(0, HAND)[0]
    again = order(json.loads(json.dumps(store)))
    assert again.arrange(0, HAND)[0] == mine and again.mode(0) == OWN


def test_bad_stored_data_is_forgotten_not_fatal():
    for bad in ("nonsense", {"0": 7}, {"0": {"mode": "colour"}}, {"0": {"mode": OWN, "order": "B1#1"}},
                {"0": {"mode": OWN, "order": [3, None, "B1#1", "B1#1"]}}):
        o = order({STORE_KEY: bad})
        shown, _ = o.arrange(0, HAND)
        assert sorted(shown) == sorted(HAND)
        assert o.mode(0) in ("suit", OWN)


def test_drop_index_counts_the_others_left_of_the_point():
    assert drop_index([10, 20, 30], 5) == 0
    assert drop_index([10, 20, 30], 25) == 2
    assert drop_index([10, 20, 30], 99) == 3


PIECES = list(piece_ids())


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(PIECES), min_size=1, max_size=14, unique=True), st.data())
def test_arrange_always_shows_exactly_the_hand_with_the_drawn_piece_last_when_apart(hand, data):
    o = order()
    for _ in range(data.draw(st.integers(0, 4))):             # some sorting and moving first
        shown = o.arrange(0, hand)[0]
        if data.draw(st.booleans()):
            o.cycle(0)
        else:
            o.move(0, shown, data.draw(st.sampled_from(shown)), data.draw(st.integers(-5, 5)))
    drawn = data.draw(st.sampled_from(hand + [None]))
    shown, apart = o.arrange(0, hand, drawn)
    assert sorted(shown) == sorted(hand)
    if apart:
        assert shown[-1] == drawn
