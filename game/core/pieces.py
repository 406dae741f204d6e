"""Piece notation shared by the five games (shared/rules-decisions.md, "Notation").

Chinese tiles and Kards: B1..B9 bamboo, C1..C9 characters, D1..D9 dots; winds WE WS WW WN;
dragons DR DG DW; flowers F1..F4; seasons S1..S4.
Mint Tin (its own namespace): S1 S2 S3 Sword, M4 M5 M6 Moon, F7 F8 F9 Fire, SD MD FD, J.
Pyramids: <colour>-<size>, size S/M/L.
"""

from __future__ import annotations

from dataclasses import dataclass

SUITS = ("B", "C", "D")                     # bamboo, characters, dots
SUIT_NAMES = {"B": "Bamboo", "C": "Characters", "D": "Dots"}
WINDS = ("WE", "WS", "WW", "WN")
WIND_NAMES = {"WE": "East", "WS": "South", "WW": "West", "WN": "North"}
DRAGONS = ("DR", "DG", "DW")
DRAGON_NAMES = {"DR": "Red Dragon", "DG": "Green Dragon", "DW": "White Dragon"}
FLOWERS = ("F1", "F2", "F3", "F4")
SEASONS = ("S1", "S2", "S3", "S4")
FLOWER_NAMES = {"F1": "Plum", "F2": "Orchid", "F3": "Chrysanthemum", "F4": "Bamboo blossom"}
SEASON_NAMES = {"S1": "Spring", "S2": "Summer", "S3": "Autumn", "S4": "Winter"}

NUMBERED_TILES = tuple(f"{s}{n}" for s in SUITS for n in range(1, 10))
HONOUR_TILES = WINDS + DRAGONS
BONUS_TILES = FLOWERS + SEASONS
ALL_TILE_KINDS = NUMBERED_TILES + HONOUR_TILES + BONUS_TILES   # 42 kinds


def is_numbered(t: str) -> bool:
    return len(t) == 2 and t[0] in SUITS and t[1].isdigit() and t[1] != "0"


def is_wind(t: str) -> bool:
    return t in WINDS


def is_dragon(t: str) -> bool:
    return t in DRAGONS


def is_bonus(t: str) -> bool:
    return t in BONUS_TILES


def tile_name(t: str) -> str:
    """A player's name for a tile: "3 Bamboo", "East Wind", "Red Dragon", "Plum (flower 1)"."""
    if is_numbered(t):
        return f"{t[1]} {SUIT_NAMES[t[0]]}"
    if t in WIND_NAMES:
        return f"{WIND_NAMES[t]} Wind"
    if t in DRAGON_NAMES:
        return DRAGON_NAMES[t]
    if t in FLOWER_NAMES:
        return f"{FLOWER_NAMES[t]} (flower {t[1]})"
    if t in SEASON_NAMES:
        return f"{SEASON_NAMES[t]} (season {t[1]})"
    raise ValueError(f"not a tile: {t!r}")


def chinese_set(copies: int = 4, bonus: bool = True) -> list[str]:
    """The full set: 4 of each suit/honour kind (136) plus one of each flower/season (144)."""
    tiles = [k for k in NUMBERED_TILES + HONOUR_TILES for _ in range(copies)]
    if bonus:
        tiles += list(BONUS_TILES)
    return tiles


# --------------------------------------------------------------------------- Mint Tin

MINT_SUITS = ("S", "M", "F")
MINT_SUIT_NAMES = {"S": "Sword", "M": "Moon", "F": "Fire"}
MINT_NUMBERS = {"S": (1, 2, 3), "M": (4, 5, 6), "F": (7, 8, 9)}
MINT_NUMBER_CARDS = tuple(f"{s}{n}" for s in MINT_SUITS for n in MINT_NUMBERS[s])
MINT_DRAGONS = ("SD", "MD", "FD")
# MTM-1: Sword dragon is the Green one, Moon the White one, Fire the Red one.
MINT_DRAGON_COLOUR = {"SD": "green", "MD": "white", "FD": "red"}
MINT_JOKER = "J"
MINT_SUIT_CARDS = MINT_NUMBER_CARDS + MINT_DRAGONS         # 12 kinds x 4 = 48
MINT_CARD_KINDS = MINT_SUIT_CARDS + (MINT_JOKER,)


def mint_suit(card: str) -> str | None:
    return None if card == MINT_JOKER else card[0]


def mint_card_name(c: str) -> str:
    if c == MINT_JOKER:
        return "Joker"
    if c in MINT_DRAGONS:
        return f"{MINT_SUIT_NAMES[c[0]]} Dragon"
    if c in MINT_NUMBER_CARDS:
        return f"{MINT_SUIT_NAMES[c[0]]} {c[1]}"
    raise ValueError(f"not a Mint Tin card: {c!r}")


# --------------------------------------------------------------------------- Icehouse

PYRAMID_COLOURS = ("red", "orange", "yellow", "green", "blue", "cyan", "violet", "clear")  # d8 1..8
OPAQUE_COLOURS = ("black", "white")
ALL_PYRAMID_COLOURS = PYRAMID_COLOURS + OPAQUE_COLOURS
PYRAMID_SIZES = ("S", "M", "L")
SIZE_PIPS = {"S": 1, "M": 2, "L": 3}


@dataclass(frozen=True, order=True)
class Pyramid:
    colour: str
    size: str

    def __str__(self) -> str:
        return f"{self.colour}-{self.size}"

    @staticmethod
    def parse(text: str) -> "Pyramid":
        colour, _, size = text.partition("-")
        if colour not in ALL_PYRAMID_COLOURS or size not in PYRAMID_SIZES:
            raise ValueError(f"not a pyramid: {text!r}")
        return Pyramid(colour, size)


ALL_PYRAMIDS = tuple(f"{c}-{s}" for c in ALL_PYRAMID_COLOURS for s in PYRAMID_SIZES)  # 30 kinds

# --------------------------------------------------------------------------- dice

DICE = {"d6": 6, "d8": 8}
