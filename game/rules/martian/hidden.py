"""Hidden-state resampling: a state that looks the same to one seat, what it can't see re-dealt.

Hidden from a seat: the other players' screens (all but exposed piles; a penalised player's
screen is open) and what is under every cover the seat does not know now. A seat knows a cover
when its own memory of it is up to date (nobody has looked since it saw or left that piece).
Pieces are re-dealt among those places by class, keeping each place's size and kind: larges,
mediums, see-through smalls and opaque smalls each shuffled among the places that hold them.
"""

from __future__ import annotations

from typing import Any

from game.core.protocol import CHANCE

from .pieces import is_opaque, pile_of, size_of
from .state import State


def known_covers(st: State, seat: int | None) -> set[int]:
    if seat is None:
        return set()
    return {c for c, rec in st.memory[seat].items() if rec[1] == st.covers[c].looks}


def resample(state: State, seat: int | None, rng: Any) -> State:
    """A new state equal for `seat` (None = a spectator) with what it can't see re-dealt by `rng`."""
    if seat == CHANCE:
        seat = None
    s = state.copy()
    places: dict[str, list[tuple]] = {"L": [], "M": [], "S": [], "O": []}

    def cls(piece: str) -> str:
        return "O" if is_opaque(piece) and size_of(piece) == "S" else size_of(piece)

    for p, sc in enumerate(s.screens):
        if p == seat or sc.penalised:
            continue
        for slot, piece in sc.slots.items():
            if piece is not None and pile_of(slot) not in sc.exposed:
                places[cls(piece)].append(("slot", p, slot, piece))
        for i, piece in enumerate(sc.bonus):
            places["L"].append(("bonus", p, i, piece))
        for i, piece in enumerate(sc.opaques):
            places["O"].append(("opaque", p, i, piece))
    known = known_covers(s, seat)
    for c, cov in enumerate(s.covers):
        if c not in known:
            places[cls(cov.content)].append(("cover", c, None, cov.content))
    for group in places.values():
        pieces = [g[3] for g in group]
        rng.shuffle(pieces)
        for (where, a, b, _old), piece in zip(group, pieces):
            if where == "slot":
                s.screens[a].slots[b] = piece
            elif where == "bonus":
                s.screens[a].bonus[b] = piece
            elif where == "opaque":
                s.screens[a].opaques[b] = piece
            else:
                s.covers[a].content = piece
    return s
