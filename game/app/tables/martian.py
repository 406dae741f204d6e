"""The Martian Mah Jongg table: 2-4 screens of Icehouse pyramids, twenty covers, the pool, the dice.

Drawn only from the viewer's view (martian_layout.py places it, martian_draw.py paints it): your
own screen open at the bottom, the others' closed along the top, every exposed pile tipped over in
front of its screen; the covers in fixed places (the one you lift shows you what it hides, others
see it taken); the 30 stacks of the pool with their counts; the d6 and d8 thrown in the tray on
every turn and the piece they name rising from its stack.

Input (mouse, keyboard and tests all arrive as intents): the turn's actions are buttons on the
right (Tab / arrows move the focus, Enter or Space presses, digits too); after a small or medium
draw the covers you may look under are focusable too (click one, or arrows and Enter); the cover
options (i) (ii) (iii) and where to put a piece come in the kit's chooser, each row saying what it
leaves in your piles. Mah Jongg out of turn is a button whenever it is legal; at a hot seat the
others reach it by their "Mah Jongg?" button on each turn's curtain (table_base.curtain_chances).
Claims use table_base's claim bar; curtains and results are table_base's too.

The memory aid (a table switch, saved with the game; on by default for one human at a table
that is not Strict): covers you looked under carry your marker, and hovering (or focusing) one
tells what you saw or left there and how long ago.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from game.app import theme
from game.app.anim.physics import DiceTray
from game.app.scenes.table_base import TableScene
from game.app.tablekit import announce as an
from game.app.tablekit import pyramids as pyr
from game.app.tablekit.chooser import Chooser, Option, OptionRow
from game.app.tables import martian_draw as md
from game.app.tables import martian_layout as ml
from game.app.tables import martian_words as mw
from game.app.widgets import Button, FocusGroup, numbered
from game.app.widgets.clickarea import ClickArea
from game.core.words import says
from game.rules.martian import Claim, Discard, Go, Hide, Keep, Look, MahJongg, Pass, Roll, Swap
from game.rules.martian.pieces import name

RISE_SECONDS = 0.45
STATUS_RECT = (30, 159, 354, 96)
LOG_TOP = 259
MEMORY_BUTTON = (30, 828, 230, 40)      # inside the rail (its inner edge is at 22 and 878)
HINT_BUTTON = (268, 828, 116, 40)        # beside it: the hint for the pointer too (it had only the H key)
CLAIM_WORD = {"pung": "Pung!", "kong": "Kong!", "mahjongg": "Mah Jongg!"}
# A keep that completes your piles ends your turn at once, and the next player's roll would take the
# Mah Jongg chance (MMJ-21) before a newcomer sees it: in a lesson that first chance waits this long for
# you (alone against bots, the bots wait for Mah Jongg! or Play on; at a hot seat your screen closes as
# your turn ends, and the next human's curtain offers you the chance).
MAH_JONGG_CHANCE_SECONDS = 3.0


def draw_layout(canvas: Any, lay: ml.TableLayout, view: Any, **kw: Any) -> None:
    """Every piece of the table (one place, so tests can record what is drawn)."""
    md.draw_layout(canvas, lay, view, **kw)


class PyramidRow(OptionRow):
    """A chooser row whose pictures are pyramids, each at its own shape (not a card's)."""

    def draw(self, canvas: Any, ring: bool = False) -> None:
        box = self.box
        fill, ink = self.colours()
        canvas.fill((0, 0, 0, 70), box.move(0, 3), 10)
        canvas.fill(fill, box, 10)
        canvas.outline((255, 255, 255, 40), box, 1.2, 10)
        h = box.height - 14
        widths = [pyr.UP[f.split("/")[1].rsplit("-", 1)[1]][0] * h / pyr.UP["L"][1] for f in self.option.frames]
        x = box.right - 14 - sum(w + 4 for w in widths)
        head, _, detail = self.label.partition("\n")        # a heading and what it leaves, on two lines
        left = box.left + 16
        if self.number is not None:                         # its number key
            canvas.text(str(self.number), (left, box.centery), 19, theme.TEXT_FAINT, True, "midleft")
            left += 26
        room = max(60, x - left - 8)
        if detail:
            canvas.text(head, (left, box.top + 7), 19, ink, True, "topleft", max_width=room)
            canvas.text(detail, (left, box.bottom - 7), 15, ink, False, "bottomleft", max_width=room)
        else:
            canvas.text(head, (left, box.centery), 19, ink, True, "midleft", max_width=room)
        for f, w in zip(self.option.frames, widths):
            size = f.split("/")[1].rsplit("-", 1)[1]
            ph = pyr.UP[size][1] * h / pyr.UP["L"][1]
            canvas.piece(f, (x, box.bottom - 7 - ph, w, ph))
            x += w + 4
        if ring:
            self.draw_ring(canvas, 10)


class CoverSpot(ClickArea):
    """A cover you may look under, as a focus stop (the table draws the cover and its ring)."""

    def draw(self, canvas: Any, ring: bool = False) -> None:
        pass


class MartianTable(TableScene):
    CLAIM_WORD = CLAIM_WORD
    SPECTATOR_SEAT = 0
    SHOW_THINKING = False
    RESULTS_AFTER_PRESENTATION = True       # the last throw and the Mah Jongg are seen first
    ROUND_WORD = "hand"
    KEEP_ENDED_ROUND = True
    GOAL_RECT = (30, 80, 354, 74)          # under the hand and East lines, two lines of goal, above the status
    LESSON_PANEL = (30, 470, 354)
    CLAIM_BAR = (520, 240, 560, 330)

    def __init__(self, app: Any, match: Any, level: Any = None):
        super().__init__(app, match, level)
        self._bottom = self.viewer if self.viewer is not None else 0
        self.tray = DiceTray(ml.TRAY, die_size=38)
        self._thrown = 0
        self._words_bottom = float(LOG_TOP)      # where the left column's words end (set as drawn)
        self.rise = 1.0
        self.chooser: Chooser | None = None
        self.ui = FocusGroup()
        self._ui_for: Any = None
        self.buttons: list[Button] = []
        self.cover_spots: dict[int, CoverSpot] = {}
        self.log_lines: deque[str] = deque(maxlen=9)
        self.hover: tuple[float, float] | None = None
        self._lay: ml.TableLayout | None = None
        self._laid_for: Any = None
        self._told_complete = False              # the "your piles are complete" pause was given
        self._holding = False                    # that pause waits for the only human's answer
        if "memory_aid" not in match.meta:
            strict = bool(self.rule_option("strict", False))
            match.meta["memory_aid"] = len(self.human_seats) <= 1 and not strict
        self.rebuild_log()
        view = self.view
        if view.dice is not None:            # a resumed game shows the last throw where it lay
            self.tray.throw([("d6", view.dice[0]), ("d8", view.dice[1])], len(match.log), instant=True)

    # ================================================================== what is shown
    @property
    def memory_aid(self) -> bool:
        return bool(self.match.meta.get("memory_aid"))

    def toggle_memory_aid(self) -> None:
        self.match.meta["memory_aid"] = not self.memory_aid
        self._ui_for = None
        self.toast(f"Memory aid {'on' if self.memory_aid else 'off'}.", theme.TEXT)
        if not self.replay_mode:
            self._autosave()

    @property
    def bottom_seat(self) -> int:
        """The seat at the bottom; between hot-seat players the last one's place, screen closed."""
        if self.viewer is not None:
            self._bottom = self.viewer
        return self._bottom

    def layout(self) -> ml.TableLayout:
        key = (self.shown_move, self.viewer, self.bottom_seat, id(self.view))
        if self._lay is None or self._laid_for != key:
            self._lay = ml.lay_table(self.view, self.bottom_seat, self.opened_screens())
            self._laid_for = key
        return self._lay

    def opened_screens(self) -> frozenset:
        """The seats whose screen the penalty has opened, as the table stands now: public, so read
        from the view everyone has (the viewer's own view shows its own screen either way)."""
        if self.replay_mode or self.shown_move is None:
            return frozenset()
        try:
            public = self.match.view_at(None, self.shown_move)
        except (IndexError, AttributeError):
            return frozenset()
        return frozenset(p.seat for p in public.players if p.screen is not None)

    def markers(self) -> list[int]:
        """The covers that carry the viewer's memory marker now."""
        if not self.memory_aid:
            return []
        return [c.place for c in self.view.covers if c.memory is not None]

    @property
    def acting(self) -> bool:
        """The viewer may act on the table now (its turn, or Mah Jongg out of turn; in a hot seat, a
        player who came to the screen for that chance, whether or not their piles are complete)."""
        chance = self.at_chance() and not self._handoff_pending and not self.finished
        return (self._may_act() or chance) and self._lesson_lets_act()

    def curtain_chance_label(self, seat: int) -> str | None:
        """Hot seat: every turn's curtain offers the other humans Mah Jongg before the roll (MMJ-21)."""
        return f"{self.name_of(seat)}: Mah Jongg?"

    def _may_act(self) -> bool:
        """The rules let the viewer act now (a lesson aside)."""
        v = self.viewer
        return (v is not None and self.is_human(v) and not self.finished and not self._handoff_pending
                and not self.replay_mode and self.view.phase != "claim" and bool(self.legal))

    def _lesson_lets_act(self) -> bool:
        """A lesson's words saying "wait" offer no Mah Jongg on another's turn (only its own step does)."""
        lesson = getattr(self, "lesson", None)
        return lesson is None or lesson.run.finished or lesson.ours()

    def status(self) -> str:
        v = self.view
        if self.finished or v.finished:      # a replay's last move too (its table never finishes)
            return "The game is over."
        if self._results_open:               # the ended hand stays on show (a lesson's closing words too)
            return "The hand is over."
        if v.phase in ("cover_d8", "east_d8", "deal_d8"):
            return "Setting up: the colour die places the covers' pieces, chooses East and deals the first piles."
        if v.phase == "claim":
            who = self.name_of(v.discarder)
            if v.seat in self._claim_waiting():
                return f"{who} discarded a {name(v.discard)}: claim it or pass."
            return f"{who} discarded a {name(v.discard)}: waiting for claims."
        if self.at_chance() and self.acting:
            if MahJongg() in self.legal:
                return f"Before {self.name_of(v.turn)} rolls: call Mah Jongg now, or pass the screen on."
            return "Your piles are not complete yet: nothing to call. Pass the screen on."
        if self._holding:
            return f"Before {self.name_of(v.turn)} rolls: call Mah Jongg now, or Play on."
        mine = self.acting and v.seat == v.turn
        if mine and v.phase == "begin" and MahJongg() in self.legal:
            # Space presses the focused button, which may be Mah Jongg! (kept from the others' turns)
            return "Your turn: call Mah Jongg (1), or roll the dice (2)."
        if mine and v.phase == "begin":
            return "Your turn: roll the dice (Space)."
        if mine and v.phase == "draw":
            looks = any(isinstance(a, Look) for a in self.legal)
            extra = " Or look under a cover first: click one, or Tab to it and press Enter." if looks else ""
            choice = "Keep it or let it go." if Keep("discard") in self.legal else "Keep it: choose where."
            return f"The dice give you a {name(v.drawn)}. {choice}{extra}"
        if mine and v.phase == "cover":
            return f"Under the cover: a {name(v.under)}. Choose {self.cover_choice_words()}."
        if mine and v.phase == "called":
            return "Your pile is shown. Say go, or discard one piece."
        who = self.name_of(v.turn)
        if v.phase == "begin":
            return f"{who} to roll." if self.is_human(v.turn) else f"{says(who, 'is')} rolling…"
        if v.phase in ("draw", "cover"):
            return f"{who} drew a {name(v.drawn)}: deciding…"
        return f"{says(who, 'is')} playing…"

    # ================================================================== the turn's actions
    def _refresh_ui(self) -> None:
        # Rebuilt only when the position, the viewer or the panel changes, so focus and a
        # half-done press survive from frame to frame.
        key = (len(self.match.log), self.viewer, self.acting, self.chooser is None, self.memory_aid, self.at_chance(),
               self._holding)
        if key == self._ui_for:
            return
        old = self.ui.focused.label if isinstance(self.ui.focused, Button) else None
        keyboard = self.ui.keyboard
        self._ui_for = key
        self.ui = FocusGroup()
        self.buttons = []
        self.cover_spots = {}
        if self.acting and self.chooser is None:
            for kind, label, fn, primary in self._button_specs():
                x, y, w, h = ml.BUTTONS
                y += len(self.buttons) * (h + 10)
                self.buttons.append(self.ui.add(Button((x, y, w, h), f"{len(self.buttons) + 1}  {label}", fn,
                                                       primary=primary)))
                self.buttons[-1].kind = kind        # the action it makes: a lesson's step marks it
            lay = self.layout()
            for a in self.legal:
                if isinstance(a, Look):
                    r = lay.cover_rect(a.cover)
                    if r is not None:
                        self.cover_spots[a.cover] = self.ui.add(
                            CoverSpot(r, lambda c=a.cover: self._look(c), f"cover {a.cover}"))
        if self.replay_mode:                      # the replay's own controls sit along the bottom
            return
        toggle = f"Memory aid: {'on' if self.memory_aid else 'off'}  (M)"
        self.memory_button = self.ui.add(Button(MEMORY_BUTTON, toggle, self.toggle_memory_aid, size=theme.SMALL))
        self.memory_button.focusable = False      # the M key; Enter and Tab stay on the turn's choices
        if self.viewer is not None:
            hint = self.ui.add(Button(HINT_BUTTON, "Hint (H)", self.request_hint, size=theme.SMALL))
            hint.focusable = False                # the H key, as the memory switch's M
        target = next((b for b in self.ui.widgets if getattr(b, "label", None) == old), None)
        lit = next((b for b in self.buttons if b.primary), None)      # a lesson's step lights its own
        self.ui.set_focus(target or lit or (self.buttons[0] if self.buttons else None))
        self.ui.keyboard = keyboard

    def toast_areas(self) -> list[tuple[float, float, float, float]]:
        """Free felt for messages: the right column under the turn's buttons, else the left column
        under what happened (above the lesson or the memory switch); the pool is never covered."""
        x, y, w, h = ml.BUTTONS
        top = max([b.rect.bottom for b in self.buttons] + [y]) + 14
        right = (ml.BOTTOM[0] + ml.BOTTOM[2], top, 1576 - ml.BOTTOM[0] - ml.BOTTOM[2], 868 - top)
        lx, _ly, lw = ml.LEFT
        floor = (self.LESSON_PANEL[1] if self.lesson is not None else MEMORY_BUTTON[1]) - 10
        words = self._words_bottom + 10
        return [right, (lx, words, lw, floor - words)]

    def toast_avoid(self) -> list[tuple[float, float, float, float]]:
        """An open chooser (a hint toast touched its corner): the message goes to the left column."""
        return [tuple(self.chooser.rect)] if self.chooser is not None else []

    def _button_specs(self) -> list[tuple[str, str, Any, bool]]:
        """The turn's buttons as (the kind of action it makes, label, press, lit); "cover" stands for
        the cover options (i)-(iii), several kinds under one button."""
        v, legal = self.view, self.legal
        out: list[tuple[str, str, Any, bool]] = []
        if self.at_chance():                     # hot seat: came to the screen for Mah Jongg out of turn
            if MahJongg() in legal:
                out.append((MahJongg.kind, "Mah Jongg!", lambda: self._play(MahJongg()), True))
            out.append((Pass.kind, "Not now: pass on", self.end_chance, MahJongg() not in legal))
            return out
        mine = v.seat == v.turn
        if MahJongg() in legal:
            # always button 1 (key 1): it sat under Roll the dice on your own turn, so a click or key
            # meant for it just as a bot's turn ended rolled the dice instead
            out.append((MahJongg.kind, "Mah Jongg!", lambda: self._play(MahJongg()), not mine))
            if self._holding:
                out.append((Pass.kind, "Play on", self.play_on, False))
        if mine and Roll() in legal:
            out.append((Roll.kind, "Roll the dice", lambda: self._play(Roll()), True))
        if mine and v.phase == "draw":
            keeps = [a for a in legal if isinstance(a, Keep)]
            if keeps:                             # a large with room on the bonus stack can't be let go
                label = "Keep it or let it go…" if Keep("discard") in keeps else "Keep it…"
                out.append((Keep.kind, label, lambda: self.open_keep(keeps), True))
            if any(isinstance(a, Look) for a in legal):
                out.append((Look.kind, "Look under a cover", self._focus_covers, False))
        if mine and v.phase == "cover":
            out.append(("cover", f"Choose {self.cover_choice_words()}…", self.open_cover_options, True))
        if mine and v.phase == "called":
            out.append((Go.kind, "Say go", lambda: self._play(Go()), True))
            discards = [a for a in legal if isinstance(a, Discard)]
            if discards:
                out.append((Discard.kind, "Discard a piece…", lambda: self.open_discard(discards), False))
        step = self.lesson.run.step if self.lesson is not None else None
        if step is not None and any(kind == step.do for kind, *_ in out):
            # the lesson's step lights its button alone (Roll the dice was gold while its words said Mah Jongg!)
            out = [(kind, label, fn, kind == step.do) for kind, label, fn, _lit in out]
        return out

    def _focus_covers(self) -> None:
        spots = sorted(self.cover_spots)
        if spots:
            if self.ui.focused not in self.cover_spots.values():     # a cover the hint ringed stays ringed
                self.ui.set_focus(self.cover_spots[spots[0]])
            self.ui.keyboard = True
            self.toast("Pick a cover: arrows move, Enter looks under it (or click one).", theme.TEXT)

    def _look(self, cover: int) -> None:
        if self._play(Look(cover)):
            self.toasts.clear()             # "Pick a cover" is done with; it would lie over the options
            self.open_cover_options()

    def _play(self, action: Any) -> bool:
        if self.viewer is None:
            return False
        return self.act_as(self.viewer, action)

    # ------------------------------------------------------------------ choosers
    def _chooser(self, title: str, options: list[Option], on_pick: Any, on_cancel: Any = None) -> None:
        self.chooser = Chooser(title, options, on_pick, on_cancel or self._close_chooser, row=PyramidRow,
                               centre=(870, 600), keyboard=self.ui.keyboard, width=960)   # clear of the lesson panel
        rows = self._lesson_rows()
        if rows:                            # Enter then picks the lesson's option, as it does the hint's
            self.chooser.focus_option(rows[0])

    def _close_chooser(self) -> None:
        self.chooser = None
        self.hover = None
        self._ui_for = None

    def _picked(self, action: Any) -> None:
        if self._lesson_refuses([action]):
            return
        self._close_chooser()
        self._play(action)

    def _lesson_refuses(self, actions: list) -> bool:
        """A chooser's option a lesson's step does not take: its nudge, and the chooser stays open
        (the focus back on the step's option, where a number key had moved it)."""
        if self.lesson is None or self.viewer is None or self.lesson.allows_any(self.viewer, actions):
            return False
        rows = self._lesson_rows()
        if rows:
            self.chooser.focus_option(rows[0])
        return True

    def _lesson_rows(self) -> list[int]:
        """The open chooser's options that make the lesson's step."""
        if self.chooser is None or self.lesson is None or self.viewer is None or self.lesson.run.step is None:
            return []
        rows = {self._hinted_option(a) for a in self.lesson.expected(self.viewer)}
        return sorted(i for i in rows if i is not None)

    def _where_options(self, acts: list, piece: str, other: str | None = None) -> list[Option]:
        mine = self.view.mine
        opts = []
        for a in acts:
            _where, out, piles = mw.place(mine, piece, a.to)
            frames = tuple(pyr.up_frame(c) for c in mw.pile_after(piles, a.to)) or (pyr.up_frame(piece),)
            opts.append(Option(mw.action_line(a, mine, self.view.drawn, self.view.under), frames, a))
        return opts

    def open_keep(self, keeps: list) -> None:
        d = self.view.drawn
        self._chooser(f"Where does the {name(d)} go?", self._where_options(keeps, d), self._picked)

    def cover_groups(self) -> list[tuple[str, tuple[str, ...], list]]:
        """The cover options as (heading, pictures, actions): (i) keep, (ii) swap, (iii) per opaque."""
        v, legal = self.view, self.legal
        d, u = v.drawn, v.under
        groups = [("keep", None, (pyr.up_frame(d),), [a for a in legal if isinstance(a, Keep)]),
                  ("swap", None, (pyr.up_frame(u),), [a for a in legal if isinstance(a, Swap)])]
        for op in ("black", "white"):
            groups.append(("hide", f"{op}-S", (pyr.up_frame(f"{op}-S"),),
                           [a for a in legal if isinstance(a, Hide) and a.opaque == op]))
        out = []
        for kind, opaque, frames, acts in groups:
            if not acts:
                continue
            if len(acts) == 1:
                detail = mw.action_line(acts[0], v.mine, d, u).replace("\n", ". ").replace("..", ".")
            else:
                detail = mw.option_detail(kind, d, u, opaque, [getattr(a, "to", "") for a in acts])
            out.append((mw.option_heading(kind, d, u, opaque) + "\n" + detail, frames, acts))
        return out

    def cover_choice_words(self) -> str:
        """The cover options open now, as the chooser numbers them: "(i) or (ii)" when (iii) can't be had."""
        marks = sorted({h.split(" ", 1)[0] for h, _f, _a in self.cover_groups()}, key=len)
        if len(marks) == 3:                 # all three: short enough for the button ("(i), (ii) or (iii)" was cut)
            return f"{marks[0]}–{marks[-1]}"
        return " or ".join(marks)

    def open_cover_options(self) -> None:
        if self.view.phase != "cover" or self.view.under is None:
            return
        groups = self.cover_groups()
        opts = [Option(h, frames, i) for i, (h, frames, _acts) in enumerate(groups)]
        self._chooser("What do you do with this cover?", opts, lambda i: self._open_group(groups[i]))

    def _open_group(self, group: tuple) -> None:
        heading, _frames, acts = group
        if self._lesson_refuses(acts):
            return
        if len(acts) == 1:
            self._picked(acts[0])
            return
        v = self.view
        opts = []
        for a in acts:
            piece = v.drawn if isinstance(a, Keep) or (isinstance(a, Hide) and a.keep == "drawn") else v.under
            _where, _out, piles = mw.place(v.mine, piece, a.to)
            frames = tuple(pyr.up_frame(c) for c in mw.pile_after(piles, a.to)) or (pyr.up_frame(piece),)
            opts.append(Option(mw.action_line(a, v.mine, v.drawn, v.under), frames, a))
        self._chooser(heading.split("\n")[0] + ": where?", opts, self._picked, self.open_cover_options)

    def open_discard(self, discards: list) -> None:
        mine = self.view.mine
        opts = [Option(mw.action_line(a, mine, None, None), (pyr.up_frame(mw.piece_at(mine, a.place)),), a)
                for a in discards if mw.piece_at(mine, a.place)]
        self._chooser("Which piece do you discard?", opts, self._picked)

    def on_viewer_changed(self, old: int | None, new: int | None) -> None:
        self.chooser = None
        self._ui_for = None
        self.hover = None
        self.rebuild_log()

    # ================================================================== presenting
    def present(self, events: list) -> None:
        for e in events:
            d = e.data
            k = e.kind
            if k == "rolled":
                self._throw([("d6", d["d6"]), ("d8", d["d8"])])
                if not d.get("lost"):
                    self.rise = 0.0 if self.anim_speed > 0 else 1.0
            elif k == "rolled_d8":
                self._throw([("d8", d["face"])], instant=True)
            elif k == "claim_resolved" and d.get("taker") is not None:
                self._announce(CLAIM_WORD.get(d.get("call", "pung"), "Claim!"), d["taker"])
            elif k == "mahjongg":
                self._announce("Mah Jongg!", d["seat"])
            elif k == "hand_start":
                self.log_lines.clear()
            line = self.event_line(e)
            if line:
                self.log_lines.append(line)
        if self.chooser is not None and not self.acting:
            self.chooser = None

    def event_line(self, e: Any) -> str:
        """What happened, in a line of the log, as the viewer saw it (its events are already redacted)."""
        d, k = e.data, e.kind
        who = self.name_of(d["seat"]) if isinstance(d.get("seat"), int) else ""
        if k == "rolled":
            if d.get("lost"):
                return f"{who} rolled {d['d6']} and {d['d8']}: no {name(d['piece'])} left, the turn is lost."
            return f"{who} rolled {d['d6']} and {d['d8']}: a {name(d['piece'])}."
        if k == "rolled_d8" and d.get("for") == "east":
            return f"{who}: {d['face']} on the colour die, for East."
        if k == "east":
            return f"East: {who}."
        if k == "looked":      # sized as the hint and the tooltip name it: "cover 18" alone was hard to find
            size = "large" if d["cover"] >= 10 else "medium"
            return f"{'You' if d['seat'] == self.viewer else who} looked under {size} cover {d['cover'] + 1}."
        if k == "kept":
            if d["seat"] == self.viewer and "to" in d:
                if d["to"] == "discard":      # let go: back to the pool, or an opaque that had to stay
                    return f"You let the {name(d['piece'])} go." if d.get("discard") else ""
                return f"You kept the {name(d['piece'])}."
            # what was chosen stays behind the screen; whether a discard follows is public ("made a
            # choice" left a newcomer asking what happened, and a turn without a discard said nothing)
            return f"{who} chose behind the screen" + ("." if d.get("discard") else " and said go.")
        if k == "go":          # after a claim: the caller kept the piece and let the turn pass on
            return f"{who} said go."
        if k == "discarded":
            return f"{who} discarded a {name(d['piece'])}."
        if k == "opaque_discard":
            return f"{who} tried to discard an opaque: {'your' if who == 'You' else 'their'} screen stays open."
        if k == "claim_resolved" and d.get("taker") is not None:
            call = d.get("call", "pung")
            return f"{self.name_of(d['taker'])} called {CLAIM_WORD.get(call, call).rstrip('!')}."
        if k == "mahjongg":
            return f"{who} went Mah Jongg!"
        if k == "round_end":
            return "A dead hand: four lost turns in a row." if d.get("winner") is None else "The hand is over."
        if k == "hand_start":
            return f"Hand {d.get('hand', 1)} begins."
        return ""

    def rebuild_log(self) -> None:
        """The log as the present viewer saw it (after a handoff, or a resumed game): nobody reads
        the lines the previous player's view wrote."""
        self.log_lines.clear()
        n = self._seen          # the moves shown so far: one being shown now adds its own lines
        for seen in self.match.history(self.viewer, max(0, n - 30), n):
            for e in seen.events:
                if e.kind == "hand_start":
                    self.log_lines.clear()
                line = self.event_line(e)
                if line:
                    self.log_lines.append(line)

    def _throw(self, faces: list, instant: bool = False) -> None:
        self._thrown += 1
        self.tray.throw(faces, len(self.match.log) * 7 + self._thrown, instant=instant or self.anim_speed <= 0)

    def _announce(self, word: str, seat: int) -> None:
        if self.anim_speed <= 0:
            return
        box = self.layout().seat_boxes.get(seat)
        if box is not None:
            x, y, w, h = box
            self.announcements.append(an.announce(self.tweens, word, (x + w / 2, y + h / 2)))

    def presenting(self) -> bool:
        return super().presenting() or not self.tray.settled or self.rise < 1.0

    def _show_move(self, seen: Any) -> None:
        super()._show_move(seen)
        if self._holding:                    # Mah Jongg! was played (or the table moved on): no more hold
            self._holding = False
            self._wait = 0.0
        v = self.view
        mine = getattr(v, "mine", None)
        if self.replay_mode or self.finished or v.finished or mine is None or not mine.complete():
            self._told_complete = False
            return
        in_lesson = self.lesson is not None and not self.lesson.run.finished   # its words say when to call
        # (the rules' chance, whatever a lesson's step: its words and mark come with its own step)
        if (not self._told_complete and v.phase == "begin" and v.turn != v.seat and self._may_act()
                and MahJongg() in self.legal):
            self._told_complete = True
            if not in_lesson and len(self.human_seats) == 1:
                # the only human decides: the bots wait for Mah Jongg! or Play on (a timed pause ran out
                # on a newcomer still reading, and the next roll cost them "winning piece drawn")
                self._holding = True
                self._wait = float("inf")
            elif self.anim_speed > 0:
                self._wait = max(self._wait, MAH_JONGG_CHANCE_SECONDS / self.anim_speed)
            if not in_lesson:
                play_on = "Play on" if self._holding else "play on"
                self.toast(f"Your piles are complete: call Mah Jongg now, or {play_on} for a bigger hand "
                           "(you may call it at any later chance).", theme.GOLD,
                           8.0 if self._holding else MAH_JONGG_CHANCE_SECONDS + 1)

    def play_on(self) -> None:
        """The held chance passed up: the bots play on (Mah Jongg stays on offer at later chances)."""
        self._holding = False
        self._wait = 0.0

    def skip_presentation(self) -> None:
        self.tray.finish()
        self.rise = 1.0

    def update(self, dt: float) -> None:
        step = dt * self.anim_speed
        if self.anim_speed <= 0:
            if not self.tray.settled:
                self.tray.finish()
            self.rise = 1.0
        else:
            if not self.tray.settled:
                self.tray.step(step)
            if self.tray.settled:          # the piece rises once the dice have named it
                self.rise = min(1.0, self.rise + step / RISE_SECONDS)
        super().update(dt)

    # ================================================================== input
    def handle_table(self, intent: Any) -> bool:
        if self.chooser is not None:
            return self.chooser.handle(intent)
        self._refresh_ui()
        k = intent.kind
        if k == "point":
            self.hover = intent.pos
        if k == "char" and intent.char:
            if intent.char.lower() == "m":
                self.toggle_memory_aid()
                return True
            button = numbered(self.buttons, intent.char)
            if button is not None:
                return button.activate()
        if k == "back":
            return False                  # table_base: leave the table?
        if self.ui.handle(intent):
            return True
        if k == "select" and intent.pos is not None and self.acting:
            c = self.layout().cover_at(intent.pos)
            if c is not None and self.view.phase == "draw":
                self.toast(f"A {name(self.view.drawn)} can only go under a "
                           f"{'medium' if self.view.drawn.endswith('-S') else 'large'} cover.", theme.BAD)
                return True
        return False

    # ================================================================== drawing
    def draw_table(self, canvas: Any, view: Any) -> None:
        self._refresh_ui()
        lay = self.layout()
        focus = next((c for c, w in self.cover_spots.items() if w is self.ui.focused and self.ui.keyboard), None)
        draw_layout(canvas, lay, view, names=self.name_of, bottom=self.bottom_seat, rise=self.rise,
                    memory_aid=self.memory_aid, focus_cover=focus, eligible=tuple(self.cover_spots))
        self._draw_words(canvas, view)
        self._draw_tray(canvas)
        for w in self.ui.widgets:
            if isinstance(w, Button):
                w.draw(canvas, w is self.ui.focused and self.ui.keyboard)
        self.announcements = [a for a in self.announcements if not a.done]
        for a in self.announcements:
            an.draw_announcement(canvas, a)
        tip = self._tooltip(lay, focus)
        if tip is not None and self.chooser is None:
            md.draw_tooltip(canvas, *tip)
        if self.chooser is not None:
            self.chooser.draw(canvas)

    def _draw_words(self, canvas: Any, view: Any) -> None:
        x, y, w = ml.LEFT
        east = self.name_of(view.east) if view.east is not None else "to be rolled"
        canvas.text(f"Martian Mah Jongg · hand {view.hand_no}", (x, y), theme.BODY, theme.TEXT, True)
        strict = " · Strict table" if self.rule_option("strict", False) else ""     # opaque discards are penalised
        canvas.text(f"East: {east}" + (f" · lost turns: {view.lost}" if view.lost else "") + strict, (x, y + 27),
                    theme.SMALL, theme.TEXT_DIM)
        canvas.paragraph(self.status(), STATUS_RECT, theme.SMALL, theme.TEXT)
        ly = LOG_TOP
        for line in list(self.log_lines)[-9:]:
            ly += canvas.paragraph(line, (x, ly, w, 60), 15, theme.TEXT_DIM) + 2
        self._words_bottom = ly
        for s in range(view.n):                     # names and scores, under each screen
            box = self.layout().seat_boxes.get(s)
            if box is None:
                continue
            bx, by, bw, bh = box
            turn = s == view.turn and view.phase not in ("claim",) and not view.finished
            label = f"{self.name_of(s)}{' (East)' if s == view.east else ''} · {view.scores[s]} pts"
            colour = theme.ACTIVE_SEAT if turn else theme.TEXT
            at = (bx + bw / 2, by + bh + 2) if s == self.bottom_seat else (bx + bw / 2, by + 4)
            if s == self.bottom_seat:
                at = (bx + bw - 8, by + 40)
                canvas.text(label + ("  ◂ to play" if turn else ""), at, theme.SMALL, colour, True, "bottomright")
            else:
                canvas.text(label + ("  ◂ to play" if turn else ""), at, theme.SMALL, colour, True, "midtop")

    def _draw_tray(self, canvas: Any) -> None:
        from game.app.anim.physics_draw import draw_dice_tray
        atlas = canvas.atlas
        cb = canvas.colourblind

        def frame(n: str) -> Any:
            return atlas.frame(n, cb) if atlas is not None and atlas.has(n) else None

        draw_dice_tray(canvas.target, self.tray, frame, canvas.scale, canvas.offset)

    def _tooltip(self, lay: ml.TableLayout, focus: int | None) -> tuple[str, tuple[float, float]] | None:
        """What the pointer (or the keyboard focus) is on: a cover's memory, a stack's count."""
        v = self.view
        idx = focus if focus is not None else (lay.cover_at(self.hover) if self.hover is not None else None)
        if idx is not None:
            cv = v.covers[idx]
            r = lay.cover_rect(idx)
            what = f"{'Medium' if cv.size == 'M' else 'Large'} {cv.colour} cover {idx + 1}: hides a " \
                   f"{'small' if cv.size == 'M' else 'medium'}."
            seen = mw.memory_line(cv.memory, cv.looks, v.rolls) if self.memory_aid else ""
            looks = f" Looked under {cv.looks} time{'s' if cv.looks != 1 else ''}." if cv.looks else ""
            return f"{what}{looks} {seen}".strip(), (r[0] + r[2] / 2, r[1])
        if self.hover is not None:
            for it in lay.of("stack"):
                if ml._inside(it.rect, self.hover):
                    return f"{it.extra} × {name(it.code)} in the pool", (it.rect[0] + it.rect[2] / 2, it.rect[1])
        return None

    def request_hint(self) -> None:
        """A single legal action (roll the dice, pass) has nothing to weigh: said at once. Asking a
        worker that is still starting (a hot seat has no bot to start it) took seconds."""
        v = self.viewer
        legal = self.match.legal(v) if v is not None and v in self.to_act and not self.hint_pending() else []
        if len(legal) == 1:
            self._give_hint(legal[0])
            return
        super().request_hint()

    def show_hint(self, action: Any) -> None:
        v = self.view
        words = mw.hint_line(action, getattr(v, "mine", None), getattr(v, "drawn", None), getattr(v, "under", None))
        spot = self.cover_spots.get(action.cover) if isinstance(action, Look) else None
        if spot is not None:                  # ring the cover meant; Enter then looks under it
            self.ui.set_focus(spot)
            self.ui.keyboard = True
        i = self._hinted_option(action)
        if i is not None:                     # a chooser is open: ring its option that leads there
            self.chooser.ui.set_focus(self.chooser.ui.widgets[i])
            self.chooser.ui.keyboard = True
            if self.chooser.options[i].value == action and getattr(v, "mine", None) is not None:   # inside (i)-(iii)
                words = mw.action_line(action, v.mine, v.drawn, v.under).replace("\n", ". ")
        elif self.chooser is not None and words and isinstance(action, (Keep, Swap, Hide)):
            # another option's places are open ("Choose (i)..." named a row not on the screen): the way back first
            words = f"Cancel, then {words[0].lower()}{words[1:]}"
        self.toast(f"Hint: {words}" if words else f"Hint: {self.describe(action)}", colour=theme.GOLD)

    def _hinted_option(self, action: Any) -> int | None:
        """The open chooser's option that plays `action`, or the cover option (i)-(iii) holding it."""
        ch = self.chooser
        if ch is None:
            return None
        for i, opt in enumerate(ch.options):
            if opt.value == action:
                return i
        if self.view.phase == "cover" and self.view.under is not None:
            groups = self.cover_groups()
            for i, opt in enumerate(ch.options):
                if isinstance(opt.value, int) and opt.value < len(groups) and action in groups[opt.value][2]:
                    return i
        return None

    # ================================================================== claims and lessons
    def claim_choices(self, seat: int) -> list[tuple[str, Any]]:
        out = []
        for text, a in super().claim_choices(seat):
            if isinstance(a, Claim):
                text = f"{a.pile.title()} and Mah Jongg" if a.mahjong else a.pile.title()
            elif isinstance(a, MahJongg):
                text = "Mah Jongg (on my hand)"
            elif isinstance(a, Pass):
                text = "Pass"
            out.append((text, a))
        return out

    def claim_discard(self) -> tuple[str | None, str]:
        v = self.view
        if v.discard is None:
            return None, ""
        return pyr.up_frame(v.discard), f"{self.name_of(v.discarder)} discarded a {name(v.discard)}"

    def lesson_keep_clear(self) -> list[tuple[float, float, float, float]]:
        """The turn's buttons (the arrow at Mah Jongg! lay over the words of the button next to it),
        and an open chooser's words (an arrow at its option keeps off the others)."""
        self._refresh_ui()
        return [tuple(b.rect) for b in self.buttons] + (self.chooser.words() if self.chooser is not None else [])

    def lesson_option_rects(self, actions: list) -> list[tuple[float, float, float, float]] | None:
        if self.chooser is None:
            return None
        return self.chooser.rects_of(i for i in (self._hinted_option(a) for a in actions) if i is not None)

    def lesson_button_rects(self, kind: str) -> list[tuple[float, float, float, float]]:
        """The turn's button for the step's action; for a look, the covers that may be lifted (what
        the player clicks: the button only moves the keyboard's ring onto them)."""
        self._refresh_ui()
        if kind == "look" and self.cover_spots:
            return [tuple(w.rect) for _c, w in sorted(self.cover_spots.items())]
        return [tuple(b.rect) for b in self.buttons if b.kind == kind]

    def lesson_covers(self) -> list[tuple[float, float, float, float]]:
        return [tuple(self.chooser.rect)] if self.chooser is not None else []

    def lesson_piece_rects(self, codes: tuple[str, ...]) -> list[tuple[float, float, float, float]]:
        """Lesson glow: piece codes ("red-S") light the viewer's own pieces, the drawn piece, the
        piece under a lifted cover, else the pool stack; "cover-N" (1-20) lights that cover."""
        from game.app.lesson import pick_by_code
        lay = self.layout()
        own = [(it.code, it.rect) for it in lay.items
               if it.part in ("pile", "bonus", "opaque", "drawn", "under", "exposed") and it.owner in (self.viewer, None)
               or (it.part in ("drawn", "under"))]
        covers = [(f"cover-{it.index + 1}", it.rect) for it in lay.of("cover")]
        stacks = [(it.code, it.rect) for it in lay.of("stack")]
        rects = pick_by_code(own + covers, codes)
        found = {c for c, _r in own + covers}
        rects += pick_by_code(stacks, tuple(c for c in codes if c not in found))
        return rects


SCENE = MartianTable
