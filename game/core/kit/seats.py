"""Seats round a table: next seat, distance and order in either direction, winds, dealer rotation.

Seats are numbered 0..n-1 in turn order, so FORWARD (+1) is "the next player to play" in every
game, whichever way the game's text says play goes round the table (Kards clockwise, Cuzzins
counter-clockwise: both are E -> S -> W -> N in turn order). BACKWARD (-1) is the other way.

Winds follow turn order from East: the dealer is East, the next seat South, then West, North.
"""

from __future__ import annotations

FORWARD = 1
BACKWARD = -1
WINDS = ("WE", "WS", "WW", "WN")
WIND_NAMES = ("East", "South", "West", "North")


def _check(direction: int) -> None:
    if direction not in (FORWARD, BACKWARD):
        raise ValueError(f"direction must be FORWARD (1) or BACKWARD (-1), not {direction!r}")


def step(seat: int, n: int = 4, direction: int = FORWARD, times: int = 1) -> int:
    """The seat `times` places away from `seat` in `direction`."""
    _check(direction)
    return (seat + direction * times) % n


def next_seat(seat: int, n: int = 4) -> int:
    """The seat that plays after `seat`."""
    return (seat + 1) % n


def distance(start: int, to: int, n: int = 4, direction: int = FORWARD) -> int:
    """How many steps in `direction` lead from `start` to `to` (0..n-1)."""
    _check(direction)
    return ((to - start) * direction) % n


def order_from(start: int, n: int = 4, direction: int = FORWARD, include_start: bool = True) -> tuple[int, ...]:
    """Every seat, beginning at `start` (or just after it) and going in `direction`."""
    _check(direction)
    first = 0 if include_start else 1
    return tuple((start + direction * i) % n for i in range(first, n))


def seat_wind(seat: int, east: int, n: int = 4) -> str:
    """The seat's wind when `east` is East: "WE", "WS", "WW" or "WN"."""
    return WINDS[(seat - east) % n]


def seat_of_wind(wind: str, east: int, n: int = 4) -> int:
    """The seat holding `wind` when `east` is East."""
    if wind not in WINDS[:n]:
        raise ValueError(f"no seat holds {wind!r} at a table of {n}")
    return (east + WINDS.index(wind)) % n


def next_east(east: int, n: int = 4, direction: int = FORWARD) -> int:
    """Who is East after East passes: FORWARD to the next player (the usual rule), BACKWARD to
    the player before East (every seat's wind moves on one: Kards KRD-25 literal, Martian MMJ-15)."""
    return step(east, n, direction)


def next_wind(wind: str) -> str:
    """The round wind after `wind`: E -> S -> W -> N -> E."""
    return WINDS[(WINDS.index(wind) + 1) % 4]
