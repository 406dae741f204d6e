"""MintTinRules: the protocol.GameRules object of Mint Tin Mahjong (game id "minttin")."""

from __future__ import annotations

from typing import Any

from game.core.protocol import Action, Event, IllegalAction, Result, ScoreLine, Setup
from game.core.rng import GameRng

from . import flow2p, goals, solo
from . import cards as C
from .actions import CODEC, Call, GiveCards
from .analysis import analyse, waits
from .deal import fixed_decks, start_round
from .hidden import resample
from .options import OPTIONS, resolve
from .state import State
from .views import MintView, make_view

SOLO_NAMES = ("You", "The opponent")
TWO_NAMES = ("South", "North")
_ENCODED: dict[Action, str] = {}        # encode_action's memo


class MintTinRules:
    id = "minttin"
    title = "Mint Tin Mahjong"
    min_seats = 1
    max_seats = 2
    options = OPTIONS
    action_classes = CODEC.classes
    # The setup screen keeps the seat count and this option in step (solo = one seat).
    seats_by_option = ("mode", {"solo": 1, "2p": 2})
    # the self-explaining hand analysis, for bots, the UI and the calculator
    analyse = staticmethod(analyse)
    waits = staticmethod(waits)

    def seat_names(self, n: int) -> tuple[str, ...]:
        if n == 1:
            return SOLO_NAMES[:1]
        if n == 2:
            return TWO_NAMES
        raise ValueError("Mint Tin Mahjong is for one or two players")

    # ------------------------------------------------------------------ setup

    def new_game(self, setup: Setup) -> State:
        n = len(setup.seats)
        if not self.min_seats <= n <= self.max_seats:
            raise ValueError(f"Mint Tin Mahjong needs 1 or 2 seats, not {n}")
        opts = resolve(setup.options, n)
        st = State(opts=opts, rng=GameRng(setup.seed))
        st.fixed_decks = fixed_decks(opts, setup.deal)
        if opts["mode"] == "solo":
            if (setup.deal or {}).get("dealer") is not None:
                raise ValueError("deal.dealer is for two players only: solo has no dealer")
            st.names = [SOLO_NAMES[0], SOLO_NAMES[1]]
        else:
            st.names = [setup.seats[i].name or TWO_NAMES[i] for i in range(2)]
            dealer = (setup.deal or {}).get("dealer")
            if dealer is None:
                dealer = st.own_rng().randint(0, 1)
            if isinstance(dealer, bool) or dealer not in (0, 1):
                raise ValueError(f"deal.dealer must be 0 or 1, not {dealer!r}")
            st.dealer = dealer
        start_round(st, [])
        return st

    # ------------------------------------------------------------------ turns

    def _flow(self, st: State):
        return solo if st.solo else flow2p

    def to_act(self, state: State) -> tuple[int, ...]:
        return self._flow(state).to_act(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        return self._flow(state).legal(state, seat)

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        CODEC.check(action)
        if state.over:
            raise IllegalAction("The game is over.")
        if seat not in self.to_act(state):
            waiting = " and ".join(state.names[s] for s in self.to_act(state))
            raise IllegalAction(f"It is not your turn; waiting for {waiting}.")
        flow = self._flow(state)
        action = normalise(action)
        if not (flow.is_legal(state, seat, action) if flow is flow2p else action in flow.legal(state, seat)):
            raise IllegalAction(flow.why_illegal(state, seat, action))
        st = state.clone()
        events: list[Event] = []
        flow.apply(st, seat, action, events)
        return st, events

    def view(self, state: State, seat: int | None) -> MintView:
        if seat is not None and not 0 <= seat < state.seats:
            raise ValueError(f"no seat {seat} in this game")
        return make_view(state, seat, self.to_act(state))

    def result(self, state: State) -> Result | None:
        if not state.over:
            return None
        lines = []
        for r in state.history:
            if r["winner"] is not None:
                lines.append(ScoreLine(r["winner"], f"Round {r['round']}", r["points"], r["summary"]))
        summary = state.history[-1].get("game_summary", "") if state.history else ""
        return Result(final=True, totals=tuple(state.scores), winners=tuple(state.winners),
                      lines=tuple(lines), summary=summary, unit="points")

    def encode_action(self, action: Action) -> str:
        # actions are frozen and equal ones encode alike: every logged move is encoded, so keep them
        try:
            text = _ENCODED.get(action)
        except TypeError:          # a hand-built action holding a list: not hashable
            return CODEC.encode(action)
        if text is None:
            if len(_ENCODED) > 4096:
                _ENCODED.clear()
            text = _ENCODED[action] = CODEC.encode(action)
        return text

    def decode_action(self, text: str) -> Action:
        return CODEC.decode(text)

    # ------------------------------------------------------------------ levels

    def goal_met(self, goal: Any, state: State, seat: int) -> bool | None:
        return goals.goal_met(goal, state, seat)

    def check_goal(self, goal: Any, options: Any = None) -> None:
        goals.check_goal(goal)   # Mint Tin's goals don't depend on its options

    # ------------------------------------------------------------------ hidden state

    def resample(self, state: State, seat: int | None, rng: Any) -> State:
        """A new state that looks the same to `seat`, what it can't see re-dealt (hidden.py)."""
        return resample(state, seat, rng)


def normalise(action: Action) -> Action:
    """The canonical form of card lists: Call = matching cards then jokers; GiveCards in hand order."""
    cards = getattr(action, "cards", None)
    if cards is None or not all(isinstance(c, str) and c in C.KINDS for c in cards):
        return action
    if isinstance(action, Call):
        return Call(tuple(sorted(cards, key=lambda c: c == C.J)))
    if isinstance(action, GiveCards):
        return GiveCards(tuple(C.sort_cards(cards)))
    return action


RULES = MintTinRules()
