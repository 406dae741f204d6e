"""Tweens: eased changes of numeric attributes over time, composable.

Pure python (no pygame).  The building blocks are *animations* (``Anim``):

* ``tween(target, duration, ease, **props)`` - change attributes of ``target``
  (``getattr``/``setattr``) from their values *when the tween starts* to the given ends;
* ``wait(duration)`` - do nothing for a while;
* ``call(fn, *args)`` - call a function (once, when reached);
* ``sequence(a, b, ...)`` - one after the other;
* ``parallel(a, b, ...)`` - all at once; done when the longest is done.

A :class:`Tweener` runs them::

    tw = Tweener()
    tw.to(sprite, 0.25, x=400, y=300)                    # build + run in one go
    tw.run(sequence(tween(s, 0.2, flip=1.0), call(done)))
    tw.update(dt)                                          # once per frame
    tw.skip()                                              # snap everything to its end

Rules
-----
* A new animation touching a ``(target, property)`` that a running (or waiting)
  animation also touches *replaces* it there: the old property tween stops where it
  is, the new one starts from the current value.  The stopped tween counts as
  finished: its callbacks (and those of the groups containing it) still fire, on
  the next ``update``; nothing waiting on it hangs.
* Nothing starts, moves or calls back inside ``run``/``to``: all of that happens
  in ``update`` (or ``skip``), so callbacks never re-enter the caller.
* ``speed`` multiplies time; ``speed <= 0`` means instant: the next ``update``
  snaps everything to its end (firing callbacks in order), like ``skip``.
* ``skip()`` finishes everything at once, in the order the animations were run
  (steps of a sequence in order, children of a parallel in order, a group's own
  callbacks after its children's).  Animations started by those callbacks are
  skipped too.
"""
from __future__ import annotations

from typing import Any, Callable, Iterator

from . import easing as _easing
from .easing import Easing

__all__ = [
    "Anim", "PropTween", "Wait", "Call", "Sequence", "Parallel", "Tweener",
    "tween", "wait", "call", "sequence", "parallel",
]


class Anim:
    """Base class of every animation node."""

    __slots__ = ("done", "started", "_callbacks", "_owner")

    def __init__(self) -> None:
        self.done = False
        self.started = False
        self._callbacks: list[Callable[[], Any]] = []
        self._owner: Tweener | None = None

    # -- public ---------------------------------------------------------------
    def then(self, fn: Callable[..., Any], *args: Any) -> "Anim":
        """Call ``fn(*args)`` when this animation is finished. Returns self (chainable).

        If it is already finished, ``fn`` is called at once."""
        cb = (lambda: fn(*args)) if args else fn
        if self.done:
            cb()
        else:
            self._callbacks.append(cb)
        return self

    @property
    def duration(self) -> float:
        """Nominal duration in seconds (at speed 1)."""
        return 0.0

    # -- internals ------------------------------------------------------------
    def _complete(self) -> None:
        if self.done:
            return
        self.done = True
        cbs, self._callbacks = self._callbacks, []
        for cb in cbs:
            cb()

    def _start(self) -> None:
        self.started = True

    def _advance(self, dt: float) -> float:
        """Move on by ``dt`` seconds; return the time left over once finished (else 0)."""
        raise NotImplementedError

    def _finish(self) -> None:
        """Snap to the end (starting first if needed) and complete."""
        raise NotImplementedError

    def _leaves(self) -> Iterator["PropTween"]:
        return iter(())


class PropTween(Anim):
    """One numeric attribute of one target, from its value at start to ``end``."""

    __slots__ = ("target", "prop", "end", "start_value", "_duration", "ease",
                 "elapsed", "cancelled")

    def __init__(self, target: Any, prop: str, end: float, duration: float,
                 ease: Easing | str | None = _easing.ease_out_cubic) -> None:
        super().__init__()
        self.target = target
        self.prop = prop
        self.end = float(end)
        self.start_value = 0.0
        self._duration = max(0.0, float(duration))
        self.ease = _easing.get(ease)
        self.elapsed = 0.0
        self.cancelled = False

    @property
    def duration(self) -> float:
        return self._duration

    @property
    def key(self) -> tuple[int, str]:
        return (id(self.target), self.prop)

    def cancel(self) -> None:
        """Stop where it is; completes (firing callbacks) when next advanced."""
        self.cancelled = True

    def _start(self) -> None:
        self.started = True
        if self.cancelled:
            self._complete()
            return
        self.start_value = float(getattr(self.target, self.prop))
        self.elapsed = 0.0
        if self._duration <= 0.0:
            setattr(self.target, self.prop, self.end)
            self._complete()

    def _advance(self, dt: float) -> float:
        if self.done:
            return dt
        if self.cancelled:
            self._complete()
            return dt
        self.elapsed += dt
        if self.elapsed >= self._duration:
            setattr(self.target, self.prop, self.end)
            self._complete()
            return self.elapsed - self._duration
        k = self.ease(self.elapsed / self._duration)
        setattr(self.target, self.prop, self.start_value + (self.end - self.start_value) * k)
        return 0.0

    def _finish(self) -> None:
        if self.done:
            return
        if not self.started:
            self._start()
            if self.done:
                return
        if not self.cancelled:
            setattr(self.target, self.prop, self.end)
        self._complete()

    def _leaves(self) -> Iterator["PropTween"]:
        yield self

    def __repr__(self) -> str:
        return (f"PropTween({type(self.target).__name__}.{self.prop} -> {self.end:g}, "
                f"{self._duration:g}s{', done' if self.done else ''})")


class Wait(Anim):
    __slots__ = ("_duration", "elapsed")

    def __init__(self, duration: float) -> None:
        super().__init__()
        self._duration = max(0.0, float(duration))
        self.elapsed = 0.0

    @property
    def duration(self) -> float:
        return self._duration

    def _start(self) -> None:
        self.started = True
        self.elapsed = 0.0
        if self._duration <= 0.0:
            self._complete()

    def _advance(self, dt: float) -> float:
        if self.done:
            return dt
        self.elapsed += dt
        if self.elapsed >= self._duration:
            self._complete()
            return self.elapsed - self._duration
        return 0.0

    def _finish(self) -> None:
        self.started = True
        self._complete()


class Call(Anim):
    __slots__ = ("fn", "args")

    def __init__(self, fn: Callable[..., Any], *args: Any) -> None:
        super().__init__()
        self.fn = fn
        self.args = args

    def _start(self) -> None:
        self.started = True
        self.fn(*self.args)
        self._complete()

    def _advance(self, dt: float) -> float:
        if not self.started:
            self._start()
        return dt

    def _finish(self) -> None:
        if not self.started:
            self._start()
        self._complete()


class Sequence(Anim):
    __slots__ = ("steps", "index")

    def __init__(self, *steps: Anim) -> None:
        super().__init__()
        self.steps: list[Anim] = [_check(s) for s in steps]
        self.index = 0

    @property
    def duration(self) -> float:
        return sum(s.duration for s in self.steps)

    def _start(self) -> None:
        self.started = True
        self.index = 0
        self._start_current()

    def _start_current(self) -> None:
        while self.index < len(self.steps):
            step = self.steps[self.index]
            if not step.done:
                if not step.started:
                    step._start()
                if not step.done:
                    return
            self.index += 1
        self._complete()

    def _advance(self, dt: float) -> float:
        while not self.done:
            step = self.steps[self.index]
            left = step._advance(dt)
            if not step.done:
                return 0.0
            self.index += 1
            self._start_current()
            dt = left
        return dt

    def _finish(self) -> None:
        if self.done:
            return
        self.started = True
        while self.index < len(self.steps):
            step = self.steps[self.index]
            if not step.done:
                step._finish()
            self.index += 1
        self._complete()

    def _leaves(self) -> Iterator[PropTween]:
        for s in self.steps:
            yield from s._leaves()


class Parallel(Anim):
    __slots__ = ("children",)

    def __init__(self, *children: Anim) -> None:
        super().__init__()
        self.children: list[Anim] = [_check(c) for c in children]

    @property
    def duration(self) -> float:
        return max((c.duration for c in self.children), default=0.0)

    def _start(self) -> None:
        self.started = True
        for c in self.children:
            if not c.done and not c.started:
                c._start()
        if all(c.done for c in self.children):
            self._complete()

    def _advance(self, dt: float) -> float:
        if self.done:
            return dt
        left = dt
        for c in self.children:
            if not c.done:
                lo = c._advance(dt)
                left = min(left, lo if c.done else 0.0)
        if all(c.done for c in self.children):
            self._complete()
            return left
        return 0.0

    def _finish(self) -> None:
        if self.done:
            return
        self.started = True
        for c in self.children:
            if not c.done:
                c._finish()
        self._complete()

    def _leaves(self) -> Iterator[PropTween]:
        for c in self.children:
            yield from c._leaves()


def _check(a: Anim) -> Anim:
    if not isinstance(a, Anim):
        raise TypeError(f"expected an animation, got {a!r}")
    return a


# -- builders -------------------------------------------------------------------

def tween(target: Any, duration: float, ease: Easing | str | None = _easing.ease_out_cubic,
          *, delay: float = 0.0, **props: float) -> Anim:
    """Change ``props`` of ``target`` to the given values over ``duration`` seconds."""
    if not props:
        raise ValueError("tween() needs at least one property=value")
    parts: list[Anim] = [PropTween(target, p, v, duration, ease) for p, v in props.items()]
    anim: Anim = parts[0] if len(parts) == 1 else Parallel(*parts)
    if delay > 0:
        anim = Sequence(Wait(delay), anim)
    return anim


def wait(duration: float) -> Anim:
    return Wait(duration)


def call(fn: Callable[..., Any], *args: Any) -> Anim:
    return Call(fn, *args)


def sequence(*steps: Anim) -> Anim:
    return Sequence(*steps)


def parallel(*children: Anim) -> Anim:
    return Parallel(*children)


# -- the runner -----------------------------------------------------------------

class Tweener:
    """Runs animations; see the module docstring for the rules."""

    #: guard against callbacks that keep adding animations forever during skip()
    MAX_SKIP_ROUNDS = 1000

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = float(speed)
        self._anims: list[Anim] = []
        self._owners: dict[tuple[int, str], list[PropTween]] = {}

    # -- adding -----------------------------------------------------------
    def run(self, anim: Anim) -> Anim:
        """Schedule ``anim`` (it starts on the next ``update``). Returns it."""
        _check(anim)
        if anim._owner is not None or anim.started:
            raise ValueError("this animation has already been run")
        anim._owner = self
        leaves = list(anim._leaves())
        keys = {leaf.key for leaf in leaves}
        for key in keys:
            for old in self._owners.get(key, ()):
                if not old.done:
                    old.cancel()
        for key in keys:
            self._owners[key] = []
        for leaf in leaves:
            self._owners[leaf.key].append(leaf)
        self._anims.append(anim)
        return anim

    add = run

    def to(self, target: Any, duration: float, ease: Easing | str | None = _easing.ease_out_cubic,
           *, delay: float = 0.0, on_done: Callable[[], Any] | None = None, **props: float) -> Anim:
        """Build and run ``tween(target, duration, ease, delay=..., **props)``."""
        anim = tween(target, duration, ease, delay=delay, **props)
        if on_done is not None:
            anim.then(on_done)
        return self.run(anim)

    # -- running ----------------------------------------------------------
    def update(self, dt: float) -> None:
        """Advance by ``dt`` real seconds (times ``speed``)."""
        if self.speed <= 0:
            self.skip()
            return
        dt = max(0.0, dt) * self.speed
        for anim in list(self._anims):
            if anim.done:
                continue
            if not anim.started:
                anim._start()
                if anim.done:
                    continue
            anim._advance(dt)
        self._prune()

    def skip(self) -> None:
        """Snap every animation to its end, firing callbacks in order."""
        for _ in range(self.MAX_SKIP_ROUNDS):
            pending = [a for a in self._anims if not a.done]
            if not pending:
                break
            for anim in pending:
                if not anim.done:
                    anim._finish()
            self._prune()
        else:  # pragma: no cover - a callback loop
            raise RuntimeError("Tweener.skip(): callbacks keep adding animations")
        self._prune()

    def cancel(self, target: Any = None, prop: str | None = None) -> None:
        """Stop tweens of ``target`` (and ``prop``; all targets if None) where they are.

        They count as finished: callbacks fire on the next update."""
        for (tid, p), leaves in self._owners.items():
            if prop is not None and p != prop:
                continue
            for leaf in leaves:
                if target is None or leaf.target is target:
                    leaf.cancel()

    def _prune(self) -> None:
        if not any(a.done for a in self._anims):
            return
        keep = []
        for anim in self._anims:
            if anim.done:
                for leaf in anim._leaves():
                    lst = self._owners.get(leaf.key)
                    if lst is not None:
                        try:
                            lst.remove(leaf)
                        except ValueError:
                            pass
                        if not lst:
                            del self._owners[leaf.key]
            else:
                keep.append(anim)
        self._anims = keep

    # -- queries ----------------------------------------------------------
    @property
    def busy(self) -> bool:
        """True while any animation is unfinished."""
        return any(not a.done for a in self._anims)

    def animating(self, target: Any, prop: str | None = None) -> bool:
        """True if some unfinished tween changes ``target`` (``prop``)."""
        for (tid, p), leaves in self._owners.items():
            if prop is not None and p != prop:
                continue
            for leaf in leaves:
                if leaf.target is target and not leaf.done and not leaf.cancelled:
                    return True
        return False

    def moving(self) -> set[int]:
        """The ids of every target some unfinished tween changes (one pass, for many targets at once)."""
        return {id(leaf.target) for leaves in self._owners.values() for leaf in leaves
                if not leaf.done and not leaf.cancelled}

    def __len__(self) -> int:
        return sum(1 for a in self._anims if not a.done)
