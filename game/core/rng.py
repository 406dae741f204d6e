"""One seeded random source per match, serialisable as plain JSON (no pickle)."""

from __future__ import annotations

import random
from typing import Any, Sequence, TypeVar

T = TypeVar("T")


class GameRng:
    """A thin wrapper over random.Random whose state can be saved as JSON and copied."""

    def __init__(self, seed: int | str | None = None):
        self._r = random.Random(seed)

    def randint(self, lo: int, hi: int) -> int:
        return self._r.randint(lo, hi)

    def roll(self, sides: int) -> int:
        return self._r.randint(1, sides)

    def shuffle(self, items: list) -> None:
        self._r.shuffle(items)

    def choice(self, items: Sequence[T]) -> T:
        return self._r.choice(items)

    def random(self) -> float:
        return self._r.random()

    def fork(self, salt: int | str) -> "GameRng":
        """An independent stream derived from this one (e.g. a bot's own rng)."""
        # A str seed is hashed with sha512 by random.Random: stable across processes.
        return GameRng(f"{self._r.getrandbits(64)}:{salt}")

    def copy(self) -> "GameRng":
        g = GameRng()
        g._r.setstate(self._r.getstate())
        return g

    def __deepcopy__(self, memo: dict) -> "GameRng":
        return self.copy()

    def to_json(self) -> Any:
        version, internal, gauss = self._r.getstate()
        return [version, list(internal), gauss]

    @staticmethod
    def from_json(data: Any) -> "GameRng":
        g = GameRng()
        version, internal, gauss = data
        g._r.setstate((version, tuple(internal), gauss))
        return g
