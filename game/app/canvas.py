"""Canvas: every screen draws in logical 1600x900 coordinates; the canvas maps them to window pixels.

The logical area is scaled uniformly to fit the window and centred (letterbox); the bars are
filled by whatever full-screen background a scene draws, so the game fills any window shape.
Text is rendered at the physical pixel size (never scaled as a bitmap) so it stays crisp, and
atlas frames are scaled once per physical size and cached.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from contextlib import contextmanager
from typing import Iterator, Sequence

import pygame

from game.app import fonts, theme

Colour = Sequence[int]
RectLike = pygame.Rect | pygame.FRect | Sequence[float]

ANCHORS = ("topleft", "midtop", "topright", "midleft", "center", "midright",
           "bottomleft", "midbottom", "bottomright")


class _Lru(OrderedDict):
    """A small least-recently-used cache for rendered text and scaled frames."""

    def __init__(self, limit: int):
        super().__init__()
        self.limit = limit

    def get_or(self, key, make):
        if key in self:
            self.move_to_end(key)
            return self[key]
        value = make()
        self[key] = value
        if len(self) > self.limit:
            self.popitem(last=False)
        return value


def _as_rect(r: RectLike) -> pygame.FRect:
    return pygame.FRect(r)


class Canvas:
    def __init__(self, target: pygame.Surface, atlas=None, logical: tuple[int, int] = theme.LOGICAL_SIZE,
                 colourblind: bool = False):
        self.logical = logical
        self.atlas = atlas
        self.colourblind = colourblind
        self._text = _Lru(800)
        self._frames = _Lru(900)
        self._panels = _Lru(400)
        self._felt: tuple[tuple[int, int], pygame.Surface] | None = None
        self.target = target
        self.scale = 1.0
        self.offset = (0, 0)
        self.retarget(target)

    # ------------------------------------------------------------------ geometry
    def retarget(self, target: pygame.Surface) -> None:
        """Follow a new or resized window surface; caches tied to the old scale are dropped."""
        self.target = target
        w, h = target.get_size()
        self._target_size = (w, h)
        lw, lh = self.logical
        scale = max(0.01, min(w / lw, h / lh))
        if abs(scale - self.scale) > 1e-9:
            self._text.clear()
            self._frames.clear()
            self._panels.clear()
        self.scale = scale
        self.offset = (int(round((w - lw * scale) / 2)), int(round((h - lh * scale) / 2)))

    def sync(self, target: pygame.Surface) -> None:
        """Cheap per-frame check: retarget only when the surface or its size changed."""
        # pygame may resize the same display Surface object in place, so compare sizes too
        if target is not self.target or target.get_size() != self._target_size:
            self.retarget(target)

    @property
    def drawable(self) -> bool:
        w, h = self.target.get_size()
        return w > 0 and h > 0

    def px(self, v: float) -> int:
        return int(round(v * self.scale))

    def to_px(self, x: float, y: float) -> tuple[int, int]:
        return (int(round(self.offset[0] + x * self.scale)), int(round(self.offset[1] + y * self.scale)))

    def rect_px(self, r: RectLike) -> pygame.Rect:
        r = _as_rect(r)
        x0, y0 = self.to_px(r.left, r.top)
        x1, y1 = self.to_px(r.right, r.bottom)
        return pygame.Rect(x0, y0, max(0, x1 - x0), max(0, y1 - y0))

    def to_logical(self, px: float, py: float) -> tuple[float, float]:
        return ((px - self.offset[0]) / self.scale, (py - self.offset[1]) / self.scale)

    def screen_rect(self) -> pygame.FRect:
        """The whole window in logical coordinates (wider or taller than 1600x900 when letterboxed)."""
        w, h = self.target.get_size()
        x0, y0 = self.to_logical(0, 0)
        return pygame.FRect(x0, y0, w / self.scale, h / self.scale)

    @property
    def rect(self) -> pygame.FRect:
        return pygame.FRect(0, 0, *self.logical)

    # ------------------------------------------------------------------ plain shapes
    def clear(self, colour: Colour = theme.LETTERBOX) -> None:
        self.target.fill(colour)

    def fill(self, colour: Colour, r: RectLike | None = None, radius: float = 0) -> None:
        """A filled (optionally rounded) rectangle; colours with alpha blend over what is there."""
        pr = self.target.get_rect() if r is None else self.rect_px(r)
        if pr.width <= 0 or pr.height <= 0:
            return
        if len(colour) == 4 and colour[3] < 255:
            self.target.blit(self.panel_surface(pr.size, colour, radius), pr.topleft)
        else:
            pygame.draw.rect(self.target, colour[:3], pr, border_radius=self.px(radius) if radius else 0)

    def panel_surface(self, size: tuple[int, int], fill: Colour, radius: float = 0, edge: Colour | None = None,
                      width: float = 1.5) -> pygame.Surface:
        """A translucent rounded panel of this pixel size, fill and edge, drawn once and kept: tables draw
        dozens of panels every frame, and building each afresh costs more than the pieces on them."""
        rad, w = self.px(radius), max(1, self.px(width))
        key = (tuple(size), tuple(fill), tuple(edge) if edge else None, rad, w if edge else 0)

        def make() -> pygame.Surface:
            surf = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(surf, fill, surf.get_rect(), border_radius=rad)
            if edge:
                pygame.draw.rect(surf, edge, surf.get_rect(), w, border_radius=rad)
            return surf
        return self._panels.get_or(key, make)

    def box(self, r: RectLike, fill: Colour, edge: Colour | None = None, radius: float = 0,
            width: float = 1.5) -> None:
        """A translucent rounded box (fill and edge on one cached layer); see panel_surface."""
        pr = self.rect_px(r)
        if pr.width <= 0 or pr.height <= 0:
            return
        self.target.blit(self.panel_surface(pr.size, fill, radius, edge, width), pr.topleft)

    def outline(self, colour: Colour, r: RectLike, width: float = 2, radius: float = 0) -> None:
        pr = self.rect_px(r)
        w = max(1, self.px(width))
        rad = self.px(radius) if radius else 0
        if len(colour) == 4 and colour[3] < 255:
            layer = pygame.Surface(pr.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, colour, layer.get_rect(), w, border_radius=rad)
            self.target.blit(layer, pr.topleft)
        else:
            pygame.draw.rect(self.target, colour[:3], pr, w, border_radius=rad)

    def line(self, colour: Colour, a: tuple[float, float], b: tuple[float, float], width: float = 1) -> None:
        pygame.draw.line(self.target, colour[:3], self.to_px(*a), self.to_px(*b), max(1, self.px(width)))

    def circle(self, colour: Colour, centre: tuple[float, float], radius: float, width: float = 0) -> None:
        w = 0 if not width else max(1, self.px(width))
        pygame.draw.circle(self.target, colour[:3], self.to_px(*centre), max(1, self.px(radius)), w)

    def polygon(self, colour: Colour, points: Sequence[tuple[float, float]], width: float = 0) -> None:
        w = 0 if not width else max(1, self.px(width))
        pygame.draw.polygon(self.target, colour[:3], [self.to_px(*p) for p in points], w)

    def shade(self, colour: Colour = (0, 0, 0, 140)) -> None:
        """Dim everything already drawn (under a dialog)."""
        self.fill(colour)

    def panel(self, r: RectLike, colour: Colour = theme.PANEL, edge: Colour | None = theme.PANEL_EDGE,
              radius: float = theme.RADIUS) -> None:
        """The calm rounded panel every screen uses for text and controls."""
        self.fill(colour, r, radius)
        if edge is not None:
            self.outline(edge, r, 1.5, radius)

    # ------------------------------------------------------------------ background
    def felt(self) -> None:
        """Felt over the whole window (bars included): the atlas tile, a green fill without it."""
        size = self.target.get_size()
        if self._felt is None or self._felt[0] != size:
            self._felt = (size, self._make_felt(size))
        self.target.blit(self._felt[1], (0, 0))

    def table_felt(self) -> None:
        """The table: felt with a wooden rail round the logical area (pieces stay inside it)."""
        self.felt()
        w, h = self.logical
        rw = theme.RAIL_WIDTH
        outer = (-rw * 0.5, -rw * 0.5, w + rw, h + rw)
        # The rail: a dark outer edge, the wood, a lighter bevel on the inside, then a shadow on the felt.
        self.outline(theme.RAIL_DARK, outer, rw * 1.5 + 4, rw)
        self.outline(theme.RAIL, outer, rw * 1.5, rw)
        # grain: thin lines a shade darker and lighter than the wood, following the rail round
        for inset, shade in ((3, -16), (7, 12), (11, -10), (15, 8)):
            grain = tuple(max(0, min(255, c + shade)) for c in theme.RAIL)
            self.outline(grain, (inset, inset, w - 2 * inset, h - 2 * inset), 1, rw - inset)
        self.outline(theme.RAIL_LIGHT, (rw - 3, rw - 3, w - 2 * rw + 6, h - 2 * rw + 6), 3, 10)
        self.outline((0, 0, 0, 70), (rw, rw, w - 2 * rw, h - 2 * rw), 4, 8)

    def _make_felt(self, size: tuple[int, int]) -> pygame.Surface:
        surf = pygame.Surface(size)
        surf.fill(theme.FELT)
        tile = None
        if self.atlas is not None:
            try:
                if self.atlas.has("ui/felt"):
                    lw, lh = self.atlas.size("ui/felt")
                    tile = self._scaled_frame("ui/felt", max(1, self.px(lw)), max(1, self.px(lh)), False)
            except Exception:       # a damaged atlas must not stop the table being drawn
                tile = None
        if tile is not None:
            tw, th = tile.get_size()
            for y in range(0, size[1], th):
                for x in range(0, size[0], tw):
                    surf.blit(tile, (x, y))
        surf.blit(_vignette(size), (0, 0))
        return surf

    # ------------------------------------------------------------------ text
    def _font(self, size: float, bold: bool) -> pygame.font.Font:
        return fonts.font(max(4, int(round(size * self.scale))), bold)

    def measure(self, text: str, size: float = theme.BODY, bold: bool = False) -> tuple[float, float]:
        """Logical width and height the text takes (measured at the real pixel size)."""
        f = self._font(size, bold)
        w, h = f.size(text) if text else (0, f.get_linesize())
        return (w / self.scale, h / self.scale)

    def line_height(self, size: float = theme.BODY, bold: bool = False) -> float:
        return self._font(size, bold).get_linesize() / self.scale

    def wrap(self, text: str, width: float, size: float = theme.BODY, bold: bool = False) -> list[str]:
        """Split text into lines no wider than `width` logical pixels (words kept whole)."""
        out: list[str] = []
        for para in text.split("\n"):
            words = para.split(" ")
            line = ""
            for word in words:
                trial = word if not line else f"{line} {word}"
                if self.measure(trial, size, bold)[0] <= width or not line:
                    line = trial
                else:
                    out.append(line)
                    line = word
            out.append(line)
        return out

    def _render(self, text: str, size: float, colour: Colour, bold: bool) -> pygame.Surface:
        px = max(4, int(round(size * self.scale)))
        key = (text, px, bold, tuple(colour[:3]))
        return self._text.get_or(key, lambda: fonts.font(px, bold).render(text, True, colour[:3]))

    def text(self, text: str, pos: tuple[float, float], size: float = theme.BODY, colour: Colour = theme.TEXT,
             bold: bool = False, anchor: str = "topleft", alpha: int = 255,
             max_width: float | None = None, min_size: float | None = None) -> pygame.FRect:
        """Draw one line of text; returns the logical rect it covers. Too-long text is set smaller, down
        to `min_size` (by default one pixel smaller), and only then gets an ellipsis."""
        if max_width is not None and text and self.measure(text, size, bold)[0] > max_width:
            # Text is set at a whole pixel size, so at some window sizes a line that fits at others is a
            # few per cent wider (1280x720 cut "Last of kind"): always try a pixel smaller first.
            px = int(round(size * self.scale))
            least = px - 1 if min_size is None else int(round(min_size * self.scale))
            least = max(8, min(px - 1, least))
            for p in range(px - 1, least - 1, -1):
                if self.measure(text, p / self.scale, bold)[0] <= max_width:
                    size = p / self.scale
                    break
            else:
                text = self.ellipsize(text, max_width, size, bold)
        surf = self._render(text, size, colour, bold)
        if len(colour) == 4:
            alpha = min(alpha, colour[3])
        if alpha < 255:
            surf = surf.copy()
            surf.set_alpha(max(0, alpha))
        x, y = self.to_px(*pos)
        r = surf.get_rect(**{anchor: (x, y)})
        self.target.blit(surf, r)
        lx, ly = self.to_logical(r.x, r.y)
        return pygame.FRect(lx, ly, r.width / self.scale, r.height / self.scale)

    def ellipsize(self, text: str, width: float, size: float, bold: bool = False) -> str:
        while text and self.measure(text + "…", size, bold)[0] > width:
            text = text[:-1]
        return text.rstrip() + "…"

    def paragraph(self, text: str, r: RectLike, size: float = theme.BODY, colour: Colour = theme.TEXT,
                  bold: bool = False, align: str = "left", spacing: float = 1.0) -> float:
        """Wrapped text inside a rect's width, starting at its top; returns the height used."""
        r = _as_rect(r)
        y = r.top
        lh = self.line_height(size, bold) * spacing
        for line in self.wrap(text, r.width, size, bold):
            if align == "center":
                self.text(line, (r.centerx, y), size, colour, bold, "midtop")
            else:
                self.text(line, (r.left, y), size, colour, bold)
            y += lh
        return y - r.top

    # ------------------------------------------------------------------ atlas frames
    def has_piece(self, name: str) -> bool:
        try:
            return self.atlas is not None and self.atlas.has(name)
        except Exception:
            return False

    def piece_size(self, name: str, fallback: tuple[float, float] = (60, 80)) -> tuple[float, float]:
        """Logical size of an atlas frame (a plausible size when the atlas or frame is missing)."""
        if self.has_piece(name):
            try:
                return tuple(self.atlas.size(name))
            except Exception:
                pass
        return _fallback_size(name, fallback)

    def _scaled_frame(self, name: str, pw: int, ph: int, cb: bool, angle: int = 0) -> pygame.Surface:
        def make() -> pygame.Surface:
            if hasattr(self.atlas, "scaled"):
                surf = self.atlas.scaled(name, pw, ph, colourblind=cb)
            else:
                surf = pygame.transform.smoothscale(self.atlas.frame(name, colourblind=cb), (pw, ph))
            if angle:
                surf = pygame.transform.rotate(surf, angle)
            return surf
        return self._frames.get_or((name, pw, ph, cb, angle), make)

    def piece(self, name: str, r: RectLike, colourblind: bool | None = None, alpha: int = 255,
              angle: int = 0) -> None:
        """Draw an atlas frame into a logical rect (angle in multiples of 90 turns it).

        A missing atlas or frame draws a labelled placeholder instead of failing, so one
        missing picture never takes the game down.
        """
        r = _as_rect(r)
        pr = self.rect_px(r)
        if pr.width <= 0 or pr.height <= 0:
            return
        cb = self.colourblind if colourblind is None else colourblind
        surf = None
        if self.has_piece(name):
            sw, sh = (pr.height, pr.width) if angle % 180 else (pr.width, pr.height)
            try:
                surf = self._scaled_frame(name, sw, sh, cb, angle % 360)
            except Exception:
                surf = None
        if surf is None:
            self._placeholder(name, r)
            return
        if alpha < 255:
            surf = surf.copy()
            surf.set_alpha(max(0, alpha))
        self.target.blit(surf, pr.topleft)

    def piece_at(self, name: str, pos: tuple[float, float], height: float, anchor: str = "topleft",
                 colourblind: bool | None = None, alpha: int = 255) -> pygame.FRect:
        """Draw a frame at a given logical height, keeping its aspect ratio; returns its rect."""
        w, h = self.piece_size(name)
        width = w * height / h
        r = pygame.FRect(0, 0, width, height)
        setattr(r, anchor, pos)
        self.piece(name, r, colourblind, alpha)
        return r

    def _placeholder(self, name: str, r: pygame.FRect) -> None:
        self.fill((232, 226, 206), r, radius=min(r.width, r.height) * 0.12)
        self.outline((120, 110, 90), r, 1.5, radius=min(r.width, r.height) * 0.12)
        label = name.split("/", 1)[-1]
        size = max(8.0, min(r.height * 0.28, r.width * 0.9 / max(1, len(label)) * 1.7))
        self.text(label, r.center, size, theme.TEXT_DARK, True, "center")

    @contextmanager
    def inset(self, r: RectLike) -> Iterator[None]:
        """Draw the whole logical area shrunk (uniformly, centred) into the logical rect `r`, e.g. a
        table above a bar of controls. Caches are keyed by pixel size, so nothing is dropped."""
        r = _as_rect(r)
        lw, lh = self.logical
        k = min(r.width / lw, r.height / lh)
        old = (self.scale, self.offset)
        x, y = self.to_px(r.centerx - lw * k / 2, r.centery - lh * k / 2)
        self.scale, self.offset = self.scale * k, (x, y)
        try:
            yield
        finally:
            self.scale, self.offset = old

    # ------------------------------------------------------------------ clipping
    @contextmanager
    def clip(self, r: RectLike) -> Iterator[None]:
        """Restrict drawing to a logical rect (nested clips intersect)."""
        old = self.target.get_clip()
        self.target.set_clip(self.rect_px(r).clip(old))
        try:
            yield
        finally:
            self.target.set_clip(old)


def _fallback_size(name: str, fallback: tuple[float, float]) -> tuple[float, float]:
    """Rough shapes for placeholders so layouts look right before the atlas exists."""
    kind = name.split("/", 1)[0]
    if kind == "tile":
        return (56, 74)
    if kind in ("kard", "mint"):
        return (60, 84)
    if kind == "pyr":
        size = name.split("-")[-1][:1] if "-" in name else "M"
        h = {"S": 46, "M": 60, "L": 76}.get(size, 60)
        return (h * 0.8, h) if not name.endswith("tipped") else (h, h * 0.6)
    if kind == "cover":
        return (52, 66) if "-M" in name else (64, 82)
    if kind in ("d6", "d8"):
        return (48, 48)
    return fallback


_VIGNETTES: dict[tuple[int, int], pygame.Surface] = {}


def _vignette(size: tuple[int, int]) -> pygame.Surface:
    """A soft darkening towards the edges, drawn small and smooth-scaled (cheap at any size)."""
    if size in _VIGNETTES:
        return _VIGNETTES[size]
    sw, sh = 96, 54
    small = pygame.Surface((sw, sh), pygame.SRCALPHA)
    cx, cy = (sw - 1) / 2, (sh - 1) / 2
    for y in range(sh):
        for x in range(sw):
            d = math.hypot((x - cx) / cx, (y - cy) / cy) / math.sqrt(2)
            a = int(max(0.0, d - 0.35) / 0.65 * 120)
            small.set_at((x, y), (0, 0, 0, min(255, a)))
    out = pygame.transform.smoothscale(small, (max(1, size[0]), max(1, size[1])))
    if len(_VIGNETTES) > 4:
        _VIGNETTES.clear()
    _VIGNETTES[size] = out
    return out
