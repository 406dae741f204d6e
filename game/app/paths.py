"""Where the app finds its shipped files (assets, levels, rules texts)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ASSETS_DIR = ROOT / "assets"
ATLAS_DIR = ASSETS_DIR / "atlas"
FONTS_DIR = ASSETS_DIR / "fonts"
LEVELS_DIR = ROOT / "levels"
RULES_TEXT_DIR = Path(__file__).resolve().parents[1] / "rulestext"
