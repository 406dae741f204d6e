"""The kit's tiles, wall, seats, claims and ledger."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.kit import claims as C
from game.core.kit import seats as S
from game.core.kit.ledger import Ledger
from game.core.kit.tiles import (ALL_KINDS, KINDS, PieceAllocator, kind_of, name, parse_piece, piece_ids,
                                 is_bonus, is_dragon, is_honour, is_terminal, is_wind)
from game.core.kit.wall import CUZZINS_BOX, KARDS_BOX, BoxRule, Wall, WallEmpty

SETTINGS = dict(deadline=None)


# ----------------------------------------------------------------------------- tiles

def test_kinds_counts_and_ids():
    assert len(KINDS) == 34 and len(ALL_KINDS) == 42
    assert len(piece_ids()) == 136 and len(piece_ids(bonus=True)) == 144
    assert len(set(piece_ids(bonus=True))) == 144
    assert piece_ids()[:2] == ("B1#1", "B1#2") and "F1#1" in piece_ids(bonus=True)
    assert kind_of("B3#2") == 2 and kind_of("DW#4") == 33 and kind_of("S4#1") == 41
    assert name("C5#1") == "5 Characters" and name(31) == "Red Dragon"
    assert is_terminal(0) and is_terminal(26) and not is_terminal(4) and not is_terminal(27)
    assert is_wind(27) and is_dragon(33) and is_honour(30) and is_bonus(34) and not is_honour(34)


def test_parse_piece():
    assert parse_piece(" b3#2 ") == ("B3", 2)
    assert parse_piece("F1") == ("F1", None)
    assert parse_piece("f1#1") == ("F1", 1)
    for bad, message in (("X1", "not a tile"), ("F1#2", "must be 1"), ("B3#5", "1 to 4"), (7, "as text")):
        with pytest.raises(ValueError, match=message):
            parse_piece(bad)
    with pytest.raises(ValueError, match="not a Rummy tile"):
        parse_piece("F1", bonus=False, what="Rummy tile")


def test_allocator_lowest_copy_first_and_refuses_extras():
    a = PieceAllocator(["B3#1"])
    assert [a.take("B3") for _ in range(3)] == ["B3#2", "B3#3", "B3#4"]
    with pytest.raises(ValueError, match="only 4 copies of 3 Bamboo"):
        a.take("B3")
    with pytest.raises(ValueError, match="used twice"):
        a.claim_exact("B3#2")
    b = PieceAllocator(bonus=True)
    assert b.take("S2") == "S2#1"
    with pytest.raises(ValueError, match="only one"):
        b.take("S2")
    assert len(b.rest()) == 143


# ----------------------------------------------------------------------------- wall

rules = st.sampled_from([KARDS_BOX, CUZZINS_BOX, BoxRule(0, 0, 0), BoxRule(5, 3, 6)])


@settings(max_examples=150, **SETTINGS)
@given(rules, st.randoms(use_true_random=False), st.lists(st.sampled_from(["draw", "replace", "deal"]), max_size=160))
def test_wall_conserves_tiles_and_keeps_the_box_topped_up(rule, rnd, moves):
    tiles = list(piece_ids(bonus=True))
    rnd.shuffle(tiles)
    wall = Wall.build(tiles, rule)
    assert len(wall.box) == rule.size and wall.remaining == 144 - rule.size
    taken: list[str] = []
    for move in moves:
        before = wall
        try:
            if move == "draw":
                last = wall.on_last_tile
                t, wall = wall.draw()
                taken.append(t)
                assert t == before.live[0]
                assert wall.exhausted == last
            elif move == "deal":
                got, wall = wall.deal(4)
                taken.extend(got)
            else:
                t, wall = wall.replacement()
                taken.append(t)
                assert t == before.box[0]
                # topped up: at least min_box, unless the live wall ran dry first
                assert len(wall.box) >= rule.min_box or wall.exhausted
                if len(before.box) - 1 < rule.min_box and before.remaining:
                    moved = len(wall.box) - (len(before.box) - 1)
                    assert moved == min(rule.refill_to - (len(before.box) - 1), before.remaining)
                    # the moved tiles come from the live wall's far end, nearest the box first
                    assert wall.box[len(before.box) - 1:] == before.live[::-1][:moved]
        except WallEmpty:
            assert wall is before
        assert sorted(taken + list(wall.tiles())) == sorted(tiles)
        assert len(set(taken)) == len(taken)


def test_kards_wall_after_the_deal_has_77_live():
    wall = Wall.build(piece_ids(bonus=True), KARDS_BOX)
    _, wall = wall.deal(53)
    assert wall.remaining == 77 and len(wall.box) == 14


def test_cuzzins_loose_tiles_renew_in_pairs():
    tiles = [f"T{i}" for i in range(20)]
    wall = Wall.build(tiles, CUZZINS_BOX)
    assert wall.box == ("T19", "T18")
    t, wall = wall.replacement()
    assert t == "T19" and wall.box == ("T18",)
    t, wall = wall.replacement()
    assert t == "T18" and wall.box == ("T17", "T16") and wall.live[-1] == "T15"


def test_last_tile_and_empty_wall():
    wall = Wall.build(["a", "b", "c"], BoxRule(1, 0, 0))
    assert not wall.on_last_tile
    _, wall = wall.draw()
    assert wall.on_last_tile
    t, wall = wall.draw()
    assert t == "b" and wall.exhausted and wall.box == ("c",)
    with pytest.raises(WallEmpty):
        wall.draw()
    t, wall = wall.replacement()
    with pytest.raises(WallEmpty):
        wall.replacement()
    with pytest.raises(ValueError):
        Wall.build(["a"], KARDS_BOX)


# ----------------------------------------------------------------------------- seats

@given(st.integers(2, 4).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n - 1), st.integers(0, n - 1))),
       st.sampled_from([S.FORWARD, S.BACKWARD]))
def test_distance_and_order(case, direction):
    n, a, b = case
    d = S.distance(a, b, n, direction)
    assert S.step(a, n, direction, d) == b
    assert S.distance(b, a, n, -direction) == d
    order = S.order_from(a, n, direction)
    assert sorted(order) == list(range(n)) and order[0] == a and order.index(b) == d
    assert S.order_from(a, n, direction, include_start=False) == order[1:]


def test_winds_and_rotation():
    assert [S.seat_wind(s, east=2) for s in range(4)] == ["WW", "WN", "WE", "WS"]
    assert S.seat_of_wind("WS", east=2) == 3
    assert S.next_east(2) == 3 and S.next_east(2, direction=S.BACKWARD) == 1
    # KRD-25 literal: every seat's wind moves on one (East becomes South)
    new_east = S.next_east(2, direction=S.BACKWARD)
    assert S.seat_wind(2, new_east) == "WS"
    assert S.next_wind("WN") == "WE"
    with pytest.raises(ValueError):
        S.step(0, 4, 2)


# ----------------------------------------------------------------------------- claims

claim_sets = st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)), max_size=4, unique_by=lambda t: t[0])


@settings(max_examples=200, **SETTINGS)
@given(st.integers(0, 3), claim_sets, st.sampled_from([S.FORWARD, S.BACKWARD]), st.booleans())
def test_resolution_by_rank_then_seat_order(discarder, raw, direction, east_rule):
    claims = [C.Claim(seat, rank) for seat, rank in raw if seat != discarder]
    order = C.from_east(0, 4, direction) if east_rule else C.nearest_after(discarder, 4, direction)
    won = C.resolve(claims + [None], order)
    if not claims:
        assert won is None
        return
    top = max(c.rank for c in claims)
    assert won.rank == top
    rivals = [c.seat for c in claims if c.rank == top]
    assert won.seat == min(rivals, key=order.index)


def test_tie_break_orders():
    # Kards KRD-3: nearest after the discarder in turn order
    assert C.resolve([C.Claim(3, 2), C.Claim(1, 2)], C.nearest_after(0)).seat == 1
    assert C.resolve([C.Claim(3, 2), C.Claim(1, 2)], C.nearest_after(2)).seat == 3
    # Martian MMJ-15: East first, then against turn order from East
    order = C.from_east(1, 4, S.BACKWARD)
    assert order == (1, 0, 3, 2)
    assert C.resolve([C.Claim(2, 1), C.Claim(3, 1)], order).seat == 3
    # rank beats seat order; tuple ranks compare element by element (KRD-4)
    assert C.resolve([C.Claim(1, 1), C.Claim(2, 3)], C.nearest_after(0)).seat == 2
    assert C.resolve([C.Claim(1, (3, 1)), C.Claim(2, (3, 2))], C.nearest_after(0)).seat == 2
    with pytest.raises(ValueError):
        C.resolve([C.Claim(0, 1)], C.nearest_after(0))


def test_claim_window_sealed_answers():
    w = C.ClaimWindow.open(discarder=2)
    assert w.asked == (3, 0, 1) and w.waiting == (3, 0, 1) and not w.closed
    w = w.answer(0, C.Claim(0, 1, "pung"))
    w = w.answer(3, None)
    with pytest.raises(ValueError, match="already answered"):
        w.answer(0, None)
    with pytest.raises(ValueError, match="not asked"):
        w.answer(2, None)
    with pytest.raises(ValueError, match="still waits"):
        w.resolve(C.nearest_after(2))
    late = w.answer(1, C.Claim(1, 1, "pung"))
    assert late.resolve(C.nearest_after(2)).seat == 0       # 3 passed; 0 is nearer than 1
    timed_out = w.close()
    assert timed_out.closed and timed_out.answered[1] is None
    assert timed_out.resolve(C.nearest_after(2)).action == "pung"
    with pytest.raises(ValueError):
        C.ClaimWindow.open(0, asked=[0, 1])


# ----------------------------------------------------------------------------- ledger

@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 50)), max_size=12))
def test_transfers_are_zero_sum(moves):
    ledger = Ledger(4, (100, 100, 100, 100))
    for payer, payee, amount in moves:
        if payer != payee:
            ledger = ledger.pay(payer, payee, amount, "test")
    assert sum(ledger.totals()) == 400
    assert sum(line.value for line in ledger.lines()) == 0
    for seat in range(4):
        assert sum(line.value for line in ledger.lines(seat)) == ledger.changes()[seat]


def test_ledger_scores_fractions_and_lines():
    ledger = Ledger(4).score(0, Fraction(45, 4), "Hand score").pay(1, 0, 8, "Mah-Jongg")
    assert ledger.totals() == (Fraction(77, 4), -8, 0, 0)
    assert [(l.seat, l.name, l.value) for l in ledger.lines(0)] == [(0, "Hand score", Fraction(45, 4)),
                                                                    (0, "Mah-Jongg", 8)]
    assert ledger.lines(1, names=("East", "South", "West", "North"))[0].why == "to East"
    nxt = ledger.settled().pay(2, 1, 3, "Kong")
    assert nxt.totals() == (Fraction(77, 4), -5, -3, 0) and len(nxt.entries) == 1
    for bad in (lambda: ledger.pay(1, 1, 2, "x"), lambda: ledger.pay(1, 2, -2, "x"), lambda: ledger.score(5, 1, "x"),
                lambda: Ledger(4, (0, 0))):
        with pytest.raises(ValueError):
            bad()
