"""The kit's hand fan: selection, keyboard focus and moves, drag to reorder, fan geometry."""

from hypothesis import given, settings
from hypothesis import strategies as st

from game.app.tablekit.fan import HandFan, fan_row, insert_index, reorder


def test_toggle_respects_a_limit_and_keeps_the_picking_order():
    fan = HandFan()
    assert fan.toggle("c") and fan.toggle("a")
    assert not fan.toggle("b", limit=2) and fan.selected == ["c", "a"]
    assert fan.toggle("c") and fan.selected == ["a"]          # a second press lets go
    assert fan.lift("a", 100, 20) == 80 and fan.lift("b", 100, 20) == 100
    fan.select_only("b")
    assert fan.selected == ["b"] and fan.clear() and not fan.clear()


def test_keep_forgets_pieces_that_left_the_hand():
    fan = HandFan()
    fan.toggle(1), fan.toggle(2)
    fan.focus = 2
    fan.keep([1, 3])
    assert fan.selected == [1] and fan.focus is None


def test_keys_move_the_focus_and_the_focused_piece():
    order = ["a", "b", "c", "d"]
    fan = HandFan()
    assert fan.focused(order) == "a"
    fan.focus = None
    assert fan.step(order, 1) == "b"
    assert fan.step(order, 5) == "d"                          # stops at the end
    assert fan.shift(order, -2) and order == ["a", "d", "b", "c"] and fan.focus == "d"
    assert fan.shift(order, -5) and order == ["d", "a", "b", "c"]
    assert not fan.shift(order, -1)                           # already first: nothing changes
    fan.focus = None
    assert fan.focused(order, default_last=True) == "c"       # the piece just drawn is last


def test_dragging_keeps_the_grab_offset_and_reorders_on_drop():
    order = ["a", "b", "c", "d"]
    fan = HandFan()
    fan.start_drag("b", pointer=(105, 210), centre=(100, 200), gap=1)
    assert fan.drag_pos == (100, 200)
    assert fan.drag_to((305, 210)) == (300, 200)
    fan.drag_gap = 3
    key, gap = fan.end_drag()
    reorder(order, key, gap)
    assert order == ["a", "c", "d", "b"] and fan.drag_key is None


def test_fan_row_is_centred_and_opens_a_gap_and_a_fresh_space():
    assert fan_row(3, 500, 100) == [400, 500, 600]
    assert fan_row(3, 500, 100, gap_at=1) == [350, 550, 650]
    xs = fan_row(3, 500, 100, fresh_gap=20)
    assert xs[2] - xs[1] == 120 and xs[1] - xs[0] == 100


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 16), st.integers(0, 16), st.floats(200, 1200))
def test_a_piece_dropped_on_a_slot_goes_into_that_slot(n, i, cx):
    """Dropped on the centre of slot i of a row of n+1 (itself taken out), a piece lands at i."""
    i = min(i, n)
    xs = fan_row(n + 1, cx, 72)
    assert insert_index(n, xs[i] + 1, cx, 72) == i
    order = list(range(n + 1))
    reorder(order, 0, i)
    assert order.index(0) == i and sorted(order) == list(range(n + 1))
