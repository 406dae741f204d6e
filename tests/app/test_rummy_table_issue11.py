"""Mahjong Rummy table: the fixes of issue 11 (deal skip, hot-seat privacy, main button, set order,
click selection, hint preview, bot-turn notes, labels)."""

from game.app.input import Intent
from game.app.scenes.handoff import HandoffScene
from game.app.tables.rummy import RummyTable
from game.app.tables.rummy_present import DEAL, PLAY, WASH
from tests.app.app_helpers import step
from tests.app.test_rummy_table import OPENING_HAND, click_button, make_table, run_until


def test_skipping_the_deal_still_gives_the_new_set_slot(app):
    """S pressed while the tiles are being dealt (right after the wash) used to jump to play with the
    deal's layout, which has no "+ new set" slot: the player could play nothing."""
    scene = make_table(app, kinds=("human", "human", "bot", "bot"), hands=[OPENING_HAND], speed=1.0)
    assert isinstance(app.stack.top, HandoffScene)
    app.dispatch(Intent("confirm"))
    assert run_until(app, lambda: app.stack.top is scene)
    assert scene.stage.phase == WASH
    assert run_until(app, lambda: scene.stage.phase == DEAL, 60)
    step(app, 3)
    app.dispatch(Intent("skip"))
    app.stack.apply()
    assert scene.stage.phase == PLAY and scene.my_turn
    assert scene.lay.new_slot is not None


def test_skipping_the_wash_gives_the_new_set_slot(app):
    scene = make_table(app, hands=[OPENING_HAND], speed=1.0)
    assert scene.stage.phase == WASH
    app.dispatch(Intent("skip"))
    app.stack.apply()
    assert scene.stage.phase == PLAY and scene.lay.new_slot is not None
