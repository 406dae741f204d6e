"""Scoring by the chart (RUM-1, RUM-12), the seed's scoring examples, and the calculator tool."""

import io
import json

import pytest
from hypothesis import assume, given, settings, strategies as hst

from rummy_helpers import decode, game, play
from game.rules.rummy.calculator import main as calc_main
from game.rules.rummy.scoring import score_tiles


def in_play(text):
    return score_tiles(0, decode(text), [], None, None)[1]


def in_hand(text):
    return score_tiles(0, [], decode(text), None, None)[1]


# seed: "jkl =3 nnn =3 1234 =20" / "zx7vb =4 336 =10 tt5 =2" (tiles in play, ignoring current winds)
@pytest.mark.parametrize("text,points", [("jkl", 3), ("nnn", 3), ("1234", 20), ("zx7vb", 4), ("336", 10), ("tt5", 2)])
def test_seed_in_play_examples(text, points):
    assert in_play(text) == points


def test_RUM_1_the_hand_example_follows_the_chart():
    # seed: "wwrdgmm. =-7"  -> eight numbered tiles: the chart gives -8 (RUM-1)
    assert decode("wwrdgmm.") == ["C2", "C2", "C4", "D3", "D5", "B7", "B7", "B9"]
    assert in_hand("wwrdgmm.") == -8


def test_seed_other_hand_examples_match_the_chart():
    # seed: "erhh331 =-19"
    assert in_hand("erhh331") == -19
    # seed: "qrhlb,,267 =-32"
    assert in_hand("qrhlb,,267") == -32


def test_seat_and_round_wind_doubling():
    lines, total = score_tiles(0, ["WN", "WN", "WE"], [], "WN", "WN")
    assert total == 20 + 20 + 5                      # both winds match: x4
    _, total = score_tiles(0, ["WN"], [], "WN", "WE")
    assert total == 10
    _, total = score_tiles(0, ["WE"], [], "WN", "WE")
    assert total == 10
    _, total = score_tiles(0, [], ["WN"], "WN", "WN")
    assert total == -20                              # the seed's "+/-20 points per wind tile"


def test_RUM_12_green_dragon_standing_for_a_wind_is_still_a_dragon():
    _, play_total = score_tiles(0, ["WN", "WN", "DG"], [], "WN", "WN")
    assert play_total == 40                          # the Green scores 0 even standing for North
    _, hand_total = score_tiles(0, [], ["DG"], "WN", "WN")
    assert hand_total == -10


def test_score_lines_are_itemised():
    lines, total = score_tiles(2, ["B1", "B2", "B3", "WS", "DR"], ["C1", "WS", "DW"], "WS", "WE")
    names = [l.name for l in lines]
    assert names == ["Numbered tiles in play", "South Wind in play", "Dragons in play", "Numbered tiles in hand",
                     "South Wind in hand", "Dragons in hand", "Round score"]
    assert all(l.seat == 2 for l in lines)
    assert lines[-1].value == total == 3 + 10 + 0 - 1 - 10 - 10
    assert "seat wind" in lines[1].why


def test_RUM_11_every_tile_in_a_set_scores_for_its_owner():
    # North gives a tile to East's run and goes out: the given tile scores for East.
    st = game({"hands": [["C6"], [], [], []],
               "table": [{"owner": 1, "tiles": ["C3#1", "C4#1", "C5#1"]}], "opened": [True] * 4})
    st2, events = play(st, 0, [["C3#1", "C4#1", "C5#1", "C6#1"]])
    end = next(e for e in events if e.kind == "round_end")
    assert end.data["round_scores"][1] == 4 and end.data["round_scores"][0] == 0


# ---------------------------------------------------------------------------------------------- calculator

def run_calc(payload, *args, as_json=True):
    """(exit status, the JSON answer or the stderr message) by the tools' convention."""
    out, err = io.StringIO(), io.StringIO()
    stdin = io.StringIO(payload if isinstance(payload, str) else json.dumps(payload))
    code = calc_main((["--json"] if as_json else []) + list(args), stdin, out, err)
    if code == 2:
        assert out.getvalue() == "" and err.getvalue().startswith("error: ")
        return code, err.getvalue()
    return code, (json.loads(out.getvalue()) if as_json and "--help" not in args else out.getvalue())


def test_calculator_scores_and_validates():
    code, out = run_calc({"in_play": [["B1", "B2", "DR", "B4", "B5"], ["WW", "WW", "DG"], ["C5", "C5", "DW=C5"]],
                          "in_hand": ["C2", "WN", "DR"], "seat_wind": "West", "round_wind": "North"})
    assert code == 0
    assert [s["valid"] for s in out["sets"]] == [True, True, True]
    assert out["sets"][0]["tiles"][2] == "DR=B3"
    assert out["total"] == 4 + 20 + 2 - 1 - 10 - 10   # West x2 in play; North x2 in hand


def test_calculator_reports_invalid_sets_with_exit_1():
    code, out = run_calc({"in_play": [["B3", "C3", "D3"]], "in_hand": []})
    assert code == 1 and out["sets"][0]["valid"] is False and "mixes suits" in out["sets"][0]["reason"]


def test_calculator_reads_a_file(tmp_path):
    f = tmp_path / "t.json"
    f.write_text(json.dumps({"in_play": [], "in_hand": ["C2", "C2", "C4", "D3", "D5", "B7", "B7", "B9"]}))
    code, out = run_calc("", str(f))
    assert code == 0 and out["total"] == -8


@pytest.mark.parametrize("payload,needle", [
    ("{not json", "not valid JSON"),
    ({"in_play": [["B1", "B2", "XX"]], "in_hand": []}, "not a Mahjong Rummy tile"),
    ({"in_play": [], "in_hand": ["B1"] * 5}, "only 4"),
    ({"in_play": [], "in_hand": ["b1", "B1", "b1", "B1", "b1"]}, "only 4"),
    ({"in_play": [], "in_hand": [], "seat_wind": "Up"}, "seat_wind"),
    ({"tiles": []}, "unknown key(s) tiles; the keys are in_play, in_hand (required) and seat_wind, round_wind"),
    ({"sets": [], "in_hand": []}, "unknown key(s) sets"),          # no undocumented aliases
    ({"in_play": [], "hand": []}, "unknown key(s) hand"),
    ({"in_play": []}, "missing key(s) in_hand; the keys are in_play, in_hand (required)"),
    ({"in_play": [], "in_hand": ["DR=B3"]}, "a dragon in the hand stands for nothing"),
    ([1, 2], "JSON object"),
])
def test_calculator_bad_input_exit_2(payload, needle):
    code, err = run_calc(payload)
    assert code == 2 and needle in err


def test_calculator_missing_file():
    code, err = run_calc("", "/nonexistent/x.json")
    assert code == 2 and "cannot read" in err


def test_calculator_help():
    code, out = run_calc("", "--help")
    assert code == 0 and "in_play" in out


def test_calculator_reads_pieces_in_any_case_and_values_from_their_place():
    code, out = run_calc({"in_play": [["dr", "c2", "c3"], ["B4", "b5", "Dr"]], "in_hand": ["wn"]})
    assert code == 0
    assert [s["tiles"] for s in out["sets"]] == [["DR=C1", "C2", "C3"], ["B4", "B5", "DR=B6"]]
    assert all(s["reason"] == "" for s in out["sets"])


def test_calculator_still_asks_when_the_place_does_not_say():
    code, out = run_calc({"in_play": [["DR", "C5", "DR"]], "in_hand": []})
    assert code == 0 and out["sets"][0]["reason"].startswith("declare the dragon's value")


def test_calculator_text_report_by_default():
    code, out = run_calc({"in_play": [["B3", "C3", "D3"]], "in_hand": ["C2"]}, as_json=False)
    assert code == 1 and "NOT B3 C3 D3" in out and "Some set is not valid." in out


@settings(max_examples=200, deadline=None)
@given(suit=hst.sampled_from("BCD"), start=hst.integers(1, 7), length=hst.integers(3, 9), data=hst.data())
def test_a_run_written_in_order_gives_each_red_dragon_the_tile_it_replaced(suit, start, length, data):
    """Write a run in order (rising or falling), put Red Dragons in place of some tiles (keeping two
    numbered ones): reading by position recovers exactly the tiles they replaced."""
    from game.rules.rummy.tiles import TileAllocator
    from game.rules.rummy.toolio import values_from_position
    length = min(length, 10 - start)
    assume(length >= 3)
    kinds = [f"{suit}{n}" for n in range(start, start + length)]
    if data.draw(hst.booleans()):
        kinds.reverse()
    keep = data.draw(hst.lists(hst.integers(0, length - 1), min_size=2, max_size=length, unique=True))
    replaced = [i for i in range(length) if i not in keep]
    assume(len(replaced) <= 4)                                          # there are four Red Dragons
    alloc = TileAllocator()
    tiles = [alloc.take("DR") if i in replaced else alloc.take(k) for i, k in enumerate(kinds)]
    assert values_from_position(tiles, {}) == {tiles[i]: kinds[i] for i in replaced}
