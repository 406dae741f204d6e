"""The bots' `winning` looks only at the shape groups whose concealed cards are exactly the hand's
(any other group has an empty block or a stray card): it must list the same wins, in the same
order, as trying every group (`_every_group`, the plain search it replaced)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.bots.minttin import analysis as A
from game.bots.minttin.analysis import Exposure, winning


def _every_group(hand, jokers, exposures, jokers_discarded, concealed, mode):
    """`winning` as it was: every group whose cards include the hand's is tried."""
    return winning(hand, jokers, exposures, jokers_discarded, concealed, mode, every_group=True)


@st.composite
def hands(draw):
    """14 cards: often a winning shape (a template filled in, some slots as jokers), else random."""
    mode = draw(st.sampled_from(["strict", "loose"]))
    exposures = draw(st.sampled_from([(), (Exposure(draw(st.integers(0, 11)), draw(st.sampled_from([3, 4]))),)]))
    hand = [0] * 12
    jokers = 0
    if draw(st.booleans()):
        ts = A.compatible_templates(exposures, mode)
        if ts:
            t = ts[draw(st.integers(0, len(ts) - 1))]
            em = A.exposed_mask(exposures)
            for k, b in t.blocks:
                if not em >> k & 1:
                    hand[k] = b
                    if b > 2:
                        swap = draw(st.integers(0, min(2, b - 1)))
                        hand[k] -= swap
                        jokers += swap
    else:
        jokers = draw(st.integers(0, 2))
        for k in draw(st.lists(st.integers(0, 11), min_size=14, max_size=14)):
            if sum(hand) + jokers + sum(e.size for e in exposures) < 14 and hand[k] < 5:
                hand[k] += 1
    return hand, jokers, exposures, draw(st.integers(0, 2)), draw(st.sampled_from([None, False])), mode


@settings(max_examples=300, deadline=None)
@given(hands())
def test_winning_lists_what_trying_every_group_lists(case):
    hand, jokers, exposures, jd, concealed, mode = case
    assert winning(hand, jokers, exposures, jd, concealed, mode) == _every_group(hand, jokers, exposures, jd,
                                                                                 concealed, mode)


def test_the_cases_include_wins():
    hand = [0] * 12
    for k, b in A.TEMPLATES[0].blocks:
        hand[k] = b
    assert winning(hand, 0) == _every_group(hand, 0, (), 0, None, "strict") != []
