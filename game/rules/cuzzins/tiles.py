"""Cuzzins' tiles: the 108 suit tiles make hands; the 36 others (winds, dragons, flowers,
seasons) are all "flowers", laid out on arrival (1.3). Kinds and piece ids are the kit's."""

from __future__ import annotations

from game.core.kit.tiles import ALL_KINDS, ALL_PIECES, N_SUITED, kind_of, rank_of, suit_of

SEATS = 4
SEAT_NAMES = ("Player 1", "Player 2", "Player 3", "Player 4")
WIND_NAMES = ("East", "South", "West", "North")      # by distance from the dealer, in turn order

SUITED_CODES: tuple[str, ...] = ALL_KINDS[:N_SUITED]   # B1..B9 C1..C9 D1..D9
CODE_KIND: dict[str, int] = {c: i for i, c in enumerate(SUITED_CODES)}
PIECES: tuple[str, ...] = ALL_PIECES                    # all 144 physical tiles


def is_flower(piece: str) -> bool:
    """Every tile that is not a suit tile counts as a flower (1.3, CUZ-25)."""
    return kind_of(piece) >= N_SUITED


def code(kind: int) -> str:
    return ALL_KINDS[kind]


def face_value(kind: int) -> int:
    """CUZ-24: a one is worth 11, every other suit tile its number (characters their digit)."""
    r = rank_of(kind)
    return 11 if r == 1 else r


def suit(kind: int) -> int:
    return suit_of(kind)


def wind_name(seat: int, dealer: int) -> str:
    return WIND_NAMES[(seat - dealer) % SEATS]
