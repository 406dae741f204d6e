"""Mahjong Rummy bots (easy / normal / hard).  They decide only from the seat's View, the legal
actions and their own rng; see docs/rummy-bots.md for how each strength thinks.
"""

from __future__ import annotations

from game.bots import register

from .bots import EasyBot, HardBot, NormalBot

register("rummy", "easy", EasyBot)
register("rummy", "normal", NormalBot)
register("rummy", "hard", HardBot)

__all__ = ["EasyBot", "NormalBot", "HardBot"]
