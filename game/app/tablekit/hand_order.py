"""The viewer's own order of their hand: sorted one of the game's ways, or arranged by hand.

Each seat keeps its own entry (hot seat: every human their own order), stored as plain JSON data
in a dict the table passes in, ``match.meta``, so a saved game's Continue shows the hand as it was
left. An entry only ever holds that seat's own piece ids, and ``arrange`` is only given the seat's
own hand, so one player's order never shows another's pieces.

    order = HandOrder(match.meta, {"suit": by_suit, "number": by_number})
    shown, apart = order.arrange(seat, view.hand, view.drawn)   # apart: the last stands apart
    order.cycle(seat)                      # the Sort button: suit -> number -> suit ...
    order.move(seat, shown, piece, -1, apart)   # Shift+Left: one place left (the order is now "own")
    order.place(seat, shown, piece, i, apart)   # a drag put it down at index i among the others

A sorted hand stays sorted as pieces come and go: a piece just drawn stands apart at the end,
then takes its sorted place. Once the player moves a piece the order is their own ("own"):
pieces that leave drop out, new ones join at the end. The Sort button sorts it again.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from game.core.kit import tiles

from .fan import reorder

STORE_KEY = "hand_order"          # the key in match.meta
OWN = "own"                       # the mode of a hand the player arranged


def drop_index(centres: Sequence[float], x: float) -> int:
    """Where a piece put down at x goes among the others, given their centres along the row."""
    return sum(1 for c in centres if c < x)


class HandOrder:
    def __init__(self, store: dict, sort_keys: Mapping[str, Callable[[str], Any]],
                 words: Mapping[str, str] | None = None):
        """``store``: where entries live (match.meta); ``sort_keys``: mode name -> key of a piece id,
        the first the default, the button cycling in their order; ``words``: the button's word for
        a mode (default: its name; "own" for a hand arranged by the player)."""
        if not sort_keys:
            raise ValueError("a hand order needs at least one sort mode")
        self.store = store
        self.sort_keys = dict(sort_keys)
        self.modes = tuple(self.sort_keys)
        self.words = {OWN: "own", **{m: m for m in self.modes}, **dict(words or {})}

    # ------------------------------------------------------------------ the stored entry
    def _entries(self) -> dict:
        entries = self.store.get(STORE_KEY)
        if not isinstance(entries, dict):          # missing, or not ours in an edited save
            entries = self.store[STORE_KEY] = {}
        return entries

    def _entry(self, seat: int) -> dict:
        """The seat's entry, repaired if a save held something else (bad data is forgotten)."""
        entries = self._entries()
        e = entries.get(str(seat))
        if not isinstance(e, dict):
            e = {}
        mode = e.get("mode")
        if mode != OWN and mode not in self.modes:
            mode = self.modes[0]
        last = e.get("sorted") if e.get("sorted") in self.modes else self.modes[0]
        order = e.get("order") if mode == OWN else None
        clean = {"mode": mode, "sorted": last}
        if mode == OWN:
            ids = order if isinstance(order, list) else []
            clean["order"] = list(dict.fromkeys(p for p in ids if isinstance(p, str)))
        if clean != e:
            entries[str(seat)] = clean
        return entries[str(seat)]

    def mode(self, seat: int) -> str:
        return self._entry(seat)["mode"]

    def label(self, seat: int) -> str:
        """The Sort button's words: what a press does (the order it sorts into), not the order now."""
        return f"Sort by {self.words[self.next_mode(seat)]}"

    # ------------------------------------------------------------------ showing
    def sort(self, mode: str, pieces: Sequence[str]) -> list[str]:
        key = self.sort_keys[mode]
        return sorted(pieces, key=lambda p: (key(p), p))

    def arrange(self, seat: int, hand: Sequence[str], drawn: str | None = None) -> tuple[tuple[str, ...], bool]:
        """The seat's hand in its order, and whether the last piece (``drawn``, just drawn) stands
        apart. A drawn piece the player already moved into the row stays where they put it."""
        e = self._entry(seat)
        there = set(hand)
        if e["mode"] != OWN:
            apart = drawn if drawn in there else None
            rest = self.sort(e["mode"], [p for p in hand if p != apart])
        else:
            kept = [p for p in e["order"] if p in there]
            apart = drawn if drawn in there and drawn not in kept else None
            known = set(kept)
            rest = kept + [p for p in hand if p not in known and p != apart]     # new ones at the end
            if rest != e["order"]:
                e["order"] = rest            # pieces gone are forgotten, new ones keep their place
        return tuple(rest) + ((apart,) if apart is not None else ()), apart is not None

    # ------------------------------------------------------------------ changing
    def set_mode(self, seat: int, mode: str) -> None:
        if mode not in self.modes:
            raise ValueError(f"no sort mode {mode!r}; modes: {', '.join(self.modes)}")
        self._entries()[str(seat)] = {"mode": mode, "sorted": mode}

    def next_mode(self, seat: int) -> str:
        """What the Sort button does next: the next sort mode, or for a hand arranged by the
        player, the sort it last had."""
        e = self._entry(seat)
        if e["mode"] == OWN:
            return e["sorted"]
        return self.modes[(self.modes.index(e["mode"]) + 1) % len(self.modes)]

    def cycle(self, seat: int) -> str:
        """The Sort button: sorts the hand the next way (see next_mode); returns the new mode."""
        mode = self.next_mode(seat)
        self.set_mode(seat, mode)
        return mode

    def set_own(self, seat: int, shown: Sequence[str], apart: str | None = None) -> None:
        """The player arranged the row as ``shown``. A piece standing ``apart`` (just drawn) that is
        still last stays apart (it joins the row's end later); moved anywhere else it joins here."""
        e = self._entry(seat)
        order = list(dict.fromkeys(shown))
        if apart is not None and order and order[-1] == apart:
            order.pop()
        self._entries()[str(seat)] = {"mode": OWN, "sorted": e["sorted"], "order": order}

    def move(self, seat: int, shown: Sequence[str], piece: str, d: int, apart: str | None = None) -> bool:
        """Move ``piece`` d places along the shown row; False (nothing changes) at the row's end.
        ``apart``: the piece standing apart in ``shown``, if any (see set_own)."""
        order = list(shown)
        if piece not in order:
            return False
        i = order.index(piece)
        j = max(0, min(len(order) - 1, i + d))
        if i == j:
            return False
        reorder(order, piece, j)
        self.set_own(seat, order, apart)
        return True

    def place(self, seat: int, shown: Sequence[str], piece: str, index: int, apart: str | None = None) -> bool:
        """Put ``piece`` at ``index`` among the others (a drag let go); True if the row changed."""
        order = list(shown)
        if piece not in order:
            return False
        reorder(order, piece, index)
        if order == list(shown):             # put back where it was: a sorted hand stays sorted
            return False
        self.set_own(seat, order, apart)
        return True


# ---------------------------------------------------------------------- the classical tiles' sorts

def by_suit(piece: str) -> Any:
    """Bamboo, characters, dots (each 1..9), winds, dragons: the kit's kind order."""
    return tiles.PIECE_KIND.get(piece, tiles.N_KINDS + 99)


def by_number(piece: str) -> Any:
    """The 1s of every suit, then the 2s, ... the 9s, then winds and dragons."""
    k = tiles.PIECE_KIND.get(piece, tiles.N_KINDS + 99)
    return (0, tiles.rank_of(k), tiles.suit_of(k)) if tiles.is_suited(k) else (1, k, 0)


# For a game on the classical kit's piece ids ("B3#2"): its table may pass these as its sort keys.
CLASSIC_SORTS: dict[str, Callable[[str], Any]] = {"suit": by_suit, "number": by_number}
