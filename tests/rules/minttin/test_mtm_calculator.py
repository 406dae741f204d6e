"""The scoring calculator: JSON in, JSON out, clear errors, and the documented examples."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from game.rules.minttin.calculator import main

DOC = Path(__file__).resolve().parents[3] / "docs" / "minttin-score.md"


def run(text: str, argv=("--json",)):
    """(exit status, stdout) for an answer; (2, the stderr message) for bad input."""
    out, err = io.StringIO(), io.StringIO()
    rc = main(list(argv), io.StringIO(text), out, err)
    if rc == 2:
        assert out.getvalue() == "" and err.getvalue().startswith("error: ")
        return rc, err.getvalue()
    return rc, out.getvalue()


def test_fourteen_cards_verdict_and_lines():
    rc, out = run('{"hand": "M5 M5 M5 F7 F7 F7 F9 F9 F9 F9 S1 S1 S1 S1", "discarded_jokers": 1}')
    data = json.loads(out)
    assert rc == 0 and data["winning"] and data["points"] == 3
    assert [l["name"] for l in data["lines"]] == ["Kongs", "Discarded joker", "Concealed"]
    assert data["set"] == [5, 7, 9, 1] and data["category"] == "Consecutive Odds"


def test_a_hand_that_does_not_win_exits_1():
    rc, out = run('{"hand": "S1 S1 S1 S2 S2 S2 S3 S3 S3 S3 SD SD M4 M4"}')
    assert rc == 1 and json.loads(out)["winning"] is False


def test_thirteen_cards_lists_waits():
    rc, out = run('{"hand": ["S1", "S1", "S1", "S2", "S2", "S2", "S3", "S3", "S3", "S3", "SD", "SD", "SD"]}')
    data = json.loads(out)
    assert rc == 0 and data["cards"] == 13
    assert {w["card"] for w in data["waits"]} == {"S1", "S2", "SD", "J"}


def test_file_argument_and_dash(tmp_path):
    f = tmp_path / "hand.json"
    f.write_text('{"hand": "S1 S2 S3 M4 M5 M6 F7 F8 F9 SD MD FD J J"}')
    rc, out = run("", ["--json", str(f)])
    assert rc == 0 and json.loads(out)["special"] == "Epic Hand"
    rc, out = run('{"hand": "S1 S2 S3 M4 M5 M6 F7 F8 F9 SD MD FD J J"}', ["--json", "-"])
    assert rc == 0 and json.loads(out)["points"] == 8


def test_cards_are_read_in_any_case():
    rc, out = run('{"hand": "m5 M5 m5 f7 F7 f7 F9 f9 F9 f9 s1 S1 s1 S1"}')
    assert rc == 0 and json.loads(out)["points"] == 2


ALL_KEYS = "the keys are hand (required) and blocks, exposures, discarded_jokers, called, consecutive (optional)"


@pytest.mark.parametrize("text,needle", [
    ("{", "not valid JSON: Expecting property name enclosed in double quotes at line 1"),
    ("[1, 2]", "must be one JSON object; " + ALL_KEYS),
    ('{"hand": "S1 S1", "foo": 1}', "unknown key(s) foo; " + ALL_KEYS),
    ('{"exposures": [["S1", "S1", "S1"]]}', "missing key(s) hand; " + ALL_KEYS),
    ('{"hand": "S1 S1"}', "this one has 2"),
    ('{"hand": "S1 S1 S1 S2 S2 S2 S3 S3 S3 S3 SD SD SD X9"}', "'X9' is not a Mint Tin card; the cards are S1"),
    ('{"hand": [1, 2]}', "hand must be a list of card codes"),
    ('{"hand": "S1 S1 S1 S2 S2 S2 S3 S3 S3 S3 SD SD SD SD", "called": true}', "called is true"),
    ('{"hand": "S1 S1 S1 S2 S2 S2 S3 S3 S3 S3 SD SD SD SD", "discarded_jokers": 9}', "discarded_jokers"),
    ('{"hand": "S1 S1 S1 S2 S2 S2 S3 S3 S3 S3 SD SD SD SD", "consecutive": "wavy"}', "consecutive must be"),
    ('{"hand": "", "exposures": "S1 S1"}', "exposures must be a list of blocks"),
    # impossible hands are bad input, not hands that merely fail to win
    ('{"hand": "S1 S1 S1 S1 S1 S2 S2 S2 S3 S3 S3 SD SD SD"}', "5 copies of Sword 1 (S1); the tin has only 4"),
    ('{"hand": "S1 S1 S1 S2 S2 S2 S3 S3 S3 SD SD SD", "exposures": [["s1", "S1"]]}', "5 copies of Sword 1"),
    ('{"hand": "S1 S1 S1 S2 S2 S2 S3 S3 S3 J J J J", "discarded_jokers": 1}', "make 5; the tin has only 4"),
])
def test_bad_input_exit_code_2_on_stderr(text, needle):
    rc, err = run(text)
    assert rc == 2
    assert needle in err


def test_missing_file():
    rc, err = run("", ["/nonexistent/hand.json"])
    assert rc == 2 and "cannot read" in err


def test_help():
    rc, out = run("", ["--help"])
    assert rc == 0 and "python -m game score minttin [--json] [FILE]" in out and "hand" in out


def test_text_report_by_default():
    rc, out = run('{"hand": "M5 M5 M5 F7 F7 F7 F9 F9 F9 F9 S1 S1 S1 S1"}', [])
    assert rc == 0
    assert out.splitlines()[0] == "Consecutive Odds 5-7-9-1, Two Pungs and Two Kongs: 2 points"
    assert "= 2 points" in out and not out.startswith("{")


def test_documented_examples_produce_the_documented_output():
    text = DOC.read_text()
    pairs = re.findall(r"```json\n(.*?)\n```\n\n(`--json` output|Report|Standard error) \(exit status (\d)\):"
                       r"\n\n```text\n(.*?)\n```", text, re.S)
    assert len(pairs) >= 12 and {kind for _, kind, _, _ in pairs} == {"`--json` output", "Report", "Standard error"}
    for given, kind, status, expected in pairs:
        rc, out = run(given, ["--json"] if kind == "`--json` output" else [])
        assert rc == int(status), given
        assert out.rstrip() == expected, given
