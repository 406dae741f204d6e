"""Complete hands for Cuzzins: five sets and the back (the kit's standard shape, 3.6) or
"syete pares", seven pairs and one set (CUZ-1). Also the reads of a winning hand and its waits.

`fixed` is how many sets the player already has outside the concealed part: melds laid out from
claims and declared secrets (both count as sets, CUZ-7). The concealed part then holds
17 - 3 * fixed tiles when complete.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from game.core.kit.hands import Group, arrangements, is_complete, shanten
from game.core.kit.tiles import N_SUITED

TOTAL_SETS = 5


@dataclass(frozen=True)
class Read:
    """One way to read a complete hand: the back, the five sets (for syete pares: the one set)."""
    back: Group
    sets: tuple[Group, ...]
    syete: bool = False
    pairs: tuple[int, ...] = ()     # syete pares: the kinds of all seven pairs (the back among them)


def _runs_from(k: int) -> bool:
    return k < N_SUITED and k % 9 <= 6


def syete_reads(counts: Sequence[int], fixed: Sequence[Group] = ()) -> list[tuple[tuple[int, ...], Group]]:
    """Every (pairs, set) split of a seven-pairs hand; a kind held four times is two pairs."""
    fixed = tuple(fixed)
    total = sum(counts)
    out: list[tuple[tuple[int, ...], Group]] = []
    if len(fixed) == 1 and total == 14:
        if all(c % 2 == 0 for c in counts):
            out.append((tuple(k for k, c in enumerate(counts) for _ in range(c // 2)), fixed[0]))
    elif not fixed and total == 17:
        c = list(counts)
        candidates = [Group("pung", k) for k in range(N_SUITED) if c[k] >= 3]
        candidates += [Group("chow", k) for k in range(N_SUITED) if _runs_from(k) and c[k] and c[k + 1] and c[k + 2]]
        for g in candidates:
            rest = list(c)
            for k in g.kinds:
                rest[k] -= 1
            if all(x % 2 == 0 for x in rest):
                out.append((tuple(k for k, x in enumerate(rest) for _ in range(x // 2)), g))
    return out


def is_winning(counts: Sequence[int], fixed: Sequence[Group] = ()) -> bool:
    counts = tuple(counts)
    sets = TOTAL_SETS - len(fixed)
    if sets < 0 or sum(counts) != 3 * sets + 2:
        return False
    return is_complete(counts, sets) or bool(syete_reads(counts, fixed))


def reads(counts: Sequence[int], fixed: Sequence[Group] = ()) -> list[Read]:
    """Every read of a complete hand (empty when it is not complete)."""
    counts = tuple(counts)
    fixed = tuple(fixed)
    sets = TOTAL_SETS - len(fixed)
    out = [Read(a.pair, a.sets) for a in arrangements(counts, sets, fixed)] if sets >= 0 else []
    for pairs, one_set in syete_reads(counts, fixed):
        for back in sorted(set(pairs)):
            out.append(Read(Group("pair", back), (one_set,), True, pairs))
    return out


def waits(counts: Sequence[int], fixed: Sequence[Group] = ()) -> tuple[int, ...]:
    """The kinds that would complete this hand (one tile short), a fifth copy excluded."""
    counts = tuple(counts)
    out = []
    for k in range(N_SUITED):
        if counts[k] < 4:
            plus = counts[:k] + (counts[k] + 1,) + counts[k + 1:]
            if is_winning(plus, fixed):
                out.append(k)
    return tuple(out)


def hand_shanten(counts: Sequence[int], fixed: int) -> int:
    """Standard-shape shanten of the concealed part (bots use it)."""
    return shanten(tuple(counts), TOTAL_SETS - fixed)
