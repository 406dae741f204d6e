"""The winner's hand as the results show it: groups of pieces (each with a short label), the bonus
pieces and the winning piece, as plain JSON in a round's `round_end` data ("win_hand").

Public by the time a round ends: the winner's hand lies open. Engines build it from their own
reading of the hand (which groups, which were melded), so the screen never works rules out."""

from __future__ import annotations

from typing import Sequence

from .hands import Group
from .tiles import kind_of, sort_pieces


def take_groups(pieces: Sequence[str], groups: Sequence[Group]) -> tuple[list[tuple[str, ...]], list[str]]:
    """The pieces of each group (any copy of a kind will do), taken from `pieces`, and those left over."""
    rest = list(sort_pieces(pieces))
    out = []
    for g in groups:
        got = []
        for k in g.kinds:
            p = next((p for p in rest if kind_of(p) == k), None)
            if p is None:
                raise ValueError(f"no piece of kind {k} left for {g}")
            rest.remove(p)
            got.append(p)
        out.append(tuple(got))
    return out, rest


def claimed_group(hand: Sequence[str], kinds: Sequence[int], claimed: str) -> tuple[str, ...]:
    """The pieces of the group a claimed winning piece completed (the claim melds it), taken from the
    winner's hand, the claimed piece itself among them, in order."""
    rest = [p for p in hand if p != claimed]
    need = list(kinds)
    need.remove(kind_of(claimed))
    out = [claimed]
    for k in need:
        p = next(p for p in rest if kind_of(p) == k)
        rest.remove(p)
        out.append(p)
    return tuple(sort_pieces(out))


def record(seat: int, groups: Sequence[tuple[Sequence[str], str]], bonus: Sequence[str], winning: str | None,
           bonus_label: str, winning_label: str) -> dict:
    """{"seat", "groups": [{"pieces", "label"}], "bonus", "bonus_label", "winning", "winning_label"}."""
    return {"seat": seat, "groups": [{"pieces": list(p), "label": label} for p, label in groups if p],
            "bonus": list(bonus), "bonus_label": bonus_label, "winning": winning, "winning_label": winning_label}
