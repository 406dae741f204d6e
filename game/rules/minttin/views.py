"""What one seat may see: a frozen snapshot with no reference back to the state.

Never in a view: the other player's concealed hand, the dead hand, the deck order, the other
player's face-down Double discards or pass choice, the doubler's hand value (to the other player).
Player-indexed tuples have two entries: two players = the seats; solo = (you, virtual opponent).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.protocol import ScoreLine

from . import cards as C
from .automaton import eligible_start
from .state import State


@dataclass(frozen=True)
class RoundSummary:
    round_no: int
    outcome: str           # mahjong, double_dropped, double_survived, double_beaten, solo_double_lost,
                           # five_pungs, wall, miscall
    winner: int | None     # player index (solo: 1 = the virtual opponent), None for a wall game
    points: int
    summary: str
    lines: tuple[ScoreLine, ...]
    reveal: tuple[tuple[int, tuple[str, ...], tuple[tuple[str, ...], ...]], ...]   # (player, hand, exposures)


@dataclass(frozen=True)
class DoubleInfo:
    by: int                # who called Double
    taken: bool            # the opponent took it (solo: always)
    turns: int             # Double turns played so far (of 3)
    value: int | None      # the doubler's hand value: shown only to the doubler


@dataclass(frozen=True)
class MintView:
    mode: str                                   # "2p" or "solo"
    seat: int | None                            # the viewer; None = spectator
    names: tuple[str, str]
    round_no: int
    phase: str
    to_act: tuple[int, ...]
    current: int                                # whose turn it is
    dealer: int | None                          # two players only
    target: int
    scores: tuple[int, int]
    hand: tuple[str, ...]                       # own concealed cards, in hand order
    last_drawn: str | None                      # own card just drawn (to highlight)
    hand_counts: tuple[int, int]                # concealed cards per player
    exposures: tuple[tuple[tuple[str, ...], ...], tuple[tuple[str, ...], ...]]
    joker_discards: tuple[int, int]             # jokers discarded sideways, per player
    discards: tuple[str, ...]                   # 2P discard pile / solo discard row, oldest first
    callable_card: str | None                   # the card that may be called now (2P last discard, solo hold)
    deck_count: int
    hold: str | None                            # solo hold spot
    joker_spot: int                             # solo: jokers on the opponent's joker spot
    dead_count: int                             # solo dead hand size (face down)
    row_floor: int                              # solo Joker Block: row cards before this index are out of play
    facedown_counts: tuple[int, int]            # 2P Double-turn face-down discards
    my_facedown: tuple[str, ...]
    double: DoubleInfo | None
    pass_offer: int | None
    pass_answer: int | None
    pass_count: int | None
    pass_chosen: tuple[bool, bool]
    my_pass: tuple[str, ...]
    last_round: RoundSummary | None
    game_over: bool
    winners: tuple[int, ...]
    options: tuple[tuple[str, Any], ...]

    @property
    def opponent(self) -> int | None:
        return None if self.seat is None else 1 - self.seat

    def option(self, key: str) -> Any:
        return dict(self.options)[key]


def make_view(st: State, seat: int | None, to_act: tuple[int, ...]) -> MintView:
    own = seat is not None
    d = st.double
    double = None
    if d is not None:
        double = DoubleInfo(d["by"], bool(d.get("taken")), d["turns"], d["value"] if seat == d["by"] else None)
    p = st.passing
    callable_card = None
    if st.solo:
        callable_card = st.hold if st.phase == "hold" else None
    elif st.callable and st.phase == "start" and st.discards:
        callable_card = st.discards[-1]
    return _view(
        mode=st.mode, seat=seat, names=tuple(st.names), round_no=st.round_no, phase=st.phase, to_act=to_act,
        current=st.current, dealer=None if st.solo else st.dealer, target=st.opts["target"],
        scores=tuple(st.scores),
        hand=tuple(C.sort_cards(st.hands[seat])) if own else (),
        last_drawn=st.last_drawn[seat] if own else None,
        hand_counts=tuple(map(len, st.hands)),
        exposures=tuple(tuple(map(tuple, ex)) for ex in st.exposures),
        joker_discards=tuple(st.joker_discards), discards=tuple(st.discards), callable_card=callable_card,
        deck_count=len(st.deck), hold=st.hold, joker_spot=st.spot, dead_count=len(st.dead),
        row_floor=eligible_start(st) if st.solo else 0,
        facedown_counts=tuple(map(len, st.facedown)),
        my_facedown=tuple(st.facedown[seat]) if own else (),
        double=double,
        pass_offer=p["offer"] if p else None, pass_answer=p["answer"] if p else None,
        pass_count=p["count"] if p else None,
        pass_chosen=tuple(g is not None for g in p["given"]) if p else (False, False),
        my_pass=tuple(p["given"][seat] or ()) if (p and own) else (),
        last_round=_summary(st.history[-1]) if st.history else None,
        game_over=st.over, winners=tuple(st.winners),
        options=_frozen(st.opts, _sorted_items),
    )


def _view(**fields: Any) -> MintView:
    """MintView(**fields) without the frozen __init__'s one object.__setattr__ per field (a view
    is made for every move): every field is given, and the view is as frozen once made."""
    view = object.__new__(MintView)
    view.__dict__.update(fields)
    return view


# a view is made for every move; the last round's record never changes once written (a new
# record replaces it), nor do the options after new_game, so their frozen forms are kept (keyed by
# the object, checked to be the same one)
_FROZEN: dict[int, tuple[Any, Any]] = {}


def _frozen(obj: Any, make) -> Any:
    hit = _FROZEN.get(id(obj))
    if hit is not None and hit[0] is obj:
        return hit[1]
    if len(_FROZEN) > 256:
        _FROZEN.clear()
    out = make(obj)
    _FROZEN[id(obj)] = (obj, out)
    return out


def _sorted_items(opts: dict) -> tuple:
    return tuple(sorted(opts.items()))


def _summary(rec: dict) -> RoundSummary:
    return _frozen(rec, _make_summary)


def _make_summary(rec: dict) -> RoundSummary:
    lines = tuple(ScoreLine(l["seat"], l["name"], l["value"], l["why"]) for l in rec["lines"])
    reveal = tuple((r["seat"], tuple(r["hand"]), tuple(tuple(e) for e in r["exposures"])) for r in rec["reveal"])
    return RoundSummary(rec["round"], rec["outcome"], rec["winner"], rec["points"], rec["summary"], lines, reveal)
