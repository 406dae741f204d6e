"""Setup, turn order, rounds, pool exhaustion, results, events, views, encoding, goals, deals."""

import pytest

from rummy_helpers import decode, game, play, seats
from game.core.protocol import IllegalAction, Setup, events_for
from game.rules import rules_for
from game.rules.rummy import RULES, Draw, Pass, PlayTurn, RummyView
from game.rules.rummy.tiles import ALL_TILES


def all_tiles(st):
    return sorted([t for h in st.hands for t in h] + list(st.pool) + [t for s in st.table for t in s.tiles])


def empty_pool(st):
    """Move the pool into West's hand (tests only): the tile count is kept."""
    st.hands[3] = sorted(st.hands[3] + st.pool)
    st.pool = []
    return st


# ---------------------------------------------------------------------------------------------- setup

def test_catalogue_finds_the_game():
    assert rules_for("rummy") is RULES
    assert RULES.min_seats == RULES.max_seats == 4
    assert RULES.seat_names(4) == ("North", "East", "South", "West")
    with pytest.raises(ValueError):
        RULES.seat_names(3)


def test_RUM_16_136_tiles_no_flowers_14_each_pool_80():
    # seed: "First remove the flower tiles from the set. Which means 136 tiles will be used."
    assert len(ALL_TILES) == 136 and len(set(ALL_TILES)) == 136
    assert not any(t.startswith(("F", "S")) for t in ALL_TILES)
    # seed font: "9" is a spacer and "8" (flowers, "88888888") never appears in play
    assert decode("99f7hjkl9999999") == ["D4", "DR", "D6", "D7", "D8", "D9"]
    with pytest.raises(ValueError):
        decode("88888888")
    st = game(seed=7)
    assert all_tiles(st) == sorted(ALL_TILES)
    assert [len(h) for h in st.hands] == [14] * 4 and len(st.pool) == 80
    assert st.table == [] and st.opened == [False] * 4


def test_exactly_four_seats():
    with pytest.raises(ValueError):
        RULES.new_game(Setup("rummy", seats()[:3]))


def test_options_rounds_and_timer():
    keys = {o.key: o for o in RULES.options}
    assert [c[0] for c in keys["rounds"].choices] == [4, 8, 12, 16] and keys["rounds"].default == 4
    assert keys["turn_timer"].default == 0
    assert game(rounds=8).options["rounds"] == 8
    with pytest.raises(ValueError):
        game(rounds=5)
    with pytest.raises(ValueError):
        game(flowers=True)
    assert RULES.view(game(turn_timer=30), 0).turn_timer == 30


def test_same_seed_same_deal_and_different_seeds_differ():
    assert game(seed=3).hands == game(seed=3).hands
    assert game(seed=3).hands != game(seed=4).hands


# ---------------------------------------------------------------------------------------------- RUM-13 / RUM-14

def test_RUM_13_north_starts_and_turns_go_clockwise():
    st = game(seed=2)
    assert RULES.to_act(st) == (0,)
    order = []
    for _ in range(5):
        seat = RULES.to_act(st)[0]
        order.append(seat)
        st, _ = RULES.apply(st, seat, Draw())
    assert order == [0, 1, 2, 3, 0]
    assert RULES.view(st, 0).seat_winds == ("WN", "WE", "WS", "WW")


def test_RUM_13_round_wind_advances_and_its_seat_starts():
    st = game(seed=2)
    winds, starters = [], []
    for r in range(4):
        v = RULES.view(st, None)
        winds.append(v.round_wind)
        starters.append(v.turn)
        assert v.round_number == r + 1
        empty_pool(st)
        for _ in range(4):
            st, ev = RULES.apply(st, RULES.to_act(st)[0], Pass())
    assert winds == ["WN", "WE", "WS", "WW"] and starters == [0, 1, 2, 3]
    assert RULES.result(st) is not None


def test_RUM_14_draw_takes_one_tile_and_ends_the_turn():
    st = game(seed=5)
    top = st.pool[0]
    st2, events = RULES.apply(st, 0, Draw())
    assert top in st2.hands[0] and len(st2.hands[0]) == 15 and len(st2.pool) == 79 and st2.turn == 1
    assert len(st.hands[0]) == 14                         # the input state is untouched


def test_not_your_turn():
    st = game(seed=5)
    with pytest.raises(IllegalAction) as e:
        RULES.apply(st, 2, Draw())
    assert "North's turn" in e.value.reason
    assert RULES.legal_actions(st, 2) == []


# ---------------------------------------------------------------------------------------------- RUM-8 / RUM-15

def test_RUM_8_empty_pool_pass_and_four_passes_end_the_round():
    st = empty_pool(game(seed=9))
    with pytest.raises(IllegalAction) as e:
        RULES.apply(st, 0, Draw())
    assert "pool is empty" in e.value.reason and "RUM-" not in e.value.reason    # players never see rule ids
    assert Pass() in RULES.legal_actions(st, 0) and Draw() not in RULES.legal_actions(st, 0)
    events = []
    for seat in range(4):
        st, ev = RULES.apply(st, seat, Pass())
        events += ev
    end = next(e for e in events if e.kind == "round_end")
    assert end.data["went_out"] is None and st.round_index == 1 and st.went_out == [None]
    assert sum(end.data["round_scores"]) < 0            # everyone still holds tiles


def test_RUM_8_a_play_resets_the_passes():
    st = game({"hands": [["C9", "WE"], None, None, None], "table": [{"owner": 0, "tiles": ["C6", "C7", "C8"]}],
               "opened": [True] * 4, "turn": 3})
    empty_pool(st)
    st.hands[3] = sorted(st.hands[3])
    st, _ = RULES.apply(st, 3, Pass())
    st, _ = play(st, 0, [["C6#1", "C7#1", "C8#1", "C9#1"]])
    assert st.passes == 0


def test_RUM_15_round_ends_right_after_going_out_without_bonus():
    st = game({"hands": [["C9"], None, None, None], "table": [{"owner": 0, "tiles": ["C6", "C7", "C8"]}],
               "opened": [True, False, False, False]})
    st2, events = play(st, 0, [["C6#1", "C7#1", "C8#1", "C9#1"]])
    kinds = [e.kind for e in events]
    assert kinds[:2] == ["played", "round_end"] and "round_start" in kinds
    end = events[1]
    assert end.data["went_out"] == 0 and end.data["unit"] == "points" and isinstance(end.data["summary"], str)
    assert set(end.data) >= {"lines", "totals", "summary", "unit"}
    north = [l for l in end.data["lines"] if l["seat"] == 0]
    assert [l["name"] for l in north] == ["Numbered tiles in play", "Round score"]   # no going-out bonus
    assert north[-1]["value"] == 4
    assert st2.round_index == 1 and st2.turn == 1 and [len(h) for h in st2.hands] == [14] * 4
    assert st2.table == [] and st2.opened == [False] * 4 and all_tiles(st2) == sorted(ALL_TILES)


def test_result_and_winners_after_the_last_round():
    st = game(seed=1)
    for _ in range(4):
        empty_pool(st)
        for _ in range(4):
            assert RULES.result(st) is None
            st, ev = RULES.apply(st, RULES.to_act(st)[0], Pass())
    res = RULES.result(st)
    assert res.final and res.totals == tuple(st.scores) and res.unit == "points"
    assert set(res.winners) == {s for s in range(4) if st.scores[s] == max(st.scores)}
    assert sum(1 for l in res.lines if l.name == "Game total") == 4
    assert RULES.to_act(st) == () and RULES.legal_actions(st, 0) == []
    with pytest.raises(IllegalAction):
        RULES.apply(st, 0, Pass())
    assert ev[-1].kind == "game_end"


def test_eight_round_option_plays_eight_rounds():
    st = game(seed=1, rounds=8)
    n = 0
    while RULES.result(st) is None:
        empty_pool(st)
        for _ in range(4):
            st, _ = RULES.apply(st, RULES.to_act(st)[0], Pass())
        n += 1
    assert n == 8 and len(st.round_scores) == 8


# ---------------------------------------------------------------------------------------------- events / views

def test_draw_event_shows_the_tile_only_to_the_drawer():
    st = game(seed=5)
    _, events = RULES.apply(st, 0, Draw())
    mine = events_for(events, 0)[0]
    other = events_for(events, 1)[0]
    spectator = events_for(events, None)[0]
    assert mine.data["tile"] == st.pool[0]
    assert "tile" not in other.data and "tile" not in spectator.data and other.data["seat"] == 0


def test_deal_events_at_round_start_are_private():
    st = empty_pool(game(seed=5))
    events = []
    for seat in range(4):
        st, ev = RULES.apply(st, seat, Pass())
        events += ev
    dealt = [e for e in events if e.kind == "dealt"]
    assert len(dealt) == 4
    for e in dealt:
        assert e.visible_to == frozenset({e.data["seat"]}) and "tiles" not in e.public


def test_view_contents():
    st = game({"hands": [["C9"], None, None, None], "table": [{"owner": 1, "tiles": ["C6", "C7", "DR=C8"]}],
               "opened": [True, True, False, False]})
    v = RULES.view(st, 0)
    assert isinstance(v, RummyView)
    assert v.hand == ("C9#1",) and v.hand_counts == (1, 14, 14, 14) and v.pool_count == 136 - 1 - 42 - 3
    assert v.table[0].owner == 1 and v.table[0].faces == ("C6", "C7", "C8") and v.values == (("DR#1", "C8"),)
    assert v.opened == (True, True, False, False) and v.round_wind == "WN" and v.turn == 0 and v.my_turn
    spectator = RULES.view(st, None)
    assert spectator.hand == () and spectator.hand_counts == v.hand_counts
    fields = set(RummyView.__dataclass_fields__)
    assert not fields & {"pool", "hands", "rng"}


def test_view_is_frozen():
    v = RULES.view(game(), 0)
    with pytest.raises(Exception):
        v.turn = 3


# ---------------------------------------------------------------------------------------------- encoding

def test_encode_decode_round_trip():
    acts = [Draw(), Pass(), PlayTurn((("B1#1", "B2#1", "DR#1"), ("C3#1", "C3#2", "C3#3")), ("B1#1",),
                                     (("DR#1", "B3"),), (("DG#2", "WE#1"),))]
    for a in acts:
        text = RULES.encode_action(a)
        assert RULES.decode_action(text) == a
    with pytest.raises(ValueError):
        RULES.decode_action('{"a":"discard"}')


def test_garbage_play_is_refused_cleanly():
    st = game(seed=2)
    with pytest.raises(IllegalAction):
        RULES.apply(st, 0, PlayTurn(((1, 2, 3),)))
    with pytest.raises(IllegalAction):
        RULES.apply(st, 0, PlayTurn((("B1#1", "B1#1", "B1#1"),)))
    with pytest.raises(IllegalAction):
        RULES.apply(st, 0, PlayTurn(swaps=(("x",),)))


# ---------------------------------------------------------------------------------------------- legal actions

def test_legal_plays_all_pass_the_validator():
    for seed in range(6):
        st = game(seed=seed)
        for step in range(40):
            seat = RULES.to_act(st)[0]
            acts = RULES.legal_actions(st, seat)
            assert acts[0] in (Draw(), Pass())
            for a in acts[1:]:
                assert RULES.check(st, seat, a).ok, RULES.check(st, seat, a).message
            plays = acts[1:]
            st, _ = RULES.apply(st, seat, plays[step % len(plays)] if plays else acts[0])


def test_legal_openings_before_opening():
    st = game({"hands": [["B1", "B2", "B3", "WE", "WE", "WE", "C5"], None, None, None], "opened": [False] * 4})
    acts = RULES.legal_actions(st, 0)
    assert any(isinstance(a, PlayTurn) for a in acts)
    for a in acts[1:]:
        assert RULES.check(st, 0, a).opens


def test_legal_swaps_and_single_additions_after_opening():
    st = game({"hands": [["C4", "C6", "DR#2"], None, None, None], "opened": [True] * 4,
               "table": [{"owner": 3, "tiles": ["C3", "DR#1=C4", "C5"]}]})
    acts = [a for a in RULES.legal_actions(st, 0) if isinstance(a, PlayTurn)]
    assert any(a.swaps == (("DR#1", "C4#1"),) for a in acts)
    assert any(a.played == ("C6#1",) for a in acts)
    assert any(a.values == (("DR#2", "C2"),) for a in acts) or any(a.values == (("DR#2", "C6"),) for a in acts)


# ---------------------------------------------------------------------------------------------- deals

def test_fixed_deal_errors_are_clear():
    with pytest.raises(ValueError, match="only 4"):
        game({"hands": [["B1"] * 5]})
    with pytest.raises(ValueError, match="not a valid set"):
        game({"table": [{"owner": 0, "tiles": ["B1", "B2", "B4"]}]})
    with pytest.raises(ValueError, match="unknown deal key"):
        game({"walls": []})
    with pytest.raises(ValueError, match="used twice"):
        game({"hands": [["B1#1"], ["B1#1"]]})
    with pytest.raises(ValueError, match="write what each dragon"):
        game({"table": [{"owner": 0, "tiles": ["B4", "B5", "DR"]}]})


def test_fixed_deal_explicit_ids_are_respected_before_plain_kinds():
    st = game({"hands": [["B1", "B1#1"]]})
    assert st.hands[0] == ["B1#1", "B1#2"]
    assert all_tiles(st) == sorted(ALL_TILES)


def test_fixed_pool_is_drawn_first():
    st = game({"hands": [["B1"]], "pool": ["WN", "DG"]})
    st, ev = RULES.apply(st, 0, Draw())
    assert "WN#1" in st.hands[0]


# ---------------------------------------------------------------------------------------------- goals

def test_goal_clear_hand():
    st = game({"hands": [["C9"], None, None, None], "table": [{"owner": 0, "tiles": ["C6", "C7", "C8"]}],
               "opened": [True] * 4})
    goal = {"kind": "clear_hand"}
    assert RULES.goal_met(goal, st, 0) is None
    st2, _ = play(st, 0, [["C6#1", "C7#1", "C8#1", "C9#1"]])
    assert RULES.goal_met(goal, st2, 0) is True
    st3, _ = RULES.apply(st, 0, Draw())
    assert RULES.goal_met(goal, st3, 0) is False


def test_goal_go_out_first_and_round_scores():
    st = game({"hands": [["C9"], None, None, None], "table": [{"owner": 0, "tiles": ["C6", "C7", "C8"]}],
               "opened": [True] * 4})
    assert RULES.goal_met({"kind": "go_out_first"}, st, 0) is None
    st2, _ = play(st, 0, [["C6#1", "C7#1", "C8#1", "C9#1"]])
    assert RULES.goal_met({"kind": "go_out_first", "round": 1}, st2, 0) is True
    assert RULES.goal_met({"kind": "go_out_first"}, st2, 1) is False
    assert RULES.goal_met({"kind": "top_round_score"}, st2, 0) is True
    assert RULES.goal_met({"kind": "round_score_at_least", "points": 4}, st2, 0) is True
    assert RULES.goal_met({"kind": "round_score_at_least", "points": 5}, st2, 0) is False
    assert RULES.goal_met({"kind": "round_score_at_least", "points": 5, "round": 2}, st2, 0) is None


def test_goal_open_within_and_win_game():
    st = game({"hands": [["B1", "B2", "B3", "WE", "WE", "WE", "C5"], None, None, None], "opened": [False] * 4})
    g = {"kind": "open_within", "turns": 1}
    assert RULES.goal_met(g, st, 0) is None
    st_draw, _ = RULES.apply(st, 0, Draw())
    assert RULES.goal_met(g, st_draw, 0) is False
    st_open, _ = RULES.apply(st, 0, RULES.legal_actions(st, 0)[1])
    assert RULES.goal_met(g, st_open, 0) is True
    assert RULES.goal_met({"kind": "win_game"}, st, 0) is None


def test_goal_accepts_an_object_with_params():
    class Goal:
        kind = "round_score_at_least"
        params = {"points": -1000}
    st = empty_pool(game(seed=3))
    for s in range(4):
        st, _ = RULES.apply(st, s, Pass())
    assert RULES.goal_met(Goal(), st, 0) is True
    with pytest.raises(ValueError):
        RULES.goal_met({"kind": "collect_stamps"}, st, 0)
