"""A ledger of what moves between seats: typed transfers, running totals, itemised lines.

Money and points that move between players are transfers (payer, payee, amount, why), mid-hand
(a Cuzzins kong pays at once) or at the end. Points a seat scores for itself, paid by nobody
(Kards every player adds its own hand score), are lines with no payer. Amounts are any numbers
that add: ints, integer cents, `fractions.Fraction` for Kards' quarter points. Immutable: `pay`
and `score` return a new Ledger.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from game.core.protocol import ScoreLine, Transfer   # payer None: nobody pays (a seat's own score)


@dataclass(frozen=True)
class Ledger:
    seats: int
    start: tuple = ()                       # running totals before these entries (default 0s)
    entries: tuple[Transfer, ...] = ()

    def __post_init__(self) -> None:
        if not self.start:
            object.__setattr__(self, "start", (0,) * self.seats)
        if len(self.start) != self.seats:
            raise ValueError(f"{len(self.start)} starting totals for {self.seats} seats")

    def _check(self, seat: int | None) -> None:
        if seat is not None and not 0 <= seat < self.seats:
            raise ValueError(f"no seat {seat} at a table of {self.seats}")

    def pay(self, payer: int, payee: int, amount: Any, why: str) -> "Ledger":
        """`payer` pays `payee`. A negative amount is refused: swap the seats instead."""
        self._check(payer)
        self._check(payee)
        if payer == payee:
            raise ValueError(f"seat {payer} cannot pay itself ({why})")
        if amount < 0:
            raise ValueError(f"a payment must not be negative ({why}: {amount})")
        return Ledger(self.seats, self.start, self.entries + (Transfer(payer, payee, amount, why),))

    def score(self, seat: int, amount: Any, why: str) -> "Ledger":
        """`seat` scores `amount` for itself (may be negative: a penalty); nobody pays it."""
        self._check(seat)
        return Ledger(self.seats, self.start, self.entries + (Transfer(None, seat, amount, why),))

    def changes(self) -> tuple:
        """Each seat's net change over these entries."""
        net = [0] * self.seats
        for t in self.entries:
            net[t.payee] += t.amount
            if t.payer is not None:
                net[t.payer] -= t.amount
        return tuple(net)

    def totals(self) -> tuple:
        """Running totals: start plus changes."""
        return tuple(s + c for s, c in zip(self.start, self.changes()))

    def lines(self, seat: int | None = None, names: Sequence[str] | None = None) -> tuple[ScoreLine, ...]:
        """Itemised lines, one per entry and side (+ for the payee, - for the payer).

        `names` are the seats' names for the "from East" / "to East" notes (default "seat 2").
        """
        def called(s: int) -> str:
            return names[s] if names is not None else f"seat {s}"

        out: list[ScoreLine] = []
        for t in self.entries:
            if seat is None or seat == t.payee:
                why = f"from {called(t.payer)}" if t.payer is not None else ""
                out.append(ScoreLine(t.payee, t.why, t.amount, why))
            if t.payer is not None and (seat is None or seat == t.payer):
                out.append(ScoreLine(t.payer, t.why, -t.amount, f"to {called(t.payee)}"))
        return tuple(out)

    def settled(self) -> "Ledger":
        """A fresh ledger starting from these totals (the next hand's running totals)."""
        return Ledger(self.seats, self.totals())
