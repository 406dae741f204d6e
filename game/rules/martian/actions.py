"""Martian Mah Jongg's actions. Places are slot names ("pung-S"), "bonus" (add to the stack),
"bonus-1".."bonus-4" (exchange with that stack piece), "opaques" or "discard".

Chance (the CHANCE seat): `D8` for a setup roll of the colour die, `Dice` for a turn's roll.
The player to move: `Roll` (throw the dice), then after a small or medium draw `Look` under a
cover (optional) and one of `Keep` (option i, or no cover; also every large draw), `Swap`
(option ii) or `Hide` (option iii). Claim window: `Claim`, `Pass`. After a claim: `Go` or
`Discard`. Any wait point: `MahJongg` (declare on the hand you hold, MMJ-21).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.protocol import Action, ActionCodec, checked

from .pieces import BONUS_MAX, OPAQUES, SLOTS

KEEP_PLACES = SLOTS + ("bonus",) + tuple(f"bonus-{i}" for i in range(1, BONUS_MAX + 1)) + ("opaques", "discard")
DISCARD_PLACES = SLOTS + tuple(f"bonus-{i}" for i in range(1, BONUS_MAX + 1))


@dataclass(frozen=True)
class D8(Action):
    """A setup roll of the colour die (East, the covers' extra mediums, the starting piles)."""
    kind = "d8"
    face: int = checked(1, lo=1, hi=8)


@dataclass(frozen=True)
class Dice(Action):
    """A turn's roll: d6 picks the size, d8 the colour."""
    kind = "dice"
    d6: int = checked(1, lo=1, hi=6)
    d8: int = checked(1, lo=1, hi=8)


@dataclass(frozen=True)
class Roll(Action):
    """The player to move throws the dice."""
    kind = "roll"


@dataclass(frozen=True)
class Look(Action):
    """Take a cover behind the screen and look under it (0-9 medium covers, 10-19 large)."""
    kind = "look"
    cover: int = checked(0, lo=0, hi=19)


@dataclass(frozen=True)
class Keep(Action):
    """Keep the drawn piece at `to` (a piece already there is discarded), or discard it."""
    kind = "keep"
    to: str = checked("discard", among=KEEP_PLACES)


@dataclass(frozen=True)
class Swap(Action):
    """Leave the drawn piece under the cover and keep the hidden one at `to`."""
    kind = "swap"
    to: str = checked("discard", among=KEEP_PLACES)


@dataclass(frozen=True)
class Hide(Action):
    """Slip an opaque of colour `opaque` under the cover (small draws only); keep `keep` ("drawn"
    or "hidden") at `to` (an empty slot, or "opaques"); the other small is discarded."""
    kind = "hide"
    opaque: str = checked("black", among=OPAQUES)
    keep: str = checked("drawn", among=("drawn", "hidden"))
    to: str = checked("chow-S", among=KEEP_PLACES)


@dataclass(frozen=True)
class Claim(Action):
    """Claim the discard to complete `pile`; with `mahjong` the hand is complete too."""
    kind = "claim"
    pile: str = checked("pung", among=("pung", "kong"))
    mahjong: bool = False


@dataclass(frozen=True)
class Pass(Action):
    kind = "pass"


@dataclass(frozen=True)
class Go(Action):
    """After a claim: no discard."""
    kind = "go"


@dataclass(frozen=True)
class Discard(Action):
    """After a claim: discard the piece at `place` (not from an exposed pile)."""
    kind = "discard"
    place: str = checked("chow-S", among=DISCARD_PLACES)


@dataclass(frozen=True)
class MahJongg(Action):
    """Declare Mah Jongg on the hand held now."""
    kind = "mahjongg"


CODEC = ActionCodec([D8, Dice, Roll, Look, Keep, Swap, Hide, Claim, Pass, Go, Discard, MahJongg])
