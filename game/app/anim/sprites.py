"""Piece sprites and their cached drawing.

``PieceSprite`` is a plain object (no pygame) whose attributes tweens change:
``x, y`` (centre, logical units), ``scale``, ``rotation`` (degrees, counter-clockwise),
``alpha`` (0..1), ``flip`` (0 = face up .. 1 = face down; the face swaps edge-on at 0.5),
``lift`` (logical height above the table: pushes the shadow away) and ``z`` (draw order).

``draw_sprite(surface, sprite, get_frame, scale)`` draws one; ``draw_sprites`` draws many
in z order.  ``get_frame(name)`` must return a pygame Surface drawn at 2x (``frame_scale``).
Scaled and rotated images are cached by (frame, pixel size, angle rounded to 1 degree).
"""
from __future__ import annotations

import math
from collections import OrderedDict
from typing import Any, Callable, Iterable

from . import easing as _easing
from .tween import Anim, Tweener, parallel, sequence, tween

__all__ = ["PieceSprite", "SpriteCache", "draw_sprite", "draw_sprites", "default_cache",
           "slide", "flip", "flip_sprite", "FrameGetter", "draw_image", "transformed"]

FrameGetter = Callable[[str], Any]  # name -> pygame.Surface (2x)


class PieceSprite:
    """A drawable piece. Tween any numeric attribute."""

    __slots__ = ("frame", "back", "x", "y", "scale", "rotation", "alpha", "flip", "z",
                 "lift", "shadow", "visible", "tag", "_memo")

    def __init__(self, frame: str, back: str | None = None, x: float = 0.0, y: float = 0.0,
                 *, scale: float = 1.0, rotation: float = 0.0, alpha: float = 1.0,
                 flip: float = 0.0, z: float = 0.0, lift: float = 0.0,
                 shadow: str | None = None, visible: bool = True, tag: Any = None) -> None:
        self.frame = frame
        self.back = back
        self.x = float(x)
        self.y = float(y)
        self.scale = float(scale)
        self.rotation = float(rotation)
        self.alpha = float(alpha)
        self.flip = float(flip)
        self.z = float(z)
        self.lift = float(lift)
        self.shadow = shadow
        self.visible = visible
        self.tag = tag
        self._memo: tuple | None = None  # last (key, image, shadow image) drawn

    @property
    def face_up(self) -> bool:
        return self.flip < 0.5

    @property
    def shown_frame(self) -> str:
        """The frame drawn now: the face until edge-on, then the back."""
        if self.flip < 0.5 or self.back is None:
            return self.frame
        return self.back

    @property
    def squash(self) -> float:
        """Horizontal scale from the flip: |cos(pi * flip)| (0 edge-on)."""
        return abs(math.cos(math.pi * self.flip))

    def __repr__(self) -> str:
        return (f"PieceSprite({self.frame!r}, x={self.x:.1f}, y={self.y:.1f}, "
                f"flip={self.flip:.2f}, z={self.z:g})")


class SpriteCache:
    """LRU cache of scaled + rotated frame surfaces."""

    def __init__(self, max_items: int = 6000) -> None:
        self.max_items = max_items
        self._d: OrderedDict[tuple, tuple[Any, Any]] = OrderedDict()
        self.hits = 0
        self.misses = 0

    def clear(self) -> None:
        self._d.clear()

    def __len__(self) -> int:
        return len(self._d)

    def get(self, src: Any, w: int, h: int, angle: int) -> Any:
        """``src`` scaled to (w, h) pixels then rotated by ``angle`` degrees (int)."""
        key = (id(src), w, h, angle)
        d = self._d
        hit = d.get(key)
        if hit is not None and hit[0] is src:
            self.hits += 1
            d.move_to_end(key)
            return hit[1]
        self.misses += 1
        import pygame

        if angle:
            base = self.get(src, w, h, 0)
            out = pygame.transform.rotozoom(base, angle, 1.0)
        elif (w, h) == src.get_size():
            out = src.copy()  # own copy: alpha may be set on it; atlas frames are read-only
        else:
            sw, sh = src.get_size()
            if w <= sw and h <= sh or w >= sw and h >= sh:
                out = pygame.transform.smoothscale(src, (w, h))
            else:  # squash one way, stretch the other: do it in two passes
                tmp = pygame.transform.smoothscale(src, (w, sh))
                out = pygame.transform.smoothscale(tmp, (w, h))
        d[key] = (src, out)
        if len(d) > self.max_items:
            d.popitem(last=False)
        return out


default_cache = SpriteCache()

#: shadow offset (logical units) of a piece lying on the table; ``lift`` adds to it
SHADOW_OFFSET = (1.5, 2.5)


def _blit_centered(surface: Any, img: Any, cx: float, cy: float, alpha: float) -> Any:
    w, h = img.get_size()
    pos = (int(round(cx - w / 2)), int(round(cy - h / 2)))
    if alpha >= 0.999:
        return surface.blit(img, pos)
    a = max(0, min(255, int(alpha * 255 + 0.5)))
    img.set_alpha(a)
    try:
        return surface.blit(img, pos)
    finally:
        img.set_alpha(255)


def transformed(src: Any, zoom: float, rotation: float = 0.0, squash: float = 1.0,
                cache: SpriteCache | None = None) -> Any | None:
    """``src`` scaled by ``zoom`` (width also by ``squash``) and rotated by ``rotation``
    degrees (rounded to 1), from the cache. None if it would be under a pixel wide."""
    if src is None:
        return None
    sw, sh = src.get_size()
    w = int(round(sw * zoom * squash))
    h = int(round(sh * zoom))
    if w < 1 or h < 1:
        return None
    return (cache if cache is not None else default_cache).get(src, w, h, int(round(rotation)) % 360)


def draw_image(surface: Any, src: Any, cx: float, cy: float, zoom: float, rotation: float = 0.0,
               alpha: float = 1.0, squash: float = 1.0, cache: SpriteCache | None = None) -> Any | None:
    """Blit ``src`` (any surface) centred on pixel (cx, cy), scaled/rotated via the cache."""
    img = transformed(src, zoom, rotation, squash, cache)
    if img is None:
        return None
    return _blit_centered(surface, img, cx, cy, alpha)


def _plan(sprite: PieceSprite, get_frame: FrameGetter, scale: float, ox: float, oy: float,
          cache: SpriteCache, frame_scale: float, shadow: bool, out: list) -> bool:
    """Append (image, (px, py), alpha) for the sprite's shadow and body to ``out``.
    Returns True if the body itself is drawn (False: hidden, transparent or edge-on)."""
    if not sprite.visible or sprite.alpha <= 0.0 or sprite.scale <= 0.0:
        return False
    zoom = scale * sprite.scale / frame_scale
    f = sprite.flip
    squash = abs(math.cos(math.pi * f)) if f else 1.0
    src = get_frame(sprite.frame if (f < 0.5 or sprite.back is None) else sprite.back)
    ssrc = get_frame(sprite.shadow) if (shadow and sprite.shadow) else None
    rot = int(round(sprite.rotation)) % 360
    key = (src, ssrc, zoom, squash, rot)
    memo = sprite._memo
    if memo is not None and memo[0] == key:
        img, simg = memo[1], memo[2]
    else:
        img = transformed(src, zoom, rot, squash, cache)
        simg = transformed(ssrc, zoom, rot, max(squash, 0.05), cache) if ssrc is not None else None
        sprite._memo = (key, img, simg)
    cx = ox + sprite.x * scale
    cy = oy + sprite.y * scale
    alpha = sprite.alpha
    if simg is not None:
        lift = sprite.lift
        w, h = simg.get_size()
        out.append((simg, (int(cx + (SHADOW_OFFSET[0] + lift * 0.6) * scale - w / 2 + 0.5),
                           int(cy + (SHADOW_OFFSET[1] + lift) * scale - h / 2 + 0.5)),
                    alpha / (1.0 + lift / 40.0) if lift else alpha))
    if img is None:
        return False
    w, h = img.get_size()
    out.append((img, (int(cx - w / 2 + 0.5), int(cy - h / 2 + 0.5)), alpha))
    return True


def _blit_planned(surface: Any, plan: list) -> None:
    batch = []
    for img, pos, alpha in plan:
        if alpha >= 0.999:
            batch.append((img, pos))
            continue
        if batch:
            surface.fblits(batch)
            batch = []
        img.set_alpha(max(0, min(255, int(alpha * 255 + 0.5))))
        surface.blit(img, pos)
        img.set_alpha(255)
    if batch:
        surface.fblits(batch)


def draw_sprite(surface: Any, sprite: PieceSprite, get_frame: FrameGetter, scale: float = 1.0,
                offset: tuple[float, float] = (0.0, 0.0), *, cache: SpriteCache | None = None,
                frame_scale: float = 2.0, shadow: bool = True) -> Any | None:
    """Draw ``sprite`` (over its shadow) on ``surface``. ``scale`` = pixels per logical unit;
    ``offset`` = pixel position of the logical origin. Returns the sprite's rect (or None)."""
    plan: list = []
    body = _plan(sprite, get_frame, scale, offset[0], offset[1],
                 cache if cache is not None else default_cache, frame_scale, shadow, plan)
    _blit_planned(surface, plan)
    if not body:
        return None
    img, pos, _ = plan[-1]
    return img.get_rect(topleft=pos)


def draw_sprites(surface: Any, sprites: Iterable[PieceSprite], get_frame: FrameGetter,
                 scale: float = 1.0, offset: tuple[float, float] = (0.0, 0.0), *,
                 cache: SpriteCache | None = None, frame_scale: float = 2.0,
                 shadows: bool = True) -> None:
    """Draw sprites in z order (stable for equal z), each over its own shadow, in one batch."""
    cache = cache if cache is not None else default_cache
    plan: list = []
    ox, oy = offset
    for s in sorted(sprites, key=_z):
        _plan(s, get_frame, scale, ox, oy, cache, frame_scale, shadows, plan)
    _blit_planned(surface, plan)


def _z(s: PieceSprite) -> float:
    return s.z


# -- ready-made piece motions -------------------------------------------------------

def slide(tweener: Tweener, sprite: PieceSprite, x: float, y: float, duration: float = 0.22,
          *, settle: bool = True, rotation: float | None = None, delay: float = 0.0,
          scale: float | None = None) -> Anim:
    """Slide ``sprite`` to (x, y) with ease-out (and a tiny settle at the end)."""
    ease = _easing.ease_settle if settle else _easing.ease_out_cubic
    props: dict[str, float] = {"x": x, "y": y}
    if rotation is not None:
        props["rotation"] = rotation
    if scale is not None:
        props["scale"] = scale
    return tweener.run(tween(sprite, duration, ease, delay=delay, **props))


def flip_sprite(sprite: PieceSprite, face_down: bool, duration: float = 0.24, *,
                lift: float = 6.0) -> Anim:
    """An animation (not yet run) flipping ``sprite`` face down/up, lifting it a little."""
    target = 1.0 if face_down else 0.0
    parts: list[Anim] = [tween(sprite, duration, _easing.ease_in_out, flip=target)]
    if lift:
        half = duration / 2
        parts.append(sequence(tween(sprite, half, _easing.ease_out_quad, lift=lift),
                              tween(sprite, half, _easing.ease_in_quad, lift=0.0)))
    return parallel(*parts)


def flip(tweener: Tweener, sprite: PieceSprite, face_down: bool, duration: float = 0.24,
         *, lift: float = 6.0) -> Anim:
    """Run a flip of ``sprite`` (see ``flip_sprite``)."""
    return tweener.run(flip_sprite(sprite, face_down, duration, lift=lift))
