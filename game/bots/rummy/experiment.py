"""Head-to-head runs of Mahjong Rummy bot variants on identical deals (seat rotation), for tuning.

    python -m game.bots.rummy.experiment --seats hard,hard:hold=dragons,normal,normal --games 300 --seed 100

A seat entry is "easy", "normal", or "hard" with optional HardBot settings after colons
("hard:hold=wait", "hard:nodes=4000", "hard:hold=dragons:danger=2").  Entry k sits at seat
(k + i) mod 4 in game i, like game.sim.  Prints one JSON line: wins (shared wins split), mean
points, how many rounds each entry ended by going out, and the mean per-game point difference
between entries 0 and 1 (same deals) with its standard error, and each entry's decision times.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from game.core.protocol import SeatConfig, Setup
from game.core.rng import GameRng
from game.rules.rummy import RULES

from .bots import EasyBot, NormalBot
from .hard import HardBot


def make(spec: str):
    name, *params = spec.split(":")
    if name == "easy":
        return EasyBot()
    if name == "normal":
        return NormalBot()
    if name != "hard":
        raise SystemExit(f"unknown bot {spec!r}")
    kw: dict = {}
    for p in params:
        k, _, v = p.partition("=")
        kw[k] = int(v) if v.isdigit() else v
    return HardBot(**kw)


def _p99(x: list[float]) -> float:
    o = sorted(x)
    return o[min(len(o) - 1, int(round(0.99 * (len(o) - 1))))]


def run(specs: list[str], games: int, seed: int) -> dict:
    n = 4
    wins = [0.0] * n
    pts: list[list[int]] = [[] for _ in range(n)]
    outs = [0] * n
    rounds = 0
    lat: list[list[float]] = [[] for _ in range(n)]
    t0 = time.perf_counter()
    for i in range(games):
        at = [0] * n
        for k in range(n):
            at[(k + i) % n] = k
        bots = [make(specs[at[s]]) for s in range(n)]
        st = RULES.new_game(Setup("rummy", tuple(SeatConfig("bot") for _ in range(n)), {}, seed + i))
        rngs = [GameRng(f"{seed + i}:bot:{s}") for s in range(n)]
        while RULES.result(st) is None:
            seat = RULES.to_act(st)[0]
            view, legal = RULES.view(st, seat), RULES.legal_actions(st, seat)
            t = time.perf_counter()
            action = bots[seat].choose(view, legal, rngs[seat])
            lat[at[seat]].append(time.perf_counter() - t)
            st, _ = RULES.apply(st, seat, action)
        res = RULES.result(st)
        for s in res.winners:
            wins[at[s]] += 1 / len(res.winners)
        for s in range(n):
            pts[at[s]].append(res.totals[s])
        for w in st.went_out:
            rounds += 1
            if w is not None:
                outs[at[w]] += 1
    diff = [a - b for a, b in zip(pts[0], pts[1])]
    se = statistics.stdev(diff) / len(diff) ** 0.5 if len(diff) > 1 else 0.0
    return {"seats": specs, "games": games, "seed": seed, "wins": wins,
            "mean_points": [round(statistics.fmean(p), 2) for p in pts], "went_out": outs, "rounds": rounds,
            "points_0_minus_1": round(statistics.fmean(diff), 2), "standard_error": round(se, 2),
            "decision_ms": [{"median": round(1000 * statistics.median(x), 2), "p99": round(1000 * _p99(x), 2),
                             "max": round(1000 * max(x), 2)} for x in lat],
            "seconds": round(time.perf_counter() - t0, 1)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game.bots.rummy.experiment", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seats", required=True)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=100)
    args = p.parse_args(argv)
    specs = [s.strip() for s in args.seats.split(",")]
    if len(specs) != 4:
        raise SystemExit("Mahjong Rummy needs four seats")
    print(json.dumps(run(specs, args.games, args.seed)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
