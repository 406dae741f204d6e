import importlib
import io
import subprocess
import sys

import pytest

from game import cli
from game.rules import info


def test_score_tool_needs_a_game(capsys):
    assert cli.main(["score"]) == 2
    err = capsys.readouterr().err
    assert "usage" in err and "games with this tool: " + ", ".join(cli.games_with("score")) in err
    assert {"minttin", "rummy", "cuzzins", "martian"} <= set(cli.games_with("score"))


def test_tool_help_lists_only_the_games_that_have_the_tool(capsys):
    assert cli.main(["score", "--help"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "games with this tool: " + ", ".join(cli.games_with("score"))
    assert cli.main(["check-turn", "--help"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "games with this tool: rummy"


def test_every_tool_follows_the_one_convention():
    """Same flags, exit codes and error channel for every game's tool, through the real command line."""
    cases = [
        (["score", "minttin"], '{"hand": "s1 s1 s1 s2 s2 s2 s3 s3 s3 s3 sd sd sd sd"}', 0),
        (["score", "rummy"], '{"in_play": [["dr", "c2", "c3"]], "in_hand": []}', 0),
        (["check-turn", "rummy"], '{"seat": 0, "hand": ["C1"], "opened": true, "before": [], "after": [["C1"]]}', 1),
    ]
    for args, given, status in cases:
        for flag in ([], ["--json"]):
            out = subprocess.run([sys.executable, "-m", "game", *args, *flag], input=given,
                                 capture_output=True, text=True)
            assert out.returncode == status and out.stderr == "", (args, out.stderr)
            assert out.stdout.startswith("{") == bool(flag), (args, flag)
        bad = subprocess.run([sys.executable, "-m", "game", *args], input='{"nonsense": 1}',
                             capture_output=True, text=True)
        assert bad.returncode == 2 and bad.stdout == ""
        assert bad.stderr.startswith("error: unknown key(s) nonsense; the keys are "), bad.stderr


def test_unknown_game_is_a_clear_error(capsys):
    assert cli.main(["score", "chess"]) == 2
    assert "no game called 'chess'" in capsys.readouterr().err


def test_game_without_a_tool_says_so(capsys):
    assert cli.main(["check-turn", "martian"]) == 2
    assert "has no 'check-turn' tool" in capsys.readouterr().err


def test_sim_refuses_an_unbuilt_game():
    from game.rules import catalogue, is_built
    unbuilt = [g.id for g in catalogue() if not is_built(g.id)]
    if not unbuilt:
        pytest.skip("every game in the catalogue is built")
    out = subprocess.run([sys.executable, "-m", "game.sim", "--game", unbuilt[0], "--games", "1"],
                         capture_output=True, text=True)
    assert out.returncode == 2 and "no playable game" in out.stderr and out.stdout == ""


def test_sim_usage_errors_exit_2_with_a_message_not_a_traceback():
    for args, words in ((["--game", "minttin", "--option", "target=99"], "target must be one of"),
                        (["--game", "minttin", "--option", "colour=1"], "unknown rule option"),
                        (["--game", "minttin", "--option", "target"], "KEY=VALUE"),
                        (["--game", "minttin", "--mode", "solo", "--seats", "easy,easy"], "solo mode needs 1 seat"),
                        (["--game", "rummy", "--seats", "easy,easy"], "exactly 4 seats"),
                        (["--game", "rummy", "--seats", "easy,easy,easy,wizard"], "unknown strength"),
                        (["--game", "rummy", "--games", "0"], "--games must be 1 or more")):
        out = subprocess.run([sys.executable, "-m", "game.sim", "--games", "1", *args], capture_output=True, text=True)
        assert out.returncode == 2, (args, out.stderr)
        assert words in out.stderr and "Traceback" not in out.stderr and out.stdout == "", (args, out.stderr)


def test_key_list_reads_well_with_and_without_required_keys():
    from game.core.tool import Keys
    assert Keys(("hand",), ("called",)).describe() == "the keys are hand (required) and called (optional)"
    assert Keys(("hand",)).describe() == "the keys are hand (required)"
    # Cuzzins takes a hand or sets, so none is required: no empty "(required)" slot
    assert Keys((), ("hand", "sets")).describe() == "the keys are hand, sets (all optional)"
    out = subprocess.run([sys.executable, "-m", "game", "score", "cuzzins"], input='{"hnad": "B1"}',
                         capture_output=True, text=True)
    assert out.returncode == 2 and out.stderr.startswith("error: unknown key(s) hnad; the keys are hand, sets,")


def test_input_nested_too_deeply_is_bad_input_not_a_traceback():
    """json gives up with RecursionError on lists nested thousands deep; every tool says so and exits 2."""
    deep = '{"a": ' + "[" * 100_000 + "]" * 100_000 + "}"
    for command in cli.TOOLS:
        for game in cli.games_with(command):
            out, err = io.StringIO(), io.StringIO()
            tool = importlib.import_module(f"{info(game).module}.{cli.TOOLS[command]}")
            assert tool.main([], io.StringIO(deep), out, err) == 2, (command, game)
            assert out.getvalue() == "" and err.getvalue() == "error: the input is nested too deeply to be a request\n"


@pytest.mark.parametrize("game", ["minttin", "rummy", "kards", "cuzzins", "martian"])
def test_a_tools_help_speaks_to_players_not_in_ruling_ids(game, capsys):
    # seen: `score kards --help` described flags as "(KRD-15 … KRD-18, KRD-22)" and "the KRD-8
    # setting": numbers from our rules notes, which a player has never seen
    import re
    assert cli.main(["score", game, "--help"]) == 0
    assert not re.search(r"\b(KRD|CUZ|MMJ|MTM|RUM)-\d", capsys.readouterr().out)


def test_empty_or_endless_input_is_bad_input_said_plainly(tmp_path, monkeypatch):
    """Nothing piped in said 'not valid JSON: Expecting value at line 1, column 1'; /dev/zero (or any
    huge file) was read whole into memory until a MemoryError traceback."""
    import game.core.tool as tool_io
    monkeypatch.setattr(tool_io, "MAX_INPUT_CHARS", 1000)
    empty, big = tmp_path / "empty.json", tmp_path / "big.json"
    empty.write_text(" \n")
    big.write_text('{"hand": "' + "S1 " * 400 + '"}')
    for command in cli.TOOLS:
        for game in cli.games_with(command):
            tool = importlib.import_module(f"{info(game).module}.{cli.TOOLS[command]}")
            for args, stdin, said in (([], "", "error: standard input is empty: give one JSON object"),
                                      ([str(empty)], "", f"error: {empty} is empty"),
                                      ([str(big)], "", f"error: {big} is far too large to be a request"),
                                      ([], "[" + " " * 2000 + "]", "error: standard input is far too large")):
                out, err = io.StringIO(), io.StringIO()
                assert tool.main(args, io.StringIO(stdin), out, err) == 2, (command, game, args)
                assert err.getvalue().startswith(said) and out.getvalue() == "", err.getvalue()
