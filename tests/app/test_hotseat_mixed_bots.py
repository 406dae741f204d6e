"""Hot seat with bots at the same table (two humans, two bots): what is on the screen between a
human's turn and the bots' turns. Seen in a real Martian window (Human 1, Player 2 a bot, Human 3,
Player 4 a bot): Human 1 kept a piece without a discard, so no claim window came; while Player 2
threw and chose, Human 1's screen stood open (their Chow, Pung and Kong), their memory markers sat
on the covers they had looked under and the log said "You kept the medium orange", all in front of
whoever sat down next. Now a player's turn over with only bots to act puts the table public at once."""

from game.app.scenes.handoff import HandoffScene
from game.app.tables import martian as mt
from game.rules.martian import Dice, Keep, Look, Roll
from tests.app.app_helpers import step, through_curtain
from tests.app.test_martian_table import DEAL, last_action, open_table, pool  # noqa: F401 (a fixture)


def test_martian_bots_throw_and_choose_on_the_public_table_after_a_humans_turn(menu_app, pool, monkeypatch):
    app = menu_app
    drawn = []          # (the seat to act, the view drawn, the memory aid's markers) of every frame drawn
    real = mt.draw_layout

    def record(canvas, lay, view, **kw):
        drawn.append((scene.match.to_act(), view, tuple(scene.markers())))
        return real(canvas, lay, view, **kw)

    monkeypatch.setattr(mt, "draw_layout", record)
    scene = open_table(app, ["human", "bot", "human", "bot"], DEAL, forced=[Dice(1, 1)])
    scene.match.meta["memory_aid"] = True
    through_curtain(app, scene)
    assert scene.viewer == 0
    assert scene.act(Roll())                      # a small red
    step(app)
    assert scene.act(Look(0))                     # what cover 1 hides is this player's alone now
    step(app)
    assert scene.markers() == [0]
    assert scene.act(Keep("pung-S"))              # (i) keep the small red in the Pung: no discard
    assert last_action(scene, 0) == Keep("pung-S") and scene.match.to_act() == (1,)
    assert scene.viewer is None and scene.view.seat is None and scene.markers() == []
    assert not any(line.startswith("You") for line in scene.log_lines)
    assert len(scene.log_lines) == len(set(scene.log_lines))      # the keep's line once, not again on top
    del drawn[:]
    moves = len(scene.match.log)
    for _ in range(600):                          # the bot's whole turn, to the next human's curtain
        step(app)
        if isinstance(app.stack.top, HandoffScene) or scene._claim_waiting():
            break
    assert any(e.seat == 1 for e in scene.match.log[moves:])
    bots_drawn = [(view, marks) for to_act, view, marks in drawn if to_act and all(s in (1, 3, -1) for s in to_act)]
    assert bots_drawn and all(view.seat is None and marks == () for view, marks in bots_drawn)
    assert all(view.seat is None for _to_act, view, _marks in drawn)


def test_a_hot_seat_that_opens_on_a_bots_turn_shows_the_public_table_first(menu_app, pool, monkeypatch):
    """Seen with a fixed deal (Ana, a bot, East and first to throw): the opening curtain called Human 1,
    who had nothing to do, and lifted to Human 1's open screen while Ana played. Now no curtain comes
    until a human must act, and the table is public until then."""
    app = menu_app
    drawn = []
    real = mt.draw_layout

    def record(canvas, lay, view, **kw):
        drawn.append(view.seat)
        return real(canvas, lay, view, **kw)

    monkeypatch.setattr(mt, "draw_layout", record)
    scene = open_table(app, ["human", "bot", "human", "bot"], {"east": 1, "turn": 1})
    assert scene.match.to_act() == (1,)
    assert app.stack.top is scene and scene.viewer is None
    for _ in range(600):                          # Ana's turn (and Bo's, should a claim pass to him)
        step(app)
        if isinstance(app.stack.top, HandoffScene) or scene._claim_waiting():
            break
    assert any(e.seat == 1 for e in scene.match.log)
    assert drawn and all(seat is None for seat in drawn)
