"""The conformance suite: what every built game must do to honour game/core/protocol.py.

Parametrised over every built game in the catalogue (and each seat count it takes), so a new
game is covered by adding it to `game.rules.catalogue()`. A game must also have the hook
`RULES.resample` (what the other seats hide, re-dealt), which the view-privacy and fairness tests
need, and a piece census below for the conservation check.

Collected by pytest through tests/test_conformance.py.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import random
from collections import Counter
from fractions import Fraction
from functools import lru_cache
from typing import Any, Callable, Iterator, Mapping

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.bots import make_bot, strengths
from game.core.match import Match, Replay
from game.core.protocol import CHANCE, Action, Event, FrozenDict, IllegalAction, SeatConfig, Setup
from game.core.rng import GameRng
from game.rules import catalogue, rules_for

PLAYOUT_STEPS = 1500        # a random playout stops here if the game has not ended
POSITIONS_EVERY = 23        # sample a position for the costlier checks every this many steps


# --------------------------------------------------------------------------- the games

def built_games() -> list[str]:
    return [g.id for g in catalogue() if rules_for(g.id) is not None]


def setups_for(game: str) -> list[tuple[str, int, tuple]]:
    """(game, seats, options as items) for every seat count the game takes (and the option that goes with it)."""
    rules = rules_for(game)
    by_option = getattr(rules, "seats_by_option", None)
    out = []
    for n in range(rules.min_seats, rules.max_seats + 1):
        opts: dict = {}
        if by_option:
            key, table = by_option
            values = [v for v, count in table.items() if count == n]
            if not values:
                continue
            opts[key] = values[0]
        out.append((game, n, tuple(sorted(opts.items()))))
    return out


CASES = [c for g in built_games() for c in setups_for(g)]
CASE_IDS = [f"{g}-{n}seat{'s' if n > 1 else ''}" for g, n, _ in CASES]


def make_setup(case: tuple[str, int, tuple], seed: int) -> Setup:
    game, n, opts = case
    return Setup(game, tuple(SeatConfig("human", name=f"P{i}") for i in range(n)), dict(opts), seed)


def playout(case, seed: int, steps: int = PLAYOUT_STEPS) -> Iterator[tuple[Any, int, Action, Any, list[Event]]]:
    """Random legal play: yields (state before, seat, action, state after, events) for each move."""
    rules = rules_for(case[0])
    rng = random.Random(seed)
    state = rules.new_game(make_setup(case, seed))
    for _ in range(steps):
        if rules.result(state) is not None:
            return
        seat = rng.choice(rules.to_act(state))
        action = rng.choice(rules.legal_actions(state, seat))
        new, events = rules.apply(state, seat, action)
        yield state, seat, action, new, events
        state = new


@lru_cache(maxsize=None)
def positions(case) -> tuple[tuple[Any, tuple[int, ...], tuple[Event, ...]], ...]:
    """A few positions from random playouts (state, seats to act, events that led there); shared by tests."""
    rules = rules_for(case[0])
    out = []
    for seed in (1, 2, 3):
        for i, (_before, _seat, _action, after, events) in enumerate(playout(case, seed)):
            if i % POSITIONS_EVERY == 0 or rules.result(after) is not None:
                out.append((after, tuple(rules.to_act(after)), tuple(events)))
    return tuple(out)


# --------------------------------------------------------------------------- walking objects

ATOMS = (str, bytes, int, float, complex, bool, type(None), Fraction, enum.Enum)


def plain(o: Any) -> Any:
    """A structural snapshot of any state (dataclasses, dicts, lists, objects) for equality."""
    if isinstance(o, ATOMS):
        return o
    if isinstance(o, random.Random):
        return ("rng", o.getstate())
    if dataclasses.is_dataclass(o) and not isinstance(o, type):
        return (type(o).__name__, tuple((f.name, plain(getattr(o, f.name))) for f in dataclasses.fields(o)))
    if isinstance(o, Mapping):
        return ("map", tuple(sorted((repr(k), plain(v)) for k, v in o.items())))
    if isinstance(o, (list, tuple)):
        return (type(o).__name__, tuple(plain(x) for x in o))
    if isinstance(o, (set, frozenset)):
        return (type(o).__name__, tuple(sorted(repr(plain(x)) for x in o)))
    if hasattr(o, "__dict__"):
        return (type(o).__name__, plain(vars(o)))
    return repr(o)


def children(o: Any) -> list[Any]:
    if isinstance(o, ATOMS):
        return []
    if dataclasses.is_dataclass(o) and not isinstance(o, type):
        return [getattr(o, f.name) for f in dataclasses.fields(o)]
    if isinstance(o, Mapping):
        return [x for kv in o.items() for x in kv]
    if isinstance(o, (list, tuple, set, frozenset)):
        return list(o)
    if hasattr(o, "__dict__"):
        return list(vars(o).values())
    return []


def reachable(root: Any) -> dict[int, Any]:
    """Every object reachable from root (by id), through dataclass fields, containers and __dict__."""
    seen: dict[int, Any] = {}
    todo = [root]
    while todo:
        o = todo.pop()
        if id(o) in seen:
            continue
        seen[id(o)] = o
        todo.extend(children(o))
    return seen


def is_immutable(o: Any) -> bool:
    """Only this object itself: an atom, a tuple/frozenset/FrozenDict, or a frozen dataclass.

    Applied to every reachable object, it means the whole structure can't be changed.
    """
    if isinstance(o, ATOMS) or type(o) in (tuple, frozenset, FrozenDict):
        return True
    if dataclasses.is_dataclass(o) and not isinstance(o, type):
        return type(o).__dataclass_params__.frozen
    return False


def mutable_parts(root: Any) -> list[Any]:
    return [o for o in reachable(root).values() if not is_immutable(o)]


# --------------------------------------------------------------------------- what other seats hide

def resampler(game: str) -> Callable[[Any, int | None, Any], Any]:
    """The game's hidden-state hook; the privacy and fairness checks need it."""
    rules = rules_for(game)
    hook = getattr(rules, "resample", None)
    assert callable(hook), (f"{game}: RULES needs the hook resample(state, seat, rng) -> state "
                            "(see docs/CONTRACTS.md, optional hooks)")
    return hook


def piece_census(game: str, state: Any) -> Counter:
    """Every piece in the state, counted, for the conservation check (each built game names one)."""
    if game == "minttin":
        from game.rules.minttin.state import census
        return census(state)
    if game == "rummy":
        c = Counter(t for h in state.hands for t in h)
        c.update(state.pool)
        c.update(t for s in state.table for t in s.tiles)
        return c
    if game == "cuzzins":
        from game.rules.cuzzins.state import census
        return census(state)
    if game == "martian":
        from game.rules.martian.state import census
        return census(state)
    if game == "kards":
        from game.rules.kards.state import census
        return census(state)
    raise AssertionError(f"add a piece census for {game} to tests/conformance.py")


# --------------------------------------------------------------------------- the tests

case = pytest.mark.parametrize("case", CASES, ids=CASE_IDS)


@case
def test_random_playouts_keep_every_seat_able_to_act(case):
    """Random legal play: someone is always asked while the game goes on, every seat asked has a
    legal action, and apply never changes the state it is given and gives the same result twice."""
    rules = rules_for(case[0])
    for seed in range(2):
        moves = 0
        for before, seat, action, after, events in playout(case, 100 + seed, steps=400):
            snapshot = plain(before)
            assert action in rules.legal_actions(before, seat)
            for s in rules.to_act(after):
                assert rules.legal_actions(after, s), f"seat {s} is asked but has no legal action"
            if rules.result(after) is None:
                assert rules.to_act(after), "the game goes on but nobody is asked to act"
            assert all(isinstance(e, Event) for e in events)
            again, _ = rules.apply(before, seat, action)          # the same move again: the same outcome
            assert plain(before) == snapshot, "apply changed the state it was given"
            assert plain(again) == plain(after), "apply is not deterministic"
            moves += 1
        assert moves > 0


@case
def test_a_game_played_by_bots_reaches_its_result(case):
    """Random play may wander for ever (Mint Tin wall rounds score nothing), so easy bots play this one."""
    rules = rules_for(case[0])
    setup = make_setup(case, 7)
    bots = [make_bot(case[0], "easy") for _ in range(case[1])]
    state = rules.new_game(setup)
    dice = random.Random(7)          # chance (dice) is drawn, not asked of a bot: a fresh rng each time would repeat
    for _ in range(20000):
        if rules.result(state) is not None:
            break
        seat = rules.to_act(state)[0]
        if seat == CHANCE:
            state, _events = rules.apply(state, seat, dice.choice(rules.legal_actions(state, seat)))
            continue
        action = bots[seat].choose(rules.view(state, seat), rules.legal_actions(state, seat), GameRng(seat))
        state, _events = rules.apply(state, seat, action)
    res = rules.result(state)
    assert res is not None and res.final and res.totals
    assert not any(rules.legal_actions(state, s) for s in range(case[1]))


@case
def test_every_legal_action_encodes_and_decodes_to_an_equal_action(case):
    rules = rules_for(case[0])
    for state, to_act, _events in positions(case):
        for seat in to_act:
            for action in rules.legal_actions(state, seat):
                text = rules.encode_action(action)
                assert isinstance(text, str)
                back = rules.decode_action(text)
                assert back == action and type(back) is type(action)
                assert rules.encode_action(back) == text


@case
def test_views_are_frozen_and_hide_what_other_seats_hide(case):
    game = case[0]
    rules = rules_for(game)
    resample = resampler(game)
    rng = random.Random(5)
    for state, _to_act, _events in positions(case):
        for seat in list(range(case[1])) + [None]:
            view = rules.view(state, seat)
            assert not mutable_parts(view), f"a view holds mutable parts: {mutable_parts(view)[:3]}"
            hash(view)                                   # frozen all the way down
            scrambled = resample(state, seat, rng)
            assert rules.view(scrambled, seat) == view, "the view depends on pieces that seat can't see"


@case
def test_events_and_views_share_nothing_mutable_with_the_state(case):
    """For random positions: every object reachable from an event or a view is immutable (atoms,
    tuples, frozensets, FrozenDict, frozen dataclasses) and so no mutable object of the state can
    be reached from one; and, checked directly by id(), no object reachable from the state that is
    mutable is reachable from an event or a view. Editing an event or a view can't change a game."""
    rules = rules_for(case[0])
    for state, _to_act, events in positions(case):
        in_state = reachable(state)
        handed_out = [rules.view(state, s) for s in list(range(case[1])) + [None]] + list(events)
        for thing in handed_out:
            assert not mutable_parts(thing), f"{type(thing).__name__} holds mutable parts: {mutable_parts(thing)[:3]}"
            shared = [o for i, o in reachable(thing).items() if i in in_state and not is_immutable(o)]
            assert not shared, f"{type(thing).__name__} shares {shared[:3]} with the state"


@case
def test_save_and_replay_give_the_same_position(case):
    rules = rules_for(case[0])
    for seed in (11, 12):
        match = Match(make_setup(case, seed), rules)
        rng = random.Random(seed)
        for _ in range(rng.randint(0, 300)):
            if match.finished:
                break
            seat = rng.choice(match.to_act())
            match.act(seat, rng.choice(match.legal(seat)))
        saved = json.loads(json.dumps(match.to_json()))
        loaded = Match.from_json(saved, rules)
        assert plain(loaded.state) == plain(match.state)
        for s in list(range(case[1])) + [None]:
            assert loaded.view(s) == match.view(s)
        replay = Replay(saved, rules)
        assert plain(replay.state_at(len(replay))) == plain(match.state)


# --------------------------------------------------------------------------- hidden state

RESAMPLES = 3                                   # resampled states compared with each position
FAIR_POSITIONS = {"easy": 12, "normal": 10}     # positions per strength (others, e.g. hard: 6)


@case
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_resample_keeps_the_view_and_every_piece_and_leaves_the_input_alone(case, data):
    """RULES.resample: the seat's view is the same, every piece is still there, the game goes on
    as before for that seat, the input is unchanged, and the same rng seed gives the same state."""
    game = case[0]
    rules, resample = rules_for(game), resampler(game)
    state, to_act, _events = data.draw(st.sampled_from(positions(case)))
    seat = data.draw(st.sampled_from(list(range(case[1])) + [None]))
    seed = data.draw(st.integers(0, 2**32))
    snapshot = plain(state)
    new = resample(state, seat, random.Random(seed))
    assert plain(state) == snapshot, "resample changed the state it was given"
    assert new is not state
    assert rules.view(new, seat) == rules.view(state, seat)
    assert piece_census(game, new) == piece_census(game, state)
    assert tuple(rules.to_act(new)) == to_act and rules.result(new) == rules.result(state)
    if seat is not None:
        assert rules.legal_actions(new, seat) == rules.legal_actions(state, seat)
    assert plain(resample(state, seat, random.Random(seed))) == plain(new), "not deterministic for a seed"
    assert plain(resample(state, seat, GameRng(seed))) == plain(resample(state, seat, GameRng(seed)))


FAIR_CASES = [(c, s, f"{i}-{s}") for c, i in zip(CASES, CASE_IDS) for s in strengths(c[0])]


@pytest.mark.parametrize("case,strength", [c[:2] for c in FAIR_CASES], ids=[c[2] for c in FAIR_CASES])
def test_bots_choose_the_same_whatever_the_hidden_pieces(case, strength):
    """Fairness for every bot: the same choice (same rng seed) from the original position and from
    states resampled for that seat. A bot sees only the view and the legal actions, so this holds
    when neither carries anything the seat can't see and the bot reads nothing else."""
    game = case[0]
    rules, resample = rules_for(game), resampler(game)
    rng = random.Random(9)
    bot = make_bot(game, strength)
    todo = [p for p in positions(case) if p[1] and rules.result(p[0]) is None]
    todo = todo[::max(1, len(todo) // FAIR_POSITIONS.get(strength, 6))][:FAIR_POSITIONS.get(strength, 6)]
    changed = 0
    for i, (state, to_act, _events) in enumerate(todo):
        seat = to_act[0]
        view, legal = rules.view(state, seat), rules.legal_actions(state, seat)
        chosen = bot.choose(view, legal, GameRng(f"fair{i}"))
        for _ in range(RESAMPLES):
            other = resample(state, seat, rng)
            changed += plain(other) != plain(state)
            again = bot.choose(rules.view(other, seat), rules.legal_actions(other, seat), GameRng(f"fair{i}"))
            assert again == chosen, f"{strength} bot chose differently when only hidden pieces moved (position {i})"
    assert todo and changed, "no position had hidden pieces to move"


# --------------------------------------------------------------------------- malformed actions

def junk_values() -> st.SearchStrategy:
    """Anything a buggy UI, a bad save or a hand-edited log could put in an action field."""
    atoms = st.one_of(st.none(), st.booleans(), st.integers(-5, 60), st.integers(), st.floats(allow_nan=True),
                      st.text(max_size=6), st.sampled_from(["S1", "J", "FD", "B3#1", "DR#1", "B5", ""]),
                      st.just(object()), st.just(b"S1"))
    return st.recursive(atoms, lambda inner: st.one_of(st.lists(inner, max_size=4), st.tuples(inner, inner),
                                                      st.dictionaries(st.text(max_size=3), inner, max_size=2),
                                                      st.frozensets(st.integers(0, 3), max_size=2)),
                        max_leaves=8)


@st.composite
def malformed_actions(draw, classes: tuple[type[Action], ...]) -> Any:
    """A real action class with random field values, or something that is not an action at all."""
    if draw(st.integers(0, 9)) == 0:
        return draw(st.one_of(st.none(), st.text(max_size=5), st.integers(), st.just(object())))
    cls = draw(st.sampled_from(classes))
    kw = {f.name: draw(junk_values()) for f in dataclasses.fields(cls) if draw(st.booleans())}
    return cls(**kw)


def json_texts() -> st.SearchStrategy:
    leaves = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=6))
    values = st.recursive(leaves, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                          st.dictionaries(st.text(max_size=6), inner, max_size=3)),
                          max_leaves=10)
    return st.one_of(values.map(json.dumps), st.text(max_size=30))


FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _apply_or_refuse(rules, state, seat, action) -> None:
    """apply either accepts the action (then it was legal) or raises IllegalAction; the state is unchanged."""
    snapshot = plain(state)
    try:
        rules.apply(state, seat, action)
    except IllegalAction as e:
        assert isinstance(e.reason, str) and e.reason
    else:
        assert any(action == a for a in rules.legal_actions(state, seat)) or _well_formed(rules, action)
    assert plain(state) == snapshot, "apply changed the state it was given"


def _well_formed(rules, action) -> bool:
    """An accepted action that is not in the (possibly incomplete) legal list must still round-trip."""
    return rules.decode_action(rules.encode_action(action)) == action


@case
@FUZZ
@given(data=st.data())
def test_malformed_actions_are_refused_with_illegal_action(case, data):
    rules = rules_for(case[0])
    assert getattr(rules, "action_classes", None), f"{case[0]}: RULES.action_classes must list its actions"
    state, to_act, _events = data.draw(st.sampled_from(positions(case)))
    seat = data.draw(st.sampled_from(to_act or (0,)))
    action = data.draw(malformed_actions(tuple(rules.action_classes)))
    _apply_or_refuse(rules, state, seat, action)


@case
@FUZZ
@given(data=st.data())
def test_random_text_decodes_to_an_action_or_a_value_error(case, data):
    """decode_action's documented refusal is ValueError; whatever it accepts is a well-formed action
    that apply takes or refuses with IllegalAction."""
    rules = rules_for(case[0])
    state, to_act, _events = data.draw(st.sampled_from(positions(case)))
    seat = data.draw(st.sampled_from(to_act or (0,)))
    kinds = [c.kind for c in rules.action_classes]
    # half the time: a real kind with random fields, so the field checks are reached
    text = data.draw(st.one_of(
        json_texts(),
        st.builds(lambda k, body: json.dumps({**body, "a": k}), st.sampled_from(kinds),
                  st.dictionaries(st.sampled_from(["cards", "card", "count", "owner", "block", "table", "played",
                                                   "values", "swaps", "x"]),
                                  st.one_of(st.integers(-2, 60), st.floats(), st.none(), st.text(max_size=4),
                                            st.lists(st.sampled_from(["S1", "J", "B3#1", "DR#1", "B5", 1, None]),
                                                     max_size=4)),
                                  max_size=3))))
    try:
        action = rules.decode_action(text)
    except ValueError:
        return
    assert rules.decode_action(rules.encode_action(action)) == action
    _apply_or_refuse(rules, state, seat, action)
