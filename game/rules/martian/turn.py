"""A hand in play: the roll, the draw and the covers (MMJ-19), keeping pieces in the slot model
(MMJ-3, MMJ-17, MMJ-18, MMJ-29), claim windows (MMJ-15, MMJ-28, MMJ-30), Mah Jongg at any wait point
(MMJ-21), lost turns and dead hands (MMJ-16), and the end of a hand with its settlement.

`legal(st, seat)` lists what a seat may do; `play(st, seat, action, events)` changes `st` (a copy
made by the caller) for an action already known to be legal.
"""

from __future__ import annotations

from game.core.words import says

from fractions import Fraction

from game.core.kit.claims import Claim as KitClaim
from game.core.kit.claims import from_east, nearest_after, resolve
from game.core.kit.ledger import Ledger
from game.core.kit.seats import BACKWARD, FORWARD, order_from, step
from game.core.protocol import CHANCE, Action, Event, ScoreLine

from . import scoring
from .actions import D8, Claim, Dice, Discard, Go, Hide, Keep, Look, MahJongg, Pass, Roll, Swap
from .pieces import (BONUS_MAX, OPAQUES, PILE_SLOTS, SLOTS, d6_size, d8_colour, is_opaque, kind, name, pile_of,
                     size_of, slot_size)
from .setup import DEAL_ORDER, deal_roll, east_roll, finish_covers, opaques_in_play, start_hand
from .state import Screen, State

CHANCE_PHASES = ("cover_d8", "east_d8", "deal_d8", "dice")
TURN_PHASES = ("begin", "draw", "cover", "called")
DEAD_HAND_AFTER = 4            # lost turns in a row at the table (MMJ-16)
MJ_RANK, KONG_RANK, PUNG_RANK = 3, 2, 1


# --------------------------------------------------------------------------- what may be done

DICE_OUTCOMES = tuple((Dice(a, b), Fraction(1, 48)) for a in range(1, 7) for b in range(1, 9))
D8_OUTCOMES = tuple((D8(f), Fraction(1, 8)) for f in range(1, 9))
FORCED = Fraction(1)


def outcomes(st: State) -> list[tuple[Action, Fraction]]:
    """Every roll, equally likely: the d6 and d8 of a turn (48), or one d8 during setup."""
    if st.phase == "dice":
        if st.script:                     # a level's forced roll (deal.rolls): certain
            return [(st.script[0], FORCED)]
        return list(DICE_OUTCOMES)
    if st.phase in CHANCE_PHASES:
        return list(D8_OUTCOMES)
    return []


def to_act(st: State) -> tuple[int, ...]:
    if st.finished:
        return ()
    if st.phase in CHANCE_PHASES:
        return (CHANCE,)
    if st.phase == "claim":
        return waiting(st)
    return (st.turn,)


def waiting(st: State) -> tuple[int, ...]:
    return tuple(s for s in st.asked if s not in st.answers)


def keep_targets(sc: Screen, piece: str, replace: bool = True) -> list[str]:
    """Where a kept piece may go: an empty slot of its size, a same-size piece to replace (that
    piece is then the discard), the bonus stack for a large, "opaques" for an opaque, or "discard"."""
    if is_opaque(piece):
        return ["opaques"]
    size = size_of(piece)
    out = []
    for slot in SLOTS:
        if slot_size(slot) != size or pile_of(slot) in sc.exposed:      # exposed piles are frozen (MMJ-30)
            continue
        held = sc.slots[slot]
        if held is None or (replace and held != piece):
            out.append(slot)
    if size == "L":                       # MMJ-17: the old Kong large is discarded; the stack holds four
        if len(sc.bonus) < BONUS_MAX:
            out.append("bonus")
        elif replace:
            seen = set()
            for i, p in enumerate(sc.bonus, 1):
                if p != piece and p not in seen:
                    seen.add(p)
                    out.append(f"bonus-{i}")
            out.append("discard")
    elif replace:
        out.append("discard")
    return out


def claim_options(st: State, seat: int) -> list[Claim]:
    """MMJ-28/29: a discard may be claimed only to complete the Pung or Kong pile (missing exactly one
    piece, of the discard's size); with Mah Jongg when that completes the whole hand."""
    sc, piece = st.screens[seat], st.discard
    if piece is None:
        return []
    out = []
    for pile in ("pung", "kong"):
        empty = sc.empty_slots(pile)
        if pile in sc.exposed or len(empty) != 1 or slot_size(empty[0]) != size_of(piece):
            continue
        out.append(Claim(pile, False))
        if sum(1 for s in SLOTS if sc.slots[s] is None) == 1:
            out.append(Claim(pile, True))
    return out


def is_legal(st: State, seat: int, action: Action) -> bool:
    if seat == CHANCE and not st.finished:        # a die: any face while a roll is pending
        if st.phase == "dice" and st.script:
            return action == st.script[0]
        return isinstance(action, Dice) if st.phase == "dice" else (
            isinstance(action, D8) and st.phase in CHANCE_PHASES)
    return action in legal(st, seat)


def legal(st: State, seat: int) -> list[Action]:
    if st.finished:
        return []
    if seat == CHANCE:
        return [a for a, _ in outcomes(st)]
    if not 0 <= seat < st.n:
        return []
    sc = st.screens[seat]
    mj = [MahJongg()] if sc.complete() else []
    if st.phase == "claim":
        if seat not in waiting(st):
            return []
        return [Pass()] + claim_options(st, seat) + mj
    if st.phase == "begin":
        return [Roll()] + mj if seat == st.turn else mj          # others: out of turn (MMJ-21)
    if seat != st.turn:
        return []
    if st.phase == "draw":
        out: list[Action] = []
        if size_of(st.drawn) != "L":            # a small draw uses a medium cover (0-9), a medium a large one
            first = 0 if size_of(st.drawn) == "S" else 10
            out += [Look(c) for c in range(first, first + 10)]
        return out + [Keep(t) for t in keep_targets(sc, st.drawn)]
    if st.phase == "cover":
        hidden = st.covers[st.looking].content
        out = [Keep(t) for t in keep_targets(sc, st.drawn)]
        out += [Swap(t) for t in keep_targets(sc, hidden)]
        strict = st.options["strict"] and is_opaque(hidden)       # a Strict table lets you try (MMJ-26)
        if strict:
            out.append(Swap("discard"))
        if size_of(st.drawn) == "S":                 # option (iii): small draws only (MMJ-19)
            for o in OPAQUES:
                if f"{o}-S" not in sc.opaques:
                    continue
                if is_opaque(hidden):                # the drawn small is the one discarded
                    out.append(Hide(o, "hidden", "opaques"))
                    if strict:
                        out += [Hide(o, "drawn", t) for t in keep_targets(sc, st.drawn, replace=False)]
                    continue
                for keep, piece in (("drawn", st.drawn), ("hidden", hidden)):
                    out += [Hide(o, keep, t) for t in keep_targets(sc, piece, replace=False)]
        return out
    if st.phase == "called":
        out = [Go()]
        for slot in SLOTS:
            if sc.slots[slot] is not None and pile_of(slot) not in sc.exposed:
                out.append(Discard(slot))
        out += [Discard(f"bonus-{i}") for i in range(1, len(sc.bonus) + 1)]
        return out + mj
    return []


# --------------------------------------------------------------------------- doing it

def play(st: State, seat: int, action: Action, events: list[Event]) -> None:
    if isinstance(action, D8):
        if st.phase == "cover_d8":
            st.cover_rolls.append(action.face)
            st.d8_log.append(("covers", None, action.face))
            events.append(Event("rolled_d8", {"seat": None, "face": action.face, "for": "covers",
                                              "piece": kind(d8_colour(action.face), "M")}))
            if len(st.cover_rolls) == 2:
                finish_covers(st, events)
        elif st.phase == "east_d8":
            east_roll(st, action.face, events)
        else:
            deal_roll(st, action.face, events)
        return
    if isinstance(action, MahJongg):
        if st.phase == "claim":
            answer(st, seat, action, events)
        else:
            end_hand(st, seat, events)
        return
    if isinstance(action, Roll):
        st.phase = "dice"
        events.append(Event("throws", {"seat": seat}))
        return
    if isinstance(action, Dice):
        if st.script:
            st.script.pop(0)
        roll(st, action, events)
        return
    if isinstance(action, Look):
        cov = st.covers[action.cover]
        cov.looks += 1
        st.memory[seat][action.cover] = (cov.content, cov.looks, st.rolls, "saw")
        st.looking, st.phase = action.cover, "cover"
        events.append(Event("looked", {"seat": seat, "cover": action.cover, "piece": cov.content},
                            frozenset({seat}), {"seat": seat, "cover": action.cover}))
        return
    if isinstance(action, (Keep, Swap, Hide)):
        settle_draw(st, seat, action, events)
        return
    if isinstance(action, (Pass, Claim)):
        answer(st, seat, action, events)
        return
    if isinstance(action, Go):
        events.append(Event("go", {"seat": seat}))
        next_turn(st, seat, events)
        return
    if isinstance(action, Discard):
        sc = st.screens[seat]
        piece = take_from(sc, action.place)
        open_window(st, seat, piece, events)
        return
    raise AssertionError(f"unhandled action {action!r}")


def roll(st: State, dice: Dice, events: list[Event]) -> None:
    seat = st.turn
    st.rolls += 1
    st.dice = (dice.d6, dice.d8)
    piece = kind(d8_colour(dice.d8), d6_size(dice.d6))
    if not st.pool[piece]:
        st.lost += 1
        events.append(Event("rolled", {"seat": seat, "d6": dice.d6, "d8": dice.d8, "piece": piece, "lost": True,
                                       "lost_in_a_row": st.lost}))
        if st.lost >= DEAD_HAND_AFTER:
            dead_hand(st, events)
        else:
            next_turn(st, seat, events)
        return
    st.lost = 0
    st.pool[piece] -= 1
    st.drawn, st.phase = piece, "draw"
    events.append(Event("rolled", {"seat": seat, "d6": dice.d6, "d8": dice.d8, "piece": piece, "lost": False}))


def take_from(sc: Screen, place: str) -> str:
    if place.startswith("bonus-"):
        return sc.bonus.pop(int(place.split("-")[1]) - 1)
    piece = sc.slots[place]
    sc.slots[place] = None
    if place in DEAL_ORDER:
        sc.original = False
    return piece


def put(st: State, seat: int, piece: str, to: str) -> str | None:
    """Place a kept piece; returns the piece this makes the discard (a replaced one, or the piece itself)."""
    sc = st.screens[seat]
    if to == "discard":
        return piece
    if to == "opaques":
        sc.opaques.append(piece)
        return None
    if to == "bonus":
        sc.bonus.append(piece)
        return None
    if to.startswith("bonus-"):
        i = int(to.split("-")[1]) - 1
        old, sc.bonus[i] = sc.bonus[i], piece
        return old
    old = sc.slots[to]
    sc.slots[to] = piece
    sc.last_in = (piece, "drawn", st.rolls)
    if old is not None and to in DEAL_ORDER:
        sc.original = False
    return old


def settle_draw(st: State, seat: int, action: Action, events: list[Event]) -> None:
    drawn, cover = st.drawn, st.looking
    if isinstance(action, Keep):                                   # option (i), no cover, or a large
        out = put(st, seat, drawn, action.to)
        detail = {"option": "keep", "piece": drawn, "to": action.to}
    elif isinstance(action, Swap):                                 # option (ii)
        cov = st.covers[cover]
        hidden, cov.content = cov.content, drawn
        st.memory[seat][cover] = (drawn, cov.looks, st.rolls, "left")
        out = put(st, seat, hidden, action.to)
        detail = {"option": "swap", "piece": hidden, "to": action.to, "left": drawn}
    else:                                                          # option (iii)
        cov = st.covers[cover]
        opaque = f"{action.opaque}-S"
        st.screens[seat].opaques.remove(opaque)
        hidden, cov.content = cov.content, opaque
        st.memory[seat][cover] = (opaque, cov.looks, st.rolls, "left")
        kept, out = (drawn, hidden) if action.keep == "drawn" else (hidden, drawn)
        put(st, seat, kept, action.to)
        detail = {"option": "hide", "piece": kept, "to": action.to, "left": opaque}
    st.drawn = st.looking = None
    if out is not None and is_opaque(out):
        # MMJ-26 (Strict table): pointed out at once; the opaque stays and the player plays exposed
        st.screens[seat].opaques.append(out)
        st.screens[seat].penalised = True
        events.append(Event("opaque_discard", {"seat": seat, "piece": out}))
        out = None
    events.append(Event("kept", {"seat": seat, "cover": cover, **detail, "discard": out}, frozenset({seat}),
                        {"seat": seat, "cover": cover, "discard": out}))
    if out is None:
        next_turn(st, seat, events)
    else:
        open_window(st, seat, out, events)


def next_turn(st: State, seat: int, events: list[Event]) -> None:
    """The next player in turn order (after a claim: the player on the caller's left) rolls next."""
    st.turn = step(seat, st.n, FORWARD)
    st.phase = "begin"
    st.drawn = st.looking = st.discard = st.discarder = None
    st.asked, st.answers = (), {}


# --------------------------------------------------------------------------- claims

def open_window(st: State, discarder: int, piece: str, events: list[Event]) -> None:
    """Every other seat is asked, Pass-only seats included; with one human among bots the human is
    skipped when it can do nothing with the discard (the skip_claims option)."""
    st.discard, st.discarder = piece, discarder
    st.window_no += 1
    events.append(Event("discarded", {"seat": discarder, "piece": piece, "name": name(piece)}))
    asked = list(order_from(discarder, st.n, FORWARD, include_start=False))
    if st.options["skip_claims"] and sum(st.humans) == 1:
        human = st.humans.index(True)
        if human in asked and not claim_options(st, human) and not st.screens[human].complete():
            asked.remove(human)
    st.asked, st.answers = tuple(asked), {}
    st.phase = "claim"
    if not asked:
        close_window(st, events)


def answer(st: State, seat: int, action: Action, events: list[Event]) -> None:
    st.answers[seat] = action
    events.append(Event("answered", {"seat": seat, "answer": action.kind}, frozenset({seat}), None))
    if not waiting(st):
        close_window(st, events)


def claim_order(st: State) -> tuple[int, ...]:
    if st.options["direction"] == "literal":                # MMJ-15 (a): East, then against the turn order
        return from_east(st.east, st.n, BACKWARD)
    return nearest_after(st.discarder, st.n, FORWARD)


def rank(action: Action) -> int:
    if isinstance(action, MahJongg) or (isinstance(action, Claim) and action.mahjong):
        return MJ_RANK
    return KONG_RANK if action.pile == "kong" else PUNG_RANK


def close_window(st: State, events: list[Event]) -> None:
    piece, discarder = st.discard, st.discarder
    claims = [KitClaim(s, rank(a), a) for s, a in st.answers.items() if not isinstance(a, Pass)]
    best = resolve(claims, claim_order(st))
    data = {"discarder": discarder, "piece": piece, "taker": None, "call": None}
    if best is None:
        st.pool[piece] += 1
        events.append(Event("claim_resolved", {**data, "why": "nobody claimed"}))
        next_turn(st, discarder, events)
        return
    seat, action = best.seat, best.action
    if isinstance(action, MahJongg):
        st.pool[piece] += 1
        st.discard = None
        events.append(Event("claim_resolved", {**data, "taker": seat, "call": "mahjongg",
                                               "why": "Mah Jongg on the hand held"}))
        end_hand(st, seat, events)
        return
    sc = st.screens[seat]
    slot = sc.empty_slots(action.pile)[0]
    sc.slots[slot] = piece
    sc.last_in = (piece, "claimed", st.rolls)
    sc.exposed.add(action.pile)
    st.discard = st.discarder = None
    call = "mahjongg" if action.mahjong else action.pile
    events.append(Event("claim_resolved", {**data, "taker": seat, "call": call, "pile": action.pile,
                                           "exposed": [sc.slots[s] for s in PILE_SLOTS[action.pile]],
                                           "why": f"{'Mah Jongg' if action.mahjong else action.pile.title()} "
                                                  f"completes the {action.pile} pile"}))
    if action.mahjong:
        end_hand(st, seat, events)
    else:
        st.phase, st.turn, st.asked, st.answers = "called", seat, (), {}


# --------------------------------------------------------------------------- the end of a hand

def holding(sc: Screen) -> scoring.Holding:
    s = sc.slots
    return scoring.Holding((s["chow-S"],), (s["pung-M"], s["pung-S"]), (s["kong-L"], s["kong-M"], s["kong-S"]),
                           tuple(sc.bonus), tuple(sc.opaques), "pung" in sc.exposed, "kong" in sc.exposed,
                           sc.penalised)


def hand_values(st: State, winner: int) -> list[scoring.HandValue]:
    w = st.screens[winner]
    honour = w.honour()
    last = w.last_in or (None, None, -1)
    out = []
    for seat, sc in enumerate(st.screens):
        win = seat == winner
        out.append(scoring.hand_value(
            seat, holding(sc), honour, winner=win, opaques_in_play=opaques_in_play(st),
            drawn=win and last[1] == "drawn" and last[2] == st.rolls,           # MMJ-22: that turn's roll
            original=win and w.original,                                        # MMJ-12 (b)
            rooster=win and st.options["special_hands"] and last[0] == scoring.ROOSTER_PIECE))   # MMJ-13
    return out


def score_lines(values: list[scoring.HandValue]) -> list[ScoreLine]:
    lines = []
    for hv in values:
        for it in hv.items:
            value = it.points if not it.doubles else f"{it.doubles} double{'s' if it.doubles != 1 else ''}"
            lines.append(ScoreLine(hv.seat, it.name, value, it.why))
        why = f"{hv.base} × {2 ** hv.doubles}" if hv.doubles else ""
        lines.append(ScoreLine(hv.seat, "Hand value", hv.value, why))
    return lines


def reveal(st: State) -> list[dict]:
    return [{"seat": s, "chow": [sc.slots["chow-S"]], "pung": [sc.slots["pung-M"], sc.slots["pung-S"]],
             "kong": [sc.slots[x] for x in PILE_SLOTS["kong"]], "bonus": list(sc.bonus),
             "opaques": list(sc.opaques), "exposed": sorted(sc.exposed)} for s, sc in enumerate(st.screens)]


def end_hand(st: State, winner: int, events: list[Event]) -> None:
    values = hand_values(st, winner)
    transfers = scoring.settle({hv.seat: hv.value for hv in values}, winner, st.east)
    for t in transfers:
        st.scores[t.payee] += t.amount
        st.scores[t.payer] -= t.amount
    honour = st.screens[winner].honour()
    lines = score_lines(values)
    summary = (f"Hand {st.hand_no}: {says(st.names[winner], 'goes')} Mah Jongg for {values[winner].value}; "
               f"the honour colour is {honour}.")
    data = {"hand": st.hand_no, "winner": winner, "east": st.east, "honour": honour,
            "values": [hv.value for hv in values], "lines": [l.to_json() for l in lines],
            "transfers": [t.to_json() for t in transfers], "totals": list(st.scores), "summary": summary,
            "unit": "points", "screens": reveal(st), "changes": list(Ledger(st.n, entries=tuple(transfers)).changes())}
    events.append(Event("mahjongg", {"seat": winner}))
    events.append(Event("round_end", data))
    last = st.screens[winner].last_in
    st.results.append({"hand": st.hand_no, "winner": winner, "values": [hv.value for hv in values],
                       "transfers": [t.to_json() for t in transfers], "summary": summary,
                       "east": st.east, "items": [it.name for it in values[winner].items],
                       "how": last[1] if last else None})
    if winner != st.east:                    # East passes (MMJ-15); an East winner stays East
        direction = BACKWARD if st.options["direction"] == "literal" else FORWARD
        st.east = step(st.east, st.n, direction)
        st.passes += 1
    next_hand(st, events)


def dead_hand(st: State, events: list[Event]) -> None:
    """MMJ-16: four lost turns in a row: no score, East stays East."""
    summary = f"Hand {st.hand_no}: a dead hand after {DEAD_HAND_AFTER} lost turns in a row; nobody scores."
    events.append(Event("round_end", {"hand": st.hand_no, "winner": None, "east": st.east, "honour": None,
                                      "values": [], "lines": [], "transfers": [], "totals": list(st.scores),
                                      "summary": summary, "unit": "points", "screens": reveal(st),
                                      "changes": [0] * st.n}))
    st.results.append({"hand": st.hand_no, "winner": None, "values": [], "transfers": [], "summary": summary})
    next_hand(st, events)


def next_hand(st: State, events: list[Event]) -> None:
    """MMJ-27: the game ends once East has passed all the way round `rounds` times."""
    if st.passes >= st.n * st.options["rounds"]:
        st.finished, st.phase = True, "over"
        st.drawn = st.looking = st.discard = st.discarder = None
        st.asked, st.answers = (), {}
        best = max(st.scores)
        events.append(Event("game_end", {"totals": list(st.scores),
                                         "winners": [s for s in range(st.n) if st.scores[s] == best]}))
        return
    start_hand(st, events)
