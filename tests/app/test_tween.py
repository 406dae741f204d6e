import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import math
import sys

import pytest

from game.app.anim import easing
from game.app.anim.sprites import PieceSprite, flip, slide
from game.app.anim.tween import Tweener, call, parallel, sequence, tween, wait


class Obj:
    def __init__(self, **kw):
        self.x = 0.0
        self.y = 0.0
        self.a = 0.0
        self.__dict__.update(kw)


def run_until_idle(tw, dt=1 / 60, limit=10_000):
    n = 0
    while tw.busy and n < limit:
        tw.update(dt)
        n += 1
    assert not tw.busy
    return n


@pytest.mark.parametrize("name", sorted(easing.EASINGS))
def test_easing_endpoints(name):
    f = easing.EASINGS[name]
    assert f(0.0) == 0.0
    assert f(1.0) == 1.0
    assert f(-1.0) == 0.0 and f(2.0) == 1.0  # clamped


def test_easing_shapes():
    assert easing.ease_out_cubic(0.5) > 0.5 > easing.ease_in_cubic(0.5)
    assert easing.ease_in_out(0.5) == pytest.approx(0.5)
    # back-out overshoots then settles; the "settle" variant only a little
    assert max(easing.ease_back_out(t / 100) for t in range(101)) > 1.05
    peak = max(easing.ease_settle(t / 100) for t in range(101))
    assert 1.0 < peak < 1.05
    assert easing.get("out_quad") is easing.ease_out_quad
    assert easing.get(None) is easing.linear
    with pytest.raises(ValueError):
        easing.get("wobble")


def test_tween_reaches_end_value():
    o = Obj()
    tw = Tweener()
    tw.to(o, 0.3, x=100, y=-50)
    assert tw.busy
    assert o.x == 0  # nothing moves before update
    tw.update(0.1)
    assert 0 < o.x < 100
    run_until_idle(tw)
    assert (o.x, o.y) == (100, -50)


def test_tween_is_eased():
    o = Obj()
    tw = Tweener()
    tw.to(o, 1.0, easing.linear, x=10)
    tw.update(0.25)
    assert o.x == pytest.approx(2.5)
    o2 = Obj()
    tw.to(o2, 1.0, easing.ease_out_cubic, x=10)
    tw.update(0.25)
    assert o2.x == pytest.approx(10 * easing.ease_out_cubic(0.25))


def test_replace_on_same_property_starts_from_current_value():
    o = Obj()
    tw = Tweener()
    tw.to(o, 1.0, easing.linear, x=100, y=100)
    tw.update(0.5)
    assert o.x == pytest.approx(50)
    tw.to(o, 1.0, easing.linear, x=0)  # replaces x, leaves y running
    tw.update(0.0)
    assert o.x == pytest.approx(50)  # starts from where it was
    tw.update(0.25)
    assert o.x == pytest.approx(37.5)
    assert o.y == pytest.approx(75)
    run_until_idle(tw)
    assert o.x == 0 and o.y == 100


def test_replaced_tween_callbacks_still_fire_and_do_not_snap():
    o = Obj()
    tw = Tweener()
    log = []
    tw.to(o, 1.0, easing.linear, x=100, on_done=lambda: log.append("old"))
    tw.update(0.5)
    tw.to(o, 1.0, easing.linear, x=-10, on_done=lambda: log.append("new"))
    tw.update(0.01)
    assert log == ["old"]
    assert o.x < 50  # the old one never snapped to 100
    run_until_idle(tw)
    assert log == ["old", "new"] and o.x == -10


def test_replace_cancels_a_waiting_step_of_another_sequence():
    o = Obj()
    tw = Tweener()
    tw.run(sequence(wait(0.5), tween(o, 0.5, x=100)))
    tw.to(o, 0.2, x=7)
    run_until_idle(tw)
    assert o.x == 7


def test_sequence_order_and_callbacks():
    o = Obj()
    log = []
    tw = Tweener()
    seq = sequence(
        tween(o, 0.2, x=10),
        call(log.append, "a"),
        wait(0.1),
        tween(o, 0.2, y=5).then(lambda: log.append("b")),
        call(log.append, "c"),
    ).then(lambda: log.append("end"))
    tw.run(seq)
    tw.update(0.1)
    assert log == [] and o.y == 0
    tw.update(0.11)
    assert log == ["a"] and o.x == 10 and o.y == 0
    run_until_idle(tw)
    assert log == ["a", "b", "c", "end"]
    assert (o.x, o.y) == (10, 5)


def test_sequence_carries_leftover_time():
    o = Obj()
    tw = Tweener()
    tw.run(sequence(tween(o, 0.1, easing.linear, x=1), tween(o, 1.0, easing.linear, y=10)))
    tw.update(0.6)  # 0.1 for x, 0.5 for y
    assert o.x == 1 and o.y == pytest.approx(5)


def test_parallel_runs_together_and_ends_with_longest():
    a, b = Obj(), Obj()
    log = []
    tw = Tweener()
    tw.run(parallel(tween(a, 0.2, easing.linear, x=1).then(lambda: log.append("a")),
                    tween(b, 0.5, easing.linear, x=1).then(lambda: log.append("b")))
           .then(lambda: log.append("both")))
    tw.update(0.1)
    assert a.x == pytest.approx(0.5) and b.x == pytest.approx(0.2)
    tw.update(0.15)
    assert log == ["a"]
    run_until_idle(tw)
    assert log == ["a", "b", "both"]


def test_nested_composition():
    o = Obj()
    log = []
    tw = Tweener()
    tw.run(sequence(parallel(tween(o, 0.1, x=1), sequence(wait(0.2), call(log.append, 1))),
                    call(log.append, 2)))
    run_until_idle(tw)
    assert log == [1, 2] and o.x == 1


def test_delay():
    o = Obj()
    tw = Tweener()
    tw.to(o, 0.2, easing.linear, delay=0.3, x=10)
    tw.update(0.25)
    assert o.x == 0
    tw.update(0.15)
    assert o.x == pytest.approx(5)


def test_skip_snaps_to_end_and_fires_callbacks_in_order():
    a, b = Obj(), Obj()
    log = []
    tw = Tweener()
    tw.run(sequence(tween(a, 1.0, x=10), call(log.append, "a1"), tween(a, 1.0, y=3),
                    call(log.append, "a2")))
    tw.to(b, 2.0, x=-4, on_done=lambda: log.append("b"))
    tw.update(0.1)
    tw.skip()
    assert not tw.busy
    assert (a.x, a.y, b.x) == (10, 3, -4)
    assert log == ["a1", "a2", "b"]


def test_skip_also_finishes_animations_started_by_callbacks():
    o = Obj()
    tw = Tweener()
    tw.to(o, 1.0, x=1, on_done=lambda: tw.to(o, 1.0, y=2))
    tw.skip()
    assert (o.x, o.y) == (1, 2) and not tw.busy


def test_speed_zero_is_instant():
    o = Obj()
    log = []
    tw = Tweener(speed=0)
    tw.run(sequence(tween(o, 5.0, x=9), call(log.append, 1), tween(o, 5.0, y=9)))
    assert o.x == 0  # nothing happens inside run()
    tw.update(0.0)
    assert (o.x, o.y) == (9, 9) and log == [1] and not tw.busy


def test_speed_multiplies_time():
    o = Obj()
    tw = Tweener(speed=2.0)
    tw.to(o, 1.0, easing.linear, x=10)
    tw.update(0.25)
    assert o.x == pytest.approx(5)


def test_zero_duration_and_busy():
    o = Obj()
    tw = Tweener()
    assert not tw.busy
    tw.to(o, 0.0, x=3)
    assert tw.busy
    tw.update(0.0)
    assert o.x == 3 and not tw.busy


def test_cancel_stops_in_place():
    o = Obj()
    tw = Tweener()
    log = []
    tw.to(o, 1.0, easing.linear, x=10, on_done=lambda: log.append(1))
    tw.update(0.5)
    assert tw.animating(o, "x")
    tw.cancel(o)
    assert not tw.animating(o)
    tw.update(0.5)
    assert o.x == pytest.approx(5) and log == [1] and not tw.busy


def test_then_on_finished_calls_at_once():
    o = Obj()
    tw = Tweener()
    a = tw.to(o, 0.1, x=1)
    tw.skip()
    log = []
    a.then(log.append, "late")
    assert log == ["late"]


def test_run_twice_is_an_error():
    o = Obj()
    tw = Tweener()
    a = tween(o, 0.1, x=1)
    tw.run(a)
    with pytest.raises(ValueError):
        tw.run(a)


def test_flip_crosses_face_at_the_midpoint():
    s = PieceSprite("tile/B1", "tile/back")
    assert s.face_up and s.shown_frame == "tile/B1" and s.squash == 1.0
    tw = Tweener()
    flip(tw, s, face_down=True, duration=1.0)
    seen = []
    for _ in range(100):
        tw.update(0.01)
        seen.append((s.flip, s.shown_frame, s.squash))
    assert s.flip == 1.0 and s.shown_frame == "tile/back" and not s.face_up
    for f, frame, squash in seen:
        assert frame == ("tile/B1" if f < 0.5 else "tile/back")
        assert squash == pytest.approx(abs(math.cos(math.pi * f)))
    # edge-on (narrowest) near the swap
    narrow = min(seen, key=lambda t: t[2])
    assert abs(narrow[0] - 0.5) < 0.05
    assert s.lift == 0.0  # lifted during the flip, put down at the end


def test_slide_settles_at_target():
    s = PieceSprite("tile/B1", x=0, y=0)
    tw = Tweener()
    slide(tw, s, 100, 40, 0.2, rotation=90)
    run_until_idle(tw)
    assert (s.x, s.y, s.rotation) == (100, 40, 90)


def test_tween_module_is_pygame_free():
    import subprocess
    code = ("import sys; import game.app.anim.tween, game.app.anim.easing, game.app.anim.physics; "
            "sys.exit(1 if 'pygame' in sys.modules else 0)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True)
    assert r.returncode == 0, r.stderr


def test_draw_sprite_uses_cache_and_squashes():
    import pygame

    from game.app.anim.placeholder import PlaceholderFrames
    from game.app.anim.sprites import SpriteCache, draw_sprite

    pygame.display.init()
    frames = PlaceholderFrames()
    surf = pygame.Surface((400, 300), pygame.SRCALPHA)
    cache = SpriteCache()
    s = PieceSprite("tile/B1", "tile/back", 100, 100)
    full = draw_sprite(surf, s, frames, 1.0, cache=cache)
    assert full.size == (56, 74)  # the 2x frame drawn at logical size
    n = len(cache)
    draw_sprite(surf, s, frames, 1.0, cache=cache)
    assert len(cache) == n and n >= 1  # nothing new scaled the second time
    s.flip = 1 / 3  # cos(60 deg) = 0.5
    half = draw_sprite(surf, s, frames, 1.0, cache=cache)
    assert half.width == 28 and half.height == 74
    s.flip = 0.5
    assert draw_sprite(surf, s, frames, 1.0, cache=cache) is None  # edge-on: nothing
    s.flip, s.rotation = 0.0, 90.4
    r = draw_sprite(surf, s, frames, 2.0, cache=cache)
    assert abs(r.width - 148) <= 2 and abs(r.height - 112) <= 2  # turned, at 2 px per unit


def test_draw_sprites_with_shadows_alpha_and_z_order():
    import pygame

    from game.app.anim.placeholder import PlaceholderFrames
    from game.app.anim.sprites import SpriteCache, draw_sprite, draw_sprites

    pygame.display.init()
    frames = PlaceholderFrames()
    surf = pygame.Surface((300, 200))
    surf.fill((0, 0, 0))
    low = PieceSprite("tile/back", x=100, y=100, z=0, shadow="ui/shadow-tile")
    high = PieceSprite("tile/B1", x=100, y=100, z=1, shadow="ui/shadow-tile", lift=8)
    draw_sprites(surf, [high, low], frames, 1.0, cache=SpriteCache())
    assert surf.get_at((100, 80))[:3] == frames("tile/B1").get_at((56, 40))[:3]  # the top one wins
    ghost = PieceSprite("tile/B1", x=200, y=100, alpha=0.5, shadow="ui/shadow-tile")
    r = draw_sprite(surf, ghost, frames, 1.0)
    assert r is not None and r.center == (200, 100)
    assert surf.get_at((200, 60))[:3] != frames("tile/B1").get_at((56, 40))[:3]  # blended
    hidden = PieceSprite("tile/B1", x=50, y=50, visible=False)
    assert draw_sprite(surf, hidden, frames, 1.0) is None
