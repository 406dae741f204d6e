"""The Mint Tin bots: Easy, Normal and Hard.

Every decision is taken from the seat's MintView, the legal actions and the bot's own rng.
The strengths share one skeleton (what kind of decision is asked) and differ in how they judge:

* Easy is shallow: it throws the card that leaves the fewest cards missing (no card counting,
  no points), calls a pung when it holds a natural pair, swaps for jokers, always goes Mahjong
  and only Doubles a hand worth nothing; in solo it avoids handing the automaton a pung.
* Normal plays tile efficiency: every discard, call and swap is scored by the chance to
  complete the winning shapes still in reach, counting unseen copies of each card
  (`evaluate.Context`), with the simple rule "any winning hand is as good as another".
* Hard plays for value: the same search weighted by the points each shape scores (kongs,
  quints, specials, the concealed bonus, discarded jokers, the Epic hand), it prices feeding the
  solo automaton more carefully, and it weighs Mahjong against Double and Drop against Take by
  the chance to win the game from the current score, with sampled guesses of the opponent's
  hidden hand (drawn from the cards it cannot see).
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from dataclasses import dataclass
from typing import Any, Sequence

from .analysis import (DRAGONS, JOKER, KINDS, NUMBER, SUIT, Exposure, IDX, compatible_templates, winning,
                       waits)
from .evaluate import Context, Weights
from .observe import Obs, card_index, observe
from .utility import win_chance

WIN_VALUE = 1000.0


def _minus(hand: Sequence[int], k: int, n: int = 1) -> list[int]:
    h = list(hand)
    h[k] -= n
    return h


def _plus(hand: Sequence[int], k: int, n: int = 1) -> list[int]:
    h = list(hand)
    h[k] += n
    return h


def _kinds(legal) -> dict[str, list]:
    out: dict[str, list] = {}
    for a in legal:
        out.setdefault(a.kind, []).append(a)
    return out


# ============================================================================ Easy

class EasyBot:
    """Plausible but shallow: fewest cards missing, pairs and neighbours; never looks at points."""

    strength = "easy"

    def choose(self, view: Any, legal: Sequence[Any], rng: Any) -> Any:
        o = observe(view)
        acts = _declarable(o, _kinds(legal))
        if "mahjong" in acts:
            return acts["mahjong"][0]
        if "double" in acts and ("discard" not in acts or view.mode == "2p"):
            return acts["double"][0]
        if "offer_pass" in acts or "answer_pass" in acts:
            opts = acts.get("offer_pass") or acts.get("answer_pass")
            n = rng.randint(0, 2)
            return next(a for a in opts if a.count == n)
        if "give_cards" in acts:
            return min(acts["give_cards"], key=lambda a: sum(self._keep(o, IDX[c]) for c in a.cards))
        if "drop" in acts:
            pairs = sum(1 for c in o.hand if c >= 2) + len(o.my_exp)
            return acts["take"][0] if pairs >= 4 else acts["drop"][0]
        if "call" in acts:
            calls = acts["call"]
            pair_calls = [a for a in calls if len(a.cards) == 1 and _pair_call_wins(o, a)]
            if pair_calls:
                return pair_calls[0]
            natural = [a for a in calls if JOKER not in a.cards]
            if natural:
                return max(natural, key=lambda a: len(a.cards))
        if "draw" in acts:
            return acts["draw"][0]
        if "pass" in acts:
            return acts["pass"][0]
        if "swap_for_joker" in acts:
            return acts["swap_for_joker"][0]
        if "discard" in acts:
            cards = [a for a in acts["discard"] if a.card != JOKER] or acts["discard"]
            if o.solo:
                # the one thing Easy watches in solo: a discard that makes an opponent pung now
                safe = [a for a in cards if a.card == JOKER or not _feeds_now(view, a.card)]
                cards = safe or cards
            dist = self._distances(o, cards)
            scored = [(dist[a.card], self._keep(o, IDX[a.card]) if a.card != JOKER else 99, rng.random(), a)
                      for a in cards]
            return min(scored, key=lambda x: x[:3])[3]
        return legal[0]

    @staticmethod
    def _distances(o: Obs, cards) -> dict[str, int]:
        """Cards still missing after each discard (fewest over the winning shapes; no card counting)."""
        ctx = Context(o.my_exp, [4] * 12, 4, 48, 10, 10, o.jd, concealed=not o.my_exp, mode=o.mode,
                      weights=Weights(slack=0))
        out = {}
        for a in cards:
            if a.card == JOKER:
                out[a.card] = ctx.value(o.hand, o.jokers - 1)[1]
            else:
                out[a.card] = ctx.value(_minus(o.hand, IDX[a.card]), o.jokers)[1]
        return out

    @staticmethod
    def _keep(o: Obs, k: int) -> float:
        """How much Easy wants to keep a card: copies held, then neighbours."""
        c = o.hand[k]
        score = 3.0 * c
        if k in DRAGONS:
            suit = SUIT[k]
            if any(o.hand[suit * 4 + i] for i in range(3)):
                score += 1
        else:
            n = NUMBER[k]
            for d in (-2, -1, 1, 2):
                m = (n - 1 + d) % 9 + 1
                kk = ((m - 1) // 3) * 4 + (m - 1) % 3
                if o.hand[kk]:
                    score += 1.0 if abs(d) == 1 else 0.5
        return score


# ============================================================================ Normal / Hard

@dataclass
class Style:
    name: str
    weights: Weights               # two players (a 0-point hand still wins a point by Double)
    solo_weights: Weights          # solo (Double only once the automaton has three pungs)
    defend: bool = False           # judge the danger of feeding the opponent
    value_doubles: bool = False    # weigh declarations with the game-win model
    solo_feed_cost: float = 0.6    # value lost per pung fed to the automaton (scaled by its pungs)
    joker_call_cost: float = 0.0   # solo: cost of putting a joker in an exposure
    danger_scale: float = 1.0
    solo_lookahead: bool = False   # solo: also weigh cards that leave a pair in the row
    call_margin: float = 0.0       # a call must beat drawing by this (relative)
    joker_discard_m: int | None = 1  # discard a joker (for its point) only this close to winning
    call_filter: bool = True       # consider only calls whose block appears in a shape within reach


NORMAL = Style("normal", Weights(per_point=0.0, zero_point=0.85, epic=0.0, slack=1),
               Weights(per_point=0.0, zero_point=0.4, epic=0.0, slack=1), defend=False,
               value_doubles=False, solo_feed_cost=0.5, joker_call_cost=0.2)
HARD = Style("hard", Weights(per_point=0.8, zero_point=0.8, epic=8.0, slack=1),
             Weights(per_point=0.8, zero_point=0.4, epic=8.0, slack=1), defend=False,
             value_doubles=True, solo_feed_cost=0.8, joker_call_cost=0.4, solo_lookahead=True)


class ThinkingBot:
    """Normal and Hard: chance-weighted search over the winning shapes still in reach."""

    def __init__(self, style: Style):
        self.style = style
        self._contexts: dict[tuple, Context] = {}     # the last few Contexts, by all they depend on
        self.strength = style.name

    # ------------------------------------------------------------------ entry
    def choose(self, view: Any, legal: Sequence[Any], rng: Any) -> Any:
        o = observe(view)
        self._rng = rng
        acts = _declarable(o, _kinds(legal))
        phase = view.phase
        if "offer_pass" in acts or "answer_pass" in acts:
            return self._pass_count(o, acts.get("offer_pass") or acts.get("answer_pass"))
        if "give_cards" in acts:
            return self._give(o, acts["give_cards"])
        if "drop" in acts:
            return self._drop_or_take(o, acts)
        if phase == "dmain":
            return self._double_turn(o, acts)
        if "mahjong" in acts or "double" in acts:
            pick = self._declare(o, acts)
            if pick is not None:
                return pick
        if "call" in acts or "pass" in acts or ("draw" in acts and "discard" not in acts):
            return self._take_card(o, acts)
        if "discard" in acts:
            return self._act(o, acts)
        return legal[0]

    # ------------------------------------------------------------------ contexts
    def _draws_left(self, o: Obs, before_draw: bool) -> int:
        d = o.deck
        return (d + 1) // 2 if before_draw else d // 2

    def _looks(self, o: Obs, draws: int) -> int:
        if o.solo:
            return o.deck            # every deck card passes my hand or the hold spot
        return draws + max(0, o.deck - draws) // 2

    def ctx(self, o: Obs, *, before_draw: bool = False, exposures=None, draws: int | None = None,
            weights: Weights | None = None) -> Context:
        r = self._draws_left(o, before_draw) if draws is None else draws
        exps = o.my_exp if exposures is None else exposures
        if weights is None:
            weights = self.style.solo_weights if o.solo else self.style.weights
        if o.mode != "strict" and weights.slack:
            # the loose number sets give four times as many shapes: look at the closest only
            weights = dataclasses.replace(weights, slack=0)
        looks = self._looks(o, r)
        # a Context depends on nothing but these, and all it remembers is exact: the discard
        # after a call is judged in the Context the call was priced in, so it is kept
        key = (tuple(exps), tuple(o.avail), o.avail_jokers, o.unseen, r, looks, o.jd, o.mode,
               weights.key())
        cache = self._contexts
        hit = cache.get(key)
        if hit is None:
            if len(cache) >= 8:
                cache.clear()
            hit = cache[key] = Context(exps, o.avail, o.avail_jokers, o.unseen, r, looks, o.jd,
                                       concealed=not exps, mode=o.mode, weights=weights)
        return hit

    # ------------------------------------------------------------------ discards
    def _discard_scores(self, o: Obs, hand: Sequence[int], jokers: int, ctx: Context,
                        keep: int | None = None) -> list[tuple[float, int]]:
        """(score, card index) for every possible discard, best first (12 = joker; ties keep
        card order). With `keep`, only the first `keep` of that list: the other discards are only
        shown to score lower, which spares evaluating most of their shapes."""
        danger = self._danger_table(o) if (self.style.defend or o.solo) else None
        if keep is not None and danger is None:
            return self._best_discards(hand, jokers, ctx, keep)
        out = []
        for k in range(12):
            if hand[k]:
                v, _ = ctx.value(_minus(hand, k), jokers)
                if danger is not None:
                    v -= danger[k] * max(v, 0.05)
                out.append((v, k))
        if jokers:
            out.append(self._joker_discard_score(hand, jokers, ctx))
        out.sort(key=lambda x: -x[0])
        return out

    def _joker_discard_score(self, hand: Sequence[int], jokers: int, ctx: Context) -> tuple[float, int]:
        v, m = ctx.value(hand, jokers - 1, extra_points=1)
        # a joker's worth is its flexibility, which the best-shape value does not see:
        # throw one for its point only once the hand no longer needs it
        limit = self.style.joker_discard_m
        if limit is None or m <= limit or ctx.draws <= 2:
            return v, 12
        return v * 0.5, 12

    def _best_discards(self, hand: Sequence[int], jokers: int, ctx: Context, keep: int,
                       floor: float = -1.0) -> list[tuple[float, int]]:
        """The first `keep` entries of `_discard_scores` without danger, exactly, leaving out
        those scoring below `floor`: a discard enters only when it beats the keep-th best so far
        (on a tie the earlier card wins). The discards leaving the fewest cards missing are tried
        first: they usually score best, so the others need looking at only as far as showing
        they score lower."""
        best: list[tuple[float, int]] = []
        hands = {k: _minus(hand, k) for k in range(12) if hand[k]}
        for k in sorted(hands, key=lambda k: (ctx.fewest_missing(hands[k], jokers), k)):
            if len(best) < keep:
                v, _ = ctx.value_at_least(hands[k], jokers, floor, parent=hand)
                if v is None:
                    continue
            else:
                fv, fk = best[-1]
                v, _ = ctx.value_at_least(hands[k], jokers, fv, parent=hand)
                if v is None or v < fv or (v == fv and k > fk):
                    continue
            best.append((v, k))
            best.sort(key=lambda x: (-x[0], x[1]))
            del best[keep:]
        if jokers:
            # the joker's score is its value or half of it: below the bar, its value is too
            bar = floor if len(best) < keep else max(floor, best[-1][0])
            v, m = ctx.value_at_least(hand, jokers - 1, bar, extra_points=1)
            if v is not None:
                v, k = self._joker_discard_score(hand, jokers, ctx)
                if v >= floor and (len(best) < keep or v > best[-1][0]):
                    best.append((v, k))
                    best.sort(key=lambda x: (-x[0], x[1]))
                    del best[keep:]
        return best

    def _best_discard_value(self, o: Obs, hand, jokers, ctx) -> float:
        sc = self._discard_scores(o, hand, jokers, ctx, keep=1)
        return sc[0][0] if sc else 0.0

    def _best_discard_above(self, o: Obs, hand, jokers, ctx, floor: float) -> float | None:
        """`_best_discard_value` when it is at least `floor`, else None (found without
        evaluating what cannot reach the floor)."""
        if self.style.defend or o.solo:
            v = self._best_discard_value(o, hand, jokers, ctx)
            return v if v >= floor else None
        sc = self._best_discards(hand, jokers, ctx, 1, floor)
        return sc[0][0] if sc else None

    def _act(self, o: Obs, acts) -> Any:
        ctx = self.ctx(o)
        # giving a joker away for a natural is worth it only to go out at once (a pair needs
        # naturals); allowing it otherwise could undo a joker swap made a moment ago: such a swap
        # is priced only when it wins
        swaps = acts.get("swap_for_joker", []) + [a for a in acts.get("swap_joker_for", [])
                                                  if self._swap_win(o, a) is not None]
        # the best three discards are needed only to price a joker swap; else the best one does
        base = self._discard_scores(o, o.hand, o.jokers, ctx, keep=3 if swaps else 1)
        if swaps:
            shortlist = [k for _, k in base[:3]]
            best_v = max((ctx.value(o.hand, o.jokers - 1, extra_points=1)[0] if k == 12 else
                          ctx.value(_minus(o.hand, k), o.jokers)[0] for k in shortlist), default=0.0)
            # joker swaps: take them when the hand after the swap is better (only a value above
            # the bar matters, so none below it is worked out)
            for a in swaps:
                threat = self._solo_joker_threat(o, a) if o.solo else 0.0
                bar = best_v * (1.02 - threat) + 1e-9
                v = self._swap_value(o, a, ctx, shortlist, bar)
                if v is not None and v > bar:
                    return a
        legal_cards = {card_index(a.card): a for a in acts["discard"]}
        for v, k in base:
            if k in legal_cards:
                return legal_cards[k]
        for v, k in self._discard_scores(o, o.hand, o.jokers, ctx):
            if k in legal_cards:
                return legal_cards[k]
        return acts["discard"][0]

    def _solo_joker_threat(self, o: Obs, a) -> float:
        """Solo: a joker left in any exposure is one the automaton takes back when the matching card
        reaches its hold spot (then it pairs two row cards with it): taking it first is defence."""
        if a.kind != "swap_for_joker":
            return 0.0
        view = o.view
        block = view.exposures[a.owner][a.block]
        k = IDX[next(c for c in block if c != JOKER)]
        U = max(1, o.unseen)
        holds = max(0, o.deck // 2)
        p_recycle = 1.0 - _hyper_zero(U, o.avail[k], holds)
        pungs = len(o.opp_exp)
        return min(0.9, p_recycle * self.style.solo_feed_cost * (0.4 + 0.25 * pungs))

    def _swap_hand(self, o: Obs, a) -> tuple[list[int], int, int]:
        """(concealed counts, jokers, the card swapped) after the joker swap a."""
        block = o.view.exposures[a.owner][a.block]
        k = IDX[next(c for c in block if c != JOKER)]
        if a.kind == "swap_for_joker":
            return _minus(o.hand, k), o.jokers + 1, k
        return _plus(o.hand, k), o.jokers - 1, k

    def _swap_win(self, o: Obs, a) -> float | None:
        """WIN_VALUE + points when the hand after the swap goes out with a point or more, else None."""
        hand, jokers, _ = self._swap_hand(o, a)
        if sum(hand) + jokers + sum(e.size for e in o.my_exp) == 14:
            w = winning(hand, jokers, o.my_exp, o.jd, o.concealed, o.mode)
            if w and w[0].points >= 1:
                return WIN_VALUE + w[0].points
        return None

    def _swap_value(self, o: Obs, a, ctx: Context, shortlist=None, floor: float = -1.0) -> float | None:
        """The value of the hand after the swap a (its best discard's), or WIN_VALUE + points when it
        goes out. With a shortlist, only values of at least `floor` are worked out (None: all below)."""
        win = self._swap_win(o, a)
        if win is not None:
            return win
        hand, jokers, k = self._swap_hand(o, a)
        if shortlist is None:
            return self._best_discard_value(o, hand, jokers, ctx)
        # after a one-card change the best discard is among the previous best few or the new card
        best = None
        new = 12 if a.kind == "swap_for_joker" else k
        for d in set(shortlist) | {new}:
            if d == 12:
                if jokers < 1:
                    continue
                v = ctx.value_at_least(hand, jokers - 1, floor, extra_points=1)[0]
            else:
                if hand[d] < 1:
                    continue
                v = ctx.value_at_least(_minus(hand, d), jokers, floor, parent=hand)[0]
            if v is not None and (best is None or v > best):
                best = v
        return best

    # ------------------------------------------------------------------ danger
    def _danger_table(self, o: Obs) -> list[float]:
        """Relative value lost by discarding each card (0 = safe)."""
        if o.solo:
            return self._solo_feed(o)
        return self._twop_danger(o)

    def _solo_feed(self, o: Obs) -> list[float]:
        view = o.view
        row = list(view.discards[view.row_floor:])
        cnt = Counter(c for c in row if c != JOKER)
        pungs = len(o.opp_exp)
        out = [0.0] * 12
        for k in range(12):
            n = cnt.get(KINDS[k], 0)
            feeds = _feeds_now(view, KINDS[k])
            if feeds:
                if pungs >= 4:
                    out[k] = 50.0
                else:
                    out[k] = self.style.solo_feed_cost * (0.4 + 0.25 * pungs)
            elif self.style.solo_lookahead:
                # a card left in the row is a pair (or triple) waiting for the next copy
                if o.avail[k] > 0 and (n >= 1 or view.joker_spot >= 1):
                    risk = 0.05 + 0.05 * pungs
                    out[k] = self.style.solo_feed_cost * risk * min(1.0, o.avail[k] / 2)
        return out

    def _twop_danger(self, o: Obs) -> list[float]:
        """Chance-weighted harm of discarding each card to a two-player opponent."""
        out = [0.0] * 12
        n_opp = o.opp_hand
        U = max(1, o.unseen)
        tenpai = self._opp_ready(o)
        wanted = self._opp_wants(o)
        for k in range(12):
            a = o.avail[k]
            if a <= 0 and o.avail_jokers <= 0:
                continue
            # the opponent holds two matching cards (pung call), or one (a winning pair call)
            p1 = 1.0 - _hyper_zero(U, a, n_opp)
            p2 = _hyper_atleast(U, a, n_opp, 2)
            pj = 1.0 - _hyper_zero(U, o.avail_jokers, n_opp)
            call = min(1.0, p2 + p1 * pj * 0.5)
            win = tenpai * wanted[k] * min(1.0, p1 + 0.3)
            out[k] = self.style.danger_scale * (0.06 * call * wanted[k] + 0.9 * win)
        return out

    def _opp_ready(self, o: Obs) -> float:
        """A prior on the opponent being one card from winning, from what is public."""
        view = o.view
        drawn = max(0, 26 - o.deck)      # rough: cards taken from the deck this round
        p = 0.02 + 0.022 * drawn + 0.09 * len(o.opp_exp)
        return max(0.0, min(0.85, p))

    def _opp_wants(self, o: Obs) -> list[float]:
        """How likely each card fits the opponent's hand, from its exposures and discards."""
        cnt, tot = _template_share(o.opp_exp, o.mode)
        em = 0
        for e in o.opp_exp:
            em |= 1 << e.kind
        out = [0.0] * 12
        disc = Counter(c for c in o.view.discards if c != JOKER)
        for k in range(12):
            if em >> k & 1:
                continue
            w = cnt[k] / tot
            if disc.get(KINDS[k], 0) >= 2:
                w *= 0.5
            out[k] = min(1.0, 1.4 * w)
        return out

    # ------------------------------------------------------------------ draw / call / pass
    def _take_card(self, o: Obs, acts) -> Any:
        calls = acts.get("call", [])
        no_call = (acts.get("draw") or acts.get("pass"))[0]
        if not calls:
            return no_call
        view = o.view
        card = view.callable_card
        k = IDX[card]
        # a pair may be called only to go out: take it when it really completes the hand
        for a in calls:
            if len(a.cards) == 1 and _pair_call_wins(o, a):
                return a
        calls = [a for a in calls if len(a.cards) > 1]
        if not calls:
            return no_call
        ctx0 = self.ctx(o, before_draw=True)
        calls = _dominant_calls(calls)
        if self.style.call_filter:
            # only blocks that appear in a shape within reach are worth calling for (when none
            # is, drawing needs no pricing)
            useful = ctx0.block_sizes_in_reach(o.hand, o.jokers, k, {1 + len(a.cards) for a in calls})
            calls = [a for a in calls if 1 + len(a.cards) in useful]
            if not calls:
                return no_call
        v_draw, _ = ctx0.value(o.hand, o.jokers)
        if o.solo:
            v_draw -= self._hold_feed_cost(o, k) * max(v_draw, 0.05)
        best, best_v = no_call, v_draw * (1 + self.style.call_margin)
        for a in calls:
            nat = sum(1 for c in a.cards if c != JOKER)
            jk = len(a.cards) - nat
            exp = Exposure(k, 1 + len(a.cards), jk)
            exps = list(o.my_exp) + [exp]
            hand = _minus(o.hand, k, nat)
            jokers = o.jokers - jk
            w = winning(hand, jokers, exps, o.jd, concealed=not o.my_exp, mode=o.mode) if \
                sum(hand) + jokers + sum(e.size for e in exps) == 14 else []
            if w and w[0].points >= 1:
                v = WIN_VALUE + w[0].points
            else:
                try:
                    ctx1 = self.ctx(o, exposures=exps, draws=o.deck // 2)
                except Exception:
                    continue
                if not compatible_templates(exps, o.mode):
                    continue
                if o.solo and jk:
                    v = self._best_discard_value(o, hand, jokers, ctx1)
                    v -= self.style.joker_call_cost * jk * max(v, 0.05)
                else:
                    # only a value above the best so far matters
                    v = self._best_discard_above(o, hand, jokers, ctx1, best_v)
                    if v is None:
                        continue
            if v > best_v:
                best, best_v = a, v
        return best

    def _hold_feed_cost(self, o: Obs, k: int) -> float:
        """Solo: passing the hold card lets it into the row; does it make an opponent pung?"""
        if not _feeds_now(o.view, KINDS[k]):
            return 0.0
        pungs = len(o.opp_exp)
        if pungs >= 4:
            return 50.0
        return self.style.solo_feed_cost * (0.4 + 0.25 * pungs)

    # ------------------------------------------------------------------ declarations
    def _my_points(self, o: Obs) -> int | None:
        return _points_now(o)

    def _declare(self, o: Obs, acts) -> Any | None:
        mahjong = acts.get("mahjong", [None])[0]
        double = acts.get("double", [None])[0]
        must = "discard" not in acts          # after calling a pair: declare now
        pts = self._my_points(o)
        if not self.style.value_doubles:
            if mahjong is not None:
                return mahjong
            if double is not None:
                if o.solo:
                    risk = self._solo_double_risk(o)
                    if must or risk < 0.25:
                        return double
                    return None
                if must or self._opp_ready(o) < 0.6:
                    return double
            return None
        return self._declare_hard(o, mahjong, double, pts, must)

    def _declare_hard(self, o: Obs, mahjong, double, pts, must) -> Any | None:
        view = o.view
        target = view.target
        me, opp = view.scores[o.me], view.scores[o.opp]
        model = "solo" if o.solo else "2p"
        W = lambda a, b: win_chance(model, target, a, b)  # noqa: E731
        p = pts or 0
        options = []
        if mahjong is not None:
            options.append((W(me + p, opp), mahjong))
        if double is not None:
            dp = 2 * p if p > 0 else 1
            if o.solo:
                q = self._solo_double_risk(o)
                opp_pts = 1 + self._solo_dragon_bonus(o)
                ev = (1 - q) * W(me + dp, opp) + q * W(me, opp + 2 * opp_pts)
            else:
                q = self._opp_double_chance(o)
                t = 0.5                        # how often an unknown opponent takes
                ev = (1 - t) * W(me + max(p, 1), opp) + t * ((1 - q) * W(me + dp, opp) + q * W(me, opp + 2 * max(p, 1)))
            options.append((ev, double))
        if not options:
            return None
        best_ev, best = max(options, key=lambda x: x[0])
        if must:
            return best
        if mahjong is None:
            # a hand worth nothing: Double, or play on for points
            cont = self._continue_estimate(o, W, me, opp)
            if cont > best_ev:
                return None
        return best

    def _continue_estimate(self, o: Obs, W, me, opp) -> float:
        """Rough game-win chance of discarding and playing on instead of declaring a 0-point hand."""
        ctx = Context(o.my_exp, o.avail, o.avail_jokers, o.unseen, o.deck // 2, o.deck // 2, o.jd,
                      concealed=not o.my_exp, mode=o.mode, weights=Weights(per_point=1.0, zero_point=0.0, slack=0))
        best = 0.0
        for k in list(range(12)) + [12]:
            if k < 12 and not o.hand[k]:
                continue
            if k == 12 and not o.jokers:
                continue
            if k == 12:
                h, j, ep = o.hand, o.jokers - 1, 1
            else:
                h, j, ep = _minus(o.hand, k), o.jokers, 0
            cands = ctx.candidates(h, j, ep)
            p_win = 0.0
            pts = 0.0
            for c in cands:
                if c.points >= 1 and c.missing <= 1:
                    p_win = max(p_win, c.chance)
                    pts = max(pts, c.points)
            best = max(best, p_win * 0.8 * W(me + pts, opp) + (1 - p_win * 0.8) * W(me, opp))
        return best

    def _opp_double_chance(self, o: Obs) -> float:
        """Chance the opponent goes out in its three Double turns.

        Hard samples guesses of the opponent's hidden hand from the unseen cards (so they agree
        with everything this seat can see). A real opponent has been choosing what to keep, so
        each guess also gets the cards it has seen this round, and the opponent is assumed to
        keep the best of them: the guess's distance is that of the enlarged hand."""
        rng = getattr(self, "_rng", None)
        if rng is None or o.opp_hand <= 0:
            ready = self._opp_ready(o)
            return ready * 0.35 + (1 - ready) * 0.02
        pool = [k for k in range(12) for _ in range(o.avail[k])] + [12] * o.avail_jokers
        view = o.view
        jokers_opt = dict(view.options).get("jokers", "all")
        from .observe import JOKER_SETUP
        dealt, shuffled = JOKER_SETUP.get(jokers_opt, (1, 2))
        deck_start = 48 + shuffled - 2 * (12 if dealt else 13)
        seen_by_opp = max(0, deck_start - o.deck) // 2
        extra = min(8, (seen_by_opp * 2) // 3)
        size = min(len(pool), o.opp_hand + extra)
        if size <= 0:
            return 0.02
        ctx = Context(o.opp_exp, o.avail, o.avail_jokers, o.unseen, 3, 3, 0, concealed=not o.opp_exp,
                      mode=o.mode, weights=Weights(per_point=0.0, zero_point=1.0, slack=0))
        U = max(1, o.unseen - o.opp_hand)
        hit1 = 1 - (1 - min(1.0, 4.0 / U)) ** 3
        total = 0.0
        n = 16
        for _ in range(n):
            pick = list(pool)
            rng.shuffle(pick)
            h = [0] * 12
            j = 0
            for c in pick[:size]:
                if c == 12:
                    j += 1
                else:
                    h[c] += 1
            m = ctx.value(h, j)[1]
            total += 0.6 if m <= 0 else hit1 if m == 1 else 0.06 if m == 2 else 0.01
        return total / n

    def _solo_dragon_bonus(self, o: Obs) -> int:
        nsuits = {SUIT[e.kind] for e in o.opp_exp if e.kind not in DRAGONS}
        return sum(1 for e in o.opp_exp if e.kind in DRAGONS and SUIT[e.kind] in nsuits)

    def _solo_double_risk(self, o: Obs) -> float:
        """Exact chance that the three flipped cards give the automaton its fifth pung."""
        view = o.view
        need = 5 - len(o.opp_exp)
        if need > 3:
            return 0.0
        row = [c for c in view.discards[view.row_floor:] if c != JOKER]
        cnt = [0] * 12
        for c in row:
            cnt[IDX[c]] += 1
        avail = list(o.avail)
        U = sum(avail)   # the deck and the dead hand hold only suit cards here
        return _flip_risk(tuple(cnt), view.joker_spot, need, tuple(avail), U, 3)

    # ------------------------------------------------------------------ Drop / Take
    def _drop_or_take(self, o: Obs, acts) -> Any:
        view = o.view
        drop, take = acts["drop"][0], acts["take"][0]
        by = view.double.by if view.double else o.opp
        q, my_pts = self._my_double_chance(o)
        p_d = self._doubler_estimate(o, by)
        if not self.style.value_doubles:
            if p_d <= 0:
                return take
            return take if q >= 0.25 else drop
        target = view.target
        me, opp = view.scores[o.me], view.scores[o.opp]
        W = lambda a, b: win_chance("2p", target, a, b)  # noqa: E731
        ev_drop = W(me, opp + max(p_d, 1))
        dp = 2 * p_d if p_d > 0 else 1
        mine = 2 * max(p_d, my_pts) if max(p_d, my_pts) > 0 else 1
        ev_take = q * W(me + mine, opp) + (1 - q) * W(me, opp + dp)
        return take if ev_take >= ev_drop else drop

    def _doubler_estimate(self, o: Obs, by: int) -> int:
        """The doubler's hand value is hidden: a guess from its exposures and discarded jokers."""
        view = o.view
        exps = o.opp_exp
        lb = view.joker_discards[by]
        if any(e.size == 4 for e in exps):
            lb += 1
        lb += sum(1 for e in exps if e.size == 5)
        if not exps:
            lb += 1
        return lb

    def _my_double_chance(self, o: Obs) -> tuple[float, int]:
        """(chance to go out in three draws, best points if I do) for my 13 cards."""
        U = max(1, o.unseen)
        w = waits(o.hand, o.jokers, o.my_exp, o.jd, o.concealed, o.mode)
        if w:
            # any of the live wait cards among three draws (the deck is a random part of the unseen)
            n = sum(o.avail[k] if k < 12 else o.avail_jokers for k in w)
            return 1 - _hyper_zero(U, n, 3), max(w.values())
        ctx = Context(o.my_exp, o.avail, o.avail_jokers, o.unseen, 3, 3, o.jd, concealed=o.concealed,
                      mode=o.mode, weights=Weights(per_point=0.0, zero_point=1.0, slack=0))
        cands = ctx.candidates(o.hand, o.jokers)
        p = max((c.chance for c in cands), default=0.0)
        return min(0.5, p * 0.6), max((c.points for c in cands), default=0)

    # ------------------------------------------------------------------ Double turns
    def _double_turn(self, o: Obs, acts) -> Any:
        if "mahjong" in acts:
            return acts["mahjong"][0]
        if "discard" not in acts:
            return (acts.get("draw") or list(acts.values())[0])[0]
        turns = o.view.double.turns if o.view.double else 0
        left = max(0, 3 - turns - 1)
        ctx = Context(o.my_exp, o.avail, o.avail_jokers, o.unseen, left, left, o.jd, concealed=o.concealed,
                      mode=o.mode, weights=Weights(per_point=0.0, zero_point=1.0, slack=1))
        for a in acts.get("swap_for_joker", []):
            v = self._swap_value(o, a, ctx)
            if v is not None and v > self._best_discard_value(o, o.hand, o.jokers, ctx) * 1.02 + 1e-9:
                return a
        legal_cards = {card_index(a.card): a for a in acts["discard"]}
        best = None
        for k in range(13):
            if k not in legal_cards:
                continue
            if k == 12:
                v = ctx.value(o.hand, o.jokers - 1)[0]
            else:
                v = ctx.value(_minus(o.hand, k), o.jokers)[0]
            if best is None or v > best[0]:
                best = (v, k)
        return legal_cards[best[1]]

    # ------------------------------------------------------------------ pass
    def _pass_count(self, o: Obs, opts) -> Any:
        ctx = self.ctx(o, before_draw=True)
        hand = list(o.hand)
        v0, _ = ctx.value(hand, o.jokers)
        n = 0
        for _ in range(3):
            sc = [(ctx.value(_minus(hand, k), o.jokers)[0], k) for k in range(12) if hand[k]]
            if not sc:
                break
            v, k = max(sc)
            if v < v0 * 0.85:
                break
            hand = _minus(hand, k)
            n += 1
        return next((a for a in opts if a.count == n), opts[0])

    def _give(self, o: Obs, opts) -> Any:
        ctx = self.ctx(o, before_draw=True)
        n = len(opts[0].cards)
        hand = list(o.hand)
        chosen = []
        for _ in range(n):
            sc = [(ctx.value(_minus(hand, k), o.jokers)[0], -k) for k in range(12) if hand[k]]
            v, nk = max(sc)
            hand = _minus(hand, -nk)
            chosen.append(KINDS[-nk])
        want = Counter(chosen)
        for a in opts:
            if Counter(a.cards) == want:
                return a
        return opts[0]


def _concealed_now(o: Obs) -> bool:
    """The concealed bonus as it stands: no exposures, or only the one called this turn (the
    winning call keeps it, MTM-10). After a call the view shows no freshly drawn card."""
    view = o.view
    if not o.my_exp:
        return True
    return len(o.my_exp) == 1 and view.last_drawn is None and view.phase in ("main", "declare")


def _points_now(o: Obs) -> int | None:
    """Best points of my 14 cards as they stand, or None when they are not a valid hand."""
    if o.hand_size + sum(e.size for e in o.my_exp) != 14:
        return None
    w = winning(o.hand, o.jokers, o.my_exp, o.jd, concealed=_concealed_now(o), mode=o.mode)
    return w[0].points if w else None


def _double_allowed(o: Obs) -> bool:
    return o.deck >= 3 and (not o.solo or len(o.opp_exp) >= 3) and (o.view.double is None)


def _declarable(o: Obs, acts: dict) -> dict:
    """Keep Mahjong / Double only when my own analysis says they are right: the table may offer
    them freely (strict table), and a miscall costs 2 points."""
    if "mahjong" not in acts and "double" not in acts:
        return acts
    pts = _points_now(o)
    out = dict(acts)
    taker = o.view.phase == "dmain"
    if "mahjong" in out and (pts is None or (pts < 1 and not taker)):
        del out["mahjong"]
    if "double" in out and (pts is None or taker or not _double_allowed(o)):
        del out["double"]
    return out


def _pair_call_wins(o: Obs, a) -> bool:
    """Does calling the card as a pair complete a hand I may declare?"""
    k = IDX[o.view.callable_card]
    if o.hand[k] < 1:
        return False
    exps = list(o.my_exp) + [Exposure(k, 2, 0)]
    hand = _minus(o.hand, k)
    if sum(hand) + o.jokers + sum(e.size for e in exps) != 14:
        return False
    w = winning(hand, o.jokers, exps, o.jd, concealed=not o.my_exp, mode=o.mode)
    if not w:
        return False
    return w[0].points >= 1 or _double_allowed(o)


def _dominant_calls(calls):
    """Per block size, the call that uses the most naturals: a natural left in hand next to its
    own exposed block is dead, so spending a joker instead is never better."""
    best: dict[int, Any] = {}
    for a in calls:
        size = len(a.cards)
        nat = sum(1 for c in a.cards if c != JOKER)
        if size not in best or nat > sum(1 for c in best[size].cards if c != JOKER):
            best[size] = a
    return [best[s] for s in sorted(best)]


# ============================================================================ helpers

def _feeds_now(view, card: str) -> bool:
    """Solo: would this card, placed in the row now, give the automaton an exposed pung?"""
    n = sum(1 for c in view.discards[view.row_floor:] if c == card)
    return (view.joker_spot >= 1 and n >= 1) or (view.joker_spot == 0 and n >= 2)


def _hyper_zero(U: int, a: int, n: int) -> float:
    """P(none of `a` marked cards among n drawn from U)."""
    if a <= 0 or n <= 0:
        return 1.0
    if n > U - a:
        return 0.0
    return math.comb(U - a, n) / math.comb(U, n)


def _hyper_atleast(U: int, a: int, n: int, k: int) -> float:
    if a < k or n < k:
        return 0.0
    tot = math.comb(U, n)
    return sum(math.comb(a, i) * math.comb(U - a, n - i) for i in range(k, min(a, n) + 1)) / tot


_SHARE_CACHE: dict[tuple, tuple] = {}


def _template_share(exposures, mode: str) -> tuple[list[int], int]:
    """How many winning shapes compatible with these exposures use each card."""
    key = (mode,) + tuple(sorted((e.kind, e.size) for e in exposures))
    hit = _SHARE_CACHE.get(key)
    if hit is None:
        ts = compatible_templates(exposures, mode)
        cnt = [0] * 12
        for t in ts:
            for k, _ in t.blocks:
                cnt[k] += 1
        hit = _SHARE_CACHE[key] = (cnt, max(1, len(ts)))
    return hit


_FLIP_CACHE: dict[tuple, float] = {}


def _flip_risk(cnt: tuple, spot: int, need: int, avail: tuple, U: int, flips: int) -> float:
    """P(the automaton makes `need` more pungs in `flips` cards turned into the row)."""
    if need <= 0:
        return 1.0
    if flips == 0 or U <= 0:
        return 0.0
    key = (cnt, spot, need, avail, U, flips)
    hit = _FLIP_CACHE.get(key)
    if hit is not None:
        return hit
    total = 0.0
    for k in range(12):
        a = avail[k]
        if not a:
            continue
        pk = a / U
        c = list(cnt)
        av = list(avail)
        av[k] -= 1
        s = spot
        got = 0
        if s >= 1 and c[k] >= 1:
            c[k] -= 1
            s -= 1
            got = 1
        elif s == 0 and c[k] >= 2:
            c[k] -= 2
            got = 1
        else:
            c[k] += 1
        total += pk * _flip_risk(tuple(c), s, need - got, tuple(av), U - 1, flips - 1)
    if len(_FLIP_CACHE) > 50000:
        _FLIP_CACHE.clear()
    _FLIP_CACHE[key] = total
    return total


def make_easy() -> EasyBot:
    return EasyBot()


def make_normal() -> ThinkingBot:
    return ThinkingBot(NORMAL)


def make_hard() -> ThinkingBot:
    return ThinkingBot(HARD)
