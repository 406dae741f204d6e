"""Mah-Jongg for Kards bots. They decide only from the seat's View, the legal actions and their own rng."""

from __future__ import annotations

from game.bots import register

from .easy import EasyBot

register("kards", "easy", EasyBot)

__all__ = ["EasyBot"]
