"""The actions of Mah-Jongg for Kards: small frozen dataclasses with a stable text encoding.

Pieces are named by id ("B3#2", see game/core/kit/tiles.py) when a particular card moves
(a discard), and by kind ("B3") when any copy will do (kongs, the named card of a standing hand).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.kit.tiles import ALL_PIECES, KINDS
from game.core.protocol import Action, ActionCodec, checked


@dataclass(frozen=True)
class Dice(Action):
    """The chance seat's roll: one die (seating), two (the side of the break) or three (the break)."""
    kind = "dice"
    faces: tuple[int, ...] = checked((1,), lo=1, hi=6)


@dataclass(frozen=True)
class Done(Action):
    """Setup: no (more) concealed kongs to declare before play starts."""
    kind = "done"


@dataclass(frozen=True)
class Discard(Action):
    kind = "discard"
    piece: str = checked("B1#1", among=ALL_PIECES)


@dataclass(frozen=True)
class ConcealedKong(Action):
    """Four of a kind from the concealed hand; a replacement comes from the kong box."""
    kind = "concealed_kong"
    tile: str = checked("B1", among=KINDS)


@dataclass(frozen=True)
class Expand(Action):
    """The card just drawn added to a melded pung of its kind; a replacement comes from the kong box."""
    kind = "expand"
    tile: str = checked("B1", among=KINDS)


@dataclass(frozen=True)
class MahJongg(Action):
    """Declare Mah-Jongg: by the wall on one's own turn, or on the discard in a claim window."""
    kind = "mahjongg"


FINISHES = ("pair", "chow", "pung", "special")     # what a discard can finish (KRD-4; never a kong)


@dataclass(frozen=True)
class MahJonggBy(Action):
    """Strict table (KRD-29): Mah-Jongg on a discard, the player naming what the discard finishes.
    The name ranks the claim (KRD-4); a wrong one costs 20 and the card is offered again."""
    kind = "mahjongg_by"
    finish: str = checked("pung", among=FINISHES)


@dataclass(frozen=True)
class Standing(Action):
    """Discard `piece` and declare a standing hand waiting for `wait` (KRD-22)."""
    kind = "standing"
    piece: str = checked("B1#1", among=ALL_PIECES)
    wait: str = checked("B1", among=KINDS)


@dataclass(frozen=True)
class Pass(Action):
    kind = "pass"


@dataclass(frozen=True)
class Pung(Action):
    kind = "pung"


@dataclass(frozen=True)
class Kong(Action):
    kind = "kong"


@dataclass(frozen=True)
class Chow(Action):
    """Claim the discard for the chow starting at `low` (the chow's lowest kind)."""
    kind = "chow"
    low: str = checked("B1", among=KINDS)


CODEC = ActionCodec([Dice, Done, Discard, ConcealedKong, Expand, MahJongg, Standing, Pass, Pung, Kong, Chow,
                     MahJonggBy])
CLAIMS = (Pass, Pung, Kong, Chow, MahJongg, MahJonggBy)
