"""Hidden-state resampling: a state that looks the same to one seat, what it can't see re-dealt.

Hidden places: the live wall and the kong box (their order too) and every other seat's concealed
hand. Kept as they are: a hand that has been shown (the winner's), the shown part of a standing
hand (only its drawn card is hidden), and the hand of a seat that has already answered the open
claim window with a claim (its sealed answer depends on that hand). The cards of the hidden places
are shuffled together and dealt back keeping every place's size; a re-dealt seat's drawn card is
picked again from its new hand.
"""

from __future__ import annotations

from typing import Any

from game.core.kit.tiles import sort_pieces
from game.core.kit.wall import Wall

from .state import SEATS, State


def resample(state: State, seat: int | None, rng: Any) -> State:
    """A new state equal for `seat` (None = a spectator), hidden cards re-dealt by `rng`
    (GameRng or random.Random). The input is never changed."""
    s = state.copy()
    kept_whole = {seat, s.winner} | {p for p, a in s.answers.items() if '"a":"pass"' not in a}
    loose: dict[int, list[str]] = {}
    for p in range(SEATS):
        if p in kept_whole:
            continue
        locked = list(s.standing[p][1]) if p in s.standing else []
        rest = list(s.hands[p])
        for x in locked:
            rest.remove(x)
        loose[p] = rest
        s.hands[p] = locked
    cards = list(s.wall.live) + list(s.wall.box) + [c for p in sorted(loose) for c in loose[p]]
    rng.shuffle(cards)
    n_live, n_box = len(s.wall.live), len(s.wall.box)
    s.wall = Wall(tuple(cards[:n_live]), tuple(cards[n_live:n_live + n_box]), s.wall.rule)
    cards = cards[n_live + n_box:]
    for p in sorted(loose):
        n = len(loose[p])
        mine, cards = cards[:n], cards[n:]
        s.hands[p] = sort_pieces(s.hands[p] + mine)
        if p == s.turn and s.drawn is not None and s.phase in ("turn", "after"):
            s.drawn = mine[0] if p in s.standing else rng.choice(s.hands[p])
    return s
