"""Benchmarks: start-up time to the first drawn frame, and the frame time of a busy table.

    .venv/bin/python tools/bench.py                 # both, 7 runs each, a table of figures
    .venv/bin/python tools/bench.py --json          # the same as JSON
    .venv/bin/python tools/bench.py --only frame --runs 3 --screenshot /tmp/busy.png
    .venv/bin/python tools/bench.py --only frame --profile
    .venv/bin/python tools/bench.py --only botframe --bot-rounds 8 --bot-frames 75
    .venv/bin/python tools/bench.py --only tableframes --size 1280x720   # each game's table, a line each
    .venv/bin/python tools/bench.py --only kit --runs 5   # rules kit hands (see bench_kit)
    .venv/bin/python tools/bench.py --only sim --sim-runs 3   # bot games per second (never by default)

Start-up: a fresh process runs the app for one frame (``game.app.main.main(["--frames", "1",
"--data-dir", TMP, "--size", "1600x900"])``) with ``MP_BENCH_FIRST_FRAME=1`` and
``MP_BENCH_T0=<time.time() just before the process was spawned>`` in its environment. The app
prints ``first-frame <seconds>`` (time.time() - MP_BENCH_T0, right after the first
``display.flip()``) on stdout. If the app does not print it, the whole process wall time is
reported instead (marked "process"); if the app cannot be imported at all, a stand-in process
(import pygame, open the window, load the atlas, draw felt, flip) is measured (marked "fallback").

Frame: a busy table at 1600x900 on the dummy video driver, built here from the atlas (or
stand-in frames when there is no atlas): felt, 170+ pieces (tiles, kards, Mint Tin cards,
pyramids) with shadows, 20 of them always moving/flipping/rotating through the Tweener, three
dice rolling in a DiceTray (re-thrown when settled), text labels. Per frame = tweens + physics
+ drawing + flip. Medians over runs; p90 alongside.

Saves: the main thread's cost of the autosave after each of a Rummy game's first 78 moves,
written the old way (atomic write and fsync on the caller's thread, `write_json_atomic`) and
the new way (`Store.save_autosave`: serialise and queue for the background writer), in the
same run; the flush at the end is timed too. Compare the two as a ratio of medians.

Bot frames (``--only botframe``): the frame period of a real Mahjong Rummy table in the app's 60 Hz
loop while seat 1's Hard bot searches a big table without pause, next to the same table with no
search, and (for reference) the same search on a thread of the app's process, taken in turns in
one run; frames over 20 ms and the median period per condition, and what app.tick took (wall clock,
and the main thread's own CPU time: equal CPU with more wall time means other processes took the
core, not more work in the frame) (bench_bot_frames). Conditions alternate in short rounds so a
busy machine's changing load falls on all three alike.

Table frames (``--only tableframes``): each game's quick-play table in turn (Mint Tin, Rummy,
Kards, Cuzzins, Martian) at --size, --table-frames frames each (bench_table_frames): what app.tick
takes per frame (wall clock and the main thread's CPU; on a busy machine the wall clock's long
frames are other processes taking the core, the CPU column is the app's own work), median, p95,
and how many frames were over 16.7 ms.

Targets: start-up <= 1.0 s, busy frame <= 4 ms, a queued save well under a frame (16.7 ms); with a
bot searching in the worker process at most 5 percentage points more frames over 20 ms than with
no search.

Rules kit hands (pure Python): complete-or-not of 14-tile hands at least 4x faster than the
`mahjong` package's agari check on the same hands (the package is the benchmark-only extra
"bench": ``pip install -e '.[bench]'``; without it that comparison is skipped with a message);
shanten of a 14-tile hand <= 4 us and of a 17-tile hand <= 8 us.

Sim throughput (``--only sim``): bots play whole games headless through ``game.sim.run``, the
way ``python -m game.sim`` does, for Mint Tin 2-player Normal, Mint Tin solo Normal, Rummy
all-Normal, Rummy all-Hard and Martian 4-player all-Normal; games per second, median over ``--sim-runs`` runs, each run on
fresh seeds (so no run replays a game an earlier one cached). Compare trees as ratios measured
in one sitting: copy this file into the other tree's tools/ and run both back to back, or give
``--sim-base DIR`` (another checkout, e.g. ``git worktree add --detach /tmp/base e547327``): then
every run plays the same games in a fresh process of each tree in turn (this tree first in odd
runs, the base first in even ones, so a busy machine's changing load falls on both alike), and
each case reports both trees' games per second of process CPU time (medians) and their ratio.
``--sim-cases`` picks cases by a word of their label (e.g. ``--sim-cases 2p,all-Normal``).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

STARTUP_TARGET_S = 1.0
FRAME_TARGET_MS = 4.0


def pct(values: list[float], p: float) -> float:
    """Nearest-rank percentile."""
    if not values:
        return float("nan")
    s = sorted(values)
    k = max(0, min(len(s) - 1, math.ceil(p / 100.0 * len(s)) - 1))
    return s[k]


# ---------------------------------------------------------------------------- start-up

_FALLBACK_SNIPPET = r"""
import os, sys, time
import pygame
pygame.display.init()
screen = pygame.display.set_mode((1600, 900))
try:
    from game.app.atlas import Atlas
    atlas = Atlas.load()
    felt = atlas.frame("ui/felt")
except Exception:
    felt = None
screen.fill((22, 84, 58))
if felt is not None:
    w, h = felt.get_size()
    for y in range(0, 900, h):
        for x in range(0, 1600, w):
            screen.blit(felt, (x, y))
pygame.display.flip()
print("first-frame %.6f" % (time.time() - float(os.environ["MP_BENCH_T0"])), flush=True)
"""

_APP_SNIPPET = (
    "import sys\n"
    "from game.app.main import main\n"
    "sys.exit(main(sys.argv[1:]))\n"
)


def _app_available(py: str) -> bool:
    r = subprocess.run([py, "-c", "import importlib.util,sys; "
                        "sys.exit(0 if importlib.util.find_spec('game.app.main') else 1)"],
                       cwd=ROOT, capture_output=True)
    return r.returncode == 0


def startup_once(py: str, mode: str, size: str) -> tuple[float, str]:
    """One start-up measurement: (seconds, how it was measured)."""
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env["MP_BENCH_FIRST_FRAME"] = "1"
    with tempfile.TemporaryDirectory(prefix="mp-bench-") as tmp:
        if mode == "app":
            cmd = [py, "-c", _APP_SNIPPET, "--frames", "1", "--data-dir", tmp, "--size", size]
        else:
            cmd = [py, "-c", _FALLBACK_SNIPPET]
        t0 = time.time()
        env["MP_BENCH_T0"] = repr(t0)
        p = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True)
        reported = None
        assert p.stdout is not None
        for line in p.stdout:
            if line.startswith("first-frame "):
                seen = time.time() - t0
                try:
                    reported = float(line.split()[1])
                except (IndexError, ValueError):
                    reported = seen
                break
        p.stdout.read()
        p.wait()
        wall = time.time() - t0
    how = ("first-frame" if mode == "app" else "fallback") if reported is not None else "process"
    if p.returncode != 0:
        how += f" (exit {p.returncode}!)"
    return (reported if reported is not None else wall), how


def bench_startup(runs: int, size: str, log) -> dict:
    py = sys.executable
    mode = "app" if _app_available(py) else "fallback"
    startup_once(py, mode, size)  # warm the OS file cache and .pyc files; not counted
    values, hows = [], []
    for i in range(runs):
        v, how = startup_once(py, mode, size)
        values.append(v)
        hows.append(how)
        log(f"  start-up run {i + 1}: {v:.3f} s ({how})")
    how = max(set(hows), key=hows.count)
    return {"runs_s": values, "median_s": statistics.median(values), "p90_s": pct(values, 90),
            "measured_as": how, "target_s": STARTUP_TARGET_S}


# ---------------------------------------------------------------------------- busy frame

class BusyTable:
    """A crowded table scene drawn the way the table scenes draw (sprites + tweener + dice)."""

    COLOURS = ("red", "orange", "yellow", "green", "blue", "cyan", "violet", "clear", "black", "white")

    def __init__(self, screen, seed: int = 1, atlas_dir: str | None = None) -> None:
        import random

        import pygame

        from game.app.anim import DiceTray, PieceSprite, SpriteCache, Tweener

        self.pygame = pygame
        self.screen = screen
        self.rng = random.Random(seed)
        self.cache = SpriteCache()
        self.tweener = Tweener()
        self.atlas = None
        self.atlas_note = "atlas"
        try:
            from game.app.atlas import Atlas
            self.atlas = Atlas.load(atlas_dir)
            self.atlas.convert()
            self.get_frame = self.atlas.frame
            self._has = self.atlas.has
        except Exception as e:  # no atlas yet: stand-in frames of the same shapes
            from game.app.anim.placeholder import PlaceholderFrames
            self.atlas_note = f"placeholder frames ({type(e).__name__}: {e})"
            ph = PlaceholderFrames()
            self.get_frame = ph
            self._has = lambda name: True
        W, H = screen.get_size()
        self.scale = min(W / 1600, H / 900)
        self.offset = ((W - 1600 * self.scale) / 2, (H - 900 * self.scale) / 2)
        self.canvas = None
        try:
            from game.app.canvas import Canvas
            self.canvas = Canvas(screen, self.atlas)
        except Exception:
            self.canvas = None
        self.background = self._background()
        self.sprites: list = []
        self.static: list = []
        self.moving: list = []
        S = PieceSprite
        r = self.rng
        tiles = [f"tile/{s}{n}" for s in "BCD" for n in range(1, 10)] + \
                [f"tile/{w}" for w in ("WE", "WS", "WW", "WN", "DR", "DG", "DW")]
        tsh = "ui/shadow-tile"
        csh = "ui/shadow-card"
        # the viewer's hand: 14 large tiles, face up
        for i in range(14):
            self._add(S(r.choice(tiles), "tile/back", 430 + i * 58, 820, scale=1.15, shadow=tsh, z=5))
        # the other three hands: face down
        for i in range(13):
            self._add(S(r.choice(tiles), "tile/back", 560 + i * 38, 70, scale=0.75, flip=1.0, shadow=tsh, z=2))
            self._add(S(r.choice(tiles), "tile/back", 90, 190 + i * 38, scale=0.75, rotation=90,
                        flip=1.0, shadow=tsh, z=2))
            self._add(S(r.choice(tiles), "tile/back", 1510, 190 + i * 38, scale=0.75, rotation=-90,
                        flip=1.0, shadow=tsh, z=2))
        # discards: four ponds of 12
        for seat, (px, py) in enumerate(((640, 560), (640, 200), (330, 330), (1110, 330))):
            for i in range(12):
                self._add(S(r.choice(tiles), "tile/back", px + (i % 6) * 40, py + (i // 6) * 52,
                            scale=0.8, rotation=r.uniform(-4, 4), shadow=tsh, z=3))
        # exposed melds as kards
        for m in range(4):
            k = r.choice(tiles).split("/")[1]
            for j in range(3):
                self._add(S(f"kard/{k}", "kard/back", 260 + m * 150 + j * 40, 690, scale=0.75,
                            shadow=csh, z=4))
        # Mint Tin cards
        mint = ["S1", "S2", "S3", "M4", "M5", "M6", "F7", "F8", "F9", "SD", "MD", "FD", "J"]
        for i in range(10):
            self._add(S(f"mint/{mint[i]}", "mint/back", 1000 + i * 42, 690, scale=0.75, shadow=csh, z=4))
        # pyramids, upright and tipped, 10 colours x 3 sizes
        for i, c in enumerate(self.COLOURS):
            for j, size in enumerate("SML"):
                pose = "up" if (i + j) % 3 else "tipped"
                self._add(S(f"pyr/{c}-{size}/{pose}", None, 1180 + (i % 5) * 70 + j * 18,
                            170 + (i // 5) * 95 + j * 6, scale=0.8, z=3 + j * 0.1))
        # 20 pieces that are always on the move
        for i in range(20):
            sp = S(r.choice(tiles), "tile/back", r.uniform(360, 940), r.uniform(300, 620),
                   scale=0.9, shadow=tsh, z=6 + i * 0.01)
            self._add(sp)
            self.moving.append(sp)
        self.static = [s for s in self.sprites if s not in self.moving]
        for i, sp in enumerate(self.moving):
            self._animate(sp, i)
        self.tray = DiceTray((1040, 440, 300, 190), die_size=40)
        self.tray_wait = 0.0
        self.throws = 0
        self._throw()
        self.frame_no = 0
        self.labels = [("East  You  25 000", (470, 880)), ("South  Bot  24 100", (1370, 120)),
                       ("West  Bot  26 300", (470, 20)), ("North  Bot  24 600", (110, 120)),
                       ("Wall 58  Round East 2", (800, 450))]

    def _add(self, sprite) -> None:
        self.sprites.append(sprite)

    def _background(self):
        pygame = self.pygame
        if self.canvas is not None:
            try:
                self.canvas.felt()
                return self.screen.copy()
            except Exception:
                pass
        bg = pygame.Surface(self.screen.get_size())
        bg.fill((22, 84, 58))
        return bg

    def _animate(self, sp, i: int) -> None:
        """Keep a sprite moving: slide, flip, turn, in a loop chosen by its index."""
        from game.app.anim import flip_sprite, sequence, tween, call, ease_settle, ease_out_cubic

        r = self.rng
        kind = i % 3
        x, y = r.uniform(360, 940), r.uniform(300, 620)
        if kind == 0:
            anim = tween(sp, r.uniform(0.25, 0.45), ease_settle, x=x, y=y)
        elif kind == 1:
            anim = sequence(tween(sp, 0.2, ease_out_cubic, x=x, y=y),
                            flip_sprite(sp, sp.face_up, 0.24))
        else:
            anim = tween(sp, r.uniform(0.3, 0.5), ease_out_cubic, x=x, y=y,
                         rotation=sp.rotation + r.choice((-90, 90, 37)))
        self.tweener.run(sequence(anim, call(self._animate, sp, i)))

    def _throw(self) -> None:
        faces = [("d6", self.rng.randint(1, 6)), ("d6", self.rng.randint(1, 6)), ("d8", self.rng.randint(1, 8))]
        self.tray.throw(faces, rng_seed=1000 + self.throws)
        self.throws += 1
        self.tray_wait = 0.0

    def update(self, dt: float) -> None:
        self.tweener.update(dt)
        self.tray.step(dt)
        if self.tray.settled:
            self.tray_wait += dt
            if self.tray_wait > 0.4:
                self._throw()

    def draw(self) -> None:
        from game.app.anim import draw_sprites

        screen = self.screen
        screen.blit(self.background, (0, 0))
        draw_sprites(screen, self.sprites, self.get_frame, self.scale, self.offset, cache=self.cache)
        self.tray.draw(screen, self.get_frame, self.scale, self.offset, cache=self.cache)
        if self.canvas is not None:
            for text, pos in self.labels:
                self.canvas.text(text, pos, 20)
            self.canvas.text(f"Turn {self.frame_no // 45}", (800, 480), 18)
        self.frame_no += 1

    def frame(self, dt: float) -> None:
        self.update(dt)
        self.draw()
        self.pygame.display.flip()


def bench_frames(runs: int, frames: int, warmup: int, size: tuple[int, int], log,
                 screenshot: str | None = None, profile: bool = False,
                 atlas_dir: str | None = None) -> dict:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(size)
    medians, p90s, note = [], [], ""
    dt = 1.0 / 60.0
    for run in range(runs):
        scene = BusyTable(screen, seed=1 + run, atlas_dir=atlas_dir)
        note = scene.atlas_note
        for _ in range(warmup):
            scene.frame(dt)
        times = []
        prof = None
        if profile and run == 0:
            import cProfile
            prof = cProfile.Profile()
            prof.enable()
        for _ in range(frames):
            t0 = time.perf_counter()
            scene.frame(dt)
            times.append((time.perf_counter() - t0) * 1000.0)
        if prof is not None:
            prof.disable()
            import pstats
            pstats.Stats(prof).sort_stats("cumulative").print_stats(30)
        m, p = statistics.median(times), pct(times, 90)
        medians.append(m)
        p90s.append(p)
        log(f"  frame run {run + 1}: median {m:.2f} ms, p90 {p:.2f} ms, max {max(times):.2f} ms "
            f"({len(scene.sprites)} pieces, {len(scene.moving)} moving, cache {len(scene.cache)})")
        if screenshot and run == 0:
            pygame.image.save(screen, screenshot)
            log(f"  saved {screenshot}")
    pygame.display.quit()
    return {"run_medians_ms": medians, "run_p90s_ms": p90s, "median_ms": statistics.median(medians),
            "p90_ms": statistics.median(p90s), "frames_per_run": frames, "size": f"{size[0]}x{size[1]}",
            "frames_from": note, "target_ms": FRAME_TARGET_MS}


# ---------------------------------------------------------------------------- saves

def _save_snapshots(moves: int = 78) -> list[dict]:
    from game.bots import make_bot
    from game.core.match import Match
    from game.core.protocol import SeatConfig, Setup
    from game.core.rng import GameRng
    m = Match(Setup("rummy", tuple(SeatConfig("bot", "easy", n) for n in "NESW"), {}, 5))
    bot, rng, snaps = make_bot("rummy", "easy"), GameRng(2), []
    while len(snaps) < moves and not (m.result() is not None and m.result().final):
        seat = m.to_act()[0]
        m.act(seat, bot.choose(m.view(seat), m.legal(seat), rng))
        snaps.append(m.to_json())
    return snaps


def bench_saves(runs: int, log) -> dict:
    from game.filewriter import write_json_atomic
    from game.store import Store
    snaps = _save_snapshots()
    sync: list[float] = []
    queued: list[float] = []
    flushes: list[float] = []
    for run in range(runs):
        with tempfile.TemporaryDirectory() as d:
            for snap in snaps:
                t = time.perf_counter()
                write_json_atomic(Path(d) / "sync.json", {"version": 1, "data": snap})
                sync.append(time.perf_counter() - t)
            store = Store(Path(d) / "queued")
            for snap in snaps:
                t = time.perf_counter()
                store.save_autosave(snap)
                queued.append(time.perf_counter() - t)
            t = time.perf_counter()
            store.flush()
            flushes.append(time.perf_counter() - t)
        log(f"  run {run + 1}: caller's-thread write {statistics.median(sync[-len(snaps):]) * 1e3:.2f} ms, "
            f"queued {statistics.median(queued[-len(snaps):]) * 1e3:.3f} ms (medians)")
    frame = 1 / 60

    def summary(xs: list[float]) -> dict:
        return {"median_ms": statistics.median(xs) * 1e3, "p90_ms": pct(xs, 90) * 1e3, "max_ms": max(xs) * 1e3,
                "over_a_frame": sum(x > frame for x in xs), "count": len(xs)}
    return {"sync": summary(sync), "queued": summary(queued), "flush_median_ms": statistics.median(flushes) * 1e3,
            "ratio_of_medians": statistics.median(sync) / statistics.median(queued), "moves": len(snaps),
            "bytes_last": len(json.dumps(snaps[-1]))}


# ---------------------------------------------------------------------------- frames while a bot searches

OVER_MS = 20.0               # a frame period over this is a visibly missed frame at 60 Hz
BOT_FRAMES_GOAL_PP = 5.0     # search on: at most 5 percentage points more frames over 20 ms than without


def big_rummy_match(seed: int = 1, min_sets: int = 22):
    """A Mahjong Rummy match (seat 0 human, 1-3 Hard bots) played by Normal bots in this process up
    to the first turn of seat 1 with at least `min_sets` sets on the table (or the biggest table
    seen at a turn of seat 1, if the game ends first)."""
    from game.bots import make_bot
    from game.core.match import Match
    from game.core.protocol import SeatConfig, Setup
    from game.core.rng import GameRng

    setup = Setup("rummy", (SeatConfig("human"),) + tuple(SeatConfig("bot", "hard") for _ in range(3)), {}, seed)
    m = Match(setup)
    bots = [make_bot("rummy", "normal") for _ in range(4)]
    rngs = [GameRng(f"{seed}:bot:{s}") for s in range(4)]
    best = (-1, 0)                       # (sets on the table, log length) at a turn of seat 1
    while m.to_act() and m.result() is None:
        seat = m.to_act()[0]
        view = m.view(seat)
        if seat == 1:
            if len(view.table) >= min_sets:
                return m
            best = max(best, (len(view.table), len(m.log)))
        legal = m.legal(seat)
        m.act(seat, bots[seat].choose(view, legal, rngs[seat]) if len(legal) > 1 else legal[0])
    m2 = Match(setup)                    # the game ended first: replay up to the biggest table seen
    for entry in m.log[:best[1]]:
        m2.act(entry.seat, m2.rules.decode_action(entry.action))
    return m2


def bench_bot_frames(rounds: int, frames: int, size: tuple[int, int], log) -> dict:
    """Frame periods of a real Rummy table in a 60 Hz loop (the app's own: clock.tick(60) then
    app.tick), seat 1's Hard bot to act on a big table, in three conditions taken in turns, each
    `frames` frames per round:
      idle     the bot does not think (the table just draws);
      process  the bot searches in the app's worker process without pause (every answer is
               dropped and the same search asked again), as the app runs it;
      thread   the same, on a thread of the app's process (how bots ran before the worker).
    """
    import tempfile as _tempfile

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.app.app import App
    from game.app.tables.rummy import RummyTable
    from game.bots.worker import BotPool
    from game.store import Store

    match = big_rummy_match()
    sets = len(match.view(1).table)
    periods: dict[str, list[float]] = {"idle": [], "process": [], "thread": []}
    work = {k: [] for k in periods}      # how long app.tick itself took (wall clock: work + being preempted)
    cpu = {k: [] for k in periods}       # the main thread's CPU time in app.tick (its own work only)
    searches = {k: 0 for k in periods}
    with _tempfile.TemporaryDirectory(prefix="mp-bench-") as tmp:
        app = App(Store(Path(tmp)), size=size)
        app.store.settings.anim_speed = 1.0
        pools = {"process": app.bot_pool, "thread": BotPool(processes=False)}
        scene = RummyTable(app, match)
        app.stack.push(scene)
        app.stack.apply()
        answered = []
        player = scene.driver.players[1]

        def searching(seat, view, legal):
            action = player(seat, view, legal)
            if action is not None:
                answered.append(action)       # keep the position: the next frame searches again
            return None

        def drop_searches() -> None:
            for job in scene._bot_jobs.values():
                job.future.cancel()
            scene._bot_jobs.clear()

        def run(cond: str, n: int, record: bool) -> None:
            drop_searches()                          # a search left from the previous condition
            scene.driver.players[1] = (lambda seat, view, legal: None) if cond == "idle" else searching
            if cond != "idle":
                app.bot_pool = pools[cond]
            before = len(answered)
            clock = pygame.time.Clock()
            clock.tick(60)
            last = time.perf_counter()
            for _ in range(n):
                dt = clock.tick(60) / 1000.0
                t0, c0 = time.perf_counter(), time.thread_time()
                app.tick(dt)
                now, c1 = time.perf_counter(), time.thread_time()
                if record:
                    periods[cond].append((now - last) * 1000.0)
                    work[cond].append((now - t0) * 1000.0)
                    cpu[cond].append((c1 - c0) * 1000.0)
                last = now
            if record:
                searches[cond] += len(answered) - before

        run("process", 120, False)                   # warm up: start the worker, fill the sprite caches
        run("thread", 30, False)
        for r in range(rounds):
            for cond in ("idle", "process", "thread"):
                run(cond, frames, True)
            log(f"  bot frames round {r + 1}: " + ", ".join(
                f"{c} median {statistics.median(v[-frames:]):.1f} ms, "
                f"{sum(p > OVER_MS for p in v[-frames:])} over {OVER_MS:.0f}" for c, v in periods.items()))
        drop_searches()
        pools["thread"].shutdown()
        app.bot_pool = pools["process"]
        app.shutdown()
    out: dict = {"table_sets": sets, "frames_per_condition": rounds * frames, "size": f"{size[0]}x{size[1]}",
                 "goal_pp": BOT_FRAMES_GOAL_PP}
    for cond, v in periods.items():
        over = sum(p > OVER_MS for p in v)
        out[cond] = {"median_ms": statistics.median(v), "p90_ms": pct(v, 90), "over_20ms": over,
                     "tick_median_ms": statistics.median(work[cond]), "tick_p90_ms": pct(work[cond], 90),
                     "tick_cpu_median_ms": statistics.median(cpu[cond]),
                     "over_20ms_pct": 100.0 * over / len(v), "searches_done": searches[cond]}
    out["extra_over_20ms_pp"] = out["process"]["over_20ms_pct"] - out["idle"]["over_20ms_pct"]
    return out
# ---------------------------------------------------------------------------- every game's table

TABLE_LEVELS = (("Mint Tin", "minttin/quick-vs-bot.toml"), ("Rummy", "rummy/quick.toml"),
                ("Kards", "kards/quick.toml"), ("Cuzzins", "cuzzins/quick.toml"), ("Martian", "martian/quick-4.toml"))
FRAME_MS = 1000.0 / 60.0


def _answered(table, timeout: float = 60.0) -> None:
    """Wait (outside the timed frame) for the table's questions in the worker: frames run faster
    than real time here, and a bot's answer or the hint's count must not lag the play behind."""
    for job in list(table._bot_jobs.values()):
        job.future.result(timeout=timeout)
    for future in table.hint_jobs.futures():
        future.result(timeout=timeout)


def bench_table_frames(frames: int, size: tuple[int, int], log, seed: int = 11) -> dict:
    """Each game's quick-play table (seat 0 a person, the rest bots in the worker), driven headless
    the way the app runs it (app.tick per frame, fixed steps, not paced): what app.tick costs the
    frame (update + draw + flip), wall clock and the main thread's own CPU time, with the play's
    animations running and the hint open on the person's turns (the person then plays a Normal
    bot's move, chosen outside the timed frames); between frames, untimed, it waits for the
    worker's answers, so the play moves on at its own pace (a move about every half second). The first 3 frames (building the table) are left out."""
    import dataclasses
    import tempfile as _tempfile

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.app.app import STEP, App
    from game.app.input import Intent
    from game.bots import make_bot
    from game.core.levels import load_level
    from game.core.rng import GameRng
    from game.store import Store

    out = {"size": f"{size[0]}x{size[1]}", "frames": frames, "games": {}}
    with _tempfile.TemporaryDirectory(prefix="mp-bench-") as tmp:
        app = App(Store(Path(tmp)), size=size)
        app.store.settings.anim_speed = 1.0
        for label, path in TABLE_LEVELS:
            level = load_level(ROOT / "levels" / path)
            app.start_game(dataclasses.replace(level.fresh_setup(), seed=seed), level)
            app.stack.apply()
            table = app.stack.top
            game = table.setup.game
            bot, rng, hinted = make_bot(game, "normal"), GameRng(seed), None
            wall: list[float] = []
            cpu: list[float] = []
            wait = 0
            for n in range(frames + 3):
                if app.stack.top is not table:           # results, a dialog: the table's frames only
                    break
                v = table.viewer
                if v is not None and v in table.to_act and not table.presenting():
                    if hinted != len(table.match.log):
                        hinted, wait = len(table.match.log), 45
                        if not getattr(table, "hint_panel", None) or not table.hint_panel.open:
                            app.dispatch(Intent("hint"))
                            app.stack.apply()
                    elif wait <= 0 and table.legal:
                        table.act(bot.choose(table.match.view(v), table.match.legal(v), rng))
                wait -= 1
                _answered(table)
                t0, c0 = time.perf_counter(), time.thread_time()
                app.tick(STEP)
                if n >= 3:
                    wall.append((time.perf_counter() - t0) * 1000.0)
                    cpu.append((time.thread_time() - c0) * 1000.0)
            app.flush_saves()
            out["games"][label] = {"frames": len(wall), "moves": len(table.match.log),
                                   "median_ms": statistics.median(wall), "p95_ms": pct(wall, 95),
                                   "max_ms": max(wall), "over_frame": sum(x > FRAME_MS for x in wall),
                                   "cpu_median_ms": statistics.median(cpu), "cpu_p95_ms": pct(cpu, 95),
                                   "cpu_max_ms": max(cpu), "cpu_over_frame": sum(x > FRAME_MS for x in cpu)}
            g = out["games"][label]
            log(f"  {label}: median {g['median_ms']:.2f} ms, p95 {g['p95_ms']:.2f} ms, "
                f"{g['over_frame']} over a frame (CPU {g['cpu_over_frame']})")
        app.shutdown()
    return out


# ---------------------------------------------------------------------------- rules kit hands

def _kit_hands(n: int, sets: int, seed: int) -> tuple[list[tuple], list[str]]:
    """n distinct hands of 3*sets+2 tiles, a third each: complete, one tile off complete, dealt
    at random from a full set. Returns (hands, category of each)."""
    import random

    from game.core.kit.hands import counts_of

    rng = random.Random(seed)
    full = [k for k in range(34) for _ in range(4)]

    def complete() -> list[int]:
        while True:
            c = [0] * 34
            for _ in range(sets):
                if rng.random() < 0.6:
                    k = rng.randrange(3) * 9 + rng.randrange(7)
                    for d in range(3):
                        c[k + d] += 1
                else:
                    c[rng.randrange(34)] += 3
            c[rng.randrange(34)] += 2
            if max(c) <= 4:
                return c

    def near() -> list[int]:
        c = complete()
        out = rng.choice([k for k in range(34) if c[k]])
        c[out] -= 1
        c[rng.choice([k for k in range(34) if c[k] < 4 and k != out])] += 1
        return c

    hands: list[tuple] = []
    kinds: list[str] = []
    seen: set[tuple] = set()
    while len(hands) < n:
        kind = ("complete", "near", "dealt")[len(hands) % 3]
        if kind == "dealt":
            rng.shuffle(full)
            h = counts_of(full[:3 * sets + 2])
        else:
            h = tuple(complete() if kind == "complete" else near())
        if h not in seen:
            seen.add(h)
            hands.append(h)
            kinds.append(kind)
    return hands, kinds


def _per_hand_us(fn, hands, sets=None) -> float:
    t0 = time.perf_counter()
    if sets is None:
        for h in hands:
            fn(h)
    else:
        for h in hands:
            fn(h, sets)
    return (time.perf_counter() - t0) / len(hands) * 1e6


def bench_kit(hands: int, runs: int, log) -> dict:
    """The rules kit's hand module (pure Python): complete-or-not against the `mahjong` package's
    agari check on the same hands, and shanten of 14- and 17-tile hands, cold and warm.

    Timing is in chunks of 150 hands, the two checks alternating chunk by chunk so machine load
    hits both alike; figures are medians over chunks and runs of the mean time per hand.
    - first sight: the cost per hand of a first pass while the per-group tables are still empty
      (both checks learn each suit / honours pattern the first time a hand shows it);
    - shanten cold: hands never asked before (whole-hand cache empty; per-group tables filled);
    - shanten warm: the same hands again (whole-hand cache hits).
    """
    from game.core.kit import hands as H

    chunk = 150
    res: dict = {"hands": hands, "runs": runs}
    h14, cat14 = _kit_hands(hands, 4, seed=14)
    h17, _ = _kit_hands(hands, 5, seed=17)

    H.clear_caches()
    res["complete_first_sight_us"] = _per_hand_us(H.is_complete, h14)
    res["complete_table_patterns"] = len(H._SUIT_DONE) + len(H._HONOUR_DONE)
    log(f"  complete-or-not, first sight (tables empty at start): {res['complete_first_sight_us']:.1f} us/hand; "
        f"{res['complete_table_patterns']} patterns learnt")

    # complete or not: ours against mahjong's, same hand objects, alternating chunks
    try:
        from mahjong.agari import Agari
    except ImportError:
        Agari = None
        res["agari_skipped"] = ("the 'mahjong' package is not installed: "
                                "pip install -e '.[bench]' to compare complete-or-not checks")
        log("  " + res["agari_skipped"])
    ours: dict[str, list[float]] = {}
    theirs: dict[str, list[float]] = {}
    for _ in range(runs):
        for cat in ("all", "complete", "near", "dealt"):
            sel = h14 if cat == "all" else [h for h, c in zip(h14, cat14) if c == cat]
            for i in range(0, len(sel), chunk):
                part = sel[i:i + chunk]
                ours.setdefault(cat, []).append(_per_hand_us(H.is_complete, part))
                if Agari is not None:
                    theirs.setdefault(cat, []).append(_per_hand_us(Agari.is_agari, part))
    agree = None if Agari is None else sum(H.is_complete(h) == Agari.is_agari(h) for h in h14)
    res["agari"] = {cat: {"ours_us": statistics.median(ours[cat]),
                          "mahjong_us": statistics.median(theirs[cat]) if theirs else None,
                          "ratio": (statistics.median(theirs[cat]) / statistics.median(ours[cat])) if theirs else None}
                    for cat in ours}
    res["agari_same_answer"] = agree
    res["agari_target_ratio"] = 4.0

    for label, hs, sets in (("14", h14, 4), ("17", h17, 5)):
        first = _per_hand_us(H._shanten_uncached, hs, sets)
        res[f"shanten{label}_first_sight_us"] = first
        log(f"  shanten {label} tiles, first sight (tables empty at start): {first:.1f} us/hand")
    res["shanten_tables"] = {"suit patterns": len(H._SUIT_VEC), "honour patterns": len(H._HONOUR_VEC),
                             "vectors": len(H._VECTORS), "merges": len(H._MERGED),
                             "suffix states": len(H._SUFFIX)}

    # shanten cold and warm
    for label, hs, sets in (("14", h14, 4), ("17", h17, 5)):
        cold, warm = [], []
        for _ in range(runs):
            for i in range(0, len(hs), chunk):
                part = hs[i:i + chunk]
                H.shanten.cache_clear()
                cold.append(_per_hand_us(H.shanten, part, sets))
                warm.append(_per_hand_us(H.shanten, part, sets))
        res[f"shanten{label}_cold_us"] = statistics.median(cold)
        res[f"shanten{label}_warm_us"] = statistics.median(warm)
    res["shanten14_target_us"] = 4.0
    res["shanten17_target_us"] = 8.0
    return res


def _kit_lines(k: dict) -> list[str]:
    lines = [f"rules kit hands ({k['hands']} distinct hands per size, {k['runs']} runs; medians per hand)"]
    for cat, a in k["agari"].items():
        if a["mahjong_us"] is None:
            lines.append(f"  complete-or-not 14 {cat:<8} ours {a['ours_us']:6.2f} us   (mahjong not installed)")
            continue
        mark = ("ok" if a["ratio"] >= k["agari_target_ratio"] else "MISSED") if cat == "all" else ""
        lines.append(f"  complete-or-not 14 {cat:<8} ours {a['ours_us']:6.2f} us  mahjong {a['mahjong_us']:6.2f} us"
                     f"  ratio {a['ratio']:5.2f}x  {'>= 4x ' + mark if mark else ''}")
    if k.get("agari_skipped"):
        lines.append(f"    {k['agari_skipped']}")
    elif k.get("agari_same_answer") is not None:
        lines.append(f"    same answer on {k['agari_same_answer']}/{k['hands']} hands")
    for label in ("14", "17"):
        target = k[f"shanten{label}_target_us"]
        cold, warm = k[f"shanten{label}_cold_us"], k[f"shanten{label}_warm_us"]
        lines.append(f"  shanten {label} tiles  cold {cold:5.2f} us ({'ok' if cold <= target else 'MISSED'})"
                     f"  warm {warm:5.2f} us ({'ok' if warm <= target else 'MISSED'})  target <= {target:.0f} us;"
                     f"  first sight {k[f'shanten{label}_first_sight_us']:.0f} us")
    lines.append(f"  complete-or-not first sight {k['complete_first_sight_us']:.1f} us/hand "
                 f"({k['complete_table_patterns']} patterns learnt); shanten tables after the run {k['shanten_tables']}")
    return lines


# ---------------------------------------------------------------------------- sim throughput

# (label, game, rule options, seat strengths, games per run)
SIM_CASES = (
    ("Mint Tin 2p Normal", "minttin", {"mode": "2p"}, ("normal", "normal"), 10),
    ("Mint Tin solo Normal", "minttin", {"mode": "solo"}, ("normal",), 10),
    ("Rummy all-Normal", "rummy", {}, ("normal",) * 4, 6),
    ("Rummy all-Hard", "rummy", {}, ("hard",) * 4, 2),
    ("Cuzzins all-Normal (4 hands a game)", "cuzzins", {}, ("normal",) * 4, 6),
    ("Martian 4p all-Normal", "martian", {}, ("normal",) * 4, 10),   # a game is one round, ~6 hands
    ("Kards all-Normal (a regular game, ~5.6 hands)", "kards", {}, ("normal",) * 4, 4),
)


_SIM_CHILD = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from game.sim import run
game, n, seed, seats, options = json.loads(sys.argv[2])
t0, c0 = time.perf_counter(), time.process_time()
summary = run(game, n, seed, seats, options)
print(json.dumps({"wall": time.perf_counter() - t0, "cpu": time.process_time() - c0,
                  "errors": summary["errors"]}))
"""


def _sim_in(tree: str, game: str, n: int, seed: int, seats, options) -> dict:
    """One sim run in a fresh process importing the game from `tree` (its own caches start empty)."""
    env = dict(os.environ, PYTHONPATH=tree, PYTHONHASHSEED="0")
    out = subprocess.run([sys.executable, "-c", _SIM_CHILD, tree, json.dumps([game, n, seed, list(seats), options])],
                         cwd=tree, env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def _sim_cases(only: str | None):
    if not only:
        return SIM_CASES
    words = [w.strip().lower() for w in only.split(",") if w.strip()]
    return tuple(c for c in SIM_CASES if any(w in c[0].lower() for w in words))


def bench_sim_vs(base: str, runs: int, log, scale: float = 1.0, only: str | None = None) -> dict:
    """Games per second (process CPU time) of this tree and of `base`, each run in fresh processes
    taken in turns; the ratio is this tree's median over the base's."""
    here = str(ROOT)
    out = {}
    for label, game, options, seats, games in _sim_cases(only):
        n = max(1, round(games * scale))
        rates: dict[str, list[float]] = {"this": [], "base": []}
        for r in range(runs):
            order = (("this", here), ("base", base)) if r % 2 == 0 else (("base", base), ("this", here))
            for name, tree in order:
                got = _sim_in(tree, game, n, 1 + 1000 * r, seats, dict(options))
                if got["errors"]:
                    log(f"  {label} ({name}): {got['errors']} game(s) failed")
                rates[name].append(n / got["cpu"])
                log(f"  {label} run {r + 1} {name}: {n} games, {got['cpu']:.2f} s CPU "
                    f"({got['wall']:.2f} s wall) = {n / got['cpu']:.2f} games/s")
        med = {k: statistics.median(v) for k, v in rates.items()}
        out[label] = {"games_per_run": n, "this_games_per_s": rates["this"], "base_games_per_s": rates["base"],
                      "median_this": med["this"], "median_base": med["base"], "ratio": med["this"] / med["base"]}
    return out


def bench_sim(runs: int, log, scale: float = 1.0) -> dict:
    """Games per second of whole bot games, per case: median over `runs` runs on fresh seeds."""
    from game.sim import run

    out = {}
    for label, game, options, seats, games in SIM_CASES:
        n = max(1, round(games * scale))
        rates = []
        for r in range(runs):
            t0 = time.perf_counter()
            summary = run(game, n, 1 + 1000 * r, list(seats), dict(options))
            dt = time.perf_counter() - t0
            if summary["errors"]:
                log(f"  {label}: {summary['errors']} game(s) failed: {summary['error_samples'][:1]}")
            rates.append(n / dt)
            log(f"  {label} run {r + 1}: {n} games in {dt:.2f} s = {n / dt:.2f} games/s")
        out[label] = {"games_per_run": n, "runs_games_per_s": rates, "median_games_per_s": statistics.median(rates)}
    return out


# ---------------------------------------------------------------------------- output

def _table(res: dict) -> str:
    lines = ["", "benchmark                   median      p90   target   runs",
             "-" * 78]
    s = res.get("startup")
    if s:
        runs = " ".join(f"{v:.3f}" for v in s["runs_s"])
        ok = "ok" if s["median_s"] <= s["target_s"] else "MISSED"
        lines.append(f"start-up to first frame   {s['median_s']:6.3f} s {s['p90_s']:6.3f} s  "
                     f"<= {s['target_s']:.1f} s  {ok}   [{runs}]")
        lines.append(f"    measured as: {s['measured_as']}"
                     + ("  (app printed no first-frame line: whole process wall time, exit included)"
                        if s["measured_as"].startswith("process") else ""))
    f = res.get("frame")
    if f:
        runs = " ".join(f"{v:.2f}" for v in f["run_medians_ms"])
        ok = "ok" if f["median_ms"] <= f["target_ms"] else "MISSED"
        lines.append(f"busy frame {f['size']:<14} {f['median_ms']:6.2f} ms {f['p90_ms']:5.2f} ms "
                     f"<= {f['target_ms']:.0f} ms  {ok}   [{runs}]")
        lines.append(f"    p90 per run: {' '.join(f'{v:.2f}' for v in f['run_p90s_ms'])}; "
                     f"{f['frames_per_run']} frames per run; frames from: {f['frames_from']}")
    v = res.get("saves")
    if v:
        for label, key in (("save, caller's thread", "sync"), ("save, queued", "queued")):
            x = v[key]
            lines.append(f"{label:<25} {x['median_ms']:6.3f} ms {x['p90_ms']:6.3f} ms  max {x['max_ms']:.1f} ms, "
                         f"{x['over_a_frame']} of {x['count']} over a frame")
        lines.append(f"    queued is {v['ratio_of_medians']:.0f}x cheaper (ratio of medians); flush at the end "
                     f"{v['flush_median_ms']:.1f} ms; {v['moves']} saves per run, last {v['bytes_last']} bytes")
    b = res.get("botframe")
    if b:
        ok = "ok" if b["extra_over_20ms_pp"] <= b["goal_pp"] else "MISSED"
        lines.append(f"frame period while a Hard Rummy bot searches ({b['size']}, 60 Hz, {b['table_sets']} sets "
                     f"on the table, {b['frames_per_condition']} frames each):")
        for cond, label in (("idle", "no search"), ("process", "search in worker process"),
                            ("thread", "search on a thread (before)")):
            c = b[cond]
            lines.append(f"    {label:<28} median {c['median_ms']:5.1f} ms  p90 {c['p90_ms']:5.1f} ms  "
                         f"over 20 ms: {c['over_20ms']:4d} ({c['over_20ms_pct']:5.1f} %)  "
                         f"app.tick median {c['tick_median_ms']:4.1f} ms p90 {c['tick_p90_ms']:5.1f} ms "
                         f"(CPU {c['tick_cpu_median_ms']:4.1f} ms)  "
                         f"searches {c['searches_done']}")
        lines.append(f"    worker process vs no search: {b['extra_over_20ms_pp']:+.1f} points of frames over 20 ms "
                     f"(goal <= +{b['goal_pp']:.0f})  {ok}")
    t = res.get("tableframes")
    if t:
        lines.append(f"each game's table, app.tick per frame ({t['size']}, {t['frames']} frames, bots acting, "
                     f"hint open on your turns): wall / main-thread CPU")
        for label, g in t["games"].items():
            lines.append(f"    {label:<9} median {g['median_ms']:5.2f} ms  p95 {g['p95_ms']:5.2f} ms  "
                         f"max {g['max_ms']:6.1f} ms  over 16.7 ms: {g['over_frame']:3d}   |  CPU median "
                         f"{g['cpu_median_ms']:5.2f} p95 {g['cpu_p95_ms']:5.2f} max {g['cpu_max_ms']:5.1f}  "
                         f"over 16.7 ms: {g['cpu_over_frame']}  ({g['moves']} moves)")
    k = res.get("kit")
    if k:
        lines += [""] + _kit_lines(k)
    vs = res.get("sim_vs")
    if vs:
        lines.append("")
        lines.append(f"sim throughput vs {res.get('sim_base')}   games/s of CPU time (medians)")
        lines.append("-" * 78)
        for label, r in vs.items():
            lines.append(f"{label:<28} this {r['median_this']:7.2f}   base {r['median_base']:7.2f}   "
                         f"ratio {r['ratio']:5.2f}x   ({r['games_per_run']} games per run, "
                         f"{len(r['this_games_per_s'])} runs)")
    sim = res.get("sim")
    if sim:
        lines.append("")
        lines.append("sim throughput              games/s (median)   runs")
        lines.append("-" * 78)
        for label, r in sim.items():
            runs = " ".join(f"{v:.2f}" for v in r["runs_games_per_s"])
            lines.append(f"{label:<28}{r['median_games_per_s']:8.2f}           [{runs}]  "
                         f"({r['games_per_run']} games per run)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Mahjong Parlour benchmarks")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--frames", type=int, default=300, help="measured frames per run")
    ap.add_argument("--warmup", type=int, default=60)
    ap.add_argument("--size", default="1600x900")
    ap.add_argument("--only", choices=("startup", "frame", "saves", "botframe", "tableframes", "kit", "sim"))
    ap.add_argument("--sim-runs", type=int, default=3, help="sim: runs per case (median reported)")
    ap.add_argument("--sim-scale", type=float, default=1.0, help="sim: scale the games per run")
    ap.add_argument("--sim-base", help="sim: also run a baseline checkout at this path, in turns, and give ratios")
    ap.add_argument("--sim-cases", help="sim: only the cases whose label holds one of these comma-separated words")
    ap.add_argument("--bot-rounds", type=int, default=8, help="botframe: rounds of the three conditions")
    ap.add_argument("--bot-frames", type=int, default=75, help="botframe: frames per condition per round")
    ap.add_argument("--table-frames", type=int, default=600, help="tableframes: measured frames per game")
    ap.add_argument("--hands", type=int, default=3000, help="distinct hands per size for the kit section")
    ap.add_argument("--json", action="store_true", help="print JSON only")
    ap.add_argument("--screenshot", help="save the busy scene (end of run 1) to this PNG")
    ap.add_argument("--profile", action="store_true", help="cProfile the first frame run")
    ap.add_argument("--atlas-dir", help="read the atlas from here (default assets/atlas)")
    args = ap.parse_args(argv)
    w, h = (int(v) for v in args.size.lower().split("x"))
    log = (lambda s: print(s, file=sys.stderr)) if args.json else print
    res: dict = {"python": sys.version.split()[0]}
    try:
        import pygame
        res["pygame"] = pygame.version.ver
    except Exception:
        pass
    if args.only in (None, "startup"):
        log("start-up ...")
        res["startup"] = bench_startup(args.runs, args.size, log)
    if args.only in (None, "frame"):
        log("busy frame ...")
        res["frame"] = bench_frames(args.runs, args.frames, args.warmup, (w, h), log,
                                    args.screenshot, args.profile, args.atlas_dir)
    if args.only in (None, "saves"):
        log("saves ...")
        res["saves"] = bench_saves(min(args.runs, 3), log)
    if args.only in (None, "botframe"):
        log("frame period while a bot searches ...")
        res["botframe"] = bench_bot_frames(args.bot_rounds, args.bot_frames, (w, h), log)
    if args.only in (None, "tableframes"):
        log("each game's table ...")
        res["tableframes"] = bench_table_frames(args.table_frames, (w, h), log)
    if args.only in (None, "kit"):
        log("rules kit hands ...")
        res["kit"] = bench_kit(args.hands, args.runs, log)
    if args.only == "sim" and args.sim_base:
        if not os.path.isfile(os.path.join(args.sim_base, "game", "sim.py")):
            print(f"--sim-base {args.sim_base}: no game/sim.py there (give a checkout of this repository)",
                  file=sys.stderr)
            return 2
        log(f"sim throughput, this tree vs {args.sim_base} ...")
        res["sim_base"] = args.sim_base
        res["sim_vs"] = bench_sim_vs(args.sim_base, args.sim_runs, log, args.sim_scale, args.sim_cases)
    elif args.only == "sim":        # whole bot games take minutes: only when asked for
        log("sim throughput ...")
        res["sim"] = bench_sim(args.sim_runs, log, args.sim_scale)
    if args.json:
        print(json.dumps(res, indent=2))
    else:
        print(_table(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
