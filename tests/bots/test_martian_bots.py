"""Martian Mah Jongg bots: registered, always legal, and the Normal bot's few stated preferences."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from game.bots import make_bot, strengths
from game.core.rng import GameRng
from game.rules.martian import RULES
from game.rules.martian.actions import Keep, Look, MahJongg

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules" / "martian"))
from mmj_support import act, dealt, draw, setup  # noqa: E402


def test_easy_and_normal_are_registered():
    assert {"easy", "normal"} <= set(strengths("martian"))


@pytest.mark.parametrize("strength", ["easy", "normal"])
def test_bots_always_choose_a_legal_action(strength):
    bot = make_bot("martian", strength)
    for n in (2, 3, 4):
        rng = random.Random(n)
        state = RULES.new_game(setup(n, seed=n))
        for _ in range(400):
            if RULES.result(state):
                break
            seat = rng.choice(RULES.to_act(state))
            legal = RULES.legal_actions(state, seat)
            action = bot.choose(RULES.view(state, seat), legal, GameRng(7))
            assert action in legal
            state, _ = RULES.apply(state, seat, action)


P = {"chow": ["red-S"], "pung": ["blue-M", None], "kong": ["green-L", None, None], "opaques": []}
COMPLETE = {"chow": ["cyan-S"], "pung": ["cyan-M", "cyan-S"], "kong": ["cyan-L", "cyan-M", "yellow-S"]}


@pytest.mark.parametrize("strength", ["easy", "normal"])
def test_bots_declare_mahjong_when_they_can(strength):
    st = dealt([COMPLETE, dict(P)])
    assert make_bot("martian", strength).choose(RULES.view(st, 0), RULES.legal_actions(st, 0), GameRng(1)) == MahJongg()


def test_normal_fills_an_empty_slot_and_keeps_its_dealt_pieces():
    bot = make_bot("martian", "normal")
    st = draw(dealt([P, dict(P)]), "orange-S")
    st, _ = act(st, 0, Look(0))
    choice = bot.choose(RULES.view(st, 0), RULES.legal_actions(st, 0), GameRng(1))
    assert getattr(choice, "to", None) in ("pung-S", "kong-S")        # a slot filled, the chow small kept
    st = draw(dealt([P, dict(P)]), "yellow-L")
    choice = bot.choose(RULES.view(st, 0), RULES.legal_actions(st, 0), GameRng(1))
    assert choice == Keep("bonus")                                      # not a swap of the dealt large
