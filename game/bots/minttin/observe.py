"""What a Mint Tin seat knows, read from its MintView only (never the state)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .analysis import IDX, JOKER, KINDS, Exposure

# jokers in play for each two-player joker option: (dealt to each player, shuffled in)
JOKER_SETUP = {"all": (1, 2), "dealt": (1, 0), "shuffled": (0, 2), "none": (0, 0)}
SOLO_JOKERS = 2


def to_exposure(cards: tuple[str, ...]) -> Exposure:
    # a view's blocks are tuples of a few hundred possible ones: each worked out once
    hit = _EXPOSURES.get(cards)
    if hit is None:
        kind = next((c for c in cards if c != JOKER), None)
        hit = _EXPOSURES[cards] = Exposure(IDX[kind] if kind else 0, len(cards),
                                           sum(1 for c in cards if c == JOKER))
    return hit


_EXPOSURES: dict[tuple, Exposure] = {}


@dataclass
class Obs:
    view: Any
    me: int
    opp: int
    solo: bool
    mode: str                       # consecutive: strict / loose
    hand: list[int]                 # 12 natural counts (concealed)
    jokers: int                     # jokers in the concealed hand
    my_exp: list[Exposure]
    opp_exp: list[Exposure]
    jd: int                         # my discarded jokers
    seen: list[int]                 # copies of every card I can see anywhere
    seen_jokers: int
    total_jokers: int
    deck: int
    opp_hand: int                   # opponent's concealed cards (2P)
    avail: list[int] = field(default_factory=list)
    avail_jokers: int = 0
    unseen: int = 0

    @property
    def concealed(self) -> bool:
        return not self.my_exp

    @property
    def hand_size(self) -> int:
        return sum(self.hand) + self.jokers


_LAST_OPTIONS: list = [None, None]      # (a view's options tuple, as a dict): views share the tuple


def _options(options: tuple) -> dict:
    if _LAST_OPTIONS[0] is not options:
        _LAST_OPTIONS[:] = [options, dict(options)]
    return _LAST_OPTIONS[1]


def observe(view) -> Obs:
    me = view.seat if view.seat is not None else 0
    opp = 1 - me
    solo = view.mode == "solo"
    opts = _options(view.options)
    hand = [0] * 12
    jokers = 0
    for c in view.hand:
        if c == JOKER:
            jokers += 1
        else:
            hand[IDX[c]] += 1
    seen = list(hand)
    seen_j = jokers
    my_exp = [to_exposure(e) for e in view.exposures[me]]
    opp_exp = [to_exposure(e) for e in view.exposures[opp]]
    for ex in view.exposures:
        for e in ex:
            for c in e:
                if c == JOKER:
                    seen_j += 1
                else:
                    seen[IDX[c]] += 1
    visible = list(view.discards) + list(view.my_facedown)
    if solo and view.hold:
        visible.append(view.hold)
    for c in visible:
        if c == JOKER:
            seen_j += 1
        else:
            seen[IDX[c]] += 1
    seen_j += sum(view.joker_discards)
    if solo:
        seen_j += view.joker_spot
        total_j = SOLO_JOKERS
    else:
        dealt, shuffled = JOKER_SETUP.get(opts.get("jokers", "all"), (1, 2))
        total_j = 2 * dealt + shuffled
    o = Obs(view=view, me=me, opp=opp, solo=solo, mode=opts.get("consecutive", "strict"), hand=hand,
            jokers=jokers, my_exp=my_exp, opp_exp=opp_exp, jd=view.joker_discards[me], seen=seen,
            seen_jokers=seen_j, total_jokers=total_j, deck=view.deck_count,
            opp_hand=0 if solo else view.hand_counts[opp])
    o.avail = [max(0, 4 - s) for s in seen]
    unseen_j = max(0, total_j - seen_j)
    o.unseen = sum(o.avail) + unseen_j
    # jokers I could still draw: a joker dealt to the opponent is in its hand, not in the deck;
    # while none of its jokers has shown, assume it still holds the dealt one
    if not solo:
        dealt = JOKER_SETUP.get(opts.get("jokers", "all"), (1, 2))[0]
        opp_shown = sum(e.count(JOKER) for e in view.exposures[opp]) + view.joker_discards[opp]
        held = max(0, dealt - opp_shown)
        unseen_j = max(0, unseen_j - held)
    o.avail_jokers = unseen_j
    return o


def card_index(c: str) -> int:
    return 12 if c == JOKER else IDX[c]


def card_name(i: int) -> str:
    return JOKER if i == 12 else KINDS[i]
