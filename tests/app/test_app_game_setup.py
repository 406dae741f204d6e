"""The setup screen turns the game's Option schema into controls and builds a Setup from them."""

from tests.app import app_fakes
from game.app.input import Intent
from game.app.scenes.game_setup import SetupScene, seed_from_text
from game.app.widgets import Button, Choice, TextEntry, Toggle


def widget(scene, cls, label):
    return next(w for w in scene.ui.widgets if isinstance(w, cls) and getattr(w, "label", None) == label)


def open_fake(app):
    scene = SetupScene(app, "kards", rules=app_fakes.RULES)   # any catalogue id; the rules are the fake's
    app.stack.push(scene)
    app.stack.apply()
    return scene


def test_defaults_follow_the_schema(menu_app):
    scene = open_fake(menu_app)
    setup = scene.build_setup()
    assert setup.options == {"target": 6, "fast": False, "rounds": 2}
    assert len(setup.seats) == 4
    assert setup.seats[0].kind == "human" and all(s.kind == "bot" for s in setup.seats[1:])
    assert [s.name for s in setup.seats[1:]] == ["South", "West", "North"]


def test_controls_change_the_setup(menu_app):
    scene = open_fake(menu_app)
    target = widget(scene, Choice, "Target")
    scene.ui.set_focus(target)
    scene.handle(Intent("right"))
    fast = widget(scene, Toggle, "Fast mode")
    scene.handle(Intent("select", fast.box.center))
    rounds = widget(scene, Choice, "Rounds")
    scene.ui.set_focus(rounds)
    scene.handle(Intent("right"))
    scene.handle(Intent("right"))
    players = widget(scene, Choice, "Players")
    scene.ui.set_focus(players)
    scene.handle(Intent("left"))             # 4 -> 3 seats
    menu_app.stack.apply()
    # rename the first seat by typing
    name = next(w for w in scene.ui.widgets if isinstance(w, TextEntry) and w.value == "You")
    scene.ui.set_focus(name)
    for _ in range(3):
        scene.handle(Intent("backspace"))
    for ch in "Ann":
        scene.handle(Intent("char", char=ch))
    seed = next(w for w in scene.ui.widgets if isinstance(w, TextEntry) and w.label == "Seed")
    scene.ui.set_focus(seed)
    for ch in "42":
        scene.handle(Intent("char", char=ch))
    setup = scene.build_setup()
    assert setup.options == {"target": 9, "fast": True, "rounds": 4}
    assert len(setup.seats) == 3 and setup.seats[0].name == "Ann"
    assert setup.seed == 42


def test_typing_h_in_a_name_types_rather_than_hints(menu_app):
    scene = open_fake(menu_app)
    name = next(w for w in scene.ui.widgets if isinstance(w, TextEntry) and w.value == "You")
    scene.ui.set_focus(name)
    scene.handle(Intent("hint", char="h"))
    scene.handle(Intent("confirm", char=" "))
    assert name.value == "Youh "


def test_seat_kind_switch_shows_strength(menu_app):
    scene = open_fake(menu_app)
    first_kind = [w for w in scene.ui.widgets if isinstance(w, Choice) and w.value == "human"][0]
    scene.ui.set_focus(first_kind)
    scene.handle(Intent("right"))
    menu_app.stack.apply()
    assert scene.build_setup().seats[0].kind == "bot"


def test_seed_text():
    assert seed_from_text("123") == 123
    assert seed_from_text("tea") == seed_from_text("tea")
    assert isinstance(seed_from_text(""), int)


def test_unbuilt_game_says_so(menu_app):
    scene = SetupScene(menu_app, "kards", rules=None)
    scene.rules = None
    menu_app.stack.push(scene)
    menu_app.stack.apply()
    labels = [w.label for w in scene.ui.widgets if isinstance(w, Button)]
    assert "Read the rules" in labels and "Start" not in labels


def test_a_refused_combination_is_explained_not_started(menu_app):
    class Picky(type(app_fakes.RULES)):
        def new_game(self, setup):
            if len(setup.seats) != 2:
                raise ValueError("Fake Count in this mode needs 2 seats")
            return super().new_game(setup)

    scene = SetupScene(menu_app, "kards", rules=Picky())
    menu_app.stack.push(scene)
    menu_app.stack.apply()
    start = next(w for w in scene.ui.widgets if getattr(w, "label", "") == "Start")
    scene.handle(Intent("select", start.rect.center))
    menu_app.stack.apply()
    assert menu_app.stack.top is scene
    assert scene.toasts.texts == ["Fake Count in this mode needs 2 seats"]


def test_a_wide_number_offers_its_stops_and_keeps_a_levels_own(menu_app):
    # Rummy's turn timer runs 0-600 seconds: the arrows stepped one second at a time from "0"
    scene = SetupScene(menu_app, "rummy")
    menu_app.stack.push(scene)
    menu_app.stack.apply()
    timer = widget(scene, Choice, "Turn timer")
    assert [c[1] for c in timer.choices][:3] == ["No timer", "30 seconds", "1 minute"]
    scene.ui.set_focus(timer)
    scene.handle(Intent("right"))
    assert scene.build_setup().options["turn_timer"] == 30
    scene.values["turn_timer"] = 45                  # a level file's own number between the stops
    scene.rebuild()
    timer = widget(scene, Choice, "Turn timer")
    assert (45, "45") in timer.choices and timer.value == 45
    scene.ui.set_focus(timer)
    scene.handle(Intent("right"))
    assert scene.build_setup().options["turn_timer"] == 60
