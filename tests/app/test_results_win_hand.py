"""The results of a Kards or Cuzzins round show the winner's hand (seen: only the scoring lines; the
open hand lay on the table for a moment and was gone). The engines put it in the round's data
("win_hand": groups with labels, the bonus pieces, the winning piece), the results draw it from
the atlas as the table does, the winning piece ringed, and the lines' panel moves down under it."""

import pytest

from game.app.canvas import Canvas
from game.app.scenes.results import HAND_TOP, HAND_H, ResultsScene
from game.app.tables import table_scene_for
from game.core.match import Match
from game.core.protocol import SeatConfig, Setup
from game.core.rng import GameRng
from game.sim import MAX_ACTIONS, Driver, make_bot
from tests.app.app_helpers import step
from tests.app.test_kards_claimed_win_set_melded import won_on_easts_discard


def _round_ends(match):
    return [e for events in match._events for e in events if e.kind == "round_end"]


def test_kards_round_end_carries_the_winners_hand_with_the_claimed_set_melded():
    match = won_on_easts_discard()
    while match.state.phase == "after":          # the others' last turns
        s = match.to_act()[0]
        match.act(s, match.legal(s)[0])
    shown = _round_ends(match)[0].data["win_hand"]
    assert shown["seat"] == 0 and shown["winning"].startswith("D1")
    groups = [([p[:2] for p in g["pieces"]], g["label"]) for g in shown["groups"]]
    assert groups == [(["B1"] * 3, "concealed"), (["B2"] * 3, "concealed"), (["C1"] * 3, "concealed"),
                      (["C2"] * 2, "pair"), (["D1"] * 3, "melded")]
    assert shown["winning"] in shown["groups"][-1]["pieces"]


@pytest.mark.parametrize("game", ["kards", "cuzzins"])
def test_every_win_shows_every_piece_of_the_winner_once(game):
    """Bots' games: the groups hold exactly the winner's concealed and exposed pieces, the winning
    piece among them, and the bonus pieces apart."""
    wins, size = 0, {"kards": 14, "cuzzins": 17}[game]
    for seed in (1, 2, 3):
        setup = Setup(game, tuple(SeatConfig("bot", "normal", "") for _ in range(4)), {"hands": 1} if game == "cuzzins"
                      else {}, seed)
        bots = [make_bot(game, "normal") for _ in range(4)]
        rngs = [GameRng(f"{seed}:bot:{i}") for i in range(4)]
        match = Match(setup)
        seen = []

        def ask(seat, view, legal):
            return bots[seat].choose(view, legal, rngs[seat])
        Driver(match, {s: ask for s in range(4)}).run(MAX_ACTIONS // 4)
        for events in match._events:
            for e in events:
                if e.kind == "round_end" and e.data.get("win_hand"):
                    shown = e.data["win_hand"]
                    pieces = [p for g in shown["groups"] for p in g["pieces"]]
                    kongs = sum(1 for g in shown["groups"] if len(g["pieces"]) == 4)
                    assert len(pieces) == len(set(pieces)) and len(pieces) - kongs == size
                    assert shown["winning"] is None or shown["winning"] in pieces
                    assert not set(pieces) & set(shown["bonus"])
                    seen.append(shown)
        wins += len(seen)
    assert wins


def _drawn_pieces(monkeypatch):
    frames = []
    real = Canvas.piece

    def spy(self, frame, *a, **k):
        frames.append(frame)
        return real(self, frame, *a, **k)
    monkeypatch.setattr(Canvas, "piece", spy)
    return frames


def _data():
    return {"lines": [{"seat": 0, "name": "Back", "value": 2, "why": ""}], "totals": [2, 0, 0, 0], "winner": 0,
            "summary": "", "unit": "cents",
            "win_hand": {"seat": 0, "groups": [{"pieces": ["B1#1", "B2#1", "B3#1"], "label": "concealed"},
                                               {"pieces": ["D5#1", "D5#2"], "label": "back"}],
                         "bonus": ["F1#1"], "bonus_label": "flowers", "winning": "D5#2",
                         "winning_label": "winning tile"}}


def test_the_results_draw_the_winners_hand_and_move_the_lines_down(menu_app, monkeypatch):
    scene = ResultsScene(menu_app, _data(), ["You", "Bo", "Cy", "Ana"], final=False, pieces="tile")
    menu_app.stack.push(scene)
    step(menu_app, 1)
    frames = _drawn_pieces(monkeypatch)
    menu_app.draw()
    assert frames[:6] == ["tile/B1", "tile/B2", "tile/B3", "tile/D5", "tile/D5", "tile/F1"]
    assert scene.panel[1] >= HAND_TOP + HAND_H


def test_without_a_piece_family_no_hand_is_drawn(menu_app, monkeypatch):
    scene = ResultsScene(menu_app, _data(), ["You", "Bo", "Cy", "Ana"], final=False)
    menu_app.stack.push(scene)
    step(menu_app, 1)
    frames = _drawn_pieces(monkeypatch)
    menu_app.draw()
    assert not frames and scene.panel[1] < HAND_TOP + HAND_H


@pytest.mark.parametrize("game,family", [("kards", "kard"), ("cuzzins", "tile")])
def test_the_tables_give_their_piece_family_to_the_round_results(menu_app, monkeypatch, game, family):
    from tests.app.claimtoy_table import FakePool
    menu_app.bot_pool = FakePool()
    setup = Setup(game, tuple(SeatConfig(k, "normal", "") for k in ["human", "bot", "bot", "bot"]), {}, 4)
    scene = table_scene_for(game)(menu_app, Match(setup))
    menu_app.stack.push(scene)
    menu_app.stack.apply()
    shown = []
    monkeypatch.setattr(scene, "_show_results", lambda *scenes: shown.extend(scenes))

    class End:
        data = _data()
    scene._open_round_results(End())
    assert shown[0].pieces == family and shown[0].win_hand is not None
