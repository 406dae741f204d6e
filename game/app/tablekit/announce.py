"""Claim announcements ("Pung!") near the claiming seat, and the ripple that marks a new discard.

Both are plain objects whose numbers a ``Tweener`` changes (docs/motion.md); nothing here waits
on the clock. An announcement pops in (scale with a small overshoot, fade in), holds, then
drifts up a little as it fades; ``done`` turns True at the end (and at once under ``skip()``).
A discard ripple is a ring in the newest discard's muted colour (gold is the hint's) that widens
from the piece and fades, once: nothing blinks.
The words are the game's to choose (Cuzzins says "Pong!"); ``CLAIM_WORDS`` has the usual ones.
"""

from __future__ import annotations

from typing import Sequence

import pygame

from game.app import theme
from game.app.anim.easing import ease_back_out, ease_in_quad, ease_out_cubic, ease_out_quad, linear
from game.app.anim.tween import Anim, Tweener, parallel, sequence, tween, wait

CLAIM_WORDS = {"chow": "Chow!", "pung": "Pung!", "kong": "Kong!", "mahjong": "Mah-Jongg!"}

POP = 0.18          # seconds: scale-pop in
HOLD = 0.8          # seconds on show
FADE = 0.32         # seconds: drift and fade out
TEXT_SIZE = 40.0
RIPPLE = 0.55


class Announcement:
    """A word shown large over the table. Tween ``scale``, ``alpha``, ``y``."""

    def __init__(self, text: str, x: float, y: float, colour: Sequence[int] = theme.TEXT) -> None:
        self.text = text
        self.x = float(x)
        self.y = float(y)
        self.colour = tuple(colour)
        self.scale = 0.35
        self.alpha = 0.0
        self.done = False
        self.anim: Anim | None = None

    def _finish(self) -> None:
        self.done = True
        self.alpha = 0.0

    def rect(self, canvas) -> pygame.FRect:
        """Where the badge is drawn now (logical)."""
        size = TEXT_SIZE * max(0.05, self.scale)
        tw, th = canvas.measure(self.text, size, True)
        pad_x, pad_y = size * 0.55, size * 0.22
        r = pygame.FRect(0, 0, tw + 2 * pad_x, th + 2 * pad_y)
        r.center = (self.x, self.y)
        return r


def keep_off(a: Announcement, panels: Sequence, canvas, width: float = 1600.0, gap: float = 12.0) -> None:
    """Move ``a`` sideways, by the shorter way that stays on the screen, until its badge at its
    largest (the pop overshoots) touches none of ``panels`` (x, y, w, h): words the player is
    reading (an open hint), which a passing "Chow!" must not hide."""
    scale = a.scale
    a.scale = max(scale, 1.15)
    try:
        for p in panels:
            p = pygame.FRect(p)
            r = a.rect(canvas)
            if p.w <= 0 or p.h <= 0 or not r.colliderect(p):
                continue
            left, right = p.left - gap - r.right, p.right + gap - r.left        # the two shifts that clear it
            fits = [d for d in (left, right) if r.left + d >= 0 and r.right + d <= width]
            a.x += min(fits or [right], key=abs)
    finally:
        a.scale = scale


def announce(tweener: Tweener, text: str, at: tuple[float, float], *, hold: float = HOLD,
             colour: Sequence[int] = theme.TEXT) -> Announcement:
    """Show ``text`` at ``at`` (a seat's announce point): pop, hold, fade. Returns the object to draw."""
    a = Announcement(text, at[0], at[1], colour)
    a.anim = tweener.run(sequence(
        parallel(tween(a, POP, ease_back_out, scale=1.0), tween(a, POP * 0.7, linear, alpha=1.0)),
        wait(hold),
        parallel(tween(a, FADE, ease_in_quad, alpha=0.0), tween(a, FADE, ease_out_quad, y=a.y - 16.0)),
    ))
    a.anim.then(a._finish)
    return a


def draw_announcement(canvas, a: Announcement) -> None:
    if a.done or a.alpha <= 0.01 or a.scale <= 0.05:
        return
    alpha = max(0.0, min(1.0, a.alpha))
    size = TEXT_SIZE * a.scale
    r = a.rect(canvas)
    canvas.fill((8, 26, 18, int(225 * alpha)), r, r.h / 2)
    canvas.outline(a.colour + (int(255 * alpha),), r, 2.5, r.h / 2)
    canvas.text(a.text, r.center, size, a.colour, True, "center", alpha=int(255 * alpha))


class Ripple:
    """A widening, fading ring round a piece (the discard just made). Tween ``grow`` 0 -> 1."""

    def __init__(self, rect: Sequence[float]) -> None:
        self.rect = pygame.FRect(rect)
        self.grow = 0.0
        self.done = False

    def _finish(self) -> None:
        self.done = True


def highlight_discard(tweener: Tweener, rect: Sequence[float], duration: float = RIPPLE) -> Ripple:
    rp = Ripple(rect)
    tweener.run(tween(rp, duration, ease_out_cubic, grow=1.0)).then(rp._finish)
    return rp


def draw_ripple(canvas, rp: Ripple) -> None:
    if rp.done:
        return
    g = max(0.0, min(1.0, rp.grow))
    spread = 4 + 16 * g
    r = rp.rect.inflate(2 * spread, 2 * spread)
    canvas.outline(theme.NEWEST + (int(230 * (1.0 - g)),), r, 3.0 - 1.5 * g, 6 + spread / 2)
