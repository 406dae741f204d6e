"""The solo virtual opponent: joker swaps, pair exposures and row exposures (MTM-1, 5-8, 12, 19).

Every step appends its own Event so the table can show it happen:
    opp_draw      a card goes face up onto the hold spot
    opp_swap      the hold card replaces an exposed joker, which goes to the joker spot
    hold_to_row   the hold card is placed in the discard row
    opp_expose    cards from the row (and maybe a joker from the spot) become an exposed pung
    double_flip   one of the three cards turned up during your Double, placed straight in the row
"""

from __future__ import annotations

from collections import Counter

from game.core.protocol import Event

from . import cards as C
from .scoring import OPPONENT_WIN_PUNGS
from .state import State

OPP = 1


def eligible_start(st: State) -> int:
    """Row cards before this index cannot be used in exposures (after a Joker Block, MTM-19)."""
    row = st.discards
    for i in range(len(row) - 1, -1, -1):
        if row[i] == C.J:
            return i + 1
    return 0


def five_pungs(st: State) -> bool:
    return len(st.exposures[OPP]) >= OPPONENT_WIN_PUNGS


def exposure_check(st: State, ev: list[Event]) -> bool:
    """The card just placed at the end of the row may make an opponent pung (MTM-5)."""
    row = st.discards
    card = row[-1]
    if card == C.J:
        return False
    matches = [i for i in range(eligible_start(st), len(row) - 1) if row[i] == card]
    if st.spot >= 1 and matches:
        take, block = matches[-1:], [card, card, C.J]
        st.spot -= 1
    elif st.spot == 0 and len(matches) >= 2:
        take, block = matches[-2:], [card, card, card]
    else:
        return False
    _expose(st, [len(row) - 1] + take, block, card, ev)
    return True


def pair_check(st: State, ev: list[Event]) -> bool:
    """After a swap: any two identical eligible row cards join a spot joker (priority MTM-1)."""
    if st.spot < 1:
        return False
    start = eligible_start(st)
    seen = Counter(st.discards[start:])
    for k in C.PAIR_PRIORITY:
        if seen[k] >= 2:
            idx = [i for i in range(start, len(st.discards)) if st.discards[i] == k][-2:]
            st.spot -= 1
            _expose(st, idx, [k, k, C.J], None, ev)
            return True
    return False


def _expose(st: State, indices: list[int], block: list[str], trigger: str | None, ev: list[Event]) -> None:
    for i in sorted(indices, reverse=True):
        del st.discards[i]
    st.exposures[OPP].append(block)
    ev.append(Event("opp_expose", {"cards": list(block), "trigger": trigger, "row_indices": sorted(indices),
                                   "joker": C.J in block, "pungs": len(st.exposures[OPP]),
                                   "joker_spot": st.spot}))


def swap_target(st: State, card: str) -> tuple[int, int] | None:
    """Where the hold card can replace an exposed joker: your exposures first, then its own."""
    for owner in (0, OPP):
        for i, e in enumerate(st.exposures[owner]):
            if C.J in e and C.block_kind(e) == card:
                return owner, i
    return None


def opponent_swap(st: State, ev: list[Event]) -> bool:
    card = st.hold
    target = swap_target(st, card)
    if target is None:
        return False
    owner, i = target
    e = st.exposures[owner][i]
    e[e.index(C.J)] = card
    st.hold = None
    st.spot += 1
    ev.append(Event("opp_swap", {"card": card, "owner": owner, "block": i, "cards": list(e),
                                 "joker_spot": st.spot}))
    return True


def draw_to_hold(st: State, ev: list[Event]) -> str:
    card = st.deck.pop(0)
    st.hold = card
    ev.append(Event("opp_draw", {"card": card, "deck": len(st.deck)}))
    return card


def hold_to_row(st: State, ev: list[Event]) -> bool:
    card = st.hold
    st.hold = None
    st.discards.append(card)
    ev.append(Event("hold_to_row", {"card": card}))
    return exposure_check(st, ev)
