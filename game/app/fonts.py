"""One sans face at any pixel size, cached, so text is rendered at the window's real size.

The shipped font lives in assets/fonts/ (DejaVu Sans, open licence). If it is missing we try
the same face installed on the system, and finally pygame's built-in font, so the game still
starts and says what is wrong instead of crashing.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.app.paths import FONTS_DIR

REGULAR_FILE = "DejaVuSans.ttf"
BOLD_FILE = "DejaVuSans-Bold.ttf"


@lru_cache(maxsize=4)
def font_path(bold: bool) -> str | None:
    shipped = FONTS_DIR / (BOLD_FILE if bold else REGULAR_FILE)
    if shipped.exists():
        return str(shipped)
    try:
        found = pygame.font.match_font("dejavusans", bold=bold)
    except Exception:       # fontconfig missing or broken: fall through to the default font
        found = None
    return found or None


@lru_cache(maxsize=128)
def font(px: int, bold: bool = False) -> pygame.font.Font:
    """The UI font at `px` pixels (physical); sizes are cached because rendering asks often."""
    if not pygame.font.get_init():
        pygame.font.init()
    px = max(4, int(px))
    path = font_path(bold)
    f = pygame.font.Font(path, px)          # path None = pygame's default font
    if path is None and bold:
        f.bold = True
    return f


def using_fallback() -> bool:
    return font_path(False) is None or not (FONTS_DIR / REGULAR_FILE).exists()


def reset() -> None:
    """Forget cached fonts: they die with pygame.quit(), and a new App may start after one."""
    font.cache_clear()
