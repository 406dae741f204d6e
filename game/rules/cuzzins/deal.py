"""A fixed first deal for levels and tests (setup.deal); later hands are dealt at random as usual.

Keys, all optional (unknown keys are refused):
    dealer  0-3: the first dealer, without the throws for the deal (CUZ-23)
    dice    [a, b]: the dealer's wall-opening throw (needs `dealer`); the hand starts dealt
    hands   four lists of tiles by seat, the dealer's 17 and the others' 16 (needs `dealer`);
            a list may be left empty to deal that seat at random. Flowers may be written in: they
            are laid out and replaced after the deal, as in play.
    wall    the tiles drawn from the wall after the deal, in order
    loose   the loose tiles in the order they are taken (flower replacements, kongs)
Tiles are kit codes ("B3", "C9", "D5"; flowers "F1".."F4", "S1".."S4", winds "WE", dragons "DR"),
one copy each (PieceAllocator: the same notation always gives the same pieces). Whatever the
deal leaves out is shuffled from the seed. Messages start with the key they are about.
"""

from __future__ import annotations

from typing import Any, Mapping

from game.core.kit.tiles import PieceAllocator, parse_piece
from game.core.rng import GameRng

from .tiles import SEATS

KEYS = ("dealer", "dice", "hands", "wall", "loose")


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _tiles(value: Any, where: str, alloc: PieceAllocator) -> list[str]:
    if isinstance(value, str):
        value = value.split()
    if not isinstance(value, list):
        raise ValueError(f"{where} must be a list of tiles such as [\"B1\", \"C5\"]")
    out = []
    for i, t in enumerate(value):
        try:
            kind, copy = parse_piece(t, bonus=True)
            out.append(alloc.take(kind, copy, f" (in {where})"))
        except ValueError as e:
            raise ValueError(f"{where}[{i + 1}]: {e}") from None
    return out


def parse_deal(deal: Mapping[str, Any] | None) -> dict | None:
    """Check a fixed deal and turn its tiles into piece ids; ValueError names the key."""
    if not deal:
        return None
    if not isinstance(deal, Mapping):
        raise ValueError("deal must be a table of dealer, dice, hands, wall, loose")
    for key in deal:
        if key not in KEYS:
            raise ValueError(f"{key} is not a key of a Cuzzins deal (use {', '.join(KEYS)})")
    out: dict[str, Any] = {}
    dealer = deal.get("dealer")
    if dealer is not None:
        if not _whole(dealer) or not 0 <= dealer < SEATS:
            raise ValueError(f"dealer must be a seat number 0-3, not {dealer!r}")
        out["dealer"] = dealer
    dice = deal.get("dice")
    if dice is not None:
        if not (isinstance(dice, list) and len(dice) == 2 and all(_whole(d) and 1 <= d <= 6 for d in dice)):
            raise ValueError(f"dice must be two numbers 1-6 such as [3, 5], not {dice!r}")
        if dealer is None:
            raise ValueError("dice needs a dealer: the wall-opening throw is the dealer's")
        out["dice"] = tuple(dice)
    alloc = PieceAllocator(bonus=True)
    hands = deal.get("hands")
    if hands is not None:
        if dealer is None:
            raise ValueError("hands needs a dealer: the dealer's hand holds 17 tiles, the others 16")
        if not isinstance(hands, list) or len(hands) != SEATS:
            raise ValueError("hands must be four lists of tiles, one per seat (an empty list: dealt at random)")
        out["hands"] = []
        for seat, h in enumerate(hands):
            tiles = _tiles(h, f"hands[{seat + 1}]", alloc)
            want = 17 if seat == dealer else 16
            if tiles and len(tiles) != want:
                raise ValueError(f"hands[{seat + 1}] holds {len(tiles)} tiles; seat {seat} gets {want}")
            out["hands"].append(tiles)
    for key in ("wall", "loose"):
        if deal.get(key) is not None:
            out[key] = _tiles(deal[key], key, alloc)
    out["rest"] = alloc.rest()
    return out


def fixed_row(fixed: dict, dealer: int, seed: int) -> list[str]:
    """The wall's row from the break (Wall.build order) that deals and draws as `fixed` says."""
    rest = list(fixed["rest"])
    GameRng(f"{seed}:fixed-deal").shuffle(rest)
    hands = [list(h) for h in fixed.get("hands", [[]] * SEATS)]
    for seat in range(SEATS):
        if not hands[seat]:
            n = 17 if seat == dealer else 16
            hands[seat], rest = rest[:n], rest[n:]
    row: list[str] = []
    order = [(dealer + i) % SEATS for i in range(SEATS)]
    for rnd in range(2):                      # as flow._deal takes them: 8 each, twice, the dealer's extra last
        for seat in order:
            n = 9 if rnd == 1 and seat == dealer else 8
            row += hands[seat][8 * rnd: 8 * rnd + n]
    row += fixed.get("wall", [])
    loose = fixed.get("loose", [])
    return row + rest + loose[::-1]           # the box is the row's end, its last tile taken first
