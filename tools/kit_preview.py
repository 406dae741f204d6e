"""Render a four-seat discard table from sample data, headless, to look at the table kit's parts.

    .venv/bin/python tools/kit_preview.py --pieces tiles --out /tmp/tiles.png
    .venv/bin/python tools/kit_preview.py --pieces kards --size 1280x720 --out /tmp/kards-720.png
    .venv/bin/python tools/kit_preview.py --sample max --out /tmp/max.png     # 17 pieces, 30 discards, 4 kongs

Exit 0 when the picture is written, 1 when the atlas can't be read, 2 on bad arguments (message on stderr).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

SUITS = ("B", "C", "D")
HONOURS = ("WE", "WS", "WW", "WN", "DR", "DG", "DW")


def _sample_codes(n: int, start: int) -> tuple[str, ...]:
    """A plausible spread of codes (deterministic)."""
    out = []
    for i in range(n):
        k = (start + i * 7) % 34
        out.append(f"{SUITS[k // 9]}{k % 9 + 1}" if k < 27 else HONOURS[k - 27])
    return tuple(out)


def busy_table():
    """A hand in full swing: every kind of meld, bonus pieces, a wall half drawn."""
    from game.app.tablekit.melds import Meld
    from game.app.tablekit.seats4 import SeatShow, TableShow
    from game.app.tablekit.wall_square import WallShow, ring_index
    from game.app.tablekit.seatspace import RIGHT

    hand = ("B2", "B3", "B4", "B7", "B7", "C1", "C2", "C3", "C8", "D5", "D5", "D6", "WE", "DR")
    bottom = SeatShow(hand=hand, drawn=True, discards=_sample_codes(12, 3),
                      melds=(Meld(("D2", "D3", "D4"), claimed=0, source="left"),),
                      bonus=("F1", "S3"), name="You", wind="WE", info="East · 1,200", active=True)
    right = SeatShow.hidden(10, discards=_sample_codes(10, 11),
                            melds=(Meld(("C5", "C5", "C5"), claimed=2, source="across"),
                                   Meld(("WN",) * 4, concealed=True)),
                            bonus=("F2",), name="Mei", wind="WS", info="South · 980")
    top = SeatShow.hidden(13, discards=_sample_codes(14, 20), bonus=("S2", "F4"),
                          melds=(Meld(("B6", "B7", "B8"), claimed=1, source="left"),),
                          name="Arjun", wind="WW", info="West · 1,050")
    left = SeatShow.hidden(4, discards=_sample_codes(11, 29),
                           melds=(Meld(("DG",) * 4, claimed=3, source="right"),
                                  Meld(("C7", "C8", "C9"), claimed=0, source="left"),
                                  Meld(("B1", "B1", "B1"), claimed=0, source="across")),
                           bonus=("F3", "S1", "S4"), name="Rosa", wind="WN", info="North · 770")
    wall = WallShow(stacks_per_side=18, break_at=ring_index(RIGHT, 6), live=66, kong_box=10, kong_taken=4)
    return TableShow((bottom, right, top, left), wall, last_discard=3)


def max_table():
    """Everything at once at its largest: 17-piece hands, 30 discards, four kongs, eight bonus."""
    from game.app.tablekit.melds import Meld
    from game.app.tablekit.seats4 import SeatShow, TableShow
    from game.app.tablekit.wall_square import WallShow

    kongs = (Meld(("B1",) * 4, concealed=True), Meld(("C2",) * 4, claimed=0, source="left"),
             Meld(("D3",) * 4, claimed=1, source="across"), Meld(("WE",) * 4, claimed=3, source="right"))
    bonus = ("F1", "F2", "F3", "F4", "S1", "S2", "S3", "S4")
    seats = [SeatShow(hand=_sample_codes(17, 0) if p == 0 else (None,) * 17, drawn=p == 0,
                      discards=_sample_codes(30, 5 * p), melds=kongs, bonus=bonus,
                      name=("You", "Mei", "Arjun", "Rosa")[p], wind=("WE", "WS", "WW", "WN")[p],
                      info="1,000 pts", active=p == 2)
             for p in range(4)]
    return TableShow(tuple(seats), WallShow(live=70, kong_box=14), last_discard=2)


def render(pieces: str, size: tuple[int, int], sample: str, out: Path, announce_word: str | None,
           announce_t: float, announce_seat: int = 1) -> None:
    import pygame
    from game.app.anim.tween import Tweener
    from game.app.atlas import Atlas
    from game.app.canvas import Canvas
    from game.app.tablekit import announce as an
    from game.app.tablekit.seats4 import draw_table, lay_table
    from game.app.tablekit.seatspace import STYLES

    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(size)
    atlas = Atlas.load()
    atlas.convert()
    canvas = Canvas(screen, atlas)
    style = STYLES[pieces]
    show = busy_table() if sample == "busy" else max_table()
    lay = lay_table(show, style)
    canvas.table_felt()
    wall = show.wall
    draw_table(canvas, lay, ("East round", f"Wall {wall.live} · Box {wall.kong_box}"))
    tw = Tweener()
    if show.last_discard is not None:
        newest = [p for p in lay.by_part("river", show.last_discard) if p.mark]
        if newest:
            rp = an.highlight_discard(tw, newest[0].rect)
            tw.update(an.RIPPLE * 0.35)
            an.draw_ripple(canvas, rp)
    if announce_word:
        a = an.announce(tw, announce_word, lay.announce_point(announce_seat))
        t = 0.0
        while t < announce_t:
            tw.update(1 / 60)
            t += 1 / 60
        an.draw_announcement(canvas, a)
    pygame.image.save(screen, str(out))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pieces", choices=("tiles", "kards"), default="tiles")
    ap.add_argument("--size", default="1600x900", help="window size WxH (e.g. 1280x720)")
    ap.add_argument("--sample", choices=("busy", "max"), default="busy")
    ap.add_argument("--announce", default="Pung!", help="claim word shown near the claimer ('' for none)")
    ap.add_argument("--seat", type=int, choices=range(4), default=1,
                    help="where the claimer sits: 0 bottom, 1 right, 2 top, 3 left")
    ap.add_argument("--at", type=float, default=0.5, help="seconds into the announcement")
    ap.add_argument("--out", default="kit_preview.png")
    args = ap.parse_args(argv)
    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
        if w < 160 or h < 90:
            raise ValueError
    except ValueError:
        print(f"kit_preview: --size must look like 1280x720 (at least 160x90), not {args.size!r}", file=sys.stderr)
        return 2
    out = Path(args.out)
    if out.parent and not out.parent.exists():
        print(f"kit_preview: the folder {out.parent} does not exist", file=sys.stderr)
        return 2
    from game.app.atlas import AtlasError
    try:
        render(args.pieces, (w, h), args.sample, out, args.announce or None, args.at, args.seat)
    except AtlasError as e:         # no atlas, no picture: say which file (tools/build_atlas.py makes it)
        print(f"kit_preview: {e}", file=sys.stderr)
        return 1
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
