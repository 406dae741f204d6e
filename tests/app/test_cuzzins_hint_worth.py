"""The Cuzzins hint weighs waits by what they bring (game/app/tables/cuzzins_worth.py, in the worker
with the count): each wait with its cents from each player, and among discards that leave the hand
ready, the one whose waits bring most."""

from __future__ import annotations

import sys
from pathlib import Path

from game.app.tablekit import discard_hint as dh
from game.app.tables.cuzzins import hint_facts
from game.app.tables.cuzzins_worth import CuzzinsWorth
from game.core.kit.tiles import name
from game.rules.cuzzins import RULES

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules" / "cuzzins"))
from cuz_support import table  # noqa: E402


def _lines(hand: str, drawn: str, lesson: str | None = None) -> list[str]:
    view = RULES.view(table({0: hand, 1: "", 2: "", 3: ""}, drawn=drawn), 0)
    return dh.hint_lines(dh.HintWork(hint_facts(view), lesson, value=CuzzinsWorth(view)).answer(), name)


HAND = "B1 B4 B4 B5 B5 B5 B6 B6 B6 B7 C8 D4 D4 D4 D8 D8 D8"


def test_the_dearer_wait_is_suggested_and_priced():
    # Worked by hand in tests/bots/test_cuzzins_bots.py (test_hard_waits_on_the_tile_worth_more):
    # throwing C8 waits on B1 for 140, throwing B1 waits on C8 for 120, three of each unseen. The
    # count alone suggested B1 (the lower kind); the hint now keeps the dearer wait.
    assert _lines(HAND, "C8") == [
        "Ready: one discard from waiting to go out.",
        "Suggested discard: 8 Characters.",
        "After discarding 8 Characters, you wait for 1 Bamboo (3 left; 140¢ from each player)."]


def test_a_lessons_step_is_kept():
    assert _lines(HAND, "C8", lesson="B1")[1] == "Suggested discard: 1 Bamboo."
