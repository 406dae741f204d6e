"""Cuzzins bots: they decide from the seat's view and legal actions only.

Easy: goes out whenever it can, declares a secret at once (thirty cents now), discards a tile
that keeps its hand fewest tiles from complete (the kit's shanten, ties broken at random) and
claims a discard only when that brings the hand closer. It never pays to see a secret.
Normal: the same, but ranks discards by how many useful tiles are still unseen (tiles it can
see on the table are counted out), and breaks ties by that count instead of at random.
"""

from __future__ import annotations

from typing import Sequence

from game.core.kit.hands import Group, counts_of, shanten, useful
from game.core.kit.tiles import kind_of
from game.core.protocol import Action
from game.rules.cuzzins.actions import Chow, DeclareSecret, Dice, Discard, Kong, Mahjongg, PaySee, Pass, Pong
from game.rules.cuzzins.hands import TOTAL_SETS, is_winning
from game.rules.cuzzins.tiles import CODE_KIND, code
from game.rules.cuzzins.views import CuzView, visible_counts


def _minus(counts: tuple, *kinds: int) -> tuple:
    c = list(counts)
    for k in kinds:
        c[k] -= 1
    return tuple(c)


def hand_is_complete(view: CuzView) -> bool:
    """Whether the seat's own hand (with a claim window's discard) is a winning one: a Strict
    table's Mahjongg call is the player's to check (the table's hint checks it this way too)."""
    return EasyBot._complete(view, counts_of(kind_of(p) for p in view.hand))


class EasyBot:
    use_unseen = False

    def choose(self, view: CuzView, legal: Sequence[Action], rng) -> Action | None:
        if any(isinstance(a, Dice) for a in legal):
            return rng.choice(list(legal))
        mine = [a for a in legal if not isinstance(a, PaySee)]
        if not mine:
            return None                      # offered only a look at a secret, out of turn: no thanks
        seat = view.seat
        counts = counts_of(kind_of(p) for p in view.hand)
        sets = TOTAL_SETS - len(view.melds[seat]) - len(view.secrets[seat])
        if Mahjongg() in mine and self._complete(view, counts):    # on a Strict table the call is ours to check
            return Mahjongg()
        mine = [a for a in mine if not isinstance(a, Mahjongg)]
        visible = visible_counts(view) if self.use_unseen else None
        if any(isinstance(a, Discard) for a in mine):
            return self._turn(view, counts, sets, visible, mine, rng)
        return self._claim(view, counts, sets, mine)

    def _turn(self, view: CuzView, counts, sets, visible, legal, rng) -> Action:
        secrets = [a for a in legal if isinstance(a, DeclareSecret)]
        if secrets:
            return secrets[0]
        return self._discard(counts, sets, visible, legal, rng)

    @staticmethod
    def _complete(view: CuzView, counts) -> bool:
        fixed = [Group(m.shape, min(kind_of(p) for p in m.tiles), False) for m in view.melds[view.seat]]
        fixed += [Group("kong", CODE_KIND[x], True) for x in view.secrets[view.seat]]
        if view.phase == "claims":
            k = kind_of(view.discard)
            counts = counts[:k] + (counts[k] + 1,) + counts[k + 1:]
        return is_winning(counts, fixed)

    def _discard(self, counts, sets, visible, legal, rng) -> Action:
        kinds = [CODE_KIND[a.tile] for a in legal if isinstance(a, Discard)]
        after = {k: shanten(_minus(counts, k), sets) for k in kinds}
        best = min(after.values())
        tied = [k for k in kinds if after[k] == best]
        if self.use_unseen and len(tied) > 1:
            # only the best few are weighed by unseen useful tiles: `useful` costs a shanten per kind
            return Discard(code(max(tied, key=lambda k: (useful(_minus(counts, k), sets, visible).total, -k))))
        return Discard(code(rng.choice(tied)))

    def _claim(self, view: CuzView, counts, sets, legal) -> Action:
        now = shanten(counts, sets)
        k = kind_of(view.discard)
        best, gain = Pass(), 0
        for a in legal:
            if isinstance(a, Kong):
                after = shanten(_minus(counts, k, k, k), sets - 1)
                if after <= now and 1 > gain:          # a kong never hurts and pays thirty cents
                    best, gain = a, 1
            elif isinstance(a, (Pong, Chow)):
                used = (k, k) if isinstance(a, Pong) else tuple(
                    x for x in (CODE_KIND[a.low], CODE_KIND[a.low] + 1, CODE_KIND[a.low] + 2) if x != k)
                rest = _minus(counts, *used)
                after = min(shanten(_minus(rest, d), sets - 1) for d in range(27) if rest[d])
                if now - after > gain:
                    best, gain = a, now - after
        return best


class NormalBot(EasyBot):
    use_unseen = True
