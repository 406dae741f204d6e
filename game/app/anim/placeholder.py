"""Stand-in frames (pygame) for tests and the benchmark when the real atlas is absent.

``PlaceholderFrames()(name)`` returns a 2x surface shaped like the named piece.
"""
from __future__ import annotations

import math
import random

import pygame

_SIZES = {"tile": (56, 74), "kard": (60, 84), "mint": (60, 84), "d6": (48, 48), "d8": (48, 48)}


def _size(name: str) -> tuple[int, int]:
    kind = name.split("/", 1)[0]
    if kind == "pyr":
        size = name.split("-")[-1][:1] if "-" in name else "M"
        h = {"S": 46, "M": 60, "L": 76}.get(size, 60)
        return (int(h * 0.8), h) if not name.endswith("tipped") else (h, int(h * 0.6))
    if name.startswith("ui/shadow-card"):
        return (64, 88)
    if name.startswith("ui/shadow"):
        return (60, 78)
    if name == "ui/felt":
        return (128, 128)
    return _SIZES.get(kind, (56, 74))


class PlaceholderFrames:
    def __init__(self) -> None:
        self._cache: dict[str, pygame.Surface] = {}
        self._font: pygame.font.Font | None = None

    def font(self, px: int) -> pygame.font.Font:
        if not pygame.font.get_init():
            pygame.font.init()
        return pygame.font.Font(None, px)

    def __call__(self, name: str) -> pygame.Surface:
        s = self._cache.get(name)
        if s is None:
            s = self._cache[name] = self._make(name)
        return s

    frame = __call__

    def _make(self, name: str) -> pygame.Surface:
        lw, lh = _size(name)
        w, h = lw * 2, lh * 2
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        kind, _, rest = name.partition("/")
        if name == "ui/felt":
            rng = random.Random(1)
            s.fill((22, 84, 58, 255))
            for _ in range(900):
                x, y = rng.randrange(w), rng.randrange(h)
                d = rng.randint(-6, 6)
                s.set_at((x, y), (22 + d, 84 + d, 58 + d, 255))
            return s
        if name.startswith("ui/shadow"):
            pygame.draw.rect(s, (0, 0, 0, 80), s.get_rect().inflate(-8, -8), border_radius=14)
            return s
        if kind == "d6":
            pygame.draw.rect(s, (246, 244, 236), s.get_rect().inflate(-4, -4), border_radius=18)
            pygame.draw.rect(s, (180, 176, 166), s.get_rect().inflate(-4, -4), width=2, border_radius=18)
            n = int(rest) if rest.isdigit() else 1
            pips = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
                    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
                    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
                    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}[max(1, min(6, n))]
            for px, py in pips:
                colour = (200, 30, 30) if n == 1 else (30, 30, 40)
                pygame.draw.circle(s, colour, (w // 2 + px * w // 4, h // 2 + py * h // 4), w // 11)
            return s
        if kind == "d8":
            c = w / 2
            pts = [(c + c * 0.95 * math.cos(math.pi / 3 * k + math.pi / 6),
                    c + c * 0.95 * math.sin(math.pi / 3 * k + math.pi / 6)) for k in range(6)]
            pygame.draw.polygon(s, (236, 226, 196), pts)
            tri = [pts[4], pts[0], pts[2]]
            pygame.draw.polygon(s, (250, 244, 222), tri)
            pygame.draw.polygon(s, (160, 150, 120), pts, 2)
            t = self.font(int(h * 0.45)).render(rest, True, (40, 30, 30))
            s.blit(t, t.get_rect(center=(c, c + 4)))
            return s
        if kind == "pyr":
            colour = {"red": (220, 50, 50), "blue": (60, 90, 220), "green": (50, 170, 80),
                      "yellow": (230, 200, 60), "black": (30, 30, 30), "white": (235, 235, 235)}.get(
                rest.split("-")[0], (160, 80, 200))
            if name.endswith("tipped"):
                pts = [(4, 4), (4, h - 4), (w - 4, h // 2)]
            else:
                pts = [(w // 2, 4), (4, h - 4), (w - 4, h - 4)]
            pygame.draw.polygon(s, colour + (200,), pts)
            pygame.draw.polygon(s, (255, 255, 255, 160), pts, 2)
            return s
        back = rest == "back"
        face = (40, 110, 150) if back else (246, 240, 222)
        r = s.get_rect()
        if kind == "tile":
            pygame.draw.rect(s, (30, 120, 80), r, border_radius=14)
            pygame.draw.rect(s, face, r.inflate(0, -12).move(0, -6), border_radius=14)
        else:
            pygame.draw.rect(s, face, r, border_radius=14)
            pygame.draw.rect(s, (120, 110, 90), r, width=2, border_radius=14)
        if not back:
            t = self.font(int(h * 0.32)).render(rest[:3], True, (150, 30, 30))
            s.blit(t, t.get_rect(center=(w // 2, h // 2 - 6)))
        return s
