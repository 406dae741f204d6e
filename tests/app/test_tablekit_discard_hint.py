"""The discard tables' Hint: shanten, waits with unseen counts, the suggested discard (checked on
hands worked out by hand), the panel's text always whole, and the Kards table using it (H opens
it, the suggested card is ringed, counted only from what the viewer sees)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from game.app.canvas import Canvas
from game.app.tablekit import discard_hint as dh
from game.core.kit.tiles import name


def test_the_suggested_discard_is_the_one_worked_out_by_hand():
    # Two sets to make: B1 B2 B3 is a set, D7 D7 the pair, C4 C5 wants C3 or C6; the North wind is
    # the stray card. Discarding it leaves a ready hand; any other discard leaves one a step back.
    facts = dh.HintFacts(("B1", "B2", "B3", "C4", "C5", "D7", "D7", "WN"), sets=2, visible={"C6": 3, "B9": 2})
    h = dh.analyse(facts)
    assert h.discard == "WN"
    assert h.shanten == 0
    assert h.waits == (("C3", 4), ("C6", 1))          # 4 - none held - 3 in sight = 1 left
    text = dh.hint_lines(h, name)
    assert any("North" in t and "Suggested" in t for t in text)
    assert any("(1 left)" in t and "(4 left)" in t for t in text)


def test_a_lessons_discard_is_suggested_with_what_the_hand_then_needs():
    facts = dh.HintFacts(("B1", "B2", "B3", "C4", "C5", "D7", "D7", "WN"), sets=2, visible={"C6": 3})
    h = dh.analyse(facts, discard="D7")                # the lesson's step, not the best discard
    assert h.discard == "D7" and h.waits == ()          # after it the hand is a step back: no waits
    assert dh.analyse(facts, discard="B9").discard == "WN"      # a kind not held changes nothing


def test_a_hand_two_steps_away_gets_the_discard_that_keeps_most_unseen_help():
    # Three sets to make from 11 cards: D5 D5 D5 a set, WW WW the pair, B1 B2 (wants B3) and C2 C3
    # (wants C1 or C4) the partial sets, C9 and WE strays.
    hand = ("B1", "B2", "C2", "C3", "C9", "D5", "D5", "D5", "WE", "WW", "WW")
    h = dh.analyse(dh.HintFacts(hand, sets=3))
    # Keeping both partial chows and the pair: either stray goes. C9 helps nothing that WE does
    # not (each only pairs itself); the kit breaks the tie by kind order, so C9 first.
    assert h.discard == "C9"
    assert h.shanten == 1
    kinds = {k for k, _ in h.useful}
    assert {"B3", "C1", "C4"} <= kinds
    # in a player's words: no "shanten", which meant nothing to a newcomer at the table
    lines = dh.hint_lines(h, name)
    assert lines[0] == "1 more good draw before you are ready (one card from going out)."
    assert not any("shanten" in line for line in lines)


def test_among_equally_good_discards_the_one_the_game_pays_least_for_goes():
    # Four sets to make from 14: B1-B3, B4-B6 and C1-C3 are sets, C7 C8 wants C6 or C9; East, South
    # and West are strays that help equally (each only pairs itself). By kind order East would go;
    # when East scores for the seat (its own wind) South goes, and West when both score.
    hand = ("B1", "B2", "B3", "B4", "B5", "B6", "C1", "C2", "C3", "C7", "C8", "WE", "WS", "WW")
    assert dh.analyse(dh.HintFacts(hand, sets=4)).discard == "WE"
    assert dh.analyse(dh.HintFacts(hand, sets=4, worth={"WE": 1})).discard == "WS"
    assert dh.analyse(dh.HintFacts(hand, sets=4, worth={"WE": 2, "WS": 1})).discard == "WW"
    # worth never overrides the hand's shape: breaking the waiting pair C7 C8 is never suggested
    assert dh.analyse(dh.HintFacts(hand, sets=4, worth={"WE": 5, "WS": 5, "WW": 5})).discard == "WE"


def test_a_waiting_hand_lists_its_waits_and_says_when_none_are_left():
    # 13 cards, four sets to make: B2 B3 B4, C7 C7 C7, D1 D2 D3, WE WE WE, and DR alone: waits DR.
    hand = ("B2", "B3", "B4", "C7", "C7", "C7", "D1", "D2", "D3", "WE", "WE", "WE", "DR")
    h = dh.analyse(dh.HintFacts(hand, sets=4, visible={"DR": 3}))
    assert h.shanten == 0 and h.discard is None
    assert h.waits == (("DR", 0),)
    assert any("already in sight" in t for t in dh.hint_lines(h, name))


def test_a_complete_hand_says_so():
    hand = ("B2", "B3", "B4", "C7", "C7", "C7", "D1", "D2", "D3", "WE", "WE", "WE", "DR", "DR")
    h = dh.analyse(dh.HintFacts(hand, sets=4))
    assert h.shanten == -1
    assert "complete" in dh.hint_lines(h, name)[0]


def test_bonus_cards_and_melds_are_left_out_of_the_shape():
    # one meld exposed: three sets to make from 11 concealed cards; a stray flower is ignored
    hand = ("B2", "B3", "B4", "C7", "C7", "C7", "D1", "D2", "D3", "DR", "DR", "F1")
    h = dh.analyse(dh.HintFacts(hand, sets=3))
    assert h.shanten == -1


@pytest.fixture
def canvas():
    pygame.init()
    return Canvas(pygame.Surface((800, 450)), None)       # half scale: logical 1600x900


def test_the_panel_never_cuts_its_text(canvas):
    # nine waits (the nine gates) and a long title in a narrow panel: every word is drawn
    hand = ("B1", "B1", "B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9", "B9", "B9")
    h = dh.analyse(dh.HintFacts(hand, sets=4))
    assert len(h.waits) == 9
    lines = dh.hint_lines(h, name)
    panel = dh.HintPanel((190, 290, 272, 420))
    f = panel.draw(canvas, lines)
    assert f.height <= 420
    drawn = " ".join(w for para in f.lines for w in para).split()
    assert drawn == " ".join(lines).split()            # nothing dropped or ellipsised
    for para in f.lines:
        for line in para:
            assert canvas.measure(line, f.size)[0] <= 272 - 2 * dh.PAD


def test_the_panel_shrinks_its_text_when_the_room_is_short(canvas):
    lines = ["word " * 60]
    roomy = dh.HintPanel((0, 0, 272, 800)).fit(canvas, lines)
    tight = dh.HintPanel((0, 0, 272, 200)).fit(canvas, lines)
    assert roomy.size == dh.SIZES[0]
    assert tight.size < roomy.size and tight.height < roomy.height


# A claim window's advice, on a 13-piece hand worked out by hand (four sets and a pair to make):
# C2 C3 waits for a run, C5 C6 C7 and D1 D1 D1 are sets, B9 B9 the pair, three stray winds.
# Now: two sets, one partial run, a pair: 8 - 2*2 - 1 - 1 = 2 steps from ready.
CLAIM_HAND = dh.HintFacts(("C2", "C3", "C5", "C6", "C7", "D1", "D1", "D1", "B9", "B9", "WE", "WS", "WN"), sets=4)


def test_a_chow_that_makes_a_set_is_advised_over_one_that_breaks_a_set():
    # Chow C2-C3-C4: three sets (one laid out), the pair, a stray to throw: 6 - 2*2 - 0 - 1 = 1 step.
    # Chow C3-C4-C5 breaks C5 C6 C7: no better than now.
    advice = dh.claim_advice(CLAIM_HAND, "C4", [("Chow 2-3-4", "chow", "C2"), ("Chow 3-4-5", "chow", "C3"),
                                                ("Pass", "pass", None)])
    assert advice == ("Chow 2-3-4", "Claim: Chow 2-3-4 brings your hand a step closer to ready.")


def test_a_claim_that_gains_no_step_is_not_advised():
    # Chow C6-C7-C8 trades C5 C6 C7 for C6 C7 C8: C2 C3 (or C3 C5) and the pair still leave 2 steps.
    label, line = dh.claim_advice(CLAIM_HAND, "C8", [("Chow 6-7-8", "chow", "C6"), ("Pass", "pass", None)])
    assert label is None and line.startswith("Pass")


def test_a_kong_is_advised_when_it_costs_no_step_and_a_pung_that_gains_none_is_not():
    # Kong of D1: the three D1 go out with a set's worth of the hand: still 2 steps (6 - 2 - 1 - 1),
    # and a loose piece comes. Pung of D1 leaves a stray D1: 2 steps too, so no gain.
    advice = dh.claim_advice(CLAIM_HAND, "D1", [("Pung", "pung", None), ("Kong", "kong", None), ("Pass", "pass", None)])
    assert advice == ("Kong", "Claim: Kong costs your hand no step, and a loose card comes with it.")
    assert dh.claim_advice(CLAIM_HAND, "D1", [("Pung", "pung", None), ("Pass", "pass", None)])[0] is None


def test_no_claim_advice_without_a_pile_claim_or_for_a_hand_of_the_wrong_size():
    assert dh.claim_advice(CLAIM_HAND, "C4", [("Pass", "pass", None)]) is None
    short = dh.HintFacts(CLAIM_HAND.hand[:-1], sets=4)
    assert dh.claim_advice(short, "C4", [("Chow 2-3-4", "chow", "C2")]) is None


def test_a_kong_that_costs_no_step_comes_before_any_discard():
    # Four 5 Bamboo, C1 C2 C3, the East pair and stray cards: the shape alone says throw a 5
    # Bamboo (a pung and a spare); the kong keeps the pung, costs no step and brings a loose card.
    four = ("B5", "B5", "B5", "B5", "C1", "C2", "C3", "D4", "D5", "D7", "D8", "WE", "WE", "DG")
    facts = dh.HintFacts(four, 4)
    assert dh.analyse(facts).discard == "B5"
    h = dh.kong_hint(facts, {"B5": "Concealed kong"})
    assert h is not None and h.kong == ("B5", "Concealed kong") and h.discard is None
    assert h.shanten == dh.analyse(facts).shanten
    lines = dh.hint_lines(h, name)
    assert lines[0].startswith("Concealed kong: a kong of ") and "costs your hand no step" in lines[0]
    assert not any("Suggested discard" in t for t in lines)
    # the card just drawn matching a shown pung (three sets left to make): adding it is free too
    added = dh.kong_hint(dh.HintFacts(("B1", "B2", "B3", "C4", "C5", "C6", "D2", "D3", "WN", "WN", "B9"), 3),
                         {"B9": "Add to pung"})
    assert added is not None and added.kong == ("B9", "Add to pung")


def test_a_kong_that_breaks_a_better_shape_is_not_advised():
    # B5 x4 with B3 B4 B6 B7 around them: the B5s are worth more in runs than in a kong
    facts = dh.HintFacts(("B3", "B4", "B5", "B5", "B5", "B5", "B6", "B7", "C1", "C2", "C3", "WE", "WE", "DG"), 4)
    assert dh.kong_hint(facts, {"B5": "Concealed kong"}) is None
    assert dh.kong_hint(dh.HintFacts(facts.hand, 4), {}) is None
