"""The game state (opaque to everyone but this package) and the card census.

Player indices: two-player games use the seats 0 and 1; in solo, 0 is you and 1 is the
virtual opponent (it has no hand; its exposures, score and joker spot live here).
"""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass, field, fields
from typing import Any

from game.core.rng import GameRng

from . import cards as C


@dataclass
class State:
    opts: dict[str, Any]
    rng: GameRng
    names: list[str] = field(default_factory=lambda: ["Player 1", "Player 2"])
    scores: list[int] = field(default_factory=lambda: [0, 0])
    round_no: int = 0
    dealer: int = 0                       # two players: who dealt this round
    phase: str = ""                       # see flow2p / solo
    current: int = 0                      # whose turn it is
    hands: list[list[str]] = field(default_factory=lambda: [[], []])        # concealed cards
    exposures: list[list[list[str]]] = field(default_factory=lambda: [[], []])
    joker_discards: list[int] = field(default_factory=lambda: [0, 0])       # jokers placed sideways
    discards: list[str] = field(default_factory=list)   # 2P discard pile / solo discard row, in order
    callable: bool = False                # 2P: the last discard may be called now
    deck: list[str] = field(default_factory=list)       # top first
    dead: list[str] = field(default_factory=list)       # solo dead hand
    spot: int = 0                         # solo: jokers on the opponent's joker spot
    hold: str | None = None               # solo: the hold spot
    aside: int = 0                        # jokers not used this round
    facedown: list[list[str]] = field(default_factory=lambda: [[], []])     # 2P Double turns
    calls: list[int] = field(default_factory=lambda: [0, 0])
    took_call: bool = False               # this turn's card was called (the winning call stays concealed)
    last_drawn: list[str | None] = field(default_factory=lambda: [None, None])
    double: dict | None = None            # {"by", "value", "lines", "summary", "turns", "taken"}
    passing: dict | None = None           # {"offer", "answer", "count", "given": [cards|None, cards|None]}
    fixed_decks: list[list[str]] = field(default_factory=list)
    history: list[dict] = field(default_factory=list)   # one record per finished round
    over: bool = False
    winners: tuple[int, ...] = ()

    @property
    def mode(self) -> str:
        return self.opts["mode"]

    @property
    def solo(self) -> bool:
        return self.opts["mode"] == "solo"

    @property
    def seats(self) -> int:
        return 1 if self.solo else 2

    def clone(self) -> "State":
        new = State.__new__(State)                # copy.copy's shallow copy, without its reduce protocol
        new.__dict__.update(self.__dict__)
        new.opts = self.opts                      # never changed after new_game
        # the rng is used only to shuffle a new round's deck: share it until then (own_rng)
        self._rng_shared = new._rng_shared = True
        new.names = self.names                    # never changed after new_game
        new.scores = list(self.scores)
        new.hands = [list(h) for h in self.hands]
        new.exposures = [[list(e) for e in ex] for ex in self.exposures]
        new.joker_discards = list(self.joker_discards)
        new.discards = list(self.discards)
        new.deck = list(self.deck)
        new.dead = list(self.dead)
        new.facedown = [list(f) for f in self.facedown]
        new.calls = list(self.calls)
        new.last_drawn = list(self.last_drawn)
        if self.double is not None:
            new.double = copy.deepcopy(self.double)
        if self.passing is not None:
            new.passing = copy.deepcopy(self.passing)
        new.fixed_decks = self.fixed_decks        # never changed in place
        new.history = list(self.history)          # records are never changed once written
        return new

    def own_rng(self) -> GameRng:
        """This state's rng, copied first if a clone shares it (so using it changes no other state)."""
        if getattr(self, "_rng_shared", False):
            self.rng = self.rng.copy()
            self._rng_shared = False
        return self.rng

    def to_json(self) -> dict:
        """Everything, as plain JSON (for saves, debugging and replay checks)."""
        out = {}
        for f in fields(self):
            v = getattr(self, f.name)
            out[f.name] = v.to_json() if isinstance(v, GameRng) else copy.deepcopy(v)
        out["winners"] = list(self.winners)
        return out


def census(state: State) -> Counter:
    """Every card of the 54 by zone kind, for the conservation check: suit kinds, J and SCORE."""
    c: Counter = Counter()
    for h in state.hands:
        c.update(h)
    for ex in state.exposures:
        for e in ex:
            c.update(e)
    c.update(state.discards)
    c.update(state.deck)
    c.update(state.dead)
    for f in state.facedown:
        c.update(f)
    if state.hold:
        c[state.hold] += 1
    c[C.J] += state.spot + state.aside + sum(state.joker_discards)
    c["SCORE"] += C.SCORE_CARDS
    return c


def zone_total(state: State) -> int:
    return sum(census(state).values())
