"""`python -m game`: the app, plus the command-line tools of the built games.

    python -m game [app options]            open the game (see --help)
    python -m game score <game> [FILE]      a game's scoring calculator (JSON in, JSON out)
    python -m game check-turn <game> [FILE] a game's turn checker (Mahjong Rummy)
"""

from __future__ import annotations

import importlib
import sys

TOOLS = {"score": "calculator", "check-turn": "checkturn"}


def run_tool(command: str, argv: list[str]) -> int:
    from game.rules import GAMES, info

    if not argv or argv[0] in ("-h", "--help"):
        print(f"usage: python -m game {command} <game> [FILE]   (reads stdin without FILE)\n"
              f"games: {', '.join(g.id for g in GAMES)}")
        return 0 if argv else 2
    game_id, rest = argv[0], argv[1:]
    try:
        module_name = f"{info(game_id).module}.{TOOLS[command]}"
    except KeyError as e:
        print(f"error: {e.args[0]}", file=sys.stderr)
        return 2
    try:
        tool = importlib.import_module(module_name)
    except ModuleNotFoundError:
        print(f"error: {info(game_id).title} has no '{command}' tool yet", file=sys.stderr)
        return 2
    return tool.main(rest, sys.stdin, sys.stdout)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in TOOLS:
        return run_tool(argv[0], argv[1:])
    from game.app.main import main as app_main
    return app_main(argv)
