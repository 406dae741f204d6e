"""Hand values and the settlement (the seed's scoring table as data, MMJ-1 … MMJ-14, MMJ-22 … MMJ-25).

`hand_value(...)` itemises one player's hand: points lines, then doubles applied last
(MMJ-24: a negative base is doubled too). `settle(values, winner, east)` turns the values into
transfers: the winner's collection (MMJ-10), then every pair of losers (MMJ-11).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game.core.protocol import Transfer

from .pieces import colour_of, is_opaque, name

# --- the table ---------------------------------------------------------------------------------
PAIR = 2                    # any two matched pyramids, winner only (MMJ-2)

# Pung pile: (exposed?, honour?) for a matched bush (MMJ-5); an unmatched bush scores nothing
PUNG = {(True, False): 2, (True, True): 4, (False, False): 4, (False, True): 8}

# Kong pile: (exposed?, how matched) where how is "none", "two", "two honour", "all", "all honour"
KONG = {(True, "none"): 2, (True, "two"): 4, (True, "two honour"): 8, (True, "all"): 8, (True, "all honour"): 16,
        (False, "none"): 4, (False, "two"): 8, (False, "two honour"): 16, (False, "all"): 16,
        (False, "all honour"): 32}

BONUS_POINTS = {0: 2, 1: 4, 2: 8, 3: 16}     # honour pieces in the bonus stack; 0 needs a full stack
BONUS_DOUBLES = {4: 1}

OPAQUE_EACH = -2
ALL_ONE_OPAQUE_DOUBLES = 1       # all the whites, or all the blacks
ALL_OPAQUES_DOUBLES = 3          # both: three doubles in all, not 1+1+3 (MMJ-6)

MAH_JONGG = 8
NO_HONOUR = 8
WINNING_PIECE_DRAWN = 2
SOLID_DOUBLES = 1
SOLID_HONOUR_DOUBLES = 3         # replaces the single double (MMJ-6)
ORIGINAL_DOUBLES = 3
GOLDEN_ROOSTER = 100
ROOSTER_PIECE = "yellow-S"

PUNG_NAMES = {(True, False): "Exposed matched pung", (True, True): "Exposed matched honour pung",
              (False, False): "Concealed matched pung", (False, True): "Concealed matched honour pung"}
KONG_NAMES = {"none": "no matches", "two": "2 matched", "two honour": "2 honour matched",
              "all": "all matched", "all honour": "all honour matched"}


@dataclass(frozen=True)
class Item:
    name: str
    points: int = 0
    doubles: int = 0
    why: str = ""


@dataclass(frozen=True)
class HandValue:
    seat: int
    items: tuple[Item, ...]

    @property
    def base(self) -> int:
        return sum(i.points for i in self.items)

    @property
    def doubles(self) -> int:
        return sum(i.doubles for i in self.items)

    @property
    def value(self) -> int:
        return self.base * 2 ** self.doubles


@dataclass(frozen=True)
class Holding:
    """One player's pieces as scoring reads them (from a state's Screen or from a calculator)."""

    chow: tuple[str | None]                     # (S,)
    pung: tuple[str | None, str | None]         # (M, S)
    kong: tuple[str | None, str | None, str | None]   # (L, M, S)
    bonus: tuple[str, ...] = ()
    opaques: tuple[str, ...] = ()
    pung_exposed: bool = False
    kong_exposed: bool = False
    penalised: bool = False                     # MMJ-26 flag: piles count as exposed, no opaque bonus

    def pieces(self) -> list[str]:
        return [p for p in self.chow + self.pung + self.kong if p is not None] + list(self.bonus)


def kong_match(kong: tuple[str, str, str], honour: str | None) -> str:
    """MMJ-5: the largest same-colour group k decides the line; honour if that colour is the honour colour."""
    counts = Counter(colour_of(p) for p in kong)
    colour, k = counts.most_common(1)[0]
    if k == 3:
        return "all honour" if colour == honour else "all"
    if k == 2:
        return "two honour" if colour == honour else "two"
    return "none"


def hand_value(seat: int, h: Holding, honour: str | None, *, winner: bool, opaques_in_play: dict[str, int],
               drawn: bool = False, original: bool = False, rooster: bool = False) -> HandValue:
    """Itemise one hand. `honour` is the winner's honour colour; `opaques_in_play` how many small
    blacks/whites are in play (MMJ-7); `drawn`, `original` and `rooster` describe the winner's going out."""
    items: list[Item] = []
    pieces = h.pieces()
    if winner:
        counts = Counter(colour_of(p) for p in pieces)
        pairs = sum(n // 2 for n in counts.values())
        if pairs:
            items.append(Item("Matched pairs", PAIR * pairs, 0, f"{pairs} same-colour pair{'s' if pairs != 1 else ''}"))
    pung_exposed = h.pung_exposed or h.penalised
    kong_exposed = h.kong_exposed or h.penalised
    if None not in h.pung:                      # only a complete bush scores (MMJ-4)
        m, s = h.pung
        if colour_of(m) == colour_of(s):
            key = (pung_exposed, colour_of(m) == honour)
            items.append(Item(PUNG_NAMES[key], PUNG[key], 0, f"{name(m)} and {name(s)}"))
    if None not in h.kong:
        how = kong_match(h.kong, honour)
        word = "Exposed" if kong_exposed else "Concealed"
        items.append(Item(f"{word} kong, {KONG_NAMES[how]}", KONG[(kong_exposed, how)], 0, " + ".join(map(name, h.kong))))
    honours = sum(1 for p in h.bonus if colour_of(p) == honour)
    if honours in BONUS_DOUBLES:
        items.append(Item("Bonus stack, four honour pieces", 0, BONUS_DOUBLES[honours]))
    elif honours or len(h.bonus) == 4:
        what = "no honour pieces" if not honours else f"{honours} honour piece{'s' if honours != 1 else ''}"
        items.append(Item(f"Bonus stack, {what}", BONUS_POINTS[honours]))
    items += _opaque_items(h, opaques_in_play)
    if winner:
        items.append(Item("Going Mah Jongg", MAH_JONGG))
    if pieces and not any(colour_of(p) == honour for p in pieces):
        items.append(Item("No honour pieces", NO_HONOUR))
    if winner and drawn:
        items.append(Item("Winning piece drawn", WINNING_PIECE_DRAWN))
    colours = {colour_of(p) for p in pieces}
    if len(colours) == 1:
        if colours == {honour}:
            items.append(Item("Solid colour honour hand", 0, SOLID_HONOUR_DOUBLES))
        else:
            items.append(Item("Solid colour hand", 0, SOLID_DOUBLES))
    if winner and original:
        items.append(Item("Original hand", 0, ORIGINAL_DOUBLES, "all three dealt pieces still in place"))
    if winner and rooster:
        items.append(Item("Golden Rooster", GOLDEN_ROOSTER, 0, "went out on a small yellow"))
    return HandValue(seat, tuple(items))


def _opaque_items(h: Holding, in_play: dict[str, int]) -> list[Item]:
    held = Counter(colour_of(p) for p in h.opaques if is_opaque(p))
    full = {c for c in ("white", "black") if in_play.get(c, 0) and held[c] >= in_play[c]}
    if h.penalised:
        full = set()               # MMJ-26: no bonus for a set after trying to discard an opaque
    items = []
    if full == {"white", "black"}:
        items.append(Item("All small opaques", 0, ALL_OPAQUES_DOUBLES))
    else:
        for c in sorted(full):
            items.append(Item(f"All small {c}s", 0, ALL_ONE_OPAQUE_DOUBLES))
    penalised = sum(n for c, n in held.items() if c not in full)
    if penalised:
        items.append(Item("Small opaques held", OPAQUE_EACH * penalised, 0, f"{penalised} × {OPAQUE_EACH}"))
    return items


def settle(values: dict[int, int], winner: int, east: int) -> list[Transfer]:
    """The hand's payments. The winner collects V from each player, 2V from East, or 2V from
    everyone when East wins (MMJ-10); then each pair of losers settles the difference, doubled
    when East is one of the pair and did not win (MMJ-11). Negative amounts flow the other way."""
    out: list[Transfer] = []

    def pay(payer: int, payee: int, amount: int, why: str) -> None:
        if amount < 0:
            payer, payee, amount = payee, payer, -amount
        if amount:
            out.append(Transfer(payer, payee, amount, why))

    v = values[winner]
    losers = [s for s in sorted(values) if s != winner]
    for s in losers:
        double = winner == east or s == east
        why = "Mah Jongg" + (" (East wins double)" if winner == east else " (East pays double)" if s == east else "")
        # each reason shows its sum, so a player can check the payment by hand
        pay(s, winner, 2 * v if double else v,
            f"{why}: {_n(v)} × 2 = {abs(2 * v)}" if double else f"{why}: the winning hand is worth {_n(v)}")
    for i, a in enumerate(losers):
        for b in losers[i + 1:]:
            hi, lo = (b, a) if values[b] >= values[a] else (a, b)    # the lower hand pays the higher
            diff = values[hi] - values[lo]
            double = east in (a, b) and winner != east
            why = f"Difference of hands{' (East doubles)' if double else ''}: {_n(values[hi])} − {_n(values[lo])} = {diff}"
            pay(lo, hi, 2 * diff if double else diff, f"{why}, × 2 for East = {2 * diff}" if double else why)
    return out


def _n(v: int) -> str:
    """A hand value in a sum: a negative one in brackets with a true minus sign ("(−2)")."""
    return f"(−{-v})" if v < 0 else str(v)


def hand_gain(transfers, seat: int) -> int:
    """What a hand's settlement (its transfers as JSON dicts) brought `seat`: received less paid."""
    return sum(t["amount"] for t in transfers if t["payee"] == seat) - \
        sum(t["amount"] for t in transfers if t["payer"] == seat)
