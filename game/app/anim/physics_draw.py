"""Drawing for ``physics.DiceTray`` and ``physics.TileWash`` (pygame)."""
from __future__ import annotations

import math
from typing import Any

import pygame

from .physics import DiceTray, TileWash
from .sprites import SpriteCache, default_cache, draw_image

_shadow_cache: dict[tuple, pygame.Surface] = {}
_box_cache: dict[tuple, pygame.Surface] = {}


def _blur(surf: pygame.Surface, radius: int) -> pygame.Surface:
    if radius <= 0:
        return surf
    try:
        return pygame.transform.gaussian_blur(surf, radius)
    except Exception:  # older pygame: cheap blur by down- and up-scaling
        w, h = surf.get_size()
        k = max(1, radius)
        small = pygame.transform.smoothscale(surf, (max(1, w // k), max(1, h // k)))
        return pygame.transform.smoothscale(small, (w, h))


def die_shadow(kind: str, size_px: int) -> pygame.Surface:
    """A soft shadow for a die ``size_px`` pixels across (centred, with a blur margin)."""
    key = (kind, size_px)
    s = _shadow_cache.get(key)
    if s is not None:
        return s
    m = max(4, size_px // 4)
    n = size_px + 2 * m
    surf = pygame.Surface((n, n), pygame.SRCALPHA)
    c = n / 2
    if kind == "d6":
        half = size_px * 0.46
        rect = pygame.Rect(0, 0, int(2 * half), int(2 * half))
        rect.center = (int(c), int(c))
        pygame.draw.rect(surf, (0, 0, 0, 120), rect, border_radius=max(2, size_px // 6))
    else:
        r = size_px * 0.52
        pts = [(c + r * math.cos(math.pi / 3 * k + math.pi / 6),
                c + r * math.sin(math.pi / 3 * k + math.pi / 6)) for k in range(6)]
        pygame.draw.polygon(surf, (0, 0, 0, 120), pts)
    s = _blur(surf, max(1, size_px // 10))
    _shadow_cache[key] = s
    return s


def tray_box(w_px: int, h_px: int, rim_px: int) -> pygame.Surface:
    """The tray: a darker felt floor inside a wooden rim (the rim lies outside the rect)."""
    key = (w_px, h_px, rim_px)
    s = _box_cache.get(key)
    if s is not None:
        return s
    W, H = w_px + 2 * rim_px, h_px + 2 * rim_px
    s = pygame.Surface((W, H), pygame.SRCALPHA)
    rad = max(3, rim_px)
    # outer shadow, rim, bevel, floor
    pygame.draw.rect(s, (0, 0, 0, 70), pygame.Rect(2, 4, W - 2, H - 4), border_radius=rad + 2)
    pygame.draw.rect(s, (92, 58, 32), pygame.Rect(0, 0, W - 2, H - 4), border_radius=rad + 2)
    pygame.draw.rect(s, (128, 84, 48), pygame.Rect(1, 1, W - 4, H - 7), width=max(1, rim_px // 3),
                     border_radius=rad + 1)
    floor = pygame.Rect(rim_px - 1, rim_px - 2, w_px, h_px)
    pygame.draw.rect(s, (20, 70, 46), floor, border_radius=max(2, rad // 2))
    # inner shade along the top and left walls
    shade = pygame.Surface((w_px, h_px), pygame.SRCALPHA)
    for i in range(max(2, rim_px)):
        a = int(70 * (1 - i / max(2, rim_px)))
        pygame.draw.rect(shade, (0, 0, 0, a), pygame.Rect(i, i, w_px - i, h_px - i), width=1,
                         border_radius=max(2, rad // 2))
    s.blit(shade, floor.topleft)
    _box_cache[key] = s
    return s


RIM = 8.0  # logical width of the tray rim


def shown_angle(kind: str, angle: float) -> float:
    """The angle a die is drawn at. A d8 seen from above is a triangle face inside a hexagon, the
    same picture every 120 degrees: drawing it within 60 degrees of upright looks the same but keeps
    its number readable (a d8 lying at 180 degrees showed its 6 as a 9)."""
    if kind != "d8":
        return angle
    return (angle + 60.0) % 120.0 - 60.0


def draw_dice_tray(surface: pygame.Surface, tray: DiceTray, get_frame: Any, scale: float = 1.0,
                   offset: tuple[float, float] = (0.0, 0.0), *, box: bool = True,
                   cache: SpriteCache | None = None) -> None:
    cache = cache if cache is not None else default_cache
    ox, oy = offset
    x0, y0, w, h = tray.rect
    if box:
        rim = max(2, int(round(RIM * scale)))
        img = tray_box(int(round(w * scale)), int(round(h * scale)), rim)
        surface.blit(img, (int(round(ox + x0 * scale)) - rim + 1, int(round(oy + y0 * scale)) - rim + 2))
    s = tray.die_size
    dice = tray.dice
    angle = {id(d): shown_angle(d.kind, d.angle) for d in dice}
    size_px = max(4, int(round(s * scale)))
    # shadows first (a die in the air must not shade the one it flies over from above)
    for d in dice:
        sh = die_shadow(d.kind, size_px)
        lift = d.height
        dx = (2.0 + lift * 0.45) * scale
        dy = (3.0 + lift * 0.6) * scale
        zoom = 1.0 + lift / (s * 6.0)
        draw_image(surface, sh, ox + d.x * scale + dx, oy + d.y * scale + dy, zoom, angle[id(d)],
                   alpha=1.0 / (1.0 + lift / s), cache=cache)
    for d in sorted(dice, key=lambda d: d.height):
        src = get_frame(d.frame)
        if src is None:
            continue
        zoom = (s * scale) / max(1, src.get_width()) * (1.0 + d.height / (s * 4.0))
        draw_image(surface, src, ox + d.x * scale, oy + d.y * scale, zoom, angle[id(d)], cache=cache)


def draw_tile_wash(surface: pygame.Surface, wash: TileWash, get_frame: Any, scale: float = 1.0,
                   offset: tuple[float, float] = (0.0, 0.0), *, frame: str = "tile/back",
                   shadow: str | None = "ui/shadow-tile", cache: SpriteCache | None = None) -> None:
    cache = cache if cache is not None else default_cache
    ox, oy = offset
    src = get_frame(frame)
    if src is None:
        return
    tw, th = wash.tile_size
    zoom = tw * scale / max(1, src.get_width())
    shadow_src = None
    if shadow:
        try:
            shadow_src = get_frame(shadow)
        except (KeyError, LookupError):
            shadow_src = None
    tiles = wash.tiles
    if shadow_src is not None:
        sz = zoom  # shadow frames are drawn at the same 2x scale as the pieces
        for t in tiles:
            draw_image(surface, shadow_src, ox + (t.x + 1.5) * scale, oy + (t.y + 2.5) * scale, sz,
                       t.angle, cache=cache)
    for t in tiles:
        draw_image(surface, src, ox + t.x * scale, oy + t.y * scale, zoom, t.angle, cache=cache)
