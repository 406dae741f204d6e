"""Rummy puzzles and goal levels as a player meets them (seen in a real window, session 11)."""

import pytest

from game.app.input import Intent
from game.app.scenes.dialog import Dialog
from game.app.tables import table_scene_for
from game.core.match import Match
from tests.app.app_helpers import drawn_lines, step


@pytest.fixture
def app(real_levels_app):
    return real_levels_app


def open_level(app, name, speed=1.0):
    """The shipped level whose id ends with `name`, at its table."""
    level = next(l for l in app.levels_for("rummy", "challenge") if l.id.endswith(name))
    app.store.settings.anim_speed = speed
    table = table_scene_for("rummy")(app, Match(level.fresh_setup()), level=level)
    app.stack.push(table)
    app.stack.apply()
    step(app, 2)
    return table


def test_a_puzzle_opens_on_its_position_and_says_it_is_a_puzzle(app):
    """A puzzle opened with the wash and 'Round 1 of 4', as if a whole game began."""
    table = open_level(app, "puzzle-1-borrow")
    assert table.stage.phase == "play" and table.stage.wash is None
    assert table.my_turn
    heading, under = table.info_lines()
    assert heading == "Puzzle" and "Round" not in under


def test_a_goal_level_still_washes_and_counts_its_rounds(app):
    table = open_level(app, "goal-win-game")
    assert table.stage.phase == "wash"
    assert table.info_lines()[0] == "Round 1 of 4"


def test_in_a_puzzle_draw_is_not_the_gold_button_and_asks_before_giving_up(app):
    """Draw was the gold main button of a puzzle, and one press of it (or of D) lost the puzzle."""
    table = open_level(app, "puzzle-2-split")
    table._refresh_buttons()
    assert table.buttons["draw"].enabled and not table.buttons["draw"].primary
    moves = len(table.match.log)
    table.handle(Intent("char", char="d"))
    app.stack.apply()
    ask = app.stack.top
    assert isinstance(ask, Dialog) and "give up" in ask.title.lower()
    ask.handle(Intent("back"))                 # Esc keeps the puzzle
    app.stack.apply()
    assert app.stack.top is table and len(table.match.log) == moves and table.goal_state is None
    table.cmd_draw()
    app.stack.apply()
    app.stack.top.ui.widgets[0].activate()     # "Draw and give up"
    app.stack.apply()
    step(app, 2)
    assert len(table.match.log) > moves and table.goal_state is False


def test_outside_a_puzzle_draw_stays_the_gold_button_and_draws_at_once(app):
    table = open_level(app, "goal-open-fast", speed=0.0)
    table._refresh_buttons()
    assert table.my_turn and table.buttons["draw"].primary
    moves = len(table.match.log)
    table.cmd_draw()
    app.stack.apply()
    assert app.stack.top is table and len(table.match.log) > moves


def test_up_from_the_hand_goes_to_the_set_above_not_the_empty_new_set_slot(app):
    """Puzzle 6 by keyboard: Up from the hand's second tile landed on '+ new set', past the
    bamboo run above; with nothing picked up the slot is no place to go."""
    table = open_level(app, "puzzle-6-grand", speed=0.0)
    hand = list(table.lay.hand_order)
    mine = {t for s in table.work.sets if s.area == table.viewer for t in s.tiles}
    for key in hand:
        table.cursor = ("tile", key)
        table.handle(Intent("up"))
        assert table.cursor != ("new",)
        assert table.cursor[0] == "tile" and table.cursor[1] in mine     # the row just above: your sets
    table.cursor = ("tile", hand[-1])
    table.handle(Intent("confirm"))               # a tile picked up: the slot is a place to put it
    assert table.fan.selected
    seen = set()
    for key in hand:
        table.cursor = ("tile", key)
        table.handle(Intent("up"))
        seen.add(table.cursor)
    assert ("new",) in seen


def rings_drawn(app):
    """(colour, rect) of every outline and every atlas glow one frame draws."""
    seen = []
    real_outline, real_piece = app.canvas.outline, app.canvas.piece

    def outline(colour, r, *a, **k):
        seen.append((tuple(colour)[:3], tuple(r)))
        return real_outline(colour, r, *a, **k)

    def piece(name, r, *a, **k):
        seen.append((name, tuple(r)))
        return real_piece(name, r, *a, **k)
    app.canvas.outline, app.canvas.piece = outline, piece
    try:
        app.stack.draw(app.canvas)
    finally:
        app.canvas.outline, app.canvas.piece = real_outline, real_piece
    return seen


def around(rect, x, y):
    return rect[0] <= x <= rect[0] + rect[2] and rect[1] <= y <= rect[1] + rect[3]


def test_a_picked_rummy_tile_is_edged_in_ivory_not_the_lessons_gold(app):
    """In Learn a picked tile wore the lesson's gold and read as 'the lesson wants this one'."""
    from game.app import theme
    table = open_level(app, "puzzle-1-borrow", speed=0.0)
    key = table.lay.hand_order[0]
    table.cursor = ("tile", key)
    table.handle(Intent("confirm"))
    assert table.fan.selected == [key]
    sp = table.stage.sprites[key]
    rings = [c for c, r in rings_drawn(app) if around(r, sp.x, sp.y)]
    assert tuple(theme.SELECTED)[:3] in rings
    assert tuple(theme.GOLD)[:3] not in rings
    assert theme.SELECTED[:3] != theme.GOLD[:3] and theme.SELECTED[:3] != theme.FOCUS_RING[:3]


def test_a_picked_mint_tin_card_is_edged_in_ivory_not_the_gold_glow(app):
    from game.app import theme
    from tests.app.test_minttin_table import click_card, frames, open_table, solo_setup
    scene = open_table(app, solo_setup())
    frames(app, 2)
    code = next(c.code for c in scene.board.hand if c.code)
    card = click_card(scene, code)
    assert card.id in scene.inp.fan.selected
    sp = scene.sprites[card.id]
    rings = [c for c, r in rings_drawn(app) if around(r, sp.x, sp.y)]
    assert tuple(theme.SELECTED)[:3] in rings
    assert "ui/select-card" not in rings and tuple(theme.GOLD)[:3] not in rings


def test_the_goal_panel_counts_the_turns_an_open_within_goal_allows(app):
    """The panel said 'Open your hand within your first three turns' and never which turn it was."""
    from tests.app.app_helpers import run_until
    from tests.app.test_minttin_table_issue11 import texts_drawn
    table = open_level(app, "goal-open-fast", speed=0.0)
    assert table.goal_progress() == "Turn 1 of 3"
    assert "Turn 1 of 3" in texts_drawn(app)
    table.cmd_draw()
    assert run_until(app, lambda: table.my_turn)
    assert table.goal_progress() == "Turn 2 of 3"
    assert "Turn 2 of 3" in texts_drawn(app)


def test_a_goal_with_nothing_to_count_shows_no_count(app):
    table = open_level(app, "puzzle-1-borrow", speed=0.0)
    assert table.goal_progress() is None


class FakeSeen:
    def __init__(self, actor, events=()):
        self.actor, self.events = actor, tuple(events)


class FakeMatch:
    """The public record GoalProgress reads: the log's length and history(None, since, until)."""

    def __init__(self):
        self.moves = []

    @property
    def log(self):
        return self.moves

    def history(self, seat, since=0, until=None):
        assert seat is None                          # only what every seat saw
        return self.moves[since:until]


def round_end(winner):
    from game.core.protocol import Event
    return Event("round_end", {"winner": winner})


def test_rounds_won_are_counted_from_the_round_ends_as_the_game_goes():
    """Mint Tin 'three before five': the panel now says how many of the three are won."""
    from game.app.scenes.goal_panel import GoalProgress
    from game.core.levels import Goal
    goal = Goal("Win 3 rounds before the opponent's 5th pung.", "win_rounds", {"count": 3, "before_opponent": True})
    match, progress = FakeMatch(), GoalProgress(goal, 0)
    progress.update(match)
    assert progress.line() == "Won 0 of 3"
    match.moves += [FakeSeen(0), FakeSeen(1), FakeSeen(0, [round_end(0)])]
    progress.update(match)
    assert progress.line() == "Won 1 of 3"
    match.moves += [FakeSeen(0, [round_end(None)]), FakeSeen(0, [round_end(0)])]
    progress.update(match)
    progress.update(match)                          # nothing new: nothing counted twice
    assert progress.line() == "Won 2 of 3"
    one = GoalProgress(Goal("Win a round.", "win_rounds", {"count": 1}), 0)
    one.update(match)
    assert one.line() is None                       # 'Won 0 of 1' says nothing the goal does not


def test_the_count_fits_a_narrow_panel_on_a_line_of_its_own(app):
    """Mint Tin's side panel is too narrow for the count beside 'Challenge': it takes a line of its own
    under the goal, whose words keep all the room they had (the panel grows by that line)."""
    from game.app.scenes.goal_panel import draw_goal_panel
    from game.app.tables.minttin_layout import GOAL
    goal = "Win 3 rounds before the opponent's 5th pung."
    drawn = drawn_lines(app, lambda: draw_goal_panel(app.canvas, GOAL, goal, None, "Won 1 of 3"))
    (count_pos,) = [pos for text, pos in drawn if text == "Won 1 of 3"]
    others = [pos for text, pos in drawn if text != "Won 1 of 3"]
    assert all(pos[1] < count_pos[1] for pos in others)           # under the goal's words
    lh = app.canvas.line_height(18)
    assert count_pos[1] + lh <= GOAL[1] + GOAL[3] + lh             # inside the panel, grown by one line
    words = " ".join(text for text, _ in drawn)
    assert "5th pung." in words and "…" not in words             # the goal keeps all its words


def test_a_missed_puzzle_offers_play_again_as_the_gold_button(app):
    """After a missed puzzle the gold (and Enter) was 'Back to the challenges': trying again is the
    likely wish, and one Enter now does it; a met goal keeps 'Back to the challenges' first."""
    from game.app.scenes.results import ResultsScene
    from tests.app.app_helpers import run_until
    table = open_level(app, "puzzle-3-dragon", speed=0.0)
    table.cmd_draw(give_up=True)
    assert run_until(app, lambda: isinstance(app.stack.top, ResultsScene), frames=600)
    results = app.stack.top
    gold = [w.label for w in results.ui.widgets if getattr(w, "primary", False)]
    assert gold == ["Play again"] and results.ui.focused.label == "Play again"
    met = ResultsScene(app, {}, ["You"], final=True, title="Challenge complete ✓", again=lambda: None,
                       next_label="Back to the challenges", again_first=False)
    met.build()
    assert [w.label for w in met.ui.widgets if w.primary] == ["Back to the challenges"]


def test_on_the_last_turn_to_open_draw_is_not_gold_while_an_opening_is_there(app):
    """'Open in three': on the third turn Draw was still the gold button, though drawing there fails
    the challenge and the hand (its dragons standing in) could open."""
    from game.rules.rummy.moves import openings
    from tests.app.app_helpers import run_until
    table = open_level(app, "goal-open-fast", speed=0.0)
    for turn in range(3):
        assert run_until(app, lambda: table.my_turn, 2000)
        table._refresh_buttons()
        last = turn == 2
        assert table.goal_state is None and table._progress.on_last_turn() == last
        assert table.buttons["draw"].primary == (not last)
        if not last:
            table.cmd_draw()
            app.stack.apply()
    assert openings(table.view.hand, table.view.table, limit=1)     # a different move can still meet it
    assert table.buttons["draw"].enabled                            # still there, only not the lit one


def test_a_given_up_puzzle_says_so_in_a_puzzles_words_not_a_rounds(app):
    """The results of a missed puzzle read 'The round stops here, unscored.': a puzzle is one turn on
    a set position, there is no round to stop."""
    from game.app.scenes.results import ResultsScene
    from tests.app.app_helpers import run_until
    table = open_level(app, "puzzle-1-borrow", speed=0.0)
    table.cmd_draw(give_up=True)
    assert run_until(app, lambda: isinstance(app.stack.top, ResultsScene), 600)
    results = app.stack.top
    assert "round" not in results.note.lower() and "unscored" not in results.note
    assert "tiles still in your hand" in results.note and "again" in results.note
    assert results.title == "Puzzle not solved ✗"
