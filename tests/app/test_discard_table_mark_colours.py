"""The marks on a Kards or Cuzzins table speak Rummy's and Mint Tin's language: a picked piece has a
bright ivory edge, the keyboard's cursor a cyan ring, gold is only the hint's (and a lesson's).
Seen in a real window: the newest discard wore the hint's gold halo, so it read as advice, and a
picked piece had no edge at all."""

import pytest

from game.app import theme
from game.app.input import Intent
from tests.app.app_helpers import run_until
from tests.app.test_kards_table import pool  # noqa: F401 (a fixture)
from tests.app.test_tablekit_status_and_marks import _open


def _pixel(app, x, y):
    return tuple(app.canvas.target.get_at(app.canvas.to_px(x, y)))[:3]


def _hand_piece(scene, index):
    return next(p for p in scene.layout().pieces if p.part == "hand" and p.position == 0 and p.index[-1] == index)


def _settle(app, scene):
    # the picked piece rises in a short tween: let it arrive, then draw
    run_until(app, lambda: not scene.tweens, 120)
    app.draw()


def _edge_colours(app, r):
    """The colours just outside the piece's left side (ivory edge) and a few pixels further (cyan ring)."""
    return _pixel(app, r.left - 2, r.centery), _pixel(app, r.left - 6, r.centery)


@pytest.mark.parametrize("game", ["kards", "cuzzins"])
def test_a_keyboard_pick_has_the_ivory_edge_inside_the_cyan_ring(menu_app, pool, game):
    app = menu_app
    scene = _open(app, game)
    app.dispatch(Intent("right"))
    app.stack.apply()
    _settle(app, scene)
    p = _hand_piece(scene, scene.selected)
    assert not p.mark                                           # the cursor is never the hint's gold
    assert _edge_colours(app, p.rect) == (theme.SELECTED, theme.FOCUS_RING)


def test_a_click_pick_has_the_ivory_edge_and_no_cyan_ring(menu_app, pool):
    app = menu_app
    scene = _open(app, "kards")
    target = _hand_piece(scene, 1)
    app.dispatch(Intent("select", pos=target.rect.center))
    app.stack.apply()
    _settle(app, scene)
    assert scene.selected == 1
    edge, beyond = _edge_colours(app, _hand_piece(scene, 1).rect)
    assert edge == theme.SELECTED and beyond != theme.FOCUS_RING


@pytest.mark.parametrize("game", ["kards", "cuzzins"])
def test_the_newest_discard_has_its_quiet_ring_not_the_hints_gold(menu_app, pool, game):
    app = menu_app
    scene = _open(app, game)
    app.dispatch(Intent("confirm"))
    app.dispatch(Intent("confirm"))                             # pick, then discard
    app.stack.apply()
    assert run_until(app, lambda: any(p.newest for p in scene.layout().pieces) and not scene.tweens, 600)
    app.draw()
    lay = scene.layout()
    newest = [p for p in lay.pieces if p.newest]
    assert len(newest) == 1 and newest[0].part == "river"
    assert not any(p.mark for p in lay.pieces if p.part == "river")
    r = newest[0].rect
    assert _pixel(app, r.left - 2, r.centery) == theme.NEWEST
    assert theme.NEWEST not in (theme.GOLD, theme.SELECTED, theme.FOCUS_RING)
