"""`python -m game`: open Mahjong Parlour (the app's command line)."""

from __future__ import annotations

import argparse
import sys
import textwrap
from pathlib import Path

from game.app.scenes import SCREENS

_SCREENS_HELP = textwrap.fill(f"screens for --scene: {SCREENS}", width=92, subsequent_indent="  ",
                              break_on_hyphens=False)

EPILOG = f"""\
other commands:
  python -m game score <game> [--json] [FILE]       a game's scoring calculator (score --help lists the games)
  python -m game check-turn <game> [--json] [FILE]  a game's turn checker (rummy)
  python -m game.sim --game <game> ...              bots play many games headless; prints a JSON summary

{_SCREENS_HELP}
games: minttin, rummy, kards, cuzzins, martian

exit status: 0; 1 when a screen failed; 2 when a level, game, screen, folder or screenshot path
given can't be used (said on stderr; the window shows why too)

examples:
  python -m game --level levels/minttin/quick-solo.toml   (or just minttin/quick-solo.toml)
  python -m game --scene rules:martian --frames 30 --screenshot out/rules.png --size 1280x720
"""


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = text.lower().split("x")
        size = (int(w), int(h))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x720, not {text!r}") from None
    if size[0] < 160 or size[1] < 90 or size[0] > 8192 or size[1] > 8192:
        raise argparse.ArgumentTypeError(f"size {text} is out of range (160x90 .. 8192x8192)")
    return size


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m game", description="Mahjong Parlour: five Mahjong-family games.",
                                epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--level", metavar="FILE", help="start the table set up by this level file")
    p.add_argument("--game", metavar="ID", help="start this game with its default setup")
    p.add_argument("--autoplay", action="store_true", help="every seat is played by the computer")
    p.add_argument("--frames", type=int, metavar="N", help="run N fixed-step frames, then exit")
    p.add_argument("--screenshot", metavar="OUT.png", help="save the last frame as a PNG")
    p.add_argument("--size", type=parse_size, metavar="WxH", help="window size in pixels, e.g. 1280x720")
    p.add_argument("--data-dir", metavar="DIR", help="keep settings, saves and statistics in DIR")
    p.add_argument("--levels-dir", metavar="DIR", help="read level files from DIR instead of levels/")
    p.add_argument("--atlas-dir", metavar="DIR", help=argparse.SUPPRESS)   # developers: a freshly built atlas
    p.add_argument("--scene", metavar="NAME", help="open this screen directly (see the list below)")
    return p


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    except SystemExit as e:          # --help or a usage error: report the code instead of exiting
        return int(e.code or 0)
    if args.frames is not None and args.frames < 1:
        print("error: --frames must be at least 1", file=sys.stderr)
        return 2
    for flag, folder, may_be_new in (("--data-dir", args.data_dir, True), ("--levels-dir", args.levels_dir, False)):
        problem = _not_a_folder(folder, may_be_new) if folder else None
        if problem:
            print(f"error: {flag} {folder}: {problem}", file=sys.stderr)
            return 2

    import pygame

    from game.app.app import App
    from game.app.paths import ATLAS_DIR, LEVELS_DIR
    from game.app.scenes.menu import MenuScene
    from game.store import Store

    store = Store(Path(args.data_dir) if args.data_dir else None)
    pygame.init()
    try:
        app = App(store, size=args.size, levels_dir=args.levels_dir or LEVELS_DIR, autoplay=args.autoplay,
                  atlas_dir=args.atlas_dir or ATLAS_DIR, catch_errors=True)
    except pygame.error as e:
        print(f"error: can't open a window: {e}", file=sys.stderr)
        return 1
    app.stack.push(MenuScene(app))
    problem = None           # what could not be opened as asked: said on stderr, and the exit status is 2
    if args.scene:
        app.stack.apply()
        problem = _open_scene(app, args.scene)
    if args.level:
        problem = _start_level(app, args.level) or problem
    elif args.game:
        problem = _start_default(app, args.game) or problem
    if problem:
        print(f"error: {problem}", file=sys.stderr)
    try:
        code = app.run(frames=args.frames, screenshot=args.screenshot)
    finally:
        app.flush_saves()          # even if the loop itself failed: nothing asked for is lost
        pygame.quit()
    return 2 if problem and code == 0 else code


def _not_a_folder(folder: str, may_be_new: bool) -> str | None:
    """Why this folder can't be used (None when it can); a data folder is made when first saved to."""
    path = Path(folder)
    if path.is_dir():
        return None
    if path.exists():
        return "is a file, not a folder"
    return None if may_be_new else "no such folder"


def _open_scene(app, name: str) -> str | None:
    """--scene: that screen (an unknown one shows an error screen); what went wrong, or None."""
    from game.app.scenes import scene_by_name
    from game.app.scenes.error import ErrorScene

    scene = scene_by_name(app, name)
    app.stack.push(scene)
    return f"--scene {name}: {scene.message}" if isinstance(scene, ErrorScene) else None


def _start_level(app, path: str) -> str | None:
    """--level: that level's table, or an error screen saying why not (and the same words returned)."""
    from game.app.scenes.error import ErrorScene
    from game.core.levels import LevelError, load_level

    from pathlib import Path
    if not Path(path).exists() and (Path(app.levels_dir) / path).exists():
        path = str(Path(app.levels_dir) / path)        # "kards/learn.toml" names a level of the game
    try:
        level = load_level(path)
    except LevelError as e:
        app.stack.push(ErrorScene(app, "This level can't be used", str(e)))
        return f"this level can't be used: {e}"
    app.stack.apply()
    app.start_game(level.fresh_setup(), level)
    return _could_not_start(app)


def _start_default(app, game_id: str) -> str | None:
    from game.app.scenes.error import ErrorScene
    from game.app.scenes.game_setup import default_setup

    try:
        setup = default_setup(game_id)
    except KeyError as e:
        app.stack.push(ErrorScene(app, "Can't start that game", str(e.args[0])))
        return f"--game {game_id}: {e.args[0]}"
    app.stack.apply()
    app.start_game(setup)
    return _could_not_start(app)


def _could_not_start(app) -> str | None:
    """The game was set up but can't deal (start_game showed an error screen instead): its words."""
    from game.app.scenes.error import ErrorScene

    app.stack.apply()
    top = app.stack.top
    return f"{top.heading.lower()}: {top.message}" if isinstance(top, ErrorScene) else None


if __name__ == "__main__":
    raise SystemExit(main())
