"""Mahjong Rummy bots (easy / normal / hard).  They decide only from the seat's View, the legal
actions and their own rng; see docs/rummy-bots.md for how each strength thinks.
"""

from __future__ import annotations

from typing import Any

from game.bots import register

from .bots import EasyBot, NormalBot


def _hard(*args: Any, **kwargs: Any) -> Any:
    """HardBot(...), its module (and its searches) loaded when the first Hard bot is made."""
    from .hard import HardBot
    return HardBot(*args, **kwargs)


def __getattr__(name: str) -> Any:
    if name == "HardBot":
        from .hard import HardBot
        return HardBot
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


register("rummy", "easy", EasyBot)
register("rummy", "normal", NormalBot)
register("rummy", "hard", _hard)

__all__ = ["EasyBot", "NormalBot", "HardBot"]
