import copy
import json
from dataclasses import dataclass
from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from game.core.protocol import (Action, ActionCodec, Event, IllegalAction, Option, SeatConfig, Setup, action_problem,
                                check_action, checked, resolve_options)
from game.core.rng import GameRng


@dataclass(frozen=True)
class Play(Action):
    kind = "play"
    tiles: tuple[str, ...]
    target: int | None = None


CODEC = ActionCodec([Play])


@given(st.lists(st.sampled_from(["B1", "C9", "DR", "WE"]), max_size=6), st.none() | st.integers(-5, 99))
def test_action_text_round_trips(tiles, target):
    a = Play(tuple(tiles), target)
    assert CODEC.decode(a.encode()) == a


def test_unknown_action_text_is_a_clear_error():
    with pytest.raises(ValueError, match="not an action"):
        CODEC.decode('{"a":"fly"}')
    with pytest.raises(ValueError, match="not an action"):
        CODEC.decode("garbage")


SCHEMA = (Option("target", "Game to", "choice", 7, ((7, "7"), (14, "14"))),
          Option("strict", "Strict table", "bool", False),
          Option("rounds", "Rounds", "int", 4, lo=1, hi=16))


def test_options_default_and_validate():
    assert resolve_options(SCHEMA, {}) == {"target": 7, "strict": False, "rounds": 4}
    assert resolve_options(SCHEMA, {"target": 14})["target"] == 14
    for bad, words in [({"target": 8}, "one of"), ({"strict": "yes"}, "true or false"),
                       ({"rounds": 0}, "between"), ({"colour": 1}, "unknown")]:
        with pytest.raises(ValueError, match=words):
            resolve_options(SCHEMA, bad)


def test_setup_round_trips_through_json():
    s = Setup("minttin", (SeatConfig("human", name="Ann"), SeatConfig("bot", "hard", "Bob")), {"target": 14}, 42)
    assert Setup.from_json(s.to_json()) == s


def test_rng_is_deterministic_and_serialisable():
    a, b = GameRng(9), GameRng(9)
    assert [a.roll(6) for _ in range(20)] == [b.roll(6) for _ in range(20)]
    saved = a.to_json()
    c = GameRng.from_json(saved)
    assert [a.roll(8) for _ in range(10)] == [c.roll(8) for _ in range(10)]
    assert GameRng(1).fork("bot").roll(100) == GameRng(1).fork("bot").roll(100)


def test_fraction_values_encode_as_text():
    @dataclass(frozen=True)
    class Bid(Action):
        kind = "bid"
        amount: Fraction
    assert Bid(Fraction(5, 4)).encode() == '{"a":"bid","amount":"5/4"}'


@dataclass(frozen=True)
class Bid(Action):
    kind = "bid"
    count: int = checked(0, lo=0, hi=3)
    card: str = checked("S1", among=("S1", "S2"))
    pair: tuple[str, str] = ("S1", "S1")
    note: str | None = None


BIDS = ActionCodec([Bid])


@pytest.mark.parametrize("bad, words", [
    (Bid(count=1.0), "count: 1.0 should be a whole number"),
    (Bid(count=True), "should be a whole number"),
    (Bid(count=4), "between 0 and 3"),
    (Bid(card="S9"), "not one of this game's pieces"),
    (Bid(card=None), "should be text"),
    (Bid(pair=["S1", "S1"]), "should be a list"),          # a Python list is not the declared tuple
    (Bid(pair=("S1",)), "2 entries"),
    (Bid(note=3), "note: 3 should be text"),
    (Play(("B1",)), "not an action of this game"),
    (None, "not an action of this game"),
])
def test_fields_are_checked_by_type_and_range_in_one_place(bad, words):
    with pytest.raises(IllegalAction, match="not well formed") as e:
        check_action(bad, [Bid])
    assert words in e.value.reason
    assert action_problem(Bid(2, "S2", ("S2", "S1"), "hi"), [Bid]) is None


@pytest.mark.parametrize("text", [
    '{"a":"bid","count":2.0}', '{"a":"bid","count":9}', '{"a":"bid","card":["S1"]}', '{"a":"bid","extra":1}',
    '{"count":1}', '[1,2]', '"bid"', '{"a":null}', '{"a":["bid"]}', 'NaN', '', '{"a":"bid","pair":["S1"]}',
    '[' * 100000,
])
def test_decode_refuses_anything_but_a_well_formed_action_with_value_error(text):
    with pytest.raises(ValueError, match="not an action of this game"):
        BIDS.decode(text)


def test_decode_accepts_missing_fields_as_their_defaults():
    assert BIDS.decode('{"a":"bid","count":3}') == Bid(count=3)


def test_events_hold_frozen_copies_of_their_data():
    hand = ["S1", "S2"]
    data = {"cards": hand, "lines": [{"v": 1}], "seen": {1, 2}}
    e = Event("deal", data, {0}, {"count": [2]})
    hand.append("S3")
    data["lines"][0]["v"] = 9
    assert e.data["cards"] == ("S1", "S2") and e.data["lines"][0]["v"] == 1
    assert e.data["seen"] == frozenset({1, 2}) and e.visible_to == frozenset({0})
    with pytest.raises(TypeError):
        e.data["cards"] = ()
    with pytest.raises(TypeError):
        e.data["lines"][0]["v"] = 2
    with pytest.raises(TypeError):
        e.public.update(count=3)
    assert isinstance(e.data, dict) and json.loads(json.dumps(e.to_json()))["data"]["lines"] == [{"v": 1}]
    assert copy.deepcopy(e) == e and hash(e.data)
