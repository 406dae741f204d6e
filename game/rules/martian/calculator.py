"""`python -m game score martian [--json] [FILE]`: every player's hand value, line by line, and the settlement.

Input, one JSON object (from FILE or standard input):
  {"players": [                                           required: 2 to 4 players, in turn order
     {"chow": ["red-S"], "pung": ["blue-M", "blue-S"], "kong": ["green-L", "green-M", "green-S"],
      "bonus": ["green-L"], "opaques": ["black-S"], "exposed": ["pung"], "penalised": false}, ...],
   "winner": 1,                     optional: the player who went Mah Jongg (then the honour colour is
                                    the colour of their Kong large and the hands are settled)
   "east": 2,                       optional (default 1): who is East, for the settlement
   "honour": "green",               optional: needed without a winner; with one it must agree
   "winning_piece": "yellow-S",     optional: the piece the winner went out on (Golden Rooster)
   "drawn": true,                   optional: the winning piece came from the winner's own roll
   "original": false,               optional: the winner's three dealt pieces are all still in place
   "special_hands": true}           optional (default true): Golden Rooster counts
Players are numbered from 1 in turn order, as at the table. Pieces, in any case: <colour>-<size>, e.g. red-S, Blue-m, BLACK-S; a pile's pieces in any order
(one of each size it holds). Exit status: 0 the winner's hand is complete (or no winner given),
1 it is not (values still shown), 2 bad input (message on standard error). --json prints the whole answer.
"""

from __future__ import annotations

import sys
from collections import Counter
from typing import IO, Any, Sequence

from game.core.tool import BadInput, Keys, run

from .pieces import BONUS_MAX, COLOURS, COPIES, is_opaque, parse_piece, size_of
from .scoring import ROOSTER_PIECE, Holding, hand_value, settle

KEYS = Keys(("players",), ("winner", "east", "honour", "winning_piece", "drawn", "original", "special_hands"))
PLAYER_KEYS = ("chow", "pung", "kong", "bonus", "opaques", "exposed", "penalised")
PILE_SIZES = {"chow": ("S",), "pung": ("M", "S"), "kong": ("L", "M", "S")}
USAGE = __doc__


def _pieces(value: Any, where: str) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise BadInput(f"{where} must be a list of pieces like [\"red-S\"]")
    out = []
    for tok in value:
        if tok is None:
            continue
        try:
            out.append(parse_piece(tok, where))
        except ValueError as e:
            raise BadInput(str(e)) from None
    return out


def _pile(value: Any, pile: str, where: str) -> tuple:
    """The pile's pieces sorted into its slots by size; one piece per size."""
    slots: dict[str, str | None] = {z: None for z in PILE_SIZES[pile]}
    for p in _pieces(value, where):
        z = size_of(p)
        if z not in slots or is_opaque(p):
            raise BadInput(f"{where}: {p} does not fit; the {pile} pile holds "
                           f"{', '.join(PILE_SIZES[pile])} pieces of the see-through colours")
        if slots[z] is not None:
            raise BadInput(f"{where}: two {z} pieces ({slots[z]} and {p}); the {pile} pile has one slot per size")
        slots[z] = p
    return tuple(slots[z] for z in PILE_SIZES[pile])


def _player(d: Any, i: int) -> Holding:
    where = f"player {i + 1}"
    if not isinstance(d, dict):
        raise BadInput(f"{where} must be an object with the keys {', '.join(PLAYER_KEYS)}")
    unknown = [k for k in d if k not in PLAYER_KEYS]
    if unknown:
        raise BadInput(f"{where}: unknown key(s) {', '.join(map(str, unknown))}; the keys are {', '.join(PLAYER_KEYS)}")
    chow, pung, kong = (_pile(d.get(p), p, f"{where}.{p}") for p in ("chow", "pung", "kong"))
    bonus = _pieces(d.get("bonus"), f"{where}.bonus")
    if len(bonus) > BONUS_MAX or any(size_of(p) != "L" or is_opaque(p) for p in bonus):
        raise BadInput(f"{where}.bonus holds at most {BONUS_MAX} see-through larges")
    opaques = _pieces(d.get("opaques"), f"{where}.opaques")
    if any(p not in ("black-S", "white-S") for p in opaques):
        raise BadInput(f"{where}.opaques holds small blacks and whites only")
    exposed = d.get("exposed") or []
    if not isinstance(exposed, list) or any(e not in ("pung", "kong") for e in exposed):
        raise BadInput(f"{where}.exposed lists piles: \"pung\", \"kong\"")
    penalised = d.get("penalised", False)
    if not isinstance(penalised, bool):
        raise BadInput(f"{where}.penalised must be true or false")
    return Holding(chow, pung, kong, tuple(bonus), tuple(opaques), "pung" in exposed, "kong" in exposed, penalised)


def _flag(data: dict, key: str, default: bool) -> bool:
    v = data.get(key, default)
    if not isinstance(v, bool):
        raise BadInput(f"{key} must be true or false, not {v!r}")
    return v


def _seat(data: dict, key: str, n: int, default: int | None) -> int | None:
    """A player number as written (1 to n) -> the seat index (0 to n - 1)."""
    v = data.get(key, default)
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= n:
        raise BadInput(f"{key} must be a player number from 1 to {n}, not {v!r}")
    return v - 1


def answer(data: dict) -> tuple[int, dict]:
    players_in = data["players"]
    if not isinstance(players_in, list) or not 2 <= len(players_in) <= 4:
        raise BadInput("players must be a list of 2 to 4 players")
    n = len(players_in)
    holdings = [_player(d, i) for i, d in enumerate(players_in)]
    box = Counter(p for h in holdings for p in h.pieces() + list(h.opaques))
    over = sorted(k for k, c in box.items() if c > COPIES)
    if over:
        raise BadInput(f"there are only {COPIES} of each piece; too many {', '.join(over)}")
    winner = _seat(data, "winner", n, None)
    east = _seat(data, "east", n, 1)
    honour = data.get("honour")
    if honour is not None and (not isinstance(honour, str) or honour.lower() not in COLOURS):
        raise BadInput(f"honour must be one of {', '.join(COLOURS)}")
    honour = honour.lower() if honour else None
    problems = []
    if winner is not None:
        large = holdings[winner].kong[0]
        if large is None:
            raise BadInput(f"the winner (player {winner + 1}) needs a large in the kong pile: it sets the honour colour")
        if honour is not None and honour != large.rsplit("-", 1)[0]:
            raise BadInput(f"the honour colour is the winner's kong large, {large}, not {honour}")
        honour = large.rsplit("-", 1)[0]
        w = holdings[winner]
        if None in w.chow + w.pung + w.kong:
            problems.append(f"player {winner + 1} has no Mah Jongg: a Chow small, a bush and a tree are needed")
    elif honour is None:
        raise BadInput("give the winner, or the honour colour when nobody has won")
    piece = data.get("winning_piece")
    if piece is not None:
        try:
            piece = parse_piece(piece, "winning_piece")
        except ValueError as e:
            raise BadInput(str(e)) from None
        if winner is None:
            raise BadInput("a winning piece needs a winner")
        w = holdings[winner]
        if piece not in [p for p in w.chow + w.pung + w.kong if p]:
            problems.append(f"the winning piece {piece} is not in the winner's piles")
    in_play = {c: (4 if n == 3 else 5) for c in ("black", "white")}        # MMJ-7
    drawn, original = _flag(data, "drawn", False), _flag(data, "original", False)
    special = _flag(data, "special_hands", True)
    values = [hand_value(s, h, honour, winner=s == winner, opaques_in_play=in_play, drawn=drawn,
                         original=original, rooster=special and piece == ROOSTER_PIECE)
              for s, h in enumerate(holdings)]
    # a hand that is not a Mah Jongg is valued (so the player sees why) but nobody pays for it
    transfers = settle({hv.seat: hv.value for hv in values}, winner, east) if winner is not None and not problems \
        else []
    net = [0] * n
    for t in transfers:
        net[t.payee] += t.amount
        net[t.payer] -= t.amount
    number = lambda seat: None if seat is None else seat + 1      # noqa: E731  (players count from 1)
    return (1 if problems else 0), {
        "honour": honour, "winner": number(winner), "east": number(east), "valid": not problems, "problems": problems,
        "players": [{"player": number(hv.seat), "lines": [{"name": i.name, "points": i.points, "doubles": i.doubles,
                                                    "why": i.why} for i in hv.items],
                     "base": hv.base, "doubles": hv.doubles, "value": hv.value} for hv in values],
        "transfers": [dict(t.to_json(), payer=number(t.payer), payee=number(t.payee)) for t in transfers],
        "net": net}


def report(out: dict) -> str:
    rows = [f"Honour colour: {out['honour']}"]
    for p in out["players"]:
        head = f"Player {p['player']}" + (" (Mah Jongg)" if p["player"] == out["winner"] else "") + \
            (" (East)" if p["player"] == out["east"] else "")
        rows.append(head)
        for l in p["lines"]:
            amount = f"{l['points']:+5d}" if not l["doubles"] else f"{'×' + str(2 ** l['doubles']):>5}"
            rows.append(f"  {amount}  {l['name']}" + (f": {l['why']}" if l["why"] else ""))
        rows.append(f"  = {p['value']}" + (f"  ({p['base']} × {2 ** p['doubles']})" if p["doubles"] else ""))
    if out["transfers"]:
        rows.append("Settlement")
        for t in out["transfers"]:
            rows.append(f"  player {t['payer']} pays player {t['payee']} {t['amount']}  ({t['why']})")
        rows.append("  net: " + ", ".join(f"player {i} {v:+d}" for i, v in enumerate(out["net"], 1)))
    rows += [f"Not valid: {p}" for p in out["problems"]]
    if out["problems"] and out["winner"] is not None:
        rows.append("No settlement: nobody pays for a hand that is not a valid Mah Jongg.")
    return "\n".join(rows)


def main(argv: Sequence[str] | None = None, stdin: IO[str] | None = None, stdout: IO[str] | None = None,
         stderr: IO[str] | None = None) -> int:
    return run(list(argv or []), stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr, usage=USAGE,
               keys=KEYS, answer=answer, report=report)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
