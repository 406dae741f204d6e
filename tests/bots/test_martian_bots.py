"""Martian Mah Jongg bots: registered, always legal, and the Normal bot's few stated preferences."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from game.bots import make_bot, strengths
from game.core.rng import GameRng
from game.rules.martian import RULES
from game.rules.martian.actions import Claim, Keep, Look, MahJongg, Pass, Roll, Swap

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules" / "martian"))
from mmj_support import act, dealt, draw, setup  # noqa: E402


def test_easy_normal_and_hard_are_registered():
    assert {"easy", "normal", "hard"} <= set(strengths("martian"))


@pytest.mark.parametrize("strength", ["easy", "normal", "hard"])
def test_bots_always_choose_a_legal_action(strength):
    bot = make_bot("martian", strength)
    for n in (2, 3, 4):
        rng = random.Random(n)
        state = RULES.new_game(setup(n, seed=n))
        for _ in range(400):
            if RULES.result(state):
                break
            seat = rng.choice(RULES.to_act(state))
            legal = RULES.legal_actions(state, seat)
            action = bot.choose(RULES.view(state, seat), legal, GameRng(7))
            assert action in legal
            state, _ = RULES.apply(state, seat, action)


P = {"chow": ["red-S"], "pung": ["blue-M", None], "kong": ["green-L", None, None], "opaques": []}
COMPLETE = {"chow": ["cyan-S"], "pung": ["cyan-M", "cyan-S"], "kong": ["cyan-L", "cyan-M", "yellow-S"]}


@pytest.mark.parametrize("strength", ["easy", "normal", "hard"])
def test_bots_declare_mahjong_when_they_can(strength):
    st = dealt([COMPLETE, dict(P)])
    assert make_bot("martian", strength).choose(RULES.view(st, 0), RULES.legal_actions(st, 0), GameRng(1)) == MahJongg()


def test_normal_fills_an_empty_slot_and_keeps_its_dealt_pieces():
    bot = make_bot("martian", "normal")
    st = draw(dealt([P, dict(P)]), "orange-S")
    st, _ = act(st, 0, Look(0))
    choice = bot.choose(RULES.view(st, 0), RULES.legal_actions(st, 0), GameRng(1))
    assert getattr(choice, "to", None) in ("pung-S", "kong-S")        # a slot filled, the chow small kept
    st = draw(dealt([P, dict(P)]), "yellow-L")
    choice = bot.choose(RULES.view(st, 0), RULES.legal_actions(st, 0), GameRng(1))
    assert choice == Keep("bonus")                                      # not a swap of the dealt large


# --------------------------------------------------------------------------- Hard

WAITING = {"chow": [None], "pung": ["blue-M", "blue-S"], "kong": ["green-L", "green-M", "green-S"]}   # the chow small to come


def test_hard_fetches_a_small_yellow_it_saw_under_a_cover_for_a_golden_rooster():
    hard = make_bot("martian", "hard")
    st = draw(dealt([WAITING, dict(P)], covers={"M": ["yellow-S"]}), "orange-S")
    view = RULES.view(st, 0)
    assert hard.choose(view, RULES.legal_actions(st, 0), GameRng(1)) in [Look(c) for c in range(10)]
    st, _ = act(st, 0, Look(0))
    assert hard.choose(RULES.view(st, 0), RULES.legal_actions(st, 0), GameRng(1)) == Swap("chow-S")
    # Normal, which does not hunt, fills the slot with whichever small it likes
    assert make_bot("martian", "normal").choose(RULES.view(st, 0), RULES.legal_actions(st, 0), GameRng(1)).to == "chow-S"


def test_hard_keeps_the_last_small_slot_open_while_it_knows_where_a_small_yellow_is():
    hard = make_bot("martian", "hard")
    st = dealt([WAITING, dict(P)], covers={"M": ["red-S", "yellow-S"]})
    st.covers[1].looks = 1
    st.memory[0][1] = ("yellow-S", 1, 0, "saw")         # seat 0 looked under cover 1 earlier; nobody since
    st = draw(st, "orange-S")
    assert hard.choose(RULES.view(st, 0), RULES.legal_actions(st, 0), GameRng(1)) == Look(1)
    st0, _ = act(st, 0, Look(0))                          # had it looked elsewhere (a red small there) ...
    choice = hard.choose(RULES.view(st0, 0), RULES.legal_actions(st0, 0), GameRng(1))
    # ... it goes out rather than keep hunting, since hunting on would mean discarding a small any
    # open Pung or Kong pile could claim (FEED_COST outweighs the hunt)
    assert getattr(choice, "to", None) == "chow-S"
    # without that memory there is no hunt: the hand is finished at once
    st = draw(dealt([WAITING, dict(P)], covers={"M": ["red-S", "yellow-S"]}), "orange-S")
    st, _ = act(st, 0, Look(0))
    assert hard.choose(RULES.view(st, 0), RULES.legal_actions(st, 0), GameRng(1)).to == "chow-S"


def test_hard_leaves_a_small_yellow_it_finds_under_a_cover_while_slots_are_still_open():
    # taking it now would spend the Rooster piece on a slot any small fills; left there, a later
    # small draw fetches it for the last slot
    hard = make_bot("martian", "hard")
    st = draw(dealt([dict(P), dict(P)], covers={"M": ["yellow-S"]}), "orange-S")
    st, _ = act(st, 0, Look(0))
    for seed in range(5):
        choice = hard.choose(RULES.view(st, 0), RULES.legal_actions(st, 0), GameRng(seed))
        assert isinstance(choice, Keep) and choice.to in ("pung-S", "kong-S")


def _knows_yellow_under(st, seat, cover, looks=1):
    st.covers[cover].looks = looks
    st.memory[seat][cover] = ("yellow-S", looks, 0, "saw")     # looked earlier; nobody since
    return st


def test_hard_looks_again_under_the_cover_it_knows_hides_a_small_yellow():
    # a Normal looks first where it remembers something useful: looking again makes its memory stale
    hard = make_bot("martian", "hard")
    st = draw(_knows_yellow_under(dealt([dict(P), dict(P)], covers={"M": ["red-S", "yellow-S"]}), 0, 1), "orange-S")
    assert hard.choose(RULES.view(st, 0), RULES.legal_actions(st, 0), GameRng(1)) == Look(1)
    st, _ = act(st, 0, Look(1))
    choice = hard.choose(RULES.view(st, 0), RULES.legal_actions(st, 0), GameRng(1))
    assert isinstance(choice, Keep) and choice.to in ("pung-S", "kong-S")   # and leaves the yellow there


def test_hard_passes_a_small_for_mahjong_while_it_knows_where_a_small_yellow_is():
    hard = make_bot("martian", "hard")
    needs_kong_s = {"chow": ["cyan-S"], "pung": ["cyan-M", "cyan-S"], "kong": ["cyan-L", "cyan-M", None]}
    st = dealt([dict(P), needs_kong_s], covers={"M": ["red-S", "yellow-S"]})
    st = draw(_knows_yellow_under(st, 1, 1), "orange-S")
    st, _ = act(st, 0, Keep("chow-S"))           # the red small is discarded: it completes seat 1's tree
    legal = RULES.legal_actions(st, 1)
    assert Claim("kong", True) in legal
    # its next small draw fetches the yellow: a Golden Rooster, without a discard anyone could claim
    assert hard.choose(RULES.view(st, 1), legal, GameRng(1)) == Pass()


NO_SMALL_OPEN = {"chow": ["red-S"], "pung": ["blue-M", "blue-S"], "kong": ["green-L", None, "green-S"], "opaques": []}


def test_hard_hunts_a_known_small_yellow_only_while_a_small_slot_is_open():
    # the yellow can only be the winning piece in an empty small slot: with none left there is no hunt
    from game.bots.martian.hard import HardBot, small_open
    full = _knows_yellow_under(dealt([NO_SMALL_OPEN, dict(P)], covers={"M": ["red-S", "yellow-S"]}), 0, 1)
    view = RULES.view(full, 0)
    assert not small_open({"chow-S": "red-S", "pung-M": "blue-M", "pung-S": None, "kong-L": "green-L",
                           "kong-M": None, "kong-S": "green-S"}, ("pung",))
    assert not HardBot()._hunting(view)
    room = _knows_yellow_under(dealt([dict(P), dict(P)], covers={"M": ["red-S", "yellow-S"]}), 0, 1)
    assert HardBot()._hunting(RULES.view(room, 0))


def test_hard_does_not_discard_a_small_yellow_it_cannot_use(monkeypatch):
    # no small slot is open, so one small has to go: the orange, not the yellow (whoever claimed a
    # discarded yellow for Mah Jongg would have a Golden Rooster); the yellow stays under the cover
    import game.bots.martian.hard as hard_module
    st = draw(dealt([NO_SMALL_OPEN, dict(P)], covers={"M": ["orange-S"]}), "yellow-S")
    st, _ = act(st, 0, Look(0))
    legal = RULES.legal_actions(st, 0)
    for seed in range(6):
        assert make_bot("martian", "hard").choose(RULES.view(st, 0), legal, GameRng(seed)) == Swap("discard")
    monkeypatch.setattr(hard_module, "YELLOW_FEED", 0)        # without the charge it is a coin toss
    picks = {make_bot("martian", "hard").choose(RULES.view(st, 0), legal, GameRng(seed)) for seed in range(6)}
    assert Keep("discard") in picks


def test_hard_claims_mahjong_on_a_discard():
    hard = make_bot("martian", "hard")
    needs_kong_s = {"chow": ["cyan-S"], "pung": ["cyan-M", "cyan-S"], "kong": ["cyan-L", "cyan-M", None]}
    st = dealt([dict(P), needs_kong_s])
    st = draw(st, "orange-S")
    st, _ = act(st, 0, Keep("chow-S"))           # the red small is discarded: it completes seat 1's tree
    assert st.phase == "claim"
    legal = RULES.legal_actions(st, 1)
    assert Claim("kong", True) in legal
    assert hard.choose(RULES.view(st, 1), legal, GameRng(1)) == Claim("kong", True)


# Hard's own quick hand value must agree with the table's scoring on any holding it can meet.
from hypothesis import given, settings, strategies as st_  # noqa: E402

from game.bots.martian.hard import winner_value  # noqa: E402
from game.rules.martian.pieces import COLOURS  # noqa: E402
from game.rules.martian.scoring import Holding, hand_value  # noqa: E402


def _piece(size):
    return st_.one_of(st_.none(), st_.sampled_from([f"{c}-{size}" for c in COLOURS]))


@settings(max_examples=300, deadline=None)
@given(held=st_.tuples(_piece("S"), _piece("M"), _piece("S"), _piece("L"), _piece("M"), _piece("S")),
       bonus=st_.lists(st_.sampled_from([f"{c}-L" for c in COLOURS]), max_size=4),
       opaques=st_.lists(st_.sampled_from(["black-S", "white-S"]), max_size=8),
       exposed=st_.sets(st_.sampled_from(["pung", "kong"])), original=st_.booleans(),
       in_black=st_.integers(0, 5), in_white=st_.integers(0, 5))
def test_hard_quick_hand_value_matches_the_scoring_table(held, bonus, opaques, exposed, original, in_black, in_white):
    honour = held[3].rsplit("-", 1)[0] if held[3] else None
    holding = Holding(held[:1], held[1:3], held[3:], tuple(bonus), tuple(opaques), "pung" in exposed, "kong" in exposed)
    want = hand_value(0, holding, honour, winner=True, opaques_in_play={"black": in_black, "white": in_white},
                      original=original).value
    assert winner_value(held, tuple(bonus), tuple(opaques), tuple(sorted(exposed)), original, in_black, in_white) == want


# --------------------------------------------------------------------------- Hard: going out and the game's end

from game.bots.martian.hard import ends_game_behind, hand_now  # noqa: E402
from game.rules.martian.turn import hand_values  # noqa: E402


def _last_hand(gap_after_win: int):
    """Two players, seat 1 (not East) holds a complete hand at East's roll in the game's last pass
    (one more pass ends it, MMJ-27), and would trail seat 0 by `gap_after_win` after going out now."""
    st = dealt([dict(P), FULL_HAND], east=0)
    st.passes = 1
    value = hand_now(RULES.view(st, 1))
    st.scores = [gap_after_win + 4 * value, 0]     # East pays the winner 2V: the gap closes by 4V
    return st, value


FULL_HAND = {"chow": ["red-S"], "pung": ["blue-M", "blue-S"], "kong": ["green-L", "green-M", "green-S"]}


def test_hard_keeps_a_complete_hand_when_going_out_would_end_the_game_behind():
    hard = make_bot("martian", "hard")
    st, _value = _last_hand(100)
    view = RULES.view(st, 1)
    assert RULES.legal_actions(st, 1) == [MahJongg()] and ends_game_behind(view, hand_now(view))
    # asked out of turn only to declare: not now (East rolls; East's own win would not end the game)
    assert hard.choose(view, [MahJongg()], GameRng(1)) is None
    # Normal goes out and loses the game on the spot
    assert make_bot("martian", "normal").choose(view, [MahJongg()], GameRng(1)) == MahJongg()
    # ahead after going out: out at once
    st, _value = _last_hand(-100)
    assert hard.choose(RULES.view(st, 1), [MahJongg()], GameRng(1)) == MahJongg()
    # the same deficit before the last pass: going out does not end the game, so out at once
    st, _value = _last_hand(100)
    st.passes = 0
    assert hard.choose(RULES.view(st, 1), [MahJongg()], GameRng(1)) == MahJongg()
    # a deficit no hand within reach can close: out, rather than wait for ever
    st, _value = _last_hand(100_000)
    assert hard.choose(RULES.view(st, 1), [MahJongg()], GameRng(1)) == MahJongg()


def test_hard_rolls_on_with_the_complete_hand_on_its_own_turn_in_that_case():
    hard = make_bot("martian", "hard")
    st = dealt([FULL_HAND, dict(P)], east=1)          # now seat 0 holds it, on its own turn, not East
    st.passes, st.turn = 1, 0
    st.scores = [0, 100 + 4 * hand_now(RULES.view(st, 0))]
    legal = RULES.legal_actions(st, 0)
    assert MahJongg() in legal and Roll() in legal
    assert hard.choose(RULES.view(st, 0), legal, GameRng(1)) == Roll()


def test_hard_knows_what_its_hand_is_worth_now_rooster_and_drawn_piece_included():
    st = dealt([FULL_HAND, dict(P)])
    sc = st.screens[0]
    for last in (("green-S", "dealt", 0), ("yellow-S", "drawn", st.rolls), ("yellow-S", "claimed", st.rolls),
                 ("blue-S", "drawn", st.rolls), ("yellow-S", "drawn", st.rolls - 1)):
        if last[0] == "yellow-S":
            sc.slots["kong-S"] = "yellow-S"
        sc.last_in = last
        assert hand_now(RULES.view(st, 0)) == hand_values(st, 0)[0].value, last
    assert RULES.view(st, 1).players[0].screen is None            # nobody else sees it


def test_hard_does_not_go_out_on_a_discard_when_that_would_end_the_game_behind():
    hard = make_bot("martian", "hard")
    needs_kong_s = {"chow": ["blue-S"], "pung": ["cyan-M", "green-S"], "kong": ["red-L", "violet-M", None],
                    "opaques": []}       # worth about 150 once out: a 2000 deficit is out of its reach now

    def offered(scores):
        st = dealt([dict(P), needs_kong_s])          # seat 0 is East; seat 1's win would pass East
        st.passes, st.scores = 1, scores              # ... for the last time (MMJ-27)
        st = draw(st, "orange-S")
        st, _ = act(st, 0, Keep("chow-S"))           # the red small is discarded: it completes seat 1's tree
        legal = RULES.legal_actions(st, 1)
        assert Claim("kong", True) in legal
        return hard.choose(RULES.view(st, 1), legal, GameRng(1))

    assert offered([0, 0]) == Claim("kong", True)                 # ahead after it: out
    behind = offered([2000, 0])                                   # East pays 2V: far from enough
    assert behind in (Pass(), Claim("kong", False))               # the hand is kept going


def test_hard_as_the_last_east_with_a_safe_lead_discards_so_another_win_ends_the_game():
    from game.bots.martian.bots import feeds
    from game.bots.martian.hard import END_LEAD, others_win_ends_on_top

    def after_look(passes, scores, n=4):
        st = dealt([dict(P) for _ in range(n)], east=0, covers={"M": ["violet-S"]})
        st.passes, st.scores = passes, scores + [0] * (n - len(scores))
        st = draw(st, "orange-S")
        st, _ = act(st, 0, Look(0))
        return RULES.view(st, 0), RULES.legal_actions(st, 0)

    # the last pass (four players: one more ends the game), seat 0 East and far ahead: a small goes
    # to the discard (whoever claims it for Mah Jongg ends the game; East's own win only goes on)
    view, legal = after_look(3, [END_LEAD + 1, 0])
    assert others_win_ends_on_top(view)
    assert feeds(view, make_bot("martian", "hard").choose(view, legal, GameRng(1)))
    # a smaller lead, East passing later, or two players: it fills a slot and feeds nobody, as always
    for passes, scores, n in ((3, [END_LEAD, 0], 4), (2, [END_LEAD + 1, 0], 4), (1, [END_LEAD + 1, 0], 2)):
        view, legal = after_look(passes, scores, n)
        assert not others_win_ends_on_top(view)
        assert not feeds(view, make_bot("martian", "hard").choose(view, legal, GameRng(1)))
