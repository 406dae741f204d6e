"""Every command-line tool, fed a good request with one value swapped for something of the wrong
kind (anywhere in it, one at a time), answers by the convention: 0, 1, or 2 with a message on
standard error, never a traceback. Seen: `score cuzzins` died with "unhashable type: 'list'"
on {"completed": ["B1"]}."""

import copy
import importlib
import io
import json

import pytest

from game import cli
from game.rules import info

ESCALERA = "B1 B2 B3 B4 B5 B6 B7 B8 B9 C1 C1 C1 D2 D3 D4 C5 C5"
GOOD = {
    ("score", "minttin"): {"hand": "M5 M5 M5 F7 F7 F7 F9 F9 F9 F9 S1 S1 S1 S1", "discarded_jokers": 1},
    ("score", "rummy"): {"in_play": [["B1", "B2", "DR", "B4", "B5"], ["C5", "C5", "DW=C5"]], "in_hand": ["B1"],
                         "seat_wind": "E", "round_wind": "S"},
    ("score", "kards"): {"round_wind": "E", "winner": "S", "winning": "D7", "how": "wall", "players": {
        "E": {"hand": "B1 B5 C3 C8 D2 D6 D9 C1 B8 D4", "melds": ["WE WE WE"]},
        "S": {"hand": "DR DR DR B2 B3 B4 C5 C5 C5 D7 D7", "melds": ["WS WS WS"], "bonus": "F2"},
        "W": {"hand": "B6 B7 B8 C2 C3 C4 D1 D1 WN DG", "melds": [{"cards": "C9 C9 C9 C9", "concealed": True}]}}},
    ("score", "cuzzins"): {"sets": [["B1", "B2", "B3"], ["B4", "B5", "B6"], ["B7", "B8", "B9"], ["C1", "C1", "C1"],
                                    ["D2", "D3", "D4"]], "back": "C5", "completed": "set", "winning_tile": "B2",
                           "how": "claimed", "winner": "W", "thrower": "E"},
    ("score", "martian"): {"players": [
        {"chow": ["red-S"], "pung": ["blue-S", "blue-M"], "kong": ["green-L", "green-M", "green-S"],
         "bonus": ["green-L", "red-L"], "opaques": ["black-S", "white-S"]},
        {"chow": ["green-S"], "pung": ["green-M", "green-S"], "kong": ["red-L", "red-M", "blue-S"],
         "opaques": ["black-S"], "exposed": ["pung"]}], "winner": 1, "east": 2},
    ("check-turn", "rummy"): {"seat": "North", "hand": ["B5", "B5"], "opened": True,
                              "before": [{"owner": "South", "tiles": ["B2", "B3", "B4", "B5", "B6"]}],
                              "after": [["B2", "B3", "B4"], ["B5", "B5", "B5"], ["B6"]]},
}
# values of every JSON kind that a field may wrongly hold
ODD = [None, True, -1, 10 ** 30, 0.5, "", "??", [], [[]], ["B1", 3], {}, {"a": [1]}]


def paths(doc, path=()):
    yield path
    items = doc.items() if isinstance(doc, dict) else enumerate(doc) if isinstance(doc, list) else ()
    for key, value in items:
        yield from paths(value, path + (key,))


def swapped(doc, path, value):
    doc = copy.deepcopy(doc)
    if not path:
        return value
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return doc


def test_every_tool_has_a_good_request_here():
    assert {(c, g) for c in cli.TOOLS for g in cli.games_with(c)} == set(GOOD)


@pytest.mark.parametrize("command,game", sorted(GOOD))
def test_a_wrong_value_anywhere_is_answered_not_a_traceback(command, game):
    tool = importlib.import_module(f"{info(game).module}.{cli.TOOLS[command]}")
    good = GOOD[(command, game)]
    assert tool.main([], io.StringIO(json.dumps(good)), io.StringIO(), io.StringIO()) in (0, 1)
    for path in list(paths(good)):
        for value in ODD:
            text = json.dumps(swapped(good, path, value))
            out, err = io.StringIO(), io.StringIO()
            code = tool.main(["--json"], io.StringIO(text), out, err)
            assert code in (0, 1, 2), text
            if code == 2:
                assert err.getvalue().startswith("error: ") and out.getvalue() == "", text
            else:
                json.loads(out.getvalue())
