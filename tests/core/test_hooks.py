"""The optional hooks a game may define are found under the names the app looks up."""

import pytest

from game.core.match import Match
from game.core.protocol import Prompt, SeatConfig, Setup
from game.rules import catalogue, rules_for

BUILT = [g.id for g in catalogue() if rules_for(g.id) is not None]
HOOKS = ("prompt", "outcomes", "describe_action", "goal_met", "check_goal", "resample")


@pytest.mark.parametrize("game", BUILT)
def test_no_hook_hides_under_another_name(game):
    rules = rules_for(game)
    # a method the app never calls is a misspelt hook (Rummy once had `describe`)
    assert not hasattr(rules, "describe"), "the hook is describe_action(action)"
    assert all(callable(getattr(rules, h)) for h in HOOKS if hasattr(rules, h))


@pytest.mark.parametrize("game", BUILT)
def test_the_first_prompt_and_words_for_each_legal_action(game):
    rules = rules_for(game)
    seats = rules.max_seats
    m = Match(Setup(game, tuple(SeatConfig("bot") for _ in range(seats)), {}, 1), rules)
    p = m.prompt()
    assert isinstance(p, Prompt) and p.seats == m.to_act()
    if hasattr(rules, "describe_action"):
        for action in m.legal(p.seats[0]):
            words = rules.describe_action(action)
            assert isinstance(words, str) and words and not words.startswith("{")


def test_rummy_actions_have_words():
    from game.rules.rummy import Draw
    assert rules_for("rummy").describe_action(Draw()) == "draws a tile"
