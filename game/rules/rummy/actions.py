"""Mahjong Rummy actions (RUM-14): play tiles (a whole-table transaction), draw one, or pass (RUM-8)."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.protocol import Action, ActionCodec


@dataclass(frozen=True)
class PlayTurn(Action):
    """The whole table after this turn, as the player wants it.

    table  : every set in play after the turn, each a tuple of tile ids ("B3#2"); order is free.
    played : the hand tiles put on the table (may be left empty: the engine derives it and, when
             given, checks it).
    values : (dragon id, kind) declarations for dragons coming from the hand ("DR#1", "B5").
             Dragons already in play keep their value and need not be listed (RUM-6).
    swaps  : (dragon id, natural id) dragon swaps (RUM-9): the natural from your hand takes the
             dragon's place in its set and the dragon comes to your hand (it may be played again
             in `table` with a new value, declared in `values`).
    """

    kind = "play"
    table: tuple[tuple[str, ...], ...] = ()
    played: tuple[str, ...] = ()
    values: tuple[tuple[str, str], ...] = ()
    swaps: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Draw(Action):
    """Take one tile from the face-down pool; the turn ends (RUM-14)."""

    kind = "draw"


@dataclass(frozen=True)
class Pass(Action):
    """Only when the pool is empty (RUM-8): four passes in a row end the round."""

    kind = "pass"


CODEC = ActionCodec([PlayTurn, Draw, Pass])
