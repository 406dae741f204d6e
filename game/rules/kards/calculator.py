"""The Kards scoring calculator: `python -m game score kards [--json] [FILE]` (docs/kards-score.md).

Input, one JSON object (FILE, or standard input):
    {"players": {                         required: one entry per seat wind E S W N (at least one)
        "S": {"hand": "B1 B2 B3 ...",     the concealed Kards (the winner's winning Kard included)
              "melds": ["C7 C7 C7", {"cards": "DR DR DR DR", "concealed": true}],
                                          groups on the table: a claimed chow, pung or kong as Kards,
                                          or {"type": "kong", "cards": ..., "concealed": true} for a
                                          declared concealed kong ("type" is optional and checked)
              "bonus": "F2 S2"},          flowers and seasons set aside
        ...},
     "round_wind": "E",                   the round's wind (its seat deals: payments are doubled)
     "winner": "S",                       who went Mah-Jongg (leave it out to score holdings only)
     "winning": "B3",                     the Kard that finished the hand (one of the winner's)
     "how": "wall",                       wall, discard, box (a kong-box replacement), last (the
                                          live wall's last Kard) or dealt (East's original hand)
     "last_of_kind": false, "standing": false, "kong_replacement": false,
     "celestial": false, "earth": false,  the other bonuses: the last Kard of its kind (the other
                                          three in sight), a standing hand, a win on the replacement
                                          for a kong, the Celestial and Earth Blessings
     "honour_pung_melded": 5}             what a melded honour pung scores: 5 (as the rules print
                                          it) or 4 (half the concealed one, like every other row)
Kards: B1-B9 C1-C9 D1-D9, WE WS WW WN, DR DG DW, flowers F1-F4 and seasons S1-S4, any case.
Prints every player's itemised score, the special hand and the payments.
Exit status: 0 scored (the winner's hand is Mah-Jongg), 1 the winner's hand is not Mah-Jongg,
2 bad input (one "error: ..." line on standard error). --json prints the whole answer as JSON.
"""

from __future__ import annotations

import sys
from collections import Counter
from fractions import Fraction
from typing import IO, Any, Sequence

from game.core.kit.tiles import ALL_KINDS, is_bonus, name, parse_piece
from game.core.tool import BadInput, Keys, run

from .ending import WIN_PAYMENT
from .patterns import Meld
from .scoring import WinContext, best_win, quarters, score_holding

KEYS = Keys(("players",), ("round_wind", "winner", "winning", "how", "last_of_kind", "standing",
                           "kong_replacement", "celestial", "earth", "honour_pung_melded"))
USAGE = __doc__
WINDS = ("E", "S", "W", "N")
WIND_NAMES = {"E": "East", "S": "South", "W": "West", "N": "North"}
HOW = ("wall", "discard", "box", "last", "dealt")
FLAGS = ("last_of_kind", "standing", "kong_replacement", "celestial", "earth")
PLAYER_KEYS = ("hand", "melds", "bonus")
MELD_KEYS = ("type", "cards", "concealed")

InputError = BadInput          # the name the in-game calculator catches


def _kind(token: Any, where: str) -> int:
    try:
        k, _copy = parse_piece(token, bonus=True, what="Kard")
    except ValueError as e:
        raise BadInput(f"{where}: {e}") from None
    return ALL_KINDS.index(k)


def _kards(value: Any, where: str) -> list[int]:
    if isinstance(value, str):
        value = value.split()
    if not isinstance(value, list):
        raise BadInput(f"{where} must be a list of Kards like [\"B1\", \"DR\"] or a text \"B1 DR\"")
    return [_kind(t, f"{where}[{i}]") for i, t in enumerate(value)]


def _meld(value: Any, where: str) -> tuple[Meld, list[int]]:
    shape_given, concealed = None, False
    if isinstance(value, dict):
        unknown = [k for k in value if k not in MELD_KEYS]
        if unknown:
            raise BadInput(f"{where}: unknown key(s) {', '.join(unknown)}; a meld has {', '.join(MELD_KEYS)}")
        if "cards" not in value:
            raise BadInput(f"{where} needs its \"cards\"")
        shape_given, concealed = value.get("type"), value.get("concealed", False)
        if not isinstance(concealed, bool):
            raise BadInput(f"{where}.concealed must be true or false")
        value = value["cards"]
    ks = sorted(_kards(value, where))
    if any(is_bonus(k) for k in ks):
        raise BadInput(f"{where}: flowers and seasons go in \"bonus\", not in a group")
    if len(ks) in (3, 4) and len(set(ks)) == 1:
        shape = "pung" if len(ks) == 3 else "kong"
    elif len(ks) == 3 and ks[0] < 27 and ks[0] // 9 == ks[2] // 9 and ks == [ks[0], ks[0] + 1, ks[0] + 2]:
        shape = "chow"
    else:
        raise BadInput(f"{where} is not a chow, pung or kong: {' '.join(ALL_KINDS[k] for k in ks)}")
    if shape_given is not None and shape_given != shape:
        raise BadInput(f"{where}: the Kards make a {shape}, not a {shape_given}")
    if concealed and shape != "kong":
        raise BadInput(f"{where}: only a kong can be declared concealed (other groups on the table were claimed)")
    return Meld(shape, ks[0], concealed), ks


def _flag(data: dict, key: str) -> bool:
    v = data.get(key, False)
    if not isinstance(v, bool):
        raise BadInput(f"{key} must be true or false")
    return v


def _wind(value: Any, key: str) -> str:
    v = value.strip().upper() if isinstance(value, str) else value
    if v not in WINDS:
        raise BadInput(f"{key} must be one of E, S, W, N")
    return v


def parse(data: dict) -> dict:
    players_in = data["players"]
    if not isinstance(players_in, dict) or not players_in:
        raise BadInput("players must be an object with an entry for each seat wind, e.g. {\"E\": {\"hand\": ...}}")
    players: dict[str, dict] = {}
    every: Counter = Counter()
    for seat, p in players_in.items():
        seat = _wind(seat, "each key of players")
        if not isinstance(p, dict):
            raise BadInput(f"players.{seat} must be an object with hand, melds and bonus")
        unknown = [k for k in p if k not in PLAYER_KEYS]
        if unknown:
            raise BadInput(f"players.{seat}: unknown key(s) {', '.join(unknown)}; a player has {', '.join(PLAYER_KEYS)}")
        hand = _kards(p.get("hand", []), f"players.{seat}.hand")
        if any(is_bonus(k) for k in hand):
            raise BadInput(f"players.{seat}.hand: flowers and seasons go in \"bonus\"")
        melds_in = p.get("melds", [])
        if not isinstance(melds_in, list):
            raise BadInput(f"players.{seat}.melds must be a list of groups")
        melds = [_meld(m, f"players.{seat}.melds[{i}]") for i, m in enumerate(melds_in)]
        if len(melds) > 4:
            raise BadInput(f"players.{seat} has {len(melds)} groups on the table; a hand has only 4")
        bonus = _kards(p.get("bonus", []), f"players.{seat}.bonus")
        if not all(is_bonus(k) for k in bonus):
            raise BadInput(f"players.{seat}.bonus holds only flowers and seasons (F1-F4, S1-S4)")
        room = 3 * (4 - len(melds)) + 2
        if len(hand) > room:
            raise BadInput(f"players.{seat}.hand holds {len(hand)} Kards; with {len(melds)} groups on the table "
                           f"a hand holds at most {room}")
        every.update(hand + bonus + [k for _, ks in melds for k in ks])
        players[seat] = {"hand": hand, "melds": [m for m, _ in melds], "bonus": bonus}
    for k, n in sorted(every.items()):
        most = 1 if is_bonus(k) else 4
        if n > most:
            raise BadInput(f"{n} Kards of {ALL_KINDS[k]}; there {'is only 1' if most == 1 else 'are only 4'}")
    out = {"players": players, "round_wind": _wind(data.get("round_wind", "E"), "round_wind"),
           "winner": None, "winning": None, "how": None,
           "honour_pung_melded": data.get("honour_pung_melded", 5)}
    if out["honour_pung_melded"] not in (4, 5) or isinstance(out["honour_pung_melded"], bool):
        raise BadInput("honour_pung_melded must be 5 or 4")
    for f in FLAGS:
        out[f] = _flag(data, f)
    if "winner" not in data:
        if any(k in data for k in ("winning", "how") + FLAGS):
            raise BadInput("winning, how and the section-2 flags describe a win: give the winner too")
        return out
    w = _wind(data["winner"], "winner")
    if w not in players:
        raise BadInput(f"the winner {w} needs an entry in players")
    out["winner"] = w
    how = data.get("how", "wall")
    if how not in HOW:
        raise BadInput(f"how must be one of {', '.join(HOW)}")
    out["how"] = how
    if how == "dealt":
        if "winning" in data:
            raise BadInput("an original hand (how: dealt) has no winning Kard")
        if w != out["round_wind"]:
            raise BadInput("only the dealer (the seat at the round wind) can win with the dealt hand")
    else:
        if "winning" not in data:
            raise BadInput("winning (the Kard that finished the hand) is required unless how is dealt")
        k = _kind(data["winning"], "winning")
        if k not in players[w]["hand"]:
            raise BadInput(f"the winning Kard {ALL_KINDS[k]} must be one of the winner's concealed Kards")
        out["winning"] = k
    if out["kong_replacement"] and how != "box":
        raise BadInput("kong_replacement means the winning Kard replaced a kong: how must be box")
    if out["earth"] and how != "discard":
        raise BadInput("earth (a win on the dealer's first discard) needs how: discard")
    if out["celestial"] and how != "wall":
        raise BadInput("celestial (a win on the first Kard drawn) needs how: wall")
    return out


def _num(v: Fraction) -> int | float:
    """Exact quarters as JSON numbers (quarters are exact in binary)."""
    return int(v) if v.denominator == 1 else float(v)


def _lines(reading) -> list[dict]:
    return [{"name": n, "value": _num(Fraction(v)), "why": why} for n, v, why in reading.lines]


def evaluate(req: dict) -> dict:
    rnd = 27 + WINDS.index(req["round_wind"])
    w = req["winner"]
    players = req["players"]
    out_players = []
    special = None
    winning_ok = True
    totals: dict[str, Fraction] = {}
    for seat in WINDS:
        if seat not in players:
            continue
        p = players[seat]
        counts = [0] * 34
        for k in p["hand"]:
            counts[k] += 1
        own = 27 + WINDS.index(seat)
        if seat == w:
            how = req["how"]
            ctx = WinContext(seat_wind=own, round_wind=rnd, by_discard=how == "discard", winning=req["winning"],
                             from_box=how == "box", last_of_wall=how == "last",
                             last_of_kind=req["last_of_kind"], standing=req["standing"],
                             kong_replacement=req["kong_replacement"], original=how == "dealt",
                             celestial=req["celestial"], earth=req["earth"],
                             honour_pung_melded=req["honour_pung_melded"])
            r = best_win(counts, p["melds"], p["bonus"], ctx)
            if r is None:
                winning_ok = False
                out_players.append({"seat": seat, "winner": True, "mahjongg": False, "lines": [],
                                    "hand_score": 0})
                continue
            special = r.special
        else:
            r = score_holding(counts, p["melds"], p["bonus"], own, rnd, req["honour_pung_melded"])
        totals[seat] = r.total
        out_players.append({"seat": seat, "winner": seat == w, "lines": _lines(r), "hand_score": _num(r.total)})
    if not winning_ok:
        return {"winning": False, "summary": f"{WIND_NAMES[w]}'s hand is not Mah-Jongg: four groups and a pair "
                "(or a special hand) are needed, with nothing left over.", "players": out_players, "payments": []}
    payments = []
    changes = dict(totals)
    if w is not None:
        pay = WIN_PAYMENT * (2 if w == req["round_wind"] else 1)            # KRD-14
        for seat in WINDS:
            if seat != w:
                payments.append({"payer": seat, "payee": w, "points": pay,
                                 "why": "for the Mah-Jongg" + ("" if pay == WIN_PAYMENT else ": 16, as the dealer won")})
                if seat in changes:
                    changes[seat] -= pay
                changes[w] += pay
        sp = f" with {special}" if special else ""
        summary = f"{WIND_NAMES[w]} goes Mah-Jongg{sp}: a hand score of {quarters(totals[w])}."
    else:
        summary = "Every holding scored; nobody went Mah-Jongg."
    return {"winning": True, "summary": summary, "special": special, "players": out_players,
            "payments": payments, "changes": {s: _num(v) for s, v in changes.items()}}


def answer(data: dict) -> tuple[int, dict]:
    out = evaluate(parse(data))
    return (0 if out["winning"] else 1), out


def report(out: dict) -> str:
    rows = [out["summary"]]
    for p in out["players"]:
        tag = " (Mah-Jongg)" if p["winner"] and p.get("mahjongg", True) else ""
        rows.append(f"{WIND_NAMES[p['seat']]}{tag}: hand score {quarters(Fraction(p['hand_score']))}")
        for line in p["lines"]:
            why = f"  ({line['why']})" if line["why"] else ""
            rows.append(f"  {line['name']}: {quarters(Fraction(line['value']))}{why}")
    for t in out["payments"]:
        rows.append(f"{WIND_NAMES[t['payer']]} pays {WIND_NAMES[t['payee']]} {t['points']} ({t['why']})")
    if out.get("changes"):
        rows.append("This round: " + ", ".join(f"{WIND_NAMES[s]} {quarters(Fraction(v))}"
                                               for s, v in out["changes"].items()))
    return "\n".join(rows)


def main(argv: Sequence[str], stdin: IO[str] | None = None, stdout: IO[str] | None = None,
         stderr: IO[str] | None = None) -> int:
    return run(argv, stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr, usage=USAGE, keys=KEYS,
               answer=answer, report=report)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
