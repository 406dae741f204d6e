"""What one seat may see: its own hand and drawn card, everything on the table, counts for the rest.

Never another seat's concealed cards (unless shown: a standing hand, the winner's hand), never
the order of the wall or the kong box, never another seat's sealed claim answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from game.core.kit.tiles import ALL_KINDS

from .state import SEATS, State


@dataclass(frozen=True)
class MeldView:
    shape: str                      # chow / pung / kong
    pieces: tuple[str, ...]
    concealed: bool                 # a declared concealed kong (its outer two face down)
    claimed_from: int | None


@dataclass(frozen=True)
class KardsView:
    seat: int | None
    phase: str
    hand: tuple[str, ...]                         # own concealed cards (sorted); () for a spectator
    drawn: str | None                             # own card drawn this turn
    hand_counts: tuple[int, ...]
    melds: tuple[tuple[MeldView, ...], ...]
    bonus: tuple[tuple[str, ...], ...]
    river: tuple[tuple[str, ...], ...]            # discards out of the round, per seat
    discard: str | None                           # the card in the claim window
    discarder: int | None
    wall_count: int
    box_count: int
    seating_rolls: tuple[tuple[int, int], ...]
    side_dice: tuple[int, ...]
    break_dice: tuple[int, ...]
    break_side: int | None
    east: int
    dealer: int
    round_wind: str
    seat_winds: tuple[str, ...]
    turn: int
    to_act: tuple[int, ...]
    claimed_turn: bool
    standing: tuple[tuple[str, tuple[str, ...]] | None, ...]   # per seat: (named card, shown hand)
    winner: int | None
    winner_hand: tuple[str, ...]
    # the winner's group a claimed winning card completed (claimed card first), melded by the claim;
    # () for a win from the wall. Public: the winning card was a discard and the hand lies open
    winner_melded: tuple[str, ...]
    winner_from: int | None                       # whose discard the winner claimed (None: from the wall)
    my_answer: str | None                         # own sealed claim answer, if given
    scores: tuple[Fraction, ...]
    hand_no: int
    dealers_this_wind: tuple[int, ...]
    game_length: str
    claim_seconds: int
    skip_claims: bool
    strict: bool
    finished: bool

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.seat in self.to_act


def make_view(st: State, seat: int | None) -> KardsView:
    own = seat is not None and 0 <= seat < SEATS
    from .flow import to_act
    return KardsView(
        seat=seat, phase=st.phase,
        hand=tuple(st.hands[seat]) if own else (),
        drawn=st.drawn if own and st.turn == seat and st.phase in ("turn", "after") else None,
        hand_counts=tuple(len(h) for h in st.hands),
        melds=tuple(tuple(MeldView(m.shape, m.pieces, m.concealed, m.claimed_from) for m in ms) for ms in st.melds),
        bonus=tuple(tuple(b) for b in st.bonus),
        river=tuple(tuple(r) for r in st.river),
        discard=st.discard, discarder=st.discarder if st.phase == "claim" else None,
        wall_count=st.wall.remaining, box_count=len(st.wall.box),
        seating_rolls=tuple(tuple(x) for x in st.seating_rolls),
        side_dice=tuple(st.side_dice), break_dice=tuple(st.break_dice), break_side=st.break_side,
        east=st.east, dealer=st.dealer, round_wind=ALL_KINDS[st.round_wind],
        seat_winds=tuple(ALL_KINDS[st.seat_wind(s)] for s in range(SEATS)),
        turn=st.turn, to_act=tuple(to_act(st)), claimed_turn=st.claimed_turn,
        standing=tuple((st.standing[s][0], tuple(st.standing[s][1])) if s in st.standing else None
                       for s in range(SEATS)),
        winner=st.winner, winner_hand=tuple(st.hands[st.winner]) if st.winner is not None else (),
        winner_melded=tuple(st.win.get("melded", ())) if st.winner is not None else (),
        winner_from=st.win.get("discarder") if st.winner is not None else None,
        my_answer=st.answers.get(seat) if own else None,
        scores=tuple(st.scores), hand_no=st.hand_no, dealers_this_wind=tuple(st.held),
        game_length=st.options["game_length"], claim_seconds=st.options["claim_seconds"],
        skip_claims=st.options["skip_claims"], strict=st.options["strict"], finished=st.finished)
