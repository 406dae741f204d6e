"""The handoff curtain swallows every intent and nothing of the scene below is ever drawn."""

import pygame

from game.app.canvas import Canvas
from game.app.input import Intent
from game.app.scenes.base import Scene, SceneStack
from game.app.scenes.handoff import HandoffScene

SECRET = (255, 0, 255)


class SecretTable(Scene):
    """Paints its 'hand' in a colour nothing else uses, and records any input it gets."""

    def __init__(self, app):
        super().__init__(app)
        self.got = []

    def handle(self, intent):
        self.got.append(intent)
        return True

    def draw(self, canvas):
        canvas.fill(SECRET, (200, 600, 1200, 250))


def no_secret_pixels(surface):
    hits = pygame.mask.from_threshold(surface, SECRET, (1, 1, 1, 255)).count()
    return hits == 0


def make(app, on_confirm):
    stack = SceneStack()
    app.stack = stack
    table = SecretTable(app)
    stack.push(table)
    stack.apply()
    surface = pygame.Surface((1280, 720))
    canvas = Canvas(surface)
    stack.draw(canvas)
    assert not no_secret_pixels(surface)          # the secret is visible without the curtain
    curtain = HandoffScene(app, "South", on_confirm)
    stack.push(curtain)
    stack.apply()
    return stack, table, curtain, canvas, surface


def test_curtain_hides_everything_even_mid_fade(app):
    stack, table, curtain, canvas, surface = make(app, None)
    for t in (0.0, 0.05, 0.1, 0.5):
        curtain.t = t
        stack.draw(canvas)
        assert no_secret_pixels(surface), t
    curtain.confirm()
    for _ in range(5):                            # fading out: still nothing below
        curtain.update(0.03)
        stack.draw(canvas)
        assert no_secret_pixels(surface)


def test_curtain_swallows_all_input_until_confirmed(app):
    confirmed = []
    stack, table, curtain, canvas, surface = make(app, lambda: confirmed.append(True))
    for intent in (Intent("select", (800, 700)), Intent("press", (100, 100)), Intent("left"), Intent("char", char="x"),
                   Intent("hint", char="h"), Intent("skip", char="s"), Intent("scroll", (800, 450), amount=1),
                   Intent("drag_start", (10, 10)), Intent("drop", (20, 20)), Intent("focus_next")):
        assert stack.handle(intent)
    stack.apply()
    assert table.got == [] and stack.top is curtain and not confirmed
    assert stack.handle(Intent("confirm", char=" "))
    for _ in range(30):
        stack.update(1 / 60)
        stack.apply()
    assert confirmed == [True] and stack.top is table and table.got == []


def test_click_on_the_button_confirms(app):
    confirmed = []
    stack, table, curtain, canvas, surface = make(app, lambda: confirmed.append(True))
    stack.handle(Intent("select", (100, 100)))        # not on the button: nothing
    assert not curtain.leaving
    stack.handle(Intent("select", curtain.button.rect.center))
    assert curtain.leaving
