"""Cosmetic physics with pymunk: dice rolling in a tray, tiles being washed.

The game core decides every outcome first (the dice faces come from the match's rng).
Here a *separate* cosmetic rng, seeded by the caller, drives the throw; the dice show
random faces while they tumble and exactly the decided faces once they settle.
Same seed (and same tray) => the same trajectory, whatever the frame rate: the
simulation runs at a fixed internal step.

pygame-free: drawing lives in ``game.app.anim.physics_draw`` (``draw`` methods here
import it lazily).
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, Sequence

import pymunk

__all__ = ["DiceTray", "DieState", "TileWash", "TileState", "DIE_FACES"]

DIE_FACES = {"d6": 6, "d8": 8}

Rect = tuple[float, float, float, float]


@dataclass(frozen=True)
class DieState:
    """What to draw for one die."""
    kind: str          # "d6" / "d8"
    face: int          # the face shown now
    x: float           # centre, logical units
    y: float
    angle: float       # degrees, counter-clockwise on screen (pygame convention)
    height: float      # logical height above the tray floor (bounce), 0 when resting
    settled: bool

    @property
    def frame(self) -> str:
        return f"{self.kind}/{self.face}"


@dataclass(frozen=True)
class TileState:
    x: float
    y: float
    angle: float       # degrees, counter-clockwise on screen


def _inset(rect: Rect, m: float) -> Rect:
    x, y, w, h = rect
    return (x + m, y + m, max(0.0, w - 2 * m), max(0.0, h - 2 * m))


def _add_walls(space: pymunk.Space, rect: Rect, elasticity: float, friction: float) -> None:
    x, y, w, h = rect
    r = 6.0  # wall thickness: the segments sit just outside the rect
    pts = [(x - r, y - r), (x + w + r, y - r), (x + w + r, y + h + r), (x - r, y + h + r)]
    for i in range(4):
        seg = pymunk.Segment(space.static_body, pts[i], pts[(i + 1) % 4], r)
        seg.elasticity = elasticity
        seg.friction = friction
        space.add(seg)


class _Die:
    __slots__ = ("kind", "final", "face", "body", "shape", "travel", "showing_final",
                 "settled", "t", "bounce_amp", "bounce_period", "still_time")

    def __init__(self, kind: str, final: int, body: pymunk.Body, shape: pymunk.Shape) -> None:
        self.kind = kind
        self.final = final
        self.face = final
        self.body = body
        self.shape = shape
        self.travel = 0.0
        self.showing_final = False
        self.settled = False
        self.t = 0.0
        self.bounce_amp = 0.0
        self.bounce_period = 0.2
        self.still_time = 0.0


class DiceTray:
    """A walled rectangle (logical units) in which dice are thrown.

    ``throw([("d6", 3), ("d8", 7)], rng_seed)`` then ``step(dt)`` every frame until
    ``settled``; draw with ``draw(surface, get_frame, scale)`` or read ``dice``.
    """

    STEP = 1.0 / 120.0
    #: linear velocity kept per second (exponential part) and constant deceleration
    LIN_KEEP = 0.55
    LIN_FRICTION = 3.5      # in die sizes per second^2
    ANG_KEEP = 0.25
    ANG_FRICTION = 6.0      # rad/s^2
    #: below this speed (die sizes per second) a die shows its decided face
    FINAL_SPEED = 2.2
    #: maximum time before the dice are braked hard
    MAX_TIME = 2.6
    #: throw speed in tray heights per second (range), wall bounciness
    THROW_SPEED = (2.6, 3.2)
    WALL_ELASTICITY = 0.8

    def __init__(self, rect: Rect, die_size: float = 34.0) -> None:
        self.rect: Rect = tuple(float(v) for v in rect)  # type: ignore[assignment]
        self.die_size = float(die_size)
        self._dice: list[_Die] = []
        self._space: pymunk.Space | None = None
        self._rng = random.Random(0)
        self._acc = 0.0
        self.time = 0.0
        self._hits = 0
        self._settled = True

    # -- throwing ----------------------------------------------------------------
    def throw(self, faces: Sequence[tuple[str, int]], rng_seed: int, instant: bool = False) -> None:
        """Throw dice that will land on ``faces`` ([(kind, face), ...]).

        ``rng_seed`` seeds the cosmetic rng only (never pass the game rng).
        ``instant`` = run the whole roll now: the dice are settled at once, where
        the animated roll would have left them."""
        for kind, face in faces:
            if kind not in DIE_FACES:
                raise ValueError(f"unknown die kind {kind!r}")
            if not 1 <= int(face) <= DIE_FACES[kind]:
                raise ValueError(f"{kind} has no face {face}")
        rng = random.Random(rng_seed)
        self._rng = rng
        space = pymunk.Space()
        space.iterations = 12
        _add_walls(space, self.rect, elasticity=self.WALL_ELASTICITY, friction=0.6)
        x0, y0, w, h = self.rect
        s = self.die_size
        n = len(faces)
        dice: list[_Die] = []
        # thrown from the near (bottom) edge, spread across the middle, towards the far side
        span = min(w - 2 * s, n * s * 1.5)
        base_dir = math.radians(-90.0 + rng.uniform(-28.0, 28.0))
        speed0 = max(h, w * 0.6) * rng.uniform(*self.THROW_SPEED)
        for i, (kind, face) in enumerate(faces):
            mass = 1.0
            if kind == "d6":
                half = s * 0.5
                verts = [(-half, -half), (half, -half), (half, half), (-half, half)]
                radius = s * 0.08
                verts = [(vx * 0.84, vy * 0.84) for vx, vy in verts]
            else:  # d8 seen from above: a hexagonal outline
                rr = s * 0.55
                verts = [(rr * math.cos(math.pi / 3 * k + math.pi / 6),
                          rr * math.sin(math.pi / 3 * k + math.pi / 6)) for k in range(6)]
                radius = s * 0.04
            moment = pymunk.moment_for_poly(mass, verts, radius=radius)
            body = pymunk.Body(mass, moment)
            fx = x0 + w / 2 + (i - (n - 1) / 2) * (span / max(1, n - 1) if n > 1 else 0)
            fx += rng.uniform(-0.15, 0.15) * s
            fy = y0 + h - s * 0.9 - rng.uniform(0.0, 0.3) * s
            body.position = (fx, fy)
            body.angle = rng.uniform(0, 2 * math.pi)
            d = base_dir + math.radians(rng.uniform(-12.0, 12.0))
            sp = speed0 * rng.uniform(0.85, 1.15)
            body.velocity = (math.cos(d) * sp, math.sin(d) * sp)
            body.angular_velocity = rng.choice((-1, 1)) * rng.uniform(10.0, 22.0)
            body.velocity_func = self._velocity_func
            shape = pymunk.Poly(body, verts, radius=radius)
            shape.elasticity = 0.5
            shape.friction = 0.5
            shape.collision_type = 1
            space.add(body, shape)
            die = _Die(kind, int(face), body, shape)
            die.face = rng.randint(1, DIE_FACES[kind])
            die.bounce_amp = s * rng.uniform(0.7, 1.0)
            die.bounce_period = rng.uniform(0.16, 0.22)
            dice.append(die)
        space.on_collision(1, None, post_solve=self._on_hit)
        self._space = space
        self._dice = dice
        self._acc = 0.0
        self.time = 0.0
        self._hits = 0
        self._settled = not dice
        if instant:
            self.finish()

    def _velocity_func(self, body: pymunk.Body, gravity: Any, damping: float, dt: float) -> None:
        s = self.die_size
        brake = 8.0 if self.time > self.MAX_TIME else 1.0
        vx, vy = body.velocity
        keep = self.LIN_KEEP ** (dt * brake)
        vx *= keep
        vy *= keep
        sp = math.hypot(vx, vy)
        dec = self.LIN_FRICTION * s * dt * brake
        if sp <= dec:
            vx = vy = 0.0
        else:
            k = (sp - dec) / sp
            vx *= k
            vy *= k
        # speed cap: never further than a third of a die per step (no tunnelling)
        cap = s / 3.0 / dt
        sp = math.hypot(vx, vy)
        if sp > cap:
            vx *= cap / sp
            vy *= cap / sp
        body.velocity = (vx, vy)
        w = body.angular_velocity * self.ANG_KEEP ** (dt * brake)
        dw = self.ANG_FRICTION * dt * brake
        w = 0.0 if abs(w) <= dw else w - math.copysign(dw, w)
        body.angular_velocity = w

    def _on_hit(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: Any) -> None:
        if arbiter.is_first_contact and arbiter.total_impulse.length > self.die_size * 0.5:
            self._hits += 1

    def finish(self) -> None:
        """Run the roll to its end now."""
        guard = int(30.0 / self.STEP)
        while not self._settled and guard > 0:
            self._substep()
            guard -= 1
        if not self._settled:  # pragma: no cover - safety net
            for d in self._dice:
                self._settle_die(d)
            self._settled = True

    # -- stepping -----------------------------------------------------------------
    def step(self, dt: float) -> None:
        """Advance the roll by ``dt`` seconds (any frame rate; fixed internal step)."""
        if self._settled or self._space is None:
            return
        self._acc += max(0.0, dt)
        # never more than a second of catch-up per call
        self._acc = min(self._acc, 1.0)
        while self._acc >= self.STEP and not self._settled:
            self._acc -= self.STEP
            self._substep()

    def _substep(self) -> None:
        space = self._space
        assert space is not None
        dt = self.STEP
        space.step(dt)
        self.time += dt
        s = self.die_size
        x0, y0, w, h = self.rect
        all_settled = True
        for d in self._dice:
            b = d.body
            d.t += dt
            # safety net: keep inside the tray whatever happens
            px, py = b.position
            m = s * 0.5
            cx = min(max(px, x0 + m), x0 + w - m)
            cy = min(max(py, y0 + m), y0 + h - m)
            if (cx, cy) != (px, py):
                b.position = (cx, cy)
            sp = b.velocity.length
            wv = abs(b.angular_velocity)
            if not d.showing_final:
                d.travel += sp * dt + wv * dt * s * 0.35
                if sp < self.FINAL_SPEED * s and wv < 6.0 and d.t > 0.35:
                    d.showing_final = True
                    d.face = d.final
                elif d.travel >= s * 0.9:
                    d.travel = 0.0
                    nf = DIE_FACES[d.kind]
                    f = self._rng.randint(1, nf - 1)
                    d.face = f if f < d.face else f + 1
            if sp < 0.08 * s and wv < 0.25:
                d.still_time += dt
            else:
                d.still_time = 0.0
            if d.still_time >= 0.08 and d.showing_final:
                if not d.settled:
                    self._settle_die(d)
            else:
                d.settled = False
            if not d.settled:
                all_settled = False
        if all_settled:
            self._settled = True

    def _settle_die(self, d: _Die) -> None:
        d.body.velocity = (0.0, 0.0)
        d.body.angular_velocity = 0.0
        d.showing_final = True
        d.face = d.final
        d.settled = True

    # -- reading --------------------------------------------------------------------
    @property
    def settled(self) -> bool:
        return self._settled

    @property
    def decided(self) -> list[tuple[str, int]]:
        return [(d.kind, d.final) for d in self._dice]

    def _height(self, d: _Die) -> float:
        if d.settled:
            return 0.0
        t = d.t
        amp = d.bounce_amp * math.exp(-t * 3.2)
        if amp < 0.3:
            return 0.0
        ph = (t / d.bounce_period + 0.5) % 1.0  # thrown from the hand: starts at the top
        return amp * 4.0 * ph * (1.0 - ph)

    @property
    def dice(self) -> list[DieState]:
        out = []
        for d in self._dice:
            b = d.body
            out.append(DieState(d.kind, d.face if not d.settled else d.final,
                                float(b.position.x), float(b.position.y),
                                -math.degrees(b.angle) % 360.0, self._height(d), d.settled))
        return out

    bodies = dice  # alias

    def take_hits(self) -> int:
        """Number of hard impacts since the last call (for rattle sounds)."""
        n, self._hits = self._hits, 0
        return n

    def draw(self, surface: Any, get_frame: Any, scale: float = 1.0,
             offset: tuple[float, float] = (0.0, 0.0), *, box: bool = True, cache: Any = None) -> None:
        """Draw the tray (optional box), the dice shadows and the dice."""
        from .physics_draw import draw_dice_tray
        draw_dice_tray(surface, self, get_frame, scale, offset, box=box, cache=cache)


class TileWash:
    """A heap of face-down tiles pushed around in circles, then gathered.

    ``step(dt)`` until ``done``; ``tiles`` gives positions/angles for drawing.
    Deterministic from ``seed``; every tile stays inside ``rect``.
    """

    STEP = 1.0 / 60.0

    def __init__(self, rect: Rect, n: int = 136, seed: int = 0, *,
                 tile_size: tuple[float, float] = (22.0, 30.0),
                 wash_time: float = 2.6, gather_time: float = 0.9) -> None:
        self.rect: Rect = tuple(float(v) for v in rect)  # type: ignore[assignment]
        self.n = n
        self.tile_size = tile_size
        self.wash_time = wash_time
        self.gather_time = gather_time
        self.time = 0.0
        self._acc = 0.0
        self._done = False
        rng = random.Random(seed)
        self._rng = rng
        space = pymunk.Space()
        space.iterations = 8
        space.damping = 0.08  # felt friction: keep 8 % of velocity per second
        _add_walls(space, self.rect, elasticity=0.1, friction=0.7)
        x0, y0, w, h = self.rect
        tw, th = tile_size
        cx, cy = x0 + w / 2, y0 + h / 2
        # a loose heap in the middle: jittered grid cells, shuffled, nearest the centre first
        cols = max(1, int(w // (tw * 1.3)))
        rows = max(1, int(h // (th * 1.12)))
        cells = [(c, r) for c in range(cols) for r in range(rows)]
        cw, ch = w / cols, h / rows
        cells.sort(key=lambda cr: (cr[0] + 0.5 - cols / 2) ** 2 * cw * cw
                   + (cr[1] + 0.5 - rows / 2) ** 2 * ch * ch + rng.uniform(0, cw * ch))
        self._tiles: list[pymunk.Body] = []
        for i in range(n):
            c, r = cells[i % len(cells)]
            px = x0 + (c + 0.5) * cw + rng.uniform(-0.12, 0.12) * cw
            py = y0 + (r + 0.5) * ch + rng.uniform(-0.12, 0.12) * ch
            if i >= len(cells):  # more tiles than cells: nudge (pymunk separates them)
                px += rng.uniform(-3, 3)
                py += rng.uniform(-3, 3)
            body = pymunk.Body(1.0, pymunk.moment_for_box(1.0, (tw, th)))
            body.position = (px, py)
            body.angle = rng.uniform(-0.3, 0.3) + rng.choice((0.0, math.pi))
            shape = pymunk.Poly.create_box(body, (tw, th), radius=1.0)
            shape.friction = 0.6
            shape.elasticity = 0.05
            space.add(body, shape)
            self._tiles.append(body)
        # two "hands" circling in opposite phase
        self._hands: list[tuple[pymunk.Body, float, float, float]] = []
        self._swirl = rng.choice((-1, 1)) * rng.uniform(1.6, 2.2)  # rad/s
        r = max(tw, th) * 1.2  # a palm
        for k in range(2):
            hb = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
            phase = math.pi * k + rng.uniform(-0.3, 0.3)
            orbit = min(w, h) * rng.uniform(0.16, 0.22)
            omega = math.copysign(rng.uniform(2.4, 3.0), self._swirl)
            hb.position = (cx + orbit * math.cos(phase), cy + orbit * math.sin(phase))
            hs = pymunk.Circle(hb, r)
            hs.friction = 0.9
            space.add(hb, hs)
            self._hands.append((hb, phase, orbit, omega))
        self._space = space
        self._hand_radius = r
        self._center = (cx, cy)

    @property
    def done(self) -> bool:
        return self._done

    @property
    def duration(self) -> float:
        return self.wash_time + self.gather_time

    def step(self, dt: float) -> None:
        if self._done:
            return
        self._acc = min(self._acc + max(0.0, dt), 1.0)
        while self._acc >= self.STEP and not self._done:
            self._acc -= self.STEP
            self._substep()

    def finish(self) -> None:
        while not self._done:
            self._substep()

    def _substep(self) -> None:
        dt = self.STEP
        t = self.time + dt
        x0, y0, w, h = self.rect
        cx, cy = self._center
        if t < self.wash_time:
            for hb, phase, orbit, omega in self._hands:
                wob = 1.0 + 0.6 * math.sin(t * 2.3 + phase)
                ang = phase + omega * t
                tx = cx + orbit * wob * math.cos(ang)
                ty = cy + orbit * wob * 0.8 * math.sin(ang)
                px, py = hb.position
                hb.velocity = ((tx - px) / dt, (ty - py) / dt)
            # the heap is dragged round in circles and drifts back towards the hands
            sw = self._swirl * min(1.0, t / 0.5)
            for b in self._tiles:
                px, py = b.position
                vx, vy = b.velocity
                rx, ry = px - cx, py - cy
                dvx = -ry * sw - rx * 0.5
                dvy = rx * sw - ry * 0.5
                b.velocity = (vx + (dvx - vx) * 0.04, vy + (dvy - vy) * 0.04)
        elif self._hands:  # the hands lift off the table
            for hb, *_ in self._hands:
                self._space.remove(hb, *hb.shapes)
            self._hands = []
        if t >= self.wash_time:
            # gather: pull every tile towards the centre, calm rotation
            g = (t - self.wash_time) / max(1e-6, self.gather_time)
            for b in self._tiles:
                px, py = b.position
                vx, vy = b.velocity
                b.velocity = (vx * 0.8 + (cx - px) * 2.2 * 0.2, vy * 0.8 + (cy - py) * 2.2 * 0.2)
                b.angular_velocity *= 0.85
            if g >= 1.0:
                self._space.step(dt)
                self.time = t
                for b in self._tiles:
                    b.velocity = (0.0, 0.0)
                    b.angular_velocity = 0.0
                self._clamp()
                self._done = True
                return
        self._space.step(dt)
        self.time = t
        self._clamp()

    def _clamp(self) -> None:
        x0, y0, w, h = self.rect
        m = max(self.tile_size) * 0.5
        for b in self._tiles:
            px, py = b.position
            qx = min(max(px, x0 + m), x0 + w - m)
            qy = min(max(py, y0 + m), y0 + h - m)
            if (qx, qy) != (px, py):
                b.position = (qx, qy)

    @property
    def tiles(self) -> list[TileState]:
        return [TileState(float(b.position.x), float(b.position.y), -math.degrees(b.angle) % 360.0)
                for b in self._tiles]

    def draw(self, surface: Any, get_frame: Any, scale: float = 1.0,
             offset: tuple[float, float] = (0.0, 0.0), *, frame: str = "tile/back",
             shadow: str | None = "ui/shadow-tile", cache: Any = None) -> None:
        from .physics_draw import draw_tile_wash
        draw_tile_wash(surface, self, get_frame, scale, offset, frame=frame, shadow=shadow, cache=cache)
