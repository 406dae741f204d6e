"""Settings, autosave, statistics and replays on disk.

Everything is versioned JSON under platformdirs' user directories. Writes go through one
background writer (game/filewriter.py): in order, atomic (temp file, fsync, rename), the
previous copy kept as `<name>.bak`; `flush()` waits for them (on quit and on leaving a
table). A write that fails is reported once (`take_alerts()`) and tried again quietly with
the next write; the game goes on with what it has in memory.

Every file is checked against its expected shape (game/shapes.py) when read, at start-up
for settings, the autosave and statistics. A file that can't be used is moved aside as
`<name>.corrupt-<time>` (its bytes kept) and the player is told which file and why
(`problems` / `take_problems()`); settings, statistics and a game in progress then fall back to
their `.bak` when it is whole (FileKind.from_backup); a file with only some bad values keeps the good ones,
and a copy of it as it was is kept the same way. The game always starts. No pickle.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
import os
import re
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from game.core.protocol import STRENGTHS
from game.filewriter import Writer, backup_path, write_json_atomic  # noqa: F401  (write_json_atomic: public)
from game.rules import catalogue
from game.shapes import (Bad, Bool, Int, Json, ListOf, MapOf, Maybe, Num, OneOf, Record, Shape, Text, Tuple,
                         clean)

APP_NAME = "MahjongParlour"
FORMAT_VERSION = 1

ANIM_SPEEDS = (0.0, 0.5, 1.0, 1.5, 2.0)       # 0 = instant
MAX_FILE_BYTES = 64 * 1024 * 1024      # far above any real save; a bigger file is not one of ours
COUNTED_KEEP = 50        # finished games remembered per game, so a game is never counted twice


@dataclass
class Settings:
    anim_speed: float = 1.0
    fullscreen: bool = False
    window_scale: float = 1.0          # window size relative to 1280x720
    colourblind: bool = False
    volume: float = 0.7
    # Rule choices (claim timers, skipping calls) are each game's own options on its setup screen,
    # not settings; files that still hold the old claim_timer / skip_impossible_claims keys load fine.

    def checked(self) -> tuple["Settings", list[str]]:
        """A copy with every bad value replaced by its default, and what was replaced."""
        data, notes = clean(dataclasses.asdict(self), SETTINGS_SHAPE)
        return Settings(**data), notes


# ---------------------------------------------------------------------------- file shapes

SETTINGS_SHAPE = Record(
    {"anim_speed": OneOf(ANIM_SPEEDS), "fullscreen": Bool(), "window_scale": Num(0.5, 2.0),
     "colourblind": Bool(), "volume": Num(0.0, 1.0)},
    defaults=dataclasses.asdict(Settings()),
    # named as the Settings screen names them
    labels={"anim_speed": "animation speed", "fullscreen": "full screen", "window_scale": "window size",
            "colourblind": "colour-blind marks", "volume": "sound volume"})

# A saved match (the autosave and every replay): game.core.match.Match.to_json().
SEAT_SHAPE = Record({"kind": OneOf(("human", "bot")), "strength": OneOf(STRENGTHS),
                     "name": Text(200)},
                    defaults={"kind": "human", "strength": "normal", "name": ""}, repair=False)
SETUP_SHAPE = Record({"game": Text(40), "seats": ListOf(SEAT_SHAPE, min_len=1, max_len=16),
                      "options": MapOf(Json(8)), "seed": Int(), "deal": Maybe(Json(16))},
                     defaults={"options": {}, "seed": 0, "deal": None}, extra=True, repair=False)
MATCH_SHAPE = Record({"version": Int(), "setup": SETUP_SHAPE,
                      # a log entry's seat: 0..15, or -1 for chance (dice: game.core.protocol.CHANCE)
                      "log": ListOf(Tuple((Int(-1, 15), Text(100_000))), max_len=200_000),
                      "meta": MapOf(Json(8))},
                     defaults={"meta": {}}, extra=True, repair=False)

GAME_STATS_SHAPE = Record(
    {"played": Int(0), "won": Int(0), "best": Maybe(Num()),
     "challenges": ListOf(Text(), max_len=5_000, drop_bad=True),
     "counted": ListOf(Text(64), max_len=5_000, drop_bad=True)},
    defaults={"played": 0, "won": 0, "best": None, "challenges": [], "counted": []},
    labels={"played": "games played", "won": "games won", "best": "best score", "challenges": "challenges done",
            "counted": "games counted"})
_GAME_TITLES = {g.id: g.title for g in catalogue()}
STATS_SHAPE = MapOf(GAME_STATS_SHAPE, drop_bad=True, labels=_GAME_TITLES)


@dataclass(frozen=True)
class FileKind:
    what: str          # the player's name for the file
    shape: Shape
    instead: str       # what the game does when the whole file can't be used
    saving: str        # what could not be saved, when writing it fails
    # The previous copy (`<name>.bak`) stands in for a file that can't be used at all, when
    # `backup_fits` accepts its data (the autosave's backup may be a game already finished).
    from_backup: bool = False
    backup_fits: Callable[[Any], bool] = lambda data: True
    # Sense the shape can't check, across fields: mends the cleaned data, returns notes like clean's.
    settle: Callable[[Any], list[str]] = lambda data: []


def _won_counts_as_played(stats: dict) -> list[str]:
    """A game won was played: a played count reset below the games won by a repair is raised to them
    (the repair's note just said 'reset to 0', so this says what it became)."""
    notes = []
    for game_id, entry in stats.items():
        if entry["played"] < entry["won"]:
            entry["played"] = entry["won"]
            notes.append(f"'{_GAME_TITLES.get(game_id, game_id)} → games played' is counted as {entry['won']},"
                         " the games won")
    return notes


def _game_in_progress(data: Any) -> bool:
    """A saved match that replays and is not over: worth continuing (a finished game's last save
    is kept as the backup when it ends, and must not come back as a game to continue)."""
    from game.core.match import Match
    try:
        return not Match.from_json(data).finished
    except Exception:           # any damage the shape check let through: not a game to offer
        return False


FILES = {
    "settings": FileKind("settings", SETTINGS_SHAPE, "the default settings are used", "Your settings",
                         from_backup=True),
    "autosave": FileKind("saved game", MATCH_SHAPE, "there is no game to continue", "The game in progress",
                         from_backup=True, backup_fits=_game_in_progress),
    "statistics": FileKind("statistics", STATS_SHAPE, "your statistics start afresh", "Your statistics",
                           from_backup=True, settle=_won_counts_as_played),
    "replay": FileKind("replay", MATCH_SHAPE, "it is no longer listed", "The finished game's replay"),
}

_TEMP_FILE = re.compile(r".+\.json(\.bak)?\.[^.]+\.tmp")     # what filewriter leaves if killed mid-write


def game_key(match_json: dict) -> str:
    """A finished game's identity (its setup, moves and start id), so it is counted only once."""
    text = json.dumps(match_json, sort_keys=True, separators=(",", ":"))
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:16]


def _game_id(match_json: Any) -> Any:
    """Which game a save is (its setup and start id), whatever moves it holds."""
    try:
        return json.dumps([match_json.get("setup"), (match_json.get("meta") or {}).get("started")], sort_keys=True)
    except (AttributeError, TypeError, ValueError):
        return None


def _default_dirs() -> tuple[Path, Path]:
    import platformdirs
    return (Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
            Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)))


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def _parse(raw: bytes) -> Any:
    """The `data` of a Mahjong Parlour file; Bad (with a player's reason) for anything else."""
    if not raw.strip():
        raise Bad("it is empty")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise Bad("it holds bytes that are not text") from None
    try:
        doc = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise Bad("it is nested far too deeply to be one of the game's files") from None
    except json.JSONDecodeError as e:
        where = "it is cut short" if e.pos >= len(text.rstrip()) else f"it is garbled at line {e.lineno}"
        raise Bad(where) from None
    except ValueError:
        raise Bad("it holds a value the game can't read") from None
    if not isinstance(doc, dict) or "data" not in doc or "version" not in doc:
        raise Bad("it is not a Mahjong Parlour file")
    version = doc["version"]
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise Bad("it is not a Mahjong Parlour file")
    if version > FORMAT_VERSION:
        raise Bad(f"it was written by a newer version of Mahjong Parlour (format {version})")
    return doc["data"]


def _file_text(data: Any) -> str:
    return json.dumps({"version": FORMAT_VERSION, "app": APP_NAME, "data": data}, indent=1, sort_keys=True)


def _reason(error: Exception) -> str:
    return (getattr(error, "strerror", None) or str(error) or type(error).__name__).rstrip(".").lower()


class Store:
    """The player's files. `root` (tests, --data-dir) puts everything under one folder."""

    def __init__(self, root: Path | str | None = None):
        if root is None:
            self.config_dir, self.data_dir = _default_dirs()
        else:
            self.config_dir = self.data_dir = Path(root)
        self.problems: list[str] = []          # every reading problem, in order
        self._told = 0                         # how many of them take_problems() has handed out
        self._alerts: list[tuple[str, bool]] = []
        self._failing = False                  # the last write failed (told once)
        self._lock = threading.Lock()
        self._writer = Writer(self._on_write)
        self._replay_keys: dict[str, Path] = {}    # replays kept this session (maybe not yet on disk)
        self._remove_temp_files()
        raw = self._read("settings", self.settings_path)
        self.settings = Settings(**raw) if raw is not None else Settings()
        self._autosave: str | None = None      # the latest saved game, as written
        saved = self._read("autosave", self.autosave_path)
        if saved is not None:
            self._autosave = json.dumps(saved)
        self._autosave_game = _game_id(saved)  # which game that is (read here, not re-parsed at each move)
        self._stats: dict = self._read("statistics", self.stats_path) or {}

    # -- paths -------------------------------------------------------------------
    @property
    def settings_path(self) -> Path:
        return self.config_dir / "settings.json"

    @property
    def autosave_path(self) -> Path:
        return self.data_dir / "autosave.json"

    @property
    def stats_path(self) -> Path:
        return self.data_dir / "statistics.json"

    @property
    def replays_dir(self) -> Path:
        return self.data_dir / "replays"

    # -- messages for the player -----------------------------------------------------
    def take_problems(self) -> list[str]:
        """Reading problems not handed out before (the menu shows them at start-up)."""
        new = self.problems[self._told:]
        self._told = len(self.problems)
        return new

    def take_alerts(self) -> list[tuple[str, bool]]:
        """(message, good) about saving since the last call: a failure once, and its recovery."""
        with self._lock:
            alerts, self._alerts = self._alerts, []
        return alerts

    def _kind_of(self, path: Path) -> str:
        if path == self.settings_path:
            return "settings"
        if path == self.autosave_path:
            return "autosave"
        if path == self.stats_path:
            return "statistics"
        return "replay"

    def _on_write(self, path: Path, error: Exception | None) -> None:
        """Called on the writer thread after each attempt. Writes wait in order behind a failed
        one, so one message covers them all until saving works again."""
        with self._lock:
            if error is not None and not self._failing:
                self._failing = True
                what = FILES[self._kind_of(path)].saving
                self._alerts.append((f"{what} could not be saved in {path.parent} ({_reason(error)}). "
                                     "Nothing saved before is lost, and saving will be tried again.", False))
            elif error is None and self._failing:
                self._failing = False
                self._alerts.append(("Saving works again.", True))

    # -- writing -------------------------------------------------------------------
    def flush(self) -> bool:
        """Wait until every save asked for is on disk (or has failed once more); True if all written."""
        return self._writer.flush()

    def _write(self, path: Path, data: Any, fresh: bool = False) -> None:
        self._writer.write(path, _file_text(data), fresh=fresh)

    # -- the one reader: versioned JSON in its expected shape; the rest set aside -----
    def _read(self, kind: str, path: Path) -> Any:
        spec = FILES[kind]
        name = f"{spec.what} file" if kind != "replay" else f"replay {path.name}"
        try:
            raw = None if path.stat().st_size > MAX_FILE_BYTES else path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError as e:
            self.problems.append(f"Your {name} could not be opened ({_reason(e)}); {spec.instead}.")
            return None
        try:
            if raw is None:
                raise Bad("it is far too large to be one of the game's files")
            data, notes = clean(_parse(raw), spec.shape)
            notes += spec.settle(data)
        except Bad as e:
            kept, _ = self._set_aside(path, raw, move=True)
            backup, repaired = self._backup_of(spec, path) if spec.from_backup else (None, [])
            if backup is not None:
                more = " and more" if len(repaired) > 3 else ""
                fixed = f" Part of that copy was repaired ({'; '.join(repaired[:3])}{more})." if repaired else ""
                self.problems.append(f"Your {name} could not be used: {e}. {kept}, and its previous copy "
                                     f"({backup_path(path).name}) is used instead: only the latest change "
                                     f"may be missing.{fixed}")
                self._write(path, backup)
                return backup
            self.problems.append(f"Your {name} could not be used: {e}. {kept}, and {spec.instead}.")
            return None
        if notes:
            kept, safe = self._set_aside(path, raw, move=False)
            more = f" (and {len(notes) - 3} more)" if len(notes) > 3 else ""
            self.problems.append(f"Part of your {name} could not be used: " + "; ".join(notes[:3]) + more
                                 + f". The rest is kept. {kept}.")
            if safe:        # the repaired file replaces it, so the next start is clean
                self._write(path, data)
        return data

    def _backup_of(self, spec: FileKind, path: Path) -> tuple[Any, list[str]]:
        """The previous copy's data when it can be read, repaired as a live file would be, with what
        was repaired; (None, []) when it can't (left as it is). A repaired copy is still worth
        more than starting afresh: a file repaired at the last start leaves its bad original as the
        previous copy, and the next damage would otherwise lose every good value in it."""
        try:
            bak = backup_path(path)
            if bak.stat().st_size > MAX_FILE_BYTES:
                return None, []
            data, notes = clean(_parse(bak.read_bytes()), spec.shape)
            notes += spec.settle(data)
        except (OSError, Bad):
            return None, []
        return (data, notes) if spec.backup_fits(data) else (None, [])

    def _set_aside(self, path: Path, raw: bytes | None, move: bool) -> tuple[str, bool]:
        """Keep the file's bytes as `<name>.corrupt-<time>` (moved, or else a copy of `raw`):
        a sentence saying where they are, and whether they are kept."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = path.with_name(f"{path.name}.corrupt-{stamp}")
        n = 1
        while aside.exists():
            aside = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
            n += 1
        if move:
            try:
                os.replace(path, aside)
                return f"It was moved aside as {aside.name}", True
            except OSError:
                pass
        try:
            if raw is None:
                raise OSError("it could not be renamed")
            with open(aside, "xb") as f:
                f.write(raw)
            return f"A copy of it as it was is kept as {aside.name}", True
        except OSError as e:
            return f"It could not be moved aside ({_reason(e)}), so it was left as it is in {path.parent}", False

    def _remove_temp_files(self) -> None:
        """Temp files left by a save that was cut off (the app killed mid-write) are useless."""
        for folder in {self.config_dir, self.data_dir, self.replays_dir}:
            try:
                for p in folder.glob("*.tmp"):
                    if _TEMP_FILE.fullmatch(p.name):
                        p.unlink()
            except OSError:
                pass

    # -- settings ------------------------------------------------------------------
    def save_settings(self, settings: Settings | None = None) -> None:
        if settings is not None:
            self.settings = settings
        self._write(self.settings_path, dataclasses.asdict(self.settings))

    # -- autosave ------------------------------------------------------------------
    def has_autosave(self) -> bool:
        return self._autosave is not None

    def load_autosave(self) -> dict | None:
        """The saved game (checked when it was read), or None."""
        return None if self._autosave is None else json.loads(self._autosave)

    def save_autosave(self, match_json: dict) -> None:
        # A new game's first save drops the previous copy (the game it replaces, or a finished one):
        # a damaged save must never fall back to another game as "only the latest move missing".
        game = _game_id(match_json)
        new_game = self._autosave is None or game != self._autosave_game
        self._autosave, self._autosave_game = json.dumps(match_json), game
        self._write(self.autosave_path, match_json, fresh=new_game)

    def set_aside_autosave(self) -> str:
        """The saved game can't be opened after all (its moves don't replay): its bytes are kept
        aside, and Continue offers its previous copy when that is a game in progress, else nothing.
        Sentences saying where the bytes are and what Continue offers now."""
        self.flush()
        self._autosave = None
        try:
            raw = self.autosave_path.read_bytes()
        except OSError:
            return "It is no longer offered"
        kept = self._set_aside(self.autosave_path, raw, move=True)[0]
        backup, _ = self._backup_of(FILES["autosave"], self.autosave_path)
        if backup is None:
            return kept
        self._autosave, self._autosave_game = json.dumps(backup), _game_id(backup)
        self._write(self.autosave_path, backup)
        return (f"{kept}. Its previous copy ({backup_path(self.autosave_path).name}) can be continued instead: "
                "only the latest move may be missing")

    def clear_autosave(self) -> None:
        # The finished game's last save becomes the backup rather than being lost.
        self._autosave = None
        self._writer.retire(self.autosave_path)

    # -- statistics ------------------------------------------------------------------
    def stats(self) -> dict:
        return self._stats

    def _game_stats(self, game_id: str) -> dict:
        entry = self._stats.setdefault(game_id, {})
        for k, v in GAME_STATS_SHAPE.defaults.items():
            entry.setdefault(k, list(v) if isinstance(v, list) else v)
        return entry

    def record_game(self, game_id: str, won: bool, score: Any, key: str | None = None) -> bool:
        """Count a finished game; with `key` (game_key), a game already counted is not counted again."""
        entry = self._game_stats(game_id)
        if key is not None:
            if key in entry["counted"]:
                return False
            entry["counted"] = (entry["counted"] + [key])[-COUNTED_KEEP:]
        entry["played"] += 1
        entry["won"] += 1 if won else 0
        if isinstance(score, (int, float)) and not isinstance(score, bool) and math.isfinite(score) \
                and (entry["best"] is None or score > entry["best"]):
            entry["best"] = score
        self._write(self.stats_path, self._stats)
        return True

    def record_challenge(self, game_id: str, level_id: str) -> None:
        entry = self._game_stats(game_id)
        if level_id not in entry["challenges"]:
            entry["challenges"].append(level_id)
            self._write(self.stats_path, self._stats)

    # -- replays ---------------------------------------------------------------------
    def save_replay(self, name: str, match_json: dict, key: str | None = None,
                    summary: dict | None = None) -> Path:
        """Keep a finished game; with `key` (game_key), a game already kept is not kept twice.
        `summary` (who won, the scores, the date: scenes/replay.replay_summary) goes in the file
        beside the match, for the Replays list; loading the match ignores it."""
        if key is not None:
            found = self._replay_with(key)
            if found is not None:
                return found
        safe = re.sub(r"[^A-Za-z0-9_.-]+", "-", name).strip("-") or "replay"
        stem = f"{time.strftime('%Y%m%d-%H%M%S')}-{safe}" + (f"--{key}" if key else "")
        path, n = self.replays_dir / f"{stem}.json", 1
        while path.exists() or self._writer.pending(path):
            path, n = self.replays_dir / f"{stem}-{n}.json", n + 1
        self._write(path, match_json if summary is None else dict(match_json, summary=summary))
        if key is not None:
            self._replay_keys[key] = path
        return path

    def _replay_with(self, key: str) -> Path | None:
        if key in self._replay_keys:
            return self._replay_keys[key]
        try:
            return next(iter(self.replays_dir.glob(f"*--{key}.json")), None)
        except OSError:
            return None

    def list_replays(self) -> list[Path]:
        self.flush()
        if not self.replays_dir.exists():
            return []
        return sorted(p for p in self.replays_dir.glob("*.json"))

    def load_replay(self, path: Path) -> dict | None:
        """A replay checked against the saved-game shape; a bad one is set aside and reported."""
        self.flush()
        data = self._read("replay", Path(path))
        return data if isinstance(data, dict) else None
