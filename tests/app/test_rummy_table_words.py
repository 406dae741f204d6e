"""Turn notes and hint steps in words, read from the table before and after a turn."""

from game.app.tables.rummy_words import changes, hint_steps, set_label, turn_note
from tests.app.app_helpers import drawn_lines

BEFORE = [["B3#1", "B4#1", "B5#1", "B6#1"],            # your run (seat 0)
          ["C7#1", "C7#2", "C7#3"]]                    # East's group
AFTER = [["B3#1", "B4#1", "B5#1"],                     # your run lost its 6
         ["C7#1", "C7#2", "C7#3"],
         ["B6#1", "B7#1", "B8#1"]]                     # a new run: the 6 taken + 7, 8 from the hand
OWNERS = {0: "your", 1: "East's"}


def labels(before, after):
    def b(j):
        return f"{OWNERS[j]} {set_label('run' if j == 0 else 'group', [t.split('#')[0] for t in before[j]])}"

    def a(i, new):
        lab = set_label("run" if i != 1 else "group", [t.split("#")[0] for t in after[i]])
        return lab if new else f"{OWNERS.get(i, 'a')} {lab}"
    return b, a


def test_set_labels():
    assert set_label("run", ["B4", "B5", "B6"]) == "run 4-5-6 Bamboo"
    assert set_label("group", ["C7", "C7", "C7"]) == "group of 7 Characters"
    assert set_label("winds-mixed", ["WE", "WS", "WW"]) == "winds East-South-West"
    # a hint's faces come in the order it found them; the words follow the set as it is shown
    assert set_label("winds-mixed", ["WW", "WN", "WE"]) == "winds East-West-North"


def test_changes_find_the_borrowed_tile_and_the_hand_tiles():
    chs = changes(BEFORE, AFTER)
    assert [(c.index, c.origin) for c in chs] == [(0, 0), (2, None)]
    new = chs[1]
    assert sorted(new.from_hand) == ["B7#1", "B8#1"] and new.taken == [(0, "B6#1")]
    assert chs[0].lost and not chs[0].from_hand


def test_a_turn_note_says_what_moved_from_where():
    b, a = labels(BEFORE, AFTER)
    note = turn_note("South", changes(BEFORE, AFTER), b, a, {})
    assert note.startswith("South laid a new run 6-7-8 Bamboo")
    assert "7 Bamboo and 8 Bamboo from the hand" in note
    assert "6 Bamboo taken from your run 3-4-5-6 Bamboo" in note


def test_sets_laid_from_the_hand_are_named_once_with_their_dragons():
    """Seen at the table: an opening of three sets read "laid a new run 2-3-4 Bamboo (2 Bamboo, 3 Bamboo
    and 4 Bamboo from the hand), and laid ..." and ran out of the notes panel."""
    after = [["B1#1", "B1#2", "DW#1"], ["B2#1", "B3#1", "B4#1"]]
    kinds = ("group", "run")
    a = lambda i, new: set_label(kinds[i], ["B1", "B1", "B1"] if i == 0 else ["B2", "B3", "B4"])   # noqa: E731
    note = turn_note("North", changes([], after), lambda j: "", a, {"DW#1": "B1"})
    assert note == "North laid from the hand a group of 1 Bamboo (White Dragon as 1 Bamboo) and a run 2-3-4 Bamboo."


def test_hint_steps_borrow_first_and_name_the_tiles():
    after = AFTER + [["D1#1", "D2#1", "D3#1"]]
    b, a = labels(BEFORE, after)
    steps = hint_steps(changes(BEFORE, after), b, a, {})
    assert len(steps) == 2
    assert steps[0].text.startswith("Borrow 6 Bamboo from your run 3-4-5-6 Bamboo")
    assert sorted(steps[0].tiles) == ["B6#1", "B7#1", "B8#1"]
    assert steps[1].text.startswith("Lay 1 Dots, 2 Dots and 3 Dots from your hand")


def test_a_dragon_swap_is_said_as_a_swap_not_a_borrow():
    before = [["B3#1", "B4#1", "DR#1"], ["C1#1", "C2#1", "C3#1"]]
    after = [["B3#1", "B4#1", "B5#1"], ["C1#1", "C2#1", "C3#1", "DR#1"]]
    swaps = [("DR#1", "B5#1")]
    b = lambda j: f"East's set {j}"                      # noqa: E731
    a = lambda i, new: f"set {i}"                        # noqa: E731
    steps = hint_steps(changes(before, after), b, a, {"DR#1": "C4"}, swaps)
    assert steps[0].text.startswith("Swap your 5 Bamboo for the Red Dragon in East's set 0")
    assert "use the red dragon you swapped out" in steps[1].text.lower() and "Borrow" not in steps[1].text
    note = turn_note("South", changes(before, after), b, a, {"DR#1": "C4"}, swaps)
    assert "5 Bamboo in place of the Red Dragon" in note
    assert "the Red Dragon swapped out (as 4 Characters)" in note and "taken from" not in note


def test_a_note_too_long_for_the_panel_ends_in_an_ellipsis_inside_it(app):
    """Seen in a real window: a long bot-turn note was cut mid-sentence at the panel's bottom."""
    from game.app.tables import rummy_layout as L
    from .test_rummy_table import make_table
    scene = make_table(app)
    scene.notes = ["South laid a new run of many tiles taken from everywhere on the table " * 12]
    drawn = drawn_lines(app, lambda: scene._draw_notes(app.canvas))
    x, y, w, h = L.NOTES
    lines = [(t, p) for t, p in drawn if t != "Last turns"]
    assert lines and lines[-1][0].endswith("…")
    assert all(p[1] + app.canvas.line_height(14) <= y + h for _t, p in lines)


def test_borrowed_labels_of_neighbouring_tiles_are_one_word_not_two_run_together():
    from game.app.tables.rummy_draw import merged_spans
    # three borrowed tiles side by side on one row, one further along, one on another row
    spans = [(100, 140, 500), (144, 184, 500), (188, 228, 500), (400, 440, 500), (144, 184, 620)]
    assert merged_spans(spans, gap=12) == [(100, 228, 500), (400, 440, 500), (144, 184, 620)]
    assert merged_spans([], gap=12) == []


def test_the_hint_list_scrolls_to_keep_the_step_shown_in_view():
    from game.app.tables.rummy_draw import visible_rows
    rows = [30.0] * 10                                  # the whole turn and nine steps, 30 high each
    assert visible_rows(rows, 0, 200, 18) == (0, 6)     # from the top, a marker for the rest below
    assert visible_rows(rows, 3, 200, 18) == (0, 6)
    first, last = visible_rows(rows, 7, 200, 18)        # step 7: scrolled so it is in view
    assert first <= 7 < last and first > 0 and sum(rows[first:last]) + 36 <= 200
    assert visible_rows(rows, 9, 200, 18)[1] == 10      # the last step: the list ends with it
    assert visible_rows([30.0] * 3, 2, 200, 18) == (0, 3)   # everything fits: no scrolling


def test_the_round_result_says_you_where_the_rules_say_north(app):
    """Seen in a real window: the boxes said "You 78 points", the line above them "best round: North"."""
    from game.app.scenes.results import ResultsScene
    from game.app.tables.rummy import RummyTable
    from game.core.match import Match
    from game.core.protocol import SeatConfig, Setup
    setup = Setup("rummy", (SeatConfig("human", "normal", "You"),) + tuple(SeatConfig("bot", "normal", "")
                                                                            for _ in range(3)), {"rounds": 4}, 3)
    scene = RummyTable(app, Match(setup))
    app.stack.push(scene)
    app.stack.apply()
    data = {"summary": "Round 1: North went out; best round: North with 9 points.", "totals": [9, 0, 0, 0],
            "lines": [], "unit": "points"}
    scene._show_results(ResultsScene(app, data, scene.result_names(), final=False, engine_names=scene.engine_names))
    app.stack.apply()
    assert app.stack.top.data["summary"] == "Round 1: You went out; best round: You with 9 points."


def test_the_round_wind_label_overlaps_no_wind_tile_on_the_dial(app):
    """Seen in a real window: "round wind" ran into the top of the bottom seat's wind tile."""
    import pygame
    from tests.app.test_rummy_table import OPENING_HAND, make_table
    scene = make_table(app, hands=[OPENING_HAND])
    label, tiles = [], []
    real_text, real_piece = app.canvas.text, app.canvas.piece_at

    def text(t, *a, **k):
        r = real_text(t, *a, **k)
        if t == "round wind":
            label.append(pygame.FRect(r))
        return r

    def piece_at(name, *a, **k):
        r = real_piece(name, *a, **k)
        tiles.append(pygame.FRect(r))
        return r
    app.canvas.text, app.canvas.piece_at = text, piece_at
    try:
        scene._draw_indicator(app.canvas)
    finally:
        app.canvas.text, app.canvas.piece_at = real_text, real_piece
    assert len(label) == 1 and len(tiles) == 5           # the round wind and the four seats
    assert not any(label[0].colliderect(t) for t in tiles)


# South's run 7-8-9 Dots has a Red Dragon as 9; you swap your 9 Dots for it, put it back as 8 and
# borrow South's 8 Dots for your own run (a turn the hard bot's hint really suggested).
SWAP_BEFORE = [["D7#1", "D8#1", "DR#1"], ["D5#1", "D6#1", "D7#2"]]
SWAP_AFTER = [["D7#1", "DR#1", "D9#1"], ["D5#1", "D6#1", "D7#2", "D8#1"]]
SWAP = [("DR#1", "D9#1")]


def test_a_swapped_dragon_put_back_in_its_set_is_said():
    b = lambda j: ["South's run 7-8-9 Dots", "your run 5-6-7 Dots"][j]                   # noqa: E731
    a = lambda i, new: ["South's run 7-8-9 Dots", "your run 5-6-7-8 Dots"][i]            # noqa: E731
    steps = hint_steps(changes(SWAP_BEFORE, SWAP_AFTER), b, a, {"DR#1": "D8"}, SWAP)
    assert steps[0].text.startswith("Swap your 9 Dots for the Red Dragon in South's run 7-8-9 Dots")
    assert "put the Red Dragon back in as 8 Dots" in steps[0].text
    assert steps[1].text.startswith("Borrow 8 Dots from South's run")
    note = turn_note("West", changes(SWAP_BEFORE, SWAP_AFTER), b, a, {"DR#1": "D8"}, SWAP)
    assert "9 Dots in place of the Red Dragon, put back as 8 Dots" in note


def test_a_hint_step_frame_keeps_the_tiles_a_later_step_borrows():
    from game.app.tables.rummy_hint import step_tables
    b = lambda j: "set"                                  # noqa: E731
    a = lambda i, new: "set"                             # noqa: E731
    chs = changes(SWAP_BEFORE, SWAP_AFTER)
    steps = hint_steps(chs, b, a, {"DR#1": "D8"}, SWAP)
    frames = step_tables(SWAP_BEFORE, SWAP_AFTER, chs, steps)
    # after the swap the 8 Dots is still in South's run (it leaves at the next step), not gone
    assert sorted(t for s in frames[0] for t in s) == sorted([t for s in SWAP_BEFORE for t in s] + ["D9#1"])
    assert "D8#1" in frames[0][0]
    assert sorted(map(sorted, frames[-1])) == sorted(map(sorted, SWAP_AFTER))
