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


def test_a_long_name_widens_the_curtain_button_rather_than_cutting_it(app):
    # seen: "I am Player 4: show my pieces" already touched the button's edges; a 16-letter name
    # (the setup's longest) was cut to "I am Wilhelmina…"
    stack, table, curtain, canvas, surface = make(app, lambda: None)
    short = curtain.button.rect.width
    long = HandoffScene(app, "Wilhelmina Smith", None, pieces="pieces")
    label = long.button.label
    assert long.button.rect.width > short
    assert canvas.measure(label, long.button.size, True)[0] <= long.button.rect.width - 20
    assert long.button.rect.centerx == 800 and long.button.rect.width <= 920
    # and the name above it stays inside the panel, in a smaller size
    widest = HandoffScene(app, "WWWWWWWWWWWWWWWW", None)
    assert canvas.measure(widest.name, widest.name_size(canvas), True)[0] <= 920 - 40
    assert long.name_size(canvas) == curtain.name_size(canvas)        # a usual name keeps the large size


def test_the_other_players_chance_buttons_keep_long_names_whole(app):
    # seen: "1  Bartholomew Wood: Ma…" under a Martian hot-seat curtain
    stack, table, curtain, canvas, surface = make(app, lambda: None)
    pressed = []
    names = ["Bartholomew Wood", "WWWWWWWWWWWWWWWW", "MMMMMMMMMMMMMMMM"]      # 16 letters: the setup's most
    extra = [(f"{n}: Mah Jongg?", lambda n=n: pressed.append(n)) for n in names]
    c = HandoffScene(app, "Anastasia Brown", None, extra=extra)
    for b in c.extra:
        assert canvas.measure(b.label, b.size, True)[0] <= b.rect.width - 20
        assert 0 <= b.rect.left and b.rect.right <= 1600 and b.rect.bottom <= 900
    for a in c.extra:
        for b in c.extra:
            assert a is b or not a.rect.colliderect(b.rect)
    assert len({b.rect.top for b in c.extra}) == 2          # three so long take two rows
    c.handle(Intent("char", char="3"))
    c.update(2.0)
    assert c.on_confirm is not None
