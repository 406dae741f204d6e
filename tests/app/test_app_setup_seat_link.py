"""Mint Tin ties its seat count to the mode option: the setup screen keeps the two in step."""

import pytest

from game.app.scenes.game_setup import SetupScene
from game.app.widgets import Button


def open_minttin(app):
    scene = SetupScene(app, "minttin")
    app.stack.push(scene)
    app.stack.apply()
    return scene


def test_mode_and_seat_count_follow_each_other(menu_app):
    scene = open_minttin(menu_app)
    assert scene.n_seats == 2 and scene.values["mode"] == "2p"
    scene.set_option("mode", "solo")
    assert scene.n_seats == 1
    setup = scene.build_setup()
    assert len(setup.seats) == 1 and setup.options["mode"] == "solo"
    scene.rules.new_game(setup)            # the game accepts what the screen builds
    scene.set_seat_count(2)
    assert scene.values["mode"] == "2p"
    scene.rules.new_game(scene.build_setup())


def test_games_with_a_calculator_offer_it_on_setup(menu_app):
    scene = open_minttin(menu_app)
    labels = [getattr(w, "label", "") for w in scene.ui.widgets if isinstance(w, Button)]
    from game.app.calculators import calculator_scene_for
    assert ("Score calculator" in labels) == (calculator_scene_for("minttin") is not None)


def test_one_players_control_speaks_the_modes_words(menu_app):
    scene = open_minttin(menu_app)
    from game.app.widgets import Choice
    players = [w for w in scene.ui.widgets if getattr(w, "label", "") == "Players"]
    assert len(players) == 1 and isinstance(players[0], Choice)
    assert [c[0] for c in players[0].choices] == [2, 1]
    assert "Solo" in players[0].choices[1][1]
    assert all(getattr(w, "label", "") != "Players" for w in scene.ui.widgets if w.pane is scene.options_pane)


@pytest.mark.parametrize("game_id", ["minttin", "rummy"])
@pytest.mark.parametrize("size", [(1600, 900), (1280, 720)])
def test_setup_shows_every_value_whole_and_no_ruling_ids(store, levels_dir, game_id, size):
    import re
    import pygame
    from game.app.app import App
    from game.app.widgets import Choice
    pygame.init()
    app = App(store, size=size, levels_dir=levels_dir, atlas=None)
    try:
        scene = SetupScene(app, game_id)
        app.stack.push(scene)
        app.stack.apply()
        canvas = app.canvas
        for w in scene.ui.widgets:
            if isinstance(w, Choice):
                _, cw = w._control()
                for _, label in w.choices:
                    assert canvas.measure(label, 22, True)[0] <= cw - 68, (w.label, label)
                if w.label and not w.stacked:
                    assert canvas.measure(w.label, 22)[0] <= w._control()[0] - w.box.left - 24, w.label
        shown = [o.label for o in scene.rules.options] + [o.help for o in scene.rules.options] + \
                [c[1] for o in scene.rules.options for c in (o.choices or ())] + [t for _, t in scene._help]
        ids = [t for t in shown if re.search(r"\b[A-Z]{2,4}-\d+\b|ruling", t)]
        assert not ids, ids
    finally:
        app.shutdown()


def test_quick_play_rows_are_whole_and_all_reachable(store):
    import pygame
    from game.app.app import App
    from game.app.widgets import ListRow
    from game.core.levels import LEVELS_DIR
    pygame.init()
    app = App(store, size=(1280, 720), levels_dir=LEVELS_DIR, atlas=None)
    try:
        _check_quick_rows(app)
    finally:
        app.shutdown()


def _check_quick_rows(app):
    from game.app.widgets import ListRow
    scene = SetupScene(app, "rummy")          # the game with the most quick-play tables
    app.stack.push(scene)
    app.stack.apply()
    pane = scene.quick_pane
    rows = [w for w in scene.ui.widgets if isinstance(w, ListRow)]
    assert len(rows) >= 4
    view = pane.viewport
    for offset in (0, pane.max_offset):
        pane.scroll_to(offset)
        for r in rows:
            top, bottom = r.rect.top - offset, r.rect.bottom - offset
            inside = view.top <= top and bottom <= view.bottom
            outside = bottom <= view.top or top >= view.bottom
            assert inside or outside, (r.label, offset)      # never half hidden at either end
    pane.scroll_to(pane.max_offset)
    last = rows[-1]
    assert last.rect.bottom - pane.offset <= view.bottom
