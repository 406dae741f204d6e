"""The Rummy hint as a preview on the working table: the suggested turn laid out, the tiles it
moves highlighted (borrowed ones apart), and its steps in words, to accept or step through.

The suggestion is the hard bot's PlayTurn for the viewer's own view. It is laid on a copy of the
working table as the turn began (`WorkingTable.load_turn`); Accept keeps that copy (one Undo or
Reset goes back), Cancel puts back the table the player had. Stepping through shows the table
after each step in turn (borrowing and swaps first), so the tiles move one step at a time.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from .rummy_work import WorkingTable
from .rummy_words import Change, Step, changes, hint_steps, set_label


@dataclass
class HintPreview:
    saved: WorkingTable                   # the player's own working table, back on Cancel
    work: WorkingTable                    # the suggested turn laid out
    steps: list[Step]
    from_hand: set[str] = field(default_factory=set)
    borrowed: set[str] = field(default_factory=set)
    step: int = -1                        # -1: the whole turn; else the step shown
    rects: dict[str, Any] = field(default_factory=dict)     # the panel's buttons, set when drawn
    stages: list[WorkingTable] = field(default_factory=list)   # the table after each step

    @property
    def shown(self) -> WorkingTable:
        """The table to show now: after the current step, or the whole turn."""
        if 0 <= self.step < len(self.stages):
            return self.stages[self.step]
        return self.work

    @property
    def focus_tiles(self) -> set[str]:
        """The tiles to highlight now: the current step's, or every moved tile."""
        if 0 <= self.step < len(self.steps):
            return set(self.steps[self.step].tiles)
        return self.from_hand | self.borrowed

    def move(self, delta: int) -> None:
        """Step through: whole turn, step 1, step 2, …, back to the whole turn."""
        n = len(self.steps) + 1
        self.step = (self.step + 1 + delta) % n - 1


def build_preview(saved: WorkingTable, action: Any, whose: Callable[[int | None], str]) -> HintPreview | None:
    """The preview of a PlayTurn for the player whose working table is `saved` (None if it can't
    be laid out)."""
    view = saved.view
    work = WorkingTable(view)
    work.load_turn(action.table, action.values, action.swaps)
    verdict = work.check()
    if not verdict.ok:
        return None
    before = [s.tiles for s in view.table]
    chs = changes(before, [s.tiles for s in work.sets])
    status = verdict.set_status

    def before_label(j: int) -> str:
        sv = view.table[j]
        return f"{whose(sv.owner)} {set_label(sv.kind, sv.faces)}"

    def after_label(i: int, new: bool) -> str:
        st = status[i] if i < len(status) else None
        label = set_label(st.kind, st.faces) if st is not None else "set"
        if new:
            return label
        owner = st.owner if st is not None else None
        return f"{whose(owner)} {label}"

    def borrows(j: int, i: int) -> bool:
        """Tiles leave another player's area (not the viewer's own, not staying with their owner)."""
        src = view.table[j].owner
        dst = status[i].owner if i < len(status) else None
        return src != view.seat and src != dst

    steps = hint_steps(chs, before_label, after_label, verdict.values, action.swaps, borrows)
    moved_hand = {t for c in chs for t in c.from_hand}
    borrowed = {t for c in chs for _, t in c.taken}
    stages = []
    for table in step_tables(before, [s.tiles for s in work.sets], chs, steps):
        stage = WorkingTable(view)
        on = {t for s in table for t in s}
        stage.load_turn(table, [(d, v) for d, v in action.values if d in on],
                        [(d, n) for d, n in action.swaps if n in on])
        stages.append(stage)
    return HintPreview(saved, work, steps, moved_hand, borrowed, stages=stages)


def step_tables(before: list, after: list, chs: list[Change], steps: list[Step]) -> list[list[list[str]]]:
    """The table after each step: a step's set takes its final tiles, and the tiles it borrows leave
    the sets that held them."""
    by_index = {c.index: c for c in chs}
    current: dict[tuple, list[str]] = {("old", j): list(s) for j, s in enumerate(before)}
    out = []
    for k, st in enumerate(steps):
        ch = by_index.get(st.set_index)
        if ch is None:
            continue
        for j, t in ch.taken:
            for tiles in current.values():
                if t in tiles:
                    tiles.remove(t)
        key = ("old", ch.origin) if ch.origin is not None else ("new", ch.index)
        # tiles a later step borrows from this set stay in it until then (they must not vanish)
        later = {t for s2 in steps[k + 1:] if (c2 := by_index.get(s2.set_index)) for _, t in c2.taken}
        waiting = [t for t in current.get(key, []) if t in later and t not in after[ch.index]]
        current[key] = list(after[ch.index]) + waiting
        out.append([list(tiles) for tiles in current.values() if tiles])
    return out


__all__ = ["HintPreview", "build_preview", "step_tables"]
