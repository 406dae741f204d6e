"""Shared helpers for the Mahjong Rummy tests (not a test module)."""

from __future__ import annotations

import tomllib
from pathlib import Path

from game.core.protocol import SeatConfig, Setup
from game.rules.rummy import RULES, PlayTurn
from game.rules.rummy.sets import value_options

ROOT = Path(__file__).resolve().parents[3]
LEVELS = ROOT / "levels" / "rummy"


def seats(n_humans: int = 4) -> tuple[SeatConfig, ...]:
    return tuple(SeatConfig("human" if i < n_humans else "bot") for i in range(4))


def setup(deal=None, seed: int = 1, **options) -> Setup:
    return Setup("rummy", seats(), options, seed, deal)


def game(deal=None, seed: int = 1, **options):
    return RULES.new_game(setup(deal, seed, **options))


def table_of(state) -> list[tuple[str, ...]]:
    return [tuple(s.tiles) for s in state.table]


def play(state, seat, new_table, swaps=(), values=(), played=()):
    return RULES.apply(state, seat, PlayTurn(tuple(tuple(s) for s in new_table), tuple(played),
                                             tuple(values), tuple(swaps)))


def verdict(state, seat, new_table, swaps=(), values=(), played=()):
    return RULES.check(state, seat, PlayTurn(tuple(tuple(s) for s in new_table), tuple(played),
                                             tuple(values), tuple(swaps)))


def load_level(name: str) -> dict:
    with open(LEVELS / name, "rb") as f:
        return tomllib.load(f)


def level_setup(data: dict) -> Setup:
    return Setup(data["game"], tuple(SeatConfig(kind=s.get("kind", "human"), strength=s.get("strength", "normal"),
                                                name=s.get("name", "")) for s in data["seats"]),
                 data.get("options", {}), data.get("seed", 0), data.get("deal"))


def solve_without_manipulation(hand, table, values):
    """Every way to play the whole hand using only new sets from the hand and additions to sets in
    play, no tile in play moving.  Returns one solution (list of new table) or None."""
    hand = list(hand)
    base = [list(s.tiles) for s in table]
    n_sets = len(base)
    max_new = len(hand) // 3

    def ok_set(tiles, fixed):
        local = {t: fixed[t] for t in tiles if t in fixed}
        return bool(value_options(tiles, local, limit=1))

    adds = [[] for _ in range(n_sets)]
    news: list[list[str]] = []

    def rec(i):
        if i == len(hand):
            for j in range(n_sets):
                if adds[j] and not ok_set(base[j] + adds[j], values):
                    return None
            for g in news:
                if not ok_set(g, {}):
                    return None
            return [base[j] + adds[j] for j in range(n_sets)] + [list(g) for g in news]
        t = hand[i]
        for j in range(n_sets):
            adds[j].append(t)
            r = rec(i + 1)
            adds[j].pop()
            if r:
                return r
        for g in news:
            g.append(t)
            r = rec(i + 1)
            g.pop()
            if r:
                return r
        if len(news) < max_new:
            news.append([t])
            r = rec(i + 1)
            news.pop()
            if r:
                return r
        return None

    return rec(0)


# --------------------------------------------------------------------------- the seed's tile font
# rules-decisions 5.1: "1 2 3 4" = WE WS WW WN; "5 6 7" = DW DG DR; q..o = C1..C9; a..l = D1..D9;
# z x c v b n m , . = B1..B9; "9" = spacer (RUM-16); "8" = flower (never used).
FONT = {"1": "WE", "2": "WS", "3": "WW", "4": "WN", "5": "DW", "6": "DG", "7": "DR"}
FONT.update({ch: f"C{i + 1}" for i, ch in enumerate("qwertyuio")})
FONT.update({ch: f"D{i + 1}" for i, ch in enumerate("asdfghjkl")})
FONT.update({ch: f"B{i + 1}" for i, ch in enumerate("zxcvbnm,.")})


def decode(text: str) -> list[str]:
    """Seed font -> tile kinds; the spacer "9" is dropped (RUM-16)."""
    out = []
    for ch in text:
        if ch == "9" or ch == " ":
            continue
        if ch == "8":
            raise ValueError("flowers are not used in Mahjong Rummy")
        out.append(FONT[ch])
    return out


def ids(kinds, start=None):
    """Distinct tile ids for a list of kinds ("B3" -> "B3#1", a second "B3" -> "B3#2")."""
    from game.rules.rummy.tiles import TileAllocator
    alloc = start or TileAllocator()
    return [alloc.take(k) for k in kinds]
