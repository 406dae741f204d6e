"""Claim windows: every asked seat answers in secret, then rank and a tie-break pick one claim.

A window opens after a discard and asks every seat but the discarder at once (a seat with no
legal claim answers Pass, so nobody learns who could). It closes when all have answered, or
when the game closes it (a timer ran out: the silent seats pass). Then the highest rank wins,
and equal ranks are settled by a seat order (rules-decisions: "claims are a phase, not a race"):

- `nearest_after(discarder, direction)`: the first claimant met going from the discarder in
  `direction` (Kards KRD-3, Cuzzins CUZ-20: FORWARD, i.e. the next in turn order);
- `from_east(east, direction)`: East first, then onwards from East (Martian MMJ-15: BACKWARD).

A rank is anything comparable: an int, or a tuple such as (Mah-Jongg, kind of win) when a game
ranks several winning claims (KRD-4). Higher wins. The game keeps its own action in `action`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from .seats import FORWARD, order_from


@dataclass(frozen=True)
class Claim:
    seat: int
    rank: Any
    action: Any = None


def nearest_after(discarder: int, n: int = 4, direction: int = FORWARD) -> tuple[int, ...]:
    """Tie-break order: the seats after the discarder in `direction` (the discarder excluded)."""
    return order_from(discarder, n, direction, include_start=False)


def from_east(east: int, n: int = 4, direction: int = FORWARD) -> tuple[int, ...]:
    """Tie-break order: East, then the seats going from East in `direction`."""
    return order_from(east, n, direction)


def resolve(claims: Iterable[Claim | None], order: Iterable[int]) -> Claim | None:
    """The winning claim: highest rank; among equal ranks, the seat earliest in `order`.

    Passes (None) are ignored; None when nobody claimed. A claimant missing from `order` is a
    programming error and raises ValueError.
    """
    place = {seat: i for i, seat in enumerate(order)}
    best: Claim | None = None
    for c in claims:
        if c is None:
            continue
        if c.seat not in place:
            raise ValueError(f"seat {c.seat} claimed but is not in the tie-break order {tuple(place)}")
        if best is None or c.rank > best.rank or (c.rank == best.rank and place[c.seat] < place[best.seat]):
            best = c
    return best


@dataclass(frozen=True)
class ClaimWindow:
    """The sealed answers to one discard. Immutable: `answer` and `close` return a new window."""

    discarder: int
    asked: tuple[int, ...]
    answers: tuple[tuple[int, Claim | None], ...] = ()     # (seat, claim or None = pass), in answer order

    @staticmethod
    def open(discarder: int, n: int = 4, asked: Iterable[int] | None = None) -> "ClaimWindow":
        """Ask `asked` (default: every seat but the discarder, in turn order after it)."""
        seats = tuple(asked) if asked is not None else nearest_after(discarder, n)
        if discarder in seats:
            raise ValueError("the discarder is not asked about its own discard")
        return ClaimWindow(discarder, seats)

    @property
    def answered(self) -> Mapping[int, Claim | None]:
        return dict(self.answers)

    @property
    def waiting(self) -> tuple[int, ...]:
        """Seats still to answer, in the order they were asked."""
        done = self.answered
        return tuple(s for s in self.asked if s not in done)

    @property
    def closed(self) -> bool:
        return not self.waiting

    def answer(self, seat: int, claim: Claim | None) -> "ClaimWindow":
        """Record a seat's sealed answer (None = pass). Each asked seat answers once."""
        if seat not in self.asked:
            raise ValueError(f"seat {seat} was not asked about this discard")
        if seat in self.answered:
            raise ValueError(f"seat {seat} has already answered")
        if claim is not None and claim.seat != seat:
            raise ValueError(f"seat {seat} cannot answer with seat {claim.seat}'s claim")
        return ClaimWindow(self.discarder, self.asked, self.answers + ((seat, claim),))

    def close(self) -> "ClaimWindow":
        """Close early (a timer ran out): every seat still waiting passes."""
        return ClaimWindow(self.discarder, self.asked, self.answers + tuple((s, None) for s in self.waiting))

    def resolve(self, order: Iterable[int]) -> Claim | None:
        """The winning claim once closed (see `resolve`); ValueError while seats still wait."""
        if not self.closed:
            raise ValueError(f"the claim window still waits for seats {self.waiting}")
        return resolve((c for _, c in self.answers), order)
