"""The hand fan: the viewer's pieces in a row, some selected (lifted), one with the keyboard focus,
one perhaps being dragged to another place in the row.

HandFan keeps that state by piece key; the row's order belongs to the table (a list of keys it
passes in), so a table that sorts its hand and one that lets the player arrange it both fit.

    fan = HandFan()
    fan.toggle(key, limit=3)            # select / unselect (False when `limit` are already chosen)
    fan.lift(key, y, 20)                # y of a piece, raised when selected
    fan.step(order, +1)                 # keyboard: focus the next piece
    fan.shift(order, -1)                # ... or move the focused piece one place left (order changes)
    fan.start_drag(key, pointer, centre)  # grabbed where the pointer is; drag_to(pointer) -> its centre
    fan.end_drag(); reorder(order, key, i)

`fan_row` and `insert_index` are the geometry of a straight fan: slots for n pieces round a centre,
an optional gap where a dragged piece would go, the piece just drawn standing a little apart.
"""

from __future__ import annotations

from typing import Any, Sequence


def fan_row(n: int, cx: float, step: float, fresh_gap: float = 0.0,
            gap_at: int | None = None) -> list[float]:
    """Centres (x) of n pieces `step` apart round cx; with `fresh_gap` the last stands that much apart,
    with `gap_at` the row opens a slot before that index (for a piece being dragged)."""
    width = (n - 1) * step + fresh_gap + (step if gap_at is not None else 0)
    x = cx - width / 2
    out = []
    for i in range(n):
        if gap_at is not None and i == gap_at:
            x += step
        if fresh_gap and i == n - 1 and n > 1:
            x += fresh_gap
        out.append(x)
        x += step
    return out


def insert_index(n: int, x: float, cx: float, step: float) -> int:
    """Where a piece dropped at x goes among n others laid out by fan_row round cx."""
    x0 = cx - (n * step) / 2
    return max(0, min(n, int((x - x0) // step)))


def reorder(order: list, key: Any, index: int) -> None:
    """Move `key` to position `index` of the others, in place."""
    if key not in order:
        return
    others = [k for k in order if k != key]
    others.insert(max(0, min(len(others), index)), key)
    order[:] = others


class HandFan:
    def __init__(self) -> None:
        self.selected: list[Any] = []       # in the order they were picked
        self.focus: Any = None
        self.hover: Any = None
        self.keyboard = False               # the focus shows only while keys are used
        self.drag_key: Any = None
        self.drag_pos = (0.0, 0.0)          # the dragged piece's centre
        self.drag_gap: int | None = None    # where it would go in the row
        self._off = (0.0, 0.0)

    def reset(self) -> None:
        self.selected.clear()
        self.focus = self.hover = self.drag_key = None
        self.drag_gap = None

    def keep(self, keys: Sequence[Any]) -> None:
        """The hand changed: forget selection and focus of pieces no longer in it."""
        there = set(keys)
        self.selected[:] = [k for k in self.selected if k in there]
        if self.focus not in there:
            self.focus = None

    # ------------------------------------------------------------------ selection
    def is_selected(self, key: Any) -> bool:
        return key in self.selected

    def select_only(self, key: Any) -> None:
        self.selected[:] = [key]

    def toggle(self, key: Any, limit: int | None = None) -> bool:
        """Select or unselect; False (nothing changes) when `limit` pieces are already selected."""
        if key in self.selected:
            self.selected.remove(key)
            return True
        if limit is not None and len(self.selected) >= limit:
            return False
        self.selected.append(key)
        return True

    def unselect(self, key: Any) -> bool:
        if key in self.selected:
            self.selected.remove(key)
            return True
        return False

    def clear(self) -> bool:
        """Let go of the selection; True if there was one."""
        had = bool(self.selected)
        self.selected.clear()
        return had

    def lift(self, key: Any, y: float, amount: float) -> float:
        """A selected piece stands `amount` higher."""
        return y - amount if key in self.selected else y

    # ------------------------------------------------------------------ keyboard focus
    def focused(self, order: Sequence[Any], default_last: bool = False) -> Any:
        """The focused piece (the first, or the last, when none is yet)."""
        if not order:
            return None
        if self.focus not in order:
            self.focus = order[-1] if default_last else order[0]
        return self.focus

    def step(self, order: Sequence[Any], d: int, default_last: bool = False) -> Any:
        """Focus moves d places along the row (stopping at its ends)."""
        key = self.focused(order, default_last)
        if key is None:
            return None
        i = max(0, min(len(order) - 1, list(order).index(key) + d))
        self.focus = order[i]
        return self.focus

    def shift(self, order: list, d: int, default_last: bool = False) -> bool:
        """The focused piece moves d places along the row; True if the order changed."""
        key = self.focused(order, default_last)
        if key is None:
            return False
        i = order.index(key)
        j = max(0, min(len(order) - 1, i + d))
        if j == i:
            return False
        order.insert(j, order.pop(i))
        return True

    # ------------------------------------------------------------------ dragging
    def start_drag(self, key: Any, pointer: tuple[float, float], centre: tuple[float, float] | None = None,
                   gap: int | None = None) -> None:
        """Pick a piece up; grabbed off its centre, it keeps that offset from the pointer."""
        centre = pointer if centre is None else centre
        self.drag_key = key
        self._off = (centre[0] - pointer[0], centre[1] - pointer[1])
        self.drag_pos = (centre[0], centre[1])
        self.drag_gap = gap

    def drag_to(self, pointer: tuple[float, float]) -> tuple[float, float]:
        """The pointer moved: where the dragged piece's centre is now."""
        self.drag_pos = (pointer[0] + self._off[0], pointer[1] + self._off[1])
        return self.drag_pos

    def end_drag(self) -> tuple[Any, int | None]:
        """Put it down: (its key, the gap it was over)."""
        key, gap = self.drag_key, self.drag_gap
        self.drag_key = None
        self.drag_gap = None
        return key, gap
