"""`python -m game score martian`: values line by line, the settlement, exit codes 0 / 1 / 2."""

from __future__ import annotations

import io
import json

import pytest

from game.rules.martian import calculator

WIN = {"chow": ["red-S"], "pung": ["blue-S", "blue-M"], "kong": ["green-L", "green-M", "green-S"],
       "bonus": ["green-L", "red-L"], "opaques": ["black-S", "white-S"]}
LOSE = {"chow": ["green-S"], "pung": ["green-M", "green-S"], "kong": ["red-L", "red-M", "blue-S"],
        "opaques": ["black-S"], "exposed": ["pung"]}


def call(data, *args):
    out, err = io.StringIO(), io.StringIO()
    text = data if isinstance(data, str) else json.dumps(data)
    code = calculator.main(list(args), io.StringIO(text), out, err)
    return code, out.getvalue(), err.getvalue()


def test_the_worked_example_values_and_settlement():
    code, out, err = call({"players": [WIN, LOSE], "winner": 1, "east": 2}, "--json")
    assert code == 0 and err == ""
    ans = json.loads(out)
    assert [p["value"] for p in ans["players"]] == [52, 10] and ans["honour"] == "green"
    assert ans["transfers"] == [{"payer": 2, "payee": 1, "amount": 104, "why": "Mah Jongg (East pays double): 52 × 2 = 104"}]
    assert ans["net"] == [104, -104] and ans["winner"] == 1 and ans["east"] == 2
    assert [p["player"] for p in ans["players"]] == [1, 2]       # numbered from 1, as at the table


def test_the_report_shows_each_line_and_the_settlement():
    code, out, _ = call({"players": [WIN, LOSE], "winner": 1, "east": 2})
    assert code == 0
    assert "+32  Concealed kong, all honour matched" in out and "= 52" in out
    assert "player 2 pays player 1 104" in out and "net: player 1 +104, player 2 -104" in out


def test_golden_rooster_drawn_and_original_from_the_input():
    win = dict(WIN, chow=["yellow-S"])
    code, out, _ = call({"players": [win, LOSE], "winner": 1, "winning_piece": "Yellow-s", "drawn": True,
                         "original": True}, "--json")
    names = {l["name"]: (l["points"], l["doubles"]) for l in json.loads(out)["players"][0]["lines"]}
    assert names["Golden Rooster"] == (100, 0) and names["Winning piece drawn"] == (2, 0)
    assert names["Original hand"] == (0, 3)
    _, out, _ = call({"players": [win, LOSE], "winner": 1, "winning_piece": "yellow-S", "special_hands": False},
                     "--json")
    assert "Golden Rooster" not in out


def test_an_incomplete_winner_is_not_valid_but_still_valued():
    code, out, _ = call({"players": [LOSE, dict(WIN, chow=[])], "winner": 2}, "--json")
    ans = json.loads(out)
    assert code == 1 and not ans["valid"] and "player 2 has no Mah Jongg" in ans["problems"][0]
    assert ans["players"][1]["value"] != 0                  # still valued, so the player sees why
    assert ans["transfers"] == [] and ans["net"] == [0, 0]  # but nobody pays for it
    code, out, _ = call({"players": [LOSE, dict(WIN, chow=[])], "winner": 2})
    assert code == 1 and "No settlement" in out and "pays" not in out.replace("nobody pays", "")


def test_without_a_winner_the_honour_colour_values_the_hands_and_nobody_pays():
    code, out, _ = call({"players": [WIN, LOSE], "honour": "red"}, "--json")
    ans = json.loads(out)
    # player 1: concealed matched pung 4, concealed all-matched kong 16, one honour bonus piece 4, opaques -4
    # player 2: exposed matched pung 2, concealed kong with two honour reds 16, an opaque -2
    assert code == 0 and ans["transfers"] == [] and [p["value"] for p in ans["players"]] == [20, 16]


@pytest.mark.parametrize("data,words", [
    ("not json", "not valid JSON"),
    ({"players": [WIN]}, "2 to 4 players"),
    ({"players": [WIN, LOSE], "colour": 1}, "unknown key(s) colour"),
    ({"players": [WIN, dict(LOSE, chow=["red-M"])], "winner": 1}, "does not fit"),
    ({"players": [WIN, dict(LOSE, pung=["red-M", "blue-M"])], "winner": 1}, "two M pieces"),
    ({"players": [WIN, dict(LOSE, bonus=["green-L"] * 4)], "winner": 1}, "only 5 of each"),
    ({"players": [WIN, LOSE]}, "give the winner"),
    ({"players": [WIN, LOSE], "winner": 1, "honour": "red"}, "the honour colour is the winner's kong large"),
    ({"players": [WIN, dict(LOSE, pocket=[])], "winner": 1}, "unknown key(s) pocket"),
    ({"players": [WIN, LOSE], "winner": 5}, "winner must be a player number from 1 to 2"),
    ({"players": [WIN, LOSE], "winner": 0}, "winner must be a player number from 1 to 2"),
    ({"players": [WIN, dict(LOSE, pocket=[])], "winner": 1, "east": 3}, "unknown key(s) pocket"),
    ({"players": [WIN, dict(LOSE, opaques=["red-S"])], "winner": 1}, "small blacks and whites only"),
])
def test_bad_input_exits_2_with_one_clear_line(data, words):
    code, out, err = call(data)
    assert code == 2 and out == "" and err.startswith("error: ") and words in err, err
