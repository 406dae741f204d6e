"""Dice: d6 as a rounded ivory cube seen from above (red 1 and 4 as on Chinese dice), d8 as an
octahedron seen from above showing its top number and the Icehouse colour of that number."""

from __future__ import annotations

import math

from .common import Canvas, mix, shade

SIZE = 40
IVORY = (250, 246, 234)
IVORY_SIDE = (214, 204, 180)
EDGE = (150, 138, 112)
PIP = (28, 28, 34)
PIP_RED = (200, 28, 34)

PIP_POS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.28, 0.22), (0.72, 0.22), (0.28, 0.5), (0.72, 0.5), (0.28, 0.78), (0.72, 0.78)],
}

# the d8 number picks a pyramid colour (shared/rules-decisions.md 1.1)
D8_COLOURS = {1: (226, 34, 42), 2: (248, 126, 24), 3: (246, 204, 30), 4: (30, 170, 70),
              5: (36, 88, 224), 6: (30, 196, 222), 7: (146, 60, 206), 8: (222, 232, 240)}


def d6(n: int) -> Canvas:
    c = Canvas(SIZE, SIZE, bg=EDGE)
    # body: the lower side shows as a darker band
    c.rrect(EDGE, (1, 1.5, 38, 37.5), 8)
    c.grad_rrect((1.4, 2.0, 37.2, 36.6), 7.6, IVORY_SIDE, shade(IVORY_SIDE, -0.12))
    # top face
    c.rrect(shade(IVORY, -0.12), (1.6, 1.0, 36.8, 34.4), 7.5)
    c.grad_rrect((2.0, 1.2, 36.0, 33.8), 7, (255, 253, 246), (238, 232, 214))
    hl = c.layer(bg=(255, 255, 255))
    hl.rrect((255, 255, 255, 170), (3.0, 2.0, 34, 31.8), 6.2, 0.6)
    hl.rrect((0, 0, 0, 0), (3.6, 2.8, 34, 31.8), 6.2)
    c.blit(hl)
    x0, y0, w, h = 2.0, 1.2, 36.0, 33.8
    red = n in (1, 4)
    r = 5.6 if n == 1 else 3.1
    for u, v in PIP_POS[n]:
        px, py = x0 + u * w, y0 + v * h
        col = PIP_RED if red else PIP
        c.circle(mix(col, IVORY, 0.55), (px + 0.35, py + 0.45), r + 0.35)   # lit lower lip of the hollow
        c.circle(col, (px, py), r)
        c.circle(shade(col, -0.45), (px - r * 0.18, py - r * 0.2), r * 0.7)
    return c


def d8(n: int) -> Canvas:
    c = Canvas(SIZE, SIZE, bg=EDGE)
    cx, cy, R = SIZE / 2, SIZE / 2 + 0.6, 19.2
    v = [(cx + R * math.cos(math.radians(-90 + 60 * i)), cy + R * math.sin(math.radians(-90 + 60 * i)))
         for i in range(6)]
    # side faces, lit from the upper left
    c.poly(EDGE, v)
    c.poly((218, 210, 188), [v[0], v[1], v[2]])
    c.poly((190, 180, 156), [v[2], v[3], v[4]])
    c.poly((236, 230, 212), [v[4], v[5], v[0]])
    # the top face
    top = [v[0], v[2], v[4]]
    c.glow_poly(top, (255, 253, 246), (242, 236, 220), steps=10, reach=0.9)
    for a, b in ((v[0], v[2]), (v[2], v[4]), (v[4], v[0])):
        c.line(shade(EDGE, 0.2), a, b, 0.5)
    c.poly(EDGE, v, 0.6)
    hl = c.layer(bg=(255, 255, 255))
    hl.line((255, 255, 255, 160), v[4], v[0], 0.5)
    c.blit(hl)
    # the number and the pyramid colour it stands for
    c.text_fit("sansb", str(n), (cx - 6, cy - 6.2, 12, 10), (30, 30, 36))
    col = D8_COLOURS[n]
    c.poly(shade(col, -0.45), [(cx, cy + 5.0), (cx + 3.0, cy + 9.6), (cx - 3.0, cy + 9.6)])
    c.poly(col, [(cx, cy + 5.8), (cx + 2.3, cy + 9.1), (cx - 2.3, cy + 9.1)])
    return c


def frames():
    from game.core.pieces import DICE
    for n in range(1, DICE["d6"] + 1):
        yield f"d6/{n}", d6(n), {}
    for n in range(1, DICE["d8"] + 1):
        yield f"d8/{n}", d8(n), {}
