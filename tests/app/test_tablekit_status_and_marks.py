"""Newcomer QA of the discard tables in a real window: the status line sat right under the left
seat's name plate (it read as that seat's caption, and touched it), and a lesson's gold mark on a
piece looked just like the keyboard's gold ring, so a player could not tell which was which."""

import colorsys

import pygame
import pytest

from game.app import lesson, theme
from game.app.input import Intent
from game.app.tablekit import discard_table as dt
from game.app.tablekit import seats4
from tests.app.app_helpers import run_until, step
from tests.app import test_cuzzins_table as ct_tests
from tests.app import test_kards_table as kt_tests
from tests.app.test_kards_table import claim_deal, my_turn, pool  # noqa: F401 (a fixture)

CLEAR = 12          # the least felt between the status panel and anything of a seat


def _open(app, game):
    if game == "kards":
        scene = kt_tests.open_table(app, ["human", "bot", "bot", "bot"], claim_deal(east=0))
    else:
        scene = ct_tests.open_table(app, ["human", "bot", "bot", "bot"])
    assert run_until(app, lambda: scene.my_turn and scene.view.phase in ("turn", "discard"), 600)
    return scene


@pytest.mark.parametrize("game", ["kards", "cuzzins"])
@pytest.mark.parametrize("size", [(1600, 900), (640, 360)])        # the smallest window: 0.5 x 1280x720
def test_the_status_panel_keeps_clear_of_every_seat(menu_app, pool, game, size):
    app = menu_app
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    step(app, 2)
    assert app.canvas.target.get_size() == size
    scene = _open(app, game)
    app.draw()
    box = pygame.FRect(scene.status_rect(app.canvas))
    assert box.height > 2 * dt.STATUS_PAD          # the turn's instructions are up
    lay = scene.layout()
    for plate in lay.plates:
        assert not box.colliderect(plate.rect.inflate(2 * CLEAR, 2 * CLEAR)), plate.name
    left = seats4.REGIONS[seats4.LEFT]
    for part in ("hand", "melds", "bonus"):
        assert not box.colliderect(pygame.FRect(left[part]).inflate(2 * CLEAR, 0)), part
    for p in lay.pieces:
        assert not box.colliderect(p.rect), p.key
    assert box.right <= seats4.CENTRE[0]           # and off the rivers and the wall


def test_a_lesson_mark_halos_and_points_at_its_piece():
    r = (700, 780, 60, 84)                          # a piece of the bottom hand
    for clock in (0.0, 0.4, 0.8):
        rings, arrow = lesson.mark_shapes(r, clock)
        assert rings and all(pygame.FRect(b).contains(pygame.FRect(r)) for b, _a in rings)
        tip = max(arrow, key=lambda p: p[1])
        assert tip[0] == pytest.approx(730) and tip[1] < 780          # above, pointing down at it
    bob = {lesson.mark_shapes(r, c)[1][2][1] for c in (0.0, 0.4, 0.8)}
    assert len(bob) > 1, "it moves (a ring that stands still is the keyboard's)"
    _rings, arrow = lesson.mark_shapes((700, 20, 60, 84), 0.0)        # near the top: below, pointing up
    tip = min(arrow, key=lambda p: p[1])
    assert tip[1] > 20 + 84


def _hue(rgb):
    return colorsys.rgb_to_hsv(*(c / 255 for c in rgb[:3]))[0]


def test_the_keyboard_ring_is_not_the_lessons_gold():
    assert abs(_hue(theme.FOCUS_RING) - _hue(lesson.MARK)) > 0.25
    assert abs(_hue(theme.FOCUS_RING) - _hue(theme.GOLD)) > 0.25


def test_the_keyboards_pick_gets_the_ring_a_clicks_pick_does_not(menu_app, pool):
    app = menu_app
    scene = _open(app, "kards")
    app.dispatch(Intent("right"))
    app.stack.apply()
    app.draw()
    r = scene.key_cursor()
    picked = next(p for p in scene.layout().pieces if p.part == "hand" and p.position == 0
                  and p.index[-1] == scene.selected)
    assert r is not None and r.contains(picked.rect)
    other = next(p for p in scene.layout().pieces if p.part == "hand" and p.position == 0
                 and p.index[-1] != scene.selected)
    app.dispatch(Intent("select", pos=other.rect.center))
    app.stack.apply()
    app.draw()
    assert scene.selected == other.index[-1] and scene.key_cursor() is None


@pytest.mark.parametrize("game", ["kards", "cuzzins"])
def test_the_hint_opens_by_a_click_too(menu_app, pool, game):
    # seen in a real window: a player using only the mouse had no way to the hint (only the H key)
    app = menu_app
    scene = _open(app, game)
    app.draw()
    assert scene.hint_button_shown() and not scene.hint_panel.open
    button = pygame.FRect(scene.hint_button.box)
    lay = scene.layout()
    assert not [p for p in lay.plates if button.colliderect(p.rect)]
    assert not [p for p in lay.pieces if button.colliderect(p.rect)]
    sort = [b for b in scene.buttons if b.label.startswith("Sort")] + ([scene.sort_button] if game == "kards" else [])
    assert sort and not [b for b in sort if button.colliderect(pygame.FRect(b.box))]
    at = button.center
    app.dispatch(Intent("press", pos=at))
    app.dispatch(Intent("select", pos=at))
    app.stack.apply()
    assert scene.hint_panel.open and scene.hint_lines()
    app.draw()
    assert scene.hint_button.label.startswith("Hide hint")
    app.dispatch(Intent("select", pos=at))
    app.stack.apply()
    assert not scene.hint_panel.open


def test_no_hint_button_between_hot_seat_players(menu_app, pool):
    from game.app.scenes.handoff import HandoffScene
    app = menu_app
    scene = kt_tests.open_table(app, ["human", "human", "bot", "bot"], claim_deal(east=0))
    assert isinstance(app.stack.top, HandoffScene) and scene.viewer is None
    assert not scene.hint_button_shown()
