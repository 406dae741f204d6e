"""One loop that asks whoever must act: the simulator, bot experiments and tests drive matches with it.

A player is a callable `(seat, view, legal) -> Action | None`; None means "no answer yet" (a
human still thinking) or, when asked out of turn, "not now".  Each `step`:

- a chance node is decided by the match (`Match.roll`);
- seats allowed to act out of turn are offered the chance first;
- a sealed prompt asks every waiting seat on the same position before any answer is applied
  (so no answer can depend on another); any other prompt asks its seats in order and plays the
  first answer, as the game's own turn order says;
- when nobody answers, the elapsed time on the clock you pass in (a `() -> seconds` callable; no
  clock = no timers) goes to `Match.tick`, which plays the prompt's timeouts.

A player is asked again at every step until it answers (a table steps once a frame), so each
seat's view and legal actions are computed once per position and kept until the next move.
An answer the rules refuse raises `Refused` naming the seat (the match is unchanged by it; in a
sealed prompt the answers applied before it stand).  `hold()` tells the driver that the time
since the last step belongs to no prompt (a table paused behind its results, say).

Nothing here reads the wall clock or starts threads, so tests drive it step by step.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from game.core.match import Match
from game.core.protocol import CHANCE, Action, IllegalAction, Result

Player = Callable[[int, Any, list], "Action | None"]


class Stalled(RuntimeError):
    """Nobody answers and no timer will run out: the match can't go on by itself."""


class NoMove(RuntimeError):
    """A seat must act but has no legal action (a bug in the game)."""

    def __init__(self, seat: int):
        super().__init__(f"seat {seat} must act but has no legal action")
        self.seat = seat


class Refused(IllegalAction):
    """The rules refused a player's answer; `seat` and `action` say whose and which."""

    def __init__(self, seat: int, action: Action, reason: str):
        super().__init__(reason)
        self.seat = seat
        self.action = action


class Driver:
    def __init__(self, match: Match, players: Mapping[int, Player], clock: Callable[[], float] | None = None):
        self.match = match
        self.players = dict(players)
        self.clock = clock
        self._last = clock() if clock is not None else 0.0
        self._asked: tuple[int, dict] = (-1, {})   # (log length, {seat: (view, legal), ("legal", seat): legal})

    def hold(self) -> None:
        """The time until now belongs to no prompt: the next step's timer starts from here."""
        if self.clock is not None:
            self._last = self.clock()

    def _cache(self) -> dict:
        at, cache = self._asked
        if at != len(self.match.log):
            at, cache = len(self.match.log), {}
            self._asked = (at, cache)
        return cache

    def legal_of(self, seat: int) -> list:
        """`seat`'s legal actions at this position, computed once per position (no view is built:
        most seats asked out of turn have nothing to do)."""
        cache = self._cache()
        key = ("legal", seat)
        if key not in cache:
            cache[key] = self.match.legal(seat)
        return cache[key]

    def question(self, seat: int) -> tuple[Any, list]:
        """(view, legal actions) of `seat` at this position, computed once per position."""
        cache = self._cache()
        if seat not in cache:
            cache[seat] = (self.match.view(seat), self.legal_of(seat))
        return cache[seat]

    def _ask(self, seat: int, out_of_turn: bool = False) -> Action | None:
        player = self.players.get(seat)
        if player is None:
            return None
        if not self.legal_of(seat):
            if out_of_turn:
                return None
            raise NoMove(seat)
        view, legal = self.question(seat)
        return player(seat, view, legal)

    def _play(self, seat: int, action: Action) -> None:
        try:
            self.match.act(seat, action)
        except Refused:
            raise
        except IllegalAction as e:
            raise Refused(seat, action, e.reason) from None

    def _moved(self) -> bool:
        if self.clock is not None:
            self._last = self.clock()   # time spent choosing belongs to no later prompt
        return True

    def step(self) -> bool:
        """Play what can be played now; True when the match moved on."""
        match = self.match
        if match.finished:
            return False
        prompt = match.prompt()
        if CHANCE in prompt.seats:
            match.roll()
            return self._moved()
        if not prompt.seats and not prompt.out_of_turn:
            raise RuntimeError("nobody is to act but the game has no result")
        for seat in prompt.out_of_turn:
            if seat not in prompt.seats:
                action = self._ask(seat, out_of_turn=True)
                if action is not None:
                    self._play(seat, action)
                    return self._moved()
        if prompt.sealed:
            answers = [(seat, self._ask(seat)) for seat in prompt.seats]
            answers = [(seat, a) for seat, a in answers if a is not None]
            played = False
            for seat, action in answers:
                if seat in match.to_act():     # the game may close the window early (a win)
                    try:
                        self._play(seat, action)
                    except Refused:
                        if played:
                            self._moved()
                        raise
                    played = True
            if played:
                return self._moved()
        else:
            for seat in prompt.seats:
                action = self._ask(seat)
                if action is not None:
                    self._play(seat, action)
                    return self._moved()
        if self.clock is None:
            return False
        now = self.clock()
        elapsed, self._last = now - self._last, now
        before = len(match.log)
        match.tick(elapsed)
        return len(match.log) > before

    def run(self, max_moves: int = 20000, max_idle_steps: int = 100000) -> Result:
        """Step until the match has a result.  Raises Stalled when nobody answers an untimed prompt
        (or a timed one for `max_idle_steps` steps), RuntimeError after `max_moves` moves."""
        idle = 0
        while True:
            result = self.match.result()
            if result is not None:
                return result
            if len(self.match.log) >= max_moves:
                raise RuntimeError(f"no result after {max_moves} actions")
            if self.step():
                idle = 0
                continue
            idle += 1
            if self.clock is None or self.match.prompt().timeout is None or idle > max_idle_steps:
                raise Stalled(f"seat(s) {', '.join(map(str, self.match.to_act()))} did not answer "
                              "and no timer runs out")
