"""The wall: a live wall to draw from and a kong box (dead wall / loose tiles) for replacements.

Building and breaking a physical wall only randomises (KRD-7), so a wall is built from tiles the
match's rng has already shuffled. Picture the wall as one row from the break: tiles are dealt
and drawn from the front; the kong box is the last `box_size` tiles, and its end next to the
break (the row's last tile) gives the next replacement. When a replacement leaves the box with
fewer than `min_box` tiles, tiles move from the live wall's far end (the one touching the box)
until it holds `refill_to` again:

- Kards (KRD-6): box 14, topped up to 4 whenever it holds fewer than 4: `KARDS_BOX`.
- Cuzzins (CUZ-16): two loose tiles; once both are used the wall's last two become the new
  loose tiles; flowers and kongs share this one source: `CUZZINS_BOX`.

The live wall is exhausted when it is empty; the kong box never counts (KRD tie, CUZ-15). A
draw that empties it took "the last tile of the wall". Walls are immutable: every move returns
the tile(s) and a new Wall, so states can keep them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence


@dataclass(frozen=True)
class BoxRule:
    size: int           # tiles in the box when the wall is built
    min_box: int        # top up when a replacement leaves fewer than this ...
    refill_to: int      # ... back up to this many


KARDS_BOX = BoxRule(size=14, min_box=4, refill_to=4)
CUZZINS_BOX = BoxRule(size=2, min_box=1, refill_to=2)


class WallEmpty(Exception):
    """Raised when a draw or replacement is asked of an empty wall (the game should end the hand first)."""


@dataclass(frozen=True)
class Wall:
    live: tuple[str, ...]           # live[0] is the next draw
    box: tuple[str, ...]            # box[0] is the next replacement (next to the break)
    rule: BoxRule

    @staticmethod
    def build(shuffled: Sequence[str], rule: BoxRule) -> "Wall":
        """A wall from tiles in (already shuffled) row order from the break."""
        tiles = tuple(shuffled)
        if rule.size > len(tiles):
            raise ValueError(f"a kong box of {rule.size} does not fit a wall of {len(tiles)} tiles")
        if not 0 <= rule.min_box <= rule.refill_to:
            raise ValueError(f"box rule {rule}: need 0 <= min_box <= refill_to")
        cut = len(tiles) - rule.size
        return Wall(tiles[:cut], tiles[cut:][::-1], rule)

    @property
    def remaining(self) -> int:
        """Tiles left in the live wall (the kong box not counted)."""
        return len(self.live)

    @property
    def exhausted(self) -> bool:
        return not self.live

    @property
    def on_last_tile(self) -> bool:
        """The next draw is the last tile of the wall."""
        return len(self.live) == 1

    def tiles(self) -> tuple[str, ...]:
        """Every tile still in the wall, live then box."""
        return self.live + self.box

    def draw(self) -> tuple[str, "Wall"]:
        """Draw the next tile of the live wall."""
        if not self.live:
            raise WallEmpty("the live wall is empty")
        return self.live[0], Wall(self.live[1:], self.box, self.rule)

    def deal(self, n: int) -> tuple[tuple[str, ...], "Wall"]:
        """Take the next `n` tiles of the live wall at once (dealing)."""
        if n > len(self.live):
            raise WallEmpty(f"cannot deal {n} tiles from a live wall of {len(self.live)}")
        return self.live[:n], Wall(self.live[n:], self.box, self.rule)

    def replacement(self) -> tuple[str, "Wall"]:
        """A replacement (loose) tile for a kong or a flower, then the box is topped up."""
        if not self.box:
            raise WallEmpty("the kong box is empty")
        return self.box[0], Wall(self.live, self.box[1:], self.rule).topped_up()

    def topped_up(self) -> "Wall":
        """Move tiles from the live wall's far end into the box if it is below its minimum."""
        if len(self.box) >= self.rule.min_box or not self.live:
            return self
        take = min(self.rule.refill_to - len(self.box), len(self.live))
        moved = self.live[len(self.live) - take:][::-1]      # the tile touching the box first
        return Wall(self.live[:len(self.live) - take], self.box + moved, self.rule)
