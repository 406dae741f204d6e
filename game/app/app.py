"""The App: window, canvas, scene stack, fixed-step loop, and the services scenes share.

Scenes receive the App and use: app.store / app.settings / app.save_settings(...), app.atlas,
app.sound, app.stack, app.levels / app.level_errors, app.start_game(setup, level),
app.continue_game(), app.open(name), app.quit(), app.toast(text) (over any screen),
app.flush_saves() (wait for the store's background writes; also done on shutdown),
app.bot_pool (where bots think: game/bots/worker.py), app.time (seconds of fixed steps run: the
clock of the tables' prompt timers, running whatever scene is on top).
"""

from __future__ import annotations

import dataclasses
import os
import sys
import time
import warnings
from pathlib import Path
from typing import Any

import pygame

from game.app import fonts, services, theme
from game.app.canvas import Canvas
from game.app.input import InputMapper, Intent
from game.app.paths import ATLAS_DIR, LEVELS_DIR
from game.app.scenes.base import SceneStack
from game.app.widgets import Toasts
from game.bots.worker import BotPool

STEP = 1.0 / 60.0                 # fixed update step
MAX_FRAME = 0.25                  # a long stall (minimise, drag) never runs more than this much game time
WINDOW_BASE = (1280, 720)         # settings.window_scale is relative to this
TITLE = "Mahjong Parlour"


class App:
    def __init__(self, store: Any, size: tuple[int, int] | None = None, levels_dir: Path | str = LEVELS_DIR,
                 autoplay: bool = False, window: bool = True, atlas: Any = "load", atlas_dir: Path | str = ATLAS_DIR,
                 catch_errors: bool = False):
        self.store = store
        # every table's bots think here (a worker process, started at the first decision)
        self.bot_pool = BotPool()
        self.catch_errors = catch_errors      # the real app shows an error screen instead of crashing
        self.errors: list[str] = []
        self.autoplay = autoplay
        self.running = True
        self.minimised = False
        self.frame_count = 0
        self.notices: list[str] = self.take_store_problems()   # shown once by the menu
        self.toasts = Toasts()             # the app's own messages over any screen (saving trouble)
        self.asset_problem: str | None = None

        if not pygame.get_init():
            pygame.init()
        pygame.font.init()
        fonts.reset()

        self.fullscreen = bool(self.settings.fullscreen) and size is None
        self.window_size = size or self._window_size_from_settings()
        self.screen = self._open_window() if window else pygame.Surface(self.window_size)

        if atlas == "load":
            atlas, problem = services.load_atlas(Path(atlas_dir))
            self.asset_problem = problem
        self.atlas = atlas
        self.canvas = Canvas(self.screen, self.atlas, colourblind=self.settings.colourblind)
        self.input = InputMapper(self.canvas.to_logical)
        self.sound = services.make_sound(self.settings.volume)
        self.stack = SceneStack()
        self._accum = 0.0
        self.time = 0.0                    # seconds of game time run (fixed steps): tables' prompt timers

        self.levels_dir = Path(levels_dir)
        self.levels: list = []
        self.level_errors: list = []
        self.reload_levels()

    # ------------------------------------------------------------------ the player's files
    def take_store_problems(self) -> list[str]:
        """Files the store could not use and has not reported yet (set aside, player to be told)."""
        take = getattr(self.store, "take_problems", None)
        return list(take() if take is not None else getattr(self.store, "problems", []))

    def _show_store_alerts(self) -> None:
        """Saving trouble (told once by the store) and its recovery, as a toast over any screen."""
        take = getattr(self.store, "take_alerts", None)
        for text, good in (take() if take is not None else []):
            self.toast(text, theme.GOOD if good else theme.BAD, seconds=4.0 if good else 9.0)

    def toast(self, text: str, colour: Any = theme.TEXT, seconds: float = 3.5) -> None:
        self.toasts.show(text, seconds, colour)

    def flush_saves(self) -> None:
        """Wait for the store's background writes (leaving a table, quitting)."""
        flush = getattr(self.store, "flush", None)
        if flush is not None:
            flush()

    # ------------------------------------------------------------------ window
    def _window_size_from_settings(self) -> tuple[int, int]:
        s = float(self.settings.window_scale)
        w, h = int(WINDOW_BASE[0] * s), int(WINDOW_BASE[1] * s)
        try:
            sizes = pygame.display.get_desktop_sizes()
            if sizes:   # never open a window bigger than the screen
                dw, dh = sizes[0]
                if w > dw or h > dh:
                    f = min(dw / w, dh / h) * 0.95
                    w, h = int(w * f), int(h * f)
        except pygame.error:
            pass
        return max(320, w), max(180, h)

    def _open_window(self) -> pygame.Surface:
        pygame.display.set_caption(TITLE)
        if self.fullscreen:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                self.fullscreen = False
        return pygame.display.set_mode(self.window_size, pygame.RESIZABLE)

    def toggle_fullscreen(self) -> None:
        self.set_fullscreen(not self.fullscreen)

    def set_fullscreen(self, on: bool) -> None:
        if on == self.fullscreen:
            return
        if on and self.screen is not None:
            self.window_size = self.screen.get_size()     # come back to this size afterwards
        self.fullscreen = on
        try:
            self.screen = self._open_window()
        except pygame.error:
            self.fullscreen = False
            self.screen = pygame.display.set_mode(self.window_size, pygame.RESIZABLE)
        self.canvas.retarget(self.screen)
        if self.settings.fullscreen != self.fullscreen:
            self.save_settings(fullscreen=self.fullscreen)

    def set_window_scale(self, scale: float) -> None:
        if self.fullscreen or pygame.display.get_surface() is None:
            return
        self.window_size = self._window_size_from_settings()
        self.screen = pygame.display.set_mode(self.window_size, pygame.RESIZABLE)
        self._recentre_window()
        self.canvas.retarget(self.screen)

    @staticmethod
    def _recentre_window() -> None:
        """A window grown in place keeps its old top-left corner and can run off the screen
        (the Done button out of reach): centre it again. Best effort (some drivers can't)."""
        try:
            with warnings.catch_warnings():        # from_display_module is the way for a set_mode window
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().position = pygame.WINDOWPOS_CENTERED
        except (AttributeError, pygame.error):
            pass

    # ------------------------------------------------------------------ settings
    @property
    def settings(self) -> Any:
        return self.store.settings

    def save_settings(self, **changes: Any) -> None:
        """Change settings, save them at once, and apply what the app itself uses."""
        new = dataclasses.replace(self.store.settings, **changes)
        self.store.save_settings(new)
        if "volume" in changes:
            self.sound = services.set_volume(self.sound, new.volume)
        if "colourblind" in changes:
            self.canvas.colourblind = new.colourblind
        if "window_scale" in changes:
            self.set_window_scale(new.window_scale)
        if "fullscreen" in changes and new.fullscreen != self.fullscreen:
            self.set_fullscreen(new.fullscreen)

    # ------------------------------------------------------------------ levels and games
    def reload_levels(self) -> None:
        try:
            from game.core.levels import load_all
            self.levels, self.level_errors = load_all(self.levels_dir)
        except Exception as e:      # the loader itself failing must not stop the menu
            self.levels, self.level_errors = [], [e]

    def levels_for(self, game_id: str, kind: str) -> list:
        return [l for l in self.levels if l.game == game_id and l.kind == kind]

    def level_by_id(self, level_id: str | None) -> Any:
        for l in self.levels:
            if l.id == level_id:
                return l
        return None

    def start_game(self, setup: Any, level: Any = None) -> None:
        from game.app.starting import start_game
        start_game(self, setup, level)

    def start_new_game(self, setup: Any, level: Any = None) -> None:
        """start_game from a menu: asks first when it would replace the game in progress."""
        from game.app.starting import start_new_game
        start_new_game(self, setup, level)

    def continue_game(self) -> None:
        from game.app.starting import continue_game
        continue_game(self)

    def open(self, name: str) -> None:
        """Push a screen by its name (menu, settings, rules:<game>, setup:<game> ...)."""
        from game.app.scenes import scene_by_name
        self.stack.push(scene_by_name(self, name))

    def quit(self) -> None:
        self.running = False

    # ------------------------------------------------------------------ the frame
    def dispatch(self, intent: Intent) -> bool:
        """Give an intent to the top scene; Esc the scene did not use backs out of it."""
        if intent.kind == "fullscreen":
            self.toggle_fullscreen()
            return True
        if self.stack.handle(intent):
            return True
        if intent.kind in ("move_left", "move_right"):
            return self.dispatch(Intent(intent.kind[len("move_"):]))
        if intent.kind == "back" and len(self.stack) > 1:
            self.stack.pop()
            return True
        return False

    def process_events(self, events: list[pygame.event.Event]) -> None:
        for e in events:
            if e.type == pygame.QUIT:
                self.quit()
            elif e.type == pygame.WINDOWMINIMIZED:
                self.minimised = True
            elif e.type in (pygame.WINDOWRESTORED, pygame.WINDOWSHOWN, pygame.WINDOWEXPOSED,
                            pygame.WINDOWMAXIMIZED):
                self.minimised = False
            elif e.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                self._follow_window()
            for intent in self.input.map(e):
                self.dispatch(intent)
                self.stack.apply()

    def _follow_window(self) -> None:
        surf = pygame.display.get_surface()
        if surf is not None:
            self.screen = surf
            self.canvas.sync(surf)

    def tick(self, dt: float) -> None:
        """One frame; with catch_errors, a failing scene becomes an error screen, not a crash."""
        if not self.catch_errors:
            self._tick(dt)
            return
        try:
            self._tick(dt)
        except Exception as e:
            self._show_error(e)

    def _show_error(self, error: Exception) -> None:
        import traceback
        from game.app.scenes.error import ErrorScene
        traceback.print_exc()
        self.errors.append(f"{type(error).__name__}: {error}")
        if len(self.errors) > 3:      # the error screen itself keeps failing: give up loudly
            raise error
        self.stack.drop_pending()
        self.stack.reset(ErrorScene(self, "Something went wrong", f"{type(error).__name__}: {error}",
                                    "The game is autosaved after every move; Continue on the menu picks it up."))
        self.stack.apply()

    def _tick(self, dt: float) -> None:
        self.process_events(pygame.event.get() if pygame.display.get_init() else [])
        self._show_store_alerts()
        self._accum += min(dt, MAX_FRAME)
        while self._accum >= STEP - 1e-9 and self.running:
            self.time += STEP
            self.stack.update(STEP)
            self.toasts.update(STEP)
            self.stack.apply()
            self._accum -= STEP
        self.stack.apply()
        self.draw()
        self.frame_count += 1

    def draw(self) -> None:
        if pygame.display.get_surface() is not None:
            self._follow_window()
        if self.minimised or not self.canvas.drawable:
            return
        self.stack.draw(self.canvas)
        self.toasts.draw(self.canvas, bottom=230)
        if pygame.display.get_surface() is not None:
            pygame.display.flip()
        if self.frame_count == 0 and os.environ.get("MP_BENCH_FIRST_FRAME") == "1":
            # tools/bench.py measures start-up to this line (MP_BENCH_T0 = its spawn time).
            t0 = float(os.environ.get("MP_BENCH_T0", "0") or 0)
            print(f"first-frame {time.time() - t0:.6f}", flush=True)

    def run(self, frames: int | None = None, screenshot: str | None = None) -> int:
        """The main loop; with `frames`, exactly that many fixed steps (tests, screenshots)."""
        self.stack.apply()
        clock = pygame.time.Clock()
        n = 0
        while self.running and self.stack.top is not None:
            if frames is not None:
                self.tick(STEP)
                n += 1
                if n >= frames:
                    break
            else:
                self.tick(clock.tick(60) / 1000.0)
        saved = self._save_screenshot(screenshot) if screenshot else True
        self.shutdown()
        return 1 if self.errors else 0 if saved else 2

    def _save_screenshot(self, screenshot: str) -> bool:
        """--screenshot: the last frame as an image; a path that can't be written is said on
        stderr (False), not a traceback."""
        if self.minimised or not self.canvas.drawable:
            self.stack.draw(self.canvas)
        out = Path(screenshot)
        try:
            if out.parent and not out.parent.exists():
                out.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(self.screen, os.fspath(out))
        except (OSError, pygame.error) as e:
            print(f"error: can't save the screenshot as {screenshot}: {e}", file=sys.stderr)
            return False
        return True

    def shutdown(self) -> None:
        for scene in list(self.stack.scenes):
            try:
                scene.exit()
            except Exception:
                pass
        self.stack.scenes.clear()
        self.bot_pool.shutdown()
        self.flush_saves()


def render_stack(stack: SceneStack, canvas: Canvas) -> None:
    """Draw a stack onto a canvas (tests render scenes without a window this way)."""
    stack.apply()
    stack.draw(canvas)

