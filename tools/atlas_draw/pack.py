"""A shelf packer: frames sorted by height fill rows left to right; rows stack downwards."""

from __future__ import annotations

MAX_SIDE = 2048
PAD = 2


def shelf_pack(sizes: dict[str, tuple[int, int]], width: int, pad: int = PAD):
    """Place each (w, h) in rows of the given width. Returns ({name: (x, y)}, used_height).
    Order: tallest first, then widest, then by name, so the result is deterministic."""
    order = sorted(sizes, key=lambda n: (-sizes[n][1], -sizes[n][0], n))
    pos: dict[str, tuple[int, int]] = {}
    x = y = pad
    shelf_h = 0
    for name in order:
        w, h = sizes[name]
        if w + 2 * pad > width:
            raise ValueError(f"frame {name} ({w}x{h}) is wider than a {width}px sheet")
        if x + w + pad > width:
            y += shelf_h + pad
            x, shelf_h = pad, 0
        pos[name] = (x, y)
        x += w + pad
        shelf_h = max(shelf_h, h)
    return pos, y + shelf_h + pad


def pack_group(sizes: dict[str, tuple[int, int]], max_side: int = MAX_SIDE):
    """Pack into as few sheets as needed, each at most max_side square. Returns a list of
    (width, height, {name: (x, y)}). Each sheet gets the narrowest width in 256..max_side that
    keeps the rest within max_side, trimming the area."""
    remaining = dict(sizes)
    sheets = []
    while remaining:
        best = None
        for width in (256, 512, 768, 1024, 1280, 1536, 1792, 2048):
            if width > max_side or any(w + 2 * PAD > width for w, _ in remaining.values()):
                continue
            pos, used = shelf_pack(remaining, width)
            if used <= max_side:
                area = width * used
                if best is None or area < best[0] * 0.97:
                    best = (area, width, used, pos)
        if best is not None:
            _, width, used, pos = best
            sheets.append((width, used, pos))
            break
        # too much for one sheet: fill one max-size sheet, carry the rest over
        pos, _ = shelf_pack(remaining, max_side)
        fit = {n: p for n, p in pos.items() if p[1] + remaining[n][1] + PAD <= max_side}
        if not fit:
            raise ValueError("a frame is taller than a sheet")
        used = max(p[1] + remaining[n][1] for n, p in fit.items()) + PAD
        sheets.append((max_side, used, fit))
        for n in fit:
            del remaining[n]
    return sheets
