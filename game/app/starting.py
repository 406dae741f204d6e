"""Starting and continuing games: from a setup (or level) to the right table scene.

A game without rules or without a table screen yet gets an honest "coming" screen instead.
"""

from __future__ import annotations

import dataclasses
import secrets
from typing import Any

from game.core.protocol import SeatConfig, Setup


def all_bots(setup: Setup) -> Setup:
    """--autoplay: every seat becomes a bot (keeping names and strengths)."""
    seats = tuple(SeatConfig("bot", s.strength if s.kind == "bot" else "normal", s.name) for s in setup.seats)
    return dataclasses.replace(setup, seats=seats)


def make_table_scene(app, setup: Setup, level: Any = None, match: Any = None):
    """The scene to show for this setup: a table, or a 'coming' screen saying why not."""
    from game.app.scenes.table_coming import TableComingScene
    from game.app.tables import table_scene_for
    from game.rules import info, rules_for

    if rules_for(setup.game) is None:
        return TableComingScene(app, setup.game, built=False)
    cls = table_scene_for(setup.game)
    if cls is None:
        return TableComingScene(app, setup.game, built=True)
    if match is None:
        from game.core.match import Match
        # "started" tells two otherwise identical games apart (a fixed-seed level played the same
        # way twice), so each finished game is counted and kept once (store.game_key).
        meta = {"title": info(setup.game).title, "started": secrets.token_hex(6)}
        if level is not None:
            meta.update(level=level.id, level_title=level.title)
        match = Match(setup, meta=meta)
    return cls(app, match, level)


def start_game(app, setup: Setup, level: Any = None) -> None:
    from game.app.scenes.error import ErrorScene
    from game.app.scenes.menu import MenuScene

    if app.autoplay:
        setup = all_bots(setup)
    try:
        scene = make_table_scene(app, setup, level)
    except Exception as e:      # a game that can't deal this setup: say so, keep the app alive
        scene = ErrorScene(app, "This game could not start", str(e))
    app.stack.reset(MenuScene(app, notices=False))
    app.stack.push(scene)


def saved_game_title(store) -> str:
    """Which game the autosave holds ('Mint Tin Mahjong'), '' when it can't be read."""
    try:
        from game.rules import info
        data = store.load_autosave() or {}
        return info(str(data["setup"]["game"])).title
    except (KeyError, TypeError, ValueError):
        return ""


def start_new_game(app, setup: Setup, level: Any = None) -> None:
    """A new game chosen from a menu. There is one autosave, so a game in progress is replaced
    only once the player has said so (Enter keeps it)."""
    from game.app.scenes.dialog import confirm

    if app.autoplay or not app.store.has_autosave():
        start_game(app, setup, level)
        return
    title = saved_game_title(app.store)
    game = f"your {title} game" if title else "your game"
    confirm(app, "Start a new game?",
            f"Only one game is kept for Continue: starting this one replaces {game} in progress, "
            f"and it can't be brought back.", "Replace it", lambda: start_game(app, setup, level),
            "Keep it", safe_default=True)


def continue_game(app) -> None:
    """Open the autosaved game at its table; a damaged save is reported, never fatal."""
    from game.app.scenes.dialog import notice
    from game.core.match import Match

    data = app.store.load_autosave()
    if data is None:
        problems = getattr(app.store, "problems", [])
        notice(app, "Nothing to continue", problems[-1] if problems else "There is no saved game.")
        return
    try:
        match = Match.from_json(data)
        level = app.level_by_id(match.meta.get("level"))
        scene = make_table_scene(app, match.setup, level, match)
    except Exception as e:
        aside = getattr(app.store, "set_aside_autosave", None)
        kept = f" {aside()}." if aside is not None else ""
        notice(app, "The saved game can't be opened", f"{str(e).rstrip('.').capitalize()}.{kept}")
        return
    from game.app.scenes.menu import MenuScene
    app.stack.reset(MenuScene(app, notices=False))
    app.stack.push(scene)


def table_scene_for_setup(app, game_id: str):
    """`--scene table:<game>`: that game with its default setup (one human, bots elsewhere)."""
    from game.app.scenes.game_setup import default_setup
    setup = default_setup(game_id)
    if app.autoplay:
        setup = all_bots(setup)
    return make_table_scene(app, setup)
