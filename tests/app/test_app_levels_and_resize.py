"""A broken level file gets a readable notice and the menu still works; resizing mid-run is safe."""

import pygame
from tests.app.app_helpers import step

from game.app.input import Intent
from game.app.scenes.dialog import Dialog
from game.app.scenes.menu import MenuScene
from game.app.scenes.settings import SettingsScene


def test_broken_level_is_shown_and_menu_still_works(store, levels_dir):
    from game.app.app import App
    (levels_dir / "rummy").mkdir()
    (levels_dir / "rummy" / "broken.toml").write_text('title = "Broken"\ngame = "rummy"\nkind = "sideways"\n')
    app = App(store, size=(1600, 900), levels_dir=levels_dir, atlas=None)
    app.stack.push(MenuScene(app))
    app.stack.apply()
    assert app.level_errors
    dialog = app.stack.top
    assert isinstance(dialog, Dialog) and "broken.toml" in dialog.message
    step(app, 2)
    app.dispatch(Intent("confirm"))
    app.stack.apply()
    assert isinstance(app.stack.top, MenuScene)
    settings = next(w for w in app.stack.top.ui.widgets if getattr(w, "label", "") == "Settings")
    app.dispatch(Intent("select", settings.rect.center))
    app.stack.apply()
    assert isinstance(app.stack.top, SettingsScene)
    app.shutdown()


def test_resize_and_minimise_mid_run(menu_app):
    menu_app.open("handoff:North")
    step(menu_app, 2)                             # the curtain is fading in
    for size in ((640, 360), (1920, 1080), (333, 777)):
        pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        step(menu_app, 2)
        assert menu_app.canvas.target.get_size() == size
    pygame.event.post(pygame.event.Event(pygame.WINDOWMINIMIZED))
    step(menu_app, 2)
    assert menu_app.minimised
    pygame.event.post(pygame.event.Event(pygame.WINDOWRESTORED))
    step(menu_app, 2)
    assert not menu_app.minimised


def test_canvas_maps_both_ways(menu_app):
    c = menu_app.canvas
    pygame.display.set_mode((1920, 1200), pygame.RESIZABLE)
    menu_app.tick(1 / 60)
    assert c.scale == 1.2
    px = c.to_px(800, 450)
    back = c.to_logical(*px)
    assert abs(back[0] - 800) < 1 and abs(back[1] - 450) < 1
    assert c.offset == (0, 60)                    # letterboxed top and bottom
