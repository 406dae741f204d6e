"""Where everything sits on the Mint Tin table (logical 1600x900, inside the wooden rail). Pure geometry.

The viewer's seat is always at the bottom ("me"), the other player (or the solo virtual
opponent) seated across the top ("them"). Positions are card centres; sizes come from the
50x70 card. The viewer's hand is large (about 16% of the height); the discard area is drawn
only as big as what it holds.

Solo:                                          Two players:
  score  opponent's pungs   dead deck hold spot   score  their hand (face down, seated across)
         discard row (grows by lines)  [hint]            their exposures             [hint]
                                       [buttons]         deck   discard pile (grows) [buttons]
         my exposures   jokers                           my exposures   jokers
  score  my hand (large)                          score  my hand (large)
"""

from __future__ import annotations

from dataclasses import dataclass

from game.app.tablekit.fan import fan_row, insert_index

CARD_W, CARD_H = 50, 70
RAIL = 22                        # theme.RAIL_WIDTH: nothing is placed under the rail

# hand (viewer, bottom)
HAND_CX, HAND_Y, HAND_SCALE, HAND_STEP = 730.0, 788.0, 2.1, 72.0
HAND_LIFT = 20.0                 # a selected card rises
FRESH_GAP = 20.0                 # the card just drawn stands a little apart
# exposures
EXP_SCALE, EXP_STEP, EXP_GAP, EXP_X0 = 0.9, 47.0, 14.0, 236.0
MY_EXP_SCALE, MY_EXP_STEP = 1.05, 55.0        # your own exposures, nearer to you
ME_EXP_Y = 566.0
SOLO_THEM_EXP_Y = 104.0
TWO_THEM_EXP_Y = 196.0
# solo tin: dead hand, deck, hold spot, joker spot (across the top, right of the opponent's pungs)
TIN_SCALE = 1.0
SOLO_DEAD = (1050.0, 96.0)
SOLO_DECK = (1160.0, 96.0)
SOLO_HOLD = (1290.0, 96.0)
HOLD_SCALE = 1.15
SOLO_SPOT = (1425.0, 96.0)
# solo discard row
ROW_X0, ROW_Y0, ROW_SCALE, ROW_STEP, ROW_LINE, ROW_PER_LINE = 270.0, 272.0, 1.15, 61.0, 90.0, 15
# two players
TWO_OTHER_Y, TWO_OTHER_SCALE, TWO_OTHER_STEP = 84.0, 1.0, 38.0
TWO_DECK = (300.0, 368.0)
PILE_X0, PILE_Y, PILE_SCALE, PILE_STEP, PILE_LAST_GAP = 424.0, 368.0, 1.1, 44.0, 22.0
PILE_RIGHT = 1236.0
# right column (below the top band): the buttons, then the Hint panel in the room left under them
PANEL_X, PANEL_W = 1262.0, 308.0
BUTTON_X, BUTTON_W, BUTTON_H, BUTTON_GAP = 1278.0, 276.0, 52.0, 7.0
BUTTON_Y0 = 192.0
MAX_FULL_BUTTONS = 6             # more than this: smaller buttons without their detail line
PANEL_BOTTOM = 900.0 - RAIL - 8
# left column: score cards
SCORE_X = 110.0
SCORE_THEM_Y = 96.0
SCORE_ME_Y = 756.0
SCORE_SCALE = 1.0
STATUS_POS = (HAND_CX, 622.0)
BANNER_POS = (HAND_CX, 482.0)
BANNER_MAX_W = 2 * (PANEL_X - 16 - HAND_CX)          # a banner never runs under the right column
ROUND_POS = (SCORE_X, 246.0)
NOTE_POS, NOTE_W = (HAND_CX, 424.0), 760.0          # hot seat: what the other player did (top edge)
DOUBLE_RECT = (28.0, 318.0, 168.0, 160.0)
# a challenge's goal: the left column under the Double panel, clear of the opponent's pungs across the
# top (the default top-centre place covered them) and left of your own exposures
GOAL = (14.0, 486.0, 186.0, 122.0)


def _exp(mine: bool) -> tuple[float, float]:
    """(scale, step) of exposed cards: yours a little larger than those across the table."""
    return (MY_EXP_SCALE, MY_EXP_STEP) if mine else (EXP_SCALE, EXP_STEP)


@dataclass(frozen=True)
class Place:
    x: float
    y: float
    scale: float
    rot: float = 0.0
    z: float = 0.0

    def rect(self) -> tuple[float, float, float, float]:
        w, h = CARD_W * self.scale, CARD_H * self.scale
        if int(round(self.rot)) % 180:
            w, h = h, w
        return (self.x - w / 2, self.y - h / 2, w, h)


def contains(rect, pos) -> bool:
    x, y, w, h = rect
    return x <= pos[0] <= x + w and y <= pos[1] <= y + h


class Layout:
    def __init__(self, mode: str):
        self.mode = mode
        self.solo = mode == "solo"

    # ---------------------------------------------------------------- hand
    def hand(self, n: int, fresh: bool = False, gap_at: int | None = None) -> list[Place]:
        """Slots for n hand cards; `fresh`: the last one stands apart; `gap_at`: room for a dragged card."""
        xs = fan_row(n, HAND_CX, HAND_STEP, FRESH_GAP if fresh else 0.0, gap_at)
        return [Place(x, HAND_Y, HAND_SCALE, 0, 300 + i) for i, x in enumerate(xs)]

    def hand_insert_index(self, n: int, x: float) -> int:
        """Where a card dropped at x goes in a hand of n other cards."""
        return insert_index(n, x, HAND_CX, HAND_STEP)

    def hand_area(self) -> tuple[float, float, float, float]:
        h = CARD_H * HAND_SCALE
        return (190.0, HAND_Y - h / 2 - HAND_LIFT, 1072.0, h + HAND_LIFT)

    # ---------------------------------------------------------------- the other player's hand (2P)
    def other_hand(self, n: int) -> list[Place]:
        x = HAND_CX - (n - 1) * TWO_OTHER_STEP / 2
        return [Place(x + i * TWO_OTHER_STEP, TWO_OTHER_Y, TWO_OTHER_SCALE, 0, 50 + i) for i in range(n)]

    # ---------------------------------------------------------------- exposures, sideways jokers, face-down piles
    def exposure_y(self, mine: bool) -> float:
        if mine:
            return ME_EXP_Y
        return SOLO_THEM_EXP_Y if self.solo else TWO_THEM_EXP_Y

    def exposures(self, sizes: list[int], mine: bool) -> list[list[Place]]:
        y = self.exposure_y(mine)
        total = sum(sizes)
        scale, step = _exp(mine)
        gap = EXP_GAP
        limit = 720.0 if (not mine and self.solo) else 820.0
        span = max(0, total - 1) * step + max(0, len(sizes) - 1) * gap
        if span > limit:
            f = limit / span
            step, gap = step * f, gap * f
        x = EXP_X0
        out = []
        for b, n in enumerate(sizes):
            blk = []
            for i in range(n):
                blk.append(Place(x, y, scale, 0, 200 + b * 6 + i))
                x += step
            out.append(blk)
            x += gap
        return out

    def exposures_end(self, sizes: list[int], mine: bool) -> float:
        blocks = self.exposures(sizes, mine)
        if not blocks:
            return EXP_X0 - _exp(mine)[1]
        return blocks[-1][-1].x

    def sideways(self, sizes: list[int], mine: bool, i: int) -> Place:
        """Discarded jokers lie sideways after the exposures."""
        scale, step = _exp(mine)
        x = self.exposures_end(sizes, mine) + step / 2 + 40 + i * 18
        return Place(x, self.exposure_y(mine), scale, 90, 240 + i)

    def facedown(self, sizes: list[int], jokers: int, mine: bool, i: int) -> Place:
        """Two players' Double-turn face-down discards, a small pile after the sideways jokers."""
        scale, step = _exp(mine)
        x = self.exposures_end(sizes, mine) + step / 2 + 40 + jokers * 18 + (60 if jokers else 10) + i * 14
        return Place(x, self.exposure_y(mine), scale * 0.9, 0, 250 + i)

    def exposures_rect(self, mine: bool) -> tuple[float, float, float, float]:
        y = self.exposure_y(mine)
        scale = _exp(mine)[0]
        return (EXP_X0 - 30, y - CARD_H * scale / 2 - 6, 880.0, CARD_H * scale + 12)

    # ---------------------------------------------------------------- the middle
    def deck(self) -> tuple[float, float]:
        return SOLO_DECK if self.solo else TWO_DECK

    def deck_place(self) -> Place:
        x, y = self.deck()
        return Place(x, y, TIN_SCALE if self.solo else 1.0, 0, 150)

    def deck_rect(self) -> tuple[float, float, float, float]:
        p = self.deck_place()
        x, y, w, h = p.rect()
        return (x - 6, y - 8, w + 14, h + 16)

    def dead_place(self) -> Place:
        return Place(*SOLO_DEAD, TIN_SCALE, 0, 150)

    def hold(self) -> Place:
        return Place(*SOLO_HOLD, HOLD_SCALE, 0, 160)

    def spot(self, i: int) -> Place:
        return Place(SOLO_SPOT[0] + i * 10, SOLO_SPOT[1] + i * 4, TIN_SCALE, 0, 170 + i)

    def _row_shape(self, n: int) -> tuple[int, float]:
        """(cards per line, step): up to three lines; a longer row squeezes into three."""
        per, step = ROW_PER_LINE, ROW_STEP
        if n > 3 * per:
            per = -(-n // 3)
            step = ROW_STEP * ROW_PER_LINE / per
        return per, step

    def row(self, i: int, n: int) -> Place:
        per, step = self._row_shape(n)
        line, col = divmod(i, per)
        return Place(ROW_X0 + col * step, ROW_Y0 + line * ROW_LINE, ROW_SCALE, 0, 100 + i)

    def pile(self, i: int, n: int) -> Place:
        step = PILE_STEP
        room = PILE_RIGHT - PILE_X0 - PILE_LAST_GAP
        if n > 1 and (n - 1) * step > room:
            step = room / (n - 1)
        x = PILE_X0 + i * step + (PILE_LAST_GAP if (i == n - 1 and n > 1) else 0)
        return Place(x, PILE_Y, PILE_SCALE, 0, 100 + i)

    def discards_rect(self, n: int = 0) -> tuple[float, float, float, float]:
        """The discard area, as big as the n cards it holds (room for one card when empty)."""
        pad = 14.0
        if self.solo:
            per, step = self._row_shape(n)
            cols = max(1, min(n, per))
            lines = max(1, -(-n // per))
            w, h = CARD_W * ROW_SCALE, CARD_H * ROW_SCALE
            return (ROW_X0 - w / 2 - pad, ROW_Y0 - h / 2 - pad, (cols - 1) * step + w + 2 * pad,
                    (lines - 1) * ROW_LINE + h + 2 * pad)
        w, h = CARD_W * PILE_SCALE, CARD_H * PILE_SCALE
        last = self.pile(n - 1, n).x if n else PILE_X0
        return (PILE_X0 - w / 2 - pad, PILE_Y - h / 2 - pad, last - PILE_X0 + w + 2 * pad, h + 2 * pad)

    def drop_rect(self) -> tuple[float, float, float, float]:
        """Where a dragged card counts as discarded: the middle of the table, whatever the row holds."""
        return (ROW_X0 - 60, 200.0, PANEL_X - ROW_X0 + 40, ME_EXP_Y - 40 - 200.0)

    # ---------------------------------------------------------------- scores and buttons
    def score(self, mine: bool) -> Place:
        return Place(SCORE_X, SCORE_ME_Y if mine else SCORE_THEM_Y, SCORE_SCALE, 0, 900)

    def button_rect(self, i: int, n: int = 1) -> tuple[float, float, float, float]:
        """Button i of n, down the right column; smaller when there are many."""
        h = BUTTON_H if n <= MAX_FULL_BUTTONS else 40.0
        return (BUTTON_X, BUTTON_Y0 + i * (h + BUTTON_GAP), BUTTON_W, h)

    def hint_rect(self, n_buttons: int) -> tuple[float, float, float, float]:
        """The most room the Hint panel may take: the column under the buttons."""
        top = self.button_rect(n_buttons - 1, n_buttons)[1] + self.button_rect(0, n_buttons)[3] + 14 \
            if n_buttons else BUTTON_Y0
        return (PANEL_X, top, PANEL_W, PANEL_BOTTOM - top)
