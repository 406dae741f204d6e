"""The screens. `scene_by_name` opens one by name (menu buttons and `--scene` use it)."""

from __future__ import annotations

import importlib

# Every name scene_by_name opens (also listed by `python -m game --help`).
SCREENS = ("menu, settings, stats, challenges, rules[:<game>], setup:<game>, handoff[:<name>], results, "
           "replays, table:<game>, calculator[:<game>]")
_NO_ARGUMENT = ("menu", "settings", "stats", "replays", "challenges", "results")


def scene_by_name(app, name: str):
    """One of SCREENS. An unknown or unbuilt screen gets an error screen."""
    from game.app.scenes.error import ErrorScene

    kind, _, arg = name.partition(":")
    if arg and kind in _NO_ARGUMENT:
        return ErrorScene(app, "Unknown screen", f"The {kind} screen takes nothing after it: say {kind!r}, "
                          f"not {name!r}. The screens are: {SCREENS}.")
    try:
        if kind == "menu":
            from game.app.scenes.menu import MenuScene
            return MenuScene(app)
        if kind == "settings":
            from game.app.scenes.settings import SettingsScene
            return SettingsScene(app)
        if kind == "stats":
            from game.app.scenes.stats import StatsScene
            return StatsScene(app)
        if kind == "replays":
            from game.app.scenes.replay import ReplaysScene
            return ReplaysScene(app)
        if kind == "challenges":
            from game.app.scenes.challenges import ChallengesScene
            return ChallengesScene(app)
        if kind == "rules":
            from game.app.scenes.rules_reader import RulesScene
            from game.rules import info
            if arg:
                info(arg)        # an unknown game is said, not quietly swapped for the first tab
            return RulesScene(app, arg or None)
        if kind == "setup":
            from game.app.scenes.game_setup import SetupScene
            return SetupScene(app, arg)
        if kind == "handoff":
            from game.app.scenes.handoff import HandoffScene
            return HandoffScene(app, arg or "South", None)
        if kind == "results":
            from game.app.scenes.results import ResultsScene, sample_result
            return ResultsScene(app, sample_result(), ["You", "West bot", "North bot", "East bot"])
        if kind == "table":
            from game.app.starting import table_scene_for_setup
            return table_scene_for_setup(app, arg)
        if kind == "calculator":
            # A scoring calculator screen, if one has been built (module exposes SCENE).
            mod = importlib.import_module("game.app.scenes.calculator")
            return mod.SCENE(app, arg or None)
    except ModuleNotFoundError as e:
        return ErrorScene(app, "Not built yet", f"The {kind} screen is not part of this version yet ({e.name}).")
    except KeyError as e:
        return ErrorScene(app, "Unknown game", str(e.args[0]))
    return ErrorScene(app, "Unknown screen", f"There is no screen called {name!r}. The screens are: {SCREENS}.")
