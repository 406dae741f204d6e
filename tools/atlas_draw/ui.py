"""Table and interface parts: tileable felt, wooden rail, buttons, panel, soft shadows, the
selection glow and a vignette. Frames that extend beyond a piece's footprint record that margin
as meta "pad"; 9-slice frames record their corner insets as meta "slice" (logical px)."""

from __future__ import annotations

import math

import pygame

from .common import OUT, SS, Canvas, Raw, blur, noise_texture, rng, with_alpha

FELT = (30, 102, 66)
WOOD = (132, 84, 44)
WOOD_DARK = (70, 40, 18)
GOLD = (255, 214, 96)
PAD = 8


def felt() -> Raw:
    size = 256
    surf = noise_texture(size * OUT, size * OUT, "felt", FELT,
                         octaves=((4, 2.5), (16, 2.5), (64, 2.0)), grain=2.4)
    return Raw(size, size, surf)


def wood_surface(w: int, h: int, seed: str, base=WOOD, tile_x: bool = True) -> pygame.Surface:
    """Horizontal wood grain, periodic in x over w pixels (so it tiles sideways)."""
    r = rng(seed)
    waves = [(r.uniform(0.09, 0.14), r.uniform(0, 6.28), 9.0), (r.uniform(0.3, 0.45), r.uniform(0, 6.28), 4.0),
             (r.uniform(0.8, 1.1), r.uniform(0, 6.28), 2.0)]
    wob = [(2, r.uniform(0, 6.28), h * 0.08), (5, r.uniform(0, 6.28), h * 0.025), (1, r.uniform(0, 6.28), h * 0.12)]
    scale = h / 64.0
    buf = bytearray(w * h * 4)
    cols_off = []
    for x in range(w):
        off = sum(a * math.sin(2 * math.pi * k * x / w + ph) for k, ph, a in wob)
        cols_off.append(off)
    i = 0
    for y in range(h):
        for x in range(w):
            yy = (y + cols_off[x]) / scale
            v = sum(a * math.sin(yy * f + ph) for f, ph, a in waves)
            v += r.uniform(-2.5, 2.5)
            rr = base[0] + v
            gg = base[1] + v * 0.7
            bb = base[2] + v * 0.45
            buf[i] = 0 if rr < 0 else 255 if rr > 255 else int(rr)
            buf[i + 1] = 0 if gg < 0 else 255 if gg > 255 else int(gg)
            buf[i + 2] = 0 if bb < 0 else 255 if bb > 255 else int(bb)
            buf[i + 3] = 255
            i += 4
    return pygame.image.frombytes(bytes(buf), (w, h), "RGBA")


def rail() -> Raw:
    """A horizontally tileable strip of the table's wooden rail, lit from above."""
    lw, lh = 256, 32
    w, h = lw * OUT, lh * OUT
    s = wood_surface(w, h, "rail", base=(120, 74, 38))
    shadeband = pygame.Surface((w, h), pygame.SRCALPHA)
    for y in range(h):
        t = y / (h - 1)
        # rounded profile: bright near the top edge, dark underneath
        k = 0.5 + 0.5 * math.cos(math.pi * min(1.0, abs(t - 0.3) / 0.7))
        if t < 0.3:
            col = (255, 240, 210, int(70 * (1 - t / 0.3) ** 2))
        else:
            col = (0, 0, 0, int(150 * (1 - k)))
        shadeband.fill(col, (0, y, w, 1))
    s.blit(shadeband, (0, 0))
    s.fill((255, 230, 190, 255), (0, 0, w, 1), special_flags=pygame.BLEND_RGBA_MULT)
    s.fill((30, 16, 6, 255), (0, h - 2, w, 2))
    return Raw(lw, lh, s)


def button(hot: bool) -> Canvas:
    lw, lh = 160, 44
    c = Canvas(lw, lh, bg=WOOD_DARK)
    base = (150, 98, 52) if hot else WOOD
    wood = wood_surface(lw * SS, lh * SS, "button-hot" if hot else "button", base=base)
    mask = pygame.Surface(wood.get_size(), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    pygame.draw.rect(mask, (255, 255, 255, 255), Canvas.rect((1.2, 1.2, lw - 2.4, lh - 2.4)), 0,
                     border_radius=round(9 * SS))
    c.rrect(WOOD_DARK, (0, 0.4, lw, lh - 0.4), 10.5)
    wood.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    c.blit(wood)
    bevel = c.layer(bg=(255, 255, 255))
    # light along the top, shade along the bottom
    top = pygame.Surface(c.surf.get_size(), pygame.SRCALPHA)
    hgt = c.surf.get_height()
    for y in range(hgt):
        t = y / (hgt - 1)
        if t < 0.45:
            top.fill((255, 245, 220, int(70 * (1 - t / 0.45) ** 1.5)), (0, y, top.get_width(), 1))
        else:
            top.fill((20, 10, 0, int(90 * ((t - 0.45) / 0.55) ** 1.6)), (0, y, top.get_width(), 1))
    top.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    c.blit(top)
    bevel.rrect((255, 236, 200, 110), (2.2, 2.0, lw - 4.4, lh - 4.4), 8.2, 0.7)
    bevel.rrect((0, 0, 0, 0), (2.2, 3.0, lw - 4.4, lh - 4.4), 8.2)
    c.blit(bevel)
    if hot:
        rim = c.layer(bg=GOLD)
        rim.rrect(with_alpha(GOLD, 255), (0.6, 0.6, lw - 1.2, lh - 1.2), 10, 1.6)
        c.blit(rim, alpha=235)
    return c


def panel() -> Canvas:
    lw = lh = 128
    c = Canvas(lw, lh, bg=(150, 124, 70))
    c.rrect((12, 22, 18, 236), (0, 0, lw, lh), 12)
    c.grad_rrect((1.5, 1.5, lw - 3, lh - 3), 10.5, (26, 44, 36, 236), (16, 30, 24, 236))
    c.rrect((176, 146, 84, 255), (0.5, 0.5, lw - 1, lh - 1), 12, 1.0)
    c.rrect((255, 255, 255, 28), (3.5, 3.5, lw - 7, lh - 7), 9, 0.6)
    return c


def shadow(fw: float, fh: float, radius: float, softness: float = 3.0, strength: int = 120) -> Canvas:
    c = Canvas(fw + 2 * PAD, fh + 2 * PAD, bg=(0, 0, 0))
    c.rrect((0, 0, 0, 255), (PAD, PAD, fw, fh), radius)
    c.surf = blur(c.surf, round(softness * SS))
    c.surf.fill((255, 255, 255, strength), special_flags=pygame.BLEND_RGBA_MULT)
    return c


def shadow_ellipse(lw: float, lh: float, strength: int = 130) -> Canvas:
    c = Canvas(lw, lh, bg=(0, 0, 0))
    c.ellipse((0, 0, 0, 255), (lw * 0.15, lh * 0.2, lw * 0.7, lh * 0.6))
    c.surf = blur(c.surf, round(min(lw, lh) * 0.14 * SS))
    c.surf.fill((255, 255, 255, strength), special_flags=pygame.BLEND_RGBA_MULT)
    return c


def select_glow(fw: float, fh: float, radius: float) -> Canvas:
    """A warm halo round the piece's footprint, clear inside apart from a thin bright ring."""
    c = Canvas(fw + 2 * PAD, fh + 2 * PAD, bg=GOLD)
    c.rrect(with_alpha(GOLD, 255), (PAD - 2.5, PAD - 2.5, fw + 5, fh + 5), radius + 2.5, 4.5)
    c.surf = blur(c.surf, round(2.6 * SS))
    halo = c.surf.copy()
    c.blit(halo)                          # doubling makes the halo denser near the ring
    c.rrect((*GOLD, 0), (PAD + 1.4, PAD + 1.4, fw - 2.8, fh - 2.8), max(0.5, radius - 1.4))
    fringe = c.layer(bg=GOLD)
    fringe.rrect(with_alpha(GOLD, 255), (PAD + 0.4, PAD + 0.4, fw - 0.8, fh - 0.8), radius, 1.8)
    fringe.surf = blur(fringe.surf, round(0.9 * SS))
    c.blit(fringe, alpha=120)
    ring = c.layer(bg=(255, 244, 196))
    ring.rrect((255, 244, 196, 255), (PAD - 0.7, PAD - 0.7, fw + 1.4, fh + 1.4), radius + 0.7, 1.1)
    c.blit(ring)
    return c


def vignette() -> Raw:
    lw = lh = 256
    w, h = lw * OUT, lh * OUT
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    buf = bytearray(w * h * 4)
    i = 0
    for y in range(h):
        dy = (y + 0.5) / h * 2 - 1
        for x in range(w):
            dx = (x + 0.5) / w * 2 - 1
            d = math.sqrt(dx * dx + dy * dy) / math.sqrt(2)
            a = 0 if d < 0.45 else min(1.0, (d - 0.45) / 0.55) ** 1.8
            buf[i + 3] = int(a * 170)
            i += 4
    s = pygame.image.frombytes(bytes(buf), (w, h), "RGBA")
    return Raw(lw, lh, s)


def frames():
    yield "ui/felt", felt(), {"tile": True}
    yield "ui/rail", rail(), {"tile": "x"}
    yield "ui/button", button(False), {"slice": [14, 14, 14, 14]}
    yield "ui/button-hot", button(True), {"slice": [14, 14, 14, 14]}
    yield "ui/panel", panel(), {"slice": [16, 16, 16, 16]}
    yield "ui/shadow-tile", shadow(48, 64, 6.5), {"pad": PAD}
    yield "ui/shadow-card", shadow(50, 70, 4.5), {"pad": PAD}
    yield "ui/shadow-die", shadow(40, 40, 8), {"pad": PAD}
    yield "ui/shadow-pyr", shadow_ellipse(60, 24), {}
    yield "ui/select", select_glow(48, 64, 6.5), {"pad": PAD, "slice": [16, 16, 16, 16]}
    yield "ui/select-card", select_glow(50, 70, 4.5), {"pad": PAD, "slice": [16, 16, 16, 16]}
    yield "ui/vignette", vignette(), {}
