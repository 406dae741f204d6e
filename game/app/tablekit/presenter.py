"""The paced presenter: what happened is shown one step after another, slowly enough to follow.

A step is a callable that changes what the table shows and starts its animations, and a hold:
the seconds (at animation speed 1) before the next step starts. A step may also wait until every
tween has finished (a replayed turn waits for the one before it to land).

    presenter = Presenter(scene.tweens)
    presenter.extend([(show_draw, 0.42), (show_discard, 0.38)])
    presenter.add(show_turn, after_tweens=True)
    presenter.advance(dt, speed)   # every update; speed 0 shows everything at once
    presenter.busy                 # a table's presenting() says so: bots wait, buttons hide
    presenter.drain()              # skip: every step now, every animation at its end
"""

from __future__ import annotations

from collections import deque
from typing import Any, Callable, Iterable

Step = tuple[Callable[[], None], float]
LATE = 0.05          # at most this much of a frame's overshoot is carried into the next hold
GUARD = 500          # a step that queues steps forever must not hang a skip


class Presenter:
    def __init__(self, tweens: Any):
        self.tweens = tweens
        self.queue: deque[tuple[Callable[[], None], float, bool]] = deque()
        self.hold = 0.0

    def add(self, run: Callable[[], None], hold: float = 0.0, after_tweens: bool = False) -> None:
        self.queue.append((run, hold, after_tweens))

    def extend(self, steps: Iterable[Step]) -> None:
        for run, hold in steps:
            self.add(run, hold)

    def __len__(self) -> int:
        return len(self.queue)

    @property
    def busy(self) -> bool:
        """Steps wait, or the last one's hold is not over."""
        return bool(self.queue) or self.hold > 0

    def clear(self) -> None:
        """Forget the waiting steps (a new viewer: nothing meant for the last one may still show)."""
        self.queue.clear()
        self.hold = 0.0

    def advance(self, dt: float, speed: float = 1.0) -> None:
        if not self.queue and self.hold <= 0:
            return
        if speed <= 0:
            self.drain()
            return
        self.hold -= dt * speed
        while self.queue and self.hold <= 0:
            run, hold, after_tweens = self.queue[0]
            if after_tweens and self.tweens.busy:
                break
            self.queue.popleft()
            run()
            self.hold = max(self.hold, -LATE) + hold
        if not self.queue and self.hold < 0:
            self.hold = 0.0

    def drain(self) -> None:
        """Run every waiting step now and snap all animations to their end."""
        n = 0
        while self.queue and n < GUARD:
            self.queue.popleft()[0]()
            n += 1
        self.hold = 0.0
        self.tweens.skip()
