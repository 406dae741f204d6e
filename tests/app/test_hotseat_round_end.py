"""Hot seat, seen in a real window (QA round): when a hand ended, the table went on showing the hand
of whoever had the screen last (the claimer of a winning discard, the player whose move ended it),
while every player gathers round for the results: a Cuzzins loser's tiles, or a Martian player's
screen for the next hand (dealt by the very move that ended this one). Now a round's end is shown
as everyone may see it: what the game opens at the end (the winner's tiles; every Kards hand;
nothing of a Martian screen) and no one's own pieces. And no curtain comes up over a round's
results: the next player is called once they are read."""

import pytest

from game.app.scenes.handoff import HandoffScene
from game.app.scenes.results import ResultsScene
from game.app.tables import table_scene_for
from game.bots import make_bot
from game.core.match import Match
from game.core.protocol import SeatConfig, Setup
from game.core.rng import GameRng
from tests.app.app_helpers import step
from tests.app.claimtoy_table import FakePool

SEATS = {"cuzzins": ("human", "human", "bot", "bot"), "kards": ("human", "human", "bot", "bot"),
         "martian": ("human", "human")}
OPTIONS = {"cuzzins": {"hands": 1, "claim_seconds": None}, "kards": {"claim_seconds": None}, "martian": {}}


def play_to_round_end(app, game, seed):
    """Every human's move chosen by a bot, through the curtains and the claim bar as people would
    (a Claim button, that player's curtain, their private choice); stops when a round's results
    are due (shown, or waiting for the table to finish showing the move that ended the round)."""
    app.store.settings.anim_speed = 1.0
    app.bot_pool = FakePool(auto=True)
    seats = tuple(SeatConfig(k, "easy", f"Player {i + 1}" if k == "human" else "") for i, k in enumerate(SEATS[game]))
    scene = table_scene_for(game)(app, Match(Setup(game, seats, OPTIONS[game], seed)))
    app.stack.push(scene)
    app.stack.apply()
    bot, rng = make_bot(game, "easy"), GameRng(seed)
    for _ in range(40000):
        top = app.stack.top
        if scene._results_open or isinstance(top, ResultsScene):
            return scene
        if isinstance(top, HandoffScene):
            top.confirm()
        elif top is scene and scene.claim_chooser is not None:
            seat = scene.claim_chooser
            choices = [a for _, a in scene.claim_choices(seat)]
            scene._choose_claim(seat, bot.choose(scene.match.view(seat), choices, rng))
        elif top is scene and scene.claim_bar.visible and scene._claim_waiting():
            scene._press_claim(scene._claim_waiting()[0])
        elif (top is scene and scene.viewer is not None and scene.viewer in scene.to_act
              and not scene.presenting() and scene.legal):
            scene.act(bot.choose(scene.match.view(scene.viewer), scene.legal, rng))
        step(app)
    raise AssertionError("no round ended")


def face_up_hands(scene):
    """Seat -> the pieces of its hand the table shows face up now."""
    if hasattr(scene, "seat_data"):
        return {s: [p for p in d.hand if p is not None] for s, d in enumerate(scene.seat_data())}
    lay = scene.layout()                                   # Martian: the open screen's pieces
    return {it.owner: True for it in lay.items if it.part in ("pile", "bonus", "opaque") and it.owner is not None}


@pytest.mark.parametrize("game,seed", [("cuzzins", 3), ("cuzzins", 8), ("kards", 2), ("martian", 4)])
def test_a_rounds_end_is_shown_as_everyone_may_see_it(menu_app, game, seed):
    scene = play_to_round_end(menu_app, game, seed)
    assert scene.viewer is None
    assert not any(isinstance(s, HandoffScene) for s in menu_app.stack.scenes)     # no curtain over the results
    shown = face_up_hands(scene)
    if game == "cuzzins":
        winner = scene.ended[1] if scene.ended is not None else None
        assert all(not tiles for s, tiles in shown.items() if s != winner)
    elif game == "kards":
        assert all(d.hand and None not in d.hand for d in scene.seat_data())   # every hand lies open, as the engine shows
    else:
        assert shown == {}                                             # no screen open


def test_after_the_results_the_next_player_is_called_behind_the_curtain(menu_app):
    scene = play_to_round_end(menu_app, "martian", 4)
    for _ in range(600):
        if isinstance(menu_app.stack.top, ResultsScene):
            break
        step(menu_app)
    menu_app.stack.top.done()
    menu_app.stack.apply()
    for _ in range(600):                     # the next hand's first throw, public, then the curtain
        if isinstance(menu_app.stack.top, HandoffScene):
            break
        assert scene.viewer is None
        step(menu_app)
    assert isinstance(menu_app.stack.top, HandoffScene)
    menu_app.stack.top.confirm()
    step(menu_app, 30)
    assert menu_app.stack.top is scene and scene.viewer == scene.to_act[0]
