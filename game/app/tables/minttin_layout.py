"""Where everything sits on the Mint Tin table (logical 1600x900). Pure geometry, no pygame.

The viewer's seat is always at the bottom ("me"), the other player (or the solo virtual
opponent) at the top ("them"). Positions are card centres; sizes come from the 50x70 card.

Solo:                                   Two players:
  score  opponent's exposures  dead deck hold spot     score  their hand (face down)
         discard row (3 lines)                                their exposures      [hint]
                                    [hint / buttons]          deck   discard pile   [buttons]
  score  my exposures   jokers                         score  my exposures   jokers
         my hand                                              my hand
"""

from __future__ import annotations

from dataclasses import dataclass

CARD_W, CARD_H = 50, 70

# hand (viewer, bottom)
HAND_CX, HAND_Y, HAND_SCALE, HAND_STEP = 720.0, 806.0, 1.3, 70.0
HAND_LIFT = 20.0                 # a selected card rises
FRESH_GAP = 18.0                 # the card just drawn stands a little apart
# exposures
EXP_SCALE, EXP_STEP, EXP_GAP, EXP_X0 = 0.85, 45.0, 16.0, 250.0
ME_EXP_Y = 584.0
SOLO_THEM_EXP_Y = 100.0
TWO_THEM_EXP_Y = 178.0
# solo tin: dead hand, deck, hold spot, joker spot
TIN_SCALE = 0.9
SOLO_DEAD = (1035.0, 100.0)
SOLO_DECK = (1155.0, 100.0)
SOLO_HOLD = (1275.0, 100.0)
SOLO_SPOT = (1400.0, 100.0)
# solo discard row
ROW_X0, ROW_Y0, ROW_SCALE, ROW_STEP, ROW_LINE, ROW_PER_LINE = 264.0, 256.0, 0.95, 51.0, 77.0, 19
ROW_RECT = (230.0, 214.0, 1030.0, 236.0)
# two players
TWO_OTHER_Y, TWO_OTHER_SCALE, TWO_OTHER_STEP = 62.0, 0.7, 28.0
TWO_DECK = (330.0, 364.0)
PILE_X0, PILE_Y, PILE_SCALE, PILE_STEP, PILE_LAST_GAP = 470.0, 364.0, 0.95, 36.0, 20.0
PILE_RECT = (420.0, 310.0, 840.0, 110.0)
# right column
PANEL_X, PANEL_W = 1272.0, 310.0
HINT_RECT = (PANEL_X, 196.0, PANEL_W, 292.0)
BUTTON_X, BUTTON_W, BUTTON_H, BUTTON_GAP = 1292.0, 270.0, 46.0, 8.0
BUTTON_Y0 = 504.0
# left column: score cards
SCORE_X = 122.0
SCORE_THEM_Y = 100.0
SCORE_ME_Y = 790.0
SCORE_SCALE = 1.0
STATUS_POS = (HAND_CX, 676.0)


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
        width = (n - 1) * HAND_STEP + (FRESH_GAP if fresh else 0) + (HAND_STEP if gap_at is not None else 0)
        x = HAND_CX - width / 2
        out = []
        for i in range(n):
            if gap_at is not None and i == gap_at:
                x += HAND_STEP
            if fresh and i == n - 1 and n > 1:
                x += FRESH_GAP
            out.append(Place(x, HAND_Y, HAND_SCALE, 0, 300 + i))
            x += HAND_STEP
        return out

    def hand_insert_index(self, n: int, x: float) -> int:
        """Where a card dropped at x goes in a hand of n other cards."""
        x0 = HAND_CX - (n * HAND_STEP) / 2
        return max(0, min(n, int((x - x0) // HAND_STEP)))

    def hand_area(self) -> tuple[float, float, float, float]:
        return (200.0, HAND_Y - 80, 1060.0, 160.0)

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
        step, gap = EXP_STEP, EXP_GAP
        limit = 790.0 if (not mine and self.solo) else 760.0
        span = max(0, total - 1) * step + max(0, len(sizes) - 1) * gap
        if span > limit:
            f = limit / span
            step, gap = step * f, gap * f
        x = EXP_X0
        out = []
        for b, n in enumerate(sizes):
            blk = []
            for i in range(n):
                blk.append(Place(x, y, EXP_SCALE, 0, 200 + b * 6 + i))
                x += step
            out.append(blk)
            x += gap
        return out

    def exposures_end(self, sizes: list[int], mine: bool) -> float:
        blocks = self.exposures(sizes, mine)
        if not blocks:
            return EXP_X0 - EXP_STEP
        return blocks[-1][-1].x

    def sideways(self, sizes: list[int], mine: bool, i: int) -> Place:
        """Discarded jokers lie sideways after the exposures."""
        x = self.exposures_end(sizes, mine) + EXP_STEP / 2 + 40 + i * 18
        return Place(x, self.exposure_y(mine), EXP_SCALE, 90, 240 + i)

    def facedown(self, sizes: list[int], jokers: int, mine: bool, i: int) -> Place:
        """Two players' Double-turn face-down discards, a small pile after the sideways jokers."""
        x = self.exposures_end(sizes, mine) + EXP_STEP / 2 + 40 + jokers * 18 + (60 if jokers else 10) + i * 14
        return Place(x, self.exposure_y(mine), EXP_SCALE * 0.9, 0, 250 + i)

    def exposures_rect(self, mine: bool) -> tuple[float, float, float, float]:
        y = self.exposure_y(mine)
        return (EXP_X0 - 30, y - CARD_H * EXP_SCALE / 2 - 6, 820.0, CARD_H * EXP_SCALE + 12)

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
        return Place(*SOLO_HOLD, TIN_SCALE, 0, 160)

    def spot(self, i: int) -> Place:
        return Place(SOLO_SPOT[0] + i * 10, SOLO_SPOT[1] + i * 4, TIN_SCALE, 0, 170 + i)

    def row(self, i: int, n: int) -> Place:
        per = ROW_PER_LINE
        lines = max(1, -(-n // per))
        step = ROW_STEP
        if lines > 3:                       # a very long row: squeeze it into three lines
            per = -(-n // 3)
            step = ROW_STEP * ROW_PER_LINE / per
        line, col = divmod(i, per)
        return Place(ROW_X0 + col * step, ROW_Y0 + line * ROW_LINE, ROW_SCALE, 0, 100 + i)

    def pile(self, i: int, n: int) -> Place:
        step = PILE_STEP
        room = PILE_RECT[2] - 90
        if n > 1 and (n - 1) * step > room:
            step = room / (n - 1)
        x = PILE_X0 + i * step + (PILE_LAST_GAP if (i == n - 1 and n > 1) else 0)
        return Place(x, PILE_Y, PILE_SCALE, 0, 100 + i)

    def discards_rect(self) -> tuple[float, float, float, float]:
        return ROW_RECT if self.solo else PILE_RECT

    # ---------------------------------------------------------------- scores and buttons
    def score(self, mine: bool) -> Place:
        return Place(SCORE_X, SCORE_ME_Y if mine else SCORE_THEM_Y, SCORE_SCALE, 0, 900)

    def button_rect(self, i: int) -> tuple[float, float, float, float]:
        return (BUTTON_X, BUTTON_Y0 + i * (BUTTON_H + BUTTON_GAP), BUTTON_W, BUTTON_H)
