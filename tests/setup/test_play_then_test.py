"""./play then ./test in a fresh copy of the repository: the test extra must get installed even
though ./play made .venv first (the stamp for ./test used to be the same as ./play's).

Slow (a fresh .venv installs from PyPI, about half a minute, pip's cache helps): marked `slow`,
which ./test runs like any other test; `./test -m "not slow"` leaves it out.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _fresh_copy(dest: Path) -> None:
    """The tracked files as they are in the working tree: what a clone of this work would hold."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for name in filter(None, listed.decode().split("\0")):
        src = ROOT / name
        if src.is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / name)


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(), reason="needs a git checkout")
def test_play_then_test_in_a_fresh_clone(tmp_path):
    clone = tmp_path / "clone"
    _fresh_copy(clone)
    assert not (clone / ".venv").exists()
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTEST_ADDOPTS")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONDONTWRITEBYTECODE="1")

    play = subprocess.run(["./play", "--frames", "1", "--data-dir", str(tmp_path / "data")], cwd=clone, env=env,
                          capture_output=True, text=True, timeout=900)
    assert play.returncode == 0, play.stderr[-3000:]
    assert "Installing the dependencies" in play.stderr        # it says what it is doing while it installs
    assert "Collecting" in play.stderr or "Installing collected packages" in play.stderr

    # a tiny selection: the point is that pytest is there after ./play ran first
    test = subprocess.run(["./test", "tests/core/test_protocol.py", "-q", "-p", "no:cacheprovider"], cwd=clone,
                          env=env, capture_output=True, text=True, timeout=900)
    assert test.returncode == 0, (test.stdout[-3000:], test.stderr[-3000:])
    assert "No module named pytest" not in test.stderr
    assert "[100%]" in test.stdout                              # the tests ran (and passed)

    # the test extra includes the run-time dependencies: ./play does not install again
    again = subprocess.run(["./play", "--frames", "1", "--data-dir", str(tmp_path / "data")], cwd=clone, env=env,
                           capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr[-3000:]
    assert "Installing" not in again.stderr
