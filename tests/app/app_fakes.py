"""A tiny game for the app tests: seats take turns adding 1 or 2; reaching 6 ends a round.

Two rounds make a game; the seat with the most round wins wins. It follows the GameRules
protocol just far enough for Match and TableScene.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.core.protocol import Action, ActionCodec, Event, IllegalAction, Option, Result, ScoreLine

GAME_ID = "fakecount"


@dataclass(frozen=True)
class Add(Action):
    kind = "add"
    n: int = 1


@dataclass(frozen=True)
class State:
    seats: int
    total: int = 0
    turn: int = 0
    round: int = 1
    wins: tuple = ()
    over: bool = False


@dataclass(frozen=True)
class View:
    seat: object
    total: int
    turn: int


class FakeRules:
    id = GAME_ID
    title = "Fake Count"
    min_seats = 2
    max_seats = 4
    options = (
        Option("target", "Target", "choice", 6, choices=((6, "Six"), (9, "Nine")), help="Where a round ends."),
        Option("fast", "Fast mode", "bool", False, help="Nothing, really."),
        Option("rounds", "Rounds", "int", 2, lo=1, hi=4, help="How many rounds.", ruling="FAKE-1"),
    )
    codec = ActionCodec([Add])

    def seat_names(self, n):
        return tuple(("East", "South", "West", "North")[:n])

    def new_game(self, setup):
        return State(seats=len(setup.seats), wins=tuple(0 for _ in setup.seats))

    def to_act(self, state):
        return () if state.over else (state.turn,)

    def legal_actions(self, state, seat):
        if state.over or seat != state.turn:
            return []
        return [Add(1), Add(2)]

    def apply(self, state, seat, action):
        if state.over or seat != state.turn:
            raise IllegalAction("It is not your turn.")
        if not isinstance(action, Add) or action.n not in (1, 2):
            raise IllegalAction("You may add only 1 or 2.")
        total = state.total + action.n
        events = [Event("added", {"seat": seat, "n": action.n}),
                  Event("secret", {"seat": seat, "card": "X"}, visible_to=frozenset({seat}), public={"seat": seat})]
        if total >= 6:
            wins = list(state.wins)
            wins[seat] += 1
            line = ScoreLine(seat, "Reached six", 1, "added the last number").to_json()
            events.append(Event("round_end", {"lines": [line], "totals": wins, "summary": "A round ends",
                                              "unit": "rounds"}))
            over = state.round >= 2
            return replace(state, total=0, turn=(seat + 1) % state.seats, round=state.round + 1,
                           wins=tuple(wins), over=over), events
        return replace(state, total=total, turn=(seat + 1) % state.seats), events

    def view(self, state, seat):
        return View(seat, state.total, state.turn)

    def result(self, state):
        if not state.over:
            return None
        best = max(state.wins)
        winners = tuple(i for i, w in enumerate(state.wins) if w == best)
        return Result(True, tuple(state.wins), winners, (), "Game over", "rounds")

    def encode_action(self, action):
        return self.codec.encode(action)

    def decode_action(self, text):
        return self.codec.decode(text)


RULES = FakeRules()


class FirstBot:
    def choose(self, view, legal, rng):
        return legal[0]


def register_bots():
    from game.bots import register
    for s in ("easy", "normal", "hard"):
        register(GAME_ID, s, FirstBot)


def use_fake_game(monkeypatch, table_cls) -> None:
    """Every game id means the fake counting game, played on `table_cls` (also in replays)."""
    import game.core.match as match_mod
    import game.rules as rules_mod
    register_bots()
    monkeypatch.setattr(rules_mod, "rules_for", lambda gid: RULES)
    monkeypatch.setattr(match_mod, "_rules", lambda gid: RULES)
    monkeypatch.setattr("game.app.tables.table_scene_for", lambda gid: table_cls)
    monkeypatch.setattr("game.app.scenes.replay.table_scene_for", lambda gid: table_cls)
