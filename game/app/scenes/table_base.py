"""TableScene: what every game's table screen shares.

It owns the Match and does the bookkeeping so a game's table only draws and reads input:
  * one loop asks whoever must act: the core's Driver (game/core/driver.py), stepped once a frame
    on the app's clock (`app.time`), so prompt timers run, also while a dialog covers the table
    (not while a hot-seat curtain does: see update_covered). Each seat is a player: a bot starts
    a job in the app's worker process (app.bot_pool, game/bots/worker.py) and answers once its
    future is done (a frame never waits for it; an answer asked about a view and legal actions
    that have changed since is thrown away and asked again);
    a human answers with what the table's UI queued (`act_as`, applied at once);
  * the viewer seat: with one human, always that seat; with 2+ humans (hot seat), the human
    who must act, behind a handoff curtain whenever that is a different human, and nobody (the
    public view) while only bots act; with no human (autoplay), SPECTATOR_SEAT;
  * a sealed claim window waiting for people shows the claim bar (game/app/tablekit/claimbar.py):
    in a hot seat the public table with one Claim button per human asked, each press bringing that
    player's curtain and then their private choice, which runs on a clock of its own while the
    window's shared clock waits (_private_clock); one human against bots gets the choice at once,
    or (rule option `skip_claims`, on by default) passes by itself when Pass is all it may do;
  * every move, as the viewer saw it (`Match.history`: the view after it and its redacted
    events): autosave, `present(events)`, round ends open the results, the final result records
    statistics and challenge goals; the table never keeps or replays states itself;
  * an IllegalAction's reason is shown as a toast.
Subclasses override draw_table(canvas, view) and handle_table(intent), and usually present().
"""

from __future__ import annotations

import concurrent.futures as cf
from dataclasses import dataclass
from typing import Any, Sequence

from game.app import theme
from game.app.scenes.base import Scene
from game.app.scenes.goal_panel import (GoalProgress, challenge_title, decided_mid_round, draw_goal_panel,
                                        puzzle_title)
from game.app.scenes.results import as_number
from game.app.services import make_tweener
from game.app.widgets import Button, Toasts
from game.app.tablekit.claimbar import ClaimBar
from game.app.tablekit.hint_jobs import FAILED, HintJobs, Question
from game.core.driver import Driver, NoMove, Refused
from game.core.match import Seen
from game.core.protocol import CHANCE, Event, IllegalAction
from game.core.rng import GameRng
from game.core.words import says, whose
from game.store import game_key

BOT_DELAY = 0.5          # seconds between bot moves at normal speed, so people can follow the play
# Seconds a claim bar ignores clicks after a curtain lifts to it, or after an answer changes it under
# the pointer: the second click of a double click (or a release begun on the curtain) is no answer.
CLAIM_CLICK_GUARD = 0.5
# Seconds after the claim timer passed for a player at their private choice (Esc = Pass) in which an
# Esc is still taken as that Pass: pressed just as the window timed out, it must not ask "Leave the table?".
ESC_PASS_GRACE = 0.6
# A table has no room for a row of buttons, so leaving by mouse is a small tab on the top rail,
# asking as Esc does (Esc alone left a mouse-only player no way back to the menu)
MENU_TAB = (1460, 0, 110, theme.RAIL_WIDTH)     # right of every table's top headers


@dataclass
class BotJob:
    """A bot's question in the worker: asked about this view and these legal actions."""
    seat: int
    at: int                  # the log length when asked
    view: Any
    legal: list
    future: cf.Future        # of a worker.Decision

    def answers(self, at: int, view: Any, legal: list) -> bool:
        """Is this job's answer still an answer to the seat's question now?"""
        return at == self.at or (view == self.view and legal == self.legal)


class TableScene(Scene):
    opaque = True
    SPECTATOR_SEAT: int | None = 0   # whose pieces an all-bot table shows (nobody's secret to keep)
    SHOW_THINKING = True             # a quiet "East is thinking…" line at the bottom when a bot is slow
    # A replay drives the table itself (scenes/replay.py): no bots, no saves, no curtains, no results.
    replay_mode = False
    # True: a round's results wait until the table has shown the move that ended it.
    RESULTS_AFTER_PRESENTATION = False
    ROUND_WORD = "round"                    # one deal, in the game's own word (results: "Hand over")
    PUZZLE_GOALS: tuple[str, ...] = ()      # goal kinds that make a level a puzzle (one turn on a set position)
    # a move that ends a round and deals the next: keep the ended round on show until its results
    # (_hold_next_deal); Kards and Mint Tin show their ended rounds their own way
    KEEP_ENDED_ROUND = False
    # Where a challenge's goal panel sits (logical px); a table moves it to space its layout leaves free.
    GOAL_RECT: tuple[float, float, float, float] = (530, 26, 460, 64)
    PIECES = "pieces"                # what a hand is made of, in the curtain's "show my pieces"
    TOAST_BOTTOM = 760               # where messages stack up from (a table may keep them off its hand)
    LESSON_PANEL: tuple[float, float, float] = (40, 120, 360)   # a lesson's panel: left, top, width
    CLAIM_BAR: tuple[float, float, float, float] = (520, 250, 560, 330)   # where the claim bar sits
    CLAIM_WORD: dict[str, str] = {}  # a claim's kind -> its called word ("Pung!")

    def __init__(self, app: Any, match: Any, level: Any = None):
        super().__init__(app)
        self.match = match
        self.rules = match.rules
        self.setup = match.setup
        self.level = level
        n = len(self.setup.seats)
        default_names = list(self.rules.seat_names(n))
        self.engine_names = default_names        # how the rules' own sentences name the seats
        self.seat_names = [s.name or default_names[i] for i, s in enumerate(self.setup.seats)]
        self.human_seats = [i for i, s in enumerate(self.setup.seats) if s.kind == "human"]
        self.tweens = make_tweener()
        self.announcements: list = []             # claim words on show (tablekit.announce: Announcement)
        self.toasts = Toasts()
        self.viewer: int | None = self._initial_viewer()
        self.view = self.match.view(self.viewer)
        self.finished = False
        self.goal_state: bool | None = None          # True met, False failed, None undecided
        self._progress: GoalProgress | None = None   # the goal panel's count, kept up to date as moves come
        self._bot_jobs: dict[int, BotJob] = {}       # seat -> its question in the worker
        self._declined: dict[int, int] = {}          # seat -> the log length at which it said "not now"
        self._jobs_checked_at = -1                   # the log length whose prompt the bot questions were checked against
        self.hint_jobs = HintJobs(self._pool, self.hint_key)       # the hint's questions in the worker
        self._bots: dict[int, Any] = {}
        self._bot_rngs: dict[int, GameRng] = {}
        self._wait = 0.0
        self._thinking = 0.0
        self._curtain = False                     # a handoff curtain is up (or about to be)
        self._handoff_held = False                # the next curtain waits for the table (holds_handoff)
        self._results_open = False                # a round's results are being read
        self._stalled = False
        self._queued: dict[int, Any] = {}         # human answers for the driver to play
        self._seen = len(match.log)               # moves presented so far
        self.shown_move = self._seen              # the move being presented (1-based log position)
        self.claim_bar = ClaimBar(self.CLAIM_BAR)
        self.menu_tab = Button(MENU_TAB, "Menu", self._ask_leave, size=14)
        self.claim_chooser: int | None = None     # hot seat: the human making a private claim choice
        self.chance_seat: tuple[int, int] | None = None   # hot seat: (seat, log length) at its out-of-turn chance
        self._choice_up: tuple[int, int] | None = None      # (seat, log length) while a private claim choice shows
        self._timer_passed: tuple[int, float] | None = None  # (seat, app time) the claim timer passed for them there
        # hot seat: (seat, window, seconds left) of the clock of the private claim choice on show (see _private_clock)
        self._private: tuple[int, Any, float] | None = None
        self.driver = Driver(match, {s: self._player for s in range(n)},
                             clock=lambda: float(getattr(self.app, "time", 0.0)))
        self._pending_results: list[Any] = []     # result scenes waiting for the presentation to end
        self._next_deal: tuple[Any, list] | None = None   # a new round dealt by the move that ended one
        self._my_claim: str | None = None         # the lone human's claim on the discard on offer
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

    def lesson_button_rects(self, kind: str) -> list[tuple[float, float, float, float]]:
        """Lesson hook: rects of the buttons shown now that make an action of this kind (a step with
        no piece to mark, such as Draw or Mah Jongg, marks its button instead). Override."""
        return []

    def lesson_covers(self) -> list[tuple[float, float, float, float]]:
        """Lesson hook: rects of dialogs open over the table (a chooser); a lesson's mark is not
        drawn on a piece under one, where it would seem to point at the dialog's row. Override."""
        return []

    def lesson_option_rects(self, actions: list) -> list[tuple[float, float, float, float]] | None:
        """Lesson hook: with a chooser open, the rects of its options that lead to one of `actions`
        (those that make the step); None when none is open (the marks go on pieces or buttons)."""
        return None

    def lesson_keep_clear(self) -> list[tuple[float, float, float, float]]:
        """Lesson hook: rects of words beside pieces (name plates, pile labels) that a lesson's arrow
        should not lie on; it points from another side instead. Override."""
        return []

    def present(self, events: list[Event]) -> None:
        """Events just applied, already redacted for the viewer: start animations, sounds. Override."""

    def presenting(self) -> bool:
        """True while the table wants bots to wait; by default while any tween runs, so a bot's
        move never starts before the last one has been seen. Override for looping animations."""
        return bool(getattr(self.tweens, "busy", False))

    def skip_presentation(self) -> None:
        """The player asked to skip animations (the tweener is already skipped)."""

    def holds_handoff(self) -> bool:
        """Hot seat: True while the table shows something of the last move that the player at the
        screen should see land before the next player's curtain (Cuzzins' coins for a secret): the
        curtain waits, and nothing is played meanwhile. Override; by default the curtain comes at once."""
        return False

    def on_viewer_changed(self, old: int | None, new: int | None) -> None:
        """The seat whose pieces are shown changed (after a handoff). Reset per-viewer UI here."""

    def curtain_chance_label(self, seat: int) -> str | None:
        """Hot seat: the words of the button a curtain offers `seat` for its out-of-turn chance (Martian's
        Mah Jongg before another's roll), or None: the game offers none on the curtain."""
        return None

    def curtain_chances(self, shown: int) -> list[int]:
        """The humans a turn's curtain for `shown` offers an out-of-turn chance: every other human the
        rules let act out of turn now, whether or not they have anything to do with it (the button is
        the same for all, so it tells nobody what anyone holds)."""
        prompt = self.match.prompt()
        if prompt.sealed or len(self.human_seats) < 2:
            return []
        return [s for s in self.human_seats if s != shown and s in prompt.out_of_turn
                and s not in prompt.seats and self.curtain_chance_label(s) is not None]

    def at_chance(self) -> bool:
        """The viewer came to the screen for its out-of-turn chance, and the table has not moved since."""
        c = self.chance_seat
        return c is not None and c == (self.viewer, len(self.match.log))

    def end_chance(self) -> None:
        """The chance was not taken ("Not now"): the screen goes on to whoever must act."""
        self.chance_seat = None
        self._check_handoff()

    def _take_chance(self, seat: int, shown: int) -> None:
        """A curtain's chance button: that player's own curtain, then their table for the chance."""
        self.request_handoff(seat, f"Your chance before {self.name_of(shown)} plays: only you will see it.",
                             chance=True)

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
        """The viewer's legal actions now, out of turn too ([] when the viewer may not act)."""
        if self.viewer is None:
            return []
        if self.viewer not in self.to_act and self.viewer not in self.match.prompt().out_of_turn:
            return []
        return list(self.driver.question(self.viewer)[1])

    @property
    def bot_thinking(self) -> bool:
        return bool(self._bot_jobs)

    @property
    def _bot_job(self) -> tuple[int, int, cf.Future] | None:
        """(seat, log length, future) of a bot's question in the worker, if any (tests wait on it)."""
        for job in self._bot_jobs.values():
            return job.seat, job.at, job.future
        return None

    @property
    def _handoff_pending(self) -> bool:
        """A curtain or a round's results are in front of the table, or a curtain waits for it (holds_handoff):
        nobody plays on it now."""
        return self._curtain or self._results_open or self._handoff_held

    def rule_option(self, key: str, default: Any = None) -> Any:
        """A rule option of this game: as set up, else the game's declared default."""
        if key in self.setup.options:
            return self.setup.options[key]
        for option in getattr(self.rules, "options", ()):
            if option.key == key:
                return option.default
        return default

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

    def toast_areas(self) -> list[tuple[float, float, float, float]]:
        """Free felt for messages, tried in order (none: centred above TOAST_BOTTOM). A table
        whose centre holds pieces or labels names the places it keeps clear."""
        return []

    def toast_avoid(self) -> list[tuple[float, float, float, float]]:
        """What a message must not cover in those areas (pieces and labels drawn there now)."""
        return []

    def act(self, action: Any) -> bool:
        """The viewer plays an action. False (and a toast with the reason) when it is not allowed."""
        if self.viewer is None:
            self.toast("Nobody at this table can act from this view.", theme.BAD)
            return False
        return self.act_as(self.viewer, action)

    def act_as(self, seat: int, action: Any) -> bool:
        """A human seat plays an action (e.g. a claim chosen after its own curtain): queued for the
        driver, which plays it at once. False (and a toast with the reason) when it is refused."""
        if self.lesson is not None and not self.lesson.allows(seat, action):
            return False
        if seat not in self.match.to_act() and seat not in self.match.prompt().out_of_turn:
            self.toast("It is not your turn to act.", theme.BAD)
            return False
        moves = len(self.match.log)
        self._queued[seat] = action
        try:
            for _ in range(16):              # a chance roll or another seat's ready answer may come first
                if seat not in self._queued or not self.driver.step():
                    break
        except Refused as e:
            if e.seat != seat:
                self._refused(e)
            else:
                self.toast(e.reason, theme.BAD)
            self._queued.pop(seat, None)
            self._catch_up()
            return False
        except NoMove as e:
            self._queued.pop(seat, None)
            self._no_move(e)
            return False
        if self._queued.pop(seat, None) is not None:      # never asked (the window closed meanwhile)
            self.toast("It is not your turn to act.", theme.BAD)
            self._catch_up()
            return False
        if self.lesson is not None and len(self.match.log) > moves:
            self.lesson.acted()
        self._catch_up()
        return True

    def request_handoff(self, seat: int | None, note: str = "", claim: bool = False, chance: bool = False) -> None:
        """Show `seat`'s private view after a curtain (immediately for the public view or same seat);
        `claim`: then that seat's private choice in the claim window; `chance`: then its out-of-turn
        chance. A turn's curtain also offers the other humans their chance (curtain_chances)."""
        if seat == self.viewer and not claim and not chance:
            return
        if seat is None:
            self.set_viewer(None)
            return
        from game.app.scenes.handoff import HandoffScene
        self._curtain = True
        extra = [] if claim or chance else [
            (self.curtain_chance_label(s), lambda s=s: self._take_chance(s, seat)) for s in self.curtain_chances(seat)]
        self.stack.push(HandoffScene(self.app, self.name_of(seat), lambda: self._handoff_done(seat, claim, chance),
                                     note, time_left=(lambda: self._private_left(seat)) if claim else None,
                                     pieces=self.PIECES,
                                     extra=extra))

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

    def play_again(self) -> None:
        """A new game at this table: the same seats and rules, a new deal (a level's own seed if it fixes one)."""
        import random
        from game.core.protocol import Setup
        self.app.flush_saves()
        s = self.setup
        setup = self.level.fresh_setup() if self.level is not None else \
            Setup(s.game, s.seats, s.options, random.SystemRandom().randrange(2**31), s.deal)
        self.app.start_game(setup, self.level)

    def hint_key(self) -> Any:
        """The position a hint answers: the move on show, for the viewer (an answer asked about
        another is stale: dropped, never shown; see tablekit.hint_jobs)."""
        return self.shown_move, self.viewer

    def hint_pending(self) -> bool:
        """The hint for the position on show is still being worked out in the worker: the table
        says so (a panel's "Working out…" line, a greyed Hint button) instead of showing nothing."""
        return self.hint_jobs.pending()

    def request_hint(self) -> None:
        """The viewer's move as the Hard bot sees it, asked of the worker; a later frame shows it
        (show_hint) if the position has not moved on meanwhile."""
        if self.viewer is None or self.viewer not in self.to_act or self.hint_jobs.pending("move"):
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
        self.hint_jobs.ask("move", lambda: Question(bot, view, tuple(legal), rng))
        self._poll_hint()           # already in (counted here with the worker switched off): shown now

    # ================================================================== scene API
    def enter(self) -> None:
        if self.replay_mode:
            return
        unread = self._unread_round_end()
        if unread is not None:
            self._reopen_results(unread)      # (after them, _after_results calls the next player)
        elif len(self.human_seats) >= 2 and not self._claim_waiting():
            # hot seat: even the first player gets the curtain, the screen may face anyone; when dice or
            # bots go first (a dealer to pick, a bot's opening turn) the public table shows until a human
            # must act: a curtain then would call someone who has nothing to do, and show their pieces
            # while the bots play
            humans = [s for s in self.to_act if s in self.human_seats]
            self.viewer = None
            self.view = self.match.view(None)
            if humans:
                self.request_handoff(self.choose_viewer(humans))
        result = self.match.result()
        if result is not None and result.final:
            self._finish(result, [])
        else:
            self._autosave()          # saved from the start: Continue resumes the last game opened

    def exit(self) -> None:
        for job in self._bot_jobs.values():            # the pool is the app's: just drop our questions
            job.future.cancel()
        self._bot_jobs = {}
        self.hint_jobs.cancel_all()

    def handle(self, intent: Any) -> bool:
        if self._menu_tab_handle(intent):
            return True
        self._refresh_claim_bar()            # the buttons pressed are the ones for this very moment
        if self.claim_bar.visible and self.claim_bar.handle(intent):
            return True
        if intent.kind == "back" and self._late_esc():
            return True
        if self.lesson is not None and self.lesson.handle(intent):     # a complete lesson's buttons
            return True
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
            self._ask_leave()
            return True
        return False

    def _ask_leave(self) -> None:
        from game.app.scenes.dialog import confirm
        confirm(self.app, "Leave the table?", "The game is saved: Continue on the menu picks it up.",
                "Leave", self.leave, "Stay")

    def _menu_tab_handle(self, intent: Any) -> bool:
        """The rail's Menu tab: lit under the pointer, a click on it asks to leave (never a claim's Pass)."""
        tab = self.menu_tab
        if self.replay_mode or intent.pos is None:
            return False
        over = tab.contains(intent.pos)
        if intent.kind in ("point", "drag_move"):
            tab.hover = over
            return False
        if intent.kind == "press" and over:
            tab.pressed = True
            return True
        if intent.kind == "select" and over:
            pressed, tab.pressed = tab.pressed, False
            if pressed:                          # down and up on the tab: a click begun elsewhere is no click
                tab.activate()
            return True
        if intent.kind in ("select", "drop"):
            tab.pressed = False
        return False

    def update(self, dt: float) -> None:
        self.toasts.update(dt)
        self.claim_bar.tick(dt)
        if self.lesson is not None:
            self.lesson.update(dt)
        if self.anim_speed <= 0:
            self.tweens.skip()
        else:
            self.tweens.update(dt * self.anim_speed)
        self._poll_hint()
        if self._handoff_held and not self.holds_handoff():      # what it waited for has been seen
            self._handoff_held = False
            self._check_handoff()
        if self._pending_results and not self.presenting() and not self._lesson_words_up():
            for scene in self._pending_results:
                self.stack.push(scene)
            self._pending_results = []
        self._drop_unasked_jobs()
        if self._bot_jobs:
            self._thinking += dt
        elif not self.presenting():
            self._wait -= dt
        if self.finished or self._handoff_pending or self.replay_mode:
            self.driver.hold()
        elif not (self._stalled and self._wait > 0):
            self._private_clock(dt)
            self._drive()
        self._refresh_claim_bar()

    def update_covered(self, dt: float) -> None:
        """A dialog is on top: a timed prompt's clock keeps running (and bots may answer a claim
        window meanwhile); anything else waits for the table to be seen again. A hot-seat curtain
        holds the clock too: nobody can see the table while the screen changes hands, so a claim
        window never runs out on a player still on their way to it; a private claim choice runs
        on its own clock (_private_clock)."""
        if (self.finished or self._results_open or self._pending_results or self.replay_mode
                or self._curtain or self.match.prompt().timeout is None):
            self.driver.hold()
            return
        self._private_clock(dt)
        self._drive()

    def draw_felt(self, canvas: Any) -> None:
        """The felt and rail under the table; a table may blit a cached layer of its own instead."""
        canvas.table_felt()

    def draw(self, canvas: Any) -> None:
        self.draw_felt(canvas)
        self.draw_table(canvas, self.view)
        if self.level is not None and self.level.goal is not None and not self.replay_mode:
            draw_goal_panel(canvas, self.GOAL_RECT, self.level.goal.text, self.goal_state, self.goal_progress(),
                            puzzle=self.level.goal.kind in self.PUZZLE_GOALS)
        if self.lesson is not None:
            self.lesson.draw(canvas)
        job = self._bot_job
        if self.SHOW_THINKING and job is not None and self._thinking > 0.8 and not self.claim_bar.visible:
            canvas.text(f"{says(self.name_of(job[0]), 'is')} thinking…", (800, 872), theme.SMALL, theme.TEXT_DIM,
                        False, "midbottom")
        if self.claim_bar.visible and not self.replay_mode:
            self.claim_bar.draw(canvas)
        if self.toasts.items:             # the free felt is worked out only while a message shows
            marks = self.lesson.mark_zones() if self.lesson is not None else []      # a nudge keeps off them
            self.toasts.draw(canvas, bottom=self.TOAST_BOTTOM, areas=self.toast_areas(), avoid=self.toast_avoid() + marks)
        if not self.replay_mode:
            self.menu_tab.draw(canvas)

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

    # ------------------------------------------------------------------ the players
    def _player(self, seat: int, view: Any, legal: list) -> Any:
        """Every seat's player for the driver: an action queued by `act_as` first, then the seat's own."""
        queued = self._queued.pop(seat, None)
        if queued is not None:
            return queued
        if self.is_human(seat):
            return self._human_player(seat, view, legal)
        return self._bot_player(seat, view, legal)

    def _human_player(self, seat: int, view: Any, legal: list) -> Any:
        """A human answers through the UI (`act_as`); a lone human's claim window with nothing but
        Pass in it plays itself (rule option skip_claims)."""
        answers = self.claim_answers(seat, legal)
        if len(answers) == 1 and self._skips_claim(seat):
            return answers[0]
        return None

    def _skips_claim(self, seat: int) -> bool:
        prompt = self.match.prompt()
        return (prompt.sealed and prompt.kind == "claim" and seat in prompt.seats and len(self.human_seats) == 1
                and bool(self.rule_option("skip_claims", True)))

    def _bots_may_start(self) -> bool:
        """Bots take turns at a pace people can follow; a sealed window's answers are hidden, so every
        bot asked starts at once."""
        if self.match.prompt().sealed:
            return True
        return not self.presenting() and self._wait <= 0

    def _drop_unasked_jobs(self) -> None:
        """A bot's question stops mattering once its seat is offered nothing (an out-of-turn chance
        that passed, a window closed early): drop it, or it would hold the table's pace for ever."""
        at = len(self.match.log)
        if not self._bot_jobs or self.match.finished or at == self._jobs_checked_at:
            return                    # a question can only stop mattering when the position moves
        self._jobs_checked_at = at
        prompt = self.match.prompt()
        for seat in list(self._bot_jobs):
            if seat not in prompt.seats and not (seat in prompt.out_of_turn and self.driver.legal_of(seat)):
                self._bot_jobs.pop(seat).future.cancel()

    def _bot_player(self, seat: int, view: Any, legal: list) -> Any:
        # Out of turn (a Martian Mah Jongg, paying to see a Cuzzins secret) a bot is asked once per
        # position, as in the simulator, and may answer None: "not now".
        out_of_turn = seat not in self.match.to_act()
        at = len(self.match.log)
        if out_of_turn and self._declined.get(seat) == at:
            return None
        job = self._bot_jobs.get(seat)
        if job is not None and not job.answers(at, view, legal):
            job.future.cancel()         # asked about a position that has changed: ask again
            del self._bot_jobs[seat]
            job = None
        if job is None:
            if not self._bots_may_start():
                return None
            if len(legal) == 1 and not out_of_turn:     # nothing to think about
                return legal[0]
            try:
                bot = self._bot(seat)
            except Exception as e:
                self._stall(f"No computer player for this game: {e}")
                return None
            if not self._bot_jobs:
                self._thinking = 0.0
            self._bot_jobs[seat] = BotJob(seat, at, view, legal,
                                          self._pool().submit(bot, view, legal, self._bot_rngs[seat]))
            return None
        if not job.future.done():
            return None
        del self._bot_jobs[seat]
        try:
            decision = job.future.result()
        except Exception as e:          # a bot bug must not end the game: say so and play a legal move
            error = str(e).splitlines()[0] if str(e) else type(e).__name__
            self.toast(f"{whose(self.name_of(seat))} computer player failed ({error}); it plays a simple move.", theme.BAD)
            return legal[0]
        self._bot_rngs[seat] = GameRng.from_json(decision.rng_state)   # it goes on from where the search left it
        if decision.action is None:
            if out_of_turn:
                self._declined[seat] = at
                return None
            return legal[0]             # a bot must answer when it is its turn: never stall the table
        return decision.action

    def _drive(self) -> None:
        """One driver step (plays what can be played now, timeouts included), then show what moved."""
        try:
            self.driver.step()
        except Refused as e:
            self._refused(e)
        except NoMove as e:
            self._no_move(e)
        self._catch_up()

    def _refused(self, e: Refused) -> None:
        if self.is_bot(e.seat):
            self._stall(f"{self.name_of(e.seat)} tried a move the rules refuse: {e.reason}")
        else:
            self.toast(e.reason, theme.BAD)

    def _no_move(self, e: NoMove) -> None:
        self._stall(f"{says(self.name_of(e.seat), 'has')} no move it may make; the game can't go on.")

    def _stall(self, message: str) -> None:
        if not self._stalled:
            self._stalled = True
            self.toast(message, theme.BAD, seconds=8)
        self._wait = 2.0

    def _poll_hint(self) -> None:
        """The asked move, once it is in for the position on show (one asked about an older one is dropped)."""
        ready, action = self.hint_jobs.answer("move")
        if not ready:
            return
        self.hint_jobs.forget("move")           # shown once; H asks again
        if action is FAILED:
            self.toast("No hint this time.")
            return
        self._give_hint(action)

    def _give_hint(self, action: Any) -> None:
        if self.lesson is not None and self.viewer is not None:
            action = self.lesson.steer(self.viewer, action)     # a lesson's hint follows its step
        self.show_hint(action)
        self._light_hinted_claim(action)

    def _light_hinted_claim(self, action: Any) -> None:
        """A hint given while the viewer's claim choice is up: its answer becomes the gold button."""
        self._refresh_claim_bar()
        if not self.claim_bar.visible or self.viewer is None or self.viewer not in self._claim_waiting():
            return
        actions = [a for _text, a in self.claim_choices(self.viewer)]
        if action in actions and len(actions) == len(self.claim_bar.buttons):
            self.claim_bar.light(actions.index(action))

    # ------------------------------------------------------------------ what happened
    def _catch_up(self) -> None:
        """Show every move not shown yet, one by one, as the viewer saw it."""
        while self._seen < len(self.match.log):
            seen = self.match.history(self.viewer, self._seen, self._seen + 1)[0]
            if self.viewer is not None and (self._everyones_moment(seen) or self._bots_play_next()):
                self.set_viewer(None)
                seen = self.match.history(None, self._seen, self._seen + 1)[0]
            self._seen = seen.move
            self._show_move(seen)

    def _everyones_moment(self, seen: Seen) -> bool:
        """Hot seat: a round's end brings every player to the screen for the results, so the table
        shows it as everyone may see it (what the game opens then: the winner's hand, or all of
        them), never the hand of whoever happened to have the screen last."""
        return (len(self.human_seats) >= 2 and not self.replay_mode
                and any(e.kind == "round_end" for e in seen.events))

    def _bots_play_next(self) -> bool:
        """Hot seat: the player at the screen is done and only bots act now (a Martian roll after a turn
        that ended without a discard): the bots' moves are shown on the public table, that player's
        pieces put away, as nobody may read them while the screen waits for its next player. (With a
        human to act next, their curtain comes instead; a claim window goes public in _check_handoff.)"""
        if len(self.human_seats) < 2 or self.replay_mode or self.viewer is None:
            return False
        to_act = self.match.to_act()
        if CHANCE in to_act:            # a throw still to land (after your own Roll, say): wait for who follows
            return False
        return self.viewer not in to_act and not any(self.is_human(s) for s in to_act)

    def _show_move(self, seen: Seen) -> None:
        """One move, as the viewer saw it: its view after and its redacted events."""
        self._stalled = False
        self.shown_move = seen.move
        events = list(seen.events)
        if self.replay_mode:
            self.view = seen.view
            self.present(events)
            return
        events = self._hold_next_deal(seen, events)
        self._autosave()
        self._note_lost_claim(events)
        self.present(events)
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
            self._open_round_results(round_ends[-1])
            return
        self._check_handoff()

    def _note_lost_claim(self, events: list[Event]) -> None:
        """A claim of yours that another player's claim beat says so: otherwise your button was
        pressed and the tile simply went elsewhere. Only with one human at the table: in hot seat
        the note would tell the next player what you wanted to claim."""
        if len(self.human_seats) != 1 or self.viewer != self.human_seats[0]:
            return
        for e in events:
            d = e.data
            if e.kind == "answered" and d.get("seat") == self.viewer:
                answer = d.get("answer") or "pass"
                self._my_claim = None if answer == "pass" else answer.removesuffix("_by")   # Kards' mahjongg_by
            elif e.kind == "claim_resolved":
                mine, self._my_claim = self._my_claim, None
                taker, won = d.get("taker"), d.get("claim") or d.get("call")
                if mine and taker is not None and taker != self.viewer and won:
                    self.toast(self.lost_claim_words(taker, won, mine), theme.TEXT, seconds=5)

    def lost_claim_words(self, taker: int, won: str, mine: str) -> str:
        def word(kind: str) -> str:
            return self.CLAIM_WORD.get(kind, "").rstrip("!")
        theirs, yours = word(won) or "claim", word(mine)
        if won == mine:
            return f"{self.name_of(taker)} also called {theirs} and comes first in turn: the discard is theirs."
        return f"{self.name_of(taker)}'s {theirs} outranks your {yours or 'claim'}: the discard is theirs."

    def _hold_next_deal(self, seen: Seen, events: list[Event]) -> list[Event]:
        """Sets the view the move leaves and returns the events to present now. A move that ends a
        round and already deals the next (Martian's) would show the new deal under the last call
        while the results wait for the presentation: the table keeps the ended round, as the viewer
        saw it before the move, until the results close, and the new deal is shown after them."""
        ends = [i for i, e in enumerate(events) if e.kind == "round_end"]
        result = self.match.result() if ends else None
        if (not self.KEEP_ENDED_ROUND or not ends or ends[-1] == len(events) - 1
                or (result is not None and result.final) or self.goal_state is not None):
            self.view = seen.view
            return events
        cut = ends[-1] + 1
        self._next_deal = (seen.view, events[cut:])
        self.view = self.match.view_at(self.viewer, seen.move - 1)
        return events[:cut]

    def _after_results(self) -> None:
        self._results_open = False
        self.announcements.clear()            # the ended round's "Mah Jongg!" must not fade over the next deal
        if self._next_deal is not None:
            self.view, events = self._next_deal
            self._next_deal = None
            self.present(events)
        self.match.meta["results_read"] = len(self.match.log)     # Continue need not show them again
        self._autosave()
        self.driver.hold()                    # reading the results took no prompt's time
        self._check_handoff()

    def _unread_round_end(self) -> Any:
        """The round_end event of the game's last move when its results were never closed (the app
        stopped while they were open: nothing is played while they are), else None."""
        n = len(self.match.log)
        if n == 0 or self.match.finished or self.match.meta.get("results_read") == n:
            return None
        ends = [e for e in self.match.history(None, n - 1)[0].events if e.kind == "round_end"]
        return ends[-1] if ends else None

    def result_pieces(self) -> str | None:
        """The atlas family ("tile", "kard") the results draw the winner's hand in (a round's
        "win_hand"); None: the game's results show no hand."""
        return None

    def _open_round_results(self, round_end: Any) -> None:
        from game.app.scenes.results import ResultsScene
        self._results_open = True         # hold the game until the results are read
        self._show_results(ResultsScene(self.app, dict(round_end.data), self.result_names(),
                                        engine_names=self.engine_names, final=False, round_word=self.ROUND_WORD,
                                        on_close=self._after_results, challenge=self._challenge_note(),
                                        pieces=self.result_pieces()))

    def _reopen_results(self, round_end: Any) -> None:
        """Continue: the round's results come back first, over the table as everyone may see it."""
        if len(self.human_seats) >= 2:
            self.set_viewer(None)
        self._open_round_results(round_end)

    def _handoff_done(self, seat: int, claim: bool = False, chance: bool = False) -> None:
        self._curtain = False
        self.chance_seat = (seat, len(self.match.log)) if chance else None
        if claim and seat not in self._claim_waiting():
            self.toast("Too late: the claim window has closed.", theme.BAD)
            self.claim_chooser = None
        else:
            self.set_viewer(seat)
            self.claim_chooser = seat if claim else None
        if claim:
            self.claim_bar.arm(CLAIM_CLICK_GUARD)
        self._check_handoff()
        self._refresh_claim_bar()

    def _check_handoff(self) -> None:
        if len(self.human_seats) < 2 or self._curtain or self.finished or self._results_open:
            return                          # (after a round's results, _after_results asks again)
        waiting = self._claim_waiting()
        done = self.claim_chooser
        if done is not None and done not in waiting:       # answered, or the window closed
            self.claim_chooser = None
            # the next human at the screen sees only the public table; so does the one who answered and
            # plays next when the others have a chance before that turn: its curtain offers it to them
            if self.viewer == done and (done not in self.to_act or self.curtain_chances(done)):
                self.set_viewer(None)
        if waiting:
            # a claim window: the public table and one Claim button per human asked
            if self.claim_chooser is None and self.viewer is not None:
                self.set_viewer(None)
            return
        humans = [s for s in self.to_act if s in self.human_seats]
        if not humans or self.viewer in humans or self.at_chance():
            return
        self.chance_seat = None
        self._handoff_held = self.holds_handoff()
        if not self._handoff_held:
            self.request_handoff(self.choose_viewer(humans))

    # ------------------------------------------------------------------ claim windows
    def _claim_waiting(self) -> list[int]:
        """The human seats a sealed claim window still waits for ([] when none is open; none in a
        replay, where nobody answers)."""
        if self.finished or self.replay_mode:
            return []
        prompt = self.match.prompt()
        if not prompt.sealed:
            return []
        to_act = self.match.to_act()
        return [s for s in prompt.seats if s in self.human_seats and s in to_act]

    def claim_answers(self, seat: int, legal: list) -> list:
        """The answers a claim window's bar offers out of a seat's legal actions; a game may keep
        an out-of-turn action (Cuzzins' pay-to-see) for its own button. Default: all of them."""
        return list(legal)

    def claim_discard(self) -> tuple[str | None, str]:
        """The piece a claim window is about: (atlas frame or None, words). Override."""
        return None, ""

    def claim_choices(self, seat: int) -> list[tuple[str, Any]]:
        """A seat's private choice in a claim window: its claims first, then Pass (the timeout's answer)."""
        legal = self.claim_answers(seat, list(self.driver.question(seat)[1]))
        default = self.match.prompt().timeout_action(seat)
        if default in legal:
            legal.remove(default)
            legal.append(default)
        return [(self.describe(a).capitalize() if a != default else "Pass", a) for a in legal]

    def claim_lit(self, choices: list[tuple[str, Any]]) -> int:
        """Which of a private choice's answers is gold before any hint: the first claim."""
        return 0

    def _choose_claim(self, seat: int, action: Any) -> None:
        up, self._choice_up = self._choice_up, None       # answered here, not by the timer
        answered = self.act_as(seat, action)
        if answered:
            self._check_handoff()            # hot seat: back to the public table (or on to the next turn)
        else:
            self._choice_up = up
        self._refresh_claim_bar()
        if answered and self.claim_bar.visible:    # the next player's buttons come up under the pointer
            self.claim_bar.arm(CLAIM_CLICK_GUARD)

    def _refresh_claim_bar(self) -> None:
        bar = self.claim_bar
        self._check_timer_passed()
        waiting = [] if self.replay_mode or self._handoff_pending else self._claim_waiting()
        hot_seat = len(self.human_seats) >= 2
        chooser = self.claim_chooser if hot_seat else (self.viewer if self.viewer in waiting else None)
        if chooser is not None and chooser not in waiting:
            chooser = None
        if (chooser is not None and self._skips_claim(chooser)
                and len(self.claim_answers(chooser, self.driver.question(chooser)[1])) == 1):
            chooser = None          # only Pass: the driver plays it next step, so no bar flashes up
        if not waiting:
            bar.hide()
            return
        frame, label = self.claim_discard()
        left = self._private_left(chooser) if hot_seat and chooser is not None else self.match.time_left()
        if chooser is not None:
            choices = self.claim_choices(chooser)
            default = choices[-1][1]
            title = "Your answer" if not hot_seat else f"{self.name_of(chooser)}: your answer"
            buttons = [(text, lambda a=a: self._choose_claim(chooser, a)) for text, a in choices]
            bar.show(title, frame, label, left, buttons,
                     note="Only you see this choice. Esc passes." if hot_seat else "Esc passes.",
                     on_cancel=lambda: self._choose_claim(chooser, default), lit=self.claim_lit(choices))
            if self._choice_up is None or self._choice_up[0] != chooser:
                self._choice_up = (chooser, len(self.match.log))
        elif hot_seat:
            buttons = [(f"{self.name_of(s)}: Claim", lambda s=s: self._press_claim(s)) for s in waiting]
            bar.show("Claim the discard?", frame, label, left, buttons,
                     note="Each player asked answers in private: press your button (or its number).")
        else:
            bar.hide()

    def _private_left(self, seat: int) -> float | None:
        """Hot seat: the seconds `seat` has at its private claim choice (the window's whole time
        until the choice is up; None = no timer)."""
        prompt = self.match.prompt()
        if prompt.timeout is None:
            return None
        p = self._private
        if p is not None and p[:2] == (seat, prompt.window):
            return max(0.0, p[2])
        return float(prompt.timeout)

    def _private_clock(self, dt: float) -> None:
        """Hot seat: while a player answers a claim window in private, the window's shared clock is
        held (the others can't use the screen meanwhile) and the choice runs on its own clock of the
        window's whole time; when that runs out the seat plays the prompt's timeout answer (Pass), as
        the window's clock would have, and _check_timer_passed says so. One human against bots, or
        no timer: nothing here, the window's clock alone counts."""
        seat = self.claim_chooser
        prompt = self.match.prompt()
        if (len(self.human_seats) < 2 or seat is None or prompt.timeout is None
                or seat not in self._claim_waiting()):
            self._private = None
            return
        left = self._private_left(seat) - max(0.0, dt)
        self._private = (seat, prompt.window, left)
        self.driver.hold()                   # the shared clock does not run while this one does
        if left > 0:
            return
        action = prompt.timeout_action(seat)
        self._private = None
        if action is not None:
            self.act_as(seat, action)        # logged as the window's own timeout would be

    def _now(self) -> float:
        return float(getattr(self.app, "time", 0.0))

    def _check_timer_passed(self) -> None:
        """A private claim choice went away without an answer from it: if the seat's answer is in the
        log, the timer gave it (Pass), so say so, or the choice just vanishes under the player's hand.
        (No answer at all: the game closed the window early, nothing to say.)"""
        up = self._choice_up
        if up is None or up[0] in self._claim_waiting():
            return
        self._choice_up = None
        seat, at = up
        if any(entry.seat == seat for entry in self.match.log[at:]):
            self._timer_passed = (seat, self._now())
            self.toast(f"Time ran out: {self.name_of(seat)} passed." if len(self.human_seats) >= 2
                       else "Time ran out: you passed.", theme.TEXT)

    def _late_esc(self) -> bool:
        """An Esc just after the timer passed for the player at their choice: the Pass it was meant to be."""
        self._check_timer_passed()
        if self._timer_passed is None or self._now() - self._timer_passed[1] > ESC_PASS_GRACE:
            return False
        self._timer_passed = None
        return True

    def _press_claim(self, seat: int) -> None:
        if seat in self._claim_waiting() and not self._curtain:
            self.request_handoff(seat, "Your answer to the discard: only you will see it.", claim=True)

    def _autosave(self) -> None:
        # Written in the background; the store tells the player once if saving fails.
        self.app.store.save_autosave(self.match.to_json())

    def _played_goal(self) -> Any:
        """The level's goal while someone plays for it (not in a replay, not with every seat a bot)."""
        return None if self.level is None or self.replay_mode or not self.human_seats else self.level.goal

    def _challenge_note(self) -> tuple[str, bool | None] | None:
        """(goal text, state) for a round's results in a challenge (None outside one, and when nobody
        plays it: with every seat a bot the goal is not followed)."""
        goal = self._played_goal()
        return None if goal is None else (goal.text, self.goal_state)

    def goal_progress(self) -> str | None:
        """The goal panel's count ('Won 1 of 3'), while the goal is undecided and has a count."""
        goal = self._played_goal()
        if goal is None or self.goal_state is not None:
            return None
        if self._progress is None or self._progress.goal is not goal:
            self._progress = GoalProgress(goal, self._goal_seat())
        self._progress.update(self.match)
        return self._progress.line()

    def hint_goal_note(self) -> str | None:
        """A last line for the hint while a challenge is on: the hint plays for any way out and knows
        nothing of the goal (seen: at Happy Family it offered a wait on a Red Dragon, a win that
        fails the challenge), so it says so; the goal panel beside it has the goal's words. None
        outside a challenge, and once the goal is decided."""
        goal = self._played_goal()
        if goal is None or self.goal_state is not None or self.lesson is not None:
            return None
        return "The hint looks for any way out, not for the challenge's goal."

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
                    # judged at the move the table shows: a sealed window's answers (a claim for
                    # Mah Jongg after two passes) arrive together, and judging the match's latest
                    # state on the first of them ended the challenge there, before the win was shown
                    state = self.match.state if self.finished else self.match.state_at(self.shown_move)
                    met = fn(goal, state, self._goal_seat())
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
        said = data.get("summary")
        data["summary"] = self.level.goal.text
        # decided during a round (a puzzle's first turn), no round results tell what happened: say it
        puzzle = self.level.goal.kind in self.PUZZLE_GOALS
        note = None if round_ends else decided_mid_round(self.level.goal, self.goal_state, self.ROUND_WORD, puzzle)
        if round_ends and not data.get("lines") and not data.get("transfers"):
            note = said        # a round that ended with nobody scoring (a Martian dead hand) says why
        title = puzzle_title(self.goal_state) if puzzle else challenge_title(self.goal_state)
        self._show_results(ResultsScene(self.app, data, self.result_names(), engine_names=self.engine_names,
                                        final=True, pieces=self.result_pieces(),
                                        title=title, note=note,
                                        again=self.play_again,       # a missed puzzle is tried again at once
                                        again_first=self.goal_state is False,
                                        next_label="Back to the challenges", on_close=self._to_challenges))

    def _to_challenges(self) -> None:
        from game.app.scenes.challenges import ChallengesScene
        self.leave()
        self.stack.push(ChallengesScene(self.app, show=self.level.id if self.level is not None else None))

    def _finish(self, result: Any, round_ends: list[Event]) -> None:
        from game.app.scenes.results import ResultsScene
        self.finished = True
        self._check_goal()
        # Counted and kept once, even when the app stopped before the autosave was cleared and the
        # finished game comes back through Continue (the key names this very game); the autosave
        # goes last, so a stop at any point leaves the game to be finished again.
        data = self.match.to_json()
        key = game_key(data)
        if self.human_seats and self.lesson is None:      # a lesson's set deal is no game to count
            totals = list(result.totals)
            won = any(s in result.winners for s in self.human_seats)
            scores = [x for x in (as_number(totals[s]) for s in self.human_seats if s < len(totals)) if x is not None]
            self.app.store.record_game(self.setup.game, won, max(scores) if scores else None, key=key)
        from game.app.scenes.replay import replay_summary
        self.app.store.save_replay(f"{self.setup.game}-{result.summary or 'game'}"[:60], data, key=key,
                                   summary=replay_summary(result, self.result_names()))
        self.app.store.clear_autosave()
        final = result.to_json()
        if not final.get("lines") and round_ends:
            final["lines"] = list(round_ends[-1].data.get("lines", []))
            round_ends = []
        title = None if self.goal_state is None else challenge_title(self.goal_state)
        # a challenge goes back to its list, as one decided before the game's end does
        back = ({"on_close": self.leave} if self.level is None or self.level.goal is None else
                {"next_label": "Back to the challenges", "on_close": self._to_challenges})
        # in a challenge both screens say beside their buttons whether the goal was met, and which goal
        challenge = self._challenge_note()
        if challenge is not None and challenge[1] is None:      # undecided at the end (a check that failed)
            challenge = None
        scenes = [ResultsScene(self.app, final, self.result_names(), engine_names=self.engine_names, final=True,
                               title=title, again=self.play_again, challenge=challenge,
                               again_first=self.goal_state is False, **back)]
        if round_ends:
            scenes.append(ResultsScene(self.app, dict(round_ends[-1].data), self.result_names(),
                                       engine_names=self.engine_names, final=False, round_word=self.ROUND_WORD,
                                       next_label="Final scores", challenge=challenge, pieces=self.result_pieces()))
        self._show_results(*scenes)

    def _lesson_words_up(self) -> bool:
        """A lesson that ended its game, or its round (Martian's lesson ends on a Mah Jongg in a game of
        several hands), keeps its closing words (and their New game / Play on) up until the player
        answers them: the results would cover them at once."""
        return self.lesson is not None and self.lesson.offers_next() and (self.finished or self.lesson.ended_round())

    def _show_results(self, *scenes: Any) -> None:
        """Push result scenes now, or once the table has shown the move that ended the round."""
        if (self.RESULTS_AFTER_PRESENTATION and self.presenting()) or self._lesson_words_up():
            self._pending_results.extend(scenes)
        else:
            for scene in scenes:
                self.stack.push(scene)
