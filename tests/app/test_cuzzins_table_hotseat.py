"""The Cuzzins hot seat as played in a real window (QA round, levels/cuzzins/hotseat-2.toml with a
fixed deal): Player 1 declares a secret, Player 2 pays 25 cents to look at it on their turn. The
holder was never told: the news was shown only to whoever had the screen (the payer). Now a
player coming back to the screen hears who paid to look at their secret meanwhile, and nothing of
it reaches anyone else."""

from game.app.input import Intent
from game.app.scenes.handoff import HandoffScene
from game.app.tables import table_scene_for
from game.core.match import Match
from game.core.protocol import SeatConfig, Setup
from game.rules.cuzzins import DeclareSecret, Discard, PaySee
from tests.app.app_helpers import run_until, step, through_curtain
from tests.app.claimtoy_table import FakePool

SEATS = (("human", "Player 1"), ("human", "Player 2"), ("bot", "Bo"), ("bot", "Cy"))
# Player 1 deals holding four 1 Bamboo; Player 2 plays next (counter-clockwise)
DEAL = {"dealer": 0, "dice": [3, 4],
        "hands": [["B1", "B1", "B1", "B1", "B2", "B3", "B4", "C2", "C3", "C4", "D2", "D3", "D4", "C7", "C8", "B8", "D9"],
                  ["D9", "D9", "B5", "B6", "B7", "C5", "C6", "C7", "D5", "D6", "D7", "B9", "B9", "C9", "C1", "C1"],
                  [], []]}
PAID = "Player 2 paid you 25¢ to look at your secret: Player 2 now knows its tile."


def open_table(app, anim_speed):
    """The fixed deal's table, one hand, no claim timer, bots answering at once."""
    app.store.settings.anim_speed = anim_speed
    app.bot_pool = FakePool(auto=True)
    setup = Setup("cuzzins", tuple(SeatConfig(k, "normal", n) for k, n in SEATS), {"hands": 1, "claim_seconds": None},
                  7, DEAL)
    scene = table_scene_for("cuzzins")(app, Match(setup))
    app.stack.push(scene)
    app.stack.apply()
    step(app, 2)
    return scene


def test_the_holder_hears_who_paid_to_see_their_secret_when_back_at_the_screen(menu_app):
    app = menu_app
    scene = open_table(app, anim_speed=0.0)
    through_curtain(app, scene, "Player 1")
    assert scene.act(DeclareSecret("B1"))            # instead of a discard: Player 2's turn
    step(app, 2)
    through_curtain(app, scene, "Player 2")
    assert scene.act(PaySee(0, 0))
    assert PAID not in scene.toasts.texts            # the payer is told what they saw, not this
    assert scene.act(next(a for a in scene.legal if isinstance(a, Discard)))
    told = []

    def back_to_player_1():
        top = app.stack.top
        if isinstance(top, HandoffScene):
            if top.name == "Player 1":
                return True
            through_curtain(app, scene, top.name)
        if scene.claim_bar.visible and scene.claim_bar.buttons and scene.claim_chooser is None:
            app.dispatch(Intent("char", char=str(len(scene.claim_bar.buttons))))   # the last human asked
            app.stack.apply()
        elif scene.claim_chooser is not None:
            app.dispatch(Intent("back"))             # Pass
            app.stack.apply()
        told.extend(t for t in scene.toasts.texts if t == PAID and scene.viewer != 0)
        return False

    assert run_until(app, back_to_player_1, 3000)
    assert told == []                                # nobody else was told
    through_curtain(app, scene, "Player 1")
    assert scene.viewer == 0 and PAID in scene.toasts.texts


def test_the_declarer_sees_a_secrets_coins_land_before_the_next_curtain(menu_app):
    # seen in a four-human hot seat: the curtain came at once, so the declarer never saw the 30 cents
    app = menu_app
    scene = open_table(app, anim_speed=1.0)
    through_curtain(app, scene, "Player 1")
    assert run_until(app, lambda: not scene.presenting() and DeclareSecret("B1") in scene.legal, 600)
    moves = len(scene.match.log)
    assert scene.act(DeclareSecret("B1"))            # instead of a discard: Player 2's turn
    step(app, 2)
    # Player 1 still has the screen, as they saw it, and watches the coins fly to their plate
    assert app.stack.top is scene and scene.viewer == 0 and scene.view.hand == scene.match.view(0).hand
    assert scene.coins and not all(c.done for c in scene.coins)
    assert {(c.payer, c.payee, c.amount) for c in scene.coins} == {(1, 0, 10), (2, 0, 10), (3, 0, 10)}
    app.draw()
    assert [b.label for b in scene.buttons] == [scene.order.label(0)]    # only Sort: nothing to play meanwhile ...
    assert len(scene.match.log) == moves + 1         # ... and nobody plays
    assert run_until(app, lambda: isinstance(app.stack.top, HandoffScene), 600)
    assert all(c.done for c in scene.coins)          # the curtain came once they had landed
    assert app.stack.top.name == "Player 2"
    assert len(scene.match.log) == moves + 1


def test_a_look_paid_for_out_of_turn_is_the_payers_alone_and_stays_theirs(menu_app):
    # QA: Player 2 pays from their private answer to a claim window (out of turn), animations off
    app = menu_app
    scene = open_table(app, anim_speed=0.0)
    through_curtain(app, scene, "Player 1")
    assert scene.act(DeclareSecret("B1"))
    step(app, 2)
    through_curtain(app, scene, "Player 2")
    assert scene.act(next(a for a in scene.legal if isinstance(a, Discard)))     # no look on their own turn

    def player_2_answers():
        top = app.stack.top
        if isinstance(top, HandoffScene):
            through_curtain(app, scene, top.name)
        elif scene.claim_chooser == 0:
            app.dispatch(Intent("back"))             # Player 1 passes
            app.stack.apply()
        elif scene.claim_bar.visible and scene.claim_chooser is None and scene._claim_waiting():
            scene._press_claim(1 if 1 in scene._claim_waiting() else 0)
        return scene.claim_chooser == 1 and scene.viewer == 1 and app.stack.top is scene

    assert run_until(app, player_2_answers, 4000)
    cents = scene.match.view(None).cents
    scene._refresh_buttons()
    look = next(b for b in scene.buttons if "See a secret" in b.label)       # beside the private answer
    look.activate()
    step(app, 30)
    # Player 2 still has the screen and their answer to give, and reads what they paid for
    assert app.stack.top is scene and scene.viewer == 1 and scene.claim_chooser == 1
    assert scene.view.secrets[0] == ("B1",) and any("four 1 Bamboo" in t for t in scene.toasts.texts)
    after = scene.match.view(None).cents
    assert (after[0] - cents[0], after[1] - cents[1], after[2:]) == (25, -25, cents[2:])
    assert all(scene.match.view(s).secrets[0] == (None,) for s in (2, 3, None))     # nobody else sees it
    app.dispatch(Intent("back"))                     # Pass: the public table, the faces gone with Player 2
    app.stack.apply()
    step(app, 2)
    assert scene.viewer is None and scene.view.secrets[0] == (None,) and not scene.toasts.texts
    assert scene.match.view(1).secrets[0] == ("B1",)         # and Player 2 keeps knowing it
