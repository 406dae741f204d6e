"""Martian Mah Jongg bots.

Easy fills its piles and goes out as soon as it can.

It declares Mah Jongg whenever it may, claims any discard that completes a pile, keeps a drawn
piece in an empty slot when there is one (else discards it), peeks under a random cover when the
drawn piece is of no use and keeps the hidden piece if that fills a slot, and puts larges on the
bonus stack. Only the View, the legal actions and its rng are read.
"""

from __future__ import annotations

import zlib
from typing import Sequence

from game.core.protocol import Action
from game.rules.martian.actions import D8, Claim, Dice, Go, Hide, Keep, Look, MahJongg, Pass, Roll, Swap
from game.rules.martian.scoring import Holding, hand_value



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


# --------------------------------------------------------------------------- Normal

def _slots(screen) -> dict:
    return dict(zip(("chow-S",), screen.chow)) | dict(zip(("pung-M", "pung-S"), screen.pung)) | \
        dict(zip(("kong-L", "kong-M", "kong-S"), screen.kong))


def _holding(slots: dict, bonus, opaques, exposed) -> Holding:
    return Holding((slots["chow-S"],), (slots["pung-M"], slots["pung-S"]),
                   (slots["kong-L"], slots["kong-M"], slots["kong-S"]), tuple(bonus), tuple(opaques),
                   "pung" in exposed, "kong" in exposed)


def _place(slots: dict, bonus: list, opaques: list, piece: str, to: str) -> None:
    if to == "opaques":
        opaques.append(piece)
    elif to == "bonus":
        bonus.append(piece)
    elif to.startswith("bonus-"):
        bonus[int(to.split("-")[1]) - 1] = piece
    elif to != "discard":
        slots[to] = piece


DEALT = ("kong-L", "pung-M", "chow-S")


def worth(view, slots: dict, bonus, opaques, original: bool = False) -> float:
    """How good a holding looks: every filled slot first, then its value as a winner's hand with
    its own honour colour (the table's scoring, so matched piles and honour pieces count)."""
    filled = sum(1 for p in slots.values() if p is not None)
    large = slots["kong-L"]
    honour = large.rsplit("-", 1)[0] if large else None
    in_play = {c: 5 - dict(view.aside).get(f"{c}-S", 0) for c in ("black", "white")}
    key = (tuple(slots.items()), tuple(bonus), tuple(opaques), view.mine.exposed, original,
           in_play["black"], in_play["white"])
    value = _VALUES.get(key)
    if value is None:
        value = hand_value(view.seat, _holding(slots, bonus, opaques, view.mine.exposed), honour, winner=True,
                           opaques_in_play=in_play, original=original).value
        if len(_VALUES) > 100_000:
            _VALUES.clear()
        _VALUES[key] = value
    return 1000 * filled + max(-300, min(600, value))


_VALUES: dict[tuple, int] = {}     # hand values by holding (pure: the same holdings come up again and again)


def outcome(view, action) -> tuple[dict, list, list, bool]:
    """The seat's holding after a Keep, Swap or Hide, from its view alone (and whether its dealt
    pieces are all still in place)."""
    mine = view.mine
    slots, bonus, opaques = _slots(mine), list(mine.bonus), list(mine.opaques)
    original = mine.original and not (action.to in DEALT and slots[action.to] is not None)
    if isinstance(action, Keep):
        _place(slots, bonus, opaques, view.drawn, action.to)
    elif isinstance(action, Swap):
        _place(slots, bonus, opaques, view.under, action.to)
    elif isinstance(action, Hide):
        opaques.remove(f"{action.opaque}-S")
        _place(slots, bonus, opaques, view.drawn if action.keep == "drawn" else view.under, action.to)
    return slots, bonus, opaques, original


def feeds(view, action) -> bool:
    """Whether the choice discards a small or medium, which another player might claim."""
    mine = view.mine
    slots = _slots(mine)
    if isinstance(action, Hide):
        return True
    piece = view.drawn if isinstance(action, Keep) else view.under
    if action.to == "discard":
        return piece.rsplit("-", 1)[1] != "L"
    if action.to in slots and slots[action.to] is not None:
        return action.to.rsplit("-", 1)[1] != "L"
    return False


class NormalBot:
    """Goes out as soon as it can and claims whatever completes a pile. On a draw it looks under a
    cover (one it remembers holding something useful, else the one it knows least about) and then
    keeps whatever makes its holding best: filled slots first, then the hand's value with its own
    honour colour (matched piles, honour pieces, fewer opaques)."""

    feed_cost = 50          # value points a discard someone may claim is thought to cost

    def choose(self, view, legal: Sequence[Action], rng) -> Action:
        legal = list(legal)
        if any(isinstance(a, (D8, Dice)) for a in legal):
            return chance_pick(view, legal, rng)
        for a in legal:
            if isinstance(a, MahJongg) or (isinstance(a, Claim) and a.mahjong):
                return a
        claims = [a for a in legal if isinstance(a, Claim)]
        if claims:
            return max(claims, key=lambda a: a.pile == "kong")
        for simple in (Pass(), Roll(), Go()):
            if simple in legal:
                return simple
        looks = [a for a in legal if isinstance(a, Look)]
        if looks:
            return self._look(view, looks, rng)
        settles = [a for a in legal if isinstance(a, (Keep, Swap, Hide))]
        if not settles:
            return legal[0]
        scored = [(worth(view, *outcome(view, a)) - self.feed_cost * feeds(view, a), i)
                  for i, a in enumerate(settles)]
        best = max(scored)[0]
        top = [settles[i] for s, i in scored if s == best]
        return top[rng.randint(0, len(top) - 1)]

    def _look(self, view, looks, rng) -> Action:
        mine = view.mine
        empty = {s.split("-")[1] for s, p in _slots(mine).items() if p is None and s.split("-")[0] not in mine.exposed}
        useful, unknown = [], []
        for a in looks:
            cov = view.covers[a.cover]
            mem = cov.memory
            if mem is None or mem[1] != cov.looks:
                unknown.append((mem is not None, cov.looks, a.cover))
            elif mem[0].rsplit("-", 1)[1] in empty and not mem[0].startswith(("black", "white")):
                useful.append(a)
        if useful:
            return useful[0]
        if unknown:
            unknown.sort()
            first = unknown[0][:2]
            ties = [c for seen, n, c in unknown if (seen, n) == first]
            return Look(ties[rng.randint(0, len(ties) - 1)])
        return looks[rng.randint(0, len(looks) - 1)]
