"""Martian Mah Jongg's Hard bot: the Normal bot's judgement of a holding, plus a look at the next
roll, at what can still be under the covers, and at what each choice is worth when the hand ends.

- A holding is judged by `static`: filled slots (speed) and the hand's value as a winner with its
  own honour colour (the table's scoring), and by `ahead`: the same averaged over all 48 outcomes
  of the next roll, each drawn piece put where it helps most (a stack the pool has run out of
  loses the turn).
- Pieces it can't see are tracked: the box less the pool, the set-aside opaques, its own screen,
  every exposed pile, the covers themselves and what it knows is under them. A cover nobody has
  touched since this seat last looked holds what the seat remembers (its view's memory); any other
  cover of that size is judged to hide one of the unseen pieces of its size, each equally likely.
- It looks under the cover with the best expected outcome, known contents first, and then keeps,
  swaps or hides whatever makes `ahead` largest.
- The Golden Rooster (MMJ-13, 100 points before doubles): going out on a small yellow is prized;
  while it knows a medium cover hiding one it keeps its last empty slot a small one and does not
  finish on anything else (any small draw then fetches the yellow) unless going on means a
  discard (see Discards below), and passes a Mah Jongg discard that is not a small yellow; a small
  yellow drawn too early is left under a cover it will remember (option ii), one found under a
  cover too early stays there (the drawn piece is kept instead), both only while a small slot
  stays open for it, and it looks under that cover again when it can (its memory stays good, the
  other players' goes stale). It does not discard a small yellow when another piece can go.
- Discards: any small or medium discard completes every hidden Pung or Kong pile missing just
  that size (MMJ-28), so a choice that discards one costs more than a filled slot is worth
  (FEED_COST); paired arenas showed even small discards for value lose (FEED_COST 10: 36.5 % head
  to head instead of 64.5 %). The one exception: as the game's last East with a lead of more than
  END_LEAD at four players, any other player's win ends the game with it on top, so a discard is
  then welcome.
- Claims: Mah Jongg (unless that would end the game behind, as below); a Pung or Kong claim
  when the exposed holding is worth more than the hidden one would be after a roll.
- With a complete hand it goes out at once, unless that would end the game with another player
  still ahead (a winner who is not East passes East for the last time): then it keeps the hand
  and plays on for more value while a big enough win is within reach (MMJ-21: it may go out at any
  later pause). Its own view says what the hand is worth, Golden Rooster and drawn piece included.

Only the View, the legal actions and its rng are read; it keeps nothing between calls.
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from game.core.protocol import Action
from game.rules.martian.actions import D8, Claim, Dice, Go, Hide, Keep, Look, MahJongg, Pass, Roll, Swap
from game.rules.martian.scoring import settle
from game.rules.martian.pieces import BONUS_MAX, COLOURS, COPIES, KINDS, SIZES, colour_of, size_of

from .bots import DEALT, _holding, _slots, chance_pick, feeds, outcome

SLOT_WEIGHT = 1000         # a filled slot outweighs any value: the first complete hand wins the hand
VALUE_CAP = 4000
FEED_COST = 1500           # a small or medium discard completes any pile missing that size (MMJ-28): dearer than a filled slot
PIECES = tuple(f"{c}-{z}" for c in COLOURS for z in SIZES)     # what a roll can name (24 kinds)
ROLL_P = 2 / 48            # each see-through kind is named by 2 of the 48 outcomes (two d6 faces a size)

ROOSTER = "yellow-S"
HUNT_ROLLS = 8             # rolls per player in a hand while a hunt for a Golden Rooster is worth it
ROOSTER_PRIZE = 800        # about what the 100 points make after a usual hand's doubles
STASH_VALUE = 400          # a small yellow hidden under a cover for later
LEAVE_VALUE = 400          # a small yellow seen under a cover left there for later (the drawn piece kept)
GUARD_VALUE = 300          # looking again under the cover that hides a small yellow
TOP_K = 4                  # choices given the look-ahead (the best by the plain judgement)
HUNT_SHAPE = 300           # keep a small slot as the last one open
ROOSTER_POINTS = 100       # MMJ-13: added to the base before the doubles
DRAWN_POINTS = 2           # MMJ-22: the winning piece came from this turn's roll
YELLOW_FEED = 3000          # discarding a small yellow on top: whoever claims it for Mah Jongg has a Golden Rooster
WAIT_LIMIT = 2000          # a hand worth more than this (or twice the hand held) is out of reach: go out
END_LEAD = 2500            # a lead a usual hand (not a Golden Rooster) can't overturn
END_PLAYERS = 4            # ... counted on only at four players (two or three: no more games won, fewer points)

_CACHE: dict[tuple, float] = {}       # holding -> static score
_AHEAD: dict[tuple, float] = {}       # holding + which stacks are not empty -> look-ahead score
_COLOUR = {k: colour_of(k) for k in KINDS}
PUNG_POINTS = {(True, False): 2, (True, True): 4, (False, False): 4, (False, True): 8}   # scoring.PUNG
KONG_POINTS = {(True, 3, True): 16, (True, 3, False): 8, (True, 2, True): 8, (True, 2, False): 4,
               (False, 3, True): 32, (False, 3, False): 16, (False, 2, True): 16, (False, 2, False): 8}
BONUS_POINTS = {0: 2, 1: 4, 2: 8, 3: 16}


def placed(view, action) -> str | None:
    """The piece a Keep, Swap or Hide puts into the piles (None: only the opaques change)."""
    if isinstance(action, Keep):
        piece = view.drawn
    elif isinstance(action, Swap):
        piece = view.under
    else:
        piece = view.drawn if action.keep == "drawn" else view.under
    return None if action.to in ("discard", "opaques") or action.to.startswith("bonus") else piece


def discarded(view, action) -> str | None:
    """The piece a Keep, Swap or Hide sends to the discard, as far as a small yellow goes (None:
    nothing; a large replaced in the bonus stack is not named)."""
    if isinstance(action, Hide):
        return view.under if action.keep == "drawn" else view.drawn
    piece = view.drawn if isinstance(action, Keep) else view.under
    if action.to == "discard":
        return piece
    return _slots(view.mine).get(action.to)


def _in_play(view) -> tuple[int, int]:
    aside = dict(view.aside)
    return COPIES - aside.get("black-S", 0), COPIES - aside.get("white-S", 0)


def winner_value(held: tuple, bonus: tuple, opaques: tuple, exposed: tuple, original: bool,
                 in_black: int, in_white: int, extra: int = 0) -> int:
    """`scoring.hand_value(...).value` of a winner's hand (not drawn, no Rooster) with its own
    honour colour, without itemising it: the look-ahead asks for tens of thousands of these.
    `held` is the six slots in `_slots` order (chow-S, pung-M, pung-S, kong-L, kong-M, kong-S);
    `extra` is added to the base before the doubles (100 for a Golden Rooster); tests hold it equal
    to the table's scoring."""
    col = _COLOUR
    honour = col[held[3]] if held[3] is not None else None
    counts: dict[str, int] = {}
    for p in held:
        if p is not None:
            c = col[p]
            counts[c] = counts.get(c, 0) + 1
    honours = 0
    for p in bonus:
        c = col[p]
        counts[c] = counts.get(c, 0) + 1
        honours += c == honour
    base = 8 + extra                                   # going Mah Jongg
    doubles = 0
    for n in counts.values():
        base += 2 * (n // 2)                           # matched pairs
    m, s = held[1], held[2]
    if m is not None and s is not None and col[m] == col[s]:
        base += PUNG_POINTS[("pung" in exposed, col[m] == honour)]
    big, mid, small = held[3], held[4], held[5]
    if big is not None and mid is not None and small is not None:
        cb, cm, cs = col[big], col[mid], col[small]
        kong_exposed = "kong" in exposed
        if cb == cm == cs:
            base += KONG_POINTS[(kong_exposed, 3, cb == honour)]
        elif cb == cm or cb == cs:
            base += KONG_POINTS[(kong_exposed, 2, cb == honour)]
        elif cm == cs:
            base += KONG_POINTS[(kong_exposed, 2, cm == honour)]
        else:
            base += 4 if not kong_exposed else 2
    if honours == 4:
        doubles += 1
    elif honours or len(bonus) == 4:
        base += BONUS_POINTS[honours]
    black = sum(1 for p in opaques if col.get(p) == "black")
    white = sum(1 for p in opaques if col.get(p) == "white")
    full_b = in_black and black >= in_black
    full_w = in_white and white >= in_white
    doubles += 3 if (full_b and full_w) else (1 if full_b else 0) + (1 if full_w else 0)
    base -= 2 * ((0 if full_b else black) + (0 if full_w else white))
    if counts and honour not in counts:
        base += 8                                      # no honour pieces
    if len(counts) == 1:
        doubles += 3 if honour in counts else 1        # solid colour (honour) hand
    if original:
        doubles += 3
    return base * 2 ** doubles


def _value(seat, slots: dict, bonus: tuple, opaques: tuple, exposed: tuple, original: bool, in_play: dict) -> int:
    return winner_value(tuple(slots.values()), tuple(bonus), tuple(opaques), tuple(exposed), original,
                        in_play["black"], in_play["white"])


def _score(held: tuple, bonus: tuple, opaques: tuple, exposed: tuple, original: bool, inb: int, inw: int) -> float:
    key = (held, bonus, opaques, exposed, original, inb, inw)
    hit = _CACHE.get(key)
    if hit is not None:
        return hit
    filled = sum(1 for p in held if p is not None)
    v = max(-300, min(VALUE_CAP, winner_value(held, bonus, opaques, exposed, original, inb, inw)))
    score = SLOT_WEIGHT * filled + v
    if len(_CACHE) > 200_000:
        _CACHE.clear()
    _CACHE[key] = score
    return score


def static(view, slots: dict, bonus, opaques, exposed, original: bool) -> float:
    """Filled slots and the hand's value (remembered: the same holdings come up again and again)."""
    inb, inw = _in_play(view)
    return _score(tuple(slots.values()), tuple(sorted(bonus)), tuple(sorted(opaques)), tuple(exposed), original,
                  inb, inw)


def placements(slots: dict, bonus, exposed, piece: str):
    """Where a drawn piece may go (the engine's keep targets, without the discard): yields
    (slots, bonus, replaced-a-dealt-piece)."""
    size = size_of(piece)
    for slot, held in slots.items():
        if slot.endswith(size) and slot.split("-")[0] not in exposed and held != piece:
            new = dict(slots)
            new[slot] = piece
            yield new, bonus, held is not None and slot in DEALT
    if size == "L":
        if len(bonus) < BONUS_MAX:
            yield slots, tuple(bonus) + (piece,), False
        else:
            for i, p in enumerate(bonus):
                if p != piece:
                    b = list(bonus)
                    b[i] = piece
                    yield slots, tuple(b), False


def ahead(view, slots: dict, bonus, opaques, exposed, original: bool) -> float:
    """`static` averaged over the next roll's 48 outcomes, each piece placed where it helps most
    (remembered by holding and by which stacks still have pieces)."""
    inb, inw = _in_play(view)
    pool = dict(view.pool)
    avail = tuple(pool.get(piece, 0) > 0 for piece in PIECES)
    bonus, opaques, exposed = tuple(sorted(bonus)), tuple(sorted(opaques)), tuple(exposed)
    key = (tuple(slots.values()), bonus, opaques, exposed, original, inb, inw, avail)
    hit = _AHEAD.get(key)
    if hit is not None:
        return hit
    here = _score(key[0], bonus, opaques, exposed, original, inb, inw)
    total = 0.0
    for piece, there in zip(PIECES, avail):
        best = here
        if there:
            for s2, b2, lost_original in placements(slots, bonus, exposed, piece):
                score = _score(tuple(s2.values()), tuple(sorted(b2)), opaques, exposed,
                               original and not lost_original, inb, inw)
                if score > best:
                    best = score
        total += best
    total *= ROLL_P
    if len(_AHEAD) > 100_000:
        _AHEAD.clear()
    _AHEAD[key] = total
    return total


def unseen(view) -> Counter:
    """Pieces this seat can't place: in other players' hidden piles or under covers it doesn't know."""
    c = Counter({k: COPIES for k in KINDS})
    for k, n in view.pool:
        c[k] -= n
    for k, n in view.aside:
        c[k] -= n
    mine = view.mine
    for p in list(mine.chow + mine.pung + mine.kong) + list(mine.bonus) + list(mine.opaques):
        if p is not None:
            c[p] -= 1
    for pv in view.players:
        if pv.seat == view.seat:
            continue
        if pv.screen is not None:
            sv = pv.screen
            for p in list(sv.chow + sv.pung + sv.kong) + list(sv.bonus) + list(sv.opaques):
                if p is not None:
                    c[p] -= 1
        else:
            for _pile, pieces in pv.exposed:
                for p in pieces:
                    if p is not None:
                        c[p] -= 1
    for cov in view.covers:
        c[f"{cov.colour}-{cov.size}"] -= 1
        if cov.memory is not None and cov.memory[1] == cov.looks:
            c[cov.memory[0]] -= 1
    for p in (view.drawn, view.discard):
        if p is not None:
            c[p] -= 1
    return +c


def specials(view) -> bool:
    """Whether the special hands (the Golden Rooster) count at this table."""
    return bool(dict(view.options).get("special_hands"))


def small_open(slots: dict, exposed) -> bool:
    """Whether a small slot is still empty in a hidden pile: the only place a small yellow can go
    out as the winning piece."""
    return any(p is None and slot.endswith("S") and slot.split("-")[0] not in exposed for slot, p in slots.items())


def _options(view, drawn: str, hidden: str | None):
    """Every Keep / Swap / Hide with `hidden` under the cover (None: no cover), as the engine offers."""
    mine = view.mine
    slots = _slots(mine)
    out = []
    for p, kind in ((drawn, "keep"), (hidden, "swap")):
        if p is None or colour_of(p) in ("black", "white"):
            continue
        for s2, b2, lost in placements(slots, tuple(mine.bonus), mine.exposed, p):
            out.append((s2, b2, tuple(mine.opaques), mine.original and not lost, p))
    if hidden is not None and size_of(drawn) == "S":
        ops = list(mine.opaques)
        for o in ("black-S", "white-S"):
            if o in ops:
                rest = list(ops)
                rest.remove(o)
                if colour_of(hidden) in ("black", "white"):
                    out.append((slots, tuple(mine.bonus), tuple(rest + [hidden]), mine.original, None))
                    break
    return out


def hand_now(view) -> int:
    """What this seat's complete hand is worth if it goes out now: the winner's value with its own
    honour colour, plus the Golden Rooster when the last piece it put in was a small yellow, and the
    winning-piece-drawn points when that piece came from this turn's roll."""
    mine = view.mine
    inb, inw = _in_play(view)
    last = mine.last_in or (None, None, -1)
    extra = (ROOSTER_POINTS if last[0] == ROOSTER and specials(view) else 0) \
        + (DRAWN_POINTS if last[1] == "drawn" and last[2] == view.rolls else 0)
    return winner_value(tuple(_slots(mine).values()), tuple(sorted(mine.bonus)), tuple(sorted(mine.opaques)),
                        tuple(mine.exposed), mine.original, inb, inw, extra)


def ends_game_behind(view, value: int) -> bool:
    """Whether going out now for `value` ends the game (a winner who is not East passes East for
    the last time, MMJ-15, MMJ-27) with another player still ahead. Losers' own values are left
    out (their differences are small beside the winner's collection)."""
    if view.seat == view.east or view.passes + 1 < view.n * view.rounds:
        return False
    scores = list(view.scores)
    values = {s: 0 for s in range(view.n)}
    values[view.seat] = value
    for t in settle(values, view.seat, view.east):
        scores[t.payee] += t.amount
        scores[t.payer] -= t.amount
    return scores[view.seat] < max(scores)


def others_win_ends_on_top(view) -> bool:
    """Whether this seat is the game's last East (its loss passes East for the last time, MMJ-27)
    and leads every other player by more than END_LEAD: then any other player's win, short of a big
    hand, ends the game with this seat on top, and the sooner the hand ends the fewer big hands come."""
    if view.n < END_PLAYERS or view.seat != view.east or view.passes + 1 < view.n * view.rounds:
        return False
    mine = view.scores[view.seat]
    return all(mine - s > END_LEAD for i, s in enumerate(view.scores) if i != view.seat)


def go_out_for(view, value: int) -> bool:
    """Go out for `value` unless that ends the game behind while a big enough hand is within reach
    (WAIT_LIMIT, or twice this one)."""
    return not ends_game_behind(view, value) or ends_game_behind(view, max(WAIT_LIMIT, 2 * value))


class HardBot:
    """See the module docstring."""

    def choose(self, view, legal: Sequence[Action], rng) -> Action:
        legal = list(legal)
        if any(isinstance(a, (D8, Dice)) for a in legal):
            return chance_pick(view, legal, rng)
        mine = view.mine
        exposed = tuple(mine.exposed)
        for a in legal:
            if isinstance(a, Claim) and a.mahjong:
                if self._hunting(view) and view.discard != ROOSTER and size_of(view.discard) == "S":
                    return Pass()          # the next small draw fetches the known yellow: a Rooster, no discard
                if self._claim_out(view, a):
                    return a
        if MahJongg() in legal:
            if self._go_out(view):
                return MahJongg()
            if view.seat not in view.to_act:
                return None               # asked out of turn, only to declare: not yet
        claims = [a for a in legal if isinstance(a, Claim) and not a.mahjong]
        if claims:
            return self._claim(view, claims)
        for simple in (Pass(), Roll(), Go()):
            if simple in legal:
                return simple
        looks = [a for a in legal if isinstance(a, Look)]
        if looks:
            best = self._look(view, looks, rng)
            if best is not None:
                return best
        settles = [a for a in legal if isinstance(a, (Keep, Swap, Hide))]
        if not settles:
            return legal[0]
        hunting = self._hunting(view)
        # as the last East with a safe lead, another player's win ends the game on top: feed them
        feed_cost = -FEED_COST if others_win_ends_on_top(view) else FEED_COST
        keep_yellow = specials(view) and ROOSTER in (view.drawn, view.under)

        def extra(a, s2):
            out = self._hunt(view, hunting, s2, placed(view, a)) - feed_cost * feeds(view, a)
            if discarded(view, a) == ROOSTER:
                out -= YELLOW_FEED         # a yellow that can't be used stays out of the discard (under a cover)
            # a yellow kept for later is only worth it while a small slot stays open for it
            if not keep_yellow or not small_open(s2, exposed):
                return out
            if view.drawn == ROOSTER:
                if isinstance(a, Swap):
                    out += STASH_VALUE     # left under a cover only this seat knows: fetched when ready
                elif placed(view, a) == ROOSTER:
                    out -= STASH_VALUE / 4 # spent before the last slot
            else:                          # the yellow is the one under the cover
                if isinstance(a, Keep):
                    out += LEAVE_VALUE     # the yellow stays under a cover this seat knows
                elif placed(view, a) == ROOSTER:
                    out -= LEAVE_VALUE / 4
            return out

        def now(a):
            s2, b2, o2, orig = outcome(view, a)
            return static(view, s2, b2, o2, exposed, orig) + extra(a, s2)

        def judge(a):
            s2, b2, o2, orig = outcome(view, a)
            return ahead(view, s2, tuple(b2), tuple(o2), exposed, orig) + extra(a, s2)

        first = sorted(((now(a), i) for i, a in enumerate(settles)), reverse=True)
        top = [settles[i] for _s, i in first[:TOP_K]]          # the look-ahead only for the four best at once
        scored = [(judge(a), i) for i, a in enumerate(top)]
        best = max(scored)[0]
        ties = [top[i] for s, i in scored if s == best]
        return ties[rng.randint(0, len(ties) - 1)]

    # -- the Golden Rooster ----------------------------------------------------------------------
    def _hunting(self, view) -> bool:
        """Whether to save the last small slot for a small yellow (MMJ-13: 100 points before doubles,
        several times a usual hand): only while the seat knows a cover that hides one (any small
        draw then fetches it), a small slot is still open for it, the special hands are on and the
        hand is still young."""
        if not specials(view) or view.rolls > HUNT_ROLLS * view.n:
            return False
        if not small_open(_slots(view.mine), view.mine.exposed):
            return False
        return any(c.size == "M" and c.memory is not None and c.memory[1] == c.looks and c.memory[0] == ROOSTER
                   for c in view.covers)

    def _hunt(self, view, hunting: bool, slots: dict, piece: str | None) -> float:
        """Going out on a small yellow is the prize; while hunting, completing on anything else ends
        the hunt, and the last empty slot should be a small one."""
        if not specials(view):
            return 0.0
        empty = [s for s, p in slots.items() if p is None]
        if not empty:
            if piece == ROOSTER:
                return ROOSTER_PRIZE
            return -1.5 * SLOT_WEIGHT if hunting else 0.0
        if hunting and len(empty) == 1 and not empty[0].endswith("S"):
            return -HUNT_SHAPE
        return 0.0

    # -- decisions ---------------------------------------------------------------------------
    def _go_out(self, view) -> bool:
        """Go out at once, unless that would end the game with someone still ahead: then the hand is
        kept (MMJ-21 lets it go out at any later pause) while a big enough win is within reach."""
        return go_out_for(view, hand_now(view))

    def _claim_out(self, view, claim) -> bool:
        """Whether to go out on this discard: always, unless that would end the game behind (as
        `_go_out`); the claim's value has the pile exposed and no drawn-piece points."""
        mine = view.mine
        slots = _slots(mine)
        empty = [s for s in slots if s.startswith(claim.pile) and slots[s] is None]
        slots[empty[0]] = view.discard
        inb, inw = _in_play(view)
        rooster = ROOSTER_POINTS if view.discard == ROOSTER and specials(view) else 0
        value = winner_value(tuple(slots.values()), tuple(sorted(mine.bonus)), tuple(sorted(mine.opaques)),
                             tuple(sorted(set(mine.exposed) | {claim.pile})), mine.original, inb, inw, rooster)
        return go_out_for(view, value)

    def _claim(self, view, claims) -> Action:
        mine = view.mine
        slots = _slots(mine)
        exposed = tuple(mine.exposed)
        keep = ahead(view, slots, tuple(mine.bonus), tuple(mine.opaques), exposed, mine.original)
        best, best_score = Pass(), keep
        for a in claims:
            s2 = dict(slots)
            empty = [s for s in s2 if s.startswith(a.pile) and s2[s] is None]
            s2[empty[0]] = view.discard
            ex2 = tuple(sorted(set(exposed) | {a.pile}))
            score = static(view, s2, tuple(mine.bonus), tuple(mine.opaques), ex2, mine.original) + SLOT_WEIGHT / 2
            if score > best_score:
                best, best_score = a, score
        return best

    def _look(self, view, looks, rng):
        """The cover whose contents give the best expected choice: a remembered piece, or one of the
        unseen pieces of that size."""
        drawn = view.drawn
        hunting = self._hunting(view)
        hides = "S" if size_of(drawn) == "S" else "M"
        mine = view.mine
        exposed = tuple(mine.exposed)

        def best_with(hidden):
            opts = _options(view, drawn, hidden)
            if not opts:
                return static(view, _slots(mine), tuple(mine.bonus), tuple(mine.opaques), exposed, mine.original)
            return max(static(view, s, b, o, exposed, orig) + self._hunt(view, hunting, s, p)
                       for s, b, o, orig, p in opts)

        known, unknown = [], []
        for a in looks:
            cov = view.covers[a.cover]
            if cov.memory is not None and cov.memory[1] == cov.looks:
                # looking again under the known yellow keeps this seat's memory good and makes the
                # others' stale (a Normal looks first where it remembers something useful)
                guard = GUARD_VALUE if cov.memory[0] == ROOSTER and specials(view) else 0
                known.append((best_with(cov.memory[0]) + guard, a))
            else:
                unknown.append(a)
        scores = []
        if unknown:
            pool = unseen(view)
            cands = {k: n for k, n in pool.items() if size_of(k) == hides}
            total = sum(cands.values())
            if total:
                ev = sum(n * best_with(k) for k, n in cands.items()) / total
            else:
                ev = best_with(None)
            fewest = min(view.covers[a.cover].looks for a in unknown)
            pick = [a for a in unknown if view.covers[a.cover].looks == fewest]
            scores.append((ev, pick[rng.randint(0, len(pick) - 1)]))
        scores += known
        if not scores:
            return None
        return max(scores, key=lambda t: t[0])[1]
