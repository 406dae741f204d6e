"""Mint Tin Mahjong cards: Sword (steel blue), Moon (silver-violet), Fire (red-orange), the three
dragons, the joker, one back and the score cards 0-7. Colour-blind variants ("+cb") of the suit
cards and dragons add the suit letter in a badge and a suit pattern in the centre panel."""

from __future__ import annotations

import math

from .common import Canvas, mix, shade, with_alpha

W, H = 50, 70
PAPER_TOP = (253, 251, 245)
PAPER_BOT = (243, 239, 229)
EDGE = (150, 140, 120)
GOLD = (206, 160, 46)
GOLD_DARK = (140, 98, 20)
GOLD_LIGHT = (246, 214, 120)

SUITS = {
    # main, dark, panel tint
    "S": ((64, 108, 156), (30, 58, 96), (220, 230, 242)),
    "M": ((142, 128, 184), (78, 64, 124), (234, 230, 245)),
    "F": ((230, 98, 34), (160, 40, 14), (253, 229, 210)),
}
SUIT_LETTER = {"S": "S", "M": "M", "F": "F"}
DRAGON = {
    # dragon colour (MTM-1: Sword green, Moon white, Fire red): ink, outline, panel
    "SD": ((30, 132, 70), (14, 80, 40), (210, 236, 214)),
    "MD": ((255, 255, 255), (78, 64, 124), (226, 224, 236)),
    "FD": ((204, 30, 36), (120, 10, 16), (252, 218, 214)),
}
PANEL = (10, 10, 30, 50)


# --------------------------------------------------------------------------- emblems

def sword(c: Canvas, cx: float, cy: float, s: float, col, dark) -> None:
    """A small upright sword, s = overall height."""
    blade_w = s * 0.2
    ow = max(0.4, s * 0.05)
    top, guard_y, grip_end = cy - s * 0.5, cy + s * 0.14, cy + s * 0.38
    blade = [(cx, top), (cx + blade_w / 2, top + s * 0.14), (cx + blade_w / 2, guard_y),
             (cx - blade_w / 2, guard_y), (cx - blade_w / 2, top + s * 0.14)]
    c.poly((206, 218, 234), blade)
    c.poly(mix(col, (206, 218, 234), 0.45), [(cx, top), (cx + blade_w / 2, top + s * 0.14),
                                              (cx + blade_w / 2, guard_y), (cx, guard_y)])
    c.poly(dark, blade, ow)
    c.line(col, (cx, top + s * 0.17), (cx, guard_y - s * 0.04), max(0.35, s * 0.035))
    gw = s * 0.56
    c.rrect(dark, (cx - gw / 2, guard_y - s * 0.02, gw, s * 0.1), s * 0.05)
    c.rrect(dark, (cx - s * 0.06, guard_y, s * 0.12, grip_end - guard_y), s * 0.03)
    c.circle(dark, (cx, grip_end + s * 0.05), s * 0.09)
    c.circle(col, (cx, grip_end + s * 0.05), s * 0.045)


def crescent(c: Canvas, cx: float, cy: float, s: float, col, dark) -> None:
    """A crescent moon opening to the upper right, s = diameter."""
    lay = c.layer(bg=col)
    r = s / 2
    lay.circle(dark, (cx, cy), r)
    lay.circle(col, (cx, cy), r - max(0.5, s * 0.06))
    lay.circle((0, 0, 0, 0), (cx + r * 0.42, cy - r * 0.3), r * 0.8)
    c.blit(lay)
    c.circle(mix(col, (255, 255, 255), 0.6), (cx + r * 0.62, cy + r * 0.45), r * 0.09)


def flame_poly(cx: float, cy: float, s: float, k: float = 1.0):
    """A flame outline: tip at the top, round belly at the bottom, s = height."""
    pts_l, pts_r = [], []
    n = 18
    for i in range(n + 1):
        t = i / n                                   # 0 = tip, 1 = base
        y = cy - s * 0.5 * k + t * s * 0.82 * k
        hw = s * 0.3 * k * math.sin(t * math.pi * 0.62) ** 1.3 / math.sin(math.pi * 0.62) ** 1.3
        sway = s * 0.07 * k * math.sin(t * 4.0) * (1 - t)
        pts_l.append((cx - hw + sway, y))
        pts_r.append((cx + hw + sway, y))
    base_y = pts_l[-1][1]
    hw = pts_r[-1][0] - cx
    arc = []
    for i in range(1, 12):
        a = math.pi * i / 12
        arc.append((cx + math.cos(a) * hw, base_y + math.sin(a) * hw * 0.75))
    return pts_r + arc + pts_l[::-1]


def flame(c: Canvas, cx: float, cy: float, s: float, col, dark) -> None:
    c.poly(dark, flame_poly(cx, cy, s * 1.06))
    c.poly(col, flame_poly(cx, cy, s))
    c.poly((248, 160, 40), flame_poly(cx, cy + s * 0.12, s * 0.68))
    c.poly((252, 222, 90), flame_poly(cx, cy + s * 0.22, s * 0.38))


EMBLEM = {"S": sword, "M": crescent, "F": flame}


def emblem(c: Canvas, suit: str, cx: float, cy: float, s: float) -> None:
    main, dark, _ = SUITS[suit]
    EMBLEM[suit](c, cx, cy, s, main, dark)


# --------------------------------------------------------------------------- card parts

def blank_card(edge=EDGE, top=PAPER_TOP, bottom=PAPER_BOT) -> Canvas:
    c = Canvas(W, H, bg=edge)
    c.rrect(edge, (0, 0, W, H), 4.5)
    c.grad_rrect((0.6, 0.6, W - 1.2, H - 1.2), 4, top, bottom)
    return c


def corner(c: Canvas, label: str, col, draw_mark, flip: bool = False) -> None:
    """Small index: label with a small mark under it; flip draws it upside down bottom-right."""
    lay = c.layer(bg=col)
    lay.text_fit("sansb", label, (2.8, 3.4, 5.8, 7.6), col)
    draw_mark(lay, 5.8, 16.0, 7.0)
    if flip:
        import pygame
        lay.surf = pygame.transform.rotate(lay.surf, 180)
    c.blit(lay)


def panel(c: Canvas, fill, line) -> None:
    c.rrect(line, PANEL, 3.2)
    x, y, w, h = PANEL
    c.rrect(fill, (x + 0.6, y + 0.6, w - 1.2, h - 1.2), 2.7)


def cb_pattern(c: Canvas, suit: str, col) -> None:
    """Suit texture for colour-blind mode: Sword diagonal stripes, Moon dots, Fire zigzags."""
    pat = c.layer(bg=col)
    x, y, w, h = PANEL
    ink = with_alpha(col, 95)
    if suit == "S":
        for i in range(-12, 14):
            x0 = x + i * 3.2
            pat.line(ink, (x0, y + h), (x0 + h, y), 0.7, caps=False)
    elif suit == "M":
        for j in range(0, 20):
            for i in range(0, 12):
                px = x + 1.6 + i * 3.2 + (1.6 if j % 2 else 0)
                py = y + 1.6 + j * 3.0
                pat.circle(ink, (px, py), 0.6)
    else:
        for j in range(0, 20):
            py = y + 1 + j * 3.2
            pts = []
            for i in range(0, 13):
                pts.append((x + i * 3.0, py + (1.1 if i % 2 else -0.1)))
            pat.polyline(ink, pts, 0.6)
    mask = c.layer()
    mask.rrect((255, 255, 255, 255), (x + 0.8, y + 0.8, w - 1.6, h - 1.6), 2.6)
    pat.mask_with(mask)
    c.blit(pat)


def cb_badges(c: Canvas, suit: str) -> None:
    main, dark, _ = SUITS[suit]
    for (bx, by) in ((W - 6.0, 6.0), (6.0, H - 6.0)):
        c.circle(dark, (bx, by), 4.2)
        c.circle((255, 255, 255), (bx, by), 3.5)
        c.text_fit("sansb", SUIT_LETTER[suit], (bx - 2.2, by - 2.4, 4.4, 4.8), dark)


def number_card(code: str, cb: bool) -> Canvas:
    suit, n = code[0], code[1]
    main, dark, tint = SUITS[suit]
    c = blank_card()
    c.rrect(main, (2.2, 2.2, W - 4.4, H - 4.4), 3.2, 0.7)
    panel(c, tint, main)
    x, y, w, h = PANEL
    wm = c.layer(bg=main)
    emblem(wm, suit, x + w / 2, y + h / 2, h * 0.8)
    mask = c.layer()
    mask.rrect((255, 255, 255, 255), (x + 0.6, y + 0.6, w - 1.2, h - 1.2), 2.7)
    wm.mask_with(mask)
    c.blit(wm, alpha=50)
    if cb:
        cb_pattern(c, suit, dark)
    # the number: large, in the suit's dark colour with a pale rim so it reads over the emblem
    rim = c.layer(bg=tint)
    rim.text("cjk", n, 29, tint, centre=(x + w / 2, y + h / 2 + 0.5))
    for dx, dy in ((-0.9, 0), (0.9, 0), (0, -0.9), (0, 0.9), (-0.6, -0.6), (0.6, 0.6), (-0.6, 0.6), (0.6, -0.6)):
        c.blit(rim, offset=(dx, dy))
    c.text("cjk", n, 29, dark, centre=(x + w / 2, y + h / 2 + 0.5))
    # emblems above and below the number
    emblem(c, suit, x + w / 2, y + 7.5, 10)
    emblem(c, suit, x + w / 2, y + h - 7.5, 10)

    def mark(lay, mx, my, ms):
        emblem(lay, suit, mx, my, ms)

    corner(c, n, dark, mark)
    corner(c, n, dark, mark, flip=True)
    if cb:
        cb_badges(c, suit)
    return c


def dragon_card(code: str, cb: bool) -> Canvas:
    suit = code[0]
    main, dark, tint = SUITS[suit]
    ink, outline, fill = DRAGON[code]
    c = blank_card()
    c.rrect(main, (2.2, 2.2, W - 4.4, H - 4.4), 3.2, 0.7)
    panel(c, fill, outline)
    x, y, w, h = PANEL
    if cb:
        cb_pattern(c, suit, dark)
    emblem(c, suit, x + w / 2, y + 8.5, 12)
    # 龍 in the dragon colour with a dark outline (needed for the white Moon dragon)
    cx, cy = x + w / 2, y + h / 2 + 3
    edge = c.layer(bg=outline)
    edge.text("cjk", "龍", 25, outline, centre=(cx, cy))
    for dx, dy in ((-0.7, 0), (0.7, 0), (0, -0.7), (0, 0.7), (-0.5, -0.5), (0.5, 0.5), (-0.5, 0.5), (0.5, -0.5)):
        c.blit(edge, offset=(dx, dy))
    c.text("cjk", "龍", 25, ink, centre=(cx, cy))
    c.text_fit("sansb", "DRAGON", (x + 4, y + h - 7.5, w - 8, 4.2), outline)

    def mark(lay, mx, my, ms):
        emblem(lay, suit, mx, my, ms)

    corner(c, "D", outline if code != "MD" else dark, mark)
    corner(c, "D", outline if code != "MD" else dark, mark, flip=True)
    if cb:
        cb_badges(c, suit)
    return c


def joker_card() -> Canvas:
    c = blank_card(edge=GOLD_DARK, top=(255, 251, 236), bottom=(246, 236, 206))
    c.rrect(GOLD, (2.0, 2.0, W - 4.0, H - 4.0), 3.2, 1.0)
    c.rrect(GOLD_DARK, (3.4, 3.4, W - 6.8, H - 6.8), 2.6, 0.35)
    x, y, w, h = PANEL
    c.grad_rrect(PANEL, 3.2, (58, 40, 70), (30, 20, 40))
    c.rrect(GOLD, PANEL, 3.2, 0.8)
    cx, cy = x + w / 2, y + h / 2 - 4
    from .common import star_points
    rays = c.layer(bg=GOLD_LIGHT)
    for i in range(16):
        a = math.radians(i * 22.5)
        rays.line(with_alpha(GOLD_LIGHT, 120), (cx, cy), (cx + math.cos(a) * 15, cy + math.sin(a) * 15), 0.5)
    c.blit(rays)
    c.poly(GOLD_DARK, star_points((cx, cy), 12.5, 5.4, 5))
    c.poly(GOLD, star_points((cx, cy), 11.3, 4.8, 5))
    c.poly(GOLD_LIGHT, star_points((cx - 0.8, cy - 0.8), 6, 2.6, 5))
    # the three suit emblems in a row
    for i, s in enumerate("SMF"):
        emblem(c, s, x + w / 2 + (i - 1) * 9, y + h - 12.5, 7.5)
    c.text_fit("sansb", "JOKER", (x + 4, y + h - 6.6, w - 8, 4.0), GOLD_LIGHT)

    def mark(lay, mx, my, ms):
        lay.poly(GOLD_DARK, star_points((mx, my), ms * 0.55, ms * 0.24, 5))
        lay.poly(GOLD, star_points((mx, my), ms * 0.45, ms * 0.2, 5))

    corner(c, "J", GOLD_DARK, mark)
    corner(c, "J", GOLD_DARK, mark, flip=True)
    return c


def back_card() -> Canvas:
    mint, mint_dark, silver = (70, 160, 128), (32, 104, 82), (226, 232, 230)
    c = blank_card()
    inner = (3.0, 3.0, W - 6.0, H - 6.0)
    c.grad_rrect(inner, 2.6, mint, mint_dark)
    pat = c.layer(bg=silver)
    ink = with_alpha(silver, 80)
    for j in range(0, 16):
        for i in range(0, 12):
            px = 3 + i * 4.6 + (2.3 if j % 2 else 0)
            py = 3 + j * 4.6
            pat.circle(ink, (px, py), 2.3, 0.45)
    mask = c.layer()
    mask.rrect((255, 255, 255, 255), inner, 2.6)
    pat.mask_with(mask)
    c.blit(pat)
    c.rrect(silver, (4.6, 4.6, W - 9.2, H - 9.2), 2.2, 0.5)
    cx, cy = W / 2, H / 2
    # the tin: a round silver lid with a mint leaf
    c.circle(shade(silver, -0.45), (cx, cy + 0.6), 12.2)
    c.circle(silver, (cx, cy), 12)
    c.circle(shade(silver, -0.2), (cx, cy), 10.4, 0.5)
    from .chinese import leaf
    leaf(c, (cx - 6.5, cy + 6.5), (cx + 6.5, cy - 6.5), 8.5, mint, shade(mint, 0.45))
    c.line(mint_dark, (cx - 8, cy + 8), (cx - 5.5, cy + 5.5), 0.8)
    return c


def score_card(n: int) -> Canvas:
    brown, dark = (150, 104, 52), (92, 58, 24)
    c = blank_card(edge=dark, top=(250, 242, 220), bottom=(238, 224, 190))
    c.rrect(brown, (2.2, 2.2, W - 4.4, H - 4.4), 3.2, 0.7)
    c.text_fit("sansb", "SCORE", (10, 9, 30, 5), brown)
    c.text("cjk", str(n), 34, dark, centre=(W / 2, H / 2 + 1))
    # n pips in a row (an empty ring for 0)
    y = H - 12
    if n == 0:
        c.circle(brown, (W / 2, y), 2.2, 0.6)
    else:
        gap = 4.6
        x0 = W / 2 - gap * (n - 1) / 2
        for i in range(n):
            c.circle(brown, (x0 + i * gap, y), 1.7)

    def mark(lay, mx, my, ms):
        pass

    c.text_fit("sansb", str(n), (3, 3.2, 5.5, 7.5), dark)
    lay = c.layer(bg=dark)
    lay.text_fit("sansb", str(n), (3, 3.2, 5.5, 7.5), dark)
    import pygame
    lay.surf = pygame.transform.rotate(lay.surf, 180)
    c.blit(lay)
    return c


def frames():
    from game.core.pieces import MINT_CARD_KINDS, MINT_DRAGONS, MINT_JOKER, MINT_NUMBER_CARDS
    for code in MINT_CARD_KINDS:
        if code == MINT_JOKER:
            yield "mint/J", joker_card(), {}
            continue
        make = dragon_card if code in MINT_DRAGONS else number_card
        assert code in MINT_NUMBER_CARDS or code in MINT_DRAGONS
        yield f"mint/{code}", make(code, False), {}
        yield f"mint/{code}+cb", make(code, True), {}
    yield "mint/back", back_card(), {}
    for n in range(8):
        yield f"mint/score{n}", score_card(n), {}
