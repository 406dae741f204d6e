"""Gold is the hint's (and the main suggested action's) only. Seen in a real window: the wall's break
arrow and the plate of the seat whose turn it is were drawn in the hint's gold, so the table looked
full of advice. They are ivory now (theme.ACTIVE_SEAT), in Kards, Cuzzins and Rummy."""

import pytest

from game.app import theme
from game.app.canvas import Canvas
from game.app.tablekit import wall_square
from tests.app.test_kards_table import pool  # noqa: F401 (a fixture)
from tests.app.test_rummy_table import make_table
from tests.app.test_tablekit_status_and_marks import _open


def _record(monkeypatch):
    """Every outline, line, polygon and box the canvas draws, as (kind, colour, first argument)."""
    drawn = []
    for kind in ("outline", "line", "polygon"):
        real = getattr(Canvas, kind)

        def spy(self, colour, *a, _real=real, _kind=kind, **k):
            drawn.append((_kind, tuple(colour[:3]), a[0] if a else None))
            return _real(self, colour, *a, **k)
        monkeypatch.setattr(Canvas, kind, spy)
    real_box = Canvas.box

    def box(self, r, fill, edge=None, *a, **k):
        drawn.append(("box", tuple(edge[:3]) if edge else None, r))
        return real_box(self, r, fill, edge, *a, **k)
    monkeypatch.setattr(Canvas, "box", box)
    return drawn


@pytest.mark.parametrize("game", ["kards", "cuzzins"])
def test_the_break_arrow_and_the_active_plate_are_not_gold(menu_app, pool, monkeypatch, game):
    app = menu_app
    scene = _open(app, game)
    drawn = _record(monkeypatch)
    wall_square._DRAWN.clear()                  # the wall and the still layer are painted afresh
    scene.static.key = None
    app.draw()
    active = [p for p in scene.layout().plates if p.active]
    assert active
    edges = {c for kind, c, r in drawn if kind == "outline" and r is not None and any(r == p.rect for p in active)}
    assert edges == {theme.ACTIVE_SEAT[:3]}
    shapes = [c for kind, c, _ in drawn if kind in ("line", "polygon")]
    assert theme.ACTIVE_SEAT[:3] in shapes             # the break's notch and arrow
    assert theme.GOLD not in shapes


def test_rummys_active_plate_is_not_gold(app, monkeypatch):
    scene = make_table(app)
    assert scene.to_act
    drawn = _record(monkeypatch)
    app.draw()
    edges = [c for kind, c, _ in drawn if kind == "box"]
    assert theme.ACTIVE_SEAT[:3] in edges and theme.GOLD not in edges


# ---------------------------------------------------------------- no gold where nothing is advised
# Seen in real windows: the winds dial lit the turn's wind and ringed the viewer's in gold (Kards), the
# focused name field on the setup screen had a gold outline, the calculators' chosen box and picked
# tiles were gold, the turn player's name was gold in Mint Tin, Martian and Rummy ("To play", "Your
# turn"), and headings, titles, claim-bar words, coin amounts and announcements were gold on every
# screen. With no hint open and no lesson running, no screen draws theme.GOLD now.

def _gold_spy(monkeypatch):
    """Every call of a canvas drawing method given the hint's gold (any argument), as the method's name."""
    gold = tuple(theme.GOLD[:3])
    seen = []

    def is_gold(x):
        return isinstance(x, (tuple, list)) and 3 <= len(x) <= 4 and tuple(x[:3]) == gold

    for kind in ("text", "paragraph", "fill", "outline", "circle", "box", "panel", "line", "polygon"):
        real = getattr(Canvas, kind, None)
        if real is None:
            continue

        def spy(self, *a, _real=real, _kind=kind, **k):
            if any(is_gold(x) for x in (*a, *k.values())):
                seen.append((_kind, a[:2]))
            return _real(self, *a, **k)
        monkeypatch.setattr(Canvas, kind, spy)
    return seen


SCREENS = ["menu", "setup:kards", "setup:minttin", "stats", "challenges", "rules:minttin", "results",
           "calculator:minttin", "calculator:kards", "calculator:rummy", "calculator:cuzzins",
           "calculator:martian", "table:kards", "table:cuzzins", "table:minttin", "table:martian",
           "table:rummy"]


@pytest.mark.parametrize("name", SCREENS)
def test_no_screen_draws_gold_with_nothing_advised(menu_app, monkeypatch, name):
    from game.app.scenes import scene_by_name
    from game.app.tablekit.coins import Coin  # noqa: F401 (the coins' labels are drawn on the tables)
    from game.app.widgets.textentry import TextEntry
    from tests.app.app_helpers import step
    app = menu_app
    app.store.settings.anim_speed = 0.0
    scene = scene_by_name(app, name)
    app.stack.push(scene)
    app.stack.apply()
    step(app, 30)
    for w in getattr(getattr(scene, "ui", None), "widgets", []):
        if isinstance(w, TextEntry):
            w.focused = True                    # a focused name field: the keyboard's ring, not gold
            break
    seen = _gold_spy(monkeypatch)
    step(app, 2)
    app.draw()
    assert seen == [], seen


def test_the_winds_dial_lights_the_turn_in_the_active_seats_colour(app, monkeypatch):
    from game.app.tablekit.seatspace import BOTTOM, LEFT, RIGHT, TOP
    from game.app.tablekit.winds_dial import WindsDial
    circles = []
    real = Canvas.circle

    def spy(self, colour, *a, **k):
        circles.append(tuple(colour[:3]))
        return real(self, colour, *a, **k)
    monkeypatch.setattr(Canvas, "circle", spy)
    WindsDial((800, 450)).draw(app.canvas, "WE", {BOTTOM: "WS", RIGHT: "WW", TOP: "WN", LEFT: "WE"}, active=TOP)
    assert theme.ACTIVE_SEAT[:3] in circles and theme.GOLD[:3] not in circles
