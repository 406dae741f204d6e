"""Cuzzins' Mahjongg bots (easy / normal); see bots.py for how each decides."""

from __future__ import annotations

from game.bots import register

from .bots import EasyBot, NormalBot

register("cuzzins", "easy", EasyBot)
register("cuzzins", "normal", NormalBot)

__all__ = ["EasyBot", "NormalBot"]
