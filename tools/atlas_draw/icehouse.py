"""Icehouse pyramids (ten colours x three sizes, upright and tipped), the opaque covers and the
private marker, rendered from a small 3D model: square base, four triangular faces, hollow.

Translucent colours are drawn as glass (light edges, darker core, a highlight, the far faces
showing through); black and white are opaque. Colour-blind variants etch a colour letter."""

from __future__ import annotations

import math

import pygame

from .common import Canvas, blur, mix, shade, with_alpha

COLOURS = {
    # colour: (base rgb, letter for colour-blind mode)
    "red": ((226, 34, 42), "R"),
    "orange": ((248, 126, 24), "O"),
    "yellow": ((252, 212, 36), "Y"),
    "green": ((30, 170, 70), "G"),
    "blue": ((36, 88, 224), "B"),
    "cyan": ((30, 196, 222), "C"),
    "violet": ((146, 60, 206), "V"),
    "clear": ((214, 226, 236), "Cl"),
    "black": ((36, 36, 40), "Bk"),
    "white": ((240, 240, 234), "W"),
}
OPAQUE = ("black", "white")
UPRIGHT = {"S": (30, 34), "M": (38, 44), "L": (46, 56)}     # logical frame sizes
PIPS = {"S": 1, "M": 2, "L": 3}
MARGIN = 1.0
PITCH = math.radians(24)        # how far we look down on the table
YAW = math.radians(38)          # turn of an upright pyramid: two faces show, the left one lit
TIP_YAW = math.radians(20)      # turn of a tipped pyramid: its open base shows on the left
LIGHT = (-0.55, 0.65, 0.55)     # view space: x right, y up, z towards the viewer


# --------------------------------------------------------------------------- tiny 3D

def _norm(v):
    L = math.sqrt(sum(x * x for x in v)) or 1.0
    return tuple(x / L for x in v)


def _sub(a, b):
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def _cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def _dot(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def _rot_y(v, t):
    c, s = math.cos(t), math.sin(t)
    return (v[0] * c + v[2] * s, v[1], -v[0] * s + v[2] * c)


def _rot_z(v, t):
    c, s = math.cos(t), math.sin(t)
    return (v[0] * c - v[1] * s, v[0] * s + v[1] * c, v[2])


def _view(v):
    """World (y up) to view space (x right, y up on screen, z towards the viewer)."""
    c, s = math.cos(PITCH), math.sin(PITCH)
    return (v[0], v[1] * c - v[2] * s, v[2] * c + v[1] * s)


def model(a: float, h: float, tipped: bool):
    """Vertices (view space) and faces [(kind, [indices])] of a pyramid with half base a, height h."""
    verts = [(0.0, h, 0.0), (-a, 0.0, -a), (a, 0.0, -a), (a, 0.0, a), (-a, 0.0, a)]
    faces = [("side", [0, 4, 3]), ("side", [0, 3, 2]), ("side", [0, 2, 1]), ("side", [0, 1, 4]),
             ("base", [1, 2, 3, 4])]
    if tipped:
        beta = math.atan2(a, h)
        verts = [_rot_z(v, -(math.pi / 2 + beta)) for v in verts]
        verts = [_rot_y(v, TIP_YAW) for v in verts]
    else:
        verts = [_rot_y(v, YAW) for v in verts]
    return [_view(v) for v in verts], faces


def _face_normal(verts, idx):
    centre = tuple(sum(verts[i][k] for i in range(len(verts))) / len(verts) for k in range(3))
    p0, p1, p2 = verts[idx[0]], verts[idx[1]], verts[idx[2]]
    n = _norm(_cross(_sub(p1, p0), _sub(p2, p0)))
    fc = tuple(sum(verts[i][k] for i in idx) / len(idx) for k in range(3))
    if _dot(n, _sub(fc, centre)) < 0:
        n = (-n[0], -n[1], -n[2])
    return n


def _bounds(verts):
    xs = [v[0] for v in verts]
    ys = [-v[1] for v in verts]
    return min(xs), min(ys), max(xs), max(ys)


def fit(size: str):
    """Half base a, height h (model units = logical px) so the upright pyramid fills its frame."""
    W, H = UPRIGHT[size]
    target = (H - 2 * MARGIN) / (W - 2 * MARGIN)
    lo, hi = 0.3, 6.0
    for _ in range(60):
        r = (lo + hi) / 2
        x0, y0, x1, y1 = _bounds(model(1.0, r, False)[0])
        if (y1 - y0) / (x1 - x0) < target:
            lo = r
        else:
            hi = r
    x0, y0, x1, y1 = _bounds(model(1.0, r, False)[0])
    k = (W - 2 * MARGIN) / (x1 - x0)
    return k, r * k


def frame_size(size: str, tipped: bool):
    if not tipped:
        return UPRIGHT[size]
    a, h = fit(size)
    x0, y0, x1, y1 = _bounds(model(a, h, True)[0])
    return math.ceil(x1 - x0 + 2 * MARGIN), math.ceil(y1 - y0 + 2 * MARGIN)


# --------------------------------------------------------------------------- painting

def _palette(colour: str):
    base, _ = COLOURS[colour]
    if colour == "clear":
        return dict(edge=(250, 253, 255, 215), core=(176, 196, 214, 110), line=(120, 140, 160, 230),
                    back=(150, 170, 190, 80), inside=(120, 140, 160, 150), pip=(110, 130, 150, 230), glass=True)
    if colour == "black":
        return dict(edge=(84, 84, 92, 255), core=(22, 22, 26, 255), line=(110, 110, 120, 255),
                    back=None, inside=(8, 8, 10, 255), pip=(130, 130, 140, 255), glass=False)
    if colour == "white":
        return dict(edge=(255, 255, 252, 255), core=(222, 222, 214, 255), line=(170, 170, 162, 255),
                    back=None, inside=(150, 150, 144, 255), pip=(180, 180, 172, 255), glass=False)
    core_shade = -0.16 if colour in ("yellow", "orange") else -0.3
    return dict(edge=(*mix(base, (255, 255, 255), 0.3), 246), core=(*shade(base, core_shade), 232),
                line=(*mix(base, (255, 255, 255), 0.65), 240), back=(*shade(base, -0.45), 150),
                inside=(*shade(base, -0.55), 215), pip=(*shade(base, -0.5), 240), glass=True)


def paint_pyramid(colour: str, size: str, tipped: bool, cb: bool = False, cover: bool = False) -> Canvas:
    a, h = fit(size)
    W, H = frame_size(size, tipped)
    verts, faces = model(a, h, tipped)
    x0, y0, x1, y1 = _bounds(verts)
    ox = (W - (x1 - x0)) / 2 - x0
    oy = (H - (y1 - y0)) / 2 - y0

    def P(v):
        return (v[0] + ox, -v[1] + oy)

    pal = _palette(colour)
    c = Canvas(W, H, bg=pal["line"][:3])
    light = _norm(LIGHT)
    info = []
    for kind, idx in faces:
        n = _face_normal(verts, idx)
        depth = sum(verts[i][2] for i in idx) / len(idx)
        info.append((depth, kind, idx, n))
    info.sort(key=lambda t: t[0])

    front_sides = []
    for depth, kind, idx, n in info:
        pts = [P(verts[i]) for i in idx]
        facing = n[2] > 0.02
        lit = max(0.0, _dot(n, light))
        if not facing:
            if pal["glass"] and pal["back"] is not None:
                lay = c.layer()
                lay.poly(pal["back"], pts)
                c.blit(lay)
            continue
        lay = c.layer()
        if kind == "base":
            # the open base: the dark inside with a lit rim
            lay.glow_poly(pts, pal["line"], pal["inside"], steps=16, reach=0.85, power=0.5)
            lay.poly(pal["line"], pts, 0.5)
            c.blit(lay)
            continue
        f = 0.75 + 0.45 * lit
        edge = _scale_rgb(pal["edge"], f)
        core = _scale_rgb(pal["core"], f)
        # the centre of the glow sits low on the face (light gathers towards the base)
        apex, p, q = pts
        centre = ((apex[0] + p[0] + q[0]) / 3, (apex[1] * 0.8 + p[1] * 1.1 + q[1] * 1.1) / 3)
        lay.glow_poly(pts, edge, core, steps=28, reach=0.92, centre=centre, power=0.7)
        c.blit(lay)
        front_sides.append((n, idx, pts, lit))

    # highlights, edges, pips, etching
    deco = c.layer(bg=(255, 255, 255))
    for n, idx, pts, lit in front_sides:
        apex, p, q = pts
        if pal["glass"] or colour == "black":
            # a streak of light just inside the lit edge
            s_a = _lerp(apex, _lerp(p, q, 0.5), 0.1)
            s_b = _lerp(p, q, 0.12)
            s_b = _lerp(s_b, apex, 0.08)
            s_c = _lerp(s_b, _lerp(p, q, 0.5), 0.18)
            s_d = _lerp(s_a, _lerp(p, q, 0.5), 0.05)
            alpha = 150 if colour != "black" else 90
            deco.poly((255, 255, 255, round(alpha * (0.35 + 0.65 * lit))), [s_a, s_b, s_c, s_d])
        deco.polyline(pal["line"], [p, apex, q], 0.5 if size != "S" else 0.45)
    c.blit(deco)

    # soft specular glint near the apex of the most lit face
    if front_sides and colour != "white":
        n, idx, pts, lit = max(front_sides, key=lambda t: t[3])
        apex, p, q = pts
        g = c.layer(bg=(255, 255, 255))
        spot = _lerp(apex, _lerp(p, q, 0.4), 0.28)
        g.circle((255, 255, 255, 200), spot, 1.3 + 0.2 * PIPS[size])
        g.surf = blur(g.surf, 5)
        c.blit(g)

    # the base edge outline (drawn last so it stays crisp)
    rim = c.layer(bg=pal["line"][:3])
    for n, idx, pts, lit in front_sides:
        rim.line(pal["line"], pts[1], pts[2], 0.55)
    c.blit(rim)

    # pips near the base of each visible face
    pip_layer = c.layer(bg=pal["pip"][:3])
    count = PIPS[size]
    ts = {1: [0.5], 2: [0.4, 0.6], 3: [0.32, 0.5, 0.68]}[count]
    for n, idx, pts, lit in front_sides:
        apex, p, q = pts
        vis = max(0.25, n[2]) ** 0.5
        r = 1.2 * vis + 0.15
        for t in ts:
            base_pt = _lerp(p, q, t)
            pos = _lerp(base_pt, apex, 0.13 if not tipped else 0.15)
            pip_layer.circle(pal["pip"], pos, r)
            pip_layer.circle(with_alpha(mix(pal["edge"][:3], (255, 255, 255), 0.5), 180),
                             (pos[0] - r * 0.3, pos[1] - r * 0.3), r * 0.35)
    c.blit(pip_layer)

    if cover:
        _cover_marks(c, front_sides, pal, colour)

    if cb:
        _etch_letter(c, colour, size, front_sides, pal, cover)
    return c


def _scale_rgb(col, f):
    rgb = tuple(max(0, min(255, round(x * f))) for x in col[:3])
    return rgb + tuple(col[3:4])


def _lerp(a, b, t):
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def _luminance(rgb) -> float:
    def lin(v):
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(v) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def mark_inks(face) -> tuple[tuple, tuple]:
    """(letter, outline) for a mark on a face of this colour: whichever of near-black and white
    contrasts more with it, ringed by the other, so the letter reads on the face and off its edges."""
    dark, light = (18, 18, 24), (255, 255, 255)
    lum = _luminance(face)
    if (1.05 / (lum + 0.05)) >= ((lum + 0.05) / (_luminance(dark) + 0.05)):
        return light, dark
    return dark, light


# The mark's letter height (logical px): as big as the front of the pyramid takes without covering
# its pips, so the smalls still read at 0.8x on the other players' screens at 1280x720.
MARK_H = {"S": 11.0, "M": 11.0, "L": 13.0}
COVER_MARK_H = {"M": 12.5, "L": 14.5}
MARK_EDGE = {"S": 1.0, "M": 1.1, "L": 1.2}   # outline width


def _etch_letter(c: Canvas, colour: str, size: str, front_sides, pal, cover: bool = False) -> None:
    """The colour letter, ringed so it reads on any colour. Upright: on the front edge, between the
    pips; a medium or large sits low, in the band a smaller piece nested on it leaves in sight.
    Tipped: in the middle of its big face, clear of the smaller piece poking out of it."""
    from game.app.tablekit.pyramids import REST
    if not front_sides:
        return
    n, idx, pts, lit = max(front_sides, key=lambda t: t[0][2] + 0.001 * t[3])
    apex, p, q = pts
    tipped = abs(q[0] - p[0]) < abs(q[1] - p[1])   # the big face's base runs up and down
    if tipped:
        cx = (apex[0] * 0.7 + p[0] + q[0]) / 2.7
        cy = (apex[1] * 0.7 + p[1] + q[1]) / 2.7
        hgt = MARK_H[size]
    else:
        front = p if p[1] > q[1] else q        # the near base corner: the edge to it faces us
        if cover:
            hgt = COVER_MARK_H[size]
            cx, cy = _lerp(apex, front, 0.6)
        elif size == "S":
            hgt = MARK_H[size]
            cx, cy = _lerp(apex, front, 0.62)
        else:
            hgt = MARK_H[size]
            cy = front[1] - REST * c.lh / 2 - 0.3
            cx = _lerp(apex, front, (cy - apex[1]) / (front[1] - apex[1]))[0]
    letter = COLOURS[colour][1]
    wid = hgt * (1.6 if len(letter) == 2 else 1.3 if letter == "W" else 0.9)
    box = (cx - wid / 2, cy - hgt / 2, wid, hgt)
    # the face as painted under the mark (lighting and glass make a tipped orange darker than its base)
    ink, edge = mark_inks(pygame.transform.average_color(c.surf, c.rect(box))[:3])
    rim = MARK_EDGE[size]
    halo = c.layer(bg=edge)
    glyph = c.layer(bg=edge)
    glyph.text_fit("sansb", letter, box, edge)
    for k in range(16):
        a = 2 * math.pi * k / 16
        halo.blit(glyph, offset=(rim * math.cos(a), rim * math.sin(a)))
    halo.blit(glyph)
    top = c.layer(bg=ink)
    top.text_fit("sansb", letter, box, ink)
    # blit only round the mark: blending a layer's clear pixels still nudges the colour of the
    # pyramid's half-transparent edges, which would set the marked frame apart all over
    c.surf.set_clip(c.rect((box[0] - rim - 1, box[1] - rim - 1, box[2] + 2 * rim + 2, box[3] + 2 * rim + 2)))
    c.blit(halo, alpha=225)
    c.blit(top)
    c.surf.set_clip(None)


def _cover_marks(c: Canvas, front_sides, pal, colour: str) -> None:
    """What makes a cover read as a cover: ribbed faces and a metal rim round the base."""
    rib = c.layer(bg=(255, 255, 255))
    ink = (255, 255, 255, 70) if colour == "black" else (0, 0, 0, 45)
    for n, idx, pts, lit in front_sides:
        apex, p, q = pts
        for t in (0.28, 0.4, 0.52, 0.64, 0.76):
            rib.line(ink, _lerp(p, apex, t), _lerp(q, apex, t), 0.45, caps=False)
    c.blit(rib)
    rim = c.layer(bg=(200, 160, 60))
    gold = (214, 172, 70, 255)
    for n, idx, pts, lit in front_sides:
        apex, p, q = pts
        a1, b1 = _lerp(p, apex, 0.07), _lerp(q, apex, 0.07)
        rim.poly(gold, [p, q, b1, a1])
        rim.line((255, 236, 170, 255), a1, b1, 0.35, caps=False)
    c.blit(rim)
    # a cap on the apex
    apex = front_sides[0][2][0]
    cap = c.layer(bg=(200, 160, 60))
    cap.circle((150, 110, 30, 255), apex, 2.0)
    cap.circle((232, 196, 100, 255), (apex[0] - 0.3, apex[1] - 0.3), 1.5)
    c.blit(cap)


def marker() -> Canvas:
    """The private marker: a small gold disc with an eye (you have looked under this cover)."""
    c = Canvas(16, 16, bg=(120, 90, 20))
    c.circle((120, 90, 20), (8, 8), 7.8)
    c.circle((236, 196, 90), (8, 8), 7.0)
    c.circle((250, 226, 150), (7.4, 7.2), 5.6)
    eye = [(2.6, 8), (5, 5.6), (8, 4.9), (11, 5.6), (13.4, 8), (11, 10.4), (8, 11.1), (5, 10.4)]
    c.poly((60, 40, 10), eye)
    c.poly((255, 252, 240), [(x + (8 - x) * 0.18, y + (8 - y) * 0.18) for x, y in eye])
    c.circle((40, 90, 150), (8, 8), 2.5)
    c.circle((10, 10, 20), (8, 8), 1.2)
    c.circle((255, 255, 255), (7.2, 7.2), 0.6)
    return c


def frames():
    from game.core.pieces import ALL_PYRAMIDS
    for name in ALL_PYRAMIDS:
        colour, size = name.split("-")
        for pose in ("up", "tipped"):
            tipped = pose == "tipped"
            W, H = frame_size(size, tipped)
            yield f"pyr/{name}/{pose}", paint_pyramid(colour, size, tipped), {}
            yield f"pyr/{name}/{pose}+cb", paint_pyramid(colour, size, tipped, cb=True), {}
    for size in ("M", "L"):
        for colour in OPAQUE:
            yield f"cover/{colour}-{size}", paint_pyramid(colour, size, False, cover=True), {}
            yield f"cover/{colour}-{size}+cb", paint_pyramid(colour, size, False, cb=True, cover=True), {}
    yield "cover/marker", marker(), {}
