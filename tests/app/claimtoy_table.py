"""A test-only table for the claim toy (tests/core/claimtoy.py) and a bot pool whose futures the
test answers, so the claim window, its curtains and its timer are driven through the real scene
stack without a worker process or the wall clock.

Nothing here is registered with the app: a test builds the table itself (`toy_table`) and
registers the toy's bots with `register_bots()`.
"""

from __future__ import annotations

import concurrent.futures as cf
import os
from typing import Any

from game.app import theme
from game.app.scenes.table_base import TableScene
from game.bots.worker import Decision
from game.core.match import Match
from game.core.protocol import SeatConfig, Setup
from game.core.rng import GameRng
from tests.core.claimtoy import RULES, Claim, Discard, Peek

GAME_ID = "claimtoy"


class ClaimFirstBot:
    """Claims whenever it can, passes otherwise, discards its highest number; never peeks (asked
    out of turn, where a peek is all it may do, it says "not now")."""

    def choose(self, view: Any, legal: list, rng: GameRng) -> Any:
        if legal and all(isinstance(a, Peek) for a in legal):
            return None
        if Claim() in legal:
            return Claim()
        discards = [a for a in legal if isinstance(a, Discard)]
        return max(discards, key=lambda a: a.n) if discards else legal[0]


def register_bots() -> None:
    from game.bots import register
    for strength in ("easy", "normal", "hard"):
        register(GAME_ID, strength, ClaimFirstBot)


class FakePool:
    """Stands in for app.bot_pool: every question waits until the test answers it (`answer`,
    `answer_all`), or is answered at once with the bot's own choice when `auto` is set. A question
    out of turn (only peeks offered) is answered at once: the bot declines, which tests take as given."""

    def __init__(self, auto: bool = False, decline_peeks: bool = True):
        self.auto = auto
        self.decline_peeks = decline_peeks
        self.asked: list[tuple[cf.Future, Any, Any, list, Any]] = []   # (future, bot, view, legal, rng json)

    def submit(self, bot: Any, view: Any, legal: Any, rng: GameRng) -> cf.Future:
        future: cf.Future = cf.Future()
        self.asked.append((future, bot, view, list(legal), rng.to_json()))
        if self.auto or (self.decline_peeks and legal and all(isinstance(a, Peek) for a in legal)):
            self.answer(future)
        return future

    @property
    def waiting(self) -> list[cf.Future]:
        return [job[0] for job in self.asked if not job[0].done()]

    def answer(self, future: cf.Future, action: Any = None) -> None:
        """Answer one question: with `action`, or with what the bot chooses."""
        _f, bot, view, legal, rng_json = next(job for job in self.asked if job[0] is future)
        rng = GameRng.from_json(rng_json)
        if action is None:
            action = bot.choose(view, legal, rng)
        if future.set_running_or_notify_cancel():
            future.set_result(Decision(action, rng.to_json(), os.getpid()))

    def answer_all(self) -> None:
        for future in self.waiting:
            self.answer(future)

    def shutdown(self) -> None:
        for future in self.waiting:
            future.cancel()


class ClaimToyTable(TableScene):
    """Draws only words: whose turn, the viewer's numbers, chips; records what it was given."""

    def __init__(self, *a: Any, **k: Any):
        super().__init__(*a, **k)
        self.presented: list[tuple[int | None, list]] = []    # (viewer, events) per move shown
        self.drawn_for: list[int | None] = []

    def present(self, events: list) -> None:
        self.presented.append((self.viewer, list(events)))

    def claim_discard(self) -> tuple[str | None, str]:
        n = self.view.discard
        return (f"d6/{n}", f"A {n} was discarded") if n is not None else (None, "")

    def draw_table(self, canvas: Any, view: Any) -> None:
        self.drawn_for.append(view.seat)
        canvas.text(f"Turn: {self.name_of(view.turn)} · {view.phase}", (60, 40), theme.HEADING, theme.TEXT, True)
        for i, name in enumerate(self.seat_names):
            canvas.text(f"{name}: {view.chips[i]} chips", (60, 110 + i * 40), theme.BODY, theme.TEXT)
        if view.hand is not None:
            canvas.text("Your numbers: " + " ".join(map(str, view.hand)), (60, 760), theme.SUBHEADING, theme.GOLD)


def toy_table(app: Any, kinds: list[str], seed: int = 5, level: Any = None, **options: Any) -> ClaimToyTable:
    """Push a claim-toy table with these seat kinds ("human"/"bot") and rule options."""
    seats = tuple(SeatConfig(k, "normal", "") for k in kinds)
    match = Match(Setup(GAME_ID, seats, options, seed), rules=RULES)
    scene = ClaimToyTable(app, match, level)
    app.stack.push(scene)
    app.stack.apply()
    return scene
