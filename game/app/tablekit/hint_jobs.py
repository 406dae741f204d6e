"""The hint's work off the frame, once for every table.

A hint is worked out in the app's worker process (app.bot_pool), as a bot's move is: Rummy, Mint Tin
and Martian ask the Hard bot for the viewer's move; Kards and Cuzzins send their own count
(discard_hint.HintWork: the best discard, a free kong, the claim advice). Counting in the frame
stuttered the table (a Hard bot's search takes seconds; a discard count of a shape first seen up to
50 ms). A table differs only in what it asks and how it shows the answer; here, for all of them:

  * nothing in the frame waits: a question goes to the worker and a later frame picks its answer up;
  * each answer belongs to the position it was asked about (the table's `hint_key()`: the move shown
    and the viewer): an answer for an older position is dropped, never shown, and a question about
    an older position still in the worker is cancelled when a newer one is asked;
  * leaving the table cancels its questions still queued (the pool is the app's and outlives it);
  * `pending()` says the worker is still counting for the position on show, so the table can say
    it is working on the hint meanwhile.

    jobs = HintJobs(lambda: app.bot_pool, table.hint_key)
    ready, answer = jobs.ask("hint", lambda: Question(HintWork(facts)))   # every frame: asked once
    ready, action = jobs.answer("move")      # only picks up what was asked (stale: dropped)

With IN_WORKER off (the app tests' conftest), a question is answered in the frame that asks it.
"""

from __future__ import annotations

import concurrent.futures as cf
import logging
from dataclasses import dataclass, field
from typing import Any, Callable

from game.core.rng import GameRng

log = logging.getLogger(__name__)

# The one switch for every table: the app tests' conftest turns it off, so a hint asked there is
# answered in the frame that asks, as they expect (the tests of this mechanism turn it back on).
IN_WORKER = True

FAILED = object()       # the answer of a question the worker could not answer (a table says "No hint")


@dataclass(frozen=True)
class Question:
    """What the worker is asked: ``bot.choose(view, legal, rng)`` (the Hard bot's move, or a table's
    own count, which has the same method). `cheap`: a failed worker answer is counted in the frame
    instead (a discard count; a bot's search is not: its answer is FAILED)."""
    bot: Any
    view: Any = None
    legal: tuple = ()
    rng: GameRng = field(default_factory=lambda: GameRng(0))
    cheap: bool = False

    def here(self) -> Any:
        """The answer worked out on this thread (the rng is not touched, as in the worker). A bot
        that raises answers FAILED, as from the worker; a cheap count's error is the table's bug."""
        try:
            return self.bot.choose(self.view, list(self.legal), GameRng.from_json(self.rng.to_json()))
        except Exception:
            if self.cheap:
                raise
            log.exception("the hint bot failed")
            return FAILED


@dataclass
class _Job:
    key: Any                          # the position asked about
    future: cf.Future | None          # None once answered
    question: Question
    answer: Any = None


class HintJobs:
    """A table's hint questions, one per kind (`what`: "move", "hint", "claim"), each for one position."""

    def __init__(self, pool: Callable[[], Any], position: Callable[[], Any]):
        self._pool = pool
        self._position = position
        self._jobs: dict[str, _Job] = {}

    def ask(self, what: str, question: Callable[[], Question]) -> tuple[bool, Any]:
        """(ready, answer) of `what` for the position on show, asked once per position (`question`
        is built only then); a question still out about an older position is cancelled."""
        key = self._position()
        job = self._jobs.get(what)
        if job is None or job.key != key:
            self.forget(what)
            q = question()
            if IN_WORKER:
                job = _Job(key, self._pool().submit(q.bot, q.view, q.legal, q.rng), q)
            else:
                job = _Job(key, None, q, q.here())
            self._jobs[what] = job
        return self._collect(job)

    def answer(self, what: str) -> tuple[bool, Any]:
        """(ready, answer) of `what` as asked, without asking: (False, None) while the worker counts
        or when nothing was asked; an answer for an older position is dropped (stale)."""
        job = self._jobs.get(what)
        if job is None:
            return False, None
        if job.key != self._position():
            self.forget(what)
            return False, None
        return self._collect(job)

    def _collect(self, job: _Job) -> tuple[bool, Any]:
        if job.future is not None:
            if not job.future.done():
                return False, None
            try:
                job.answer = job.future.result().action
            except Exception:           # the worker could not answer (it logged why)
                job.answer = job.question.here() if job.question.cheap else FAILED
            job.future = None
        return True, job.answer

    def pending(self, what: str | None = None) -> bool:
        """A question about the position on show (of kind `what`, or any) is still in the worker."""
        key = self._position()
        return any(job.future is not None and job.key == key and (what is None or w == what)
                   for w, job in self._jobs.items())

    def forget(self, what: str) -> None:
        """Drop `what`'s question and answer (cancelled in the worker if not started)."""
        job = self._jobs.pop(what, None)
        if job is not None and job.future is not None:
            job.future.cancel()

    def cancel_all(self) -> None:
        """The table is left: its questions still queued are dropped (the pool is the app's)."""
        for what in list(self._jobs):
            self.forget(what)

    def futures(self) -> list[cf.Future]:
        """The questions still in the worker (tests and the benchmark wait on them between frames)."""
        return [job.future for job in self._jobs.values() if job.future is not None]
