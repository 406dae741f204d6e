import io
import subprocess
import sys

from game import cli


def test_score_tool_needs_a_game(capsys):
    assert cli.main(["score"]) == 2
    assert "usage" in capsys.readouterr().out


def test_unknown_game_is_a_clear_error(capsys):
    assert cli.main(["score", "chess"]) == 2
    assert "no game called 'chess'" in capsys.readouterr().err


def test_game_without_a_tool_says_so(capsys):
    assert cli.main(["check-turn", "martian"]) == 2
    assert "has no 'check-turn' tool" in capsys.readouterr().err


def test_sim_refuses_an_unbuilt_game():
    out = subprocess.run([sys.executable, "-m", "game.sim", "--game", "martian", "--games", "1"],
                         capture_output=True, text=True)
    assert out.returncode == 2 and "no playable game" in out.stdout
