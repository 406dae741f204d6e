"""Per-game screens are optional modules: `game/app/<package>/<game_id>.py` exposing one name."""

from __future__ import annotations

import importlib
from typing import Any


def game_module_attr(package: str, game_id: str, attr: str) -> Any:
    """`attr` of game.app.<package>.<game_id>, or None when that module does not exist (yet)."""
    name = f"game.app.{package}.{game_id}"
    try:
        mod = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name == name:
            return None
        raise
    return getattr(mod, attr, None)
