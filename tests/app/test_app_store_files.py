"""The app with damaged or unwritable files: told once, never "Something went wrong", games go on;
a table is saved from its start, finished games are counted once, saves are flushed on leaving."""

import errno
import json
import os

import pytest
from tests.app import app_fakes
from tests.app.test_app_table_base import FakeTable

from game.app.app import App, render_stack
from game.app.input import Intent
from game.app.scenes.dialog import Dialog
from game.app.scenes.menu import MenuScene
from game.app.scenes.results import ResultsScene
from game.core.match import Match
from game.core.protocol import SeatConfig, Setup
from game.store import Store


@pytest.fixture(autouse=True)
def fake_game(monkeypatch):
    app_fakes.use_fake_game(monkeypatch, FakeTable)


def wrap(data) -> str:
    return json.dumps({"version": 1, "data": data})


def new_match(**meta) -> Match:
    seats = (SeatConfig("human", "normal", "You"), SeatConfig("bot", "normal", ""))
    return Match(Setup(app_fakes.GAME_ID, seats, {}, 3), rules=app_fakes.RULES, meta=meta)


def finished_match() -> Match:
    m = new_match(started="abc")
    while m.result() is None or not m.result().final:
        m.act(m.to_act()[0], app_fakes.Add(2))
    return m


def open_app(folder, levels_dir) -> App:
    app = App(Store(folder), size=(800, 450), levels_dir=levels_dir, atlas=None, catch_errors=True)
    app.stack.push(MenuScene(app))
    app.stack.apply()
    return app


def buttons(scene) -> list[str]:
    return [getattr(w, "label", "") for w in scene.ui.widgets]


def test_a_damaged_autosave_is_told_at_start_up_and_continue_is_not_offered(tmp_path, levels_dir):
    (tmp_path / "autosave.json").write_text(wrap({"version": 1, "setup": {"game": "x", "seats": 5}, "log": []}))
    app = open_app(tmp_path, levels_dir)
    assert isinstance(app.stack.top, Dialog) and "saved game" in app.stack.top.message
    app.dispatch(Intent("confirm"))
    app.stack.apply()
    assert isinstance(app.stack.top, MenuScene) and "Continue" not in buttons(app.stack.top)
    app.shutdown()


def test_wrong_typed_statistics_are_told_and_the_screens_still_work(tmp_path, levels_dir):
    (tmp_path / "statistics.json").write_text(wrap({"minttin": {"played": "many"}, "rummy": [1]}))
    app = open_app(tmp_path, levels_dir)
    assert isinstance(app.stack.top, Dialog) and "statistics" in app.stack.top.message
    app.stack.pop()
    for name in ("stats", "challenges", "replays"):
        app.open(name)
        app.tick(1 / 60)
        render_stack(app.stack, app.canvas)
        assert app.errors == []
        app.stack.pop()
        app.stack.apply()
    app.shutdown()


def test_a_bad_replay_is_told_on_the_replays_screen_and_the_good_one_still_opens(tmp_path, levels_dir):
    store = Store(tmp_path)
    good = store.save_replay("good", finished_match().to_json())
    store.flush()
    (tmp_path / "replays" / "20200101-000000-bad.json").write_text(wrap({"version": 1, "setup": [], "log": 3}))
    app = open_app(tmp_path, levels_dir)
    app.open("replays")
    app.stack.apply()
    assert isinstance(app.stack.top, Dialog) and "20200101-000000-bad.json" in app.stack.top.message
    app.dispatch(Intent("confirm"))
    app.stack.apply()
    replays = app.stack.top
    assert replays._count == 1
    replays.open_replay(good)
    app.stack.apply()
    assert app.stack.top is not replays and app.errors == [], replays.toasts.texts
    app.shutdown()


def test_a_new_table_is_saved_from_its_start(menu_app):
    old = new_match(started="old")
    old.act(0, app_fakes.Add(1))
    menu_app.store.save_autosave(old.to_json())
    fresh = FakeTable(menu_app, new_match(started="new"))
    menu_app.stack.push(fresh)
    menu_app.stack.apply()
    saved = menu_app.store.load_autosave()
    assert saved["meta"]["started"] == "new" and saved["log"] == []
    fresh.leave()                                # "Leave" says the game is saved: it is, on disk
    menu_app.stack.apply()
    assert json.loads(menu_app.store.autosave_path.read_text())["data"]["meta"]["started"] == "new"


def test_a_finished_game_continued_after_a_crash_is_counted_once(tmp_path, levels_dir):
    data = finished_match().to_json()
    store = Store(tmp_path)
    for _ in range(2):          # the app stopped after the last move, before the autosave was cleared
        store.save_autosave(data)
        app = App(store, size=(800, 450), levels_dir=levels_dir, atlas=None, catch_errors=True)
        app.stack.push(MenuScene(app, notices=False))
        app.stack.apply()
        app.continue_game()
        app.stack.apply()
        assert isinstance(app.stack.top, ResultsScene) and app.errors == []
        app.shutdown()
        store = Store(tmp_path)
    assert store.stats()[app_fakes.GAME_ID]["played"] == 1
    assert len(store.list_replays()) == 1 and not store.has_autosave()


def test_finishing_a_game_on_a_full_disk_shows_the_results_and_says_so_once(menu_app, monkeypatch):
    monkeypatch.setattr(os, "fsync", lambda fd: (_ for _ in ()).throw(OSError(errno.ENOSPC, "No space left")))
    m = new_match()
    scene = FakeTable(menu_app, m)
    menu_app.stack.push(scene)
    menu_app.stack.apply()
    while not scene.finished:
        if isinstance(menu_app.stack.top, ResultsScene):
            menu_app.stack.top.done()
        else:
            scene.act_as(m.to_act()[0], app_fakes.Add(2))
        menu_app.stack.apply()
        menu_app.store.flush()
        menu_app.tick(1 / 60)
    menu_app.tick(1 / 60)
    assert isinstance(menu_app.stack.top, ResultsScene) and menu_app.errors == []
    assert menu_app.store.stats()[app_fakes.GAME_ID]["played"] == 1      # counted, in memory for now
    told = [t for t in menu_app.toasts.texts if "could not be saved" in t]
    assert len(told) == 1 and "space" in told[0]
    assert not any("could not" in t for t in scene.toasts.texts)


def test_changing_a_setting_when_the_folder_cannot_be_written(menu_app, monkeypatch):
    def refuse(*a, **k):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr("tempfile.mkstemp", refuse)
    for volume in (0.1, 0.2, 0.3):
        menu_app.save_settings(volume=volume)
        menu_app.store.flush()
        menu_app.tick(1 / 60)
    assert menu_app.settings.volume == 0.3 and menu_app.errors == []
    assert [t for t in menu_app.toasts.texts if "settings could not be saved" in t and "read-only" in t]
    assert len(menu_app.toasts.texts) == 1


def test_quitting_writes_every_save_asked_for(tmp_path, levels_dir):
    app = open_app(tmp_path, levels_dir)
    app.stack.pop()
    m = new_match()
    scene = FakeTable(app, m)
    app.stack.push(scene)
    app.stack.apply()
    scene.act(app_fakes.Add(1))
    app.run(frames=1)                # ends with shutdown
    assert json.loads(app.store.autosave_path.read_text())["data"]["log"][0][1] == m.to_json()["log"][0][1]


def test_a_save_that_no_longer_replays_is_set_aside_when_continued(menu_app):
    data = new_match().to_json()
    data["log"] = [[0, '{"kind":"add","n":3}']]           # a move the rules refuse
    menu_app.store.save_autosave(data)
    menu_app.continue_game()
    menu_app.stack.apply()
    dialog = menu_app.stack.top
    assert isinstance(dialog, Dialog) and "moved aside as autosave.json.corrupt-" in dialog.message
    menu_app.dispatch(Intent("confirm"))
    menu_app.stack.apply()
    assert not menu_app.store.has_autosave() and "Continue" not in buttons(menu_app.stack.top)
    assert list(menu_app.store.data_dir.glob("autosave.json.corrupt-*"))
