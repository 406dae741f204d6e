"""Tile kinds as small ints, physical piece ids, the notation parser and the piece allocator.

Kinds (the order every count vector uses):
    0-8 B1..B9, 9-17 C1..C9, 18-26 D1..D9, 27-30 WE WS WW WN, 31 DR, 32 DG, 33 DW,
    34-37 F1..F4 (flowers), 38-41 S1..S4 (seasons).
The 34 regular kinds have four copies each; each bonus kind has one. A physical piece has a
stable id "<kind>#<copy>" such as "B3#2" or "F1#1" (copy 1..4, bonus tiles always #1), so logs,
saves and tests name the same piece the same way in every game.

Notation (shared/rules-decisions.md): "B3" (a kind) or "B3#2" (one piece), upper or lower case.
"""

from __future__ import annotations

from typing import Iterable

from game.core.pieces import BONUS_TILES, DRAGONS, NUMBERED_TILES, WINDS, tile_name

KINDS: tuple[str, ...] = NUMBERED_TILES + WINDS + DRAGONS         # the 34 regular kinds
BONUS_KINDS: tuple[str, ...] = BONUS_TILES                          # F1..F4, S1..S4
ALL_KINDS: tuple[str, ...] = KINDS + BONUS_KINDS                    # 42
KIND_INDEX: dict[str, int] = {k: i for i, k in enumerate(ALL_KINDS)}

N_KINDS = 34            # length of a hand's count vector
N_SUITED = 27
WIND_LO, WIND_HI = 27, 30
DRAGON_LO, DRAGON_HI = 31, 33
BONUS_LO = 34
COPIES = 4

REGULAR_HINT = "B1..B9, C1..C9, D1..D9, WE WS WW WN, DR DG DW"
BONUS_HINT = "F1..F4, S1..S4"


def copies_of(kind: str) -> int:
    """How many physical copies a kind has: 4, or 1 for a flower or season."""
    return 1 if kind in BONUS_KINDS else COPIES


def piece_ids(bonus: bool = False) -> tuple[str, ...]:
    """Every physical piece in kind order: 136 ids, or 144 with the bonus tiles."""
    kinds = ALL_KINDS if bonus else KINDS
    return tuple(f"{k}#{c}" for k in kinds for c in range(1, copies_of(k) + 1))


ALL_PIECES: tuple[str, ...] = piece_ids(bonus=True)
PIECE_KIND: dict[str, int] = {p: KIND_INDEX[p.split("#")[0]] for p in ALL_PIECES}
PIECE_ORDER: dict[str, int] = {p: i for i, p in enumerate(ALL_PIECES)}


def kind_of(piece: str) -> int:
    """"B3#2" -> 2 (the kind's index)."""
    return PIECE_KIND[piece]


def is_suited(k: int) -> bool:
    return k < N_SUITED


def is_honour(k: int) -> bool:
    return N_SUITED <= k < BONUS_LO


def is_wind(k: int) -> bool:
    return WIND_LO <= k <= WIND_HI


def is_dragon(k: int) -> bool:
    return DRAGON_LO <= k <= DRAGON_HI


def is_bonus(k: int) -> bool:
    return k >= BONUS_LO


def is_terminal(k: int) -> bool:
    """A 1 or a 9 of a suit."""
    return k < N_SUITED and k % 9 in (0, 8)


def suit_of(k: int) -> int:
    """0 bamboo, 1 characters, 2 dots (suited kinds only)."""
    return k // 9


def rank_of(k: int) -> int:
    """1..9 (suited kinds only)."""
    return k % 9 + 1


def name(piece_or_kind: str | int) -> str:
    """A player's name: "3 Bamboo", "Red Dragon", "Plum (flower 1)"."""
    if isinstance(piece_or_kind, int):
        return tile_name(ALL_KINDS[piece_or_kind])
    return tile_name(piece_or_kind.split("#")[0])


def spoken(pieces: Iterable[str | int]) -> str:
    """Pieces (ids, kinds or kind numbers) as players read a group of them: "9 Dots ×3" (all alike),
    "1-2-3 Bamboo" (numbers of one suit), else their names: "7 Dots, Red Dragon"."""
    kinds = [ALL_KINDS[p] if isinstance(p, int) else p.split("#")[0] for p in pieces]
    if len(kinds) > 1 and len(set(kinds)) == 1:
        return f"{name(kinds[0])} ×{len(kinds)}"
    if len(kinds) > 1 and len({k[0] for k in kinds}) == 1 and all(k[0] in "BCD" and k[1:].isdigit() for k in kinds):
        return f"{'-'.join(k[1:] for k in kinds)} {name(kinds[0]).split(' ', 1)[1]}"
    return ", ".join(name(k) for k in kinds)


def sort_pieces(pieces: Iterable[str]) -> list[str]:
    return sorted(pieces, key=PIECE_ORDER.__getitem__)


def parse_piece(token: object, *, bonus: bool = True, what: str = "tile",
                shown: object = None) -> tuple[str, int | None]:
    """Parse "B3" or "B3#2" -> (kind, copy or None). Raises ValueError with a readable message.

    `bonus` allows F1..F4 / S1..S4; `what` names the piece in messages ("Mahjong Rummy tile");
    `shown` is the text to quote in messages when the caller passed only part of a longer token.
    """
    quoted = token if shown is None else shown
    if not isinstance(token, str):
        raise ValueError(f"a tile must be written as text such as \"B3\", not {quoted!r}")
    k, _, copy = token.strip().upper().partition("#")
    allowed = KINDS + BONUS_KINDS if bonus else KINDS
    if k not in allowed:
        hint = REGULAR_HINT + (", " + BONUS_HINT if bonus else "")
        raise ValueError(f"{quoted!r} is not a {what} (use {hint})")
    if not copy:
        return k, None
    most = copies_of(k)
    if not copy.isdigit() or not 1 <= int(copy) <= most:
        raise ValueError(f"{quoted!r}: the copy after # must be " + ("1 to 4" if most == 4 else "1"))
    return k, int(copy)


class PieceAllocator:
    """Turns kinds and ids into distinct physical ids, refusing a copy too many or a repeated id.

    Copies are handed out lowest first ("B3" -> "B3#1", then "B3#2" ...), so the same notation
    always gives the same pieces.
    """

    def __init__(self, taken: Iterable[str] = (), bonus: bool = False):
        self.used: set[str] = set(taken)
        self.universe: tuple[str, ...] = piece_ids(bonus)

    def claim_exact(self, pid: str, where: str = "") -> str:
        if pid in self.used:
            raise ValueError(f"tile {pid} is used twice{where}")
        self.used.add(pid)
        return pid

    def take(self, kind: str, copy: int | None = None, where: str = "") -> str:
        if copy is not None:
            return self.claim_exact(f"{kind}#{copy}", where)
        most = copies_of(kind)
        for c in range(1, most + 1):
            pid = f"{kind}#{c}"
            if pid not in self.used:
                self.used.add(pid)
                return pid
        raise ValueError(f"there are only {most} copies of {name(kind)}{where}" if most > 1
                         else f"there is only one {name(kind)}{where}")

    def rest(self) -> list[str]:
        """The pieces not yet taken, in kind order."""
        return [p for p in self.universe if p not in self.used]
