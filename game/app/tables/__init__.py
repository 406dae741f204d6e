"""Game table scenes. `game/app/tables/<game_id>.py` exposes SCENE, a TableScene subclass."""

from __future__ import annotations

import importlib


def table_scene_for(game_id: str):
    """The table scene class for a game, or None when that game has no table screen yet."""
    name = f"game.app.tables.{game_id}"
    try:
        mod = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name == name:
            return None
        raise
    return getattr(mod, "SCENE", None)
