"""The Hard Kards bot: Normal's tile efficiency, plus what a hand is worth and what a discard risks.

From the seat's view and the legal actions only; deterministic (the rng is never needed).
- Discards: lowest shanten first, then a score in "useful draws": the unseen useful draws that
  remain (as Normal), plus a little for kept pairs that would make scoring pungs (dragons, own
  and round wind) and for keeping a hand in one suit, minus danger (below).
- Special hands (the engine's table, reach.py): when one is about as close as the regular hand
  (closer for the big ones) and its cards are still about, the bot plays for it: it keeps what
  the special uses, claims only the pungs it names, and never claims for a concealed one.
- Standing hand (KRD-22): one card from Mah-Jongg, the bot names the wait with the most unseen
  copies and stands (+100 basic) when that beats keeping every wait open (a rough chance of
  drawing or being given it over the draws left).
- Danger: a card a shown standing hand names is never discarded while another discard keeps the
  shanten; against seats with three or four melds, cards still live for them cost a little. Who
  feeds a Mah-Jongg pays no more than the others (KRD-14), so danger only guards our own chance.
- Claims: kongs always; a pung when it lowers the shanten, or keeps it and scores (a dragon or a
  wind of ours); a chow only when it lowers the shanten and the hand has no better use.
- The last turns after a Mah-Jongg (KRD-23): the discard that keeps the holding scoring most.
No hidden-hand sampling: each estimate is a count over the unseen cards (docs/kards-bots.md).
"""

from __future__ import annotations

from typing import Any, Sequence

from game.core.kit import hands as H
from game.core.kit.tiles import KIND_INDEX, is_dragon, is_honour, is_suited, kind_of
from game.core.rng import GameRng
from game.rules.kards.actions import (Chow, ConcealedKong, Dice, Discard, Done, Expand, Kong, MahJongg, Pass, Pung,
                                      Standing)
from game.rules.kards.patterns import Meld
from game.rules.kards.scoring import WinContext, is_winning, score_holding

from .bots import NormalBot, _counts, _near, declaration_is_true, visible_counts
from .reach import TARGETS, chance_at_least, reach

PLAIN_WIN = 60.0         # a win without the standing bonus (payments 24 + a typical hand)
STANDING_BONUS = 110.0   # +100 basic, times the usual multipliers
MAX_MISSING = 6          # specials further than this are not considered
VALUE_PAIR = 2.0         # useful-draw units for a kept pair of dragons / own or round wind
ONE_SUIT = 3.0           # useful-draw units for keeping a hand going one suit
NEVER = 1000             # shanten units: a discard that feeds a shown standing hand
THREAT_UNITS = 25.0      # useful-draw units lost per expected Mah-Jongg fed
TENPAI_BY_MELDS = (0.0, 0.05, 0.15, 0.45, 0.85)


def special_slack(score: int) -> int:
    """How much further (in cards) than the regular hand a special may be and still be played for."""
    return 2 if score >= 1600 else 1 if score >= 1000 else 0


class Ctx:
    """What one decision needs from the view, worked out once."""

    def __init__(self, view: Any):
        self.view = view
        me = view.seat
        self.own = KIND_INDEX[view.seat_winds[me]]
        self.rnd = KIND_INDEX[view.round_wind]
        self.visible = visible_counts(view)
        self.hand = _counts(view.hand)
        self.melds = [(m.shape, min(kind_of(p) for p in m.pieces), m.concealed) for m in view.melds[me]]
        self.claimed = any(not conc for _, _, conc in self.melds)
        self.sets = 4 - len(self.melds)
        self.unseen = [max(0, 4 - self.hand[k] - self.visible[k]) for k in range(34)]
        self.pool = max(1, sum(self.unseen))
        self.draws = max(1.0, view.wall_count / 4.0)
        held = list(self.hand)
        for shape, k, _ in self.melds:
            for y in ((k, k + 1, k + 2) if shape == "chow" else (k,) * (4 if shape == "kong" else 3)):
                held[y] += 1
        self.held = tuple(held)              # concealed cards and the melds' cards
        # a standing hand shows its named card: feeding it is the surest way to end our round
        self.named = {KIND_INDEX[s[0]] for o, s in enumerate(view.standing) if s is not None and o != me}
        self.threat = [0.0] * 34
        for o in range(4):
            if o == me or view.standing[o] is not None:
                continue
            p = TENPAI_BY_MELDS[min(4, len(view.melds[o]))]
            if not p:
                continue
            for k in range(34):
                left = 4 - self.hand[k] - self.visible[k]       # copies we can't see
                if not is_suited(k) and left <= 0:
                    continue                                     # every copy seen: nobody waits on it
                self.threat[k] += p * (0.04 if left <= 1 else 0.1)

    def danger(self, k: int) -> tuple[int, float]:
        return (NEVER if k in self.named else 0, self.threat[k] * THREAT_UNITS)


def _minus(c: tuple, k: int) -> tuple:
    return c[:k] + (c[k] - 1,) + c[k + 1:]


def _plus(c: tuple, k: int) -> tuple:
    return c[:k] + (c[k] + 1,) + c[k + 1:]


def useful_draws(c13: tuple, sets: int, visible: Sequence[int]) -> tuple[int, int]:
    """(shanten, unseen useful draws) of a concealed part of 3*sets+1 cards."""
    s = H.shanten(c13, sets)
    total = 0
    for j in _near(c13):
        if H.shanten(_plus(c13, j), sets) < s:
            total += max(0, 4 - c13[j] - visible[j])
    return s, total


def live_chance(live: int, x: Ctx, claimable: float = 2.5) -> float:
    """Rough chance of getting one of `live` unseen cards: our draws and the others' discards."""
    return chance_at_least(int(x.draws * claimable + 0.5), min(1.0, live / x.pool), 1)


class HardBot(NormalBot):
    chows = True

    def choose(self, view: Any, legal: Sequence[Any], rng: GameRng) -> Any:
        legal = list(legal)
        if legal and all(isinstance(a, Dice) for a in legal):
            return legal[(len(view.seating_rolls) * 7 + view.hand_no * 13) % len(legal)]
        legal = [a for a in legal if not view.strict or declaration_is_true(view, a)]
        for a in legal:
            if isinstance(a, MahJongg):
                return a
        if any(isinstance(a, Done) for a in legal):
            kongs = [a for a in legal if isinstance(a, ConcealedKong)]
            return kongs[0] if kongs else next(a for a in legal if isinstance(a, Done))
        if any(isinstance(a, Pass) for a in legal):
            return legal[0] if len(legal) == 1 else self._claim_hard(view, legal)
        for a in legal:
            if isinstance(a, (ConcealedKong, Expand)):
                return a
        discards = [a for a in legal if isinstance(a, Discard)]
        if len(discards) == 1 and not any(isinstance(a, Standing) for a in legal):
            return discards[0]
        if view.phase == "after":
            return self._last_turn(view, discards)
        return self._turn(view, legal, discards)

    # ------------------------------------------------------------------ plans

    def _plan(self, x: Ctx, held: tuple, claimed: bool, melds, regular_shanten: int):
        """The special worth playing for from `held` (3*sets+2 cards with the melds'), or None."""
        melded = [(s, k) for s, k, _ in melds]
        best, best_key = None, None
        for t in TARGETS:
            r = reach(t, held, x.unseen, x.own, x.rnd, melded, claimed)
            if r is None or r.missing > MAX_MISSING:
                continue
            # missing - 1 is the special's "shanten" once the spare card is out
            if r.missing - 1 > regular_shanten + special_slack(t.score) - (0 if r.chance_cards >= 2 * r.missing else 1):
                continue
            key = (r.missing - special_slack(t.score), -t.score, -r.chance_cards)
            if best_key is None or key < best_key:
                best, best_key = r, key
        return best

    # ------------------------------------------------------------------ the turn

    def _turn(self, view: Any, legal: list, discards: list) -> Any:
        x = Ctx(view)
        c, sets = x.hand, x.sets
        kinds = sorted({kind_of(a.piece) for a in discards})
        if sum(c) != 3 * sets + 2:
            k = min(kinds, key=lambda k: x.danger(k))
            return self._piece(view, discards, k)
        after = {k: H.shanten(_minus(c, k), sets) for k in kinds}
        low = min(after.values())
        plan = self._plan(x, x.held, x.claimed, x.melds, low)
        standing: dict[int, list] = {}
        for a in legal:
            if isinstance(a, Standing):
                standing.setdefault(kind_of(a.piece), []).append(a)
        best_key, best_k, best_action = None, None, None
        for k in kinds:
            s = after[k]
            if plan is None and s > low:
                continue
            rest = _minus(c, k)
            units = 0.0
            action = None
            if s <= low + 1:
                _, units = useful_draws(rest, sets, x.visible)
                units += self._value_units(x, rest)
            if s == 0 and plan is None:
                # one card from Mah-Jongg: keep every wait open, or name one card for +100 basic
                free = PLAIN_WIN * live_chance(int(units), x)
                for a in standing.get(k, ()):
                    w = KIND_INDEX[a.wait]
                    if view.strict and not self._completes(x, rest, w):
                        continue            # the Strict table offers every card; a false one costs 300
                    live = max(0, 4 - rest[w] - x.visible[w])
                    v = (PLAIN_WIN + STANDING_BONUS) * live_chance(live, x)
                    if v > free:
                        free, action = v, a
                units = free           # compare tenpai discards by worth
            never, threat = x.danger(k)
            spare = 0
            if plan is not None:
                spare = 0 if plan.used[k] < x.held[k] else 1     # discarding a card the special needs
            key = (never, spare, s, -(units - threat), k)
            if best_key is None or key < best_key:
                best_key, best_k, best_action = key, k, action
        if best_action is not None:
            return best_action
        return self._piece(view, discards, best_k)

    @staticmethod
    def _completes(x: Ctx, rest: tuple, w: int) -> bool:
        if rest[w] >= 4:
            return False
        melds = [Meld(s, k, conc) for s, k, conc in x.melds]
        return is_winning(_plus(rest, w), melds, WinContext(x.own, x.rnd, winning=w))

    @staticmethod
    def _piece(view: Any, discards: list, k: int) -> Any:
        return min((a for a in discards if kind_of(a.piece) == k), key=lambda a: (a.piece != view.drawn, a.piece))

    def _value_units(self, x: Ctx, c13: tuple) -> float:
        """What keeping these cards is worth beyond speed: pairs that would score, one suit."""
        units = 0.0
        for k in {31, 32, 33, x.own, x.rnd}:
            if c13[k] >= 2:
                units += VALUE_PAIR
        held = list(c13)
        for shape, k, _ in x.melds:
            for y in ((k, k + 1, k + 2) if shape == "chow" else (k,) * 3):
                held[y] += 1
        suits = [sum(held[0:9]), sum(held[9:18]), sum(held[18:27])]
        total = sum(held)
        off = total - max(suits) - sum(held[27:34])
        if max(suits) >= total // 2 and off <= 2:
            units += ONE_SUIT * (3 - off) / 3
        return units

    def _last_turn(self, view: Any, discards: list) -> Any:
        """KRD-23: no more winning this round; keep the holding that scores most."""
        x = Ctx(view)
        melds = [Meld(s, k, conc) for s, k, conc in x.melds]
        bonus = [kind_of(p) for p in view.bonus[view.seat]]
        worth = {k: score_holding(_minus(x.hand, k), melds, bonus, x.own, x.rnd).total
                 for k in {kind_of(a.piece) for a in discards}}
        return min(discards, key=lambda a: (-worth[kind_of(a.piece)], a.piece != view.drawn, a.piece))

    # ------------------------------------------------------------------ claims

    def _claim_hard(self, view: Any, legal: list) -> Any:
        passing = next(a for a in legal if isinstance(a, Pass))
        x = Ctx(view)
        c, sets = x.hand, x.sets
        if sum(c) != 3 * sets + 1:
            return passing
        k = kind_of(view.discard)
        for a in legal:
            if isinstance(a, Kong) and not self._concealed_plan(x, k):
                return a
        now = H.shanten(c, sets)
        # the plan as it stands (the discard counted in, as if drawn)
        plan = self._plan(x, _plus(x.held, k), x.claimed, x.melds, now - 1)
        best, best_key = passing, None
        for a in legal:
            if isinstance(a, Pung):
                used, shape, low = (k, k), "pung", k
            elif isinstance(a, Chow):
                low = KIND_INDEX[a.low]
                used, shape = tuple(y for y in (low, low + 1, low + 2) if y != k), "chow"
            else:
                continue
            if plan is not None:
                # playing for a special: only the pungs it names, never for a concealed one
                if shape == "pung" and not plan.target.concealed and plan.used[k] >= 3:
                    return a
                continue
            rest = list(c)
            for y in used:
                rest[y] -= 1
            rest = tuple(rest)
            after = min(H.shanten(_minus(rest, j), sets - 1) for j in range(34) if rest[j])
            scoring = shape == "pung" and (is_dragon(k) or k in (x.own, x.rnd) or (is_honour(k) and after <= 1))
            if after < now or (scoring and after <= now):
                key = (after, 0 if shape == "pung" else 1)
                if best_key is None or key < best_key:
                    best, best_key = a, key
        return best

    def _concealed_plan(self, x: Ctx, k: int) -> bool:
        plan = self._plan(x, _plus(x.held, k), x.claimed, x.melds, H.shanten(x.hand, x.sets) - 1)
        return plan is not None and (plan.target.concealed or plan.used[k] < 3)
