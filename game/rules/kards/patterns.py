"""The little shape language of the special hands (specials.py) and its matcher.

A shape is components separated by ";", each `<op> <term>`:
  op    pung (a pung or a kong), kong (a declared kong), pair, one (a single card),
        chow (three in a row, named by its lowest card), run (one card of each listed value),
        set (any pung or chow)
  term  a card ("B2", "DG"), "own" / "round" (the player's / the round's wind),
        a suit and value ("$s1 9", "B$e1", "$s1 $n+1"), a run's values ("$s1 1-9", "$s1 1,4,7"),
        or a free card of a class: "?" any, "?s" suited, "?h" honour, "?w" wind, "?d" dragon,
        "?t" terminal, "?o" terminal or honour.
Variables: $s1 $s2 $s3 suits (different from each other), $w1.. winds and $d1.. dragons (likewise
different), $n $m values 1-9, $e1.. even values. A hand has the shape when its melds and its
concealed cards make up exactly the components under one choice of the variables.

Before trying the variables, a cheap necessary test compares a few counts of the hand (each card,
winds, dragons, honours, suited cards, the fullest and the emptiest suit) with the least that any
choice of the variables needs, so most hands are turned away in a few comparisons.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from game.core.kit.tiles import KIND_INDEX, is_dragon, is_honour, is_suited, is_terminal, is_wind

N = 34
F_WINDS, F_DRAGONS, F_HONOURS, F_SUITED, F_MAXSUIT, F_MINSUIT = range(N, N + 6)
WIND_KINDS = (27, 28, 29, 30)
DRAGON_KINDS = (31, 32, 33)
OWN, ROUND = "own", "round"

CLASSES = {
    "?": lambda k: True, "?s": is_suited, "?h": is_honour, "?w": is_wind, "?d": is_dragon,
    "?t": is_terminal, "?o": lambda k: is_terminal(k) or is_honour(k),
}
_CLASS_FEATURES = {"?h": (F_HONOURS,), "?w": (F_WINDS, F_HONOURS), "?d": (F_DRAGONS, F_HONOURS),
                   "?s": (F_SUITED,), "?t": (F_SUITED,)}
SIZE = {"pung": 3, "kong": 4, "pair": 2, "one": 1, "chow": 3, "set": 3}


@dataclass(frozen=True)
class Meld:
    """A group already on the table (or a declared concealed kong) as the matcher sees it."""
    shape: str          # chow / pung / kong
    kind: int           # lowest kind
    concealed: bool = False


# ----------------------------------------------------------------------------- parsing

def _values(text: str, env: dict) -> list[int]:
    if "-" in text and not text.startswith("$"):
        a, b = text.split("-")
        return list(range(int(a), int(b) + 1))
    out = []
    for part in text.split(","):
        if part.startswith("$"):
            name, _, plus = part[1:].partition("+")
            out.append(env[name] + (int(plus) if plus else 0))
        else:
            out.append(int(part))
    return out


def _suit(text: str, env: dict) -> int:
    return env[text[1:]] if text.startswith("$") else "BCD".index(text)


def _target(op: str, words: list[str], env: dict):
    """A component's target under the bindings `env`: a kind, a tuple of kinds (run), OWN/ROUND,
    ("?", class), or None when a value falls outside 1..9."""
    if len(words) == 1:
        w = words[0]
        if w.startswith("?"):
            return ("?", w)
        if w in (OWN, ROUND):
            return w
        if w.startswith("$w") or w.startswith("$d"):
            return env[w[1:]]
        if w in KIND_INDEX:
            return KIND_INDEX[w]
        suit, value = w[0], w[1:]                    # "B$e1"
        words = [suit, value]
    suit = _suit(words[0], env)
    values = _values(words[1], env)
    if any(not 1 <= v <= 9 for v in values):
        return None
    kinds = tuple(suit * 9 + v - 1 for v in values)
    if op == "run":
        return kinds
    if op == "chow" and values[0] > 7:
        return None
    return kinds[0]


def _variables(shape: str) -> list[str]:
    out: list[str] = []
    for word in shape.replace(";", " ").replace(",", " ").replace("-", " ").split():
        for piece in word.split("$")[1:]:
            name = piece.split("+")[0]
            if name and name not in out:
                out.append(name)
    return out


def _bindings(names: list[str]):
    domains = {"s": (0, 1, 2), "w": WIND_KINDS, "d": DRAGON_KINDS, "n": tuple(range(1, 10)),
               "m": tuple(range(1, 10)), "e": (2, 4, 6, 8)}
    for combo in itertools.product(*(domains[n[0]] for n in names)):
        env = dict(zip(names, combo))
        distinct_ok = all(len({v for k, v in env.items() if k[0] == c}) == sum(1 for k in env if k[0] == c)
                          for c in "swd")
        if distinct_ok:
            yield env


@dataclass(frozen=True)
class Compiled:
    bindings: tuple[tuple[tuple[str, object], ...], ...]   # each: ((op, target), ...)
    needs: tuple[tuple[int, int], ...]                      # (feature, least count) over all bindings


def _features_of_components(comps) -> list[int]:
    f = [0] * (N + 6)
    suits = [0, 0, 0]
    for op, t in comps:
        if isinstance(t, tuple) and t and t[0] == "?":
            for j in _CLASS_FEATURES.get(t[1], ()):
                f[j] += SIZE[op]
            continue
        if t in (OWN, ROUND):
            f[F_WINDS] += SIZE[op]
            f[F_HONOURS] += SIZE[op]
            continue
        kinds = t if isinstance(t, tuple) else ((t, t + 1, t + 2) if op == "chow" else (t,) * SIZE[op])
        for k in kinds:
            f[k] += 1
            if is_suited(k):
                suits[k // 9] += 1
                f[F_SUITED] += 1
            else:
                f[F_HONOURS] += 1
                f[F_WINDS if is_wind(k) else F_DRAGONS] += 1
    f[F_MAXSUIT] = max(suits)
    f[F_MINSUIT] = min(suits)
    return f


@lru_cache(maxsize=None)
def compile_shape(shape: str) -> Compiled:
    parts = [p.split() for p in shape.split(";") if p.strip()]
    out = []
    least = None
    for env in _bindings(_variables(shape)):
        comps = []
        for words in parts:
            t = _target(words[0], words[1:], env)
            if t is None:
                break
            comps.append((words[0], t))
        else:
            comps_t = tuple(comps)
            if comps_t in out:
                continue
            out.append(comps_t)
            f = _features_of_components(comps_t)
            least = f if least is None else [min(a, b) for a, b in zip(least, f)]
    # the biggest needs first: they turn most hands away at the first comparison
    needs = tuple(sorted(((j, n) for j, n in enumerate(least or []) if n > 0), key=lambda jn: -jn[1]))
    return Compiled(tuple(out), needs)


# ----------------------------------------------------------------------------- matching

F_SUITS = N + 6          # three more entries after the prefilter's: each suit's count (for features_plus)


def features(counts: Sequence[int]) -> list[int]:
    """The prefilter's counts of a holding (34 kind counts, kongs counted as four)."""
    f = list(counts) + [0] * 9
    suits = [sum(counts[0:9]), sum(counts[9:18]), sum(counts[18:27])]
    f[F_WINDS] = sum(counts[27:31])
    f[F_DRAGONS] = sum(counts[31:34])
    f[F_HONOURS] = f[F_WINDS] + f[F_DRAGONS]
    f[F_SUITED] = sum(suits)
    f[F_MAXSUIT] = max(suits)
    f[F_MINSUIT] = min(suits)
    f[F_SUITS:F_SUITS + 3] = suits
    return f


def features_plus(feats: Sequence[int], k: int) -> list[int]:
    """`features` of the same holding with one more card of kind k."""
    f = list(feats)
    f[k] += 1
    if is_suited(k):
        f[F_SUITED] += 1
        f[F_SUITS + k // 9] += 1
        suits = f[F_SUITS:F_SUITS + 3]
        f[F_MAXSUIT] = max(suits)
        f[F_MINSUIT] = min(suits)
    else:
        f[F_HONOURS] += 1
        f[F_WINDS if is_wind(k) else F_DRAGONS] += 1
    return f


def one_short(compiled: Compiled, feats: Sequence[int]) -> list[int]:
    """The kinds whose one more card would pass the cheap test (a hand waiting for one card)."""
    short = [j for j, n in compiled.needs if j < N and feats[j] < n]
    if sum(n - feats[j] for j, n in compiled.needs if j < N and feats[j] < n) > 1:
        return []
    candidates = short if short else range(N)
    return [k for k in candidates if feats[k] < 4 and may_match(compiled, features_plus(feats, k))]


def may_match(compiled: Compiled, feats: Sequence[int], slack: int = 0) -> bool:
    """The cheap necessary test; `slack` = cards that may still change (1 for a hand waiting for
    one card, 2 for one card out and one in): each count may be short by that much, and the
    particular cards together too."""
    short = 0
    for j, n in compiled.needs:
        have = feats[j] + slack
        if have < n:
            return False
        if j < N and feats[j] < n:
            short += n - feats[j]
            if short > slack:
                return False
    return True


def holding_counts(concealed: Sequence[int], melds: Sequence[Meld]) -> list[int]:
    c = list(concealed)
    for m in melds:
        if m.shape == "chow":
            for k in (m.kind, m.kind + 1, m.kind + 2):
                c[k] += 1
        else:
            c[m.kind] += 4 if m.shape == "kong" else 3
    return c


def matches(shape: str, concealed: Sequence[int], melds: Sequence[Meld], own: int, round_: int,
            feats: Sequence[int] | None = None) -> bool:
    """Whether the hand (concealed counts + melds) has `shape` for a player of wind `own` in round `round_`."""
    compiled = compile_shape(shape)
    if feats is None:
        feats = features(holding_counts(concealed, melds))
    if not may_match(compiled, feats):
        return False
    for comps in compiled.bindings:
        comps = [(op, own if t == OWN else round_ if t == ROUND else t) for op, t in comps]
        if _assign_melds(list(melds), comps, list(concealed)):
            return True
    return False


def _is_free(t) -> bool:
    return isinstance(t, tuple) and len(t) == 2 and t[0] == "?"


def _meld_fits(meld: Meld, op: str, t) -> object:
    """What is left of component (op, t) once `meld` fills it: None = no fit, () = used up, else a shorter run."""
    if _is_free(t):
        cls = CLASSES[t[1]]
        kinds = (meld.kind, meld.kind + 1, meld.kind + 2) if meld.shape == "chow" else (meld.kind,)
        if not all(cls(k) for k in kinds):
            return None
        if op == "set" or (op == "pung" and meld.shape != "chow") or (op == "chow" and meld.shape == "chow"):
            return ()
        return None
    if op == "run":
        if meld.shape != "chow":
            return None
        need = (meld.kind, meld.kind + 1, meld.kind + 2)
        if all(k in t for k in need):
            rest = tuple(k for k in t if k not in need)
            return rest if rest else ()
        return None
    if meld.shape == "chow":
        return () if op == "chow" and t == meld.kind else None
    if t != meld.kind:
        return None
    if op == "pung" or (op == "kong" and meld.shape == "kong"):
        return ()
    return None


def _assign_melds(melds: list[Meld], comps: list, conc: list[int]) -> bool:
    if not melds:
        return _fill(comps, conc)
    meld = melds[0]
    seen = set()
    for i, (op, t) in enumerate(comps):
        if (op, t) in seen:
            continue
        seen.add((op, t))
        left = _meld_fits(meld, op, t)
        if left is None:
            continue
        rest = comps[:i] + comps[i + 1:] + ([("run", left)] if left else [])
        if _assign_melds(melds[1:], rest, conc):
            return True
    return False


def _fill(comps: list, conc: list[int]) -> bool:
    """The concealed cards make up exactly the components left."""
    c = conc[:]
    free = []
    for op, t in comps:
        if _is_free(t):
            free.append((op, t[1]))
            continue
        if op == "kong":
            return False                    # a kong must be declared (a meld)
        if op == "run":
            kinds = t
        elif op == "chow":
            kinds = (t, t + 1, t + 2)
        else:
            kinds = (t,) * SIZE[op]
        for k in kinds:
            c[k] -= 1
            if c[k] < 0:
                return False
    return _split(c, free)


def _split(c: list[int], free: list[tuple[str, str]]) -> bool:
    k = next((i for i in range(N) if c[i]), None)
    if k is None:
        return not free
    tried = set()
    for i, (op, cls) in enumerate(free):
        if (op, cls) in tried:
            continue
        tried.add((op, cls))
        ok = CLASSES[cls]
        rest = free[:i] + free[i + 1:]
        for shape in (("pung", "chow") if op == "set" else (op,)):
            if shape == "chow":
                if not (is_suited(k) and k % 9 <= 6 and c[k + 1] and c[k + 2] and ok(k) and ok(k + 1) and ok(k + 2)):
                    continue
                kinds = (k, k + 1, k + 2)
            else:
                n = SIZE[shape]
                if c[k] < n or not ok(k):
                    continue
                kinds = (k,) * n
            for x in kinds:
                c[x] -= 1
            good = _split(c, rest)
            for x in kinds:
                c[x] += 1
            if good:
                return True
    return False
