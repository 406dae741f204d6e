"""Solo: your turns, the hold-spot call, the virtual opponent's turn, the solo Double.

Phases (to_act is always (0,) until the game is over):
    start    draw a card
    main     swap jokers, declare Mahjong/Double, discard (or Joker Block)
    declare  after calling a pair: declare
    hold     the opponent's card is on the hold spot: Call it or Pass
"""

from __future__ import annotations

from game.core.protocol import Event, ScoreLine

from . import automaton as A
from . import cards as C
from . import outcome
from .actions import (AnswerPass, Call, Discard, Double, Draw, Drop, GiveCards, JokerBlock, Mahjong,
                      OfferPass, Pass, SwapForJoker, SwapJokerFor, Take)
from .scoring import DOUBLE_TURNS, opponent_lines, total
from .state import State
from .turns import (call_options, declarations, discard_options, do_call, do_swap, swap_options,
                    verdict, why_call_illegal, why_declare_illegal, why_discard_illegal, why_swap_illegal)

OPP = A.OPP


def to_act(st: State) -> tuple[int, ...]:
    return () if st.over else (0,)


def legal(st: State, seat: int) -> list:
    ph = st.phase
    if ph == "start":
        return [Draw()]
    if ph == "main":
        return declarations(st, 0) + swap_options(st, 0) + discard_options(st, 0)
    if ph == "declare":
        return declarations(st, 0)
    if ph == "hold":
        return call_options(st, 0, st.hold) + [Pass()]
    return []


def why_illegal(st: State, seat: int, a) -> str:
    ph = st.phase
    if isinstance(a, Draw):
        if ph == "hold":
            return "The opponent's card is on the hold spot: call it or pass first."
        return "You have already taken a card this turn; discard a card to end it."
    if isinstance(a, Call):
        if ph != "hold":
            return "In solo you can call only the card on the opponent's hold spot."
        return why_call_illegal(st, 0, st.hold, tuple(a.cards))
    if isinstance(a, Pass):
        return "There is no card on the hold spot to pass."
    if isinstance(a, SwapJokerFor):
        return "In solo you may only give a matching card for an exposed joker, not a joker for a card."
    if isinstance(a, SwapForJoker):
        if ph != "main":
            return "Swap jokers after you draw or call and before you discard."
        return why_swap_illegal(st, 0, a)
    if isinstance(a, (Discard, JokerBlock)):
        if ph == "start":
            return "Draw a card before you discard."
        if ph == "hold":
            return "The opponent's card is on the hold spot: call it or pass first."
        if ph == "declare":
            return "A pair can be called only to complete Mahjong: declare Mahjong (or Double) now."
        return why_discard_illegal(st, 0, a)
    if isinstance(a, (Mahjong, Double)):
        if ph not in ("main", "declare"):
            return "You can declare only after drawing or calling a card, before you discard."
        return why_declare_illegal(st, 0, a)
    if isinstance(a, (OfferPass, AnswerPass, GiveCards)):
        return "There is no passing in solo."
    if isinstance(a, (Drop, Take)):
        return "Only a two-player opponent answers a Double."
    return "That is not possible now."


def apply(st: State, seat: int, a, ev: list[Event]) -> None:
    if isinstance(a, Draw):
        card = st.deck.pop(0)
        st.hands[0].append(card)
        st.last_drawn[0] = card
        st.took_call = False
        st.phase = "main"
        ev.append(Event("draw", {"seat": 0, "card": card, "deck": len(st.deck)}, frozenset({0}),
                        {"seat": 0, "deck": len(st.deck)}))
    elif isinstance(a, Call):
        card = st.hold
        st.hold = None
        do_call(st, 0, card, tuple(a.cards), ev)
        st.phase = "declare" if len(a.cards) == 1 or not st.hands[seat] else "main"
    elif isinstance(a, Pass):
        ev.append(Event("pass", {"seat": 0, "card": st.hold}))
        _hold_to_row(st, ev)
    elif isinstance(a, SwapForJoker):
        do_swap(st, 0, a, ev)
    elif isinstance(a, Discard):
        _discard(st, a.card, ev)
    elif isinstance(a, JokerBlock):
        st.hands[0].remove(C.J)
        st.discards.append(C.J)
        _end_my_turn(st)
        ev.append(Event("joker_block", {"seat": 0, "row": len(st.discards)}))
        _opponent_turn(st, ev)
    elif isinstance(a, Mahjong):
        v = verdict(st, 0)
        if not v.winning:
            outcome.miscall(st, 0, v, "Mahjong", ev)
            return
        ev.append(Event("mahjong", {"seat": 0, **outcome.reveal_hand(st, 0)}))
        outcome.mahjong(st, 0, v, ev)
    elif isinstance(a, Double):
        _double(st, ev)


def _end_my_turn(st: State) -> None:
    st.last_drawn[0] = None
    st.took_call = False


def _discard(st: State, card: str, ev: list[Event]) -> None:
    st.hands[0].remove(card)
    _end_my_turn(st)
    if card == C.J:
        st.joker_discards[0] += 1
        ev.append(Event("joker_discard", {"seat": 0, "count": st.joker_discards[0]}))
        _opponent_turn(st, ev)
        return
    st.discards.append(card)
    ev.append(Event("discard", {"seat": 0, "card": card}))
    if A.exposure_check(st, ev):          # MTM-8: the opponent took your discard; you draw next
        if A.five_pungs(st):
            _opponent_wins(st, ev)
        else:
            _your_turn(st, ev)
        return
    _opponent_turn(st, ev)


def _your_turn(st: State, ev: list[Event]) -> None:
    if not st.deck:
        outcome.wall_game(st, ev)
        return
    st.current = 0
    st.phase = "start"


def _opponent_turn(st: State, ev: list[Event]) -> None:
    """MTM-7: draw to the hold spot, swap if it can (then a pair check), else you may call, else the row."""
    if not st.deck:
        outcome.wall_game(st, ev)
        return
    card = A.draw_to_hold(st, ev)
    if A.opponent_swap(st, ev):
        A.pair_check(st, ev)
        if A.five_pungs(st):
            _opponent_wins(st, ev)
        else:
            _your_turn(st, ev)
        return
    if call_options(st, 0, card) or not st.opts["auto_pass"]:
        st.current = 0
        st.phase = "hold"
        return
    _hold_to_row(st, ev)


def _hold_to_row(st: State, ev: list[Event]) -> None:
    if A.hold_to_row(st, ev) and A.five_pungs(st):
        _opponent_wins(st, ev)
        return
    _your_turn(st, ev)


def _opponent_wins(st: State, ev: list[Event], doubled: bool = False) -> None:
    base = opponent_lines(st.exposures[OPP])
    lines = [ScoreLine(OPP, l.name, l.points, l.why) for l in base]
    points = total(base)
    if doubled:
        lines.append(ScoreLine(OPP, "Double", points, "your Double failed: the opponent's points are doubled"))
        points *= 2
    reveal = [{"seat": OPP, "hand": [], "exposures": [list(e) for e in st.exposures[OPP]]}]
    outcome.end_round(st, ev, outcome="solo_double_lost" if doubled else "five_pungs", winner=OPP,
                      points=points, lines=lines, features=["five_pungs"] + (["beat_double"] if doubled else []),
                      summary=f"The opponent exposed five pungs and scores {points}.", reveal=reveal)


def _double(st: State, ev: list[Event]) -> None:
    """MTM-12: three cards go face up into the row, one by one; only the exposure check runs."""
    v = verdict(st, 0)
    if not v.valid:
        outcome.miscall(st, 0, v, "Double", ev)
        return
    st.double = {"by": 0, "value": v.points, "turns": 0, "taken": True}
    ev.append(Event("double", {"seat": 0, "deck": len(st.deck)}))
    for turn in range(1, DOUBLE_TURNS + 1):
        card = st.deck.pop(0)
        st.double["turns"] = turn
        st.discards.append(card)
        ev.append(Event("double_flip", {"card": card, "turn": turn, "deck": len(st.deck)}))
        if A.exposure_check(st, ev) and A.five_pungs(st):
            _opponent_wins(st, ev, doubled=True)
            return
    lines, points = outcome.double_lines(0, v, "the opponent did not make its fifth pung in three turns")
    outcome.end_round(st, ev, outcome="double_survived", winner=0, points=points, lines=lines, verdict=v,
                      features=outcome.hand_features(v) + ["double", "double_taken"],
                      summary=f"Your Double holds: you score {points}.", reveal=[outcome.reveal_hand(st, 0)])
