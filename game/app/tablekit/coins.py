"""Coins sliding between seat plates when a payment happens (Cuzzins' kongs, secrets, wins).

Game-neutral: a table gives transfers ``(payer, payee, amount)`` by seat number and a function from
a seat to the point its coins leave from and arrive at (its name plate); ``send`` starts one coin
per transfer on the table's ``Tweener`` (several from one payer leave a little apart), each
carrying its amount as a label. Nothing here waits on the clock: ``done`` turns True at the end,
at once under ``skip()``, so a table whose bots wait for ``tweens.busy`` also waits for the coins.
"""

from __future__ import annotations

from typing import Callable, Iterable, Sequence

from game.app import theme
from game.app.anim.easing import ease_in_out, ease_out_quad, linear
from game.app.anim.tween import Tweener, sequence, tween, wait

FLIGHT = 0.7          # seconds from plate to plate
STAGGER = 0.12        # between coins leaving together
FADE = 0.18
RADIUS = 13.0
SPREAD = 72.0         # between coins landing on one plate together
RIM = (150, 110, 40)
FACE = (236, 196, 98)


class Coin:
    """One coin in flight. Tween ``t`` (0 at the payer, 1 at the payee) and ``alpha``."""

    def __init__(self, payer: int, payee: int, amount: int, start: tuple[float, float],
                 end: tuple[float, float], label: str) -> None:
        self.payer, self.payee, self.amount = payer, payee, amount
        self.start, self.end = start, end
        self.label = label
        self.t = 0.0
        self.alpha = 0.0
        self.done = False

    def _finish(self) -> None:
        self.done = True
        self.alpha = 0.0

    @property
    def pos(self) -> tuple[float, float]:
        """Where the coin is now: along the line, lifted in a shallow arc so crossing coins part."""
        t = max(0.0, min(1.0, self.t))
        (x0, y0), (x1, y1) = self.start, self.end
        lift = 60.0 * 4 * t * (1 - t)
        return x0 + (x1 - x0) * t, y0 + (y1 - y0) * t - lift


def cents_label(amount: int) -> str:
    return f"{amount}¢"


def send(tweener: Tweener, transfers: Iterable[Sequence], point_of: Callable[[int], tuple[float, float]],
         label: Callable[[int], str] = cents_label) -> list[Coin]:
    """Start a coin for each ``(payer, payee, amount)``; returns the coins to draw."""
    coins = []
    leaving: dict[int, int] = {}
    moves = [(a, b, n) for a, b, n in transfers if a != b and n]
    arriving = {b: sum(1 for _a, b2, _n in moves if b2 == b) for _a, b, _n in moves}
    landed: dict[int, int] = {}
    for payer, payee, amount in moves:
        n = leaving.get(payer, 0)
        leaving[payer] = n + 1
        # several coins for one seat land side by side, so their amounts don't print over each other
        j = landed.get(payee, 0)
        landed[payee] = j + 1
        ex, ey = point_of(payee)
        end = (ex + (j - (arriving[payee] - 1) / 2) * SPREAD, ey)
        c = Coin(payer, payee, int(amount), point_of(payer), end, label(int(amount)))
        tweener.run(sequence(
            wait(n * STAGGER),
            tween(c, FADE * 0.6, linear, alpha=1.0),
            tween(c, FLIGHT, ease_in_out, t=1.0),
            tween(c, FADE, ease_out_quad, alpha=0.0),
        )).then(c._finish)
        coins.append(c)
    return coins


def from_events(transfers: Iterable[dict]) -> list[tuple[int, int, int]]:
    """The kit's transfer dicts (``Transfer.to_json``: payer, payee, amount) as plain triples."""
    return [(int(t["payer"]), int(t["payee"]), int(t["amount"])) for t in transfers if t.get("payer") is not None]


def draw_coins(canvas, coins: Iterable[Coin]) -> None:
    for c in coins:
        if c.done or c.alpha <= 0.02:
            continue
        x, y = c.pos
        canvas.circle((0, 0, 0), (x + 2, y + 3), RADIUS)            # shadow
        canvas.circle(RIM, (x, y), RADIUS)
        canvas.circle(FACE, (x, y), RADIUS - 2.5)
        canvas.circle(RIM, (x, y), RADIUS - 5, 1.2)
        alpha = max(0.0, min(1.0, c.alpha))
        tw, th = canvas.measure(c.label, theme.SMALL, True)
        # on a dark tag: a coin lands on a name plate, and its amount must not run into the plate's words
        canvas.fill((8, 20, 14, int(215 * alpha)), (x - tw / 2 - 5, y + RADIUS + 1, tw + 10, th + 2), 6)
        canvas.text(c.label, (x, y + RADIUS + 2), theme.SMALL, theme.TEXT, True, "midtop", alpha=int(255 * alpha))


