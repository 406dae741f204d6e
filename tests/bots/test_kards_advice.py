"""The Kards hint's sense of value (game/bots/kards/advice.py): what each wait of a ready hand would
score, and the special hand in reach, from the seat's view only."""

from __future__ import annotations

from game.bots.kards.advice import SpecialPlan, WaitWorth, special_in_reach, wait_worth
from game.core.kit.tiles import KINDS, kind_of
from game.rules.kards import RULES
from game.rules.kards.actions import Discard, Pass
from game.rules.kards.flow import win_reading
from tests.rules.kards.kards_helpers import dealt, piece

# The "Happy Family" challenge's hand: three wind pungs, North and Red Dragon pairs, and a 5 Bamboo.
WINDS = "WE WE WE WS WS WS WW WW WW WN WN DR DR B5"
OTHERS = ["B8 B9 C3 C5 C7 C9 D2 D6 D7 D8 D9 DG DW", "B1 B2 C2 C3 C5 C7 C9 D1 D2 D3 D4 D8 DG",
          "B8 C1 C2 C3 C5 C7 C8 D3 D4 D5 D6 D7 DG"]


def _kept(state, seat: int, out: str) -> list[str]:
    kinds = [KINDS[kind_of(p)] for p in state.hands[seat]]
    kinds.remove(out)
    return kinds


def test_each_wait_is_named_with_what_it_would_score():
    # Seed's special-hands table: "Mandarin Mah-Jongg  Concealed hand of Pungs/Kongs from 3 winds and
    # pair of the 4 th wind  5000"; "Happy Family Mah-Jongg  Pungs/Kongs of all winds and pair of
    # dragons  4000". After the 5 Bamboo goes, a North Wind makes the Happy Family (all four wind
    # pungs, the dragons the pair) and a Red Dragon the Mandarin (three wind pungs, the North pair,
    # the dragons as the set): the same wait, 1000 apart.
    state = dealt([WINDS] + OTHERS)
    view = RULES.view(state, 0)
    got = wait_worth(view, _kept(state, 0, "B5"), ["WN", "DR"])
    assert got == (WaitWorth("WN", 4000, "Happy Family Mah-Jongg"), WaitWorth("DR", 5000, "Mandarin Mah-Jongg"))


def test_a_plain_wait_scores_what_the_engine_pays_when_it_comes():
    # Ready on a plain hand: the worth said before the draw is the winner's score after it.
    hand = "B1 B2 B3 C4 C5 C6 D7 D8 D9 DR DR DR WS C9"
    state = dealt([hand] + OTHERS, wall=["B8", "B9", "C2", "WS"])
    view = RULES.view(state, 0)
    (said,) = wait_worth(view, _kept(state, 0, "C9"), ["WS"])
    assert said.special is None and said.kind == "WS"
    state, _ = RULES.apply(state, 0, Discard(piece(state, 0, "C9")))
    while state.phase != "turn" or state.turn != 0:
        seat = RULES.to_act(state)[0]
        legal = RULES.legal_actions(state, seat)
        passing = [a for a in legal if isinstance(a, Pass)]
        discards = [a for a in legal if isinstance(a, Discard)]
        state, _ = RULES.apply(state, seat, (passing or discards or legal)[0])
    assert KINDS[kind_of(state.drawn)] == "WS"
    reading = win_reading(state, 0, None)
    assert reading is not None and reading.special is None
    assert said.points == int(reading.total) > 0


def test_the_special_in_reach_is_the_one_hard_plays_for():
    state = dealt([WINDS] + OTHERS)
    assert special_in_reach(RULES.view(state, 0)) == SpecialPlan("Mandarin Mah-Jongg", 5000, 1)


def test_no_special_is_named_for_a_plain_hand():
    state = dealt(["B1 B2 B3 C4 C5 C6 D7 D8 D9 B4 B6 C8 C8 D2"] + OTHERS)
    assert special_in_reach(RULES.view(state, 0)) is None
