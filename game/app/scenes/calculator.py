"""Scoring calculator screens: game/app/calculators/<game>.py exposes CALCULATOR_SCENE."""

from __future__ import annotations

from game.app.calculators import calculator_scene_for
from game.rules import GAMES


def SCENE(app, game_id: str | None = None):
    from game.app.scenes.error import ErrorScene

    if game_id is None:
        built = [g.id for g in GAMES if calculator_scene_for(g.id) is not None]
        return ErrorScene(app, "Choose a game", "Scoring calculators: " + ", ".join(
            f"calculator:{g}" for g in built) + ". Each game's setup screen also opens its own.")
    cls = calculator_scene_for(game_id)
    if cls is None:
        return ErrorScene(app, "Not built yet", f"There is no scoring calculator for {game_id} yet.")
    return cls(app, game_id)
