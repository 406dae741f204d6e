"""The table side of a guided first hand ("Learn"), the same for every game.

A TableScene started from a level with a [lesson] (game/core/lesson.py) owns one LessonGuide.
The guide
  * checks each action the player makes: the step's action goes through and the lesson moves on;
    anything else is refused with a friendly nudge (a newcomer is never left off the script, so
    the next step's text always matches the table);
  * draws a panel with the step's text (what to do and why), and a glow around the pieces to
    touch, found through the table's hook `lesson_piece_rects(codes)` (or, for a step with no
    piece, around the button to press: `lesson_button_rects(kind)`; with a chooser open, around
    its option that makes the step: `lesson_option_rects(actions)`);
  * once the lesson is complete, offers the next step on its panel, by click or by key (N, P):
    "New game" (the game's setup screen) or "Play on" (a table has no button of its own to leave
    by; Esc does it too).
Bots need nothing: the level's fixed deal and seed make their moves the same every time.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from game.app import theme
from game.app.widgets import Button, FocusGroup
from game.core.lesson import Lesson, LessonRun, hand_delta
from game.core.protocol import IllegalAction

PAD = 16
MARK = (255, 204, 84)         # the lesson's gold (warmer than the keyboard's cool ring, theme.FOCUS_RING)
MARK_EDGE = (92, 62, 14)      # the arrow's shadow, so it stands out on the felt and on ivory
HALO_RINGS = 3
ARROW_W, ARROW_H = 26.0, 18.0
ARROW_ROOM = 30.0             # the arrow goes above a piece only this far below the window's top
BUTTON_H, BUTTON_GAP = 52, 10
NEXT_LABELS = ("New game", "Play on")        # the complete lesson's buttons
NEXT_KEYS = ("N", "P")                       # their keys (a keyboard player has no other way to them)


class LessonGuide:
    def __init__(self, scene: Any, lesson: Lesson):
        self.scene = scene
        # a continued game picks the lesson up where it was
        self.run, extra = steps_played(scene.match, scene.human_seats, lesson)
        self.clock = 0.0
        self.nudged = False
        self.closed = extra > 0           # the closing words go once the player acts again
        self.done_at: int | None = None   # the moves in the log when the last step was played
        self.ui = FocusGroup()            # the complete lesson's buttons, placed as the panel is drawn
        self._panel: tuple | None = None  # where the panel was last drawn (an arrow keeps off it)

    # ------------------------------------------------------------------ the script
    def allows(self, seat: int, action: Any) -> bool:
        """May the player make this action now? False: refused, with a nudge on the table."""
        return self.allows_any(seat, [action])

    def allows_any(self, seat: int, actions: list) -> bool:
        """A chooser's option that leads on to these actions (Martian's cover options): may the player
        take it? False when none is the step's: refused with the nudge, so the chooser can stay open."""
        if self.run.finished or any(self._fits(seat, a) for a in actions):
            return True
        self.scene.toast(self.run.nudge(), theme.GOLD, seconds=4)
        self.nudged = True
        return False

    def _fits(self, seat: int, action: Any) -> bool:
        used = self._used(seat, action)
        # (None: not legal at all, and the game's own reason says why)
        return used is None or self.run.allows(getattr(action, "kind", ""), used)

    def acted(self) -> None:
        """The player's action was played (it was the step's, or the lesson is over)."""
        if self.run.finished:
            self.closed = True
        elif self.nudged:
            self.scene.toasts.clear()      # an earlier nudge is not about the next step
            self.nudged = False
        self.run.advance()
        if self.run.finished and self.done_at is None:
            self.done_at = len(self.scene.match.log)

    def ended_round(self) -> bool:
        """The last step was the move just played (a Mah Jongg that ends the hand): its closing words
        come before that round's results. The round may end a few moves later (Kards' last turns after
        a Mah-Jongg, KRD-23): still that round while no round ended before the latest move (the table
        plays nothing while those results wait)."""
        if not self.offers_next() or self.done_at is None:
            return False
        n = len(self.scene.match.log)
        if n <= self.done_at:
            return True
        between = self.scene.match.history(None, self.done_at - 1, n - 1)
        return not any(e.kind == "round_end" for seen in between for e in seen.events)

    def expected(self, seat: int, candidates: list | None = None) -> list:
        """Which of `candidates` (default: the seat's listed legal actions) satisfy the current step.
        Tests play a lesson through with this."""
        step = self.run.step
        if step is None:
            return []
        out = []
        for a in self.scene.match.legal(seat) if candidates is None else candidates:
            used = self._used(seat, a)
            if used is not None and step.matches(a.kind, used):
                out.append(a)
        return out

    def steer(self, seat: int, action: Any) -> Any:
        """The hint during a lesson: the hint bot's action when it is the step's, else the step's
        own (the first action that makes it), so the hint never says other than the lesson."""
        if self.run.step is None:
            return action
        used = self._used(seat, action)
        if used is not None and self.run.allows(getattr(action, "kind", ""), used):
            return action
        match = self.scene.match
        # a game may list plays beyond its legal actions (Rummy's turns that move tiles)
        suggest = getattr(match.rules, "suggest_plays", None)
        extra = list(suggest(match.view(seat))) if suggest is not None else []
        options = self.expected(seat, match.legal(seat) + extra)
        return options[0] if options else action

    def _used(self, seat: int, action: Any) -> Counter | None:
        """The piece codes the action would take from the seat's hand (tried on the rules, which never
        change the state they are given); None when the rules refuse it."""
        match = self.scene.match
        try:
            after, _ = match.rules.apply(match.state, seat, action)
        except IllegalAction:
            return None
        return hand_delta(match.rules.view(match.state, seat).hand, match.rules.view(after, seat).hand)

    # ------------------------------------------------------------------ on the table
    def waiting(self) -> bool:
        return not self.ours() or self.scene.presenting()

    def ours(self) -> bool:
        """The player's move comes next (perhaps once the table has finished showing the last one):
        the step's words stay up rather than the "others are playing" note. On another's turn too
        when the step is a move the player may make out of turn (Martian's Mah Jongg on another's
        roll), so the words, the mark and the table's button agree."""
        s = self.scene
        if s.viewer is None or s.finished:
            return False
        return s.viewer in s.to_act or self.out_of_turn_step()

    def out_of_turn_step(self) -> bool:
        """The viewer may act out of turn now, and the step's action is among what it may do."""
        s = self.scene
        return (self.run.step is not None and s.viewer in s.match.prompt().out_of_turn
                and bool(self.expected(s.viewer)))

    def update(self, dt: float) -> None:
        self.clock += dt

    # ------------------------------------------------------------------ the complete lesson's buttons
    def offers_next(self) -> bool:
        """The lesson is complete and its closing words are up: its buttons are there to press."""
        return self.run.finished and not self.closed

    def handle(self, intent: Any) -> bool:
        """A click on the complete lesson's buttons, or their keys (the table gets everything else)."""
        if not self.offers_next():
            return False
        if intent.kind == "char" and (intent.char or "").upper() in NEXT_KEYS:
            (self.set_up_a_game if intent.char.upper() == NEXT_KEYS[0] else self.play_on)()
            return True
        if intent.pos is None or not self.ui.widgets:
            return False
        if intent.kind == "point":
            self.ui.handle(intent)          # hover light only: the table still follows the pointer
            return False
        return self.ui.handle(intent)

    def set_up_a_game(self) -> None:
        """Leave the lesson for the game's setup screen (Back there goes to the menu)."""
        from game.app.scenes.game_setup import SetupScene
        scene = self.scene
        scene.leave()
        scene.stack.push(SetupScene(scene.app, scene.setup.game))

    def play_on(self) -> None:
        self.closed = True

    def _place_buttons(self, rects: list[tuple]) -> None:
        if [tuple(b.rect) for b in self.ui.widgets] == rects:
            return
        self.ui.clear()
        self.ui.add(Button(rects[0], NEXT_LABELS[0], self.set_up_a_game, primary=True, size=theme.SMALL,
                           detail=NEXT_KEYS[0]))
        self.ui.add(Button(rects[1], NEXT_LABELS[1], self.play_on, size=theme.SMALL, detail=NEXT_KEYS[1]))

    # ------------------------------------------------------------------ the panel
    def _words(self) -> tuple[str, str, Any]:
        step = self.run.step
        n = len(self.run.lesson.steps)
        if step is None:
            return "Lesson complete", self.run.lesson.done, theme.TEXT
        if self.waiting() and not self.ours():
            return f"Learn · step {self.run.index + 1} of {n}", self.run.lesson.wait, theme.TEXT_DIM
        return f"Learn · step {self.run.index + 1} of {n}", step.say, theme.TEXT

    def panel_rect(self, canvas: Any) -> tuple[float, float, float, float]:
        """Where the panel is drawn (a table puts its hint below it)."""
        x, y, w = self.scene.LESSON_PANEL
        lines = canvas.wrap(self._words()[1], w - 2 * PAD, theme.SMALL)
        h = PAD + 30 + len(lines) * canvas.line_height(theme.SMALL) + PAD
        if self.offers_next():
            rects = button_rects(canvas, x, 0, w)
            h += rects[-1][1] + BUTTON_H + PAD
        return x, y, w, h

    def draw(self, canvas: Any) -> None:
        if self.closed:
            return
        self._panel = self.panel_rect(canvas)
        clear = self._keep_clear()
        for r in self.marked_rects():
            draw_mark(canvas, r, self.clock, clear)
        head, text, colour = self._words()
        x, y, w, h = self._panel
        canvas.panel((x, y, w, h), colour=theme.PANEL_SOLID, edge=theme.GOLD)
        canvas.text(head, (x + PAD, y + PAD - 2), theme.SMALL, theme.GOLD, True)
        canvas.paragraph(text, (x + PAD, y + PAD + 28, w - 2 * PAD, h), theme.SMALL, colour)
        if self.offers_next():
            rects = button_rects(canvas, x, 0, w)
            top = y + h - PAD - BUTTON_H - rects[-1][1]
            self._place_buttons([(r[0], r[1] + top, r[2], r[3]) for r in rects])
            self.ui.draw(canvas)

    def mark_zones(self) -> list[tuple]:
        """The room the marks take now (halo and arrow at their largest): a message keeps off them."""
        clear = self._keep_clear()
        out = []
        for r in self.marked_rects():
            rings, arrow = mark_shapes(r, math.pi / 8, clear)        # (the pulse at its peak)
            ax, ay, aw, ah = _bounds(arrow, 6.0)
            hx, hy, hw, hh = rings[-1][0]
            x0, y0 = min(ax, hx), min(ay, hy)
            out.append((x0, y0, max(ax + aw, hx + hw) - x0, max(ay + ah, hy + hh) - y0))
        return out

    def _keep_clear(self) -> list[tuple]:
        """What an arrow keeps off: the table's words, and the panel itself (it is drawn over the
        arrows: one at a chooser's option went left, under the panel)."""
        return self.scene.lesson_keep_clear() + ([self._panel] if self._panel is not None else [])

    def marked_rects(self) -> list[tuple]:
        """Where the step's marks go now: its pieces on the table (a step with none: the button that
        makes its action; an open chooser: its option that does), but none while it is not the
        player's move, nor on a piece under an open dialog (the mark would seem to pick its row)."""
        step = self.run.step
        if self.closed or step is None or self.waiting():
            return []
        options = self.scene.lesson_option_rects(self.expected(self.scene.viewer))
        if options is not None:         # a chooser is open: the option that makes the step
            return options
        covers = self.scene.lesson_covers()
        rects = (self.scene.lesson_piece_rects(step.highlight) if step.highlight
                 else self.scene.lesson_button_rects(step.do))
        return [r for r in rects if not any(overlaps(r, c) for c in covers)]


def mark_shapes(r: Any, clock: float, clear: Any = ()) -> tuple[list[tuple[tuple, float]], list[tuple[float, float]]]:
    """The lesson's mark on a piece: a soft gold halo breathing around it (rings fading outwards,
    no hard edge) and a gold arrow bobbing beside it, pointing at it: above it when there is room
    below the window's top and nothing in `clear` (rects of words the table keeps readable, such
    as name plates and pile labels) is in the way; else below, then left, then right. Unlike the
    keyboard's ring (a thin cool outline, theme.FOCUS_RING) it pulses and points, so the two never
    read as one. Returns the halo's (rect, alpha 0..1) rings and the arrow's points, its tip last."""
    x, y, w, h = r
    pulse = 0.5 + 0.5 * math.sin(clock * 4.0)
    grow = 2.0 + 3.0 * pulse
    rings = [((x - grow - i * 3, y - grow - i * 3, w + 2 * (grow + i * 3), h + 2 * (grow + i * 3)),
              (0.75 - 0.2 * i) * (0.55 + 0.45 * pulse)) for i in range(HALO_RINGS)]
    bob = 4.0 + 6.0 * pulse
    off = HALO_RINGS * 3 + bob
    cx, cy, half = x + w / 2, y + h / 2, ARROW_W / 2
    above = [(cx - half, y - off - ARROW_H), (cx + half, y - off - ARROW_H), (cx, y - off)]
    below = [(cx - half, y + h + off + ARROW_H), (cx + half, y + h + off + ARROW_H), (cx, y + h + off)]
    left = [(x - off - ARROW_H, cy - half), (x - off - ARROW_H, cy + half), (x - off, cy)]
    right = [(x + w + off + ARROW_H, cy - half), (x + w + off + ARROW_H, cy + half), (x + w + off, cy)]
    room = y - HALO_RINGS * 3 - 10.0 - ARROW_H >= ARROW_ROOM       # the arrow at its highest still shows
    # below a piece at the window's foot (your hand) it would be cut off: left or right instead
    room_below = y + h + HALO_RINGS * 3 + 10.0 + ARROW_H <= theme.LOGICAL_SIZE[1] - ARROW_ROOM / 3
    options = ([above] if room else []) + ([below] if room_below else []) + [left, right]
    for arrow in options:
        if not any(overlaps(_bounds(arrow, 6.0), c) for c in clear):     # (6: its bob either way)
            return rings, arrow
    return rings, options[0]


def _bounds(points: list[tuple[float, float]], pad: float) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad


def overlaps(a: Any, b: Any) -> bool:
    """Do two (x, y, w, h) rects share any area?"""
    return a[2] > 0 and a[3] > 0 and b[2] > 0 and b[3] > 0 and a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def draw_mark(canvas: Any, r: Any, clock: float, clear: Any = ()) -> None:
    rings, arrow = mark_shapes(r, clock, clear)
    for box, a in rings:
        canvas.outline((*MARK, int(255 * a)), box, 3, 10)
    canvas.polygon(MARK_EDGE, [(px + 1.5, py + 2.0) for px, py in arrow])
    canvas.polygon(MARK, arrow)


def button_rects(canvas: Any, x: float, top: float, w: float) -> list[tuple]:
    """Side by side when both labels fit so, else one above the other (a narrow panel)."""
    half = (w - 2 * PAD - BUTTON_GAP) / 2
    if all(canvas.measure(label, theme.SMALL, True)[0] <= half - 20 for label in NEXT_LABELS):
        return [(x + PAD, top, half, BUTTON_H), (x + PAD + half + BUTTON_GAP, top, half, BUTTON_H)]
    full = w - 2 * PAD
    return [(x + PAD, top, full, BUTTON_H), (x + PAD, top + BUTTON_H + BUTTON_GAP, full, BUTTON_H)]


def steps_played(match: Any, humans: Any, lesson: Lesson) -> tuple[LessonRun, int]:
    """The lesson's place after the moves already in `match`, and how many of the player's moves came
    after its last step. The log is replayed against the script rather than counted, because some of
    the player's moves were never steps (a claim window with only Pass answers itself)."""
    run = LessonRun(lesson, 0)
    extra = 0
    for i, entry in enumerate(match.log):
        if entry.seat not in humans:
            continue
        if run.finished:
            extra += 1
            continue
        action = match.rules.decode_action(entry.action)
        used = hand_delta(match.view_at(entry.seat, i).hand, match.view_at(entry.seat, i + 1).hand)
        if run.allows(getattr(action, "kind", ""), used):
            run.advance()
    return run, extra


def pick_by_code(items: list[tuple[str, Any]], codes: tuple[str, ...]) -> list[Any]:
    """From (code, thing) pairs in the table's order, the things to highlight: each code as many
    times as it is listed (a step that shows "B1" once lights one Bamboo 1, not all of them)."""
    want: dict[str, int] = {}
    for c in codes:
        want[c] = want.get(c, 0) + 1
    out = []
    for code, thing in items:
        if want.get(code, 0) > 0:
            want[code] -= 1
            out.append(thing)
    return out
