"""The state of a game of Mah-Jongg for Kards (mutable inside `apply` only: apply works on a copy)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from game.core.kit.tiles import kind_of
from game.core.kit.wall import KARDS_BOX, Wall
from game.core.rng import GameRng

SEATS = 4
SEAT_NAMES = ("Seat 1", "Seat 2", "Seat 3", "Seat 4")


@dataclass(frozen=True)
class MeldRec:
    """A meld on the table: shape chow / pung / kong, its pieces, concealed (a declared concealed
    kong: outer two face down), and whose discard it took (None: nobody's)."""
    shape: str
    pieces: tuple[str, ...]
    concealed: bool = False
    claimed_from: int | None = None

    @property
    def kind(self) -> int:
        return min(kind_of(p) for p in self.pieces)


@dataclass
class State:
    options: dict
    rng: GameRng
    phase: str                                   # seat_roll side_roll break_roll setup turn claim after over
    east: int = 0                                # the seat whose wind is East
    round_wind: int = 27
    held: list[int] = field(default_factory=list)        # seats that have dealt under this round wind (KRD-27)
    hand_no: int = 0                             # rounds dealt (replays included)
    # dice
    roll_group: list[int] = field(default_factory=list)  # seats still to roll for seating (KRD-33)
    rolled: dict = field(default_factory=dict)           # seat -> face in this seating roll
    seating_rolls: list = field(default_factory=list)    # every seating roll: (seat, face)
    side_dice: tuple = ()
    break_dice: tuple = ()
    break_side: int | None = None
    # the round
    wall: Wall = field(default_factory=lambda: Wall((), (), KARDS_BOX))
    hands: list[list[str]] = field(default_factory=lambda: [[] for _ in range(SEATS)])
    melds: list[list[MeldRec]] = field(default_factory=lambda: [[] for _ in range(SEATS)])
    bonus: list[list[str]] = field(default_factory=lambda: [[] for _ in range(SEATS)])
    river: list[list[str]] = field(default_factory=lambda: [[] for _ in range(SEATS)])
    setup_queue: list[int] = field(default_factory=list)
    turn: int = 0
    drawn: str | None = None                      # the card the turn's seat drew this turn
    drawn_from: str | None = None                 # "wall", "last" (the wall's last card) or "box"
    claimed_turn: bool = False                    # the turn came from a pung or chow claim
    kong_turn: bool = False                       # `drawn` replaced a kong declared this turn (KRD-17)
    discard: str | None = None                    # the card in the claim window
    discarder: int | None = None
    asked: tuple = ()
    answers: dict = field(default_factory=dict)   # seat -> encoded answer (sealed)
    discards_made: int = 0
    draws_made: int = 0                           # turn draws from the live wall this round
    claims_made: int = 0
    standing: dict = field(default_factory=dict)  # seat -> (named kind code, locked pieces)
    after_queue: list[int] = field(default_factory=list)
    winner: int | None = None
    win: dict = field(default_factory=dict)       # how the winner won (for scoring)
    scores: list = field(default_factory=lambda: [Fraction(0)] * SEATS)
    rounds: list = field(default_factory=list)    # one summary dict per finished round
    finished: bool = False
    penalties: list = field(default_factory=list)  # (seat, points, why) of the Strict table (KRD-29)
    mj_only: bool = False                         # the claim window offers a "Mah-Jongg discard" (KRD-29)
    names: tuple = ("Player 1", "Player 2", "Player 3", "Player 4")   # the players' names, for summaries

    def copy(self) -> "State":
        return State(
            dict(self.options), self.rng, self.phase,   # the rng is shared: deal.start_round copies it before use
            self.east, self.round_wind, list(self.held),
            self.hand_no, list(self.roll_group), dict(self.rolled), list(self.seating_rolls), self.side_dice,
            self.break_dice, self.break_side, self.wall, [list(h) for h in self.hands],
            [list(m) for m in self.melds], [list(b) for b in self.bonus], [list(r) for r in self.river],
            list(self.setup_queue), self.turn, self.drawn, self.drawn_from, self.claimed_turn, self.kong_turn,
            self.discard, self.discarder, self.asked, dict(self.answers), self.discards_made, self.draws_made,
            self.claims_made, dict(self.standing), list(self.after_queue), self.winner, dict(self.win),
            list(self.scores), list(self.rounds), self.finished, list(self.penalties), self.mj_only, self.names)

    @property
    def dealer(self) -> int:
        """The round-direction player: the seat at the round wind (KRD-26)."""
        return (self.east + self.round_wind - 27) % SEATS

    def seat_wind(self, seat: int) -> int:
        return 27 + (seat - self.east) % SEATS


def census(state: State) -> Counter:
    """Every card in the state (the 144 are always all there)."""
    c: Counter[Any] = Counter()
    for s in range(SEATS):
        c.update(state.hands[s])
        c.update(state.bonus[s])
        c.update(state.river[s])
        for m in state.melds[s]:
            c.update(m.pieces)
    c.update(state.wall.tiles())
    if state.discard is not None:
        c[state.discard] += 1
    return c
