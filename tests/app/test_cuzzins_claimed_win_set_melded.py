"""Cuzzins: the group a claimed discard completed for Mahjongg (a three, a run, or the back, 5.4)
stood upright among the winner's open tiles at the reveal, and the claimed tile lay in the
thrower's river as well. The engine now says which group it completed (the mahjongg event's
`melded`, shared with Kards: game.core.kit.win_hand.claimed_group), the table lays it with the melds
(tablekit discard_scene.lay_claimed_win), the claimed tile turned towards the thrower and gone from
the river, and the results call that set laid out."""

import pytest

from game.app.tables import table_scene_for
from game.core.match import Match
from game.core.protocol import SeatConfig, Setup
from game.rules.cuzzins import Discard, Mahjongg, Pass
from tests.app.app_helpers import step
from tests.app.claimtoy_table import FakePool

# the dealer (seat 3) throws its C1 first; the human (seat 0) waits on it (challenge-7's deal)
DEALER = ["B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9", "D1", "D2", "D3", "D5", "D7", "C7", "C8", "C1"]
HANDS = {  # what the claimed C1 completes: seat 0's 16 tiles
    "three": ["C1", "C1", "B2", "B3", "B4", "C4", "C5", "C6", "D6", "D7", "D8", "B6", "B6", "B6", "C9", "C9"],
    "run": ["C2", "C3", "B2", "B3", "B4", "C4", "C5", "C6", "D6", "D7", "D8", "B6", "B6", "B6", "C9", "C9"],
    "back": ["C1", "B2", "B3", "B4", "C4", "C5", "C6", "D6", "D7", "D8", "B6", "B6", "B6", "C9", "C9", "C9"],
}
SIZE = {"three": 3, "run": 3, "back": 2}


def claim_window(shape):
    return Match(Setup("cuzzins", tuple(SeatConfig(k, "normal", "") for k in ["human", "bot", "bot", "bot"]),
                        {"hands": 1}, 4, {"dealer": 3, "dice": [3, 2], "hands": [HANDS[shape], [], [], DEALER]}))


def claimed_win(shape):
    match = claim_window(shape)
    events = match.act(3, Discard("C1"))
    while match.state.phase == "claims":
        for s in match.to_act():
            legal = match.legal(s)
            mj = next((a for a in legal if isinstance(a, Mahjongg)), None) if s == 0 else None
            events += match.act(s, mj or next(a for a in legal if isinstance(a, Pass)))
    return match, {e.kind: e.data for e in events}


@pytest.mark.parametrize("shape", list(HANDS))
def test_the_event_names_the_group_the_claimed_tile_completed(shape):
    _match, events = claimed_win(shape)
    win = events["mahjongg"]
    assert win["seat"] == 0 and win["from"] == 3
    melded = win["melded"]
    assert len(melded) == SIZE[shape] and set(melded) <= set(win["tiles"])
    assert any(p.startswith("C1") for p in melded)
    groups = events["round_end"]["win_hand"]["groups"]
    label = next(g["label"] for g in groups if sorted(g["pieces"]) == sorted(melded))
    assert label == ("laid out" if shape != "back" else "back")


@pytest.mark.parametrize("shape", list(HANDS))
def test_the_table_lays_the_claimed_group_with_the_melds(menu_app, shape):
    app = menu_app
    app.store.settings.anim_speed = 0.0
    app.bot_pool = FakePool(auto=True)          # the bots pass at once
    match = claim_window(shape)
    match.act(3, Discard("C1"))
    scene = table_scene_for("cuzzins")(app, match)
    app.stack.push(scene)
    app.stack.apply()
    step(app, 2)
    assert scene.act(next(a for a in match.legal(0) if isinstance(a, Mahjongg)))
    step(app, 10)
    assert scene.ended is not None and scene.ended[1] == 0
    seats = scene.seat_data()
    winner = seats[0]
    (meld,) = winner.melds
    assert len(meld.pieces) == SIZE[shape] and meld.claimed_from == 3
    assert meld.pieces[meld.claimed].startswith("C1")                  # the claimed tile lies turned
    assert len(winner.hand) == 17 - SIZE[shape]
    assert not set(meld.pieces) & set(winner.hand)                     # not upright among the open tiles
    assert not any(p in meld.pieces for p in seats[3].discards)        # nor still in the thrower's river
