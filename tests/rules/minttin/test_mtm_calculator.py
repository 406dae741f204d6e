"""The scoring calculator: JSON in, JSON out, clear errors, and the documented examples."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from game.rules.minttin.calculator import main

DOC = Path(__file__).resolve().parents[3] / "docs" / "minttin-score.md"


def run(text: str, argv=()):
    out = io.StringIO()
    rc = main(list(argv), io.StringIO(text), out)
    return rc, out.getvalue()


def test_fourteen_cards_verdict_and_lines():
    rc, out = run('{"hand": "M5 M5 M5 F7 F7 F7 F9 F9 F9 F9 S1 S1 S1 S1", "discarded_jokers": 1}')
    data = json.loads(out)
    assert rc == 0 and data["winning"] and data["points"] == 3
    assert [l["name"] for l in data["lines"]] == ["Kongs", "Discarded joker", "Concealed"]
    assert data["set"] == [5, 7, 9, 1] and data["category"] == "Consecutive Odds"


def test_thirteen_cards_lists_waits():
    rc, out = run('{"hand": ["S1", "S1", "S1", "S2", "S2", "S2", "S3", "S3", "S3", "S3", "SD", "SD", "SD"]}')
    data = json.loads(out)
    assert rc == 0 and data["cards"] == 13
    assert {w["card"] for w in data["waits"]} == {"S1", "S2", "SD", "J"}


def test_file_argument_and_dash(tmp_path):
    f = tmp_path / "hand.json"
    f.write_text('{"hand": "S1 S2 S3 M4 M5 M6 F7 F8 F9 SD MD FD J J"}')
    rc, out = run("", [str(f)])
    assert rc == 0 and json.loads(out)["special"] == "Epic Hand"
    rc, out = run('{"hand": "S1 S2 S3 M4 M5 M6 F7 F8 F9 SD MD FD J J"}', ["-"])
    assert rc == 0 and json.loads(out)["points"] == 8


@pytest.mark.parametrize("text,needle", [
    ("{", "bad JSON at line 1"),
    ("[1, 2]", "must be a JSON object"),
    ('{"hand": "S1 S1", "foo": 1}', "unknown key(s) foo"),
    ('{"hand": "S1 S1"}', "this one has 2"),
    ('{"hand": "S1 S1 S1 S2 S2 S2 S3 S3 S3 S3 SD SD SD X9"}', "not a Mint Tin card"),
    ('{"hand": [1, 2]}', "hand must be a list of card codes"),
    ('{"hand": "S1 S1 S1 S2 S2 S2 S3 S3 S3 S3 SD SD SD SD", "called": true}', "called is true"),
    ('{"hand": "S1 S1 S1 S2 S2 S2 S3 S3 S3 S3 SD SD SD SD", "discarded_jokers": 9}', "discarded_jokers"),
    ('{"hand": "S1 S1 S1 S2 S2 S2 S3 S3 S3 S3 SD SD SD SD", "consecutive": "wavy"}', "consecutive must be"),
    ('{"exposures": "S1 S1"}', "exposures must be a list of blocks"),
])
def test_bad_input_exit_code_2(text, needle):
    rc, out = run(text)
    assert rc == 2
    assert needle in json.loads(out)["error"]


def test_missing_file():
    rc, out = run("", ["/nonexistent/hand.json"])
    assert rc == 2 and "cannot read" in json.loads(out)["error"]


def test_help():
    rc, out = run("", ["--help"])
    assert rc == 0 and "usage" in out


def test_documented_examples_produce_the_documented_output():
    text = DOC.read_text()
    pairs = re.findall(r"```json\n(.*?)\n```\n\nOutput \(exit status (\d)\):\n\n```text\n(.*?)\n```", text, re.S)
    assert len(pairs) >= 8
    for given, status, expected in pairs:
        rc, out = run(given)
        assert rc == int(status), given
        assert out.rstrip() == expected, given
