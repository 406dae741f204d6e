"""The kit's banner and the canvas's cached panels."""

import pygame

from game.app.canvas import Canvas
from game.app.tablekit.banner import ALERT, FADE, Banner


def test_a_timed_banner_fades_at_its_end_and_goes():
    b = Banner((800, 450))
    b.show("North calls Double!", seconds=1.0)
    assert b.visible and b.alpha == 1.0
    b.update(1.0 - FADE / 2)
    assert 0 < b.alpha < 1 and b.visible
    b.update(FADE)
    assert not b.visible and b.text is None


def test_an_untimed_banner_stays_until_cleared():
    b = Banner((800, 450), look=ALERT)
    b.show("set 1 has only 2 tiles", title="Every set keeps three tiles")
    b.update(60.0)
    assert b.visible and (b.title, b.text) == ("Every set keeps three tiles", "set 1 has only 2 tiles")
    b.clear()
    assert not b.visible


def test_the_banner_panel_is_centred_on_its_position():
    pygame.init()
    surf = pygame.Surface((1600, 900), pygame.SRCALPHA)
    canvas = Canvas(surf)
    surf.fill((0, 0, 0, 0))
    b = Banner((800, 450), max_width=600)
    b.show("Mahjong!")
    b.draw(canvas)
    rect = surf.get_bounding_rect(min_alpha=1)
    assert abs(rect.centerx - 800) <= 1 and abs(rect.centery - 450) <= 2 and rect.width < 600


def test_panels_are_drawn_once_and_kept_by_size_colour_and_radius():
    pygame.init()
    canvas = Canvas(pygame.Surface((800, 450)))           # half scale: logical 1600x900
    a = canvas.panel_surface((120, 40), (8, 24, 18, 150), 10)
    assert canvas.panel_surface((120, 40), (8, 24, 18, 150), 10) is a
    assert canvas.panel_surface((120, 40), (8, 24, 18, 151), 10) is not a
    assert canvas.panel_surface((120, 40), (8, 24, 18, 150), 10, edge=(255, 0, 0)) is not a
    assert a.get_at((60, 20)) == pygame.Color(8, 24, 18, 150) and a.get_at((0, 0)).a == 0   # rounded corner
    before = canvas.target.get_at((100, 100))
    canvas.box((180, 180, 100, 60), (255, 255, 255, 128), radius=8)
    after = canvas.target.get_at((115, 105))
    assert after != before and canvas.panel_surface((50, 30), (255, 255, 255, 128), 8) is \
        canvas.panel_surface((50, 30), (255, 255, 255, 128), 8)
