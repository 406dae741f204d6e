"""`python -m game score rummy [FILE]`: set validity and the itemised score of one player's tiles.

Input (JSON, from FILE or standard input):
  {"in_play": [["B1", "B2", "DR=B3"], ["WN", "WN", "DG=WN"]],   sets this player owns
   "in_hand": ["C2", "DW"],                                      tiles left in the hand
   "seat_wind": "North", "round_wind": "East"}                   optional: null/"none" = no doubling
Tiles: B1..B9 C1..C9 D1..D9 WE WS WW WN DR DG DW, optionally with a copy ("B3#2"); a dragon in play
may carry its declared value ("DR=B3"); without one it is inferred when only one value fits.
A set may also be written {"tiles": [...], "values": {"DR#1": "B3"}}.
Output: JSON with each set's validity and the score lines.  Exit 0 = all sets valid,
1 = some set invalid (still scored), 2 = bad input.
"""

from __future__ import annotations

from typing import Any, Sequence, TextIO

from .scoring import score_tiles
from .sets import check_set, value_options
from .tiles import TileAllocator, is_dragon_tile, parse_token
from .toolio import BadInput, need_list, read_object, streams, wind_of, write

USAGE = __doc__


def _tiles_in(tokens: Any, alloc: TileAllocator, where: str) -> tuple[list[str], dict[str, str]]:
    if isinstance(tokens, dict):
        vals = tokens.get("values") or {}
        if not isinstance(vals, dict):
            raise BadInput(f"{where}: \"values\" must be an object")
        ids, v = _tiles_in(tokens.get("tiles"), alloc, where)
        for k, val in vals.items():
            match = [t for t in ids if t == k or t.split("#")[0] == k]
            if not match:
                raise BadInput(f"{where}: value given for {k}, which is not in the set")
            v[match[0]] = str(val).upper()
        return ids, v
    if not isinstance(tokens, list):
        raise BadInput(f"{where}: expected a list of tiles")
    ids, vals = [], {}
    for tok in tokens:
        try:
            k, c, val = parse_token(tok)
            tid = alloc.take(k, c, f" ({where})")
        except ValueError as e:
            raise BadInput(f"{where}: {e}") from None
        ids.append(tid)
        if val:
            vals[tid] = val
    return ids, vals


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    stdin, stdout = streams(stdin, stdout)
    argv = list(argv or [])
    if any(a in ("-h", "--help") for a in argv):
        stdout.write(USAGE)
        return 0
    try:
        data = read_object(argv, stdin, {"in_play", "sets", "in_hand", "hand", "seat_wind", "round_wind"},
                           '"in_play" and "in_hand"')
        seat_wind = wind_of(data.get("seat_wind"), "seat_wind")
        rw = wind_of(data.get("round_wind"), "round_wind")
        alloc = TileAllocator()
        sets_out, in_play = [], []
        all_valid = True
        for j, s in enumerate(need_list(data, "in_play", "sets", default=[])):
            ids, vals = _tiles_in(s, alloc, f"set {j + 1}")
            undecl = [t for t in ids if is_dragon_tile(t) and t not in vals]
            note = ""
            if undecl:
                opts = value_options(ids, vals)
                if len(opts) == 1:
                    vals.update(opts[0])
                elif len(opts) > 1:
                    note = "declare the dragon's value; it could be " + " or ".join(
                        ", ".join(f"{o[t]}" for t in undecl) for o in opts[:6])
            chk = check_set(ids, vals)
            kind = chk.kind
            if note:                        # valid once declared; the value does not change the score
                kind = check_set(ids, {**vals, **opts[0]}).kind
            ok = chk.ok or bool(note)
            all_valid &= ok
            sets_out.append({"tiles": [t.split("#")[0] + (f"={vals[t]}" if t in vals else "") for t in ids],
                             "valid": ok, "kind": kind, "faces": list(chk.faces),
                             "reason": note or chk.reason})
            in_play += ids
        hand, _ = _tiles_in(need_list(data, "in_hand", "hand", default=[]), alloc, "hand")
    except BadInput as e:
        write(stdout, {"error": str(e)})
        return 2
    lines, total = score_tiles(0, in_play, hand, seat_wind, rw)
    write(stdout, {
        "sets": sets_out, "all_valid": all_valid,
        "seat_wind": seat_wind, "round_wind": rw,
        "lines": [{"name": l.name, "value": l.value, "why": l.why} for l in lines],
        "total": total})
    return 0 if all_valid else 1


if __name__ == "__main__":
    raise SystemExit(main(__import__("sys").argv[1:]))
