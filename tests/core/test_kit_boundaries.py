"""The benchmark-only `mahjong` package never reaches the game."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_game_never_imports_the_benchmark_reference():
    pattern = re.compile(r"^\s*(import|from)\s+mahjong\b", re.M)
    offenders = [str(p.relative_to(ROOT)) for p in (ROOT / "game").rglob("*.py") if pattern.search(p.read_text())]
    assert offenders == []
