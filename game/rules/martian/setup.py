"""Starting a game and each hand (rulings section 1.2): covers, opaques, East, the starting piles.

The covers are shuffled with the game's own rng (a shuffle is the physical ritual); every die is
a chance action the match draws, logs and can force (`D8` here, `Dice` in a turn).
"""

from __future__ import annotations

from typing import Any, Mapping

from game.core.kit.seats import FORWARD, order_from
from game.core.protocol import Event, Setup, resolve_options
from game.core.rng import GameRng

from .options import OPTIONS
from .pieces import (ALL_COLOURS, BONUS_MAX, COLOURS, COPIES, OPAQUES, PILE_SLOTS, POOL_KINDS, d8_colour, is_opaque,
                     kind, parse_piece, size_of)
from .state import Cover, Screen, State, census, full_box, own_rng

DEAL_ORDER = ("kong-L", "pung-M", "chow-S")     # step 6: larges, then mediums, then smalls


def opaques_each(n: int) -> int:
    """Small blacks and whites each player gets: one of each, two of each with two players (MMJ-9)."""
    return 2 if n == 2 else 1


def opaques_in_play(st: State) -> dict[str, int]:
    """Small blacks / whites in play, the set-aside ones not counted (MMJ-7): 5, or 4 with three players."""
    return {c: COPIES - st.aside.get(f"{c}-S", 0) for c in OPAQUES}


def new_state(setup: Setup) -> State:
    n = len(setup.seats)
    if not 2 <= n <= 4:
        raise ValueError(f"Martian Mah Jongg is played by 2 to 4 players, not {n}")
    options = resolve_options(OPTIONS, setup.options)
    humans = tuple(s.kind == "human" for s in setup.seats)
    names = tuple(s.name or f"Player {i + 1}" for i, s in enumerate(setup.seats))
    st = State(options, n, humans, GameRng(setup.seed), scores=[0] * n, memory=[{} for _ in range(n)], names=names)
    if setup.deal:
        fixed_deal(st, setup.deal)
        return st
    start_hand(st, [])
    return st


def start_hand(st: State, events: list[Event]) -> None:
    """Steps 1-3 now; step 4 waits for two d8 rolls (phase cover_d8)."""
    st.hand_no += 1
    st.rolls = st.lost = 0
    st.drawn = st.dice = st.looking = st.discard = st.discarder = None
    st.asked, st.answers = (), {}
    st.memory = [{} for _ in range(st.n)]
    own_rng(st)
    box = full_box()
    # step 2: one small of each of the ten colours under the ten medium covers (MMJ-8)
    smalls = [kind(c, "S") for c in ALL_COLOURS]
    for p in smalls:
        box[p] -= 1
    st.rng.shuffle(smalls)
    mcols = ["black"] * 5 + ["white"] * 5
    st.rng.shuffle(mcols)
    st.covers = [Cover(mcols[i], "M", smalls[i]) for i in range(10)]
    box["black-M"] -= 5
    box["white-M"] -= 5
    # step 3: the opaques (MMJ-9); what is left is set aside
    each = opaques_each(st.n)
    st.screens = [Screen(opaques=["black-S"] * each + ["white-S"] * each) for _ in range(st.n)]
    for o in ("black-S", "white-S"):
        box[o] -= each * st.n
    st.aside = {o: box[o] for o in ("black-S", "white-S") if box[o]}
    st.pool = {k: box[k] for k in POOL_KINDS}
    st.cover_rolls, st.d8_log = [], []
    st.phase = "cover_d8"
    events.append(Event("hand_start", {"hand": st.hand_no, "east": st.east,
                                       "covers": [f"{c.colour}-{c.size}" for c in st.covers]}))


def finish_covers(st: State, events: list[Event]) -> None:
    """Step 4 after its two rolls: those two mediums and one of each colour under the large covers."""
    mediums = [kind(d8_colour(f), "M") for f in st.cover_rolls] + [kind(c, "M") for c in COLOURS]
    for p in mediums:
        st.pool[p] -= 1
    own_rng(st)
    st.rng.shuffle(mediums)
    lcols = ["black"] * 5 + ["white"] * 5
    st.rng.shuffle(lcols)
    st.covers += [Cover(lcols[i], "L", mediums[i]) for i in range(10)]
    events.append(Event("covers_set", {"covers": [f"{c.colour}-{c.size}" for c in st.covers]}))
    if st.east is None:
        st.contest, st.contest_rolls = tuple(range(st.n)), {}
        st.phase, st.turn = "east_d8", 0
    else:
        begin_deal(st)


def east_roll(st: State, face: int, events: list[Event]) -> None:
    """Step 5: everyone rolls the d8; the highest rollers roll again until one is highest."""
    seat = st.contest[len(st.contest_rolls)]
    st.contest_rolls[seat] = face
    st.d8_log.append(("east", seat, face))
    events.append(Event("rolled_d8", {"seat": seat, "face": face, "for": "east"}))
    if len(st.contest_rolls) < len(st.contest):
        st.turn = st.contest[len(st.contest_rolls)]
        return
    top = max(st.contest_rolls.values())
    best = tuple(s for s in st.contest if st.contest_rolls[s] == top)
    if len(best) > 1:
        st.contest, st.contest_rolls, st.turn = best, {}, best[0]
        events.append(Event("east_tie", {"seats": list(best), "face": top}))
        return
    st.east = best[0]
    events.append(Event("east", {"seat": st.east}))
    begin_deal(st)


def begin_deal(st: State) -> None:
    order = order_from(st.east, st.n, FORWARD)
    st.deal_queue = [(seat, slot) for slot in DEAL_ORDER for seat in order]
    st.phase, st.turn = "deal_d8", st.deal_queue[0][0]


def deal_roll(st: State, face: int, events: list[Event]) -> None:
    """Step 6: the roller takes that colour in the slot's size, or rolls again if none is left."""
    seat, slot = st.deal_queue[0]
    piece = kind(d8_colour(face), slot.split("-")[1])
    st.d8_log.append((slot, seat, face))
    if not st.pool[piece]:
        events.append(Event("rolled_d8", {"seat": seat, "face": face, "for": slot, "piece": piece,
                                          "again": True}))
        return
    st.pool[piece] -= 1
    st.screens[seat].slots[slot] = piece
    st.screens[seat].last_in = (piece, "dealt", 0)
    st.deal_queue.pop(0)
    events.append(Event("rolled_d8", {"seat": seat, "face": face, "for": slot, "piece": piece, "again": False}))
    if st.deal_queue:
        st.turn = st.deal_queue[0][0]
    else:
        st.phase, st.turn = "begin", st.east
        events.append(Event("play_starts", {"east": st.east}))


# --------------------------------------------------------------------------- fixed deals

DEAL_KEYS = {"east", "hands", "covers", "scores", "turn", "hand", "passes", "rolls"}
HAND_KEYS = {"chow", "pung", "kong", "bonus", "opaques", "exposed", "penalised"}


def fixed_deal(st: State, deal: Mapping[str, Any]) -> None:
    """setup.deal for levels and tests: a hand already set up, ready for `turn` (default East) to roll.

    {"east": seat, "turn": seat, "hand": n, "passes": n, "scores": [..],
     "hands": [{"chow": ["red-S"], "pung": ["blue-M", null], "kong": ["red-L", null, null],
                "bonus": [..], "opaques": [..], "exposed": ["pung"], "penalised": false}, ...],
     "covers": {"M": [10 smalls], "L": [10 mediums], "M_colours": [...], "L_colours": [...]}}
    Unlisted hands get a random large, medium and small; unlisted covers are filled from the box at
    random; the rest of the box is the pool.
    """
    unknown = set(deal) - DEAL_KEYS
    if unknown:
        raise ValueError(f"unknown deal key(s): {', '.join(sorted(unknown))}; the keys are {', '.join(sorted(DEAL_KEYS))}")
    n = st.n
    east = _seat(deal.get("east", 0), n, "deal.east")
    box = full_box()

    def take(piece: str, where: str) -> str:
        if box[piece] <= 0:
            raise ValueError(f"{where}: no {piece} is left in the box (there are {COPIES} of each)")
        box[piece] -= 1
        return piece

    hands = list(deal.get("hands") or [])
    if len(hands) > n:
        raise ValueError(f"deal.hands has {len(hands)} entries for {n} players")
    screens = []
    unlisted = []
    for i in range(n):
        h = hands[i] if i < len(hands) and hands[i] is not None else None
        if h is None:                       # dealt at random below, once the listed pieces are out
            unlisted.append(i)
            h = {}
        if not isinstance(h, Mapping):
            raise ValueError(f"deal.hands[{i}] must be a table of piles")
        bad = set(h) - HAND_KEYS
        if bad:
            raise ValueError(f"deal.hands[{i}]: unknown key(s) {', '.join(sorted(bad))}")
        sc = Screen()
        for pile in ("chow", "pung", "kong"):
            given = list(h.get(pile) or [])
            slots = PILE_SLOTS[pile]
            if len(given) > len(slots):
                raise ValueError(f"deal.hands[{i}].{pile} has room for {len(slots)} pieces, sizes "
                                 f"{' '.join(s.split('-')[1] for s in slots)}")
            for slot, tok in zip(slots, given):
                if tok is None or tok in ("", "-"):     # TOML has no null: "-" is an empty slot
                    continue
                p = parse_piece(tok, f"deal.hands[{i}].{pile}")
                if is_opaque(p) or size_of(p) != slot.split("-")[1]:
                    raise ValueError(f"deal.hands[{i}].{pile}: {p} can't go in the {slot} slot")
                sc.slots[slot] = take(p, f"deal.hands[{i}].{pile}")
        for tok in h.get("bonus") or []:
            p = parse_piece(tok, f"deal.hands[{i}].bonus")
            if size_of(p) != "L" or is_opaque(p):
                raise ValueError(f"deal.hands[{i}].bonus holds see-through larges only, not {p}")
            sc.bonus.append(take(p, f"deal.hands[{i}].bonus"))
        if len(sc.bonus) > BONUS_MAX:
            raise ValueError(f"deal.hands[{i}].bonus holds at most {BONUS_MAX} larges")
        ops = h.get("opaques")
        ops = ["black-S"] * opaques_each(n) + ["white-S"] * opaques_each(n) if ops is None else ops
        for tok in ops:
            p = parse_piece(tok, f"deal.hands[{i}].opaques")
            if p not in ("black-S", "white-S"):
                raise ValueError(f"deal.hands[{i}].opaques holds small blacks and whites only, not {p}")
            sc.opaques.append(take(p, f"deal.hands[{i}].opaques"))
        for pile in h.get("exposed") or []:
            if pile not in ("pung", "kong") or sc.empty_slots(pile):
                raise ValueError(f"deal.hands[{i}].exposed: only a complete pung or kong pile can be exposed")
            sc.exposed.add(pile)
        sc.penalised = bool(h.get("penalised", False))
        if sc.slots["kong-L"] is None and i not in unlisted:
            raise ValueError(f"deal.hands[{i}].kong needs its large (every player is dealt one)")
        sc.last_in = None
        screens.append(sc)
    covers_in = deal.get("covers") or {}
    covers = []
    for size in ("M", "L"):
        contents = list(covers_in.get(size) or [])
        colours = list(covers_in.get(f"{size}_colours") or [])
        if len(contents) > 10 or len(colours) > 10:
            raise ValueError(f"deal.covers.{size}: there are 10 {size} covers")
        for j in range(10):
            col = colours[j] if j < len(colours) else None
            if col is None:
                col = "black" if box[f"black-{size}"] >= box[f"white-{size}"] else "white"
            if col not in OPAQUES:
                raise ValueError(f"deal.covers.{size}_colours: a cover is black or white, not {col!r}")
            take(f"{col}-{size}", f"deal.covers.{size}_colours")
            covers.append([col, size, contents[j] if j < len(contents) else None])
    for c in covers:                       # listed contents first, then random ones from the rest
        if c[2] is not None:
            p = parse_piece(c[2], f"deal.covers.{c[1]}")
            if size_of(p) != ("S" if c[1] == "M" else "M"):
                raise ValueError(f"deal.covers.{c[1]}: a {c[1]} cover hides a {'small' if c[1] == 'M' else 'medium'}, not {p}")
            c[2] = take(p, f"deal.covers.{c[1]}")
    for i in unlisted:                      # a Kong large, a Pung medium and a Chow small, as the dice would
        for slot in DEAL_ORDER:
            size = slot.split("-")[1]
            choices = sorted(k for k in POOL_KINDS if box[k] > 0 and size_of(k) == size)
            screens[i].slots[slot] = take(st.rng.choice(choices), f"deal.hands[{i}]")
    for sc in screens:
        sc.original = all(sc.slots[s] is not None for s in DEAL_ORDER)   # MMJ-12 needs all three dealt
    for c in covers:
        if c[2] is None:
            hides = "S" if c[1] == "M" else "M"
            choices = sorted(k for k in box if box[k] > 0 and size_of(k) == hides and
                             (hides == "M" and not is_opaque(k) or hides == "S"))
            if not choices:
                raise ValueError(f"no {hides} piece left to put under a cover")
            c[2] = take(st.rng.choice(choices), "deal.covers")
    st.covers = [Cover(col, size, content) for col, size, content in covers]
    for k in ("black-M", "white-M", "black-L", "white-L"):
        if box[k]:
            raise ValueError("the covers must use all ten medium and ten large opaques")
    st.screens = screens
    st.aside = {o: box[o] for o in ("black-S", "white-S") if box[o]}
    st.pool = {k: box[k] for k in POOL_KINDS}
    st.east = east
    st.turn = _seat(deal.get("turn", east), n, "deal.turn")
    st.hand_no = _count(deal.get("hand", 1), "deal.hand", 1)
    st.passes = _count(deal.get("passes", 0), "deal.passes", 0)
    scores = deal.get("scores", [0] * n)
    if not isinstance(scores, (list, tuple)) or len(scores) != n or not all(
            isinstance(x, int) and not isinstance(x, bool) for x in scores):
        raise ValueError(f"deal.scores needs {n} whole numbers")
    st.scores = list(scores)
    st.script = parse_rolls(deal.get("rolls") or [])
    st.phase = "begin"
    assert sum(census(st).values()) == 150


def parse_rolls(rolls: Any) -> list:
    """deal.rolls: the next turn rolls, in order, each a piece the dice name ("yellow-S") or a
    [d6, d8] pair; once they are used up the dice are random again."""
    from .actions import Dice
    from .pieces import COLOURS, d6_size
    if not isinstance(rolls, (list, tuple)):
        raise ValueError("deal.rolls must be a list of pieces (like yellow-S) or [d6, d8] pairs")
    out = []
    for i, r in enumerate(rolls):
        where = f"deal.rolls[{i + 1}]"
        if isinstance(r, str):
            p = parse_piece(r, where)
            if is_opaque(p):
                raise ValueError(f"{where}: the dice never name an opaque piece ({p})")
            out.append(Dice({"S": 1, "M": 3, "L": 5}[size_of(p)], COLOURS.index(p.rsplit("-", 1)[0]) + 1))
        elif (isinstance(r, (list, tuple)) and len(r) == 2 and all(isinstance(x, int) and not isinstance(x, bool)
                                                                    for x in r) and 1 <= r[0] <= 6 and 1 <= r[1] <= 8):
            d6_size(r[0])
            out.append(Dice(r[0], r[1]))
        else:
            raise ValueError(f"{where}: write a piece like yellow-S or a pair [d6, d8] (d6 1-6, d8 1-8), not {r!r}")
    return out


def _seat(v: Any, n: int, what: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < n:
        raise ValueError(f"{what} must be a seat from 0 to {n - 1}, not {v!r}")
    return v


def _count(v: Any, what: str, lo: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or v < lo:
        raise ValueError(f"{what} must be a whole number from {lo}, not {v!r}")
    return v

