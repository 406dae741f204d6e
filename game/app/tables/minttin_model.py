"""The Mint Tin table as the viewer sees it right now: which card is where, with a stable id each.

While events are being shown the board is a step behind the match's view; each presented
event moves cards between its zones (and the sprites follow). When the presentation ends the
board is synced to the view, which also repairs anything a step could not know.

A card whose face the viewer may not see has code None and is only ever drawn as the back:
the other player's concealed hand, the dead hand, the deck and the face-down Double discards.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Iterator

from game.app.atlas import piece_frame
from game.rules.minttin import cards as C

BACK = piece_frame("mint", None)


@dataclass(eq=False)
class Card:
    id: int
    code: str | None            # None: face down for this viewer

    @property
    def frame(self) -> str:
        return piece_frame("mint", self.code)

    def __repr__(self) -> str:
        return f"Card({self.id}, {self.code})"


class Board:
    def __init__(self) -> None:
        self._ids = itertools.count(1)
        self.me = 0
        self.clear()

    def new(self, code: str | None) -> Card:
        return Card(next(self._ids), code)

    def clear(self) -> None:
        self.hand: list[Card] = []                 # the viewer's concealed cards, in display order
        self.other: list[Card] = []                # 2P: the other player's concealed cards (backs)
        self.exposures: list[list[list[Card]]] = [[], []]
        self.row: list[Card] = []                  # solo discard row / 2P discard pile
        self.hold: Card | None = None
        self.spot: list[Card] = []                 # solo joker spot
        self.jokers: list[list[Card]] = [[], []]   # discarded jokers, sideways
        self.facedown: list[list[Card]] = [[], []]  # 2P Double-turn discards (backs)
        self.deck = 0
        self.dead = 0
        self.fresh: int | None = None              # id of the card just drawn

    @property
    def them(self) -> int:
        return 1 - self.me

    # ---------------------------------------------------------------- zone access
    def zones(self) -> Iterator[tuple[str, list[Card]]]:
        yield "hand", self.hand
        yield "other", self.other
        for p in (0, 1):
            for b, blk in enumerate(self.exposures[p]):
                yield f"exp{p}.{b}", blk
        yield "row", self.row
        yield "hold", [self.hold] if self.hold else []
        yield "spot", self.spot
        for p in (0, 1):
            yield f"jok{p}", self.jokers[p]
            yield f"fd{p}", self.facedown[p]

    def cards(self) -> Iterator[tuple[str, Card]]:
        for zone, cards in self.zones():
            for c in cards:
                yield zone, c

    def find(self, card_id: int) -> tuple[str, Card] | None:
        for zone, c in self.cards():
            if c.id == card_id:
                return zone, c
        return None

    def concealed(self, p: int) -> list[Card]:
        return self.hand if p == self.me else self.other

    def take_from_hand(self, p: int, code: str | None, prefer: int | None = None) -> Card:
        """Remove one card from player p's concealed cards: the preferred id, a card with this code,
        else (the other player's hidden hand) any back. Always returns a card (a new one if none fits)."""
        cards = self.concealed(p)
        pick = None
        if prefer is not None:
            pick = next((c for c in cards if c.id == prefer and (code is None or c.code in (code, None))), None)
        if pick is None and code is not None:
            pick = next((c for c in reversed(cards) if c.code == code), None)
        if pick is None:
            pick = next((c for c in reversed(cards) if c.code is None), None)
        if pick is None:
            return self.new(code)
        cards.remove(pick)
        return pick

    def take_from_row(self, code: str, index: int | None = None) -> Card:
        if index is not None and 0 <= index < len(self.row) and self.row[index].code == code:
            return self.row.pop(index)
        for i in range(len(self.row) - 1, -1, -1):
            if self.row[i].code == code:
                return self.row.pop(i)
        return self.new(code)

    # ---------------------------------------------------------------- syncing with a view
    def sync(self, view: Any) -> None:
        """Make the board show `view` exactly, keeping ids (and so sprites) of cards that stay put,
        then of cards that moved, and keeping the viewer's own hand order."""
        me = view.seat if view.seat is not None else 0
        self.me = me
        them = 1 - me
        want: dict[str, list[str | None]] = {}
        # own hand: the display order of cards that stay, new cards at the end
        codes = list(view.hand) if view.seat is not None else [None] * view.hand_counts[me]
        ordered: list[str | None] = []
        rest = list(codes)
        for c in self.hand:
            if c.code in rest:
                rest.remove(c.code)
                ordered.append(c.code)
        want["hand"] = ordered + rest
        want["other"] = [None] * (view.hand_counts[them] if view.mode == "2p" else 0)
        for p in (0, 1):
            for b, blk in enumerate(view.exposures[p]):
                want[f"exp{p}.{b}"] = list(blk)
        want["row"] = list(view.discards)
        want["hold"] = [view.hold] if view.hold else []
        want["spot"] = [C.J] * view.joker_spot
        for p in (0, 1):
            want[f"jok{p}"] = [C.J] * view.joker_discards[p]
            want[f"fd{p}"] = [None] * view.facedown_counts[p]

        old = {z: list(cs) for z, cs in self.zones()}
        used: set[int] = set()
        got: dict[str, list[Card | None]] = {}
        for zone, codes in want.items():            # pass 1: cards that stay in their zone
            mine = [c for c in old.get(zone, [])]
            slots: list[Card | None] = []
            for code in codes:
                c = next((c for c in mine if c.id not in used and c.code == code), None)
                if c is not None:
                    used.add(c.id)
                slots.append(c)
            got[zone] = slots
        pool: dict[Any, list[Card]] = defaultdict(list)
        for _zone, c in self.cards():
            if c.id not in used:
                pool[c.code].append(c)
        for zone, slots in got.items():             # pass 2: cards that moved, else new ones
            for i, c in enumerate(slots):
                if c is None:
                    code = want[zone][i]
                    slots[i] = pool[code].pop(0) if pool.get(code) else self.new(code)

        def z(name: str) -> list[Card]:
            return [c for c in got.get(name, []) if c is not None]

        self.hand, self.other, self.row, self.spot = z("hand"), z("other"), z("row"), z("spot")
        self.exposures = [[z(f"exp{p}.{b}") for b in range(len(view.exposures[p]))] for p in (0, 1)]
        self.hold = z("hold")[0] if view.hold else None
        self.jokers = [z("jok0"), z("jok1")]
        self.facedown = [z("fd0"), z("fd1")]
        self.deck = view.deck_count
        self.dead = view.dead_count
        ids = {c.id for c in self.hand}
        if view.last_drawn is None:
            self.fresh = None
        elif self.fresh not in ids:
            self.fresh = next((c.id for c in reversed(self.hand) if c.code == view.last_drawn), None)

    def codes(self) -> dict[str, list[str | None]]:
        """Zone -> codes (tests and debugging)."""
        return {z: [c.code for c in cs] for z, cs in self.zones()}

    def visible_codes(self) -> set[str]:
        return {c.code for _z, c in self.cards() if c.code}
