"""The table on the one driver, with the claim toy (tests/core/claimtoy.py) through the real scene
stack: sealed claim windows (hot-seat Claim buttons, curtains, private choices; one human against
bots), a claim timer held while a curtain is up, an out-of-turn peek, chance rolls and a payment on
the results screen. Bots answer through a fake pool whose futures the test resolves; time is the
app's fixed steps, never the wall clock."""

import pytest

from game.app.app import MAX_FRAME
from game.app.input import Intent
from game.app.scenes.handoff import HandoffScene
from game.app.scenes.results import ResultsScene
from game.core.protocol import CHANCE
from tests.app.app_helpers import step, through_curtain
from tests.app.claimtoy_table import FakePool, register_bots, toy_table
from tests.core.claimtoy import Claim, Discard, Pass, Peek, Roll


@pytest.fixture
def pool(menu_app):
    register_bots()
    menu_app.store.settings.anim_speed = 0.0      # no pause between bot moves
    fake = FakePool()
    menu_app.bot_pool = fake
    return fake


def hand(scene, seat):
    return scene.match.view(seat).hand


def press(app, button):
    app.dispatch(Intent("press", pos=button.box.center))
    app.dispatch(Intent("select", pos=button.box.center))
    app.stack.apply()




def bot_discards(app, scene, pool, seat, n):
    """Run frames until `seat` (a bot) is asked for its discard, then answer it with `n`."""
    for _ in range(10):
        step(app)
        if pool.waiting:
            break
    assert scene.match.view(None).turn == seat and scene.match.view(None).phase == "discard"
    (future,) = pool.waiting
    pool.answer(future, Discard(n))
    step(app)
    assert scene.match.view(None).discard == n and scene.match.prompt().kind == "claim"


def labels(scene):
    return [b.label for b in scene.claim_bar.buttons]


def answered_by(scene):
    """(viewer, seat) for every private claim answer the table was shown."""
    return [(viewer, e.data["seat"]) for viewer, events in scene.presented for e in events if e.kind == "answered"]


def test_hot_seat_claim_window_buttons_curtain_and_private_choice(menu_app, pool):
    app = menu_app
    scene = toy_table(app, ["bot", "human", "human"], seed=5)
    step(app)
    # dice go first here, so the hot seat starts on the public table (no curtain for someone with nothing to do)
    assert app.stack.top is scene and scene.viewer is None
    # the bot discards a number Player 2 holds and Player 3 doesn't
    n = next(x for x in range(1, 7) if x in hand(scene, 1) and x not in hand(scene, 2))
    scene.match.forced.append(Roll(n))
    bot_discards(app, scene, pool, 0, n)
    # the public table, one Claim button per human asked: Player 3 has one too though it can't claim
    assert scene.viewer is None and scene.view.hand is None
    assert scene.claim_bar.visible
    assert labels(scene) == ["1  Player 2: Claim", "2  Player 3: Claim"]
    assert scene.claim_bar.frame == f"d6/{n}"
    app.draw()
    # number key 1: Player 2's curtain, then that player's private choice
    app.dispatch(Intent("char", char="1"))
    app.stack.apply()
    assert scene.viewer is None                       # nothing private before the curtain lifts
    through_curtain(app, scene, "Player 2")
    assert scene.viewer == 1 and scene.view.hand == hand(scene, 1)
    assert labels(scene) == ["1  Claims", "2  Pass"]
    assert scene.claim_bar.note.startswith("Only you see this choice")
    step(app, 30)                                      # a click counts once the bar has been up a moment
    press(app, scene.claim_bar.buttons[0])             # the mouse: claim
    assert scene.match.log[-1].seat == 1 and scene.match.log[-1].action == scene.rules.encode_action(Claim())
    step(app)
    # back to the public table; Player 3's button is left
    assert scene.viewer is None and labels(scene) == ["1  Player 3: Claim"]
    app.dispatch(Intent("focus_next"))                # Tab + Enter
    app.dispatch(Intent("confirm"))
    app.stack.apply()
    through_curtain(app, scene, "Player 3")
    assert scene.viewer == 2 and labels(scene) == ["1  Pass"]   # nothing to claim: Pass only, now in private
    app.dispatch(Intent("back"))                      # Esc = Pass
    resolved = [e for _v, events in scene.presented for e in events if e.kind == "claim_resolved"]
    assert resolved and resolved[-1].data["taker"] == 1
    assert scene.match.view(None).chips == (9, 11, 10)       # the discarder paid the taker
    # each private answer was shown only to its own seat
    assert answered_by(scene) == [(1, 1), (2, 2)]
    # the next turn is Player 2's (after the roll): a curtain for them
    step(app, 3)
    assert isinstance(app.stack.top, HandoffScene) and app.stack.top.name == "Player 2"


def test_a_lone_human_is_asked_only_when_they_can_claim(menu_app, pool):
    app = menu_app
    scene = toy_table(app, ["human", "bot", "bot"], seed=8)
    assert scene.viewer == 0
    scene.match.forced.append(Roll(1))
    step(app)
    both = (set(hand(scene, 1)) & set(hand(scene, 2)) & set(hand(scene, 0))).pop()
    assert scene.act(Discard(both))
    # both bots may claim it and are asked at once (their answers are hidden from each other):
    # two questions in the pool, no move yet
    moves = len(scene.match.log)
    step(app)
    assert len(pool.waiting) == 2 and len(scene.match.log) == moves
    assert not scene.claim_bar.visible                # the human is not asked about their own discard
    pool.answer(pool.waiting[0], Pass())
    step(app)
    pool.answer(pool.waiting[0], Pass())
    step(app)
    assert scene.match.prompt().kind == "chance"
    # Player 2 discards a number the human doesn't hold: the human's Pass is played by itself
    mine = hand(scene, 0)
    n = next(x for x in range(1, 7) if x not in mine)
    scene.match.forced.append(Roll(n))
    bot_discards(app, scene, pool, 1, n)
    step(app)
    assert (0, scene.rules.encode_action(Pass())) in [(e.seat, e.action) for e in scene.match.log[-2:]]
    assert not scene.claim_bar.visible
    pool.answer_all()
    step(app, 2)
    # Player 3 discards one the human holds: now the human is asked, privately, with its choice
    mine = hand(scene, 0)
    scene.match.forced.append(Roll(mine[0]))
    bot_discards(app, scene, pool, 2, mine[0])
    step(app)
    assert scene.claim_bar.visible and labels(scene) == ["1  Claims", "2  Pass"]
    app.dispatch(Intent("char", char="1"))
    assert (0, scene.rules.encode_action(Claim())) in [(e.seat, e.action) for e in scene.match.log]
    pool.answer_all()
    step(app, 2)
    assert scene.match.view(None).chips[0] == 11 and not scene.claim_bar.visible


def test_without_skip_claims_a_lone_human_answers_every_discard(menu_app, pool):
    app = menu_app
    scene = toy_table(app, ["bot", "human", "bot"], seed=8, skip_claims=False)
    n = next(x for x in range(1, 7) if x not in hand(scene, 1))
    scene.match.forced.append(Roll(n))
    bot_discards(app, scene, pool, 0, n)
    assert scene.claim_bar.visible and labels(scene) == ["1  Pass"]
    assert scene.claim_bar.note == "Esc passes."     # alone at the table: no "only you see this" to puzzle over
    app.dispatch(Intent("back"))
    assert scene.match.log[-1].seat == 1 and not scene.claim_bar.visible


def test_the_claim_timer_waits_while_a_curtain_is_up_and_a_private_choice_has_its_own_clock(menu_app, pool):
    app = menu_app
    scene = toy_table(app, ["bot", "human", "human"], seed=5, claim_seconds=3)
    step(app)                                         # dice first: the public table, no curtain yet
    scene.match.forced.append(Roll(2))
    bot_discards(app, scene, pool, 0, 2)
    assert scene.match.time_left() == pytest.approx(3.0, abs=0.1)
    for _ in range(4):                                # a second on the public table counts
        app.tick(MAX_FRAME)
    assert scene.match.time_left() == pytest.approx(2.0, abs=0.1)
    app.dispatch(Intent("char", char="2"))            # Player 3 asks for their curtain ...
    app.stack.apply()
    curtain = app.stack.top
    assert isinstance(curtain, HandoffScene)
    moves = len(scene.match.log)
    for _ in range(20):                               # ... and the screen takes five seconds to change hands
        app.tick(MAX_FRAME)
    assert app.stack.top is curtain and len(scene.match.log) == moves
    assert scene.match.time_left() == pytest.approx(2.0, abs=0.1)     # nobody could see the table: held
    assert curtain.time_left() == pytest.approx(3.0)   # the curtain says the time the private choice will have
    through_curtain(app, scene, "Player 3")
    assert scene.claim_chooser == 2 and scene.claim_bar.visible
    for _ in range(9):                                # two and a quarter seconds at the private choice ...
        app.tick(MAX_FRAME)
    # ... are not taken from Player 2, who is still to answer: the window's clock is held, the choice has its own
    assert len(scene.match.log) == moves and scene.claim_chooser == 2
    assert scene.match.time_left() == pytest.approx(2.0, abs=0.1)
    assert scene.claim_bar.seconds_left == pytest.approx(0.75, abs=0.1)
    for _ in range(4):                                # the choice's own three seconds run out: Player 3 passes
        app.tick(MAX_FRAME)
    assert [(e.seat, e.action) for e in scene.match.log[moves:]] == [(2, scene.rules.encode_action(Pass()))]
    assert "Time ran out: Player 3 passed." in [t[0] for t in scene.toasts.items]
    assert scene.viewer is None and labels(scene) == ["1  Player 2: Claim"]
    # Player 2 still has (nearly) the two seconds left: only the rest of the last quarter-second tick ran
    assert 1.7 <= scene.match.time_left() <= 2.0
    for _ in range(9):                                # which run out on the public table
        app.tick(MAX_FRAME)
    assert [(e.seat, e.action) for e in scene.match.log[moves:moves + 2]] == [
        (2, scene.rules.encode_action(Pass())), (1, scene.rules.encode_action(Pass()))]
    assert not scene.claim_bar.visible


def test_a_human_peeks_out_of_turn_and_the_thinking_bot_is_asked_again(menu_app, pool):
    app = menu_app
    scene = toy_table(app, ["bot", "human", "bot"], seed=3)
    scene.match.forced.append(Roll(4))
    step(app, 2)
    assert len(pool.waiting) == 1                     # Player 1 thinks about its discard
    first = pool.waiting[0]
    assert Peek(2) in scene.legal                      # the human may peek meanwhile
    assert scene.act(Peek(2))
    viewer, events = scene.presented[-1]
    peek = next(e for e in events if e.kind == "peek")
    assert viewer == 1 and list(peek.data["hand"]) == list(hand(scene, 2))
    assert any(e.kind == "payment" for e in events)
    step(app)
    assert first.cancelled()                          # its view changed (the chips): asked again
    assert len(pool.waiting) == 1 and pool.waiting[0] is not first
    # Player 3, a bot, is offered its peek out of turn and declines ("not now"); only seat 0 plays
    others = [(f, legal) for f, _b, view, legal, _r in pool.asked if view.seat != 0]
    assert others and all(f.result().action is None and all(isinstance(a, Peek) for a in legal)
                          for f, legal in others)
    assert not scene.act(Peek(0))                     # once per game
    assert scene.toasts.texts


def test_a_bot_is_offered_its_out_of_turn_move_once_a_position_and_may_take_it(menu_app, pool):
    # As in the simulator: a bot may act out of turn (a Martian Mah Jongg, a Cuzzins look at a
    # secret). It answers None for "not now" and is not asked again until something moves.
    app = menu_app
    pool.decline_peeks = False
    scene = toy_table(app, ["bot", "human", "bot"], seed=3)
    scene.match.forced.append(Roll(4))
    step(app, 2)
    def asked(seat):
        return [(f, legal) for f, _b, view, legal, _r in pool.asked if view.seat == seat]
    (out, legal), = asked(2)                           # Player 3 may peek while Player 1 thinks
    assert all(isinstance(a, Peek) for a in legal) and len(asked(0)) == 1
    pool.answer(out)                                  # the bot's own answer: "not now"
    moves = len(scene.match.log)
    step(app, 5)
    assert len(asked(2)) == 1 and len(scene.match.log) == moves     # not asked again at this position
    assert scene.act(Peek(2))                         # the human peeks: a new position
    step(app)
    fresh = [f for f, _l in asked(2) if not f.done()]
    assert len(asked(2)) == 2 and len(fresh) == 1      # Player 3 is asked again, and this time peeks
    pool.answer(fresh[0], Peek(0))
    step(app)
    assert [(e.seat, e.action) for e in scene.match.log[moves:]] == [
        (1, scene.rules.encode_action(Peek(2))), (2, scene.rules.encode_action(Peek(0)))]


def test_a_question_to_a_seat_no_longer_offered_anything_is_dropped(menu_app, pool):
    # A bot still thinking about an out-of-turn move when the chance passes (in Martian: a complete
    # hand's Mah Jongg, no longer offered once the turn moved on) must not hold the table: a pending
    # question kept the pace clock from running, and the game stood still.
    import concurrent.futures as cf
    from game.app.scenes.table_base import BotJob
    app = menu_app
    pool.decline_peeks = False
    scene = toy_table(app, ["bot", "human", "bot"], seed=3)
    scene.match.forced.append(Roll(4))
    step(app, 2)
    (peek,) = [f for f, _b, view, _l, _r in pool.asked if view.seat == 2]
    pool.answer(peek, Peek(0))                        # Player 3 peeks: it has nothing more out of turn
    step(app, 2)
    prompt = scene.match.prompt()
    assert prompt.seats == (0,) and 2 not in prompt.out_of_turn
    stale = cf.Future()                                # Player 3 still "thinking" about a chance gone by
    scene._bot_jobs[2] = BotJob(2, len(scene.match.log) - 1, None, [], stale)
    assert scene.act(Peek(0))                          # the human peeks: the position moves on
    step(app)
    assert stale.cancelled() and 2 not in scene._bot_jobs and 0 in scene._bot_jobs


def test_a_whole_game_rolls_dice_and_its_payments_reach_the_results(menu_app, pool):
    app = menu_app
    pool.auto = True
    scene = toy_table(app, ["human", "bot", "bot"], seed=11, turns=3)
    shown = []
    orig_push = app.stack.push
    app.stack.push = lambda s: (shown.append(s), orig_push(s))
    for _ in range(600):
        step(app)
        if scene.finished:
            break
        if app.stack.top is not scene:
            continue
        if scene.claim_bar.visible:
            app.dispatch(Intent("char", char="1"))
        elif scene.legal and 0 in scene.to_act:
            scene.act(scene.legal[0])
        elif scene.legal and Peek(1) in scene.legal:
            scene.act(Peek(1))
    assert scene.finished
    log = scene.match.log
    assert sum(1 for e in log if e.seat == CHANCE) == 3
    assert sum(1 for _v, events in scene.presented for e in events if e.kind == "rolled") == 3
    final = [s for s in shown if isinstance(s, ResultsScene) and s.final]
    assert final
    payments = final[-1].data.get("transfers")
    assert payments and {"payer": 0, "payee": 1, "amount": 1, "why": "a peek at a hand"} in payments
    assert app.store.stats()["claimtoy"]["played"] == 1


def test_many_claim_options_wrap_into_rows_that_fit_their_labels():
    from game.app.tablekit.claimbar import ClaimBar
    bar = ClaimBar()
    labels = ["Chow 1-2-3 Bamboo", "Chow 2-3-4 Bamboo", "Chow 3-4-5 Bamboo", "Pung", "Kong", "Mah-Jongg", "Pass"]
    bar.show("Your answer", None, "A discard", 10.0, [(t, lambda: None) for t in labels])
    x, y, w, h = bar.box
    assert h > bar.rect[3]                          # grown for the extra rows
    for b in bar.buttons:
        r = b.box
        assert r.width >= 240                       # room for "7  Chow 3-4-5 Bamboo"
        assert x <= r.left and r.right <= x + w and y <= r.top and r.bottom <= y + h
    assert len({b.box.top for b in bar.buttons}) == 4   # two per row
    bar.show("Your answer", None, "A discard", 10.0, [("Pass", lambda: None)])
    assert bar.box == bar.rect


def test_claim_labels_are_never_cut_short_the_bar_widens_about_its_centre(app):
    # seen in a real window: Kards' "1  Chow 5-6-7 Ba..." was ellipsized in a button too narrow for it
    from game.app import theme
    from game.app.tablekit.claimbar import ClaimBar
    bar = ClaimBar()
    labels = ["Chow 5-6-7 Characters", "Chow 6-7-8 Characters", "Chow 7-8-9 Characters", "Pung", "Pass"]
    bar.show("Your answer", None, "A discard", 10.0, [(t, lambda: None) for t in labels])
    x, y, w, h = bar.box
    assert w > bar.rect[2] and abs((x + w / 2) - (bar.rect[0] + bar.rect[2] / 2)) < 1e-6
    for b in bar.buttons:
        assert app.canvas.measure(b.label, theme.BODY, True)[0] <= b.box.width - 20, b.label
        assert x <= b.box.left and b.box.right <= x + w
    bar.show("Your answer", None, "A discard", 10.0, [("Pass", lambda: None)])
    assert bar.box == bar.rect


def test_a_wide_bar_keeps_right_of_an_open_panel_and_centres_again_after(app):
    # seen in a real window: Kards' hint panel half under a bar widened for "Chow 2-3-4 Characters"
    from game.app.tablekit.claimbar import ClaimBar
    bar = ClaimBar()
    options = [(t, lambda: None) for t in ("Chow 2-3-4 Characters", "Pass")]
    bar.show("Your answer", None, "A discard", 10.0, options)
    centred = bar.box
    edge = centred[0] + 40
    bar.keep_right_of(edge)
    bar.show("Your answer", None, "A discard", 10.0, options)
    assert bar.box[0] == edge and bar.box[2] == centred[2]
    assert all(b.box.left >= edge for b in bar.buttons)            # the buttons moved with it
    bar.keep_right_of(None)
    bar.show("Your answer", None, "A discard", 10.0, options)
    assert bar.box == centred and min(b.box.left for b in bar.buttons) < edge


def test_claim_bar_panel_is_opaque_so_the_table_under_it_does_not_show_through():
    # seen in a real window: the Cuzzins wall label ("Hand 1 of 4 / Wall / Dice") read through the bar
    from game.app.tablekit.claimbar import ClaimBar

    class Recorder:
        def __init__(self):
            self.fills = []

        def panel(self, r, colour=None, edge=None, radius=0):
            self.fills.append(colour)

        def __getattr__(self, name):
            return lambda *a, **k: Size(10)

    class Size(int):                           # text() gives a rect (.height), paragraph() a height
        height = 10

    bar = ClaimBar()
    bar.show("Claim the discard?", None, "a tile", 5.0, [("Pass", lambda: None)])
    c = Recorder()
    bar.draw(c)
    assert c.fills and (len(c.fills[0]) == 3 or c.fills[0][3] == 255)


def test_a_choice_of_eleven_answers_has_a_key_for_each_that_its_label_shows():
    # seen in a four-human Strict Kards hot seat: "10  Chow 5-6-7 Bamboo" and "11  Pass" had no key
    from game.app.tablekit.claimbar import ClaimBar
    bar = ClaimBar()
    pressed = []
    texts = [f"Answer {i}" for i in range(1, 11)] + ["Pass"]
    bar.show("Your answer", None, "A discard", 10.0, [(t, lambda t=t: pressed.append(t)) for t in texts],
             on_cancel=lambda: pressed.append("Pass"))
    labels = [b.label for b in bar.buttons]
    assert labels[:9] == [f"{i}  Answer {i}" for i in range(1, 10)]
    assert labels[9:] == ["0  Answer 10", "Esc  Pass"]
    assert bar.handle(Intent("char", char="0")) and pressed == ["Answer 10"]
    assert bar.handle(Intent("back")) and pressed == ["Answer 10", "Pass"]
    # ten answers: 0 is the tenth, Pass, which Esc presses too
    bar.show("Your answer", None, "A discard", 10.0, [(t, lambda t=t: pressed.append(t)) for t in texts[1:]],
             on_cancel=lambda: pressed.append("Pass"))
    assert [b.label for b in bar.buttons][-1] == "0  Pass"
