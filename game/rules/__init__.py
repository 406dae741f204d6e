"""The catalogue of games. Each built game is a package here exposing `RULES` (a GameRules).

The app, the simulator and the level loader find games only through `catalogue()` and
`rules_for(game_id)`, so a new game plugs in by adding its package and one entry below.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    blurb: str               # one line for the menu card
    pieces: str              # "tiles", "cards", "kards" or "pyramids": how the menu card is drawn
    seats: tuple[int, int]   # min, max seats
    module: str              # package holding RULES
    unit: str = "points"     # what its scores count (the statistics' best score says it)


GAMES: tuple[GameInfo, ...] = (
    GameInfo("minttin", "Mint Tin Mahjong", "54 cards, two players or solo against the tin's automaton",
             "mint", (1, 2), "game.rules.minttin"),
    GameInfo("rummy", "Mahjong Rummy", "Tile rummy with Mahjong tiles: four seats, dragons as wilds",
             "tiles", (4, 4), "game.rules.rummy"),
    GameInfo("kards", "Mah-Jongg for Kards", "144 cards, wall and kong box, claims and special hands",
             "kards", (4, 4), "game.rules.kards"),
    GameInfo("cuzzins", "Cuzzins' Mahjongg", "16-tile hands, honours as flowers, paid in cents",
             "tiles", (4, 4), "game.rules.cuzzins", unit="cents"),
    GameInfo("martian", "Martian Mah Jongg", "Icehouse pyramids, dice and hidden pieces under covers",
             "pyramids", (2, 4), "game.rules.martian"),
)


def catalogue() -> tuple[GameInfo, ...]:
    return GAMES


def info(game_id: str) -> GameInfo:
    for g in GAMES:
        if g.id == game_id:
            return g
    raise KeyError(f"no game called {game_id!r}; the games are {', '.join(g.id for g in GAMES)}")


def rules_for(game_id: str):
    """The game's GameRules, or None when the game is not built yet."""
    info(game_id)
    try:
        mod = importlib.import_module(info(game_id).module)
    except ModuleNotFoundError as e:
        if e.name and info(game_id).module.startswith(e.name):
            return None
        raise
    return getattr(mod, "RULES", None)


def is_built(game_id: str) -> bool:
    return rules_for(game_id) is not None
