"""The state of a Cuzzins game: the hand in play, the running cents ledger, the phase.

Mutable, but `apply` only ever changes a `copy()`, so the state it was given stays as it was.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from game.core.kit.hands import Group, counts_of
from game.core.kit.ledger import Ledger
from game.core.kit.tiles import kind_of, sort_pieces
from game.core.kit.wall import Wall
from game.core.protocol import ScoreLine

from .actions import Action
from .tiles import SEATS

PHASES = ("seat_dice", "open_dice", "discard", "claims", "over")


@dataclass(frozen=True)
class Meld:
    """A set laid out from a claim: chow, pung or kong; `taken` is the claimed piece."""
    shape: str
    kind: int                    # lowest kind
    pieces: tuple[str, ...]
    taken: str
    source: int                  # the discarder

    def group(self) -> Group:
        return Group(self.shape, self.kind, False)


@dataclass(frozen=True)
class Secret:
    """A declared hidden four of a kind; `seen_by` are the seats that paid to look (CUZ-18)."""
    kind: int
    pieces: tuple[str, ...]
    seen_by: frozenset[int] = frozenset()

    def group(self) -> Group:
        return Group("kong", self.kind, True)


@dataclass
class State:
    options: dict
    seed: int
    hand_no: int = 0                                   # 0-based: the hand being played
    phase: str = "seat_dice"
    dealer: int | None = None
    throw_queue: tuple[int, ...] = tuple(range(SEATS))  # seats still to throw for the deal (CUZ-23)
    throws: tuple[tuple[int, int, int], ...] = ()       # (seat, a, b) of every throw for the deal
    round_throws: tuple[tuple[int, int], ...] = ()      # (seat, total) in the current throwing round
    dice: tuple[int, int] | None = None                 # the wall-opening throw of this hand
    mano: int | None = None
    wall: Wall | None = None
    hands: list[list[str]] = field(default_factory=lambda: [[] for _ in range(SEATS)])
    melds: list[list[Meld]] = field(default_factory=lambda: [[] for _ in range(SEATS)])
    secrets: list[list[Secret]] = field(default_factory=lambda: [[] for _ in range(SEATS)])
    flowers: list[list[str]] = field(default_factory=lambda: [[] for _ in range(SEATS)])
    discards: list[list[str]] = field(default_factory=lambda: [[] for _ in range(SEATS)])
    turn: int = 0
    drawn: str | None = None                            # the tile the player on turn drew this turn
    drawn_how: str | None = None                        # "wall" or "loose"
    after_kong: bool = False                            # the loose tile followed a kong (9.6)
    first_turn: bool = False                            # the dealer has not acted yet (CUZ-12)
    dealt_last: str | None = None                       # the last tile the dealer got in the deal
    discarder: int | None = None                        # a claim window is open on his last discard
    answers: tuple[tuple[int, Action], ...] = ()        # sealed claim answers
    window: int = 0                                     # discards so far in the game (window id)
    dead: tuple[bool, ...] = (False, False, False, False)   # Strict table: dead hands this hand (CUZ-21)
    ledger: Ledger = field(default_factory=lambda: Ledger(SEATS))
    hand_ledger: Ledger = field(default_factory=lambda: Ledger(SEATS))   # this hand's payments
    last_lines: tuple[ScoreLine, ...] = ()              # the last finished hand's score steps
    last_summary: str = ""
    wins: tuple[int, ...] = (0, 0, 0, 0)
    history: tuple[dict, ...] = ()                      # one entry per finished hand (goals read it)
    fixed_deal: dict | None = None                      # deal.parse_deal of setup.deal: the first hand

    def copy(self) -> "State":
        c = State(**{k: getattr(self, k) for k in self.__dataclass_fields__})
        c.options = dict(self.options)
        for name in ("hands", "melds", "secrets", "flowers", "discards"):
            setattr(c, name, [list(x) for x in getattr(self, name)])
        return c

    # -- derived ------------------------------------------------------------------------
    @property
    def discard(self) -> str | None:
        """The discard a claim window is open on."""
        return self.discards[self.discarder][-1] if self.discarder is not None else None

    def counts(self, seat: int) -> tuple[int, ...]:
        return counts_of(kind_of(p) for p in self.hands[seat])

    def fixed(self, seat: int) -> tuple[Group, ...]:
        """The player's sets outside the concealed part: melds, then declared secrets."""
        return tuple(m.group() for m in self.melds[seat]) + tuple(x.group() for x in self.secrets[seat])

    def sort_hand(self, seat: int) -> None:
        self.hands[seat] = sort_pieces(self.hands[seat])

    @property
    def finished(self) -> bool:
        return self.phase == "over"


def census(state: State) -> Counter:
    """Every tile in the state, counted (144 once the wall is built)."""
    c: Counter = Counter()
    if state.wall is not None:
        c.update(state.wall.tiles())
    for seat in range(SEATS):
        c.update(state.hands[seat])
        c.update(p for m in state.melds[seat] for p in m.pieces)
        c.update(p for x in state.secrets[seat] for p in x.pieces)
        c.update(state.flowers[seat])
        c.update(state.discards[seat])
    return c


def describe_state(state: Any) -> str:
    return f"hand {state.hand_no + 1}, {state.phase}, turn {state.turn}"
