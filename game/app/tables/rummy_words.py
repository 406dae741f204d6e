"""What a Mahjong Rummy turn did, in words (no pygame): which tiles went from where to which set.

Both the notes on other players' turns ("South took 9 Characters from your run 6-7-8-9
Characters…") and the steps of a hint preview are read from the same comparison of the table
before and after a turn (`changes`). A set after the turn continues the set before it with which
it shares the most tiles; every other tile that reached it came from the hand or was taken from
another set.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping, Sequence

from game.rules.rummy.tiles import KIND_INDEX, N_NUMBERED, TILE_KIND, name, rank_k, suit_k

SUITS = ("Bamboo", "Characters", "Dots")


@dataclass
class Change:
    """One set after the turn that is new or different."""
    index: int                                   # in the table after the turn
    origin: int | None                           # the set before the turn it continues (None: new)
    from_hand: list[str] = field(default_factory=list)
    taken: list[tuple[int, str]] = field(default_factory=list)    # (set before the turn, tile)
    lost: bool = False                           # tiles left it (for sets that only shrank)


def set_label(kind: str, faces: Sequence[str]) -> str:
    """ "run 4-5-6 Bamboo", "group of 7 Dots", "winds East-South-West" or the tiles' names."""
    faces = [f for f in faces if f in KIND_INDEX]
    if not faces:
        return "set"
    ks = sorted(KIND_INDEX[f] for f in faces)
    if kind == "run" and all(k < N_NUMBERED for k in ks) and len({suit_k(k) for k in ks}) == 1:
        return f"run {'-'.join(str(rank_k(k)) for k in ks)} {SUITS[suit_k(ks[0])]}"
    if kind == "group" or len(set(ks)) == 1:
        return f"group of {name(faces[0])}"
    if kind.startswith("winds"):     # in seating order, as the set is shown (a hint's faces come unsorted)
        return "winds " + "-".join(name(f).split()[0] for f in sorted(faces, key=KIND_INDEX.__getitem__))
    return "set " + ", ".join(name(f) for f in faces)


def origins(before: Sequence[Sequence[str]], after: Sequence[Sequence[str]]) -> dict[int, int]:
    """Set after the turn -> the set before it that it continues (the pairs sharing most tiles first;
    each set before continues in at most one set after)."""
    where = {t: j for j, s in enumerate(before) for t in s}
    pairs = sorted(((len(set(a) & set(before[j])), i, j) for i, a in enumerate(after)
                    for j in {where[t] for t in a if t in where}), reverse=True)
    origin: dict[int, int] = {}
    used: set[int] = set()
    for n, i, j in pairs:
        if n > 0 and i not in origin and j not in used:
            origin[i] = j
            used.add(j)
    return origin


def changes(before: Sequence[Sequence[str]], after: Sequence[Sequence[str]]) -> list[Change]:
    """How the table `after` differs from `before` (lists of tile ids per set)."""
    where = {t: j for j, s in enumerate(before) for t in s}
    origin = origins(before, after)
    out: list[Change] = []
    for i, a in enumerate(after):
        o = origin.get(i)
        ch = Change(i, o)
        for t in a:
            if t not in where:
                ch.from_hand.append(t)
            elif where[t] != o:
                ch.taken.append((where[t], t))
        if o is not None and not ch.from_hand and not ch.taken and len(a) == len(before[o]):
            continue
        ch.lost = o is not None and len(a) - len(ch.from_hand) - len(ch.taken) < len(before[o])
        out.append(ch)
    return out


def tiles_text(tiles: Sequence[str], values: Mapping[str, str] | None = None) -> str:
    """ "7 Characters, 8 Characters and Red Dragon (as 9 Characters)"."""
    values = values or {}
    words = []
    for t in tiles:
        w = name(t)
        v = values.get(t)
        if v and TILE_KIND.get(t, 0) >= KIND_INDEX["DR"]:
            w += f" (as {name(v)})"
        words.append(w)
    return _and(words)


def _and(words: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


Label = Callable[[int], str]      # a set's index -> "your run 3-4-5 Bamboo" / "East's group of …"
AfterLabel = Callable[[int, bool], str]   # (index, a new set?) -> "run 7-8-9 Dots" / "your run 3-4-5-6 Dots"


def put_back(chs: Sequence[Change], swaps: Sequence[Sequence[str]], values_after: Mapping[str, str]) -> dict[str, str]:
    """Dragons swapped out this turn that go back into their own set (RUM-9), with the tile each now
    stands for: a dragon no set takes from elsewhere and that still has a value after the turn."""
    taken = {t for ch in chs for _, t in ch.taken}
    return {d: values_after[d] for d, _n in swaps if d in values_after and d not in taken}


def turn_note(who: str, chs: Sequence[Change], before_label: Label, after_label: AfterLabel,
              values_after: Mapping[str, str], swaps: Sequence[Sequence[str]] = ()) -> str:
    """One sentence for a player's turn: what went from where into which set."""
    freed = {n: d for d, n in swaps}
    back_as = put_back(chs, swaps, values_after)
    parts = []
    laid = []          # new sets all from the hand: their label says the tiles, only dragons need words
    for ch in chs:
        if not ch.from_hand and not ch.taken:
            continue
        if ch.origin is None and not ch.taken and not any(t in freed for t in ch.from_hand):
            dragons = [f"{name(t)} as {name(values_after[t])}" for t in ch.from_hand
                       if t in values_after and TILE_KIND.get(t, 0) >= KIND_INDEX["DR"]]
            laid.append(after_label(ch.index, True) + (f" ({', '.join(dragons)})" if dragons else ""))
            continue
        bits = []
        for n in [t for t in ch.from_hand if t in freed]:
            d = freed[n]
            back = f", put back as {name(back_as[d])}" if d in back_as else ""
            bits.append(f"{name(n)} in place of the {name(d)}{back}")
        hand = [t for t in ch.from_hand if t not in freed]
        if hand:
            bits.append(f"{tiles_text(hand, values_after)} from the hand")
        by_set: dict[int, list[str]] = {}
        for j, t in ch.taken:
            if t in freed.values():
                bits.append(f"the {name(t)} swapped out (as {name(values_after[t])})" if t in values_after
                            else f"the {name(t)} swapped out")
            else:
                by_set.setdefault(j, []).append(t)
        for j, ts in by_set.items():
            bits.append(f"{tiles_text(ts, values_after)} taken from {before_label(j)}")
        if ch.origin is None:
            parts.append(f"laid a new {after_label(ch.index, True)} ({'; '.join(bits)})")
        else:
            parts.append(f"added {'; '.join(bits)} to {after_label(ch.index, False)}")
    if laid:
        parts.insert(0, "laid from the hand " + _and([("" if x.startswith("winds") else "a ") + x for x in laid]))
    if not parts:
        return f"{who} rearranged the table."
    return f"{who} " + ", and ".join(parts) + "."


@dataclass
class Step:
    text: str
    tiles: list[str]          # the tiles this step moves (highlighted)
    set_index: int            # the set it builds, in the table after the turn


def hint_steps(chs: Sequence[Change], before_label: Label, after_label: AfterLabel,
               values_after: Mapping[str, str], swaps: Sequence[Sequence[str]] = (),
               borrows: Callable[[int, int], bool] | None = None) -> list[Step]:
    """The suggested turn as steps a player can follow: swaps and borrowing first (they free the
    tiles the other sets need), then the sets laid from the hand. `borrows(j, i)`: do tiles going
    from set j before the turn to set i after it leave another player's area? Only those are
    borrowed (RUM-4); the others are moved, and "borrow" there would read as breaking the limits."""
    freed = {n: d for d, n in swaps}
    back_as = put_back(chs, swaps, values_after)
    steps: list[tuple[int, Step]] = []
    for ch in chs:
        if not ch.from_hand and not ch.taken:
            continue
        dest = f"a new {after_label(ch.index, True)}" if ch.origin is None else after_label(ch.index, False)
        lines = []
        for n in [t for t in ch.from_hand if t in freed]:
            lines.append(f"Swap your {name(n)} for the {name(freed[n])} in {before_label(ch.origin)}"
                         if ch.origin is not None else f"Swap in your {name(n)}")
            d = freed[n]
            if d in back_as:       # said, or a later borrow from this set reads as if it broke the set
                lines.append(f"put the {name(d)} back in as {name(back_as[d])}")
        by_set: dict[int, list[str]] = {}
        for j, t in ch.taken:
            if t in freed.values():          # a dragon swapped out this turn: it is already in hand
                lines.append(f"use the {name(t)} you swapped out")
            else:
                by_set.setdefault(j, []).append(t)
        for j, ts in by_set.items():
            verb = "Borrow" if borrows is None or borrows(j, ch.index) else "Move"
            lines.append(f"{verb} {tiles_text(ts, values_after)} from {before_label(j)}")
        hand = [t for t in ch.from_hand if t not in freed]
        if hand:
            lines.append(f"{'Lay' if ch.origin is None else 'Add'} {tiles_text(hand, values_after)} from your hand")
        text = ", then ".join(lines[:1] + [ln[0].lower() + ln[1:] for ln in lines[1:]]) + f" → {dest}."
        order = 0 if any(t in freed for t in ch.from_hand) else (1 if ch.taken else 2)
        steps.append((order, Step(text[0].upper() + text[1:], list(ch.from_hand) + [t for _, t in ch.taken],
                                  ch.index)))
    steps.sort(key=lambda s: s[0])
    return [s for _, s in steps]


__all__ = ["Change", "Step", "changes", "origins", "set_label", "tiles_text", "turn_note", "hint_steps"]
