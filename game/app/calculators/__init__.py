"""Scoring calculator screens: `game/app/calculators/<game_id>.py` exposes CALCULATOR_SCENE(app, game_id=None)."""

from __future__ import annotations

from game.app.plugins import game_module_attr


def calculator_scene_for(game_id: str):
    """The calculator screen class for a game, or None when that game has none yet."""
    return game_module_attr("calculators", game_id, "CALCULATOR_SCENE")
