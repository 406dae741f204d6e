"""Scoring a win in whole cents, step by step (sections 8-10, 12; CUZ-1 ... CUZ-13, CUZ-24 ... CUZ-27).

Every number is in the tables below: initial score by what the winning tile completed, hand
points, bonuses, honours and the payment rules. `score_win` tries every read of the hand and
every place the winning tile could sit in it, and keeps the highest total (CUZ-9).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from game.core.kit.hands import Group
from game.core.kit.tiles import spoken

from .hands import Read, reads, waits
from .tiles import code, face_value, suit

# 8.2-8.4 (CUZ-5: "10e" is 10; CUZ-6: the four-of-a-kind line is kept as written, it cannot fire)
INITIAL = {"kong": 50, "pair": 20, "set": 10}
# 8.6 (CUZ-7: kongs and secrets score as threes; CUZ-8: ones/nines 6 instead of 3)
POINTS = {"back": 2, "run_same_suit_as_back": 3, "three": 3, "three_ones_nines": 6}
ROUND_TO = 5                                   # CUZ-27
# section 9 (CUZ-1 ... CUZ-4, CUZ-25)
BONUSES = {"no_flowers": 10, "paningit": 10, "all_up": 10, "escalera": 50, "syete_pares": 50, "loose_tile": 50}
BONUS_NAMES = {"no_flowers": "No flowers", "paningit": "Paningit", "all_up": "All Up", "escalera": "Escalera",
               "syete_pares": "Syete pares", "loose_tile": "Loose-tile win"}
# section 10 (CUZ-10 ... CUZ-12): each multiplies the total, and they multiply together
HONOURS = {"double_dice": 2, "bunot": 2, "original": 8}
HONOUR_NAMES = {"double_dice": "Double Dice", "bunot": "Bunot", "original": "Original hand"}
# section 12 and 6.3 / 6.7 / 6.8, in cents
CENTS_PER_POINT = 1
THROWER_FACTOR = 2                             # CUZ-13
KONG_CENTS = 10
SECRET_CENTS = 10
SEE_CENTS = 25

HOW = ("wall", "loose", "claimed", "original")   # where the winning tile came from


@dataclass(frozen=True)
class Win:
    """What scoring needs to know about a winning hand (all kinds are kit kind ints)."""
    counts: tuple[int, ...]          # the concealed part, winning tile included (34 counts)
    melds: tuple[Group, ...]         # laid out from claims (concealed False; kongs shape "kong")
    secrets: tuple[Group, ...]       # declared secrets (shape "kong", concealed True)
    tile: int                        # the winning tile's kind
    how: str                         # one of HOW
    after_kong: bool = False         # the loose tile came after a kong (9.6)
    flowers: int = 0                 # flowers the winner laid out this hand
    double_dice: bool = False
    ones_nines: bool = True          # CUZ-14 settings
    loose_tile_bonus: bool = True


@dataclass(frozen=True)
class Step:
    name: str
    value: int
    why: str = ""


@dataclass(frozen=True)
class Score:
    read: Read
    role: str                        # "pair", "set" or "kong": what the winning tile completed
    initial: int
    points: int
    rounded: int
    bonuses: tuple[str, ...]
    honours: tuple[str, ...]
    total: int
    steps: tuple[Step, ...]


def round_up(n: int) -> int:
    """CUZ-27: the smallest multiple of 5 that is at least n."""
    return -(-n // ROUND_TO) * ROUND_TO


def set_points(g: Group, back_suit: int, ones_nines: bool) -> int:
    if g.shape == "chow":
        return POINTS["run_same_suit_as_back"] if suit(g.kind) == back_suit else 0
    terminal = g.kind % 9 in (0, 8)
    return POINTS["three_ones_nines"] if terminal and ones_nines else POINTS["three"]


def _describe(g: Group) -> str:
    return spoken([code(k) for k in g.kinds])


def _is_escalera(sets: Sequence[Group]) -> bool:
    """CUZ-2: runs 1-2-3, 4-5-6 and 7-8-9 all in one suit."""
    chows = {g.kind for g in sets if g.shape == "chow"}
    return any({s * 9, s * 9 + 3, s * 9 + 6} <= chows for s in range(3))


def _roles(read: Read, tile: int) -> list[tuple[str, Group]]:
    """Where the winning tile can sit: the back, or a concealed set holding it (not a meld or secret)."""
    out = []
    if tile in read.back.kinds:
        out.append(("pair", read.back))
    for g in read.sets:
        if g.concealed and g.shape != "kong" and tile in g.kinds and not any(
                r[1] == g for r in out):
            out.append(("kong" if g.shape == "kong" else "set", g))
    return out


def completed_group(read: Read, role: str, tile: int) -> Group:
    """The group the winning tile completed in a scored reading (the first that fits the role: any
    other would score the same)."""
    return next(g for r, g in _roles(read, tile) if r == role)


def score_read(win: Win, read: Read, role: str, paningit: bool) -> Score:
    steps: list[Step] = []
    face = face_value(win.tile)
    initial = INITIAL[role] + face
    what = {"pair": "the back", "set": "a set", "kong": "four of a kind"}[role]
    steps.append(Step("Initial score", initial, f"{INITIAL[role]} for finishing {what} + {face} for {spoken([code(win.tile)])}"))
    back_suit = suit(read.back.kind)
    points = POINTS["back"]
    steps.append(Step("Back", POINTS["back"], _describe(read.back)))
    for g in read.sets:
        p = set_points(g, back_suit, win.ones_nines)
        if p:
            name = {"chow": "Run in the back's suit", "kong": "Four of a kind"}.get(g.shape, "Three of a kind")
            steps.append(Step(name, p, _describe(g)))
            points += p
    rounded = round_up(initial + points)
    steps.append(Step("Rounded up", rounded, f"{initial + points} to the next five"))
    bonuses = []
    if win.flowers == 0:
        bonuses.append("no_flowers")
    if paningit:
        bonuses.append("paningit")
    claimed_sets = len(win.melds) + (1 if win.how == "claimed" and role != "pair" else 0)
    if not read.syete and not win.secrets and claimed_sets == 5:
        bonuses.append("all_up")
    if not read.syete and _is_escalera(read.sets):
        bonuses.append("escalera")
    if read.syete:
        bonuses.append("syete_pares")
    if win.loose_tile_bonus and win.how == "loose" and win.after_kong:
        bonuses.append("loose_tile")
    total = rounded
    for b in bonuses:
        total += BONUSES[b]
        steps.append(Step(BONUS_NAMES[b], BONUSES[b], "bonus"))
    honours = []
    if win.double_dice:
        honours.append("double_dice")
    if win.how == "original":
        honours.append("original")
    elif win.how in ("wall", "loose"):
        honours.append("bunot")
    for h in honours:
        total *= HONOURS[h]
        steps.append(Step(HONOUR_NAMES[h], total, f"times {HONOURS[h]}"))     # the total so far, as "Rounded up"
    steps.append(Step("Total", total, "points, one cent each"))
    return Score(read, role, initial, points, rounded, tuple(bonuses), tuple(honours), total, tuple(steps))


def score_win(win: Win, role: str | None = None, back: int | None = None,
              sets: Sequence[Group] | None = None) -> Score:
    """The best score of a complete hand (CUZ-9); ValueError if the hand is not complete.

    A player who says how he reads the hand narrows the choice: `role` is what the winning tile
    completed ("pair", "set" or "kong"), `back` the pair's kind, `sets` the concealed sets (any
    order); ValueError when no reading of the hand fits them."""
    fixed = win.melds + win.secrets
    before = list(win.counts)
    before[win.tile] -= 1
    paningit = len(waits(tuple(before), fixed)) == 1            # CUZ-3 (a)
    best: Score | None = None
    want_sets = None if sets is None else sorted((g.shape, g.kind) for g in sets)
    for read in reads(win.counts, fixed):
        if back is not None and read.back.kind != back:
            continue
        if want_sets is not None and sorted((g.shape, g.kind) for g in read.sets if g.concealed) != want_sets:
            continue
        for r, _g in _roles(read, win.tile):
            if role is not None and r != role:
                continue
            s = score_read(win, read, r, paningit)
            if best is None or s.total > best.total:
                best = s
    if best is None:
        if role is not None or back is not None or sets is not None:
            asked = [w for w, given in ((f"{spoken([code(win.tile)])} completing {'the back' if role == 'pair' else 'a ' + str(role)}",
                                         role), (f"the back {spoken([code(back)]) if back is not None else ''}", back is not None),
                                        ("those sets", sets is not None)) if given]
            raise ValueError("no reading of the hand has " + " and ".join(asked))
        raise ValueError("the hand is not complete with that winning tile")
    return best


def payments(total: int, winner: int, thrower: int | None, thrower_double: bool, seats: int = 4
             ) -> list[tuple[int, int, str]]:
    """(payer, cents, why) for every loser: a cent a point; the thrower of a claimed winning tile
    pays double when the setting is on (CUZ-13)."""
    out = []
    for p in range(seats):
        if p == winner:
            continue
        if p == thrower and thrower_double:
            out.append((p, total * CENTS_PER_POINT * THROWER_FACTOR, "threw the winning tile: pays double"))
        else:
            out.append((p, total * CENTS_PER_POINT, "a cent a point"))
    return out
