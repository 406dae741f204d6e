"""How far a hand is from each special hand of the engine's table (game/rules/kards/specials.py),
and rough chances of getting there, for the Hard bot.

Every special's shape is compiled by the engine's own matcher (patterns.compile_shape) into its
bindings (one per choice of the shape's variables); each binding is turned here into a target:
the cards it names exactly plus its free components ("a pung of any dragon"). The distance of a
hand to a target is the number of cards it still lacks (free components take the best kind the
hand holds); a target whose cards are no longer all available, or whose shape the seat's melds
do not fit, is out of reach. Greedy and approximate on purpose: it ranks plans, the engine
decides what a hand really is.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import Sequence

from game.core.kit.tiles import is_suited
from game.rules.kards.patterns import CLASSES, OWN, ROUND, SIZE, compile_shape
from game.rules.kards.scoring import SHAPE_SPECIALS

N = 34


@dataclass(frozen=True)
class Target:
    key: str
    score: int
    concealed: bool                       # only without claimed cards (KRD-21)
    exact: tuple[tuple[object, int], ...]  # (kind or "own"/"round", copies)
    free: tuple[tuple[str, str], ...]      # (op, class) of the free components
    pungs: frozenset                      # kinds named as pungs/kongs (a discard of them may be claimed)


def _targets() -> tuple[Target, ...]:
    out = []
    for sp in SHAPE_SPECIALS:
        for comps in compile_shape(sp.shape).bindings:
            exact: dict = {}
            free = []
            pungs = set()
            for op, t in comps:
                if isinstance(t, tuple) and len(t) == 2 and t[0] == "?":
                    free.append((op, t[1]))
                    continue
                if op == "run":
                    kinds = t
                elif op == "chow":
                    kinds = (t, t + 1, t + 2)
                else:
                    kinds = (t,) * (4 if op == "kong" else SIZE[op])
                    if op in ("pung", "kong"):
                        pungs.add(t)
                for k in kinds:
                    exact[k] = exact.get(k, 0) + 1
            out.append(Target(sp.key, sp.score, sp.concealed, tuple(exact.items()), tuple(free), frozenset(pungs)))
    return tuple(out)


TARGETS = _targets()


@dataclass(frozen=True)
class Reach:
    target: Target
    missing: int              # cards still lacking
    used: tuple[int, ...]     # per kind: held cards the target keeps
    chance_cards: int         # unseen copies of the lacking exact kinds (a rough measure of luck)


def _resolve(t, own: int, rnd: int) -> int:
    return own if t == OWN else rnd if t == ROUND else t


def reach(target: Target, held: Sequence[int], unseen: Sequence[int], own: int, rnd: int,
          melded: Sequence[tuple[str, int]], has_claimed: bool) -> Reach | None:
    """Distance from `held` (concealed counts plus the melds' cards) to `target`, or None when out
    of reach. `melded`: the seat's melds as (shape, lowest kind)."""
    if target.concealed and has_claimed:
        return None
    need = [0] * N
    for t, n in target.exact:
        need[_resolve(t, own, rnd)] += n
    used = [0] * N
    missing = 0
    chance = 0
    for k in range(N):
        if need[k]:
            if held[k] + unseen[k] < need[k]:
                return None
            got = min(held[k], need[k])
            used[k] = got
            missing += need[k] - got
            chance += unseen[k] if got < need[k] else 0
    # the melds must be parts of the target: a pung named by it, or a free component of its class
    free = list(target.free)
    for shape, k in melded:
        kinds = (k, k + 1, k + 2) if shape == "chow" else (k,) * (4 if shape == "kong" else 3)
        if all(need[x] >= kinds.count(x) for x in set(kinds)):
            continue
        fit = next((i for i, (op, cls) in enumerate(free)
                    if CLASSES[cls](k) and (op == "set" or (op == "pung") == (shape != "chow")) and op != "pair"
                    and op != "one" and (shape != "chow" or (is_suited(k) and CLASSES[cls](k + 2)))), None)
        if fit is None:
            return None
        free.pop(fit)
        for x in kinds:
            used[x] += 1
    for op, cls in free:
        size = 3 if op == "set" else SIZE[op]
        ok = CLASSES[cls]
        best, best_k = -1, None
        for k in range(N):
            left = held[k] - used[k]
            if ok(k) and left + unseen[k] >= size:
                g = min(left, size)
                if g > best:
                    best, best_k = g, k
        if best_k is None:
            return None
        used[best_k] += best
        missing += size - best
    return Reach(target, missing, tuple(used), chance)


@lru_cache(maxsize=1 << 12)
def chance_at_least(n: int, p: float, need: int) -> float:
    """P(Binomial(n, p) >= need)."""
    if need <= 0:
        return 1.0
    if n < need or p <= 0:
        return 0.0
    p = min(p, 1.0)
    return 1.0 - sum(comb(n, i) * p ** i * (1 - p) ** (n - i) for i in range(need))
