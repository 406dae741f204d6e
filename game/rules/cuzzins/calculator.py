"""The Cuzzins scoring calculator: `python -m game score cuzzins [--json] [FILE]`.

Input, one JSON object:
    {"hand": "B1 B2 B3 ..." or ["B1", ...],   the concealed tiles, the winning tile included
     "sets": [["B1", "B2", "B3"], ...],       or instead of "hand": the concealed sets, with "back"
     "back": "C5" or ["C5", "C5"],           the pair (how you read the hand; optional with "hand")
     "completed": "back",                    what the winning tile completed: back, set or four
                                             (optional: the best-scoring reading is chosen)
     "winning_tile": "C5",                   the tile that completed the hand (leave it out, with one
                                             tile fewer in the hand, to list what would complete it)
     "melds": [["C1", "C2", "C3"], ["D5", "D5", "D5", "D5"]],   sets laid out from claims (4 = a kong)
     "secrets": ["C7"],                      declared secrets (four of that tile, hidden)
     "how": "wall",                          wall, loose (a loose tile), claimed (a discard) or original
     "after_kong": false,                    the loose tile followed a kong
     "flowers": 0,                           flowers (winds, dragons, flowers, seasons) laid out this hand
     "double_dice": false,                   the hand's opening throw was a double
     "winner": "E", "thrower": "S",          seats E S W N; the thrower of a claimed winning tile
     "ones_nines": true, "loose_tile_bonus": true, "thrower_pays_double": true}   the settings
Suit tiles B1-B9, C1-C9, D1-D9 in any case. Prints the steps of the score and every payment in cents.
Exit status: 0 a winning hand (or one tile from it), 1 not, 2 bad input (message on standard error).
"""

from __future__ import annotations

import sys
from collections import Counter
from typing import IO, Any, Sequence

from game.core.kit.hands import Group, counts_of
from game.core.tool import BadInput, Keys, run

from . import scoring
from .hands import TOTAL_SETS, is_winning, waits
from .tiles import CODE_KIND, code

KEYS = Keys((), ("hand", "sets", "back", "completed", "winning_tile", "melds", "secrets", "how", "after_kong", "flowers", "double_dice",
                        "winner", "thrower", "ones_nines", "loose_tile_bonus", "thrower_pays_double"))
USAGE = __doc__
SEATS = ("E", "S", "W", "N")

InputError = BadInput


def _tile(value: Any, where: str) -> int:
    if not isinstance(value, str) or value.strip().upper() not in CODE_KIND:
        raise BadInput(f"{where}: {value!r} is not a suit tile (B1-B9, C1-C9, D1-D9; winds, dragons, "
                       "flowers and seasons are all flowers here: count them in \"flowers\")")
    return CODE_KIND[value.strip().upper()]


def _tiles(value: Any, where: str) -> list[int]:
    if isinstance(value, str):
        value = value.split()
    if not isinstance(value, list):
        raise BadInput(f"{where} must be a list of tiles like [\"B1\", \"C5\"] or a string \"B1 C5\"")
    return [_tile(t, f"{where}[{i}]") for i, t in enumerate(value)]


def _flag(data: dict, key: str, default: bool) -> bool:
    v = data.get(key, default)
    if not isinstance(v, bool):
        raise BadInput(f"{key} must be true or false")
    return v


def _meld(kinds: list[int], where: str) -> Group:
    ks = sorted(kinds)
    if len(ks) == 4 and len(set(ks)) == 1:
        return Group("kong", ks[0], False)
    if len(ks) == 3 and len(set(ks)) == 1:
        return Group("pung", ks[0], False)
    if len(ks) == 3 and ks[0] // 9 == ks[2] // 9 and ks == [ks[0], ks[0] + 1, ks[0] + 2]:
        return Group("chow", ks[0], False)
    raise BadInput(f"{where} is not a run, three or four of a kind: {' '.join(code(k) for k in ks)}")


COMPLETED = {"back": "pair", "set": "set", "four": "kong"}


def _concealed(data: dict) -> tuple[list[int], int | None, list[Group] | None]:
    """The concealed tiles, the back's kind if given and the concealed sets if given."""
    back = None
    if data.get("back") is not None:
        tiles = _tiles(data["back"], "back")
        if len(tiles) not in (1, 2) or len(set(tiles)) != 1:
            raise BadInput("back must be one tile (\"C5\") or the pair ([\"C5\", \"C5\"])")
        back = tiles[0]
    if data.get("sets") is None:
        if data.get("hand") is None:
            raise BadInput("give the concealed tiles as \"hand\", or as \"sets\" with \"back\"")
        return _tiles(data["hand"], "hand"), back, None
    if data.get("hand") is not None:
        raise BadInput("give either \"hand\" or \"sets\" and \"back\", not both")
    if back is None:
        raise BadInput("\"sets\" needs \"back\": the pair that goes with them")
    if not isinstance(data["sets"], list):
        raise BadInput("sets must be a list of sets, each a list of three tiles")
    sets = []
    for i, g in enumerate(data["sets"]):
        group = _meld(_tiles(g, f"sets[{i}]"), f"sets[{i}]")
        if group.shape == "kong":
            raise BadInput(f"sets[{i}]: four of a kind is a kong: put it in \"melds\" or \"secrets\"")
        sets.append(Group(group.shape, group.kind, True))
    hand = [k for g in sets for k in g.kinds] + [back, back]
    return hand, back, sets


def parse(data: dict) -> dict:
    hand, back, concealed_sets = _concealed(data)
    completed = data.get("completed")
    if completed is not None and (not isinstance(completed, str) or completed not in COMPLETED):
        raise BadInput(f"completed must be one of {', '.join(COMPLETED)}")
    melds_in = data.get("melds", [])
    if not isinstance(melds_in, list):
        raise BadInput("melds must be a list of sets, each a list of tiles")
    melds = [_meld(_tiles(m, f"melds[{i}]"), f"melds[{i}]") for i, m in enumerate(melds_in)]
    secrets = [Group("kong", k, True) for k in _tiles(data.get("secrets", []), "secrets")]
    if len(melds) + len(secrets) > TOTAL_SETS:
        raise BadInput(f"{len(melds) + len(secrets)} laid-out sets and secrets; a hand has only {TOTAL_SETS} sets")
    every = Counter(hand)
    for g in melds + secrets:
        every.update(g.kinds)
    for k, n in sorted(every.items()):
        if n > 4:
            raise BadInput(f"{n} tiles of {code(k)}; there are only 4")
    fixed = len(melds) + len(secrets)
    full = 3 * (TOTAL_SETS - fixed) + 2
    tile = data.get("winning_tile")
    if tile is None:
        if len(hand) != full - 1:
            raise BadInput(f"with these sets the hand holds {full - 1} tiles before its winning tile "
                           f"(or {full} with it, and \"winning_tile\"), not {len(hand)}")
    else:
        tile = _tile(tile, "winning_tile")
        if len(hand) != full:
            raise BadInput(f"with these sets a complete hand holds {full} concealed tiles, not {len(hand)}")
        if tile not in hand:
            raise BadInput(f"the winning tile {code(tile)} must be one of the hand's tiles")
    how = data.get("how", "wall")
    if how not in scoring.HOW:
        raise BadInput(f"how must be one of {', '.join(scoring.HOW)}")
    flowers = data.get("flowers", 0)
    if isinstance(flowers, bool) or not isinstance(flowers, int) or not 0 <= flowers <= 36:
        raise BadInput("flowers must be a whole number from 0 to 36")
    winner = data.get("winner", "E")
    if winner not in SEATS:
        raise BadInput(f"winner must be one of {' '.join(SEATS)}")
    thrower = data.get("thrower")
    if how == "claimed":
        thrower = SEATS[(SEATS.index(winner) + 3) % 4] if thrower is None else thrower
        if thrower not in SEATS or thrower == winner:
            raise BadInput(f"thrower must be one of {' '.join(s for s in SEATS if s != winner)}")
    elif thrower is not None:
        raise BadInput("a thrower only goes with \"how\": \"claimed\"")
    if completed is not None and tile is None:
        raise BadInput("completed goes with a winning_tile")
    return {"hand": hand, "back": back, "sets": concealed_sets, "completed": COMPLETED.get(completed),
            "tile": tile, "melds": melds, "secrets": secrets, "how": how,
            "after_kong": _flag(data, "after_kong", False), "flowers": flowers,
            "double_dice": _flag(data, "double_dice", False), "winner": winner, "thrower": thrower,
            "ones_nines": _flag(data, "ones_nines", True), "loose_tile_bonus": _flag(data, "loose_tile_bonus", True),
            "thrower_pays_double": _flag(data, "thrower_pays_double", True)}


def _group_json(g: Group) -> dict:
    return {"shape": g.shape, "tiles": [code(k) for k in g.kinds], "laid_out": not g.concealed}


def evaluate(req: dict) -> dict:
    counts = counts_of(req["hand"])
    fixed = tuple(req["melds"] + req["secrets"])
    if req["tile"] is None:
        ws = [code(k) for k in waits(counts, fixed)]
        return {"winning": bool(ws), "waits": ws,
                "summary": ("Waiting for " + ", ".join(ws)) if ws else "No single tile completes this hand."}
    if not is_winning(counts, fixed):
        return {"winning": False, "summary": "Not a complete hand: five sets and the back (or seven pairs and a set)."}
    win = scoring.Win(counts, tuple(req["melds"]), tuple(req["secrets"]), req["tile"], req["how"], req["after_kong"],
                      req["flowers"], req["double_dice"], req["ones_nines"], req["loose_tile_bonus"])
    try:
        s = scoring.score_win(win, req["completed"], req["back"], req["sets"])
    except ValueError as e:
        return {"winning": False, "summary": f"Complete, but {e}: try another reading."}
    w = SEATS.index(req["winner"])
    t = SEATS.index(req["thrower"]) if req["thrower"] else None
    pays = scoring.payments(s.total, w, t, req["thrower_pays_double"])
    return {"winning": True, "total": s.total,
            "summary": f"{req['winner']} wins {s.total} points",
            "read": {"back": [code(k) for k in s.read.back.kinds], "syete_pares": s.read.syete,
                     "sets": [_group_json(g) for g in s.read.sets], "winning_tile_finished": s.role},
            "steps": [{"name": st.name, "value": st.value, "why": st.why} for st in s.steps],
            "payments": [{"payer": SEATS[p], "payee": req["winner"], "cents": c, "why": why} for p, c, why in pays]}


def answer(data: dict) -> tuple[int, dict]:
    out = evaluate(parse(data))
    return (0 if out["winning"] else 1), out


def report(out: dict) -> str:
    rows = [out["summary"] + ("." if not out["summary"].endswith(".") else "")]
    if "steps" in out:
        back = " ".join(out["read"]["back"])
        rows.append(f"  back {back}" + ("  (syete pares)" if out["read"]["syete_pares"] else ""))
        for g in out["read"]["sets"]:
            rows.append(f"  {g['shape']:<5} {' '.join(g['tiles'])}" + ("  (laid out)" if g["laid_out"] else ""))
        for st in out["steps"]:
            rows.append(f"  {st['name']}: {st['value']}  ({st['why']})")
        for p in out["payments"]:
            rows.append(f"  {p['payer']} pays {p['payee']} {p['cents']} cents ({p['why']})")
    return "\n".join(rows)


def main(argv: Sequence[str], stdin: IO[str] | None = None, stdout: IO[str] | None = None,
         stderr: IO[str] | None = None) -> int:
    return run(argv, stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr, usage=USAGE, keys=KEYS,
               answer=answer, report=report)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
