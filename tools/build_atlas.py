#!/usr/bin/env python3
"""Build the sprite atlases in assets/atlas/ procedurally (no downloaded art).

    .venv/bin/python tools/build_atlas.py            # rebuild assets/atlas/*.png + atlas.json
    .venv/bin/python tools/build_atlas.py --preview /tmp/atlas_preview.png
    .venv/bin/python tools/build_atlas.py --only pyr/ --out /tmp/atlas   # quick partial build

Every frame is painted at 4 px per logical pixel and box-filtered to 2 px per logical pixel
(the atlas resolution). Needs pygame-ce and, at build time only, a CJK font (fonts-noto-cjk or
fonts-wqy-microhei). The output is deterministic: all noise comes from named seeds.
See docs/atlas.md.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parents[1]
for p in (str(ROOT), str(ROOT / "tools")):
    if p not in sys.path:
        sys.path.insert(0, p)

import pygame  # noqa: E402
import pygame.freetype  # noqa: E402

from atlas_draw import common, pack  # noqa: E402

FORMAT = "mahjong-parlour-atlas"
VERSION = 1
DEFAULT_OUT = ROOT / "assets" / "atlas"

# sheet name -> painter modules whose frames go on it
GROUPS = [
    ("tiles", ("chinese",)),
    ("cards", ("mint", "dice")),
    ("pyramids", ("icehouse",)),
    ("ui", ("ui",)),
]


def log(msg: str) -> None:
    print(msg, flush=True)


def render_all(only: str | None):
    """{group: [(name, surface, (lw, lh), meta)]}"""
    import importlib
    out = {}
    for group, modules in GROUPS:
        items = []
        t0 = time.perf_counter()
        for mod_name in modules:
            mod = importlib.import_module(f"atlas_draw.{mod_name}")
            for name, canvas, meta in mod.frames():
                if only and not any(name.startswith(o) for o in only.split(",")):
                    continue
                surf = canvas.out()
                lw, lh = canvas.lw, canvas.lh
                if surf.get_size() != (lw * common.OUT, lh * common.OUT):
                    raise RuntimeError(f"{name}: size {surf.get_size()} != 2x ({lw}, {lh})")
                items.append((name, surf, (lw, lh), meta))
        if items:
            log(f"  {group:9s} {len(items):4d} frames painted in {time.perf_counter() - t0:5.2f}s")
            out[group] = items
    return out


def write_atlas(groups, out_dir: Path) -> dict:
    out_dir.mkdir(parents=True, exist_ok=True)
    frames: dict[str, dict] = {}
    sheets: dict[str, list[int]] = {}
    for group, items in groups.items():
        by_name = {name: (surf, lsize, meta) for name, surf, lsize, meta in items}
        if len(by_name) != len(items):
            raise RuntimeError(f"duplicate frame names in {group}")
        layout = pack.pack_group({n: s.get_size() for n, (s, _, _) in by_name.items()})
        for i, (w, h, pos) in enumerate(layout):
            fname = f"{group}.png" if len(layout) == 1 else f"{group}-{i + 1}.png"
            sheet = pygame.Surface((w, h), pygame.SRCALPHA)
            sheet.fill((0, 0, 0, 0))
            for name in sorted(pos):
                surf, (lw, lh), meta = by_name[name]
                x, y = pos[name]
                sheet.blit(surf, (x, y), special_flags=pygame.BLEND_RGBA_MAX)  # exact copy onto empty
                if name in frames:
                    raise RuntimeError(f"frame {name} defined twice")
                frames[name] = {"sheet": fname, "x": x, "y": y, "w": surf.get_width(), "h": surf.get_height(),
                                "lw": lw, "lh": lh, **meta}
            pygame.image.save(sheet, str(out_dir / fname))
            sheets[fname] = [w, h]
            log(f"  wrote {fname}: {w}x{h}, {len(pos)} frames")
    doc = {"format": FORMAT, "version": VERSION, "scale": common.OUT,
           "sheets": dict(sorted(sheets.items())),
           "frames": dict(sorted(frames.items()))}
    (out_dir / "atlas.json").write_text(json.dumps(doc, indent=1, sort_keys=False) + "\n", encoding="utf-8")
    return doc


# --------------------------------------------------------------------------- contact sheet

PREVIEW_ROWS = [
    # (label, frame names)
    ("dots", [f"tile/D{n}" for n in range(1, 10)]),
    ("bamboo", [f"tile/B{n}" for n in range(1, 10)]),
    ("characters", [f"tile/C{n}" for n in range(1, 10)]),
    ("honours", ["tile/WE", "tile/WS", "tile/WW", "tile/WN", "tile/DR", "tile/DG", "tile/DW", "tile/back"]),
    ("bonus", ["tile/F1", "tile/F2", "tile/F3", "tile/F4", "tile/S1", "tile/S2", "tile/S3", "tile/S4"]),
    ("kards", ["kard/D1", "kard/D5", "kard/B1", "kard/B8", "kard/C3", "kard/WE", "kard/DR", "kard/DW",
               "kard/F2", "kard/S4", "kard/back"]),
    ("mint", ["mint/S1", "mint/S2", "mint/S3", "mint/M4", "mint/M5", "mint/M6", "mint/F7", "mint/F8", "mint/F9",
              "mint/SD", "mint/MD", "mint/FD", "mint/J", "mint/back"]),
    ("mint cb", ["mint/S1+cb", "mint/M5+cb", "mint/F9+cb", "mint/SD+cb", "mint/MD+cb", "mint/FD+cb",
                 "mint/score0", "mint/score3", "mint/score7"]),
    ("pyr up", [f"pyr/{c}-{s}/up" for c in ("red", "orange", "yellow", "green", "blue") for s in "SML"]),
    ("pyr up", [f"pyr/{c}-{s}/up" for c in ("cyan", "violet", "clear", "black", "white") for s in "SML"]),
    ("tipped", [f"pyr/{c}-{s}/tipped" for c in ("red", "blue", "clear", "black", "yellow") for s in "SML"]),
    ("cb/cover", ["pyr/red-L/up+cb", "pyr/orange-M/up+cb", "pyr/clear-L/up+cb", "pyr/black-M/up+cb",
                  "pyr/violet-L/tipped+cb", "cover/black-M", "cover/white-M", "cover/black-L", "cover/white-L",
                  "cover/white-L+cb", "cover/marker"]),
    ("dice", [f"d6/{n}" for n in range(1, 7)] + [f"d8/{n}" for n in range(1, 9)]),
    ("ui", ["ui/button", "ui/button-hot", "ui/panel", "ui/shadow-tile", "ui/shadow-card", "ui/select",
            "ui/select-card", "ui/shadow-die", "ui/shadow-pyr"]),
]


def write_preview(atlas_dir: Path, path: Path) -> None:
    """Contact sheet: every row at 2x (native atlas pixels), then the same row at 1x."""
    from game.app.atlas import Atlas
    atlas = Atlas.load(atlas_dir)
    font = pygame.freetype.Font(str(common.FONT_DIR / "DejaVuSans.ttf"), 14)
    rows = []
    for label, names in PREVIEW_ROWS:
        names = [n for n in names if atlas.has(n) or n.endswith("+cb")]
        if not names:
            continue
        rows.append((label, names))
    W = 1800
    blocks = []
    y = 10 + 330      # room for the mock table at the top
    for label, names in rows:
        for k in (2, 1):
            x = 110
            hmax = 0
            placed = []
            for n in names:
                cb = n.endswith("+cb")
                base = n[:-3] if cb else n
                lw, lh = atlas.size(base)
                s = atlas.frame(base, colourblind=cb) if k == 2 else atlas.scaled(base, lw, lh, colourblind=cb)
                placed.append((x, s))
                x += s.get_width() + (10 if k == 2 else 6)
                hmax = max(hmax, s.get_height())
            blocks.append((y, f"{label} {k}x", placed))
            y += hmax + 10
    H = y + 10
    sheet = pygame.Surface((W, H), pygame.SRCALPHA)
    if atlas.has("ui/felt"):
        felt = atlas.frame("ui/felt")
        for yy in range(0, H, felt.get_height()):
            for xx in range(0, W, felt.get_width()):
                sheet.blit(felt, (xx, yy))
    else:
        sheet.fill((30, 96, 62))
    for y0, label, placed in blocks:
        font.render_to(sheet, (8, y0 + 4), label, (240, 240, 230))
        for x0, s in placed:
            sheet.blit(s, (x0, y0))
    _mock_table(sheet, atlas, font)
    pygame.image.save(sheet, str(path))
    log(f"  preview: {path} ({W}x{H})")


def _mock_table(sheet, atlas, font) -> None:
    """A small table scene at 2x: a tile hand with shadows, a selection, kards, a Mint Tin hand,
    a pyramid tree and bush, covers and dice."""
    area = pygame.Rect(0, 0, sheet.get_width(), 330)
    sheet.fill((0, 0, 0, 0), area)
    felt = atlas.frame("ui/felt")
    for yy in range(0, area.h, felt.get_height()):
        for xx in range(0, area.w, felt.get_width()):
            sheet.blit(felt, (xx, yy), (0, 0, min(felt.get_width(), area.w - xx), min(felt.get_height(), area.h - yy)))
    sheet.blit(atlas.scaled("ui/vignette", area.w, area.h), (0, 0))
    rail = atlas.frame("ui/rail")
    for xx in range(0, area.w, rail.get_width()):
        sheet.blit(rail, (xx, area.h - rail.get_height()))

    def put(name, x, y, shadow=None, cb=False):
        if shadow:
            pad = atlas.meta(shadow).get("pad", 0) * 2
            sheet.blit(atlas.frame(shadow), (x - pad + 6, y - pad + 8))
        sheet.blit(atlas.frame(name, cb), (x, y))

    x = 20
    for i, code in enumerate(["B1", "B2", "B3", "C7", "C8", "C9", "D5", "D5", "D5", "WE", "WE", "DR", "DG", "F2"]):
        y = 20 - (16 if i == 4 else 0)
        put(f"tile/{code}", x, y, "ui/shadow-tile")
        if i == 4:
            sheet.blit(atlas.frame("ui/select"), (x - 16, y - 16))
        x += 96
    for i in range(6):                       # an opponent's hidden tiles, at 1x
        sheet.blit(atlas.scaled("tile/back", 48, 64), (20 + i * 50, 180))
    for i, code in enumerate(["C3", "C4", "C5", "DW", "S4"]):
        put(f"kard/{code}", 340 + i * 44, 170 + abs(i - 2) * 4, "ui/shadow-card")
    for i, code in enumerate(["S1", "S2", "S3", "M5", "FD", "J"]):
        put(f"mint/{code}", 620 + i * 46, 170, "ui/shadow-card")
    # a tree (small on medium on large) and a bush (small on medium)
    bx = 960
    for name, dy in (("pyr/green-L/up", 0), ("pyr/green-M/up", -30), ("pyr/red-S/up", -54)):
        fw, fh = atlas.frame(name).get_size()
        sheet.blit(atlas.frame(name), (bx + 46 - fw // 2, 300 - fh + dy))
    for name, dy in (("pyr/blue-M/up", 0), ("pyr/yellow-S/up", -30)):
        fw, fh = atlas.frame(name).get_size()
        sheet.blit(atlas.frame(name), (bx + 150 - fw // 2, 300 - fh + dy))
    sheet.blit(atlas.frame("pyr/violet-L/tipped"), (bx + 200, 230))
    sheet.blit(atlas.frame("cover/black-L"), (bx + 330, 188))
    sheet.blit(atlas.frame("cover/white-M"), (bx + 430, 212))
    sheet.blit(atlas.frame("cover/marker"), (bx + 460, 200))
    put("d6/5", bx + 520, 180, "ui/shadow-die")
    put("d8/3", bx + 620, 200, "ui/shadow-die")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output directory (default assets/atlas)")
    ap.add_argument("--only", help="comma-separated frame-name prefixes (partial build, for iterating)")
    ap.add_argument("--preview", type=Path, help="also write a contact sheet PNG here")
    args = ap.parse_args(argv)

    t0 = time.perf_counter()
    pygame.display.init()
    pygame.freetype.init()
    pygame.transform.set_smoothscale_backend("GENERIC")     # same pixels on every CPU
    try:
        f = common.fonts()
    except common.FontMissing as e:
        print(f"build_atlas: {e}", file=sys.stderr)
        return 2
    log(f"build_atlas: CJK font {f.cjk_path} (face {f.cjk_index}); text font assets/fonts/DejaVuSans*.ttf")
    groups = render_all(args.only)
    doc = write_atlas(groups, args.out)
    log(f"build_atlas: {len(doc['frames'])} frames on {len(doc['sheets'])} sheets in {args.out} "
        f"({time.perf_counter() - t0:.1f}s)")
    if args.preview:
        write_preview(args.out, args.preview)
    return 0


if __name__ == "__main__":
    sys.exit(main())
