"""The Mahjong Rummy stage: the kit's Stage (one sprite per tile, following the layout) plus the
pool: the wash at the start of each round, the heap of face-down tiles, the deal from it.

Sprites are keyed by tile id for every tile the viewer may see (own hand, the table) and by
("back", seat, i) for the hidden tiles of other hands, whose frame is always `tile/back`: an
opponent's face is never given to a sprite until that tile is on the table.
"""

from __future__ import annotations

from typing import Any

from game.app.anim import PieceSprite
from game.app.tablekit.stage import Spawn, Stage

from . import rummy_layout as L

SHADOW = "ui/shadow-tile"
HEAP_SIZE = (26.0, 35.0)                 # logical size of a washed tile in the pool heap
HEAP_SCALE = HEAP_SIZE[0] / L.TILE_W
WASH, DEAL, PLAY = "wash", "deal", "play"


def heap_spawn(x: float, y: float, rotation: float = 0.0, delay: float = 0.0, duration: float = 0.4) -> Spawn:
    """A tile leaving the pool heap, face down."""
    return Spawn(x, y, rotation, HEAP_SCALE, True, delay, duration)


class RummyStage(Stage):
    def __init__(self, tweens: Any):
        super().__init__(tweens, SHADOW, L.TILE_BACK)
        self.heap: list[PieceSprite] = []
        self.wash: Any = None
        self.phase = PLAY

    def follow(self, lay: L.TableLayout, animate: bool = True, spawn: dict[Any, Spawn] | None = None,
               delays: dict[Any, float] | None = None, duration: float = 0.3) -> None:
        """Sprites to the layout's places."""
        self.sync({k: p.target() for k, p in lay.places.items()}, duration, animate=animate, spawn=spawn,
                  delays=delays)

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
            return heap_spawn(sp.x, sp.y, sp.rotation)
        x0, y0, w, h = L.HEAP
        return heap_spawn(x0 + w / 2, y0 + h / 2)

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
            spawns[key] = heap_spawn(x, y, a, delay=k * step, duration=0.36)
        self.wash = None
        return spawns
