"""Easing functions: f(t) for t in [0, 1], f(0) == 0 and f(1) == 1 exactly.

Pure python; no pygame.  Use them by value (``ease_out_cubic``) or by name
(``EASINGS["out_cubic"]`` / ``get("out_cubic")``).
"""
from __future__ import annotations

import math
from typing import Callable

Easing = Callable[[float], float]


def _clamp(t: float) -> float:
    return 0.0 if t <= 0.0 else 1.0 if t >= 1.0 else t


def linear(t: float) -> float:
    return _clamp(t)


def ease_in_quad(t: float) -> float:
    t = _clamp(t)
    return t * t


def ease_out_quad(t: float) -> float:
    t = _clamp(t)
    return 1.0 - (1.0 - t) * (1.0 - t)


def ease_in_cubic(t: float) -> float:
    t = _clamp(t)
    return t * t * t


def ease_out_cubic(t: float) -> float:
    t = _clamp(t)
    u = 1.0 - t
    return 1.0 - u * u * u


def ease_in_out(t: float) -> float:
    """Cubic ease-in-out (slow start, slow end)."""
    t = _clamp(t)
    if t < 0.5:
        return 4.0 * t * t * t
    u = -2.0 * t + 2.0
    return 1.0 - u * u * u / 2.0


def ease_in_out_sine(t: float) -> float:
    t = _clamp(t)
    return -(math.cos(math.pi * t) - 1.0) / 2.0


def make_back_out(overshoot: float = 1.70158) -> Easing:
    """Ease-out that overshoots the end a little and settles back."""
    c1 = overshoot
    c3 = c1 + 1.0

    def back_out(t: float) -> float:
        t = _clamp(t)
        if t >= 1.0:
            return 1.0
        if t <= 0.0:
            return 0.0
        u = t - 1.0
        return 1.0 + c3 * u * u * u + c1 * u * u

    back_out.__name__ = f"back_out_{overshoot:g}"
    return back_out


#: The standard back-out (about 10 % overshoot).
ease_back_out = make_back_out(1.70158)
#: A gentle back-out (about 2-3 % overshoot): the "tiny settle" of a landing piece.
ease_settle = make_back_out(0.8)


EASINGS: dict[str, Easing] = {
    "linear": linear,
    "in_quad": ease_in_quad,
    "out_quad": ease_out_quad,
    "in_cubic": ease_in_cubic,
    "out_cubic": ease_out_cubic,
    "in_out": ease_in_out,
    "in_out_sine": ease_in_out_sine,
    "back_out": ease_back_out,
    "settle": ease_settle,
}


def get(ease: str | Easing | None) -> Easing:
    """Resolve an easing given by name, function or None (= linear)."""
    if ease is None:
        return linear
    if callable(ease):
        return ease
    try:
        return EASINGS[ease]
    except KeyError:
        raise ValueError(f"unknown easing {ease!r}; known: {', '.join(EASINGS)}") from None
