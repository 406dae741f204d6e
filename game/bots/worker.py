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
  it) at the first decision and reused for every table until the app shuts the pool down. It
  runs at a lower priority (nice), so where cores are few or busy the frames still come first.
  Calls go over a pipe, one at a time, from a dispatcher thread of this process that only waits.
* The bot sees only what it saw in-process: the view and the legal actions (they and the bot cross
  to the worker the way multiprocessing sends any call; nothing is written to disk). Its rng crosses as
  JSON state and comes back advanced in `Decision.rng_state`, so a bot makes the same moves for a
  given seed as it did on a thread.
* A bot that raises fails its future with BotFailed (the caller plays a simple move, as before).
* A worker that dies, or a call that cannot cross to it, is not the bot's fault: it is logged,
  that decision is made again on the dispatcher thread (same answer, slower frames), and the
  next decision starts a fresh worker; after MAX_BREAKS such failures the pool stays on the thread.
* shutdown() ends the worker at once, even mid-search (quitting never waits for a bot).
"""

from __future__ import annotations

import concurrent.futures as cf
import logging
import multiprocessing
import os
import queue
import signal
import threading
import traceback
from dataclasses import dataclass
from typing import Any, Sequence

from game.core.rng import GameRng

log = logging.getLogger(__name__)

WORKER_NICE = 10        # the worker's scheduling priority below the app's (POSIX nice)
MAX_BREAKS = 3          # worker failures before the pool gives up on processes for this session


@dataclass(frozen=True)
class Decision:
    action: Any
    rng_state: Any      # the bot's rng after choosing (GameRng.to_json)
    pid: int            # the process that decided (tests check where the work ran)


class BotFailed(Exception):
    """The bot itself raised while choosing; the message carries the error and its traceback."""


class PoolClosed(Exception):
    """shutdown() ended the worker while this decision was being made."""


def decide(bot: Any, view: Any, legal: Sequence[Any], rng_state: Any) -> tuple[str, Any]:
    """One bot decision: ("ok", Decision) or ("failed", what the bot raised). Never raises for the
    bot's own error, so anything that goes wrong around it is the worker's, not the bot's."""
    try:
        rng = GameRng.from_json(rng_state)
        action = bot.choose(view, legal, rng)
        return "ok", Decision(action, rng.to_json(), os.getpid())
    except Exception as e:
        return "failed", f"{type(e).__name__}: {e}\n{traceback.format_exc(limit=8)}"


# ------------------------------------------------------------------------- the worker process

def _serve(conn: Any) -> None:
    """The worker's main loop: answer decide() calls until the pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)      # Ctrl-C in a terminal is the app's to handle
    if hasattr(os, "nice"):
        try:
            os.nice(WORKER_NICE)
        except OSError:
            pass
    while True:
        try:
            args = conn.recv()
        except EOFError:
            return
        conn.send(decide(*args))


class _Worker:
    def __init__(self) -> None:
        ctx = multiprocessing.get_context("spawn")
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_serve, args=(child,), name="mahjong-parlour-bots", daemon=True)
        self.proc.start()
        child.close()
        self.stopped = False

    def call(self, args: tuple) -> tuple[str, Any]:
        self.conn.send(args)
        return self.conn.recv()

    def stop(self) -> None:
        """End the process (a running search too); a call waiting on it fails at once."""
        self.stopped = True
        if self.proc.is_alive():
            self.proc.terminate()


# ------------------------------------------------------------------------- in the app

class BotPool:
    """Runs bot decisions off the app's interpreter. `processes=False`: on the dispatcher thread
    of this process instead (what the pool falls back to; tests may choose it)."""

    def __init__(self, processes: bool = True):
        self.processes = processes
        self.breaks = 0
        self._lock = threading.Lock()
        self._queue: queue.SimpleQueue | None = None
        self._worker: _Worker | None = None

    def submit(self, bot: Any, view: Any, legal: Sequence[Any], rng: GameRng) -> cf.Future:
        """Ask for `bot.choose(view, legal, rng)`; the future's result is a Decision (BotFailed when
        the bot raised). `rng` is not touched: the Decision carries its advanced state. The bot
        (built by make_bot) crosses to the worker with the call; bots keep nothing between calls.
        Calls are answered in order; cancelling a future that has not started drops its call."""
        job: cf.Future = cf.Future()
        with self._lock:
            if self._queue is None:           # first call, or the first since shutdown()
                self._queue = queue.SimpleQueue()
                threading.Thread(target=self._dispatch, args=(self._queue,), name="bot-dispatch",
                                 daemon=True).start()
            self._queue.put((job, (bot, view, list(legal), rng.to_json())))
        return job

    def shutdown(self) -> None:
        """End the worker at once (even mid-search) and drop the calls not yet started. Safe to
        call more than once; a later submit starts again."""
        with self._lock:
            q, self._queue = self._queue, None
            worker, self._worker = self._worker, None
        if q is not None:
            while True:
                try:
                    job, _ = q.get_nowait()
                except queue.Empty:
                    break
                job.cancel()
            q.put(None)                       # the dispatcher ends after its current call
        if worker is not None:
            worker.stop()
            worker.proc.join(1.0)

    # ------------------------------------------------------------------ internals
    def _dispatch(self, q: queue.SimpleQueue) -> None:
        while True:
            item = q.get()
            if item is None:
                return
            job, args = item
            if not job.set_running_or_notify_cancel():
                continue
            try:
                status, value = self._decide(args)
            except PoolClosed as e:
                job.set_exception(e)
                continue
            if status == "ok":
                job.set_result(value)
            else:
                log.warning("a bot failed: %s", value)
                job.set_exception(BotFailed(value))

    def _decide(self, args: tuple) -> tuple[str, Any]:
        with self._lock:
            use_process = self.processes and self.breaks < MAX_BREAKS
        if not use_process:
            return decide(*args)
        worker = None
        try:
            worker = self._running_worker()
            return worker.call(args)
        except Exception as e:
            if worker is not None and worker.stopped:
                raise PoolClosed("the bot pool was shut down") from None
            self._broken(worker, e)
        return decide(*args)

    def _running_worker(self) -> _Worker:
        with self._lock:
            if self._worker is None:
                self._worker = _Worker()
            return self._worker

    def _broken(self, worker: _Worker | None, error: BaseException) -> None:
        with self._lock:
            self.breaks += 1
            breaks = self.breaks
            if worker is not None and self._worker is worker:
                self._worker = None
        if worker is not None:
            worker.stop()
            worker.proc.join(1.0)
        then = ("the next one starts a new worker" if breaks < MAX_BREAKS
                else "bots think in the game's own process from now on (frames may stutter)")
        log.warning("bot worker process failed (%s: %s); this decision is made in the game's process, %s",
                    type(error).__name__, error, then)
