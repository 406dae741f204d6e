"""Cuzzins bots: legal along whole games, deterministic, fair (hidden tiles never change a choice),
and the Hard bot's stated preferences on hand-computed positions."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from game.bots import make_bot, strengths
from game.core.protocol import CHANCE
from game.core.rng import GameRng
from game.rules.cuzzins import RULES
from game.rules.cuzzins.actions import DeclareSecret, Discard, PaySee, Pass
from game.sim import run as sim_run

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules" / "cuzzins"))
from cuz_support import setup, table  # noqa: E402

STRENGTHS = ("easy", "normal", "hard")


def positions(seed: int, seats=("hard", "normal", "easy", "hard"), moves: int = 700):
    """(state, seat) before every bot decision of a bot-played game (out-of-turn looks included)."""
    bots = [make_bot("cuzzins", s) for s in seats]
    rng = random.Random(seed)
    state = RULES.new_game(setup(seed, hands=1))
    for _ in range(moves):
        if RULES.result(state) is not None:
            return
        prompt = RULES.prompt(state)
        if prompt.seats == (CHANCE,):
            dice = RULES.outcomes(state)
            state, _ = RULES.apply(state, CHANCE, dice[rng.randrange(len(dice))][0])
            continue
        moved = False
        for seat in prompt.out_of_turn:
            if seat not in prompt.seats:
                yield state, seat
                a = bots[seat].choose(RULES.view(state, seat), RULES.legal_actions(state, seat), GameRng(seed))
                if a is not None:
                    state, _ = RULES.apply(state, seat, a)
                    moved = True
                    break
        if moved:
            continue
        seat = prompt.seats[0]
        yield state, seat
        state, _ = RULES.apply(state, seat, bots[seat].choose(RULES.view(state, seat),
                                                              RULES.legal_actions(state, seat), GameRng(seed)))


def test_three_strengths_are_registered():
    assert set(STRENGTHS) <= set(strengths("cuzzins"))


@pytest.mark.parametrize("strength", STRENGTHS)
def test_every_choice_is_legal(strength):
    bot = make_bot("cuzzins", strength)
    seen = 0
    for i, (state, seat) in enumerate(p for seed in (3, 4) for p in positions(seed)):
        if i % 2:
            continue
        legal = RULES.legal_actions(state, seat)
        a = bot.choose(RULES.view(state, seat), legal, GameRng(i))
        assert a is None and all(isinstance(x, PaySee) for x in legal) or a in legal
        seen += 1
    assert seen > 100


def test_choices_are_deterministic_for_a_seed():
    for i, (state, seat) in enumerate(positions(5)):
        if i % 11:
            continue
        view, legal = RULES.view(state, seat), RULES.legal_actions(state, seat)
        for s in STRENGTHS:
            assert make_bot("cuzzins", s).choose(view, legal, GameRng(3)) == \
                make_bot("cuzzins", s).choose(view, legal, GameRng(3))


def test_fairness_hidden_tiles_never_change_a_choice():
    """Other hands, the wall and unseen secrets dealt anew (RULES.resample): same view, same choice."""
    rng = random.Random(8)
    bots = {s: make_bot("cuzzins", s) for s in STRENGTHS}
    compared = 0
    for i, (state, seat) in enumerate(p for seed in (7, 9) for p in positions(seed)):
        if i % 3:
            continue
        alt = RULES.resample(state, seat, rng)
        v1, v2 = RULES.view(state, seat), RULES.view(alt, seat)
        assert v1 == v2
        l1, l2 = RULES.legal_actions(state, seat), RULES.legal_actions(alt, seat)
        for s, bot in bots.items():
            assert bot.choose(v1, l1, GameRng(i)) == bot.choose(v2, l2, GameRng(i)), (s, i)
        compared += 1
    assert compared > 40


# --------------------------------------------------------------------------- Hard's preferences

def choose(strength, state, seat=0):
    return make_bot("cuzzins", strength).choose(RULES.view(state, seat), RULES.legal_actions(state, seat),
                                                GameRng(1))


def test_hard_waits_on_the_tile_worth_more():
    """Throwing C8 waits on B1 alone: 20 + 11 for the back, + 2, three runs of the back's suit 9,
    two threes 6 = 48 -> 50, no flowers and Paningit 20 = 70, Bunot 140. Throwing B1 waits on C8:
    28 + 2 + 6 = 36 -> 40, + 20 = 60, Bunot 120. Three of each are unseen, so Normal, counting tiles
    only, keeps the lower kind's wait; Hard keeps the dearer one."""
    st = table({0: "B1 B4 B4 B5 B5 B5 B6 B6 B6 B7 C8 D4 D4 D4 D8 D8 D8", 1: "", 2: "", 3: ""}, drawn="C8")
    assert choose("hard", st) == Discard("C8")
    assert choose("normal", st) == Discard("B1")


def test_hard_keeps_four_that_serve_a_run_and_declares_a_free_secret():
    # B3 B4 B5 + B5 B5 B5: declaring the four B5 leaves B3 B4 and two odd tiles (two steps away);
    # throwing D9 leaves the hand waiting on D1. Easy and Normal declare at once.
    st = table({0: "C1 C2 C3 C4 C5 C6 C7 C8 C9 B3 B4 B5 B5 B5 B5 D1 D9", 1: "", 2: "", 3: ""}, drawn="B5")
    assert choose("hard", st) in (Discard("D9"), Discard("D1"))
    assert choose("normal", st) == DeclareSecret("B5")
    # the same four with nothing else to do: the secret costs no step, and pays 30 cents now
    st = table({0: "C1 C2 C3 C4 C5 C6 C7 C8 C9 D1 D2 D3 B5 B5 B5 B5 D9", 1: "", 2: "", 3: ""}, drawn="B5")
    assert choose("hard", st) == DeclareSecret("B5")


def waiting_south(shown: set[str]):
    """South (seat 1) waits on D8 alone while North discards; West (seat 2) holds a secret of C4.
    North's discards show South one copy of every kind in `shown`."""
    from game.core.kit.wall import Wall
    from game.core.kit.tiles import kind_of
    from game.rules.cuzzins.tiles import code
    st = table({1: "B1 B1 B1 B2 B2 B2 B3 B3 B3 B4 B4 B4 C5 C5 D7 D9", 0: "", 2: "", 3: ""}, turn=0,
               secrets={2: ["C4"]})
    live = list(st.wall.live)
    for k in sorted(shown):
        p = next(p for p in live if code(kind_of(p)) == k)
        live.remove(p)
        st.discards[0].append(p)
    st.wall = Wall(tuple(live), st.wall.box, st.wall.rule)
    return st


def test_hard_pays_to_see_a_secret_that_may_hold_its_only_wait():
    """South waits on D8 alone (D7 _ D9) and sees no D8. The secret is four of a kind South sees
    none of. With every kind but D8, C4, D5 and D6 in sight, it is the D8s one time in four, and a
    quarter of a typical 150-cent win is more than the 25 cents: Hard pays. With more kinds unseen
    the look is worth less than it costs: no. Normal never pays."""
    from game.rules.cuzzins.tiles import SUITED_CODES
    few = waiting_south(set(SUITED_CODES) - {"D8", "C4", "D5", "D6", "B1", "B2", "B3", "B4", "C5", "D7", "D9"})
    assert PaySee(2, 0) in RULES.legal_actions(few, 1)
    assert choose("hard", few, seat=1) == PaySee(2, 0)
    assert choose("normal", few, seat=1) is None
    many = waiting_south({"B5", "B6", "B7", "B8", "B9", "C1", "C2", "C3", "C6", "C7", "C8"})
    assert choose("hard", many, seat=1) is None


def test_short_simulation_hard_against_normals_has_no_errors():
    summary = sim_run("cuzzins", 2, 11, ["hard", "normal", "normal", "normal"], {"hands": 1})
    assert summary["errors"] == 0, summary["error_samples"]
    assert summary["finished"] == 2


def last_hand_win(behind: int, hand_no: int = 3):
    """East (seat 0), with a flower, has drawn B8 to complete a small hand: 10 + 8 for finishing
    the set B6 B7 B8, + 2 for the back B2 B2, + 3 + 3 for the two runs in the back's suit = 26
    -> 30, Bunot 60 (B6 B7 waited on B5 too: no Paningit). Each other player pays 60, 180 cents
    in all. South (seat 1) is `behind` cents ahead of East before it."""
    st = table({0: "B2 B3 B4 C3 C4 C5 C6 C7 C8 D5 D6 D7 B6 B7 B8 B2 B2", 1: "", 2: "", 3: ""}, drawn="B8",
               flowers={0: "WE"})
    st.hand_no = hand_no
    st.ledger = st.ledger.pay(0, 1, behind // 2, "earlier hands")
    return st


def test_hard_does_not_go_out_in_the_last_hand_with_a_win_that_leaves_it_behind():
    """South is 300 cents ahead (East -150, South +150); East's win brings 180 and takes 60 from
    South: East would end on 30 cents to South's 90, the game lost for certain. Hard plays on
    (throws a tile and stays waiting); Normal goes out. 200 cents behind, the same win ends the game
    80 to 40: Hard goes out. Before the last hand a win is always taken."""
    from game.rules.cuzzins.actions import Mahjongg
    st = last_hand_win(300)
    assert RULES.view(st, 0).hand_no == RULES.view(st, 0).hands_total
    assert Mahjongg() in RULES.legal_actions(st, 0)
    assert choose("normal", st) == Mahjongg()
    assert isinstance(choose("hard", st), Discard)
    assert choose("hard", last_hand_win(200)) == Mahjongg()
    assert choose("hard", last_hand_win(300, hand_no=2)) == Mahjongg()
