"""Scoring in exact quarters: every player's basic score and multipliers, the winner's extras,
the special hands (KRD-9 … KRD-21, KRD-24).

A holding is the concealed counts (34 kinds), the melds (patterns.Meld: declared concealed kongs
are melds with concealed=True) and the bonus cards (kind indices 34-41). The engine reads every
hand itself (KRD-24): a winner's hand is read every regular way (kit.hands.arrangements) and as
every special it has, and the reading worth most is kept; a loser's concealed cards are grouped
the way that scores most.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Sequence

from game.core.kit import hands as H
from game.core.kit.tiles import ALL_KINDS, is_dragon, is_honour, is_suited, is_terminal, name

from .patterns import Meld, compile_shape, features, holding_counts, matches, may_match
from .specials import BY_KEY, SPECIALS

HALF, QUARTER, ONE_HALF = Fraction(1, 2), Fraction(1, 4), Fraction(3, 2)
FLOWER_POINTS = 6
WIN_RANKS = {"pair": 0, "chow": 1, "pung": 2, "kong": 3, "special": 4}       # KRD-4
SHAPE_SPECIALS = tuple(s for s in SPECIALS if s.how == "shape" and s.replaces_basic)
_COMPILED = tuple((s, compile_shape(s.shape)) for s in SHAPE_SPECIALS)


@dataclass(frozen=True)
class WinContext:
    """How the winning card came and what the round was like (section 2 of the scoring)."""
    seat_wind: int                  # kind index 27..30
    round_wind: int
    by_discard: bool = False
    winning: int | None = None      # kind of the winning card (None: an original hand)
    from_box: bool = False          # a kong-box replacement (KRD-16)
    last_of_wall: bool = False
    last_of_kind: bool = False      # KRD-15
    standing: bool = False          # KRD-22
    kong_replacement: bool = False  # KRD-17
    original: bool = False          # KRD-18
    celestial: bool = False
    earth: bool = False
    honour_pung_melded: int = 5     # KRD-8


@dataclass(frozen=True)
class Reading:
    total: Fraction
    basic: Fraction
    lines: tuple[tuple[str, object, str], ...]       # (name, value, why)
    special: str | None = None                      # the replacing special's name
    win_shape: str = "pair"                         # what the winning card completed (KRD-4)
    groups: tuple[tuple[str, int, bool], ...] = field(default=())
    items: int = 0                                  # lines before the additive specials and multipliers

    @property
    def win_rank(self) -> int:
        return WIN_RANKS["special" if self.special else self.win_shape]


# ----------------------------------------------------------------------------- section 1

def group_points(shape: str, kind: int, concealed: bool, honour_melded: int = 5) -> int:
    if shape == "chow":
        return 1 if concealed else 0
    if shape == "pair":
        return 0
    if shape == "pung":
        if is_honour(kind):
            return 8 if concealed else honour_melded
        return (8 if concealed else 4) if is_terminal(kind) else (4 if concealed else 2)
    if is_honour(kind) or is_terminal(kind):
        return 32 if concealed else 16
    return 16 if concealed else 8


def group_name(shape: str, kind: int, concealed: bool) -> str:
    what = {"chow": "Chow", "pung": "Pung", "kong": "Kong", "pair": "Pair"}[shape]
    sort = "" if shape in ("chow", "pair") else (" of honours" if is_honour(kind) else
                                                 " of terminals" if is_terminal(kind) else " of minors")
    return f"{what}{sort} ({'concealed' if concealed else 'melded'})"


def group_words(shape: str, kind: int) -> str:
    """A group in players' words: "2-3-4 Bamboo", "Red Dragon ×3"."""
    if shape == "chow":
        v, suit = name(kind).split(" ", 1)
        return f"{v}-{int(v) + 1}-{int(v) + 2} {suit}"
    return f"{name(kind)} ×{ {'pung': 3, 'kong': 4, 'pair': 2}[shape]}"


SHARE_WORDS = {QUARTER: "a quarter of", HALF: "half", ONE_HALF: "one and a half times"}


def quarters(v) -> str:
    """Exact quarter points as players write them: 10½, 3¼, -2¾."""
    v = Fraction(v)
    whole, rest = divmod(abs(v), 1)
    glyph = {Fraction(0): "", Fraction(1, 4): "¼", Fraction(1, 2): "½", Fraction(3, 4): "¾"}.get(rest)
    if glyph is None:
        return str(v)
    sign = "-" if v < 0 else ""
    return f"{sign}{int(whole) if whole or not glyph else ''}{glyph}"


def _share_why(k: Fraction, why: str) -> str:
    share = f"{SHARE_WORDS.get(k, f'{k} ×')} the basic score"
    return f"{why}: {share}" if why else share


def composition(all_counts: Sequence[int]) -> tuple[str, Fraction] | None:
    """KRD-10: the most specific suit line of the whole holding, or None."""
    kinds = [k for k in range(34) if all_counts[k]]
    if not kinds:
        return None
    suited = [k for k in kinds if is_suited(k)]
    honours = any(is_honour(k) for k in kinds)
    one_suit = bool(suited) and len({k // 9 for k in suited}) == 1
    terminals = bool(suited) and all(is_terminal(k) for k in suited)
    if not suited:
        return ("Only honours", ONE_HALF)
    if not honours and one_suit:
        return ("Only one suit", ONE_HALF)
    if not honours and terminals:
        return ("Only terminals", ONE_HALF)
    if one_suit:
        return ("One suit with honours", HALF)
    if terminals:
        return ("Only terminals and honours", HALF)
    return None


def multipliers(pung_kinds: Sequence[int], all_counts: Sequence[int], bonus: Sequence[int],
                seat_wind: int, round_wind: int) -> list[tuple[str, Fraction, str]]:
    """KRD-9 … KRD-12: the additive multipliers of section 1.1 (each once unless 'addable')."""
    out = []
    pungs = set(pung_kinds)
    if seat_wind in pungs:
        out.append(("Pung of own wind", HALF, name(seat_wind)))
    if round_wind in pungs:
        out.append(("Pung of the round wind", HALF, name(round_wind)))
    i = seat_wind - 27
    for b in sorted(bonus):
        if b in (34 + i, 38 + i):
            out.append(("Own flower or season", QUARTER, name(b)))
    comp = composition(all_counts)
    if comp:
        out.append((comp[0], comp[1], ""))
    bset = set(bonus)
    if all(w in pungs for w in (27, 28, 29, 30)) or bset >= {34, 35, 36, 37} or bset >= {38, 39, 40, 41}:
        out.append(("All four winds, flowers or seasons", ONE_HALF, ""))
    if any(is_dragon(k) for k in pungs):
        out.append(("Pung of dragons", HALF, ""))
    return out


def _finish(lines: list, basic: Fraction, adds: Fraction, ks: list) -> Fraction:
    """KRD-9: every multiplier adds its share of the same basic score S; each is shown as the
    points it adds, then the hand score."""
    s = basic + adds
    if ks:
        lines.append(("Basic score", s, "the points above; the multipliers add shares of it"))
    for n, k, why in ks:
        lines.append((n, k * s, _share_why(k, why)))
    total = s * (1 + sum((k for _, k, _ in ks), Fraction(0)))
    extra = total - s
    lines.append(("Hand score", total, f"basic score {quarters(s)} and {quarters(extra)} from the multipliers"
                  if ks else "no multipliers"))
    return total


# ----------------------------------------------------------------------------- losers

@lru_cache(maxsize=4096)
def _partials(counts: tuple) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Every way to take pungs and chows out of the counts (the rest left loose)."""
    k = next((i for i in range(34) if counts[i]), None)
    if k is None:
        return ((),)
    out = []
    c = list(counts)
    c[k] = 0
    out.extend(_partials(tuple(c)))                       # leave every copy of k loose
    if counts[k] >= 3:
        c = list(counts)
        c[k] -= 3
        out.extend(((("pung", k),) + p) for p in _partials(tuple(c)))
    if is_suited(k) and k % 9 <= 6 and counts[k + 1] and counts[k + 2]:
        c = list(counts)
        for x in (k, k + 1, k + 2):
            c[x] -= 1
        out.extend(((("chow", k),) + p) for p in _partials(tuple(c)))
    return tuple(out)


def score_holding(concealed: Sequence[int], melds: Sequence[Meld], bonus: Sequence[int], seat_wind: int,
                  round_wind: int, honour_melded: int = 5) -> Reading:
    """A player who did not win: melds and the best grouping of the concealed cards, flowers, multipliers."""
    all_counts = holding_counts(concealed, melds)
    best = None
    for part in _partials(tuple(concealed)):
        groups = [(m.shape, m.kind, m.concealed) for m in melds] + [(s, k, True) for s, k in part]
        r = _score_groups(groups, all_counts, bonus, seat_wind, round_wind, honour_melded, [], None)
        if best is None or r.total > best.total:
            best = r
    return best


def _score_groups(groups, all_counts, bonus, seat_wind, round_wind, honour_melded, extras, ctx,
                  adds: list | None = None) -> Reading:
    lines = []
    basic = Fraction(0)
    for shape, kind, concealed in groups:
        p = group_points(shape, kind, concealed, honour_melded)
        if shape != "pair":
            lines.append((group_name(shape, kind, concealed), p, group_words(shape, kind)))
        basic += p
    for b in sorted(bonus):
        lines.append(("Flower or season", FLOWER_POINTS, name(b)))
        basic += FLOWER_POINTS
    for n, p, why in extras:
        lines.append((n, p, why))
        basic += p
    items = len(lines)
    add_total = Fraction(0)
    for n, p, why in adds or ():
        lines.append((n, p, why))
        add_total += p
    if not lines:
        lines.append(("Nothing that scores", 0, "no pung, kong, concealed chow or flower"))
    pungs = [k for s, k, _ in groups if s in ("pung", "kong")]
    ks = multipliers(pungs, all_counts, bonus, seat_wind, round_wind)
    if ctx is not None:
        if ctx.kong_replacement:
            ks.append(("Won with a kong's replacement", HALF, ""))
        if ctx.original:
            ks.append(("Original hand", ONE_HALF, ""))
    total = _finish(lines, basic, add_total, ks)
    return Reading(total, basic + add_total, tuple(lines), None, "pair", tuple(groups), items)


# ----------------------------------------------------------------------------- the winner

def winner_extras(groups, ctx: WinContext) -> list[tuple[str, int, str]]:
    """Section 2: the winner's extra basic points (KRD-15, KRD-16, KRD-22, KRD-31)."""
    out = []
    if not ctx.by_discard and ctx.winning is not None:
        if ctx.last_of_wall:
            out.append(("Won with the last card of the wall", 10, ""))
        else:
            out.append(("Won with a card from the wall", 3, ""))
        if ctx.from_box:
            out.append(("Won with a replacement from the kong box", 10, ""))
    if ctx.last_of_kind:
        out.append(("Won with the last card of its kind", 2, ""))
    if ctx.standing:
        out.append(("Standing hand", 100, ""))
    sets = [g for g in groups if g[0] != "pair"]
    pair = next((g for g in groups if g[0] == "pair"), None)
    if not any(s == "chow" for s, _, _ in sets):
        out.append(("No chow", 10, ""))
    elif pair is not None and all(s == "chow" for s, _, _ in sets) and pair[1] not in (ctx.seat_wind, ctx.round_wind):
        out.append(("Only chows and a plain pair", 10, ""))
    if pair is not None:
        if is_dragon(pair[1]):
            out.append(("Pair of dragons", 3, name(pair[1])))
        if pair[1] == ctx.round_wind:
            out.append(("Pair of the round wind", 3, name(pair[1])))
        if pair[1] == ctx.seat_wind:
            out.append(("Pair of your own wind", 3, name(pair[1])))
    return out


def _concealed_ok(melds: Sequence[Meld], ctx: WinContext) -> bool:
    """KRD-21: no claimed card at all (declared concealed kongs are fine), won by drawing."""
    return not ctx.by_discard and all(m.concealed for m in melds)


def special_shapes(concealed: Sequence[int], melds: Sequence[Meld], ctx: WinContext) -> list:
    """The replacing specials this complete hand has (KRD-19 shapes, KRD-21 concealment)."""
    feats = features(holding_counts(concealed, melds))
    return [s for s, compiled in _COMPILED if may_match(compiled, feats)
            and (not s.concealed or _concealed_ok(melds, ctx))
            and matches(s.shape, concealed, melds, ctx.seat_wind, ctx.round_wind, feats)]


def is_winning(concealed: Sequence[int], melds: Sequence[Meld], ctx: WinContext) -> bool:
    sets = 4 - len(melds)
    if sets >= 0 and sum(concealed) == 3 * sets + 2 and H.is_complete(tuple(concealed), sets):
        return True
    return bool(special_shapes(concealed, melds, ctx))


def _additive(concealed, melds, ctx) -> list[tuple[str, int, str]]:
    """KRD-20's additive specials (Earth Blessing, Buried Treasure, Golden Coin)."""
    out = []
    if ctx.earth:
        out.append((BY_KEY["earth_blessing"].name, 800, "won on the dealer's first discard"))
    bt = BY_KEY["buried_treasure"]
    if matches(bt.shape, concealed, melds, ctx.seat_wind, ctx.round_wind):
        out.append((bt.name, bt.score, ""))
    d5 = 22
    own_d5 = concealed[d5] - (1 if ctx.by_discard and ctx.winning == d5 else 0)
    if own_d5 >= 3 or any(m.kind == d5 and m.shape == "kong" and m.concealed for m in melds):
        out.append((BY_KEY["golden_coin"].name, BY_KEY["golden_coin"].score, "a concealed pung of 5 Dots"))
    return out


def _readings(concealed: tuple, melds: Sequence[Meld], bonus: Sequence[int], ctx: WinContext) -> list[Reading]:
    """Every way the winner's hand can be read (regular arrangements with each group the winning
    card may have finished, Celestial Blessing, the replacing specials)."""
    all_counts = holding_counts(concealed, melds)
    adds = _additive(concealed, melds, ctx)
    add_total = sum((p for _, p, _ in adds), Fraction(0))
    readings: list[Reading] = []
    sets = 4 - len(melds)
    meld_groups = [(m.shape, m.kind, m.concealed) for m in melds]
    if sets >= 0 and sum(concealed) == 3 * sets + 2:
        for arr in H.arrangements(concealed, sets):
            own = [(g.shape, g.kind, True) for g in arr.sets] + [("pair", arr.pair.kind, True)]
            # which group the winning card completed: claimed, that group is melded (KRD-4 ranks it)
            choices = [None]
            if ctx.winning is not None:
                choices = [i for i, g in enumerate(own) if ctx.winning in H.Group(g[0], g[1]).kinds] or [None]
            for i in choices:
                groups = list(own)
                shape = groups[i][0] if i is not None else "pair"
                if i is not None and ctx.by_discard:
                    groups[i] = (groups[i][0], groups[i][1], False)
                groups = meld_groups + groups
                extras = winner_extras(groups, ctx)
                r = _score_groups(groups, all_counts, bonus, ctx.seat_wind, ctx.round_wind, ctx.honour_pung_melded,
                                  extras, ctx, adds)
                readings.append(Reading(r.total, r.basic, r.lines, None, shape, r.groups, r.items))
                if ctx.celestial:
                    cel = BY_KEY["celestial_blessing"]
                    plain = r.basic - add_total
                    total = cel.factor * plain + add_total
                    lines = r.lines[:r.items] + ((cel.name, total - add_total,
                                                  f"one and a half times the basic score of {quarters(plain)}, "
                                                  "instead of the multipliers"),) \
                        + tuple(adds) + (("Hand score", total, "a special way to win"),)
                    readings.append(Reading(total, r.basic, lines, cel.name, shape, r.groups, r.items))
    for sp in special_shapes(concealed, melds, ctx):
        if sp.replaces_multipliers:
            why = "a special hand: its value is the whole hand score, no multipliers"
        else:
            why = "a special hand: its value replaces the basic score"
        lines = [(sp.name, sp.score, why)] + list(adds)
        basic = Fraction(sp.score) + add_total
        if sp.replaces_multipliers:
            total = basic
            lines.append(("Hand score", total, "the special hand" + (" and its additions" if adds else "")))
        else:
            pungs = [m.kind for m in melds if m.shape != "chow"] + [k for k in range(34) if concealed[k] >= 3]
            ks = multipliers(pungs, all_counts, bonus, ctx.seat_wind, ctx.round_wind)
            if ctx.kong_replacement:
                ks.append(("Won with a kong's replacement", HALF, ""))
            if ctx.original:
                ks.append(("Original hand", ONE_HALF, ""))
            total = _finish(lines, Fraction(sp.score), add_total, ks)
        readings.append(Reading(total, basic, tuple(lines), sp.name, "special", tuple(meld_groups), 1))
    return readings


def best_win(concealed: Sequence[int], melds: Sequence[Meld], bonus: Sequence[int], ctx: WinContext) -> Reading | None:
    """The winner's best reading (KRD-20, KRD-24), or None when the hand is not Mah-Jongg."""
    readings = _readings(tuple(concealed), melds, bonus, ctx)
    if not readings:
        return None
    return max(readings, key=lambda r: (r.total, r.win_rank))


def finishes(concealed: Sequence[int], melds: Sequence[Meld], ctx: WinContext) -> frozenset[str]:
    """What the winning card can be said to finish (KRD-4: pair, chow, pung, kong or special); the
    Strict table checks a declared kind against these (KRD-29)."""
    return frozenset("special" if r.win_shape == "special" else r.win_shape
                     for r in _readings(tuple(concealed), melds, (), ctx))
