"""Continue after the app stopped (killed, power cut) at an awkward moment.

A round's results were open: Continue shows them again before anything else, not the next hand
with the round's scoring never seen. Seen in a real window: a Martian hand ended, `kill -9` on its 'Round over' screen, Continue went straight into
hand 2. Results already read are not shown twice. A hot-seat claim window was open: nobody's
pieces show until a claimant lifts their own curtain."""

import pytest

from game.app.scenes.handoff import HandoffScene
from game.app.scenes.menu import MenuScene
from game.app.scenes.results import ResultsScene
from game.bots import make_bot
from game.core.match import Match
from game.core.protocol import SeatConfig, Setup
from game.core.rng import GameRng
from game.store import Store
from tests.app.app_helpers import run_until, step

GAMES = {  # seats (h human, b bot), options, seed
    "martian": ("hh", {}, 4),
    "cuzzins": ("hbbb", {"hands": 4, "claim_seconds": None}, 3),
    "kards": ("hbbb", {"claim_seconds": None}, 2),
    "minttin": ("hh", {"mode": "2p"}, 1),
    "rummy": ("hbbb", {"rounds": 4, "turn_timer": 0}, 1),
}


def at_a_rounds_end(game):
    """A match whose last move ended a round (not the game), played by bots in every seat."""
    kinds, options, seed = GAMES[game]
    seats = tuple(SeatConfig("human" if k == "h" else "bot", "easy", f"P{i + 1}") for i, k in enumerate(kinds))
    match = Match(Setup(game, seats, options, seed), meta={"title": game, "started": "t"})
    bot, rng = make_bot(game, "easy"), GameRng(seed)
    for _ in range(20000):
        seat = match.to_act()[0]
        events = match.roll() if seat < 0 else match.act(seat, bot.choose(match.view(seat), match.legal(seat), rng))
        if any(e.kind == "round_end" for e in events):
            assert not match.finished
            return match
    raise AssertionError("no round ended")


def relaunch_and_continue(app):
    """What a player does after a crash: start again on the same folder, press Continue."""
    app.store.flush()
    app.store = Store(app.store.data_dir)
    app.stack.reset(MenuScene(app, notices=False))
    app.stack.apply()
    app.continue_game()
    app.stack.apply()
    step(app, 3)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_continue_shows_a_rounds_unread_results_first(menu_app, game):
    match = at_a_rounds_end(game)
    menu_app.store.save_autosave(match.to_json())
    relaunch_and_continue(menu_app)
    top = menu_app.stack.top
    assert isinstance(top, ResultsScene) and not top.final
    table = menu_app.stack.scenes[-2]
    assert table.match.log == match.log and table._results_open
    assert top.round_word == table.ROUND_WORD                  # the same results as when the round ended
    if len(table.human_seats) >= 2:
        assert table.viewer is None                      # nobody's own pieces behind the results
    assert not any(isinstance(s, HandoffScene) for s in menu_app.stack.scenes)
    top.done()
    step(menu_app)
    assert not any(isinstance(s, ResultsScene) for s in menu_app.stack.scenes)
    if len(table.human_seats) >= 2:          # then the next player, behind the curtain (after any public dice)
        assert run_until(menu_app, lambda: isinstance(menu_app.stack.top, HandoffScene), frames=600)
    # read once: a later crash (nothing played since) does not bring them back
    relaunch_and_continue(menu_app)
    assert not any(isinstance(s, ResultsScene) for s in menu_app.stack.scenes)


def test_a_game_in_the_middle_of_a_round_has_no_results_to_show(menu_app):
    match = at_a_rounds_end("martian")
    seat = match.to_act()[0]
    match.roll() if seat < 0 else match.act(seat, match.legal(seat)[0])
    menu_app.store.save_autosave(match.to_json())
    relaunch_and_continue(menu_app)
    assert not any(isinstance(s, ResultsScene) for s in menu_app.stack.scenes)


@pytest.mark.parametrize("game", ["kards", "cuzzins"])
def test_hot_seat_continue_in_an_open_claim_window_shows_nobodys_pieces(menu_app, game):
    """Killed while a discard waited on the players' claims: Continue shows the public table (the
    claim bar), never the hand of whoever had the screen; each claimant lifts their own curtain."""
    seats = tuple(SeatConfig(k, "easy", f"P{i + 1}") for i, k in enumerate(["human", "human", "bot", "bot"]))
    match = Match(Setup(game, seats, {"claim_seconds": None}, 5), meta={"title": game, "started": "t"})
    bot, rng = make_bot(game, "easy"), GameRng(5)
    for _ in range(5000):
        prompt = match.prompt()
        if prompt.sealed and set(prompt.seats) & {0, 1}:
            break
        seat = match.to_act()[0]
        match.roll() if seat < 0 else match.act(seat, bot.choose(match.view(seat), match.legal(seat), rng))
    else:
        raise AssertionError("no claim window for a human")
    menu_app.store.save_autosave(match.to_json())
    relaunch_and_continue(menu_app)
    table = next(s for s in menu_app.stack.scenes if hasattr(s, "match"))
    assert table.match.log[:len(match.log)] == match.log          # (bots may have answered since)
    assert table.viewer is None and table.view == table.match.view(None)
    assert set(table.match.prompt().seats) & {0, 1}               # still waiting on a player's answer
    top = menu_app.stack.top
    assert top is table or isinstance(top, HandoffScene)
