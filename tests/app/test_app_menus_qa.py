"""Playtest findings on the menu-side screens (qa-menus): Tab order, lesson words, challenge lines."""

from pathlib import Path

import pytest

from game.app.input import Intent
from game.app.widgets import Button
from game.rules import GAMES

LEVELS = Path(__file__).resolve().parents[2] / "levels"


def focused_by_tab(app, screen, times, kind="focus_next"):
    out = []
    for _ in range(times):
        screen.handle(Intent(kind))
        out.append(screen.ui.focused)
    return out


@pytest.mark.parametrize("game", [g.id for g in GAMES])
def test_setup_tab_order_is_reading_order(real_levels_app, game):
    """Tab went Back, Rules, Learn, Score calculator, Start, then the seats: Learn came after Rules
    though it sits left of it, and the seats and options, the screen's content, came last."""
    app = real_levels_app
    app.open(f"setup:{game}")
    app.stack.apply()
    screen = app.stack.top
    n = len(screen.ui.focusables())
    order = focused_by_tab(app, screen, n)
    bottom = [w.label for w in order if isinstance(w, Button) and w.box.top >= 800]
    assert bottom == ["Back", "Learn", "Rules", "Score calculator", "Start"]
    assert all(w.box.top >= 800 for w in order[-5:])     # everything above the bottom row comes first
    assert order[0].box.top < 300                # the first Tab lands at the top: Player 1 / Players
    # and Shift+Tab from nothing lands on Start, the bottom right
    app.stack.pop()
    app.open(f"setup:{game}")
    app.stack.apply()
    screen = app.stack.top
    assert focused_by_tab(app, screen, 1, "focus_prev")[0].label == "Start"


def shipped_lessons():
    import tomllib
    return {g.id: tomllib.loads((LEVELS / g.id / "learn.toml").read_text(encoding="utf-8")) for g in GAMES}


def test_every_lesson_that_plays_on_says_how_to_leave():
    """"Leave whenever you like" named no way to leave; the tables have no Leave button, Esc is the way.
    (A one-hand lesson ends in the game's results, whose button goes back to the menu.)"""
    for game, level in shipped_lessons().items():
        if level.get("options", {}).get("hands") != 1:
            assert "Esc" in level["lesson"]["done"], game


def test_a_one_hand_lesson_does_not_promise_more_hands():
    for game, level in shipped_lessons().items():
        if level.get("options", {}).get("hands") == 1:
            done = level["lesson"]["done"].lower()
            assert "next hand" not in done and "more rounds" not in done, game


def test_the_first_discard_says_how_to_discard():
    """On Kards and Cuzzins, Enter alone does nothing until a piece is picked: the step says how."""
    for game, level in shipped_lessons().items():
        first = next((s for s in level["lesson"]["steps"] if s["do"] == "discard"), None)
        if first is not None and game in ("kards", "cuzzins"):
            assert "click it twice" in first["say"].lower() and "enter" in first["say"].lower(), game


@pytest.mark.parametrize("game", ["rummy", "kards", "cuzzins", "martian"])
def test_a_rounds_results_in_a_challenge_say_it_is_still_on(real_levels_app, monkeypatch, game):
    """Mint Tin's round results said "Challenge still on: ..."; the other four games' said nothing of it."""
    from game.app.scenes.results import ResultsScene
    from game.app.tables import table_scene_for
    from game.core.match import Match, Seen
    from game.core.protocol import Event
    app = real_levels_app
    level = next(l for l in app.levels_for(game, "challenge") if l.goal is not None)
    table = table_scene_for(game)(app, Match(level.fresh_setup()), level=level)
    app.stack.push(table)
    app.stack.apply()
    shown = []
    monkeypatch.setattr(table, "present", lambda events: None)       # no animation of a made-up move
    monkeypatch.setattr(table, "_show_results", lambda *scenes: shown.extend(scenes))
    round_end = Event("round_end", {"lines": [], "totals": [0] * len(level.fresh_setup().seats), "summary": "x"})
    table._show_move(Seen(len(table.match.log), 0, None, (round_end,), table.view))
    assert len(shown) == 1 and isinstance(shown[0], ResultsScene) and not shown[0].final
    assert shown[0].challenge == (level.goal.text, None)
    app.stack.push(shown[0])
    app.stack.apply()
    app.tick(1 / 60)            # it draws (beside its button)
    table.human_seats = []      # every seat a bot (--autoplay): the goal is not followed, so no line
    assert table._challenge_note() is None


def test_a_round_outside_a_challenge_says_nothing_of_one(real_levels_app, monkeypatch):
    from game.app.tables import table_scene_for
    from game.core.match import Match, Seen
    from game.core.protocol import Event
    app = real_levels_app
    level = app.levels_for("kards", "quick")[0]
    table = table_scene_for("kards")(app, Match(level.fresh_setup()), level=level)
    app.stack.push(table)
    app.stack.apply()
    shown = []
    monkeypatch.setattr(table, "present", lambda events: None)
    monkeypatch.setattr(table, "_show_results", lambda *scenes: shown.extend(scenes))
    table._show_move(Seen(len(table.match.log), 0, None, (Event("round_end", {"lines": []}),), table.view))
    assert shown[0].challenge is None


def test_the_challenge_line_reads_like_mint_tins():
    from game.app.scenes.goal_panel import challenge_line
    assert challenge_line("Win a round.", None)[0] == "Challenge still on: Win a round."
    assert challenge_line("Win a round.", True)[0] == "Challenge complete ✓: Win a round."
    assert challenge_line("Win a round.", False)[0] == "Challenge failed ✗: Win a round."


def finish_lesson(app, path):
    from tests.app.test_lesson_tables import candidates, start, wait_for_player
    scene = start(app, path)
    guide = scene.lesson
    for _ in guide.run.lesson.steps:
        wait_for_player(app, scene)
        assert scene.act(guide.expected(0, candidates(scene))[0])
    from game.app.scenes.results import ResultsScene
    quiet = 0
    while quiet < 120:                             # the round's results (if any), read and closed
        step_frames(app, 1)
        quiet += 1
        if isinstance(app.stack.top, ResultsScene):
            app.stack.top.done()
            quiet = 0
    assert app.stack.top is scene
    app.draw()                  # the buttons are placed where the panel is drawn
    return scene


def step_frames(app, n):
    from tests.app.app_helpers import step
    step(app, n)


@pytest.mark.parametrize("path", ["minttin/learn.toml", "rummy/learn.toml"])
def test_a_complete_lesson_offers_the_next_step_by_mouse(real_levels_app, path):
    """A table has no button to leave by: after the lesson a mouse-only player could only play on
    for ever (Esc was the only way out). The closing panel now offers "New game" (the setup screen) and "Play on"."""
    from game.app.scenes.game_setup import SetupScene
    from game.app.scenes.menu import MenuScene
    app = real_levels_app
    scene = finish_lesson(app, path)
    guide = scene.lesson
    assert guide.offers_next()
    labels = [w.label for w in guide.ui.widgets]
    assert labels == ["New game", "Play on"]
    x, y, w, h = guide.panel_rect(app.canvas)
    for b in guide.ui.widgets:           # inside the panel, at its foot, the label whole
        assert x <= b.rect.left and b.rect.right <= x + w and y <= b.rect.top and b.rect.bottom <= y + h
        assert app.canvas.measure(b.label, b.size, True)[0] <= b.rect.width - 20
    setup = guide.ui.widgets[0]
    app.dispatch(Intent("press", setup.box.center))
    app.dispatch(Intent("select", setup.box.center))
    app.stack.apply()
    assert isinstance(app.stack.top, SetupScene) and app.stack.top.game.id == scene.setup.game
    assert isinstance(app.stack.scenes[0], MenuScene) and len(app.stack.scenes) == 2


def test_play_on_puts_the_closing_words_away(real_levels_app):
    app = real_levels_app
    scene = finish_lesson(app, "minttin/learn.toml")
    guide = scene.lesson
    play_on = guide.ui.widgets[1]
    app.dispatch(Intent("press", play_on.box.center))
    app.dispatch(Intent("select", play_on.box.center))
    assert guide.closed and not guide.offers_next()
    assert app.stack.top is scene
    # a click where the buttons were now goes to the table, not to a hidden button
    assert not guide.handle(Intent("select", play_on.box.center))


def test_the_lesson_buttons_fit_every_tables_lesson_panel(real_levels_app):
    """"Set up a game" was cut to "Set up a…" on Mint Tin's panel; on a narrow panel the two buttons
    now stand one above the other, each label whole."""
    from game.app import theme
    from game.app.lesson import button_rects
    from game.app.tables import table_scene_for
    app = real_levels_app
    for g in GAMES:
        x, y, w = table_scene_for(g.id).LESSON_PANEL
        rects = button_rects(app.canvas, x, y, w)
        for r, label in zip(rects, ("New game", "Play on")):
            assert x < r[0] and r[0] + r[2] < x + w
            assert app.canvas.measure(label, theme.SMALL, True)[0] <= r[2] - 20


@pytest.mark.parametrize("name", ["challenges", "replays"])
def test_lists_tab_to_their_rows_before_back(real_levels_app, name):
    """Tab then Enter on the Challenges list left it: Back came first in Tab's order."""
    from game.app.widgets import ListRow
    app = real_levels_app
    if name == "replays":
        from game.core.match import Match
        level = app.levels_for("minttin", "quick")[0]
        app.store.save_replay("minttin-test", Match(level.fresh_setup()).to_json())
        app.store.flush()
    app.open(name)
    app.stack.apply()
    screen = app.stack.top
    first = focused_by_tab(app, screen, 1)[0]
    assert isinstance(first, ListRow)
    last = focused_by_tab(app, screen, 1, "focus_prev")[0]     # from the first row back round to Back
    assert last.label == "Back"


def _setup_from_the_menu(app, game):
    from game.app.scenes.game_setup import SetupScene
    from game.app.scenes.menu import MenuScene
    app.stack.push(MenuScene(app, notices=False))
    app.stack.apply()
    menu = app.stack.top
    card = next(w for w in menu.ui.widgets if getattr(w, "game", None) is not None and w.game.id == game)
    menu.ui.set_focus(card)
    app.dispatch(Intent("confirm"))
    app.stack.apply()
    setup = app.stack.top
    assert isinstance(setup, SetupScene) and setup.ui.focused is None
    return setup


@pytest.mark.parametrize("game", [g.id for g in GAMES])
def test_enter_on_a_setup_starts_the_game(real_levels_app, game):
    """Keys only: Enter on the menu's game card opens its setup, and one Enter there starts the game
    with the shown setup (it only lit the gold Start before, and the player took it for a dead key)."""
    from game.app.scenes.table_base import TableScene
    app = real_levels_app
    setup = _setup_from_the_menu(app, game)
    app.dispatch(Intent("confirm"))
    app.stack.apply()
    table = app.stack.find(TableScene)
    assert table is not None and table.setup.game == game


def test_enter_after_typing_a_name_lights_start_and_the_next_starts_with_that_name(real_levels_app):
    """Typing a name and pressing Enter never starts a game under a half-typed name: Enter ends the
    typing and lights Start (the ring), Space still types a space, and the next Enter starts."""
    from game.app.scenes.table_base import TableScene
    from game.app.widgets import TextEntry
    app = real_levels_app
    setup = _setup_from_the_menu(app, "kards")
    name = next(w for w in setup.ui.widgets if isinstance(w, TextEntry) and w.value == "You")
    setup.ui.set_focus(name)
    for ch in "s Ed":
        app.dispatch(Intent("confirm", char=" ") if ch == " " else Intent("char", char=ch))
        app.stack.apply()
    app.dispatch(Intent("confirm"))
    app.stack.apply()
    assert app.stack.top is setup and name.value == "Yous Ed"
    assert setup.ui.focused.label == "Start" and setup.ui.keyboard
    app.dispatch(Intent("confirm"))
    app.stack.apply()
    table = app.stack.find(TableScene)
    assert table is not None and table.setup.seats[0].name == "Yous Ed"
