"""`python -m game score rummy [--json] [FILE]`: set validity and the itemised score of one player's tiles.

Input, one JSON object (from FILE or standard input):
  {"in_play": [["B1", "B2", "DR=B3"], ["WN", "WN", "DG"]],   required: the sets this player owns
   "in_hand": ["C2", "DW"],                                  required: tiles left in the hand
   "seat_wind": "North", "round_wind": "East"}               optional: null or "none" = no doubling
Tiles, in any case: B1..B9 C1..C9 D1..D9 WE WS WW WN DR DG DW, optionally with a copy ("B3#2").
A dragon in play may carry its value ("DR=B3"); without one it is read from its place in a run
written in order ("DR C2 C3" is C1), or taken when only one value fits. A dragon in the hand has
no value. A set may also be written {"tiles": [...], "values": {"DR": "B3"}}.
Exit status: 0 every set valid, 1 some set not valid (still scored), 2 bad input (message on
standard error). --json prints the whole answer as JSON.
"""

from __future__ import annotations

import sys
from typing import IO, Any, Sequence

from game.core.tool import Keys, run

from .scoring import score_tiles
from .sets import check_set
from .tiles import TileAllocator, is_dragon_tile
from .toolio import BadInput, need_list, parse_tokens, settle_values, wind_of

KEYS = Keys(("in_play", "in_hand"), ("seat_wind", "round_wind"))
USAGE = __doc__


def _tiles_in(tokens: Any, alloc: TileAllocator, where: str) -> tuple[list[str], dict[str, str]]:
    """Physical tile ids and the values written for dragons."""
    if isinstance(tokens, dict):
        unknown = set(tokens) - {"tiles", "values"}
        if unknown or "tiles" not in tokens:
            raise BadInput(f"{where}: a set written as an object has the keys tiles (required) and values")
        vals = tokens.get("values") or {}
        if not isinstance(vals, dict):
            raise BadInput(f"{where}: \"values\" must be an object")
        ids, v = _tiles_in(tokens["tiles"], alloc, where)
        for k, val in vals.items():
            key = str(k).strip().upper()
            match = [t for t in ids if t == key or t.split("#")[0] == key]
            if not match:
                raise BadInput(f"{where}: value given for {k}, which is not in the set")
            text = str(val).strip().upper()
            try:
                _, _, checked = parse_tokens([f"{key.split('#')[0]}={text}"], where)[0]
            except BadInput:
                raise BadInput(f"{where}: {val!r} is not a value {k} can stand for") from None
            v[match[0]] = checked
        return ids, v
    ids, vals = [], {}
    for k, c, val in parse_tokens(tokens, where):
        try:
            tid = alloc.take(k, c)
        except ValueError as e:
            raise BadInput(f"{where}: {e}") from None
        ids.append(tid)
        if val:
            vals[tid] = val
    return ids, vals


def answer(data: dict) -> tuple[int, dict]:
    seat_wind = wind_of(data.get("seat_wind"), "seat_wind")
    rw = wind_of(data.get("round_wind"), "round_wind")
    alloc = TileAllocator()
    sets_out, in_play = [], []
    all_valid = True
    for j, s in enumerate(need_list(data, "in_play")):
        ids, vals = _tiles_in(s, alloc, f"set {j + 1}")
        settled, choices = settle_values(ids, vals)
        vals.update(settled)
        note = ""
        if choices:                     # valid once declared; the value does not change the score
            undecl = [t for t in ids if is_dragon_tile(t) and t not in vals]
            note = "declare the dragon's value; it could be " + " or ".join(
                ", ".join(o[t] for t in undecl) for o in choices[:6])
        chk = check_set(ids, vals)
        kind = check_set(ids, {**vals, **choices[0]}).kind if choices else chk.kind
        ok = chk.ok or bool(note)
        all_valid &= ok
        sets_out.append({"tiles": [t.split("#")[0] + (f"={vals[t]}" if t in vals else "") for t in ids],
                         "valid": ok, "kind": kind, "faces": list(chk.faces),
                         "reason": note or chk.reason})
        in_play += ids
    hand, hand_vals = _tiles_in(need_list(data, "in_hand"), alloc, "in_hand")
    if hand_vals:
        t, v = next(iter(hand_vals.items()))
        raise BadInput(f"in_hand: a dragon in the hand stands for nothing yet; write {t.split('#')[0]}, not "
                       f"{t.split('#')[0]}={v}")
    lines, total = score_tiles(0, in_play, hand, seat_wind, rw)
    return (0 if all_valid else 1), {
        "sets": sets_out, "all_valid": all_valid,
        "seat_wind": seat_wind, "round_wind": rw,
        "lines": [{"name": l.name, "value": l.value, "why": l.why} for l in lines],
        "total": total}


def report(out: dict) -> str:
    rows = []
    for s in out["sets"]:
        mark = "ok " if s["valid"] else "NOT"
        rows.append(f"{mark} {' '.join(s['tiles'])}" + (f"  ({s['kind']})" if s["kind"] else "")
                    + (f": {s['reason']}" if s["reason"] else ""))
    for l in out["lines"]:
        rows.append(f"  {l['value']:+4d}  {l['name']}: {l['why']}" if l["name"] != "Round score" else
                    f"  = {l['value']}  {l['name']}")
    rows.append("All sets valid." if out["all_valid"] else "Some set is not valid.")
    return "\n".join(rows)


def main(argv: Sequence[str] | None = None, stdin: IO[str] | None = None, stdout: IO[str] | None = None,
         stderr: IO[str] | None = None) -> int:
    return run(list(argv or []), stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr, usage=USAGE,
               keys=KEYS, answer=answer, report=report)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
