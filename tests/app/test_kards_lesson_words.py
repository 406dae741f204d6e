"""The Kards lesson in the real table: the Standing hand button that turns up one card from going out
answers with the lesson's own words, whatever is picked, and the step stays (and Cuzzins' Declare a
secret likewise)."""

from game.app.input import Intent
from tests.app.test_lesson_tables import start, wait_for_player


def test_standing_hand_pressed_in_the_lesson_gets_the_lessons_nudge(app):
    scene = start(app, "kards/learn.toml")
    guide = scene.lesson
    for _ in range(2):                       # the 9 Bamboo, then the North Wind pung
        wait_for_player(app, scene)
        assert scene.act(guide.expected(0)[0])
    wait_for_player(app, scene)
    assert guide.run.index == 2 and "Standing hand" in guide.run.step.say
    labels = [b.label for b in scene.buttons]
    key = str(next(i for i, lab in enumerate(labels, 1) if "Standing hand" in lab))
    for picked in (None, scene.hand.index(next(c for c in scene.hand if c.startswith("D1")))):
        scene.selected = picked
        moves = len(scene.match.log)
        app.dispatch(Intent("char", char=key))
        app.stack.apply()
        assert len(scene.match.log) == moves and guide.run.index == 2
        assert scene.toasts.texts[-1] == guide.run.step.nudge
    assert not any("Pick the card" in t for t in scene.toasts.texts)


def test_the_kards_lesson_names_the_players_the_table_shows_not_only_their_winds(app):
    """The table's name plates say Cy and Ana; the lesson said only "East" and "West", and the claim
    dialog "Ana discarded North Wind" seemed to be about someone else than its "West"."""
    scene = start(app, "kards/learn.toml")
    guide = scene.lesson
    wait_for_player(app, scene)
    v = scene.match.view(0)
    assert f"{scene.name_of(v.east)} sits East" in guide.run.step.say
    assert scene.act(guide.expected(0)[0])
    wait_for_player(app, scene)
    v = scene.match.view(0)
    assert guide.run.index == 1 and v.discarder is not None
    assert v.seat_winds[v.discarder] == "WW"
    assert guide.run.step.say.startswith(f"{scene.name_of(v.discarder)}, sitting West,")


def test_declare_a_secret_pressed_in_the_cuzzins_lesson_gets_words_that_name_it(app):
    """Seen in a real window: at the last step the table offers "Declare a secret" beside Mahjongg!
    (the loose 5 of Characters makes four), which the lesson never mentioned; pressing it answered only
    "Your hand is complete: call Mahjongg." The nudge now says what the button would do and why not."""
    from game.rules.cuzzins.actions import DeclareSecret
    scene = start(app, "cuzzins/learn.toml")
    guide = scene.lesson
    for _ in guide.run.lesson.steps[:-1]:
        wait_for_player(app, scene)
        assert scene.act(guide.expected(0)[0])
    wait_for_player(app, scene)
    labels = [b.label for b in scene.buttons]
    assert any("Declare a secret" in lab for lab in labels)
    secret = next(a for a in scene.match.legal(0) if isinstance(a, DeclareSecret))
    moves = len(scene.match.log)
    assert not scene.act(secret)
    assert len(scene.match.log) == moves and guide.run.index == len(guide.run.lesson.steps) - 1
    assert "Declare a secret" in scene.toasts.texts[-1] and "Mahjongg" in scene.toasts.texts[-1]
