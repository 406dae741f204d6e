"""`python -m game score cuzzins`: the tool convention (exit 0/1/2, --json, messages) on hand-computed hands."""

from __future__ import annotations

import io
import json

import pytest

from game.rules.cuzzins import calculator

ESCALERA = "B1 B2 B3 B4 B5 B6 B7 B8 B9 C1 C1 C1 D2 D3 D4 C5 C5"


def ask(data, *args):
    out, err = io.StringIO(), io.StringIO()
    code = calculator.main(["--json", *args], io.StringIO(json.dumps(data)), out, err)
    return code, (json.loads(out.getvalue()) if out.getvalue() else None), err.getvalue()


def test_a_claimed_escalera_win_with_its_payments():
    code, out, _ = ask({"hand": ESCALERA, "winning_tile": "c5", "how": "claimed", "winner": "W", "thrower": "E"})
    assert code == 0 and out["total"] == 105
    assert [(p["payer"], p["cents"]) for p in out["payments"]] == [("E", 210), ("S", 105), ("N", 105)]
    assert [s["name"] for s in out["steps"]][:2] == ["Initial score", "Back"]


def test_a_kong_laid_out_and_a_loose_tile_win():
    code, out, _ = ask({"hand": "B1 B2 B3 C4 C5 C6 C7 C8 C9 B5 B5 D1 D1 D1", "winning_tile": "D1", "how": "loose",
                        "after_kong": True, "melds": [["D9", "D9", "D9", "D9"]]})
    assert code == 0 and out["total"] == 200                     # as in test_cuz_scoring


def test_one_tile_short_lists_the_waits_and_an_incomplete_hand_exits_1():
    code, out, _ = ask({"hand": ESCALERA.rsplit(" ", 1)[0]})
    assert code == 0 and out["waits"] == ["C5"]
    code, out, _ = ask({"hand": ESCALERA.replace("B9", "D9"), "winning_tile": "C5"})
    assert code == 1 and not out["winning"]


@pytest.mark.parametrize("data,words", [
    ({"hand": "B1 WE"}, "not a suit tile"),
    ({"hand": ESCALERA, "winning_tile": "D9"}, "must be one of the hand's tiles"),
    ({"hand": "B1 B1 B1 B1 B1"}, "only 4"),
    ({"hand": ESCALERA, "colour": 1}, "unknown key"),
    ({"hand": ESCALERA, "winning_tile": "C5", "how": "thrown"}, "how must be one of"),
    ({"hand": ESCALERA, "winning_tile": "C5", "thrower": "S"}, "only goes with"),
    ({"hand": "B1 B2", "melds": [["B4", "B6", "B7"]]}, "not a run"),
])
def test_bad_input_is_one_error_line_and_exit_2(data, words):
    code, out, err = ask(data)
    assert code == 2 and out is None and err.startswith("error: ") and words in err and err.count("\n") == 1


def test_the_report_for_people():
    out = io.StringIO()
    code = calculator.main([], io.StringIO(json.dumps({"hand": ESCALERA, "winning_tile": "C5"})), out, io.StringIO())
    text = out.getvalue()
    assert code == 0 and "E wins 210 points" in text and "Bunot" in text and "S pays E 210 cents" in text


ESCALERA_SETS = [["B1", "B2", "B3"], ["B4", "B5", "B6"], ["B7", "B8", "B9"], ["C1", "C1", "C1"], ["D2", "D3", "D4"]]


def test_sets_and_back_with_every_field_of_the_issue():
    """The winner's sets and back, the winning tile and what it completed, how it came and from
    whom, flowers, Double Dice: 25 + 2 + 6 = 33 -> 35, + Paningit 10 + Escalera 50 = 95, doubled."""
    code, out, _ = ask({"sets": ESCALERA_SETS, "back": ["C5", "C5"], "winning_tile": "C5", "completed": "back",
                        "how": "claimed", "winner": "W", "thrower": "E", "flowers": 2, "double_dice": True})
    assert code == 0 and out["total"] == 190 and out["read"]["winning_tile_finished"] == "pair"
    assert [(p["payer"], p["cents"]) for p in out["payments"]] == [("E", 380), ("S", 190), ("N", 190)]
    assert [s["name"] for s in out["steps"]][-2:] == ["Double Dice", "Total"]


def test_what_the_tile_completed_narrows_the_reading():
    # D3 finishing its run scores 10 + 3 for the tile; as the best reading of a wall win the same
    code, out, _ = ask({"hand": ESCALERA, "winning_tile": "D3", "completed": "set"})
    assert code == 0 and out["steps"][0]["value"] == 13
    # C1 can't have finished the back: no reading fits, the hand is not scored (exit 1)
    code, out, _ = ask({"hand": ESCALERA, "winning_tile": "C1", "completed": "back"})
    assert code == 1 and "no reading" in out["summary"]
    # the back given: the reading keeps it
    code, out, _ = ask({"hand": "B1 B1 B1 B2 B2 B2 B3 B3 B3 C4 C5 C6 D7 D8 D9 C9 C9", "winning_tile": "B3",
                        "back": "C9"})
    assert code == 0 and out["read"]["back"] == ["C9", "C9"]


@pytest.mark.parametrize("data,words", [
    ({"sets": ESCALERA_SETS, "winning_tile": "C5"}, "needs \"back\""),
    ({"hand": ESCALERA, "sets": ESCALERA_SETS, "back": "C5"}, "not both"),
    ({"sets": [["B1", "B1", "B1", "B1"]], "back": "C5"}, "kong"),
    ({"hand": ESCALERA, "winning_tile": "C5", "completed": "pair"}, "completed must be one of"),
    ({"hand": ESCALERA, "back": "C5 C6"}, "back must be one tile"),
    ({}, "give the concealed tiles"),
])
def test_bad_readings_are_bad_input(data, words):
    code, out, err = ask(data)
    assert code == 2 and words in err
