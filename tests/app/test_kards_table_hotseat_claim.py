"""A hot-seat Mah-Jongg claim by mouse once logged as Pass (QA round, Kards, two humans). The cause:
the curtain's "I am Player 1: show my cards" button lies over the private choice it lifts to, Pass
under its right half, Mah-Jongg under its left; the second click of a double click on the curtain
(or a release whose press the curtain swallowed while fading out) landed on that choice and
answered it. A click now counts only when it went down and up on one button of the bar as shown,
and the bar ignores clicks for a moment after a curtain lifts to it; keys answer at once.

The other ways a claim could go astray, pinned here too: the timer does not run behind a curtain
(tests/app/test_claim_table.py), a click after the window timed out plays nothing more, a press on
a button that the bar has since rebuilt never presses the new button there, and Esc pressed as the
window times out neither loses nor repeats an answer."""

import pytest

from game.app.input import Intent
from game.app.scenes.dialog import Dialog
from game.app.scenes.handoff import HandoffScene
from game.app.scenes.table_base import CLAIM_CLICK_GUARD
from game.app.tablekit.claimbar import ClaimBar
from game.app.tables import table_scene_for
from game.core.match import Match
from game.core.protocol import SeatConfig, Setup
from game.rules.kards import Discard, MahJongg, Pass
from tests.app.app_helpers import step, through_curtain
from tests.app.claimtoy_table import FakePool

# Player 1 (seat 0) waits on 1 Dots for four pungs and a pair; East (seat 3, a bot) throws one.
P1 = ["B1", "B1", "B1", "B2", "B2", "B2", "C1", "C1", "C1", "C2", "C2", "C2", "D1"]
EAST = ["D1", "B5", "B6", "B7", "C5", "C6", "C7", "D5", "D6", "D7", "B9", "B9", "C9", "C9"]


@pytest.fixture
def pool(menu_app):
    menu_app.store.settings.anim_speed = 0.0
    fake = FakePool()                     # the test answers East's discard itself
    menu_app.bot_pool = fake
    return fake




def click(app, pos):
    app.dispatch(Intent("press", pos=pos))
    app.dispatch(Intent("select", pos=pos))
    app.stack.apply()


def answers_of(scene, seat, since):
    return [scene.rules.decode_action(e.action) for e in scene.match.log[since:] if e.seat == seat]


def window_for_player_1(app, pool, options=None):
    """A hot seat (Players 1 and 2, two bots) at East's discard of the 1 Dots Player 1 goes out on:
    the public claim bar, one Claim button each."""
    setup = Setup("kards", tuple(SeatConfig(k, "normal", "") for k in ["human", "human", "bot", "bot"]),
                  dict(options or {}), 4, {"east": 3, "hands": [P1, None, None, EAST]})
    scene = table_scene_for("kards")(app, Match(setup))
    app.stack.push(scene)
    app.stack.apply()
    step(app, 2)
    assert scene.viewer is None              # East, a bot, opens: no curtain, the public table
    for _ in range(200):
        step(app)
        if pool.waiting:
            break
    (future,) = pool.waiting
    legal = pool.asked[-1][3]
    pool.answer(future, next(a for a in legal if isinstance(a, Discard) and a.piece.startswith("D1")))
    step(app, 2)
    pool.answer_all()                     # the other bot passes
    step(app, 2)
    assert scene._claim_waiting() == [0, 1]
    assert [b.label for b in scene.claim_bar.buttons] == ["1  Player 1: Claim", "2  Player 2: Claim"]
    return scene


def to_private_choice(app, scene):
    """Player 1 presses their Claim button and confirms the curtain by mouse; the curtain object is
    returned, the table is back with Player 1's private choice."""
    click(app, scene.claim_bar.buttons[0].box.center)
    curtain = app.stack.top
    assert isinstance(curtain, HandoffScene) and curtain.name == "Player 1"
    click(app, curtain.button.rect.center)
    for _ in range(60):
        step(app)
        if app.stack.top is scene:
            break
    assert scene.claim_chooser == 0
    assert [b.label for b in scene.claim_bar.buttons] == ["1  Mah-Jongg", "2  Pass"]
    return curtain


def test_a_double_click_on_the_curtain_never_answers_the_choice_behind_it(menu_app, pool):
    app = menu_app
    scene = window_for_player_1(app, pool)
    moves = len(scene.match.log)
    curtain = to_private_choice(app, scene)
    mj, pass_ = scene.claim_bar.buttons
    # the premise: the curtain's button lies over both answers
    assert curtain.button.rect.colliderect(pass_.box) and curtain.button.rect.colliderect(mj.box)
    over_pass = curtain.button.rect.clip(pass_.box).center
    over_mj = curtain.button.rect.clip(mj.box).center
    # the release of a second click whose press the fading curtain swallowed
    app.dispatch(Intent("select", pos=over_pass))
    app.stack.apply()
    # a whole second click just after the curtain lifted, on either answer
    click(app, over_pass)
    click(app, over_mj)
    assert answers_of(scene, 0, moves) == [] and scene.claim_chooser == 0 and scene.claim_bar.visible
    # a moment later the player's own click is theirs
    step(app, round(CLAIM_CLICK_GUARD * 60) + 1)
    assert scene.claim_bar.ready
    click(app, mj.box.center)
    assert answers_of(scene, 0, moves) == [MahJongg()]


def test_keys_answer_at_once_behind_the_curtain(menu_app, pool):
    app = menu_app
    scene = window_for_player_1(app, pool)
    moves = len(scene.match.log)
    to_private_choice(app, scene)
    app.dispatch(Intent("char", char="1"))          # no pause for the keys: a key is never a stray click
    app.stack.apply()
    assert answers_of(scene, 0, moves) == [MahJongg()]


def test_a_press_on_one_answer_and_release_on_another_is_no_answer(menu_app, pool):
    app = menu_app
    scene = window_for_player_1(app, pool)
    moves = len(scene.match.log)
    to_private_choice(app, scene)
    step(app, round(CLAIM_CLICK_GUARD * 60) + 1)
    mj, pass_ = scene.claim_bar.buttons
    app.dispatch(Intent("press", pos=mj.box.center))
    app.dispatch(Intent("select", pos=pass_.box.center))     # slid off Mah-Jongg onto Pass: changed their mind
    app.stack.apply()
    assert answers_of(scene, 0, moves) == [] and not mj.pressed
    click(app, pass_.box.center)
    assert answers_of(scene, 0, moves) == [Pass()]


def test_a_press_on_a_button_since_rebuilt_never_presses_the_new_one():
    bar = ClaimBar()
    pressed = []
    bar.show("Claim the discard?", None, "", 10.0, [("Player 1: Claim", lambda: pressed.append("claim"))])
    spot = (bar.buttons[0].box.left + 30, bar.buttons[0].box.centery)
    bar.handle(Intent("press", pos=spot))
    bar.show("Player 1: your answer", None, "", 9.0, [("Pass", lambda: pressed.append("pass")),
                                                       ("Mah-Jongg", lambda: pressed.append("mj"))])
    assert any(b.box.collidepoint(spot) for b in bar.buttons)     # a new button lies where the press was
    assert bar.handle(Intent("select", pos=spot)) is True          # swallowed ...
    assert pressed == []                                           # ... and nothing pressed


def test_a_click_after_the_window_timed_out_plays_nothing_more(menu_app, pool):
    app = menu_app
    scene = window_for_player_1(app, pool, {"claim_seconds": 10})
    moves = len(scene.match.log)
    to_private_choice(app, scene)
    spot = scene.claim_bar.buttons[0].box.center
    app.dispatch(Intent("press", pos=spot))         # the button held down as the time runs out
    step(app, 11 * 60)                              # the private choice's own ten seconds run out
    assert answers_of(scene, 0, moves) == [Pass()] and scene.claim_chooser is None
    app.dispatch(Intent("select", pos=spot))
    app.stack.apply()
    step(app)
    assert answers_of(scene, 0, moves) == [Pass()] and app.stack.top is scene   # no Claim pressed either


# ---------------------------------------------------------------------- Esc as the window times out

def run_to_last_frame(app, scene):
    """Frames until the time the bar shows (a private choice's own) has one frame left."""
    while scene.claim_bar.seconds_left > 1 / 60 + 1e-9:
        step(app)


def test_esc_in_the_windows_last_frame_passes_once(menu_app, pool):
    app = menu_app
    scene = window_for_player_1(app, pool, {"claim_seconds": 10})
    moves = len(scene.match.log)
    to_private_choice(app, scene)
    run_to_last_frame(app, scene)
    app.dispatch(Intent("back"))
    app.stack.apply()
    step(app, 120)
    assert answers_of(scene, 0, moves) == [Pass()] and answers_of(scene, 1, moves) == []   # Player 2's time is theirs
    assert not any(isinstance(s, Dialog) for s in app.stack.scenes)


def test_esc_just_after_the_timer_passed_is_that_pass_not_leave_the_table(menu_app, pool):
    app = menu_app
    scene = window_for_player_1(app, pool, {"claim_seconds": 10})
    moves = len(scene.match.log)
    to_private_choice(app, scene)
    run_to_last_frame(app, scene)
    step(app)                                        # the private choice's timer plays Pass
    assert answers_of(scene, 0, moves) == [Pass()]
    assert scene.viewer is None and [b.label for b in scene.claim_bar.buttons] == ["1  Player 2: Claim"]
    app.dispatch(Intent("back"))
    app.stack.apply()
    assert app.stack.top is scene
    assert scene.toasts.texts == ["Time ran out: Player 1 passed."]
    assert answers_of(scene, 0, moves) == [Pass()]
    step(app, 60)
    app.dispatch(Intent("back"))                     # a second later Esc is Esc again
    app.stack.apply()
    assert isinstance(app.stack.top, Dialog)


def test_esc_just_after_the_timer_passed_does_not_leave_through_the_next_curtain(menu_app, pool):
    app = menu_app
    scene = window_for_player_1(app, pool, {"claim_seconds": 10})
    moves = len(scene.match.log)
    to_private_choice(app, scene)                    # Player 1 passes first
    app.dispatch(Intent("char", char="2"))
    app.stack.apply()
    step(app, 40)
    click(app, scene.claim_bar.buttons[0].box.center)          # then Player 2 lets the time run out
    through_curtain(app, scene)
    assert scene.claim_chooser == 1
    run_to_last_frame(app, scene)
    step(app)                                        # the timer passes; Player 1's turn: their curtain
    curtain = app.stack.top
    assert isinstance(curtain, HandoffScene) and curtain.name == "Player 1"
    app.dispatch(Intent("back"))
    app.stack.apply()
    assert app.stack.top is curtain                  # not back to the menu
    assert answers_of(scene, 0, moves) == [Pass()] and answers_of(scene, 1, moves) == [Pass()]
    step(app, 40)
    app.dispatch(Intent("back"))                     # later, Esc on a curtain leaves as it says
    app.stack.apply()
    assert type(app.stack.top).__name__ == "MenuScene"


def test_a_window_that_times_out_under_leave_the_table_passes_each_seat_once(menu_app, pool):
    app = menu_app
    scene = window_for_player_1(app, pool, {"claim_seconds": 10})
    moves = len(scene.match.log)
    app.dispatch(Intent("back"))                     # the public bar: Esc asks about leaving
    app.stack.apply()
    dialog = app.stack.top
    assert isinstance(dialog, Dialog)
    step(app, 11 * 60)                               # the claim clock runs on under a dialog
    assert answers_of(scene, 0, moves) == [Pass()] and answers_of(scene, 1, moves) == [Pass()]
    app.dispatch(Intent("back"))                     # Stay
    app.stack.apply()
    step(app, 2)
    assert answers_of(scene, 0, moves) == [Pass()] and answers_of(scene, 1, moves) == [Pass()]
    assert not any(isinstance(s, Dialog) for s in app.stack.scenes)


def test_the_timer_passing_at_a_private_choice_says_so_and_an_answer_does_not(menu_app, pool):
    # seen in a real window (Cuzzins hot seat): a chow on offer just vanished when the time ran out
    app = menu_app
    scene = window_for_player_1(app, pool, {"claim_seconds": 10})
    to_private_choice(app, scene)
    run_to_last_frame(app, scene)
    step(app)
    assert "Time ran out: Player 1 passed." in scene.toasts.texts
    scene.toasts.clear()
    step(app, 30)
    assert scene.toasts.texts == []                  # said once


def test_an_answer_given_in_time_brings_no_time_ran_out(menu_app, pool):
    app = menu_app
    scene = window_for_player_1(app, pool, {"claim_seconds": 10})
    to_private_choice(app, scene)
    run_to_last_frame(app, scene)
    app.dispatch(Intent("char", char="2"))           # Pass, in the last frame
    app.stack.apply()
    step(app, 30)
    assert not [t for t in scene.toasts.texts if t.startswith("Time ran out")]


def test_the_hint_says_nothing_of_a_claim_on_the_shared_bar_only_on_the_private_choice(menu_app, pool):
    # the shared "Claim the discard?" bar is seen by every player at the screen: a hint line there
    # ("... completes your hand", "Claim: Pung ...") would tell them what the viewer's hand can do
    app = menu_app
    scene = window_for_player_1(app, pool)
    scene.hint_panel.open = True
    assert scene.viewer is None                     # between players: no hand, no hint of one
    assert scene.claim_hint() is None
    shared = " ".join(scene.hint_lines())
    assert "completes your hand" not in shared and "Claim:" not in shared
    to_private_choice(app, scene)
    assert scene.viewer == 0
    assert scene.hint_lines()[0] == "1 Dots completes your hand: claim it with Mah-Jongg!"
