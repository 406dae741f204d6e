"""Chinese tile faces (dots, bamboo, characters, winds, dragons, flowers, seasons), the tile
body (ivory face on a green back layer) and the Kard (5:7 card with a corner index)."""

from __future__ import annotations

import math

from .common import Canvas, engrave, mix, rot, shade, with_alpha

# --------------------------------------------------------------------------- palette

IVORY_TOP = (251, 247, 234)
IVORY_BOT = (238, 230, 209)
IVORY_SIDE = (222, 210, 180)
IVORY_SIDE_DARK = (196, 182, 148)
BACK = (22, 146, 100)
BACK_LIGHT = (60, 178, 128)
BACK_DARK = (10, 74, 50)

INK = (26, 38, 92)            # dark blue ink for numerals and winds
RED = (198, 30, 36)
GREEN = (22, 124, 66)
BLUE = (30, 78, 170)
BIRD_GREEN = (36, 138, 84)
BROWN = (110, 70, 40)

# a colour per wind for flowers and seasons: 1 East, 2 South, 3 West, 4 North
WIND_COLOUR = {1: (198, 30, 36), 2: (22, 124, 66), 3: (30, 78, 170), 4: (40, 38, 44)}

NUMERALS = "一二三四五六七八九"
WIND_CHARS = {"WE": "東", "WS": "南", "WW": "西", "WN": "北"}
WIND_LETTERS = {"WE": "E", "WS": "S", "WW": "W", "WN": "N"}
DRAGON_CHARS = {"DR": "中", "DG": "發"}
DRAGON_LETTERS = {"DR": "R", "DG": "G", "DW": "W"}
DRAGON_COLOURS = {"DR": RED, "DG": GREEN, "DW": BLUE}

TILE_W, TILE_H = 48, 64
KARD_W, KARD_H = 50, 70


# --------------------------------------------------------------------------- dots

def coin(c: Canvas, centre, r: float, col, paper=IVORY_TOP) -> None:
    """One dot: concentric rings with a notched inner ring like the printed circles."""
    x, y = centre
    c.circle(shade(col, -0.25), (x, y), r)
    c.circle(col, (x, y), r * 0.93)
    c.circle(paper, (x, y), r * 0.74)
    c.circle(col, (x, y), r * 0.6)
    if r >= 4.5:
        # eight small notches in the inner ring
        for k in range(8):
            a = math.radians(22.5 + 45 * k)
            c.circle(paper, (x + math.cos(a) * r * 0.47, y + math.sin(a) * r * 0.47), r * 0.075)
    c.circle(paper, (x, y), r * 0.34)
    c.circle(col, (x, y), r * 0.2)


def ornate_coin(c: Canvas, centre, r: float, small: bool = False) -> None:
    """The single large ornate circle of 1 Dots."""
    x, y = centre
    c.circle(shade(BLUE, -0.3), (x, y), r)
    c.circle(BLUE, (x, y), r * 0.96)
    c.circle(IVORY_TOP, (x, y), r * 0.86)
    # a band of green petals
    n = 16
    for k in range(n):
        a = 2 * math.pi * k / n
        tip = (x + math.cos(a) * r * 0.83, y + math.sin(a) * r * 0.83)
        base = (x + math.cos(a) * r * 0.57, y + math.sin(a) * r * 0.57)
        side = 2 * math.pi / n * 0.45
        l = (x + math.cos(a - side) * r * 0.68, y + math.sin(a - side) * r * 0.68)
        rr = (x + math.cos(a + side) * r * 0.68, y + math.sin(a + side) * r * 0.68)
        c.poly(GREEN, [base, l, tip, rr])
    c.circle(RED, (x, y), r * 0.56)
    c.circle(IVORY_TOP, (x, y), r * 0.47)
    for k in range(8):
        a = math.radians(45 * k)
        c.circle(RED, (x + math.cos(a) * r * 0.36, y + math.sin(a) * r * 0.36), r * 0.075)
    c.circle(BLUE, (x, y), r * 0.25)
    c.circle(IVORY_TOP, (x, y), r * 0.15)
    c.circle(RED, (x, y), r * 0.08)
    if not small:
        for k in range(4):
            a = math.radians(45 + 90 * k)
            c.circle(IVORY_TOP, (x + math.cos(a) * r * 0.91, y + math.sin(a) * r * 0.91), r * 0.035)


DOT_LAYOUT = {
    1: ([(0.5, 0.5)], 0.49, None),
    2: ([(0.5, 0.25), (0.5, 0.75)], 0.26, [GREEN, BLUE]),
    3: ([(0.2, 0.17), (0.5, 0.5), (0.8, 0.83)], 0.19, [BLUE, RED, GREEN]),
    4: ([(0.26, 0.25), (0.74, 0.25), (0.26, 0.75), (0.74, 0.75)], 0.21, [BLUE, GREEN, GREEN, BLUE]),
    5: ([(0.22, 0.19), (0.78, 0.19), (0.5, 0.5), (0.22, 0.81), (0.78, 0.81)], 0.185,
        [BLUE, GREEN, RED, GREEN, BLUE]),
    6: ([(0.28, 0.16), (0.72, 0.16), (0.28, 0.5), (0.72, 0.5), (0.28, 0.84), (0.72, 0.84)], 0.165,
        [GREEN, GREEN, RED, RED, RED, RED]),
    7: ([(0.2, 0.1), (0.5, 0.22), (0.8, 0.34), (0.29, 0.6), (0.71, 0.6), (0.29, 0.88), (0.71, 0.88)],
        0.132, [GREEN, GREEN, GREEN, RED, RED, RED, RED]),
    8: ([(0.28, 0.12), (0.72, 0.12), (0.28, 0.373), (0.72, 0.373), (0.28, 0.627), (0.72, 0.627),
         (0.28, 0.88), (0.72, 0.88)], 0.124, [BLUE] * 8),
    9: ([(0.18, 0.16), (0.5, 0.16), (0.82, 0.16), (0.18, 0.5), (0.5, 0.5), (0.82, 0.5),
         (0.18, 0.84), (0.5, 0.84), (0.82, 0.84)], 0.155, [BLUE] * 3 + [RED] * 3 + [GREEN] * 3),
}


def draw_dots(c: Canvas, n: int, box) -> None:
    x, y, w, h = box
    pts, rf, cols = DOT_LAYOUT[n]
    r = rf * min(w, h * 0.87)
    if n == 1:
        ornate_coin(c, (x + w / 2, y + h / 2), r)
        return
    for (u, v), col in zip(pts, cols):
        coin(c, (x + u * w, y + v * h), r, col)


# --------------------------------------------------------------------------- bamboo

def stick(c: Canvas, centre, length: float, width: float, col, angle: float = 0) -> None:
    """A bamboo stick with three nodes, drawn upright and rotated about its centre."""
    cx, cy = centre
    hl, hw = length / 2, width / 2
    dark = shade(col, -0.45)
    light = shade(col, 0.45)

    def R(pts):
        return rot(pts, angle, centre) if angle else pts

    # body: two slightly waisted segments
    for seg in ((-hl, 0), (0, hl)):
        y0, y1 = cy + seg[0], cy + seg[1]
        ym = (y0 + y1) / 2
        body = [(cx - hw, y0), (cx - hw * 0.78, ym), (cx - hw, y1), (cx + hw, y1), (cx + hw * 0.78, ym), (cx + hw, y0)]
        c.poly(dark, R(body))
        inner = [(cx - hw * 0.8, y0), (cx - hw * 0.6, ym), (cx - hw * 0.8, y1),
                 (cx + hw * 0.8, y1), (cx + hw * 0.6, ym), (cx + hw * 0.8, y0)]
        c.poly(col, R(inner))
        c.line(light, *R([(cx - hw * 0.15, y0 + width * 0.35), (cx - hw * 0.15, y1 - width * 0.35)]), width * 0.16)
    # nodes: top, middle, bottom
    for ny in (cy - hl, cy, cy + hl):
        node = [(cx - hw * 1.1, ny - width * 0.2), (cx + hw * 1.1, ny - width * 0.2),
                (cx + hw * 1.1, ny + width * 0.2), (cx - hw * 1.1, ny + width * 0.2)]
        c.poly(dark, R(node))
        c.line(light, *R([(cx - hw * 0.7, ny - width * 0.05), (cx + hw * 0.7, ny - width * 0.05)]), width * 0.1)


def leaf(c: Canvas, base, tip, width: float, col, vein=None) -> None:
    bx, by = base
    tx, ty = tip
    dx, dy = tx - bx, ty - by
    L = math.hypot(dx, dy) or 1
    nx, ny = -dy / L, dx / L
    pts = []
    steps = 10
    for i in range(steps + 1):
        t = i / steps
        wv = math.sin(math.pi * t) ** 0.8 * width / 2
        pts.append((bx + dx * t + nx * wv, by + dy * t + ny * wv))
    for i in range(steps, -1, -1):
        t = i / steps
        wv = math.sin(math.pi * t) ** 0.8 * width / 2
        pts.append((bx + dx * t - nx * wv, by + dy * t - ny * wv))
    c.poly(col, pts)
    if vein is not None:
        c.line(vein, base, (bx + dx * 0.85, by + dy * 0.85), max(0.35, width * 0.09))


def draw_bird(c: Canvas, box) -> None:
    """1 Bamboo: a stylised sparrow on a bamboo stem."""
    x, y, w, h = box

    def P(u, v):
        return (x + u * w, y + v * h)

    # the bamboo stem it perches on
    stick(c, P(0.78, 0.62), h * 0.62, w * 0.11, GREEN)
    # tail feathers
    leaf(c, P(0.52, 0.62), P(0.98, 0.98), w * 0.16, BLUE, shade(BLUE, 0.5))
    leaf(c, P(0.5, 0.62), P(0.84, 1.0), w * 0.16, RED, shade(RED, 0.5))
    leaf(c, P(0.5, 0.6), P(0.66, 1.0), w * 0.15, GREEN, shade(GREEN, 0.5))
    # body
    body = [(P(0.44, 0.52)[0] + math.cos(a) * w * 0.3, P(0.44, 0.52)[1] + math.sin(a) * h * 0.17)
            for a in [i * math.pi / 18 for i in range(36)]]
    body = rot(body, -28, P(0.44, 0.52))
    c.poly(shade(BIRD_GREEN, -0.4), body)
    c.poly(BIRD_GREEN, [(px + (P(0.44, 0.52)[0] - px) * 0.08, py + (P(0.44, 0.52)[1] - py) * 0.08) for px, py in body])
    # breast
    breast = [(P(0.34, 0.58)[0] + math.cos(a) * w * 0.15, P(0.34, 0.58)[1] + math.sin(a) * h * 0.1)
              for a in [i * math.pi / 12 for i in range(24)]]
    c.poly(RED, rot(breast, -30, P(0.34, 0.58)))
    # wing
    leaf(c, P(0.36, 0.44), P(0.74, 0.62), w * 0.2, shade(BIRD_GREEN, -0.3), shade(BIRD_GREEN, 0.4))
    for k in range(3):
        t = 0.45 + 0.15 * k
        a = P(0.36 + 0.38 * t, 0.44 + 0.18 * t)
        c.line(shade(BIRD_GREEN, 0.35), a, (a[0] + w * 0.04, a[1] + h * 0.05), 0.5)
    # head, crest, beak, eye
    head = P(0.24, 0.3)
    c.circle(shade(BIRD_GREEN, -0.4), head, w * 0.15)
    c.circle(BIRD_GREEN, head, w * 0.135)
    leaf(c, P(0.25, 0.2), P(0.34, 0.04), w * 0.07, RED)
    leaf(c, P(0.22, 0.19), P(0.22, 0.03), w * 0.07, RED)
    leaf(c, P(0.19, 0.2), P(0.1, 0.07), w * 0.07, RED)
    c.poly((222, 160, 40), [P(0.12, 0.27), P(0.0, 0.33), P(0.13, 0.35)])
    c.circle(IVORY_TOP, P(0.2, 0.29), w * 0.045)
    c.circle((20, 20, 20), P(0.195, 0.29), w * 0.025)
    # legs
    for u in (0.42, 0.5):
        c.line(BROWN, P(u, 0.66), P(u - 0.02, 0.78), 0.8)
        c.line(BROWN, P(u - 0.02, 0.78), P(u + 0.06, 0.8), 0.7)


BAMBOO_LAYOUT = {
    # (u, v, colour, angle) ; length as fraction of h
    2: ([(0.5, 0.27, BLUE, 0), (0.5, 0.73, GREEN, 0)], 0.4, 0.17),
    3: ([(0.5, 0.27, BLUE, 0), (0.29, 0.73, GREEN, 0), (0.71, 0.73, GREEN, 0)], 0.4, 0.16),
    4: ([(0.29, 0.27, GREEN, 0), (0.71, 0.27, BLUE, 0), (0.29, 0.73, BLUE, 0), (0.71, 0.73, GREEN, 0)], 0.4, 0.16),
    5: ([(0.2, 0.27, GREEN, 0), (0.8, 0.27, BLUE, 0), (0.5, 0.5, RED, 0), (0.2, 0.73, BLUE, 0),
         (0.8, 0.73, GREEN, 0)], 0.4, 0.15),
    6: ([(0.19, 0.27, GREEN, 0), (0.5, 0.27, GREEN, 0), (0.81, 0.27, GREEN, 0),
         (0.19, 0.73, BLUE, 0), (0.5, 0.73, BLUE, 0), (0.81, 0.73, BLUE, 0)], 0.4, 0.15),
    7: ([(0.5, 0.16, RED, 0),
         (0.19, 0.5, GREEN, 0), (0.5, 0.5, BLUE, 0), (0.81, 0.5, GREEN, 0),
         (0.19, 0.84, GREEN, 0), (0.5, 0.84, BLUE, 0), (0.81, 0.84, GREEN, 0)], 0.29, 0.14),
    8: ([(0.14, 0.27, GREEN, 0), (0.39, 0.27, BLUE, -16), (0.61, 0.27, BLUE, 16), (0.86, 0.27, GREEN, 0),
         (0.14, 0.73, GREEN, 0), (0.39, 0.73, BLUE, 16), (0.61, 0.73, BLUE, -16), (0.86, 0.73, GREEN, 0)],
        0.42, 0.13),
    9: ([(u, v, col, 0) for v in (0.16, 0.5, 0.84) for u, col in ((0.19, GREEN), (0.5, RED), (0.81, BLUE))],
        0.29, 0.14),
}


def draw_bamboo(c: Canvas, n: int, box) -> None:
    x, y, w, h = box
    if n == 1:
        draw_bird(c, box)
        return
    items, lf, wf = BAMBOO_LAYOUT[n]
    for u, v, col, ang in items:
        stick(c, (x + u * w, y + v * h), lf * h, wf * w, col, ang)


# --------------------------------------------------------------------------- characters, honours

def draw_characters(c: Canvas, n: int, box) -> None:
    x, y, w, h = box
    num = NUMERALS[n - 1]
    c.text("cjk", num, h * 0.46, INK, centre=(x + w / 2, y + h * 0.22))
    c.text("cjk", "萬", h * 0.54, RED, centre=(x + w / 2, y + h * 0.71))


def corner_letter(c: Canvas, letter: str, col, pos, px: float = 8.0) -> None:
    c.text("sansb", letter, px, col, topleft=pos)


def draw_wind(c: Canvas, code: str, box) -> None:
    x, y, w, h = box
    c.text("cjk", WIND_CHARS[code], min(w, h) * 0.86, INK, centre=(x + w / 2, y + h * 0.53))


def draw_dragon(c: Canvas, code: str, box) -> None:
    x, y, w, h = box
    if code == "DW":
        col = BLUE
        fx, fy, fw, fh = x + w * 0.17, y + h * 0.1, w * 0.7, h * 0.82
        t = max(1.2, w * 0.07)
        c.rrect(col, (fx, fy, fw, fh), 1.5, t)
        ins = t + max(1.0, w * 0.04)
        c.rrect(col, (fx + ins, fy + ins, fw - 2 * ins, fh - 2 * ins), 1, max(0.6, w * 0.025))
        # corner studs
        for px_, py_ in ((fx, fy), (fx + fw, fy), (fx, fy + fh), (fx + fw, fy + fh)):
            c.circle(col, (px_, py_), t * 0.9)
        return
    c.text("cjk", DRAGON_CHARS[code], min(w, h) * 0.88, DRAGON_COLOURS[code], centre=(x + w / 2, y + h * 0.52))


# --------------------------------------------------------------------------- flowers and seasons

def _blossom(c: Canvas, centre, r: float, petal, heart) -> None:
    x, y = centre
    for k in range(5):
        a = math.radians(-90 + 72 * k)
        c.circle(shade(petal, -0.25), (x + math.cos(a) * r * 0.55, y + math.sin(a) * r * 0.55), r * 0.5)
    for k in range(5):
        a = math.radians(-90 + 72 * k)
        c.circle(petal, (x + math.cos(a) * r * 0.55, y + math.sin(a) * r * 0.55), r * 0.42)
    c.circle(heart, (x, y), r * 0.28)
    for k in range(5):
        a = math.radians(-54 + 72 * k)
        c.circle((240, 200, 60), (x + math.cos(a) * r * 0.3, y + math.sin(a) * r * 0.3), r * 0.08)


def flower_emblem(c: Canvas, n: int, box, tiny: bool = False) -> None:
    """Flowers: 1 plum, 2 orchid, 3 chrysanthemum, 4 bamboo - plants on a stem, no frame."""
    x, y, w, h = box

    def P(u, v):
        return (x + u * w, y + v * h)

    if tiny:
        _blossom(c, P(0.5, 0.5), min(w, h) * 0.5, (230, 110, 140), RED)
        return
    if n == 1:      # plum branch
        c.thick_curve(BROWN, [P(0.1, 0.98), P(0.3, 0.75), P(0.42, 0.55), P(0.62, 0.35), P(0.85, 0.12)], w * 0.09, w * 0.04)
        c.thick_curve(BROWN, [P(0.42, 0.55), P(0.3, 0.38), P(0.28, 0.22)], w * 0.05, w * 0.03)
        _blossom(c, P(0.62, 0.35), w * 0.2, (236, 120, 150), RED)
        _blossom(c, P(0.27, 0.2), w * 0.16, (236, 120, 150), RED)
        _blossom(c, P(0.6, 0.72), w * 0.17, (236, 120, 150), RED)
        c.circle((200, 60, 90), P(0.86, 0.12), w * 0.06)
    elif n == 2:    # orchid
        leaf(c, P(0.5, 1.0), P(0.1, 0.35), w * 0.1, GREEN)
        leaf(c, P(0.52, 1.0), P(0.9, 0.45), w * 0.1, GREEN)
        leaf(c, P(0.5, 1.0), P(0.72, 0.62), w * 0.09, shade(GREEN, 0.2))
        c.thick_curve(shade(GREEN, -0.2), [P(0.5, 1.0), P(0.48, 0.7), P(0.5, 0.4)], w * 0.04)
        ctr = P(0.5, 0.32)
        purple = (140, 70, 170)
        for ang in (-90, 30, 150):
            a = math.radians(ang)
            leaf(c, ctr, (ctr[0] + math.cos(a) * w * 0.36, ctr[1] + math.sin(a) * w * 0.36), w * 0.2, purple)
        for ang in (-30, 210):
            a = math.radians(ang)
            leaf(c, ctr, (ctr[0] + math.cos(a) * w * 0.28, ctr[1] + math.sin(a) * w * 0.28), w * 0.16, shade(purple, 0.35))
        c.circle((250, 230, 120), ctr, w * 0.07)
        c.circle(RED, ctr, w * 0.035)
    elif n == 3:    # chrysanthemum
        c.thick_curve(shade(GREEN, -0.2), [P(0.5, 1.0), P(0.52, 0.75), P(0.5, 0.5)], w * 0.05)
        leaf(c, P(0.52, 0.82), P(0.15, 0.66), w * 0.16, GREEN, shade(GREEN, 0.4))
        leaf(c, P(0.5, 0.9), P(0.88, 0.72), w * 0.16, GREEN, shade(GREEN, 0.4))
        ctr = P(0.5, 0.36)
        r = w * 0.36
        for k in range(28):
            a = math.radians(k * 360 / 28)
            leaf(c, ctr, (ctr[0] + math.cos(a) * r, ctr[1] + math.sin(a) * r), w * 0.09, (236, 150, 30))
        for k in range(20):
            a = math.radians(9 + k * 18)
            leaf(c, ctr, (ctr[0] + math.cos(a) * r * 0.7, ctr[1] + math.sin(a) * r * 0.7), w * 0.08, (250, 200, 50))
        c.circle((190, 90, 20), ctr, w * 0.1)
    else:           # bamboo sprig with blossoms
        c.thick_curve(shade(GREEN, -0.25), [P(0.45, 1.0), P(0.5, 0.6), P(0.56, 0.15)], w * 0.06)
        for ny in (0.72, 0.42):
            c.line(shade(GREEN, -0.5), P(0.42, ny), P(0.6, ny - 0.02), w * 0.03)
        leaf(c, P(0.5, 0.6), P(0.08, 0.48), w * 0.13, GREEN, shade(GREEN, 0.4))
        leaf(c, P(0.5, 0.6), P(0.14, 0.7), w * 0.12, shade(GREEN, 0.15), shade(GREEN, 0.5))
        leaf(c, P(0.54, 0.36), P(0.95, 0.24), w * 0.13, GREEN, shade(GREEN, 0.4))
        leaf(c, P(0.54, 0.36), P(0.92, 0.48), w * 0.12, shade(GREEN, 0.15), shade(GREEN, 0.5))
        for u, v in ((0.2, 0.25), (0.33, 0.14), (0.78, 0.7)):
            _blossom(c, P(u, v), w * 0.1, (250, 250, 240), (230, 180, 60))


def season_emblem(c: Canvas, n: int, box, col, tiny: bool = False) -> None:
    """Seasons: 1 spring sprout, 2 summer sun, 3 autumn maple leaf, 4 winter snowflake, in a
    round medallion (flowers have none)."""
    x, y, w, h = box
    r = min(w, h) / 2
    cx, cy = x + w / 2, y + h / 2
    if not tiny:
        c.circle(col, (cx, cy), r)
        c.circle(mix(col, (255, 255, 255), 0.86), (cx, cy), r * 0.9)
        c.circle(col, (cx, cy), r * 0.86, 0.5)
    k = r * (0.78 if not tiny else 1.0)
    if n == 1:      # spring: a sprout
        c.thick_curve((60, 140, 50), [(cx, cy + k * 0.85), (cx, cy + k * 0.2), (cx + k * 0.05, cy - k * 0.3)], k * 0.13)
        leaf(c, (cx, cy + k * 0.15), (cx - k * 0.8, cy - k * 0.35), k * 0.45, (80, 170, 60), (40, 110, 40))
        leaf(c, (cx, cy - k * 0.05), (cx + k * 0.8, cy - k * 0.5), k * 0.45, (80, 170, 60), (40, 110, 40))
        c.circle((236, 120, 150), (cx + k * 0.05, cy - k * 0.45), k * 0.2)
        c.ellipse((120, 84, 50), (cx - k * 0.7, cy + k * 0.7, k * 1.4, k * 0.3))
    elif n == 2:    # summer: the sun
        c.poly((244, 160, 30), [(cx + math.cos(math.radians(a)) * (k * (0.98 if i % 2 == 0 else 0.62)),
                                 cy + math.sin(math.radians(a)) * (k * (0.98 if i % 2 == 0 else 0.62)))
                                for i, a in enumerate(range(0, 360, 15))])
        c.circle((230, 80, 30), (cx, cy), k * 0.56)
        c.circle((250, 180, 50), (cx, cy), k * 0.44)
    elif n == 3:    # autumn: maple leaf
        pts = []
        lobes = [(-90, 1.0), (-55, 0.45), (-30, 0.9), (0, 0.5), (20, 0.75), (55, 0.35), (90, 0.35),
                 (125, 0.35), (160, 0.75), (180, 0.5), (210, 0.9), (235, 0.45)]
        for a, rr in lobes:
            pts.append((cx + math.cos(math.radians(a)) * k * rr, cy - k * 0.05 + math.sin(math.radians(a)) * k * rr))
        c.poly((200, 80, 20), pts)
        inner = [(cx + (px - cx) * 0.8, cy - k * 0.05 + (py - cy + k * 0.05) * 0.8) for px, py in pts]
        c.poly((230, 120, 30), inner)
        c.line((130, 50, 15), (cx, cy + k * 0.95), (cx, cy - k * 0.6), k * 0.09)
        c.line((130, 50, 15), (cx, cy), (cx - k * 0.6, cy - k * 0.35), k * 0.06)
        c.line((130, 50, 15), (cx, cy), (cx + k * 0.6, cy - k * 0.35), k * 0.06)
    else:           # winter: snowflake
        ice = (40, 110, 190)
        for i in range(6):
            a = math.radians(90 + 60 * i)
            e = (cx + math.cos(a) * k * 0.9, cy + math.sin(a) * k * 0.9)
            c.line(ice, (cx, cy), e, k * 0.11)
            for t in (0.45, 0.7):
                m = (cx + math.cos(a) * k * t, cy + math.sin(a) * k * t)
                for s in (-1, 1):
                    b = a + s * math.radians(40)
                    c.line(ice, m, (m[0] + math.cos(b) * k * 0.28, m[1] + math.sin(b) * k * 0.28), k * 0.08)
        c.circle(ice, (cx, cy), k * 0.16)
        c.circle((230, 240, 250), (cx, cy), k * 0.07)


# --------------------------------------------------------------------------- face dispatch

def draw_face(c: Canvas, code: str, box, corner_at=None) -> None:
    """The face art of one tile kind inside box. corner_at: where the corner letter/number goes
    (None = no corner mark; Kards show it in their index instead)."""
    x, y, w, h = box
    if code[0] in "BCD" and code[1:].isdigit():
        n = int(code[1])
        {"B": draw_bamboo, "C": draw_characters, "D": draw_dots}[code[0]](c, n, box)
        return
    if code in WIND_CHARS:
        draw_wind(c, code, box)
        if corner_at:
            corner_letter(c, WIND_LETTERS[code], INK, corner_at)
        return
    if code in DRAGON_LETTERS:
        draw_dragon(c, code, box)
        if corner_at:
            corner_letter(c, DRAGON_LETTERS[code], DRAGON_COLOURS[code], corner_at)
        return
    n = int(code[1])
    col = WIND_COLOUR[n]
    if code[0] == "F":
        flower_emblem(c, n, (x + w * 0.04, y + h * 0.1, w * 0.92, h * 0.86))
    else:
        s = min(w, h * 0.86)
        season_emblem(c, n, (x + (w - s) / 2, y + h * 0.56 - s / 2, s, s), col)
    if corner_at:
        corner_letter(c, str(n), col, corner_at, 8.5)


# --------------------------------------------------------------------------- tile bodies

FACE_RECT = (0.9, 0.4, 46.2, 52.4)
TILE_ART = (5, 4.6, 38, 43.6)


def _tile_body(c: Canvas, face_top, face_bot, lower_band, lower_band_dark, layer_col, layer_dark) -> None:
    # back layer: the lowest band, the full height so its rounded corners match the body
    c.rrect(shade(layer_dark, -0.45), (0, 4, 48, 60), 6.5)
    c.grad_rrect((0.6, 4, 46.8, 59.3), 6, shade(layer_col, 0.12), shade(layer_col, -0.25))
    hl = c.layer()
    hl.line(with_alpha(shade(layer_col, 0.55), 150), (5, 57.9), (43, 57.9), 0.5, caps=False)
    hl.line(with_alpha(shade(layer_col, -0.6), 110), (6, 63.2), (42, 63.2), 0.4, caps=False)
    c.blit(hl)
    # body (the ivory part of the side, between face and back layer)
    c.rrect(lower_band_dark, (0, 0, 48, 57.3), 6.5)
    c.grad_rrect((0.5, 0, 47, 56.9), 6, lower_band, lower_band_dark)
    # face
    fx, fy, fw, fh = FACE_RECT
    c.rrect(shade(face_bot, -0.22), (fx - 0.4, fy - 0.3, fw + 0.8, fh + 0.9), 5.8)
    c.grad_rrect(FACE_RECT, 5.5, face_top, face_bot)
    hl = c.layer()
    hl.rrect((255, 255, 255, 200), (fx + 0.7, fy + 0.6, fw - 1.4, fh - 1.4), 5, 0.55)
    hl.rrect((0, 0, 0, 0), (fx + 1.4, fy + 1.4, fw - 1.4, fh - 1.4), 5)
    c.blit(hl)


def tile_frame(code: str) -> Canvas:
    c = Canvas(TILE_W, TILE_H, bg=BACK_DARK)
    _tile_body(c, IVORY_TOP, IVORY_BOT, IVORY_SIDE, IVORY_SIDE_DARK, BACK, BACK_DARK)
    art = c.layer(bg=IVORY_TOP)
    box = TILE_ART
    draw_face(art, code, box, corner_at=(3.4, 3.0))
    engrave(c, art, depth=0.42, light=210, dark=85)
    return c


def tile_back() -> Canvas:
    c = Canvas(TILE_W, TILE_H, bg=IVORY_SIDE_DARK)
    # face down: the green back is on top, the ivory body shows at the lower edge
    _tile_body(c, shade(BACK_LIGHT, 0.05), BACK, shade(BACK, -0.1), BACK_DARK, IVORY_SIDE, IVORY_SIDE_DARK)
    pat = c.layer()
    col = with_alpha(shade(BACK_LIGHT, 0.25), 70)
    for i in range(-12, 14):
        x0 = i * 5.0
        pat.line(col, (x0, 0), (x0 + 54, 54), 0.5, caps=False)
        pat.line(col, (x0 + 54, 0), (x0, 54), 0.5, caps=False)
    mask = c.layer()
    mask.rrect((255, 255, 255, 255), (4, 3.5, 40, 47), 3.5)
    pat.mask_with(mask)
    c.blit(pat)
    c.rrect(with_alpha(shade(BACK_LIGHT, 0.3), 160), (4, 3.5, 40, 47), 3.5, 0.6)
    deco = c.layer()
    ornate = (255, 255, 255, 60)
    deco.circle(ornate, (24, 27), 9, 0.8)
    deco.circle(ornate, (24, 27), 5.5, 0.6)
    c.blit(deco)
    return c


# --------------------------------------------------------------------------- kards

KARD_EDGE = (150, 138, 110)
KARD_PAPER_TOP = (254, 252, 246)
KARD_PAPER_BOT = (245, 240, 228)
KARD_ART = (12, 11, 34.5, 55)


def suit_ink(code: str):
    if code[0] == "B" and code[1:].isdigit():
        return GREEN
    if code[0] == "C" and code[1:].isdigit():
        return RED
    if code[0] == "D" and code[1:].isdigit():
        return BLUE
    if code in WIND_CHARS:
        return INK
    if code in DRAGON_COLOURS:
        return DRAGON_COLOURS[code]
    return WIND_COLOUR[int(code[1])]


def kard_index(c: Canvas, code: str, x: float, y: float) -> None:
    """The corner index: a number or letter and a small suit mark under it."""
    col = suit_ink(code)
    if code[0] in "BCD" and code[1:].isdigit():
        label = code[1]
    elif code in WIND_LETTERS:
        label = WIND_LETTERS[code]
    elif code in DRAGON_LETTERS:
        label = DRAGON_LETTERS[code]
    else:
        label = code[1]
    c.text_fit("sansb", label, (x, y, 8, 9.5), col)
    mx, my, ms = x + 4, y + 15.5, 7.5       # centre and size of the mark
    if code[0] == "B" and code[1:].isdigit():
        stick(c, (mx, my), ms * 1.05, ms * 0.42, GREEN)
    elif code[0] == "C" and code[1:].isdigit():
        c.text("cjk", "萬", ms * 1.05, RED, centre=(mx, my))
    elif code[0] == "D" and code[1:].isdigit():
        coin(c, (mx, my), ms * 0.5, BLUE, paper=KARD_PAPER_TOP)
    elif code in WIND_CHARS:
        c.text("cjk", WIND_CHARS[code], ms * 1.05, INK, centre=(mx, my))
    elif code in DRAGON_CHARS:
        c.text("cjk", DRAGON_CHARS[code], ms * 1.05, DRAGON_COLOURS[code], centre=(mx, my))
    elif code == "DW":
        c.rrect(BLUE, (mx - ms * 0.4, my - ms * 0.5, ms * 0.8, ms), 0.5, 0.9)
    elif code[0] == "F":
        flower_emblem(c, int(code[1]), (mx - ms / 2, my - ms / 2, ms, ms), tiny=True)
    else:
        season_emblem(c, int(code[1]), (mx - ms / 2, my - ms / 2, ms, ms), col, tiny=True)


def kard_frame(code: str) -> Canvas:
    c = Canvas(KARD_W, KARD_H, bg=KARD_EDGE)
    c.rrect(KARD_EDGE, (0, 0, KARD_W, KARD_H), 4.5)
    c.grad_rrect((0.6, 0.6, KARD_W - 1.2, KARD_H - 1.2), 4, KARD_PAPER_TOP, KARD_PAPER_BOT)
    c.rrect(mix(suit_ink(code), KARD_PAPER_TOP, 0.7), (2.4, 2.4, KARD_W - 4.8, KARD_H - 4.8), 3, 0.45)
    draw_face(c, code, KARD_ART, corner_at=None)
    kard_index(c, code, 3.4, 4.0)
    return c


def kard_back() -> Canvas:
    navy, navy_dark, gold = (30, 48, 110), (18, 28, 70), (214, 180, 96)
    c = Canvas(KARD_W, KARD_H, bg=KARD_EDGE)
    c.rrect(KARD_EDGE, (0, 0, KARD_W, KARD_H), 4.5)
    c.grad_rrect((0.6, 0.6, KARD_W - 1.2, KARD_H - 1.2), 4, KARD_PAPER_TOP, KARD_PAPER_BOT)
    inner = (3.2, 3.2, KARD_W - 6.4, KARD_H - 6.4)
    c.grad_rrect(inner, 2.5, navy, navy_dark)
    pat = c.layer()
    col = with_alpha(gold, 110)
    for i in range(-16, 18):
        x0 = i * 4.0
        pat.line(col, (x0, 0), (x0 + 70, 70), 0.45, caps=False)
        pat.line(col, (x0 + 70, 0), (x0, 70), 0.45, caps=False)
    mask = c.layer()
    mask.rrect((255, 255, 255, 255), inner, 2.5)
    pat.mask_with(mask)
    c.blit(pat)
    cx, cy = KARD_W / 2, KARD_H / 2
    c.circle(navy_dark, (cx, cy), 12)
    c.circle(gold, (cx, cy), 12, 0.8)
    c.circle(gold, (cx, cy), 9.6, 0.4)
    c.text("cjk", "牌", 13, gold, centre=(cx, cy))
    c.rrect(gold, inner, 2.5, 0.6)
    return c


def frames():
    """(name, canvas, meta) for every tile and kard frame."""
    from game.core.pieces import ALL_TILE_KINDS
    for code in ALL_TILE_KINDS:
        yield f"tile/{code}", tile_frame(code), {}
    yield "tile/back", tile_back(), {}
    for code in ALL_TILE_KINDS:
        yield f"kard/{code}", kard_frame(code), {}
    yield "kard/back", kard_back(), {}
