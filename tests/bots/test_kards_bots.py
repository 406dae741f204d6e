"""Kards bots: Hard picks legal actions, is deterministic, prefers the clearly better discard (keeps a
near special, names the live wait of a standing hand, never feeds a shown standing hand), and sees
nothing hidden (fairness); Normal's faster useful-draw count equals the kit's full scan."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.bots import make_bot, strengths
from game.bots.kards.bots import best_discard_kind, useful_total
from game.core.driver import Driver
from game.core.kit import hands as H
from game.core.kit.tiles import KIND_INDEX, kind_of
from game.core.match import Match
from game.core.protocol import SeatConfig, Setup
from game.core.rng import GameRng
from game.rules.kards import RULES
from game.rules.kards.actions import Discard, Standing
from tests.rules.kards.kards_helpers import dealt

REST = "B1 B2 B3 C4 C5 C6 D7 D8 D9"          # three plain chows for the hands below
OTHERS = [None, None, None]


def _dealer(hand: str, **more):
    state = dealt([hand.split()] + OTHERS, **more)
    assert state.phase == "turn" and state.turn == 0, state.phase
    return state


def _choose(strength: str, state, seat: int = 0, view=None, seed: str = "t"):
    view = view if view is not None else RULES.view(state, seat)
    legal = RULES.legal_actions(state, seat)
    return make_bot("kards", strength).choose(view, legal, GameRng(seed)), legal


def test_hard_is_registered_next_to_easy_and_normal():
    assert strengths("kards") == ("easy", "normal", "hard")


def test_hard_keeps_the_cards_of_a_special_one_card_away():
    """B1-B9 and three winds with two dragons: the Little Snake (1000) only lacks North; Hard lets a
    dragon go, Normal (speed only) lets a wind go."""
    state = _dealer("B1 B2 B3 B4 B5 B6 B7 B8 B9 WE WS WW DR DG")
    hard, legal = _choose("hard", state)
    normal, _ = _choose("normal", state)
    assert hard in legal and isinstance(hard, (Discard, Standing))
    assert kind_of(hard.piece) in (KIND_INDEX["DR"], KIND_INDEX["DG"])
    assert kind_of(normal.piece) not in (KIND_INDEX["DR"], KIND_INDEX["DG"])


def test_hard_calls_a_standing_hand_on_its_live_wait():
    """One discard from waiting on B5 or WE: Hard names one of them for the +100 of a standing hand."""
    state = _dealer(REST + " B5 B5 WE WE DR")
    hard, legal = _choose("hard", state)
    assert isinstance(hard, Standing) and hard in legal
    assert hard.piece.startswith("DR") and hard.wait in ("B5", "WE")


def test_hard_names_the_wait_with_more_copies_unseen():
    """B5 and WE both wait; with two WE already discarded (the wall list puts them in rivers only
    through play, so the view is given them) Hard names B5."""
    state = _dealer(REST + " B5 B5 WE WE DR")
    view = RULES.view(state, 0)
    we = [p for p in ("WE#3", "WE#4") if p not in view.hand]
    view = dataclasses.replace(view, river=((), tuple(we), (), ()))
    hard, _ = _choose("hard", state, view=view)
    assert isinstance(hard, Standing) and hard.wait == "B5"


def test_hard_never_feeds_a_shown_standing_hand_when_an_equal_discard_is_safe():
    """Two lone winds to choose from (West and North): Normal lets West go (the lower kind); with
    another seat standing on West, Hard lets North go instead."""
    state = _dealer(REST + " B5 B5 C8 WW WN")
    view = RULES.view(state, 0)
    view = dataclasses.replace(view, standing=(None, ("WW", ()), None, None))
    hard, legal = _choose("hard", state, view=view)
    normal, _ = _choose("normal", state, view=view)
    assert kind_of(normal.piece) == KIND_INDEX["WW"]
    assert hard in legal and kind_of(hard.piece) == KIND_INDEX["WN"]


def test_hard_plays_legal_moves_and_is_deterministic_over_a_game():
    """A whole game with Hard in two seats: every answer legal (the driver refuses any other), and
    the same seeds give the same game."""
    def play() -> list[str]:
        seats = ("hard", "normal", "hard", "easy")
        setup = Setup("kards", tuple(SeatConfig("bot", s) for s in seats), {}, 7)
        bots = [make_bot("kards", s) for s in seats]
        seen: dict[int, int] = {}

        def ask(seat, view, legal):
            a = bots[seat].choose(view, legal, GameRng(f"r{seat}{len(seen)}"))
            assert a in legal
            seen[len(seen)] = seat
            return a
        match = Match(setup, RULES)
        Driver(match, {s: ask for s in range(4)}).run(20000)
        assert match.finished
        return [f"{e.seat} {e.action}" for e in match.log]
    assert play() == play()


def test_hard_choice_does_not_depend_on_its_rng():
    state = _dealer(REST + " B5 B5 C8 WW WN")
    a, _ = _choose("hard", state, seed="one")
    b, _ = _choose("hard", state, seed="two")
    assert a == b


def test_hard_chooses_the_same_whatever_the_hidden_cards():
    """Fairness: positions from a Hard game, each compared with states re-dealt for that seat."""
    rng = random.Random(3)
    state = RULES.new_game(Setup("kards", tuple(SeatConfig("bot", "hard") for _ in range(4)), {}, 11))
    bot = make_bot("kards", "hard")
    checked = 0
    for step in range(400):
        if RULES.result(state) is not None:
            break
        seat = RULES.to_act(state)[0]
        legal = RULES.legal_actions(state, seat)
        if seat >= 0 and step % 9 == 0 and state.phase in ("turn", "claim"):
            chosen = bot.choose(RULES.view(state, seat), legal, GameRng("f"))
            for _ in range(2):
                other = RULES.resample(state, seat, rng)
                assert bot.choose(RULES.view(other, seat), RULES.legal_actions(other, seat), GameRng("f")) == chosen
            checked += 1
        action = bot.choose(RULES.view(state, seat), legal, GameRng("p")) if seat >= 0 else rng.choice(legal)
        state, _ = RULES.apply(state, seat, action)
    assert checked >= 10


@st.composite
def hands14(draw):
    """14-card concealed hands biased towards few kinds (many pairs, pungs, runs)."""
    kinds = draw(st.lists(st.integers(0, 33), min_size=3, max_size=14, unique=True))
    c = [0] * 34
    picks = draw(st.lists(st.sampled_from(kinds), min_size=40, max_size=40))
    for k in picks:
        if sum(c) == 14:
            break
        if c[k] < 4:
            c[k] += 1
    for k in range(34):
        while sum(c) < 14 and c[k] < 4:
            c[k] += 1
    return tuple(c)


@settings(max_examples=60, deadline=None)
@given(hands14(), st.lists(st.integers(0, 2), min_size=34, max_size=34))
def test_normal_useful_draws_match_the_kits_full_scan(c, seen):
    """Counting useful draws only near held cards changes nothing: same totals, same best discard."""
    visible = [min(s, 4 - c[k]) for k, s in enumerate(seen)]
    for k in range(34):
        if c[k]:
            rest = c[:k] + (c[k] - 1,) + c[k + 1:]
            full = H.useful(rest, 4, visible)
            assert useful_total(rest, 4, visible) == (full.shanten, full.total)
    assert best_discard_kind(c, 4, visible) == H.discard_choices(c, 4, visible)[0][0]


def test_a_fixed_seed_game_plays_as_pinned():
    """One Hard/Normal/Easy game pinned by its moves and final totals (not the result's wording):
    speed work on the Kards bots or engine must leave it alone; update it only for an intended
    change of play, and say so."""
    import hashlib

    from game.core.protocol import resolve_options
    from game.sim import play_one
    seats = ["hard", "normal", "easy", "normal"]
    setup = Setup("kards", tuple(SeatConfig("bot", s) for s in seats), resolve_options(RULES.options, {}), 21)
    log: list[str] = []
    result = play_one(RULES, setup, seats, 21, [], log)
    assert hashlib.sha256("\n".join(log).encode()).hexdigest()[:16] == "f5d8e1414d5dd657"
    assert [str(t) for t in result.totals] == ["1093/4", "541/4", "303/2", "791/2"]


def test_hard_on_a_strict_table_names_only_a_card_that_completes():
    """The Strict table offers a standing hand on every card; Hard names a real wait (B5 or WE)."""
    state = _dealer(REST + " B5 B5 WE WE DR", options={"strict": True})
    hard, legal = _choose("hard", state)
    assert len([a for a in legal if isinstance(a, Standing)]) > 34
    assert isinstance(hard, Standing) and hard.wait in ("B5", "WE")
