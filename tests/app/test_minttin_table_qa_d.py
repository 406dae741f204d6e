"""The Mint Tin table, QA round s7: number keys in the call chooser, the challenge said on the round results."""

from pathlib import Path

import pytest

from game.app.input import Intent
from game.app.scenes.goal_panel import draw_goal_panel
from game.app.scenes.results import ResultsScene
from game.app.tables import table_scene_for
from game.app.tables.minttin_results import MintRoundResults
from game.core.levels import load_level
from game.core.match import Match
from game.rules.minttin import RULES

from .test_minttin_table import press_button, solo_setup
from .test_minttin_table_issue11 import solo_state, table_at


def hold_table(app):
    """You may call the held Fire 8 in several ways (pung, pung with a joker, kong...)."""
    st = solo_state(hand="S1 S2 S3 M5 M5 M6 M6 M6 SD J FD F8 F8".split(), row=["F7"], pungs=[], phase="hold")
    st.hold = "F8"
    return table_at(app, Match(solo_setup()), st)


def test_number_keys_pick_a_call_in_the_chooser_as_the_buttons_numbers_say(app):
    scene = hold_table(app)
    press_button(scene, "Call")
    chooser = scene.controls.chooser
    assert chooser is not None and len(chooser.options) >= 2
    second = chooser.options[1].value
    assert [w.number for w in chooser.ui.widgets[:2]] == [1, 2]
    n = len(scene.match.log)
    scene.handle(Intent("char", char="2"))
    assert scene.controls.chooser is None
    assert len(scene.match.log) == n + 1
    assert scene.match.log[-1].action == RULES.encode_action(second)


# ---------------------------------------------------------------------------------------- a challenge's rounds
LEVELS = Path(__file__).parents[2] / "levels" / "minttin"


def challenge_table(app):
    level = load_level(LEVELS / "challenge-4-three-before-five.toml")
    app.store.settings.anim_speed = 0.0
    scene = table_scene_for("minttin")(app, Match(level.fresh_setup()), level)
    app.stack.push(scene)
    app.stack.apply()
    return scene


ROUND = {"summary": "Wall game", "totals": [0, 0], "points": 0, "winner": None, "lines": []}


@pytest.mark.parametrize("state, said", [(None, "Challenge still on: "), (True, "Challenge complete ✓: "),
                                         (False, "Challenge failed ✗: ")])
def test_a_challenges_round_results_say_where_the_challenge_stands(app, state, said):
    # seen: between the rounds of "three before five" the results said nothing of the challenge
    scene = challenge_table(app)
    scene.goal_state = state
    scene._show_results(ResultsScene(app, dict(ROUND), scene.result_names(), final=False))
    app.stack.apply()
    top = app.stack.top
    assert isinstance(top, MintRoundResults)
    assert top.challenge_line() == said + "Win 3 rounds before the opponent's 5th pung."


def test_round_results_outside_a_challenge_say_nothing_of_one(app):
    scene = hold_table(app)
    scene._show_results(ResultsScene(app, dict(ROUND), scene.result_names(), final=False))
    app.stack.apply()
    assert app.stack.top.challenge_line() == ""


class WordsCanvas:
    """Records the words drawn; a letter is 10 px wide."""
    def __init__(self):
        self.words = []

    def measure(self, text, size=0, bold=False):
        return (10.0 * len(text), 20.0)

    def line_height(self, size):
        return 20.0

    def wrap(self, text, width, size):
        return [text]

    def fill(self, *a, **k):
        pass

    outline = fill

    def text(self, text, *a, **k):
        self.words.append(text)


@pytest.mark.parametrize("state, wide, narrow", [(True, "Challenge complete ✓", "Complete ✓"),
                                                 (False, "Challenge failed ✗", "Failed ✗")])
def test_a_narrow_goal_panel_keeps_the_verdict_whole(state, wide, narrow):
    # seen: "Challenge co…" on Mint Tin's side panel: the verdict itself was cut off
    canvas = WordsCanvas()
    draw_goal_panel(canvas, (0, 0, 400, 100), "Win a round.", state)
    assert canvas.words[0] == wide
    canvas = WordsCanvas()
    draw_goal_panel(canvas, (0, 0, 160, 100), "Win a round.", state)
    assert canvas.words[0] == narrow


@pytest.mark.parametrize("state, said", [(True, "Challenge complete"), (False, "Challenge failed")])
def test_a_challenge_decided_mid_game_is_said_on_the_table(app, state, said):
    # seen: "The game is over." when the opponent's fifth pung failed "three before five" in round 3
    scene = challenge_table(app)
    scene.goal_state, scene.finished = state, True
    assert scene.drawer.status_text().startswith(said)
