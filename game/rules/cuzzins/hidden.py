"""Hidden-state resampling: a state that looks the same to one seat, what it can't see re-dealt.

Hidden from a seat: the other players' concealed tiles, the wall (live part and loose tiles, in
order) and the other players' secrets it has not paid to see. Those tiles are pooled; each unseen
secret first takes four of a kind the pool holds whole (its own kind is always one of them), then
the rest is shuffled back into the hands (sorted, as play keeps them) and the wall, keeping every
place's size. Another player's drawn tile becomes one of its new tiles. Seat None hides every hand.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from game.core.kit.tiles import kind_of, sort_pieces
from game.core.kit.wall import Wall

from .state import Secret, State
from .tiles import SEATS, is_flower


def resample(state: State, seat: int | None, rng: Any) -> State:
    s = state.copy()
    if s.wall is None:
        return s
    others = [p for p in range(SEATS) if p != seat]
    pool = list(s.wall.live) + list(s.wall.box) + [t for p in others for t in s.hands[p]]
    unseen = [(p, i) for p in others for i, x in enumerate(s.secrets[p]) if seat not in x.seen_by]
    pool += [t for p, i in unseen for t in s.secrets[p][i].pieces]
    pool = sort_pieces(pool)                  # the order the input happened to have must not matter
    for p, i in unseen:
        by_kind = defaultdict(list)
        for t in pool:
            if not is_flower(t):
                by_kind[kind_of(t)].append(t)
        whole = sorted(k for k, ts in by_kind.items() if len(ts) == 4)
        k = rng.choice(whole)
        for t in by_kind[k]:
            pool.remove(t)
        x = s.secrets[p][i]
        s.secrets[p][i] = Secret(k, tuple(by_kind[k]), x.seen_by)
    suits = [t for t in pool if not is_flower(t)]      # hands and secrets never hold flowers
    flowers = [t for t in pool if is_flower(t)]
    rng.shuffle(suits)
    for p in others:
        n = len(s.hands[p])
        s.hands[p], suits = sort_pieces(suits[:n]), suits[n:]
        if p == s.turn and s.drawn is not None and s.phase == "discard":
            s.drawn = s.hands[p][-1]
        if p == s.dealer and s.first_turn:
            s.dealt_last = s.hands[p][-1]
    rest = suits + flowers
    rng.shuffle(rest)
    live, box = len(s.wall.live), len(s.wall.box)
    s.wall = Wall(tuple(rest[:live]), tuple(rest[live:live + box]), s.wall.rule)
    return s
