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
[[seats]]
kind = "bot"
[[seats]]
kind = "bot"
[goal]
text = "Win a hand within two rounds."
kind = "win_hand"
within = 2
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
    assert lv.goal.kind == "win_hand" and lv.goal.params == {"within": 2}


@pytest.mark.parametrize("change, field, words", [
    (('game = "kards"', 'game = "chess"'), "game", "no game called"),
    (('kind = "challenge"', 'kind = "puzzle"'), "kind", "must be one of"),
    (('strength = "hard"', 'strength = "godlike"'), "seats[2].strength", "must be one of"),
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


MINT = """
title = "Solo kong"
game = "minttin"
kind = "challenge"
seed = 5

[options]
mode = "2p"

[[seats]]
kind = "human"

[[seats]]
kind = "bot"
strength = "hard"

[goal]
text = "Win with a kong."
kind = "win_with"
feature = "kong"
"""

RUMMY = """
title = "Go out"
game = "rummy"
[[seats]]
[[seats]]
kind = "bot"
[[seats]]
kind = "bot"
[[seats]]
kind = "bot"
[goal]
text = "Go out first."
kind = "go_out_first"
round = 1
"""


def test_the_shipped_style_levels_load(tmp_path):
    assert load_level(write(tmp_path, MINT)).goal.params == {"feature": "kong"}
    assert load_level(write(tmp_path, RUMMY)).goal.params == {"round": 1}


def _line(text, needle):
    return text.splitlines().index(needle) + 1


# Each mistake: (base, old, new, field, words, line of the new text); lines count from the dedented file.
@pytest.mark.parametrize("base, old, new, field, words", [
    (MINT, 'kind = "win_with"', 'kind = "win_wth"', "goal.kind", "unknown Mint Tin goal kind"),
    (MINT, 'feature = "kong"', 'feature = "kongg"', "goal.feature", "must be one of"),
    (MINT, 'feature = "kong"', 'feature = "kong"\nmin_point = 2', "goal.min_point", "not a parameter"),
    (MINT, 'strength = "hard"', 'strenght = "hard"', "seats[2].strenght", "did you mean strength?"),
    (MINT, 'title = "Solo kong"', 'tittle = "Solo kong"', "tittle", "did you mean title?"),
    (MINT, 'seed = 5', 'seed = 5\n[deal]\ndealer = true', "deal.dealer", "must be 0 or 1"),
    (MINT, 'seed = 5', 'seed = 5\n[deal]\ndeck = 5', "deal.deck", "must be a list of cards"),
    (MINT, 'mode = "2p"', 'mode = "2p"\ntarget = "ten"', "options.target", "must be one of"),
    (RUMMY, 'round = 1', 'round = "one"', "goal.round", "whole number"),
    (RUMMY, 'kind = "go_out_first"', 'kind = "go_out_frist"', "goal.kind", "no goal kind"),
    # the default game is 4 rounds: a goal about round 5 could never be decided
    (RUMMY, 'round = 1', 'round = 5', "goal.round", "plays only 4 rounds"),
    (RUMMY, 'title = "Go out"', 'title = "Go out"\norder = true', "order", "whole number"),
])
def test_unknown_keys_and_bad_values_name_file_line_and_field(tmp_path, base, old, new, field, words):
    text = textwrap.dedent(base).replace(old, new)
    p = tmp_path / "bad.toml"
    p.write_text(text)
    with pytest.raises(LevelError) as e:
        load_level(p)
    assert (e.value.field, e.value.path.name) == (field, "bad.toml")
    assert words in e.value.reason, e.value.reason
    first_new_line = new.split("\n")[-1]
    assert e.value.line == _line(text, first_new_line), str(e.value)
    assert str(e.value).startswith(f"bad.toml, line {e.value.line}: {field}: ")


def test_a_misspelt_key_in_the_second_seat_is_found_on_its_own_line(tmp_path):
    text = textwrap.dedent(MINT).replace('kind = "bot"', 'kind = "bot"\nnmae = "Ann"')
    p = tmp_path / "seat.toml"
    p.write_text(text)
    with pytest.raises(LevelError) as e:
        load_level(p)
    assert e.value.field == "seats[2].nmae" and e.value.line == _line(text, 'nmae = "Ann"')


def test_a_level_writes_none_for_a_choice_that_may_be_none():
    """TOML has no null: "none" stands for it, so a lesson can wait for a newcomer at a claim."""
    from game.core.levels import LEVELS_DIR, load_level
    for game in ("kards", "cuzzins"):
        assert load_level(LEVELS_DIR / game / "learn.toml").setup.options["claim_seconds"] is None


def test_a_missing_or_binary_level_file_is_said_in_plain_words(tmp_path):
    with pytest.raises(LevelError) as e:
        load_level(tmp_path / "nowhere.toml")
    assert "no such file or directory" in str(e.value) and "Errno" not in str(e.value)
    (tmp_path / "bin.toml").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(LevelError) as e:
        load_level(tmp_path / "bin.toml")
    assert "not UTF-8 text" in str(e.value)


def test_a_wrong_seat_count_is_said_in_players_as_people_count_them(tmp_path):
    """Kards is for 4 players exactly: "is for 4 players", never "takes 4-4 seats"."""
    three = GOOD.replace('[[seats]]\nkind = "bot"\n[goal]', '[goal]')
    with pytest.raises(LevelError) as e:
        load_level(write(tmp_path, three, "three.toml"))
    assert e.value.field == "seats" and e.value.reason.endswith("is for 4 players, not 3")


def test_players_words():
    from game.core.levels import players_words
    assert [players_words(4, 4), players_words(2, 4), players_words(1, 1), players_words(1, 2)] == \
        ["4 players", "2–4 players", "1 player", "1–2 players"]
