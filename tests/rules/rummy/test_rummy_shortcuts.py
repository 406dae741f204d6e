"""The speed shortcuts give the same answers as the long way: a kept verdict, the direct encoding,
the table facts kept between turns, the TableSets kept through a turn and Normal's kept can_make_set."""

from rummy_helpers import game
from game.core.protocol import IllegalAction
from game.rules.rummy import RULES, Draw, Pass, PlayTurn, check_turn
from game.rules.rummy.turn import check_play
from game.rules.rummy.actions import CODEC, plainly_well_formed

import pytest
from hypothesis import HealthCheck, given, settings, strategies as hst

OPEN = [True] * 4


def T(owner, *tiles):
    return {"owner": owner, "tiles": list(tiles)}


def position():
    """North holds B4#1 and B9#1; the table has one run of his and one group of East's."""
    return game({"hands": [["B4#1", "B9#1", "C1#1"], [], [], []], "opened": OPEN, "turn": 0,
                 "table": [T(0, "B1#1", "B2#1", "B3#1"), T(1, "D5#1", "D5#2", "D5#3")]})


ADD_B4 = ((("B1#1", "B2#1", "B3#1", "B4#1"), ("D5#1", "D5#2", "D5#3")))


def test_a_kept_verdict_still_refuses_a_wrong_played_claim():
    st = position()
    view = RULES.view(st, 0)
    ok = RULES.check(view, 0, PlayTurn(ADD_B4))                     # the bot's check: kept
    assert ok.ok and ok.played == ("B4#1",)
    assert RULES.check(st, 0, PlayTurn(ADD_B4, ("B4#1",))) is ok    # same play, matching claim: the kept one
    wrong = RULES.check(st, 0, PlayTurn(ADD_B4, ("B9#1",)))
    assert not wrong.ok and wrong.rule == "TILES"
    with pytest.raises(IllegalAction):
        RULES.apply(st, 0, PlayTurn(ADD_B4, ("B9#1",)))
    # and the long way agrees with the kept verdict
    full = check_turn(st.table, st.values, st.hands[0], 0, True, ADD_B4)
    assert full == ok


def test_a_verdict_is_not_reused_for_another_hand_or_seat():
    st = position()
    RULES.check(st, 0, PlayTurn(ADD_B4))
    other = game({"hands": [["B9#1", "C1#1"], ["B4#1"], [], []], "opened": OPEN, "turn": 0,
                  "table": [T(0, "B1#1", "B2#1", "B3#1"), T(1, "D5#1", "D5#2", "D5#3")]})
    v = RULES.check(other, 0, PlayTurn(ADD_B4))
    assert not v.ok and v.rule == "TILES"


def test_direct_encoding_is_the_codecs_text():
    st = position()
    actions = RULES.legal_actions(st, 0) + [Draw(), Pass(), PlayTurn(), PlayTurn(ADD_B4, (), (("DR#1", "B5"),),
                                                                                  (("DR#2", "B4#1"),))]
    # strings json must escape (never tile ids, but a play may hold anything): still json's own text
    actions += [PlayTurn((("B1#1",), ()), ('x"y',)), PlayTurn((('a","b',),)), PlayTurn((("é\\",),), (), (("t", "\n"),))]
    for a in actions:
        assert plainly_well_formed(a)
        assert RULES.encode_action(a) == CODEC.encode(a)
        assert RULES.decode_action(RULES.encode_action(a)) == a


def test_not_plain_actions_go_the_long_way():
    class Tiles(tuple):
        pass
    odd = PlayTurn((Tiles(("B1#1", "B2#1", "B3#1", "B4#1")), ("D5#1", "D5#2", "D5#3")))
    assert not plainly_well_formed(odd)
    assert RULES.encode_action(odd) == CODEC.encode(odd)
    bad = PlayTurn((("B1#1", 7),))
    assert not plainly_well_formed(bad)
    with pytest.raises(IllegalAction):
        RULES.apply(position(), 0, bad)
    # a play sharing a checked play's tuples is plain only if its own `played` list is
    good = PlayTurn(ADD_B4)
    assert plainly_well_formed(good)
    assert plainly_well_formed(PlayTurn(good.table, ("B4#1",), good.values, good.swaps))
    assert not plainly_well_formed(PlayTurn(good.table, ("B4#1", 7), good.values, good.swaps))
    assert not plainly_well_formed(PlayTurn(good.table, ["B4#1"], good.values, good.swaps))


def test_untouched_sets_keep_their_object_and_views_follow_the_table():
    st = position()
    after, _ = RULES.apply(st, 0, PlayTurn(ADD_B4))
    assert after.table[1] is st.table[1]                              # East's group left alone
    assert after.table[0].tiles == ("B1#1", "B2#1", "B3#1", "B4#1")
    v_before, v_after = RULES.view(st, 0), RULES.view(after, 0)
    assert [s.tiles for s in v_after.table] == [s.tiles for s in after.table]
    assert [s.tiles for s in v_before.table] == [s.tiles for s in st.table]
    assert RULES.view(st, 0) == v_before                              # asking again: the same view


def test_legal_plays_follow_the_table_from_turn_to_turn():
    st = position()
    bigger = game({"hands": [["B4#1", "B9#1", "C1#1"], [], [], []], "opened": OPEN, "turn": 0,
                   "table": [T(0, "B1#1", "B2#1", "B3#1"), T(1, "D5#1", "D5#2", "D5#3"),
                             T(2, "C2#1", "C3#1", "C4#1")]})
    for state, n_sets, plays in ((st, 2, {"B4#1"}), (bigger, 3, {"B4#1", "C1#1"}), (st, 2, {"B4#1"})):
        legal = RULES.legal_actions(state, 0)
        assert all(len(a.table) == n_sets for a in legal[1:])
        assert {t for a in legal[1:] for t in a.played} == plays
        assert all(RULES.check(state, 0, a).ok for a in legal[1:])


# --------------------------------------------------------------------------- the legal list made on demand

def _eager(st, seat):
    from game.rules.rummy.moves import simple_plays
    return [Draw() if st.pool else Pass()] + simple_plays(st.hands[seat], st.table, st.values, st.opened[seat])


def test_the_lazy_legal_list_holds_what_the_eager_one_did_through_a_game():
    from game.core.protocol import SeatConfig, Setup
    from game.core.rng import GameRng
    st = RULES.new_game(Setup("rummy", tuple(SeatConfig("bot") for _ in range(4)), {}, 7))
    rng = GameRng("lazy-legal")
    plays = 0
    for _ in range(160):
        if st.finished:
            break
        seat = st.turn
        legal = RULES.legal_actions(st, seat)
        assert legal[0] == (Draw() if st.pool else Pass())
        assert legal._rest is not None                 # reading the head made nothing else
        eager = _eager(st, seat)
        assert legal == eager and list(legal) == eager and len(legal) == len(eager)
        assert RULES.legal_actions(st, (seat + 1) % 4) == []
        # mostly the biggest play (to open and reach the after-opening plays), sometimes a random one
        choice = legal[rng.randint(0, len(legal) - 1)] if rng.random() < 0.3 else legal[-1]
        plays += isinstance(choice, PlayTurn)
        st, _ = RULES.apply(st, seat, choice)
    assert plays >= 5 and any(st.opened)


def test_the_lazy_legal_list_behaves_as_a_list():
    import copy
    st = position()
    eager = _eager(st, 0)
    assert len(eager) >= 2

    def fresh():
        return RULES.legal_actions(st, 0)

    assert fresh() and fresh()[0] == Draw()
    it = iter(fresh())
    assert next(it) == Draw()
    assert isinstance(fresh(), list)
    assert fresh() == eager and eager == fresh() and fresh() == fresh() and not fresh() != eager
    assert fresh()[-1] == eager[-1] and fresh()[1:] == eager[1:]
    assert [Pass()] + fresh() == [Pass()] + eager and fresh() + [Pass()] == eager + [Pass()]
    assert repr(fresh()) == repr(eager) and str(fresh()) == str(eager)
    assert copy.copy(fresh()) == eager and type(copy.deepcopy(fresh())) is list
    assert eager[-1] in fresh() and fresh().index(eager[-1]) == eager.index(eager[-1])
    assert sorted(fresh(), key=repr) == sorted(eager, key=repr) and tuple(fresh()) == tuple(eager)
    grown = fresh()
    grown.append(Pass())
    assert grown == eager + [Pass()]


# --------------------------------------------------------------------------- set answers from the shape

def test_set_answers_match_their_definitions_in_any_tile_order():
    """natural_extensions and added_dragon_values are cached on the set's shape: in whatever order a set's
    tiles come, they still say what is_valid and value_options say of the set plus one tile."""
    import random
    from game.rules.rummy.sets import (added_dragon_values, dragon_never_fits, find_sets, is_valid,
                                       natural_extensions, value_options)
    from game.rules.rummy.tiles import ALL_TILES, DR, TILE_KIND
    rng = random.Random(11)
    dragons = [t for t in ALL_TILES if TILE_KIND[t] >= DR]
    checked = never = 0
    for _ in range(150):
        hand = rng.sample(ALL_TILES, 16)
        for fs in find_sets(hand)[:6]:
            tiles = list(fs.tiles)
            rng.shuffle(tiles)
            values = dict(fs.values)
            spare = [t for t in ALL_TILES if t not in tiles]
            fits = natural_extensions(tuple(tiles), values)
            for t in rng.sample([t for t in spare if TILE_KIND[t] < DR], 12):
                assert (TILE_KIND[t] in fits) == is_valid(tiles + [t], values)
            d = rng.choice([x for x in dragons if x not in tiles])
            want = tuple(o[d] for o in value_options(tiles + [d], values))
            assert added_dragon_values(tuple(tiles), values, d) == want
            for d in rng.sample([x for x in dragons if x not in tiles], 6):
                if dragon_never_fits(tiles, TILE_KIND[d]):
                    never += 1
                    assert added_dragon_values(tuple(tiles), values, d) == ()
            checked += 1
    assert checked > 200 and never > 200


def test_a_views_sets_are_shown_as_made_afresh():
    """Views reuse the last table's ShownSets for TableSet objects a play kept; a dragon whose value
    is not the same any more is shown with its new value."""
    from game.core.protocol import SeatConfig, Setup
    from game.core.rng import GameRng
    from game.rules.rummy.sets import check_set
    from game.rules.rummy.views import ShownSet

    def fresh(st):
        return tuple(ShownSet(tuple(s.tiles), s.owner, check_set(s.tiles, st.values).kind,
                              check_set(s.tiles, st.values).faces) for s in st.table)

    def fresh_values(st):                # the dragons' values on the table, every tile looked at
        on_table = {t for s in st.table for t in s.tiles}
        return tuple(sorted((t, v) for t, v in st.values.items() if t in on_table))

    st = RULES.new_game(Setup("rummy", tuple(SeatConfig("bot") for _ in range(4)), {}, 9))
    rng = GameRng("views")
    for _ in range(200):
        if st.finished:
            break
        assert RULES.view(st, st.turn).table == fresh(st)
        assert RULES.view(st, st.turn).values == fresh_values(st)
        legal = RULES.legal_actions(st, st.turn)
        st, _ = RULES.apply(st, st.turn, legal[-1] if rng.random() < 0.8 else legal[0])
    # the same set objects, a dragon standing for another tile: shown anew
    a = game({"hands": [["C1#1"], [], [], []], "opened": OPEN, "turn": 0,
              "table": [T(0, "B1#1", "B2#1", "DR#1=B3"), T(1, "D5#1", "D5#2", "D5#3")]})
    assert RULES.view(a, 0).table[0].faces == ("B1", "B2", "B3")
    b = a.copy()
    b.values = {"DR#1": "B4"}            # not a valid set any more, but shown as it now stands
    assert RULES.view(b, 0).table[0].faces == fresh(b)[0].faces == ("B1", "B2", "B4")
    assert RULES.view(b, 0).table == fresh(b)
    # values the state holds for tiles not on the table (or for a non-dragon) are not shown as a dragon's
    c = b.copy()
    c.values = {"DR#1": "B4", "DR#2": "B7"}
    assert RULES.view(c, 0).values == fresh_values(c) == (("DR#1", "B4"),)
    c.values = {"DR#1": "B4", "B1#1": "B1", "B9#4": "B9"}
    assert RULES.view(c, 0).values == fresh_values(c) == (("B1#1", "B1"), ("DR#1", "B4"))


def test_normal_asks_can_make_set_once_per_hand_with_the_same_answers():
    import random
    from game.bots.rummy.bots import _can_make_set
    from game.rules.rummy.sets import can_make_set
    from game.rules.rummy.tiles import ALL_TILES
    rng = random.Random(5)
    hands = [rng.sample(ALL_TILES, rng.randint(1, 14)) for _ in range(60)]
    for hand in hands + hands[::-1] + [hands[0], list(hands[0]), tuple(hands[0])]:
        assert _can_make_set(hand) == can_make_set(hand)


def test_a_plays_log_text_is_jsons_with_empty_sets_and_every_field():
    plays = [PlayTurn((("B1#1", "B2#1", "B3#1"), ()), ()), PlayTurn((), ("B4#1",)),
             PlayTurn(ADD_B4, ("B4#1",), (("DR#1", "B5"), ("DW#2", "C3")), (("DR#2", "B4#1"), ("DG#1", "WN#1"))),
             PlayTurn(((), (), ("B1#1",)))]
    for a in plays:
        assert plainly_well_formed(a)
        assert RULES.encode_action(a) == CODEC.encode(a)


def test_block_has_set_says_what_the_set_patterns_say():
    import random
    from game.rules.rummy.sets import _suit_groups, _suit_runs, _wind_patterns, block_has_set
    rng = random.Random(3)
    seen = set()
    for _ in range(6000):
        block = rng.randrange(4)
        size = 9 if block < 3 else 4
        counts = tuple(rng.choice((0, 0, 0, 1, 1, 2, 3, 4)) for _ in range(size)) if rng.random() < 0.9 else (0,) * size
        reds, whites, greens = rng.randint(0, 3), rng.randint(0, 3), rng.randint(0, 3)
        if block < 3:
            want = bool(_suit_groups(block, counts, whites) or _suit_runs(block, counts, reds))
        else:
            want = bool(_wind_patterns(counts, greens))
        assert block_has_set(block, counts, reds, whites, greens) == want, (block, counts, reds, whites, greens)
        seen.add(want)
    assert seen == {True, False}


def test_natural_extensions_of_a_shape_are_every_kind_classify_accepts():
    """_shape_extensions looks only at kinds next to the faces of a numbered set: the others never fit."""
    import random
    from game.rules.rummy.sets import _shape_extensions, classify
    from game.rules.rummy.tiles import DG, DR, DW
    rng = random.Random(8)
    for _ in range(3000):
        base = 9 * rng.randrange(3)
        nat = tuple(sorted(base + rng.randrange(9) for _ in range(rng.randint(1, 5))))
        dr = tuple(sorted((rng.choice((DR, DW, DG)), rng.choice((-1, base + rng.randrange(9), 28)))
                          for _ in range(rng.choice((0, 0, 1, 2)))))
        want = frozenset(k for k in range(34) if k < DR and classify(tuple(sorted(nat + (k,))), dr)[0])
        assert _shape_extensions(nat, dr) == want, (nat, dr)


def _bot_plays(seeds, moves=300):
    """(view, play) for every play Normal bots make through games of these seeds."""
    from game.bots.rummy.bots import NormalBot
    from game.core.protocol import SeatConfig, Setup
    from game.core.rng import GameRng
    for seed in seeds:
        st = RULES.new_game(Setup("rummy", tuple(SeatConfig("bot") for _ in range(4)), {}, seed))
        bot, rng = NormalBot(), GameRng(seed)
        for _ in range(moves):
            if st.finished:
                break
            view = RULES.view(st, st.turn)
            action = bot.choose(view, RULES.legal_actions(st, st.turn), rng)
            if isinstance(action, PlayTurn):
                yield view, action
            st, _ = RULES.apply(st, st.turn, action)


def test_sets_kept_whole_give_the_verdicts_of_the_tile_by_tile_check(monkeypatch):
    """check_turn takes sets a play left as they were as a whole (with dragon swaps too): the same
    verdicts as looking at every tile, for the bots' plays and for plays spoilt at random."""
    import random
    from game.rules.rummy import turn
    rng = random.Random(11)
    cases = []
    for view, play in _bot_plays((21, 22, 23)):
        table = [list(s) for s in play.table]
        cases.append((view, play.table, play.swaps, play.values))
        for _ in range(3):                   # spoilt: a tile moved, dropped or doubled; a swap's tile changed
            t2 = [list(s) for s in table]
            i, j = rng.randrange(len(t2)), rng.randrange(len(t2))
            how = rng.randrange(4)
            if how == 0 and t2[i]:
                t2[j].append(t2[i].pop(rng.randrange(len(t2[i]))))
            elif how == 1 and t2[i]:
                t2[i].pop(rng.randrange(len(t2[i])))
            elif how == 2 and t2[i]:
                t2[j].append(rng.choice(t2[i]))
            swaps = play.swaps
            in_play = [t for s in view.table for t in s.tiles]
            if in_play and (how == 3 or (swaps and rng.random() < 0.3)):
                swaps = tuple((d, rng.choice(view.hand)) for d, _n in swaps) or ((rng.choice(in_play),
                                                                                 rng.choice(view.hand)),)
            cases.append((view, tuple(tuple(s) for s in t2), swaps, play.values))
        for d, nat in play.swaps:            # a swap declared, but the dragon's set left as it was
            cases.append((view, tuple(tuple(d if t == nat else t for t in s) for s in play.table), play.swaps,
                          play.values))
    swapping = sum(1 for c in cases if c[2])
    assert len(cases) > 300 and swapping > 30
    cases = [(v.table, v.values_dict(), v.hand, v.seat, v.opened[v.seat], table, swaps, values)
             for v, table, swaps, values in cases]
    # made by hand: a swapped-in tile that is in play too (a hand holding a tile of the table)
    old = [(("B1#1", "B2#1", "DR#1"), 1), (("B3#1", "B3#2", "B3#3"), 2), (("C4#1", "C5#1", "C6#1"), 3)]
    for new in ([("B1#1", "B2#1", "B3#1"), ("B3#1", "B3#2", "B3#3"), ("C4#1", "C5#1", "C6#1", "C7#1")],
                [("B1#1", "B2#1", "B3#1"), ("B3#2", "B3#3", "B3#4"), ("C4#1", "C5#1", "C6#1")],
                [("B1#1", "B2#1", "DR#1"), ("B3#1", "B3#2", "B3#3"), ("C4#1", "C5#1", "C6#1", "C7#1")]):
        for before in (old, old[::-1]):
            cases.append((before, {"DR#1": "B3"}, ("B3#1", "B3#4", "C7#1"), 0, True, new, (("DR#1", "B3#1"),), ()))
            cases.append((before, {"DR#1": "B3"}, ("B3#4", "C7#1"), 0, True, new, (("DR#1", "B3#4"),), ()))

    def verdicts():
        return [check_turn(table, values, hand, seat, opened, new, (), new_values, swaps)
                for table, values, hand, seat, opened, new, swaps, new_values in cases]

    fast = verdicts()
    monkeypatch.setattr(turn, "KEEP_SETS", False)
    slow = verdicts()
    assert fast == slow
    assert sum(1 for v in fast if v.ok) > 100 and sum(1 for v in fast if not v.ok) > 100


_POSITIONS: list = []


def _positions() -> list:
    """Views (and the plays Normal made from them) of a few Normal games, made once."""
    if not _POSITIONS:
        _POSITIONS.extend(_bot_plays((31, 32)))
    return _POSITIONS


def _long_and_short(view, table, played=(), new_values=(), swaps=()):
    from game.rules.rummy import turn
    args = (list(view.table), view.values_dict(), view.hand, view.seat, view.opened[view.seat], table, played,
            new_values, swaps)
    return turn._check_turn(*args), turn._extension_verdict(*args)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(hst.data())
def test_plays_that_extend_the_table_get_the_long_ways_verdict(data):
    """_extension_verdict gives _check_turn's verdict whenever it gives one: for the bots' plays and
    for plays made at random from the same positions (hand tiles put after sets or in new sets,
    dragons swapped, values declared, tiles dropped or doubled, a wrong `played` list)."""
    positions = _positions()
    view, play = positions[data.draw(hst.integers(0, len(positions) - 1))]
    slow, fast = _long_and_short(view, play.table, play.played, play.values, play.swaps)
    assert slow.ok and (fast is None or fast == slow)       # None: the long way (a six-run opening, say)
    from game.rules.rummy.sets import added_dragon_values, find_sets, is_valid
    table = [list(s.tiles) for s in view.table]
    hand = list(view.hand)
    values = view.values_dict()
    swaps = []
    opened = view.opened[view.seat]
    for si, s in enumerate(view.table):          # dragon swaps (once opened, or spoilt)
        for d in s.tiles:
            used = [n for _d, n in swaps]
            right = [t for t in hand if t.split("#")[0] == values.get(d) and t not in used]
            if d in values and (right or data.draw(hst.integers(0, 20)) == 0) and data.draw(hst.booleans()):
                nat = right[0] if right and (opened or data.draw(hst.integers(0, 9)) == 0) else data.draw(hst.sampled_from(hand))
                swaps.append((d, nat))
                table[si] = [nat if t == d else t for t in table[si]]
                if nat in hand:
                    hand.remove(nat)
                hand.append(d)
                values.pop(d, None)
    new_sets: list[list[str]] = []
    new_values = []
    found = find_sets(hand)
    if found and data.draw(hst.booleans()):      # new sets from the hand (overlapping ones spoil the play)
        for fs in data.draw(hst.lists(hst.sampled_from(found), max_size=3)):
            new_sets.append(list(fs.tiles))
            new_values += fs.values
            values.update(fs.values)
    for t in data.draw(hst.permutations(hand)):  # hand tiles after sets in play, where they fit
        if not table or not data.draw(hst.booleans()) or (not opened and data.draw(hst.integers(0, 9))):
            continue
        if t.startswith("D") and t[1] in "RGW":
            fits = [(j, v) for j, s in enumerate(table) for v in added_dragon_values(s, values, t)[:1]]
            if fits:
                j, v = data.draw(hst.sampled_from(fits))
                table[j].append(t)
                values[t] = v
                new_values.append((t, v))
            continue
        fits = [j for j, s in enumerate(table) if t not in s and is_valid(s + [t], values)]
        if fits:
            table[data.draw(hst.sampled_from(fits))].append(t)
    new = [tuple(s) for s in table + new_sets]
    played = ()
    spoil = data.draw(hst.integers(0, 12)) if new and hand else 0    # now and then one thing wrong
    if spoil == 1 and new[-1]:
        new[-1] = new[-1][:-1]                   # a tile dropped
    elif spoil == 2 and new[0]:
        new[-1] = new[-1] + (new[0][0],)         # a tile twice
    elif spoil == 3:
        new[data.draw(hst.integers(0, len(new) - 1))] += (data.draw(hst.sampled_from(hand)),)
    elif spoil == 4 and new_values:
        new_values[0] = (new_values[0][0], data.draw(hst.sampled_from(("b4", "DR", "XX", "WE", "C1"))))
    elif spoil == 5:
        new.append(())                          # an empty set
    elif spoil == 6:
        new.insert(0, new.pop())                # a set moved
    elif spoil in (7, 8):                      # a `played` list, right or wrong
        slow, _ = _long_and_short(view, tuple(new), (), tuple(new_values), tuple(swaps))
        played = slow.played if spoil == 7 else tuple(hand[:1])
    slow, fast = _long_and_short(view, tuple(new), played, tuple(new_values), tuple(swaps))
    if fast is not None:
        assert fast == slow and fast.ok and fast.values == slow.values
        assert list(fast.values) == list(slow.values)        # the same order, too


def test_the_extension_verdict_takes_most_of_the_bots_plays():
    taken = sum(1 for view, play in _positions()
                if _long_and_short(view, play.table, (), play.values, play.swaps)[1] is not None)
    assert taken >= 0.9 * len(_positions()) and any(play.swaps for _view, play in _positions())


def test_a_lone_red_dragons_values_are_those_every_value_of_its_suit_gives(monkeypatch):
    """value_options tries only the values next to a set's faces for one undeclared Red Dragon: the
    same options as trying every value of the suit, for sets of every shape."""
    import random
    from game.rules.rummy import sets
    rng = random.Random(3)
    shapes = []
    for _ in range(3000):
        naturals = [rng.choice(range(27 + 4)) if rng.random() < 0.1 else rng.choice(range(9)) + 9 * rng.randrange(3)
                    for _ in range(rng.randint(0, 5))]
        fixed = [(rng.choice((sets.DR, sets.DW, sets.DG)), rng.randrange(31)) for _ in range(rng.randint(0, 2))]
        shape = tuple(rng.sample([(k, -1) for k in naturals] + fixed + [(sets.DR, -1)], len(naturals) + len(fixed) + 1))
        shapes.append((shape, rng.random() < 0.95, rng.choice((1, 4, 64))))
    # and every run and group of one suit with a red to place
    for lo in range(9):
        for hi in range(lo, min(9, lo + 5)):
            shapes.append((tuple((k, -1) for k in range(lo, hi + 1)) + ((sets.DR, -1),), True, 64))
        shapes.append((((lo, -1),) * 3 + ((sets.DR, -1),), True, 64))
    sets._value_combos.cache_clear()
    short = [sets._value_combos(*s) for s in shapes]
    monkeypatch.setattr(sets, "RED_WINDOW", False)
    sets._value_combos.cache_clear()
    long = [sets._value_combos(*s) for s in shapes]
    sets._value_combos.cache_clear()
    assert short == long
    assert sum(1 for x in long if x) > 40


def test_the_rules_prompt_is_the_default_one_through_a_game():
    """RULES.prompt hands out one shared Prompt per seat: what default_prompt would make without it."""
    from game.core.protocol import Prompt, SeatConfig, Setup
    st = RULES.new_game(Setup("rummy", tuple(SeatConfig("bot") for _ in range(4)), {}, 4))
    for _ in range(60):
        assert RULES.prompt(st) == Prompt(tuple(RULES.to_act(st)), "turn")
        st, _ = RULES.apply(st, st.turn, Draw() if st.pool else Pass())
    st.finished = True
    assert RULES.prompt(st) == Prompt((), "turn")


def test_the_move_generators_load_when_first_asked_for():
    import importlib
    import game.rules.rummy as rummy
    from game.rules.rummy import moves
    assert rummy.simple_plays is moves.simple_plays and rummy.plays_for_view is moves.plays_for_view
    assert importlib.import_module("game.bots.rummy.search").TurnSearch is importlib.import_module(
        "game.bots.rummy.turnsearch").TurnSearch
    assert importlib.import_module("game.bots.rummy.search").BlockSearch is importlib.import_module(
        "game.bots.rummy.blocksearch").BlockSearch


def test_normal_self_play_loads_none_of_the_parts_it_never_uses():
    """Compiling what a run imports is a fixed part of every headless run: a game of Normal bots
    (random deal) loads neither Hard nor its searches, the fixed-deal parser or the borrowing plays."""
    import subprocess
    import sys
    from pathlib import Path
    code = ("import sys; from game.sim import run; run('rummy', 1, 3, ['normal'] * 4, {}); "
            "print(' '.join(m for m in ('game.bots.rummy.blocksearch', 'game.bots.rummy.turnsearch', "
            "'game.bots.rummy.hard', 'game.rules.rummy.deal', 'game.rules.rummy.borrows') if m in sys.modules))")
    root = Path(__file__).resolve().parents[3]
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root)
    assert out.stdout.split() == []


def test_a_view_is_the_one_its_constructor_makes():
    import dataclasses
    from game.core.protocol import SeatConfig, Setup
    from game.rules.rummy.views import RummyView
    st = RULES.new_game(Setup("rummy", tuple(SeatConfig("bot") for _ in range(4)), {}, 6))
    for _ in range(30):
        for seat in (None, 0, 1, 2, 3):
            view = RULES.view(st, seat)
            again = RummyView(**{f.name: getattr(view, f.name) for f in dataclasses.fields(RummyView)})
            assert view == again and hash(view) == hash(again) and vars(view) == vars(again)
            assert list(vars(view)) == list(vars(again)) and repr(view) == repr(again)
        st, _ = RULES.apply(st, st.turn, Draw() if st.pool else Pass())


def test_a_move_leaves_every_earlier_state_as_it_was():
    """apply shares the parts a move doesn't change with the state before it (State.successor):
    through whole games with round ends, no state changes after it was made."""
    import copy
    from game.bots.rummy.bots import NormalBot
    from game.core.protocol import SeatConfig, Setup
    from game.core.rng import GameRng

    def snapshot(st):
        return copy.deepcopy({k: v for k, v in vars(st).items() if k != "rng"})

    for seed in (41,):
        st = RULES.new_game(Setup("rummy", tuple(SeatConfig("bot") for _ in range(4)), {}, seed))
        bot, rng = NormalBot(), GameRng(seed)
        states = [(st, snapshot(st))]
        while not st.finished:
            action = bot.choose(RULES.view(st, st.turn), RULES.legal_actions(st, st.turn), rng)
            st, _ = RULES.apply(st, st.turn, action)
            states.append((st, snapshot(st)))
        assert len(states) > 100 and len(st.round_scores) == len(st.went_out) == 4
        for st, snap in states:
            assert snapshot(st) == snap


_KIND = hst.integers(0, 30)                          # a natural kind: numbered tiles and winds
_DRAGON = hst.tuples(hst.sampled_from((31, 32, 33)), hst.integers(-1, 33))   # (DR/DG/DW, value or -1)


@settings(max_examples=400, deadline=None)
@given(hst.lists(_KIND, max_size=6), hst.lists(_DRAGON, max_size=3), hst.integers(0, 2))
def test_is_set_shape_is_classifys_yes_or_no(nat, dragons, suit):
    """The shortcut without reasons agrees with classify on any shape (also close ones: one suit's
    neighbouring ranks, where runs, gaps and repeats are)."""
    from game.rules.rummy.sets import classify, is_set_shape
    for naturals in (nat, [9 * suit + k % 5 for k in nat], [27 + k % 4 for k in nat]):
        shape = (tuple(sorted(naturals)), tuple(sorted(dragons)))
        assert is_set_shape(*shape) == classify(*shape)[0], shape


def test_is_set_shape_agrees_with_classify_on_every_small_set():
    from itertools import combinations_with_replacement
    from game.rules.rummy.sets import classify, is_set_shape
    from game.rules.rummy.tiles import DG, DR, DW
    dragons = [()] + [((d, v),) for d in (DR, DG, DW) for v in (-1, 0, 4, 8, 9, 27, 29)]
    for n in (2, 3, 4):
        for nat in combinations_with_replacement([0, 1, 2, 3, 8, 9, 27, 28, 29, 30], n):
            for dr in dragons:
                assert is_set_shape(nat, dr) == classify(nat, dr)[0], (nat, dr)


def _check_set_long_way(tiles, values):
    """check_set as it was written before its answers were kept by shape."""
    from game.rules.rummy.sets import SetCheck, classify, shape
    from game.rules.rummy.tiles import DR, KINDS, TILE_KIND
    bad = [t for t in tiles if t not in TILE_KIND]
    if bad:
        return SetCheck(False, "", f"{bad[0]!r} is not a tile", tuple("?" for _ in tiles))
    if len(set(tiles)) != len(tiles):
        return SetCheck(False, "", "the same tile appears twice", tuple("?" for _ in tiles))
    faces = tuple(values.get(t, "?") if TILE_KIND[t] >= DR else KINDS[TILE_KIND[t]] for t in tiles)
    nat, dr = shape(tiles, values)
    ok, k, reason = classify(nat, dr)
    return SetCheck(ok, k, reason, faces, (not ok) and any(v < 0 for _, v in dr))


_NEAR_KINDS = ("B3", "B4", "B5", "B6", "C4", "WE", "WS", "WN", "DR", "DG", "DW")


@settings(max_examples=300, deadline=None)
@given(hst.lists(hst.tuples(hst.sampled_from(_NEAR_KINDS), hst.integers(1, 4)), max_size=6),
       hst.lists(hst.sampled_from(("B2", "B4", "B7", "C4", "WE", "WS", "DR", "XX", None)), min_size=6, max_size=6),
       hst.booleans())
def test_check_set_kept_by_shape_says_what_the_long_way_says(picks, decl, odd):
    """check_set's answers are kept by the tiles' kinds in order and the dragons' values: for any tiles
    (a tile twice, an unknown id, dragons with and without values) it says what it said before, and
    the same shape made of other copies gets its own right answer."""
    from game.rules.rummy.sets import check_set
    tiles = [f"{k}#{c}" for k, c in picks] + (["ZZ#1"] if odd and picks else [])
    values = {t: v for t, v in zip(tiles, decl) if t.startswith("D") and v is not None}
    assert check_set(tiles, values) == _check_set_long_way(tiles, values)
    other = [f"{t.split('#')[0]}#{5 - int(t.split('#')[1])}" for t in tiles]      # other copies, same kinds
    other_values = {f"{t.split('#')[0]}#{5 - int(t.split('#')[1])}": v for t, v in values.items()}
    assert check_set(other, other_values) == _check_set_long_way(other, other_values)


def test_events_and_verdicts_made_directly_are_those_their_constructors_make():
    """apply's events and the extension verdicts are put together without their frozen constructors:
    through a game of Normal bots each is what Event(...) / Verdict(...) make of the same fields."""
    import dataclasses
    from game.bots.rummy.bots import NormalBot
    from game.core.protocol import Event, FrozenDict, SeatConfig, Setup
    from game.core.rng import GameRng
    from game.rules.rummy.turn import Verdict
    st = RULES.new_game(Setup("rummy", tuple(SeatConfig("bot") for _ in range(4)), {}, 12))
    bot, rng = NormalBot(), GameRng(12)
    kinds = set()
    for _ in range(400):
        if st.finished:
            break
        view = RULES.view(st, st.turn)
        action = bot.choose(view, RULES.legal_actions(st, st.turn), rng)
        if isinstance(action, PlayTurn):
            v = RULES.check(view, st.turn, action)
            again = Verdict(**{f.name: getattr(v, f.name) for f in dataclasses.fields(Verdict)})
            assert v == again and vars(v) == vars(again) and list(vars(v)) == list(vars(again))
        st, events = RULES.apply(st, st.turn, action)
        for e in events:
            again = Event(e.kind, e.data, e.visible_to, e.public)
            assert e == again and vars(e) == vars(again) and list(vars(e)) == list(vars(again))
            assert type(e.data) is FrozenDict and (e.public is None or type(e.public) is FrozenDict)
            assert hash(e.data) == hash(again.data) and e.for_seat(0) == again.for_seat(0)
            kinds.add(e.kind)
    assert {"drew", "played"} <= kinds


def test_the_extensions_of_a_set_without_dragons_are_what_classify_accepts():
    """_shape_extensions tells the kinds that fit a dragon-free run, identical tiles or different winds
    straight from the shape: the same kinds classify accepts, on every small shape and every run."""
    from itertools import combinations_with_replacement
    from game.rules.rummy.sets import _shape_extensions, classify
    from game.rules.rummy.tiles import DR
    shapes = [nat for n in (3, 4) for nat in combinations_with_replacement((0, 1, 2, 3, 4, 6, 7, 8, 9, 27, 28, 29, 30), n)]
    shapes += [tuple(range(lo, lo + n)) for n in range(5, 10) for lo in range(0, 10 - n)]
    for nat in shapes:
        want = frozenset(k for k in range(DR) if classify(tuple(sorted(nat + (k,))), ())[0])
        assert _shape_extensions.__wrapped__(nat, ()) == want, nat


@settings(max_examples=300, deadline=None)
@given(hst.lists(hst.integers(0, 30), min_size=1, max_size=5), hst.lists(hst.tuples(hst.sampled_from((31, 32, 33)),
       hst.integers(0, 30)), max_size=2), hst.booleans(), hst.integers(0, 2))
def test_a_lone_white_dragons_values_are_every_value_classify_accepts(nat, fixed, unique, suit):
    """_value_combos answers a lone undeclared White Dragon next to two kinds of numbered tile at once
    (none fits): on any shape it gives the values classify accepts, in order."""
    from game.rules.rummy.sets import _value_combos, classify
    from game.rules.rummy.tiles import DW
    for naturals in (nat, [9 * suit + k % 3 for k in nat]):
        shape = tuple(sorted((k, -1) for k in naturals)) + tuple(sorted(fixed)) + ((DW, -1),)
        want = tuple((v,) for v in range(34) if unique and v < DW - 2
                     and classify(tuple(sorted(naturals)), tuple(sorted(fixed + [(DW, v)])))[0])
        assert _value_combos.__wrapped__(shape, unique, 64) == want, shape


def test_the_kept_verdict_answers_only_the_same_check():
    """check_play keeps the last verdict and finds it again by comparing what it read: through whole
    games every bot play is checked from the view and then on the state (as the bot and apply do),
    then against the same table with a dragon's value changed, another hand, another seat and with
    an unopened hand; each answer is check_turn's (the long way)."""
    from game.bots.rummy.bots import NormalBot
    from game.core.protocol import SeatConfig, Setup
    from game.core.rng import GameRng
    from game.rules.rummy.tiles import KINDS
    checked = revalued = 0
    for seed in (3, 4):
        st = RULES.new_game(Setup("rummy", tuple(SeatConfig("bot") for _ in range(4)), {}, seed))
        bot, rng = NormalBot(), GameRng(seed)
        while not st.finished:
            seat = st.turn
            action = bot.choose(RULES.view(st, seat), RULES.legal_actions(st, seat), rng)
            if isinstance(action, PlayTurn):
                args = (action.table, action.played, action.values, action.swaps)
                want = check_turn(st.table, st.values, st.hands[seat], seat, st.opened[seat], *args)
                assert RULES.check(RULES.view(st, seat), seat, action) == want
                assert RULES.check(st, seat, action) == want
                variants = [(st.values, st.hands[(seat + 1) % 4], seat, st.opened[seat]),
                            (st.values, st.hands[seat], (seat + 1) % 4, st.opened[seat]),
                            (st.values, st.hands[seat], seat, not st.opened[seat])]
                for d, v in st.values.items():      # a dragon on the table standing for another kind
                    variants.append(({**st.values, d: KINDS[(KINDS.index(v) + 1) % 27]}, st.hands[seat], seat,
                                     st.opened[seat]))
                    revalued += 1
                    break
                for values, hand, who, opened in variants:
                    got = check_play(st.table, values, hand, who, opened, action)
                    assert got == check_turn(st.table, values, hand, who, opened, *args)
                # sets given as (tiles, owner) pairs: made into sets first, the same answer
                pairs = [(s.tiles, s.owner) for s in st.table]
                assert check_play(pairs, st.values, st.hands[seat], seat, st.opened[seat], action) == want
                checked += 1
            st, _ = RULES.apply(st, seat, action)
    assert checked > 100 and revalued > 20
