"""Hand analysis that explains itself: is this a winning hand, how does it score, and if not, why not.

Used by the engine (assisted table), the bots, the UI and the scoring calculator.

    analyse(hand, exposures, discarded_jokers=0, called=False, consecutive="strict") -> Verdict
    waits(hand13, exposures, ...) -> tuple[Wait, ...]     the cards that would complete 13 cards

Because every number and every dragon may form only one block, each card present in a hand
belongs to exactly one block: the only freedom is where the concealed jokers go.  The
structural part is memoised on the card counts, so repeated calls cost microseconds.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Sequence

from . import cards as C
from .categories import CONSECUTIVE_MODES, SetMatch, find_set, why_no_set
from .patterns import BLOCK_NAMES, HAND_SIZE, describe_sizes, pattern_name
from .scoring import MIN_POINTS, SPECIALS, Line, hand_lines, total

_SIZES_FOR = {1: (3, 4, 5), 2: (2, 3, 4, 5), 3: (3, 4, 5), 4: (4, 5)}
_KIND_INDEX = {k: i for i, k in enumerate(C.KINDS)}


@dataclass(frozen=True)
class Block:
    card: str            # the card the block stands for
    size: int
    jokers: int = 0
    exposed: bool = False

    @property
    def type(self) -> str:
        return BLOCK_NAMES[self.size]

    def cards(self) -> tuple[str, ...]:
        return (self.card,) * (self.size - self.jokers) + (C.J,) * self.jokers

    def describe(self) -> str:
        text = f"{self.type} of {C.name(self.card)}"
        if self.jokers:
            text += f" with {self.jokers} joker{'s' if self.jokers > 1 else ''}"
        return text + (" (exposed)" if self.exposed else "")

    def to_json(self) -> dict:
        return {"card": self.card, "type": self.type, "cards": list(self.cards()),
                "jokers": self.jokers, "exposed": self.exposed}


@dataclass(frozen=True)
class Verdict:
    """valid: the cards form a legal hand (pattern + category).  winning: valid and worth >= 1."""

    valid: bool
    points: int = 0
    reason: str = ""                     # why it is not winning ("" when it is)
    category: str | None = None
    numbers: tuple[int, ...] = ()        # the set, in run order
    pattern: str | None = None
    blocks: tuple[Block, ...] = ()
    special: str | None = None           # "One Suit", "Three Suits", "Epic Hand"
    lines: tuple[Line, ...] = ()

    @property
    def winning(self) -> bool:
        return self.valid and self.points >= MIN_POINTS

    @property
    def can_mahjong(self) -> bool:
        return self.winning

    @property
    def can_double(self) -> bool:
        return self.valid

    def headline(self) -> str:
        """One line: "Consecutive Odds 5-7-9-1, Two Pungs and Two Kongs: 1 point"."""
        if not self.valid:
            return self.reason
        what = self.special if self.special == SPECIALS["epic"][0] else \
            f"{self.category} {'-'.join(map(str, self.numbers))}, {self.pattern}"
        if self.special and self.special != SPECIALS["epic"][0]:
            what += f" ({self.special})"
        return f"{what}: {self.points} point{'s' if self.points != 1 else ''}"

    def to_json(self) -> dict:
        return {"valid": self.valid, "winning": self.winning, "points": self.points,
                "reason": self.reason, "category": self.category, "set": list(self.numbers),
                "pattern": self.pattern, "special": self.special,
                "blocks": [b.to_json() for b in self.blocks],
                "lines": [l.to_json() for l in self.lines], "summary": self.headline()}


@dataclass(frozen=True)
class Wait:
    card: str
    verdict: Verdict


@dataclass(frozen=True)
class _Shape:
    """The memoised structural part of a valid hand (no context bonuses)."""

    setm: SetMatch | None
    pattern: str
    blocks: tuple[Block, ...]
    special: str | None


# ----------------------------------------------------------------------------- public API

def analyse(hand: Iterable[str], exposures: Iterable[Iterable[str]] = (), *, discarded_jokers: int = 0,
            called: bool = False, consecutive: str = "strict") -> Verdict:
    """The verdict on 14 cards: `hand` (concealed) plus `exposures` (fixed blocks).

    called: the winning card was called, so its block is one of the exposures and does not
    spoil the concealed bonus (MTM-10).  discarded_jokers: jokers this player discarded (MTM-23).
    Raises ValueError for cards that are not Mint Tin cards.
    """
    hand = tuple(hand)
    exps = tuple(tuple(e) for e in exposures)
    key = (hand, exps, discarded_jokers, called, consecutive)
    try:
        hit = _VERDICTS.get(key)
    except TypeError:          # something unhashable where a card should be: let the checks say what
        hit = key = None
    if hit is not None:
        return hit
    verdict = _analyse(hand, exps, discarded_jokers, called, consecutive)
    if key is not None:
        if len(_VERDICTS) > 1 << 14:
            _VERDICTS.clear()
        _VERDICTS[key] = verdict
    return verdict


def surely_invalid(hand: Sequence[str], exposures: Sequence[Sequence[str]] = ()) -> bool:
    """True only when `analyse` would call these cards (Mint Tin cards) not a valid hand, for the
    two reasons that turn down most hands at a turn, found without the full analysis: a card
    held once with too few jokers to make it a block (not the Epic hand, which has no
    exposures), or a card held of the kind of an exposed block. False says nothing."""
    jokers = hand.count(C.J)
    lone = 0
    for k in set(hand):
        if hand.count(k) == 1 and k != C.J:
            lone += 1
    if lone and jokers < 2 * lone and (exposures or lone < len(C.SUIT_CARDS)):
        return True
    for e in exposures:
        if C.block_kind(e) in hand:
            return True
    return False


# the table asks for the same verdict several times a move (legal actions, then the move itself):
# verdicts are frozen, so equal questions share one answer
_VERDICTS: dict[tuple, Verdict] = {}


def _analyse(hand: tuple, exps: tuple, discarded_jokers: int, called: bool, consecutive: str) -> Verdict:
    hand = tuple(C.check_card(c) for c in hand)
    exps = tuple(tuple(C.check_card(c) for c in e) for e in exps)
    if consecutive not in CONSECUTIVE_MODES:
        raise ValueError(f"consecutive must be one of {', '.join(CONSECUTIVE_MODES)}, not {consecutive!r}")
    bad = _check_supply(hand, exps)
    if bad:
        return Verdict(False, reason=bad)
    exposed = []
    for e in exps:
        why = _exposure_problem(e)
        if why:
            return Verdict(False, reason=why)
        exposed.append((C.block_kind(e), len(e), e.count(C.J)))
    counts = tuple(hand.count(k) for k in C.KINDS)
    shape = _shape(counts, tuple(sorted(exposed)), consecutive)
    if isinstance(shape, str):
        return Verdict(False, reason=shape)
    concealed = len(exps) - (1 if called and exps else 0) == 0
    lines = hand_lines(shape.blocks, _special_key(shape.special), discarded_jokers, concealed)
    points = total(lines)
    reason = "" if points >= MIN_POINTS else (
        "This is a valid hand but it scores 0 points; Mahjong needs at least 1 point "
        "(you may still call Double).")
    setm = shape.setm
    return Verdict(True, points, reason, setm.category if setm else None, setm.numbers if setm else (),
                   shape.pattern, shape.blocks, shape.special, lines)


def waits(hand: Iterable[str], exposures: Iterable[Iterable[str]] = (), **context) -> tuple[Wait, ...]:
    """For 13 cards: every card (joker included) that would make a valid hand, with its verdict."""
    hand = tuple(hand)
    exps = tuple(tuple(e) for e in exposures)
    seen = Counter(hand)
    for e in exps:
        seen.update(e)
    out = []
    for k in C.KINDS:
        if seen[k] >= (C.JOKERS_TOTAL if k == C.J else C.COPIES):
            continue
        v = analyse(hand + (k,), exps, **context)
        if v.valid:
            out.append(Wait(k, v))
    return tuple(out)


def is_epic(hand: Sequence[str], exposures: Sequence[Sequence[str]] = ()) -> bool:
    return not exposures and Counter(hand) == _EPIC


_EPIC = Counter({**{k: 1 for k in C.SUIT_CARDS}, C.J: 2})


# ----------------------------------------------------------------------------- checks

def _check_supply(hand, exps) -> str:
    allc = Counter(hand)
    for e in exps:
        allc.update(e)
    for k, n in allc.items():
        limit = C.JOKERS_TOTAL if k == C.J else C.COPIES
        if n > limit:
            what = "jokers" if k == C.J else f"{C.name(k)} cards"
            return f"There are only {limit} {what} in the game; this hand has {n}."
    return ""


def _exposure_problem(e: tuple[str, ...]) -> str:
    shown = " ".join(e) or "(empty)"
    kind = C.block_kind(e)
    if not 2 <= len(e) <= 5:
        return f"The exposure {shown} is not a block: a block has 2 to 5 cards."
    if kind is None:
        return f"The exposure {shown} is jokers only: a block needs at least one natural card."
    if any(c not in (kind, C.J) for c in e):
        return f"The exposure {shown} mixes different cards: a block is identical cards (and jokers)."
    if len(e) == 2 and C.J in e:
        return f"The exposure {shown} is a pair with a joker: jokers never go into pairs."
    return ""


def _special_key(special: str | None) -> str | None:
    for key, (n, _, _) in SPECIALS.items():
        if n == special:
            return key
    return None


# ----------------------------------------------------------------------------- structure

@lru_cache(maxsize=1 << 17)
def _shape(counts: tuple[int, ...], exposed: tuple[tuple[str, int, int], ...], mode: str) -> _Shape | str:
    n_cards = sum(counts) + sum(size for _, size, _ in exposed)
    if n_cards != HAND_SIZE:
        return f"A winning hand has {HAND_SIZE} cards; this one has {n_cards}."
    jokers = counts[_KIND_INDEX[C.J]]
    if not exposed and counts == _EPIC_COUNTS:
        return _Shape(None, SPECIALS["epic"][0], (), SPECIALS["epic"][0])
    conc = {k: n for k, n in zip(C.KINDS, counts) if n and k != C.J}
    exp_kinds = [k for k, _, _ in exposed]
    for k in exp_kinds:
        if exp_kinds.count(k) > 1:
            return (f"You have two exposed blocks of {C.name(k)}; each number and each dragon "
                    f"may form only one block.")
        if k in conc:
            return (f"Your {C.name(k)} block is exposed and fixed, so the {C.name(k)} in your hand "
                    f"cannot join it; each number and each dragon may form only one block.")
    lone = [k for k, n in conc.items() if n == 1]
    if lone and jokers < 2 * len(lone):
        shown = C.names(C.sort_cards(lone))
        return (f"A single card cannot form a block ({shown}): a block needs two identical cards, "
                f"or one card and at least two jokers.")
    kinds = set(conc) | set(exp_kinds)
    numbers = frozenset(C.number(k) for k in kinds if C.is_number(k))
    setm = find_set(numbers, mode)
    if setm is None:
        return why_no_set(numbers, mode)
    number_suits = {C.suit(k) for k in kinds if C.is_number(k)}
    for d in sorted(k for k in kinds if C.is_dragon(k)):
        if C.suit(d) not in number_suits:
            s = C.suit_name(C.suit(d))
            nums = ", ".join(str(C.number(c)) for c in C.NUMBER_CARDS if C.suit(c) == C.suit(d))
            return (f"The {C.name(d)} block needs a {s} number block ({nums}) in the same hand.")
    special = _special(kinds)
    best = _place_jokers(sorted(conc.items(), key=lambda kv: C.sort_key(kv[0])), jokers,
                         [Block(k, s, j, True) for k, s, j in exposed])
    if best is None:
        if jokers:
            return (f"There is no way to place your {jokers} joker{'s' if jokers > 1 else ''} that gives "
                    f"exactly two block types (jokers never go into pairs and a block holds at most five cards).")
        sizes = list(conc.values()) + [s for _, s, _ in exposed]
        return (f"Your blocks are {describe_sizes(sizes)}; a winning pattern uses exactly two block types "
                f"adding up to 14 cards.")
    blocks, pattern = best
    return _Shape(setm, pattern, blocks, special)


_EPIC_COUNTS = tuple(_EPIC[k] for k in C.KINDS)


def _special(kinds: set[str]) -> str | None:
    nums = [k for k in kinds if C.is_number(k)]
    drags = [k for k in kinds if C.is_dragon(k)]
    suits = {C.suit(k) for k in nums}
    if len(kinds) == 4 and len(nums) == 3 and len(suits) == 1 and len(drags) == 1 \
            and C.suit(drags[0]) in suits:
        return SPECIALS["one_suit"][0]
    if len(kinds) == 6 and len(nums) == 3 and len(suits) == 3 and len(drags) == 3:
        return SPECIALS["three_suits"][0]
    return None


def _structural_points(blocks: Sequence[Block]) -> int:
    return (1 if any(b.size == 4 for b in blocks) else 0) + sum(1 for b in blocks if b.size == 5)


def _place_jokers(items: list[tuple[str, int]], jokers: int, exposed: list[Block]):
    """The best (blocks, pattern) over every placement of the concealed jokers, or None."""
    best = None
    best_pts = (-1,)
    chosen: list[Block] = []

    def rec(i: int, left: int) -> None:
        nonlocal best, best_pts
        if i == len(items):
            if left:
                return
            blocks = chosen + exposed
            pat = pattern_name(b.size for b in blocks)
            if pat:
                # the most points; on a tie the most quints, then the most kongs
                pts = (_structural_points(blocks), sum(b.size == 5 for b in blocks),
                       sum(b.size == 4 for b in blocks))
                if pts > best_pts:
                    best_pts = pts
                    best = (tuple(sorted(blocks, key=lambda b: C.sort_key(b.card))), pat)
            return
        k, n = items[i]
        for size in _SIZES_FOR[n]:
            extra = size - n
            if extra > left:
                break
            chosen.append(Block(k, size, extra))
            rec(i + 1, left - extra)
            chosen.pop()

    rec(0, jokers)
    return best
