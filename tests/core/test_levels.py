import textwrap

import pytest

from game.core.levels import LEVELS_DIR, LevelError, load_all, load_level

GOOD = """
title = "Practice"
game = "kards"
kind = "challenge"
order = 2
description = "A table to practise on."
seed = 99
[[seats]]
kind = "human"
name = "You"
[[seats]]
kind = "bot"
strength = "hard"
[goal]
text = "Win the game."
kind = "win_game"
rounds = 2
"""


def write(tmp_path, text, name="level.toml"):
    p = tmp_path / name
    p.write_text(textwrap.dedent(text))
    return p


def test_a_good_level_loads(tmp_path):
    lv = load_level(write(tmp_path, GOOD))
    assert (lv.id, lv.game, lv.kind, lv.order, lv.title) == ("kards/level", "kards", "challenge", 2, "Practice")
    assert lv.setup.seed == 99 and lv.fixed_seed and lv.fresh_setup() == lv.setup
    assert lv.setup.seats[1].strength == "hard" and lv.setup.seats[0].name == "You"
    assert lv.goal.kind == "win_game" and lv.goal.params == {"rounds": 2}


@pytest.mark.parametrize("change, field, words", [
    (('game = "kards"', 'game = "chess"'), "game", "no game called"),
    (('kind = "challenge"', 'kind = "puzzle"'), "kind", "must be one of"),
    (('strength = "hard"', 'strength = "godlike"'), "seats", "strength"),
    (('seed = 99', 'seed = "lucky"'), "seed", "whole number"),
    (('title = "Practice"', ''), "title", "required"),
    (('[goal]', '[goal]\nx = ['), "TOML", ""),
])
def test_bad_levels_name_file_field_and_reason(tmp_path, change, field, words):
    p = write(tmp_path, GOOD.replace(*change), "broken.toml")
    with pytest.raises(LevelError) as e:
        load_level(p)
    assert e.value.field == field and words in e.value.reason
    assert str(e.value).startswith("broken.toml")


def test_toml_syntax_errors_carry_the_line(tmp_path):
    p = write(tmp_path, 'title = "x"\ngame = "kards"\nseats = [\n', "syntax.toml")
    with pytest.raises(LevelError) as e:
        load_level(p)
    assert e.value.line is not None


def test_load_all_keeps_going_past_bad_files(tmp_path):
    write(tmp_path, GOOD, "a.toml")
    write(tmp_path, "nonsense = [", "b.toml")
    levels, errors = load_all(tmp_path)
    assert [l.id for l in levels] == ["kards/a"] and len(errors) == 1 and "b.toml" in str(errors[0])


def test_every_shipped_level_loads():
    levels, errors = load_all(LEVELS_DIR)
    assert errors == []
