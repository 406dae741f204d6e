"""The lesson model (game/core/lesson.py) and learn levels in the level loader."""

import textwrap
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as hst

from game.core.lesson import LessonError, LessonRun, Step, code_of, hand_delta, parse_lesson
from game.core.levels import LEVELS_DIR, LevelError, load_all, load_level

RAW = {"done": "Well done.", "steps": [
    {"say": "Draw.", "do": "draw"},
    {"say": "Discard the Sword 1.", "do": "discard", "pieces": ["S1"], "nudge": "The Sword 1, please."},
    {"say": "Call.", "do": "call", "pieces": ["M5", "M5"], "show": ["M5", "M5", "M5"]},
]}


def test_a_lesson_parses_with_defaults():
    lesson = parse_lesson(RAW)
    assert [s.do for s in lesson.steps] == ["draw", "discard", "call"]
    assert lesson.steps[0].pieces == () and lesson.steps[0].highlight == ()
    assert lesson.steps[1].highlight == ("S1",)              # show defaults to the pieces
    assert lesson.steps[2].highlight == ("M5", "M5", "M5")
    assert lesson.done == "Well done." and lesson.wait        # a default waiting text


@pytest.mark.parametrize("raw, field", [
    ([], "lesson"),
    ({"done": "x"}, "lesson.steps"),
    ({"done": "x", "steps": []}, "lesson.steps"),
    ({"steps": [{"say": "a", "do": "draw"}]}, "lesson.done"),
    ({"done": "x", "step": []}, "lesson.step"),
    ({"done": "x", "steps": [{"say": "a"}]}, "lesson.steps[1].do"),
    ({"done": "x", "steps": [{"say": "a", "do": "draw"}, {"say": "", "do": "draw"}]}, "lesson.steps[2].say"),
    ({"done": "x", "steps": [{"say": "a", "do": "draw", "pieces": "S1"}]}, "lesson.steps[1].pieces"),
    ({"done": "x", "steps": [{"say": "a", "do": "draw", "highlight": ["S1"]}]}, "lesson.steps[1].highlight"),
])
def test_a_bad_lesson_names_its_field(raw, field):
    with pytest.raises(LessonError) as e:
        parse_lesson(raw)
    assert e.value.field == field


def test_a_step_matches_its_kind_and_exactly_its_pieces():
    st = Step("Call.", "call", ("M5", "M5"))
    assert st.matches("call", Counter({"M5": 2}))
    assert not st.matches("call", Counter({"M5": 1, "J": 1}))
    assert not st.matches("discard", Counter({"M5": 2}))
    assert Step("Draw.", "draw").matches("draw", Counter())


def test_hand_delta_counts_codes_that_left_the_hand():
    assert hand_delta(["B1#1", "B1#2", "C7#1"], ["C7#1"]) == Counter({"B1": 2})
    assert hand_delta(["M5", "M5"], ["M5", "M5", "S3"]) == Counter()       # a draw takes nothing
    assert code_of("B1#3") == "B1" and code_of("M5") == "M5"


def test_a_run_advances_only_on_the_steps_action_then_allows_anything():
    run = LessonRun(parse_lesson(RAW))
    assert not run.allows("discard", Counter({"S1": 1})) and run.allows("draw", Counter())
    run.advance()
    assert not run.allows("discard", Counter({"M4": 1})) and run.nudge() == "The Sword 1, please."
    run.advance()
    run.advance()
    assert run.finished and run.step is None and run.allows("anything", Counter({"X": 3}))
    run.advance()
    assert run.index == 3


@given(hst.lists(hst.sampled_from(["B1", "B2", "C7", "M5"]), max_size=8),
       hst.lists(hst.sampled_from(["B1", "B2", "C7", "M5"]), max_size=8))
def test_hand_delta_is_what_removing_leaves(before, removed):
    left = list(before)
    for c in removed:
        if c in left:
            left.remove(c)
    assert hand_delta(before, left) == Counter(before) - Counter(left)


LEARN = """
title = "Learn"
game = "kards"
kind = "learn"
seed = 5
[[seats]]
kind = "human"
[[seats]]
kind = "bot"
[[seats]]
kind = "bot"
[[seats]]
kind = "bot"
[lesson]
done = "Done."
[[lesson.steps]]
say = "Draw a card."
do = "draw"
"""


def write(tmp_path, text):
    p = tmp_path / "learn.toml"
    p.write_text(textwrap.dedent(text))
    return p


def test_a_learn_level_carries_its_lesson(tmp_path):
    lv = load_level(write(tmp_path, LEARN))
    assert lv.kind == "learn" and lv.lesson.steps[0].do == "draw" and lv.fixed_seed


@pytest.mark.parametrize("change, field", [
    (("seed = 5\n", ""), "seed"),                              # bots must replay the same line
    (('kind = "learn"', 'kind = "quick"'), "lesson"),           # a lesson only on a learn level
    (('do = "draw"', 'doo = "draw"'), "lesson.steps[1].doo"),
])
def test_a_bad_learn_level_is_refused_naming_the_field(tmp_path, change, field):
    with pytest.raises(LevelError) as e:
        load_level(write(tmp_path, LEARN.replace(*change)))
    assert e.value.field == field


def test_a_learn_level_needs_a_lesson(tmp_path):
    text = LEARN.split("[lesson]")[0]
    with pytest.raises(LevelError) as e:
        load_level(write(tmp_path, text))
    assert e.value.field == "lesson"


def test_the_shipped_lessons_load():
    levels, errors = load_all(LEVELS_DIR)
    assert not errors
    learn = {l.game for l in levels if l.kind == "learn"}
    assert {"minttin", "rummy"} <= learn


def test_a_bad_step_is_found_on_its_own_line(tmp_path):
    text = LEARN + '[[lesson.steps]]\nsay = "Discard."\ndo = "discard"\npieces = "S1"\n'
    with pytest.raises(LevelError) as e:
        load_level(write(tmp_path, text))
    assert e.value.field == "lesson.steps[2].pieces"
    lines = textwrap.dedent(text).splitlines()
    assert lines[e.value.line - 1].startswith("pieces")
