"""The actions of Mint Tin Mahjong: small frozen dataclasses with a stable text encoding.

Player indices in actions: in two-player games 0/1 are the seats; in solo 0 is you and 1 is
the virtual opponent (whose exposures you may swap with).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.protocol import Action, ActionCodec, checked

from .cards import KINDS

PLAYERS = dict(lo=0, hi=1)       # a player index (solo: 1 = the virtual opponent)
BLOCKS = dict(lo=0, hi=53)       # an exposure index: there are never more blocks than cards


@dataclass(frozen=True)
class Draw(Action):
    """Take the top card of the draw deck."""
    kind = "draw"


@dataclass(frozen=True)
class Call(Action):
    """Take the callable card (2P: the last discard; solo: the hold-spot card) and expose it with
    `cards` from your hand: 2-4 matching cards or jokers, or one matching card (a pair) only to go out."""
    kind = "call"
    cards: tuple[str, ...] = checked((), among=KINDS)


@dataclass(frozen=True)
class Pass(Action):
    """Solo: do not call the hold-spot card; it goes to the discard row."""
    kind = "pass"


@dataclass(frozen=True)
class SwapForJoker(Action):
    """Give the matching card from your hand for the joker in exposure `block` of player `owner`."""
    kind = "swap_for_joker"
    owner: int = checked(0, **PLAYERS)
    block: int = checked(0, **BLOCKS)


@dataclass(frozen=True)
class SwapJokerFor(Action):
    """Two players: give a joker from your hand for a natural card of the opponent's exposure `block`."""
    kind = "swap_joker_for"
    owner: int = checked(0, **PLAYERS)
    block: int = checked(0, **BLOCKS)


@dataclass(frozen=True)
class Discard(Action):
    """Discard a card (a joker goes sideways in front of you and scores if you win)."""
    kind = "discard"
    card: str = checked("", among=KINDS)


@dataclass(frozen=True)
class JokerBlock(Action):
    """Solo with the Joker Block option: put a joker in the discard row instead (no point)."""
    kind = "joker_block"


@dataclass(frozen=True)
class Mahjong(Action):
    kind = "mahjong"


@dataclass(frozen=True)
class Double(Action):
    kind = "double"


@dataclass(frozen=True)
class Drop(Action):
    """Decline the opponent's Double: they score their hand (at least 1) and the round ends."""
    kind = "drop"


@dataclass(frozen=True)
class Take(Action):
    """Accept the opponent's Double: you get three more turns to go out."""
    kind = "take"


@dataclass(frozen=True)
class OfferPass(Action):
    """Optional pass, non-dealer: how many cards (0-3) you offer to pass."""
    kind = "offer_pass"
    count: int = checked(0, lo=0, hi=3)


@dataclass(frozen=True)
class AnswerPass(Action):
    """Optional pass, dealer: how many cards (0-3) you would pass; the smaller number is passed."""
    kind = "answer_pass"
    count: int = checked(0, lo=0, hi=3)


@dataclass(frozen=True)
class GiveCards(Action):
    """Optional pass: the cards you pass to your opponent."""
    kind = "give_cards"
    cards: tuple[str, ...] = checked((), among=KINDS)


ACTION_CLASSES = (Draw, Call, Pass, SwapForJoker, SwapJokerFor, Discard, JokerBlock, Mahjong, Double,
                  Drop, Take, OfferPass, AnswerPass, GiveCards)
CODEC = ActionCodec(ACTION_CLASSES)
