"""Martian Mah Jongg bots. They decide only from the seat's View, the legal actions and their own rng."""

from __future__ import annotations

from game.bots import register

from .bots import EasyBot, NormalBot
from .hard import HardBot

register("martian", "easy", EasyBot)
register("martian", "normal", NormalBot)
register("martian", "hard", HardBot)

__all__ = ["EasyBot", "NormalBot", "HardBot"]
