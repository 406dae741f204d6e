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
