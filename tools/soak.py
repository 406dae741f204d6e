"""Soak test: bots play many whole games of every built game, mode and seat count; any error counts.

    python tools/soak.py                          # 10,000 games per game/mode/seat count, 2 processes
    python tools/soak.py --games 200 --jobs 1     # a quick look
    python tools/soak.py --only minttin:solo      # one run (game, or game:mode)
    python tools/soak.py --strengths easy         # only easy bots (fast)

Each run is cut into chunks of `--chunk` games played through `game.sim.run`; chunk j seats the
strengths (easy/normal/hard unless --strengths) rotated by j, so every strength plays every seat. At most two worker
processes (the machine is shared). Prints one line per run and a JSON summary; exit 0 when no
game failed, 1 when some did, 2 on bad arguments.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.core.protocol import STRENGTHS  # noqa: E402
from game.rules import catalogue, rules_for  # noqa: E402

MAX_JOBS = 2


@dataclass(frozen=True)
class Run:
    game: str
    seats: int
    options: tuple[tuple[str, Any], ...]

    @property
    def name(self) -> str:
        mode = dict(self.options).get("mode")
        return f"{self.game}" + (f":{mode}" if mode else "") + f" ({self.seats} seat{'s' if self.seats > 1 else ''})"


def all_runs() -> list[Run]:
    """Every built game, once per seat count it takes (with the mode that goes with it)."""
    out = []
    for g in catalogue():
        rules = rules_for(g.id)
        if rules is None:
            continue
        by_option = getattr(rules, "seats_by_option", None)
        for n in range(rules.min_seats, rules.max_seats + 1):
            opts: tuple = ()
            if by_option:
                values = [v for v, count in by_option[1].items() if count == n]
                if not values:
                    continue
                opts = ((by_option[0], values[0]),)
            out.append(Run(g.id, n, opts))
    return out


def chunk_strengths(j: int, seats: int, strengths: tuple[str, ...] = STRENGTHS) -> list[str]:
    return [strengths[(j + k) % len(strengths)] for k in range(seats)]


def strengths_for(game: str, wanted: tuple[str, ...]) -> tuple[str, ...]:
    """The wanted strengths this game has bots for (a new game may not have a Hard bot yet);
    all of its own when it has none of them."""
    from game import bots
    have = bots.strengths(game)
    return tuple(s for s in wanted if s in have) or have


def play_chunk(run: Run, j: int, games: int, seed: int, strengths: tuple[str, ...]) -> dict:
    from game.sim import run as sim_run
    strengths = strengths_for(run.game, strengths)
    s = sim_run(run.game, games, seed, chunk_strengths(j, run.seats, strengths), dict(run.options))
    return {"games": s["games"], "finished": s["finished"], "errors": s["errors"],
            "error_samples": s["error_samples"], "seconds": s["seconds"]}


def soak(runs: list[Run], games: int, seed: int, chunk: int, jobs: int, strengths: tuple[str, ...] = STRENGTHS,
         out=sys.stdout) -> dict:
    """Play `games` games of each run; returns {run name: totals} (and prints a line per run)."""
    jobs = max(1, min(jobs, MAX_JOBS))
    report: dict[str, dict] = {}
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for run in runs:
            t0 = time.perf_counter()
            sizes = [min(chunk, games - start) for start in range(0, games, chunk)]
            # seeds never repeat across chunks; each chunk's seeds are seed + start .. seed + start + size - 1
            futures = [pool.submit(play_chunk, run, j, size, seed + j * chunk, strengths) for j, size in enumerate(sizes)]
            parts = [f.result() for f in futures]
            wall = time.perf_counter() - t0
            total = {"games": sum(p["games"] for p in parts), "finished": sum(p["finished"] for p in parts),
                     "errors": sum(p["errors"] for p in parts),
                     "error_samples": [e for p in parts for e in p["error_samples"]][:5],
                     "wall_seconds": round(wall, 1), "cpu_seconds": round(sum(p["seconds"] for p in parts), 1)}
            total["games_per_second"] = round(total["games"] / wall, 2) if wall else 0.0
            report[run.name] = total
            print(f"{run.name:28} {total['games']:6} games  {total['errors']:3} errors  "
                  f"{total['wall_seconds']:8.1f} s  {total['games_per_second']:6.2f} games/s", file=out, flush=True)
    return report


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python tools/soak.py", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=10_000, help="games per game/mode/seat count")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--chunk", type=int, default=100, help="games per work unit")
    p.add_argument("--jobs", type=int, default=MAX_JOBS, help=f"worker processes (at most {MAX_JOBS})")
    p.add_argument("--only", action="append", default=[], metavar="GAME[:MODE]")
    p.add_argument("--strengths", default=",".join(STRENGTHS), help="bot strengths to rotate through the seats")
    args = p.parse_args(argv)
    strengths = tuple(s.strip() for s in args.strengths.split(","))
    if not strengths or any(s not in STRENGTHS for s in strengths):
        p.error(f"--strengths takes some of {', '.join(STRENGTHS)}, not {args.strengths!r}")
    if args.games < 1 or args.chunk < 1 or args.jobs < 1:
        p.error("--games, --chunk and --jobs must be 1 or more")
    runs = all_runs()
    if args.only:
        def wanted(r: Run) -> bool:
            mode = dict(r.options).get("mode")
            return any(o == r.game or o == f"{r.game}:{mode}" for o in args.only)
        runs = [r for r in runs if wanted(r)]
        if not runs:
            p.error(f"no built game or mode matches {', '.join(args.only)}; runs: "
                    + ", ".join(r.name for r in all_runs()))
    report = soak(runs, args.games, args.seed, args.chunk, args.jobs, strengths)
    print(json.dumps({"games_per_run": args.games, "seed": args.seed, "jobs": min(args.jobs, MAX_JOBS),
                      "strengths": strengths,
                      "runs": report}, indent=1))
    return 1 if any(r["errors"] for r in report.values()) else 0


if __name__ == "__main__":
    raise SystemExit(main())
