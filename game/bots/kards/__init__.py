"""Mah-Jongg for Kards bots. They decide only from the seat's View, the legal actions and their own rng."""

from __future__ import annotations

from game.bots import register

from .bots import EasyBot, NormalBot
from .hard import HardBot

register("kards", "easy", EasyBot)
register("kards", "normal", NormalBot)
register("kards", "hard", HardBot)

__all__ = ["EasyBot", "NormalBot", "HardBot"]
