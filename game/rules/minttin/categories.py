"""Categories and number sets, with the wrap-around (MTM-2 strict and loose readings)."""

from __future__ import annotations

from dataclasses import dataclass

# name -> the category's numbers in their cyclic order (the last wraps back to the first)
CATEGORIES: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("Consecutive Run", (1, 2, 3, 4, 5, 6, 7, 8, 9)),
    ("Consecutive Odds", (1, 3, 5, 7, 9)),
    ("Consecutive Evens", (2, 4, 6, 8)),
)
MIN_SET = 3
CONSECUTIVE_MODES = ("strict", "loose")


@dataclass(frozen=True)
class SetMatch:
    category: str
    numbers: tuple[int, ...]    # the set in run order, e.g. (7, 8, 9, 1)
    run: int                    # how many of them (from the first) form the unbroken run

    def text(self) -> str:
        return "-".join(map(str, self.numbers))


def _arcs(numbers: frozenset[int], cycle: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The maximal unbroken (wrapping) runs of `numbers` along `cycle`."""
    n = len(cycle)
    if len(numbers) == n:
        return [cycle]
    out = []
    for i, x in enumerate(cycle):
        if x in numbers and cycle[i - 1] not in numbers:
            run = []
            j = i
            while cycle[j % n] in numbers:
                run.append(cycle[j % n])
                j += 1
            out.append(tuple(run))
    return out


def find_set(numbers: frozenset[int] | set[int], mode: str = "strict") -> SetMatch | None:
    """The category and ordered set these block numbers make, or None.

    strict (MTM-2 a): all the numbers together are one unbroken run of 3+ in one category.
    loose (MTM-2 b): all the numbers belong to one category and include a run of 3+.
    """
    numbers = frozenset(numbers)
    if len(numbers) < MIN_SET:
        return None
    for cat, cycle in CATEGORIES:
        if not numbers <= set(cycle):
            continue
        arcs = sorted(_arcs(numbers, cycle), key=lambda a: (-len(a), cycle.index(a[0])))
        best = arcs[0]
        if mode == "strict":
            if len(arcs) == 1 and len(best) >= MIN_SET:
                return SetMatch(cat, best, len(best))
        elif len(best) >= MIN_SET:
            rest = [x for x in cycle if x in numbers and x not in best]
            start = cycle.index(best[-1])
            rest.sort(key=lambda x: (cycle.index(x) - start) % len(cycle))
            return SetMatch(cat, best + tuple(rest), len(best))
    return None


def why_no_set(numbers: frozenset[int] | set[int], mode: str = "strict") -> str:
    """A sentence saying why these numbers make no set."""
    nums = sorted(numbers)
    shown = ", ".join(map(str, nums))
    if len(nums) < MIN_SET:
        have = "none" if not nums else f"only {len(nums)} ({shown})"
        return (f"A winning hand needs blocks of at least three different numbers in a run; "
                f"this one has {have}.")
    if mode == "strict":
        return (f"The numbers {shown} are not one unbroken run: the set must be consecutive in 1-9, "
                f"in the odds 1-3-5-7-9 or in the evens 2-4-6-8 (wrapping from the end to the start), "
                f"with no number left out of the run.")
    return (f"The numbers {shown} must all come from one category and include a run of three in it "
            f"(1-9, the odds 1-3-5-7-9 or the evens 2-4-6-8, wrapping from the end to the start).")
