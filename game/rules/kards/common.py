"""Small helpers every part of the Kards engine uses: counts, melds for the matcher, names, events."""

from __future__ import annotations

from typing import Mapping

from game.core.kit.tiles import kind_of
from game.core.protocol import Event

from .patterns import Meld
from .state import State

WIND_NAMES = {27: "East", 28: "South", 29: "West", 30: "North"}


def counts(pieces) -> tuple:
    c = [0] * 34
    for p in pieces:
        c[kind_of(p)] += 1
    return tuple(c)


def meld_views(st: State, seat: int) -> list[Meld]:
    return [Meld(m.shape, m.kind, m.concealed) for m in st.melds[seat]]


def seat_label(st: State, seat: int) -> str:
    return WIND_NAMES[st.seat_wind(seat)]


def player(st: State, seat: int) -> str:
    """A player's name with the wind they sit at: "Ana (South)"."""
    return f"{st.names[seat]} ({seat_label(st, seat)})"


def ev(kind: str, data: Mapping, seat: int | None = None, public: Mapping | None = None) -> Event:
    return Event(kind, data, None if seat is None else frozenset({seat}), public)

