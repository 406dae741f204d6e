"""The still table of a four-seat discard game, painted once per change and blitted whole.

A table at rest draws the same felt, rail, wall, resting pieces and name plates every frame, and
the felt and rail alone cost more than everything else on it. ``StaticLayer`` keeps that picture
in a screen-sized surface, repainted only when its key changes; the pieces a tween is moving are
left out of it and drawn over it each frame (``draw_layout`` with part "still" / "moving").

    self.static = StaticLayer()
    moving = moving_keys(self.tweens, self.stage)
    self.static.draw(canvas, (id(lay), label, moving), lambda c: draw_layout(c, lay, label, stage, keys, "still", moving))
    draw_layout(canvas, lay, (), stage, keys, "moving", moving)      # in the table's own draw
"""

from __future__ import annotations

from typing import Any

import pygame

from game.app.anim.sprites import PieceSprite

from . import seats4
from .stage import Stage, draw_pieces, sprite_rect


class StaticLayer:
    """The table's still part painted once into a screen-sized picture and blitted whole each frame
    (the felt and rail alone cost more than everything else on the table)."""

    def __init__(self) -> None:
        self.key: Any = None
        self.surface: Any = None

    def draw(self, canvas: Any, key: Any, paint: Any) -> None:
        target = canvas.target
        full = (key, target.get_size(), canvas.scale, canvas.offset, canvas.colourblind, id(canvas.atlas))
        if full != self.key or self.surface is None:
            if self.surface is None or self.surface.get_size() != target.get_size():
                self.surface = pygame.Surface(target.get_size(), 0, target)
            canvas.target = self.surface          # the same canvas (its caches) paints the layer
            try:
                paint(canvas)
            finally:
                canvas.target = target
            self.key = full
        target.blit(self.surface, (0, 0))


def moving_keys(tweens: Any, stage: Stage) -> frozenset:
    """Keys of the stage's sprites a tween is moving now (none when nothing is busy)."""
    if not tweens.busy:
        return frozenset()
    ids = tweens.moving()
    return frozenset(k for k, sp in stage.sprites.items() if id(sp) in ids)


def draw_layout(canvas: Any, lay: seats4.TableLayout, label: tuple[str, ...], stage: Stage | None = None,
                keys: list | None = None, part: str = "all", moving: frozenset = frozenset()) -> None:
    """Every piece of the table: the wall, the pieces where the stage has them now (sliding from
    their last place), the name plates. Without a stage, the layout as it lies.
    ``part``: "still" draws all but the ``moving`` pieces (the cached layer), "moving" only those
    (and the sprites leaving the table)."""
    if stage is None:
        seats4.draw_table(canvas, lay, label)
        return
    if part != "moving":
        seats4.draw_table(canvas, seats4.TableLayout(lay.style, [], [], lay.regions, lay.wall, lay.river_w), label)
    pick = (lambda k: k not in moving) if part == "still" else (lambda k: k in moving) if part == "moving" else None
    sprites, halos, newest = [], [], []
    for p, key in zip(lay.pieces, keys or ()):
        sp = stage.sprites.get(key)
        if sp is None or (pick is not None and not pick(key)):
            continue
        sprites.append(sp)
        if p.mark:
            halos.append(PieceSprite(lay.style.halo, None, sp.x, sp.y, scale=sp.scale, rotation=sp.rotation,
                                     z=sp.z + 100.0))
        if p.newest:
            newest.append(sprite_rect(sp, lay.style))
    if part != "still":
        sprites += list(stage.leaving.values())
    draw_pieces(canvas, sprites + halos)
    for r in newest:
        seats4.draw_newest(canvas, r)
    if part != "moving":
        for plate in lay.plates:
            seats4.draw_plate(canvas, plate, lay.style)
