"""Game state and flow: rounds, deals, turns, pool exhaustion and round scoring."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.protocol import Event, FrozenDict, IllegalAction, Result, ScoreLine, Setup, resolve_options
from game.core.rng import GameRng

from .actions import Draw, Pass, PlayTurn
from .options import OPTIONS
from .scoring import score_round
from .table import TableSet
from .tiles import ALL_TILES, SEAT_NAMES, SEAT_WINDS, round_wind, sort_tiles
from .turn import Verdict, check_play, commit

HAND_SIZE = 14
SEATS = 4


class IllegalTurn(IllegalAction):
    """An illegal PlayTurn; `verdict` says which rule failed and where (sets to highlight)."""

    def __init__(self, verdict: Verdict):
        super().__init__(f"{verdict.message} [{verdict.rule}]")
        self.verdict = verdict


@dataclass
class State:
    options: dict
    rng: GameRng
    round_index: int
    hands: list[list[str]]
    pool: list[str]                         # pool[0] is the next tile drawn
    table: list[TableSet]
    values: dict[str, str]                  # dragon id -> declared kind, for dragons in play
    opened: list[bool]
    turn: int
    passes: int = 0
    scores: list[int] = field(default_factory=lambda: [0] * SEATS)
    round_scores: list[tuple[int, ...]] = field(default_factory=list)
    went_out: list[int | None] = field(default_factory=list)      # per finished round
    history: list[tuple[int, int, str, int, bool]] = field(default_factory=list)
    # (round index, seat, "play"/"draw"/"pass", hand size after, opened after)
    finished: bool = False
    last_lines: tuple[ScoreLine, ...] = ()

    def copy(self, share_rng: bool = False) -> "State":
        """An independent copy.  `share_rng`: keep the same rng object (apply does, and copies the
        rng only when a round ends and deals again: copying it on every move was a large part of a move's cost)."""
        return State(dict(self.options), self.rng if share_rng else self.rng.copy(), self.round_index,
                     [list(h) for h in self.hands], list(self.pool), list(self.table), dict(self.values),
                     list(self.opened), self.turn, self.passes, list(self.scores), list(self.round_scores),
                     list(self.went_out), list(self.history), self.finished, self.last_lines)

    def successor(self) -> "State":
        """The state a move starts from (apply's): a new State that shares with this one every part a
        move replaces instead of changing it (options, rng, table, values, pool, each hand, the
        scores and round records: the move and round end put new objects there) and copies the two
        lists a move changes in place (the hands' list and the history).  Copying everything
        (`copy`) made a dozen containers a move, every one kept in the match's list of states."""
        return State(self.options, self.rng, self.round_index, list(self.hands), self.pool, self.table, self.values,
                     self.opened, self.turn, self.passes, self.scores, self.round_scores, self.went_out,
                     list(self.history), self.finished, self.last_lines)

    @property
    def rounds_total(self) -> int:
        return self.options["rounds"]

    def tile_count(self) -> int:
        return sum(len(h) for h in self.hands) + len(self.pool) + sum(len(s.tiles) for s in self.table)


def starter(round_index: int) -> int:
    """RUM-13: the seat whose wind is the round wind starts (seat i has wind N, E, S, W)."""
    return round_index % SEATS


# --------------------------------------------------------------------------- deals

def _deal_random(rng: GameRng) -> tuple[list[list[str]], list[str]]:
    tiles = list(ALL_TILES)
    rng.shuffle(tiles)
    hands = [sort_tiles(tiles[i * HAND_SIZE:(i + 1) * HAND_SIZE]) for i in range(SEATS)]
    return hands, tiles[SEATS * HAND_SIZE:]


def new_state(setup: Setup) -> State:
    if len(setup.seats) != SEATS:
        raise ValueError(f"Mahjong Rummy is played by exactly 4 seats, not {len(setup.seats)}")
    options = resolve_options(OPTIONS, setup.options)
    rng = GameRng(setup.seed)
    if setup.deal:
        deal = setup.deal
        from .deal import fixed_deal        # levels' and tests' deals: loaded when first needed
        hands, pool, table, values, opened = fixed_deal(deal, rng)
        r = deal.get("round", 1)
        if isinstance(r, bool) or not isinstance(r, int) or not 1 <= r <= options["rounds"]:
            raise ValueError(f"deal.round must be 1 to {options['rounds']}")
        turn = deal.get("turn", starter(r - 1))
        if isinstance(turn, bool) or not isinstance(turn, int) or not 0 <= turn < SEATS:
            raise ValueError("deal.turn must be a seat 0-3")
        scores = deal.get("scores", [0] * SEATS)
        if len(scores) != SEATS or not all(isinstance(x, int) and not isinstance(x, bool) for x in scores):
            raise ValueError("deal.scores needs four whole numbers")
        st = State(options, rng, r - 1, hands, pool, table, values, opened, turn, scores=list(scores))
    else:
        hands, pool = _deal_random(rng)
        st = State(options, rng, 0, hands, pool, [], {}, [False] * SEATS, starter(0))
    return st


# --------------------------------------------------------------------------- turns

def verdict_for(state: State, seat: int, action: PlayTurn) -> Verdict:
    return check_play(state.table, state.values, state.hands[seat], seat, state.opened[seat], action)


# The "played" event lists the whole table; most of its sets are the same TableSet objects turn after
# turn, so each set's frozen entry is made once (freezing the whole table was a large part of a move).
_SET_ENTRIES: dict[tuple, FrozenDict] = {}


def _set_entry(s: TableSet) -> FrozenDict:
    key = (s.tiles, s.owner)
    e = _SET_ENTRIES.get(key)
    if e is None:
        if len(_SET_ENTRIES) >= 4096:
            _SET_ENTRIES.clear()
        e = _SET_ENTRIES[key] = FrozenDict({"tiles": tuple(s.tiles), "owner": s.owner})     # == freeze(...)
    return e


def _event(kind: str, data: FrozenDict, visible_to: frozenset | None = None, public: FrozenDict | None = None) -> Event:
    """Event(kind, data, visible_to, public) for data made frozen here (FrozenDicts of ints, str and
    tuples, as `freeze` would make them): Event's frozen __init__ and its freezing would change
    nothing, and an event is made every move."""
    e = object.__new__(Event)
    e.__dict__.update(kind=kind, data=data, visible_to=visible_to, public=public)
    return e


def apply_action(state: State, seat: int, action) -> tuple[State, list[Event]]:
    if state.finished:
        raise IllegalAction("The game is over.")
    if seat != state.turn:
        raise IllegalAction(f"It is {SEAT_NAMES[state.turn]}'s turn, not {SEAT_NAMES[seat] if 0 <= seat < 4 else seat}'s.")
    events: list[Event] = []
    if isinstance(action, Draw):
        if not state.pool:
            raise IllegalAction("The pool is empty: play tiles or pass.")
        st = state.successor()
        tile = st.pool[0]
        st.pool = st.pool[1:]
        st.hands[seat] = sort_tiles(st.hands[seat] + [tile])
        st.passes = 0
        st.history.append((st.round_index, seat, "draw", len(st.hands[seat]), st.opened[seat]))
        # plain ints and a str: FrozenDicts as freeze would make them (an Event keeps a FrozenDict as it is)
        events.append(_event("drew", FrozenDict({"seat": seat, "tile": tile, "pool": len(st.pool)}), frozenset({seat}),
                             FrozenDict({"seat": seat, "pool": len(st.pool)})))
        st.turn = (seat + 1) % SEATS
        return st, events
    if isinstance(action, Pass):
        if state.pool:
            raise IllegalAction(f"You can't pass while the pool still has {len(state.pool)} tiles: "
                                "play tiles or draw one.")
        st = state.successor()
        st.passes += 1
        st.history.append((st.round_index, seat, "pass", len(st.hands[seat]), st.opened[seat]))
        events.append(Event("passed", {"seat": seat, "passes": st.passes}))
        if st.passes >= SEATS:
            _end_round(st, None, events)
        else:
            st.turn = (seat + 1) % SEATS
        return st, events
    if isinstance(action, PlayTurn):
        try:
            v = verdict_for(state, seat, action)
        except (TypeError, ValueError, KeyError, AttributeError) as e:
            raise IllegalAction(f"That play is not well formed: {e}") from None
        if not v.ok:
            raise IllegalTurn(v)
        st = state.successor()
        table, values, hand = commit(v, action.table, st.hands[seat], state.table, state.values)
        st.table = table
        st.values = values
        st.hands[seat] = sort_tiles(hand)
        if v.opens:
            st.opened = list(st.opened)
            st.opened[seat] = True
        st.passes = 0
        st.history.append((st.round_index, seat, "play", len(st.hands[seat]), st.opened[seat]))
        # already frozen (what freeze would make of it: the verdict's fields are tuples of ids and seats),
        # so the Event keeps it as it is instead of copying the whole table again
        events.append(_event("played", FrozenDict({
            "seat": seat, "played": v.played, "opened": v.opens,
            "table": tuple([_set_entry(s) for s in table]),
            "values": FrozenDict(sorted(values.items())), "swaps": v.swaps,
            "borrowed": v.borrowed, "given": v.given,
            "to_hand": v.to_hand, "hand_count": len(st.hands[seat])})))
        if not st.hands[seat]:
            _end_round(st, seat, events)     # RUM-15
        else:
            st.turn = (seat + 1) % SEATS
        return st, events
    raise IllegalAction(f"Mahjong Rummy has no action {action!r}.")


def _end_round(st: State, out_seat: int | None, events: list[Event]) -> None:
    rw = round_wind(st.round_index)
    in_play = [[t for s in st.table if s.owner == seat for t in s.tiles] for seat in range(SEATS)]
    lines, totals = score_round(in_play, st.hands, SEAT_WINDS, rw)
    st.scores = [st.scores[s] + totals[s] for s in range(SEATS)]      # new lists: st shares the old ones
    st.round_scores = st.round_scores + [tuple(totals)]
    st.went_out = st.went_out + [out_seat]
    st.last_lines = tuple(lines)
    rn = st.round_index + 1
    how = (f"{SEAT_NAMES[out_seat]} went out" if out_seat is not None
           else "the pool ran out and everyone passed")
    best = max(totals)
    tops = [SEAT_NAMES[s] for s in range(SEATS) if totals[s] == best]
    summary = f"Round {rn}: {how}; best round: {' and '.join(tops)} with {best} points."
    events.append(Event("round_end", {
        "round": rn, "round_wind": rw, "went_out": out_seat,
        "lines": [l.to_json() for l in lines], "round_scores": list(totals), "totals": list(st.scores),
        "hands": [list(h) for h in st.hands], "summary": summary, "unit": "points"}))
    if rn >= st.rounds_total:
        st.finished = True
        res = final_result(st)
        events.append(Event("game_end", {"totals": list(res.totals), "winners": list(res.winners),
                                         "summary": res.summary}))
        return
    st.round_index += 1
    st.rng = st.rng.copy()              # st shares its rng with the state before the move (State.successor)
    st.hands, st.pool = _deal_random(st.rng)
    st.table, st.values = [], {}
    st.opened = [False] * SEATS
    st.passes = 0
    st.turn = starter(st.round_index)
    events.append(Event("round_start", {"round": st.round_index + 1, "round_wind": round_wind(st.round_index),
                                        "starter": st.turn, "pool": len(st.pool)}))
    for s in range(SEATS):
        events.append(Event("dealt", {"seat": s, "tiles": list(st.hands[s])}, frozenset({s}),
                            {"seat": s, "count": len(st.hands[s])}))


def final_result(st: State) -> Result:
    best = max(st.scores)
    winners = tuple(s for s in range(SEATS) if st.scores[s] == best)
    lines = []
    for r, totals in enumerate(st.round_scores):
        for s in range(SEATS):
            lines.append(ScoreLine(s, f"Round {r + 1} ({SEAT_NAMES[r % SEATS]} wind)", totals[s],
                                   "went out" if st.went_out[r] == s else ""))
    for s in range(SEATS):
        lines.append(ScoreLine(s, "Game total", st.scores[s], f"{len(st.round_scores)} rounds"))
    names = [SEAT_NAMES[s] for s in winners]
    if len(winners) == 1:
        summary = f"{names[0]} wins with {best} points."
    else:
        summary = f"{' and '.join(names)} share the win with {best} points."
    return Result(True, tuple(st.scores), winners, tuple(lines), summary, "points")
