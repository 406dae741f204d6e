"""Mahjong Rummy tiles: 136 distinct physical pieces with ids such as "B3#2".

Kinds are small ints for speed: 0-8 B1..B9, 9-17 C1..C9, 18-26 D1..D9, 27-30 WE WS WW WN,
31 DR, 32 DG, 33 DW.  A tile id is "<kind>#<copy>" with copy 1..4.  Kinds, ids, the notation
parser and the allocator are the kit's (game/core/kit/tiles.py); Rummy adds its "DR=B5" values.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from game.core.kit.tiles import KINDS as _KIT_KINDS, PieceAllocator, parse_piece, piece_ids
from game.core.pieces import DRAGONS, tile_name

KINDS: tuple[str, ...] = _KIT_KINDS                                  # 34 kinds (the kit's order)
KIND_INDEX: dict[str, int] = {k: i for i, k in enumerate(KINDS)}
N_NUMBERED = 27
WIND_LO, WIND_HI = 27, 30
DR, DG, DW = KIND_INDEX["DR"], KIND_INDEX["DG"], KIND_INDEX["DW"]
COPIES = 4

ALL_TILES: tuple[str, ...] = piece_ids(bonus=False)                  # 136, the kit's ids
TILE_KIND: dict[str, int] = {t: KIND_INDEX[t.split("#")[0]] for t in ALL_TILES}
TILE_ORDER: dict[str, int] = {t: i for i, t in enumerate(ALL_TILES)}

# Seat and round winds: seat 0 North, 1 East, 2 South, 3 West (RUM-13).
SEAT_WINDS: tuple[str, ...] = ("WN", "WE", "WS", "WW")
SEAT_NAMES: tuple[str, ...] = ("North", "East", "South", "West")


def is_tile(t: object) -> bool:
    return isinstance(t, str) and t in TILE_KIND


def kind(t: str) -> str:
    """"B3#2" -> "B3"."""
    return KINDS[TILE_KIND[t]]


def kidx(t: str) -> int:
    return TILE_KIND[t]


def is_num_k(k: int) -> bool:
    return k < N_NUMBERED


def is_wind_k(k: int) -> bool:
    return WIND_LO <= k <= WIND_HI


def is_dragon_k(k: int) -> bool:
    return k >= DR


def is_dragon_tile(t: str) -> bool:
    return TILE_KIND[t] >= DR


def suit_k(k: int) -> int:
    return k // 9


def rank_k(k: int) -> int:
    return k % 9 + 1


def name(t: str) -> str:
    """A player's name for a tile id or kind: "3 Bamboo", "Red Dragon"."""
    return tile_name(t.split("#")[0])


def sort_tiles(tiles: Iterable[str]) -> list[str]:
    return sorted(tiles, key=TILE_ORDER.__getitem__)


def seat_name(seat: int) -> str:
    return SEAT_NAMES[seat]


def round_wind(round_index: int) -> str:
    return SEAT_WINDS[round_index % 4]


def parse_token(token: str) -> tuple[str, int | None, str | None]:
    """Level and tool notation: "B3", "B3#2", "DR=B5", "DR#1=B5" -> (kind, copy or None, value or None).

    The tile part is the kit's notation; the "=value" for a dragon is Rummy's own.
    """
    text = token.strip().upper() if isinstance(token, str) else token
    body, _, value = text.partition("=") if isinstance(text, str) else (text, "", "")
    k, c = parse_piece(body, bonus=False, what="Mahjong Rummy tile", shown=token)
    v: str | None = None
    if value:
        if k not in DRAGONS:
            raise ValueError(f"{token!r}: only dragons take a value after =")
        if value not in KIND_INDEX or value in DRAGONS:
            raise ValueError(f"{token!r}: a dragon's value must be a numbered tile or a wind, not {value!r}")
        v = value
    elif "=" in text:
        raise ValueError(f"{token!r}: missing the value after =")
    return k, c, v


class TileAllocator(PieceAllocator):
    """The kit's allocator over Rummy's 136 tiles, plus Rummy's "DR=B5" tokens."""

    def __init__(self, taken: Iterable[str] = ()):
        super().__init__(taken, bonus=False)

    def token(self, token: str, where: str = "") -> tuple[str, str | None]:
        k, c, v = parse_token(token)
        return self.take(k, c, where), v
