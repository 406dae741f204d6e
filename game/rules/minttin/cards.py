"""Mint Tin cards: kinds, numbers, suits, the pack and the 54-card inventory.

Card codes come from game.core.pieces: S1 S2 S3 (Sword), M4 M5 M6 (Moon), F7 F8 F9 (Fire),
SD MD FD (the dragons), J (joker).  Every number belongs to exactly one suit, so a number
names its card.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable

from game.core.pieces import (MINT_DRAGON_COLOUR, MINT_DRAGONS, MINT_JOKER, MINT_NUMBER_CARDS,
                              MINT_SUIT_CARDS, MINT_SUIT_NAMES, MINT_SUITS, mint_card_name)

J = MINT_JOKER
NUMBER_CARDS = MINT_NUMBER_CARDS          # S1 .. F9
DRAGONS = MINT_DRAGONS                    # SD MD FD
SUIT_CARDS = MINT_SUIT_CARDS              # the 12 kinds, 4 copies each
KINDS = SUIT_CARDS + (J,)                 # every card face
SUITS = MINT_SUITS
COPIES = 4
JOKERS_TOTAL = 4                          # 2 double-sided + 2 with backs
SCORE_CARDS = 2
TOTAL_CARDS = len(SUIT_CARDS) * COPIES + JOKERS_TOTAL + SCORE_CARDS   # 54

CARD_BY_NUMBER = {int(c[1]): c for c in NUMBER_CARDS}

# MTM-1: the automaton's pair priority: Green (Sword) > White (Moon) > Red (Fire) dragon,
# then the lowest number.  Kept as data next to the colour table it is based on.
DRAGON_BY_COLOUR = {colour: card for card, colour in MINT_DRAGON_COLOUR.items()}
PAIR_PRIORITY = (DRAGON_BY_COLOUR["green"], DRAGON_BY_COLOUR["white"], DRAGON_BY_COLOUR["red"]) \
    + tuple(CARD_BY_NUMBER[n] for n in range(1, 10))

_ORDER = {c: i for i, c in enumerate(NUMBER_CARDS[:3] + ("SD",) + NUMBER_CARDS[3:6] + ("MD",)
                                      + NUMBER_CARDS[6:] + ("FD", J))}


def is_joker(c: str) -> bool:
    return c == J


def is_dragon(c: str) -> bool:
    return c in DRAGONS


def is_number(c: str) -> bool:
    return c in NUMBER_CARDS


def number(c: str) -> int:
    return int(c[1])


def suit(c: str) -> str:
    return c[0]


def name(c: str) -> str:
    """A player's name: "Moon 5", "Fire Dragon", "Joker"."""
    return mint_card_name(c)


def names(cards: Iterable[str]) -> str:
    return ", ".join(name(c) for c in cards)


def suit_name(s: str) -> str:
    return MINT_SUIT_NAMES[s]


def sort_key(c: str) -> int:
    """Hand order: Sword 1-3 and its dragon, Moon, Fire, jokers last."""
    return _ORDER[c]


def sort_cards(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=sort_key)


def check_card(c: object) -> str:
    if not isinstance(c, str) or c not in KINDS:
        raise ValueError(f"{c!r} is not a Mint Tin card (use S1 S2 S3 M4 M5 M6 F7 F8 F9 SD MD FD J)")
    return c


def suit_pack() -> list[str]:
    """The 48 suit cards, in a fixed order (shuffle with the game's rng)."""
    return [k for k in SUIT_CARDS for _ in range(COPIES)]


def block_kind(cards: Iterable[str]) -> str | None:
    """The card a block stands for: its first natural card (None for jokers only)."""
    for c in cards:
        if c != J:
            return c
    return None


def counts(cards: Iterable[str]) -> Counter:
    return Counter(cards)
