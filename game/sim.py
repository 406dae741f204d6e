"""Headless arena: bots play whole games and one JSON summary is printed.

    python -m game.sim --game minttin --mode solo --games 1000 --seed 1
    python -m game.sim --game minttin --mode 2p --games 1000 --seats hard,easy
    python -m game.sim --game rummy --games 400 --seats hard,normal,easy,easy
    python -m game.sim --game martian --players 3 --games 500 --seed 1

Seat entries rotate round the table from game to game (entry k sits at seat (k+i) mod n in
game i) so no strength keeps a seat advantage; wins and points are counted per entry.

Games played in hands (each ending with a "round_end" event, ties and replays included) also
report "hands", "hands_per_s", and each entry's "points_per_hand" (final totals over hands).

With --digest the summary also carries a SHA-256 of every game's full action log and result
("game_digests", one per game, and "digest" over them all): two runs with the same seeds play
exactly the same games iff the digests match (used to prove speed work changed no outcome).
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import statistics
import sys
import time
import traceback
from contextlib import contextmanager
from typing import Any, Iterator, Sequence

from game.bots import make_bot
from game.core.driver import Driver
from game.core.match import Match
from game.core.protocol import STRENGTHS, SeatConfig, Setup, resolve_options
from game.core.rng import GameRng
from game.rules import info, rules_for

MAX_ACTIONS = 20000     # a game longer than this is reported as an error (a stall)


def _percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def play_one(rules: Any, setup: Setup, strengths: Sequence[str], seed: int,
             latencies: list[float], log: list[str] | None = None, hands: list[int] | None = None) -> Any:
    """Play one game to its end with bots in every seat; returns the final Result.

    When `log` is given, each action is appended to it as "<seat> <encoded action>"; when `hands`
    is given, the game's number of hands (its "round_end" events) is appended to it.
    """
    bots = [make_bot(setup.game, s) for s in strengths]
    bot_rngs = [GameRng(f"{seed}:bot:{i}") for i in range(len(bots))]

    def ask(seat: int, view: Any, legal: list) -> Any:
        t0 = time.perf_counter()
        action = bots[seat].choose(view, legal, bot_rngs[seat])
        latencies.append(time.perf_counter() - t0)
        return action

    match = Match(setup, rules)
    try:
        return Driver(match, {s: ask for s in range(len(bots))}).run(MAX_ACTIONS)
    finally:
        if log is not None:
            log.extend(f"{e.seat} {e.action}" for e in match.log)
        if hands is not None:
            hands.append(sum(1 for events in match._events for e in events if e.kind == "round_end"))


def game_digest(log: Sequence[str], result: Any) -> str:
    """SHA-256 of one game's action log and final result (hex)."""
    text = "\n".join(log) + "\n=" + json.dumps(result.to_json(), sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


# Self-play makes a great many short-lived objects and few reference cycles: collecting the
# youngest generation every 50,000 allocations instead of 700 saves about 8% of a sim's time.
SIM_GC_THRESHOLD = 50_000


@contextmanager
def _fewer_collections() -> Iterator[None]:
    old = gc.get_threshold()
    gc.set_threshold(max(old[0], SIM_GC_THRESHOLD), *old[1:])
    try:
        yield
    finally:
        gc.set_threshold(*old)


def run(game: str, games: int, seed: int, seats: list[str], options: dict,
        digest: bool = False) -> dict:
    with _fewer_collections():
        return _run(game, games, seed, seats, options, digest)


def _run(game: str, games: int, seed: int, seats: list[str], options: dict, digest: bool) -> dict:
    rules = rules_for(game)
    if rules is None:
        raise SystemExit(f"{info(game).title} can't be simulated yet: its rules are not built")
    options = resolve_options(rules.options, options)
    n = len(seats)
    wins = [0] * n
    points: list[list[float]] = [[] for _ in range(n)]
    latencies: list[float] = []
    errors: list[str] = []
    no_winner = 0
    digests: list[str] = []
    hands: list[int] = []
    t_start = time.perf_counter()
    for i in range(games):
        # entry k sits at seat (k + i) % n this game
        at_seat = [None] * n
        for k in range(n):
            at_seat[(k + i) % n] = k
        strengths = [seats[at_seat[s]] for s in range(n)]
        setup = Setup(game, tuple(SeatConfig("bot", st, f"{st}-{at_seat[s]}") for s, st in enumerate(strengths)),
                      options, seed + i)
        log: list[str] | None = [] if digest else None
        try:
            result = play_one(rules, setup, strengths, seed + i, latencies, log, hands)
        except Exception as e:  # a sim reports every failure instead of stopping at the first
            errors.append(f"game {i} (seed {seed + i}): {type(e).__name__}: {e}")
            if len(errors) <= 3:
                traceback.print_exc(file=sys.stderr)
            if log is not None:
                digests.append("error")
            continue
        if log is not None:
            digests.append(game_digest(log, result))
        if not result.winners:
            no_winner += 1
        for s in range(min(n, len(result.totals))):
            k = at_seat[s]
            if s in result.winners:
                wins[k] += 1
            try:
                points[k].append(float(result.totals[s]))
            except (TypeError, ValueError):
                pass
    finished = games - len(errors)
    seconds = time.perf_counter() - t_start
    n_hands = sum(hands)
    summary = {
        "game": game, "games": games, "finished": finished, "seed": seed, "options": options,
        "entries": [{"strength": s, "wins": wins[k], "win_rate": round(wins[k] / finished, 4) if finished else 0.0,
                     "mean_points": round(statistics.fmean(points[k]), 3) if points[k] else None,
                     **({"points_per_hand": round(sum(points[k]) / n_hands, 3)} if n_hands and points[k] else {})}
                    for k, s in enumerate(seats)],
        "no_winner": no_winner,
        "decisions": len(latencies),
        "decision_ms": {"median": round(1000 * statistics.median(latencies), 3) if latencies else 0.0,
                        "p99": round(1000 * _percentile(latencies, 0.99), 3),
                        "max": round(1000 * max(latencies), 3) if latencies else 0.0},
        "errors": len(errors), "error_samples": errors[:5],
        "seconds": round(seconds, 2),
    }
    if n_hands:     # games with hands (rounds) inside them: how many, and how fast they were played
        summary["hands"] = n_hands
        summary["hands_per_s"] = round(n_hands / seconds, 2) if seconds else 0.0
    if digest:
        summary["game_digests"] = [d[:16] for d in digests]
        summary["digest"] = hashlib.sha256("\n".join(digests).encode()).hexdigest()
    return summary


def _default_seats(rules: Any, options: dict) -> int:
    by_option = getattr(rules, "seats_by_option", None)     # e.g. Mint Tin: mode solo = 1 seat
    if by_option and options.get(by_option[0]) in by_option[1]:
        return by_option[1][options[by_option[0]]]
    return rules.max_seats


def main(argv: list[str] | None = None) -> int:
    """Exit 0: every game finished; 1: some games failed; 2: bad arguments (message on stderr)."""
    p = argparse.ArgumentParser(prog="python -m game.sim", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", required=True)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--mode", help="sets the game's 'mode' option (Mint Tin: solo or 2p)")
    p.add_argument("--seats", help="comma-separated bot strengths, one per seat (default: normal)")
    p.add_argument("--players", type=int, help="how many seats (default: as many as --seats lists, else the "
                   "game's most); with --seats the two must agree")
    p.add_argument("--option", action="append", default=[], metavar="KEY=JSON",
                   help="a rule option, e.g. --option target=14")
    p.add_argument("--digest", action="store_true",
                   help="add a SHA-256 of every game's action log and result to the summary")
    args = p.parse_args(argv)
    try:
        rules = rules_for(args.game)
    except KeyError:
        rules = None
    if rules is None:
        p.error(f"no playable game called {args.game!r}")
    if args.games < 1:
        p.error(f"--games must be 1 or more, not {args.games}")
    options: dict[str, Any] = {}
    if args.mode:
        options["mode"] = args.mode
    for item in args.option:
        key, eq, value = item.partition("=")
        if not eq or not key:
            p.error(f"--option takes KEY=VALUE, not {item!r}")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    try:
        options = resolve_options(rules.options, options)
    except ValueError as e:
        p.error(str(e))
    if args.seats:
        seats = [s.strip() for s in args.seats.split(",")]
        if args.players is not None and args.players != len(seats):
            p.error(f"--players {args.players} but --seats lists {len(seats)} seat(s)")
    elif args.players is not None:
        seats = ["normal"] * args.players
    else:
        seats = ["normal"] * _default_seats(rules, options)
    bad = [s for s in seats if s not in STRENGTHS]
    if bad:
        p.error(f"unknown strength(s) {', '.join(bad)}; use {', '.join(STRENGTHS)}")
    try:   # the seat count and the options must make a game (Mint Tin solo is one seat, 2p two)
        rules.new_game(Setup(args.game, tuple(SeatConfig("bot", s) for s in seats), options, args.seed))
    except ValueError as e:
        p.error(f"{len(seats)} seat(s) with these options can't start {rules.title}: {e}")
    summary = run(args.game, args.games, args.seed, seats, options, digest=args.digest)
    print(json.dumps(summary, indent=1))
    return 1 if summary["errors"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
