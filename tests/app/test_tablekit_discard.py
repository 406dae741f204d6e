"""The four-seat discard table parts (game/app/tablekit: seats4, river, melds, bonus, wall_square,
announce): layout invariants, the traditional meld shapes, river rows, the wall's counts, and
the claim announcement's animation."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.app.anim.tween import Tweener
from game.app.tablekit import announce as an
from game.app.tablekit.melds import Meld, arrange, lay_melds, source_of
from game.app.tablekit.river import lay_river
from game.app.tablekit.seats4 import (CONTROLS, INSIDE, PLATE_CLEARANCE, REGIONS, SeatShow, TableShow, lay_table,
                                      position_of)
from game.app.tablekit.seatspace import BOTTOM, KARDS, LEFT, RIGHT, TILES, TOP, frame_for
from game.app.tablekit.wall_square import (BOX, LIVE, WallShow, from_kit, layers, lay_wall, ring_index,
                                          ring_of)

CODES = [f"{s}{n}" for s in "BCD" for n in range(1, 10)] + ["WE", "WS", "WW", "WN", "DR", "DG", "DW"]
BONUS = ["F1", "F2", "F3", "F4", "S1", "S2", "S3", "S4"]
EPS = 0.01


# ---------------------------------------------------------------------- strategies

code = st.sampled_from(CODES)


@st.composite
def melds(draw):
    kind = draw(st.sampled_from(["chow", "pung", "kong", "concealed"]))
    c = draw(code)
    if kind == "concealed":
        return Meld((c,) * 4, concealed=True)
    codes = (c, c, c) if kind == "pung" else (c,) * 4 if kind == "kong" else ("B1", "B2", "B3")
    claimed = draw(st.none() | st.integers(0, len(codes) - 1))
    source = draw(st.sampled_from(["left", "across", "right"])) if claimed is not None else None
    return Meld(codes, claimed=claimed, source=source)


@st.composite
def seats(draw, position):
    n = draw(st.integers(0, 17))
    face_up = position == BOTTOM or draw(st.booleans())
    hand = tuple(draw(st.lists(code, min_size=n, max_size=n))) if face_up else (None,) * n
    return SeatShow(hand=hand, drawn=draw(st.booleans()),
                    discards=tuple(draw(st.lists(code, max_size=30))),
                    melds=tuple(draw(st.lists(melds(), max_size=4))),
                    bonus=tuple(draw(st.lists(st.sampled_from(BONUS), max_size=8))),
                    name="Somebody with a long name", wind="WE", info="East · 12,345 points", active=True)


@st.composite
def walls(draw):
    total = 144
    box = draw(st.integers(0, 14))
    taken = draw(st.integers(0, 8))
    live = draw(st.integers(0, total - box - taken))
    return WallShow(18, draw(st.integers(0, 71)), live, box, taken, draw(st.booleans()))


@st.composite
def tables(draw):
    return TableShow(tuple(draw(seats(p)) for p in (BOTTOM, RIGHT, TOP, LEFT)), draw(walls()),
                     draw(st.none() | st.integers(0, 3)))


def _overlap(a: pygame.FRect, b: pygame.FRect) -> bool:
    return a.inflate(-2 * EPS, -2 * EPS).colliderect(b.inflate(-2 * EPS, -2 * EPS))


# ---------------------------------------------------------------------- the whole table

@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=tables(), style=st.sampled_from([TILES, KARDS]))
def test_no_two_pieces_overlap_and_everything_stays_on_the_table(table, style):
    lay = lay_table(table, style)
    rects = [(p.key, p.rect) for p in lay.pieces]
    plates = [(("plate", pl.position), pl.rect) for pl in lay.plates]
    for key, r in rects + plates:
        assert INSIDE.contains(r), f"{key} at {r} leaves the table"
    square = lay.wall.square
    everything = rects + plates
    for i, (ka, ra) in enumerate(everything):
        assert not _overlap(ra, square), f"{ka} lies on the wall"
        assert not _overlap(ra, pygame.FRect(CONTROLS)), f"{ka} lies where the buttons go"
        for kb, rb in everything[i + 1:]:
            assert not _overlap(ra, rb), f"{ka} {ra} overlaps {kb} {rb}"
    # no meld or bonus piece lies near another seat's name plate (it would read as theirs)
    for p in lay.pieces:
        if p.part in ("meld", "bonus"):
            for pl in lay.plates:
                if pl.position != p.position:
                    assert not _overlap(p.rect, pl.rect.inflate(2 * PLATE_CLEARANCE, 2 * PLATE_CLEARANCE)), \
                        f"{p.key} of position {p.position} lies by the plate of position {pl.position}"
    # every piece given is drawn, once
    for p, seat in enumerate(table.seats):
        assert len(lay.by_part("hand", p)) == len(seat.hand)
        assert len(lay.by_part("river", p)) == len(seat.discards)
        assert len(lay.by_part("meld", p)) == sum(len(m.codes) for m in seat.melds)
        assert len(lay.by_part("bonus", p)) == len(seat.bonus)
    assert sum(p.newest for p in lay.pieces) == (1 if table.last_discard is not None
                                               and table.seats[table.last_discard].discards else 0)


def test_pieces_face_their_seat_and_hidden_ones_show_the_back():
    show = TableShow(tuple(SeatShow(hand=("B1",) if p == BOTTOM else (None,), discards=("C3",))
                           for p in (BOTTOM, RIGHT, TOP, LEFT)))
    lay = lay_table(show, TILES)
    for p in (BOTTOM, RIGHT, TOP, LEFT):
        (disc,) = lay.by_part("river", p)
        assert disc.rotation == 90 * p and disc.frame == "tile/C3"
        (held,) = lay.by_part("hand", p)
        assert held.frame == ("tile/B1" if p == BOTTOM else "tile/back")
    # a side seat's piece lies across: its screen rectangle is wider than tall
    (side,) = lay.by_part("river", LEFT)
    assert side.rect.w > side.rect.h


def test_the_viewer_hand_is_large_and_the_drawn_piece_sits_apart():
    hand = tuple(CODES[:14])
    lay = lay_table(TableShow((SeatShow(hand=hand, drawn=True),) + (SeatShow.hidden(13),) * 3), KARDS)
    mine = sorted(lay.by_part("hand", BOTTOM), key=lambda p: p.x)
    other = lay.by_part("hand", TOP)[0]
    assert mine[0].w > 1.5 * other.w
    gaps = [b.rect.left - a.rect.right for a, b in zip(mine, mine[1:])]
    assert gaps[-1] > 3 * max(gaps[:-1])
    assert mine[0].h / mine[0].w == pytest.approx(70 / 50)


def test_seat_positions_follow_the_direction_of_play():
    # counter-clockwise play (Cuzzins): the next seat sits on the viewer's right
    assert [position_of(s, 0, clockwise=False) for s in range(4)] == [BOTTOM, RIGHT, TOP, LEFT]
    # clockwise play (Kards): on the left
    assert [position_of(s, 0, clockwise=True) for s in range(4)] == [BOTTOM, LEFT, TOP, RIGHT]
    assert position_of(2, 2, clockwise=True) == BOTTOM and position_of(3, 2, clockwise=True) == LEFT


def test_seat_frames_map_a_seats_left_to_right_the_way_it_faces():
    # u grows towards each seat's right hand: bottom -> screen right, right seat -> up, top -> left, left -> down
    for pos, (dx, dy) in {BOTTOM: (1, 0), RIGHT: (0, -1), TOP: (-1, 0), LEFT: (0, 1)}.items():
        f = frame_for(pos, (100, 100, 400, 300))
        (x0, y0), (x1, y1) = f.point(0, 0), f.point(10, 0)
        assert (x1 - x0, y1 - y0) == (10 * dx, 10 * dy)
        assert f.rect(f.local((150, 160, 40, 30))) == pygame.FRect(150, 160, 40, 30)


# ---------------------------------------------------------------------- melds

def test_concealed_kong_shows_its_outer_pieces_face_down():
    looks = arrange(Meld(("DR",) * 4, concealed=True))
    assert [lk.face_up for lk in looks] == [False, True, True, False]
    assert not any(lk.sideways for lk in looks)
    show = TableShow((SeatShow(melds=(Meld(("DR",) * 4, concealed=True),)),) + (SeatShow(),) * 3)
    frames = [p.frame for p in sorted(lay_table(show, TILES).by_part("meld", BOTTOM), key=lambda p: p.x)]
    assert frames == ["tile/back", "tile/DR", "tile/DR", "tile/back"]


def test_exposed_kong_shows_four_with_the_claimed_one_sideways():
    looks = arrange(Meld(("B5",) * 4, claimed=0, source="across"))
    assert [lk.face_up for lk in looks] == [True] * 4
    assert [lk.sideways for lk in looks] == [False, True, False, False]


@pytest.mark.parametrize("source, at", [("left", 0), ("across", 1), ("right", 2)])
def test_claimed_piece_lies_sideways_on_the_side_it_came_from(source, at):
    meld = Meld(("C4", "C5", "C6"), claimed=1, source=source)
    looks = arrange(meld)
    assert [lk.sideways for lk in looks] == [i == at for i in range(3)]
    assert looks[at].code == "C5"
    assert sorted(lk.code for lk in looks) == ["C4", "C5", "C6"]
    # on the table: the sideways piece is turned a quarter from its seat's pieces
    show = TableShow((SeatShow(),) * 2 + (SeatShow(melds=(meld,)),) + (SeatShow(),))
    placed = sorted(lay_table(show, TILES).by_part("meld", TOP), key=lambda p: -p.x)   # top seat: its left is screen right
    assert [p.rotation % 180 == 90 for p in placed] == [i == at for i in range(3)]


def test_explicit_face_down_overrides_the_default():
    looks = arrange(Meld(("WE",) * 4, claimed=3, source="right", face_down=(3,)))    # Kards' melded kong
    assert [lk.face_up for lk in looks] == [True, True, True, False]


def test_melds_shrink_to_one_row_inside_their_region():
    region = (0, 0, 300, 60)
    four = [Meld(("B1",) * 4, claimed=0, source="left")] * 4
    spots = [s for m in lay_melds(four, region, TILES, 42) for s in m]
    assert all(0 <= s.u - s.extent(TILES.aspect)[0] / 2 and s.u + s.extent(TILES.aspect)[0] / 2 <= 300 + EPS
               for s in spots)
    assert len({round(s.v - s.extent(TILES.aspect)[1] / 2, 6) for s in spots}) == 1   # all on the seat's edge


def test_bad_melds_are_refused_with_a_reason():
    with pytest.raises(ValueError, match="source"):
        Meld(("B1", "B1", "B1"), claimed=0)
    with pytest.raises(ValueError, match="outside"):
        Meld(("B1", "B1", "B1"), claimed=5, source="left")
    assert source_of(BOTTOM, LEFT) == "left" and source_of(TOP, LEFT) == "right" and source_of(RIGHT, LEFT) == "across"


# ---------------------------------------------------------------------- river

def test_river_wraps_in_rows_of_six_towards_its_seat_and_marks_the_newest():
    region = (0, 0, 214, 170)
    spots = lay_river(CODES[:13], region, TILES)
    rows = [spots[0:6], spots[6:12], spots[12:]]
    for row in rows:
        assert len({s.v for s in row}) == 1
        assert [s.u for s in row] == sorted(s.u for s in row)
    assert rows[0][0].v > rows[1][0].v > rows[2][0].v           # later rows come towards the seat
    assert rows[2][0].u == rows[0][0].u
    assert [s.newest for s in spots] == [False] * 12 + [True]
    assert not any(s.newest for s in lay_river(CODES[:5], region, TILES, mark_newest=False))


def test_river_shrinks_when_its_rows_would_not_fit():
    region = (0, 0, 214, 170)
    few, many = lay_river(CODES[:12], region, TILES), lay_river(CODES[:30], region, TILES)
    assert many[0].w < few[0].w
    deepest = min(s.v - s.w * TILES.aspect / 2 for s in many)
    assert deepest >= -EPS


# ---------------------------------------------------------------------- wall

@settings(max_examples=60, deadline=None)
@given(taken=st.integers(0, 144 - 14), start=st.integers(0, 71), clockwise=st.booleans())
def test_wall_loses_one_stack_per_two_pieces_drawn(taken, start, clockwise):
    show = WallShow(18, start, live=144 - 14 - taken, kong_box=14, clockwise=clockwise)
    kinds = layers(show)
    heights = [(b is not None) + (t is not None) for b, t in kinds]
    assert heights.count(0) == taken // 2
    assert heights.count(1) == taken % 2
    assert sum(heights) == show.live + show.kong_box
    # the empty stacks are the first ones in drawing order, from the break
    assert all(heights[ring_of(show, d)] == 0 for d in range(taken // 2))
    assert sum(BOX in k for k in kinds) == 7 and all(BOX in kinds[ring_of(show, 71 - d)] for d in range(7))


def test_kong_box_is_used_from_the_break_end_and_topped_up_from_the_live_end():
    show = WallShow(18, ring_index(RIGHT, 6), live=60, kong_box=4, kong_taken=6)
    kinds = layers(show)
    assert kinds[ring_of(show, 71)] == (None, None) and kinds[ring_of(show, 69)] == (None, None)
    assert kinds[ring_of(show, 68)] == (BOX, BOX) and kinds[ring_of(show, 67)] == (BOX, BOX)
    assert kinds[ring_of(show, 66)] == (LIVE, LIVE)
    lay = lay_wall(show, (0, 0, 300, 300), TILES)
    assert lay.pieces == 64 and len(lay.box_rects) == 1


@pytest.mark.parametrize("rule_name", ["KARDS_BOX", "CUZZINS_BOX"])
def test_wall_follows_the_rules_kit_wall(rule_name):
    from game.core.kit import wall as kit
    w = kit.Wall.build([f"t{i}" for i in range(144)], getattr(kit, rule_name))
    _, w = w.deal(53)
    replacements = 0
    for step in range(45):                      # draws, with a replacement every third turn (box topped up)
        _, w = w.draw()
        if step % 3 == 2:
            _, w = w.replacement()
            replacements += 1
        show = from_kit(w, replacements, break_at=ring_index(TOP, 4))
        heights = [(b is not None) + (t is not None) for b, t in layers(show)]
        assert sum(heights) == w.remaining + len(w.box)
        assert sum(k.count(BOX) for k in layers(show)) == len(w.box)
        drawn = 53 + step + 1
        assert all(heights[ring_of(show, d)] == 0 for d in range(drawn // 2))


def test_wall_square_sides_and_break():
    lay = lay_wall(WallShow(18, 0, live=144), (0, 0, 300, 300), KARDS)
    sq = lay.square
    first = lay.stacks[ring_index(BOTTOM, 0)]
    assert first.rect.bottom == pytest.approx(sq.bottom) and first.rect.right < sq.right    # bottom side, right end
    assert lay.stacks[ring_index(LEFT, 0)].rect.left == pytest.approx(sq.left)
    assert lay.stacks[ring_index(TOP, 0)].rect.top == pytest.approx(sq.top)
    for a in lay.stacks:                                   # a square of distinct stacks, none overlapping
        assert sq.contains(a.rect)
        for b in lay.stacks[a.ring + 1:]:
            assert not _overlap(a.rect, b.rect)
    (x, y), pos = lay.break_mark
    assert pos == BOTTOM and x == pytest.approx(first.rect.right) and y == pytest.approx(sq.bottom)
    assert lay.inner.w > 0 and sq.contains(lay.inner)


def test_impossible_walls_are_refused():
    with pytest.raises(ValueError, match="more than"):
        WallShow(18, 0, live=140, kong_box=14)
    with pytest.raises(ValueError, match="negative"):
        WallShow(18, 0, live=-1)


# ---------------------------------------------------------------------- announcements

def test_claim_announcement_pops_holds_and_fades_out():
    tw = Tweener()
    a = an.announce(tw, an.CLAIM_WORDS["pung"], (900, 400))
    assert a.text == "Pung!" and not a.done
    seen_full, t = False, 0.0
    while not a.done and t < 5.0:
        tw.update(1 / 60)
        t += 1 / 60
        seen_full |= a.scale > 0.99 and a.alpha > 0.99
    assert a.done and seen_full and a.alpha == 0.0
    assert t == pytest.approx(an.POP + an.HOLD + an.FADE, abs=0.05)
    assert not tw.busy


def test_announcement_and_ripple_finish_at_once_on_skip():
    tw = Tweener()
    a = an.announce(tw, "Kong!", (100, 100))
    rp = an.highlight_discard(tw, (10, 10, 30, 40))
    tw.skip()
    assert a.done and rp.done and rp.grow == 1.0


def test_announcement_draws_without_an_atlas():
    from game.app.canvas import Canvas
    pygame.font.init()
    canvas = Canvas(pygame.Surface((800, 450)), None)
    tw = Tweener()
    a = an.announce(tw, "Mah-Jongg!", (800, 450))
    rp = an.highlight_discard(tw, (780, 430, 40, 50))
    tw.update(an.POP + 0.1)
    an.draw_announcement(canvas, a)
    an.draw_ripple(canvas, rp)
    r = a.rect(canvas)
    assert r.collidepoint(800, 450) and r.w > 100
    assert canvas.target.get_at(canvas.to_px(800, r.top + 3))[:3] != (0, 0, 0)


def test_table_draws_placeholders_without_an_atlas():
    from game.app.canvas import Canvas
    from game.app.tablekit.seats4 import draw_table
    import tools.kit_preview as kp
    pygame.font.init()
    canvas = Canvas(pygame.Surface((640, 360)), None)
    canvas.clear((0, 0, 0))
    lay = lay_table(kp.busy_table(), KARDS)
    draw_table(canvas, lay, ("East round",))
    hand = lay.by_part("hand", BOTTOM)[0].rect
    assert canvas.target.get_at(canvas.to_px(*hand.center))[:3] != (0, 0, 0)


# ---------------------------------------------------------------------- preview tool

def test_kit_preview_writes_a_picture_and_refuses_bad_sizes(tmp_path, capsys):
    import tools.kit_preview as kp
    out = tmp_path / "kards.png"
    assert kp.main(["--pieces", "kards", "--sample", "max", "--size", "640x360", "--out", str(out)]) == 0
    assert pygame.image.load(str(out)).get_size() == (640, 360)
    assert kp.main(["--size", "big", "--out", str(out)]) == 2
    assert "--size" in capsys.readouterr().err


def test_meld_and_bonus_areas_keep_clear_of_other_seats_plates():
    for p, regs in REGIONS.items():
        for q, other in REGIONS.items():
            if q == p:
                continue
            near = pygame.FRect(other["plate"]).inflate(2 * PLATE_CLEARANCE, 2 * PLATE_CLEARANCE)
            for part in ("melds", "bonus"):
                assert not _overlap(pygame.FRect(regs[part]), near), f"{part} of {p} lies by the plate of {q}"


@pytest.mark.parametrize("style", [TILES, KARDS])
def test_the_viewers_melds_start_beside_their_plate_and_flowers_lie_under_it(style):
    mine = SeatShow(hand=tuple(CODES[:5]), melds=(Meld(("WN",) * 3, claimed=0, source="left"),
                                                  Meld(("C5",) * 4, concealed=True)),
                    bonus=("F1", "F2", "S3"))
    lay = lay_table(TableShow((mine,) + (SeatShow.hidden(13, melds=(Meld(("B1",) * 3),), bonus=("F4",)),) * 3),
                    style)
    plate = next(pl.rect for pl in lay.plates if pl.position == BOTTOM)
    melds = lay.by_part("meld", BOTTOM)
    first = [p for p in melds if p.index[0] == 0]
    assert min(p.rect.left for p in first) - plate.right < 20          # the first meld starts at the plate
    assert max(p.rect.right for p in first) < min(p.rect.left for p in melds if p.index[0] == 1)   # then rightwards
    for p in lay.by_part("bonus", BOTTOM):                              # the flowers lie under the plate
        assert plate.left <= p.rect.left and p.rect.right <= plate.right and p.rect.top >= plate.bottom


@pytest.mark.parametrize("style", [TILES, KARDS])
def test_every_seats_first_meld_and_flower_lie_nearer_its_own_plate_or_hand_than_any_other_plate(style):
    # seen in a lesson: the viewer's melds lay under the right-hand player's plate and read as theirs
    seat = SeatShow.hidden(13, melds=(Meld(("B1",) * 3), Meld(("C2",) * 4)), bonus=("F1", "S2"))
    lay = lay_table(TableShow((SeatShow(hand=tuple(CODES[:7]), melds=seat.melds, bonus=seat.bonus),) + (seat,) * 3),
                    style)
    for pos in (BOTTOM, RIGHT, TOP, LEFT):
        own = [pl.rect for pl in lay.plates if pl.position == pos] + [p.rect for p in lay.by_part("hand", pos)]
        others = [pl.rect for pl in lay.plates if pl.position != pos]
        for p in lay.by_part("meld", pos) + lay.by_part("bonus", pos):
            if p.part == "meld" and p.index[0] > 0 or p.part == "bonus" and p.index[0] > 0:
                continue                      # the first of each row says whose it is
            near = min(_distance(p.rect, r) for r in own)
            assert near < min(_distance(p.rect, r) for r in others), (p.key, near)


def _distance(a: pygame.FRect, b: pygame.FRect) -> float:
    dx = max(0.0, b.left - a.right, a.left - b.right)
    dy = max(0.0, b.top - a.bottom, a.top - b.bottom)
    return (dx * dx + dy * dy) ** 0.5


def test_regions_lie_inside_the_rail():
    for regs in REGIONS.values():
        for r in regs.values():
            assert INSIDE.contains(pygame.FRect(r))
