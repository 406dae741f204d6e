"""The stage: one PieceSprite per piece on show, keyed by a stable piece id, following a layout.

A table works out where every piece should be (a Target per key: frame, centre, scale, rotation,
z) and calls `sync`; the stage then
  * creates a sprite for a new key, in place or flying in from a Spawn (turning face up on the
    way when the piece's face is to be seen),
  * slides a sprite whose target moved (or snaps it, when not animating),
  * turns over the keys listed in `reveal` (face up) or `conceal` (face down),
  * drops the sprites of keys no longer shown.
`held` is a key the player is moving by hand: the stage leaves its position alone.
A layout's own place type converts to a Target (Rummy's `Place.target()`, the discard kit's `Placed`).

    stage = Stage(scene.tweens, shadow="ui/shadow-card", back="mint/back")
    stage.sync({id: Target("mint/S1", 400, 780, 2.1, z=300)}, 0.25, spawn={id: Spawn(1160, 96, scale=1)})
    stage.draw(canvas)                          # every sprite in z order, one batched blit

Privacy: a piece the viewer may not see must have the back as its Target frame; the stage never
gives a sprite any other frame than its target's (and, while it turns, the back).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping

import pygame

from game.app.anim import (PieceSprite, call, draw_sprites, ease_in_out, ease_out_cubic, flip_sprite, parallel,
                           sequence, slide, tween, wait)

NEAR = 0.5           # logical px (and degrees) closer than this is "there"
REVEAL = 0.26        # seconds a piece takes to turn face up
CONCEAL = 0.2        # ... and face down
_placeholders: Any = None      # stand-in frames when there is no atlas (tests), made once


@dataclass(frozen=True)
class Target:
    """Where a piece rests and what it shows there."""
    frame: str
    x: float
    y: float
    scale: float = 1.0
    rotation: float = 0.0
    z: float = 0.0
    tag: Any = None


@dataclass
class Spawn:
    """Where a piece that has no sprite yet comes from (the deck, the pool, a seat's hand)."""
    x: float
    y: float
    rotation: float = 0.0
    scale: float = 1.0
    face_down: bool = True          # it starts face down and turns up on the way (unless it is a back)
    delay: float = 0.0
    duration: float = 0.4


def target_of(placed: Any, style: Any) -> Target:
    """A discard-kit piece (seatspace.Placed) as a stage target, keyed by its `key`, in `style`'s size."""
    return Target(placed.frame, placed.x, placed.y, placed.w / style.w, placed.rotation, placed.z, placed.key)


def sprite_rect(sprite: PieceSprite, style: Any) -> pygame.FRect:
    """The logical rectangle a piece's sprite covers where it is now (a ring drawn round it follows it)."""
    w, h = style.w * sprite.scale, style.h * sprite.scale
    if round(sprite.rotation) % 180:
        w, h = h, w
    return pygame.FRect(sprite.x - w / 2, sprite.y - h / 2, w, h)


def frame_getter(canvas: Any) -> Callable[[str], Any]:
    """Frames for draw_sprites: the canvas's atlas (colour-blind marks as set), placeholders without one."""
    global _placeholders
    atlas = canvas.atlas
    if atlas is None:
        if _placeholders is None:
            from game.app.anim.placeholder import PlaceholderFrames
            _placeholders = PlaceholderFrames()
        return _placeholders
    cb = bool(canvas.colourblind)
    return lambda name: atlas.frame(name, cb)


def draw_pieces(canvas: Any, sprites: Iterable[PieceSprite]) -> None:
    """Sprites in z order, each over its shadow, in one batched blit."""
    draw_sprites(canvas.target, sprites, frame_getter(canvas), canvas.scale, canvas.offset)


class Stage:
    def __init__(self, tweens: Any, shadow: str | None = None, back: str | None = None):
        self.tw = tweens
        self.shadow = shadow
        self.back = back                 # the pieces' back: shown while a piece turns over
        self.sprites: dict[Any, PieceSprite] = {}
        self.targets: dict[Any, tuple[float, float, float, float]] = {}
        self.leaving: dict[Any, PieceSprite] = {}
        self.glow: dict[Any, list[float]] = {}        # key -> [seconds left, strength]
        self.held: Any = None

    # ------------------------------------------------------------------ following a layout
    def clear(self) -> None:
        """Forget every sprite (a new viewer: nothing of the last one's pieces may survive)."""
        for s in self.all_sprites():
            self.tw.cancel(s)
        self.sprites.clear()
        self.targets.clear()
        self.leaving.clear()
        self.glow.clear()
        self.held = None

    def sync(self, places: Mapping[Any, Target], duration: float = 0.3, *, animate: bool = True,
             spawn: Mapping[Any, Spawn] | None = None, delays: Mapping[Any, float] | None = None,
             reveal: Iterable[Any] = (), conceal: Iterable[Any] = ()) -> None:
        animate = animate and duration > 0
        spawn = spawn or {}
        delays = delays or {}
        reveal, conceal = set(reveal), set(conceal)
        for key in [k for k in self.sprites if k not in places]:
            sp = self.sprites.pop(key)
            self.targets.pop(key, None)
            self.tw.cancel(sp)
            if key == self.held:
                self.held = None
        for key, p in places.items():
            target = (p.x, p.y, p.scale, p.rotation)
            delay = delays.get(key, 0.0)
            sp = self.sprites.get(key)
            if sp is None:
                sp = self.leaving.pop(key, None)
                if sp is not None:              # came back before it finished leaving
                    self.tw.cancel(sp)
                    sp.visible = True
                    sp.alpha = 1.0
                    self.sprites[key] = sp
            if sp is None:
                src = spawn.get(key)
                flying = src is not None and animate
                sp = self._make(p, src if flying else None)
                self.sprites[key] = sp
                self.targets[key] = target
                if flying:
                    self._fly(sp, p, src)
                    continue
            sp.tag = p.tag
            held = key == self.held
            if not held:
                sp.z = p.z
            if not animate and not held:
                self.tw.cancel(sp)
            self._turn(sp, p, key in reveal, key in conceal, animate, delay)
            if held:
                self.targets[key] = target
                continue
            if sp.lift and not self.tw.animating(sp, "lift"):
                sp.lift = 0.0
            heading = self.targets.get(key) == target and (self.tw.animating(sp, "x") or self.tw.animating(sp, "y"))
            self.targets[key] = target
            away = (abs(sp.x - p.x) > NEAR or abs(sp.y - p.y) > NEAR or abs(sp.scale - p.scale) > 1e-3
                    or abs(sp.rotation - p.rotation) > NEAR)
            if not away or heading:
                continue
            if animate:
                slide(self.tw, sp, p.x, p.y, duration, rotation=p.rotation, scale=p.scale, delay=delay)
            else:
                sp.x, sp.y, sp.scale, sp.rotation = target

    def _make(self, p: Target, src: Spawn | None) -> PieceSprite:
        if src is None:
            return PieceSprite(p.frame, self._back_of(p.frame), p.x, p.y, scale=p.scale, rotation=p.rotation,
                               z=p.z, shadow=self.shadow, tag=p.tag)
        face_down = src.face_down and p.frame != self.back
        return PieceSprite(p.frame, self._back_of(p.frame), src.x, src.y, scale=src.scale, rotation=src.rotation,
                           flip=1.0 if face_down else 0.0, z=p.z + 30, shadow=self.shadow, tag=p.tag)

    def _back_of(self, frame: str) -> str | None:
        return self.back if frame != self.back else None

    def _fly(self, sp: PieceSprite, p: Target, src: Spawn) -> None:
        """From the spawn to the target (over the pieces on the table), turning face up half way."""
        parts = [tween(sp, src.duration, ease_out_cubic, x=p.x, y=p.y, scale=p.scale, rotation=p.rotation)]
        if sp.flip:
            parts.append(sequence(wait(src.duration * 0.45), flip_sprite(sp, False, REVEAL)))
        z = p.z

        def land() -> None:
            sp.z = z

        self.tw.run(sequence(wait(src.delay), parallel(*parts), call(land)))

    def _turn(self, sp: PieceSprite, p: Target, reveal: bool, conceal: bool, animate: bool, delay: float) -> None:
        """Show the target's frame: turned over if asked, else set at once (never during a turn)."""
        if reveal and p.frame != self.back:
            sp.frame, sp.back, sp.flip = p.frame, self.back, 1.0
            if animate:
                self.tw.run(sequence(wait(delay), flip_sprite(sp, False, REVEAL)))
            else:
                self._rest(sp, p.frame)
        elif conceal and self.back is not None:
            sp.back = self.back
            if animate:
                self.tw.run(sequence(flip_sprite(sp, True, CONCEAL), call(self._rest, sp, p.frame)))
            else:
                self._rest(sp, p.frame)
        elif not self.tw.animating(sp, "flip") and (sp.frame != p.frame or sp.flip):
            self._rest(sp, p.frame)

    def _rest(self, sp: PieceSprite, frame: str) -> None:
        sp.frame, sp.back, sp.flip = frame, self._back_of(frame), 0.0

    # ------------------------------------------------------------------ single pieces
    def send_away(self, key: Any, x: float, y: float, scale: float, face_down: bool = True, delay: float = 0.0,
                  then: Callable[[], None] | None = None) -> None:
        """A piece leaves the view (into a hidden hand): slides there, turns over, fades."""
        sp = self.sprites.pop(key, None)
        self.targets.pop(key, None)
        if sp is None:
            return
        self.leaving[key] = sp
        sp.z = 60
        sp.back = self.back
        parts = [tween(sp, 0.45, ease_out_cubic, x=x, y=y, scale=scale)]
        if face_down:
            parts.append(sequence(wait(0.15), flip_sprite(sp, True, 0.24)))

        def gone() -> None:
            if self.leaving.get(key) is sp:
                del self.leaving[key]
            if then is not None:
                then()

        self.tw.run(sequence(wait(delay), parallel(*parts), tween(sp, 0.15, ease_in_out, alpha=0.0), call(gone)))

    def return_home(self, key: Any, animate: bool = True) -> None:
        """Put a sprite back where the layout wants it (a cancelled drag)."""
        sp = self.sprites.get(key)
        t = self.targets.get(key)
        if sp is None or t is None:
            return
        if animate:
            slide(self.tw, sp, t[0], t[1], 0.2, scale=t[2])
        else:
            self.tw.cancel(sp)
            sp.x, sp.y, sp.scale = t[:3]
        sp.lift = 0.0

    def all_sprites(self) -> list[PieceSprite]:
        return list(self.sprites.values()) + list(self.leaving.values())

    def highlight(self, key: Any, seconds: float = 1.8, strength: float = 1.0) -> None:
        """Mark a piece for a while (the table draws the glow; glow_alpha says how strong now)."""
        self.glow[key] = [seconds, strength]

    def update(self, dt: float) -> None:
        for key in list(self.glow):
            g = self.glow[key]
            g[0] -= dt
            if g[0] <= 0:
                del self.glow[key]

    # ------------------------------------------------------------------ drawing
    def shown(self, skip: Iterable[Any] = ()) -> list[PieceSprite]:
        """Every sprite on show (leaving ones too) but those of the keys in `skip`."""
        left_out = {id(self.sprites[k]) for k in skip if k in self.sprites}
        return [s for s in self.all_sprites() if id(s) not in left_out]

    def draw(self, canvas: Any, skip: Iterable[Any] = (), extra: Iterable[PieceSprite] = ()) -> None:
        """The sprites on show (and `extra` ones, the table's own) in z order, one batched blit."""
        draw_pieces(canvas, self.shown(skip) + list(extra))
