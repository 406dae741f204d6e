"""The window sizes players use: every menu-side screen draws its words whole at each of them.

Text is set at a whole pixel size, so a line is a few per cent wider or narrower from one window
size to the next; a label that just fits at 1600x900 could be cut at 1280x720 (it was: the Kards
calculator's "Last of kind" showed as "Last of ki…" at the default window size)."""

from pathlib import Path

import pygame
import pytest
from tests.app.app_helpers import step

from game.rules import GAMES

SIZES = [(1024, 640), (1280, 720), (1366, 768), (1920, 1080)]
SCREENS = (["menu", "settings", "stats", "challenges", "replays"]
           + [f"{kind}:{g.id}" for g in GAMES for kind in ("setup", "rules", "calculator")])


def cut_words(app, name):
    """What the screen's first frames had to end with an ellipsis."""
    cut = []
    real = app.canvas.ellipsize

    def spy(text, *a, **kw):
        cut.append(text)
        return real(text, *a, **kw)
    app.canvas.ellipsize = spy
    try:
        app.open(name)
        app.stack.apply()
        step(app, 3)
    finally:
        app.canvas.ellipsize = real
        while len(app.stack.scenes) > 1:
            app.stack.pop()
            app.stack.apply()
    return cut


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_screen_cuts_words_short_at_common_window_sizes(store, size):
    from game.app.app import App
    from game.app.scenes.menu import MenuScene
    pygame.init()
    app = App(store, size=size, levels_dir=Path("levels"), atlas=None)
    try:
        app.stack.push(MenuScene(app, notices=False))
        app.stack.apply()
        cut = {name: cut_words(app, name) for name in SCREENS}
    finally:
        app.shutdown()
    assert {k: v for k, v in cut.items() if v} == {}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_seat_plate_shows_the_score_whole(store, size):
    """Seen at 1024x640 and, once the money moved, at every size: the viewer's plate read "Player 1
    South · -2…" (the score cut off), and a long name pushed the score off the plate altogether."""
    from game.app.app import App
    from game.app.tablekit import seats4
    from game.app.tablekit.seatspace import BOTTOM
    pygame.init()
    app = App(store, size=size, levels_dir=Path("levels"), atlas=None)
    canvas, drawn = app.canvas, []
    real = canvas.text

    def spy(text, *a, **kw):
        r = real(text, *a, **kw)
        drawn.append(text if r.width <= (kw.get("max_width") or 1e9) + 0.5 else None)
        return r
    canvas.text = spy
    try:
        for name, info in (("Player 1", "South · -260¢"), ("You", "dead · East · +780¢"),
                           ("Grandmother Margaret", "North · +30¢")):
            drawn.clear()
            cut = []
            real_ell = canvas.ellipsize
            canvas.ellipsize = lambda t, *a, **kw: cut.append(t) or real_ell(t, *a, **kw)
            seats4.draw_plate(canvas, seats4.Plate(BOTTOM, pygame.FRect(seats4.REGIONS[BOTTOM]["plate"]), name,
                                                   None, info, False), None)
            canvas.ellipsize = real_ell
            assert info in drawn and info not in cut, (name, info, cut)
    finally:
        app.shutdown()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_rummy_hint_legend_keeps_clear_of_its_title(store, size):
    """Seen at 1024x640: the hint preview's colour legend ran into its title ("could playgold: from")."""
    from game.app.app import App
    from tests.app.test_rummy_table_play import _puzzle, _suggested
    pygame.init()
    app = App(store, size=size, levels_dir=Path("levels"), atlas=None)
    try:
        scene = _puzzle(app)
        scene.show_hint(_suggested(scene)[0])
        drawn = {}
        real = app.canvas.text

        def spy(text, *a, **kw):
            drawn[text] = r = real(text, *a, **kw)
            return r
        app.canvas.text = spy
        step(app, 2)
        title = drawn["Hint: a turn you could play"]
        legend = next(r for t, r in drawn.items() if t.startswith("gold: from your hand"))
        assert legend.left >= title.right + 8
    finally:
        app.shutdown()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_two_line_challenge_goal_stays_inside_its_panel(store, size):
    """Seen at 1024x640: Martian's goal "Go Mah Jongg holding all five small whites." wrapped to a
    second line that crossed the panel's bottom edge (line height is taller at some sizes)."""
    from game.app.app import App
    from game.app.scenes.goal_panel import draw_goal_panel
    from game.app.tables.martian import MartianTable
    pygame.init()
    app = App(store, size=size, levels_dir=Path("levels"), atlas=None)
    try:
        canvas, drawn = app.canvas, []
        real = canvas.text
        canvas.text = lambda *a, **kw: drawn.append(real(*a, **kw)) or drawn[-1]
        x, y, w, h = MartianTable.GOAL_RECT
        draw_goal_panel(canvas, MartianTable.GOAL_RECT, "Go Mah Jongg holding all five small whites.", None)
        assert len(drawn) == 3 and all(r.bottom <= y + h for r in drawn)
    finally:
        app.shutdown()


def test_martian_words_buttons_and_screen_stay_inside_the_rail(real_levels_app):
    """Seen at every size: Martian's left column (title, goal panel, status, log), its Memory aid and
    Hint buttons and the viewer's pile names ("Chow", "Pung", ...) lay on the wooden rail."""
    from game.app import theme
    from game.app.tables import martian as mt
    from game.app.tables import martian_layout as ml
    from tests.app.test_martian_qa_s12 import open_level
    app = real_levels_app
    table = open_level(app, "martian", "challenge-5-claim")
    lo, hi_x, hi_y = theme.RAIL_WIDTH, 1600 - theme.RAIL_WIDTH, 900 - theme.RAIL_WIDTH

    def inside(r):
        x, y, w, h = r
        return x >= lo and x + w <= hi_x and y + h <= hi_y
    lx, _ly, lw = ml.LEFT
    for r in (mt.STATUS_RECT, mt.MEMORY_BUTTON, mt.HINT_BUTTON, table.GOAL_RECT, ml.BOTTOM, (lx, 30, lw, 1)):
        assert inside(r), r
    assert all(inside(it.rect) for it in table.layout().items if it.part == "label")
