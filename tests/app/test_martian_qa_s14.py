"""Martian Mah Jongg as QA found it in session 14: the Mah Jongg! button's place and key, and the
end of a challenge whose hand ended another way than the player's own Mah Jongg."""

import dataclasses

from game.app.scenes.results import ResultsScene
from game.app.tables import martian as mt
from game.app.tables import table_scene_for
from game.core.levels import LEVELS_DIR, load_level
from game.core.match import Match
from game.core.protocol import SeatConfig, Setup
from game.rules.martian import Dice, Keep
from tests.app.app_helpers import run_until
from tests.app.test_martian_table import COMPLETE, key, last_action, labels, pool  # noqa: F401 (pool: a fixture)


def complete_table(app, turn):
    setup = Setup("martian", (SeatConfig("human", "normal", ""), SeatConfig("bot", "normal", "")), {}, 4,
                  {"east": turn, "turn": turn, "hands": [COMPLETE, None]})
    return mt.MartianTable(app, Match(setup))


def test_mah_jongg_is_button_1_on_a_bots_turn_and_on_your_own(menu_app, pool):
    """Seen: Mah Jongg! was button 1 while a bot rolled and button 2 on your own turn (Roll the dice
    took 1), so a click or the 1 key meant for it as the bot's turn ended rolled the dice."""
    theirs, mine = complete_table(menu_app, 1), complete_table(menu_app, 0)
    assert labels(theirs) == ["Mah Jongg!"]
    assert labels(mine) == ["Mah Jongg!", "Roll the dice"]
    assert theirs.buttons[0].rect == mine.buttons[0].rect              # the same place
    assert mine.lesson_button_rects("mahjongg") == [tuple(mine.buttons[0].rect)]
    assert mine.status() == "Your turn: call Mah Jongg (1), or roll the dice (2)."   # not "roll (Space)"
    menu_app.stack.push(mine)
    menu_app.stack.apply()
    key(menu_app, "char", "1")                                          # the same key
    assert last_action(mine, 0).kind == "mahjongg"


def test_the_learn_levels_words_name_the_1_key_for_mah_jongg():
    level = load_level(LEVELS_DIR / "martian" / "learn.toml")
    step = next(s for s in level.lesson.steps if s.do == "mahjongg")
    for words in (step.say, step.nudge):
        assert "1 key" in words and "2 key" not in words


def east_challenge(app, deal, forced):
    level = load_level(LEVELS_DIR / "martian" / "challenge-4-east.toml")
    setup = dataclasses.replace(level.setup, deal=deal)
    scene = table_scene_for("martian")(app, Match(setup, forced=forced), level)
    app.stack.push(scene)
    app.stack.apply()
    return scene


def results_shown(app):
    return [s for s in app.stack.scenes if isinstance(s, ResultsScene)]


def test_a_claim_for_mah_jongg_after_two_passes_ends_the_challenge_with_that_win(menu_app, pool):
    """Seen at East wins double: 'Challenge failed ✗ — The goal can no longer be met. The hand stops
    here, unscored.' with no Mah Jongg in the log. The bots' sealed answers to a discard (Ana and Bo
    claim, Cy claims for Mah Jongg) arrive in one step; the goal was judged on the match's latest
    state while Ana's answer was shown, so the challenge ended there, before Cy's win."""
    app = menu_app
    cy = {"chow": ["yellow-S"], "pung": ["red-M", None], "kong": ["blue-L", "blue-M", "blue-S"]}
    scene = east_challenge(app, {"east": 0, "turn": 0, "hands": [None, None, None, cy]}, [Dice(1, 1)])
    key(app, "char", "1")                                    # Roll the dice: a small red
    assert run_until(app, lambda: scene.view.phase == "draw", 600)
    scene.act_as(0, Keep("discard"))                         # let it go: Cy needs it
    assert run_until(app, lambda: results_shown(app), 3000)
    shown = results_shown(app)
    assert len(shown) == 1 and shown[0].title.startswith("Challenge failed")
    assert shown[0].note is None and shown[0].data["winner"] == 3      # Cy's Mah Jongg, its hand's lines
    assert scene.shown_move == len(scene.match.log)


def test_a_dead_hand_ends_the_challenge_saying_it_was_a_dead_hand(menu_app, pool):
    """A dead hand (four lost turns in a row, MMJ-16) failed the challenge with only 'No score this
    time.': the round's own words were replaced by the goal's. They are the note now."""
    app = menu_app
    hand = {"chow": ["violet-S"], "pung": ["green-M", "green-S"], "kong": ["yellow-L", "yellow-M", None]}
    deal = {"east": 0, "hands": [hand], "covers": {"M": ["red-S"] * 5}}      # no small red left to draw
    scene = east_challenge(app, deal, [Dice(1, 1)] * 4)
    key(app, "char", "1")
    assert run_until(app, lambda: results_shown(app), 3000)
    shown = results_shown(app)
    assert len(shown) == 1 and shown[0].title.startswith("Challenge failed")
    assert "dead hand" in shown[0].note and "nobody scores" in shown[0].note
    assert "can no longer be met" not in shown[0].note
