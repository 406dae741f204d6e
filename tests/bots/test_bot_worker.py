"""game/bots/worker.py: bot decisions in a worker process, the same answers as in-process."""

from __future__ import annotations

import concurrent.futures as cf
import logging
import os

import pytest

from game.bots import make_bot
from game.bots.worker import BotFailed, BotPool, PoolClosed
from game.core.match import Match
from game.core.protocol import SeatConfig, Setup
from game.core.rng import GameRng
from tests.bots import worker_fakes

WAIT = 120      # a bound against hangs only (a fresh worker process imports the rules first)


@pytest.fixture
def pool():
    p = BotPool()
    yield p
    p.shutdown()


def position(game, seats, seed):
    m = Match(Setup(game, tuple(SeatConfig("bot", "hard") for _ in range(seats)), seed=seed))
    seat = m.to_act()[0]
    return m, seat


@pytest.mark.parametrize("game,seats,strength", [("rummy", 4, "hard"), ("minttin", 2, "hard"),
                                                 ("minttin", 1, "normal")])
def test_a_decision_in_the_worker_is_the_in_process_one(pool, game, seats, strength):
    m, seat = position(game, seats, seed=5)
    view, legal = m.view(seat), m.legal(seat)
    rng = GameRng("bot-rng")
    before = rng.to_json()
    decision = pool.submit(make_bot(game, strength), view, legal, rng).result(timeout=WAIT)
    assert decision.pid != os.getpid()                   # it really ran elsewhere
    assert rng.to_json() == before                       # the caller's rng is left alone ...
    here = GameRng("bot-rng")
    assert decision.action == make_bot(game, strength).choose(view, legal, here)
    assert decision.rng_state == here.to_json()          # ... and comes back advanced as in-process


def test_the_worker_is_started_once_and_reused(pool):
    m, seat = position("rummy", 4, seed=2)
    pids = {pool.submit(worker_fakes.FirstLegal(), m.view(seat), m.legal(seat), GameRng(i)).result(timeout=WAIT).pid
            for i in range(3)}
    assert len(pids) == 1 and os.getpid() not in pids


def test_thread_mode_decides_in_this_process():
    p = BotPool(processes=False)
    try:
        m, seat = position("rummy", 4, seed=2)
        d = p.submit(worker_fakes.FirstLegal(), m.view(seat), m.legal(seat), GameRng(1)).result(timeout=WAIT)
        assert d.pid == os.getpid() and d.action == m.legal(seat)[0]
    finally:
        p.shutdown()


def test_a_bot_that_raises_fails_its_future_only(pool):
    m, seat = position("rummy", 4, seed=2)
    with pytest.raises(BotFailed, match="broken on purpose"):
        pool.submit(worker_fakes.Raises(), m.view(seat), m.legal(seat), GameRng(1)).result(timeout=WAIT)
    assert pool.breaks == 0                              # the worker is fine and keeps serving
    d = pool.submit(worker_fakes.FirstLegal(), m.view(seat), m.legal(seat), GameRng(1)).result(timeout=WAIT)
    assert d.pid != os.getpid()


def test_a_worker_crash_is_logged_and_the_decision_is_made_here(pool, caplog):
    m, seat = position("rummy", 4, seed=2)
    legal = m.legal(seat)
    with caplog.at_level(logging.WARNING, logger="game.bots.worker"):
        d = pool.submit(worker_fakes.DiesInWorker(), m.view(seat), legal, GameRng(1)).result(timeout=WAIT)
    assert d.action == legal[-1] and d.pid == os.getpid()
    assert pool.breaks == 1 and "bot worker process failed" in caplog.text
    # the next decision gets a fresh worker process
    d2 = pool.submit(worker_fakes.FirstLegal(), m.view(seat), legal, GameRng(1)).result(timeout=WAIT)
    assert d2.pid != os.getpid()


def test_after_repeated_crashes_the_pool_stays_in_process(pool):
    from game.bots.worker import MAX_BREAKS
    m, seat = position("rummy", 4, seed=2)
    for _ in range(MAX_BREAKS):
        pool.submit(worker_fakes.DiesInWorker(), m.view(seat), m.legal(seat), GameRng(1)).result(timeout=WAIT)
    d = pool.submit(worker_fakes.FirstLegal(), m.view(seat), m.legal(seat), GameRng(1)).result(timeout=WAIT)
    assert d.pid == os.getpid()


def test_shutdown_ends_a_running_search_and_a_later_submit_starts_again(pool):
    m, seat = position("rummy", 4, seed=2)
    first = pool.submit(worker_fakes.FirstLegal(), m.view(seat), m.legal(seat), GameRng(1)).result(timeout=WAIT)
    endless = pool.submit(worker_fakes.Sleeps(), m.view(seat), m.legal(seat), GameRng(1))
    queued = pool.submit(worker_fakes.FirstLegal(), m.view(seat), m.legal(seat), GameRng(1))
    for _ in range(10_000):           # until the endless search has been handed to the worker
        if endless.running():
            break
        cf.wait([endless], timeout=0.01)
    pool.shutdown()
    assert queued.cancelled()
    with pytest.raises(PoolClosed):
        endless.result(timeout=WAIT)
    assert pool.breaks == 0                              # stopping on purpose is no failure
    again = pool.submit(worker_fakes.FirstLegal(), m.view(seat), m.legal(seat), GameRng(1)).result(timeout=WAIT)
    assert again.pid not in (os.getpid(), first.pid)


def test_a_cancelled_question_is_never_answered(pool):
    m, seat = position("rummy", 4, seed=2)
    busy = pool.submit(worker_fakes.FirstLegal(), m.view(seat), m.legal(seat), GameRng(1))
    later = pool.submit(worker_fakes.FirstLegal(), m.view(seat), m.legal(seat), GameRng(2))
    assert later.cancel()
    busy.result(timeout=WAIT)
    assert later.cancelled()
