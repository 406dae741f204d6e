from dataclasses import dataclass
from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from game.core.protocol import Action, ActionCodec, Option, SeatConfig, Setup, resolve_options
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
