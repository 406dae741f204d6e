"""Level files: table setups as TOML data (format in docs/levels.md).

Quick-play entries and challenges are both levels. A bad file raises `LevelError` whose
message names the file, the field (with its line where we can find it) and the reason.
"""

from __future__ import annotations

import difflib
import random
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from game.core.lesson import Lesson, LessonError, parse_lesson
from game.core.protocol import STRENGTHS, SeatConfig, Setup, resolve_options

LEVELS_DIR = Path(__file__).resolve().parents[2] / "levels"
KINDS = ("quick", "challenge", "learn")     # learn: a guided first hand with a [lesson]


class LevelError(ValueError):
    def __init__(self, path: Path | str, field_name: str, reason: str, line: int | None = None):
        self.path, self.field, self.reason, self.line = Path(path), field_name, reason, line
        where = f"{self.path.name}" + (f", line {line}" if line else "")
        super().__init__(f"{where}: {field_name}: {reason}")


@dataclass(frozen=True)
class Goal:
    text: str
    kind: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Level:
    id: str                 # "<game>/<file stem>"
    path: Path
    title: str
    description: str
    game: str
    kind: str
    order: int
    setup: Setup            # seed is fixed if the file gives one, else drawn at load time
    fixed_seed: bool
    goal: Goal | None
    lesson: Lesson | None = None     # kind "learn": the steps the table walks the player through

    def fresh_setup(self) -> Setup:
        """The setup to start now: a new random seed unless the level fixes one."""
        if self.fixed_seed:
            return self.setup
        return Setup(self.setup.game, self.setup.seats, self.setup.options,
                     random.SystemRandom().randrange(2**31), self.setup.deal)


TOP_KEYS = ("title", "game", "kind", "order", "description", "seed", "options", "seats", "deal", "goal", "lesson")
SEAT_KEYS = ("kind", "strength", "name")


def _line_of(text: str, field_name: str) -> int | None:
    """The line of a field such as "seed", "seats[2].strength", "goal.feature" or "deal.dealer".

    Walks the table headers ([name] / [[name]], counting repeats) so a key is found in its own
    table; falls back to the table's header, then to any line starting with the first part.
    """
    m = re.fullmatch(r"([\w.]+?)(?:\[(\d+)\])?(?:\.(\w+))?", field_name)    # table may be "lesson.steps"
    if not m:
        return None
    table, index, key = m.group(1), int(m.group(2) or 1), m.group(3)
    lines = text.splitlines()
    header, seen = None, 0            # the line of the wanted table's header, once reached
    for n, line in enumerate(lines, 1):
        h = re.match(r"\s*\[\[?\s*([\w.]+)\s*\]", line)
        if h:
            if header is not None:
                break                 # the wanted table ended without the key
            if h.group(1) == table:
                seen += 1
                if seen == index:
                    header = n
                    if key is None:
                        return n
            continue
        if header is None and seen == 0 and key is None and re.match(rf"\s*{re.escape(table)}\s*[=.]", line):
            return n                  # a top-level key (before any table)
        if header is not None and key and re.match(rf"\s*{re.escape(key)}\s*=", line):
            return n
    if header is not None:
        return header
    m2 = re.search(rf"^\s*\[*\s*{re.escape(table)}\b", text, re.M)
    return text[:m2.start()].count("\n") + 1 if m2 else None


def _unknown(given: Mapping[str, Any], known: tuple[str, ...]) -> tuple[str, str] | None:
    """(first unknown key, a reason naming the close match or the known keys), or None."""
    for k in given:
        if k not in known:
            close = difflib.get_close_matches(str(k), known, n=1)
            hint = f"did you mean {close[0]}?" if close else f"the keys here are {', '.join(known)}"
            return str(k), f"unknown key ({hint})"
    return None


def _field_named(reason: str, table: str, keys: Any) -> str:
    """The most precise field a game's error message is about: "deal.dealer" rather than "deal"
    (our games' messages name the key first)."""
    found = [(m.start(), str(k)) for k in keys
             for m in [re.search(rf"\b{re.escape(str(k))}\b", reason)] if m]
    return f"{table}.{min(found)[1]}" if found else table      # the key named first


def players_words(lo: int, hi: int) -> str:
    """How many play a game, as people say it: "4 players", "2–4 players", "1 player"."""
    count = str(lo) if lo == hi else f"{lo}–{hi}"
    return f"{count} player" + ("" if hi == 1 else "s")


def load_level(path: Path | str) -> Level:
    from game.rules import info, rules_for

    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise LevelError(path, "file", "can't be read: it is not UTF-8 text") from None
    except OSError as e:      # the OS's words ("no such file or directory"), not Python's "[Errno 2] ..."
        why = (e.strerror or type(e).__name__).rstrip(".").lower()
        raise LevelError(path, "file", f"can't be read: {why} ({path})") from None
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        m = re.search(r"line (\d+)", str(e))
        line = int(m.group(1)) if m else (text.count("\n") + 1 if "end of document" in str(e) else None)
        raise LevelError(path, "TOML", str(e), line) from None

    def fail(name: str, reason: str) -> LevelError:
        return LevelError(path, name, reason, _line_of(text, name))

    def whole(v: Any) -> bool:
        return isinstance(v, int) and not isinstance(v, bool)

    bad = _unknown(doc, TOP_KEYS)
    if bad:
        raise fail(*bad)

    def need_str(name: str, default: str | None = None) -> str:
        v = doc.get(name, default)
        if not isinstance(v, str) or not v.strip():
            raise fail(name, "is required and must be text")
        return v

    game = need_str("game")
    try:
        info(game)
    except KeyError as e:
        raise fail("game", str(e.args[0])) from None
    title = need_str("title")
    kind = doc.get("kind", "quick")
    if kind not in KINDS:
        raise fail("kind", f"must be one of {', '.join(KINDS)}, not {kind!r}")
    order = doc.get("order", 0)
    if not whole(order):
        raise fail("order", "must be a whole number")
    description = doc.get("description", "")
    if not isinstance(description, str):
        raise fail("description", "must be text")

    seats_raw = doc.get("seats")
    if not isinstance(seats_raw, list) or not seats_raw:
        raise fail("seats", "needs at least one [[seats]] table")
    seats = []
    for i, s in enumerate(seats_raw, 1):
        where = f"seats[{i}]"
        if not isinstance(s, dict):
            raise fail(where, "must be a table")
        bad = _unknown(s, SEAT_KEYS)
        if bad:
            raise fail(f"{where}.{bad[0]}", bad[1])
        kind_s = s.get("kind", "human")
        if kind_s not in ("human", "bot"):
            raise fail(f"{where}.kind", f"must be human or bot, not {kind_s!r}")
        strength = s.get("strength", "normal")
        if strength not in STRENGTHS:
            raise fail(f"{where}.strength", f"must be one of {', '.join(STRENGTHS)}, not {strength!r}")
        name = s.get("name", "")
        if not isinstance(name, str):
            raise fail(f"{where}.name", "must be text")
        seats.append(SeatConfig(kind_s, strength, name))

    options = doc.get("options", {})
    if not isinstance(options, dict):
        raise fail("options", "must be a table")
    rules = rules_for(game)
    if rules is not None:
        lo, hi = rules.min_seats, rules.max_seats
        if not lo <= len(seats) <= hi:
            raise fail("seats", f"{info(game).title} is for {players_words(lo, hi)}, not {len(seats)}")
        try:
            options = resolve_options(rules.options, options)
        except ValueError as e:
            raise fail(_field_named(str(e), "options", options), str(e)) from None

    seed = doc.get("seed")
    if seed is not None and not whole(seed):
        raise fail("seed", "must be a whole number")
    deal = doc.get("deal")
    if deal is not None and not isinstance(deal, dict):
        raise fail("deal", "must be a table")

    goal = None
    if "goal" in doc:
        g = doc["goal"]
        if not isinstance(g, dict):
            raise fail("goal", "must be a table")
        gtext, gkind = g.get("text"), g.get("kind")
        if not isinstance(gtext, str) or not gtext.strip():
            raise fail("goal.text", "is required and must be text")
        if not isinstance(gkind, str):
            raise fail("goal.kind", "is required and must be text")
        goal = Goal(gtext, gkind, {k: v for k, v in g.items() if k not in ("text", "kind")})
        check = getattr(rules, "check_goal", None)
        if check is not None:
            try:
                check(goal, options=options)
            except ValueError as e:
                raise fail(_field_named(str(e), "goal", list(goal.params) + ["kind"]), str(e)) from None

    lesson = None
    if "lesson" in doc:
        try:
            lesson = parse_lesson(doc["lesson"])
        except LessonError as e:
            raise fail(e.field, e.reason) from None
    if (kind == "learn") != (lesson is not None):
        raise fail("lesson", "a learn level needs a [lesson] table, and only a learn level has one")
    if kind == "learn" and seed is None:
        raise fail("seed", "a learn level needs a fixed seed, so the computer players' moves are the same every time")

    setup = Setup(game, tuple(seats), options, seed if seed is not None else 0, deal)
    if rules is not None:
        try:   # a level must at least deal: catch impossible fixed deals at load time
            rules.new_game(setup)
        except (ValueError, KeyError, TypeError, IndexError) as e:
            field_name = _field_named(str(e), "deal", deal) if deal else "options"
            raise fail(field_name, f"the game can't start from this setup ({e})") from None
    return Level(id=f"{game}/{path.stem}", path=path, title=title, description=description, game=game,
                 kind=kind, order=order, setup=setup, fixed_seed=seed is not None, goal=goal, lesson=lesson)


def load_all(levels_dir: Path | str = LEVELS_DIR) -> tuple[list[Level], list[LevelError]]:
    """Every level under the folder, sorted by game, kind and order; bad files reported, not fatal."""
    levels, errors = [], []
    for path in sorted(Path(levels_dir).rglob("*.toml")):
        try:
            levels.append(load_level(path))
        except LevelError as e:
            errors.append(e)
    levels.sort(key=lambda l: (l.game, KINDS.index(l.kind), l.order, l.title))
    return levels, errors
