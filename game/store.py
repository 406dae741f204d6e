"""Settings, autosave, statistics and replays on disk.

Everything is versioned JSON under platformdirs' user directories, written atomically
(temp file, fsync, rename) with the previous copy kept as `<name>.bak`. A damaged,
truncated or future-version file is moved aside as `<name>.corrupt-<time>`, the user is
told (`Store.problems`), and defaults are used: the game always starts. No pickle.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

APP_NAME = "MahjongParlour"
FORMAT_VERSION = 1

ANIM_SPEEDS = (0.0, 0.5, 1.0, 1.5, 2.0)       # 0 = instant


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
        default, fixed, notes = Settings(), Settings(**dataclasses.asdict(self)), []
        rules = {
            "anim_speed": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and v in ANIM_SPEEDS,
            "fullscreen": lambda v: isinstance(v, bool),
            "window_scale": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and 0.5 <= v <= 2.0,
            "colourblind": lambda v: isinstance(v, bool),
            "volume": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and 0.0 <= v <= 1.0,
        }
        for name, ok in rules.items():
            if not ok(getattr(fixed, name)):
                notes.append(f"setting {name} had a bad value {getattr(fixed, name)!r}; using {getattr(default, name)!r}")
                setattr(fixed, name, getattr(default, name))
        return fixed, notes


def _default_dirs() -> tuple[Path, Path]:
    import platformdirs
    return (Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
            Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)))


def write_json_atomic(path: Path, payload: Any) -> None:
    """Temp file in the same folder, fsync, keep the old copy as .bak, then rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(payload, indent=1, sort_keys=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if path.exists():
            os.replace(path, path.with_name(path.name + ".bak"))
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


class Store:
    """The player's files. `root` (tests, --data-dir) puts everything under one folder."""

    def __init__(self, root: Path | str | None = None):
        if root is None:
            self.config_dir, self.data_dir = _default_dirs()
        else:
            self.config_dir = self.data_dir = Path(root)
        self.problems: list[str] = []
        raw = self._read("settings", self.config_dir / "settings.json")
        self.settings = self._settings_from(raw)
        self._stats: dict | None = None

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

    # -- the one reader: versioned JSON, damaged files set aside ------------------
    def _read(self, what: str, path: Path) -> Any:
        if not path.exists():
            return None
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(doc, dict) or "version" not in doc or "data" not in doc:
                raise ValueError("it is not a Mahjong Parlour file")
            if not isinstance(doc["version"], int) or doc["version"] > FORMAT_VERSION:
                raise ValueError(f"it was written by a newer version (format {doc['version']!r})")
            return doc["data"]
        except (OSError, UnicodeDecodeError, ValueError) as e:
            aside = self._set_aside(path)
            self.problems.append(f"Your {what} file could not be read ({e}). "
                                 f"It was moved aside to {aside.name} and a fresh one is used.")
            return None

    def _set_aside(self, path: Path) -> Path:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = path.with_name(f"{path.name}.corrupt-{stamp}")
        n = 1
        while aside.exists():
            aside = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
            n += 1
        try:
            os.replace(path, aside)
        except OSError:
            pass
        return aside

    def _write(self, path: Path, data: Any) -> None:
        write_json_atomic(path, {"version": FORMAT_VERSION, "app": APP_NAME, "data": data})

    # -- settings ------------------------------------------------------------------
    def _settings_from(self, raw: Any) -> Settings:
        if raw is None:
            return Settings()
        if not isinstance(raw, dict):
            self.problems.append("Your settings file held no settings; defaults are used.")
            return Settings()
        known = {f.name for f in dataclasses.fields(Settings)}
        settings = Settings(**{k: v for k, v in raw.items() if k in known})
        settings, notes = settings.checked()
        if notes:
            self.problems.append("Some settings were out of range and were reset: " + "; ".join(notes) + ".")
        return settings

    def save_settings(self, settings: Settings | None = None) -> None:
        if settings is not None:
            self.settings = settings
        self._write(self.settings_path, dataclasses.asdict(self.settings))

    # -- autosave ------------------------------------------------------------------
    def has_autosave(self) -> bool:
        return self.autosave_path.exists()

    def load_autosave(self) -> dict | None:
        data = self._read("saved game", self.autosave_path)
        return data if isinstance(data, dict) else None

    def save_autosave(self, match_json: dict) -> None:
        self._write(self.autosave_path, match_json)

    def clear_autosave(self) -> None:
        if self.autosave_path.exists():
            # Keep the finished game's last save as the backup rather than losing it.
            os.replace(self.autosave_path, self.autosave_path.with_name("autosave.json.bak"))

    # -- statistics ------------------------------------------------------------------
    def stats(self) -> dict:
        if self._stats is None:
            raw = self._read("statistics", self.stats_path)
            self._stats = raw if isinstance(raw, dict) else {}
        return self._stats

    def _game_stats(self, game_id: str) -> dict:
        entry = self.stats().setdefault(game_id, {})
        entry.setdefault("played", 0)
        entry.setdefault("won", 0)
        entry.setdefault("best", None)
        entry.setdefault("challenges", [])
        return entry

    def record_game(self, game_id: str, won: bool, score: Any) -> None:
        entry = self._game_stats(game_id)
        entry["played"] += 1
        entry["won"] += 1 if won else 0
        if isinstance(score, (int, float)) and (entry["best"] is None or score > entry["best"]):
            entry["best"] = score
        self._write(self.stats_path, self.stats())

    def record_challenge(self, game_id: str, level_id: str) -> None:
        entry = self._game_stats(game_id)
        if level_id not in entry["challenges"]:
            entry["challenges"].append(level_id)
        self._write(self.stats_path, self.stats())

    # -- replays ---------------------------------------------------------------------
    def save_replay(self, name: str, match_json: dict) -> Path:
        safe = re.sub(r"[^A-Za-z0-9_.-]+", "-", name).strip("-") or "replay"
        path = self.replays_dir / f"{time.strftime('%Y%m%d-%H%M%S')}-{safe}.json"
        self._write(path, match_json)
        return path

    def list_replays(self) -> list[Path]:
        if not self.replays_dir.exists():
            return []
        return sorted(p for p in self.replays_dir.glob("*.json"))

    def load_replay(self, path: Path) -> dict | None:
        data = self._read("replay", Path(path))
        return data if isinstance(data, dict) else None
