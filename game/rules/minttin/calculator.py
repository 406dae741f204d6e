"""The Mint Tin scoring calculator: `python -m game score minttin [--json] [FILE]`.

Input, one JSON object (see docs/minttin-score.md):
    {"hand": ["S1", "S1", ...] or "S1 S1 ...",   required: concealed cards, the winning card included
     "blocks": [["S1", "S1", "S1"], ...],        optional: more concealed cards, written as groups
     "exposures": [["M4", "M4", "J"], ...],      optional: exposed blocks (fixed)
     "discarded_jokers": 0,                      optional: jokers you discarded this round (0-4)
     "called": false,                            optional: the winning card was called (its block is an exposure)
     "consecutive": "strict"}                    optional: number sets "strict" (one run) or "loose"
Card codes, in any case: S1 S2 S3 M4 M5 M6 F7 F8 F9 SD MD FD J.
With 14 cards: the verdict and the itemised score; with 13: the cards that would complete it.
Exit status: 0 a winning hand (13 cards: at least one card completes it), 1 not, 2 bad input
(message on standard error). --json prints the whole answer as JSON.
"""

from __future__ import annotations

import sys
from collections import Counter
from typing import IO, Any, Sequence

from game.core.tool import BadInput, Keys, run

from . import cards as C
from .analysis import analyse, waits
from .categories import CONSECUTIVE_MODES

KEYS = Keys(("hand",), ("blocks", "exposures", "discarded_jokers", "called", "consecutive"))
USAGE = __doc__
CARD_CODES = " ".join(C.KINDS)

InputError = BadInput          # the name the in-game calculator catches


def _cards(value: Any, where: str) -> list[str]:
    if isinstance(value, str):
        items = value.split()
    elif isinstance(value, list) and all(isinstance(c, str) for c in value):
        items = list(value)
    else:
        raise BadInput(f"{where} must be a list of card codes like [\"S1\", \"M5\", \"J\"] or a string \"S1 M5 J\"")
    out = []
    for c in items:
        code = c.strip().upper()
        if code not in C.KINDS:
            raise BadInput(f"{where}: {c!r} is not a Mint Tin card; the cards are {CARD_CODES}")
        out.append(code)
    return out


def _groups(value: Any, where: str) -> list[list[str]]:
    if not isinstance(value, list):
        raise BadInput(f"{where} must be a list of blocks, each a list of card codes")
    return [_cards(b, f"{where}[{i}]") for i, b in enumerate(value)]


def parse(data: Any) -> dict:
    """The checked request; BadInput for anything that cannot be a real Mint Tin hand."""
    KEYS.check(data)
    hand = _cards(data["hand"], "hand")
    for b in _groups(data.get("blocks", []), "blocks"):
        hand += b
    exposures = _groups(data.get("exposures", []), "exposures")
    jokers = data.get("discarded_jokers", 0)
    if isinstance(jokers, bool) or not isinstance(jokers, int) or not 0 <= jokers <= C.JOKERS_TOTAL:
        raise BadInput(f"discarded_jokers must be a whole number from 0 to {C.JOKERS_TOTAL}")
    called = data.get("called", False)
    if not isinstance(called, bool):
        raise BadInput("called must be true or false")
    if called and not exposures:
        raise BadInput("called is true, but a called winning card makes an exposure: list its block in exposures")
    consecutive = data.get("consecutive", "strict")
    if consecutive not in CONSECUTIVE_MODES:
        raise BadInput(f"consecutive must be one of {', '.join(CONSECUTIVE_MODES)}")
    everything = hand + [c for e in exposures for c in e]
    n = len(everything)
    if n not in (13, 14):
        raise BadInput(f"a hand to score has 14 cards (or 13 to list its waits); this one has {n}")
    _check_inventory(Counter(everything), jokers)
    return {"hand": hand, "exposures": exposures, "discarded_jokers": jokers, "called": called,
            "consecutive": consecutive, "cards": n}


def _check_inventory(counts: Counter, discarded_jokers: int) -> None:
    """No more copies of a card than the tin holds: such a hand cannot exist, so it is bad input."""
    for card, n in sorted(counts.items()):
        if card != C.J and n > C.COPIES:
            raise BadInput(f"{n} copies of {C.name(card)} ({card}); the tin has only {C.COPIES}")
    jokers = counts[C.J] + discarded_jokers
    if jokers > C.JOKERS_TOTAL:
        raise BadInput(f"{counts[C.J]} jokers in the hand and {discarded_jokers} discarded make {jokers}; "
                       f"the tin has only {C.JOKERS_TOTAL}")


def evaluate(req: dict) -> dict:
    ctx = {"discarded_jokers": req["discarded_jokers"], "consecutive": req["consecutive"]}
    if req["cards"] == 14:
        try:
            v = analyse(req["hand"], req["exposures"], called=req["called"], **ctx)
        except ValueError as e:
            raise BadInput(str(e)) from None
        return {"cards": 14, **v.to_json(), "can_mahjong": v.can_mahjong, "can_double": v.can_double}
    try:
        ws = waits(req["hand"], req["exposures"], **ctx)
    except ValueError as e:
        raise BadInput(str(e)) from None
    return {"cards": 13,
            "waits": [{"card": w.card, "points": w.verdict.points, "can_mahjong": w.verdict.can_mahjong,
                       "summary": w.verdict.headline()} for w in ws],
            "summary": ("Waiting for " + ", ".join(w.card for w in ws)) if ws else
                       "No single card completes this hand."}


def answer(data: dict) -> tuple[int, dict]:
    out = evaluate(parse(data))
    ok = out["winning"] if out["cards"] == 14 else any(w["can_mahjong"] for w in out["waits"])
    return (0 if ok else 1), out


def report(out: dict) -> str:
    """The answer for people: the verdict, the blocks and the score lines, or the waits."""
    rows = [out["summary"]]
    if out["cards"] == 14:
        if not out["winning"]:
            rows[0] = "Not a winning hand" + (" (a Double may still be called)" if out["can_double"] else "") + "."
            rows.append(f"  {out['reason'] or out['summary']}")
        for b in out.get("blocks", []):
            rows.append(f"  {b['type']:<5} {' '.join(b['cards'])}" + ("  (exposed)" if b["exposed"] else ""))
        for line in out.get("lines", []):
            rows.append(f"  {line['points']:+d}  {line['name']}: {line['why']}")
        rows.append(f"  = {out['points']} point{'s' if out['points'] != 1 else ''}")
    else:
        for w in out["waits"]:
            rows.append(f"  {w['card']:<3} {w['summary']}")
    return "\n".join(rows)


def main(argv: Sequence[str], stdin: IO[str] | None = None, stdout: IO[str] | None = None,
         stderr: IO[str] | None = None) -> int:
    return run(argv, stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr, usage=USAGE, keys=KEYS,
               answer=answer, report=report)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
