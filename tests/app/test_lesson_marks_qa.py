"""A lesson's marks seen in a real window: a step with no piece marks the button to press, and a
nudge never lies over the marks (Mint Tin's messages had no free felt of their own)."""

import pytest

from game.app.lesson import overlaps
from tests.app.app_helpers import message_boxes, step
from tests.app.test_lesson_tables import candidates, start, wait_for_player

ALL_LESSONS = ["minttin/learn.toml", "rummy/learn.toml", "martian/learn.toml", "cuzzins/learn.toml",
               "kards/learn.toml"]


def to_last_step(app, scene):
    """Plays the lesson's expected moves up to its last step; returns the guide."""
    guide = scene.lesson
    while guide.run.index < len(guide.run.lesson.steps) - 1:
        wait_for_player(app, scene)
        assert scene.act(guide.expected(0)[0])
    wait_for_player(app, scene)
    return guide


@pytest.mark.parametrize("path", ALL_LESSONS)
def test_a_step_with_no_piece_marks_the_button_that_makes_it(app, path):
    """Draw, Roll the dice, Mah Jongg: the step's words named a button and nothing on the table
    glowed; now its button does, and only buttons for the step's own action."""
    scene = start(app, path)
    guide = scene.lesson
    buttonless = 0
    for st in guide.run.lesson.steps:
        wait_for_player(app, scene)
        if not st.highlight:
            buttonless += 1
            marks = guide.marked_rects()
            assert marks, f"step {guide.run.index + 1} ({st.do}) marks nothing"
            assert marks == scene.lesson_button_rects(st.do)
        assert scene.act(guide.expected(0, candidates(scene))[0])
    assert buttonless or path == "rummy/learn.toml"


def test_the_mint_tin_draw_arrow_points_from_the_felt_not_onto_the_next_button(app):
    """Seen: the arrow at Draw went below it, over the Hint button's word."""
    from game.app.lesson import _bounds, mark_shapes
    scene = start(app, "minttin/learn.toml")
    wait_for_player(app, scene)
    (draw,) = scene.lesson.marked_rects()
    others = [tuple(w.rect) for w in scene.controls.ui.widgets if tuple(w.rect) != draw]
    assert others
    for clock in (0.0, 0.4, 0.8):
        _rings, arrow = mark_shapes(draw, clock, scene.lesson_keep_clear())
        assert not any(overlaps(_bounds(arrow, 0), o) for o in others)


def test_a_mint_tin_nudge_keeps_off_the_lessons_arrows_and_the_status_line(app, monkeypatch):
    """Seen in a real window: Pass at the call step put the two-line nudge over the arrows on the
    two Moon 5s (the message sat centred just above the hand, whatever was there)."""
    from game.rules.minttin.actions import Discard, Draw, Pass
    scene = start(app, "minttin/learn.toml")
    guide = scene.lesson
    wait_for_player(app, scene)
    assert scene.act(Draw()) and scene.act(Discard(card="S1"))
    wait_for_player(app, scene)
    assert guide.run.step.do == "call" and guide.marked_rects()
    assert not scene.act(Pass())
    assert guide.run.step.nudge in scene.toasts.texts
    boxes = message_boxes(app, scene, monkeypatch)
    assert boxes
    assert not any(overlaps(b, z) for b in boxes for z in guide.mark_zones())
    status = getattr(scene.drawer, "status_box", None)        # lifted above the status line, not onto it
    assert status is not None and not any(overlaps(b, status) for b in boxes)


def test_martian_tells_no_call_now_while_the_lesson_says_to_wait(app):
    """Seen in a real window at step 6: the lesson's words said the others take their turns, and a
    message beside them said "call Mah Jongg now". The lesson leads: its own step says when."""
    from tests.app.app_helpers import step
    scene = start(app, "martian/learn.toml")
    guide = scene.lesson
    last = len(guide.run.lesson.steps) - 1
    while guide.run.index < last:
        wait_for_player(app, scene)
        assert scene.act(guide.expected(0)[0])
    said = set()
    for _ in range(400):
        step(app, 1)
        said.update(scene.toasts.texts)
        if not guide.waiting():
            break
    assert not guide.waiting() and guide.run.index == last
    assert not any("Mah Jongg now" in t for t in said)
    assert guide.marked_rects() == scene.lesson_button_rects("mahjongg")


def test_the_martian_arrow_at_mah_jongg_keeps_off_the_other_buttons(app):
    from game.app.lesson import _bounds, mark_shapes
    scene = start(app, "martian/learn.toml")
    guide = to_last_step(app, scene)
    (mj,) = guide.marked_rects()
    others = [tuple(b.rect) for b in scene.buttons if tuple(b.rect) != mj]
    assert others
    for clock in (0.0, 0.4, 0.8):
        _rings, arrow = mark_shapes(mj, clock, scene.lesson_keep_clear())
        assert not any(overlaps(_bounds(arrow, 0), o) for o in others)


@pytest.mark.parametrize("game", ["kards", "cuzzins"])
def test_a_claim_word_is_not_drawn_over_the_open_hint(app, game):
    """Seen: "Chow!" beside the left seat popped up over the open hint's words for a moment."""
    import pygame
    from game.app.tablekit import announce as an
    from game.app.tablekit.seats4 import LEFT
    from game.core.protocol import SeatConfig, Setup
    app.store.settings.anim_speed = 0.0
    kinds = ("human", "bot", "bot", "bot")
    app.start_game(Setup(game, tuple(SeatConfig(k, "normal", "") for k in kinds), {}, 4, None))
    app.stack.apply()
    scene = app.stack.top
    scene.hint_panel.open = True
    scene.hint_lines = lambda: ["Pass: the 3 Dots would break your pair of 2 Dots, and the chow it makes scores "
                                "little. Keep your hand as it is and wait for a better tile."] * 2
    scene.draw(app.canvas)
    panel = pygame.FRect(scene.hint_panel.shown)
    a = an.Announcement("Chow!", *scene.layout().announce_point(LEFT))
    a.scale, a.alpha = 1.1, 1.0
    assert a.rect(app.canvas).colliderect(panel)        # where the left seat's word would go
    scene.announcements.append(a)
    scene.draw(app.canvas)
    r = a.rect(app.canvas)
    assert not r.colliderect(panel) and r.left >= 0 and r.right <= 1600
    scene.hint_panel.open = False                         # a closed hint leaves the word at its seat
    b = an.Announcement("Chow!", *scene.layout().announce_point(LEFT))
    scene.announcements.append(b)
    scene.draw(app.canvas)
    assert (b.x, b.y) == scene.layout().announce_point(LEFT)


@pytest.mark.parametrize("path", ["kards/learn.toml", "cuzzins/learn.toml"])
def test_the_open_hint_under_the_lessons_words_stops_above_your_melds_and_name(app, path):
    """Seen in a real window (Kards step 3): under the long lesson words the hint ran down over your
    name plate, and the pung you had just claimed lay over its last line."""
    from game.app.tablekit import seats4
    from game.app.tablekit.discard_table import HINT_FLOOR
    scene = start(app, path)
    guide = scene.lesson
    scene.hint_panel.open = True
    mine = seats4.REGIONS[seats4.BOTTOM]
    assert HINT_FLOOR < min(mine["melds"][1], mine["plate"][1])
    for _st in guide.run.lesson.steps:
        wait_for_player(app, scene)
        scene.draw(app.canvas)
        x, y, w, h = scene.hint_panel.shown
        assert y + h <= HINT_FLOOR, f"step {guide.run.index + 1}: the hint ends at {y + h}"
        assert scene.act(guide.expected(0, candidates(scene))[0])
    # the closing words with their New game / Play on are the tallest (seen at Kards: the hint lay
    # over your pung and name plate), up until the round's results
    drawn = 0
    for _ in range(60):
        step(app, 1)
        if not guide.offers_next() or app.stack.top is not scene:
            break
        scene.draw(app.canvas)
        x, y, w, h = scene.hint_panel.shown
        assert y + h <= HINT_FLOOR, f"the closing words' hint ends at {y + h}"
        drawn += 1
    assert drawn


def test_the_kards_arrow_at_mah_jongg_keeps_off_the_dial_and_the_other_buttons(app):
    from game.app.lesson import _bounds, mark_shapes
    scene = start(app, "kards/learn.toml")
    guide = to_last_step(app, scene)
    (mj,) = guide.marked_rects()
    (cx, cy), r = scene.dial.centre, scene.dial.radius
    others = [tuple(b.rect) for b in scene.buttons if tuple(b.rect) != mj] + [(cx - r, cy - r, 2 * r, 2 * r + 12)]
    for clock in (0.0, 0.4, 0.8):
        _rings, arrow = mark_shapes(mj, clock, scene.lesson_keep_clear())
        assert not any(overlaps(_bounds(arrow, 0), o) for o in others)


@pytest.mark.parametrize("path, step", [("kards/learn.toml", 2), ("cuzzins/learn.toml", 1)])
def test_the_arrow_at_the_first_piece_of_your_hand_keeps_off_your_melds(app, path, step):
    """Seen in a real window: with the hand sorted by number, the piece to discard (Kards' 1 Dots,
    Cuzzins' 1 of Characters) came first, just under the pung you had claimed, and the gold arrow
    above it lay on that pung's last piece. It points from the felt beside the piece instead, never
    from below (off the window's foot)."""
    from game.app.lesson import _bounds, mark_shapes
    from game.app.tablekit import seats4
    from game.app.theme import LOGICAL_SIZE
    scene = start(app, path)
    guide = scene.lesson
    while guide.run.index < step:
        wait_for_player(app, scene)
        assert scene.act(guide.expected(0, candidates(scene))[0])
    wait_for_player(app, scene)
    sort = getattr(scene, "sort_button", None) or next(b for b in scene.buttons if b.label.startswith("Sort by"))
    sort.on_click()
    scene.draw(app.canvas)
    (piece,) = guide.marked_rects()
    melds = [tuple(p.rect) for p in scene.layout().by_part("meld", seats4.BOTTOM)]
    assert melds and piece == scene.lesson_piece_rects(guide.run.step.highlight)[0]
    assert piece[0] < max(m[0] + m[2] for m in melds) + 20          # the piece lies right under the melds
    for clock in (0.0, 0.4, 0.8):
        _rings, arrow = mark_shapes(piece, clock, guide._keep_clear())
        x, y, w, h = _bounds(arrow, 0)
        assert not any(overlaps((x, y, w, h), m) for m in melds)
        assert y + h <= LOGICAL_SIZE[1] and x >= 0
