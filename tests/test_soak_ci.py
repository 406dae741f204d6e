"""CI's share of the soak (tools/soak.py): easy bots play whole games of every built game and mode.

SOAK_GAMES sets the games per game (default 120), shared among its modes/seat counts. With five
built games this is the slowest test by far (a Kards game alone is ~0.6 s of CPU with Easy bots),
so CI keeps a smoke-sized share; `tools/soak.py --games 10000` is the real soak, run by hand.
"""

import importlib.util
import io
import os
import sys
from pathlib import Path

import pytest

spec = importlib.util.spec_from_file_location("soak", Path(__file__).resolve().parents[1] / "tools" / "soak.py")
soak = importlib.util.module_from_spec(spec)
sys.modules["soak"] = soak          # dataclasses look their module up there
spec.loader.exec_module(soak)

GAMES_PER_GAME = int(os.environ.get("SOAK_GAMES", "120"))


def test_every_built_game_and_mode_plays_its_share_of_games_without_an_error():
    runs = soak.all_runs()
    per_game = {}
    for r in runs:
        per_game.setdefault(r.game, []).append(r)
    out = io.StringIO()
    report = {}
    for game, game_runs in per_game.items():
        share = -(-GAMES_PER_GAME // len(game_runs))
        report.update(soak.soak(game_runs, share, 2026, chunk=25, jobs=2, strengths=("easy",), out=out))
    assert {g for g in per_game} >= {"minttin", "rummy"}
    for name, totals in report.items():
        assert totals["errors"] == 0, (name, totals["error_samples"])
        assert totals["finished"] == totals["games"]
    for game, game_runs in per_game.items():
        assert sum(report[r.name]["games"] for r in game_runs) >= GAMES_PER_GAME


def test_the_soak_covers_every_mode_and_seat_count_and_rotates_strengths():
    names = [r.name for r in soak.all_runs()]
    assert {"minttin:solo (1 seat)", "minttin:2p (2 seats)", "rummy (4 seats)"} <= set(names)
    assert soak.chunk_strengths(1, 4) == ["normal", "hard", "easy", "normal"]


def test_the_soak_plays_only_strengths_a_game_has_bots_for(monkeypatch):
    from game import bots
    monkeypatch.setattr(bots, "strengths", lambda game: ("easy", "normal"))
    assert soak.strengths_for("anygame", ("easy", "normal", "hard")) == ("easy", "normal")
    assert soak.strengths_for("anygame", ("hard",)) == ("easy", "normal")


def test_the_soak_tool_refuses_bad_arguments(capsys):
    for argv in (["--only", "chess"], ["--games", "0"], ["--strengths", "easy,wizard"]):
        with pytest.raises(SystemExit) as e:
            soak.main(argv)
        assert e.value.code == 2
    assert "no built game or mode matches chess" in capsys.readouterr().err
