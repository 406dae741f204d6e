"""Synthesise the game's sound effects as small 16-bit mono WAVs (pure python, no numpy).

    python tools/build_sounds.py [--out assets/sounds]

Deterministic: the noise comes from a seeded random.Random, so rebuilding gives the same bytes.
"""
from __future__ import annotations

import argparse
import math
import random
import struct
import sys
import wave
from pathlib import Path

RATE = 22050
ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "assets" / "sounds"


def _n(seconds: float) -> int:
    return int(RATE * seconds)


def env_exp(i: int, decay: float, attack: float = 0.002) -> float:
    """Fast attack, exponential decay (decay = time constant in seconds)."""
    t = i / RATE
    a = min(1.0, t / attack) if attack > 0 else 1.0
    return a * math.exp(-t / decay)


def tone(freq: float, seconds: float, decay: float, partials=((1, 1.0),), attack: float = 0.004,
         detune: float = 0.0) -> list[float]:
    out = []
    for i in range(_n(seconds)):
        t = i / RATE
        v = 0.0
        for k, amp in partials:
            v += amp * math.sin(2 * math.pi * freq * k * (1 + detune * k) * t)
        out.append(v * env_exp(i, decay, attack))
    return out


def noise(seconds: float, rng: random.Random) -> list[float]:
    return [rng.uniform(-1.0, 1.0) for _ in range(_n(seconds))]


def lowpass(x: list[float], cutoff: float) -> list[float]:
    a = 1.0 - math.exp(-2 * math.pi * cutoff / RATE)
    y, out = 0.0, []
    for v in x:
        y += a * (v - y)
        out.append(y)
    return out


def highpass(x: list[float], cutoff: float) -> list[float]:
    lp = lowpass(x, cutoff)
    return [a - b for a, b in zip(x, lp)]


def bandpass(x: list[float], lo: float, hi: float) -> list[float]:
    return lowpass(highpass(x, lo), hi)


def mix(*tracks: tuple[float, list[float]], length: float | None = None) -> list[float]:
    """Mix (offset_seconds, samples) tracks."""
    n = _n(length) if length else max(_n(o) + len(s) for o, s in tracks)
    out = [0.0] * n
    for off, s in tracks:
        o = _n(off)
        for i, v in enumerate(s):
            if o + i < n:
                out[o + i] += v
    return out


def normalise(x: list[float], peak: float = 0.8) -> list[float]:
    m = max((abs(v) for v in x), default=0.0) or 1.0
    return [v * peak / m for v in x]


def fade_out(x: list[float], seconds: float = 0.01) -> list[float]:
    n = min(len(x), _n(seconds))
    out = list(x)
    for i in range(n):
        out[len(x) - n + i] *= 1.0 - (i + 1) / n
    return out


# -- the effects ---------------------------------------------------------------------

def click(rng: random.Random, freq: float = 2400.0, decay: float = 0.012, seconds: float = 0.06,
          body: float = 0.0) -> list[float]:
    """A hard, short knock: filtered noise burst plus a resonant ping."""
    n = noise(seconds, rng)
    burst = [v * env_exp(i, decay * 0.5, 0.0005) for i, v in enumerate(bandpass(n, 800, 6000))]
    ping = tone(freq, seconds, decay, ((1, 1.0), (2.7, 0.35)), attack=0.0005)
    out = [a * 0.9 + b * 0.6 for a, b in zip(burst, ping)]
    if body:
        thud = tone(body, seconds, decay * 2, attack=0.001)
        out = [a + 0.5 * b for a, b in zip(out, thud)]
    return out


def tile_click(rng: random.Random) -> list[float]:
    a = click(rng, 2100.0, 0.010, 0.07, body=420.0)
    b = click(rng, 2500.0, 0.006, 0.04)
    return normalise(fade_out(mix((0.0, a), (0.012, [v * 0.35 for v in b]))), 0.75)


def card_slide(rng: random.Random) -> list[float]:
    secs = 0.22
    n = bandpass(noise(secs, rng), 1500, 7000)
    out = []
    for i, v in enumerate(n):
        t = i / RATE
        env = math.sin(math.pi * min(1.0, t / secs)) ** 1.5
        out.append(v * env)
    return normalise(fade_out(out), 0.55)


def card_flip(rng: random.Random) -> list[float]:
    secs = 0.11
    n = bandpass(noise(secs, rng), 1200, 5000)
    swish = [v * math.sin(math.pi * min(1.0, i / _n(0.07))) if i < _n(0.07) else 0.0
             for i, v in enumerate(n)]
    snap = click(rng, 1700.0, 0.008, 0.04)
    return normalise(fade_out(mix((0.0, [v * 0.7 for v in swish]), (0.065, snap))), 0.6)


def dice_rattle(rng: random.Random) -> list[float]:
    tracks = []
    t = 0.0
    gap = 0.035
    amp = 1.0
    while t < 0.5:
        f = rng.uniform(1700, 3200)
        tracks.append((t, [v * amp for v in click(rng, f, rng.uniform(0.006, 0.012), 0.05,
                                                   body=rng.uniform(260, 420))]))
        t += gap * rng.uniform(0.6, 1.6)
        gap *= 1.12
        amp *= 0.9
    return normalise(fade_out(mix(*tracks, length=0.62), 0.03), 0.7)


def chime(freqs: list[float], step: float, ring: float, total: float) -> list[float]:
    bell = ((1, 1.0), (2.0, 0.25), (3.01, 0.12), (4.2, 0.05))
    tracks = [(i * step, tone(f, total - i * step, ring, bell, attack=0.003)) for i, f in enumerate(freqs)]
    return mix(*tracks, length=total)


def call(rng: random.Random) -> list[float]:
    # two tones a fourth apart: "ding-dong" upwards, bright and short
    return normalise(fade_out(chime([659.25, 880.0], 0.12, 0.16, 0.45), 0.04), 0.6)


def win(rng: random.Random) -> list[float]:
    # C major arpeggio up to the octave, last note rings longer
    notes = [523.25, 659.25, 783.99, 1046.5]
    tracks = [(i * 0.09, tone(f, 1.1 - i * 0.09, 0.22 if i < 3 else 0.4,
                              ((1, 1.0), (2.0, 0.3), (3.0, 0.1)), attack=0.004))
              for i, f in enumerate(notes)]
    return normalise(fade_out(mix(*tracks, length=1.1), 0.08), 0.6)


def button(rng: random.Random) -> list[float]:
    a = tone(1320.0, 0.05, 0.010, ((1, 1.0), (2, 0.2)), attack=0.0008)
    b = click(rng, 3000.0, 0.004, 0.05)
    return normalise(fade_out([x + 0.3 * y for x, y in zip(a, b)]), 0.5)


EFFECTS = {
    "tile_click": tile_click,
    "card_slide": card_slide,
    "card_flip": card_flip,
    "dice_rattle": dice_rattle,
    "call": call,
    "win": win,
    "button": button,
}


def write_wav(path: Path, samples: list[float]) -> None:
    frames = b"".join(struct.pack("<h", max(-32767, min(32767, int(round(v * 32767))))) for v in samples)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


def build(out: Path = OUT, names: list[str] | None = None) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for i, (name, fn) in enumerate(EFFECTS.items()):
        if names and name not in names:
            continue
        rng = random.Random(1000 + i)
        path = out / f"{name}.wav"
        write_wav(path, fn(rng))
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("names", nargs="*", help="only these effects")
    args = ap.parse_args(argv)
    for p in build(args.out, args.names or None):
        print(f"{p.relative_to(ROOT) if p.is_relative_to(ROOT) else p}  {p.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
