"""The runtime sprite atlas: sheets + frame map made by tools/build_atlas.py (docs/atlas.md).

    atlas = Atlas.load()                      # assets/atlas/atlas.json and its PNG sheets
    atlas.frame("tile/B1")                    # 2x-pixel Surface (a cached subsurface; read-only!)
    atlas.frame("pyr/red-S/up", colourblind=True)   # the "+cb" variant when there is one
    atlas.size("tile/B1")                     # logical (1x) size: (48, 64)
    atlas.scaled("kard/C3", 75, 105)          # cached smoothscaled copy of exactly that size
    piece_frame("tile", "B3#2")               # a piece's frame name: "tile/B3"; its back for None

A frame that is missing from the map does not crash the game: it is drawn as a magenta
placeholder and logged once. A missing or corrupt atlas file raises AtlasError naming the file.
"""

from __future__ import annotations

import json
import logging
from collections import OrderedDict
from pathlib import Path

import pygame

ASSETS = Path(__file__).resolve().parents[2] / "assets"
ATLAS_DIR = ASSETS / "atlas"
FONT_DIR = ASSETS / "fonts"
INDEX_FILE = "atlas.json"
FORMAT = "mahjong-parlour-atlas"
SUPPORTED_VERSION = 1
CB_SUFFIX = "+cb"
PLACEHOLDER_COLOUR = (255, 0, 255, 255)
DEFAULT_LOGICAL = (48, 64)
SCALED_CACHE_LIMIT = 1024

log = logging.getLogger(__name__)


def piece_frame(family: str, code: str | None) -> str:
    """The atlas frame of a piece: `family/code` (a piece id's copy number "#n" dropped), or the
    family's back when the code is None (a piece the viewer may not see)."""
    if not code:
        return f"{family}/back"
    return f"{family}/{code.split('#', 1)[0]}"


class AtlasError(Exception):
    """The atlas could not be loaded; the message names the file at fault."""


def _has_display() -> bool:
    return bool(pygame.display.get_init() and pygame.display.get_surface() is not None)


class Atlas:
    def __init__(self, sheets: dict[str, pygame.Surface], frames: dict[str, dict], scale: int = 2,
                 directory: Path | None = None) -> None:
        self.sheets = sheets
        self.frames = frames
        self.scale = scale
        self.directory = directory
        self._cache: dict[str, pygame.Surface] = {}
        self._scaled: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._placeholders: dict[str, pygame.Surface] = {}
        self._warned: set[str] = set()

    # ------------------------------------------------------------------ loading
    @classmethod
    def load(cls, directory: str | Path | None = None) -> "Atlas":
        d = Path(directory) if directory is not None else ATLAS_DIR
        index = d / INDEX_FILE
        try:
            raw = index.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise AtlasError(f"sprite atlas index not found: {index} (run tools/build_atlas.py)") from None
        except OSError as e:
            raise AtlasError(f"cannot read sprite atlas index {index}: {e}") from None
        try:
            doc = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError) as e:
            raise AtlasError(f"sprite atlas index {index} is corrupt: {e}") from None
        if not isinstance(doc, dict) or doc.get("format") != FORMAT or not isinstance(doc.get("frames"), dict):
            raise AtlasError(f"{index} is not a Mahjong Parlour atlas index")
        if doc.get("version") != SUPPORTED_VERSION:
            raise AtlasError(f"{index} has atlas version {doc.get('version')!r}; "
                             f"this game reads version {SUPPORTED_VERSION}")
        scale = doc.get("scale", 2)
        frames: dict[str, dict] = {}
        needed: set[str] = set()
        for name, f in doc["frames"].items():
            try:
                rec = {k: int(f[k]) for k in ("x", "y", "w", "h", "lw", "lh")}
                rec["sheet"] = str(f["sheet"])
            except (KeyError, TypeError, ValueError):
                raise AtlasError(f"{index}: frame {name!r} is malformed") from None
            rec.update({k: v for k, v in f.items() if k not in rec})
            frames[name] = rec
            needed.add(rec["sheet"])
        convert = _has_display()
        sheets: dict[str, pygame.Surface] = {}
        for sheet in sorted(needed):
            path = d / sheet
            if not path.is_file():
                raise AtlasError(f"sprite atlas sheet not found: {path}")
            try:
                surf = pygame.image.load(str(path))
            except (pygame.error, OSError, ValueError) as e:
                raise AtlasError(f"sprite atlas sheet {path} is corrupt: {e}") from None
            sheets[sheet] = surf.convert_alpha() if convert else surf
        for name, rec in frames.items():
            sw, sh = sheets[rec["sheet"]].get_size()
            if rec["x"] < 0 or rec["y"] < 0 or rec["w"] <= 0 or rec["h"] <= 0 \
                    or rec["x"] + rec["w"] > sw or rec["y"] + rec["h"] > sh:
                raise AtlasError(f"{index}: frame {name!r} lies outside {d / rec['sheet']} ({sw}x{sh})")
        return cls(sheets, frames, scale, d)

    def convert(self) -> None:
        """Convert the sheets to the display format (call once after the window exists if the
        atlas was loaded before it); drops the caches."""
        if not _has_display():
            return
        self.sheets = {k: s.convert_alpha() for k, s in self.sheets.items()}
        self._cache.clear()
        self._scaled.clear()

    # ------------------------------------------------------------------ queries
    def has(self, name: str) -> bool:
        return name in self.frames

    def names(self) -> list[str]:
        """Every frame name, "+cb" variants included, sorted."""
        return sorted(self.frames)

    def meta(self, name: str) -> dict:
        """Extra data of a frame, e.g. {"pad": 8} for shadows or {"slice": [l, t, r, b]} (logical px)."""
        rec = self.frames.get(name)
        if rec is None:
            return {}
        return {k: v for k, v in rec.items() if k not in ("sheet", "x", "y", "w", "h", "lw", "lh")}

    def _resolve(self, name: str, colourblind: bool) -> str:
        if colourblind and not name.endswith(CB_SUFFIX) and name + CB_SUFFIX in self.frames:
            return name + CB_SUFFIX
        return name

    def size(self, name: str) -> tuple[int, int]:
        """Logical (1x) size of a frame."""
        rec = self.frames.get(name)
        if rec is None:
            self._warn(name)
            return self._guess_size(name)
        return rec["lw"], rec["lh"]

    def frame(self, name: str, colourblind: bool = False) -> pygame.Surface:
        """The frame at atlas resolution (2 px per logical px). Shared: do not draw on it."""
        key = self._resolve(name, colourblind)
        s = self._cache.get(key)
        if s is not None:
            return s
        rec = self.frames.get(key)
        if rec is None:
            return self._placeholder(key)
        s = self.sheets[rec["sheet"]].subsurface((rec["x"], rec["y"], rec["w"], rec["h"]))
        self._cache[key] = s
        return s

    def scaled(self, name: str, w: int, h: int, colourblind: bool = False) -> pygame.Surface:
        """The frame smoothscaled to exactly w x h pixels (cached, least recently used dropped)."""
        w, h = int(round(w)), int(round(h))
        key = (self._resolve(name, colourblind), w, h)
        s = self._scaled.get(key)
        if s is not None:
            self._scaled.move_to_end(key)
            return s
        src = self.frame(name, colourblind)
        if w <= 0 or h <= 0:
            s = pygame.Surface((max(0, w), max(0, h)), pygame.SRCALPHA)
        elif src.get_size() == (w, h):
            s = src
        else:
            s = pygame.transform.smoothscale(src, (w, h))
        self._scaled[key] = s
        if len(self._scaled) > SCALED_CACHE_LIMIT:
            self._scaled.popitem(last=False)
        return s

    # ------------------------------------------------------------------ missing frames
    def _warn(self, name: str) -> None:
        if name not in self._warned:
            self._warned.add(name)
            log.warning("sprite atlas has no frame %r; drawing a placeholder", name)

    def _guess_size(self, name: str) -> tuple[int, int]:
        """A missing frame takes the logical size of a sibling (same prefix) when there is one."""
        prefix = name.split("/", 1)[0] + "/"
        for other in sorted(self.frames):
            if other.startswith(prefix):
                return self.frames[other]["lw"], self.frames[other]["lh"]
        return DEFAULT_LOGICAL

    def _placeholder(self, name: str) -> pygame.Surface:
        s = self._placeholders.get(name)
        if s is None:
            self._warn(name)
            lw, lh = self._guess_size(name)
            w, h = lw * self.scale, lh * self.scale
            s = pygame.Surface((w, h), pygame.SRCALPHA)
            s.fill(PLACEHOLDER_COLOUR)
            dark = (90, 0, 90, 255)
            pygame.draw.rect(s, dark, s.get_rect(), max(2, w // 16))
            pygame.draw.line(s, dark, (0, 0), (w - 1, h - 1), max(2, w // 24))
            pygame.draw.line(s, dark, (w - 1, 0), (0, h - 1), max(2, w // 24))
            self._placeholders[name] = s
        return s
