"""Game-level utility: the chance to win the game from a score, for weighing points.

A small Markov model of rounds (who wins a round, and how many points) gives W[a][b], the
chance that the player with a points beats the one with b points in a race to `target`.
Hard uses it to weigh Mahjong against Double, and Drop against Take, by what the points are
worth at this score rather than by points alone.
"""

from __future__ import annotations

from functools import lru_cache

# per-round model: (my round-win chance, opponent's, my points distribution, opponent's)
MODELS = {
    "2p": (0.45, 0.45, {1: 0.45, 2: 0.3, 3: 0.15, 4: 0.1}, {1: 0.45, 2: 0.3, 3: 0.15, 4: 0.1}),
    "solo": (0.5, 0.3, {1: 0.45, 2: 0.3, 3: 0.15, 4: 0.1}, {1: 0.6, 2: 0.3, 3: 0.1}),
}


@lru_cache(maxsize=None)
def table(model: str, target: int) -> tuple[tuple[float, ...], ...]:
    pw, po, dme, dop = MODELS[model]
    t = target
    W = [[0.0] * (t + 1) for _ in range(t + 1)]
    for a in range(t, -1, -1):
        for b in range(t, -1, -1):
            if a >= t:
                W[a][b] = 1.0
                continue
            if b >= t:
                W[a][b] = 0.0
                continue
            v = 0.0
            for x, px in dme.items():
                v += pw * px * W[min(t, a + x)][b]
            for y, py in dop.items():
                v += po * py * W[a][min(t, b + y)]
            W[a][b] = v / (pw + po)
    return tuple(tuple(r) for r in W)


def win_chance(model: str, target: int, mine: float, theirs: float) -> float:
    W = table(model, target)
    a = max(0, min(target, int(round(mine))))
    b = max(0, min(target, int(round(theirs))))
    return W[a][b]
