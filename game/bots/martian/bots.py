"""Martian Mah Jongg's Easy bot: fills its piles and goes out as soon as it can.

It declares Mah Jongg whenever it may, claims any discard that completes a pile, keeps a drawn
piece in an empty slot when there is one (else discards it), peeks under a random cover when the
drawn piece is of no use and keeps the hidden piece if that fills a slot, and puts larges on the
bonus stack. Only the View, the legal actions and its rng are read.
"""

from __future__ import annotations

import zlib
from typing import Sequence

from game.core.protocol import Action
from game.rules.martian.actions import D8, Claim, Dice, Go, Keep, Look, MahJongg, Pass, Roll, Swap



def chance_pick(view, legal: Sequence[Action], rng) -> Action:
    """Asked to play the dice (some tests give bots the chance seat): any outcome, varied by the
    position as well as the rng, so a bot whose rng restarts each call still rolls differently."""
    salt = zlib.crc32(repr(view).encode())
    return legal[(rng.randint(0, len(legal) - 1) + salt) % len(legal)]


class EasyBot:
    def choose(self, view, legal: Sequence[Action], rng) -> Action:
        legal = list(legal)
        if any(isinstance(a, (D8, Dice)) for a in legal):
            return chance_pick(view, legal, rng)
        for a in legal:
            if isinstance(a, MahJongg) or (isinstance(a, Claim) and a.mahjong):
                return a
        claims = [a for a in legal if isinstance(a, Claim)]
        if claims:
            return claims[0]
        if Pass() in legal:
            return Pass()
        if Roll() in legal:
            return Roll()
        if Go() in legal:
            return Go()
        mine = view.mine
        empty = set()
        if mine is not None:
            slots = dict(zip(("chow-S",), mine.chow)) | dict(zip(("pung-M", "pung-S"), mine.pung)) | \
                dict(zip(("kong-L", "kong-M", "kong-S"), mine.kong))
            empty = {s for s, p in slots.items() if p is None}
        fills = [a for a in legal if isinstance(a, Keep) and a.to in empty]
        if fills:
            return fills[0]
        swaps = [a for a in legal if isinstance(a, Swap) and a.to in empty]
        if swaps:
            return swaps[0]
        looks = [a for a in legal if isinstance(a, Look)]
        if looks:
            return looks[rng.randint(0, len(looks) - 1)]
        if Keep("bonus") in legal:
            return Keep("bonus")
        if Keep("discard") in legal:
            return Keep("discard")
        keeps = [a for a in legal if isinstance(a, Keep)]
        return keeps[0] if keeps else legal[0]
