"""Hidden-state resampling: a state that looks the same to one seat, its hidden cards re-dealt.

The hidden places are the deck, the solo dead hand, and for each other seat its concealed hand and
its face-down Double discards. Their cards are shuffled together and dealt back keeping every
place's size, so the seat's view is unchanged and every card is conserved.
"""

from __future__ import annotations

from typing import Any

from . import cards as C
from .state import State

TRIES = 200     # re-deals tried before giving up on a pass choice that needs non-joker cards


def resample(state: State, seat: int | None, rng: Any) -> State:
    """A new state equal for `seat` (None = a spectator) with what it can't see re-dealt by `rng`
    (anything with `shuffle` and `choice`: GameRng or random.Random). The input is never changed.

    Two things ride on another seat's hand and follow it: the card it just drew (still in that
    hand) and the cards it chose to pass (still in that hand until the exchange), so both are
    picked again from the new hand. A hand that declared a Double stays as it is: the Double
    says it is complete (a constraint a blind re-deal can't keep) and the Double is scored
    from its copy."""
    for _ in range(TRIES):
        new = _redeal(state, seat, rng)
        if new is not None:
            return new
    return state.clone()          # no re-deal fits the pass choices: the state itself is one


def _redeal(state: State, seat: int | None, rng: Any) -> State | None:
    s = state.clone()
    doubler = s.double["by"] if s.double and "hand" in s.double else None
    others = [p for p in range(2) if p != seat]
    places = [s.deck, s.dead] + [s.hands[p] for p in others if p != doubler] + [s.facedown[p] for p in others]
    cards = [c for place in places for c in place]
    rng.shuffle(cards)
    for place in places:
        n = len(place)
        place[:], cards = cards[:n], cards[n:]
    for p in others:
        if p == doubler:
            continue
        if s.last_drawn[p] is not None:
            s.last_drawn[p] = rng.choice(s.hands[p])
        given = s.passing["given"][p] if s.passing else None
        if given is not None:
            chosen = _pick(s.hands[p], len(given), rng)
            if chosen is None:
                return None
            s.passing["given"][p] = chosen
    return s


def _pick(hand: list[str], n: int, rng: Any) -> list[str] | None:
    """n non-joker cards of hand at random, in hand order (a pass never gives a joker)."""
    spots = [i for i, c in enumerate(hand) if c != C.J]
    if len(spots) < n:
        return None
    rng.shuffle(spots)
    return [hand[i] for i in sorted(spots[:n])]


__all__ = ["resample"]
