"""Guided first hands played as a newcomer would, by keyboard only and by mouse only, in a real
window (QA, 1600x900): what was found there, pinned."""

import pytest

from game.app.input import Intent
from tests.app.test_lesson_tables import start, wait_for_player


def _draw_then_discard_step(app):
    from game.rules.minttin.actions import Draw
    scene = start(app, "minttin/learn.toml")
    wait_for_player(app, scene)
    assert scene.act(Draw())
    wait_for_player(app, scene)
    assert scene.lesson.run.step.do == "discard" and scene.lesson.run.step.pieces == ("S1",)
    return scene


@pytest.mark.parametrize("key", ["right", "left"])
def test_mint_tin_the_first_arrow_press_lands_on_the_lessons_card(app, key):
    """Step 2 says discard the Sword 1 and the prompt says '← → to it and Enter twice': the first →
    went to the new Sword Dragon at the far right (→ then did nothing, and Enter twice threw the
    Dragon: refused). The first press lands on the step's card, as at the Kards and Cuzzins tables."""
    scene = _draw_then_discard_step(app)
    app.dispatch(Intent(key))
    assert scene.inp.focused_card().code == "S1"
    app.dispatch(Intent("confirm"))
    app.dispatch(Intent("confirm"))
    app.stack.apply()
    assert scene.lesson.run.index == 2


def test_mint_tin_enter_with_nothing_focused_picks_the_lessons_card(app):
    """Enter at the discard step (hint closed) picked nothing, then the focus sat on the new card."""
    scene = _draw_then_discard_step(app)
    assert not scene.hint_open
    app.dispatch(Intent("confirm"))
    assert scene.inp.focused_card().code == "S1"
    app.dispatch(Intent("confirm"))
    app.stack.apply()
    assert scene.lesson.run.index == 2


def test_mint_tin_writes_no_hint_word_under_the_lessons_arrow_at_a_button(app, monkeypatch):
    """Seen at the last step with the hint open: the gold 'hint' word left of Mahjong! lay under the
    lesson's arrow pointing at that button ('hi▶'); the arrow already says it."""
    from tests.app.test_lesson_marks_qa import to_last_step
    from tests.app.app_helpers import run_until
    scene = start(app, "minttin/learn.toml")
    guide = to_last_step(app, scene)
    assert guide.run.step.do == "mahjong"
    scene.controls.toggle_hint()
    assert run_until(app, lambda: scene.current_suggestion() is not None)
    assert scene.controls.lit() and guide.marked_rects()
    words = []
    real = app.canvas.text
    monkeypatch.setattr(app.canvas, "text", lambda t, *a, **k: (words.append(t), real(t, *a, **k)))
    scene.draw(app.canvas)
    assert "hint" not in words


def test_rummy_lesson_does_not_light_draw_while_its_step_asks_for_a_play(app):
    """Every step of the Rummy lesson says to lay tiles and press Done, and Draw was the gold button
    (the table's main action), which the lesson then refused. Draw is plain until the lesson ends."""
    from tests.app.app_helpers import step as frames
    scene = start(app, "rummy/learn.toml")
    guide = scene.lesson
    for _ in guide.run.lesson.steps:
        wait_for_player(app, scene)
        frames(app, 1)
        assert guide.run.step.do == "play"
        assert scene.buttons["draw"].enabled and not scene.buttons["draw"].primary
        assert scene.act(guide.expected(0, scene.match.legal(0) + list(scene.rules.suggest_plays(scene.match.view(0))))[0])
    wait_for_player(app, scene)
    frames(app, 1)
    assert guide.run.finished and scene.buttons["draw"].primary     # an ordinary turn again


def test_mint_tin_a_challenges_final_result_shows_the_hand_line_as_a_rounds_does(app):
    """Seen at 'Solo: One Suit' won: the challenge's result read 'Hand  Consecutive Run 1-2-3, Three
    Pungs and One Quint (One Suit): 4 points' with 0 beside it (the round's own result says 'Winning
    hand', the shape, and no number: the points are the lines under it)."""
    from game.app.scenes.results import ResultsScene
    from game.app.tables.minttin_results import as_round_results
    from game.rules.minttin import RULES
    win = ["S1"] * 3 + ["S2"] * 3 + ["S3"] * 4 + ["SD"] * 3 + ["J"]
    v = RULES.analyse(win, [])
    data = {"lines": [{"seat": 0, "name": "Hand", "value": 0, "why": v.headline()},
                      {"seat": 0, "name": "One Suit", "value": 2, "why": "one suit"}],
            "verdict": v.to_json(), "winner": 0, "points": 4, "totals": [4, 0], "summary": "Win a round."}
    scene = as_round_results(ResultsScene(app, data, ["You", "The opponent"], final=True,
                                          title="Challenge complete"), 7, ("Win a round.", True))
    assert scene.final and type(scene) is ResultsScene
    hand, suit = scene.scoring
    assert hand["name"] == "Winning hand" and hand["value"] == "" and "point" not in hand["why"]
    assert "(One Suit)" in hand["why"] and suit["value"] == 2


@pytest.mark.parametrize("size", [(1600, 900), (1024, 640), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_martian_goal_panel_leaves_the_east_line_and_the_status_readable(store, size, monkeypatch):
    """Seen at 'A rich hand' (1600x900): the goal panel lay over the 'East: You' line under the
    title (the column was moved down clear of the rail, the panel was not); it now sits under it,
    and above the status line."""
    from pathlib import Path

    import pygame

    from game.app.app import App
    from game.app.tables import martian as mt
    from tests.app.test_martian_qa_s12 import open_level
    pygame.init()
    app = App(store, size=size, levels_dir=Path("levels"), atlas=None)
    try:
        table = open_level(app, "martian", "challenge-6-score")
        drawn = {}
        real = app.canvas.text
        monkeypatch.setattr(app.canvas, "text",
                            lambda t, *a, **k: drawn.setdefault(t, real(t, *a, **k)) if isinstance(t, str) else real(t, *a, **k))
        table.draw(app.canvas)
        east = next(r for t, r in drawn.items() if t.startswith("East: "))
        goal = pygame.FRect(table.GOAL_RECT)
        assert east.bottom <= goal.top and not goal.colliderect(east)
        assert goal.bottom <= mt.STATUS_RECT[1]
        goal_lines = [r for t, r in drawn.items() if t in ("Challenge", "Gain at least 1000 points in the first",
                                                            "hand.")]
        assert goal_lines and all(goal.contains(r) for r in goal_lines)
    finally:
        app.shutdown()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_martian_other_players_screens_stay_inside_the_rail(players):
    """Seen at 'East wins double' (four players, 1600x900): Cy's screen, the third along the top,
    ran 6 px onto the right wooden rail."""
    from game.app import theme
    from game.app.tables import martian_layout as ml
    boxes = ml.top_boxes(players)
    assert len(boxes) == players - 1
    for x, _y, w, _h in boxes:
        assert x >= theme.RAIL_WIDTH and x + w <= 1600 - theme.RAIL_WIDTH
    assert all(a[0] + a[2] < b[0] for a, b in zip(boxes, boxes[1:]))      # side by side, not overlapping
