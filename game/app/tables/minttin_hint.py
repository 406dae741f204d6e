"""The Hint panel's content: is the viewer's hand winning, how it scores, which cards complete it,
and which discards would hand the other side the round.

Everything comes from the engine's own analysis (RULES.analyse / RULES.waits, the solo
automaton's exposure check) on what the viewer's MintView shows: their concealed cards and
exposures, their discarded jokers, the discard row, the other side's exposures and card count,
the table's options. Nothing hidden from the viewer is looked at.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from game.rules.minttin import RULES
from game.rules.minttin import automaton
from game.rules.minttin import cards as C
from game.rules.minttin.actions import Call, Discard, Pass
from game.rules.minttin.patterns import BLOCK_NAMES
from game.rules.minttin.scoring import DOUBLE_MIN_DECK
from game.rules.minttin.state import State

# 2P: judged only when the other player hides at most this many cards (all but one block exposed):
# with more, almost any card "could" complete some holding, and a warning on every card says nothing
MAX_HIDDEN = 2
DISCARDS_LEAD = "Discard one of these to be one card away:"


@dataclass
class HintInfo:
    title: str
    good: bool = False
    text: list[str] = field(default_factory=list)
    lines: list[tuple[str, int]] = field(default_factory=list)         # (name, points)
    waits: list[tuple[str, int, bool]] = field(default_factory=list)   # (card, points, can_mahjong)
    discards: list[tuple[str, list[tuple[str, int, bool]]]] = field(default_factory=list)
    callable_note: str = ""
    danger: dict[str, str] = field(default_factory=dict)               # card -> why discarding it loses
    warning: str = ""


def _context(view: Any, seat: int) -> dict:
    consecutive = dict(view.options).get("consecutive", "strict")
    return {"discarded_jokers": view.joker_discards[seat], "consecutive": consecutive}


def _wait_list(ws) -> list[tuple[str, int, bool]]:
    out = [(w.card, w.verdict.points, w.verdict.winning) for w in ws]
    out.sort(key=lambda t: (-int(t[2]), -t[1], C.sort_key(t[0])))
    return out


def hint_for(view: Any) -> HintInfo | None:
    """None for a spectator (no hand to look at)."""
    info = _analysis(view)
    if info is None:
        return None
    n = len(view.hand) + sum(len(e) for e in view.exposures[view.seat])
    if n >= 14 and view.phase == "main":
        info.danger = discard_dangers(view)
        if info.danger:
            # safe discards first; a card that loses the round is never offered as a way forward
            info.discards = [d for d in info.discards if d[0] not in info.danger]
            if not info.discards:
                info.text = [t for t in info.text if t != DISCARDS_LEAD]
            safe = [c for c in set(view.hand) if c not in info.danger]
            names = ", ".join(C.name(c) for c in info.danger)
            card, why = next(iter(info.danger.items()))
            info.warning = (f"Danger: discarding the {C.name(card)} {why}." if len(info.danger) == 1 else
                            f"Danger: do not discard {names}: each {why}.")
            if not safe:
                info.warning = f"No safe discard: every card you hold would let {other_name(view)} win."
    elif view.mode == "solo" and view.phase == "hold" and view.hold and gives_fifth_pung(view, view.hold):
        info.warning = (f"Danger: if you pass, the {C.name(view.hold)} goes to the row and gives the opponent "
                        "its fifth pung. Call it if you can.")
    return info


def _analysis(view: Any) -> HintInfo | None:
    seat = view.seat
    if seat is None:
        return None
    hand = list(view.hand)
    exps = [list(e) for e in view.exposures[seat]]
    n = len(hand) + sum(len(e) for e in exps)
    ctx = _context(view, seat)
    if n >= 14:
        # a call's block is an exposure: after calling (no card drawn) the concealed bonus survives it
        called = bool(exps) and view.last_drawn is None and view.phase in ("main", "declare", "dmain")
        v = RULES.analyse(hand, exps, called=called, **ctx)
        if v.winning:
            info = HintInfo("Winning hand!", True, [v.headline()])
            info.lines = [(l.name, l.points) for l in v.lines]
            info.text.append("Declare Mahjong now.")
            return info
        if v.valid:
            info = HintInfo("Valid, but 0 points", False,
                            [v.headline(), "Mahjong needs 1 point; you may still call Double."])
            info.lines = [(l.name, l.points) for l in v.lines]
            return info
        info = HintInfo("Not winning yet", False, [v.reason])
        seen = []
        for card in C.sort_cards(Counter(hand)):
            if card in seen:
                continue
            seen.append(card)
            rest = list(hand)
            rest.remove(card)
            ws = _wait_list(RULES.waits(rest, exps, **ctx))
            if ws:
                info.discards.append((card, ws))
        info.discards.sort(key=lambda d: (-max(int(w[2]) for w in d[1]), -len(d[1]),
                                          -max(w[1] for w in d[1])))
        if info.discards:
            info.text.append(DISCARDS_LEAD)
        return info
    if n == 13:
        ws = _wait_list(RULES.waits(hand, exps, **ctx))
        if ws:
            info = HintInfo("One card away", True, ["These cards complete your hand:"], waits=ws)
        else:
            info = HintInfo("Not one card away", False,
                            ["No single card completes this hand yet: keep building blocks of one category."])
        card = view.callable_card
        if card:
            hit = next((w for w in ws if w[0] == card), None)
            where = "on the hold spot" if view.mode == "solo" else "just discarded"
            if hit is not None:
                info.callable_note = (f"The {C.name(card)} {where} completes it"
                                      + (f" ({hit[1]} point{'s' if hit[1] != 1 else ''})." if hit[2] else
                                         " (worth 0: Double only)."))
            else:
                info.callable_note = f"The {C.name(card)} {where} does not complete it."
        return info
    return HintInfo("Hand analysis", False, [f"Your hand has {n} cards."])


def discard_why(view: Any, info: HintInfo, card: str) -> str:
    """Why the suggested discard, in words that never contradict the panel's analysis.

    The suggestion is the hint bot's: it weighs every winning hand still within reach by the
    cards still unseen and what each would score, so a single card is not always the one to go.
    The words say that, with the facts the panel can check (one card away, a lone card, a joker)."""
    name = C.name(card)
    if card == C.J:
        return "Why the joker: each joker you discard adds a point to the hand you go on to win."
    one_away = dict(info.discards)
    if card in one_away:
        n = len(one_away[card])
        return (f"Why the {name}: without it your hand is one card away "
                f"({n} kind{'s' if n != 1 else ''} of card complete{'s' if n == 1 else ''} it).")
    counts = Counter(view.hand)
    # when the panel lists discards that leave the hand one card away and the suggestion is
    # none of them, say that the wider count prefers it
    reach = ("keeps more winning hands within reach than those leaving you one card away now" if one_away
             else "keeps the most winning hands within reach")
    if counts[card] == 1:
        return f"Why the {name}: it has no partner in your hand, and letting it go {reach}."
    lone = [c for c, k in counts.items() if k == 1 and c != C.J]
    shown = C.names(C.sort_cards(lone))
    keep = ("" if not lone else f" Your single card ({shown}) stays: it can still pair up." if len(lone) == 1
            else f" Your single cards ({shown}) stay: each can still pair up.")
    return (f"Why the {name} (you hold {counts[card]}): counting the cards still unseen and what each "
            f"hand would score, giving up one {reach}.{keep}")


def call_why(view: Any, action: Any, legal: list) -> str:
    """Why the suggestion calls the card on offer, or passes it up when a call is on offer too.
    Empty when the panel already says it (the card completes the hand) or there is nothing to weigh."""
    card = view.callable_card
    if not card or not any(isinstance(a, Call) for a in legal):
        return ""
    exps = [list(e) for e in view.exposures[view.seat]]
    ctx = _context(view, view.seat)
    if any(w.card == card for w in RULES.waits(list(view.hand), exps, **ctx)):
        return ""                            # the callable note says it completes the hand
    name = C.name(card)
    reach = "counting the cards still unseen and what each hand would score"
    if isinstance(action, Call):
        block = BLOCK_NAMES.get(len(action.cards) + 1, "block")
        return f"Why call: the {name} makes a {block} of yours; {reach}, calling keeps more winning hands within reach."
    if isinstance(action, Pass):
        # scoring's Concealed point needs no exposure before the winning card
        concealed = "" if exps else " (no Concealed point)"
        return (f"Why pass: a called block stays exposed{concealed}; {reach}, drawing keeps more winning "
                f"hands within reach than calling the {name}.")
    return ""


# ====================================================================== danger: a discard that loses the round
@dataclass(frozen=True)
class Suggestion:
    """The suggested move for one viewer at one position (log length), in words, with any warning."""
    viewer: int | None
    at: int
    action: Any
    text: str
    warning: str = ""
    caution: str = ""            # a cost the suggestion accepts (solo: a pung it feeds the opponent)


def other_name(view: Any) -> str:
    return "the opponent" if view.mode == "solo" else view.names[1 - view.seat]


def _after_discard(view: Any, card: str) -> tuple[State, int]:
    """Solo: the public table with `card` placed at the end of the discard row, after the engine's
    own exposure check (on a scratch copy: row, joker spot, the opponent's exposed pungs), so the
    hint can never disagree with what the tin will do; and the pungs that check made it expose."""
    st = State(opts={"mode": "solo"}, rng=None)
    st.discards = list(view.discards) + [card]
    st.spot = view.joker_spot
    st.exposures = [[], [list(e) for e in view.exposures[1]]]
    automaton.exposure_check(st, [])
    return st, len(st.exposures[1]) - len(view.exposures[1])


def gives_fifth_pung(view: Any, card: str) -> bool:
    """Solo: would `card`, placed at the end of the discard row, give the virtual opponent its fifth pung?"""
    if card == C.J:
        return False                   # a discarded joker lies sideways, never in the row (MTM-19)
    return automaton.five_pungs(_after_discard(view, card)[0])


def pungs_fed(view: Any, card: str) -> int:
    """Solo: how many pungs `card`, placed at the end of the discard row, makes the opponent expose now."""
    if view.mode != "solo" or card == C.J:
        return 0
    return _after_discard(view, card)[1]


def caution(view: Any, action: Any) -> str:
    """Words for a cost the suggested discard accepts: a pung for the solo opponent (its fifth is
    never suggested while a safe card exists; guard sees to that). Empty when there is none."""
    if view.seat is None or not isinstance(action, Discard):
        return ""
    n = pungs_fed(view, action.card)
    if not n:
        return ""
    have = len(view.exposures[1]) + n
    what = "a pung" if n == 1 else f"{n} pungs"
    return (f"Careful: the {C.name(action.card)} gives the opponent {what} ({have} of 5), and then you "
            "draw again at once; the hint judges that a fair price here.")


def _jokers_in_play(view: Any) -> int:
    from game.rules.minttin.options import JOKER_SETUP
    dealt, shuffled = JOKER_SETUP[dict(view.options).get("jokers", "all")]
    return 2 * dealt + shuffled


def unseen_cards(view: Any) -> Counter:
    """2P: the cards the viewer cannot see anywhere (the other hand, the deck), by kind."""
    seen = Counter(view.hand) + Counter(view.discards) + Counter(view.my_facedown)
    for ex in view.exposures:
        for e in ex:
            seen.update(e)
    out = Counter({k: C.COPIES - seen[k] for k in C.SUIT_CARDS})
    out[C.J] = _jokers_in_play(view) - seen[C.J] - sum(view.joker_discards)
    return +out


def could_go_out_on(view: Any, cards: set[str]) -> set[str]:
    """2P: which of `cards` some holding of the other player, consistent with all the viewer sees,
    could call to go out (Mahjong, or Double while the deck allows one). Judged only while their
    hidden cards are few (MAX_HIDDEN); otherwise nothing is claimed."""
    other = 1 - view.seat
    k = view.hand_counts[other]
    exps = [list(e) for e in view.exposures[other]]
    if not cards or k > MAX_HIDDEN or not exps:
        return set()
    pool = unseen_cards(view)
    ctx = {"discarded_jokers": view.joker_discards[other], "consecutive": dict(view.options).get("consecutive", "strict"),
           "called": True}
    double_ok = view.deck_count >= DOUBLE_MIN_DECK and view.double is None
    found: set[str] = set()
    tried: set[tuple[str, ...]] = set()        # {a,b}+c and {a,c}+b are the same hand: judge it once
    for held in itertools.combinations_with_replacement(sorted(pool), k):
        if any(held.count(x) > pool[x] for x in set(held)):
            continue
        for card in cards - found:
            hand = tuple(sorted(held + (card,)))
            if hand in tried:
                continue
            tried.add(hand)
            v = RULES.analyse(hand, exps, **ctx)
            if v.winning or (v.valid and double_ok):
                found.add(card)
        if found == cards:
            break
    return found


def discard_dangers(view: Any) -> dict[str, str]:
    """card -> why discarding it now would hand the other side the round (from the view only)."""
    if view.seat is None or view.phase != "main":
        return {}              # a Double turn's discard goes face down: nobody can take it
    cards = {c for c in view.hand if c != C.J}
    if view.mode == "solo":
        return {c: "would give the opponent its fifth pung and the round"
                for c in sorted(cards, key=C.sort_key) if gives_fifth_pung(view, c)}
    who = other_name(view)
    return {c: f"could let {who} call it and go out"
            for c in sorted(could_go_out_on(view, cards), key=C.sort_key)}


def _safe_pick(view: Any, safe: list[str]) -> str:
    """The safe discard that keeps the hand closest: most winning waits after it, then a lone card."""
    hand = list(view.hand)
    exps = [list(e) for e in view.exposures[view.seat]]
    ctx = _context(view, view.seat)
    counts = Counter(hand)

    def score(card: str) -> tuple:
        rest = list(hand)
        rest.remove(card)
        ws = RULES.waits(rest, exps, **ctx) if len(rest) + sum(map(len, exps)) == 13 else ()
        return (sum(w.verdict.winning for w in ws), len(ws), card != C.J, -counts[card])

    return max(safe, key=score)


def guard(view: Any, action: Any, legal: list) -> tuple[Any, str]:
    """Never suggest handing the other side the round when a safe move exists; say when warning.

    Returns (the action to suggest, a warning: "" when the suggestion needed none)."""
    if view.seat is None:
        return action, ""
    if isinstance(action, Discard):
        danger = discard_dangers(view)
        if action.card not in danger:
            return action, ""
        safe = [a.card for a in legal if isinstance(a, Discard) and a.card not in danger]
        if not safe:
            return action, f"No safe discard: every card you may discard {danger[action.card]}."
        pick = _safe_pick(view, safe)
        return Discard(pick), f"Not the {C.name(action.card)}: it {danger[action.card]}."
    if isinstance(action, Pass) and view.mode == "solo" and view.hold and gives_fifth_pung(view, view.hold):
        calls = [a for a in legal if isinstance(a, Call)]
        why = f"passed, the {C.name(view.hold)} would give the opponent its fifth pung"
        if calls:
            return max(calls, key=lambda a: len(a.cards)), f"Call it: {why}."
        return action, f"No way to stop it: {why}."
    return action, ""
