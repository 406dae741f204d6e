"""What a Kards hand is worth, for the table's hint: from the seat's view only, as the bots decide.

- ``wait_worth``: for each card a ready hand waits on, what a win on it from the wall would score
  (the engine's own best reading, bonus cards counted) and the special hand it makes, if any.
- ``special_in_reach``: the special hand the Hard bot would play for, and how many cards it lacks;
  ``special_discard``: the discard Hard makes for it; ``special_waits``: the cards that would
  complete a special hand one card away.

Both answer "how much", never "how likely": the hint's counts of unseen copies say that.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from game.core.kit import hands as H
from game.core.kit.tiles import KIND_INDEX, KINDS, kind_of
from game.rules.kards.actions import Discard
from game.rules.kards.patterns import Meld
from game.rules.kards.scoring import WinContext, best_win
from game.rules.kards.specials import BY_KEY

from .hard import Ctx, HardBot
from .reach import TARGETS, reach


@dataclass(frozen=True)
class WaitWorth:
    kind: str            # "WN"
    points: int          # the win's score from the wall, rounded down to whole points
    special: str | None  # the special hand's name when the win makes one


@dataclass(frozen=True)
class SpecialPlan:
    name: str            # "Happy Family Mah-Jongg"
    score: int           # its basic score
    missing: int         # cards it still lacks (counting the card about to be discarded as spare)


def _melds(view: Any) -> list[Meld]:
    return [Meld(m.shape, min(kind_of(p) for p in m.pieces), m.concealed) for m in view.melds[view.seat]]


def wait_worth(view: Any, kept: Sequence[str], waits: Sequence[str]) -> tuple[WaitWorth, ...]:
    """`kept`: the concealed cards left after the discard (kinds); `waits`: the kinds that complete
    them. A wait the engine would not call Mah-Jongg (it happens with a kong's shape) is left out."""
    if view.seat is None:
        return ()
    base = [0] * 34
    for kd in kept:
        base[KIND_INDEX[kd]] += 1
    melds = _melds(view)
    bonus = [kind_of(p) for p in view.bonus[view.seat]]
    own, rnd = KIND_INDEX[view.seat_winds[view.seat]], KIND_INDEX[view.round_wind]
    out = []
    for w in waits:
        k = KIND_INDEX[w]
        c = base[:]
        c[k] += 1
        r = best_win(tuple(c), melds, bonus, WinContext(own, rnd, winning=k))
        if r is not None:
            out.append(WaitWorth(w, int(r.total), r.special))
    return tuple(out)


def special_waits(view: Any, kept: Sequence[str]) -> tuple[WaitWorth, ...]:
    """The kinds that would complete a special hand for `kept` (the concealed cards of a hand
    waiting, kinds), with their worth: only searched when some special lacks at most one card."""
    if view.seat is None:
        return ()
    x = Ctx(view)
    held = list(x.held)
    for k, n in enumerate(x.hand):          # the melds' cards stay; the concealed part is `kept`
        held[k] -= n
    for kd in kept:
        held[KIND_INDEX[kd]] += 1
    unseen = [max(0, 4 - held[k] - x.visible[k]) for k in range(34)]
    melded = [(shape, k) for shape, k, _ in x.melds]
    if not any((r := reach(t, held, unseen, x.own, x.rnd, melded, x.claimed)) is not None and r.missing <= 1
               for t in TARGETS):
        return ()
    return tuple(w for w in wait_worth(view, kept, [KINDS[k] for k in range(34) if unseen[k]])
                 if w.special is not None)


def special_discard(view: Any) -> str:
    """The discard Hard makes on its turn (kind, "B5"); ask it once `special_in_reach` found a plan."""
    choice = HardBot()._turn(view, [], [Discard(p) for p in view.hand])
    return KINDS[kind_of(choice.piece)]


def special_in_reach(view: Any) -> SpecialPlan | None:
    """The special hand Hard would play for with this hand (its turn, one card over), or None."""
    if view.seat is None or not view.hand:
        return None
    x = Ctx(view)
    if sum(x.hand) != 3 * x.sets + 2:
        return None
    low = min(H.shanten(x.hand[:k] + (x.hand[k] - 1,) + x.hand[k + 1:], x.sets)
              for k in range(len(x.hand)) if x.hand[k])
    plan = HardBot()._plan(x, x.held, x.claimed, x.melds, low)
    if plan is None:
        return None
    sp = BY_KEY[plan.target.key]
    return SpecialPlan(sp.name, sp.score, plan.missing)
