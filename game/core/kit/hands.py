"""Standard hands as 34-count vectors: complete or not, every arrangement, shanten, waits, useful tiles.

A concealed hand is a tuple of 34 counts in the kit's kind order (`tiles.py`: suits 0-8, 9-17,
18-26, honours 27-33). `sets` is how many sets the concealed part must still supply: 4 or 5
(Kards 14-tile hands, Cuzzins 17-tile hands) minus the melds already exposed; kongs count as
sets. A complete concealed part is exactly `sets` sets (pungs or chows) plus one pair, so it
holds 3*sets + 2 tiles. Only the standard shape lives here; games add their special hands.

Shanten is "tiles from complete": the number of tile exchanges still needed before the hand is
complete, minus one (-1 complete, 0 ready/waiting, 1 one exchange from ready ...). It is exact
under the four-copies limit: a set or pair that would need a fifth copy of a kind held four times
does not count (the usual 8 - 2*sets - partials formula counts it). Exposed and discarded tiles
are not taken into account here; `useful` counts them through `visible`.

How it is fast (tools/bench.py measures it):
- complete-or-not looks each suit's 9-count pattern (and the honours' 7-count pattern) up in a
  table saying whether it splits into sets (+ a pair); a pattern is worked out the first time a
  hand shows it, so the table holds only the few thousand patterns hands really meet;
- shanten looks up, per suit and for the honours, a vector "most tiles kept by s sets (+ pair)"
  worked out once per pattern (a dynamic programme memoised on the pattern's last ranks) and
  interned as a small id; the four ids are combined through a cache of pairwise merges, so a
  new hand costs four pattern lookups and three merge lookups;
- whole hands are also cached (`functools.lru_cache`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Sequence

N_KINDS = 34
MAX_SETS = 5                 # 17-tile hands
_HONOURS = 27
_VEC = 2 * (MAX_SETS + 1)    # vector index 2*s + p: s sets (0..5), p pair (0/1)

Counts = tuple  # tuple[int, ...] of length 34


def counts_of(kinds: Iterable[int]) -> Counts:
    """A count vector from kind indices (repeats allowed)."""
    c = [0] * N_KINDS
    for k in kinds:
        c[k] += 1
    return tuple(c)


def kinds_of(counts: Sequence[int]) -> list[int]:
    """The inverse of `counts_of`: every kind, repeated by its count, in order."""
    return [k for k in range(N_KINDS) for _ in range(counts[k])]


def sets_needed(total_sets: int, melds: int) -> int:
    """Sets the concealed part must supply: 4 or 5 minus the exposed melds (kongs included)."""
    if not 0 <= melds <= total_sets:
        raise ValueError(f"{melds} melds do not fit a hand of {total_sets} sets")
    return total_sets - melds


# ----------------------------------------------------------------------------- complete or not

# pattern (9 counts of a suit, or 7 of the honours) -> sets + _PAIR * pairs if it splits into
# sets and at most one pair, else _NO_SPLIT. A hand is complete when its four groups sum to
# exactly `sets + _PAIR` (one pair; a group never has _PAIR sets). Each pattern is worked out the
# first time a hand shows it and remembered: real hands meet few patterns, and a small table is
# also quicker to look in than one of all 53 616 patterns that split.
_SUIT_DONE: dict[tuple, int] = {}
_HONOUR_DONE: dict[tuple, int] = {}
_PAIR = 32
_NO_SPLIT = 1024


def _splits(x: list[int], chows: bool) -> bool:
    """Whether the counts x split into sets only (pungs, and chows if allowed)."""
    i = next((k for k, n in enumerate(x) if n), None)
    if i is None:
        return True
    if x[i] >= 3:
        x[i] -= 3
        ok = _splits(x, chows)
        x[i] += 3
        if ok:
            return True
    if chows and i + 2 < len(x) and x[i + 1] and x[i + 2]:
        x[i] -= 1
        x[i + 1] -= 1
        x[i + 2] -= 1
        ok = _splits(x, chows)
        x[i] += 1
        x[i + 1] += 1
        x[i + 2] += 1
        return ok
    return False


def _group_value(x: tuple[int, ...], chows: bool) -> int:
    n = sum(x)
    if n % 3 == 0:
        return n // 3 if _splits(list(x), chows) else _NO_SPLIT
    if n % 3 == 2:
        for k, c in enumerate(x):
            if c >= 2:
                rest = list(x)
                rest[k] -= 2
                if _splits(rest, chows):
                    return n // 3 + _PAIR
    return _NO_SPLIT


def _learn_suit(x: tuple[int, ...]) -> int:
    v = _SUIT_DONE[x] = _group_value(x, True)
    return v


def _learn_honour(x: tuple[int, ...]) -> int:
    v = _HONOUR_DONE[x] = _group_value(x, False)
    return v


def is_complete(counts: Counts, sets: int = 4, _suit=_SUIT_DONE.get, _honour=_HONOUR_DONE.get) -> bool:
    """True if the concealed part is exactly `sets` sets and one pair."""
    # Honours first: a random hand most often fails there. A running total under 64 (= 2 * _PAIR)
    # means every group so far splits and at most one pair is used.
    x = counts[27:34]
    total = _honour(x)
    if total is None:
        total = _learn_honour(x)
    if total < 64:
        x = counts[0:9]
        v = _suit(x)
        total += _learn_suit(x) if v is None else v
        if total < 64:
            x = counts[9:18]
            v = _suit(x)
            total += _learn_suit(x) if v is None else v
            if total < 64:
                x = counts[18:27]
                v = _suit(x)
                return total + (_learn_suit(x) if v is None else v) == sets + 32
    return False


# ----------------------------------------------------------------------------- arrangements

@dataclass(frozen=True, order=True)
class Group:
    """A set or the pair: shape "pung", "chow", "kong" or "pair"; `kind` is its lowest kind."""

    shape: str
    kind: int
    concealed: bool = True

    @property
    def kinds(self) -> tuple[int, ...]:
        if self.shape == "chow":
            return (self.kind, self.kind + 1, self.kind + 2)
        return (self.kind,) * {"pung": 3, "kong": 4, "pair": 2}[self.shape]


@dataclass(frozen=True)
class Arrangement:
    """One way to read a complete hand: the pair and the sets (concealed ones, then the melds)."""

    pair: Group
    sets: tuple[Group, ...]

    def groups(self) -> tuple[Group, ...]:
        return self.sets + (self.pair,)


def arrangements(counts: Counts, sets: int = 4, melds: Sequence[Group] = ()) -> tuple[Arrangement, ...]:
    """Every way to split the concealed part into `sets` sets and a pair, each with the melds.

    Empty when the hand is not complete. Each distinct multiset of groups appears once; the
    games pick the arrangement that scores best.
    """
    melds = tuple(melds)
    return tuple(Arrangement(Group("pair", pair), found + melds)
                 for pair, found in _concealed_arrangements(tuple(counts), sets))


@lru_cache(maxsize=1 << 14)
def _concealed_arrangements(counts: Counts, sets: int) -> tuple[tuple[int, tuple[Group, ...]], ...]:
    if not is_complete(counts, sets):
        return ()
    out: list[tuple[int, tuple[Group, ...]]] = []
    c = list(counts)

    def walk(start: int, pair: int | None, found: list[Group]) -> None:
        # The lowest kind still held is used up at once: a pung or not, the pair or not, and
        # chows beginning there for the rest. Deciding a kind whole lists each split once.
        i = start
        while i < N_KINDS and c[i] == 0:
            i += 1
        if i == N_KINDS:
            if pair is not None:
                out.append((pair, tuple(found)))
            return
        n = c[i]
        for pung in ((0, 1) if n >= 3 else (0,)):
            for pairs in ((0, 1) if pair is None and n - 3 * pung >= 2 else (0,)):
                chows = n - 3 * pung - 2 * pairs
                if chows and not (i < _HONOURS and i % 9 <= 6 and c[i + 1] >= chows and c[i + 2] >= chows):
                    continue
                c[i] = 0
                if chows:
                    c[i + 1] -= chows
                    c[i + 2] -= chows
                groups = [Group("pung", i)] * pung + [Group("chow", i)] * chows
                found.extend(groups)
                walk(i + 1, i if pairs else pair, found)
                del found[len(found) - len(groups):]
                if chows:
                    c[i + 1] += chows
                    c[i + 2] += chows
                c[i] = n

    walk(0, None, [])
    return tuple(out)


# ----------------------------------------------------------------------------- shanten

# Per group (a suit or the honours): vector v[2*s + p] = the most of the group's tiles that
# s sets and p pairs (at most; p 0 or 1) can keep, under four copies of a kind in the completed
# hand. Only sets and pairs that keep one of the group's tiles count here; the hand's other sets
# and its pair may be any fresh tiles ("blank" sets, which keep nothing and always fit: a hand
# of at most 17 tiles leaves kinds free). Shanten = 3*sets + 1 - the most the four groups keep
# together with at most `sets` sets and one pair.
_VECTORS: list[tuple[int, ...]] = []
_VECTOR_ID: dict[tuple[int, ...], int] = {}
_SUIT_VEC: dict[tuple, int] = {}
_HONOUR_VEC: dict[tuple, int] = {}
_MERGED: dict[int, int] = {}          # id_a * _ID_STRIDE + id_b -> id of the merged vector
_ID_STRIDE = 1 << 20


def _intern(vec: tuple[int, ...]) -> int:
    i = _VECTOR_ID.get(vec)
    if i is None:
        i = _VECTOR_ID[vec] = len(_VECTORS)
        _VECTORS.append(vec)
    return i


_SUFFIX: dict[tuple, tuple[int, ...]] = {}     # (ranks left, b1, b2, chows) -> exact vector
_SUFFIX_RANKS = 5       # suffixes this short are kept for later patterns; longer ones only while
                        # one pattern is worked out (they rarely recur, and would cost memory)
_IMPOSSIBLE = -99       # stays negative whatever a few ranks add


def _suffix_vector(x: tuple[int, ...], b1: int, b2: int, chows: bool,
                   scratch: dict[tuple, tuple[int, ...]]) -> tuple[int, ...]:
    """Most tiles the ranks in `x` (the end of a group) keep, for exactly s sets and p pairs.

    b1 and b2 chows began one and two ranks before x, so they already put a tile on x[0]. At
    each rank choose a pung or not, the pair or not and how many chows begin there; the
    completed hand may hold at most four of a kind. Groups that keep nothing are left out:
    they are the "blank" sets of the comment above. Memoised on the suffix (short suffixes for
    good in _SUFFIX, long ones in `scratch`), so patterns that end alike share the work.
    """
    key = (x, b1, b2, chows)
    memo = _SUFFIX if len(x) <= _SUFFIX_RANKS else scratch
    got = memo.get(key)
    if got is not None:
        return got
    out = [_IMPOSSIBLE] * _VEC
    if not x:
        out[0] = 0
    else:
        xi, rest = x[0], x[1:]
        chow_ok = chows and len(x) >= 3 and (xi or x[1] or x[2])
        for a in ((0, 1) if xi else (0,)):
            for c in ((0, 1) if xi else (0,)):
                h0 = b1 + b2 + 3 * a + 2 * c
                if h0 > 4:
                    continue
                for b in range((4 - h0 if chow_ok else 0) + 1):
                    if a + b > MAX_SETS:
                        break
                    sub = _suffix_vector(rest, b, b1, chows, scratch)
                    gain = min(xi, h0 + b)
                    shift = 2 * (a + b)
                    if c:       # the pair is here: only sub-results without a pair
                        out[shift + 1::2] = [o if o >= v + gain else v + gain
                                             for o, v in zip(out[shift + 1::2], sub[0::2])]
                    else:
                        out[shift:] = [o if o >= v + gain else v + gain for o, v in zip(out[shift:], sub)]
    got = memo[key] = tuple(out)
    return got


def _group_vector(x: tuple[int, ...], chows: bool) -> tuple[int, ...]:
    """The vector of the comment above `_VECTORS` for one group's pattern x."""
    vec = [max(0, v) for v in _suffix_vector(x, 0, 0, chows, {})]
    # "at most s sets, at most p pairs": make the vector monotone
    for s in range(MAX_SETS + 1):
        if s:
            vec[2 * s] = max(vec[2 * s], vec[2 * s - 2])
            vec[2 * s + 1] = max(vec[2 * s + 1], vec[2 * s - 1])
        vec[2 * s + 1] = max(vec[2 * s + 1], vec[2 * s])
    return tuple(vec)


def _suit_id(x: tuple) -> int:
    i = _SUIT_VEC.get(x)
    if i is None:
        i = _SUIT_VEC[x] = _intern(_group_vector(x, True))
    return i


def _honour_id(x: tuple) -> int:
    i = _HONOUR_VEC.get(x)
    if i is None:
        i = _HONOUR_VEC[x] = _intern(_group_vector(x, False))
    return i


def _merge(a: int, b: int) -> int:
    """Id of the vector for two groups together (max-plus convolution over sets, one pair)."""
    key = a * _ID_STRIDE + b
    m = _MERGED.get(key)
    if m is None:
        va, vb = _VECTORS[a], _VECTORS[b]
        out = [0] * _VEC
        for s in range(MAX_SETS + 1):
            best0 = best1 = 0
            for s1 in range(s + 1):
                i, j = 2 * s1, 2 * (s - s1)
                v0 = va[i] + vb[j]
                v1 = max(va[i + 1] + vb[j], va[i] + vb[j + 1])
                if v0 > best0:
                    best0 = v0
                if v1 > best1:
                    best1 = v1
            out[2 * s] = best0
            out[2 * s + 1] = best1
        m = _MERGED[key] = _intern(tuple(out))
    return m


def _shanten_uncached(counts: Counts, sets: int = 4) -> int:
    """Shanten without the whole-hand cache (the benchmark's "cold" figure)."""
    suit = _SUIT_VEC
    a = suit.get(counts[0:9])
    if a is None:
        a = _suit_id(counts[0:9])
    b = suit.get(counts[9:18])
    if b is None:
        b = _suit_id(counts[9:18])
    c = suit.get(counts[18:27])
    if c is None:
        c = _suit_id(counts[18:27])
    h = _HONOUR_VEC.get(counts[27:34])
    if h is None:
        h = _honour_id(counts[27:34])
    merged = _MERGED
    ab = merged.get(a * _ID_STRIDE + b)
    if ab is None:
        ab = _merge(a, b)
    ch = merged.get(c * _ID_STRIDE + h)
    if ch is None:
        ch = _merge(c, h)
    whole = merged.get(ab * _ID_STRIDE + ch)
    if whole is None:
        whole = _merge(ab, ch)
    return 3 * sets + 1 - _VECTORS[whole][2 * sets + 1]


@lru_cache(maxsize=1 << 16)
def shanten(counts: Counts, sets: int = 4) -> int:
    """Tiles from complete, minus one: -1 complete, 0 waiting, 1 one exchange from waiting ...

    The hand normally holds 3*sets+1 tiles (before a draw) or 3*sets+2 (after). `sets` is 0..5.
    """
    return _shanten_uncached(counts, sets)


# ----------------------------------------------------------------------------- waits, useful tiles

def _plus(counts: Counts, k: int) -> Counts:
    return counts[:k] + (counts[k] + 1,) + counts[k + 1:]


def _minus(counts: Counts, k: int) -> Counts:
    return counts[:k] + (counts[k] - 1,) + counts[k + 1:]


def waits(counts: Counts, sets: int = 4) -> tuple[int, ...]:
    """The kinds that would complete a hand of 3*sets+1 tiles (not a fifth copy of a kind)."""
    if sum(counts) != 3 * sets + 1 or shanten(counts, sets) != 0:
        return ()
    return tuple(k for k in range(N_KINDS) if counts[k] < 4 and is_complete(_plus(counts, k), sets))


def _unseen(counts: Counts, k: int, visible: Sequence[int] | None) -> int:
    return max(0, 4 - counts[k] - (visible[k] if visible is not None else 0))


def waits_unseen(counts: Counts, sets: int = 4,
                 visible: Sequence[int] | None = None) -> tuple[tuple[int, int], ...]:
    """`waits` with how many copies of each are still unseen (see `useful` for `visible`)."""
    return tuple((k, _unseen(counts, k, visible)) for k in waits(counts, sets))


@dataclass(frozen=True)
class Useful:
    """Kinds that bring a hand one step closer, each with how many copies are still unseen."""

    shanten: int
    tiles: tuple[tuple[int, int], ...]          # (kind, unseen copies)

    @property
    def total(self) -> int:
        return sum(n for _, n in self.tiles)


def useful(counts: Counts, sets: int = 4, visible: Sequence[int] | None = None) -> Useful:
    """For a hand of 3*sets+1 tiles: the draws that lower its shanten.

    `visible` is a 34-count vector of tiles this seat can see outside its concealed hand
    (discards, melds, its own bonus-free exposures); unseen = 4 - held - visible, never below 0.
    """
    now = shanten(counts, sets)
    out = []
    for k in range(N_KINDS):
        if counts[k] < 4 and shanten(_plus(counts, k), sets) < now:
            out.append((k, _unseen(counts, k, visible)))
    return Useful(now, tuple(out))


def discard_choices(counts: Counts, sets: int = 4,
                    visible: Sequence[int] | None = None) -> tuple[tuple[int, Useful], ...]:
    """For a hand of 3*sets+2 tiles: each kind it could discard, with what the rest would need.

    Sorted best first: lowest shanten, then most unseen useful tiles, then kind order.
    """
    out = [(k, useful(_minus(counts, k), sets, visible)) for k in range(N_KINDS) if counts[k]]
    out.sort(key=lambda kv: (kv[1].shanten, -kv[1].total, kv[0]))
    return tuple(out)


def clear_caches() -> None:
    """Forget every cached hand and table (the benchmark uses this to measure cold figures)."""
    shanten.cache_clear()
    _concealed_arrangements.cache_clear()
    for table in (_SUIT_DONE, _HONOUR_DONE, _SUIT_VEC, _HONOUR_VEC, _MERGED, _VECTOR_ID, _SUFFIX):
        table.clear()
    _VECTORS.clear()
