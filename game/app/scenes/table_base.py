"""TableScene: what every game's table screen shares.

It owns the Match and does the bookkeeping so a game's table only draws and reads input:
  * the viewer seat: with one human, always that seat; with 2+ humans (hot seat), the human
    who must act, behind a handoff curtain whenever that is a different human; with no
    human (autoplay), SPECTATOR_SEAT;
  * bots think in the app's worker process (app.bot_pool, game/bots/worker.py), polled in
    update(), so a frame never waits for a bot; a bot answer computed for a position that has
    since changed is thrown away and asked again;
  * every action: autosave, the events as the viewer may see them go to `present`, round
    ends open the results, the final result records statistics and challenge goals;
  * an IllegalAction's reason is shown as a toast.
Subclasses override draw_table(canvas, view) and handle_table(intent), and usually present().
"""

from __future__ import annotations

import concurrent.futures as cf
from fractions import Fraction
from typing import Any, Sequence

from game.app import theme
from game.app.scenes.base import Scene
from game.app.scenes.goal_panel import challenge_title, draw_goal_panel
from game.app.services import make_tweener
from game.app.widgets import Toasts
from game.core.protocol import Event, IllegalAction, events_for
from game.core.rng import GameRng
from game.store import game_key

BOT_DELAY = 0.5          # seconds between bot moves at normal speed, so people can follow the play


def _number(v: Any) -> float | None:
    try:
        return float(Fraction(v)) if isinstance(v, (str, Fraction)) else float(v)
    except (TypeError, ValueError, ZeroDivisionError):
        return None


class TableScene(Scene):
    opaque = True
    SPECTATOR_SEAT: int | None = 0   # whose pieces an all-bot table shows (nobody's secret to keep)
    SHOW_THINKING = True             # a quiet "East is thinking…" line at the bottom when a bot is slow
    # A replay drives the table itself (scenes/replay.py): no bots, no saves, no curtains, no results.
    replay_mode = False
    # True: a round's results wait until the table has shown the move that ended it.
    RESULTS_AFTER_PRESENTATION = False
    # Where a challenge's goal panel sits (logical px); a table moves it to space its layout leaves free.
    GOAL_RECT: tuple[float, float, float, float] = (530, 26, 460, 64)
    TOAST_BOTTOM = 760               # where messages stack up from (a table may keep them off its hand)
    LESSON_PANEL: tuple[float, float, float] = (40, 120, 360)   # a lesson's panel: left, top, width

    def __init__(self, app: Any, match: Any, level: Any = None):
        super().__init__(app)
        self.match = match
        self.rules = match.rules
        self.setup = match.setup
        self.level = level
        n = len(self.setup.seats)
        default_names = list(self.rules.seat_names(n))
        self.seat_names = [s.name or default_names[i] for i, s in enumerate(self.setup.seats)]
        self.human_seats = [i for i, s in enumerate(self.setup.seats) if s.kind == "human"]
        self.tweens = make_tweener()
        self.toasts = Toasts()
        self.viewer: int | None = self._initial_viewer()
        self.view = self.match.view(self.viewer)
        self.finished = False
        self.goal_state: bool | None = None          # True met, False failed, None undecided
        # (seat, log length, future of a worker.Decision); tests may wait on the future
        self._bot_job: tuple[int, int, cf.Future] | None = None
        self._hint_job: tuple[int, cf.Future] | None = None         # (log length, future of a Decision)
        self._bots: dict[int, Any] = {}
        self._bot_rngs: dict[int, GameRng] = {}
        self._wait = 0.0
        self._thinking = 0.0
        self._handoff_pending = False
        self._stalled = False
        self._pending_results: list[Any] = []     # result scenes waiting for the presentation to end
        self.lesson = None                        # a guided first hand (game/app/lesson.py)
        if level is not None and getattr(level, "lesson", None) is not None and self.human_seats:
            from game.app.lesson import LessonGuide
            self.lesson = LessonGuide(self, level.lesson)

    # ================================================================== for subclasses
    def draw_table(self, canvas: Any, view: Any) -> None:
        """Draw the table for `view` (the viewer's View). Override; the default is a bare placeholder."""
        canvas.text(self.match.meta.get("title", self.setup.game), (800, 40), theme.HEADING, theme.TEXT, True,
                    "midtop")
        for i, name in enumerate(self.seat_names):
            marker = "  ← to act" if i in self.to_act else ""
            canvas.text(f"{name}{marker}", (100, 140 + i * 40), theme.BODY, theme.TEXT)

    def handle_table(self, intent: Any) -> bool:
        """Game-specific input; return True when used. Override."""
        return False

    def lesson_piece_rects(self, codes: tuple[str, ...]) -> list[tuple[float, float, float, float]]:
        """Lesson hook: logical rects of the viewer's visible pieces to highlight, each code as many
        times as listed (game.app.lesson.pick_by_code). Override; the default highlights nothing."""
        return []

    def present(self, events: list[Event]) -> None:
        """Events just applied, already redacted for the viewer: start animations, sounds. Override."""

    def presenting(self) -> bool:
        """True while the table wants bots to wait; by default while any tween runs, so a bot's
        move never starts before the last one has been seen. Override for looping animations."""
        return bool(getattr(self.tweens, "busy", False))

    def skip_presentation(self) -> None:
        """The player asked to skip animations (the tweener is already skipped)."""

    def on_viewer_changed(self, old: int | None, new: int | None) -> None:
        """The seat whose pieces are shown changed (after a handoff). Reset per-viewer UI here."""

    def choose_viewer(self, humans_to_act: Sequence[int]) -> int | None:
        """Which of several humans who must act next sees the table; None = public view only."""
        order = list(self.human_seats)
        if self.viewer in order:      # the next human after the current one, in seat order
            i = order.index(self.viewer)
            order = order[i + 1:] + order[:i + 1]
        for s in order:
            if s in humans_to_act:
                return s
        return humans_to_act[0]

    def result_names(self) -> list[str]:
        """Names for the result columns; a game may score a party that holds no seat (Mint Tin's tin)."""
        return list(self.seat_names)

    def describe(self, action: Any) -> str:
        """A player's words for an action (hints, toasts): the game's describe_action if it has one."""
        fn = getattr(self.rules, "describe_action", None)
        if fn is not None:
            try:
                return str(fn(action))
            except Exception:
                pass
        return self.rules.encode_action(action)

    def show_hint(self, action: Any) -> None:
        """Show the suggested action; override to highlight pieces instead of a toast."""
        self.toast(f"Hint: {self.describe(action)}", colour=theme.GOLD)

    # ================================================================== helpers
    @property
    def settings(self) -> Any:
        return self.app.settings

    @property
    def atlas(self) -> Any:
        return self.app.atlas

    @property
    def sound(self) -> Any:
        return self.app.sound

    @property
    def anim_speed(self) -> float:
        return float(self.settings.anim_speed)

    @property
    def to_act(self) -> tuple[int, ...]:
        return self.match.to_act()

    @property
    def legal(self) -> list:
        """The viewer's legal actions now ([] when the viewer need not act)."""
        if self.viewer is None or self.viewer not in self.to_act:
            return []
        return self.match.legal(self.viewer)

    @property
    def bot_thinking(self) -> bool:
        return self._bot_job is not None

    def name_of(self, seat: int | None) -> str:
        if seat is None:
            return "Table"
        return self.seat_names[seat] if 0 <= seat < len(self.seat_names) else f"Seat {seat}"

    def is_human(self, seat: int) -> bool:
        return seat in self.human_seats

    def is_bot(self, seat: int) -> bool:
        return not self.is_human(seat)

    def toast(self, text: str, colour: Any = theme.TEXT, seconds: float = 3.5) -> None:
        self.toasts.show(text, seconds, colour)

    def act(self, action: Any) -> bool:
        """The viewer plays an action. False (and a toast with the reason) when it is not allowed."""
        if self.viewer is None:
            self.toast("Nobody at this table can act from this view.", theme.BAD)
            return False
        return self.act_as(self.viewer, action)

    def act_as(self, seat: int, action: Any) -> bool:
        """A human seat plays an action (e.g. a claim chosen after its own curtain)."""
        if self.lesson is not None and not self.lesson.allows(seat, action):
            return False
        try:
            events = self.match.act(seat, action)
        except IllegalAction as e:
            self.toast(e.reason, theme.BAD)
            return False
        if self.lesson is not None:
            self.lesson.acted()
        self._after_action(seat, action, events)
        return True

    def request_handoff(self, seat: int | None, note: str = "") -> None:
        """Show `seat`'s private view after a curtain (immediately for the public view or same seat)."""
        if seat == self.viewer:
            return
        if seat is None:
            self.set_viewer(None)
            return
        from game.app.scenes.handoff import HandoffScene
        self._handoff_pending = True
        self.stack.push(HandoffScene(self.app, self.name_of(seat), lambda: self._handoff_done(seat), note))

    def set_viewer(self, seat: int | None) -> None:
        old = self.viewer
        self.viewer = seat
        self.view = self.match.view(seat)
        self.toasts.clear()            # a toast may concern the previous player's pieces
        self.tweens.skip()
        if old != seat:
            self.on_viewer_changed(old, seat)

    def leave(self) -> None:
        """Back to the menu; the game stays autosaved for Continue."""
        from game.app.scenes.menu import MenuScene
        self.app.flush_saves()
        self.stack.reset(MenuScene(self.app, notices=False))

    def request_hint(self) -> None:
        if self.viewer is None or self.viewer not in self.to_act or self._hint_job is not None:
            return
        legal = self.match.legal(self.viewer)
        if not legal:
            return
        try:
            from game.bots import make_bot
            bot = make_bot(self.setup.game, "hard")
        except Exception:
            self.toast("No hints for this game yet.")
            return
        view = self.match.view(self.viewer)
        rng = GameRng(f"hint:{len(self.match.log)}")
        self._hint_job = (len(self.match.log), self._pool().submit(bot, view, legal, rng))

    # ================================================================== scene API
    def enter(self) -> None:
        if self.replay_mode:
            return
        if len(self.human_seats) >= 2:
            # hot seat: even the first player gets the curtain, the screen may face anyone
            humans = [s for s in self.to_act if s in self.human_seats] or self.human_seats
            target = self.choose_viewer(humans)
            self.viewer = None
            self.view = self.match.view(None)
            self.request_handoff(target)
        result = self.match.result()
        if result is not None and result.final:
            self._finish(result, [])
        else:
            self._autosave()          # saved from the start: Continue resumes the last game opened

    def exit(self) -> None:
        for job in (self._bot_job, self._hint_job):    # the pool is the app's: just drop our questions
            if job is not None:
                job[-1].cancel()
        self._bot_job = self._hint_job = None

    def handle(self, intent: Any) -> bool:
        if self.handle_table(intent):
            return True
        k = intent.kind
        if k == "skip":
            self.tweens.skip()
            self.skip_presentation()
            return True
        if k == "hint":
            self.request_hint()
            return True
        if k == "back":
            from game.app.scenes.dialog import confirm
            confirm(self.app, "Leave the table?", "The game is saved: Continue on the menu picks it up.",
                    "Leave", self.leave, "Stay")
            return True
        return False

    def update(self, dt: float) -> None:
        self.toasts.update(dt)
        if self.lesson is not None:
            self.lesson.update(dt)
        if self.anim_speed <= 0:
            self.tweens.skip()
        else:
            self.tweens.update(dt * self.anim_speed)
        self._poll_hint()
        if self._pending_results and not self.presenting():
            for scene in self._pending_results:
                self.stack.push(scene)
            self._pending_results = []
        if self.finished or self._handoff_pending or self.replay_mode:
            return
        if self._bot_job is not None:
            self._thinking += dt
            self._poll_bot()
            return
        if self.presenting():
            return
        self._wait -= dt
        if self._wait > 0:
            return
        self._start_bot()

    def draw(self, canvas: Any) -> None:
        canvas.table_felt()
        self.draw_table(canvas, self.view)
        if self.level is not None and self.level.goal is not None and not self.replay_mode:
            draw_goal_panel(canvas, self.GOAL_RECT, self.level.goal.text, self.goal_state)
        if self.lesson is not None:
            self.lesson.draw(canvas)
        if self.SHOW_THINKING and self._bot_job is not None and self._thinking > 0.8:
            canvas.text(f"{self.name_of(self._bot_job[0])} is thinking…", (800, 872), theme.SMALL, theme.TEXT_DIM,
                        False, "midbottom")
        self.toasts.draw(canvas, bottom=self.TOAST_BOTTOM)

    # ================================================================== internals
    def _initial_viewer(self) -> int | None:
        if len(self.human_seats) == 1:
            return self.human_seats[0]
        if not self.human_seats:
            return self.SPECTATOR_SEAT
        return None                     # hot seat: decided behind the first curtain in enter()

    def _pool(self) -> Any:
        return self.app.bot_pool

    def _bot(self, seat: int) -> Any:
        if seat not in self._bots:
            from game.bots import make_bot
            self._bots[seat] = make_bot(self.setup.game, self.setup.seats[seat].strength)
            self._bot_rngs[seat] = GameRng(f"{self.setup.seed}:bot:{seat}")
        return self._bots[seat]

    def _start_bot(self) -> None:
        seat = next((s for s in self.to_act if self.is_bot(s)), None)
        if seat is None:
            return
        legal = self.match.legal(seat)
        if not legal:
            self._stall(f"{self.name_of(seat)} has no move it may make; the game can't go on.")
            return
        if len(legal) == 1:             # nothing to think about
            self._apply_bot(seat, legal[0])
            return
        try:
            bot = self._bot(seat)
        except Exception as e:
            self._stall(f"No computer player for this game: {e}")
            return
        view = self.match.view(seat)
        self._thinking = 0.0
        self._bot_job = (seat, len(self.match.log), self._pool().submit(bot, view, legal, self._bot_rngs[seat]))

    def _poll_bot(self) -> None:
        seat, log_len, fut = self._bot_job
        if not fut.done():
            return
        self._bot_job = None
        try:
            decision = fut.result()
        except Exception as e:          # a bot bug must not end the game: say so and play a legal move
            decision = None
            error = str(e).splitlines()[0] if str(e) else type(e).__name__
        else:                           # the bot's rng goes on from where its search left it
            self._bot_rngs[seat] = GameRng.from_json(decision.rng_state)
        if len(self.match.log) != log_len:
            return                      # the position changed meanwhile (a human acted): ask again
        if decision is None:
            self.toast(f"{self.name_of(seat)}'s computer player failed ({error}); it plays a simple move.", theme.BAD)
            self._apply_bot(seat, self.match.legal(seat)[0])
            return
        self._apply_bot(seat, decision.action)

    def _apply_bot(self, seat: int, action: Any) -> None:
        try:
            events = self.match.act(seat, action)
        except IllegalAction as e:
            self._stall(f"{self.name_of(seat)} tried a move the rules refuse: {e.reason}")
            return
        self._after_action(seat, action, events)

    def _stall(self, message: str) -> None:
        if not self._stalled:
            self._stalled = True
            self.toast(message, theme.BAD, seconds=8)
        self._wait = 2.0

    def _poll_hint(self) -> None:
        if self._hint_job is None or not self._hint_job[1].done():
            return
        log_len, fut = self._hint_job
        self._hint_job = None
        if log_len != len(self.match.log):
            return
        try:
            self.show_hint(fut.result().action)
        except Exception:
            self.toast("No hint this time.")

    def _after_action(self, seat: int, action: Any, events: list[Event]) -> None:
        self._stalled = False
        if self.replay_mode:
            self.view = self.match.view(self.viewer)
            self.present(events_for(events, self.viewer))
            return
        self._autosave()
        self.view = self.match.view(self.viewer)
        self.present(events_for(events, self.viewer))
        self._check_goal()
        self._wait = BOT_DELAY / self.anim_speed if self.anim_speed > 0 else 0.0
        round_ends = [e for e in events if e.kind == "round_end"]
        result = self.match.result()
        if result is not None and result.final:
            self._finish(result, round_ends)
            return
        if self.goal_state is not None:     # the challenge is decided: no need to play on
            self._end_challenge(round_ends)
            return
        if round_ends:
            from game.app.scenes.results import ResultsScene
            self._handoff_pending = True      # hold the bots until the results are read
            self._show_results(ResultsScene(self.app, dict(round_ends[-1].data), self.result_names(), final=False,
                                            on_close=self._after_results))
            return
        self._check_handoff()

    def _after_results(self) -> None:
        self._handoff_pending = False
        self._check_handoff()

    def _handoff_done(self, seat: int) -> None:
        self._handoff_pending = False
        self.set_viewer(seat)

    def _check_handoff(self) -> None:
        if len(self.human_seats) < 2:
            return
        humans = [s for s in self.to_act if s in self.human_seats]
        if not humans or self.viewer in humans:
            return
        self.request_handoff(self.choose_viewer(humans))

    def _autosave(self) -> None:
        # Written in the background; the store tells the player once if saving fails.
        self.app.store.save_autosave(self.match.to_json())

    def _goal_seat(self) -> int:
        return self.human_seats[0] if self.human_seats else 0

    def _check_goal(self) -> None:
        if self.level is None or self.level.goal is None or self.goal_state is not None or not self.human_seats:
            return
        goal = self.level.goal
        met: bool | None = None
        if goal.kind == "win_game":
            result = self.match.result()
            if result is not None and result.final:
                met = self._goal_seat() in result.winners
        else:
            fn = getattr(self.rules, "goal_met", None)
            if fn is not None:
                try:
                    met = fn(goal, self.match.state, self._goal_seat())
                except Exception:
                    met = None
        if met is True:
            self.goal_state = True
            self.app.store.record_challenge(self.setup.game, self.level.id)
            self.toast(f"Challenge complete: {goal.text}", theme.GOOD, seconds=6)
        elif met is False:
            self.goal_state = False

    def _end_challenge(self, round_ends: list[Event]) -> None:
        """Results for a challenge decided before the game's end, then back to the Challenges list."""
        from game.app.scenes.results import ResultsScene
        self.finished = True
        try:
            self.app.store.clear_autosave()        # Continue would only resume a decided challenge
        except OSError:
            pass
        data = dict(round_ends[-1].data) if round_ends else {}     # the round that decided it, if one did
        data["summary"] = self.level.goal.text
        self._show_results(ResultsScene(self.app, data, self.result_names(), final=True,
                                        title=challenge_title(self.goal_state),
                                        next_label="Back to the challenges", on_close=self._to_challenges))

    def _to_challenges(self) -> None:
        self.leave()
        self.app.open("challenges")

    def _finish(self, result: Any, round_ends: list[Event]) -> None:
        from game.app.scenes.results import ResultsScene
        self.finished = True
        self._check_goal()
        # Counted and kept once, even when the app stopped before the autosave was cleared and the
        # finished game comes back through Continue (the key names this very game); the autosave
        # goes last, so a stop at any point leaves the game to be finished again.
        data = self.match.to_json()
        key = game_key(data)
        if self.human_seats:
            totals = list(result.totals)
            won = any(s in result.winners for s in self.human_seats)
            scores = [x for x in (_number(totals[s]) for s in self.human_seats if s < len(totals)) if x is not None]
            self.app.store.record_game(self.setup.game, won, max(scores) if scores else None, key=key)
        self.app.store.save_replay(f"{self.setup.game}-{result.summary or 'game'}"[:60], data, key=key)
        self.app.store.clear_autosave()
        final = result.to_json()
        if not final.get("lines") and round_ends:
            final["lines"] = list(round_ends[-1].data.get("lines", []))
            round_ends = []
        title = None if self.goal_state is None else challenge_title(self.goal_state)
        scenes = [ResultsScene(self.app, final, self.result_names(), final=True, on_close=self.leave, title=title)]
        if round_ends:
            scenes.append(ResultsScene(self.app, dict(round_ends[-1].data), self.result_names(), final=False,
                                       next_label="Final scores"))
        self._show_results(*scenes)

    def _show_results(self, *scenes: Any) -> None:
        """Push result scenes now, or once the table has shown the move that ended the round."""
        if self.RESULTS_AFTER_PRESENTATION and self.presenting():
            self._pending_results.extend(scenes)
        else:
            for scene in scenes:
                self.stack.push(scene)
