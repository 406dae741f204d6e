"""Helpers for the Martian Mah Jongg tests: fixed deals, forced dice, short names for actions."""

from __future__ import annotations

from game.core.protocol import CHANCE, SeatConfig, Setup
from game.rules.martian import RULES
from game.rules.martian.actions import D8, Dice, Roll
from game.rules.martian.pieces import COLOURS, colour_of, size_of

# a complete hand: Chow small, bush, tree
FULL = {"chow": ["red-S"], "pung": ["blue-M", "blue-S"], "kong": ["green-L", "green-M", "green-S"]}


def setup(n: int = 4, seed: int = 1, deal: dict | None = None, humans=None, **options) -> Setup:
    """`humans`: how many seats (the first ones) are human, or a tuple of the human seats; default all."""
    humans = tuple(range(n if humans is None else humans)) if not isinstance(humans, tuple) else humans
    seats = tuple(SeatConfig("human" if i in humans else "bot", "easy", f"P{i + 1}") for i in range(n))
    return Setup("martian", seats, options, seed, deal)


def dealt(hands: list, n: int | None = None, east: int = 0, covers: dict | None = None, seed: int = 1,
          humans=None, **options):
    """A state at East's first roll with these screens (pieces not listed are in the pool)."""
    n = n or len(hands)
    deal = {"east": east, "hands": hands}
    if covers:
        deal["covers"] = covers
    return RULES.new_game(setup(n, seed, deal, humans, **options))


def dice_for(piece: str) -> Dice:
    """The roll that names `piece` (d6 1/3/5 for S/M/L)."""
    return Dice({"S": 1, "M": 3, "L": 5}[size_of(piece)], COLOURS.index(colour_of(piece)) + 1)


def d8_for(colour: str) -> D8:
    return D8(COLOURS.index(colour) + 1)


def act(state, seat, action):
    """Apply and return (new state, events)."""
    return RULES.apply(state, seat, action)


def chance(state, action):
    return RULES.apply(state, CHANCE, action)


def draw(state, piece):
    """The player to move throws and the dice name `piece`: the state in its draw phase."""
    st, _ = act(state, state.turn, Roll())
    st, _ = chance(st, dice_for(piece))
    assert st.phase == "draw" and st.drawn == piece
    return st


def kinds(events):
    return [e.kind for e in events]


def find(events, kind):
    return next(e for e in events if e.kind == kind)
