"""What the engine shares between states and calls to save time must never leak from one to another:
a clone's rng is the original's only until either uses it, equal analyses share one frozen
verdict (whatever form the cards come in), equal actions share one encoding."""

from game.rules.minttin import RULES
from game.rules.minttin.actions import Call, Discard
from game.rules.minttin.analysis import analyse
from game.rules.minttin.deal import start_round

from .mtm_support import H, setup


def test_a_clone_that_deals_a_new_round_leaves_the_original_rng_alone():
    st = RULES.new_game(setup(seed=7))
    before = st.to_json()["rng"]
    twin = st.clone()
    start_round(twin, [])                       # shuffles with the clone's rng
    assert st.to_json()["rng"] == before
    assert twin.to_json()["rng"] != before
    # and the original still deals what it would have dealt without the clone
    fresh = RULES.new_game(setup(seed=7))
    start_round(st, [])
    start_round(fresh, [])
    assert st.hands == fresh.hands and st.deck == fresh.deck


def test_the_original_using_its_rng_leaves_an_earlier_clone_alone():
    st = RULES.new_game(setup(seed=8))
    twin = st.clone()
    before = twin.to_json()["rng"]
    start_round(st, [])
    assert twin.to_json()["rng"] == before


def test_repeated_analyses_agree_whatever_form_the_cards_come_in():
    hand = H("S1 S1 S2 S2 S2 S3 S3 S3 SD SD SD SD J")
    first = analyse(hand + ["S1"])
    assert analyse(tuple(hand + ["S1"])) == first
    assert analyse(c for c in hand + ["S1"]) == first          # a one-shot iterable works too
    assert analyse(hand + ["S1"], discarded_jokers=1).points == first.points + 1


def test_a_bad_card_is_still_reported_after_good_analyses():
    hand = H("S1 S1 S2 S2 S2 S3 S3 S3 SD SD SD SD J S1")
    analyse(hand)
    try:
        analyse(hand[:-1] + ["X9"])
    except ValueError as e:
        assert "X9" in str(e)
    else:
        raise AssertionError("a card that is not a Mint Tin card must raise ValueError")


def test_equal_actions_encode_alike_and_decode_back():
    a, b = Call(("S1", "S1")), Call(("S1", "S1"))
    assert RULES.encode_action(a) == RULES.encode_action(b)
    assert RULES.decode_action(RULES.encode_action(a)) == a
    assert RULES.encode_action(Discard("S1")) != RULES.encode_action(Discard("S2"))
    listed = Call(["S1", "J"])                                    # hand-built, not hashable
    assert RULES.decode_action(RULES.encode_action(listed)) == Call(("S1", "J"))
