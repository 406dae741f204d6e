"""Cuzzins Hard bot: Normal's tile efficiency, plus what a hand is worth in cents.

It decides from the seat's view and legal actions only:
- discards keep the fewest tiles from complete (the kit's shanten, five sets of a 17-tile hand),
  then the most unseen useful tiles; a hand that could still make Escalera (50 points, CUZ-2)
  keeps its 1-2-3 / 4-5-6 / 7-8-9 tiles when that costs no step; a useful tile it holds a pair
  of counts double, as any player's discard of it can be ponged, not only a draw;
- late in the hand (under 30 wall tiles) a hand still two or more steps away plays safe: it
  throws a tile the other players have shown they don't win on (they let it pass since their
  last turn) rather than feed a winner who would be paid double by the thrower (CUZ-13);
- once a discard leaves it waiting, it picks the wait worth most: for each winning tile, the
  unseen copies times what the win would score drawn from the wall (the engine's own scoring, so
  Paningit, Escalera, Bunot and Double Dice are all in the number);
- a secret (CUZ-17) is declared when the hand is no further from complete without the four
  tiles than after its best discard; otherwise the four stay in the hand to serve a run;
- paying 25 cents to see a secret (CUZ-18) is worth it only when the bot is waiting and the
  secret could well be the very tiles it waits for: it pays when the chance of that times a
  typical win in cents is more than the 25 cents;
- in the game's last hand it does not go out when the win would still leave another player with
  more cents: the game would end lost for certain, while playing on keeps a chance (a dearer
  tile, a self-drawn win, or someone else's win that leaves it ahead).
Claims are Normal's: a kong when it costs no step, a pong or chow when it brings the hand closer
(claiming more, or less, than that lost cents in paired trials: docs/cuzzins-bots.md).
"""

from __future__ import annotations

from typing import Sequence

from game.core.kit.hands import Group, counts_of, shanten, useful, waits
from game.core.kit.tiles import N_SUITED, kind_of
from game.core.protocol import Action
from game.rules.cuzzins import scoring
from game.rules.cuzzins.actions import DeclareSecret, Discard, Mahjongg, PaySee
from game.rules.cuzzins.hands import TOTAL_SETS
from game.rules.cuzzins.tiles import CODE_KIND, code
from game.rules.cuzzins.views import CuzView, visible_counts

from .bots import NormalBot, _minus

ESCALERA_FROM = 6          # escalera tiles in hand (of 9) before the bot starts keeping them
ESCALERA_WEIGHT = 3        # one escalera tile kept is worth this many unseen useful tiles
TYPICAL_WIN_CENTS = 150    # what a win brings, roughly (sim: ~40-60 points, doubled, from 3 players)
SEE_CENTS = scoring.SEE_CENTS
PAIR_WEIGHT = 2            # a useful tile the hand holds a pair of can be ponged from anyone: it counts double
FOLD_WALL = 30             # wall tiles left below which a hand two or more steps away plays safe


def _plus(counts: tuple, k: int) -> tuple:
    return counts[:k] + (counts[k] + 1,) + counts[k + 1:]


def fixed_groups(view: CuzView) -> tuple[tuple[Group, ...], tuple[Group, ...]]:
    """The seat's laid-out melds and its declared secrets, as kit groups."""
    seat = view.seat
    melds = tuple(Group(m.shape, min(kind_of(p) for p in m.tiles), False) for m in view.melds[seat])
    secrets = tuple(Group("kong", CODE_KIND[x], True) for x in view.secrets[seat])
    return melds, secrets


def escalera_tiles(counts: Sequence[int], melds: Sequence[Group]) -> int:
    """Most of the nine Escalera tiles (1-9 of one suit, as 123 456 789) one suit already has:
    distinct ranks in the hand, three for each of those runs laid out (other melds of the suit
    are not counted, and not checked for whether they leave room: only tie-breaks use this)."""
    best = 0
    for s in range(3):
        base = 9 * s
        runs = {g.kind for g in melds if g.shape == "chow"} & {base, base + 3, base + 6}
        have = 3 * len(runs)
        have += sum(1 for r in range(9) if counts[base + r] and base + r - r % 3 not in runs)
        best = max(best, have)
    return best


def safe_against(view: CuzView) -> dict[int, set[int]]:
    """For each other seat, the kinds it is known not to win on now (on the Assisted table).

    A seat's hand only changes on its own turn, so every discard made since its last one, which it
    let pass, does not complete it; its own last discard is counted safe too. Turns go round in
    order, so the seats after it up to this one discarded since (a claim can skip a seat: the
    reading is then a little off, which only makes the bot a little less careful)."""
    me = view.seat
    out = {}
    for j in (1, 2, 3):
        p = (me + j) % 4
        safe = set()
        for q in [p] + [(me + i) % 4 for i in range(j + 1, 4)]:
            if view.discards[q]:
                safe.add(kind_of(view.discards[q][-1]))
        out[p] = safe
    return out


def danger(view: CuzView, k: int, safe: dict[int, set[int]]) -> float:
    """How many other seats might win on a discard of `k`, each weighed by the sets it has laid out."""
    return sum(1 + len(view.melds[p]) / 2 for p, ks in safe.items() if k not in ks)


def win_value(counts: tuple, melds, secrets, tile: int, flowers: int, double_dice: bool) -> int:
    """Points of the complete concealed part `counts` won on `tile` drawn from the wall."""
    try:
        return scoring.score_win(scoring.Win(counts, melds, secrets, tile, "wall", flowers=flowers,
                                             double_dice=double_dice)).total
    except ValueError:          # a shape the kit's waits accept but scoring reads otherwise: no value
        return 0


def win_points(view: CuzView, counts: tuple, tile: int, how: str) -> int | None:
    """The points (a cent each from every loser) of this seat's concealed part `counts` (the winning
    tile in it) won now, by the table's settings; None when the engine's scoring does not read it
    as complete."""
    melds, secrets = fixed_groups(view)
    options = dict(view.options)
    try:
        return scoring.score_win(scoring.Win(counts, melds, secrets, tile, how, flowers=len(view.flowers[view.seat]),
                                             double_dice=view.double_dice,
                                             ones_nines=options.get("ones_nines", True),
                                             loose_tile_bonus=options.get("loose_tile_bonus", True))).total
    except ValueError:
        return None


def cents_after_win(view: CuzView, counts: tuple, tile: int, how: str, thrower: int | None) -> list[int] | None:
    """Every player's cents if this seat's concealed part `counts` (the winning tile in it) won now;
    None when the engine's scoring does not read it as complete."""
    total = win_points(view, counts, tile, how)
    if total is None:
        return None
    options = dict(view.options)
    cents = list(view.cents)
    for payer, amount, _why in scoring.payments(total, view.seat, thrower, options.get("thrower_pays_double", True)):
        cents[payer] -= amount
        cents[view.seat] += amount
    return cents


def win_loses_the_game(view: CuzView) -> bool:
    """In the last hand, whether going out now would end the game with another player ahead (a tie
    at the top shares the win, so it is not a loss). A tile drawn after a kong is scored as a wall
    draw (the view does not say where it came from), so a win the loose-tile bonus would carry
    can be refused."""
    if view.seat is None or view.hand_no < view.hands_total:
        return False
    counts = counts_of(kind_of(p) for p in view.hand)
    if view.phase == "claims" and view.discard is not None:
        tile = kind_of(view.discard)
        cents = cents_after_win(view, _plus(counts, tile), tile, "claimed", view.discarder)
    elif view.phase == "discard" and view.drawn is not None:
        cents = cents_after_win(view, counts, kind_of(view.drawn), "wall", None)
    else:
        return False                      # the dealer's original hand (eight times the score): taken
    return cents is not None and cents[view.seat] < max(cents)


class HardBot(NormalBot):
    use_unseen = True

    def choose(self, view: CuzView, legal: Sequence[Action], rng) -> Action | None:
        sees = [a for a in legal if isinstance(a, PaySee)]
        if sees:
            a = self._worth_seeing(view, sees)
            if a is not None:
                return a
        if Mahjongg() in legal and win_loses_the_game(view):
            legal = [a for a in legal if not isinstance(a, Mahjongg)]
        return super().choose(view, legal, rng)

    # -- a turn ----------------------------------------------------------------------
    def _turn(self, view, counts, sets, visible, legal, rng) -> Action:
        discards = [CODE_KIND[a.tile] for a in legal if isinstance(a, Discard)]
        after = {k: shanten(_minus(counts, k), sets) for k in discards}
        best = min(after.values())
        for a in legal:
            if isinstance(a, DeclareSecret):
                k = CODE_KIND[a.tile]
                if shanten(_minus(counts, k, k, k, k), sets - 1) <= best:
                    return a
        safe = safe_against(view)
        if best >= 2 and view.wall_left < FOLD_WALL:          # too far to win now: don't feed a winner
            return Discard(code(min(discards, key=lambda k: (danger(view, k, safe), after[k], k))))
        tied = [k for k in discards if after[k] == best]
        if len(tied) == 1:
            return Discard(code(tied[0]))
        melds, secrets = fixed_groups(view)
        if best == 0:
            return Discard(code(max(tied, key=lambda k: (self._wait_value(view, _minus(counts, k), sets, visible,
                                                                          melds, secrets), -k))))
        esc_now = escalera_tiles(counts, melds)

        def rank(k):
            rest = _minus(counts, k)
            value = sum(n * (PAIR_WEIGHT if rest[u] >= 2 else 1) for u, n in useful(rest, sets, visible).tiles)
            if esc_now >= ESCALERA_FROM:
                value += ESCALERA_WEIGHT * escalera_tiles(rest, melds)
            return value, -k
        return Discard(code(max(tied, key=rank)))

    def _wait_value(self, view, rest, sets, visible, melds, secrets) -> tuple[int, int]:
        """(unseen copies x points, unseen copies) over the waits of a ready hand."""
        value = outs = 0
        for w in waits(rest, sets):
            left = max(0, 4 - rest[w] - visible[w])
            if left:
                outs += left
                value += left * win_value(_plus(rest, w), melds, secrets, w, len(view.flowers[view.seat]),
                                          view.double_dice)
        return value, outs

    # -- paying to see a secret ----------------------------------------------------------
    def _worth_seeing(self, view: CuzView, sees: Sequence[PaySee]) -> PaySee | None:
        """A look is worth 25 cents when this seat is waiting and the secret may hold its outs:
        the chance the secret is one of the waits (it is four of a kind this seat sees none of)
        times a typical win is more than the price."""
        if view.seat is None or view.phase not in ("discard", "claims") or view.seat in view.to_act and \
                view.phase == "discard":
            return None                   # on its own turn the bot is choosing a discard, not waiting
        melds, secrets = fixed_groups(view)
        sets = TOTAL_SETS - len(melds) - len(secrets)
        counts = counts_of(kind_of(p) for p in view.hand)
        if sum(counts) != 3 * sets + 1 or shanten(counts, sets) != 0:
            return None
        visible = visible_counts(view)
        ws = waits(counts, sets)
        candidates = [k for k in range(N_SUITED) if counts[k] + visible[k] == 0]
        hidden = [w for w in ws if w in candidates]
        if not hidden:
            return None
        chance = len(hidden) / len(candidates) / len(ws)   # the secret is a wait, which holds 1/len(ws) of the outs
        if chance * TYPICAL_WIN_CENTS <= SEE_CENTS:
            return None
        return sees[0]
