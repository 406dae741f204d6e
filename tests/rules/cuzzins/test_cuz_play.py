"""Turns, the sealed claim window and its priorities, kongs, secrets and paying to see, the end of a hand
(sections 3-7; CUZ-13, 15-22, 26)."""

from __future__ import annotations

import pytest

from cuz_support import play, roll_until_dealt, setup, shorten_wall, table
from game.core.match import Match
from game.core.protocol import CHANCE, IllegalAction, events_for
from game.rules.cuzzins import RULES, Chow, DeclareSecret, Discard, Kong, Mahjongg, Pass, PaySee, Pong
from game.rules.cuzzins.state import census

S0 = "B1 B1 B2 B2 B3 B3 D1 D1 D4 D5 D6 D7 D8 D9 C9 C9 C5"      # 17: discards C5
CHOWER = "C4 C6 B4 B5 B6 B7 B8 B9 D2 D2 D3 D3 C1 C1 C2 C2"      # next player: C4 C5 C6
PONGER = "C5 C5 C7 C7 C8 C8 B4 B5 B6 D6 D6 D7 D7 C3 C3 C3"
NOBODY = "B7 B8 B9 D2 D3 D4 D8 D9 C1 C2 C3 C4 C6 C7 C8 B9"


def claim_table(**kw):
    s = table({0: S0, 1: CHOWER, 2: PONGER, 3: NOBODY}, drawn="C5", **kw)
    s, _ = play(s, (0, Discard("C5")))
    return s


def test_a_turn_is_a_draw_then_a_discard_and_the_next_player_draws_after_the_window():
    s = claim_table()
    s, events = play(s, (1, Pass()), (2, Pass()), (3, Pass()))
    assert RULES.to_act(s) == (1,) and len(s.hands[1]) == 17 and s.drawn is not None
    assert any(e.kind == "claim_resolved" and e.data["taker"] is None for e in events)


def test_the_window_asks_every_other_seat_sealed_with_pass_as_the_timeout():
    s = claim_table()
    p = RULES.prompt(s)
    assert p.kind == "claim" and p.sealed and p.seats == (1, 2, 3) and p.timeout == 20
    assert dict(p.on_timeout) == {1: Pass(), 2: Pass(), 3: Pass()}
    assert RULES.legal_actions(s, 3) == [Pass()]                   # a seat that can't claim is asked too
    assert Chow("C4") in RULES.legal_actions(s, 1) and Pong() in RULES.legal_actions(s, 2)
    assert RULES.legal_actions(s, 0) == []                         # never the discarder


def test_no_timer_when_claim_seconds_is_none():
    s = claim_table(claim_seconds=None)
    assert RULES.prompt(s).timeout is None


def test_the_timer_passes_for_silent_seats():
    m = Match(setup(5, claim_seconds=10), RULES)
    while m.to_act() == (CHANCE,):
        m.roll()
    dealer = m.to_act()[0]
    m.act(dealer, next(a for a in m.legal(dealer) if isinstance(a, Discard)))
    assert m.prompt().kind == "claim"
    assert m.tick(9.5) == []
    events = m.tick(0.5)
    assert sum(1 for e in events if e.kind == "answered") == 3
    assert m.to_act() == ((dealer + 1) % 4,)


def test_answers_are_private_and_one_public_event_says_who_took_it():
    s = claim_table()
    s, events = play(s, (1, Chow("C4")), (2, Pong()), (3, Pass()))
    answered = [e for e in events if e.kind == "answered"]
    assert all(e.visible_to == frozenset({e.data["seat"]}) and e.public is None for e in answered)
    for seat in (0, 3):
        kinds = [e.kind for e in events_for(events, seat)]
        assert kinds.count("answered") == (1 if seat == 3 else 0) and kinds.count("claim_resolved") == 1
    resolved = next(e for e in events if e.kind == "claim_resolved")
    assert resolved.visible_to is None and resolved.data["taker"] == 2 and resolved.data["claim"] == "pong"


def test_a_pong_beats_a_chow_called_first_CUZ_19_CUZ_20():
    s = claim_table()
    s, _ = play(s, (1, Chow("C4")), (2, Pong()), (3, Pass()))
    assert RULES.to_act(s) == (2,) and s.melds[2][0].shape == "pung" and not s.melds[1]
    assert len(s.hands[2]) == 14 and s.drawn is None               # a claim is not a draw: discard now
    s, _ = play(s, (2, Discard("C3")))
    assert RULES.prompt(s).seats == (3, 0, 1)                      # play goes on after the claimer (5.3)


def test_a_chow_is_only_for_the_next_player():
    s = table({0: S0, 1: NOBODY, 2: CHOWER, 3: PONGER.replace("C5 C5", "D3 D4")}, drawn="C5")
    s, _ = play(s, (0, Discard("C5")))
    assert not any(isinstance(a, Chow) for a in RULES.legal_actions(s, 2))
    s = claim_table()
    s, _ = play(s, (1, Chow("C4")), (2, Pass()), (3, Pass()))
    assert s.melds[1][0].shape == "chow" and RULES.to_act(s) == (1,)


WAIT_C5_PAIR = "B1 B2 B3 B4 B5 B6 B7 B8 B9 C1 C1 C1 D2 D3 D4 C5"        # wins on C5 for the back
WAIT_C5_RUN = "C4 C6 D5 D5 D5 B4 B5 B6 B7 B8 B9 D7 D8 D9 C8 C8"        # wins on C5 for a run


def test_a_winning_claim_beats_a_pong_and_may_finish_a_run_for_anyone_CUZ_20():
    s = table({0: S0.replace("B1 B1 B2 B2 B3 B3", "C2 C2 C3 C3 D2 D2"), 1: PONGER.replace("C3 C3 C3", "D9 C6 C6"),
               2: "B1 B1 B1 B2 B2 B2 B3 B3 B3 C1 C1 C1 D3 D3 D3 B7", 3: WAIT_C5_RUN}, drawn="C5")
    s, _ = play(s, (0, Discard("C5")))
    assert Mahjongg() in RULES.legal_actions(s, 3) and Pong() in RULES.legal_actions(s, 1)
    s, events = play(s, (1, Pong()), (2, Pass()), (3, Mahjongg()))
    win = next(e for e in events if e.kind == "mahjongg")
    assert win.data["seat"] == 3 and win.data["how"] == "claimed" and win.data["from"] == 0


def test_two_winning_claims_go_to_the_nearest_after_the_discarder_CUZ_20():
    s = table({0: S0.replace("B1 B1 B2 B2 B3 B3", "C2 C2 C3 C3 D2 D2").replace("D4 D5", "C7 C7"),
               1: "D3 D3 D3 D6 D6 D6 C7 C8 C9 C9 D9 B1 B1 B1 B2 B2",
               2: WAIT_C5_RUN, 3: WAIT_C5_PAIR.replace("B1 B2 B3", "C2 C3 C4")}, drawn="C5")
    s, _ = play(s, (0, Discard("C5")))
    assert Mahjongg() in RULES.legal_actions(s, 2) and Mahjongg() in RULES.legal_actions(s, 3)
    s, events = play(s, (3, Mahjongg()), (2, Mahjongg()), (1, Pass()))
    assert next(e for e in events if e.kind == "mahjongg").data["seat"] == 2


def test_a_claimed_win_makes_the_thrower_pay_double_and_the_winner_deals_next_CUZ_13():
    s = table({0: S0.replace("B1 B1 B2 B2 B3 B3", "C2 C2 C3 C3 D2 D2"), 1: NOBODY, 2: WAIT_C5_PAIR,
               3: "D6 D6 C7 C7 C7 C9 B1 B1 B2 B2 C6 C6 C4 C4 C8 C8"}, drawn="C5")
    s, _ = play(s, (0, Discard("C5")))
    s, events = play(s, (1, Pass()), (2, Mahjongg()), (3, Pass()))
    end = next(e for e in events if e.kind == "round_end")
    # the escalera hand of the scoring tests: 105 points (it has no flowers here)
    pays = {(t["payer"], t["payee"]): t["amount"] for t in end.data["transfers"]}
    assert pays == {(0, 2): 210, (1, 2): 105, (3, 2): 105}
    assert sum(end.data["totals"]) == 0 and end.data["totals"][2] == 420 and end.data["unit"] == "cents"
    assert s.dealer == 2 and s.hand_no == 1 and RULES.to_act(s) == (CHANCE,)     # 7.6
    assert [l["name"] for l in end.data["lines"]][:1] == ["Initial score"]


def test_a_kong_pays_ten_from_each_takes_a_loose_tile_then_discards_CUZ_16_CUZ_26():
    s = table({0: S0, 1: NOBODY, 2: PONGER.replace("C7 C7", "C5 D1"), 3: CHOWER}, drawn="C5", box="D1 C2")
    s, _ = play(s, (0, Discard("C5")))
    assert Kong() in RULES.legal_actions(s, 2)
    before = s.wall.live[-2:]
    s, events = play(s, (1, Pass()), (2, Kong()), (3, Pass()))
    kong = next(e for e in events if e.kind == "kong")
    assert sorted((t["payer"], t["amount"]) for t in kong.data["transfers"]) == [(0, 10), (1, 10), (3, 10)]
    assert s.ledger.totals() == (-10, -10, 30, -10)
    assert s.melds[2][0].shape == "kong" and s.drawn.startswith("D1") and s.drawn_how == "loose" and s.after_kong
    assert [p[:2] for p in s.wall.box] == ["C2"]
    assert RULES.to_act(s) == (2,) and len(s.hands[2]) + 4 == 18         # 16 + the kong's extra + the loose tile
    s, _ = play(s, (2, Discard("D1")), (3, Pass()), (0, Pass()), (1, Pass()))
    assert RULES.to_act(s) == (3,)                                  # play goes on after the konger
    # the second loose tile used: the wall's last two become the new pair of loose tiles (3.5)
    s2 = s.copy()
    _t, s2.wall = s2.wall.replacement()
    assert s2.wall.box == (before[1], before[0])


def test_no_kong_or_pong_onto_a_laid_out_pong_CUZ_22():
    s = table({0: S0, 1: NOBODY, 2: "C7 C7 C8 C8 B4 B5 B6 D6 D6 D7 D7 C3 C3", 3: CHOWER},
              melds={2: [("pung", "C5 C5 C5", 1)]}, drawn="C5")
    s, _ = play(s, (0, Discard("C5")))
    assert RULES.legal_actions(s, 2) == [Pass()]                    # 6.5
    s = table({2: "C7 C7 C8 C8 B4 B5 B6 D6 D6 D7 D7 C3 C3 C5"}, turn=2, melds={2: [("pung", "C5 C5 C5", 1)]},
              drawn="C5")
    legal = RULES.legal_actions(s, 2)
    assert Discard("C5") in legal and not any(isinstance(a, (DeclareSecret, Kong)) for a in legal)


SECRET_HAND = "C7 C7 C7 C7 B1 B2 B3 B4 B5 B6 D1 D2 D3 D5 D6 D9 D9"


def secret_table():
    return table({0: SECRET_HAND, 1: "C1 C1 C1 C2 C2 C9 C9 C9 D4 D4 D4 D8 B2 B3 B8 B9", 2: PONGER.replace("C7 C7", "B7 B7"), 3: CHOWER.replace("C1 C1", "D8 D8")}, drawn="C7",
                 live="B9 D4")


def test_a_secret_is_declared_instead_of_a_discard_and_paid_at_once_CUZ_17():
    s = secret_table()
    assert DeclareSecret("C7") in RULES.legal_actions(s, 0)
    s, events = play(s, (0, DeclareSecret("C7")))
    assert s.ledger.totals() == (30, -10, -10, -10)
    assert not s.discards[0] and len(s.hands[0]) == 13 and len(s.secrets[0]) == 1
    assert RULES.to_act(s) == (1,) and s.drawn.startswith("B9")   # no discard, so no window: the next draws
    told = [e for e in events if e.kind == "secret_tiles"]
    assert told and told[0].visible_to == frozenset({0})
    assert all("tile" not in e.data for e in events_for(events, 1) if e.kind == "secret")
    assert RULES.view(s, 1).secrets[0] == (None,) and RULES.view(s, 0).secrets[0] == ("C7",)


def test_an_undeclared_four_earns_nothing_at_a_win_CUZ_17():
    s = table({0: "C7 C7 C7 C7 C8 C9 B1 B2 B3 B4 B5 B6 D1 D2 D3 D9 D9"}, drawn="C9", flowers={0: "WE"})
    assert Mahjongg() in RULES.legal_actions(s, 0)
    s, events = play(s, (0, Mahjongg()))
    whys = [t["why"] for e in events for t in e.data.get("transfers", ())]
    assert whys and all(w.startswith("Mahjongg") for w in whys)


def test_paying_to_see_a_secret_is_out_of_turn_and_private_CUZ_18():
    s, _ = play(secret_table(), (0, DeclareSecret("C7")))
    p = RULES.prompt(s)
    assert p.seats == (1,) and set(p.out_of_turn) == {1, 2, 3}
    assert PaySee(0, 0) in RULES.legal_actions(s, 2)
    s, events = play(s, (2, PaySee(0, 0)))
    assert s.ledger.totals() == (55, -10, -35, -10)
    seen = next(e for e in events if e.kind == "seen")
    assert seen.visible_to == frozenset({2}) and seen.data["tile"] == "C7"
    assert RULES.view(s, 2).secrets[0] == ("C7",) and RULES.view(s, 3).secrets[0] == (None,)
    assert PaySee(0, 0) not in RULES.legal_actions(s, 2)
    snapshot = (s.ledger.totals(), tuple(s.secrets[0]))
    with pytest.raises(IllegalAction):
        RULES.apply(s, 2, PaySee(0, 0))
    assert (s.ledger.totals(), tuple(s.secrets[0])) == snapshot


def test_self_drawn_win_on_the_wall_tile():
    s = table({0: "C1 C2 C3 C7 C8 C9 B1 B2 B3 B4 B5 B6 D1 D2 D3 D9 D9"}, drawn="C9", flowers={0: "WE"})
    s, events = play(s, (0, Mahjongg()))
    win = next(e for e in events if e.kind == "mahjongg")
    assert win.data["how"] == "wall"


def test_the_dealer_wins_on_the_original_hand_CUZ_12():
    hand = "B1 B1 B1 B2 B3 B4 C2 C3 C4 C5 C6 C7 D5 D5 D5 D8 D8"
    s = table({0: hand}, first_turn=True, dice=(3, 3))
    assert Mahjongg() in RULES.legal_actions(s, 0)
    s, events = play(s, (0, Mahjongg()))
    assert next(e for e in events if e.kind == "mahjongg").data["total"] == 960   # see the scoring tests
    # not once the dealer has discarded: a later complete hand needs a drawn tile
    s = table({0: hand})
    assert Mahjongg() not in RULES.legal_actions(s, 0)


def test_the_wall_running_out_is_a_drawn_hand_and_the_dealer_deals_again_CUZ_15():
    s = table({0: S0, 1: NOBODY, 2: PONGER.replace("C7 C7", "C5 D1"), 3: CHOWER}, drawn="C5", box="D1 C2", dealer=3,
              turn=0)
    s, _ = play(s, (0, Discard("C5")), (1, Pass()), (2, Kong()), (3, Pass()))
    shorten_wall(s, 0)
    tiles_before = sum(census(s).values())
    s, events = play(s, (2, Discard("D1")), (3, Pass()), (0, Pass()), (1, Pass()))
    assert tiles_before == 144
    end = next(e for e in events if e.kind == "round_end")
    assert end.data["winner"] is None and end.data["transfers"] == ()
    assert s.ledger.totals() == (-10, -10, 30, -10)                 # the kong payments stand
    assert s.dealer == 3 and RULES.to_act(s) == (CHANCE,)


def test_the_engine_keeps_every_tile_count_right_so_no_dead_hand_CUZ_21():
    # between turns 16 + one per four of a kind; on a turn one more
    for seed in (1, 2):
        s = RULES.new_game(setup(seed, hands=1))
        import random
        rng = random.Random(seed)
        while RULES.result(s) is None:
            seat = rng.choice(RULES.to_act(s))
            s, _ = RULES.apply(s, seat, rng.choice(RULES.legal_actions(s, seat)))
            if s.phase in ("discard", "claims"):
                for p in range(4):
                    fours = sum(m.shape == "kong" for m in s.melds[p]) + len(s.secrets[p])
                    held = len(s.hands[p]) + sum(len(m.pieces) for m in s.melds[p]) + 4 * len(s.secrets[p])
                    on_turn = s.phase == "discard" and p == s.turn
                    assert held == 16 + fours + on_turn


def test_illegal_moves_are_refused_with_a_reason_and_change_nothing():
    s = claim_table()
    for seat, action in ((0, Pass()), (3, Pong()), (2, Chow("C4")), (3, Mahjongg()), (1, Discard("B1"))):
        with pytest.raises(IllegalAction) as e:
            RULES.apply(s, seat, action)
        assert e.value.reason
    s = table({0: S0}, drawn="C5")
    with pytest.raises(IllegalAction, match="no C8"):
        RULES.apply(s, 0, Discard("C8"))


def test_strict_table_a_false_call_on_your_turn_kills_the_hand_CUZ_21():
    s = table({0: S0, 1: CHOWER, 2: PONGER, 3: NOBODY}, drawn="C5", strict=True)
    assert Mahjongg() in RULES.legal_actions(s, 0)                 # offered although the hand is not complete
    s, events = play(s, (0, Mahjongg()))
    assert s.dead == (True, False, False, False) and any(e.kind == "dead_hand" for e in events)
    legal = RULES.legal_actions(s, 0)
    assert RULES.to_act(s) == (0,) and Discard("C5") in legal and Mahjongg() not in legal
    s, _ = play(s, (0, Discard("C5")), (1, Pass()), (2, Pass()), (3, Pass()))
    s, _ = play(s, (1, Discard(RULES.view(s, 1).hand[0].split("#")[0])))
    assert RULES.legal_actions(s, 0) == [Pass()]                   # a dead hand can't claim
    assert RULES.view(s, 2).dead[0]


def test_strict_table_a_false_claim_dies_and_the_next_claim_takes_the_tile_CUZ_21():
    s = table({0: S0, 1: CHOWER, 2: PONGER, 3: NOBODY}, drawn="C5", strict=True)
    s, _ = play(s, (0, Discard("C5")))
    assert all(Mahjongg() in RULES.legal_actions(s, p) for p in (1, 2, 3))   # nobody is pass-only
    s, events = play(s, (1, Mahjongg()), (2, Pong()), (3, Pass()))
    assert s.dead[1] and s.melds[2][0].shape == "pung" and RULES.to_act(s) == (2,)


def test_strict_table_a_dead_hand_still_pays_the_winner_CUZ_21():
    s = table({0: S0.replace("B1 B1 B2 B2 B3 B3", "C2 C2 C3 C3 D2 D2"), 1: NOBODY, 2: WAIT_C5_PAIR,
               3: "D6 D6 C7 C7 C7 C9 B1 B1 B2 B2 C6 C6 C4 C4 C8 C8"}, drawn="C5", strict=True)
    s, _ = play(s, (0, Discard("C5")))
    s, events = play(s, (1, Mahjongg()), (2, Mahjongg()), (3, Pass()))
    end = next(e for e in events if e.kind == "round_end")
    assert {(t["payer"], t["amount"]) for t in end.data["transfers"]} == {(0, 210), (1, 105), (3, 105)}
    assert s.dead == (False,) * 4                                  # a new hand starts alive
