"""Motion: tweens (pure python), piece sprites and cosmetic physics (pymunk).

See docs/motion.md.  pygame is only imported by the drawing code (sprites' draw
functions, ``physics_draw``, ``placeholder``), so tweens and physics work headless.
"""
from .easing import (EASINGS, ease_back_out, ease_in_cubic, ease_in_out, ease_in_out_sine,
                     ease_in_quad, ease_out_cubic, ease_out_quad, ease_settle, linear, make_back_out)
from .tween import (Anim, Call, Parallel, PropTween, Sequence, Tweener, Wait, call, parallel,
                    sequence, tween, wait)
from .sprites import (PieceSprite, SpriteCache, default_cache, draw_image, draw_sprite,
                      draw_sprites, flip, flip_sprite, slide)

__all__ = [
    "EASINGS", "ease_back_out", "ease_in_cubic", "ease_in_out", "ease_in_out_sine", "ease_in_quad",
    "ease_out_cubic", "ease_out_quad", "ease_settle", "linear", "make_back_out",
    "Anim", "Call", "Parallel", "PropTween", "Sequence", "Tweener", "Wait",
    "call", "parallel", "sequence", "tween", "wait",
    "PieceSprite", "SpriteCache", "default_cache", "draw_image", "draw_sprite", "draw_sprites",
    "flip", "flip_sprite", "slide",
    "DiceTray", "TileWash", "DieState", "TileState",
]


def __getattr__(name):  # physics (pymunk) on first use
    if name in ("DiceTray", "TileWash", "DieState", "TileState", "DIE_FACES"):
        from . import physics
        return getattr(physics, name)
    raise AttributeError(name)
