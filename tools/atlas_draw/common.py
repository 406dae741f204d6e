"""Drawing primitives shared by the atlas painters.

Every frame is painted on a `Canvas` in *logical* (1x) coordinates. The canvas is SS = 4 device
pixels per logical pixel and is box-filtered down to the atlas resolution (2 px per logical px),
which gives anti-aliasing to pygame.draw's hard-edged shapes without numpy.

The transparent background of a canvas carries the colour of the piece's outer edge (alpha 0):
smoothscale does not premultiply alpha, so edge pixels then blend towards the right colour
instead of towards black.
"""

from __future__ import annotations

import math
import os
import random
import shutil
import subprocess
from pathlib import Path

import pygame
import pygame.freetype

SS = 4          # canvas pixels per logical pixel
OUT = 2         # atlas pixels per logical pixel

REPO = Path(__file__).resolve().parents[2]
FONT_DIR = REPO / "assets" / "fonts"

Colour = tuple


# --------------------------------------------------------------------------- colour maths

def mix(a: Colour, b: Colour, t: float) -> tuple:
    """Linear blend of two colours (3 or 4 channels); t=0 gives a, t=1 gives b."""
    n = min(len(a), len(b))
    return tuple(max(0, min(255, round(a[i] + (b[i] - a[i]) * t))) for i in range(n))


def shade(c: Colour, f: float) -> tuple:
    """f < 0 darkens towards black, f > 0 lightens towards white."""
    rgb = c[:3]
    out = mix(rgb, (0, 0, 0), -f) if f < 0 else mix(rgb, (255, 255, 255), f)
    return out + tuple(c[3:4])


def with_alpha(c: Colour, a: int) -> tuple:
    return (c[0], c[1], c[2], max(0, min(255, int(a))))


# --------------------------------------------------------------------------- fonts

CJK_CANDIDATES = [
    # (path, face index); index 3 of the Noto CJK collections is the Traditional Chinese face.
    ("/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc", 3),
    ("/usr/share/fonts/opentype/noto/NotoSerifCJK-Black.ttc", 3),
    ("/usr/share/fonts/opentype/noto/NotoSerifCJK-SemiBold.ttc", 3),
    ("/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc", 3),
    ("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc", 3),
    ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", 3),
    ("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", 0),
    ("/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc", 0),
    ("/usr/share/fonts/truetype/arphic/ukai.ttc", 0),
    ("/usr/share/fonts/truetype/arphic/uming.ttc", 0),
]
CJK_NEEDED = "一二三四五六七八九萬東南西北中發龍牌"
CJK_PACKAGE_HINT = ("No CJK font with the glyphs %s was found. Install one, e.g.\n"
                    "    sudo apt-get install fonts-noto-cjk      (preferred)\n"
                    "    sudo apt-get install fonts-wqy-microhei  (smaller)\n"
                    "or point ATLAS_CJK_FONT at a .ttf/.ttc/.otf file (ATLAS_CJK_FONT_INDEX for the face).")


class FontMissing(RuntimeError):
    pass


def _covers(path: str, index: int) -> bool:
    try:
        f = pygame.freetype.Font(path, 24, font_index=index)
        return all(m is not None for m in f.get_metrics(CJK_NEEDED))
    except (OSError, pygame.error, IOError):
        return False


def find_cjk_font() -> tuple[str, int]:
    """The build-time CJK font: $ATLAS_CJK_FONT, a known Debian path, or fontconfig's pick."""
    env = os.environ.get("ATLAS_CJK_FONT")
    if env:
        idx = int(os.environ.get("ATLAS_CJK_FONT_INDEX", "0"))
        if not _covers(env, idx):
            raise FontMissing(f"ATLAS_CJK_FONT={env} (face {idx}) cannot be read or lacks some of "
                              f"{CJK_NEEDED}")
        return env, idx
    for path, idx in CJK_CANDIDATES:
        if os.path.exists(path) and _covers(path, idx):
            return path, idx
    if shutil.which("fc-list"):
        try:
            out = subprocess.run(["fc-list", ":lang=zh-tw", "file", "index"], capture_output=True,
                                 text=True, timeout=20).stdout
        except (OSError, subprocess.SubprocessError):
            out = ""
        for line in sorted(out.splitlines()):
            # "/path/font.ttc: :index=3" (format varies a little between versions)
            path, _, rest = line.partition(":")
            idx = 0
            if "index=" in rest:
                try:
                    idx = int(rest.split("index=")[1].split(":")[0].strip())
                except ValueError:
                    idx = 0
            path = path.strip()
            if path and _covers(path, idx):
                return path, idx
    raise FontMissing(CJK_PACKAGE_HINT % CJK_NEEDED)


class Fonts:
    """freetype faces by key: "cjk" (build-time system font), "sans", "sansb" (shipped DejaVu)."""

    def __init__(self) -> None:
        self.cjk_path, self.cjk_index = find_cjk_font()
        self.paths = {
            "cjk": (self.cjk_path, self.cjk_index),
            "sans": (str(FONT_DIR / "DejaVuSans.ttf"), 0),
            "sansb": (str(FONT_DIR / "DejaVuSans-Bold.ttf"), 0),
        }
        for key in ("sans", "sansb"):
            if not os.path.exists(self.paths[key][0]):
                raise FontMissing(f"missing {self.paths[key][0]} (the shipped DejaVu font)")
        self._cache: dict[str, pygame.freetype.Font] = {}

    def get(self, key: str) -> pygame.freetype.Font:
        f = self._cache.get(key)
        if f is None:
            path, idx = self.paths[key]
            f = pygame.freetype.Font(path, 32, font_index=idx)
            f.antialiased = True
            f.kerning = True
            f.pad = False
            self._cache[key] = f
        return f

    def ink(self, key: str, text: str, px: float, colour: Colour) -> pygame.Surface:
        """The text rendered at an em size of px canvas pixels, cropped to its inked pixels."""
        f = self.get(key)
        surf, _ = f.render(text, fgcolor=colour, size=max(1.0, px))
        box = surf.get_bounding_rect(min_alpha=1)
        if box.w == 0 or box.h == 0:
            return pygame.Surface((1, 1), pygame.SRCALPHA)
        out = pygame.Surface(box.size, pygame.SRCALPHA)
        out.fill((*colour[:3], 0))
        out.blit(surf, (0, 0), box)
        return out


_FONTS: Fonts | None = None


def fonts() -> Fonts:
    global _FONTS
    if _FONTS is None:
        _FONTS = Fonts()
    return _FONTS


# --------------------------------------------------------------------------- canvas

class Canvas:
    """A supersampled SRCALPHA surface addressed in logical units."""

    def __init__(self, lw: float, lh: float, bg: Colour = (0, 0, 0)) -> None:
        self.lw, self.lh = lw, lh
        self.bg = tuple(bg[:3])
        self.surf = pygame.Surface((round(lw * SS), round(lh * SS)), pygame.SRCALPHA)
        self.surf.fill((*self.bg, 0))

    # ---- coordinates
    @staticmethod
    def p(v: float) -> float:
        return v * SS

    @staticmethod
    def pt(xy) -> tuple[float, float]:
        return (xy[0] * SS, xy[1] * SS)

    @staticmethod
    def rect(r) -> pygame.Rect:
        x0, y0 = round(r[0] * SS), round(r[1] * SS)
        x1, y1 = round((r[0] + r[2]) * SS), round((r[1] + r[3]) * SS)
        return pygame.Rect(x0, y0, max(0, x1 - x0), max(0, y1 - y0))

    def layer(self, bg: Colour | None = None) -> "Canvas":
        return Canvas(self.lw, self.lh, bg if bg is not None else self.bg)

    # ---- shapes
    def rrect(self, colour, r, radius: float = 0, width: float = 0) -> None:
        w = 0 if width == 0 else max(1, round(width * SS))
        pygame.draw.rect(self.surf, colour, self.rect(r), w, border_radius=max(0, round(radius * SS)))

    def circle(self, colour, c, radius: float, width: float = 0) -> None:
        w = 0 if width == 0 else max(1, round(width * SS))
        pygame.draw.circle(self.surf, colour, self.pt(c), radius * SS, w)

    def ellipse(self, colour, r, width: float = 0) -> None:
        w = 0 if width == 0 else max(1, round(width * SS))
        pygame.draw.ellipse(self.surf, colour, self.rect(r), w)

    def poly(self, colour, pts, width: float = 0) -> None:
        w = 0 if width == 0 else max(1, round(width * SS))
        pygame.draw.polygon(self.surf, colour, [self.pt(p) for p in pts], w)

    def line(self, colour, a, b, width: float = 1, caps: bool = True) -> None:
        w = max(1, round(width * SS))
        pygame.draw.line(self.surf, colour, self.pt(a), self.pt(b), w)
        if caps and w > 2:
            pygame.draw.circle(self.surf, colour, self.pt(a), w / 2)
            pygame.draw.circle(self.surf, colour, self.pt(b), w / 2)

    def polyline(self, colour, pts, width: float = 1) -> None:
        for a, b in zip(pts, pts[1:]):
            self.line(colour, a, b, width)

    def thick_curve(self, colour, pts, w0: float, w1: float | None = None) -> None:
        """A stroked path with round joins whose width tapers from w0 to w1."""
        if w1 is None:
            w1 = w0
        n = len(pts)
        for i, p in enumerate(pts):
            t = i / max(1, n - 1)
            self.circle(colour, p, (w0 + (w1 - w0) * t) / 2)
        for i, (a, b) in enumerate(zip(pts, pts[1:])):
            t = i / max(1, n - 1)
            self.line(colour, a, b, w0 + (w1 - w0) * t, caps=False)

    def grad_rrect(self, r, radius: float, top: Colour, bottom: Colour, horizontal: bool = False) -> None:
        """A rounded rectangle filled with a vertical (or horizontal) linear gradient."""
        R = self.rect(r)
        if R.w <= 0 or R.h <= 0:
            return
        g = gradient_surface(R.size, top, bottom, horizontal)
        mask = pygame.Surface(R.size, pygame.SRCALPHA)
        mask.fill((255, 255, 255, 0))
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), 0, border_radius=round(radius * SS))
        g.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        self.surf.blit(g, R.topleft)

    def glow_poly(self, pts, edge: Colour, core: Colour, steps: int = 14, reach: float = 0.75,
                  centre=None, power: float = 1.0) -> None:
        """Fill a convex polygon with concentric insets from `edge` (outside) to `core` (inside)."""
        if centre is None:
            centre = (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))
        cx, cy = centre
        for i in range(steps + 1):
            t = i / steps
            k = 1 - reach * t
            q = [(cx + (x - cx) * k, cy + (y - cy) * k) for x, y in pts]
            self.poly(mix(edge, core, t ** power), q)

    # ---- text
    def text(self, key: str, text: str, px: float, colour, centre=None, topleft=None, rotate: float = 0,
             alpha: int = 255) -> pygame.Rect:
        """Text with an em size of px logical pixels, placed by its ink box."""
        s = fonts().ink(key, text, px * SS, colour)
        if rotate:
            s = pygame.transform.rotate(s, rotate)
        if alpha < 255:
            s.set_alpha(alpha)
        if centre is not None:
            rr = s.get_rect(center=(round(centre[0] * SS), round(centre[1] * SS)))
        else:
            rr = s.get_rect(topleft=(round(topleft[0] * SS), round(topleft[1] * SS)))
        self.surf.blit(s, rr)
        return rr

    def text_fit(self, key: str, text: str, box, colour, align: str = "center", alpha: int = 255,
                 max_px: float | None = None) -> pygame.Rect:
        """Text scaled so its ink just fits box (x, y, w, h); align "center", "left" or "right"."""
        f = fonts()
        bw, bh = box[2] * SS, box[3] * SS
        em = bh
        s = f.ink(key, text, em, colour)
        k = min(bw / s.get_width(), bh / s.get_height())
        em *= k
        if max_px is not None:
            em = min(em, max_px * SS)
        s = f.ink(key, text, em, colour)
        if alpha < 255:
            s.set_alpha(alpha)
        cx = (box[0] + box[2] / 2) * SS
        cy = (box[1] + box[3] / 2) * SS
        if align == "left":
            rr = s.get_rect(midleft=(round(box[0] * SS), round(cy)))
        elif align == "right":
            rr = s.get_rect(midright=(round((box[0] + box[2]) * SS), round(cy)))
        else:
            rr = s.get_rect(center=(round(cx), round(cy)))
        self.surf.blit(s, rr)
        return rr

    # ---- compositing
    def blit(self, other: "Canvas | pygame.Surface", alpha: int = 255, offset=(0.0, 0.0), flags: int = 0) -> None:
        s = other.surf if isinstance(other, Canvas) else other
        if alpha < 255:
            s = s.copy()
            s.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
        self.surf.blit(s, (round(offset[0] * SS), round(offset[1] * SS)), special_flags=flags)

    def mask_with(self, mask: "Canvas") -> None:
        """Keep only what lies under mask's alpha."""
        m = mask.surf.copy()
        m.fill((255, 255, 255, 0), special_flags=pygame.BLEND_RGBA_MAX)
        self.surf.blit(m, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)

    def out(self) -> pygame.Surface:
        """The finished frame at atlas resolution (OUT px per logical px)."""
        size = (round(self.lw * OUT), round(self.lh * OUT))
        return pygame.transform.smoothscale(self.surf, size)


def gradient_surface(size, top: Colour, bottom: Colour, horizontal: bool = False) -> pygame.Surface:
    w, h = size
    g = pygame.Surface((w, h), pygame.SRCALPHA)
    top = tuple(top) + (255,) * (4 - len(top))
    bottom = tuple(bottom) + (255,) * (4 - len(bottom))
    n = w if horizontal else h
    for i in range(n):
        c = mix(top, bottom, i / max(1, n - 1))
        if horizontal:
            g.fill(c, (i, 0, 1, h))
        else:
            g.fill(c, (0, i, w, 1))
    return g


def silhouette(s: pygame.Surface, colour: Colour, alpha: int = 255) -> pygame.Surface:
    """A copy of s in one colour, keeping its alpha (scaled by alpha/255)."""
    out = s.copy()
    out.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MIN)
    out.fill((*colour[:3], 0), special_flags=pygame.BLEND_RGBA_MAX)
    if alpha < 255:
        out.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def engrave(dst: Canvas, art: Canvas, depth: float = 0.45, light: int = 170, dark: int = 80) -> None:
    """Composite art onto dst as if cut into the surface and painted: a dark lip up-left, a
    light lip down-right."""
    d = depth * SS
    dst.surf.blit(silhouette(art.surf, (40, 30, 10), dark), (round(-d), round(-d)))
    dst.surf.blit(silhouette(art.surf, (255, 255, 250), light), (round(d), round(d)))
    dst.surf.blit(art.surf, (0, 0))


def blur(s: pygame.Surface, radius: int) -> pygame.Surface:
    return pygame.transform.gaussian_blur(s, max(1, int(radius)), repeat_edge_pixels=False)


def rot(pts, angle_deg: float, centre):
    a = math.radians(angle_deg)
    ca, sa = math.cos(a), math.sin(a)
    cx, cy = centre
    return [(cx + (x - cx) * ca - (y - cy) * sa, cy + (x - cx) * sa + (y - cy) * ca) for x, y in pts]


def star_points(c, r_out: float, r_in: float, n: int, phase: float = -90):
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(phase + i * 180 / n)
        pts.append((c[0] + r * math.cos(a), c[1] + r * math.sin(a)))
    return pts


def rng(seed: str) -> random.Random:
    """A deterministic RNG per named frame (string seeds hash stably with random.Random)."""
    return random.Random("mahjong-parlour-atlas:" + seed)


def noise_texture(w: int, h: int, seed: str, base: Colour, octaves=((8, 7.0), (32, 4.0)), grain: float = 3.0,
                  tile: bool = True) -> pygame.Surface:
    """Opaque tileable value noise around base colour. octaves: (cells across, amplitude)."""
    r = rng(seed)
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    out.fill((*base[:3], 255))
    for cells, amp in octaves:
        gw, gh = cells, max(1, round(cells * h / w))
        grid = pygame.Surface((gw * 3, gh * 3), pygame.SRCALPHA)
        vals = [[r.uniform(-1, 1) for _ in range(gw)] for _ in range(gh)]
        for yy in range(gh * 3):
            for xx in range(gw * 3):
                v = vals[yy % gh][xx % gw]
                g = 128 + int(127 * v)
                grid.set_at((xx, yy), (g, g, g, 255))
        # bilinear upscaling leaves a visible grid; a blur of about half a cell (done at a
        # modest resolution, then scaled up) hides it
        mw, mh = min(w, gw * 12), min(h, gh * 12)
        mid = pygame.transform.smoothscale(grid, (mw * 3, mh * 3))
        mid = pygame.transform.gaussian_blur(mid, max(1, round(mw / gw * 0.45)))
        big = pygame.transform.smoothscale(mid, (w * 3, h * 3))
        tilepart = big.subsurface((w, h, w, h)).copy()
        # signed modulation: (g-128)/127*amp added to the base via ADD/SUB of split halves
        _apply_signed(out, tilepart, amp)
    if grain > 0:
        buf = bytearray(pygame.image.tobytes(out, "RGBA"))
        for i in range(0, len(buf), 4):
            d = int(r.gauss(0, grain))
            for k in range(3):
                v = buf[i + k] + d
                buf[i + k] = 0 if v < 0 else 255 if v > 255 else v
        out = pygame.image.frombytes(bytes(buf), (w, h), "RGBA")
    return out


def _apply_signed(dst: pygame.Surface, grey: pygame.Surface, amp: float) -> None:
    """dst.rgb += (grey - 128) / 127 * amp."""
    w, h = dst.get_size()
    k = amp / 127.0
    pos = grey.copy()
    neg = grey.copy()
    # pos = max(grey-128, 0) * k ; neg = max(128-grey, 0) * k
    pos.fill((128, 128, 128, 0), special_flags=pygame.BLEND_RGBA_SUB)
    inv = pygame.Surface((w, h), pygame.SRCALPHA)
    inv.fill((128, 128, 128, 0))
    inv.blit(neg, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    scale = max(0, min(255, round(k * 255)))
    for s in (pos, inv):
        s.fill((scale, scale, scale, 255), special_flags=pygame.BLEND_RGBA_MULT)
        s.fill((0, 0, 0, 0), special_flags=pygame.BLEND_RGBA_MAX)
    dst.blit(pos, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    dst.blit(inv, (0, 0), special_flags=pygame.BLEND_RGB_SUB)


class Raw:
    """A frame painted directly at atlas resolution (textures), with the Canvas frame API."""

    def __init__(self, lw: int, lh: int, surf: pygame.Surface) -> None:
        self.lw, self.lh, self.surf = lw, lh, surf

    def out(self) -> pygame.Surface:
        return self.surf
