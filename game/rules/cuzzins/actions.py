"""Cuzzins' actions. Tiles are named by kind ("B3"): which copy leaves a hand never matters."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.protocol import Action, ActionCodec, checked

from .tiles import SEATS, SUITED_CODES


@dataclass(frozen=True)
class Dice(Action):
    """A throw of two dice (the CHANCE seat): choosing the dealer, or opening the wall."""
    kind = "dice"
    d1: int = checked(1, lo=1, hi=6)
    d2: int = checked(1, lo=1, hi=6)


@dataclass(frozen=True)
class Discard(Action):
    kind = "discard"
    tile: str = checked("B1", among=SUITED_CODES)


@dataclass(frozen=True)
class DeclareSecret(Action):
    """Show that you hold four of `tile` hidden, instead of discarding (CUZ-17)."""
    kind = "secret"
    tile: str = checked("B1", among=SUITED_CODES)


@dataclass(frozen=True)
class Mahjongg(Action):
    """Win: on your own turn with the tile you drew, or as a claim on the discard."""
    kind = "mahjongg"


@dataclass(frozen=True)
class Chow(Action):
    """Claim the discard for the run starting at `low` (the next player only)."""
    kind = "chow"
    low: str = checked("B1", among=SUITED_CODES)


@dataclass(frozen=True)
class Pong(Action):
    kind = "pong"


@dataclass(frozen=True)
class Kong(Action):
    kind = "kong"


@dataclass(frozen=True)
class Pass(Action):
    kind = "pass"


@dataclass(frozen=True)
class PaySee(Action):
    """Pay `target` 25 cents to look at their secret number `secret` (CUZ-18); any time, out of turn."""
    kind = "see"
    target: int = checked(0, lo=0, hi=SEATS - 1)
    secret: int = checked(0, lo=0, hi=4)


CODEC = ActionCodec([Dice, Discard, DeclareSecret, Mahjongg, Chow, Pong, Kong, Pass, PaySee])
CLAIMS = (Mahjongg, Kong, Pong, Chow)
