"""Hidden-state resampling: a state that looks the same to one seat, its hidden tiles re-dealt.

The hidden places are the pool (its order too) and every other seat's rack. Their tiles are
shuffled together and dealt back keeping every place's size (racks stay sorted, as play keeps
them), so the seat's view is unchanged and every tile is conserved.
"""

from __future__ import annotations

from typing import Any

from .state import State
from .tiles import sort_tiles


def resample(state: State, seat: int | None, rng: Any) -> State:
    """A new state equal for `seat` (None = a spectator) with what it can't see re-dealt by `rng`
    (anything with `shuffle`: GameRng or random.Random). The input is never changed."""
    s = state.copy()
    others = [p for p in range(len(s.hands)) if p != seat]
    tiles = s.pool + [t for p in others for t in s.hands[p]]
    rng.shuffle(tiles)
    s.pool, tiles = tiles[:len(s.pool)], tiles[len(s.pool):]
    for p in others:
        n = len(s.hands[p])
        s.hands[p], tiles = sort_tiles(tiles[:n]), tiles[n:]
    return s
