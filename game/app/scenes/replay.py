"""Replays: finished games kept by the table (store.save_replay), listed and stepped through.

The viewer reuses the game's own table scene in `replay_mode`: it never acts, saves or
shows curtains. Stepping forward applies the next logged action, so the table animates it
as in play; stepping back (or jumping) rebuilds the table at that move without animation.
A replay only exists for a finished game, so every seat's pieces may be shown: Tab
changes whose pieces are drawn (or the public table).
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any, Sequence

from game.app import theme
from game.app.scenes.base import Scene
from game.app.scenes.results import as_number, fmt_value
from game.app.scenes.screen import LIST_KEYS, Screen
from game.app.tables import table_scene_for
from game.app.widgets import Button, FocusGroup, ListRow, Scroller
from game.core.match import Match, SaveError
from game.core.protocol import Setup
from game.rules import info

PANEL = (200, 140, 1200, 660)
BAR_TOP = 850                # the replay's control bar fills the logical area below this
TABLE_AREA = (0, 0, 1600, BAR_TOP)
ROW_H = 88                   # a title and two lines of detail (who won and the scores, then the moves)
AUTOPLAY_STEP = 0.9          # seconds between moves when playing the replay
LISTED = 100                 # replays listed (the newest; each is read to describe it)


def replay_summary(result: Any, names: Sequence[str], when: str | None = None) -> dict:
    """What the Replays list says about a finished game, kept in the replay's JSON as `summary`:
    who won, every total in the game's own unit (points, cents), the date, and one line of all three."""
    data = result.to_json() if hasattr(result, "to_json") else dict(result)
    unit = str(data.get("unit") or "points")
    totals = list(data.get("totals") or [])
    name = [names[i] if i < len(names) and names[i] else f"Seat {i + 1}" for i in range(len(totals))]
    order = sorted(range(len(totals)), key=lambda i: -(as_number(totals[i]) or 0.0))
    scores = [[name[i], fmt_value(totals[i])] for i in order]
    winners = [name[i] for i in data.get("winners") or [] if 0 <= i < len(name)]
    when = when or time.strftime("%Y-%m-%d %H:%M")
    won = " and ".join(winners) + " won" if winners else "No winner"
    line = f"{won} · " + ", ".join(f"{n} {v}" for n, v in scores) + f" {unit}" if scores else won
    return {"line": line, "winners": winners, "scores": scores, "unit": unit, "date": when}


def summary_line(data: dict, path: Path | None = None) -> str:
    """The replay's stored summary line; for a file kept before summaries were stored, what its
    name says (it ends with the game's own result sentence); empty when neither tells."""
    summary = data.get("summary")
    if isinstance(summary, dict) and isinstance(summary.get("line"), str) and summary["line"].strip():
        return " ".join(summary["line"].split())[:300]
    return result_from_name(path.name) if path is not None else ""


_NAME = re.compile(r"^\d{8}-\d{6}-(?P<game>[a-z]+)-(?P<said>.*?)(--[0-9a-f]{16})?(-\d+)?\.json$")


def result_from_name(file_name: str) -> str:
    """'20261124-090024-martian-Player-3-wins-with-792-points.--<key>.json' -> 'Player 3 wins with 792 points'."""
    m = _NAME.match(file_name)
    if m is None:
        return ""
    said = m.group("said").replace("-", " ").strip(" .")
    return "" if said in ("", "game") else said


def replay_date(data: dict, path: Path) -> str:
    """The stored date, else the one in the file name (saved as YYYYMMDD-HHMMSS-<name>.json)."""
    summary = data.get("summary")
    if isinstance(summary, dict) and isinstance(summary.get("date"), str):
        return summary["date"][:40]
    n = path.name
    return f"{n[0:4]}-{n[4:6]}-{n[6:8]} {n[9:11]}:{n[11:13]}" if n[:8].isdigit() else ""


def replay_title(data: dict, path: Path | None = None) -> tuple[str, str]:
    """A list row's title and detail for a saved match: the game, then who won and the scores."""
    try:
        setup = Setup.from_json(data["setup"])
        title = info(setup.game).title
        names = ", ".join(s.name or f"Seat {i + 1}" for i, s in enumerate(setup.seats))
        moves = f"{len(data.get('log', []))} moves"
        said = summary_line(data, path)
        stored = data.get("summary")
        if not (said and isinstance(stored, dict) and stored.get("scores")):
            moves += f" · {names}"     # a stored summary names every player with their score already
        return title, f"{said} · {moves}" if said else moves
    except (KeyError, TypeError, ValueError):
        return "Unreadable replay", "this file does not describe a game"


class ReplaysScene(Screen):
    title = "Replays"
    subtitle = "Every finished game is kept here; open one to step through it move by move."
    keys_hint = LIST_KEYS.format(verb="opens")

    def __init__(self, app):
        super().__init__(app)
        self.pane = Scroller((PANEL[0] + 4, PANEL[1] + 4, PANEL[2] - 8, PANEL[3] - 8))
        self._count = 0

    def build(self) -> None:
        every = list(reversed(self.app.store.list_replays()))
        paths = every[:LISTED]
        self._count = len(paths)
        if len(every) > LISTED:         # the older ones are still on disk: say so rather than hide them
            self.subtitle = (f"The {LISTED} most recent of your {len(every)} finished games; "
                             "open one to step through it move by move.")
        y = PANEL[1] + 24
        for path in paths:
            data = self.app.store.load_replay(path)
            title, detail = replay_title(data, path) if data else ("Unreadable replay", path.name)
            when = replay_date(data or {}, path)
            row = ListRow((PANEL[0] + 30, y, PANEL[2] - 60, ROW_H), f"{title}  ·  {when}" if when else title,
                          detail, lambda p=path: self.open_replay(p), enabled=data is not None)
            self.ui.add(row, self.pane)
            y += ROW_H + 8
        self.pane.content_height = y - PANEL[1]
        self.back_button()          # after the rows: Tab goes through the list first, Back last

    def enter(self) -> None:
        super().enter()
        self.tell_problems()

    def tell_problems(self) -> None:
        """Replays found damaged while listing or opening them were set aside: say which and why."""
        lines = self.app.take_store_problems()
        if lines:
            from game.app.scenes.dialog import notice
            notice(self.app, "Please note", "\n".join(lines[:6]))

    def open_replay(self, path: Path) -> None:
        data = self.app.store.load_replay(path)
        if data is None:
            self.toasts.show("That replay can't be read any more.", colour=theme.BAD)
            self.tell_problems()
            return
        scene = ReplayScene.create(self.app, data)
        if isinstance(scene, str):
            self.toasts.show(scene, colour=theme.BAD)
            return
        self.stack.push(scene)

    def draw_content(self, canvas) -> None:
        canvas.panel(PANEL)
        if not self._count:
            canvas.text("No finished games yet: each one you finish is kept here.", (800, 420), theme.BODY,
                        theme.TEXT_DIM, False, "midtop")


def pieces_of(name: str) -> str:
    """'Ana's pieces', but 'your pieces' for the default seat name You (never "You's")."""
    return "your pieces" if name.strip().lower() == "you" else f"{name}'s pieces"


class ReplayScene(Scene):
    """Steps a saved match through the game's table scene."""

    def __init__(self, app: Any, data: dict, table_cls: type):
        super().__init__(app)
        self.data = data
        self.table_cls = table_cls
        self.setup = Setup.from_json(data["setup"])
        self.moves: list[tuple[int, str]] = [(int(s), str(a)) for s, a in data["log"]]
        humans = [i for i, s in enumerate(self.setup.seats) if s.kind == "human"]
        self.seat: int | None = humans[0] if humans else 0
        self.index = 0
        self.playing = False
        self._clock = 0.0
        self.ui = FocusGroup()
        self.table: Any = None
        self._build_table(0)
        self._build_controls()

    @classmethod
    def create(cls, app: Any, data: dict) -> "ReplayScene | str":
        """The scene, or a sentence saying why this replay can't be shown."""
        try:
            setup = Setup.from_json(data["setup"])
            table_cls = table_scene_for(setup.game)
            if table_cls is None:
                return f"{info(setup.game).title} has no table screen to replay on yet."
            Match.from_json(data)        # every move must replay before we show any of them
            return cls(app, data, table_cls)
        except (KeyError, TypeError, ValueError, SaveError) as e:
            return f"That replay can't be shown: {e}"

    # ------------------------------------------------------------------ the table at a move
    def _match_at(self, index: int) -> Match:
        data = dict(self.data, log=[list(m) for m in self.moves[:index]])
        return Match.from_json(json.loads(json.dumps(data)))

    def _build_table(self, index: int) -> None:
        old = self.table
        if old is not None:
            old.exit()
        # the table is opened one move short and shown that move as in play, so a position looks
        # the same however it was reached (a jump to the end shows the winning hand, as a step does)
        before = max(0, index - 1)
        table = self.table_cls(self.app, self._match_at(before))
        table.replay_mode = True          # before enter(): no curtain, no bots, no saves
        table.enter()
        table.tweens.skip()
        table.skip_presentation()
        table.set_viewer(self.seat)
        self.table = table
        self.index = before
        if index > before:
            self._play_next()
            table.tweens.skip()
            table.skip_presentation()

    def _play_next(self) -> None:
        """The next move, shown as the table shows it in play (Match.history)."""
        seat, text = self.moves[self.index]
        match = self.table.match
        match.act(seat, match.rules.decode_action(text))
        self.table._catch_up()
        self.index += 1

    def step(self, delta: int) -> None:
        target = max(0, min(len(self.moves), self.index + delta))
        if target == self.index + 1:
            self._play_next()
        elif target != self.index:
            self._build_table(target)

    def jump(self, index: int) -> None:
        self.playing = False
        self._build_table(max(0, min(len(self.moves), index)))

    def next_seat(self) -> None:
        order: list[int | None] = list(range(len(self.setup.seats))) + [None]
        self.seat = order[(order.index(self.seat) + 1) % len(order)]
        self.table.set_viewer(self.seat)

    def toggle_play(self) -> None:
        self.playing = not self.playing and self.index < len(self.moves)
        self._clock = 0.0

    # ------------------------------------------------------------------ controls
    def _build_controls(self) -> None:
        y, h = BAR_TOP + 5, 40
        specs = [("Back", self.close, 20, 140), ("|<", lambda: self.jump(0), 520, 70),
                 ("<", lambda: self.step(-1), 600, 70), ("Play", self.toggle_play, 680, 120),
                 (">", lambda: self.step(1), 810, 70), (">|", lambda: self.jump(len(self.moves)), 890, 70),
                 ("Whose pieces (Tab)", self.next_seat, 1330, 250)]
        for label, fn, x, w in specs:
            self.ui.add(Button((x, y, w, h), label, fn, size=theme.SMALL))

    def handle(self, intent: Any) -> bool:
        k = intent.kind
        if k == "back":
            self.close()
            return True
        if k in ("right", "left"):
            self.playing = False
            self.step(1 if k == "right" else -1)
            return True
        if k in ("home", "end"):
            self.jump(0 if k == "home" else len(self.moves))
            return True
        if k in ("focus_next", "next_tab"):
            self.next_seat()
            return True
        if k == "skip":
            self.table.tweens.skip()
            return True
        if self.ui.handle(intent):
            return True
        if k == "confirm":
            self.toggle_play()
            return True
        return False

    def update(self, dt: float) -> None:
        self.table.update(dt)
        if not self.playing:
            return
        self._clock += dt
        if self._clock >= AUTOPLAY_STEP and not self.table.presenting():
            self._clock = 0.0
            self.step(1)
            if self.index >= len(self.moves):
                self.playing = False

    def draw(self, canvas: Any) -> None:
        canvas.clear(theme.LETTERBOX)
        with canvas.inset(TABLE_AREA):       # the whole table, shrunk to clear the bar: no piece under it
            self.table.draw(canvas)
        canvas.fill(theme.PANEL_SOLID, (0, BAR_TOP, 1600, 900 - BAR_TOP))
        canvas.line(theme.PANEL_EDGE, (0, BAR_TOP), (1600, BAR_TOP), 1)
        for w in self.ui.widgets:
            if getattr(w, "label", "") in ("Play", "Pause"):
                w.label = "Pause" if self.playing else "Play"
        self.ui.draw(canvas)
        whose = "the public table" if self.seat is None else pieces_of(self.table.name_of(self.seat))
        canvas.text(f"Replay · move {self.index} of {len(self.moves)}", (180, 864), theme.SMALL, theme.TEXT, True)
        canvas.text(f"showing {whose}", (990, 864), theme.SMALL, theme.TEXT_DIM)

    def exit(self) -> None:
        if self.table is not None:
            self.table.exit()
