"""How a game runs: seating and break dice, the deal and the kong box, turns, the sealed claim
window, Mah-Jongg and the one more turn of the others, ties, seat rotation and the game's end.

`apply` always works on a copy (`State.copy`), so the state it was given never changes.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import product
from typing import Any, Mapping

from game.core.kit import hands as H
from game.core.kit.claims import Claim, nearest_after, resolve
from game.core.kit.ledger import Ledger
from game.core.kit.seats import BACKWARD, FORWARD, order_from
from game.core.kit.tiles import (ALL_KINDS, ALL_PIECES, KIND_INDEX, PieceAllocator, is_bonus, is_suited, kind_of,
                                 name, parse_piece, sort_pieces)
from game.core.kit.wall import KARDS_BOX, Wall, WallEmpty
from game.core.protocol import (CHANCE, Action, Event, IllegalAction, Prompt, Result, ScoreLine, Setup, Transfer,
                                resolve_options)
from game.core.rng import GameRng

from .actions import (CODEC, ConcealedKong, Chow, Dice, Discard, Done, Expand, Kong, MahJongg, Pass, Pung,
                      Standing)
from .options import OPTIONS
from .patterns import Meld, compile_shape, features, holding_counts, matches, may_match
from .scoring import SHAPE_SPECIALS, WinContext, best_win, is_winning, score_holding
from .state import SEATS, MeldRec, State

WIND_NAMES = {27: "East", 28: "South", 29: "West", 30: "North"}
SIDE_OF_TOTAL = {5: 27, 9: 27, 2: 28, 6: 28, 10: 28, 3: 29, 7: 29, 11: 29, 4: 30, 8: 30, 12: 30}   # KRD-7
WIN_PAYMENT = 8


# ----------------------------------------------------------------------------- small helpers

def counts(pieces) -> tuple:
    c = [0] * 34
    for p in pieces:
        c[kind_of(p)] += 1
    return tuple(c)


def meld_views(st: State, seat: int) -> list[Meld]:
    return [Meld(m.shape, m.kind, m.concealed) for m in st.melds[seat]]


def seat_label(st: State, seat: int) -> str:
    return WIND_NAMES[st.seat_wind(seat)]


def _ev(kind: str, data: Mapping, seat: int | None = None, public: Mapping | None = None) -> Event:
    return Event(kind, data, None if seat is None else frozenset({seat}), public)


# ----------------------------------------------------------------------------- a new game

def new_state(setup: Setup) -> State:
    if len(setup.seats) != SEATS:
        raise ValueError(f"Mah-Jongg for Kards is played by exactly 4 seats, not {len(setup.seats)}")
    options = resolve_options(OPTIONS, setup.options)
    st = State(options, GameRng(setup.seed), "seat_roll", roll_group=[0, 1, 2, 3])
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
    _advance_setup(st, [])


# ----------------------------------------------------------------------------- who acts

def to_act(st: State) -> tuple[int, ...]:
    if st.phase in ("seat_roll", "side_roll", "break_roll"):
        return (CHANCE,)
    if st.phase in ("setup", "turn", "after"):
        return (st.turn,)
    if st.phase == "claim":
        return tuple(s for s in st.asked if s not in st.answers)
    return ()


def prompt(st: State) -> Prompt:
    seats = to_act(st)
    if seats == (CHANCE,):
        return Prompt(seats, "chance")
    if st.phase == "claim":
        secs = st.options["claim_seconds"]
        return Prompt(seats, "claim", sealed=True, timeout=float(secs) if secs else None,
                      on_timeout=tuple((s, Pass()) for s in seats), window=("claim", st.hand_no, st.discards_made))
    if st.phase == "setup":
        return Prompt(seats, "setup")
    return Prompt(seats, "turn")


def outcomes(st: State) -> list[tuple[Action, Fraction]]:
    n = {"seat_roll": 1, "side_roll": 2, "break_roll": 3}.get(st.phase)
    if n is None:
        return []
    return [(Dice(faces), Fraction(1, 6 ** n)) for faces in product(range(1, 7), repeat=n)]


def legal(st: State, seat: int) -> list[Action]:
    if st.finished or seat not in to_act(st):
        return []
    if seat == CHANCE:
        return [a for a, _ in outcomes(st)]
    if st.phase == "setup":
        c = counts(st.hands[seat])
        return [Done()] + ([ConcealedKong(ALL_KINDS[k]) for k in range(34) if c[k] == 4] if st.wall.box else [])
    if st.phase in ("turn", "after"):
        return _turn_actions(st, seat)
    if st.phase == "claim":
        return [Pass()] + _claims(st, seat)
    return []


# ----------------------------------------------------------------------------- apply

def apply(st: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    CODEC.check(action)
    if st.finished:
        raise IllegalAction("The game is over.")
    if seat not in to_act(st):
        raise IllegalAction("It is not your move now.")
    if action not in legal(st, seat):
        raise IllegalAction(_why_not(st, seat, action))
    st = st.copy()
    events: list[Event] = []
    if isinstance(action, Dice):
        _dice(st, action.faces, events)
    elif st.phase == "setup":
        if isinstance(action, Done):
            st.setup_queue.pop(0)
        else:
            _concealed_kong(st, seat, KIND_INDEX[action.tile], events)
        _advance_setup(st, events)
    elif st.phase == "claim":
        st.answers[seat] = action.encode()
        events.append(_ev("answered", {"seat": seat, "answer": action.kind}, seat))
        if all(s in st.answers for s in st.asked):
            _resolve_claims(st, events)
    elif isinstance(action, MahJongg):
        if not _can_win(st, seat, None):
            _false_declaration(st, seat, "a false Mah-Jongg", events)
        else:
            _win(st, seat, None, events)
    elif isinstance(action, ConcealedKong):
        _concealed_kong(st, seat, KIND_INDEX[action.tile], events)
    elif isinstance(action, Expand):
        _expand(st, seat, KIND_INDEX[action.tile], events)
    elif isinstance(action, (Discard, Standing)):
        if isinstance(action, Standing):
            if action not in _standing_options(st, seat):
                _false_declaration(st, seat, "a false standing hand", events)
                return st, events
            _declare_standing(st, seat, action, events)
        _discard(st, seat, action.piece, events)
    return st, events


def _why_not(st: State, seat: int, action: Action) -> str:
    if isinstance(action, Discard):
        if st.phase in ("turn", "after") and seat in st.standing:
            return "Your hand is standing: you must discard the card you drew."
        return "You can only discard a card from your own hand."
    if isinstance(action, MahJongg):
        return "That hand is not Mah-Jongg."
    if isinstance(action, (Pung, Kong, Chow)):
        return "You can't make that group with the discard and your hand."
    if isinstance(action, Standing):
        return "That card does not complete the hand after that discard."
    return "You can't do that now."


# ----------------------------------------------------------------------------- dice, deal, setup

def _dice(st: State, faces: tuple[int, ...], events: list[Event]) -> None:
    if st.phase == "seat_roll":          # KRD-33: highest die is East; tied highest roll again
        seat = next(s for s in st.roll_group if s not in st.rolled)
        st.rolled[seat] = faces[0]
        st.seating_rolls.append((seat, faces[0]))
        events.append(_ev("dice", {"purpose": "seating", "seat": seat, "faces": faces}))
        if len(st.rolled) == len(st.roll_group):
            top = max(st.rolled.values())
            tops = [s for s in st.roll_group if st.rolled[s] == top]
            st.rolled = {}
            if len(tops) > 1:
                st.roll_group = tops
                events.append(_ev("seating_tie", {"seats": tops}))
            else:
                st.roll_group = []
                st.east = tops[0]
                st.held = [st.dealer]
                events.append(_ev("seated", {"east": st.east}))
                _start_round(st, events)
    elif st.phase == "side_roll":        # KRD-7: 2 dice pick the side to break
        st.side_dice = faces
        st.break_side = (st.east + SIDE_OF_TOTAL[sum(faces)] - 27) % SEATS
        st.phase = "break_roll"
        events.append(_ev("dice", {"purpose": "side", "seat": st.dealer, "faces": faces, "side": st.break_side}))
    else:                                # 3 dice: where on that side (shown only; the wall is already shuffled)
        st.break_dice = faces
        events.append(_ev("dice", {"purpose": "break", "seat": st.break_side, "faces": faces,
                                   "stack": sum(faces)}))
        _deal(st, events)


def _start_round(st: State, events: list[Event]) -> None:
    tiles = list(ALL_PIECES)
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
    events.append(_ev("round_start", {"hand": st.hand_no, "east": st.east, "dealer": st.dealer,
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
        events.append(_ev("dealt", {"seat": s, "pieces": tuple(st.hands[s])}, s,
                          {"seat": s, "count": len(st.hands[s])}))
    st.setup_queue = list(order)
    st.phase = "setup"
    _advance_setup(st, events)


def _replacement(st: State, seat: int, events: list[Event], why: str) -> str | None:
    """A card from the kong box (topped up from the live wall, KRD-6); None when it is empty."""
    try:
        piece, st.wall = st.wall.replacement()
    except WallEmpty:
        return None
    st.hands[seat] = sort_pieces(st.hands[seat] + [piece])
    events.append(_ev("drew", {"seat": seat, "piece": piece, "from": "box", "why": why}, seat,
                      {"seat": seat, "from": "box", "why": why}))
    return piece


def _set_aside_bonus(st: State, seat: int, events: list[Event]) -> str | None:
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
            events.append(_ev("bonus", {"seat": seat, "piece": p}))
            got = _replacement(st, seat, events, "flower")
            if got is None:
                return last
            last = got


def _advance_setup(st: State, events: list[Event]) -> None:
    """KRD-32: from the dealer round, flowers set aside and replaced; a player holding four of a
    kind is asked whether to declare it; then the dealer starts."""
    while st.setup_queue:
        s = st.setup_queue[0]
        _set_aside_bonus(st, s, events)
        if st.wall.box and any(n == 4 for n in counts(st.hands[s])):
            st.turn = s
            st.phase = "setup"
            return
        st.setup_queue.pop(0)
    st.phase = "turn"
    _begin_turn(st, st.dealer, events, draw=False)


# ----------------------------------------------------------------------------- turns

def _begin_turn(st: State, seat: int, events: list[Event], draw: bool = True, claimed: bool = False) -> None:
    after = st.phase == "after"
    st.turn = seat
    st.claimed_turn = claimed
    st.kong_turn = False
    st.drawn = st.drawn_from = None
    if not draw:
        return
    if st.wall.exhausted:
        if after:
            _next_after(st, events)
        else:
            _tie(st, events)
        return
    last = st.wall.on_last_tile
    piece, st.wall = st.wall.draw()
    st.draws_made += 1
    st.hands[seat] = sort_pieces(st.hands[seat] + [piece])
    events.append(_ev("drew", {"seat": seat, "piece": piece, "from": "wall", "wall": st.wall.remaining}, seat,
                      {"seat": seat, "from": "wall", "wall": st.wall.remaining}))
    st.drawn, st.drawn_from = piece, ("last" if last else "wall")
    if is_bonus(kind_of(piece)):
        got = _set_aside_bonus(st, seat, events)
        st.drawn, st.drawn_from = (got, "box") if got is not None else (None, None)


def _turn_actions(st: State, seat: int) -> list[Action]:
    hand = st.hands[seat]
    after = st.phase == "after"
    if seat in st.standing and st.drawn is not None:
        out: list[Action] = []
        named = KIND_INDEX[st.standing[seat][0]]
        if not after and kind_of(st.drawn) == named and (st.options["strict"] or _can_win(st, seat, None)):
            out.append(MahJongg())
        return out + [Discard(st.drawn)]
    out = []
    strict = st.options["strict"]
    if not after and not st.claimed_turn and (strict or _can_win(st, seat, None)):
        out.append(MahJongg())
    c = counts(hand)
    if not st.claimed_turn and st.wall.box and seat not in st.standing:
        out += [ConcealedKong(ALL_KINDS[k]) for k in range(34) if c[k] == 4]
        if st.drawn is not None:
            k = kind_of(st.drawn)
            if any(m.shape == "pung" and not m.concealed and m.kind == k for m in st.melds[seat]):
                out.append(Expand(ALL_KINDS[k]))
    out += [Discard(p) for p in hand]
    if not after and seat not in st.standing:
        out += _free_standing(st, seat) if strict else _standing_options(st, seat)
    return out


def _free_standing(st: State, seat: int) -> list[Action]:
    """Strict table: any discard with any named card; the table checks it afterwards (KRD-29)."""
    firsts = {}
    for p in st.hands[seat]:
        firsts.setdefault(kind_of(p), p)
    return [Standing(p, ALL_KINDS[w]) for p in firsts.values() for w in range(34)]


def _standing_options(st: State, seat: int) -> list[Action]:
    """KRD-22: a discard that leaves a hand one card from Mah-Jongg, with each card that completes it."""
    hand = st.hands[seat]
    melds = meld_views(st, seat)
    sets = 4 - len(melds)
    out = []
    done = set()
    for p in ([st.drawn] if st.drawn in hand else []) + hand:
        k = kind_of(p)
        if k in done:
            continue
        done.add(k)
        rest = list(counts(hand))
        rest[k] -= 1
        for w in sorted(_waits(st, seat, tuple(rest), melds, sets)):
            out.append(Standing(p, ALL_KINDS[w]))
    return out


def _waits(st: State, seat: int, c: tuple, melds: list[Meld], sets: int) -> frozenset[int]:
    return waits_of(c, tuple(melds), sets, st.seat_wind(seat), st.round_wind)


@lru_cache(maxsize=1 << 14)
def waits_of(c: tuple, melds: tuple[Meld, ...], sets: int, own: int, rnd: int) -> frozenset[int]:
    """Every kind that completes the hand: regular waits (kit) and special shapes one card short."""
    held = holding_counts(c, melds)
    waits = set(H.waits(c, sets)) if sets >= 0 and sum(c) == 3 * sets + 1 else set()
    feats = features(held)
    for sp in SHAPE_SPECIALS:
        if not may_match(compile_shape(sp.shape), feats, slack=1):
            continue
        for k in range(34):
            if k in waits or held[k] >= 4:
                continue
            more = list(c)
            more[k] += 1
            if matches(sp.shape, more, melds, own, rnd):
                waits.add(k)
    return frozenset(waits)


def _context(st: State, seat: int, winning: str | None, by_discard: bool) -> WinContext:
    k = kind_of(winning) if winning is not None else None
    dealer = st.dealer
    return WinContext(
        seat_wind=st.seat_wind(seat), round_wind=st.round_wind, by_discard=by_discard, winning=k,
        from_box=not by_discard and st.drawn_from == "box" and winning is not None,
        last_of_wall=not by_discard and st.drawn_from == "last" and winning is not None,
        last_of_kind=k is not None and _visible(st, k) == 3,
        standing=seat in st.standing, kong_replacement=not by_discard and st.kong_turn and winning is not None,
        original=seat == dealer and st.discards_made == 0 and not by_discard,
        celestial=(not by_discard and seat == (dealer + 1) % SEATS and st.draws_made == 1 and st.claims_made == 0
                   and st.discards_made == 1),
        earth=by_discard and st.discards_made == 1 and st.discarder == dealer,
        honour_pung_melded=st.options["honour_pung_melded"])


def _visible(st: State, k: int) -> int:
    """KRD-15: copies of kind k on view (discards, melds; a concealed kong shows its middle two)."""
    n = sum(1 for r in st.river for p in r if kind_of(p) == k)
    for ms in st.melds:
        for m in ms:
            hits = sum(1 for p in m.pieces if kind_of(p) == k)
            n += min(hits, 2) if m.concealed else hits
    return n


def _can_win(st: State, seat: int, discard: str | None) -> bool:
    """Whether the seat's hand (with the discard, if any) is Mah-Jongg; for a standing hand only
    the named card wins (KRD-22)."""
    if seat in st.standing:
        card = discard if discard is not None else st.drawn
        if card is None or ALL_KINDS[kind_of(card)] != st.standing[seat][0]:
            return False
    pieces = st.hands[seat] + ([discard] if discard is not None else [])
    winning = discard if discard is not None else st.drawn
    return is_winning(counts(pieces), meld_views(st, seat), _context(st, seat, winning, discard is not None))


def _concealed_kong(st: State, seat: int, k: int, events: list[Event]) -> None:
    pieces = tuple(p for p in st.hands[seat] if kind_of(p) == k)
    for p in pieces:
        st.hands[seat].remove(p)
    st.melds[seat].append(MeldRec("kong", pieces, concealed=True))
    events.append(_ev("kong", {"seat": seat, "tile": ALL_KINDS[k], "concealed": True, "pieces": pieces}))
    _kong_replacement(st, seat, events)


def _expand(st: State, seat: int, k: int, events: list[Event]) -> None:
    i = next(i for i, m in enumerate(st.melds[seat]) if m.shape == "pung" and not m.concealed and m.kind == k)
    old = st.melds[seat][i]
    st.hands[seat].remove(st.drawn)
    st.melds[seat][i] = MeldRec("kong", old.pieces + (st.drawn,), False, old.claimed_from)
    events.append(_ev("expand", {"seat": seat, "tile": ALL_KINDS[k], "piece": st.drawn}))
    _kong_replacement(st, seat, events)


def _kong_replacement(st: State, seat: int, events: list[Event]) -> None:
    got = _replacement(st, seat, events, "kong")
    if got is not None and is_bonus(kind_of(got)):
        got = _set_aside_bonus(st, seat, events)
    st.drawn, st.drawn_from = (got, "box") if got is not None else (None, None)
    st.kong_turn = got is not None
    st.claimed_turn = False


def _declare_standing(st: State, seat: int, action: Standing, events: list[Event]) -> None:
    locked = [p for p in st.hands[seat]]
    locked.remove(action.piece)
    st.standing[seat] = (action.wait, tuple(locked))
    events.append(_ev("standing", {"seat": seat, "wait": action.wait, "hand": tuple(locked)}))


def _discard(st: State, seat: int, piece: str, events: list[Event]) -> None:
    st.hands[seat].remove(piece)
    st.discards_made += 1
    events.append(_ev("discarded", {"seat": seat, "piece": piece}))
    st.drawn = st.drawn_from = None
    if st.phase == "after":                      # KRD-23: no claims in the last turns
        st.river[seat].append(piece)
        _next_after(st, events)
        return
    st.discard, st.discarder = piece, seat
    st.asked = tuple(order_from(seat, SEATS, FORWARD, include_start=False))
    st.answers = {}
    st.phase = "claim"


# ----------------------------------------------------------------------------- claims

def _claims(st: State, seat: int) -> list[Action]:
    return _free_claims(st, seat) if st.options["strict"] else _true_claims(st, seat)


def _true_claims(st: State, seat: int) -> list[Action]:
    """The claims that are right: what the assisted table offers (and the Strict table checks)."""
    k = kind_of(st.discard)
    out: list[Action] = []
    if _can_win(st, seat, st.discard) and _may_claim_win(st, seat):
        out.append(MahJongg())
    if seat in st.standing:
        return out
    c = counts(st.hands[seat])
    if c[k] == 3 and st.wall.box:
        out.append(Kong())
    if c[k] >= 2:
        out.append(Pung())
    if seat == (st.discarder + 1) % SEATS and is_suited(k):      # KRD-2: the next player only
        for low in (k - 2, k - 1, k):
            if low // 9 == k // 9 and 0 <= low and low % 9 <= 6 and low // 9 == (low + 2) // 9:
                if all(c[x] for x in (low, low + 1, low + 2) if x != k):
                    out.append(Chow(ALL_KINDS[low]))
    return out


def _free_claims(st: State, seat: int) -> list[Action]:
    """Strict table: every kind of claim may be called; the table checks the one that wins."""
    k = kind_of(st.discard)
    out: list[Action] = [MahJongg()]
    if seat in st.standing:
        return out
    out += [Kong(), Pung()]
    if seat == (st.discarder + 1) % SEATS and is_suited(k):
        out += [Chow(ALL_KINDS[low]) for low in (k - 2, k - 1, k)
                if 0 <= low and low // 9 == k // 9 and low % 9 <= 6]
    return out


def _may_claim_win(st: State, seat: int) -> bool:
    """KRD-30 (a setting): anyone may win on a discard; off, a win that needs the discard in a chow
    is only for the next player."""
    if st.options["mahjong_any_seat"] or seat == (st.discarder + 1) % SEATS:
        return True
    r = _win_reading(st, seat, st.discard)
    return r is not None and r.win_shape != "chow"


def _win_reading(st: State, seat: int, discard: str | None):
    pieces = st.hands[seat] + ([discard] if discard is not None else [])
    winning = discard if discard is not None else st.drawn
    return best_win(counts(pieces), meld_views(st, seat), [kind_of(p) for p in st.bonus[seat]],
                    _context(st, seat, winning, discard is not None))


CLAIM_RANK = {"kong": 3, "pung": 2, "chow": 1}


def _resolve_claims(st: State, events: list[Event]) -> None:
    """Mah-Jongg > Kong > Pung > Chow; equal Mah-Jonggs by what the discard completes (KRD-4);
    still equal: nearest after the discarder in turn order (KRD-3)."""
    claims = []
    for s, text in st.answers.items():
        a = CODEC.decode(text)
        if isinstance(a, Pass):
            continue
        if isinstance(a, MahJongg):
            reading = _win_reading(st, s, st.discard) if _can_win(st, s, st.discard) else None
            rank = (4, reading.win_rank if reading is not None else -1)
        else:
            rank = (CLAIM_RANK[a.kind], 0)
        claims.append(Claim(s, rank, a))
    best = resolve(claims, nearest_after(st.discarder, SEATS))
    false = best is not None and st.options["strict"] and best.action not in _true_claims(st, best.seat)
    piece, discarder = st.discard, st.discarder
    st.discard, st.asked, st.answers = None, (), {}
    if best is None:
        st.river[discarder].append(piece)
        events.append(_ev("claim_resolved", {"discarder": discarder, "piece": piece, "taker": None,
                                             "claim": None, "why": "nobody claimed it: the card is out"}))
        st.phase = "turn"
        _begin_turn(st, (discarder + 1) % SEATS, events)
        return
    s, a = best.seat, best.action
    if false:                                   # KRD-29 (Strict table): the card is out of the round
        st.river[discarder].append(piece)
        if isinstance(a, MahJongg):
            _false_declaration(st, s, "a false Mah-Jongg", events)
            return
        _penalty(st, s, 2, f"a false {a.kind}", events)
        events.append(_ev("claim_resolved", {"discarder": discarder, "piece": piece, "taker": None, "claim": a.kind,
                                             "why": f"{seat_label(st, s)} called a false {a.kind}: the card is out"}))
        st.phase = "turn"
        _begin_turn(st, (discarder + 1) % SEATS, events)
        return
    st.claims_made += 1
    why = {"mahjongg": "Mah-Jongg", "kong": "a kong", "pung": "a pung", "chow": "a chow"}[a.kind]
    events.append(_ev("claim_resolved", {"discarder": discarder, "piece": piece, "taker": s, "claim": a.kind,
                                         "why": f"{seat_label(st, s)} takes it for {why}"}))
    if isinstance(a, MahJongg):
        st.discarder = discarder
        st.hands[s] = sort_pieces(st.hands[s] + [piece])
        _win(st, s, piece, events)
        return
    k = kind_of(piece)
    if isinstance(a, Chow):
        low = KIND_INDEX[a.low]
        need = [x for x in (low, low + 1, low + 2) if x != k]
        used = [next(p for p in st.hands[s] if kind_of(p) == x) for x in need]
        shape = "chow"
    else:
        n = 3 if isinstance(a, Kong) else 2
        used = [p for p in st.hands[s] if kind_of(p) == k][:n]
        shape = "kong" if isinstance(a, Kong) else "pung"
    for p in used:
        st.hands[s].remove(p)
    st.melds[s].append(MeldRec(shape, tuple(sort_pieces(used + [piece])), False, discarder))
    events.append(_ev("melded", {"seat": s, "shape": shape, "pieces": tuple(sort_pieces(used + [piece])),
                                 "from": discarder}))
    st.phase = "turn"
    _begin_turn(st, s, events, draw=False, claimed=True)
    if shape == "kong":
        _kong_replacement(st, s, events)


# ----------------------------------------------------------------------------- the end of a round

def _win(st: State, seat: int, discard: str | None, events: list[Event]) -> None:
    by_discard = discard is not None
    winning = discard if by_discard else st.drawn
    ctx = _context(st, seat, winning, by_discard)
    reading = best_win(counts(st.hands[seat]), meld_views(st, seat), [kind_of(p) for p in st.bonus[seat]], ctx)
    st.winner = seat
    st.win = {"ctx": ctx, "discarder": st.discarder if by_discard else None, "piece": winning}
    events.append(_ev("mahjongg", {"seat": seat, "hand": tuple(st.hands[seat]), "by": "discard" if by_discard else "wall",
                                   "piece": winning, "special": reading.special,
                                   "from": st.discarder if by_discard else None}))
    st.after_queue = list(order_from(seat, SEATS, FORWARD, include_start=False))
    st.phase = "after"
    st.drawn = st.drawn_from = None
    _next_after(st, events)


def _next_after(st: State, events: list[Event]) -> None:
    """KRD-23: the other three, in turn order after the winner, one more turn each (no claims, no win)."""
    while st.after_queue:
        s = st.after_queue.pop(0)
        if st.wall.exhausted:
            continue
        st.phase = "after"
        _begin_turn(st, s, events, draw=True)
        if st.hands[s]:
            return
    _score_round(st, events)


def _penalty(st: State, seat: int, points: int, why: str, events: list[Event]) -> None:
    st.scores[seat] -= points
    st.penalties.append((seat, points, why))
    t = Transfer(None, seat, Fraction(-points), why)
    events.append(_ev("penalty", {"seat": seat, "points": -points, "why": why, "transfers": (t.to_json(),)}))


def _false_declaration(st: State, seat: int, why: str, events: list[Event]) -> None:
    """KRD-29 (Strict table): 300 points off and the round is dealt again without scoring."""
    _penalty(st, seat, 300, why, events)
    events.append(_ev("round_end", {
        "hand": st.hand_no, "winner": None, "lines": (ScoreLine(seat, why.capitalize(), -300, "").to_json(),),
        "totals": tuple(str(x) for x in st.scores), "transfers": (Transfer(None, seat, Fraction(-300), why).to_json(),),
        "summary": f"{seat_label(st, seat)} declared {why}: 300 points off, and the round is played again.",
        "unit": "points", "hands": tuple(tuple(h) for h in st.hands)}))
    st.rounds.append({"hand": st.hand_no, "winner": None,
                      "changes": tuple(-300 if s == seat else 0 for s in range(SEATS))})
    _start_round(st, events)


def _tie(st: State, events: list[Event]) -> None:
    """The live wall is used up: nobody scores, the seats stay, the round is dealt again."""
    events.append(_ev("round_end", {
        "hand": st.hand_no, "winner": None, "lines": (), "totals": tuple(str(x) for x in st.scores),
        "transfers": (), "summary": "The wall ran out with nobody out: the round is played again.",
        "unit": "points", "hands": tuple(tuple(h) for h in st.hands)}))
    st.rounds.append({"hand": st.hand_no, "winner": None, "changes": (0, 0, 0, 0)})
    _start_round(st, events)


def _score_round(st: State, events: list[Event]) -> None:
    w = st.winner
    ctx: WinContext = st.win["ctx"]
    ledger = Ledger(SEATS, tuple(st.scores))
    lines: list[ScoreLine] = []
    special = None
    for s in range(SEATS):
        melds = meld_views(st, s)
        bonus = [kind_of(p) for p in st.bonus[s]]
        if s == w:
            r = best_win(counts(st.hands[s]), melds, bonus, ctx)
            special = r.special
        else:
            r = score_holding(counts(st.hands[s]), melds, bonus, st.seat_wind(s), st.round_wind,
                              st.options["honour_pung_melded"])
        lines += [ScoreLine(s, n, v, why) for n, v, why in r.lines]
        if r.total:
            ledger = ledger.score(s, r.total, "hand score")
    pay = WIN_PAYMENT * (2 if w == st.dealer else 1)                 # KRD-14
    for s in range(SEATS):
        if s != w:
            ledger = ledger.pay(s, w, Fraction(pay), "paid to the winner")
            lines.append(ScoreLine(s, "Paid to the winner", -pay, seat_label(st, w)))
    lines.append(ScoreLine(w, "Paid by the others", 3 * pay, "8 each" if pay == 8 else "16 each: the dealer won"))
    changes = ledger.changes()
    st.scores = list(ledger.totals())
    sp = f" with {special}" if special else ""
    summary = f"{seat_label(st, w)} went Mah-Jongg{sp}."
    transfers = tuple(t.to_json() for t in ledger.entries)
    st.rounds.append({"hand": st.hand_no, "winner": w, "changes": tuple(changes), "transfers": ledger.entries})
    events.append(_ev("round_end", {
        "hand": st.hand_no, "winner": w, "special": special, "lines": tuple(l.to_json() for l in lines),
        "totals": tuple(str(x) for x in st.scores), "changes": tuple(str(x) for x in changes),
        "transfers": transfers, "summary": summary, "unit": "points",
        "hands": tuple(tuple(h) for h in st.hands)}))
    _rotate(st, w, events)


def _rotate(st: State, winner: int, events: list[Event]) -> None:
    """KRD-25: seats stay when the dealer won; otherwise the seat winds move on. KRD-26/27: the
    game (or the round wind) ends when the next dealer has dealt already under this wind."""
    if winner != st.dealer:
        direction = BACKWARD if st.options["rotation"] == "literal" else FORWARD
        st.east = (st.east + direction) % SEATS
        if st.dealer in st.held:
            if st.options["game_length"] == "extended" and st.round_wind < 30:
                st.round_wind += 1
                st.held = [st.dealer]
                events.append(_ev("round_wind", {"round_wind": ALL_KINDS[st.round_wind]}))
            else:
                _end_game(st, events)
                return
        else:
            st.held.append(st.dealer)
    _start_round(st, events)


def _end_game(st: State, events: list[Event]) -> None:
    st.finished = True
    st.phase = "over"
    res = final_result(st)
    events.append(_ev("game_end", {"totals": tuple(str(x) for x in res.totals), "winners": res.winners,
                                   "summary": res.summary}))


def final_result(st: State) -> Result:
    best = max(st.scores)
    winners = tuple(s for s in range(SEATS) if st.scores[s] == best)
    lines = []
    for i, r in enumerate(st.rounds):
        for s in range(SEATS):
            lines.append(ScoreLine(s, f"Round {i + 1}", r["changes"][s],
                                   "went Mah-Jongg" if r["winner"] == s else ("tie" if r["winner"] is None else "")))
    for seat, points, why in st.penalties:
        if points != 300:                     # a false Mah-Jongg's 300 is already its round's change
            lines.append(ScoreLine(seat, "Penalty", -points, why))
    for s in range(SEATS):
        lines.append(ScoreLine(s, "Game total", st.scores[s], ""))
    transfers = tuple(t for r in st.rounds for t in r.get("transfers", ()) if t.payer is not None)
    names = [f"Player {s + 1}" for s in winners]
    summary = f"{' and '.join(names)} {'wins' if len(names) == 1 else 'share the win'} with {best} points."
    return Result(True, tuple(st.scores), winners, tuple(lines), summary, "points", transfers)
