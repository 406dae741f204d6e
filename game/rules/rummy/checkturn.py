"""`python -m game check-turn rummy [--json] [FILE]`: is this turn legal, and if not, which rule fails where.

Input, one JSON object (from FILE or standard input):
  {"seat": "North",                              required: whose turn (0-3 or North/East/South/West)
   "hand": ["B5", "B5"],                         required: that player's hand before the turn
   "opened": true,                               required: has that player opened (or a list of four)
   "before": [{"owner": "South", "tiles": ["B2", "B3", "B4", "B5", "B6"]}, ...],   required: the table
   "after":  [["B2", "B3", "B4"], ["B6"...], ["B5", "B5", "B5"]],                 required: the new table
   "swaps":  [["DR", "C4"]]}                     optional; otherwise inferred
Tiles, in any case, are kinds ("B5"), ids ("B5#2") or dragons with their value ("DR=C4"); a
dragon's value may be left out when its place in a run written in order says it ("DR C2 C3") or
only one value fits. Plain kinds in "after" are matched to tiles with as little movement as
possible (a tile stays with its old set-mates when it can; otherwise it comes from the hand);
write ids to say exactly which copy moved.
Exit status: 0 legal, 1 illegal, 2 bad input (message on standard error). --json prints the
whole verdict as JSON.
"""

from __future__ import annotations

import sys
from collections import Counter
from typing import IO, Sequence

from game.core.tool import Keys, run

from .sets import check_set
from .tiles import KINDS, TILE_KIND, DR, SEAT_NAMES, TileAllocator, name
from .toolio import BadInput, need_list, parse_tokens, seat_of, settle_values, values_from_position
from .turn import check_turn, infer_swaps, titled

KEYS = Keys(("seat", "hand", "opened", "before", "after"), ("swaps",))
USAGE = __doc__


def resolve(data: dict) -> dict:
    """Turn the JSON into ids: before table (with owners and values), hand, after table, swaps."""
    seat = seat_of(data["seat"], "seat")
    op = data["opened"]
    if isinstance(op, bool):
        opened = op
    elif isinstance(op, list) and len(op) == 4 and all(isinstance(x, bool) for x in op):
        opened = op[seat]
    else:
        raise BadInput("\"opened\" must be true/false or a list of four true/false values")
    before_in = need_list(data, "before")
    after_in = need_list(data, "after")
    hand_in = need_list(data, "hand")
    # parse
    before_p = []
    for j, s in enumerate(before_in):
        if isinstance(s, dict):
            owner = seat_of(s.get("owner"), f"before set {j + 1} owner")
            toks = s.get("tiles")
        elif isinstance(s, list) and len(s) == 2 and isinstance(s[1], list):
            owner, toks = seat_of(s[0], f"before set {j + 1} owner"), s[1]
        else:
            raise BadInput(f"before set {j + 1}: write {{\"owner\": ..., \"tiles\": [...]}}")
        if not isinstance(toks, list):
            raise BadInput(f"before set {j + 1}: \"tiles\" must be a list")
        before_p.append((owner, parse_tokens(toks, f"before set {j + 1}")))
    hand_p = parse_tokens(hand_in, "hand")
    after_p = []
    for j, s in enumerate(after_in):
        if not isinstance(s, list):
            raise BadInput(f"after set {j + 1}: expected a list of tiles")
        after_p.append(parse_tokens(s, f"after set {j + 1}"))
    # ids for the before table and hand: explicit copies first
    alloc = TileAllocator()
    slots = [(k, c, f" (before set {j + 1})") for j, (_, ps) in enumerate(before_p) for k, c, _ in ps] + \
            [(k, c, " (hand)") for k, c, _ in hand_p]
    ids: list[str | None] = [None] * len(slots)
    try:
        for n, (k, c, w) in enumerate(slots):
            if c is not None:
                ids[n] = alloc.take(k, c, w)
        for n, (k, c, w) in enumerate(slots):
            if c is None:
                ids[n] = alloc.take(k, None, w)
    except ValueError as e:
        raise BadInput(str(e)) from None
    before, values, n = [], {}, 0
    for j, (owner, ps) in enumerate(before_p):
        tiles = []
        for k, c, v in ps:
            tid = ids[n]
            n += 1
            tiles.append(tid)
            if v:
                values[tid] = v
        settled, choices = settle_values(tiles, {t: values[t] for t in tiles if t in values})
        if choices or any(TILE_KIND[t] >= DR and t not in values and t not in settled for t in tiles):
            could = " or ".join(", ".join(v for t, v in o.items() if t not in values) for o in choices[:6])
            raise BadInput(f"before set {j + 1}: write what each dragon stands for, e.g. \"DR=B5\""
                           + (f" (it could be {could})" if could else ""))
        values.update(settled)
        before.append((tuple(tiles), owner))
    hand = []
    for k, c, v in hand_p:
        if v:
            raise BadInput(f"hand: a dragon in the hand has no value yet ({k}={v})")
        hand.append(ids[n])
        n += 1
    known = set(ids)
    set_of = {t: j for j, (tiles, _) in enumerate(before) for t in tiles}
    # after table: explicit ids first, then plain kinds matched with the least movement
    after: list[list[str | None]] = [[None] * len(ps) for ps in after_p]
    new_values: dict[str, str] = {}
    taken: set[str] = set()
    for j, ps in enumerate(after_p):
        for i, (k, c, v) in enumerate(ps):
            if c is not None:
                tid = f"{k}#{c}"
                if tid not in known:
                    raise BadInput(f"after set {j + 1}: {tid} is neither on the table before nor in the hand")
                if tid in taken:
                    raise BadInput(f"after set {j + 1}: {tid} is used twice")
                taken.add(tid)
                after[j][i] = tid
    free_by_set: dict[int, list[str]] = {}
    for t in ids:
        if t not in taken and t in set_of:
            free_by_set.setdefault(set_of[t], []).append(t)
    free_hand = [t for t in hand if t not in taken]

    def key_of(k: str, v: str | None, tid: str) -> bool:
        return KINDS[TILE_KIND[tid]] == k and (v is None or TILE_KIND[tid] < DR or values.get(tid, v) == v)

    pairs = []
    for j, ps in enumerate(after_p):
        for b, frees in free_by_set.items():
            want = Counter(k for k, c, _ in ps if c is None)
            have = Counter(KINDS[TILE_KIND[t]] for t in frees)
            overlap = sum((want & have).values())
            if overlap:
                pairs.append((-overlap, j, b))
    pairs.sort()
    for _, j, b in pairs:
        for i, (k, c, v) in enumerate(after_p[j]):
            if after[j][i] is not None:
                continue
            for strict in (True, False):
                hit = next((t for t in free_by_set.get(b, []) if (key_of(k, v, t) if strict else KINDS[TILE_KIND[t]] == k)), None)
                if hit:
                    break
            if hit:
                free_by_set[b].remove(hit)
                after[j][i] = hit
    for j, ps in enumerate(after_p):
        for i, (k, c, v) in enumerate(ps):
            if after[j][i] is not None:
                continue
            hit = next((t for t in free_hand if KINDS[TILE_KIND[t]] == k), None)
            if hit:
                free_hand.remove(hit)
            else:
                hit = next((t for b in free_by_set for t in free_by_set[b] if KINDS[TILE_KIND[t]] == k), None)
                if hit:
                    free_by_set[set_of[hit]].remove(hit)
            if hit is None:
                raise BadInput(f"after set {j + 1}: there is no {name(k)} left (not on the table before, not in the hand)")
            after[j][i] = hit
    for j, ps in enumerate(after_p):
        for i, (k, c, v) in enumerate(ps):
            if v:
                new_values[after[j][i]] = v
    for s in after:            # a new dragon's value read from its place in a run written in order
        known = {t: new_values.get(t, values.get(t)) for t in s if t in new_values or t in values}
        placed = values_from_position(s, known)
        if placed and check_set(s, {**known, **placed}).ok:
            new_values.update(placed)
    after_t = [tuple(s) for s in after]
    # swaps
    swaps_in = data.get("swaps")
    if swaps_in is None:
        swaps = infer_swaps(before, values, hand, after_t, new_values)
    else:
        if not isinstance(swaps_in, list):
            raise BadInput("\"swaps\" must be a list of [dragon, tile] pairs")
        swaps = []
        for pair in swaps_in:
            if not (isinstance(pair, list) and len(pair) == 2):
                raise BadInput("each swap is [dragon, tile from hand], e.g. [\"DR=C4\", \"C4\"]")
            (dk, dc, dv), (nk, nc, _) = parse_tokens(pair, "swaps")
            d = next((t for t, _o in ((t, 0) for s, _ in before for t in s)
                      if KINDS[TILE_KIND[t]] == dk and (dc is None or t == f"{dk}#{dc}")
                      and (dv is None or values.get(t) == dv)), None)
            nat = next((t for t in hand if KINDS[TILE_KIND[t]] == nk and (nc is None or t == f"{nk}#{nc}")), None)
            if d is None or nat is None:
                raise BadInput(f"swap {pair}: no such dragon in play or tile in the hand")
            swaps.append((d, nat))
    return {"seat": seat, "opened": opened, "before": before, "values": values, "hand": hand,
            "after": after_t, "new_values": new_values, "swaps": tuple(swaps)}


def answer(data: dict) -> tuple[int, dict]:
    r = resolve(data)
    v = check_turn(r["before"], r["values"], r["hand"], r["seat"], r["opened"], r["after"], None,
                   r["new_values"], r["swaps"])
    who = SEAT_NAMES[r["seat"]]
    if v.ok:
        bits = [f"{who} plays {len(v.played)} tile{'s' if len(v.played) != 1 else ''} from the hand"]
        if v.opens:
            bits.append("and opens")
        for o, t in v.borrowed:
            bits.append(f"borrows {name(t)} from {SEAT_NAMES[o]}")
        for o, t in v.given:
            bits.append(f"gives {name(t)} to {SEAT_NAMES[o]}")
        for d, nat in v.swaps:
            bits.append(f"swaps {name(nat)} for the {name(d)}")
        summary = "Legal: " + "; ".join(bits) + "."
    else:
        title, message = titled(v.rule, v.message)
        summary = f"Illegal ({v.rule}, {title}): {message}"
    out = {
        "legal": v.ok, "rule": v.rule, "summary": summary,
        "problems": [p.to_json() for p in v.problems],
        "after": [{"tiles": [t + (f"={v.values[t]}" if t in v.values else "") for t in s],
                   "owner": SEAT_NAMES[v.owners[j]] if v.owners and v.owners[j] is not None else None,
                   "valid": v.set_status[j].ok if v.set_status else None,
                   "kind": v.set_status[j].kind if v.set_status else ""}
                  for j, s in enumerate(r["after"])],
        "played": list(v.played), "opens": v.opens,
        "borrowed": [{"from": SEAT_NAMES[o], "tile": t} for o, t in v.borrowed],
        "given": [{"to": SEAT_NAMES[o], "tile": t} for o, t in v.given],
        "swaps": [list(x) for x in v.swaps], "dragons_to_hand": list(v.to_hand),
    }
    return (0 if v.ok else 1), out


def report(out: dict) -> str:
    rows = [out["summary"]]
    for p in out["problems"][1:]:
        rows.append(f"  also ({p['rule']}): {p['message']}")
    for s in out["after"]:
        mark = "ok " if s["valid"] else "NOT" if s["valid"] is False else "   "
        rows.append(f"  {mark} {' '.join(s['tiles'])}" + (f"  ({s['owner']})" if s["owner"] else ""))
    return "\n".join(rows)


def main(argv: Sequence[str] | None = None, stdin: IO[str] | None = None, stdout: IO[str] | None = None,
         stderr: IO[str] | None = None) -> int:
    return run(list(argv or []), stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr, usage=USAGE,
               keys=KEYS, answer=answer, report=report)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
