"""Every settings change is saved at once and survives a new Store."""

from game.app.input import Intent
from game.app.scenes.settings import SettingsScene
from game.app.widgets import Choice, Slider, Toggle
from game.store import Store


def widget(scene, cls, label):
    return next(w for w in scene.ui.widgets if isinstance(w, cls) and w.label == label)


def test_changes_persist(menu_app, store):
    scene = SettingsScene(menu_app)
    menu_app.stack.push(scene)
    menu_app.stack.apply()
    speed = widget(scene, Choice, "Animation speed")
    scene.ui.set_focus(speed)
    scene.handle(Intent("left"))
    scene.handle(Intent("left"))                   # Normal -> Slow -> Instant
    cb = widget(scene, Toggle, "Colour-blind marks")
    scene.handle(Intent("select", cb.box.center))
    vol = widget(scene, Slider, "Sound volume")
    scene.ui.set_focus(vol)
    scene.handle(Intent("right"))
    store.flush()                                  # saves are written in the background
    again = Store(store.config_dir)
    assert again.settings.anim_speed == 0.0
    assert again.settings.colourblind is True
    assert abs(again.settings.volume - 0.8) < 1e-9
    assert menu_app.canvas.colourblind is True


def test_window_scale_and_fullscreen_do_not_crash(menu_app, store):
    scene = SettingsScene(menu_app)
    menu_app.stack.push(scene)
    menu_app.stack.apply()
    scale = widget(scene, Slider, "Window size")
    scene.ui.set_focus(scale)
    scene.handle(Intent("left"))
    fs = widget(scene, Toggle, "Full screen")
    scene.handle(Intent("select", fs.box.center))
    scene.handle(Intent("select", fs.box.center))
    menu_app.tick(1 / 60)
    store.flush()
    assert Store(store.config_dir).settings.window_scale == 0.75


def test_settings_hold_no_rule_options(menu_app):
    """Rule choices live in each game's setup; a second copy here would leave it unclear which applies."""
    scene = SettingsScene(menu_app)
    menu_app.stack.push(scene)
    menu_app.stack.apply()
    labels = {getattr(w, "label", "") for w in scene.ui.widgets}
    assert {"Animation speed", "Full screen", "Window size", "Colour-blind marks", "Sound volume"} <= labels
    assert not {l for l in labels if "claim" in l.lower() or "timer" in l.lower() or "skip" in l.lower()}


def test_a_window_grown_by_the_size_setting_is_centred_again(menu_app):
    """Grown in place it kept its top-left corner and ran off the screen (Done out of reach)."""
    import warnings
    import pygame
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        window = pygame.Window.from_display_module()
    window.position = (700, 500)
    menu_app.save_settings(window_scale=1.25)
    menu_app.set_window_scale(1.25)
    desk_w, desk_h = pygame.display.get_desktop_sizes()[0]
    x, y = window.position
    w, h = menu_app.screen.get_size()
    assert (x, y) != (700, 500) and x + w <= desk_w and y + h <= desk_h


def test_the_closing_note_stands_apart_from_the_last_help_line_inside_the_panel(menu_app):
    """Seen in a real window: "These hold for every game..." sat right under "0% is silent.", as if
    it were more of the volume's help, against the panel's edge."""
    import pygame
    from game.app.scenes.settings import PANEL
    scene = SettingsScene(menu_app)
    menu_app.stack.push(scene)
    menu_app.stack.apply()
    drawn = {}
    real = menu_app.canvas.text

    def spy(text, *a, **k):
        r = real(text, *a, **k)
        drawn[text] = pygame.FRect(r)
        return r
    menu_app.canvas.text = spy
    try:
        scene.draw_content(menu_app.canvas)
    finally:
        menu_app.canvas.text = real
    note = next(r for t, r in drawn.items() if t.startswith("These hold for every game"))
    last_help = drawn["0% is silent."]
    assert note.top - last_help.bottom >= 24
    assert note.bottom <= PANEL[1] + PANEL[3] - 12


def test_the_keys_row_stays_lit_when_the_window_moves_under_a_still_pointer(menu_app, store):
    """Seen in a real window: ← → on Window size re-opens the window, the still pointer then
    "moves" onto empty felt, and that put the keys' row out, so the next arrows did nothing."""
    scene = SettingsScene(menu_app)
    menu_app.stack.push(scene)
    menu_app.stack.apply()
    for _ in range(3):
        scene.handle(Intent("down"))
    scale = widget(scene, Slider, "Window size")
    assert scene.ui.focused is scale and scene.ui.keyboard
    for _ in range(2):
        scene.handle(Intent("left"))
        menu_app.dispatch(Intent("point", (20, 880)))      # the move a re-opened window sends
        menu_app.stack.apply()
    assert scene.ui.focused is widget(scene, Slider, "Window size")
    store.flush()
    assert Store(store.config_dir).settings.window_scale == 0.5
    from tests.app.app_helpers import step
    step(menu_app, 60)                                         # a second later, the pointer really moves:
    menu_app.dispatch(Intent("point", (20, 880)))              # off every row puts the row out
    assert scene.ui.focused is None
