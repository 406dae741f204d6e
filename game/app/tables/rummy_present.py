"""The Mahjong Rummy stage: one sprite per tile on screen, moved by tweens to where the layout says.

Sprites are keyed by tile id for every tile the viewer may see (own hand, the table) and by
("back", seat, i) for the hidden tiles of other hands, whose frame is always `tile/back`: an
opponent's face is never given to a sprite until that tile is on the table.

`sync(layout, ...)` makes the sprites follow a new layout: a tile whose place changed slides
there, a new tile appears (or flies in from a given spot, face down, and turns over), a tile
no longer shown goes. Bot turns, draws, the deal and the working table all animate this way.
The wash (pymunk TileWash) runs at the start of each round; the deal follows it.
"""

from __future__ import annotations

from typing import Any, Callable

from game.app.anim import PieceSprite, call, ease_in_out, ease_out_cubic, parallel, sequence, slide, tween, wait
from game.app.anim.sprites import flip_sprite

from . import rummy_layout as L

SHADOW = "ui/shadow-tile"
HEAP_SIZE = (26.0, 35.0)                 # logical size of a washed tile in the pool heap
HEAP_SCALE = HEAP_SIZE[0] / L.TILE_W
WASH, DEAL, PLAY = "wash", "deal", "play"


class Spawn:
    """Where a sprite that does not exist yet comes from."""

    __slots__ = ("x", "y", "rotation", "scale", "face_down", "delay", "duration")

    def __init__(self, x: float, y: float, rotation: float = 0.0, scale: float = HEAP_SCALE, face_down: bool = True,
                 delay: float = 0.0, duration: float = 0.4):
        self.x, self.y, self.rotation, self.scale = x, y, rotation, scale
        self.face_down, self.delay, self.duration = face_down, delay, duration


class Stage:
    def __init__(self, tweens: Any):
        self.tw = tweens
        self.sprites: dict[Any, PieceSprite] = {}
        self.targets: dict[Any, tuple[float, float, float]] = {}
        self.leaving: dict[Any, PieceSprite] = {}
        self.heap: list[PieceSprite] = []
        self.glow: dict[Any, list[float]] = {}        # key -> [seconds left, strength]
        self.wash: Any = None
        self.phase = PLAY
        self.held: Any = None

    # ------------------------------------------------------------------ sprites
    def clear(self) -> None:
        """Forget every sprite (a new viewer: nothing of the last one's hand may survive)."""
        for s in list(self.sprites.values()) + list(self.leaving.values()):
            self.tw.cancel(s)
        self.sprites.clear()
        self.targets.clear()
        self.leaving.clear()
        self.glow.clear()
        self.held = None

    @staticmethod
    def _make(p: L.Place, x: float, y: float, scale: float, rotation: float | None = None,
              flip: float = 0.0) -> PieceSprite:
        rotation = p.r if rotation is None else rotation
        back = L.TILE_BACK if p.zone != "back" else None
        frame = p.frame if p.zone != "back" else L.TILE_BACK
        return PieceSprite(frame, back, x, y, scale=scale, rotation=rotation, flip=flip, z=p.z, shadow=SHADOW,
                           tag=(p.zone, p.seat))

    def sync(self, lay: L.TableLayout, animate: bool = True, spawn: dict[Any, Spawn] | None = None,
             delays: dict[Any, float] | None = None, duration: float = 0.3) -> None:
        spawn = spawn or {}
        delays = delays or {}
        for key, p in lay.places.items():
            sp = self.sprites.get(key)
            target = (p.x, p.y, p.s, p.r)
            if sp is None:
                sp = self.leaving.pop(key, None)
                if sp is not None:              # came back before it finished leaving
                    self.tw.cancel(sp)
                    sp.visible = True
                    sp.alpha = 1.0
            if sp is None:
                src = spawn.get(key)
                if src is not None and animate:
                    face_down = src.face_down and p.zone != "back"
                    sp = self._make(p, src.x, src.y, src.scale, src.rotation, 1.0 if face_down else 0.0)
                    sp.z = p.z + 30
                    self._fly(sp, p, src, face_down)
                else:
                    sp = self._make(p, p.x, p.y, p.s)
                self.sprites[key] = sp
            else:
                sp.tag = (p.zone, p.seat)
                if p.zone == "back":
                    sp.frame, sp.back = L.TILE_BACK, None
                if key != self.held:
                    sp.z = p.z
                old = self.targets.get(key)
                if key != self.held and old != target:
                    if animate:
                        slide(self.tw, sp, p.x, p.y, duration, scale=p.s, rotation=p.r, delay=delays.get(key, 0.0))
                    else:
                        self.tw.cancel(sp)
                        sp.x, sp.y, sp.scale, sp.rotation, sp.flip, sp.lift = p.x, p.y, p.s, p.r, 0.0, 0.0
            self.targets[key] = target
        for key in [k for k in self.sprites if k not in lay.places]:
            sp = self.sprites.pop(key)
            self.targets.pop(key, None)
            self.tw.cancel(sp)
            if key == self.held:
                self.held = None

    def _fly(self, sp: PieceSprite, p: L.Place, src: Spawn, face_down: bool) -> None:
        z = p.z
        parts = [tween(sp, src.duration, ease_out_cubic, x=p.x, y=p.y, scale=p.s, rotation=p.r)]
        if face_down:
            parts.append(sequence(wait(src.duration * 0.45), flip_sprite(sp, False, 0.26)))

        def land() -> None:
            sp.z = z

        anim = sequence(wait(src.delay), parallel(*parts), call(land))
        self.tw.run(anim)

    def send_away(self, key: Any, x: float, y: float, face_down: bool = True, delay: float = 0.0,
                  then: Callable[[], None] | None = None) -> None:
        """A tile leaves the view (a freed dragon into a hidden hand): slide there, turn over, vanish."""
        sp = self.sprites.pop(key, None)
        self.targets.pop(key, None)
        if sp is None:
            return
        self.leaving[key] = sp
        sp.z = 60
        sp.back = L.TILE_BACK
        parts = [tween(sp, 0.45, ease_out_cubic, x=x, y=y, scale=L.BACK_SCALE)]
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
        self.glow[key] = [seconds, strength]

    def update(self, dt: float) -> None:
        for key in list(self.glow):
            g = self.glow[key]
            g[0] -= dt
            if g[0] <= 0:
                del self.glow[key]

    # ------------------------------------------------------------------ pool heap
    def set_heap(self, n: int, positions: list[tuple[float, float, float]] | None = None) -> None:
        """Make the heap hold n face-down tiles (from given positions, else keep/extend the current ones)."""
        if positions is not None:
            self.heap = [PieceSprite(L.TILE_BACK, None, x, y, scale=HEAP_SCALE, rotation=a, shadow=SHADOW, z=1 + i * 0.001)
                         for i, (x, y, a) in enumerate(positions[:n])]
            return
        if len(self.heap) > n:
            del self.heap[n:]
        elif len(self.heap) < n:
            extra = L.heap_positions(n)[len(self.heap):n]
            self.heap += [PieceSprite(L.TILE_BACK, None, x, y, scale=HEAP_SCALE, rotation=a, shadow=SHADOW, z=1)
                          for x, y, a in extra]

    def take_from_heap(self) -> Spawn:
        """The top tile of the heap leaves it (a draw): where it was."""
        if self.heap:
            sp = self.heap.pop()
            return Spawn(sp.x, sp.y, sp.rotation, HEAP_SCALE)
        x0, y0, w, h = L.HEAP
        return Spawn(x0 + w / 2, y0 + h / 2)

    # ------------------------------------------------------------------ wash and deal
    def start_wash(self, seed: int) -> None:
        from game.app.anim import TileWash
        self.clear()
        self.heap = []
        self.wash = TileWash(L.HEAP, n=136, seed=seed, tile_size=HEAP_SIZE)
        self.phase = WASH

    def finish_wash(self) -> None:
        if self.wash is not None:
            self.wash.finish()

    def deal_spawns(self, lay: L.TableLayout, pool_count: int, deal_order: list[Any],
                    step: float = 0.03) -> dict[Any, Spawn]:
        """After the wash: the heap keeps `pool_count` tiles; the others fly to the hands in deal order."""
        tiles = self.wash.tiles if self.wash is not None else []
        pos = [(t.x, t.y, t.angle) for t in tiles]
        if len(pos) < 136:
            pos += L.heap_positions(136 - len(pos), seed=11)
        # hands are dealt from the edge of the heap; the pool is what stays in the middle
        x0, y0, w, h = L.HEAP
        cx, cy = x0 + w / 2, y0 + h / 2
        pos.sort(key=lambda p: -((p[0] - cx) ** 2 + ((p[1] - cy) * w / h) ** 2))
        heap = pos[len(pos) - pool_count:] if pool_count else []
        heap.sort(key=lambda p: (p[1], p[0]))          # drawn back to front
        self.set_heap(pool_count, heap)
        spawns: dict[Any, Spawn] = {}
        for k, key in enumerate(deal_order):
            if k >= len(pos):
                break
            x, y, a = pos[k]
            spawns[key] = Spawn(x, y, a, HEAP_SCALE, True, delay=k * step, duration=0.36)
        self.wash = None
        return spawns
