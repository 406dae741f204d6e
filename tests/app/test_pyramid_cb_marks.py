"""Colour-blind marks on the pyramids read at the sizes the Martian table draws them, on every colour
(a play test at 1600x900 found the smalls' letters 6-7 px high and a faint white letter on orange),
and a pool stack shows one mark, not slivers of the copies' marks under it."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.app.atlas import Atlas  # noqa: E402
from game.app.tablekit import pyramids as pyr  # noqa: E402
from game.core.pieces import ALL_PYRAMIDS  # noqa: E402

COVERS = [f"cover/{c}-{s}" for s in ("M", "L") for c in ("black", "white")]


@pytest.fixture(scope="module")
def atlas():
    return Atlas.load()


def _lum(rgb) -> float:
    def lin(v):
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    return 0.2126 * lin(rgb[0]) + 0.7152 * lin(rgb[1]) + 0.0722 * lin(rgb[2])


def _contrast(a, b) -> float:
    la, lb = sorted((_lum(a), _lum(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _mark(plain: pygame.Surface, cb: pygame.Surface):
    """The pixels the mark changed: [(x, y, plain rgb, cb rgb)] (opaque enough to judge)."""
    out = []
    w, h = plain.get_size()
    for y in range(h):
        for x in range(w):
            p, c = plain.get_at((x, y)), cb.get_at((x, y))
            if c.a > 160 and abs(p.r - c.r) + abs(p.g - c.g) + abs(p.b - c.b) > 150:
                out.append((x, y, (p.r, p.g, p.b), (c.r, c.g, c.b)))
    return out


@pytest.mark.parametrize("name", [f"pyr/{p}/{pose}" for p in ALL_PYRAMIDS for pose in ("up", "tipped")] + COVERS)
def test_mark_reads_on_its_pyramid(atlas, name):
    """The letter stands off the face it sits on (near-black or white, whichever contrasts more: at
    least 4:1 even on a mid-tone face such as a shaded orange, where neither reaches much more), and
    it is ringed by the other, so the mark carries its own contrast (15:1) on any colour."""
    plain, cb = atlas.frame(name), atlas.frame(name, colourblind=True)
    mark = _mark(plain, cb)
    assert mark, name
    face = tuple(sum(m[2][k] for m in mark) / len(mark) for k in range(3))
    best = max(_contrast(m[3], face) for m in mark)
    assert best >= 4.0, f"{name}: the letter's best contrast with its face is {best:.2f}:1"
    darkest = min((m[3] for m in mark), key=_lum)
    lightest = max((m[3] for m in mark), key=_lum)
    ring = _contrast(darkest, lightest)
    assert ring >= 15, f"{name}: letter and outline differ by only {ring:.2f}:1"


def _blob_height(points) -> int:
    """Height of the biggest 8-connected group of points (the mark, not a stray edge pixel)."""
    left, best = set(points), 0
    while left:
        todo, ys = [left.pop()], []
        while todo:
            x, y = todo.pop()
            ys.append(y)
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    if (x + dx, y + dy) in left:
                        left.remove((x + dx, y + dy))
                        todo.append((x + dx, y + dy))
        if len(ys) > 4:
            best = max(best, max(ys) - min(ys) + 1)
    return best


@pytest.mark.parametrize("colour", ["red", "orange", "yellow", "green", "blue", "cyan", "violet", "clear",
                                    "black", "white"])
def test_small_pyramid_mark_is_tall_enough_at_the_default_window(atlas, colour):
    """The default window is 1280x720, 0.8 of the table's logical 1600x900: a small pool stack is
    24x27 px there. Its letter (with its outline) must stand at least 9 px high (it was 4-6)."""
    lw, lh = pyr.UP["S"]
    w, h = round(lw * 0.8), round(lh * 0.8)
    name = f"pyr/{colour}-S/up"
    mark = _mark(atlas.scaled(name, w, h), atlas.scaled(name, w, h, colourblind=True))
    height = _blob_height([(m[0], m[1]) for m in mark])
    assert height >= 9, f"{name}: mark {height} px high"


def test_pool_stack_marks_only_its_top_copy():
    """The copies under the top one are drawn plain: their low marks would peek out under it."""
    class Rec:
        colourblind = True

        def __init__(self):
            self.calls = []

        def has_piece(self, name):
            return False

        def piece(self, name, r, colourblind=None, alpha=255):
            self.calls.append((name, colourblind))

        def text(self, *a, **k):
            pass

    c = Rec()
    pyr.draw_stack(c, "red-M", (100, 200), 3)
    marks = [cb for n, cb in c.calls if n == "pyr/red-M/up"]
    assert marks == [False, False, None]      # None: the canvas's setting (marked when it is on)
