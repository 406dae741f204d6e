"""Cuzzins' Mahjongg bots (easy / normal / hard); see bots.py and hard.py for how each decides."""

from __future__ import annotations

from game.bots import register

from .bots import EasyBot, NormalBot
from .hard import HardBot

register("cuzzins", "easy", EasyBot)
register("cuzzins", "normal", NormalBot)
register("cuzzins", "hard", HardBot)

__all__ = ["EasyBot", "HardBot", "NormalBot"]
