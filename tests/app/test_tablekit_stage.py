"""The kit's stage: sprites keyed by piece id follow a layout's spots (and never show a hidden face)."""

from game.app.anim.tween import Tweener
from game.app.tablekit.stage import Spawn, Stage, Target

BACK = "tile/back"


def settle(tw, seconds=3.0):
    for _ in range(int(seconds * 60)):
        tw.update(1 / 60)
    assert not tw.busy


def spot(frame="tile/B1", x=100.0, y=200.0, **kw):
    return Target(frame, x, y, **kw)


def test_sync_creates_moves_and_drops_sprites_by_key():
    tw = Tweener()
    st = Stage(tw, back=BACK)
    st.sync({"a": spot(x=100), "b": spot("tile/C2", x=200, z=2)}, 0.3)
    a = st.sprites["a"]
    assert (a.x, a.y, a.frame) == (100, 200, "tile/B1") and st.sprites["b"].z == 2
    st.sync({"a": spot(x=400, y=300, scale=1.5, rotation=90)}, 0.3)
    assert st.sprites["a"] is a and "b" not in st.sprites          # same sprite, moving; b is gone
    assert tw.animating(a, "x") and a.x == 100                      # it slides, nothing jumps
    settle(tw)
    assert (round(a.x), round(a.y), a.scale, a.rotation) == (400, 300, 1.5, 90)


def test_a_second_sync_to_the_same_place_does_not_restart_the_slide():
    tw = Tweener()
    st = Stage(tw, back=BACK)
    st.sync({"a": spot(x=0)}, 0.3)
    st.sync({"a": spot(x=300)}, 1.0)
    for _ in range(30):
        tw.update(1 / 60)
    half = st.sprites["a"].x
    st.sync({"a": spot(x=300)}, 1.0)
    tw.update(1 / 60)
    assert st.sprites["a"].x > half                                 # still on its way, not started over


def test_without_animation_everything_snaps_and_rests_face_up():
    tw = Tweener()
    st = Stage(tw, back=BACK)
    st.sync({"a": spot(x=0)}, 0.3)
    st.sync({"a": spot(x=300)}, 0.3, animate=False)
    a = st.sprites["a"]
    assert a.x == 300 and not tw.busy and a.flip == 0


def test_a_spawned_piece_flies_in_face_down_and_lands_face_up_on_its_z():
    tw = Tweener()
    st = Stage(tw, back=BACK)
    st.sync({"a": spot(x=500, z=20)}, 0.3, spawn={"a": Spawn(10, 10, scale=0.5, duration=0.4)})
    a = st.sprites["a"]
    assert (a.x, a.y, a.scale) == (10, 10, 0.5) and a.shown_frame == BACK and a.z > 20
    settle(tw)
    assert (round(a.x), round(a.y), a.scale, a.z) == (500, 200, 1.0, 20)
    assert a.face_up and a.shown_frame == "tile/B1"


def test_a_hidden_piece_only_ever_shows_its_back():
    tw = Tweener()
    st = Stage(tw, back=BACK)
    st.sync({"h": spot(BACK)}, 0.3, spawn={"h": Spawn(0, 0)}, reveal={"h"})
    seen = set()
    for _ in range(60):
        seen.add(st.sprites["h"].shown_frame)
        tw.update(1 / 60)
    assert seen == {BACK} and st.sprites["h"].back is None


def test_reveal_and_conceal_turn_a_piece_over_in_place():
    tw = Tweener()
    st = Stage(tw, back=BACK)
    st.sync({"c": spot(BACK)}, 0.3)
    st.sync({"c": spot("tile/DR")}, 0.3, reveal={"c"})
    c = st.sprites["c"]
    assert c.shown_frame == BACK and tw.animating(c, "flip")       # starts face down, then turns
    settle(tw)
    assert c.shown_frame == "tile/DR"
    st.sync({"c": spot(BACK)}, 0.3, conceal={"c"})
    settle(tw)
    assert (c.frame, c.back, c.flip) == (BACK, None, 0.0)


def test_the_held_piece_is_left_where_the_hand_put_it():
    tw = Tweener()
    st = Stage(tw, back=BACK)
    st.sync({"a": spot(x=100)}, 0.3)
    st.held = "a"
    a = st.sprites["a"]
    a.x, a.y, a.lift = 777, 555, 8
    st.sync({"a": spot(x=100, z=9)}, 0.3)
    assert (a.x, a.y, a.lift) == (777, 555, 8) and not tw.busy
    st.held = None
    st.sync({"a": spot(x=100)}, 0.3)
    settle(tw)
    assert (round(a.x), round(a.y), a.lift) == (100, 200, 0)
    st.return_home("a", animate=False)
    assert (a.x, a.y) == (100, 200)


def test_send_away_slides_out_fades_and_is_forgotten():
    tw = Tweener()
    st = Stage(tw, back=BACK)
    st.sync({"a": spot()}, 0.3)
    gone = []
    st.send_away("a", 900, 50, 0.4, then=lambda: gone.append(True))
    assert "a" not in st.sprites and len(st.all_sprites()) == 1
    settle(tw)
    assert gone and st.all_sprites() == []


def test_draw_puts_sprites_on_the_canvas_in_z_order(monkeypatch):
    from game.app.tablekit import stage as stage_mod
    drawn = []
    monkeypatch.setattr(stage_mod, "draw_sprites", lambda target, sprites, get, scale, offset:
                        drawn.extend(sorted(sprites, key=lambda s: s.z)))
    tw = Tweener()
    st = Stage(tw, back=BACK)
    st.sync({"a": spot(z=5), "b": spot(z=1), "c": spot(z=3)}, 0.3)

    class Canvas:
        atlas, colourblind, target, scale, offset = None, False, None, 1.0, (0, 0)
    st.draw(Canvas(), skip=["c"])
    assert [s.z for s in drawn] == [1, 5]


def test_a_discard_kit_table_layout_goes_on_the_stage():
    """The four-seat parts lay pieces out as Placed; the stage shows exactly those, hidden ones as backs."""
    from game.app.tablekit.seats4 import SeatShow, TableShow, lay_table
    from game.app.tablekit.seatspace import TILES
    from game.app.tablekit.stage import target_of
    show = TableShow(seats=tuple(SeatShow(name=n, hand=(("B1", "B2", "C3") if i == 0 else (None,) * 3))
                                 for i, n in enumerate("NESW")))
    layout = lay_table(show, TILES)
    tw = Tweener()
    st = Stage(tw, TILES.shadow, TILES.back)
    places = {p.key: target_of(p, TILES) for p in layout.pieces}
    st.sync(places, 0.3, animate=False)
    assert set(st.sprites) == set(places) and len(places) == 12
    for p in layout.pieces:
        sp = st.sprites[p.key]
        assert (sp.x, sp.y, sp.rotation) == (p.x, p.y, p.rotation) and abs(sp.scale * TILES.w - p.w) < 1e-9
        assert sp.shown_frame == (p.frame if p.code else TILES.back)
