"""The two-player game: pass negotiation, turns, calls, swaps, Mahjong, the Double (drop/take)."""

from __future__ import annotations

from itertools import combinations

from game.core.protocol import Event, ScoreLine

from . import cards as C
from . import outcome
from .actions import (AnswerPass, Call, Discard, Double, Draw, Drop, GiveCards, JokerBlock, Mahjong,
                      OfferPass, Pass, SwapForJoker, SwapJokerFor, Take)
from .analysis import analyse
from .scoring import DOUBLE_TURNS
from .state import State
from .turns import (call_options, declarations, discard_options, do_call, do_swap, swap_options,
                    verdict, why_call_illegal, why_declare_illegal, why_discard_illegal, why_swap_illegal)

MAX_PASS = 3
TAKE_PHASES = ("start", "dstart")
ACT_PHASES = ("main", "dmain")

PHASE_HINT = {
    "pass_offer": "the non-dealer offers how many cards to pass",
    "pass_answer": "the dealer answers how many cards to pass",
    "pass_give": "both players choose the cards to pass",
    "start": "draw a card or call the last discard",
    "main": "swap jokers, declare, or discard a card",
    "declare": "declare Mahjong (or Double) after calling a pair",
    "answer": "drop or take the Double",
    "dstart": "draw a card (Double turn)",
    "dmain": "declare a winning hand or discard face down (Double turn)",
}


def to_act(st: State) -> tuple[int, ...]:
    if st.over:
        return ()
    ph = st.phase
    if ph == "pass_offer":
        return (1 - st.dealer,)
    if ph == "pass_answer":
        return (st.dealer,)
    if ph == "pass_give":
        return tuple(s for s in (0, 1) if st.passing["given"][s] is None)
    if ph == "answer":
        return (1 - st.double["by"],)
    return (st.current,)


def legal(st: State, seat: int) -> list:
    ph = st.phase
    if ph == "pass_offer":
        return [OfferPass(n) for n in range(MAX_PASS + 1)]
    if ph == "pass_answer":
        return [AnswerPass(n) for n in range(MAX_PASS + 1)]
    if ph == "pass_give":
        return [GiveCards(c) for c in _give_options(st.hands[seat], st.passing["count"])]
    if ph == "start":
        out: list = [Draw()]
        if st.callable:
            out += call_options(st, seat, st.discards[-1])
        return out
    if ph == "main":
        return declarations(st, seat) + swap_options(st, seat) + discard_options(st, seat)
    if ph == "declare":
        return declarations(st, seat)
    if ph == "answer":
        return [Drop(), Take()]
    if ph == "dstart":
        return [Draw()]
    if ph == "dmain":
        return declarations(st, seat, taker=True) + swap_options(st, seat, own_only=True) \
            + discard_options(st, seat)
    return []


def is_legal(st: State, seat: int, a) -> bool:
    """`a in legal(st, seat)` for a well-formed action (one of this game's classes), working out
    only the part of the list that holds actions of its class (a discard needs no verdict)."""
    ph = st.phase
    t = type(a)
    if ph == "start":
        if t is Draw:
            return True
        return t is Call and st.callable and a in call_options(st, seat, st.discards[-1])
    if ph in ACT_PHASES:
        if t is Discard:
            return a.card in st.hands[seat]     # discard_options: one Discard per card held
        if t is JokerBlock:
            return False                        # a solo rule
        if t is SwapForJoker or t is SwapJokerFor:
            return a in swap_options(st, seat, own_only=ph == "dmain")
        if t is Mahjong or t is Double:
            return a in declarations(st, seat, taker=ph == "dmain")
        return False
    return a in legal(st, seat)


def _give_options(hand: list[str], n: int) -> list[tuple[str, ...]]:
    pool = C.sort_cards(c for c in hand if c != C.J)
    return sorted(set(combinations(pool, n)), key=lambda t: [C.sort_key(c) for c in t])


def why_illegal(st: State, seat: int, a) -> str:
    ph = st.phase
    hint = PHASE_HINT.get(ph, "")
    if isinstance(a, (OfferPass, AnswerPass)):
        want = "pass_offer" if isinstance(a, OfferPass) else "pass_answer"
        if ph != want:
            return f"That is not asked now: {hint}."
        return f"You can pass between 0 and {MAX_PASS} cards."
    if isinstance(a, GiveCards):
        if ph != "pass_give":
            return "No cards are being passed now."
        n = st.passing["count"]
        if len(a.cards) != n:
            return f"Pass exactly {n} card{'s' if n != 1 else ''}."
        if C.J in a.cards:
            return "Jokers cannot be passed."
        return "You do not hold those cards."
    if isinstance(a, Draw):
        if ph in ("main", "declare", "dmain"):
            return "You have already taken a card this turn; discard a card to end it."
        return f"You cannot draw now: {hint}."
    if isinstance(a, Call):
        if ph == "dstart":
            return "During the Double turns you may only draw, not call."
        if ph != "start":
            return f"You can call only at the start of your turn: {hint}."
        if not st.callable:
            return "There is no discard you can call now: only the most recent discard, never a joker."
        return why_call_illegal(st, seat, st.discards[-1], tuple(a.cards))
    if isinstance(a, (SwapForJoker, SwapJokerFor)):
        if ph not in ACT_PHASES:
            return "Swap jokers after you draw or call and before you discard."
        return why_swap_illegal(st, seat, a, own_only=ph == "dmain")
    if isinstance(a, (Discard, JokerBlock)):
        if ph in TAKE_PHASES:
            return "Draw or call a card before you discard."
        if ph == "declare":
            return "A pair can be called only to complete Mahjong: declare Mahjong (or Double) now."
        if ph not in ACT_PHASES:
            return f"You cannot discard now: {hint}."
        return why_discard_illegal(st, seat, a)
    if isinstance(a, (Mahjong, Double)):
        if ph not in ("main", "declare", "dmain"):
            return "You can declare only after drawing or calling a card, before you discard."
        return why_declare_illegal(st, seat, a, taker=ph == "dmain")
    if isinstance(a, (Drop, Take)):
        return "There is no Double to answer."
    if isinstance(a, Pass):
        return "Pass belongs to the solo hold spot; in a two-player game draw or call."
    return f"That is not possible now: {hint}."


# ----------------------------------------------------------------------------- applying

def apply(st: State, seat: int, a, ev: list[Event]) -> None:
    ph = st.phase
    if isinstance(a, OfferPass):
        st.passing["offer"] = a.count
        st.phase = "pass_answer"
        ev.append(Event("pass_offer", {"seat": seat, "count": a.count}))
    elif isinstance(a, AnswerPass):
        n = min(st.passing["offer"], a.count)
        st.passing["answer"] = a.count
        st.passing["count"] = n
        ev.append(Event("pass_answer", {"seat": seat, "count": a.count, "agreed": n}))
        if n == 0:
            _begin_play(st)
        else:
            st.phase = "pass_give"
    elif isinstance(a, GiveCards):
        st.passing["given"][seat] = list(a.cards)
        ev.append(Event("pass_chosen", {"seat": seat, "cards": list(a.cards)}, frozenset({seat}), {"seat": seat}))
        if all(g is not None for g in st.passing["given"]):
            _exchange(st, ev)
    elif isinstance(a, Draw):
        card = st.deck.pop(0)
        st.hands[seat].append(card)
        st.last_drawn[seat] = card
        st.took_call = False
        st.callable = False
        st.phase = "dmain" if ph == "dstart" else "main"
        ev.append(Event("draw", {"seat": seat, "card": card, "deck": len(st.deck)}, frozenset({seat}),
                        {"seat": seat, "deck": len(st.deck)}))
    elif isinstance(a, Call):
        card = st.discards.pop()
        st.callable = False
        do_call(st, seat, card, tuple(a.cards), ev)
        st.phase = "declare" if len(a.cards) == 1 or not st.hands[seat] else "main"
    elif isinstance(a, (SwapForJoker, SwapJokerFor)):
        do_swap(st, seat, a, ev)
    elif isinstance(a, Discard):
        _discard(st, seat, a.card, ev)
    elif isinstance(a, Mahjong):
        _mahjong(st, seat, ev)
    elif isinstance(a, Double):
        _double(st, seat, ev)
    elif isinstance(a, Drop):
        _drop(st, seat, ev)
    elif isinstance(a, Take):
        st.double["taken"] = True
        st.current = seat
        st.callable = False
        st.phase = "dstart"
        ev.append(Event("take", {"seat": seat, "turns": DOUBLE_TURNS}))


def _begin_play(st: State) -> None:
    st.current = st.dealer
    st.phase = "start"


def _exchange(st: State, ev: list[Event]) -> None:
    given = st.passing["given"]
    for s in (0, 1):
        for c in given[s]:
            st.hands[s].remove(c)
    for s in (0, 1):
        st.hands[s].extend(given[1 - s])
        ev.append(Event("pass_exchange", {"seat": s, "gave": list(given[s]), "got": list(given[1 - s])},
                        frozenset({s}), {"seat": s, "count": len(given[s])}))
    _begin_play(st)


def _discard(st: State, seat: int, card: str, ev: list[Event]) -> None:
    st.hands[seat].remove(card)
    st.last_drawn[seat] = None
    st.took_call = False
    if card == C.J:
        st.joker_discards[seat] += 1
        st.callable = False
        ev.append(Event("joker_discard", {"seat": seat, "count": st.joker_discards[seat]}))
    elif st.phase == "dmain":
        st.facedown[seat].append(card)
        ev.append(Event("facedown", {"seat": seat, "card": card}, frozenset({seat}), {"seat": seat}))
    else:
        st.discards.append(card)
        st.callable = True
        ev.append(Event("discard", {"seat": seat, "card": card}))
    if st.phase == "dmain":
        st.double["turns"] += 1
        if st.double["turns"] >= DOUBLE_TURNS:
            _double_survived(st, ev)
        else:
            st.phase = "dstart"
        return
    if not st.deck:
        outcome.wall_game(st, ev)
        return
    st.current = 1 - seat
    st.phase = "start"


def _mahjong(st: State, seat: int, ev: list[Event]) -> None:
    v = verdict(st, seat)
    if st.phase == "dmain":
        if not v.valid:
            outcome.miscall(st, seat, v, "Mahjong", ev)
            return
        _double_beaten(st, seat, v, ev)
        return
    if not v.winning:
        outcome.miscall(st, seat, v, "Mahjong", ev)
        return
    ev.append(Event("mahjong", {"seat": seat, **outcome.reveal_hand(st, seat)}))
    outcome.mahjong(st, seat, v, ev)


def _double(st: State, seat: int, ev: list[Event]) -> None:
    v = verdict(st, seat)
    if not v.valid:
        outcome.miscall(st, seat, v, "Double", ev)
        return
    st.double = {"by": seat, "value": v.points, "turns": 0, "taken": False,
                 "hand": list(st.hands[seat]), "exposures": [list(e) for e in st.exposures[seat]],
                 "jokers": st.joker_discards[seat], "called": st.took_call}
    st.phase = "answer"
    ev.append(Event("double", {"seat": seat, "deck": len(st.deck)}))


def doubler_verdict(st: State):
    d = st.double
    return analyse(d["hand"], d["exposures"], discarded_jokers=d["jokers"], called=d["called"],
                   consecutive=st.opts["consecutive"])


def _drop(st: State, seat: int, ev: list[Event]) -> None:
    by = st.double["by"]
    v = doubler_verdict(st)
    ev.append(Event("drop", {"seat": seat}))
    lines = [outcome.hand_line(by, v)] + outcome.lines_for(by, v.lines)
    points = v.points
    if points == 0:
        lines.append(ScoreLine(by, "Dropped Double", 1, "a dropped Double on a hand worth 0 earns 1"))
        points = 1
    outcome.end_round(st, ev, outcome="double_dropped", winner=by, points=points, lines=lines, verdict=v,
                      features=outcome.hand_features(v) + ["double"],
                      summary=f"{st.names[seat]} dropped the Double: {st.names[by]} scores {points}.",
                      reveal=[_reveal_double(st)])


def _double_survived(st: State, ev: list[Event]) -> None:
    by = st.double["by"]
    v = doubler_verdict(st)
    lines, points = outcome.double_lines(by, v, f"{st.names[1 - by]} did not go out in three turns")
    outcome.end_round(st, ev, outcome="double_survived", winner=by, points=points, lines=lines, verdict=v,
                      features=outcome.hand_features(v) + ["double", "double_taken"],
                      summary=f"The Double holds: {st.names[by]} scores {points}.",
                      reveal=[_reveal_double(st), outcome.reveal_hand(st, 1 - by)])


def _double_beaten(st: State, seat: int, vt, ev: list[Event]) -> None:
    vd = doubler_verdict(st)
    ev.append(Event("mahjong", {"seat": seat, **outcome.reveal_hand(st, seat)}))
    lines = [outcome.hand_line(seat, vt)] + outcome.lines_for(seat, vt.lines)
    best = max(vd.points, vt.points)
    if vd.points > vt.points:
        lines.append(ScoreLine(seat, "Higher hand", vd.points - vt.points,
                               f"the doubler's hand was worth {vd.points}; the higher hand is doubled"))
    if best > 0:
        lines.append(ScoreLine(seat, "Double", best, "you went out during the Double turns"))
        points = 2 * best
    else:
        lines.append(ScoreLine(seat, "Double minimum", 1, "both hands worth 0: you gain 1"))
        points = 1
    outcome.end_round(st, ev, outcome="double_beaten", winner=seat, points=points, lines=lines, verdict=vt,
                      features=outcome.hand_features(vt) + ["beat_double"],
                      summary=f"{st.names[seat]} beat the Double and scores {points}.",
                      reveal=[_reveal_double(st), outcome.reveal_hand(st, seat)])


def _reveal_double(st: State) -> dict:
    d = st.double
    return {"seat": d["by"], "hand": C.sort_cards(d["hand"]), "exposures": [list(e) for e in d["exposures"]]}
