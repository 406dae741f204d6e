"""What the four-seat discard tables (Kards, Cuzzins) do alike, once: the seat at the bottom, the
picked piece, the hint for the position shown, the discard offered in a claim window, the dice
holding play while they roll, and where a lesson's panel ends.

A table subclasses DiscardTable and sets STYLE (its PieceStyle) and HINT_FACTS (view -> HintFacts);
its __init__ makes self._bottom, self.chooser, self.dice, self.hint_panel, self._hint_for, self._hint.
"""

from __future__ import annotations

from typing import Any, Callable

from game.app import theme
from game.app.scenes.table_base import TableScene
from game.app.tablekit import discard_hint as dh
from game.app.tablekit import discard_scene as ds
from game.core.kit.tiles import name


class DiscardTable(TableScene):
    STYLE: Any = None                                   # a seatspace.PieceStyle
    HINT_FACTS: Callable[[Any], dh.HintFacts] | None = None

    @property
    def bottom_seat(self) -> int:
        """The seat at the bottom; between hot-seat players the last one's place, face down."""
        if self.viewer is not None:
            self._bottom = self.viewer
        return self._bottom

    @property
    def hand(self) -> tuple[str, ...]:
        return self._shown_hand()[0]

    def _cancel_chooser(self) -> None:
        self.chooser = None

    def _picked(self, action: Any) -> None:
        self.chooser = None
        self._play(action)

    # ------------------------------------------------------------------ the hand on the viewer's turn
    def handle_hand(self, intent: Any) -> bool | None:
        """Click a piece to pick it, click it again (or Enter) to discard it; arrows move the pick.
        None: the intent is not about the hand."""
        k = intent.kind
        n = len(self.hand)
        if k == "select" and intent.pos is not None:
            i = ds.hand_index_at(self.layout(), intent.pos)
            if i is None:
                return False
            if i == self.selected:
                self.discard_selected()
            else:
                self.selected = i
            return True
        if k in ("left", "right") and n:
            self.hand_takes_arrows()
            if self.selected is None:
                self.selected = n - 1 if k == "left" else 0
            else:
                self.selected = (self.selected + (1 if k == "right" else -1)) % n
            return True
        if k == "confirm" and self.selected is not None:
            self.discard_selected()
            return True
        return None

    def hand_takes_arrows(self) -> None:
        """The arrows went to the hand: the buttons lose the focus."""
        self.focus = None

    # ------------------------------------------------------------------ hint
    def hint(self) -> dh.HandHint | None:
        """The viewer's hint for the position shown (worked out once per position)."""
        if self.viewer is None or self.view.seat is None or not self.view.hand:
            return None
        key = (self.shown_move, self.viewer)
        if key != self._hint_for:
            self._hint_for = key
            self._hint = dh.analyse(type(self).HINT_FACTS(self.view))
        return self._hint

    def hinted_index(self) -> int | None:
        """Index in the shown hand of the suggested discard (the last of its kind: a fresh draw
        first), while the hint is open on the viewer's turn."""
        if not self.hint_panel.open or not self.my_turn:
            return None
        h = self.hint()
        if h is None or h.discard is None:
            return None
        idx = [i for i, c in enumerate(self.hand) if ds.kind(c) == h.discard]
        return idx[-1] if idx else None

    # ------------------------------------------------------------------ claims, dice, lesson
    def claim_discard(self) -> tuple[str | None, str]:
        v = self.view
        if v.discard is None:
            return None, ""
        return self.STYLE.face(ds.kind(v.discard) or ""), f"{self.name_of(v.discarder)} discarded {name(v.discard)}"

    def update(self, dt: float) -> None:
        if self.anim_speed > 0:
            self.dice.update(dt * self.anim_speed)
        else:
            self.dice.finish()
        super().update(dt)

    def _drive(self) -> None:
        if self.dice.rolling:          # the deal (or the next throw) waits until the dice are read
            self.driver.hold()
            return
        super()._drive()

    def presenting(self) -> bool:
        return super().presenting() or self.dice.rolling

    def _lesson_bottom(self, canvas: Any) -> float:
        """Where the lesson's panel ends (measured as game.app.lesson draws it), so the hint goes below."""
        from game.app import lesson as ls
        run = self.lesson.run
        step = run.step
        text = run.lesson.done if step is None else (run.lesson.wait if self.lesson.waiting() else step.say)
        x, y, w = self.LESSON_PANEL
        lines = canvas.wrap(text, w - 2 * ls.PAD, theme.SMALL)
        return y + ls.PAD + 30 + len(lines) * canvas.line_height(theme.SMALL) + ls.PAD
