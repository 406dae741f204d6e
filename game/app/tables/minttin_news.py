"""Hot seat: a short note, after the curtain, of what the other player did since you last looked.

Built only from events as the new viewer may see them (protocol.events_for), so nothing
private shows: "North drew a card and discarded the Fire 7", never which card North drew.
"""

from __future__ import annotations

from typing import Any, Iterable

from game.core.protocol import Event, events_for
from game.rules.minttin import cards as C

BLOCKS = {2: "pair", 3: "pung", 4: "kong", 5: "quint"}
MAX_PARTS = 5                     # an older part of a long story is left off


def _part(e: Event, viewer: int) -> str | None:
    d = e.data
    k = e.kind
    if k == "draw":
        return "drew a card"
    if k == "discard":
        return f"discarded the {C.name(d['card'])}"
    if k == "call":
        n = len(d.get("block", ())) or 3
        return f"called the {C.name(d['card'])} for a {BLOCKS.get(n, 'block')}"
    if k == "swap":
        if d.get("gave") == C.J:
            return f"gave a joker for a {C.name(d['took'])}" + (" from your block" if d.get("owner") == viewer else "")
        return f"swapped a {C.name(d['gave'])} for a joker" + (" from your block" if d.get("owner") == viewer else "")
    if k == "joker_discard":
        return "discarded a joker (sideways)"
    if k == "facedown":
        return "discarded a card face down"
    if k == "double":
        return "called Double"
    if k == "drop":
        return "dropped the Double"
    if k == "take":
        return "took the Double"
    if k == "pass_offer":
        return f"offered to pass {d['count']}"
    if k == "pass_answer":
        return f"answered {d['count']}"
    if k == "pass_chosen":
        return "chose what to pass"           # the count is in the answer; "the cards" read wrong for one
    return None


COUNT_WORDS = {2: "two", 3: "three"}


def _cards(codes: list[str]) -> str:
    """ "the Sword 1 and two Fire 8s" (copies counted: "the Sword 2 and the Sword 2" read oddly)."""
    counts: dict[str, int] = {}
    for c in codes:
        counts[c] = counts.get(c, 0) + 1
    names = [f"the {C.name(c)}" if n == 1 else f"{COUNT_WORDS.get(n, str(n))} {C.name(c)}s"
             for c, n in counts.items()]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def what_happened(moves: Iterable[tuple[int, list[Event]]], viewer: int, name_of) -> str:
    """One sentence per player who moved: "North drew a card and discarded the Fire 7."."""
    by_seat: list[tuple[int, list[str]]] = []
    for seat, events in moves:
        if seat == viewer:
            continue
        for e in events_for(events, viewer):
            if e.data.get("seat", seat) != seat:
                continue
            text = _part(e, viewer)
            if text is None:
                continue
            if not by_seat or by_seat[-1][0] != seat:
                by_seat.append((seat, []))
            by_seat[-1][1].append(text)
    out = []
    for seat, parts in by_seat:
        parts = parts[-MAX_PARTS:]
        said = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
        out.append(f"{name_of(seat)} {said}.")
    return " ".join(out)


class News:
    """Remembers every move (raw events) and, per seat, how far that seat has seen."""

    def __init__(self) -> None:
        self.moves: list[tuple[int, list[Event]]] = []
        self.seen: dict[int, int] = {}
        # seat -> (gave, got) of this deal's card pass, told to that seat alone after its next curtain:
        # the exchange happens as the second player chooses, and the curtain falls before either sees it
        self.exchanged: dict[int, tuple[list[str], list[str]]] = {}

    def record(self, seat: int, events: list[Event]) -> None:
        self.moves.append((seat, list(events)))
        for e in events:
            if e.kind == "round_start":
                self.exchanged.clear()
        self.keep_exchange(events)

    def keep_exchange(self, events: list[Event]) -> None:
        """Keep each card-pass exchange whose cards these events show (a seat's own, as it saw it)."""
        for e in events:
            if e.kind == "pass_exchange" and "got" in e.data:
                self.exchanged[e.data["seat"]] = (list(e.data["gave"]), list(e.data["got"]))

    def mark_seen(self, viewer: int | None) -> None:
        if viewer is not None:
            self.seen[viewer] = len(self.moves)

    def since(self, viewer: int, name_of: Any) -> str:
        """What `viewer` has not seen yet, as they may see it; then it counts as seen."""
        start = self.seen.get(viewer, 0)
        self.mark_seen(viewer)
        moves = self.moves[start:]
        # a round that ended meanwhile was told by its result screen: only this round's moves
        deals = [i for i, (_seat, events) in enumerate(moves) if any(e.kind == "round_start" for e in events)]
        if deals:
            moves = moves[deals[-1] + 1:]
        told = what_happened(moves, viewer, name_of)
        swap = self.exchanged.pop(viewer, None)
        if swap is None:
            return told
        gave, got = swap
        mine = f"You passed {_cards(gave)} and got {_cards(got)}."
        return f"{told} {mine}" if told else mine
