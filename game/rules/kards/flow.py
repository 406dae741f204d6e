"""A round in play: who acts and what they may do, turns (draws, kongs, standing hands, discards)
and the sealed claim window with its priorities (KRD-1 … KRD-4, KRD-22, KRD-30).

`apply` always works on a copy (`State.copy`), so the state it was given never changes.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import product

from game.core.kit import hands as H
from game.core.kit.claims import Claim, nearest_after, resolve
from game.core.kit.seats import FORWARD, order_from
from game.core.kit.tiles import ALL_KINDS, KIND_INDEX, is_bonus, is_suited, kind_of, sort_pieces
from game.core.protocol import CHANCE, Action, Event, IllegalAction, Prompt

from . import deal, ending
from .actions import (CODEC, FINISHES, ConcealedKong, Chow, Dice, Discard, Done, Expand, Kong, MahJongg, MahJonggBy,
                      Pass, Pung, Standing)
from .common import counts, ev, meld_views, seat_label
from .patterns import Meld, compile_shape, features, features_plus, holding_counts, matches, may_match, one_short
from .scoring import SHAPE_SPECIALS, WIN_RANKS, WinContext, best_win, finishes, is_winning
from .state import SEATS, MeldRec, State


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
                      on_timeout=tuple((s, Pass()) for s in seats), window=("claim", st.hand_no, st.discards_made, st.mj_only))
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
    if st.phase in ("turn", "after"):          # only the standing hands this action could be are worked out
        allowed = _turn_actions(st, seat, action.piece if isinstance(action, Standing) else False)
    elif st.phase == "claim" and action == Pass():
        allowed = [Pass()]                     # every asked seat may pass
    else:
        allowed = legal(st, seat)
    if action not in allowed:
        raise IllegalAction(_why_not(st, seat, action))
    st = st.copy()
    events: list[Event] = []
    if isinstance(action, Dice):
        deal.roll(st, action.faces, events)
    elif st.phase == "setup":
        if isinstance(action, Done):
            st.setup_queue.pop(0)
        else:
            _concealed_kong(st, seat, KIND_INDEX[action.tile], events)
        deal.advance_setup(st, events)
    elif st.phase == "claim":
        st.answers[seat] = action.encode()
        events.append(ev("answered", {"seat": seat, "answer": action.kind}, seat))
        if all(s in st.answers for s in st.asked):
            _resolve_claims(st, events)
    elif isinstance(action, MahJongg):
        if not _can_win(st, seat, None):
            ending.false_declaration(st, seat, "a false Mah-Jongg", events)
        else:
            ending.win(st, seat, None, events)
    elif isinstance(action, ConcealedKong):
        _concealed_kong(st, seat, KIND_INDEX[action.tile], events)
    elif isinstance(action, Expand):
        _expand(st, seat, KIND_INDEX[action.tile], events)
    elif isinstance(action, (Discard, Standing)):
        if isinstance(action, Standing):
            if action not in _standing_options(st, seat, action.piece):
                ending.false_declaration(st, seat, "a false standing hand", events)
                return st, events
            _declare_standing(st, seat, action, events)
        _discard(st, seat, action.piece, events)
    return st, events


def _why_not(st: State, seat: int, action: Action) -> str:
    if isinstance(action, Discard):
        if st.phase in ("turn", "after") and seat in st.standing:
            return "Your hand is standing: you must discard the card you drew."
        return "You can only discard a card from your own hand."
    if isinstance(action, (MahJongg, MahJonggBy)):
        if st.mj_only:
            return "This card was offered again for Mah-Jongg only."
        return "That hand is not Mah-Jongg."
    if isinstance(action, (Pung, Kong, Chow)):
        return "You can't make that group with the discard and your hand."
    if isinstance(action, Standing):
        return "That card does not complete the hand after that discard."
    return "You can't do that now."



# ----------------------------------------------------------------------------- turns

def begin_turn(st: State, seat: int, events: list[Event], draw: bool = True, claimed: bool = False) -> None:
    after = st.phase == "after"
    st.turn = seat
    st.claimed_turn = claimed
    st.kong_turn = False
    st.drawn = st.drawn_from = None
    if not draw:
        return
    if st.wall.exhausted:
        if after:
            ending.next_after(st, events)
        else:
            ending.tie(st, events)
        return
    last = st.wall.on_last_tile
    piece, st.wall = st.wall.draw()
    st.draws_made += 1
    st.hands[seat] = sort_pieces(st.hands[seat] + [piece])
    events.append(ev("drew", {"seat": seat, "piece": piece, "from": "wall", "wall": st.wall.remaining}, seat,
                     {"seat": seat, "from": "wall", "wall": st.wall.remaining}))
    st.drawn, st.drawn_from = piece, ("last" if last else "wall")
    if is_bonus(kind_of(piece)):
        got = deal.set_aside_bonus(st, seat, events)
        st.drawn, st.drawn_from = (got, "box") if got is not None else (None, None)


def _turn_actions(st: State, seat: int, standing: bool | str = True) -> list[Action]:
    """Everything the seat may do on its turn; `standing`: list the standing hands for every
    discard (True), none (False) or only for discarding that piece."""
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
    if not after and seat not in st.standing and standing is not False:
        only = None if standing is True else standing
        out += _free_standing(st, seat, only) if strict else _standing_options(st, seat, only)
    return out


def _discard_choices(st: State, seat: int, only: str | None) -> list[str]:
    """One piece per kind in the hand (the drawn copy first), or just `only`."""
    hand = st.hands[seat]
    firsts: dict[int, str] = {}
    for p in ([st.drawn] if st.drawn in hand else []) + hand:
        firsts.setdefault(kind_of(p), p)
    if only is not None:
        return [only] if firsts.get(kind_of(only)) == only else []
    return list(firsts.values())


def _free_standing(st: State, seat: int, only: str | None = None) -> list[Action]:
    """Strict table: any discard with any named card; the table checks it afterwards (KRD-29)."""
    return [Standing(p, ALL_KINDS[w]) for p in _discard_choices(st, seat, only) for w in range(34)]


def _standing_options(st: State, seat: int, only: str | None = None) -> list[Action]:
    """KRD-22: a discard that leaves a hand one card from Mah-Jongg, with each card that completes it."""
    hand = st.hands[seat]
    melds = meld_views(st, seat)
    sets = 4 - len(melds)
    c14 = counts(hand)
    feats = features(holding_counts(c14, melds))     # one card out and one in: slack 2
    near = tuple(sp.shape for sp in SHAPE_SPECIALS if may_match(compile_shape(sp.shape), feats, slack=2))
    # a regular wait after a discard needs the whole hand to be at most one card from complete
    regular = sets >= 0 and sum(c14) == 3 * sets + 2 and H.shanten(c14, sets) <= 0
    if not near and not regular:
        return []
    out = []
    for p in _discard_choices(st, seat, only):
        k = kind_of(p)
        rest = list(counts(hand))
        rest[k] -= 1
        for w in sorted(waits_of(tuple(rest), tuple(melds), sets if regular else -1, st.seat_wind(seat),
                                 st.round_wind, near)):
            out.append(Standing(p, ALL_KINDS[w]))
    return out


@lru_cache(maxsize=1 << 14)
def waits_of(c: tuple, melds: tuple[Meld, ...], sets: int, own: int, rnd: int,
             shapes: tuple[str, ...] = tuple(sp.shape for sp in SHAPE_SPECIALS)) -> frozenset[int]:
    """Every kind that completes the hand: regular waits (kit; none when `sets` is -1) and the
    special `shapes` one card short."""
    held = holding_counts(c, melds)
    waits = set(H.waits(c, sets)) if sets >= 0 and sum(c) == 3 * sets + 1 else set()
    feats = features(held)
    for shape in shapes:
        compiled = compile_shape(shape)
        if not may_match(compiled, feats, slack=1):
            continue
        for k in one_short(compiled, feats):
            if k in waits:
                continue
            more = list(c)
            more[k] += 1
            if matches(shape, more, melds, own, rnd, features_plus(feats, k)):
                waits.add(k)
    return frozenset(waits)


def context(st: State, seat: int, winning: str | None, by_discard: bool, scoring: bool = True) -> WinContext:
    """How the seat would win now; without `scoring` only what decides whether it is Mah-Jongg."""
    k = kind_of(winning) if winning is not None else None
    if not scoring:
        return WinContext(seat_wind=st.seat_wind(seat), round_wind=st.round_wind, by_discard=by_discard, winning=k)
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
    return is_winning(counts(pieces), meld_views(st, seat), context(st, seat, winning, discard is not None, False))


def _concealed_kong(st: State, seat: int, k: int, events: list[Event]) -> None:
    pieces = tuple(p for p in st.hands[seat] if kind_of(p) == k)
    for p in pieces:
        st.hands[seat].remove(p)
    st.melds[seat].append(MeldRec("kong", pieces, concealed=True))
    events.append(ev("kong", {"seat": seat, "tile": ALL_KINDS[k], "concealed": True, "pieces": pieces}))
    _kong_replacement(st, seat, events)


def _expand(st: State, seat: int, k: int, events: list[Event]) -> None:
    i = next(i for i, m in enumerate(st.melds[seat]) if m.shape == "pung" and not m.concealed and m.kind == k)
    old = st.melds[seat][i]
    st.hands[seat].remove(st.drawn)
    st.melds[seat][i] = MeldRec("kong", old.pieces + (st.drawn,), False, old.claimed_from)
    events.append(ev("expand", {"seat": seat, "tile": ALL_KINDS[k], "piece": st.drawn}))
    _kong_replacement(st, seat, events)


def _kong_replacement(st: State, seat: int, events: list[Event]) -> None:
    got = deal.replacement(st, seat, events, "kong")
    if got is not None and is_bonus(kind_of(got)):
        got = deal.set_aside_bonus(st, seat, events)
    st.drawn, st.drawn_from = (got, "box") if got is not None else (None, None)
    st.kong_turn = got is not None
    st.claimed_turn = False


def _declare_standing(st: State, seat: int, action: Standing, events: list[Event]) -> None:
    locked = [p for p in st.hands[seat]]
    locked.remove(action.piece)
    st.standing[seat] = (action.wait, tuple(locked))
    events.append(ev("standing", {"seat": seat, "wait": action.wait, "hand": tuple(locked)}))


def _discard(st: State, seat: int, piece: str, events: list[Event]) -> None:
    st.hands[seat].remove(piece)
    st.discards_made += 1
    events.append(ev("discarded", {"seat": seat, "piece": piece}))
    st.drawn = st.drawn_from = None
    if st.phase == "after":                      # KRD-23: no claims in the last turns
        st.river[seat].append(piece)
        ending.next_after(st, events)
        return
    st.discard, st.discarder = piece, seat
    st.asked = tuple(order_from(seat, SEATS, FORWARD, include_start=False))
    st.answers = {}
    st.mj_only = False
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
    """Strict table: every kind of claim may be called; the table checks the one that wins.
    Mah-Jongg may be called plainly (the table works out what the card finishes) or naming it
    (KRD-4, KRD-29); a "Mah-Jongg discard" may only be claimed for Mah-Jongg."""
    k = kind_of(st.discard)
    out: list[Action] = [MahJongg()] + [MahJonggBy(f) for f in FINISHES]
    if seat in st.standing or st.mj_only:
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
    r = win_reading(st, seat, st.discard)
    return r is not None and r.win_shape != "chow"


def win_reading(st: State, seat: int, discard: str | None):
    pieces = st.hands[seat] + ([discard] if discard is not None else [])
    winning = discard if discard is not None else st.drawn
    return best_win(counts(pieces), meld_views(st, seat), [kind_of(p) for p in st.bonus[seat]],
                    context(st, seat, winning, discard is not None))


def finished_by(st: State, seat: int, discard: str) -> frozenset[str]:
    """What the discard can be said to finish in the seat's winning hand (KRD-4)."""
    return finishes(counts(st.hands[seat] + [discard]), meld_views(st, seat), context(st, seat, discard, True))


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
            reading = win_reading(st, s, st.discard) if _can_win(st, s, st.discard) else None
            rank = (4, reading.win_rank if reading is not None else -1)
        elif isinstance(a, MahJonggBy):
            rank = (4, WIN_RANKS[a.finish])          # the declared kind ranks it; checked below
        else:
            rank = (CLAIM_RANK[a.kind], 0)
        claims.append(Claim(s, rank, a))
    best = resolve(claims, nearest_after(st.discarder, SEATS))
    false = wrong = False
    if best is not None and st.options["strict"]:
        if isinstance(best.action, (MahJongg, MahJonggBy)):
            false = not (_can_win(st, best.seat, st.discard) and _may_claim_win(st, best.seat))
            wrong = not false and isinstance(best.action, MahJonggBy) and \
                best.action.finish not in finished_by(st, best.seat, st.discard)
        else:
            false = best.action not in _true_claims(st, best.seat)
    piece, discarder = st.discard, st.discarder
    st.discard, st.asked, st.answers, st.mj_only = None, (), {}, False
    if wrong:                                   # KRD-29: 20 off, and the card is a "Mah-Jongg discard"
        s = best.seat
        ending.penalty(st, s, 20, "Mah-Jongg declared with the wrong kind of group", events)
        events.append(ev("claim_resolved", {
            "discarder": discarder, "piece": piece, "taker": None, "claim": "mahjongg",
            "why": f"{seat_label(st, s)} named the wrong kind of Mah-Jongg: the card is offered again, "
                   "for Mah-Jongg only"}))
        st.discard, st.discarder = piece, discarder
        st.asked = tuple(x for x in order_from(discarder, SEATS, FORWARD, include_start=False) if x != s)
        st.mj_only = True
        return
    if best is None:
        st.river[discarder].append(piece)
        events.append(ev("claim_resolved", {"discarder": discarder, "piece": piece, "taker": None,
                                            "claim": None, "why": "nobody claimed it: the card is out"}))
        st.phase = "turn"
        begin_turn(st, (discarder + 1) % SEATS, events)
        return
    s, a = best.seat, best.action
    if false:                                   # KRD-29 (Strict table): the card is out of the round
        st.river[discarder].append(piece)
        if isinstance(a, (MahJongg, MahJonggBy)):
            ending.false_declaration(st, s, "a false Mah-Jongg", events)
            return
        ending.penalty(st, s, 2, f"a false {a.kind}", events)
        events.append(ev("claim_resolved", {"discarder": discarder, "piece": piece, "taker": None, "claim": a.kind,
                                            "why": f"{seat_label(st, s)} called a false {a.kind}: the card is out"}))
        st.phase = "turn"
        begin_turn(st, (discarder + 1) % SEATS, events)
        return
    st.claims_made += 1
    claim = "mahjongg" if isinstance(a, MahJonggBy) else a.kind
    why = {"mahjongg": "Mah-Jongg", "kong": "a kong", "pung": "a pung", "chow": "a chow"}[claim]
    events.append(ev("claim_resolved", {"discarder": discarder, "piece": piece, "taker": s, "claim": claim,
                                        "why": f"{seat_label(st, s)} takes it for {why}"}))
    if isinstance(a, (MahJongg, MahJonggBy)):
        st.discarder = discarder
        st.hands[s] = sort_pieces(st.hands[s] + [piece])
        ending.win(st, s, piece, events)
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
    events.append(ev("melded", {"seat": s, "shape": shape, "pieces": tuple(sort_pieces(used + [piece])),
                                "from": discarder}))
    st.phase = "turn"
    begin_turn(st, s, events, draw=False, claimed=True)
    if shape == "kong":
        _kong_replacement(st, s, events)

