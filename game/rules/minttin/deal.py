"""Starting the game and each round: the pack, the shuffle (or a fixed deal) and the deal.

A fixed deal (setup.deal, for tests and levels):
    {"dealer": 0,                     two players: who deals the first round (else random)
     "deck": [...],                   round 1's whole shuffled pack, top card first
     "decks": [[...], [...]]}         or one pack per round for the first rounds
Dealing takes cards from the top in blocks: two players: the non-dealer's hand, then the
dealer's, the rest is the draw deck.  Solo: your 12 cards, then the dead hand, then the deck.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from game.core.protocol import Event

from . import cards as C
from .options import JOKER_SETUP
from .state import State

SOLO_HAND = 12
SOLO_JOKERS = 2               # MTM-4: yours and the opponent's; the backed pair is set aside


def pack_for(opts: Mapping[str, Any]) -> list[str]:
    """The cards shuffled into the deck at the start of a round."""
    if opts["mode"] == "solo":
        return C.suit_pack()
    _, shuffled = JOKER_SETUP[opts["jokers"]]
    return C.suit_pack() + [C.J] * shuffled


def fixed_decks(opts: Mapping[str, Any], deal: Mapping[str, Any] | None) -> list[list[str]]:
    if not deal:
        return []
    unknown = sorted(set(deal) - {"dealer", "deck", "decks"})
    if unknown:
        raise ValueError(f"unknown deal key(s): {', '.join(unknown)} (use dealer, deck or decks)")
    decks = deal.get("decks") or []
    if not isinstance(decks, (list, tuple)):
        raise ValueError("deal.decks must be a list of decks (each a list of cards)")
    decks = list(decks)
    if deal.get("deck") is not None:
        decks = [deal["deck"]] + decks
    want = Counter(pack_for(opts))
    out = []
    for i, d in enumerate(decks):
        if isinstance(d, str):
            d = d.split()
        if not isinstance(d, (list, tuple)) or not all(isinstance(c, str) for c in d):
            raise ValueError(f"deal deck {i + 1} must be a list of cards (or one text of cards), not {d!r}")
        d = [C.check_card(c) for c in d]
        got = Counter(d)
        if got != want:
            extra = sorted((got - want).elements())
            missing = sorted((want - got).elements())
            raise ValueError(f"deal deck {i + 1} must be exactly the {sum(want.values())} cards of this game's pack; "
                             f"extra: {' '.join(extra) or 'none'}; missing: {' '.join(missing) or 'none'}")
        out.append(d)
    return out


def start_round(state: State, events: list[Event]) -> None:
    """Shuffle (or take the next fixed deck) and deal a new round; sets the first phase."""
    st = state
    st.round_no += 1
    if st.fixed_decks:
        deck = list(st.fixed_decks[0])
        st.fixed_decks = st.fixed_decks[1:]
    else:
        deck = pack_for(st.opts)
        st.own_rng().shuffle(deck)
    st.hands = [[], []]
    st.exposures = [[], []]
    st.joker_discards = [0, 0]
    st.discards = []
    st.callable = False
    st.dead = []
    st.spot = 0
    st.hold = None
    st.facedown = [[], []]
    st.calls = [0, 0]
    st.took_call = False
    st.last_drawn = [None, None]
    st.double = None
    st.passing = None
    if st.solo:
        _deal_solo(st, deck, events)
    else:
        _deal_two(st, deck, events)


def _deal_solo(st: State, deck: list[str], events: list[Event]) -> None:
    n_dead = st.opts["dead_hand"]
    st.hands[0] = deck[:SOLO_HAND] + [C.J]
    st.dead = deck[SOLO_HAND:SOLO_HAND + n_dead]
    st.deck = deck[SOLO_HAND + n_dead:]
    st.spot = 1
    st.aside = C.JOKERS_TOTAL - SOLO_JOKERS
    st.current = 0
    st.phase = "start"
    events.append(Event("round_start", {"round": st.round_no, "mode": "solo", "dealer": None,
                                        "deck": len(st.deck), "dead_hand": len(st.dead), "joker_spot": 1}))
    events.append(Event("deal", {"seat": 0, "cards": C.sort_cards(st.hands[0])}, frozenset({0}),
                        {"seat": 0, "count": len(st.hands[0])}))


def _deal_two(st: State, deck: list[str], events: list[Event]) -> None:
    dealt, shuffled = JOKER_SETUP[st.opts["jokers"]]
    n = 12 if dealt else 13
    other = 1 - st.dealer
    st.hands[other] = deck[:n] + [C.J] * dealt
    st.hands[st.dealer] = deck[n:2 * n] + [C.J] * dealt
    st.deck = deck[2 * n:]
    st.aside = C.JOKERS_TOTAL - 2 * dealt - shuffled
    st.current = st.dealer
    events.append(Event("round_start", {"round": st.round_no, "mode": "2p", "dealer": st.dealer,
                                        "deck": len(st.deck), "jokers": st.opts["jokers"]}))
    for seat in (other, st.dealer):
        events.append(Event("deal", {"seat": seat, "cards": C.sort_cards(st.hands[seat])}, frozenset({seat}),
                            {"seat": seat, "count": len(st.hands[seat])}))
    if st.opts["pass_cards"]:
        st.passing = {"offer": None, "answer": None, "count": None, "given": [None, None]}
        st.phase = "pass_offer"
    else:
        st.phase = "start"
