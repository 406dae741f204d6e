"""Opponents. A bot sees a View, the legal actions and its own rng; never the state.

Each built game registers its bots in BOTS below via `register(game_id, strength, factory)`
from its own module `game/bots/<game>.py`, imported lazily by `make_bot`.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, Protocol, Sequence

from game.core.protocol import Action
from game.core.rng import GameRng


class Bot(Protocol):
    def choose(self, view: Any, legal: Sequence[Action], rng: GameRng) -> Action: ...


_FACTORIES: dict[tuple[str, str], Callable[[], Bot]] = {}


def register(game_id: str, strength: str, factory: Callable[[], Bot]) -> None:
    _FACTORIES[(game_id, strength)] = factory


def _load(game_id: str) -> None:
    if not any(k[0] == game_id for k in _FACTORIES):
        try:
            importlib.import_module(f"game.bots.{game_id}")
        except ModuleNotFoundError as e:
            raise KeyError(f"no bots for {game_id}") from e


def strengths(game_id: str) -> tuple[str, ...]:
    """The strengths registered for a game, in registration order."""
    _load(game_id)
    return tuple(s for g, s in _FACTORIES if g == game_id)


def make_bot(game_id: str, strength: str) -> Bot:
    _load(game_id)
    try:
        return _FACTORIES[(game_id, strength)]()
    except KeyError:
        raise KeyError(f"no {strength} bot for {game_id}") from None
