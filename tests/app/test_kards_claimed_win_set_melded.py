"""Kards: a set completed by a claimed discard for Mah-Jongg lay upright among the winner's concealed
cards (only the results said "(melded)"). The engine now says which group the claimed card
completed (KardsView.winner_melded, public: the discard was seen and the winner's hand lies open),
and the table lays it with the melds, the claimed card turned towards the discarder."""

from game.app.tables import table_scene_for
from game.core.kit.tiles import kind_of
from game.core.match import Match
from game.core.protocol import SeatConfig, Setup
from game.rules.kards import Discard, MahJongg, Pass
from tests.app.app_helpers import step
from tests.app.claimtoy_table import FakePool

# seat 0 waits on 1 Dots or 2 Characters (pungs); East (seat 3) throws its lone 1 Dots
P1 = ["B1", "B1", "B1", "B2", "B2", "B2", "C1", "C1", "C1", "C2", "C2", "D1", "D1"]
EAST = ["D1", "B5", "B6", "B7", "C5", "C6", "C7", "D5", "D6", "D7", "B9", "B9", "C9", "C9"]


def won_on_easts_discard() -> Match:
    match = Match(Setup("kards", tuple(SeatConfig(k, "normal", "") for k in ["human", "bot", "bot", "bot"]),
                        {}, 4, {"east": 3, "hands": [P1, None, None, EAST]}))
    for _ in range(50):
        seat = match.to_act()[0]
        legal = match.legal(seat)
        throw = [a for a in legal if isinstance(a, Discard) and a.piece.startswith("D1")]
        if seat == 3 and throw:
            match.act(3, throw[0])
            break
        match.act(seat, legal[0])
    while match.state.phase == "claim":
        for s in match.to_act():
            legal = match.legal(s)
            mj = next((a for a in legal if isinstance(a, MahJongg)), None) if s == 0 else None
            match.act(s, mj or next(a for a in legal if isinstance(a, Pass)))
    assert match.state.winner == 0
    return match


def test_the_view_names_the_set_the_claimed_card_completed_for_every_seat():
    match = won_on_easts_discard()
    for seat in (0, 1, 2, 3, None):
        v = match.view(seat)
        assert [kind_of(p) for p in v.winner_melded] == [kind_of("D1#1")] * 3
        assert set(v.winner_melded) <= set(v.winner_hand) and v.winner_from == 3


def test_the_table_lays_the_claimed_set_with_the_melds(menu_app):
    app = menu_app
    app.store.settings.anim_speed = 0.0
    app.bot_pool = FakePool()                   # the bots wait: the table stays at the last turns
    match = won_on_easts_discard()
    scene = table_scene_for("kards")(app, match)
    app.stack.push(scene)
    app.stack.apply()
    step(app, 2)
    for viewer_sees in (scene.seat_data()[0],):
        assert not any(p.startswith("D1") for p in viewer_sees.hand)      # not upright among the concealed
        assert len(viewer_sees.hand) == 11
        (meld,) = viewer_sees.melds
        assert [p[:2] for p in meld.pieces] == ["D1"] * 3 and meld.claimed_from == 3
