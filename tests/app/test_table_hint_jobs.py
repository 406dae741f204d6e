"""Every table works its hint out off the frame the same way (game/app/tablekit/hint_jobs.py): Rummy,
Mint Tin and Martian ask the Hard bot for a move, Kards and Cuzzins send their own count; nothing in
the frame waits, an answer for a position the table has left is dropped, leaving the table cancels
the questions still queued, and while the worker counts the table says so. The app tests count hints
in the frame (conftest); these turn the worker back on, with a pool that answers when told."""

import pytest

from game.app.input import Intent
from game.app.tablekit import discard_hint as dh
from game.app.tablekit import discard_scene as ds
from game.app.tablekit import hint_jobs
from game.app.tablekit.hint_jobs import FAILED, HintJobs, Question
from game.app.tables import table_scene_for
from game.core.match import Match
from game.core.protocol import SeatConfig, Setup
from tests.app.app_helpers import run_until, step
from tests.app.claimtoy_table import FakePool


@pytest.fixture
def in_worker(monkeypatch):
    monkeypatch.setattr(hint_jobs, "IN_WORKER", True)


class Count:
    """A question's stand-in (anything with a bot's ``choose``): answers `answer`, counts the asking."""

    def __init__(self, answer):
        self.answer, self.asked = answer, 0

    def choose(self, view, legal, rng):
        self.asked += 1
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer


def _jobs():
    pool, at = FakePool(), {"position": 1}
    return pool, at, HintJobs(lambda: pool, lambda: at["position"])


# ------------------------------------------------------------------ the mechanism
def test_a_question_goes_to_the_worker_once_per_position_and_the_frame_never_waits(in_worker):
    pool, at, jobs = _jobs()
    work = Count("discard 9 Characters")
    for _ in range(3):                                  # asked every frame while the panel is open
        assert jobs.ask("hint", lambda: Question(work, cheap=True)) == (False, None)
    assert len(pool.asked) == 1 and work.asked == 0 and jobs.pending()
    pool.answer_all()
    assert jobs.ask("hint", lambda: Question(work, cheap=True)) == (True, "discard 9 Characters")
    assert not jobs.pending() and len(pool.asked) == 1 and work.asked == 1


def test_an_answer_for_a_position_left_is_dropped_and_its_question_cancelled(in_worker):
    pool, at, jobs = _jobs()
    jobs.ask("move", lambda: Question(Count("old")))
    old = pool.asked[0][0]
    at["position"] = 2                                  # the table moved on while the worker counted
    assert not jobs.pending()                           # nothing pending for the position on show
    pool.answer(old)
    assert jobs.answer("move") == (False, None) and jobs.futures() == []      # never shown
    jobs.ask("hint", lambda: Question(Count("old")))
    at["position"] = 3
    assert jobs.ask("hint", lambda: Question(Count("new"))) == (False, None)
    assert pool.asked[1][0].cancelled() and len(pool.asked) == 3    # the older question left the queue
    pool.answer_all()
    assert jobs.ask("hint", lambda: Question(Count("never"))) == (True, "new")


def test_leaving_cancels_every_question_still_queued(in_worker):
    pool, at, jobs = _jobs()
    jobs.ask("hint", lambda: Question(Count(1), cheap=True))
    jobs.ask("claim", lambda: Question(Count(2), cheap=True))
    jobs.cancel_all()
    assert all(job[0].cancelled() for job in pool.asked) and jobs.futures() == [] and not jobs.pending()


def test_with_the_switch_off_a_question_is_answered_in_the_frame_that_asks(monkeypatch):
    monkeypatch.setattr(hint_jobs, "IN_WORKER", False)
    pool, at, jobs = _jobs()
    assert jobs.ask("move", lambda: Question(Count("now"))) == (True, "now") and pool.asked == []


def test_a_failed_worker_answer_is_counted_here_or_says_no_hint(in_worker):
    pool, at, jobs = _jobs()
    count, bot = Count("counted here"), Count(RuntimeError("the bot broke"))
    jobs.ask("hint", lambda: Question(count, cheap=True))
    jobs.ask("move", lambda: Question(bot))
    for future, *_ in pool.asked:
        future.set_running_or_notify_cancel()
        future.set_exception(RuntimeError("the worker died"))
    assert jobs.ask("hint", lambda: Question(count, cheap=True)) == (True, "counted here")
    assert jobs.answer("move") == (True, FAILED) and bot.asked == 0       # a search is not redone in the frame


# ------------------------------------------------------------------ every table uses it
def _open(app, game, kinds, **options):
    app.store.settings.anim_speed = 0.0
    app.bot_pool = pool = FakePool(auto=True)           # the bots answer at once; the hint when told
    mode = {"mode": "solo"} if game == "minttin" else {}
    setup = Setup(game, tuple(SeatConfig(k, "normal", "") for k in kinds), {**mode, **options}, 5)
    scene = table_scene_for(game)(app, Match(setup))
    app.stack.push(scene)
    app.stack.apply()
    step(app, 2)
    return scene, pool


def _to_a_choice(app, scene):
    """Play on until the person must choose among several actions (Martian's roll is said at once)."""
    def choosing():
        if scene.viewer in scene.to_act and len(scene.legal) == 1 and not scene.presenting():
            scene.act(scene.legal[0])
        return scene.viewer in scene.to_act and len(scene.legal) > 1 and not scene.presenting()
    assert run_until(app, choosing, 3000)


def _hint_question(pool):
    """The one hint question waiting in the pool (the bots' are answered at once)."""
    waiting = [job for job in pool.asked if not job[0].done()]
    assert len(waiting) == 1
    return waiting[0]


BOT_HINT_TABLES = [("rummy", ["human", "bot", "bot", "bot"]), ("minttin", ["human"]),
                   ("martian", ["human", "bot"])]


@pytest.mark.parametrize("game,kinds", BOT_HINT_TABLES)
def test_a_bots_hint_for_a_move_already_played_is_never_shown(menu_app, in_worker, monkeypatch, game, kinds):
    app = menu_app
    scene, pool = _open(app, game, kinds)
    _to_a_choice(app, scene)
    shown = []
    monkeypatch.setattr(scene, "show_hint", shown.append)
    pool.auto = False
    app.dispatch(Intent("hint"))
    step(app, 2)
    future, _bot, view, legal, _rng = _hint_question(pool)
    assert scene.hint_pending() and shown == []         # the frame went on without it
    assert scene.act(scene.legal[0])                    # the player moves before the answer comes
    pool.answer(future, legal[-1])
    step(app, 3)
    assert shown == [], "an answer for the position the player left was shown"
    assert future not in scene.hint_jobs.futures()


@pytest.mark.parametrize("game,kinds", BOT_HINT_TABLES + [("kards", ["human", "bot", "bot", "bot"]),
                                                         ("cuzzins", ["human", "bot", "bot", "bot"])])
def test_leaving_a_table_drops_its_hint_question(menu_app, in_worker, game, kinds):
    app = menu_app
    scene, pool = _open(app, game, kinds)
    if game in ("kards", "cuzzins"):
        assert run_until(app, lambda: scene.my_turn, 3000)
    else:
        _to_a_choice(app, scene)
    pool.auto = False
    app.dispatch(Intent("hint"))
    step(app, 2)
    future = _hint_question(pool)[0]
    scene.exit()                                        # the pool is the app's and outlives the table
    assert future.cancelled() and scene.hint_jobs.futures() == [] and not scene.hint_pending()


def test_rummys_hint_button_is_greyed_while_the_worker_counts(menu_app, in_worker):
    app = menu_app
    scene, pool = _open(app, "rummy", ["human", "bot", "bot", "bot"])
    _to_a_choice(app, scene)
    pool.auto = False
    app.dispatch(Intent("hint"))
    step(app, 2)
    assert scene.hint_pending() and not scene.buttons["hint"].enabled
    pool.answer_all()
    step(app, 2)
    assert not scene.hint_pending()
    if scene.preview is not None:                       # given: a turn laid out (its own buttons now)
        scene.cancel_hint()
        step(app)
    else:                                               # or said: a draw or a pass
        assert any(t.startswith("Hint") for t in scene.toasts.texts)
    assert scene.buttons["hint"].enabled


@pytest.mark.parametrize("game", ["kards", "cuzzins"])
def test_the_panel_says_it_is_working_until_the_count_for_this_position_is_in(menu_app, in_worker, game):
    app = menu_app
    scene, pool = _open(app, game, ["human", "bot", "bot", "bot"])
    assert run_until(app, lambda: scene.my_turn, 3000)
    pool.auto = False
    app.dispatch(Intent("hint"))
    step(app, 2)
    future, work, *_ = _hint_question(pool)
    assert isinstance(work, dh.HintWork) and scene.hint_lines() == [dh.WORKING] and scene.hinted_index() is None
    pool.answer(future)
    step(app)
    assert scene.hint_lines() != [dh.WORKING] and scene.hinted_index() is not None


def test_a_kards_standing_hand_is_counted_in_the_worker_too(menu_app, in_worker, monkeypatch):
    """Once the hand stands only the drawn card may go: the count after that discard was made in the
    frame (dh.analyse on every new position); it is now the worker's question, and says what it said."""
    from dataclasses import replace

    from game.app.tables import kards as kt
    app = menu_app
    scene, pool = _open(app, "kards", ["human", "bot", "bot", "bot"])
    assert run_until(app, lambda: scene.my_turn and scene.view.drawn is not None, 3000)
    v = scene.view
    named = next(ds.kind(c) for c in v.hand if ds.kind(c) != ds.kind(v.drawn))
    scene.view = replace(v, standing=((named, ()),) + tuple(v.standing[1:]))
    counted_here = []
    analyse = dh.analyse
    monkeypatch.setattr(dh, "analyse", lambda *a, **k: counted_here.append(a) or analyse(*a, **k))
    pool.auto = False
    scene.hint_panel.open = True
    assert scene.hint_lines() == [dh.WORKING]
    future, work, *_ = _hint_question(pool)
    assert work == dh.HintWork(kt.hint_facts(scene.view), ds.kind(v.drawn))       # the drawn card goes
    pool.answer(future)
    counted_here.clear()
    h = scene.hint()
    assert counted_here == [], "the standing hand's count was made in the frame"
    after = analyse(kt.hint_facts(scene.view), ds.kind(v.drawn))
    assert h == replace(after, waits=tuple(w for w in after.waits if w[0] == named), avoided=None)
    assert h.discard == ds.kind(v.drawn)
