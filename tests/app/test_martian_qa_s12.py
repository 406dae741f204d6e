"""Martian Mah Jongg as a player finds it, and what it showed of the shared table kit (session 12,
seen in a real window)."""

import pytest

from game.app.tables import table_scene_for
from game.core.match import Match
from tests.app.app_helpers import drawn_lines, step


@pytest.fixture
def app(real_levels_app):
    return real_levels_app


def open_level(app, game, name, kind="challenge", speed=0.0):
    level = next(l for l in app.levels_for(game, kind) if l.id.endswith(name))
    app.store.settings.anim_speed = speed
    table = table_scene_for(game)(app, Match(level.fresh_setup()), level=level)
    app.stack.push(table)
    app.stack.apply()
    step(app, 2)
    return table


def test_a_puzzles_side_panel_says_puzzle_not_challenge(app):
    """Seen on a Rummy puzzle: the info line said "Puzzle" and the results "Puzzle solved", but the
    goal panel beside the table was headed "Challenge"."""
    table = open_level(app, "rummy", "puzzle-1-borrow")
    words = [t for t, _ in drawn_lines(app, lambda: table.draw(app.canvas))]
    assert "Puzzle" in words and "Challenge" not in words
    table.goal_state = False
    words = [t for t, _ in drawn_lines(app, lambda: table.draw(app.canvas))]
    assert any(w.startswith(("Puzzle not solved", "Not solved")) for w in words)
    assert not any(w.startswith(("Challenge", "Failed")) for w in words)


def test_a_goal_levels_side_panel_still_says_challenge(app):
    table = open_level(app, "rummy", "goal-win-game")
    assert "Challenge" in [t for t, _ in drawn_lines(app, lambda: table.draw(app.canvas))]


@pytest.mark.parametrize("keys", [("up", "down"), ("up",), ("focus_next",)])
def test_a_chooser_row_shows_one_marker_once_keys_move_the_focus(keys):
    """Seen in a Martian chooser: with the pointer resting on a row, an arrow press drew the cyan
    ring and that row's (or another row's) hover light at once."""
    from game.app.input import Intent
    from game.app.tablekit.chooser import Chooser, Option
    ch = Chooser("Where?", [Option("a", (), 1), Option("b", (), 2), Option("c", (), 3)], lambda v: None, lambda: None)
    row = ch.ui.widgets[2]
    ch.handle(Intent("point", pos=row.rect.center))
    assert row.hover and ch.ui.focused is row
    for k in keys:
        ch.handle(Intent(k))
    assert ch.ui.keyboard
    assert [w for w in ch.ui.widgets if w.hover] == []
    ch.handle(Intent("point", pos=row.rect.center))      # the pointer moves again: its light is back
    assert row.hover and not ch.ui.keyboard


CHANCE_LEVEL = """
title = "Hot seat: Mah Jongg chance"
game = "martian"
kind = "quick"

[[seats]]
kind = "human"
name = "Ann"

[[seats]]
kind = "human"
name = "Bob"

[deal]
east = 0
hands = [
  { chow = ["red-S"], pung = ["blue-M", "-"], kong = ["green-L", "-", "green-S"] },
  { chow = ["cyan-S"], pung = ["orange-M", "orange-S"], kong = ["violet-L", "-", "violet-S"] },
]
rolls = ["red-L", "violet-M", "yellow-L"]
"""


def hot_seat(app, tmp_path):
    """Ann (East) and Bob at one screen; Bob's second roll completes his piles."""
    from game.core.levels import load_level
    path = tmp_path / "chance.toml"
    path.write_text(CHANCE_LEVEL)
    level = load_level(path)
    app.store.settings.anim_speed = 0.0
    app.start_game(level.fresh_setup(), level)
    app.stack.apply()
    step(app, 2)
    from game.app.tables.martian import MartianTable
    return app.stack.find(MartianTable)


def curtain(app):
    from game.app.scenes.handoff import HandoffScene
    top = app.stack.top
    assert isinstance(top, HandoffScene)
    return top


def play(app, scene, action):
    assert scene.act(action)
    step(app, 3)


def test_hot_seat_offers_mah_jongg_before_anothers_roll_behind_its_own_curtain(app, tmp_path):
    """MMJ-21 lets a player call Mah Jongg before anyone's roll. At a hot seat only the player at the
    screen could: Bob completed his piles on his keep, the curtain came up for Ann's roll, and Bob had
    no way to call before she threw. Every turn's curtain now offers each other human the same button
    (whether or not their piles are complete), which brings their own curtain and then the choice."""
    from game.app.input import Intent
    from game.rules.martian import Keep, MahJongg, Roll
    from tests.app.app_helpers import through_curtain
    scene = hot_seat(app, tmp_path)
    first = curtain(app)
    assert first.name == "Ann" and [b.label for b in first.extra] == ["1  Bob: Mah Jongg?"]
    through_curtain(app, scene, "Ann")
    play(app, scene, Roll())
    play(app, scene, Keep("bonus"))
    # Bob's curtain offers Ann the same button, though her piles are far from complete
    assert [b.label for b in curtain(app).extra] == ["1  Ann: Mah Jongg?"]
    through_curtain(app, scene, "Bob")
    play(app, scene, Roll())
    play(app, scene, Keep("kong-M"))              # Bob's piles are complete; Ann is to roll
    assert scene.match.state.screens[1].complete()
    ann = curtain(app)
    assert ann.name == "Ann" and [b.label for b in ann.extra] == ["1  Bob: Mah Jongg?"]
    app.dispatch(Intent("char", char="1"))        # Bob takes his chance: his own curtain first
    step(app, 30)
    through_curtain(app, scene, "Bob")
    assert scene.viewer == 1 and scene.acting
    labels = [b.label for b in scene.buttons]
    assert labels == ["1  Mah Jongg!", "2  Not now: pass on"]
    scene.buttons[1].activate()                   # not now: Ann's curtain again, her roll still to come
    step(app, 3)
    assert curtain(app).name == "Ann"
    app.dispatch(Intent("char", char="1"))
    step(app, 30)
    through_curtain(app, scene, "Bob")
    scene.buttons[0].activate()                   # Mah Jongg!
    step(app, 3)
    assert any(e.seat == 1 and e.action == scene.match.rules.encode_action(MahJongg())
               for e in scene.match.log)


def test_a_player_without_a_complete_hand_is_told_so_at_their_chance(app, tmp_path):
    from game.app.input import Intent
    from tests.app.app_helpers import through_curtain
    scene = hot_seat(app, tmp_path)
    app.dispatch(Intent("char", char="1"))        # on Ann's first curtain: Bob's chance
    step(app, 30)
    through_curtain(app, scene, "Bob")
    assert scene.viewer == 1 and [b.label for b in scene.buttons] == ["1  Not now: pass on"]
    assert "not complete" in scene.status()
    scene.buttons[0].activate()
    step(app, 3)
    through_curtain(app, scene, "Ann")
    assert scene.viewer == 0 and "roll" in scene.status()


def test_the_turn_after_a_claim_window_gets_its_curtain_and_the_others_their_chance(app, tmp_path):
    """Seen in a real window: Player 2 discarded, Player 1 passed on it and, still at the screen, was
    straight on to roll: no curtain, so nobody else had the chance to call Mah Jongg before that roll."""
    from game.app.input import Intent
    from game.rules.martian import Keep, Pass, Roll
    from tests.app.app_helpers import through_curtain
    scene = hot_seat(app, tmp_path)
    through_curtain(app, scene, "Ann")
    play(app, scene, Roll())
    play(app, scene, Keep("kong-L"))              # her large green is the discard: Bob is asked
    assert scene._claim_waiting() == [1]
    app.dispatch(Intent("char", char="1"))        # Bob's claim button: his curtain, then his answer
    step(app, 30)
    through_curtain(app, scene, "Bob")
    scene._choose_claim(1, Pass())
    step(app, 3)
    bob = curtain(app)                            # Bob rolls next, but Ann may call first
    assert bob.name == "Bob" and [b.label for b in bob.extra] == ["1  Ann: Mah Jongg?"]
    through_curtain(app, scene, "Bob")
    assert scene.viewer == 1 and Roll() in scene.legal
