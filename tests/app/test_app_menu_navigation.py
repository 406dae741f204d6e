"""Keyboard and mouse reach the same screens through the same intents."""

from tests.app.app_helpers import step

from game.app.input import Intent
from game.app.scenes.game_setup import SetupScene
from game.app.scenes.menu import GameCard, MenuScene
from game.app.scenes.settings import SettingsScene
from game.rules import catalogue


def send(app, *intents):
    for i in intents:
        app.dispatch(i)
        app.stack.apply()


def second_game_id():
    return catalogue()[1].id


def test_keyboard_opens_a_game_setup(menu_app):
    send(menu_app, Intent("right"), Intent("right"), Intent("confirm"))
    top = menu_app.stack.top
    assert isinstance(top, SetupScene) and top.game.id == second_game_id()


def test_mouse_opens_the_same_game_setup(menu_app):
    menu = menu_app.stack.top
    card = [w for w in menu.ui.widgets if isinstance(w, GameCard)][1]
    send(menu_app, Intent("point", card.rect.center), Intent("press", card.rect.center),
         Intent("select", card.rect.center))
    top = menu_app.stack.top
    assert isinstance(top, SetupScene) and top.game.id == second_game_id()


def button(scene, label):
    return next(w for w in scene.ui.widgets if getattr(w, "label", None) == label)


def test_keyboard_and_mouse_reach_settings(menu_app):
    menu = menu_app.stack.top
    target = button(menu, "Settings")
    # keyboard: focus the first card, go down to the buttons, then right until Settings
    send(menu_app, Intent("right"), Intent("down"))
    for _ in range(10):
        if menu.ui.focused is target:
            break
        send(menu_app, Intent("right"))
    assert menu.ui.focused is target
    send(menu_app, Intent("confirm"))
    assert isinstance(menu_app.stack.top, SettingsScene)
    send(menu_app, Intent("back"))
    assert isinstance(menu_app.stack.top, MenuScene)
    send(menu_app, Intent("select", target.rect.center))
    assert isinstance(menu_app.stack.top, SettingsScene)


def test_tab_cycles_focus_and_space_activates(menu_app):
    menu = menu_app.stack.top
    send(menu_app, Intent("focus_next"))
    assert isinstance(menu.ui.focused, GameCard)
    send(menu_app, Intent("confirm", char=" "))
    assert isinstance(menu_app.stack.top, SetupScene)


def test_menu_draws_headless(menu_app):
    step(menu_app, 3)
    assert menu_app.frame_count == 3


def test_the_first_arrow_on_a_setup_screen_lands_on_its_top_row_not_on_back(menu_app):
    send(menu_app, Intent("right"), Intent("confirm"))
    setup = menu_app.stack.top
    assert isinstance(setup, SetupScene) and setup.ui.focused is None
    send(menu_app, Intent("down"))
    first = setup.ui.focused
    assert first is not None and getattr(first, "label", None) != "Back"
    assert first.box.top // 24 == min(w.box.top for w in setup.ui.focusables()) // 24


def lit(scene):
    """What the player sees lit: hovered widgets and the one with the focus ring."""
    hovered = [w for w in scene.ui.widgets if w.hover]
    ringed = [scene.ui.focused] if scene.ui.keyboard and scene.ui.focused is not None else []
    return set(hovered + ringed)


def test_menu_hover_moves_the_focus_so_one_thing_is_lit_and_enter_presses_it(menu_app):
    # seen: the mouse on one game card, the keyboard ring on another: which one would Enter open?
    menu = menu_app.stack.top
    cards = [w for w in menu.ui.widgets if isinstance(w, GameCard)]
    send(menu_app, Intent("right"))                      # the ring on the first card
    send(menu_app, Intent("point", cards[1].rect.center))
    assert lit(menu) == {cards[1]} and menu.ui.focused is cards[1]
    send(menu_app, Intent("right"))                      # a key: the ring moves on, the hover light goes out
    assert lit(menu) == {cards[2]}
    send(menu_app, Intent("point", cards[1].rect.center))
    send(menu_app, Intent("confirm"))
    top = menu_app.stack.top
    assert isinstance(top, SetupScene) and top.game.id == second_game_id()


def test_settings_hover_and_keys_light_one_row_at_a_time(menu_app):
    send(menu_app, Intent("point", button(menu_app.stack.top, "Settings").rect.center))
    send(menu_app, Intent("confirm"))
    settings = menu_app.stack.top
    assert isinstance(settings, SettingsScene)
    rows = [w for w in settings.ui.widgets if w.can_focus]
    send(menu_app, Intent("down"))
    send(menu_app, Intent("point", rows[2].rect.center))
    assert lit(settings) == {rows[2]}
    send(menu_app, Intent("down"))
    assert lit(settings) == {rows[3]}
    send(menu_app, Intent("point", (5, 5)))              # off every row: nothing lit, nothing for Enter
    assert lit(settings) == set() and settings.ui.focused is None
