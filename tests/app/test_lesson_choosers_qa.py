"""Lessons and the tables' own choosers and out-of-turn buttons, as seen in a real window: the
lesson marks the chooser option its step asks for (Enter picks it), a wrong option gets the step's
nudge and the chooser stays open, and Martian's Mah Jongg! button never stands beside words that
say to wait."""

from game.rules.martian import Keep, MahJongg, Roll
from tests.app.app_helpers import run_until, step
from tests.app.test_lesson_tables import start, wait_for_player


def martian_at_step(app, n):
    """The Martian lesson played by its expected moves until step n (1-based) is up."""
    scene = start(app, "martian/learn.toml")
    guide = scene.lesson
    while guide.run.index < n - 1:
        wait_for_player(app, scene)
        assert scene.act(guide.expected(0)[0])
    wait_for_player(app, scene)
    return scene, guide


def test_martian_keep_chooser_marks_and_focuses_the_kong_row(app):
    scene, guide = martian_at_step(app, 2)
    scene.open_keep([a for a in scene.legal if isinstance(a, Keep)])
    ch = scene.chooser
    (kong,) = [i for i, o in enumerate(ch.options) if o.value == Keep("kong-M")]
    assert guide.marked_rects() == [tuple(ch.ui.widgets[kong].rect)]
    assert ch.ui.focused is ch.ui.widgets[kong]              # Enter takes the lesson's option


def test_martian_wrong_chooser_row_gets_the_nudge_and_the_chooser_stays(app):
    scene, guide = martian_at_step(app, 2)
    scene.open_keep([a for a in scene.legal if isinstance(a, Keep)])
    ch = scene.chooser
    log = len(scene.match.log)
    pung = next(i for i, o in enumerate(ch.options) if o.value == Keep("pung-M"))
    ch.ui.widgets[pung].activate()
    assert len(scene.match.log) == log and guide.run.index == 1
    assert guide.run.step.nudge in scene.toasts.texts
    assert scene.chooser is ch                              # pick again, the right row still marked
    ch.pick_number(str([i for i, o in enumerate(ch.options) if o.value == Keep("kong-M")][0] + 1))
    assert guide.run.index == 2 and scene.chooser is None


def test_martian_cover_options_mark_keep_and_refuse_swap_at_once(app):
    """Step 5: (i) keep is the step; (ii) swap opened its own "where?" before the lesson said no."""
    scene, guide = martian_at_step(app, 5)
    assert scene.view.phase == "cover"
    scene.open_cover_options()
    ch = scene.chooser
    groups = scene.cover_groups()
    keep = next(i for i, g in enumerate(groups) if g[0].startswith("(i) "))
    swap = next(i for i, g in enumerate(groups) if g[0].startswith("(ii) "))
    assert guide.marked_rects() == [tuple(ch.ui.widgets[keep].rect)]
    assert ch.ui.focused is ch.ui.widgets[keep]
    ch.ui.widgets[swap].activate()
    assert scene.chooser is ch and guide.run.step.nudge in scene.toasts.texts
    ch.ui.widgets[keep].activate()                          # on to (i)'s "where?": the Pung row is marked
    where = scene.chooser
    assert where is not ch
    (pung,) = [i for i, o in enumerate(where.options) if o.value == Keep("pung-S")]
    assert guide.marked_rects() == [tuple(where.ui.widgets[pung].rect)]


def test_martian_mah_jongg_on_anas_turn_comes_with_the_steps_words_and_mark(app):
    """Seen: with the piles full, Ana's turn showed a gold Mah Jongg! beside the lesson's "the other
    players take their turns now". Now the step's own words and mark are up with it."""
    scene, guide = martian_at_step(app, 5)
    app.store.settings.anim_speed = 1.0          # (the table gives the Mah Jongg chance some time)
    scene.open_cover_options()
    scene.chooser.ui.widgets[0].activate()
    scene.chooser.pick_number(str([i for i, o in enumerate(scene.chooser.options) if o.value == Keep("pung-S")][0] + 1))
    assert guide.run.index == 5
    from game.app.tables.martian import MAH_JONGG_CHANCE_SECONDS
    assert scene._wait >= MAH_JONGG_CHANCE_SECONDS       # Ana's roll waits: the chance was gone in a blink
    v = lambda: scene.view                                               # noqa: E731
    assert run_until(app, lambda: v().phase == "begin" and v().turn == 1 and not scene.presenting())
    assert MahJongg() in scene.legal and scene.acting
    assert guide._words()[1] == guide.run.step.say
    assert guide.marked_rects() == scene.lesson_button_rects("mahjongg") != []
    guide.run.index = 4                          # a step that is not Mah Jongg: no button, the wait words
    scene._ui_for = None
    assert not scene.acting and not scene.lesson_button_rects("mahjongg")
    assert guide._words()[1] == guide.run.lesson.wait


def test_martian_last_step_on_your_own_turn_lights_mah_jongg_not_roll(app):
    scene, guide = martian_at_step(app, 6)
    assert run_until(app, lambda: scene.view.turn == 0 and not guide.waiting() and not scene.bot_thinking)
    assert Roll() in scene.legal
    lit = [b for b in scene.buttons if b.primary]
    assert [b.kind for b in lit] == ["mahjongg"]
    assert scene.ui.focused is lit[0]


def mint_tin_call_chooser(app):
    from game.rules.minttin.actions import Discard, Draw
    scene = start(app, "minttin/learn.toml")
    wait_for_player(app, scene)
    assert scene.act(Draw()) and scene.act(Discard(card="S1"))
    wait_for_player(app, scene)
    assert scene.lesson.run.step.do == "call"
    scene.controls.do_call()
    ch = scene.controls.chooser
    assert ch is not None
    return scene, ch, [i for i, o in enumerate(ch.options) if o.label == "Pung"][0]


def test_mint_tin_call_as_marks_and_focuses_plain_pung(app):
    scene, ch, plain = mint_tin_call_chooser(app)
    assert scene.lesson.marked_rects() == [tuple(ch.ui.widgets[plain].rect)]
    assert ch.ui.focused is ch.ui.widgets[plain]


def test_mint_tin_call_as_with_a_joker_gets_the_nudge_and_the_chooser_stays(app):
    scene, ch, plain = mint_tin_call_chooser(app)
    guide = scene.lesson
    log = len(scene.match.log)
    joker = next(i for i, o in enumerate(ch.options) if "joker" in o.label)
    assert ch.pick_number(str(joker + 1))
    assert len(scene.match.log) == log and guide.run.step.do == "call"
    assert guide.run.step.nudge in scene.toasts.texts and scene.controls.chooser is ch
    assert ch.pick_number(str(plain + 1))
    assert guide.run.step.do == "discard" and scene.controls.chooser is None


def test_the_arrow_at_a_chooser_option_keeps_off_the_other_rows_and_the_lessons_panel(app):
    """Seen: the arrow went left of the Kong row, half under the lesson's panel."""
    from game.app.lesson import _bounds, mark_shapes, overlaps
    scene, guide = martian_at_step(app, 2)
    scene.open_keep([a for a in scene.legal if isinstance(a, Keep)])
    step(app, 2)                                            # drawn: the panel's place is known
    (row,) = guide.marked_rects()
    panel = guide._panel
    others = [r for r in scene.chooser.words() if r != row]
    for clock in (0.0, 0.4, 0.8):
        _rings, arrow = mark_shapes(row, clock, guide._keep_clear())
        box = _bounds(arrow, 0)
        assert not overlaps(box, panel) and not any(overlaps(box, o) for o in others)


def test_the_cuzzins_lessons_last_hint_says_mahjongg_only(app):
    """Seen: at "call Mahjongg!" the hint also offered declaring a secret (legal, not the step)."""
    from tests.app.test_lesson_marks_qa import to_last_step
    scene = start(app, "cuzzins/learn.toml")
    guide = to_last_step(app, scene)
    assert guide.run.step.do == "mahjongg"
    assert any(type(a).__name__ == "DeclareSecret" for a in scene.legal)     # the table still offers it
    lines = scene.hint_lines()
    assert any("Mahjongg" in x for x in lines)
    assert not any("secret" in x for x in lines)


def test_each_martian_turn_button_carries_the_kind_a_lesson_step_marks(app):
    """The step-to-button table repeated the labels; the buttons now say which action they make."""
    scene, guide = martian_at_step(app, 2)
    scene._refresh_ui()
    kinds = [b.kind for b in scene.buttons]
    assert kinds == ["keep", "look"]
    assert scene.lesson_button_rects("keep") == [tuple(scene.buttons[0].rect)]


def test_mint_tin_after_a_wrong_number_key_enter_takes_the_lessons_option_and_the_nudge_keeps_off(app, monkeypatch):
    """Seen: 1 (Pung with a joker) was refused, but the focus stayed there, so Enter was refused
    again; and the nudge lay over the chooser's last option and Cancel."""
    from game.app.input import Intent
    from game.app.lesson import overlaps
    from tests.app.app_helpers import message_boxes
    scene, ch, plain = mint_tin_call_chooser(app)
    joker = next(i for i, o in enumerate(ch.options) if "joker" in o.label)
    assert ch.pick_number(str(joker + 1))
    assert ch.ui.focused is ch.ui.widgets[plain]
    boxes = message_boxes(app, scene, monkeypatch)
    assert boxes and not any(overlaps(b, ch.rect) for b in boxes)
    scene.handle(Intent("confirm"))
    assert scene.lesson.run.step.do == "discard"


def test_martian_after_a_wrong_number_key_the_focus_is_back_on_the_lessons_row(app):
    scene, guide = martian_at_step(app, 2)
    scene.open_keep([a for a in scene.legal if isinstance(a, Keep)])
    ch = scene.chooser
    kong = next(i for i, o in enumerate(ch.options) if o.value == Keep("kong-M"))
    pung = next(i for i, o in enumerate(ch.options) if o.value == Keep("pung-M"))
    ch.pick_number(str(pung + 1))
    assert ch.ui.focused is ch.ui.widgets[kong]
