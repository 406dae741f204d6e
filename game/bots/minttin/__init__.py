"""Mint Tin Mahjong bots (easy / normal / hard), registered with game.bots.

See docs/minttin-bots.md. A bot decides only from the MintView it is given, the legal actions
and its own rng.
"""

from game.bots import register

from .bot import EasyBot, ThinkingBot, make_easy, make_hard, make_normal

register("minttin", "easy", make_easy)
register("minttin", "normal", make_normal)
register("minttin", "hard", make_hard)

__all__ = ["EasyBot", "ThinkingBot", "make_easy", "make_normal", "make_hard"]
