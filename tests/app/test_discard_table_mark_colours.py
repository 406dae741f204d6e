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


def test_cuzzins_loose_tiles_are_edged_quietly_not_in_the_hints_gold(menu_app, pool, monkeypatch):
    """Seen in a real window: the two loose tiles on the wall wore a gold edge, the colour that
    means 'the hint says this'; they are set apart in a quiet theme colour instead."""
    from game.app.tables import cuzzins_wall as cw
    app = menu_app
    scene = _open(app, "cuzzins")
    seen = []
    real_draw = cw.draw_loose

    def spy_draw(canvas, *a, **k):
        real = canvas.outline
        canvas.outline = lambda colour, r, *x, **y: (seen.append(tuple(colour)[:3]), real(colour, r, *x, **y))[1]
        try:
            return real_draw(canvas, *a, **k)
        finally:
            canvas.outline = real
    monkeypatch.setattr(cw, "draw_loose", spy_draw)
    scene._draw_loose(app.canvas, scene.layout())          # (the still layer may have them cached)
    assert seen and scene.view.loose_left == 2
    assert tuple(theme.TEXT_DIM) in seen and theme.GOLD not in seen


def test_the_discard_ripple_is_the_newest_discards_colour_not_gold():
    import pygame
    from game.app.canvas import Canvas
    from game.app.tablekit import announce as an
    from game.app.anim.tween import Tweener
    pygame.font.init()
    canvas = Canvas(pygame.Surface((800, 450)), None)
    seen = []
    canvas.outline = lambda colour, r, *a, **k: seen.append(tuple(colour)[:3])
    tw = Tweener()
    rp = an.highlight_discard(tw, (380, 200, 40, 50))
    tw.update(an.RIPPLE / 4)
    an.draw_ripple(canvas, rp)
    assert seen == [tuple(theme.NEWEST)]


def test_kards_kong_box_is_edged_quietly_not_in_the_hints_gold(menu_app, pool):
    """The same in Kards: the kong box's stacks on the wall were edged in gold."""
    from game.app.tablekit import wall_square as wq
    app = menu_app
    scene = _open(app, "kards")
    lay = scene.layout()
    assert lay.wall is not None and lay.wall.box_rects
    seen = []
    real = app.canvas.outline
    app.canvas.outline = lambda colour, r, *a, **k: (seen.append(tuple(colour)[:3]), real(colour, r, *a, **k))[1]
    try:
        wq.paint_wall(app.canvas, lay.wall, lay.style)          # (draw_wall may blit a cached picture)
    finally:
        app.canvas.outline = real
    assert tuple(theme.TEXT_DIM) in seen and theme.GOLD not in seen
