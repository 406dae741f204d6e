"""Helpers for the Mint Tin tests: fixed decks, quick setups, stepping."""

from __future__ import annotations

from collections import Counter

from game.core.protocol import SeatConfig, Setup
from game.rules.minttin import RULES
from game.rules.minttin import cards as C
from game.rules.minttin.deal import pack_for
from game.rules.minttin.options import resolve
from game.rules.minttin.state import census


def H(text: str) -> list[str]:
    """"S1 S1 M4" -> ["S1", "S1", "M4"]."""
    return text.split()


def full_deck(opts: dict, seats: int, *parts: list[str]) -> list[str]:
    """The pack for these options: the given cards first (in order), then the rest in a fixed order."""
    pack = Counter(pack_for(resolve(opts, seats)))
    head = [c for part in parts for c in part]
    left = pack - Counter(head)
    assert not (Counter(head) - pack), f"more cards than the pack holds: {Counter(head) - pack}"
    return head + sorted(left.elements(), key=C.sort_key)


def setup(opts: dict | None = None, seats: int = 2, seed: int = 1, deal: dict | None = None) -> Setup:
    return Setup("minttin", tuple(SeatConfig() for _ in range(seats)), dict(opts or {}), seed, deal)


def solo(hand12: str, deck: str = "", dead: str | None = None, seed: int = 1, **opts):
    """A solo game: your 12 cards, an optional dead hand (else the next cards), the deck top."""
    o = {"mode": "solo", **opts}
    n_dead = resolve(o, 1)["dead_hand"]
    hand = H(hand12)
    assert len(hand) == 12
    if dead is None:
        rest = Counter(C.suit_pack()) - Counter(hand) - Counter(H(deck))
        dead_cards = sorted(rest.elements(), key=C.sort_key)[-n_dead:] if n_dead else []
    else:
        dead_cards = H(dead)
    assert len(dead_cards) == n_dead
    d = full_deck(o, 1, hand, dead_cards, H(deck))
    return RULES.new_game(setup(o, 1, seed, {"deck": d}))


def two(nondealer: str, dealer: str, deck: str = "", dealer_seat: int = 0, seed: int = 1, **opts):
    """A two-player game with fixed hands (without the dealt jokers) and deck top."""
    o = {"mode": "2p", **opts}
    d = full_deck(o, 2, H(nondealer), H(dealer), H(deck))
    return RULES.new_game(setup(o, 2, seed, {"deck": d, "dealer": dealer_seat}))


def act(st, seat, action):
    return RULES.apply(st, seat, action)


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def find(events, kind):
    return [e for e in events if e.kind == kind]


def check_census(st) -> None:
    c = census(st)
    expect = Counter({k: C.COPIES for k in C.SUIT_CARDS})
    expect[C.J] = C.JOKERS_TOTAL
    expect["SCORE"] = C.SCORE_CARDS
    assert c == expect, (c - expect, expect - c)


def scene(opts: dict | None = None, seats: int | None = None, **fields):
    """A state put together by hand for a rules test (the census need not add up).

    Card lists may be given as strings ("S1 S1 M4"); exposures as lists of strings.
    """
    opts = dict(opts or {})
    if seats is None:
        seats = 1 if opts.get("mode") == "solo" else 2
    if seats == 1:
        opts.setdefault("mode", "solo")
    st = RULES.new_game(setup(opts, seats, 1, {"dealer": 0} if seats == 2 else None)).clone()
    for k, v in fields.items():
        if k == "hands":
            v = [H(h) if isinstance(h, str) else list(h) for h in v]
        elif k == "exposures":
            v = [[H(e) if isinstance(e, str) else list(e) for e in ex] for ex in v]
        elif k in ("deck", "discards", "dead") and isinstance(v, str):
            v = H(v)
        setattr(st, k, v)
    return st
