"""`python -m game score kards`: every player's itemised score, the special hand, the payments;
exit 0 scored, 1 not Mah-Jongg, 2 bad input (tool convention)."""

import io
import json

import pytest

from game.rules.kards.calculator import main

EXAMPLE = {"round_wind": "E", "winner": "S", "winning": "D7", "how": "wall", "players": {
    "E": {"hand": "B1 B5 C3 C8 D2 D6 D9 C1 B8 D4", "melds": ["WE WE WE"]},
    "S": {"hand": "DR DR DR B2 B3 B4 C5 C5 C5 D7 D7", "melds": ["WS WS WS"], "bonus": "F2"},
    "W": {"hand": "B6 B7 B8 C2 C3 C4 D1 D1 WN DG", "melds": [{"cards": "C9 C9 C9 C9", "concealed": True}]},
    "N": {"hand": "B9 B9 C6 C7 D3 D4 D5 WW DW WN WN DG DG"}}}


def call(data, *args):
    out, err = io.StringIO(), io.StringIO()
    code = main(list(args), stdin=io.StringIO(json.dumps(data) if not isinstance(data, str) else data),
                stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_every_player_itemised_with_the_payments():
    code, out, err = call(EXAMPLE)
    assert code == 0 and err == ""
    assert out.splitlines()[0] == "South goes Mah-Jongg: a hand score of 60¾."
    assert "  Pung of honours (concealed): 8  (Red Dragon ×3)" in out
    assert "  Own flower or season: 6¾  (Orchid (flower 2): a quarter of the basic score)" in out
    assert "West: hand score 34" in out and "  Kong of terminals (concealed): 32  (9 Characters ×4)" in out
    assert out.count("pays South 8") == 3
    assert out.rstrip().endswith("This round: East 2, South 84¾, West 26, North -7")


def test_json_has_the_same_answer_and_exact_quarters():
    code, out, _ = call(EXAMPLE, "--json")
    data = json.loads(out)
    assert code == 0 and data["special"] is None
    south = next(p for p in data["players"] if p["seat"] == "S")
    assert south["hand_score"] == 60.75 and south["winner"]
    assert data["changes"] == {"E": 2, "S": 84.75, "W": 26, "N": -7}
    assert sum(p["points"] for p in data["payments"]) == 24


def test_a_special_hand_is_named_and_the_dealer_collects_16():
    data = {"winner": "E", "winning": "DR", "players": {"E": {"hand": "WE WE WE WS WS WS WW WW WW WN WN WN DR DR"}}}
    code, out, _ = call(data, "--json")
    got = json.loads(out)
    assert code == 0 and got["special"] == "Happy Family Mah-Jongg" and got["players"][0]["hand_score"] == 4000
    assert [p["points"] for p in got["payments"]] == [16, 16, 16]


@pytest.mark.parametrize("how, flags, line", [
    ("box", {"kong_replacement": True}, "Won with a kong's replacement"),
    ("last", {}, "Won with the last card of the wall"),
    ("wall", {"last_of_kind": True, "standing": True}, "Standing hand"),
    ("discard", {"earth": True}, "Earth Blessing"),
])
def test_how_the_winning_kard_came_and_the_flags(how, flags, line):
    data = dict(EXAMPLE, how=how, **flags)
    code, out, _ = call(data)
    assert code == 0 and line in out


def test_a_hand_that_is_not_mahjongg_exits_1():
    data = dict(EXAMPLE, players=dict(EXAMPLE["players"], S={"hand": "DR DR DR B2 B3 B5 C5 C5 C5 D7 D7",
                                                            "melds": ["WS WS WS"]}))
    code, out, err = call(data)
    assert code == 1 and "not Mah-Jongg" in out and err == ""


@pytest.mark.parametrize("data, words", [
    ("{nope", "not valid JSON"),
    ({"players": {}}, "players must be"),
    ({"players": {"Q": {"hand": "B1"}}}, "E, S, W, N"),
    ({"players": {"E": {"hand": "B1 B1 B1 B1 B1"}}}, "5 Kards of B1"),
    ({"players": {"E": {"hand": "B1", "melds": ["B1 B2 B4"]}}}, "not a chow, pung or kong"),
    ({"players": {"E": {"hand": "B1", "melds": [{"cards": "B1 B1 B1", "concealed": True}]}}}, "only a kong"),
    ({"players": {"E": {"hand": "B1", "melds": [{"type": "kong", "cards": "B1 B1 B1"}]}}}, "not a kong"),
    ({"players": {"E": {"hand": "F1"}}}, "bonus"),
    ({"players": {"E": {"hand": "B1"}}, "winner": "E", "winning": "B2"}, "must be one of the winner's"),
    ({"players": {"E": {"hand": "B1"}}, "winner": "E", "winning": "B1", "how": "air"}, "how must be"),
    ({"players": {"E": {"hand": "B1"}}, "winner": "E", "winning": "B1", "kong_replacement": True}, "how must be box"),
    ({"players": {"S": {"hand": "B1"}}, "winner": "S", "how": "dealt"}, "only the dealer"),
    ({"players": {"E": {"hand": "B1"}}, "how": "wall"}, "give the winner"),
    ({"players": {"E": {"hand": "B1"}}, "colour": 1}, "unknown key"),
])
def test_bad_input_is_one_error_line_and_exit_2(data, words):
    code, out, err = call(data)
    assert code == 2 and out == "" and err.startswith("error: ") and words in err and err.count("\n") == 1


def test_holdings_only_without_a_winner():
    code, out, _ = call({"players": {"N": {"hand": "C5 C5 C5 B1 B2 B3", "bonus": ["S4"]}}})
    assert code == 0 and "North: hand score" in out and "pays" not in out
