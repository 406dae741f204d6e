"""The engine's quick checks against the long way: `surely_invalid` may only say True where
`analyse` finds the hand not valid, and the declarations and calls offered with it are the ones
the full analysis gives."""

from __future__ import annotations

import copy
import dataclasses
import random

import pytest

from hypothesis import find, given, settings
from hypothesis import strategies as st

# the bots' table of winning shapes, to make valid hands often (random cards rarely are)
from game.bots.minttin.analysis import KINDS as BOT_KINDS, TEMPLATES
from game.core.protocol import SeatConfig, Setup
from game.rules.minttin import RULES, turns
from game.rules.minttin import cards as C
from game.rules.minttin.actions import Discard
from game.rules.minttin.analysis import analyse, surely_invalid
from game.rules.minttin.views import MintView
from mtm_support import H


@st.composite
def hands(draw):
    """Cards for one player, about half of them a winning shape (from the bots' table of shapes:
    blocks filled in, some cards as jokers, some blocks exposed), one card sometimes changed."""
    cards = []                        # blocks, as card lists
    jokers = C.JOKERS_TOTAL
    if draw(st.booleans()):
        t = draw(st.sampled_from(TEMPLATES))
        for k, size in t.blocks:
            low = max(0, size - C.COPIES)            # a quint needs a joker: four copies of a card
            j = draw(st.integers(low, min(jokers, size - 1))) if size > 2 and jokers >= low else 0
            jokers -= j
            cards.append([BOT_KINDS[k]] * (size - j) + [C.J] * j)
    else:
        for k in draw(st.lists(st.sampled_from(C.SUIT_CARDS), max_size=7, unique=True)):
            cards.append([k] * draw(st.integers(1, 4)))
        cards.append([C.J] * draw(st.integers(0, 2)))
    exposures, hand = [], []
    for block in cards:
        if len(block) >= 2 and block[0] != C.J and draw(st.integers(0, 3)) == 0:
            exposures.append(block)
        else:
            hand += block
    if hand and draw(st.booleans()):
        hand[draw(st.integers(0, len(hand) - 1))] = draw(st.sampled_from(C.KINDS))
    draw(st.randoms()).shuffle(hand)
    return hand, exposures


@settings(max_examples=500, deadline=None)
@given(hands())
def test_surely_invalid_only_for_hands_the_analysis_turns_down(cards):
    hand, exposures = cards
    if surely_invalid(hand, exposures):
        assert not analyse(hand, exposures).valid


def test_the_generated_hands_include_valid_ones_and_both_answers():
    """The cases above are not all invalid, nor all left to the analysis (else it could not fail)."""
    find(hands(), lambda c: analyse(*c).valid, settings=settings(database=None))
    find(hands(), lambda c: not analyse(*c).valid and not surely_invalid(*c), settings=settings(database=None))
    find(hands(), lambda c: surely_invalid(*c), settings=settings(database=None))


def test_the_epic_hand_and_jokers_for_lone_cards_are_not_turned_down():
    epic = list(C.SUIT_CARDS) + [C.J, C.J]
    assert analyse(epic).valid and not surely_invalid(epic)
    # one lone card with two jokers may make a block: for the analysis to say
    hand = H("S1 J J S2 S2 S2 S3 S3 S3 SD SD SD SD")
    assert not surely_invalid(hand + ["S2"])
    assert surely_invalid(H("S1 J S2 S2 S2 S2 S3 S3 S3 S3 SD SD SD SD"))   # one joker for the lone card
    assert surely_invalid(H("S2 S2 S2"), [H("S2 S2 S2")])  # a card of an exposed block in the hand


def test_offered_declarations_and_calls_match_the_full_analysis_in_random_games():
    """Every legal list in random games equals the one built with the full analysis only."""
    seen_declare = seen_call = 0
    r = random.Random(11)
    for seed, options in [(1, {}), (2, {"jokers": "dealt"}), (3, {"consecutive": "loose"}), (4, {"strict": True})]:
        state = RULES.new_game(Setup("minttin", (SeatConfig("bot", "normal"), SeatConfig("bot", "normal")),
                                     {"mode": "2p", **options}, seed))
        for _ in range(600):
            if state.over:
                break
            seat = RULES.to_act(state)[0]
            legal = RULES.legal_actions(state, seat)
            with _long_way():
                long = RULES.legal_actions(state, seat)
            assert legal == long, (state.phase, legal, long)
            seen_declare += any(a.kind in ("mahjong", "double") for a in legal)
            # a pair call is offered only if it goes out: call_goes_out was asked
            seen_call += state.phase == "start" and state.callable and state.discards[-1] in state.hands[seat]
            prefer = [a for a in legal if a.kind in ("call", "mahjong", "double")]
            state, _ = RULES.apply(state, seat, r.choice(prefer) if prefer and r.random() < 0.7 else r.choice(legal))
            if state.over:
                break
    # the walk offered declarations and asked about pair calls, so both paths were compared
    assert seen_declare and seen_call


class _long_way:
    """While open, the quick check never says no (every hand goes to the full analysis)."""

    def __enter__(self):
        self.saved = turns.surely_invalid
        turns.surely_invalid = lambda hand, exposures=(): False

    def __exit__(self, *exc):
        turns.surely_invalid = self.saved



def test_clone_copies_every_field_and_shares_no_list():
    """clone's shallow copy (without copy.copy) holds every field and attribute, equal, and the
    lists a move changes are the clone's own."""
    state = RULES.new_game(Setup("minttin", (SeatConfig("bot", "normal"), SeatConfig("bot", "normal")),
                                 {"mode": "2p", "pass_cards": True}, 3))
    r = random.Random(2)
    for _ in range(60):
        new = state.clone()
        assert new.__dict__.keys() == copy.copy(state).__dict__.keys()
        assert new.to_json() == state.to_json()
        new.hands[0].append("S1")
        new.exposures[1].append(["S2", "S2"])
        assert new.to_json() != state.to_json()
        seat = RULES.to_act(state)[0]
        state, _ = RULES.apply(state, seat, r.choice(RULES.legal_actions(state, seat)))


def test_views_carry_the_options_sorted_for_every_game():
    """A view's options (kept per options dict) are the state's options, sorted, in every game."""
    for seed, options in [(1, {}), (2, {"target": 14, "strict": True}), (3, {"mode": "solo"}), (4, {})]:
        seats = 1 if options.get("mode") == "solo" else 2
        state = RULES.new_game(Setup("minttin", tuple(SeatConfig("bot", "normal") for _ in range(seats)),
                                     {"mode": "2p", **options}, seed))
        for seat in range(seats):
            assert RULES.view(state, seat).options == tuple(sorted(state.opts.items()))


def test_discard_options_are_the_hands_cards_in_order():
    """discard_options hands out one kept Discard per card: equal to new ones, in hand order."""
    r = random.Random(4)
    for _ in range(200):
        hand = [r.choice(C.KINDS) for _ in range(r.randint(1, 14))]
        state = RULES.new_game(Setup("minttin", (SeatConfig("bot", "normal"), SeatConfig("bot", "normal")),
                                     {"mode": "2p"}, 1))
        state.hands[0] = hand
        assert turns.discard_options(state, 0) == [Discard(c) for c in C.sort_cards(set(hand))]


def test_views_made_without_the_dataclass_init_equal_the_dataclass_made_ones():
    """make_view fills a MintView's fields directly: every field is there, the view equals (and
    hashes like) MintView(...) with the same values, and it is still frozen."""
    r = random.Random(6)
    for seed, options in [(1, {"mode": "2p", "pass_cards": True}), (2, {"mode": "solo"})]:
        seats = 1 if options["mode"] == "solo" else 2
        state = RULES.new_game(Setup("minttin", tuple(SeatConfig("bot", "normal") for _ in range(seats)),
                                     options, seed))
        for _ in range(80):
            if state.over:
                break
            for seat in [*range(seats), None]:
                view = RULES.view(state, seat)
                assert set(view.__dict__) == {f.name for f in dataclasses.fields(MintView)}
                long = MintView(**{f.name: getattr(view, f.name) for f in dataclasses.fields(MintView)})
                assert view == long and hash(view) == hash(long)
                with pytest.raises(dataclasses.FrozenInstanceError):
                    view.phase = "x"
            seat = RULES.to_act(state)[0]
            state, _ = RULES.apply(state, seat, r.choice(RULES.legal_actions(state, seat)))
