import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import logging
import subprocess
import sys
import wave
from pathlib import Path

import pytest

from game.app.sound import SOUND_NAMES, SOUNDS_DIR, Sound

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_every_sound_file_exists_and_is_a_valid_small_wav(name):
    path = SOUNDS_DIR / f"{name}.wav"
    assert path.is_file(), f"{path} missing (run tools/build_sounds.py)"
    assert path.stat().st_size < 100 * 1024
    with wave.open(str(path), "rb") as w:
        assert w.getnchannels() == 1
        assert w.getsampwidth() == 2
        assert 8000 <= w.getframerate() <= 48000
        n = w.getnframes()
        assert 0.02 < n / w.getframerate() < 2.0
        data = w.readframes(n)
    assert len(data) == 2 * n
    assert any(data), "silent file"


def test_build_tool_knows_every_sound(tmp_path):
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import build_sounds
    finally:
        sys.path.remove(str(ROOT / "tools"))
    assert set(build_sounds.EFFECTS) == set(SOUND_NAMES)
    written = build_sounds.build(tmp_path, ["button"])
    assert [p.name for p in written] == ["button.wav"]
    assert written[0].read_bytes() == (SOUNDS_DIR / "button.wav").read_bytes()  # reproducible


def test_sound_on_dummy_driver_does_not_raise():
    s = Sound(0.5)
    for name in SOUND_NAMES:
        s.play(name)
    s.set_volume(0.0)
    s.play("tile_click")
    s.set_volume(7)
    assert s.volume == 1.0
    s.close()
    s.play("tile_click")


def test_missing_file_is_silent_with_one_warning(tmp_path, caplog):
    s = Sound(0.5, sounds_dir=tmp_path)
    with caplog.at_level(logging.WARNING, logger="game.app.sound"):
        s.play("tile_click")
        s.play("tile_click")
    if s.available:  # the warning only comes once the mixer is up
        msgs = [r for r in caplog.records if "tile_click" in r.getMessage()]
        assert len(msgs) == 1
    s.close()


def test_no_audio_device_runs_silent():
    code = (
        "import os\n"
        "os.environ['SDL_AUDIODRIVER'] = 'no-such-driver'\n"
        "from game.app.sound import Sound\n"
        "s = Sound(1.0)\n"
        "s.play('win'); s.play('button'); s.set_volume(0.3)\n"
        "assert not s.available\n"
        "print('ok')\n"
    )
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert r.returncode == 0, r.stderr
    assert "ok" in r.stdout


def test_disabled_sound_never_starts_the_mixer():
    s = Sound(1.0, enabled=False)
    s.play("win")
    assert not s.available
