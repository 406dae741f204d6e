"""Bot decisions in a worker process, so the app's frames never wait for a bot.

A bot's search is pure Python and holds the interpreter lock: on a thread of the app's own
process it steals time from every frame (measured: a 60 Hz Rummy table fell to about 40 fps while
a Hard bot searched). In a process of its own it runs on another core and the table keeps its
frame rate.

    pool = BotPool()                               # nothing starts yet
    fut = pool.submit(make_bot("rummy", "hard"), view, legal, rng)
    ...                                            # the app polls fut.done() once a frame
    decision = fut.result()                        # Decision(action, rng_state)
    pool.shutdown()                                # with the app

* One worker process, started ("spawn": the app has pygame loaded, the worker must not inherit
  it) at the first decision and reused for every table until the app shuts the pool down.
* The bot sees only what it saw in-process: the view and the legal actions (they and the bot cross
  to the worker the way multiprocessing sends any call; nothing is written to disk). Its rng crosses as
  JSON state and comes back advanced in `Decision.rng_state`, so a bot makes the same moves for a
  given seed as it did on a thread.
* A bot that raises fails its future with BotFailed (the caller plays a simple move, as before).
* A worker that dies, or a call that cannot cross to it, is not the bot's fault: it is logged,
  that decision is made again on a thread of this process (same answer, slower frames), and the
  next decision starts a fresh worker; after MAX_BREAKS such failures the pool stays on the thread.
"""

from __future__ import annotations

import concurrent.futures as cf
import logging
import multiprocessing
import os
import threading
import traceback
from dataclasses import dataclass
from typing import Any, Sequence

from game.core.rng import GameRng

log = logging.getLogger(__name__)

MAX_BREAKS = 3          # worker failures before the pool gives up on processes for this session


@dataclass(frozen=True)
class Decision:
    action: Any
    rng_state: Any      # the bot's rng after choosing (GameRng.to_json)
    pid: int            # the process that decided (tests check where the work ran)


class BotFailed(Exception):
    """The bot itself raised while choosing; the message carries its traceback's last line."""


# ------------------------------------------------------------------------- in the worker

def decide(bot: Any, view: Any, legal: Sequence[Any], rng_state: Any) -> tuple[str, Any]:
    """One bot decision: ("ok", Decision) or ("failed", what the bot raised). Never raises for the
    bot's own error, so any exception on the future is the worker's, not the bot's."""
    try:
        rng = GameRng.from_json(rng_state)
        action = bot.choose(view, legal, rng)
        return "ok", Decision(action, rng.to_json(), os.getpid())
    except Exception as e:
        return "failed", f"{type(e).__name__}: {e}\n{traceback.format_exc(limit=8)}"


# ------------------------------------------------------------------------- in the app

class _Job(cf.Future):
    """The caller's future for one decision; cancelling it cancels the queued call too."""

    def __init__(self) -> None:
        super().__init__()
        self.inner: cf.Future | None = None

    def cancel(self) -> bool:
        if self.inner is not None:
            self.inner.cancel()
        return super().cancel()


class BotPool:
    """Runs bot decisions off the app's interpreter. `processes=False`: on one thread of this
    process instead (what the pool falls back to; tests may choose it)."""

    def __init__(self, processes: bool = True):
        self.processes = processes
        self.breaks = 0
        self._lock = threading.Lock()
        self._process_pool: cf.ProcessPoolExecutor | None = None
        self._thread_pool: cf.ThreadPoolExecutor | None = None
        self._closed = False

    def submit(self, bot: Any, view: Any, legal: Sequence[Any], rng: GameRng) -> cf.Future:
        """Start `bot.choose(view, legal, rng)`; the future's result is a Decision (or BotFailed).
        `rng` is not touched: the Decision carries its advanced state. The bot (built by make_bot)
        crosses to the worker with the call; bots keep nothing between decisions."""
        job = _Job()
        args = (bot, view, list(legal), rng.to_json())
        with self._lock:
            self._closed = False          # a submit after shutdown() starts again
            use_process = self.processes and self.breaks < MAX_BREAKS
        if use_process:
            pool = None
            try:
                pool = self._processes()
                job.inner = pool.submit(decide, *args)
            except Exception as e:        # the pool broke between two calls, or cannot start at all
                self._broken(pool, e)
            else:
                job.inner.add_done_callback(lambda f: self._finish(job, f, args, pool))
                return job
        self._on_thread(job, args)
        return job

    def shutdown(self) -> None:
        """Stop the worker (a search still running is abandoned) and the fallback thread;
        unfinished decisions are cancelled. Safe to call more than once; a later submit starts again."""
        with self._lock:
            self._closed = True
            pp, self._process_pool = self._process_pool, None
            tp, self._thread_pool = self._thread_pool, None
        if pp is not None:
            _stop(pp)
        if tp is not None:
            tp.shutdown(wait=False, cancel_futures=True)

    # ------------------------------------------------------------------ internals
    def _processes(self) -> cf.ProcessPoolExecutor:
        with self._lock:
            if self._closed:
                raise RuntimeError("the bot pool is shut down")
            if self._process_pool is None:
                self._process_pool = cf.ProcessPoolExecutor(max_workers=1,
                                                            mp_context=multiprocessing.get_context("spawn"))
            return self._process_pool

    def _threads(self) -> cf.ThreadPoolExecutor:
        with self._lock:
            if self._closed:
                raise RuntimeError("the bot pool is shut down")
            if self._thread_pool is None:
                self._thread_pool = cf.ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
            return self._thread_pool

    def _on_thread(self, job: _Job, args: tuple) -> None:
        try:
            job.inner = self._threads().submit(decide, *args)
        except RuntimeError:              # shut down meanwhile: nobody wants the answer
            job.cancel()
            return
        job.inner.add_done_callback(lambda f: self._finish(job, f, args, None))

    def _finish(self, job: _Job, inner: cf.Future, args: tuple, pool: cf.ProcessPoolExecutor | None) -> None:
        """Runs when the call ends (on the pool's own thread): pass its outcome on to the job.
        `pool`: the worker process pool it ran in (None: it ran on the thread)."""
        if inner.cancelled() or job.done():
            job.cancel()
            return
        error = inner.exception()
        if error is not None:
            if pool is None:
                _settle(job, error=error)
            elif self._closed:                # stopped by shutdown(): nobody wants the answer
                job.cancel()
            else:                             # the worker's failure, not the bot's: decide here instead
                self._broken(pool, error)
                self._on_thread(job, args)
            return
        status, value = inner.result()
        _settle(job, error=BotFailed(value) if status == "failed" else None, result=value)

    def _broken(self, pool: cf.ProcessPoolExecutor | None, error: BaseException) -> None:
        with self._lock:
            self.breaks += 1
            breaks = self.breaks
            if self._process_pool is pool:
                self._process_pool = None
        if pool is not None:
            _stop(pool)
        then = ("the next one starts a new worker" if breaks < MAX_BREAKS
                else "bots think in the game's own process from now on (frames may stutter)")
        log.warning("bot worker process failed (%s: %s); this decision is made in the game's process, %s",
                    type(error).__name__, error, then)


def _settle(job: _Job, error: BaseException | None = None, result: Any = None) -> None:
    try:
        if error is not None:
            job.set_exception(error)
        else:
            job.set_result(result)
    except cf.InvalidStateError:      # cancelled meanwhile: nobody wants the answer
        pass


def _stop(pool: cf.ProcessPoolExecutor) -> None:
    """Shut a process pool down without waiting for a running search: end its worker."""
    procs = list((getattr(pool, "_processes", None) or {}).values())   # no public way before 3.14
    pool.shutdown(wait=False, cancel_futures=True)
    for p in procs:
        try:
            p.terminate()
        except Exception:
            pass
