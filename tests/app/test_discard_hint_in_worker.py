"""The Kards / Cuzzins hint is counted in the app's worker, as a bot's move is: counting a position
first seen took up to 50 ms in the frame (measured with tools/bench.py --only tableframes), so
opening the hint, or the hint staying open as play moved on, stuttered the table. The frame only
asks and, a frame or two later, picks the answer up; what the table then shows is what it showed
when it counted in the frame."""

from game.app.input import Intent
from game.app.tablekit import discard_hint as dh
from game.app.tablekit import hint_jobs
from tests.app.app_helpers import step
from tests.app.test_cuzzins_table import open_table, pool, to_my_turn  # noqa: F401  (pool is a fixture)


def test_the_hint_is_counted_off_the_frame_and_shows_what_it_always_did(menu_app, pool, monkeypatch):  # noqa: F811
    app = menu_app
    scene = open_table(app, ["human", "bot", "bot", "bot"], seed=5)
    assert to_my_turn(app, scene)
    monkeypatch.setattr(hint_jobs, "IN_WORKER", True)
    counted_here = []
    answer = dh.HintWork.answer
    monkeypatch.setattr(dh.HintWork, "answer", lambda self: counted_here.append(self) or answer(self))
    pool.auto = False                       # the worker has not answered yet

    app.dispatch(Intent("hint"))
    step(app, 3)
    asked = [job for job in pool.asked if isinstance(job[1], dh.HintWork) and not job[0].done()]
    assert len(asked) == 1 and not counted_here             # asked once; no frame counted it
    assert scene.hint_panel.open and scene.hint_lines() == [dh.WORKING] and scene.hinted_index() is None

    pool.answer(asked[0][0])                # the worker's answer comes in
    step(app)
    lines, ringed = scene.hint_lines(), scene.hinted_index()
    assert len(counted_here) == 1           # (counted by the stand-in worker only)
    marked = [p.index[-1] for p in scene.layout().by_part("hand", 0) if p.mark]

    # the same position counted in the frame, the old way
    monkeypatch.setattr(hint_jobs, "IN_WORKER", False)
    scene.hint_jobs.cancel_all()
    scene._hint_for = None
    assert scene.hint_lines() == lines and lines != [dh.WORKING]
    assert scene.hinted_index() == ringed is not None and marked == [ringed]      # the tile rises, as before


def test_leaving_the_table_drops_the_hints_question_in_the_worker(menu_app, pool, monkeypatch):  # noqa: F811
    app = menu_app
    scene = open_table(app, ["human", "bot", "bot", "bot"], seed=5)
    assert to_my_turn(app, scene)
    monkeypatch.setattr(hint_jobs, "IN_WORKER", True)
    pool.auto = False
    app.dispatch(Intent("hint"))
    step(app, 3)
    asked = [job[0] for job in pool.asked if isinstance(job[1], dh.HintWork)]
    assert asked and not asked[0].cancelled()
    scene.exit()                            # the pool is the app's and outlives the table
    assert asked[0].cancelled() and scene.hint_jobs.futures() == [] and not scene.hint_pending()
