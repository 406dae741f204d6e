"""A turn: the roll, lost turns (MMJ-16), covers (MMJ-19, MMJ-20), the slot model (MMJ-3, MMJ-17,
MMJ-18, MMJ-29) and opaques never discarded (MMJ-26)."""

from __future__ import annotations

import pytest

from game.core.protocol import IllegalAction
from game.rules.martian import RULES
from game.rules.martian.actions import Discard, Hide, Keep, Look, MahJongg, Pass, Roll, Swap
from mmj_support import act, chance, dealt, dice_for, draw, find, kinds

SMALLS = ["orange-S", "yellow-S", "black-S", "white-S", "green-S", "cyan-S", "violet-S", "clear-S", "blue-S",
          "red-S"]
MEDIUMS = ["orange-M", "yellow-M", "green-M", "blue-M", "cyan-M", "violet-M", "clear-M", "red-M", "red-M", "blue-M"]
COVERS = {"M": SMALLS, "L": MEDIUMS}

P0 = {"chow": [None], "pung": ["blue-M", None], "kong": ["green-L", None, None]}
OTHER = {"chow": ["cyan-S"], "pung": ["cyan-M", None], "kong": ["cyan-L", None, None]}


def four(p0=P0, **kw):
    return dealt([p0, dict(OTHER), dict(OTHER, kong=["violet-L", None, None]), dict(OTHER, kong=["clear-L", None, None])],
                 covers=COVERS, **kw)


def test_a_drawn_small_may_be_kept_in_an_empty_slot_without_looking_MMJ_19_look_is_optional():
    st = draw(four(), "red-S")
    legal = RULES.legal_actions(st, 0)
    assert Keep("chow-S") in legal and Look(0) in legal and Look(10) not in legal
    st2, ev = act(st, 0, Keep("chow-S"))
    assert st2.screens[0].slots["chow-S"] == "red-S" and st2.phase == "begin" and st2.turn == 1
    assert "discarded" not in kinds(ev)          # filling an empty slot needs no discard (MMJ-3)


def test_MMJ_3_slot_model_no_loose_pieces_a_replaced_piece_is_the_discard():
    st = draw(four(), "blue-M")
    legal = RULES.legal_actions(st, 0)
    keeps = {a.to for a in legal if isinstance(a, Keep)}
    assert keeps == {"kong-M", "discard"}   # blue-M already in pung-M: replacing like with like is no choice
    st = draw(four(), "red-M")
    keeps = {a.to for a in RULES.legal_actions(st, 0) if isinstance(a, Keep)}
    assert keeps == {"pung-M", "kong-M", "discard"}
    st2, ev = act(st, 0, Keep("pung-M"))
    assert st2.screens[0].slots["pung-M"] == "red-M" and st2.discard == "blue-M" and st2.phase == "claim"
    assert find(ev, "discarded").data["piece"] == "blue-M"


def test_MMJ_29_pieces_arrive_in_any_order():
    st = draw(four(), "red-S")
    assert Keep("kong-S") in RULES.legal_actions(st, 0)          # a small on the tree before its medium
    st2, _ = act(st, 0, Keep("kong-S"))
    assert st2.screens[0].slots["kong-S"] == "red-S" and st2.screens[0].slots["kong-M"] is None


def test_MMJ_19_option_i_looking_returns_the_cover_unchanged_and_only_the_looker_sees():
    st = draw(four(), "red-S")
    st2, ev = act(st, 0, Look(3))
    e = find(ev, "looked")
    assert e.for_seat(0).data["piece"] == "white-S" and "piece" not in e.for_seat(1).data
    assert RULES.view(st2, 0).under == "white-S" and RULES.view(st2, 1).under is None
    st3, _ = act(st2, 0, Keep("chow-S"))
    assert st3.covers[3].content == "white-S" and st3.screens[0].slots["chow-S"] == "red-S"
    assert RULES.view(st3, 0).covers[3].memory[0] == "white-S"
    assert RULES.view(st3, 1).covers[3].memory is None and RULES.view(st3, 1).covers[3].looks == 1


def test_MMJ_19_option_ii_swaps_the_drawn_piece_with_the_hidden_one():
    st = draw(four(), "red-S")
    st, _ = act(st, 0, Look(0))                                   # orange-S under cover 0
    st2, _ = act(st, 0, Swap("chow-S"))
    assert st2.covers[0].content == "red-S" and st2.screens[0].slots["chow-S"] == "orange-S"
    assert st2.covers[0].colour == st.covers[0].colour             # MMJ-20: the cover keeps its place
    assert RULES.view(st2, 0).covers[0].memory[0] == "red-S" and RULES.view(st2, 0).covers[0].memory[3] == "left"


def test_MMJ_19_option_ii_may_take_a_hidden_opaque():
    st = draw(four(), "red-S")
    st, _ = act(st, 0, Look(2))                                   # black-S hidden
    legal = RULES.legal_actions(st, 0)
    assert Swap("opaques") in legal and not any(isinstance(a, Swap) and a.to == "discard" for a in legal)
    st2, _ = act(st, 0, Swap("opaques"))
    assert sorted(st2.screens[0].opaques) == ["black-S", "black-S", "white-S"] and st2.covers[2].content == "red-S"


def test_MMJ_19_option_iii_slips_an_opaque_under_and_keeps_one_small():
    st = draw(four(), "red-S")
    st, _ = act(st, 0, Look(0))                                   # orange-S hidden
    legal = RULES.legal_actions(st, 0)
    assert Hide("black", "hidden", "chow-S") in legal and Hide("white", "drawn", "kong-S") in legal
    st2, ev = act(st, 0, Hide("black", "hidden", "chow-S"))
    assert st2.covers[0].content == "black-S" and st2.screens[0].opaques == ["white-S"]
    assert st2.screens[0].slots["chow-S"] == "orange-S" and st2.discard == "red-S"


def test_MMJ_19_option_iii_with_a_hidden_opaque_discards_the_drawn_small():
    st = draw(four(), "red-S")
    st, _ = act(st, 0, Look(3))                                   # white-S hidden
    hides = [a for a in RULES.legal_actions(st, 0) if isinstance(a, Hide)]
    assert hides and all(a.keep == "hidden" and a.to == "opaques" for a in hides)
    st2, _ = act(st, 0, Hide("black", "hidden", "opaques"))
    assert st2.discard == "red-S" and sorted(st2.screens[0].opaques) == ["white-S", "white-S"]


def test_MMJ_19_option_iii_only_on_small_draws_and_only_with_an_opaque():
    st = draw(four(), "red-M")
    assert Look(0) not in RULES.legal_actions(st, 0) and Look(10) in RULES.legal_actions(st, 0)
    st, _ = act(st, 0, Look(10))
    assert not any(isinstance(a, Hide) for a in RULES.legal_actions(st, 0))
    st = draw(four(p0=dict(P0, opaques=[])), "red-S")
    st, _ = act(st, 0, Look(0))
    assert not any(isinstance(a, Hide) for a in RULES.legal_actions(st, 0))


def test_MMJ_18_option_iii_may_not_need_a_second_discard():
    full_smalls = {"chow": ["red-S"], "pung": ["blue-M", "blue-S"], "kong": ["green-L", None, "green-S"]}
    st = draw(four(p0=full_smalls), "red-S")
    st, _ = act(st, 0, Look(0))
    assert not any(isinstance(a, Hide) for a in RULES.legal_actions(st, 0))
    with pytest.raises(IllegalAction):
        RULES.apply(st, 0, Hide("black", "hidden", "chow-S"))


def test_MMJ_17_a_large_may_replace_the_kong_large_whose_old_piece_is_discarded():
    st = draw(four(), "red-L")
    legal = RULES.legal_actions(st, 0)
    assert set(a.to for a in legal) == {"kong-L", "bonus"} and not any(isinstance(a, Look) for a in legal)
    st2, _ = act(st, 0, Keep("kong-L"))
    assert st2.screens[0].slots["kong-L"] == "red-L" and st2.discard == "green-L"
    assert st2.screens[0].honour() == "red"


def test_the_bonus_stack_holds_four_then_a_large_is_exchanged_or_discarded():
    p0 = dict(P0, bonus=["red-L", "red-L", "blue-L", "yellow-L"])
    st = draw(four(p0=p0), "red-L")
    tos = {a.to for a in RULES.legal_actions(st, 0)}
    assert tos == {"kong-L", "bonus-3", "bonus-4", "discard"}      # never an exchange for the same kind
    st2, _ = act(st, 0, Keep("bonus-3"))
    assert st2.screens[0].bonus == ["red-L", "red-L", "red-L", "yellow-L"] and st2.discard == "blue-L"


def test_MMJ_30_an_exposed_kong_can_not_be_swapped():
    p0 = {"chow": [None], "pung": ["blue-M", None], "kong": ["green-L", "green-M", "green-S"], "exposed": ["kong"]}
    st = draw(four(p0=p0), "red-L")
    assert {a.to for a in RULES.legal_actions(st, 0)} == {"bonus"}
    st = draw(four(p0=p0), "red-S")
    assert {a.to for a in RULES.legal_actions(st, 0) if isinstance(a, Keep)} == {"chow-S", "pung-S", "discard"}


def test_MMJ_26_an_opaque_is_never_offered_as_a_discard():
    st = draw(four(), "red-S")
    st, _ = act(st, 0, Look(2))                                   # a hidden black
    for a in RULES.legal_actions(st, 0):
        st2, _ = RULES.apply(st, 0, a)
        assert st2.discard is None or not st2.discard.startswith(("black", "white"))


def test_MMJ_16_a_roll_for_an_empty_stack_loses_the_turn_and_four_in_a_row_is_a_dead_hand():
    # every red large is held: a red large roll finds an empty stack
    p0 = dict(P0, kong=["red-L", None, None], bonus=["red-L"] * 4)
    st = four(p0=p0)
    scores = list(st.scores)
    for seat in range(3):
        st, _ = act(st, seat, Roll())
        st, ev = chance(st, dice_for("red-L"))
        assert find(ev, "rolled").data["lost"] and st.turn == seat + 1 and st.phase == "begin"
        assert "discarded" not in kinds(ev)                       # MMJ-18: a lost turn has no discard
    assert st.lost == 3
    st, _ = act(st, 3, Roll())
    st, ev = chance(st, dice_for("red-L"))
    end = find(ev, "round_end")
    assert end.data["winner"] is None and end.data["transfers"] == () and st.scores == scores
    assert st.east == 0 and st.hand_no == 2 and st.phase == "cover_d8"   # East stays East


def test_MMJ_16_a_successful_roll_resets_the_count():
    p0 = dict(P0, kong=["red-L", None, None], bonus=["red-L"] * 4)
    st = four(p0=p0)
    for seat in range(2):
        st, _ = act(st, seat, Roll())
        st, _ = chance(st, dice_for("red-L"))
    st = draw(st, "yellow-S")
    assert st.lost == 0


def test_MMJ_20_covers_keep_their_places_for_the_whole_hand():
    st = four()
    colours = [c.colour for c in st.covers]
    for piece, look in (("red-S", 4), ("orange-M", 12), ("yellow-S", 4)):
        st = draw(st, piece)
        st, _ = act(st, st.turn, Look(look))
        st, _ = act(st, st.turn, Swap("discard"))
        for s in [x for x in st.asked]:
            st, _ = act(st, s, Pass())
    assert [c.colour for c in st.covers] == colours
    assert st.covers[4].looks == 2 and st.covers[12].looks == 1


def test_illegal_actions_are_refused_with_a_reason_and_change_nothing():
    st = four()
    for seat, action in ((1, Roll()), (0, Keep("chow-S")), (0, MahJongg()), (0, Discard("chow-S"))):
        with pytest.raises(IllegalAction) as e:
            RULES.apply(st, seat, action)
        assert e.value.reason
    assert st.phase == "begin" and st.turn == 0


def test_MMJ_26_strict_table_an_opaque_discard_attempt_opens_the_screen():
    st = draw(four(strict=True), "red-S")
    st, _ = act(st, 0, Look(2))                                   # a hidden black
    assert Swap("discard") in RULES.legal_actions(st, 0)
    st2, ev = act(st, 0, Swap("discard"))
    assert find(ev, "opaque_discard").visible_to is None and st2.discard is None
    assert st2.screens[0].penalised and sorted(st2.screens[0].opaques) == ["black-S", "black-S", "white-S"]
    assert RULES.view(st2, 1).players[0].screen == RULES.view(st2, 0).mine       # everyone sees it now
    plain = draw(four(), "red-S")
    plain, _ = act(plain, 0, Look(2))
    assert Swap("discard") not in RULES.legal_actions(plain, 0)
