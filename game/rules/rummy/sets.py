"""Set validation (runs, identical tiles, wind sets, dragons with declared values) and a set finder.

Validation works on small ints and is cached by the set's shape, so bots and the live UI can call
`check_set` thousands of times.  A dragon's declared value is the tile kind it stands for:
Red -> a numbered tile in a run, White -> the numbered tile of a set of identical tiles,
Green -> a wind (RUM-6).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, product
from typing import Iterable, Mapping, Sequence

from .tiles import (DG, DR, DW, KIND_INDEX, KINDS, N_NUMBERED, TILE_KIND, TILE_ORDER, WIND_HI, WIND_LO,
                    is_dragon_k, name, rank_k, suit_k)

RUN, GROUP, WINDS_SAME, WINDS_MIXED = "run", "group", "winds-same", "winds-mixed"
KIND_LABELS = {RUN: "run", GROUP: "set of identical tiles", WINDS_SAME: "set of matching winds",
               WINDS_MIXED: "set of different winds"}
_DNAME = {DR: "Red Dragon", DG: "Green Dragon", DW: "White Dragon"}
_SUIT = ("Bamboo", "Characters", "Dots")


@dataclass(frozen=True)
class SetCheck:
    ok: bool
    kind: str                   # RUN / GROUP / WINDS_SAME / WINDS_MIXED, "" when invalid
    reason: str                 # why it is invalid ("" when ok)
    faces: tuple[str, ...]      # per tile (input order): the kind it stands for; "?" = undeclared dragon
    undeclared: bool = False    # invalid only because a dragon has no declared value


def _kn(k: int) -> str:
    return name(KINDS[k])


@lru_cache(maxsize=65536)
def classify(naturals: tuple[int, ...], dragons: tuple[tuple[int, int], ...]) -> tuple[bool, str, str]:
    """(ok, kind, reason) for sorted natural kinds and sorted (dragon kind, value kind or -1) pairs."""
    n = len(naturals) + len(dragons)
    if n < 3:
        return False, "", f"has {n} tile{'s' if n != 1 else ''}; a set needs at least 3"
    for d, v in dragons:
        if v < 0:
            return False, "", f"the {_DNAME[d]} has no declared value: say which tile it stands for"
        if d == DR and v >= N_NUMBERED:
            return False, "", "a Red Dragon can only stand for a numbered tile in a run"
        if d == DW and v >= N_NUMBERED:
            return False, "", "a White Dragon can only stand for a numbered tile (never a wind)"
        if d == DG and not WIND_LO <= v <= WIND_HI:
            return False, "", "a Green Dragon can only stand for a wind"
    if not naturals:
        return False, "", "dragons cannot make a set on their own: it needs at least one ordinary tile"
    first = naturals[0]
    last = naturals[-1]
    if first < N_NUMBERED <= last:
        return False, "", "it mixes winds with numbered tiles"
    if first >= WIND_LO:                       # wind set
        for d, _ in dragons:
            if d != DG:
                return False, "", f"a {_DNAME[d]} cannot stand for a wind; only a Green Dragon can"
        if n > 4:
            return False, "", f"a wind set has 3 or 4 tiles, this one has {n}"
        faces = list(naturals) + [v for _, v in dragons]
        distinct = len(set(faces))
        if distinct == 1:
            return True, WINDS_SAME, ""
        if distinct == n:
            return True, WINDS_MIXED, ""
        return False, "", "winds must be all the same or all different, not a mix"
    # numbered
    has_red = has_white = False
    for d, _ in dragons:
        if d == DG:
            return False, "", "a Green Dragon stands only for a wind, not a numbered tile"
        if d == DR:
            has_red = True
        else:
            has_white = True
    faces = list(naturals) + [v for _, v in dragons]
    if len(set(faces)) == 1:
        if has_red:
            return False, "", "a Red Dragon stands for a tile in a run; in identical tiles use a White Dragon"
        if n > 4:
            return False, "", f"identical tiles make a set of 3 or 4, this one has {n}"
        return True, GROUP, ""
    if has_white:
        nat = set(naturals)
        if len(nat) == 1:
            return False, "", f"a White Dragon must stand for the same tile as the others ({_kn(first)})"
        return False, "", "a White Dragon only fits a set of identical numbered tiles"
    suits = {suit_k(f) for f in faces}
    if len(suits) > 1:
        return False, "", "it mixes suits (" + ", ".join(_SUIT[s] for s in sorted(suits)) + ")"
    ranks = sorted(rank_k(f) for f in faces)
    for a, b in zip(ranks, ranks[1:]):
        if a == b:
            return False, "", f"a run cannot hold two {a}s"
        if b != a + 1:
            missing = ", ".join(str(r) for r in range(a + 1, b))
            return False, "", f"the run has a gap: {missing} missing between {a} and {b}"
    return True, RUN, ""


@lru_cache(maxsize=65536)
def is_set_shape(naturals: tuple[int, ...], dragons: tuple[tuple[int, int], ...]) -> bool:
    """classify(naturals, dragons)[0], without working out why not: the set finders and extension
    answers ask it about many shapes (most of them not sets) and never need the reason."""
    n = len(naturals) + len(dragons)
    if n < 3 or not naturals:
        return False
    first = naturals[0]
    last = naturals[-1]
    if first >= WIND_LO:                       # winds (naturals are never dragons)
        if n > 4:
            return False
        for d, v in dragons:
            if d != DG or not WIND_LO <= v <= WIND_HI:
                return False
        distinct = len(set(naturals).union([v for _, v in dragons]))
        return distinct == 1 or distinct == n
    if last >= N_NUMBERED:                     # numbered tiles with winds
        return False
    lo, hi = first, last
    has_red = has_white = False
    for d, v in dragons:
        if d == DG or not 0 <= v < N_NUMBERED:
            return False
        if d == DR:
            has_red = True
        else:
            has_white = True
        if v < lo:
            lo = v
        elif v > hi:
            hi = v
    if lo == hi:                               # identical tiles
        return not has_red and n <= 4
    if has_white or lo // 9 != hi // 9 or hi - lo != n - 1:
        return False
    # a run: n faces of one suit spanning n ranks, so all different exactly when none repeats
    return len(set(naturals).union([v for _, v in dragons])) == n


def shape(tiles: Sequence[str], values: Mapping[str, str]) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
    nat: list[int] = []
    dr: list[tuple[int, int]] = []
    for t in tiles:
        k = TILE_KIND[t]
        if k >= DR:
            v = values.get(t)
            dr.append((k, KIND_INDEX[v] if v in KIND_INDEX else -1))
        else:
            nat.append(k)
    nat.sort()
    dr.sort()
    return tuple(nat), tuple(dr)


def is_valid(tiles: Sequence[str], values: Mapping[str, str]) -> bool:
    """The fast path: True when the tiles (ids) with these dragon values make a legal set."""
    for t in tiles:
        if t not in TILE_KIND:
            return False
    if len(set(tiles)) != len(tiles):
        return False
    return is_set_shape(*shape(tiles, values))


# --------------------------------------------------------------------------- caches
# Bots, move generators, views and the validator look at the same few sets again and again. A set's
# answers depend only on its tiles and on the values of the dragons among them, so the functions
# below cache on exactly that: (tiles, dragon values) with _UNSET for a dragon without a value.

_DRAGON_IDS = frozenset(t for t, k in TILE_KIND.items() if k >= DR)
_NATURAL_KINDS = range(DR)      # numbered tiles and winds
_UNSET = "\0unset"             # stands for "no entry in values" inside a cache key


def _dragon_key(tiles: tuple, values: Mapping[str, str]) -> tuple:
    if _DRAGON_IDS.isdisjoint(tiles):           # most sets: no dragon (told in C)
        return ()
    return tuple([values.get(t, _UNSET) for t in tiles if t in _DRAGON_IDS])


def _dragon_values(tiles: tuple, dragon_key: tuple) -> dict[str, str]:
    return {t: v for t, v in zip((t for t in tiles if t in _DRAGON_IDS), dragon_key) if v != _UNSET}


def natural_extensions(tiles: Sequence[str], values: Mapping[str, str]) -> frozenset[int]:
    """The natural kinds k for which `tiles` plus one more natural tile of kind k is a valid set:
    for a natural tile t not among `tiles`, is_valid(tiles + [t], values) == (TILE_KIND[t] in this).

    Move generators and bots ask "which hand tile fits this set?" for every tile against every set;
    this answers it once per set (cached on the tiles and their dragons' values)."""
    key = tuple(tiles)
    got = _PLAIN_EXTENSIONS.get(key)
    if got is not None:
        return got
    dk = _dragon_key(key, values)
    if dk:
        return _extensions(key, dk)
    # no dragon: what _extensions would work out, straight from the kinds (a new set's tiles are new
    # ids, but its shape has mostly been seen)
    kinds = list(map(TILE_KIND.get, key))
    if None in kinds or len(set(key)) != len(key):
        got = frozenset()
    else:
        kinds.sort()
        got = _shape_extensions(tuple(kinds), ())
    if len(_PLAIN_EXTENSIONS) >= 1 << 14:
        _PLAIN_EXTENSIONS.clear()
    _PLAIN_EXTENSIONS[key] = got
    return got


# Sets without dragons (most of them) need no values for their answers: these are looked up on the
# tiles alone, before any key is built from the dragons' values.
_PLAIN_EXTENSIONS: dict[tuple, frozenset[int]] = {}
_PLAIN_CHECKS: dict[tuple, "SetCheck"] = {}


@lru_cache(maxsize=1 << 14)
def _extensions(tiles: tuple[str, ...], dragon_values: tuple) -> frozenset[int]:
    kinds = list(map(TILE_KIND.get, tiles))
    if None in kinds or len(set(tiles)) != len(tiles):
        return frozenset()
    # shape(tiles, values), straight from the kinds and the dragons' values in tile order
    declared = iter(dragon_values)
    nat = [k for k in kinds if k < DR]
    dr = [(k, KIND_INDEX.get(next(declared), -1)) for k in kinds if k >= DR]
    nat.sort()
    dr.sort()
    return _shape_extensions(tuple(nat), tuple(dr))


@lru_cache(maxsize=1 << 14)
def _shape_extensions(nat: tuple[int, ...], dr: tuple[tuple[int, int], ...]) -> frozenset[int]:
    """natural_extensions on the set's shape (many sets share one).  Only kinds of the naturals' own suit
    (or the winds) can fit: any other mixes suits or winds with numbers (classify refuses both)."""
    if not dr and len(nat) >= 3:
        # a set without dragons that is a set (most are): what fits is known without trying each kind
        lo, hi, n = nat[0], nat[-1], len(nat)
        if lo == hi:                            # identical tiles: a fourth of the kind
            return frozenset((lo,)) if n == 3 else frozenset()
        if hi < N_NUMBERED:
            if lo // 9 == hi // 9 and hi - lo == n - 1 and len(set(nat)) == n:     # a run: one more at an end
                base = lo - lo % 9
                return frozenset([k for k in (lo - 1, hi + 1) if base <= k < base + 9])
        elif lo >= WIND_LO and len(set(nat)) == n:   # different winds: the fourth
            return frozenset([k for k in range(WIND_LO, WIND_HI + 1) if k not in nat]) if n == 3 else frozenset()
    if not nat:
        kinds = _NATURAL_KINDS
    elif nat[0] >= WIND_LO:
        kinds = range(WIND_LO, WIND_HI + 1)
    else:
        # a numbered tile joins identical tiles of its kind or a run next to (or into a gap of) the
        # faces there: only kinds from one below the lowest face to one above the highest can fit
        if any(v < 0 for _, v in dr):          # an undeclared dragon: never valid
            return frozenset()
        faces = nat + tuple(v for _, v in dr)
        base = nat[0] - nat[0] % 9
        kinds = range(max(base, min(faces) - 1), min(base + 9, max(faces) + 2))
    return frozenset(k for k in kinds if is_set_shape(tuple(sorted(nat + (k,))), dr))


def check_set(tiles: Sequence[str], values: Mapping[str, str]) -> SetCheck:
    """Validity of one set, with a reason a player can act on and each tile's face."""
    key = tuple(tiles)
    got = _PLAIN_CHECKS.get(key)
    if got is not None:
        return got
    dk = _dragon_key(key, values)
    got = _check_set(key, dk)
    if not dk:
        if len(_PLAIN_CHECKS) >= 1 << 14:
            _PLAIN_CHECKS.clear()
        _PLAIN_CHECKS[key] = got
    return got


@lru_cache(maxsize=1 << 14)
def _check_set(tiles: tuple[str, ...], dragon_values: tuple) -> SetCheck:
    kinds = tuple(map(TILE_KIND.get, tiles))
    if None in kinds:
        bad = [t for t in tiles if t not in TILE_KIND]
        return SetCheck(False, "", f"{bad[0]!r} is not a tile", tuple("?" for _ in tiles))
    if len(set(tiles)) != len(tiles):
        return SetCheck(False, "", "the same tile appears twice", tuple("?" for _ in tiles))
    return _check_kinds(kinds, dragon_values)


@lru_cache(maxsize=1 << 14)
def _check_kinds(kinds: tuple[int, ...], dragon_values: tuple) -> SetCheck:
    """_check_set for distinct tiles of these kinds (in order) whose dragons have these values (_UNSET
    for none): the answer depends on nothing else, and a new set's tiles are new ids of a known shape."""
    declared = iter(dragon_values)
    faces = []
    nat: list[int] = []
    dr: list[tuple[int, int]] = []
    for k in kinds:
        if k >= DR:
            v = next(declared)
            if v == _UNSET:
                faces.append("?")
                dr.append((k, -1))
            else:
                faces.append(v)
                dr.append((k, KIND_INDEX[v] if v in KIND_INDEX else -1))
        else:
            faces.append(KINDS[k])
            nat.append(k)
    nat.sort()
    dr.sort()
    ok, k, reason = classify(tuple(nat), tuple(dr))
    undeclared = (not ok) and any(v < 0 for _, v in dr)
    return SetCheck(ok, k, reason, tuple(faces), undeclared)


# --------------------------------------------------------------------------- dragon values

def _candidate_values(d: int, naturals: Sequence[int]) -> list[int]:
    if d == DG:
        return list(range(WIND_LO, WIND_HI + 1))
    nums = [k for k in naturals if k < N_NUMBERED]
    if not nums:
        return []
    if d == DW:
        return sorted(set(nums))
    suit = {suit_k(k) for k in nums}
    if len(suit) != 1:
        return []
    s = suit.pop()
    return list(range(s * 9, s * 9 + 9))


def value_options(tiles: Sequence[str], values: Mapping[str, str], limit: int = 64) -> list[dict[str, str]]:
    """Every way to declare the undeclared dragons of `tiles` so the set is valid (values given are kept).

    Equivalent choices (two identical dragons trading values) are listed once.  Returns full
    mappings for the dragons in `tiles` (new dicts on every call).
    """
    fixed: dict[str, str] = {}
    free: list[str] = []
    shape_key = []          # per tile: (kind, declared value kind or -1); what validity depends on
    for t in tiles:
        k = TILE_KIND[t]
        if k >= DR:
            v = values.get(t)
            if v in KIND_INDEX:
                fixed[t] = values[t]
                shape_key.append((k, KIND_INDEX[v]))
            else:
                free.append(t)
                shape_key.append((k, -1))
        else:
            shape_key.append((k, -1))
    unique = len(set(tiles)) == len(tiles)
    out = []
    for combo in _value_combos(tuple(shape_key), unique, limit):
        vals = dict(fixed)
        vals.update({t: KINDS[v] for t, v in zip(free, combo)})
        out.append(vals)
    return out


def added_dragon_values(tiles: Sequence[str], values: Mapping[str, str], dragon: str, limit: int = 64) -> tuple[str, ...]:
    """The values a dragon from the hand may be declared as when it joins the set `tiles` (whose own
    dragons keep the values in `values`): value_options(tiles + [dragon], ...)'s values for it, in
    its order.  Asked for every hand dragon against every set in play, so cached on the set."""
    key = tuple(tiles)
    if dragon in key:                   # a tile twice: never a valid set
        return ()
    return _added_dragon(key, _dragon_key(key, values), TILE_KIND[dragon], limit)


def dragon_never_fits(tiles: Sequence[str], dragon_kind: int) -> bool:
    """True when no value lets a dragon of this kind join the set (added_dragon_values is empty
    then): a Green Dragon with numbered tiles, a Red or White Dragon with winds (classify refuses
    both whatever the dragon stands for).  False: ask added_dragon_values."""
    for t in tiles:
        k = TILE_KIND.get(t, DR)
        if k < DR:
            return (dragon_kind == DG) == (k < N_NUMBERED)
    return False


def set_key(tiles: Sequence[str], values: Mapping[str, str]) -> tuple:
    """A set's cache key: its tiles and its dragons' values (all the answers here depend on)."""
    key = tuple(tiles)
    return key, _dragon_key(key, values)


def added_dragon_values_at(key: tuple, dragon: str, limit: int = 64) -> tuple[str, ...]:
    """added_dragon_values for the set with this `set_key` (a caller asking about many dragons makes
    the key once)."""
    if dragon in key[0]:                # a tile twice: never a valid set
        return ()
    return _added_dragon(key[0], key[1], TILE_KIND[dragon], limit)


@lru_cache(maxsize=1 << 14)
def _added_dragon(tiles: tuple[str, ...], dragon_values: tuple, dragon_kind: int, limit: int) -> tuple[str, ...]:
    # value_options(tiles + (dragon,), ...)'s values for a dragon of this kind not among the tiles:
    # they depend on the tiles' kinds (in order) and whether they are distinct, kept by those below
    # (a new set's tiles are new ids of a known shape); any copy of that dragon gets the same answer
    return _added_dragon_kinds(tuple(map(TILE_KIND.__getitem__, tiles)), len(set(tiles)) == len(tiles),
                               dragon_values, dragon_kind, limit)


@lru_cache(maxsize=1 << 14)
def _added_dragon_kinds(kinds: tuple[int, ...], unique: bool, dragon_values: tuple, dragon_kind: int,
                        limit: int) -> tuple[str, ...]:
    # read straight off the cached value combinations of the set's shape (the new dragon is the
    # last undeclared one)
    shape = []
    declared = iter(dragon_values)
    for k in kinds:
        if k >= DR:
            v = next(declared)
            shape.append((k, KIND_INDEX[v] if v in KIND_INDEX else -1))
        else:
            shape.append((k, -1))
    if all(v >= 0 or k < DR for k, v in shape):
        # the new dragon is the only one without a value: the options for it do not depend on the
        # order of the others, so one cached answer serves every order of the same tiles
        shape.sort()
    shape.append((dragon_kind, -1))
    return tuple(KINDS[combo[-1]] for combo in _value_combos(tuple(shape), unique, limit))


# _value_combos tries only the values next to the faces for a lone Red Dragon (False: every value of
# its suit, as a test compares).
RED_WINDOW = True


@lru_cache(maxsize=1 << 14)
def _value_combos(shape_key: tuple[tuple[int, int], ...], unique: bool, limit: int) -> tuple[tuple[int, ...], ...]:
    """value_options on kinds: the value kinds for the undeclared dragons (in tile order), per option.

    Bots and move generators ask about the same shapes of sets again and again (with other tile
    ids), so this is cached on the shape."""
    naturals = [k for k, _ in shape_key if k < DR]
    fixed = [(k, v) for k, v in shape_key if k >= DR and v >= 0]
    free = [k for k, v in shape_key if k >= DR and v < 0]
    nat_sorted = tuple(sorted(naturals))

    def valid(combo: tuple[int, ...]) -> bool:
        if not unique:
            return False
        return is_set_shape(nat_sorted, tuple(sorted(fixed + list(zip(free, combo)))))

    if not free:
        return ((),) if valid(()) else ()
    if free == [DW] and len({k for k in naturals if k < N_NUMBERED}) > 1:
        # a White Dragon stands in identical tiles only: next to two kinds of numbered tile, whatever
        # it stands for, the faces differ (classify refuses it); most sets a hand White is tried on
        return ()
    pools = [_candidate_values(k, naturals) for k in free]
    if RED_WINDOW and free == [DR] and pools[0]:
        # one Red Dragon to place: it makes a run, so it stands next to the other faces or in a gap
        # between them; any value further out leaves a gap (classify refuses it), so only these are tried
        faces = naturals + [v for _k, v in fixed]
        lo, hi = min(faces) - 1, max(faces) + 1
        pools[0] = [v for v in pools[0] if lo <= v <= hi]
    out: list[tuple[int, ...]] = []
    seen: set = set()
    for combo in product(*pools):
        key = tuple(sorted(zip(free, combo)))
        if key in seen:
            continue
        seen.add(key)
        if valid(combo):
            out.append(combo)
            if len(out) >= limit:
                break
    return tuple(out)


# --------------------------------------------------------------------------- set finder

@dataclass(frozen=True)
class FoundSet:
    tiles: tuple[str, ...]
    values: tuple[tuple[str, str], ...]   # (dragon id, declared kind)
    kind: str

    def values_dict(self) -> dict[str, str]:
        return dict(self.values)


def _patterns(counts: Sequence[int]) -> list[tuple[tuple[int, ...], tuple[tuple[int, int], ...], str]]:
    """All set shapes formable from kind counts: (natural kinds, (dragon, value) pairs, set kind).

    In this order: identical numbered tiles by kind, runs by suit, same winds, different winds.  Each
    part depends on one suit's (or the winds') counts and a dragon count only, so each is cached on those:
    a hand that drew one tile asks again about three suits out of four."""
    reds, greens, whites = counts[DR], counts[DG], counts[DW]
    suits = [tuple(counts[b:b + 9]) for b in (0, 9, 18)]
    winds = tuple(counts[WIND_LO:WIND_HI + 1])
    out = []
    for s in range(3):
        out += _suit_groups(s, suits[s], whites)
    for s in range(3):
        out += _suit_runs(s, suits[s], reds)
    out += _wind_patterns(winds, greens)
    return out


@lru_cache(maxsize=1 << 14)
def _suit_groups(s: int, suit: tuple[int, ...], whites: int) -> tuple:
    """Identical numbered tiles (+ White Dragons) of suit s."""
    out = []
    for r in range(9):
        c = suit[r]
        if not c:
            continue
        k = s * 9 + r
        for size in (3, 4):
            for nat in range(1, min(c, size) + 1):
                w = size - nat
                if w <= whites:
                    out.append(((k,) * nat, ((DW, k),) * w, GROUP))
    return tuple(out)


@lru_cache(maxsize=1 << 14)
def _suit_runs(s: int, suit: tuple[int, ...], reds: int) -> tuple:
    """Runs of suit s (+ Red Dragons filling the gaps)."""
    out = []
    base = s * 9
    counts = {base + r: c for r, c in enumerate(suit)}
    for lo in range(9):
        nat: list[int] = []
        fill: list[int] = []
        for hi in range(lo, 9):
            k = base + hi
            if counts[k]:
                nat.append(k)
            else:
                fill.append(k)
            if len(fill) > reds:
                break
            if hi - lo >= 2 and nat:
                out.append((tuple(nat), tuple((DR, f) for f in fill), RUN))
    return tuple(out)


@lru_cache(maxsize=1 << 12)
def _wind_patterns(winds: tuple[int, ...], greens: int) -> tuple:
    """Wind sets, all the same then all different (+ Green Dragons)."""
    counts = {WIND_LO + i: c for i, c in enumerate(winds)}
    out = []
    # winds, all the same
    for k in range(WIND_LO, WIND_HI + 1):
        c = counts[k]
        if not c:
            continue
        for size in (3, 4):
            for nat in range(1, min(c, size) + 1):
                g = size - nat
                if g <= greens:
                    out.append(((k,) * nat, ((DG, k),) * g, WINDS_SAME))
    # winds, all different
    present = [k for k in range(WIND_LO, WIND_HI + 1) if counts[k]]
    for r in range(1, len(present) + 1):
        for sub in combinations(present, r):
            missing = [k for k in range(WIND_LO, WIND_HI + 1) if k not in sub]
            for size in (3, 4):
                g = size - r
                if g < 0 or g > greens or (g == 0 and r < 3):
                    continue
                for vals in combinations(missing, g):
                    out.append((sub, tuple((DG, v) for v in vals), WINDS_MIXED))
    return tuple(out)


def kind_counts(tiles: Iterable[str]) -> list[int]:
    counts = [0] * len(KINDS)
    for t in tiles:
        counts[TILE_KIND[t]] += 1
    return counts


@lru_cache(maxsize=1 << 14)
def block_has_set(block: int, counts: tuple[int, ...], reds: int, whites: int, greens: int) -> bool:
    """Can a set be made of one suit's tiles (block 0-2, `counts` by rank 1-9) or of the winds (block 3,
    `counts` by wind) with this many dragons free to stand in?"""
    # what _suit_groups / _suit_runs / _wind_patterns list is non-empty exactly when (a test compares):
    if block < 3:
        # identical tiles: 3 of a rank, counting whites; a run: some 3 ranks in a row with a tile
        # among them and no more gaps than reds (a longer run holds such a window)
        most = max(counts)                      # (c and min(c, 3) + whites >= 3) for some rank c
        if most and most + whites >= 3:
            return True
        gaps = [not c for c in counts]
        for lo in range(7):
            missing = gaps[lo] + gaps[lo + 1] + gaps[lo + 2]
            if missing < 3 and missing <= reds:
                return True
        return False
    # winds: 3 alike counting greens, or 3 different counting greens
    present = sum(1 for c in counts if c)
    return bool(present) and (present + greens >= 3 or any(min(c, 3) + greens >= 3 for c in counts))


def can_make_set(tiles: Iterable[str]) -> bool:
    """Can these tiles alone make any set (would find_sets find one)?  Cheaper than finding them:
    it stops at the first block that has one."""
    counts = kind_counts(tiles)
    reds, greens, whites = counts[DR], counts[DG], counts[DW]
    for s in range(3):
        if block_has_set(s, tuple(counts[9 * s:9 * s + 9]), reds, whites, greens):
            return True
    return block_has_set(3, tuple(counts[WIND_LO:WIND_HI + 1]), reds, whites, greens)


def find_sets(tiles: Iterable[str]) -> list[FoundSet]:
    """Every distinct set (by shape and dragon values) that can be made from these tiles alone.

    The lowest-numbered copies are used; sets overlap freely (each is an independent option).
    """
    by_kind: dict[int, list[str]] = {}
    for t in sorted(tiles, key=TILE_ORDER.__getitem__):     # == by (kind, id): ids run kind by kind
        by_kind.setdefault(TILE_KIND[t], []).append(t)
    counts = [0] * len(KINDS)
    for k, ids in by_kind.items():
        counts[k] = len(ids)
    found = []
    for nat, drg, kind in _patterns(counts):
        used: dict[int, int] = {}
        ids: list[str] = []
        for k in nat:
            i = used.get(k, 0)
            ids.append(by_kind[k][i])
            used[k] = i + 1
        vals = []
        for d, v in drg:
            i = used.get(d, 0)
            tid = by_kind[d][i]
            used[d] = i + 1
            ids.append(tid)
            vals.append((tid, KINDS[v]))
        found.append(FoundSet(tuple(ids), tuple(vals), kind))
    return found


def shape_counts(fs: FoundSet) -> dict[int, int]:
    c: dict[int, int] = {}
    for t in fs.tiles:
        k = TILE_KIND[t]
        c[k] = c.get(k, 0) + 1
    return c


def faces_sort_key(t: str, values: Mapping[str, str]) -> tuple[int, int, str]:
    """Display order inside a set: by the face each tile shows, naturals before dragons."""
    k = TILE_KIND[t]
    if is_dragon_k(k):
        v = values.get(t)
        return (KIND_INDEX.get(v, k) if v else k, 1, t)
    return (k, 0, t)


def has_two_disjoint_sets(tiles: Sequence[str], values: Mapping[str, str]) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """RUM-2 reading (b): do these tiles hold two separate valid sets?  Two disjoint 3-tile sets are
    enough to decide it (every valid set contains a valid 3-tile set).  Returns the pair or None."""
    tiles = list(tiles)
    if len(tiles) < 6:
        return None
    triples = [c for c in combinations(tiles, 3) if is_set_shape(*shape(c, values))]
    for i, a in enumerate(triples):
        sa = set(a)
        for b in triples[i + 1:]:
            if sa.isdisjoint(b):
                return a, b
    return None
