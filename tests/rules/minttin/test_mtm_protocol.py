"""The protocol surface: options, seats, setup and fixed deals, codec, views, events, results, goals."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from game.core.match import Match, SaveError
from game.core.protocol import IllegalAction, Option
from game.rules import rules_for
from game.rules.minttin import RULES
from game.rules.minttin.actions import (ACTION_CLASSES, AnswerPass, Call, Discard, GiveCards, OfferPass,
                                       SwapForJoker)
from game.rules.minttin.views import MintView
from mtm_support import H, act, find, full_deck, scene, setup, two

PKG = Path(__file__).resolve().parents[3] / "game" / "rules" / "minttin"


def test_catalogue_finds_the_rules():
    assert rules_for("minttin") is RULES
    assert (RULES.id, RULES.min_seats, RULES.max_seats) == ("minttin", 1, 2)
    assert RULES.seat_names(1) == ("You",) and len(RULES.seat_names(2)) == 2


def test_options_schema():
    opts = {o.key: o for o in RULES.options}
    assert all(isinstance(o, Option) for o in RULES.options)
    assert set(opts) >= {"mode", "jokers", "pass_cards", "target", "strict", "consecutive", "dead_hand",
                         "joker_block", "auto_pass"}
    assert [c[0] for c in opts["target"].choices] == [7, 14]
    assert [c[0] for c in opts["jokers"].choices] == ["all", "dealt", "shuffled", "none"]
    assert (opts["dead_hand"].lo, opts["dead_hand"].hi, opts["dead_hand"].default) == (0, 12, 12)
    assert opts["joker_block"].ruling == "MTM-19"
    for o in RULES.options:
        o.validate(o.default)


def test_mode_follows_the_seats_and_mismatches_are_explained():
    assert RULES.new_game(setup({}, 1)).solo
    assert RULES.new_game(setup({"mode": "2p"}, 1)).solo      # one seat can only be solo
    assert not RULES.new_game(setup({}, 2)).solo
    with pytest.raises(ValueError, match="needs 1 seat"):
        RULES.new_game(setup({"mode": "solo"}, 2))
    with pytest.raises(ValueError, match="unknown rule option"):
        RULES.new_game(setup({"colour": "red"}, 2))
    with pytest.raises(ValueError, match="1 or 2 seats"):
        RULES.new_game(setup({}, 3))


def test_fixed_deal_is_checked():
    with pytest.raises(ValueError, match="not a Mint Tin card"):
        RULES.new_game(setup({}, 2, 1, {"deck": ["B1"]}))
    with pytest.raises(ValueError, match="missing"):
        RULES.new_game(setup({}, 2, 1, {"deck": ["S1"] * 2}))
    with pytest.raises(ValueError, match="unknown deal key"):
        RULES.new_game(setup({}, 2, 1, {"hands": []}))
    with pytest.raises(ValueError, match="dealer must be 0 or 1"):
        RULES.new_game(setup({}, 2, 1, {"dealer": 2}))


def test_fixed_decks_for_several_rounds_and_the_same_seed_same_game():
    d1 = full_deck({"mode": "solo"}, 1, H("S1 S1 S1 S1"))
    d2 = full_deck({"mode": "solo"}, 1, H("F9 F9 F9 F9"))
    st = RULES.new_game(setup({"mode": "solo"}, 1, 5, {"decks": [d1, d2]}))
    assert st.hands[0][:4] == H("S1 S1 S1 S1")
    a = RULES.new_game(setup({}, 2, 42))
    b = RULES.new_game(setup({}, 2, 42))
    assert a.to_json() == b.to_json()


def test_codec_round_trips_every_action_class():
    samples = [cls() for cls in ACTION_CLASSES if cls is not Discard] + [Call(("S1", "J")), Discard("FD"), SwapForJoker(1, 2),
                                                   AnswerPass(3), GiveCards(("S1", "M4", "F9"))]
    for a in samples:
        text = RULES.encode_action(a)
        assert RULES.decode_action(text) == a
    assert RULES.encode_action(Call(("S1", "J"))) == '{"a":"call","cards":["S1","J"]}'
    with pytest.raises(ValueError):
        RULES.decode_action('{"a":"fly"}')
    with pytest.raises(ValueError):                  # a discard must name a card
        RULES.decode_action('{"a":"discard","card":""}')


def test_apply_rejects_an_action_of_the_wrong_seat_or_unknown_card():
    st = RULES.new_game(setup({}, 2, 3))
    seat = RULES.to_act(st)[0]
    with pytest.raises(IllegalAction, match="not your turn"):
        act(st, 1 - seat, Discard("S1"))
    st, _ = act(st, seat, RULES.legal_actions(st, seat)[0])
    with pytest.raises(IllegalAction, match="not one of this game's pieces"):
        act(st, seat, Discard("B7"))


def test_view_fields_and_spectator():
    names = [f.name for f in dataclasses.fields(MintView)]
    for hidden in ("deck", "dead", "hands", "rng"):
        assert hidden not in names
    st = RULES.new_game(setup({}, 2, 3))
    v0, v1, vs = RULES.view(st, 0), RULES.view(st, 1), RULES.view(st, None)
    assert v0.hand and v1.hand and vs.hand == ()
    assert v0.hand_counts == v1.hand_counts == vs.hand_counts == (13, 13)
    with pytest.raises(dataclasses.FrozenInstanceError):
        v0.phase = "x"
    assert hash(v0.exposures) is not None


def test_round_end_event_follows_the_contract():
    st = scene(hands=["M5 M5 M5 F7 F7 F7 F9 F9 F9 F9 S1 S1 S1 S1", "S2"], phase="main", current=0,
               deck="S3 S3 S3")
    st, ev = act(st, 0, RULES.legal_actions(st, 0)[0])
    end = find(ev, "round_end")[0]
    assert end.visible_to is None
    assert {"lines", "totals", "summary", "unit"} <= set(end.data)
    assert end.data["unit"] == "points" and end.data["totals"] == (2, 0)
    for line in end.data["lines"]:
        assert set(line) == {"seat", "name", "value", "why"}
    assert sum(l["value"] for l in end.data["lines"]) == end.data["points"]
    assert RULES.result(st) is None


@pytest.mark.parametrize("goal,history,over,expect", [
    ({"kind": "win_rounds", "count": 1}, [], False, None),
    ({"kind": "win_rounds", "count": 1}, [{"winner": 0, "features": [], "points": 1}], False, True),
    ({"kind": "win_rounds", "count": 2}, [{"winner": 0, "features": [], "points": 1}], True, False),
    ({"kind": "win_rounds", "count": 3, "before_opponent": True},
     [{"winner": 0, "features": [], "points": 1}, {"winner": 1, "features": ["five_pungs"], "points": 1}],
     False, False),
    ({"kind": "win_rounds", "count": 1, "before_opponent": True},
     [{"winner": None, "features": [], "points": 0}, {"winner": 0, "features": [], "points": 1}], False, True),
    ({"kind": "win_with", "feature": "quint"}, [{"winner": 0, "features": ["kong"], "points": 2}], False, None),
    ({"kind": "win_with", "feature": "quint"}, [{"winner": 0, "features": ["quint"], "points": 2}], False, True),
    ({"kind": "win_with", "feature": "quint"}, [{"winner": 1, "features": ["quint"], "points": 2}], True, False),
    ({"kind": "win_with", "feature": "double"}, [{"winner": 0, "features": ["double"], "points": 4}], False, True),
    ({"kind": "score_round", "points": 3}, [{"winner": 0, "features": [], "points": 4}], False, True),
])
def test_goal_met(goal, history, over, expect):
    st = RULES.new_game(setup({}, 1))
    st.history = history
    st.over = over
    assert RULES.goal_met(goal, st, 0) is expect


def test_goal_objects_with_params_and_checks():
    class Goal:
        kind = "win_with"
        params = {"feature": "kong"}
    st = RULES.new_game(setup({}, 1))
    st.history = [{"winner": 0, "features": ["kong"], "points": 1}]
    assert RULES.goal_met(Goal(), st, 0) is True
    RULES.check_goal({"kind": "win_with", "feature": "one_suit"})
    with pytest.raises(ValueError, match="unknown Mint Tin goal"):
        RULES.check_goal({"kind": "fly"})
    with pytest.raises(ValueError, match="feature"):
        RULES.check_goal({"kind": "win_with", "feature": "rainbow"})


def test_no_pygame_anywhere_in_the_package():
    for path in PKG.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                assert not any(a.name.split(".")[0] == "pygame" for a in node.names), path
            if isinstance(node, ast.ImportFrom):
                assert (node.module or "").split(".")[0] != "pygame", path


def test_modules_stay_small():
    for path in PKG.glob("*.py"):
        assert len(path.read_text().splitlines()) < 400, path.name


def test_card_lists_in_actions_are_normalised():
    st = scene(hands=["J J S2 S3 M4 M5 M6 F7 F8 F9 SD MD F9", "S1 S1"], discards="F9", callable=True,
               phase="start", current=0, deck="S3 S3 S3 S3")
    st2, ev = act(st, 0, Call(("J", "F9")))
    assert st2.exposures[0] == [["F9", "F9", "J"]]


# --------------------------------------------------------------------------- hardening (issue 12)

@pytest.mark.parametrize("bad", [OfferPass(1.0), AnswerPass(2.0), SwapForJoker(owner=1.0), Call(None), GiveCards(None),
                                 OfferPass(True), Discard(("S1",)), "draw"])
def test_malformed_actions_are_refused_and_leave_the_game_playable(bad):
    st = two("S1 S1 S1 S2 S2 S2 S3 S3 S3 M4 M4 M4", "F7 F7 F7 F8 F8 F8 F9 F9 F9 FD FD FD",
             dealer_seat=0, pass_cards=True)
    before = st.to_json()
    for seat in (0, 1):
        with pytest.raises(IllegalAction, match="not well formed"):
            act(st, seat, bad)
    assert st.to_json() == before and RULES.legal_actions(st, 1) == [OfferPass(n) for n in range(4)]


def test_a_save_with_a_float_count_is_refused_when_loaded():
    m = Match(setup({"pass_cards": True}, 2, 4, {"dealer": 0}))
    m.act(1, OfferPass(2))
    data = m.to_json()
    data["log"].append([0, '{"a":"answer_pass","count":2.0}'])
    with pytest.raises(SaveError, match="move 2 .*count: 2.0 should be a whole number"):
        Match.from_json(data)


def test_editing_a_call_or_round_end_event_cannot_change_the_game():
    st = scene(hands=["J J S2 S3 M4 M5 M6 F7 F8 F9 SD MD F9", "S1 S1"], discards="F9", callable=True,
               phase="start", current=0, deck="S3 S3 S3 S3")
    st2, ev = act(st, 0, Call(("F9", "J")))
    block = find(ev, "call")[0].data["block"]
    assert block == ("F9", "F9", "J") and block is not st2.exposures[0][0]
    with pytest.raises(TypeError):
        find(ev, "call")[0].data["block"] = ["S1"]
    st = scene(hands=["M5 M5 M5 F7 F7 F7 F9 F9 F9 F9 S1 S1 S1 S1", "S2"], phase="main", current=0, deck="S3 S3 S3")
    st, ev = act(st, 0, RULES.legal_actions(st, 0)[0])
    reveal = find(ev, "round_end")[0].data["reveal"]
    assert reveal and isinstance(reveal[0]["hand"], tuple)
    with pytest.raises(TypeError):
        reveal[0]["hand"] = ()
    assert RULES.view(st, 0).last_round.reveal[0][1] == tuple(st.history[-1]["reveal"][0]["hand"])


def test_a_fixed_deal_with_a_bool_dealer_or_a_number_deck_is_refused():
    with pytest.raises(ValueError, match="deal.dealer must be 0 or 1"):
        RULES.new_game(setup({}, 2, 1, {"dealer": True}))
    with pytest.raises(ValueError, match="deal deck 1 must be a list of cards"):
        RULES.new_game(setup({}, 2, 1, {"deck": 5}))
    with pytest.raises(ValueError, match="two players only"):
        RULES.new_game(setup({}, 1, 1, {"dealer": 0}))
