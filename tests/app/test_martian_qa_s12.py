"""Martian Mah Jongg as a player finds it, and what it showed of the shared table kit (session 12,
seen in a real window)."""

import pytest

from game.app.tables import table_scene_for
from game.core.match import Match
from tests.app.app_helpers import drawn_lines, step


@pytest.fixture
def app(real_levels_app):
    return real_levels_app


def open_level(app, game, name, kind="challenge", speed=0.0):
    level = next(l for l in app.levels_for(game, kind) if l.id.endswith(name))
    app.store.settings.anim_speed = speed
    table = table_scene_for(game)(app, Match(level.fresh_setup()), level=level)
    app.stack.push(table)
    app.stack.apply()
    step(app, 2)
    return table


def test_a_puzzles_side_panel_says_puzzle_not_challenge(app):
    """Seen on a Rummy puzzle: the info line said "Puzzle" and the results "Puzzle solved", but the
    goal panel beside the table was headed "Challenge"."""
    table = open_level(app, "rummy", "puzzle-1-borrow")
    words = [t for t, _ in drawn_lines(app, lambda: table.draw(app.canvas))]
    assert "Puzzle" in words and "Challenge" not in words
    table.goal_state = False
    words = [t for t, _ in drawn_lines(app, lambda: table.draw(app.canvas))]
    assert any(w.startswith(("Puzzle not solved", "Not solved")) for w in words)
    assert not any(w.startswith(("Challenge", "Failed")) for w in words)


def test_a_goal_levels_side_panel_still_says_challenge(app):
    table = open_level(app, "rummy", "goal-win-game")
    assert "Challenge" in [t for t, _ in drawn_lines(app, lambda: table.draw(app.canvas))]


@pytest.mark.parametrize("keys", [("up", "down"), ("up",), ("focus_next",)])
def test_a_chooser_row_shows_one_marker_once_keys_move_the_focus(keys):
    """Seen in a Martian chooser: with the pointer resting on a row, an arrow press drew the cyan
    ring and that row's (or another row's) hover light at once."""
    from game.app.input import Intent
    from game.app.tablekit.chooser import Chooser, Option
    ch = Chooser("Where?", [Option("a", (), 1), Option("b", (), 2), Option("c", (), 3)], lambda v: None, lambda: None)
    row = ch.ui.widgets[2]
    ch.handle(Intent("point", pos=row.rect.center))
    assert row.hover and ch.ui.focused is row
    for k in keys:
        ch.handle(Intent(k))
    assert ch.ui.keyboard
    assert [w for w in ch.ui.widgets if w.hover] == []
    ch.handle(Intent("point", pos=row.rect.center))      # the pointer moves again: its light is back
    assert row.hover and not ch.ui.keyboard
