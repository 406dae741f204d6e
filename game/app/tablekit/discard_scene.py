"""Glue between a four-seat discard game's view and the table kit (seats4): seat order, melds the
traditional way, the viewer's hand with a selection, the wall square, and hand hits.

A game gives plain per-seat data (``SeatData``); ``table_show`` turns it into a ``TableShow`` for
``seats4.lay_table``. Nothing here knows a game's rules, so Kards and Cuzzins share it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Container, Sequence

from .melds import Meld, arrange, source_of
from .seats4 import SeatShow, TableLayout, TableShow, position_of
from .stage import Spawn
from .wall_square import BOX, LIVE, WallLayout, WallShow, ring_index, ring_of

SELECT_LIFT = 16.0        # logical px a selected hand piece is raised


def kind(piece: str | None) -> str | None:
    """A piece id ("B3#2") to its kind ("B3"); kinds and None pass through."""
    return None if piece is None else piece.split("#")[0]


@dataclass(frozen=True)
class MeldData:
    """One meld as the game's view has it: kinds in order, who it came from, how it lies."""
    pieces: tuple[str, ...]
    claimed_from: int | None = None     # seat the claimed piece came from (None: nothing claimed)
    claimed: int = 0                    # which piece was claimed
    concealed: bool = False             # a declared concealed kong
    face_down: tuple[int, ...] | None = None


@dataclass(frozen=True)
class SeatData:
    """One seat, by seat number: ``hand`` piece ids (None = a back), ``drawn`` sets the last apart."""
    hand: tuple[str | None, ...] = ()
    drawn: bool = False
    discards: tuple[str, ...] = ()
    melds: tuple[MeldData, ...] = ()
    bonus: tuple[str, ...] = ()
    name: str = ""
    wind: str | None = None
    info: str = ""
    active: bool = False


def lay_claimed_win(hand: tuple[str | None, ...], melds: tuple[MeldData, ...], group: Sequence[str],
                    claimed_from: int | None, claimed: Container[str]) -> tuple[tuple, tuple[MeldData, ...]]:
    """The winner's open hand and melds, with the group a claimed winning piece completed laid with the
    melds (the claim melds it, and it is scored so), the claimed piece turned, not upright among the
    concealed pieces. `claimed`: the piece ids taken from discards."""
    if not group or not hand or hand[0] is None:
        return hand, melds
    turned = next((i for i, p in enumerate(group) if p in claimed), 0)
    return (tuple(p for p in hand if p not in group),
            melds + (MeldData(tuple(group), claimed_from=claimed_from, claimed=turned),))


def positions(bottom: int, clockwise: bool, seats: int = 4) -> list[int]:
    """Screen position of each seat for a viewer at ``bottom``."""
    return [position_of(s, bottom, clockwise, seats) for s in range(seats)]


def meld_for(m: MeldData, owner_pos: int, pos: Sequence[int]) -> Meld:
    codes = tuple(kind(p) or "" for p in m.pieces)
    if m.claimed_from is None or pos[m.claimed_from] == owner_pos:
        return Meld(codes, concealed=m.concealed, face_down=m.face_down)
    return Meld(codes, claimed=min(m.claimed, len(codes) - 1), source=source_of(owner_pos, pos[m.claimed_from]),
                face_down=m.face_down)


def table_show(seats: Sequence[SeatData], bottom: int, clockwise: bool, wall: WallShow | None = None,
               last_discarder: int | None = None) -> TableShow:
    """The kit's TableShow for four seats (by seat number) seen from ``bottom``."""
    pos = positions(bottom, clockwise, len(seats))
    by_pos: list[SeatShow | None] = [None] * 4
    for s, d in enumerate(seats):
        p = pos[s]
        by_pos[p] = SeatShow(hand=tuple(kind(c) for c in d.hand), drawn=d.drawn,
                             discards=tuple(kind(c) or "" for c in d.discards),
                             melds=tuple(meld_for(m, p, pos) for m in d.melds),
                             bonus=tuple(kind(c) or "" for c in d.bonus), name=d.name, wind=d.wind,
                             info=d.info, active=d.active)
    last = pos[last_discarder] if last_discarder is not None and seats[last_discarder].discards else None
    return TableShow(tuple(by_pos), wall, last)          # type: ignore[arg-type]


def wall_show(total: int, live: int, box: int, taken: int, break_seat: int | None, break_count: int,
              bottom: int, clockwise: bool) -> WallShow:
    """The wall square from counts: ``break_seat``'s side broken ``break_count`` stacks from its
    right end (dice), ``taken`` replacements used from the box (clamped to what fits)."""
    per_side = max(1, total // 8)
    taken = max(0, min(taken, total - live - box))
    at = 0
    if break_seat is not None:
        at = ring_index(position_of(break_seat, bottom, clockwise), break_count, per_side)
    return WallShow(per_side, at, live, box, taken, clockwise)


def lift_selected(lay: TableLayout, selected: int | None, hinted: int | None, lift: float = SELECT_LIFT) -> None:
    """Raise the bottom hand's selected piece (index in the shown hand) and ring the one the hint
    names in gold (the keyboard's cursor is the table's own cyan ring, the pick's edge ivory)."""
    for i, p in enumerate(lay.pieces):
        if p.part != "hand" or p.position != 0:
            continue
        n = p.index[-1]
        if n == selected:
            lay.pieces[i] = replace(p, y=p.y - lift)
        if n == hinted:
            lay.pieces[i] = replace(lay.pieces[i], mark=True)
    lay._sprites = None


def hand_index_at(lay: TableLayout, pos: Sequence[float]) -> int | None:
    """Index in the shown hand of the bottom seat's piece under a logical point."""
    p = lay.piece_at(pos, ("hand",))
    if p is None or p.position != 0:
        return None
    return p.index[-1]


# ---------------------------------------------------------------------- pieces that move

def piece_keys(lay: TableLayout, seats: Sequence[SeatData], bottom: int, clockwise: bool) -> list:
    """A stable key for each placed piece (parallel to ``lay.pieces``), so a stage can follow a
    piece from place to place: its piece id ("B3#2") wherever the viewer can name it, so the same
    card keeps its sprite from hand to river to meld; ``("back", seat, i)`` for a hidden hand's
    i-th piece."""
    pos = positions(bottom, clockwise, len(seats))
    seat_at = {p: s for s, p in enumerate(pos)}
    arranged: dict[tuple[int, int], list] = {}
    out = []
    for p in lay.pieces:
        s = seat_at[p.position]
        d = seats[s]
        i = p.index[-1]
        if p.part == "hand":
            piece = d.hand[i] if i < len(d.hand) else None
            out.append(piece if piece is not None else ("back", s, i))
        elif p.part == "river":
            out.append(d.discards[i])
        elif p.part == "bonus":
            out.append(d.bonus[i])
        elif p.part == "meld":
            mi = p.index[0]
            if (s, mi) not in arranged:       # the meld's ids, lying as its kinds do (claimed one moved)
                m = d.melds[mi]
                arranged[(s, mi)] = [lk.code for lk in arrange(replace(meld_for(m, p.position, pos), codes=m.pieces))]
            out.append(arranged[(s, mi)][i])
        else:
            out.append(p.key)
    return out


def seat_of_position(position: int, bottom: int, clockwise: bool, seats: int = 4) -> int:
    return positions(bottom, clockwise, seats).index(position)


def wall_ends(wall: WallLayout | None, show: WallShow | None) -> tuple[tuple[float, float] | None, tuple[float, float] | None]:
    """Centres of the wall's next live stack and of the kong box's next stack (None: not on show)."""
    if wall is None or show is None:
        return None, None
    ring = [wall.stacks[ring_of(show, d)] for d in range(len(wall.stacks))]
    live = next((st.rect.center for st in ring if LIVE in (st.bottom, st.top)), None)
    box = next((st.rect.center for st in reversed(ring) if BOX in (st.bottom, st.top)), None)
    return live, box


def fly_spawns(lay: TableLayout, keys: Sequence, shown: Container, bottom: int, clockwise: bool,
               hand_from: Callable[[int, Any], Spawn | None], duration: float) -> dict:
    """Where each piece new to the table (its key not ``shown`` yet) flies in from: a hand piece
    from wherever ``hand_from(seat, placed)`` says (the wall for a draw; None: it appears in place),
    any other (a discard, meld or bonus piece no sprite had) from its seat's hand, as a back."""
    spawn: dict = {}
    for k, p in zip(keys, lay.pieces):
        if k in shown:
            continue
        if p.part == "hand":
            s = hand_from(seat_of_position(p.position, bottom, clockwise), p)
            if s is not None:
                spawn[k] = s
            continue
        r = lay.regions.get((p.position, "hand"))
        if r is not None:
            spawn[k] = Spawn(r.centerx, r.centery, rotation=p.rotation, scale=0.7, duration=duration)
    return spawn
