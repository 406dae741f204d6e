"""The Challenges list marks what is done, per game, from the statistics the tables record."""

import pytest

from game.app.scenes.challenges import ChallengesScene
from game.app.widgets import ListRow
from game.core.levels import LEVELS_DIR


@pytest.fixture
def levels_dir():
    """The real levels: the challenges counted are the game's own."""
    return LEVELS_DIR


def test_completed_challenges_are_marked_and_counted(store, app):
    store.record_challenge("minttin", "minttin/challenge-2-kong")
    scene = ChallengesScene(app)
    app.stack.push(scene)
    app.stack.apply()
    rows = {r.label: r for r in scene.ui.widgets if isinstance(r, ListRow)}
    assert rows["Solo: win with a kong"].mark == "✓ Done"
    assert rows["Solo: win with a quint"].mark == ""
    notes = {title: note for _, title, note in scene._headings}
    minttin = [l for l in app.levels_for("minttin", "challenge")]
    assert notes["Mint Tin Mahjong"] == f"1 of {len(minttin)} completed"
    assert notes["Mahjong Rummy"].startswith("0 of ")


def test_statistics_count_the_same_challenges_the_list_marks(store, app):
    """A recorded id that is no challenge level (renamed, removed) counts on neither screen."""
    from game.app.scenes.stats import StatsScene
    from game.rules import info
    store.record_challenge("minttin", "minttin/challenge-2-kong")
    store.record_challenge("minttin", "challenge-1-first-mahjong")      # not a level id
    scene = StatsScene(app)
    total = len(app.levels_for("minttin", "challenge"))
    cells = scene.row_cells(info("minttin"), store.stats()["minttin"])
    assert cells[-1] == f"1 of {total}"


def test_keys_bring_a_games_heading_into_view_with_its_first_row(store, app):
    from game.app.input import Intent
    scene = ChallengesScene(app)
    app.stack.push(scene)
    app.stack.apply()
    scene.handle(Intent("end"))
    assert scene.pane.offset > 0                   # End goes to the last row, scrolling the list
    firsts = [w for w in scene.ui.widgets if id(w) in scene._heading_over]
    last_first = firsts[-1]                        # the last game's first row
    while scene.ui.focused is not last_first:      # up to it from the foot...
        scene.handle(Intent("up"))
    scene.handle(Intent("up"))                     # ...past it (its heading scrolls away)...
    scene.handle(Intent("down"))                   # ...and back down onto it
    heading_y = scene._heading_over[id(last_first)]
    assert heading_y - scene.pane.viewport.top >= scene.pane.offset      # with its heading in view
    scene.handle(Intent("home"))
    assert scene.pane.offset == 0 and scene.ui.focused is firsts[0]


def test_back_from_a_challenge_the_list_shows_that_challenge(store, app):
    """Seen in a real window: after a Rummy puzzle, "Back to the challenges" opened the list at Mint
    Tin, the new tick out of sight below."""
    from game.app.tables import table_scene_for
    from game.core.levels import load_level
    from game.core.match import Match
    level = next(l for l in app.levels_for("rummy", "challenge") if l.id.endswith("puzzle-2-split"))
    store.record_challenge("rummy", level.id)
    table = table_scene_for("rummy")(app, Match(level.fresh_setup()), level=level)
    app.stack.push(table)
    app.stack.apply()
    table._to_challenges()
    app.stack.apply()
    scene = app.stack.top
    assert isinstance(scene, ChallengesScene)
    row = next(r for r in scene.ui.widgets if isinstance(r, ListRow) and r.label == level.title)
    assert row.mark == "✓ Done"
    view = scene.pane.viewport
    top = row.rect.top - view.top - scene.pane.offset
    assert scene.pane.offset > 0 and 0 <= top and top + row.rect.height <= view.height


def finished_with_results(app, level):
    """The level's Mint Tin table, finished at once with a win for seat 0: (table, its results scene)."""
    from game.app.scenes.results import ResultsScene
    from game.app.tables import table_scene_for
    from game.core.match import Match
    from game.core.protocol import Result
    table = table_scene_for("minttin")(app, Match(level.fresh_setup()), level=level)
    app.stack.push(table)
    app.stack.apply()
    table._finish(Result(True, (7, 0), (0,), (), "You win"), [])
    app.stack.apply()
    shown = [s for s in [app.stack.top, *table._pending_results] if isinstance(s, ResultsScene)]
    assert shown
    return table, shown[0]


def test_a_challenge_decided_by_the_games_end_goes_back_to_the_list(store, app):
    """Seen in the Mint Tin challenge 'your first Mahjong': won on the game's last round, its results
    offered 'Back to the menu', where a challenge decided earlier offers 'Back to the challenges'."""
    level = next(l for l in app.levels_for("minttin", "challenge") if l.id.endswith("first-mahjong"))
    table, results = finished_with_results(app, level)
    assert results.next_label == "Back to the challenges"
    assert results.on_close == table._to_challenges


def test_a_game_without_a_challenge_still_goes_back_to_the_menu(store, app):
    level = next(l for l in app.levels_for("minttin", "quick") if l.goal is None)
    table, results = finished_with_results(app, level)
    assert results.next_label is None and results.on_close == table.leave


def test_each_row_shows_the_goal_and_the_levels_own_words_uncut(store, app):
    """Seen in a real window: the list gave only the goal ('Play every tile from your hand on your
    first turn.' six times over), and a level's description (the situation, or a way in: 'West's
    dragon is standing in for a tile you hold') showed nowhere at all. Each row now carries both,
    on a line each, and neither is cut, even beside the Done mark."""
    from game.app.scenes.challenges import MARK, ChallengeRow
    from game.app import theme
    for g in ("minttin", "rummy", "kards", "cuzzins", "martian"):
        for level in app.levels_for(g, "challenge"):
            store.record_challenge(g, level.id)         # the mark takes room from the words
    scene = ChallengesScene(app)
    app.stack.push(scene)
    app.stack.apply()
    rows = [r for r in scene.ui.widgets if isinstance(r, ChallengeRow)]
    assert len(rows) == sum(len(app.levels_for(g, "challenge"))
                            for g in ("minttin", "rummy", "kards", "cuzzins", "martian"))
    canvas = app.canvas
    for row in rows:
        level = next(l for g in ("minttin", "rummy", "kards", "cuzzins", "martian")
                     for l in app.levels_for(g, "challenge") if l.title == row.label)
        assert row.mark == MARK
        assert row.detail == level.goal.text and row.note == level.description
        width = row.text_width(canvas)
        assert canvas.measure(row.label, theme.BODY, True)[0] <= width, row.label
        assert canvas.measure(row.detail, theme.SMALL)[0] <= width, (row.label, row.detail)
        assert canvas.measure(row.note, theme.SMALL)[0] <= width, (row.label, row.note)
    # the three lines sit inside the row
    row = rows[0]
    bottom = (12 + canvas.line_height(theme.BODY, True) + 2 * canvas.line_height(theme.SMALL) + 2)
    assert bottom <= row.rect.height
    seen = []
    real = canvas.text
    canvas.text = lambda text, *a, **k: seen.append(text) or real(text, *a, **k)
    try:
        app.stack.draw(canvas)
    finally:
        canvas.text = real
    assert rows[0].detail in seen and rows[0].note in seen


def test_statistics_show_challenges_done_in_full_ink_though_no_game_was_finished(store, app):
    """Seen in a real window: three Rummy puzzles solved (each decided on its first turn, so no
    finished game) and Statistics greyed the whole row, '3 of 10' with it, as if nothing was done."""
    from game.app.scenes.stats import StatsScene
    from game.rules import info
    level = app.levels_for("rummy", "challenge")[0]
    store.record_challenge("rummy", level.id)
    scene = StatsScene(app)
    s = store.stats()["rummy"]
    assert s.get("played", 0) == 0
    assert scene.cell_lit("Challenges", info("rummy"), s)
    assert not scene.cell_lit("Played", info("rummy"), s)
    assert not scene.cell_lit("Challenges", info("kards"), store.stats().get("kards", {}))


@pytest.mark.parametrize("met", [True, False])
def test_a_challenges_last_results_say_beside_their_buttons_whether_the_goal_was_met(store, app, met):
    """Seen at the end of the Cuzzins challenge 'On a discard': 'Round over' and then 'Challenge
    complete ✓' over 'You finish ahead with 180 cents', with no word of the goal on either screen,
    where the rounds before say 'Challenge still on: <goal>'."""
    from game.app.scenes.results import ResultsScene
    from game.app.tables import table_scene_for
    from game.core.match import Match
    from game.core.protocol import Event, Result, ScoreLine
    level = next(l for l in app.levels_for("cuzzins", "challenge") if l.id.endswith("challenge-7-claimed"))
    table = table_scene_for("cuzzins")(app, Match(level.fresh_setup()), level=level)
    app.stack.push(table)
    app.stack.apply()
    table.goal_state = met
    round_end = Event("round_end", {"lines": [{"seat": 0, "name": "Total", "value": 45}],
                                    "totals": [180, -45, -45, -90]})
    game_lines = (ScoreLine(0, "Cents", 180, "1 hand won"),)
    table._finish(Result(True, (180, -45, -45, -90), (0,), game_lines, "You finish ahead"), [round_end])
    app.stack.apply()
    scenes = [s for s in app.stack.scenes if isinstance(s, ResultsScene)] + \
        [s for s in table._pending_results if isinstance(s, ResultsScene)]
    assert {s.final for s in scenes} == {True, False}
    for scene in scenes:
        assert scene.challenge == (level.goal.text, met)


def test_a_goal_decided_mid_hand_is_told_in_the_games_own_word():
    from game.app.scenes.goal_panel import decided_mid_round
    from game.core.levels import Goal
    assert decided_mid_round(Goal("Open in three", "open_within", {"turns": 3}), False) == \
        "Your first 3 turns went by without an opening. The round stops here, unscored."
    assert decided_mid_round(Goal("Win a hand", "win_hand"), True, "hand") == \
        "Done before the hand's end: the hand stops here, unscored."
    assert decided_mid_round(Goal("Win a hand", "win_hand"), False, "hand").startswith(
        "The goal can no longer be met. The hand stops here")
    # a puzzle (one turn on a set position) has no round to stop
    puzzle = Goal("Clear your hand", "clear_hand")
    assert decided_mid_round(puzzle, True, puzzle=True) == "Every tile of your hand went to the table in one turn."
    missed = decided_mid_round(puzzle, False, puzzle=True)
    assert missed.startswith("Your turn ended with tiles still in your hand.") and "round" not in missed


def test_statistics_write_a_best_score_in_cents_as_the_table_does(store, app):
    from game.app.scenes.stats import StatsScene
    from game.rules import info
    store.record_game("cuzzins", False, -105)
    store.record_game("minttin", True, 7)
    scene = StatsScene(app)
    assert scene.row_cells(info("cuzzins"), store.stats()["cuzzins"])[3] == "-105¢"
    assert scene.row_cells(info("minttin"), store.stats()["minttin"])[3] == "7"      # points stay bare
