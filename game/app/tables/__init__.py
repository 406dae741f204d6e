"""Game table scenes. `game/app/tables/<game_id>.py` exposes SCENE, a TableScene subclass."""

from __future__ import annotations

from game.app.plugins import game_module_attr


def table_scene_for(game_id: str):
    """The table scene class for a game, or None when that game has no table screen yet."""
    return game_module_attr("tables", game_id, "SCENE")
