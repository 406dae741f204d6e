"""Shared fixtures for the app tests: headless SDL, a throwaway Store, an App without a real atlas."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

REAL_LEVELS = Path(__file__).resolve().parents[2] / "levels"


@pytest.fixture(autouse=True)
def results_take_enter_at_once(monkeypatch):
    """Tests press Enter on a results screen the frame it opens; a player's Enter there waits
    results.INPUT_GRACE (its own test sets it back)."""
    from game.app.scenes import results
    monkeypatch.setattr(results, "INPUT_GRACE", 0.0)


@pytest.fixture(autouse=True)
def hints_counted_at_once(monkeypatch):
    """Tests read a table's hint the moment it is asked for; a player's is worked out in the worker
    (hint_jobs.IN_WORKER, one switch for every table; the tests of that path set it back)."""
    from game.app.tablekit import hint_jobs
    monkeypatch.setattr(hint_jobs, "IN_WORKER", False)


@pytest.fixture
def store(tmp_path):
    from game.store import Store
    return Store(tmp_path / "data")


@pytest.fixture
def levels_dir(tmp_path):
    d = tmp_path / "levels"
    d.mkdir()
    return d


@pytest.fixture
def app(store, levels_dir):
    from game.app.app import App
    pygame.init()
    a = App(store, size=(1600, 900), levels_dir=levels_dir, atlas=None)
    yield a
    a.shutdown()


@pytest.fixture
def real_levels_app(store):
    """An app over the repository's own levels (challenges, quick play, lessons as shipped)."""
    from game.app.app import App
    pygame.init()
    a = App(store, size=(1600, 900), levels_dir=REAL_LEVELS, atlas=None)
    yield a
    a.shutdown()


@pytest.fixture
def menu_app(app):
    """An app showing the main menu (notices already dismissed)."""
    from game.app.scenes.menu import MenuScene
    app.stack.push(MenuScene(app, notices=False))
    app.stack.apply()
    return app
