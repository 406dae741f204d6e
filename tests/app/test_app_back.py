"""Esc backs out of every screen; on the menu it asks before quitting."""

from game.app.input import Intent
from game.app.scenes.dialog import Dialog
from game.app.scenes.menu import MenuScene


def send(app, *intents):
    for i in intents:
        app.dispatch(i)
        app.stack.apply()


def test_esc_backs_out_of_each_screen(menu_app):
    for name in ("settings", "stats", "challenges", "rules:martian", "setup:rummy", "setup:kards", "results"):
        menu_app.open(name)
        menu_app.stack.apply()
        assert not isinstance(menu_app.stack.top, MenuScene), name
        send(menu_app, Intent("back"))
        assert isinstance(menu_app.stack.top, MenuScene), name


def test_esc_on_menu_asks_then_stays_or_quits(menu_app):
    send(menu_app, Intent("back"))
    assert isinstance(menu_app.stack.top, Dialog)
    send(menu_app, Intent("back"))          # Esc on the question = the safe answer (stay)
    assert isinstance(menu_app.stack.top, MenuScene) and menu_app.running
    send(menu_app, Intent("back"), Intent("confirm"))   # Enter = the focused first button: Quit
    assert not menu_app.running
