"""`python -m game`: the app, plus the command-line tools of the built games.

    python -m game [app options]            open the game (see --help)
    python -m game score <game> [--json] [FILE]       a game's scoring calculator
    python -m game check-turn <game> [--json] [FILE]  a game's turn checker (Mahjong Rummy)
The tools share one convention (game/core/tool.py): JSON in, a report out (JSON with --json),
exit 0 valid, 1 not valid, 2 bad input with the message on standard error.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys

TOOLS = {"score": "calculator", "check-turn": "checkturn"}


def games_with(command: str) -> list[str]:
    """The games that have this tool (a module of that name beside their rules)."""
    from game.rules import GAMES
    return [g.id for g in GAMES if _has_module(f"{g.module}.{TOOLS[command]}")]


def _has_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:         # the game's own package does not exist yet
        return False


def run_tool(command: str, argv: list[str]) -> int:
    from game.rules import info

    games = games_with(command)
    usage = (f"usage: python -m game {command} <game> [--json] [FILE]   (reads standard input without FILE)\n"
             f"games with this tool: {', '.join(games)}")
    if not argv or argv[0] in ("-h", "--help"):
        print(usage, file=sys.stdout if argv else sys.stderr)
        return 0 if argv else 2
    game_id, rest = argv[0], argv[1:]
    try:
        title = info(game_id).title
    except KeyError as e:
        print(f"error: {e.args[0]}\n{usage}", file=sys.stderr)
        return 2
    if game_id not in games:
        print(f"error: {title} has no '{command}' tool yet\n{usage}", file=sys.stderr)
        return 2
    tool = importlib.import_module(f"{info(game_id).module}.{TOOLS[command]}")
    return tool.main(rest, sys.stdin, sys.stdout, sys.stderr)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in TOOLS:
        return run_tool(argv[0], argv[1:])
    from game.app.main import main as app_main
    return app_main(argv)
