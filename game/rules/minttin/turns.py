"""Turn pieces shared by the two-player game and solo: verdicts, declarations, calls, swaps, discards."""

from __future__ import annotations

from game.core.protocol import Event

from . import cards as C
from .actions import Call, Discard, Double, JokerBlock, Mahjong, SwapForJoker, SwapJokerFor
from .analysis import Verdict, analyse, surely_invalid
from .scoring import DOUBLE_MIN_DECK, SOLO_DOUBLE_MIN_PUNGS
from .state import State

MAX_CALL_CARDS = 4          # with the called card a block holds at most five


def verdict(st: State, p: int, *, called: bool | None = None) -> Verdict:
    """The verdict on player p's 14 cards as they stand."""
    return analyse(st.hands[p], st.exposures[p], discarded_jokers=st.joker_discards[p],
                   called=st.took_call if called is None else called, consecutive=st.opts["consecutive"])


def double_blocked(st: State) -> str:
    """Why Double cannot be called now for reasons everyone can see ("" when it can)."""
    if st.double is not None:
        return "A Double is already under way this round."
    if len(st.deck) < DOUBLE_MIN_DECK:
        return f"Double needs at least {DOUBLE_MIN_DECK} cards left in the draw deck."
    if st.solo and len(st.exposures[1]) < SOLO_DOUBLE_MIN_PUNGS:
        return (f"In solo you may call Double only once the opponent has exposed "
                f"{SOLO_DOUBLE_MIN_PUNGS} pungs (it has {len(st.exposures[1])}).")
    return ""


def declarations(st: State, p: int, *, taker: bool = False) -> list:
    """Mahjong / Double, as the table allows them (assisted: only valid ones; strict: freely)."""
    strict = st.opts["strict"]
    if not strict and surely_invalid(st.hands[p], st.exposures[p]):
        return []           # most turns: no declaration, told without the full analysis
    v = verdict(st, p)
    out = []
    if strict or (v.valid if taker else v.winning):
        out.append(Mahjong())
    if not taker and not double_blocked(st) and (strict or v.valid):
        out.append(Double())
    return out


def call_goes_out(st: State, p: int, card: str, cards: tuple[str, ...]) -> bool:
    """Whether calling with `cards` gives a hand you may declare (Mahjong, or Double when allowed).
    On a strict table players decide for themselves (a wrong declaration is then a miscall)."""
    if st.opts["strict"]:
        return True
    hand = list(st.hands[p])
    for c in cards:
        hand.remove(c)
    exposures = st.exposures[p] + [[card, *cards]]
    if surely_invalid(hand, exposures):
        return False
    v = analyse(hand, exposures, discarded_jokers=st.joker_discards[p],
                called=True, consecutive=st.opts["consecutive"])
    return v.winning or (v.valid and not double_blocked(st))


def must_declare_after(st: State, p: int, cards: tuple[str, ...]) -> bool:
    """A pair call, or a call that leaves no card to discard, is allowed only to go out."""
    return len(cards) == 1 or len(cards) == len(st.hands[p])


def call_options(st: State, p: int, card: str) -> list[Call]:
    hand = st.hands[p]
    naturals, jokers = hand.count(card), hand.count(C.J)
    out = []
    for a in range(min(naturals, MAX_CALL_CARDS) + 1):
        for b in range(min(jokers, MAX_CALL_CARDS) + 1):
            n = a + b
            if not 1 <= n <= MAX_CALL_CARDS or (n == 1 and a == 0):
                continue
            cards = (card,) * a + (C.J,) * b
            if must_declare_after(st, p, cards) and not call_goes_out(st, p, card, cards):
                continue
            out.append(Call(cards))
    return out


def why_call_illegal(st: State, p: int, card: str, cards: tuple[str, ...]) -> str:
    cname = C.name(card)
    if any(c not in (card, C.J) for c in cards):
        return f"To call the {cname} you may only add matching {cname} cards or jokers from your hand."
    need = {c: cards.count(c) for c in set(cards)}
    if any(st.hands[p].count(c) < n for c, n in need.items()):
        return "You do not hold those cards to call with."
    if not cards:
        return f"Say which cards from your hand go with the {cname}."
    if len(cards) > MAX_CALL_CARDS:
        return "A block holds at most five cards."
    if cards == (C.J,):
        return "A joker cannot make a pair: jokers never go into pairs."
    if len(cards) == 1:
        return "A pair can be called only to complete Mahjong."
    if len(cards) == len(st.hands[p]):
        return "That call would leave you no card to discard; it is allowed only to complete Mahjong."
    return f"You cannot call the {cname} that way."


def do_call(st: State, p: int, card: str, cards: tuple[str, ...], events: list[Event]) -> None:
    for c in cards:
        st.hands[p].remove(c)
    block = [card] + list(cards)
    st.exposures[p].append(block)
    st.calls[p] += 1
    st.took_call = True
    st.last_drawn[p] = None
    events.append(Event("call", {"seat": p, "card": card, "block": block, "index": len(st.exposures[p]) - 1}))


def swap_options(st: State, p: int, *, own_only: bool = False, joker_for: bool = True) -> list:
    hand = st.hands[p]
    out: list = []
    owners = [p] if own_only else [0, 1]
    for owner in owners:
        for i, e in enumerate(st.exposures[owner]):
            if C.J in e and C.block_kind(e) in hand:
                out.append(SwapForJoker(owner, i))
    if joker_for and not own_only and not st.solo and C.J in hand:
        other = 1 - p
        for i, e in enumerate(st.exposures[other]):
            if sum(c != C.J for c in e) >= 2:
                out.append(SwapJokerFor(other, i))
    return out


def why_swap_illegal(st: State, p: int, action, *, own_only: bool = False) -> str:
    owner, i = action.owner, action.block
    if owner not in (0, 1) or not 0 <= i < len(st.exposures[owner]):
        return "There is no such exposed block."
    e = st.exposures[owner][i]
    k = C.block_kind(e)
    if isinstance(action, SwapForJoker):
        if own_only and owner != p:
            return "During the Double turns you may not swap with the doubler's exposures."
        if C.J not in e:
            return "That block has no joker to swap for."
        return f"You need a {C.name(k)} in your hand to swap for that joker."
    if st.solo:
        return "In solo you may only give a matching card for an exposed joker, not a joker for a card."
    if st.double is not None:
        return "No joker-for-card swaps during the Double turns."
    if owner == p:
        return "You can give a joker only for a card in your opponent's exposures."
    if C.J not in st.hands[p]:
        return "You need a joker in your hand to swap for an exposed card."
    return "The last natural card of a block cannot be taken; a block keeps at least one."


def do_swap(st: State, p: int, action, events: list[Event]) -> None:
    e = st.exposures[action.owner][action.block]
    k = C.block_kind(e)
    if isinstance(action, SwapForJoker):
        st.hands[p].remove(k)
        st.hands[p].append(C.J)
        e[e.index(C.J)] = k
        gave, took = k, C.J
    else:
        st.hands[p].remove(C.J)
        st.hands[p].append(k)
        e[len(e) - 1 - e[::-1].index(k)] = C.J
        gave, took = C.J, k
    events.append(Event("swap", {"seat": p, "owner": action.owner, "block": action.block,
                                 "gave": gave, "took": took, "cards": list(e)}))


# actions are frozen and compared by value: one Discard per card serves every turn
_DISCARDS = {c: Discard(c) for c in C.KINDS}


def discard_options(st: State, p: int) -> list:
    out: list = [_DISCARDS[c] for c in C.sort_cards(set(st.hands[p]))]
    if st.solo and st.opts["joker_block"] and C.J in st.hands[p]:
        out.append(JokerBlock())
    return out


def why_discard_illegal(st: State, p: int, action) -> str:
    if isinstance(action, JokerBlock):
        if not (st.solo and st.opts["joker_block"]):
            return "The Joker Block is an optional solo rule and is not in play."
        return "You have no joker to place in the row."
    try:
        C.check_card(action.card)
    except ValueError as e:
        return str(e)
    return f"You have no {C.name(action.card)} in your hand to discard (exposed cards cannot be discarded)."


def why_declare_illegal(st: State, p: int, action, *, taker: bool = False) -> str:
    v = verdict(st, p)
    if isinstance(action, Double):
        if taker:
            return "You are playing your three Double turns; only the doubler could call Double."
        blocked = double_blocked(st)
        if blocked:
            return blocked
        return f"Double needs a valid winning hand: {lower_first(v.reason)}"
    if v.valid and not taker:
        return v.reason
    return f"Your hand is not a winning hand: {lower_first(v.reason)}"


def lower_first(text: str) -> str:
    """A sentence continued after a colon."""
    return text[:1].lower() + text[1:]
