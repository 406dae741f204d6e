"""Blocks and the nine patterns: 14 cards in blocks of exactly two different sizes."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Iterable

BLOCK_SIZES = (2, 3, 4, 5)
BLOCK_NAMES = {2: "pair", 3: "pung", 4: "kong", 5: "quint"}
HAND_SIZE = 14

_WORDS = {1: "One", 2: "Two", 3: "Three", 4: "Four", 5: "Five"}


def _plural(size: int, n: int) -> str:
    word = BLOCK_NAMES[size].capitalize()
    return word if n == 1 else word + "s"


def _all_patterns() -> dict[tuple[tuple[int, int], ...], str]:
    """Every pair of block sizes a < b with x*a + y*b = 14 (x, y >= 1), named as on the box."""
    found = {}
    for a, b in combinations(BLOCK_SIZES, 2):
        for x in range(1, HAND_SIZE // a + 1):
            rest = HAND_SIZE - x * a
            if rest > 0 and rest % b == 0:
                y = rest // b
                key = ((a, x), (b, y))
                found[key] = f"{_WORDS[x]} {_plural(a, x)} and {_WORDS[y]} {_plural(b, y)}"
    return found


# key: ((small size, how many), (large size, how many)) -> name, e.g. "One Pair and Four Pungs"
PATTERNS: dict[tuple[tuple[int, int], ...], str] = _all_patterns()


def pattern_key(sizes: Iterable[int]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted(Counter(sizes).items()))


def pattern_name(sizes: Iterable[int]) -> str | None:
    """The pattern these block sizes make, or None when they are not one of the nine."""
    return PATTERNS.get(pattern_key(sizes))


def describe_sizes(sizes: Iterable[int]) -> str:
    """"one pair, two pungs and one kong"."""
    parts = [f"{_WORDS.get(n, str(n)).lower()} {_plural(s, n).lower()}" for s, n in pattern_key(sizes)]
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]
