"""RULES.resample in the places random play seldom reaches: a pass choice made, a Double, solo."""

from __future__ import annotations

import random
from collections import Counter

from game.rules.minttin import RULES
from game.rules.minttin.actions import AnswerPass, Discard, Double, Draw, GiveCards, OfferPass, Take
from game.rules.minttin.state import census
from mtm_support import act, scene, solo, two

WIN = "M5 M5 M5 F7 F7 F7 F9 F9 F9 F9 S1 S1 S1 S1"


def _resamples(st, seat, n=30):
    out = [RULES.resample(st, seat, random.Random(i)) for i in range(n)]
    for new in out:
        assert RULES.view(new, seat) == RULES.view(st, seat) and census(new) == census(st)
    return out


def test_a_hidden_pass_choice_is_chosen_again_from_the_new_hand():
    st = two("S1 S1 S1 S2 S2 S2 S3 S3 S3 M4 M4 M4", "F7 F7 F7 F8 F8 F8 F9 F9 F9 FD FD FD",
             dealer_seat=0, pass_cards=True)
    st, _ = act(st, 1, OfferPass(3))
    st, _ = act(st, 0, AnswerPass(2))
    st, _ = act(st, 1, GiveCards(("S1", "M4")))
    given = set()
    for new in _resamples(st, 0):
        chosen = new.passing["given"][1]
        assert len(chosen) == 2 and "J" not in chosen
        assert not Counter(chosen) - Counter(new.hands[1])        # still cards of that hand
        given.add(tuple(chosen))
        done, _ = act(new, 0, GiveCards(("F7", "F7")))            # and the exchange goes through
        assert census(done) == census(st)
    assert len(given) > 1


def test_a_drawn_card_stays_a_card_of_the_hand_that_drew_it():
    st = scene(hands=["S1 S2 S3 M4 M5 M6 F7 F8 F9 SD MD J F9", "F9 F9 F9 J S1 S2 S3 M4 M5 M6 F7 F8 SD"],
               phase="start", current=1, deck="S3 S3 S3 S3 M6 M6")
    st, _ = act(st, 1, Draw())
    for new in _resamples(st, 0):
        assert new.last_drawn[1] in new.hands[1]
        done, _ = act(new, 1, Discard(new.last_drawn[1]))
        assert census(done) == census(st)


def test_a_hand_that_doubled_keeps_its_cards_and_the_taker_s_face_down_cards_move():
    st = scene(hands=[WIN, "S2 S2 S3 S3 S3 M4 M4 M4 M6 M6 M6 J J"], exposures=[[], []],
               phase="main", current=0, deck="S2 S3 M4 S1 SD SD SD")
    st, _ = act(st, 0, Double())
    st, _ = act(st, 1, Take())
    st, _ = act(st, 1, Draw())
    st, _ = act(st, 1, Discard(st.last_drawn[1]))
    assert st.facedown[1]
    for new in _resamples(st, 1):
        assert new.hands[0] == st.hands[0] and new.double == st.double
    moved = _resamples(st, 0)
    assert any(new.facedown[1] != st.facedown[1] or new.hands[1] != st.hands[1] for new in moved)


def test_solo_redeals_the_deck_and_the_dead_hand_but_never_the_hand():
    st = solo("S1 S2 S3 M4 M5 M6 F7 F8 F9 SD MD FD")
    for new in _resamples(st, 0):
        assert new.hands[0] == st.hands[0]
    assert any(new.dead != st.dead for new in _resamples(st, 0))
