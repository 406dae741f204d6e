"""Every spinner value on the menu-side screens shows whole, in the full window and in a small one."""

import pygame
import pytest

from game.app import theme
from game.app.widgets import Choice
from game.rules import GAMES

SCREENS = ["settings"] + [f"setup:{g.id}" for g in GAMES] + [f"calculator:{g.id}" for g in GAMES]


def cut_values(app, name):
    """(label, value) of every Choice value the widget would have to cut short: it draws a value in
    its control less 68 px of arrows, in the body size or else the small one, and cuts only after that."""
    app.open(name)
    app.stack.apply()
    screen = app.stack.top
    out = []
    for w in screen.ui.widgets:
        if isinstance(w, Choice):
            _x, width = w._control()
            out += [(w.label, text) for _v, text in w.choices
                    if app.canvas.measure(text, theme.SMALL, True)[0] > width - 68]
    app.stack.pop()
    app.stack.apply()
    return out


@pytest.mark.parametrize("size", [(1600, 900), (1024, 640)])
def test_no_spinner_value_is_cut_short(store, size):
    """The Kards calculator's "dealt hand" and "Celestial" and Cuzzins' "loose, after kong" used to end in …"""
    from pathlib import Path

    from game.app.app import App
    pygame.init()
    app = App(store, size=size, levels_dir=Path("levels"), atlas=None)
    try:
        cut = {name: cut_values(app, name) for name in SCREENS}
    finally:
        app.shutdown()
    assert {k: v for k, v in cut.items() if v} == {}
