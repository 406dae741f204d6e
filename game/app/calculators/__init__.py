"""Scoring calculator screens: `game/app/calculators/<game_id>.py` exposes CALCULATOR_SCENE(app, game_id=None)."""

from __future__ import annotations

import importlib


def calculator_scene_for(game_id: str):
    """The calculator screen class for a game, or None when that game has none yet."""
    name = f"game.app.calculators.{game_id}"
    try:
        mod = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name == name:
            return None
        raise
    return getattr(mod, "CALCULATOR_SCENE", None)
