"""Martian Mah Jongg's pieces: Icehouse pyramids named `<colour>-<size>` ("red-S", "black-M").

Ten colours × three sizes × five copies = 150 pyramids. The eight see-through colours are the
d8's faces (red 1 … clear 8); black and white are opaque: their smalls are the "opaques" dealt to
the players, their mediums and larges are the covers (a medium cover hides a small, a large
cover hides a medium). Copies of a kind are identical, so pieces are just their kind's code.

What a player may hold is a slot model (MMJ-3, MMJ-29): one slot per size in each pile, filled
in any order, a bonus stack of at most four larges and any number of opaques.
"""

from __future__ import annotations

COLOURS = ("red", "orange", "yellow", "green", "blue", "cyan", "violet", "clear")   # d8 faces 1..8
OPAQUES = ("black", "white")
ALL_COLOURS = COLOURS + OPAQUES
SIZES = ("S", "M", "L")
SIZE_NAMES = {"S": "small", "M": "medium", "L": "large"}
COPIES = 5

KINDS = tuple(f"{c}-{z}" for c in ALL_COLOURS for z in SIZES)      # the 30 stacks
POOL_KINDS = tuple(f"{c}-{z}" for c in COLOURS for z in SIZES)     # what dice can name (24)
OPAQUE_SMALLS = ("black-S", "white-S")

# the slots of the three piles, by pile; a slot is named by its pile and size
PILES = ("chow", "pung", "kong")
PILE_SLOTS = {"chow": ("chow-S",), "pung": ("pung-M", "pung-S"), "kong": ("kong-L", "kong-M", "kong-S")}
SLOTS = tuple(s for p in PILES for s in PILE_SLOTS[p])
BONUS_MAX = 4

COVERS = 20                      # covers 0-9 are the medium ones (hiding smalls), 10-19 the large ones
COVER_HIDES = {"M": "S", "L": "M"}


def kind(colour: str, size: str) -> str:
    return f"{colour}-{size}"


_COLOUR = {k: k.rsplit("-", 1)[0] for k in KINDS}     # looked up, not split: scoring and bots ask a lot
_SIZE = {k: k.rsplit("-", 1)[1] for k in KINDS}


def colour_of(piece: str) -> str:
    c = _COLOUR.get(piece)
    return c if c is not None else piece.rsplit("-", 1)[0]


def size_of(piece: str) -> str:
    z = _SIZE.get(piece)
    return z if z is not None else piece.rsplit("-", 1)[1]


def is_opaque(piece: str) -> bool:
    return colour_of(piece) in OPAQUES


def pile_of(slot: str) -> str:
    return slot.split("-", 1)[0]


def slot_size(slot: str) -> str:
    return slot.split("-", 1)[1]


def name(piece: str) -> str:
    """A player's words: "small red"."""
    return f"{SIZE_NAMES[size_of(piece)]} {colour_of(piece)}"


def d6_size(d6: int) -> str:
    """The d6 picks the size: 1-2 small, 3-4 medium, 5-6 large."""
    return SIZES[(d6 - 1) // 2]


def d8_colour(d8: int) -> str:
    return COLOURS[d8 - 1]


def cover_size(cover: int) -> str:
    """Covers 0-9 are medium (hide a small), 10-19 large (hide a medium)."""
    return "M" if cover < 10 else "L"


def parse_piece(token: str, what: str = "piece") -> str:
    """A piece code from a player's text ("Red-s", "red-S"); ValueError with a readable reason."""
    if not isinstance(token, str) or "-" not in token:
        raise ValueError(f"{what} {token!r} is not a pyramid; write it like red-S, blue-M or black-S")
    colour, size = token.strip().rsplit("-", 1)
    colour, size = colour.lower(), size.upper()
    if colour not in ALL_COLOURS:
        raise ValueError(f"{what} {token!r}: the colours are {', '.join(ALL_COLOURS)}")
    if size not in SIZES:
        raise ValueError(f"{what} {token!r}: the sizes are S, M and L")
    return kind(colour, size)
