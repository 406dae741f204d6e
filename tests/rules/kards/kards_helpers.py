"""Small helpers for the Kards tests: fixed deals, counts from notation, playing moves."""

from __future__ import annotations

from game.core.kit.tiles import KIND_INDEX, kind_of
from game.core.protocol import CHANCE, SeatConfig, Setup
from game.rules.kards import RULES
from game.rules.kards.actions import Discard, Pass
from game.rules.kards.patterns import Meld

SEATS4 = tuple(SeatConfig("human", name=f"P{i}") for i in range(4))


def setup(deal=None, options=None, seed: int = 1) -> Setup:
    return Setup("kards", SEATS4, dict(options or {}), seed, deal)


def dealt(hands, wall=(), box=(), east: int = 0, options=None, seed: int = 1, **more):
    """A state right after a fixed deal (seats in order, the dealer's hand first to act)."""
    deal = {"east": east, "hands": [h.split() if isinstance(h, str) else h for h in hands],
            "wall": list(wall), "box": list(box), **more}
    return RULES.new_game(setup(deal, options, seed))


def cnt(text: str) -> tuple:
    c = [0] * 34
    for t in text.split():
        c[KIND_INDEX[t]] += 1
    return tuple(c)


def meld(shape: str, tile: str, concealed: bool = False) -> Meld:
    return Meld(shape, KIND_INDEX[tile], concealed)


def piece(state, seat: int, tile: str) -> str:
    """The first piece of kind `tile` in the seat's hand."""
    return next(p for p in state.hands[seat] if kind_of(p) == KIND_INDEX[tile])


def act(state, seat, action, events=None):
    new, ev = RULES.apply(state, seat, action)
    if events is not None:
        events.extend(ev)
    return new


def all_pass(state, events=None):
    """Every seat still asked in the claim window passes."""
    for s in RULES.to_act(state):
        state = act(state, s, Pass(), events)
    return state


def discard(state, seat, tile, events=None):
    return act(state, seat, Discard(piece(state, seat, tile)), events)


def discard_drawn_round(state, events=None):
    """The seat to act discards what it drew (or its last card), then everyone passes."""
    seat = RULES.to_act(state)[0]
    p = state.drawn or state.hands[seat][-1]
    state = act(state, seat, Discard(p), events)
    if state.phase == "claim":
        state = all_pass(state, events)
    return state


def chance(state, faces, events=None):
    from game.rules.kards.actions import Dice
    assert RULES.to_act(state) == (CHANCE,)
    return act(state, CHANCE, Dice(tuple(faces)), events)
