"""Dice on the table: the engine's recorded rolls thrown in the pymunk tray, with a caption.

A thin table-side wrapper of ``game.app.anim.physics.DiceTray``: the faces come from the game's
events (never decided here); a cosmetic seed (say, the match seed and the move number) gives the
same tumble each time the move is shown. The tray lingers a moment once the dice settle, so the
result can be read; a table holds its play while ``rolling`` is true. Then the tray stays a little
longer (the next move usually comes meanwhile and the table hides it) and goes by itself: when a
person plays first, a stale throw would otherwise lie over the wall's words all through their turn.

    dice = TableDice((700, 330, 200, 150))
    dice.roll([3, 5], seed=cosmetic_seed(match_seed, move), caption="East rolls 8", animate=speed > 0)
    dice.update(dt * speed); dice.draw(canvas); dice.rolling
"""

from __future__ import annotations

import zlib
from typing import Any, Sequence

from game.app import theme
from game.app.anim.physics import DiceTray
from game.app.anim.physics_draw import draw_dice_tray

LINGER = 0.6        # seconds the settled dice stay to be read (at animation speed 1)
STAY = 1.0          # seconds more they lie there, play going on, before the tray goes by itself


def cosmetic_seed(*parts: Any) -> int:
    """A stable seed for a throw's look from plain parts (never the game's own rng)."""
    return zlib.crc32(":".join(str(p) for p in parts).encode())


class TableDice:
    def __init__(self, rect: tuple[float, float, float, float], die_size: float = 30.0, kind: str = "d6",
                 linger: float = LINGER, caption_width: float | None = None, stay: float = STAY):
        self.rect = rect
        # a tray inside a wall square keeps its caption inside too: wrapped to this width, in
        # lines stacked up from the tray (None: one line, as wide as it needs)
        self.caption_width = caption_width
        self.kind = kind
        self.linger = linger
        self.stay = stay
        self.tray = DiceTray(rect, die_size)
        self.caption = ""
        self.left = 0.0            # lingering seconds left once settled
        self.staying = 0.0         # seconds left after that before the tray goes (0: it stays till hidden)
        self.shown = False

    def roll(self, faces: Sequence[int], seed: int, caption: str = "", animate: bool = True) -> None:
        """Throw dice that land on ``faces`` (the engine's roll); instant when not animating."""
        self.tray.throw([(self.kind, int(f)) for f in faces], seed, instant=not animate)
        self.caption = caption
        self.left = self.linger if animate else 0.0
        self.staying = self.stay if animate else 0.0      # no animation: no clock, the next move hides it
        self.shown = True

    @property
    def rolling(self) -> bool:
        """The dice tumble, or lie settled to be read: the table waits."""
        return self.shown and (not self.tray.settled or self.left > 0)

    def update(self, dt: float) -> None:
        if not self.shown:
            return
        if not self.tray.settled:
            self.tray.step(dt)
        elif self.left > 0:
            self.left = max(0.0, self.left - dt)
        elif self.staying > 0:
            self.staying -= dt
            if self.staying <= 0:
                self.hide()

    def finish(self) -> None:
        """Skip: the dice at rest now, nothing left to wait for (they stay on show)."""
        self.tray.finish()
        self.left = 0.0

    def hide(self) -> None:
        self.shown = False
        self.left = 0.0
        self.staying = 0.0

    @property
    def faces(self) -> list[int]:
        return [f for _, f in self.tray.decided]

    def draw(self, canvas: Any) -> None:
        if not self.shown:
            return
        from game.app.tablekit.stage import frame_getter
        x, y, w, h = self.rect
        draw_dice_tray(canvas.target, self.tray, frame_getter(canvas), canvas.scale, canvas.offset)
        if not self.caption:
            return
        if self.caption_width is None:
            canvas.text(self.caption, (x + w / 2, y - 8), theme.SMALL, theme.TEXT, True, "midbottom",
                        max_width=max(w + 80, 560))     # a caption says whose roll and what for
            return
        lines = self.caption_lines(canvas)
        lh = canvas.line_height(theme.SMALL, True)
        for i, line in enumerate(lines):
            canvas.text(line, (x + w / 2, y - 8 - (len(lines) - 1 - i) * lh), theme.SMALL, theme.TEXT, True,
                        "midbottom", max_width=self.caption_width)

    def caption_lines(self, canvas: Any) -> list[str]:
        if not self.caption:
            return []
        width = self.caption_width or 10_000
        lines = canvas.wrap(self.caption, width, theme.SMALL, True)
        if len(lines) > 1 and " " not in lines[-1]:     # never a lone word below ("...rolls" / "5"):
            head, _, last = lines[-2].rpartition(" ")     # the word before it comes down too
            joined = f"{last} {lines[-1]}"
            if head and canvas.measure(joined, theme.SMALL, True)[0] <= width:
                lines[-2:] = [head, joined]
        return lines

    def caption_box(self, canvas: Any) -> tuple[float, float, float, float]:
        """Where the caption's lines lie (x, y, w, h), logical."""
        lines = self.caption_lines(canvas)
        x, y, w, _ = self.rect
        if not lines:
            return (x + w / 2, y - 8, 0.0, 0.0)
        lw = max(canvas.measure(l, theme.SMALL, True)[0] for l in lines)
        if self.caption_width is None:
            lw = min(lw, max(w + 80, 560))
        h = len(lines) * canvas.line_height(theme.SMALL, True)
        return (x + w / 2 - lw / 2, y - 8 - h, lw, h)
