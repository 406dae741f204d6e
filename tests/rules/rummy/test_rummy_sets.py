"""Sets: the seed's examples (decoded with rules-decisions 5.1), dragons (RUM-6), sizes (RUM-7), the finder."""

from hypothesis import given, settings
from hypothesis import strategies as st
from rummy_helpers import decode, ids
from game.rules.rummy.sets import (GROUP, RUN, WINDS_MIXED, WINDS_SAME, check_set, find_sets, has_two_disjoint_sets,
                                   is_valid, value_options)
from game.rules.rummy.tiles import ALL_TILES, DR, KINDS, TILE_KIND


def valid_somehow(kinds):
    """Some declaration of the dragons makes the tiles a valid set."""
    t = ids(kinds)
    return bool(value_options(t, {}))


def check(kinds, values_by_pos=None):
    t = ids(kinds)
    vals = {t[i]: v for i, v in (values_by_pos or {}).items()}
    return check_set(t, vals)


# ---------------------------------------------------------------------------------------------- seed examples

def test_decoding_font_covers_all_34_kinds():
    from rummy_helpers import FONT
    assert sorted(FONT.values()) == sorted(KINDS)


def test_seed_valid_plain_sets():
    # seed: "sdf ,,, eeee bnm,."
    sets = [decode(x) for x in "sdf ,,, eeee bnm,.".split()]
    assert sets == [["D2", "D3", "D4"], ["B8"] * 3, ["C3"] * 4, ["B5", "B6", "B7", "B8", "B9"]]
    kinds = [check(s).kind for s in sets]
    assert kinds == [RUN, GROUP, GROUP, RUN]


def test_seed_mixed_suits_is_illegal():
    # seed: "edc" (You may not mix tiles of various suite ... even if they have share the same value)
    c = check(decode("edc"))
    assert decode("edc") == ["C3", "D3", "B3"]
    assert not c.ok and "mixes suits" in c.reason


def test_seed_valid_wind_sets():
    # seed: "444 123 2222 4132"
    sets = [decode(x) for x in "444 123 2222 4132".split()]
    assert [check(s).kind for s in sets] == [WINDS_SAME, WINDS_MIXED, WINDS_SAME, WINDS_MIXED]


def test_seed_invalid_wind_sets():
    # seed: "12344 2221"
    five, mixed = [decode(x) for x in "12344 2221".split()]
    assert not check(five).ok and "3 or 4" in check(five).reason
    assert not check(mixed).ok and "all the same or all different" in check(mixed).reason


def test_seed_white_dragon_valid():
    # seed: "i5i g55"
    a, b = [decode(x) for x in "i5i g55".split()]
    assert a == ["C8", "DW", "C8"] and b == ["D5", "DW", "DW"]
    assert check(a, {1: "C8"}).kind == GROUP
    assert check(b, {1: "D5", 2: "D5"}).kind == GROUP


def test_seed_white_dragon_invalid():
    # seed: "555 335" (at least 1 regular tile must remain; Winds are excluded)
    a, b = [decode(x) for x in "555 335".split()]
    assert not valid_somehow(a) and not valid_somehow(b)
    assert "at least one ordinary tile" in check(a, {0: "C1", 1: "C1", 2: "C1"}).reason
    assert "cannot stand for a wind" in check(b, {2: "WW"}).reason or "only stand for a numbered" in check(b, {2: "WW"}).reason


def test_seed_red_dragon_valid():
    # seed: "7sd x7v cv7n7" (in between or at the end of a sequence)
    a, b, c = [decode(x) for x in "7sd x7v cv7n7".split()]
    assert check(a, {0: "D1"}).kind == RUN
    assert check(b, {1: "B3"}).kind == RUN
    assert check(c, {2: "B5", 4: "B7"}).kind == RUN


def test_seed_green_dragon_valid():
    # seed: "1236 622 6623"
    a, b, c = [decode(x) for x in "1236 622 6623".split()]
    assert check(a, {3: "WN"}).kind == WINDS_MIXED
    assert check(b, {0: "WS"}).kind == WINDS_SAME
    assert check(c, {0: "WE", 1: "WN"}).kind == WINDS_MIXED


def test_seed_green_dragon_invalid():
    # seed: "41236 666" (cannot be orphan ... there connot be a 5 wind set)
    a, b = [decode(x) for x in "41236 666".split()]
    assert not valid_somehow(a) and not valid_somehow(b)


# ---------------------------------------------------------------------------------------------- RUM-6 / RUM-7

def test_RUM_6_dragon_needs_a_declared_value():
    c = check(["B1", "B2", "DR"])
    assert not c.ok and c.undeclared and "declared value" in c.reason
    assert check(["B1", "B2", "DR"], {2: "B3"}).ok


def test_RUM_6_dragon_value_must_fit_its_set():
    assert not check(["B1", "B2", "DR"], {2: "B5"}).ok          # gap
    assert not check(["B1", "B2", "DR"], {2: "C3"}).ok          # other suit
    assert not check(["C8", "C8", "DW"], {2: "C7"}).ok          # White must copy the tile
    assert not check(["WE", "WE", "DG"], {2: "B1"}).ok          # Green is a wind
    assert not check(["B5", "B5", "DR"], {2: "B5"}).ok          # Red only in runs
    assert not check(["B4", "B5", "DW"], {2: "B6"}).ok          # White only in identical tiles


def test_RUM_6_several_dragons_share_a_set_with_one_natural():
    assert check(["B4", "DR", "DR"], {1: "B5", 2: "B6"}).ok
    assert check(["C2", "DW", "DW", "DW"], {1: "C2", 2: "C2", 3: "C2"}).ok
    assert check(["WS", "DG", "DG"], {1: "WE", 2: "WN"}).ok
    assert not check(["DR", "DR", "DR"], {0: "B1", 1: "B2", 2: "B3"}).ok


def test_RUM_7_set_sizes():
    assert not check(["B1", "B2"]).ok and "at least 3" in check(["B1", "B2"]).reason
    assert check(["B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9"]).ok         # run of 9
    assert not check(["B8", "B9", "B1"]).ok                                         # no wrapping
    assert check(["C8", "C8", "C8", "C8"]).ok
    assert not check(["C8", "C8", "C8", "C8", "DW"], {4: "C8"}).ok                  # 5 identical
    assert not check(["WE", "WS", "WW", "WN", "DG"], {4: "WN"}).ok                  # 5 winds
    assert check(["DR", "D2", "D3"], {0: "D1"}).ok                                  # Red at either end
    assert check(["D7", "D8", "DR"], {2: "D9"}).ok
    assert not check(["D8", "D9", "DR"], {2: "D10"}).ok


def test_winds_and_numbers_never_mix():
    assert "mixes winds" in check(["WE", "B1", "B2"]).reason


def test_is_valid_fast_path_agrees_with_check_set():
    import random
    rnd = random.Random(5)
    for _ in range(400):
        n = rnd.randint(3, 5)
        tiles = rnd.sample(ALL_TILES, n)
        vals = {t: rnd.choice(KINDS[:31]) for t in tiles if TILE_KIND[t] >= 31}
        assert is_valid(tiles, vals) == check_set(tiles, vals).ok


def test_value_options_lists_each_distinct_choice_once():
    opts = value_options(ids(["B4", "B5", "DR"]), {})
    assert sorted(o[k] for o in opts for k in o) == ["B3", "B6"]
    assert len(value_options(ids(["WS", "DG", "DG"]), {})) == 4   # WS same x1, different: {WE,WW},{WE,WN},{WW,WN}


# ---------------------------------------------------------------------------------------------- finder

def test_find_sets_every_result_is_valid_and_made_from_the_tiles():
    hand = ids(["B1", "B2", "B3", "B4", "WE", "WS", "DG", "C7", "C7", "DW", "DR"])
    found = find_sets(hand)
    assert found
    for f in found:
        assert set(f.tiles) <= set(hand)
        assert is_valid(f.tiles, f.values_dict()), f
    shapes = {tuple(sorted(t.split("#")[0] for t in f.tiles)) for f in found}
    assert ("B1", "B2", "B3") in shapes
    assert ("C7", "C7", "DW") in shapes
    assert ("DG", "WE", "WS") in shapes


def test_RUM_2_two_disjoint_sets_detector():
    # seed: "99f7hjkl9999999": one run of six splits into two sets
    t = ids(decode("99f7hjkl9999999"))
    vals = {t[1]: "D5"}
    assert has_two_disjoint_sets(t, vals)
    five = ids(["B1", "B2", "B3", "B4", "B5"])
    assert has_two_disjoint_sets(five, {}) is None


# ---------------------------------------------------------------------------------------------- a hand dragon joining a set

_NATURALS = [t for t in ALL_TILES if TILE_KIND[t] < DR]
_DRAGONS = [t for t in ALL_TILES if TILE_KIND[t] >= DR]


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_a_hand_dragons_values_are_the_value_options_of_the_set_with_it(data):
    """added_dragon_values (worked out on the set's shape) lists exactly the values value_options
    gives the new dragon, in the same order: sets from one suit or the winds, own dragons declared
    or not, the dragon possibly already in the set."""
    from game.rules.rummy.sets import added_dragon_values
    lo = data.draw(st.sampled_from([0, 9, 18, 27]))
    naturals = [t for t in _NATURALS if lo <= TILE_KIND[t] < lo + (4 if lo == 27 else 9)]
    tiles = (data.draw(st.lists(st.sampled_from(naturals), min_size=1, max_size=4))
             + data.draw(st.lists(st.sampled_from(_DRAGONS), max_size=2)))
    tiles = data.draw(st.permutations(tiles))
    values = {t: data.draw(st.sampled_from(KINDS[lo:lo + 9])) for t in tiles
              if TILE_KIND[t] >= DR and data.draw(st.booleans())}
    dragon = data.draw(st.sampled_from(_DRAGONS))
    want = tuple(o[dragon] for o in value_options(tuple(tiles) + (dragon,), values, 8))
    assert added_dragon_values(tiles, values, dragon, 8) == want
