"""The Kards hint names what a win is worth (game/app/tables/kards_worth.py, in the worker with the
count): each wait with its score or special hand, a special hand's own waits, and the discard that
keeps a special in reach. The words are the ones a player reads on the panel."""

from __future__ import annotations

from game.app.tablekit import discard_hint as dh
from game.app.tables.kards import hint_facts
from game.app.tables.kards_worth import KardsWorth
from game.core.kit.tiles import name
from game.rules.kards import RULES
from tests.rules.kards.kards_helpers import dealt

OTHERS = ["B8 B9 C3 C5 C7 C9 D2 D6 D7 D8 D9 DG DW", "B1 B2 C2 C3 C5 C7 C9 D1 D2 D3 D4 D8 DG",
          "B8 C1 C2 C3 C5 C7 C8 D3 D4 D5 D6 D7 DG"]


def _lines(hand: str, discard: str | None = None) -> list[str]:
    view = RULES.view(dealt([hand] + OTHERS), 0)
    h = dh.HintWork(hint_facts(view), discard, value=KardsWorth(view)).answer()
    return dh.hint_lines(h, name)


def test_two_waits_two_specials_each_named_with_its_score():
    # The Happy Family challenge's hand. Seed: "Mandarin Mah-Jongg ... 5000", "Happy Family Mah-Jongg ... 4000".
    assert _lines("WE WE WE WS WS WS WW WW WW WN WN DR DR B5") == [
        "Ready: one discard from waiting to go out.",
        "Suggested discard: 5 Bamboo.",
        "After discarding 5 Bamboo, you wait for North Wind (2 left; Happy Family Mah-Jongg: 4000), "
        "Red Dragon (2 left; Mandarin Mah-Jongg: 5000)."]


def test_a_special_hands_own_wait_is_a_wait():
    # Nine bamboos in a row and three winds: not sets and a pair, but the little snake lacks only North.
    # The count alone said "2 more good draws"; the special makes the hand ready, keeping the winds.
    lines = _lines("B1 B2 B3 B4 B5 B6 B7 B8 B9 WE WS WW DR DG")
    assert lines[0] == "Ready: one discard from waiting to go out."
    assert lines[1] in ("Suggested discard: Green Dragon.", "Suggested discard: Red Dragon.")
    assert "you wait for North Wind (4 left; Mah-Jongg of the little snake" in lines[2]


def test_a_plain_wait_says_its_points():
    assert _lines("B1 B2 B3 C4 C5 C6 D7 D8 D9 DR DR DR WS C9")[-1] == \
        "After discarding 9 Characters, you wait for South Wind (3 left; 21 points)."


def test_a_lessons_step_is_never_argued_with():
    lines = _lines("B1 B2 B3 B4 B5 B6 B7 B8 B9 WE WS WW DR DG", discard="WE")
    assert lines[1] == "Suggested discard: East Wind."
    assert not any("snake" in line for line in lines)


def test_a_ready_hand_is_not_given_up_for_a_special_further_away():
    # Hard would gamble this ready hand on the Big Snake (1600, three cards short); the hint keeps
    # the wait, and one score said for three equal waits is said once.
    assert _lines("C1 C1 C1 WE WE WE B2 B3 B4 B5 B6 B7 B8 DG") == [
        "Ready: one discard from waiting to go out.",
        "Suggested discard: Green Dragon.",
        "After discarding Green Dragon, you wait for 2 Bamboo (3 left), 5 Bamboo (3 left), 8 Bamboo (3 left): "
        "each 42 points."]
