"""Table bots think in the app's worker process and make exactly the moves they made in-process."""

from __future__ import annotations

import os

import pytest

from game.bots import make_bot
from game.core.match import Match
from game.core.protocol import SeatConfig, Setup
from game.core.rng import GameRng


def play_until(app, scene, moves, max_frames=3000):
    """Run frames until the log holds `moves` entries; wait on the bot's future (frames don't)."""
    for _ in range(max_frames):
        if len(scene.match.log) >= moves:
            return
        if scene._bot_job is not None:
            scene._bot_job[2].result(timeout=120)
        app.tick(1 / 60)
    raise AssertionError(f"only {len(scene.match.log)} moves after {max_frames} frames")


def in_process_log(setup, moves):
    """The same seats played the old way: bot.choose on this interpreter, each bot its own rng."""
    m = Match(setup)
    bots, rngs = {}, {}
    while len(m.log) < moves:
        seat = m.to_act()[0]
        legal = m.legal(seat)
        if len(legal) == 1:
            action = legal[0]
        else:
            if seat not in bots:
                bots[seat] = make_bot(setup.game, setup.seats[seat].strength)
                rngs[seat] = GameRng(f"{setup.seed}:bot:{seat}")
            action = bots[seat].choose(m.view(seat), legal, rngs[seat])
        m.act(seat, action)
    return [(e.seat, e.action) for e in m.log]


@pytest.mark.parametrize("game,strengths,moves", [("rummy", ("hard", "easy", "normal", "easy"), 16),
                                                  ("minttin", ("easy", "hard"), 24)])
def test_bot_moves_at_a_table_match_the_in_process_moves(app, game, strengths, moves):
    app.store.settings.anim_speed = 0.0
    setup = Setup(game, tuple(SeatConfig("bot", s) for s in strengths), {}, 21)
    app.start_game(setup)
    app.stack.apply()
    scene = app.stack.top
    asked = []
    submit = app.bot_pool.submit
    app.bot_pool.submit = lambda *a: asked.append(submit(*a)) or asked[-1]
    play_until(app, scene, moves)
    got = [(e.seat, e.action) for e in scene.match.log][:moves]
    assert got == in_process_log(setup, moves)
    decided = [f.result(timeout=120) for f in asked]
    assert decided and all(d.pid != os.getpid() for d in decided)     # every decision in the worker


def test_a_hint_comes_from_the_worker(app, monkeypatch):
    from game.app.tablekit import hint_jobs
    monkeypatch.setattr(hint_jobs, "IN_WORKER", True)          # (the app tests count hints at once)
    app.store.settings.anim_speed = 0.0
    setup = Setup("rummy", (SeatConfig("human"),) + tuple(SeatConfig("bot", "easy") for _ in range(3)), {}, 4)
    app.start_game(setup)
    app.stack.apply()
    scene = app.stack.top
    shown = []
    scene.show_hint = shown.append
    scene.request_hint()
    [future] = scene.hint_jobs.futures()
    decision = future.result(timeout=120)
    assert decision.pid != os.getpid()
    app.tick(1 / 60)
    assert shown == [decision.action]
    here = make_bot("rummy", "hard").choose(scene.match.view(0), scene.match.legal(0), GameRng("hint:0"))
    assert decision.action == here
