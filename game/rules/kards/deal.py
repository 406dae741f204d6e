"""A new game and a new round: seating dice (KRD-33), the shuffle and the break dice (KRD-7), the
deal, the kong box (KRD-6) and the start-of-round replacements and kongs (KRD-32); fixed deals.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

from game.core.kit.seats import order_from
from game.core.kit.tiles import (ALL_KINDS, ALL_PIECES, KIND_INDEX, PieceAllocator, is_bonus, kind_of, parse_piece,
                                 sort_pieces)
from game.core.kit.wall import KARDS_BOX, Wall, WallEmpty
from game.core.protocol import Event, Setup, resolve_options
from game.core.rng import GameRng

from . import flow
from .common import counts, ev
from .options import OPTIONS
from .state import SEATS, State

SIDE_OF_TOTAL = {5: 27, 9: 27, 2: 28, 6: 28, 10: 28, 3: 29, 7: 29, 11: 29, 4: 30, 8: 30, 12: 30}   # KRD-7


# ----------------------------------------------------------------------------- a new game

def new_state(setup: Setup) -> State:
    if len(setup.seats) != SEATS:
        raise ValueError(f"Mah-Jongg for Kards is played by exactly 4 seats, not {len(setup.seats)}")
    options = resolve_options(OPTIONS, setup.options)
    st = State(options, GameRng(setup.seed), "seat_roll", roll_group=[0, 1, 2, 3],
               names=tuple(c.name or f"Player {i + 1}" for i, c in enumerate(setup.seats)))
    st.wall = Wall.build(ALL_PIECES, KARDS_BOX)      # in the box's order until the first round shuffles it
    if setup.deal:
        _fixed_deal(st, setup.deal)
    return st


def _fixed_deal(st: State, deal: Mapping[str, Any]) -> None:
    """setup.deal (levels, tests): {"east": seat, "round_wind": "WE", "hands": [tokens | null x4],
    "wall": [the next draws, in order], "box": [the next replacements, in order], "scores": [x4]}.
    Cards not placed are shuffled; the seating and break dice are skipped."""
    unknown = set(deal) - {"east", "round_wind", "hands", "wall", "box", "scores"}
    if unknown:
        raise ValueError(f"unknown deal key(s): {', '.join(sorted(unknown))}")
    east = deal.get("east", 0)
    if isinstance(east, bool) or not isinstance(east, int) or not 0 <= east < SEATS:
        raise ValueError("deal.east must be a seat 0-3")
    rw = deal.get("round_wind", "WE")
    if rw not in ("WE", "WS", "WW", "WN"):
        raise ValueError("deal.round_wind must be WE, WS, WW or WN")
    st.east, st.round_wind = east, KIND_INDEX[rw]
    alloc = PieceAllocator(bonus=True)

    def take(tokens, where):
        if not isinstance(tokens, (list, tuple)):
            raise ValueError(f"deal.{where} must be a list of cards")
        out = []
        for tok in tokens:
            k, copy = parse_piece(tok, bonus=True, what="Kard")
            out.append(alloc.take(k, copy, f" (deal.{where})"))
        return out

    hands_in = list(deal.get("hands") or []) + [None] * SEATS
    hands = [None if h is None or h == "random" else take(h, f"hands[{i}]") for i, h in enumerate(hands_in[:SEATS])]
    wall_front = take(deal.get("wall") or [], "wall")
    box_front = take(deal.get("box") or [], "box")
    rest = alloc.rest()
    st.rng.shuffle(rest)
    dealer = st.dealer
    for s in range(SEATS):
        size = 14 if s == dealer else 13
        if hands[s] is None:
            hands[s], rest = rest[:size], rest[size:]
        elif len(hands[s]) != size:
            raise ValueError(f"deal.hands[{s}] needs {size} cards, not {len(hands[s])}")
    if len(box_front) > KARDS_BOX.size:
        raise ValueError(f"deal.box holds at most {KARDS_BOX.size} cards")
    fill = KARDS_BOX.size - len(box_front)
    box = box_front + rest[:fill]
    live = wall_front + rest[fill:]
    st.wall = Wall(tuple(live), tuple(box), KARDS_BOX)
    st.hands = [sort_pieces(h) for h in hands]
    scores = deal.get("scores")
    if scores is not None:
        if len(scores) != SEATS or not all(isinstance(x, (int, str)) and not isinstance(x, bool) for x in scores):
            raise ValueError("deal.scores needs four numbers")
        st.scores = [Fraction(x) for x in scores]
    st.held = [dealer]
    st.hand_no = 1
    st.roll_group = []
    st.setup_queue = list(order_from(dealer))
    st.phase = "setup"
    advance_setup(st, [])



# ----------------------------------------------------------------------------- dice, deal, setup

def roll(st: State, faces: tuple[int, ...], events: list[Event]) -> None:
    if st.phase == "seat_roll":          # KRD-33: highest die is East; tied highest roll again
        seat = next(s for s in st.roll_group if s not in st.rolled)
        st.rolled[seat] = faces[0]
        st.seating_rolls.append((seat, faces[0]))
        events.append(ev("dice", {"purpose": "seating", "seat": seat, "faces": faces}))
        if len(st.rolled) == len(st.roll_group):
            top = max(st.rolled.values())
            tops = [s for s in st.roll_group if st.rolled[s] == top]
            st.rolled = {}
            if len(tops) > 1:
                st.roll_group = tops
                events.append(ev("seating_tie", {"seats": tops}))
            else:
                st.roll_group = []
                st.east = tops[0]
                st.held = [st.dealer]
                events.append(ev("seated", {"east": st.east}))
                start_round(st, events)
    elif st.phase == "side_roll":        # KRD-7: 2 dice pick the side to break
        st.side_dice = faces
        st.break_side = (st.east + SIDE_OF_TOTAL[sum(faces)] - 27) % SEATS
        st.phase = "break_roll"
        events.append(ev("dice", {"purpose": "side", "seat": st.dealer, "faces": faces, "side": st.break_side}))
    else:                                # 3 dice: where on that side (shown only; the wall is already shuffled)
        st.break_dice = faces
        events.append(ev("dice", {"purpose": "break", "seat": st.break_side, "faces": faces,
                                  "stack": sum(faces)}))
        _deal(st, events)


def start_round(st: State, events: list[Event]) -> None:
    tiles = list(ALL_PIECES)
    st.rng = st.rng.copy()          # states share their rng until it is used (State.copy keeps it)
    st.rng.shuffle(tiles)
    st.wall = Wall.build(tiles, KARDS_BOX)        # KRD-6: 14 in the kong box
    st.hands = [[] for _ in range(SEATS)]
    st.melds = [[] for _ in range(SEATS)]
    st.bonus = [[] for _ in range(SEATS)]
    st.river = [[] for _ in range(SEATS)]
    st.standing, st.answers, st.asked, st.win = {}, {}, (), {}
    st.discard = st.discarder = st.winner = st.drawn = st.drawn_from = None
    st.discards_made = st.draws_made = st.claims_made = 0
    st.after_queue, st.setup_queue = [], []
    st.side_dice = st.break_dice = ()
    st.break_side = None
    st.hand_no += 1
    st.phase = "side_roll"
    events.append(ev("round_start", {"hand": st.hand_no, "east": st.east, "dealer": st.dealer,
                                     "round_wind": ALL_KINDS[st.round_wind]}))


def _deal(st: State, events: list[Event]) -> None:
    """Three times four cards each from the dealer round, then one each, then the dealer one more."""
    order = order_from(st.dealer)
    wall = st.wall
    for n in (4, 4, 4, 1):
        for s in order:
            got, wall = wall.deal(n)
            st.hands[s].extend(got)
    got, wall = wall.deal(1)
    st.hands[st.dealer].extend(got)
    st.wall = wall
    for s in range(SEATS):
        st.hands[s] = sort_pieces(st.hands[s])
        events.append(ev("dealt", {"seat": s, "pieces": tuple(st.hands[s])}, s,
                         {"seat": s, "count": len(st.hands[s])}))
    st.setup_queue = list(order)
    st.phase = "setup"
    advance_setup(st, events)


def replacement(st: State, seat: int, events: list[Event], why: str) -> str | None:
    """A card from the kong box (topped up from the live wall, KRD-6); None when it is empty."""
    try:
        piece, st.wall = st.wall.replacement()
    except WallEmpty:
        return None
    st.hands[seat] = sort_pieces(st.hands[seat] + [piece])
    events.append(ev("drew", {"seat": seat, "piece": piece, "from": "box", "why": why}, seat,
                     {"seat": seat, "from": "box", "why": why}))
    return piece


def set_aside_bonus(st: State, seat: int, events: list[Event]) -> str | None:
    """Flowers and seasons go to the bonus row, each replaced from the kong box. Returns the last
    replacement drawn (None if none was needed or the box ran dry)."""
    last = None
    while True:
        flowers = [p for p in st.hands[seat] if is_bonus(kind_of(p))]
        if not flowers:
            return last
        for p in flowers:
            st.hands[seat].remove(p)
            st.bonus[seat].append(p)
            events.append(ev("bonus", {"seat": seat, "piece": p}))
            got = replacement(st, seat, events, "flower")
            if got is None:
                return last
            last = got


def advance_setup(st: State, events: list[Event]) -> None:
    """KRD-32: from the dealer round, flowers set aside and replaced; a player holding four of a
    kind is asked whether to declare it; then the dealer starts."""
    while st.setup_queue:
        s = st.setup_queue[0]
        set_aside_bonus(st, s, events)
        if st.wall.box and any(n == 4 for n in counts(st.hands[s])):
            st.turn = s
            st.phase = "setup"
            return
        st.setup_queue.pop(0)
    st.phase = "turn"
    flow.begin_turn(st, st.dealer, events, draw=False)

