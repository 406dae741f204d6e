"""Levels and the in-game rules text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.core.levels import load_all, load_level
from game.rules.minttin import RULES
from game.rules.minttin.goals import GOAL_KINDS

ROOT = Path(__file__).resolve().parents[3]
LEVELS = ROOT / "levels" / "minttin"
RULESTEXT = ROOT / "game" / "rulestext" / "minttin.md"
SEED = Path("/work/shared/seeds/mint-tin-mahjong.txt")
CARD_FRAMES = {f"mint/{c}" for c in "S1 S2 S3 M4 M5 M6 F7 F8 F9 SD MD FD J back".split()}


# --------------------------------------------------------------------------- levels

def all_levels():
    return [load_level(p) for p in sorted(LEVELS.glob("*.toml"))]


def test_every_level_loads_and_deals():
    levels = all_levels()
    assert len(levels) >= 9
    for lv in levels:
        assert lv.game == "minttin"
        st = RULES.new_game(lv.setup)
        assert RULES.to_act(st)
        if lv.goal:
            RULES.check_goal({"kind": lv.goal.kind, **lv.goal.params})
            assert lv.goal.kind in GOAL_KINDS
            assert RULES.goal_met(lv.goal, st, 0) is None


def test_quick_play_entries():
    quick = [lv for lv in all_levels() if lv.kind == "quick"]
    modes = sorted((lv.setup.options["mode"], tuple(s.kind for s in lv.setup.seats)) for lv in quick)
    assert modes == [("2p", ("human", "bot")), ("2p", ("human", "human")), ("solo", ("human",))]


def test_at_least_six_solo_challenges_in_order():
    ch = sorted((lv for lv in all_levels() if lv.kind == "challenge"), key=lambda lv: lv.order)
    assert len(ch) >= 6
    assert [lv.order for lv in ch] == list(range(1, len(ch) + 1))
    assert all(lv.setup.options["mode"] == "solo" and lv.goal for lv in ch)
    features = [lv.goal.params.get("feature") for lv in ch]
    assert {"kong", "quint", "double", "one_suit"} <= set(features)


def test_no_level_errors_for_this_game():
    _, errors = load_all(ROOT / "levels")
    assert not [e for e in errors if "minttin" in str(e.path)]


# --------------------------------------------------------------------------- rules text

def test_rules_text_structure_and_illustrations():
    text = RULESTEXT.read_text()
    assert text.startswith("# Mint Tin Mahjong")
    assert "## Table choices" in text and "## Solo" in text and "## Two players" in text
    lines = [l for l in text.splitlines() if l.startswith("::pieces")]
    assert len(lines) >= 5
    for l in lines:
        frames = [f for f in l.split()[1:] if f != "|"]
        assert frames and set(frames) <= CARD_FRAMES, l
    for heading in re.findall(r"^(#+) ", text, re.M):
        assert len(heading) <= 3


def test_rules_text_mentions_every_setting():
    text = RULESTEXT.read_text().lower()
    for word in ("strict table", "dead hand", "joker block", "optional pass", "14 points", "unbroken run",
                 "skip impossible calls"):
        assert word in text, word


@pytest.mark.skipif(not SEED.exists(), reason="seed text not available")
def test_rules_text_is_in_our_own_words():
    """No run of seven words from the seed text, except the names of patterns and categories."""
    words = lambda s: re.findall(r"[a-z0-9]+", s.lower())
    seed, ours = words(SEED.read_text()), words(RULESTEXT.read_text())
    data = set("one two three four five pair pairs pung pungs kong kongs quint quints and consecutive run "
               "odds evens categories 1 2 3 4 5 6 7 8 9".split())
    n = 7
    grams = {tuple(seed[i:i + n]) for i in range(len(seed) - n + 1)}
    copied = [" ".join(ours[i:i + n]) for i in range(len(ours) - n + 1)
              if tuple(ours[i:i + n]) in grams and not set(ours[i:i + n]) <= data]
    assert copied == []
