"""The kit's option chooser: keys and mouse pick one option; Esc cancels; Skip and Hint go through."""

import pytest

from game.app.input import Intent
from game.app.tablekit.chooser import Chooser, Option


@pytest.fixture
def picked():
    return []


def make(picked, cells=False, n=3):
    opts = [Option(f"Option {i}", ("tile/B1",) * (i + 1), i) for i in range(n)]
    return Chooser("Pick one", opts, picked.append, lambda: picked.append("cancel"), cells=cells)


@pytest.mark.parametrize("cells", [False, True])
def test_arrow_keys_move_the_focus_and_enter_picks(picked, cells):
    ch = make(picked, cells)
    forward, back = ("right", "left") if cells else ("down", "up")
    assert ch.ui.focused is ch.ui.widgets[0]
    assert ch.handle(Intent(forward)) and ch.handle(Intent(forward))
    assert ch.ui.focused is ch.ui.widgets[2]
    ch.handle(Intent(back))
    ch.handle(Intent("confirm"))
    assert picked == [1]


def test_tab_cycles_round_the_options_and_the_cancel_button(picked):
    ch = make(picked)
    for _ in range(3):
        ch.handle(Intent("focus_next"))
    assert ch.ui.focused is ch.cancel
    ch.handle(Intent("focus_next"))
    assert ch.ui.focused is ch.ui.widgets[0]
    ch.handle(Intent("focus_prev"))
    ch.handle(Intent("confirm"))
    assert picked == ["cancel"]


@pytest.mark.parametrize("cells", [False, True])
def test_a_click_picks_the_option_under_it_and_the_pointer_moves_the_focus(picked, cells):
    ch = make(picked, cells)
    target = ch.ui.widgets[2].rect.center
    ch.handle(Intent("point", target))
    assert ch.ui.focused is ch.ui.widgets[2]
    ch.handle(Intent("press", target))
    ch.handle(Intent("select", target))
    assert picked == [2]


def test_escape_or_a_right_click_cancels_and_the_panel_is_modal(picked):
    ch = make(picked)
    assert ch.handle(Intent("back")) and picked == ["cancel"]
    assert ch.handle(Intent("alt_select", (5, 5))) and picked == ["cancel", "cancel"]
    assert ch.handle(Intent("select", (5, 5))) and picked == ["cancel", "cancel"]   # outside: nothing, but used
    assert not ch.handle(Intent("skip")) and not ch.handle(Intent("hint"))             # the table hears these


def test_rows_stack_inside_the_panel_and_cells_sit_side_by_side(picked):
    rows = make(picked)
    x, y, w, h = rows.rect
    boxes = [wd.rect for wd in rows.ui.widgets]
    assert all(x <= b.left and b.right <= x + w and y <= b.top and b.bottom <= y + h for b in boxes)
    assert [b.top for b in boxes[:3]] == sorted(b.top for b in boxes[:3]) and boxes[0].top < boxes[1].top
    cells = make(picked, cells=True)
    tops = {wd.rect.top for wd in cells.ui.widgets[:3]}
    assert len(tops) == 1 and cells.cancel.rect.top > max(tops)


def test_a_chooser_opened_from_the_keyboard_rings_its_first_option_at_once(picked):
    assert not make(picked).ui.keyboard
    opts = [Option("A", (), 0), Option("B", (), 1)]
    ch = Chooser("Pick one", opts, picked.append, lambda: None, keyboard=True)
    assert ch.ui.keyboard and ch.ui.focused is ch.ui.widgets[0]


@pytest.mark.parametrize("cells", [False, True])
def test_number_keys_pick_the_nth_option_and_each_option_shows_its_number(picked, cells):
    # seen: arrows and Enter worked in Mint Tin's "Call the Moon 5 as" chooser, number keys did nothing
    ch = make(picked, cells)
    assert [w.number for w in ch.ui.widgets[:3]] == [1, 2, 3]
    assert ch.handle(Intent("char", char="3"))
    assert picked == [2]
    assert ch.handle(Intent("char", char="7")) and picked == [2]     # no 7th option: nothing picked
    ch.handle(Intent("char", char="1"))
    assert picked == [2, 0]


def test_number_keys_reach_ten_options_0_the_tenth(picked):
    # as on the claim bar, where a Strict Kards choice has more than nine answers
    ch = make(picked, n=11)
    assert [w.number for w in ch.ui.widgets[:11]] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 0, None]
    ch.handle(Intent("char", char="0"))
    assert picked == [9]


def test_number_keys_name_only_one_to_nine_within_the_buttons():
    # the shared rule behind every table's number keys (claim bar, turn buttons, choosers); a
    # superscript digit is a digit to str.isdigit but no number key (int('²') raised before)
    from game.app.widgets import numbered
    buttons = ["a", "b", "c"]
    assert numbered(buttons, "1") == "a" and numbered(buttons, "3") == "c"
    assert [numbered(buttons, c) for c in ("0", "4", "²", "", None, "12", "x")] == [None] * 7
