"""Four people at one screen (levels/<game>/hotseat-4.toml) through several claim windows, in
Kards, Cuzzins and Martian. The privacy rule, checked on every frame the table is on top: the only
seat whose pieces show is the one named by the last curtain lifted, and during a claim window
nobody's pieces show until one of the players asked presses their own Claim button and lifts their
own curtain. The public claim bar offers a button to every player asked (all but the discarder),
so it never tells who could claim. A player who may claim does (the first answer offered), so
the claimer's turn after a window is gone through as well as passes."""

import pytest

from game.app.input import Intent
from game.app.scenes.handoff import HandoffScene
from game.app.tables import table_scene_for
from game.bots import make_bot
from game.core.match import Match
from game.core.protocol import SeatConfig, Setup
from game.core.rng import GameRng
from tests.app.app_helpers import step
from tests.app.claimtoy_table import FakePool

NAMES = ("Ann", "Bea", "Cal", "Dot")
WINDOWS = 8                    # claim windows to see through per game


def four_humans(app, game_id, seed):
    app.store.settings.anim_speed = 0.0
    app.bot_pool = FakePool(auto=True)
    setup = Setup(game_id, tuple(SeatConfig("human", "normal", n) for n in NAMES), {"claim_seconds": None}, seed)
    scene = table_scene_for(game_id)(app, Match(setup))
    app.stack.push(scene)
    app.stack.apply()
    return scene


@pytest.mark.parametrize("game_id, seed", [("kards", 3), ("cuzzins", 5), ("martian", 8)])
def test_four_humans_claim_windows_show_nothing_private_but_to_the_curtained_player(menu_app, game_id, seed):
    app = menu_app
    scene = four_humans(app, game_id, seed)
    bot, rng = make_bot(game_id, "easy"), GameRng(seed)
    lifted = None                 # the seat whose curtain was lifted last
    windows, pressed, frames, claims = set(), 0, 0, 0
    while len(windows) < WINDOWS and frames < 4000 and not scene.finished:
        frames += 1
        top = app.stack.top
        if isinstance(top, HandoffScene):
            lifted = NAMES.index(top.name)
            app.dispatch(Intent("confirm"))
            step(app)
            continue
        if top is not scene:              # a round's results: on to the next hand
            app.dispatch(Intent("confirm"))
            step(app)
            continue
        step(app)
        if app.stack.top is not scene:
            continue
        waiting = scene._claim_waiting()
        assert scene.viewer is None or scene.viewer == lifted, "pieces shown without their owner's curtain"
        if waiting:
            prompt = scene.match.prompt()
            if prompt.window not in windows:      # as it opens: every seat but the discarder's is asked
                windows.add(prompt.window)
                assert len(prompt.seats) == 3 and set(waiting) == set(prompt.seats)
            if scene.claim_chooser is None:
                assert scene.viewer is None, "a claim window open on someone's pieces"
                labels = [b.label for b in scene.claim_bar.buttons]
                assert labels == [f"{i + 1}  {NAMES[s]}: Claim" for i, s in enumerate(waiting)]
                app.dispatch(Intent("char", char=str(1 + pressed % len(waiting))))
                pressed += 1
            else:
                seat = scene.claim_chooser
                assert scene.viewer == seat == lifted
                answers = [a for _, a in scene.claim_choices(seat)]      # claims first, Pass last
                claims += len(answers) > 1
                app.dispatch(Intent("char", char="1"))           # claim whenever one may
            step(app)
            continue
        if scene.viewer is not None and scene.viewer in scene.match.to_act() and not scene.presenting():
            seat = scene.viewer
            scene.act(bot.choose(scene.match.view(seat), scene.match.legal(seat), rng))
    assert len(windows) >= WINDOWS, f"only {len(windows)} claim windows in {frames} frames"
    assert claims >= 1                    # a claim was made, and the claimer's turn came after it
