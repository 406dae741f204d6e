"""The kit's paced presenter: steps one after another at their pace; speed 0 and skip show all at once."""

from game.app.anim.tween import Tweener, tween
from game.app.tablekit.presenter import Presenter


class Obj:
    x = 0.0


def test_steps_run_in_order_each_after_the_last_ones_hold():
    ran = []
    p = Presenter(Tweener())
    p.extend([(lambda: ran.append("a"), 0.5), (lambda: ran.append("b"), 0.5)])
    p.add(lambda: ran.append("c"))
    assert p.busy and len(p) == 3
    p.advance(0.0, 1.0)
    assert ran == ["a"]                  # the first at once, the next waits for its hold
    p.advance(0.4, 1.0)
    assert ran == ["a"]
    p.advance(0.2, 1.0)
    assert ran == ["a", "b"]
    p.advance(0.25, 2.0)                 # twice the speed: half a second of hold in a quarter
    assert ran == ["a", "b", "c"] and not p.busy


def test_speed_zero_and_drain_show_everything_at_once_with_animations_at_their_end():
    tw = Tweener()
    o = Obj()
    ran = []
    p = Presenter(tw)
    p.extend([(lambda: tw.run(tween(o, 2.0, x=10)), 3.0), (lambda: ran.append(o.x), 3.0)])
    p.drain()
    assert not p.busy and ran == [0.0] and o.x == 10 and not tw.busy
    p.extend([(lambda: ran.append("later"), 5.0)])
    p.advance(0.01, 0.0)
    assert ran[-1] == "later" and not p.busy


def test_a_step_may_wait_for_the_animations_before_it():
    tw = Tweener()
    o = Obj()
    ran = []
    p = Presenter(tw)
    p.add(lambda: tw.run(tween(o, 1.0, x=5)))
    p.add(lambda: ran.append(o.x), after_tweens=True)
    p.advance(0.0, 1.0)
    for _ in range(30):
        tw.update(1 / 60)
        p.advance(1 / 60, 1.0)
    assert ran == [] and p.busy
    for _ in range(40):
        tw.update(1 / 60)
        p.advance(1 / 60, 1.0)
    assert ran == [5.0] and not p.busy


def test_clear_forgets_what_waits():
    p = Presenter(Tweener())
    p.extend([(lambda: None, 1.0)] * 3)
    p.advance(0.0)
    p.clear()
    assert not p.busy and len(p) == 0
