"""The bots' `winning` looks only at the shape groups whose concealed cards are exactly the hand's
(any other group has an empty block or a stray card): it must list the same wins, in the same
order, as trying every group (`_every_group`, the plain search it replaced)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.bots.minttin import analysis as A
from game.bots.minttin.analysis import Exposure, Win, winning


def _every_group(hand, jokers, exposures, jokers_discarded, concealed, mode):
    """`winning` as it was: every group whose cards include the hand's is tried."""
    if concealed is None:
        concealed = not exposures
    if sum(hand) + jokers + sum(e.size for e in exposures) != 14:
        return []
    emask = A.exposed_mask(exposures)
    wins = []
    extra = [("Discarded jokers", jokers_discarded)] if jokers_discarded else []
    if concealed:
        extra.append(("Concealed", 1))
    if not exposures and jokers == 2 and all(c == 1 for c in hand):
        items = [("Epic hand", 7)] + extra
        wins.append(Win(None, sum(v for _, v in items), tuple(items)))
    sup = sum(1 << k for k in range(12) if hand[k])
    for mask, group in A._by_mask(exposures, mode):
        if mask & sup != sup:
            continue
        for t in group:
            ok, g = True, 0
            for k, b in t.blocks:
                if emask >> k & 1:
                    continue
                c = hand[k]
                if (b == 2 and c != 2) or (b > 2 and (c == 0 or c > b)):
                    ok = False
                    break
                g += b - c if b > 2 else 0
            if not ok or g != jokers:
                continue
            items = []
            if t.special == "one_suit":
                items.append(("One Suit", 2))
            elif t.special == "three_suits":
                items.append(("Three Suits", 3))
            if t.kongs:
                items.append(("Kongs", 1))
            if t.quints:
                items.append(("Quints", t.quints))
            items += extra
            wins.append(Win(t, sum(v for _, v in items), tuple(items)))
    wins.sort(key=lambda w: -w.points)
    return wins


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
