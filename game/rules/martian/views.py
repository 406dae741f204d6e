"""What one seat may see. Its own screen in full; of the others only their exposed piles (or the
whole screen of a player penalised to play exposed, MMJ-26); the pool's 24 stacks (public); each
cover's colour and how often someone looked, and — for this seat only — what it saw or left there
and when (MMJ-20). Never what is under a cover it has not looked under, nor the rng.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.protocol import CHANCE

from .pieces import PILE_SLOTS, POOL_KINDS
from .state import Screen, State
from .turn import to_act


@dataclass(frozen=True)
class ScreenView:
    """A player's piles: each a tuple of piece-or-None in slot order (Chow S; Pung M S; Kong L M S)."""
    chow: tuple
    pung: tuple
    kong: tuple
    bonus: tuple[str, ...]
    opaques: tuple[str, ...]
    exposed: tuple[str, ...]
    original: bool = True        # the three dealt pieces are all still in their slots (MMJ-12)
    last_in: tuple | None = None # own screen only: (piece, "drawn"/"claimed"/"dealt", roll number) of the
                                 # latest piece put in a pile, which its owner knows (MMJ-13, MMJ-22)

    def complete(self) -> bool:
        return None not in self.chow + self.pung + self.kong


@dataclass(frozen=True)
class CoverView:
    place: int                   # 0-9 medium covers, 10-19 large
    colour: str                  # black / white
    size: str                    # M / L
    looks: int                   # how many times anyone has looked under it
    memory: tuple | None         # this seat only: (piece, looks then, roll number then, "saw" or "left")


@dataclass(frozen=True)
class PlayerView:
    seat: int
    exposed: tuple[tuple[str, tuple], ...]       # (pile, pieces) for each exposed pile
    screen: ScreenView | None                    # the whole screen: own seat, or a penalised player


@dataclass(frozen=True)
class MartianView:
    seat: int | None
    n: int
    phase: str
    turn: int
    east: int | None
    to_act: tuple[int, ...]
    hand_no: int
    passes: int
    rounds: int
    scores: tuple[int, ...]
    pool: tuple[tuple[str, int], ...]            # (kind, count) for the 24 stacks
    aside: tuple[tuple[str, int], ...]
    covers: tuple[CoverView, ...]
    players: tuple[PlayerView, ...]
    mine: ScreenView | None
    dice: tuple[int, int] | None
    drawn: str | None                            # the piece the dice named this turn (public)
    looking: int | None                          # the cover taken behind the screen this turn (public)
    under: str | None                            # what is under it: only for the seat looking
    discard: str | None
    discarder: int | None
    rolls: int
    d8_log: tuple[tuple, ...]                    # this hand's setup rolls: (purpose, seat, face)
    lost: int                                    # lost turns in a row
    results: tuple[tuple[int, int | None, tuple[int, ...], str], ...]   # (hand, winner, values, summary)
    options: tuple[tuple[str, object], ...]
    finished: bool

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.seat in self.to_act

    @property
    def hand(self) -> tuple[str, ...]:
        """What a lesson step's `pieces` are counted against (game/core/lesson.py): every piece behind
        this seat's screen (piles, bonus stack, opaques) and an `open:<slot>` mark for each empty slot,
        so a step can ask for a particular slot to be filled (`pieces = ["open:pung-S"]`)."""
        m = self.mine
        if m is None:
            return ()
        slots = zip(("chow-S", "pung-M", "pung-S", "kong-L", "kong-M", "kong-S"), m.chow + m.pung + m.kong)
        return tuple(p if p is not None else f"open:{slot}" for slot, p in slots) + m.bonus + m.opaques


_COVER_VIEWS: dict[tuple, CoverView] = {}


def cover_view(place: int, colour: str, size: str, looks: int, memory: tuple | None) -> CoverView:
    """The (frozen, equal-by-value) CoverView for these facts, made once: views are built for every
    seat at every wait point, and covers seldom change between them."""
    key = (place, colour, size, looks, memory)
    cv = _COVER_VIEWS.get(key)
    if cv is None:
        if len(_COVER_VIEWS) >= 4096:
            _COVER_VIEWS.clear()
        cv = _COVER_VIEWS[key] = CoverView(place, colour, size, looks, memory)
    return cv


def screen_view(sc: Screen, own: bool = False) -> ScreenView:
    s = sc.slots
    return ScreenView(tuple(s[x] for x in PILE_SLOTS["chow"]), tuple(s[x] for x in PILE_SLOTS["pung"]),
                      tuple(s[x] for x in PILE_SLOTS["kong"]), tuple(sc.bonus), tuple(sorted(sc.opaques)),
                      tuple(sorted(sc.exposed)), sc.original, sc.last_in if own else None)


def make_view(st: State, seat: int | None) -> MartianView:
    if seat == CHANCE or (seat is not None and not 0 <= seat < st.n):
        seat = None
    players = []
    for p, sc in enumerate(st.screens):
        exposed = tuple((pile, tuple(sc.slots[x] for x in PILE_SLOTS[pile])) for pile in sorted(sc.exposed))
        players.append(PlayerView(p, exposed, screen_view(sc, p == seat) if (p == seat or sc.penalised) else None))
    memory = st.memory[seat] if seat is not None else {}
    covers = tuple(cover_view(i, c.colour, c.size, c.looks, memory.get(i)) for i, c in enumerate(st.covers))
    under = None
    if seat is not None and seat == st.turn and st.phase == "cover":
        under = st.covers[st.looking].content
    return MartianView(
        seat=seat, n=st.n, phase=st.phase, turn=st.turn, east=st.east, to_act=to_act(st), hand_no=st.hand_no,
        passes=st.passes, rounds=st.options["rounds"], scores=tuple(st.scores),
        pool=tuple((k, st.pool.get(k, 0)) for k in POOL_KINDS), aside=tuple(sorted(st.aside.items())),
        covers=covers, players=tuple(players), mine=screen_view(st.screens[seat], True) if seat is not None and st.screens else None,
        dice=st.dice, drawn=st.drawn, looking=st.looking, under=under, discard=st.discard, discarder=st.discarder,
        rolls=st.rolls, d8_log=tuple(st.d8_log), lost=st.lost,
        results=tuple((r["hand"], r["winner"], tuple(r["values"]), r["summary"]) for r in st.results),
        options=tuple(sorted(st.options.items())), finished=st.finished)

