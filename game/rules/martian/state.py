"""The state of a Martian Mah Jongg game: screens, covers, pool, the hand's progress, scores.

Mutable dataclasses with explicit `copy()`: `apply` copies, then changes the copy, so the state
it was given never changes. Nothing here is handed out: views and events copy what they show.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from game.core.rng import GameRng

from .pieces import COPIES, KINDS, PILE_SLOTS, SLOTS, colour_of


@dataclass
class Screen:
    """What one player keeps behind the screen (the slot model, MMJ-3)."""

    slots: dict[str, str | None] = field(default_factory=lambda: {s: None for s in SLOTS})
    bonus: list[str] = field(default_factory=list)
    opaques: list[str] = field(default_factory=list)
    exposed: set[str] = field(default_factory=set)          # piles claimed into ("pung", "kong"): frozen
    original: bool = True          # the three dealt pieces never left their slots (MMJ-12)
    last_in: tuple | None = None   # (piece, "drawn"/"claimed"/"dealt", roll number): the latest pile piece
    penalised: bool = False        # Strict-table opaque-discard penalty (MMJ-26): plays exposed

    def copy(self) -> "Screen":
        return Screen(dict(self.slots), list(self.bonus), list(self.opaques), set(self.exposed), self.original,
                      self.last_in, self.penalised)

    def complete(self) -> bool:
        """A Chow small, a bush and a tree: every slot filled."""
        return all(self.slots[s] is not None for s in SLOTS)

    def pieces(self) -> list[str]:
        """The non-opaque pieces: the three piles and the bonus stack (MMJ-14's "hand")."""
        return [p for p in self.slots.values() if p is not None] + list(self.bonus)

    def all_pieces(self) -> list[str]:
        return self.pieces() + list(self.opaques)

    def empty_slots(self, pile: str) -> list[str]:
        return [s for s in PILE_SLOTS[pile] if self.slots[s] is None]

    def honour(self) -> str | None:
        large = self.slots["kong-L"]
        return colour_of(large) if large else None


@dataclass
class Cover:
    colour: str          # "black" / "white": public
    size: str            # "M" / "L": public
    content: str         # the piece under it: hidden
    looks: int = 0       # how many times anyone has looked (public: "someone looked")

    def copy(self) -> "Cover":
        return Cover(self.colour, self.size, self.content, self.looks)


@dataclass
class State:
    options: dict
    n: int
    humans: tuple[bool, ...]
    rng: GameRng
    phase: str = "setup"      # cover_d8 / east_d8 / deal_d8 / begin / dice / draw / cover / claim / called / over
    turn: int = 0
    east: int | None = None
    screens: list[Screen] = field(default_factory=list)
    covers: list[Cover] = field(default_factory=list)
    memory: list[dict[int, tuple]] = field(default_factory=list)   # per seat: cover -> (piece, looks, roll, how)
    pool: dict[str, int] = field(default_factory=dict)             # the 24 stacks the dice can name
    aside: dict[str, int] = field(default_factory=dict)            # opaque smalls not used (3 players)
    scores: list[int] = field(default_factory=list)
    hand_no: int = 0
    passes: int = 0           # how often East has passed (MMJ-27)
    rolls: int = 0            # turn rolls this hand
    lost: int = 0             # lost turns in a row (MMJ-16)
    drawn: str | None = None  # the piece taken this turn (public: the dice named it)
    dice: tuple[int, int] | None = None
    looking: int | None = None
    discard: str | None = None
    discarder: int | None = None
    asked: tuple[int, ...] = ()
    answers: dict[int, Any] = field(default_factory=dict)
    window_no: int = 0
    cover_rolls: list[int] = field(default_factory=list)
    contest: tuple[int, ...] = ()
    contest_rolls: dict[int, int] = field(default_factory=dict)
    deal_queue: list[tuple[int, str]] = field(default_factory=list)
    d8_log: list[tuple] = field(default_factory=list)        # this hand's setup rolls: (purpose, seat, face)
    results: list[dict] = field(default_factory=list)      # one summary per finished hand
    finished: bool = False
    script: list = field(default_factory=list)     # forced turn rolls still to come (levels: deal.rolls); hidden
    names: tuple[str, ...] = ()                    # the players' names, for summaries

    def copy(self) -> "State":
        """The rng is shared, not copied: whatever draws from it takes a copy first (`own_rng`)."""
        return State(
            self.options, self.n, self.humans, self.rng, self.phase, self.turn, self.east,
            [s.copy() for s in self.screens], [c.copy() for c in self.covers], [dict(m) for m in self.memory],
            dict(self.pool), dict(self.aside), list(self.scores), self.hand_no, self.passes, self.rolls, self.lost,
            self.drawn, self.dice, self.looking, self.discard, self.discarder, self.asked, dict(self.answers),
            self.window_no, list(self.cover_rolls), self.contest, dict(self.contest_rolls), list(self.deal_queue), list(self.d8_log),
            list(self.results), self.finished, list(self.script), self.names)


def own_rng(state: State) -> GameRng:
    """The state's rng, made its own before a draw (copies share it until then; copying the
    Mersenne state on every move was a fifth of a bot game's time)."""
    state.rng = state.rng.copy()
    return state.rng


def census(state: State) -> Counter:
    """Every pyramid in the state, counted by kind (150 in all; covers count as their own pieces)."""
    c: Counter = Counter()
    for k, n in state.pool.items():
        c[k] += n
    for k, n in state.aside.items():
        c[k] += n
    for cov in state.covers:
        c[f"{cov.colour}-{cov.size}"] += 1
        c[cov.content] += 1
    if len(state.covers) == 10:          # setup step 4 has not filled the large covers yet
        c["black-L"] += 5
        c["white-L"] += 5
    for s in state.screens:
        c.update(s.all_pieces())
    if state.drawn is not None:
        c[state.drawn] += 1
    if state.discard is not None:
        c[state.discard] += 1
    return c


def full_box() -> Counter:
    return Counter({k: COPIES for k in KINDS})

