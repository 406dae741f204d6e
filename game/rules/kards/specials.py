"""The special hands of the appendix as data, with the KRD-19 fixes (see patterns.py for the shape language).

Columns: key, the name players see, score, whether it replaces the basic score and whether it
replaces the multipliers (KRD-20), concealed only (KRD-21), and the shape. `score` None with a
`factor` is Celestial Blessing (1.5 × the basic score). `how`: "shape" = the whole hand has this
shape; "contains" = a complete hand holding this (Golden Coin); "flow" = decided by how the
round went (Earth and Celestial Blessing; shape unused).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

THIRTEEN = "one DR; one DG; one DW; one WE; one WS; one WW; one WN; one B1; one B9; one C1; one C9; one D1; one D9"


@dataclass(frozen=True)
class Special:
    key: str
    name: str
    score: int | None
    replaces_basic: bool
    replaces_multipliers: bool
    concealed: bool
    shape: str
    how: str = "shape"
    factor: Fraction | None = None


SPECIALS: tuple[Special, ...] = (
    # KRD-19: written as 11 Kards; a 4th concealed group makes the 14.
    Special("empirical", "Empirical Mah-Jongg", 6000, True, True, True, "pung DR; pung DG; pung DW; pair own; set ?"),
    Special("mandarin", "Mandarin Mah-Jongg", 5000, True, True, True, "pung $w1; pung $w2; pung $w3; pair $w4; set ?"),
    # KRD-19: three dragon kongs + any group + a pair.
    Special("crazy_monkey", "Crazy Monkey Mah-Jongg", 4500, True, True, False, "kong DR; kong DG; kong DW; set ?; pair ?"),
    Special("happy_family", "Happy Family Mah-Jongg", 4000, True, True, False, "pung WE; pung WS; pung WW; pung WN; pair ?d"),
    Special("big_green", "Big Green Mah-Jongg", 3600, True, True, False, "pung B2; pung B4; pung B6; pung DG; pair B8"),
    Special("small_green", "Small Green Mah-Jongg", 3500, True, True, False, "pung B2; pung B4; pung B6; pung B8; pair DG"),
    Special("red_green", "Red-Green Mah-Jongg", 3400, True, True, False, "pung B1; pung B5; pung B7; pung B9; one DG; one DR"),
    # KRD-19: one pair (of anything).
    Special("sons_of_9", "The adopted sons of dragon 9", 3300, True, True, False, "pung B9; pung C9; pung D9; pung ?d; pair ?"),
    Special("sons_of_1", "The adopted sons of dragon 1", 3300, True, True, False, "pung B1; pung C1; pung D1; pung ?d; pair ?"),
    Special("big_green_finger", "Big Green finger Mah-Jongg", 3200, True, True, False,
            "pung B3; pung B$e1; pung B$e2; pung DG; pair B$e3"),
    Special("small_green_finger", "Small Green finger Mah-Jongg", 3000, True, False, False,
            "pung B3; pung B$e1; pung B$e2; pung B$e3; pair DG"),
    Special("horizontal_enemies", "Horizontal Enemies Mah-Jongg", 3000, True, True, False,
            "pung $s1 1; pung $s1 9; pung WE; pung WW; one WN; one WS"),
    Special("vertical_enemies", "Vertical Enemies Mah-Jongg", 3000, True, True, False,
            "pung $s1 1; pung $s1 9; pung WN; pung WS; one WE; one WW"),
    Special("revolution_of_fire", "Revolution of fire Mah-Jongg", 2100, True, False, False,
            "pung ?s; pung ?s; pung ?s; pair DR; one WW; one WE; one WS"),
    Special("sons_of_red_dragon", "Three adopted sons of the red dragon", 2800, True, True, False,
            "pung $s1 $n; pung $s2 $n; pung $s3 $n; pung DR; pair ?w"),
    Special("sons_of_the_winds", "Three adopted sons of the winds", 2800, True, True, False,
            "pung $s1 $n; pung $s2 $n; pung $s3 $n; pung ?w; pair ?d"),
    Special("big_twin_sisters", "4 Big Twin Sisters Mah-Jongg", 2700, True, False, False,
            "pung $s1 $n; pung $s1 $n+1; pung $s1 $n+2; pung $s1 $n+3; pair ?d"),
    Special("small_twin_sisters", "4 Small Twin Sisters Mah-Jongg", 2500, True, False, False,
            "pung $s1 $n; pung $s1 $n+1; pung $s1 $n+2; pung $s1 $n+3; pair ?w"),
    Special("yin_yang", "The Harmonic Mah-Jongg of yin and yang", 2200, True, False, True,
            "pair WE; pair WS; pair WW; pair WN; pair DR; pair DG; pair DW"),
    Special("great_scholars", "Great Scholars Mah-Jongg", 2000, True, True, False,
            "pung DR; pung DG; pung DW; chow $s1 $n; pair $s1 $m"),
    # KRD-19: read as an all-honour hand.
    Special("winds_and_dragons", "The Mah-Jongg of winds and dragons", 1900, True, True, False,
            "pung ?h; pung ?h; pung ?h; pung ?h; pair ?h"),
    Special("fabulous_fingers", "13 Fabulous fingers Mah-Jongg", 1600, True, True, True, THIRTEEN + "; one ?t"),
    Special("big_snake", "Big Snake Mah-Jongg", 1600, True, True, False, "run $s1 1-9; pung ?h; pair ?h"),
    # KRD-19: 1-1-1-2-3-4-5-6-7-8-9-9-9 and one more of the suit.
    Special("call_of_the_9th", "Call of the 9th Kard Hand", 1800, True, True, True,
            "pung $s1 1; run $s1 2-8; pung $s1 9; one $s1 $m"),
    Special("snake_of_dragons", "Snake of the dragons Mah-Jongg", 1400, True, False, True,
            "run $s1 1,4,7; run $s2 2,5,8; run $s3 3,6,9; one DR; one DG; one DW; pair own"),
    Special("snake_of_winds", "The Snake of the winds Mah-Jongg", 1200, True, False, True,
            "run $s1 1,4,7; run $s2 2,5,8; run $s3 3,6,9; one WE; one WS; one WW; one WN; one ?h"),
    Special("little_snake", "Mah-Jongg of the little snake", 1000, True, False, False,
            "run $s1 1-9; one WE; one WS; one WW; one WN; one ?h"),
    Special("united_hand", "United Hand Mah-Jongg", 300, True, False, False,
            "chow ?s; pung ?s; pung ?d; pung ?d; pair round"),
    # KRD-19: the thirteen and one duplicate (a terminal duplicate is also Fabulous fingers, which scores more).
    Special("big_and_strange", "13 Big and Strange Mah-Jongg", 250, True, False, True, THIRTEEN + "; one ?o"),
    # KRD-18 and KRD-20: added to the basic score, or decided by how the round went.
    Special("earth_blessing", "Earth Blessing", 800, False, False, False, "", how="flow"),
    Special("celestial_blessing", "Celestial Blessing", None, True, True, False, "", how="flow", factor=Fraction(3, 2)),
    # KRD-19: the 1-9 run, a dragon pung and an honour pair.
    Special("buried_treasure", "Buried Treasure", 300, False, False, False, "run $s1 1-9; pung ?d; pair ?h"),
    Special("golden_coin", "Golden Coin", 100, False, False, False, "pung D5", how="contains"),
)

BY_KEY = {s.key: s for s in SPECIALS}
