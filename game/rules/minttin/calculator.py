"""The Mint Tin scoring calculator: JSON in, JSON out.

    python -m game score minttin [FILE]      (reads standard input without FILE, or with "-")

Input (see docs/minttin-score.md):
    {"hand": ["S1", "S1", ...] or "S1 S1 ...",   concealed cards, the winning card included
     "blocks": [["S1", "S1", "S1"], ...],        or / also: concealed cards written as groups
     "exposures": [["M4", "M4", "J"], ...],      exposed blocks (fixed)
     "discarded_jokers": 0,                      jokers you discarded this round
     "called": false,                            the winning card was called (its block is an exposure)
     "consecutive": "strict"}                    the MTM-2 setting: "strict" or "loose"
With 14 cards it prints the verdict and the itemised score; with 13 it prints the waits.
Exit codes: 0 = answered (winning or not), 2 = the input could not be read.
"""

from __future__ import annotations

import json
import sys
from typing import IO, Any, Sequence

from .analysis import analyse, waits
from .categories import CONSECUTIVE_MODES

KEYS = ("hand", "blocks", "exposures", "discarded_jokers", "called", "consecutive")
USAGE = "usage: python -m game score minttin [FILE]   (JSON hand description; stdin without FILE)"


class InputError(Exception):
    pass


def _cards(value: Any, where: str) -> list[str]:
    if isinstance(value, str):
        return value.split()
    if isinstance(value, list) and all(isinstance(c, str) for c in value):
        return list(value)
    raise InputError(f"{where} must be a list of card codes like [\"S1\", \"M5\", \"J\"] or a string \"S1 M5 J\"")


def _groups(value: Any, where: str) -> list[list[str]]:
    if not isinstance(value, list):
        raise InputError(f"{where} must be a list of blocks, each a list of card codes")
    return [_cards(b, f"{where}[{i}]") for i, b in enumerate(value)]


def parse(data: Any) -> dict:
    if not isinstance(data, dict):
        raise InputError("the input must be a JSON object such as {\"hand\": [\"S1\", \"S1\", ...]}")
    unknown = sorted(set(data) - set(KEYS))
    if unknown:
        raise InputError(f"unknown key(s) {', '.join(unknown)}; the keys are {', '.join(KEYS)}")
    hand = _cards(data.get("hand", []), "hand")
    for b in _groups(data.get("blocks", []), "blocks"):
        hand += b
    exposures = _groups(data.get("exposures", []), "exposures")
    jokers = data.get("discarded_jokers", 0)
    if isinstance(jokers, bool) or not isinstance(jokers, int) or not 0 <= jokers <= 4:
        raise InputError("discarded_jokers must be a whole number from 0 to 4")
    called = data.get("called", False)
    if not isinstance(called, bool):
        raise InputError("called must be true or false")
    if called and not exposures:
        raise InputError("called is true, but a called winning card makes an exposure: list its block in exposures")
    consecutive = data.get("consecutive", "strict")
    if consecutive not in CONSECUTIVE_MODES:
        raise InputError(f"consecutive must be one of {', '.join(CONSECUTIVE_MODES)}")
    n = len(hand) + sum(len(e) for e in exposures)
    if n not in (13, 14):
        raise InputError(f"a hand to score has 14 cards (or 13 to list its waits); this one has {n}")
    return {"hand": hand, "exposures": exposures, "discarded_jokers": jokers, "called": called,
            "consecutive": consecutive, "cards": n}


def evaluate(req: dict) -> dict:
    ctx = {"discarded_jokers": req["discarded_jokers"], "consecutive": req["consecutive"]}
    if req["cards"] == 14:
        try:
            v = analyse(req["hand"], req["exposures"], called=req["called"], **ctx)
        except ValueError as e:
            raise InputError(str(e)) from None
        out = {"cards": 14, **v.to_json(), "can_mahjong": v.can_mahjong, "can_double": v.can_double}
        return out
    try:
        ws = waits(req["hand"], req["exposures"], **ctx)
    except ValueError as e:
        raise InputError(str(e)) from None
    return {"cards": 13,
            "waits": [{"card": w.card, "points": w.verdict.points, "can_mahjong": w.verdict.can_mahjong,
                       "summary": w.verdict.headline()} for w in ws],
            "summary": ("Waiting for " + ", ".join(w.card for w in ws)) if ws else
                       "No single card completes this hand."}


def main(argv: Sequence[str], stdin: IO[str], stdout: IO[str]) -> int:
    argv = list(argv)
    if argv and argv[0] in ("-h", "--help"):
        print(USAGE, file=stdout)
        print(__doc__, file=stdout)
        return 0
    if len(argv) > 1:
        return _fail(stdout, f"expected at most one FILE argument, got {len(argv)}. {USAGE}")
    try:
        if argv and argv[0] != "-":
            with open(argv[0], encoding="utf-8") as f:
                text = f.read()
        else:
            text = stdin.read()
    except OSError as e:
        return _fail(stdout, f"cannot read {argv[0]}: {e.strerror}")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        return _fail(stdout, f"bad JSON at line {e.lineno}, column {e.colno}: {e.msg}")
    try:
        out = evaluate(parse(data))
    except InputError as e:
        return _fail(stdout, str(e))
    stdout.write(pretty(out) + "\n")
    return 0


def pretty(obj: dict) -> str:
    """JSON with one top-level key per line and each list item (block, line, wait) on one line."""
    def one(v: Any) -> str:
        return json.dumps(v, ensure_ascii=False, separators=(", ", ": "))

    rows = []
    for key, value in obj.items():
        if isinstance(value, list) and value and all(isinstance(x, dict) for x in value):
            inner = ",\n".join("    " + one(x) for x in value)
            rows.append(f"  {json.dumps(key)}: [\n{inner}\n  ]")
        else:
            rows.append(f"  {json.dumps(key)}: {one(value)}")
    return "{\n" + ",\n".join(rows) + "\n}"


def _fail(stdout: IO[str], message: str) -> int:
    json.dump({"error": message}, stdout)
    stdout.write("\n")
    print(f"error: {message}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:], sys.stdin, sys.stdout))
