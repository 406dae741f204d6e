"""The Mahjong Rummy table: four play areas, the washed pool, the wind indicator, and the viewer's
turn worked out on a copy of the table with live validity colouring.

Input (mouse, keyboard and tests all arrive as intents):
  * click tiles to select them (one or several; a second click unselects), then click a set, the
    "+ new set" slot or the hand to place them all there (one undo step); or drag a single tile;
    a natural placed on a dragon it can replace swaps them; a dragon that can stand for several
    tiles asks which (the chooser);
  * keyboard: arrows / Tab move the cursor over tiles, slots and buttons, Enter or Space selects
    a tile and, on a set's tile or the slot, places the selection; Esc unselects; 1 Draw, 2 Done
    (numbered as the other tables' turn buttons; D draws too), U undo, R reset;
  * Done submits the turn (PlayTurn); when it breaks a rule the banner names the Golden Rule and
    the sets that fail glow red. Draw (Pass once the pool is empty) gives the turn up.
Bots' turns animate (tiles fly from the hand to their set, moved tiles slide, new ones glow), the
"Last turns" panel says what each turn moved from where, and "Replay turns" shows them again.
Hint (H) lays the suggested turn out on the working table to step through, accept or cancel.
Round starts wash the tiles, then deal them. In a hot seat, a hand whose turn is over is turned
face down at once, before any bot turn is shown, and the curtain comes for the next human.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.app import theme
from game.app.atlas import piece_frame
from game.app.scenes.table_base import TableScene
from game.app.tablekit.banner import ALERT, Banner
from game.app.tablekit.chooser import Chooser, Option
from game.app.tablekit.fan import HandFan
from game.app.tablekit.presenter import Presenter
from game.app.tablekit.stage import Spawn
from game.app.widgets import Button, number_key, numbered
from game.rules.rummy import Draw, Pass, PlayTurn
from game.rules.rummy.moves import openings
from game.rules.rummy.tiles import DR, TILE_KIND, name

from . import rummy_layout as L
from .rummy_draw import RummyDraw
from .rummy_hint import HintPreview, build_preview
from .rummy_present import DEAL, PLAY, WASH, RummyStage
from .rummy_work import HAND, NEW, SET, WorkingTable, hand_groups
from .rummy_words import changes, set_label, turn_note

PUZZLE_GOALS = ("clear_hand",)    # goals settled in the first turn: the level is a set position, not a game
BUTTON_ORDER = ("undo", "reset", "hint", "draw", "done", "suit", "number", "sets", "replay")
# the two ways to end the turn take the number keys, as the other tables' turn buttons do (Done
# was reached only by Tab and four arrows); the helpers keep their letters, shown on them
TURN_BUTTONS = ("draw", "done")


def turn_label(key: str, word: str) -> str:
    """A turn button's label with its number key in front ("2  Done")."""
    return f"{number_key(TURN_BUTTONS.index(key))}  {word}"


def dragon_chooser(dragons: list[str], options: list[dict[str, str]], on_pick: Any, on_cancel: Any) -> Chooser:
    """Which value does the dragon take? One option per valid declaration of the set's new dragons."""
    title = f"Which tile does the {name(dragons[0])} stand for?" if len(dragons) == 1 else \
        "Which tiles do the dragons stand for?"
    opts = [Option(", ".join(name(o[d]) for d in dragons if d in o),
                   tuple(piece_frame("tile", o[d]) for d in dragons if o.get(d)), o) for o in options]
    return Chooser(title, opts, on_pick, on_cancel, cells=True, cancel_label="Decide later",
                   subtitle="Several fit this set. A dragon keeps its value while it stays on the table.")


class RummyTable(RummyDraw, TableScene):
    SPECTATOR_SEAT = 0
    SHOW_THINKING = False            # said in the info column instead (the hand fills the bottom edge)
    GOAL_RECT = L.GOAL               # a challenge's goal: over the notes column, above the buttons
    PUZZLE_GOALS = PUZZLE_GOALS
    LESSON_PANEL = (1188, 100, 332)  # a lesson's words: above the notes column, clear of the side hands
    PIECES = "tiles"                 # the curtain says "show my tiles"

    def __init__(self, app: Any, match: Any, level: Any = None):
        super().__init__(app, match, level)
        self.stage = RummyStage(self.tweens)
        self.sort_mode = "suit"
        self.work = WorkingTable(self.view)
        self.lay = L.TableLayout()
        self.fan = HandFan()                   # tiles clicked (or picked with Enter), the tile being dragged
        self.pointer: tuple[float, float] = (800.0, 450.0)
        self._press: tuple | None = None
        self.cursor: tuple | None = None
        self.keyboard = False
        self.chooser: Chooser | None = None
        self._open_memo: tuple | None = None   # (move count, hand), whether that hand can open
        self.banner = Banner(L.REFUSAL_POS, width=L.REFUSAL_W, look=ALERT, anchor="bottomleft")
        self.flash_sets: set[int] = set()
        self._owner_labels: list = []          # drawn "→ owner" rects (rummy_draw)
        self.clock = 0.0
        self.timer_left: float | None = None
        self._timer_key: Any = None
        self._last_turn: int | None = None     # log index of the last turn shown
        # log index of every action this round, for "Replay": the match tells each one again as the
        # viewer saw it (Match.history, Match.view_at); the table keeps no states
        self._history: list[int] = []
        self.presenter = Presenter(self.tweens)   # "Replay turns": one turn after another
        self._bottom = 0
        self.notes: list[str] = []             # what the last turns did, in words (newest last)
        self.preview: HintPreview | None = None  # a hint laid out on the working table
        self.hint_ring: tuple[str, float] | None = None   # a button the hint points at, seconds left
        self.buttons = self._make_buttons()

    # ================================================================== state
    @property
    def bottom_seat(self) -> int:
        """The seat drawn at the bottom; between two humans of a hot seat (no viewer) the table keeps
        the last one's orientation, with that hand face down."""
        if self.viewer is not None:
            self._bottom = self.viewer
        return self._bottom

    @property
    def my_turn(self) -> bool:
        v = self.viewer
        return (v is not None and self.is_human(v) and v in self.to_act and not self.finished
                and self.stage.phase == PLAY and not self._handoff_pending and not self.replay_mode)

    @property
    def is_puzzle(self) -> bool:
        """A puzzle: a set position solved in the first turn (its goal says so), not a game; it opens
        on the position (no wash), and drawing gives it up."""
        goal = self._played_goal()
        return goal is not None and goal.kind in self.PUZZLE_GOALS and self.goal_state is None

    def shown_hand_count(self, seat: int) -> int:
        """A seat's tiles in hand as the header says: the viewer's follow the working table."""
        if seat == self.viewer and self.stage.phase == PLAY:
            return len(self.work.hand)
        counts = self.view.hand_counts
        return counts[seat] if 0 <= seat < len(counts) else 0

    def presenting(self) -> bool:
        return bool(self.tweens.busy) or self.stage.phase != PLAY or self.presenter.busy

    def _make_buttons(self) -> dict[str, Button]:
        x0, y0, w, h = L.BUTTONS
        bw = (w - 12) / 3
        ix, iy, iw, ih = L.INFO
        return {
            "undo": Button((x0, y0, bw, 38), "Undo (U)", self.cmd_undo, size=theme.SMALL),
            "reset": Button((x0 + bw + 6, y0, bw, 38), "Reset (R)", self.cmd_reset, size=theme.SMALL),
            "hint": Button((x0 + 2 * (bw + 6), y0, bw, 38), "Hint (H)", self.request_hint, size=theme.SMALL),
            "draw": Button((x0, y0 + 44, bw, 46), turn_label("draw", "Draw"), self.cmd_draw, size=theme.BODY),
            "done": Button((x0 + bw + 6, y0 + 44, 2 * bw + 6, 46), turn_label("done", "Done"), self.cmd_done,
                           size=theme.BODY),
            "suit": Button((x0, y0 + 96, bw, 32), "By suit", lambda: self.set_sort("suit"), size=14),
            "number": Button((x0 + bw + 6, y0 + 96, bw, 32), "By number", lambda: self.set_sort("number"), size=14),
            "sets": Button((x0 + 2 * (bw + 6), y0 + 96, bw, 32), "Into sets", lambda: self.set_sort("sets"),
                           size=14),
            "replay": Button((ix + 4, iy + ih - 44, iw - 8, 38), "Replay turns", self.cmd_replay,
                             size=theme.SMALL),
        }

    def _refresh_buttons(self) -> None:
        mine = self.my_turn
        b = self.buttons
        b["undo"].enabled = mine and self.work.can_undo
        b["reset"].enabled = mine and self.work.can_undo
        b["draw"].enabled = mine
        b["draw"].label = turn_label("draw", "Draw" if self.view.pool_count > 0 else "Pass")
        b["done"].enabled = mine
        # the main button is the likely one: Draw until something is placed, then Done once the
        # table would be accepted (gold on a refused opening said "press me" to a refusal); in a puzzle
        # Draw gives the puzzle up, so it is never the gold one, nor on the goal's last turn to open
        # while an opening is there to be made (drawing then fails the challenge), nor while a lesson's
        # step asks for a play (the lesson refuses a draw there)
        placed = self.work.dirty
        step = self.lesson.run.step if self.lesson is not None else None
        lesson_plays = step is not None and step.do == "play"
        b["done"].primary = placed and mine and self.work.check().ok
        b["draw"].primary = (not placed and not self.is_puzzle and not lesson_plays
                             and not (mine and self._last_chance_to_open()))
        has_hand = self.viewer is not None and bool(self.work.hand)
        for k in ("suit", "number", "sets"):
            b[k].enabled = has_hand and self.stage.phase == PLAY
            b[k].visible = self.viewer is not None
        b["replay"].enabled = self._can_replay()
        b["hint"].enabled = mine and not self.hint_pending()
        if self.preview is not None:         # the preview's own controls decide
            for k in ("undo", "reset", "hint", "draw", "done", "suit", "number", "sets", "replay"):
                b[k].enabled = False
        # a replay is watched, not played: its own bar steps the moves (greyed turn buttons only cluttered it)
        playing = not self.replay_mode
        for k in ("undo", "reset", "hint", "draw", "done"):
            b[k].visible = playing and self.viewer is not None and self.is_human(self.viewer)
        b["replay"].visible = playing

    # ================================================================== scene life
    def enter(self) -> None:
        super().enter()
        if self.finished:
            return
        if not self.match.log and self.anim_speed > 0 and not self.is_puzzle:
            self._begin_wash()
        else:
            self._recall_round()
            self._show(animate=False)

    def _recall_round(self) -> None:
        """A game opened with moves already made (Continue): this round's last turns come back from
        the match log, so "Last turns" says them and "Replay turns" shows them, as if never left."""
        n = len(self.match.log)
        start = max(0, n - 12)
        indices: list[int] = []
        for seen in self.match.history(None, start, n):
            if any(e.kind == "round_start" for e in seen.events):
                indices = []
                continue
            indices.append(seen.move - 1)
        self._history = indices
        self._last_turn = indices[-1] if indices else None
        self.notes = []
        for seen in self.match.history(None, indices[0], n) if indices else []:
            seat, before = seen.actor, self.match.view_at(None, seen.move - 1)
            who = "You" if seat == self.viewer else self.name_of(seat)
            for e in seen.events:
                if e.kind == "drew":
                    self.add_note(f"{who} drew a tile.")
                elif e.kind == "passed":
                    self.add_note(f"{who} passed.")
                elif e.kind == "played":
                    try:
                        self.add_note(self.turn_words(seat, before, seen.view, e.data))
                    except Exception:
                        self.add_note(f"{who} played.")

    def on_viewer_changed(self, old: int | None, new: int | None) -> None:
        # nothing of the previous player's pieces may stay: every sprite is rebuilt for the new viewer
        self._cancel_hold(animate=False)
        self.fan.clear()
        self.preview = None
        self.chooser = None
        self.banner.clear()
        self.flash_sets.clear()
        self.cursor = None
        if self.stage.phase == WASH:
            self.work = WorkingTable(self.view)
            return
        self.stage.clear()
        self.stage.phase = PLAY
        self._show(animate=False)
        if new is not None and len(self.human_seats) >= 2 and not self.replay_mode:
            tile = self.drawn_last_turn(new)
            if tile is not None and tile in self.stage.sprites:
                self.stage.highlight(tile, 3.5, 1.0)

    def drawn_last_turn(self, seat: int) -> Any:
        """Hot seat: the tile `seat` drew to end its last turn, which the curtain hid at once (the
        table went public before the draw was shown); None if that turn ended otherwise, or in
        another round."""
        n = len(self.match.log)
        for seen in reversed(self.match.history(seat, max(0, n - 16), n)):
            if any(e.kind == "round_start" for e in seen.events):
                return None
            if seen.actor != seat:
                continue
            return next((e.data.get("tile") for e in seen.events
                         if e.kind == "drew" and e.data.get("seat") == seat), None)
        return None

    def skip_presentation(self) -> None:
        if self.stage.phase == WASH:
            self.stage.finish_wash()
            self._deal(animate=False)
        self.tweens.skip()
        if self.stage.phase == DEAL:
            self._start_play()

    def _start_play(self) -> None:
        """The deal is over: lay the table out again, now with the viewer's "new set" slot (the deal's
        layout was made before play began, so it has none)."""
        self.stage.phase = PLAY
        self._relayout(animate=False)

    # ================================================================== showing the table
    def toast_areas(self) -> list[tuple[float, float, float, float]]:
        return L.toast_areas(self.lay, self.bottom_seat)

    def toast_avoid(self) -> list[tuple[float, float, float, float]]:
        return L.toast_avoid(self.lay)

    def _layout(self) -> L.TableLayout:
        groups = hand_groups(self.work.hand, self.sort_mode) if self.viewer is not None else None
        lay = L.build(self.work, self.bottom_seat, self.viewer, self.work.view.hand_counts, groups,
                      new_slot=self.my_turn)
        for key in self.fan.selected:      # a selected tile stands a little above its row
            p = lay.places.get(key)
            if p is not None:
                lift = L.TILE_H * p.s * 0.22
                if p.zone == "set":        # ... never with its edge (3 px) over the nameplate above it
                    px, py, pw, ph = L.AREAS[L.position_of(p.seat, self.bottom_seat)]["plate"]
                    top = p.y - L.TILE_H * p.s / 2
                    if px < p.x < px + pw and top > py:
                        lift = max(0.0, min(lift, top - 3 - (py + ph + 2)))
                p.y = self.fan.lift(key, p.y, lift)
                p.z += 5
        return lay

    def _relayout(self, animate: bool = True, spawn: dict | None = None, delays: dict | None = None,
                  duration: float = 0.3) -> None:
        self.lay = self._layout()
        self.stage.follow(self.lay, animate and self.anim_speed > 0, spawn, delays, duration)

    def _show(self, animate: bool = False) -> None:
        self.work = WorkingTable(self.view)
        self._relayout(animate)
        self.stage.set_heap(self.view.pool_count)

    def _begin_wash(self) -> None:
        self.work = WorkingTable(self.view)
        self.lay = L.TableLayout()
        seed = (int(self.setup.seed) * 31 + self.view.round_number * 7919) & 0x7FFFFFFF
        self.stage.start_wash(seed)

    def _deal(self, animate: bool = True) -> None:
        self.work = WorkingTable(self.view)
        self.lay = self._layout()
        order = self._deal_order()
        spawns = self.stage.deal_spawns(self.lay, self.view.pool_count, order)
        animate = animate and self.anim_speed > 0
        self.stage.follow(self.lay, animate, spawns if animate else None)
        self.stage.phase = DEAL
        if not animate:
            self._start_play()
        try:
            self.sound.play("card_slide")
        except Exception:
            pass

    def _deal_order(self) -> list[Any]:
        """Keys of every hand tile in dealing order: four at a time round the table from the starter."""
        per_seat: dict[int, list[Any]] = {}
        for s in range(4):
            if s == self.viewer:
                per_seat[s] = list(self.lay.hand_order)
            else:
                per_seat[s] = [("back", s, i) for i in range(self.view.hand_counts[s])]
        order: list[Any] = []
        start = self.view.turn
        taken = {s: 0 for s in range(4)}
        while any(taken[s] < len(per_seat[s]) for s in range(4)):
            for k in range(4):
                s = (start + k) % 4
                n = taken[s]
                order += per_seat[s][n:n + 4]
                taken[s] = n + 4
        return order

    # ================================================================== events from the match
    def _hand_must_hide(self) -> bool:
        """Hot seat: the shown hand belongs to a human whose turn is over, so the next human to act
        is someone else; nothing of it may stay on screen while the bots play before the curtain."""
        return (len(self.human_seats) >= 2 and not self.replay_mode and not self.finished
                and self.viewer is not None and self.viewer not in self.to_act)

    def present(self, events: list) -> None:
        hide = self._hand_must_hide()
        if hide:
            self.set_viewer(None)      # everything is rebuilt from the public view, that hand face down
        kinds = [e.kind for e in events]
        self._cancel_hold(animate=False)
        self.fan.clear()
        self.preview = None
        self.chooser = None
        self.banner.clear()
        self.flash_sets.clear()
        if "round_start" in kinds:
            self.notes = []
            self._last_turn = None
            self._history = []
            self.presenter.clear()
            if self.anim_speed > 0:
                self._begin_wash()
            else:
                self.stage.clear()
                self._show(animate=False)
            return
        index = self.shown_move - 1
        if hide:
            self._hidden_turn_notes(events, self.match.view_at(None, index))
        self._last_turn = index
        self._history.append(index)
        del self._history[:-12]          # four seats' worth of turns is all a replay shows
        for e in events:
            if e.kind == "passed" and e.data.get("seat") != self.viewer:
                self.toast(f"{self.name_of(e.data.get('seat'))} passes.", theme.TEXT_DIM, 2.5)
        if not hide:                   # (a hidden hand's own turn is already on the table as it stands)
            for note in self._animate_events(events):
                self.add_note(note)

    def _hidden_turn_notes(self, events: list, before: Any) -> None:
        """The turn of a hand just hidden, in public words (nothing private: no drawn tile); `before`
        is the public view before it."""
        for e in events:
            seat = e.data.get("seat")
            if e.kind == "drew":
                self.add_note(f"{self.name_of(seat)} drew a tile.")
            elif e.kind == "passed":
                self.add_note(f"{self.name_of(seat)} passed.")
            elif e.kind == "played" and seat is not None:
                try:
                    self.add_note(self.turn_words(seat, before, self.view, e.data))
                except Exception:
                    self.add_note(f"{self.name_of(seat)} played.")

    def add_note(self, note: str) -> None:
        self.notes.append(note)
        del self.notes[:-6]

    def whose(self, seat: int | None) -> str:
        return "your" if seat is not None and seat == self.viewer else f"{self.name_of(seat)}'s"

    def turn_words(self, seat: int, before: Any, after: Any, data: dict) -> str:
        """What a turn did, from the table before and after it (views): what went from where."""
        def before_label(j: int) -> str:
            sv = before.table[j]
            return f"{self.whose(sv.owner)} {set_label(sv.kind, sv.faces)}"

        def after_label(i: int, new: bool) -> str:
            sv = after.table[i]
            label = set_label(sv.kind, sv.faces)
            return label if new else f"{self.whose(sv.owner)} {label}"

        chs = changes([s.tiles for s in before.table], [s.tiles for s in after.table])
        who = "You" if seat == self.viewer else self.name_of(seat)
        return turn_note(who, chs, before_label, after_label, after.values_dict(), data.get("swaps", ()))

    def _animate_events(self, events: list, target: Any = None) -> list[str]:
        """Animate from the table as shown to `target` (a view; default the current one); returns what
        each turn did, in words."""
        target = self.view if target is None else target
        old = self.work
        notes: list[str] = []
        old_counts = list(old.view.hand_counts)
        old_sets = {t: frozenset(s.tiles) for s in old.sets for t in s.tiles}
        self.work = WorkingTable(target)
        spawn: dict[Any, Spawn] = {}
        placed: list[str] = []
        for e in events:
            d = e.data
            if e.kind == "drew":
                seat = d.get("seat")
                notes.append(f"{'You' if seat == self.viewer else self.name_of(seat)} drew a tile.")
                src = self.stage.take_from_heap()
                src.duration = 0.45
                tile = d.get("tile")
                if tile is not None and seat == self.viewer:
                    spawn[tile] = src
                    self.stage.highlight(tile, 2.2, 0.8)
                elif seat is not None:
                    spawn[("back", seat, target.hand_counts[seat] - 1)] = src
            elif e.kind == "passed":
                seat = d.get("seat")
                notes.append(f"{'You' if seat == self.viewer else self.name_of(seat)} passed.")
            elif e.kind == "played":
                seat = d.get("seat")
                if seat is not None:
                    try:
                        notes.append(self.turn_words(seat, old.view, target, d))
                    except Exception:          # words are a courtesy: never let them stop the table
                        notes.append(f"{self.name_of(seat)} played.")
                if seat is None or seat == self.viewer:
                    continue
                pos = L.position_of(seat, self.bottom_seat)
                ax, ay = L.backs_anchor(pos, old_counts[seat])
                for k, t in enumerate(d.get("played", [])):
                    delay = 0.35 + 0.18 * k
                    spawn[t] = Spawn(ax, ay, 0.0, L.BACK_SCALE, True, delay=delay, duration=0.5)
                    self.stage.highlight(t, 2.6 + delay, 1.0)
                    placed.append(t)
                for dragon in d.get("to_hand", []):
                    self.stage.send_away(dragon, ax, ay, L.BACK_SCALE, delay=0.1)
                try:
                    self.sound.play("tile_click")
                except Exception:
                    pass
        new_sets = {t: frozenset(s.tiles) for s in self.work.sets for t in s.tiles}
        for t, was in old_sets.items():
            if t in new_sets and new_sets[t] != was and t not in placed:
                self.stage.highlight(t, 2.2, 0.55)
        self._relayout(animate=True, spawn=spawn, duration=0.42)
        self.stage.set_heap(target.pool_count)
        return notes

    # ================================================================== replay
    def _can_replay(self) -> bool:
        if not self._history or self.stage.phase != PLAY or self.held is not None or self.presenter.busy:
            return False
        return not self.work.dirty and self._history[-1] == len(self.match.log) - 1

    def _replay_steps(self) -> list[int]:
        """Every action since the viewer's own last one (the other players' turns); else the last one."""
        steps: list[int] = []
        for index in reversed(self._history):
            if self.match.log[index].seat == self.viewer:
                break
            steps.append(index)
        return list(reversed(steps)) or self._history[-1:]

    def cmd_replay(self) -> None:
        if not self._can_replay():
            return
        steps = self._replay_steps()
        self.tweens.skip()
        self.stage.glow.clear()
        first_view = self.match.view_at(self.viewer, steps[0])
        self.work = WorkingTable(first_view)
        self._relayout(animate=False)
        self.stage.set_heap(first_view.pool_count)
        last = len(steps) - 1
        self._replay_turn(steps[0], last == 0)            # the first turn now, each next once it has landed
        for n, index in enumerate(steps[1:], 1):
            self.presenter.add(lambda i=index, end=n == last: self._replay_turn(i, end), after_tweens=True)

    def _replay_turn(self, index: int, last: bool) -> None:
        """Animate one logged action as the viewer saw it."""
        entry = self.match.log[index]
        try:
            action = self.rules.decode_action(entry.action)
            seen = self.match.history(self.viewer, index, index + 1)[0]
        except Exception:
            self.presenter.clear()
            self.toast("That turn can't be replayed.", theme.BAD)
            self._show(animate=False)
            return
        # the last step ends on the live view itself, so the table is exactly as it is now
        notes = self._animate_events(list(seen.events), None if last else seen.view)
        self.toast(" ".join(notes) or f"{self.name_of(entry.seat)}: {self.describe(action)}", theme.TEXT_DIM, 2.2)

    def _stop_replay(self) -> None:
        if self.presenter.busy:
            self.presenter.clear()
            self.tweens.skip()
            self._show(animate=False)

    # ================================================================== commands
    def cmd_undo(self) -> None:
        if self.my_turn and self.work.undo():
            self._edited()

    def _last_chance_to_open(self) -> bool:
        """The goal asks for an opening within so many turns, this is the last of them, and the hand
        (as the turn began) holds one (worked out once a turn)."""
        if self.goal_progress() is None or not self._progress.on_last_turn():
            return False
        key = (len(self.match.log), self.view.hand)
        if self._open_memo is None or self._open_memo[0] != key:
            self._open_memo = (key, bool(openings(self.view.hand, self.view.table, limit=1)))
        return self._open_memo[1]

    def cmd_reset(self) -> None:
        if self.my_turn and self.work.reset():
            self._edited()

    def cmd_draw(self, give_up: bool = False) -> None:
        if not self.my_turn:
            return
        if self.is_puzzle and not give_up:        # a slip of D or a stray click must not end the puzzle
            from game.app.scenes.dialog import confirm
            confirm(self.app, "Give up the puzzle?",
                    "Drawing a tile ends your turn with tiles still in hand, so the puzzle is lost.",
                    "Draw and give up", lambda: self.cmd_draw(give_up=True), no="Keep trying", safe_default=True)
            return
        self._cancel_hold(animate=False)
        self.fan.clear()
        self.preview = None
        self.chooser = None
        self.work.reset()
        self._end_turn(self.work.end_action())

    def cmd_done(self) -> None:
        if not self.my_turn:
            return
        self._cancel_hold(animate=False)
        self.fan.clear()
        self.preview = None
        v = self.work.check()
        if not v.ok:
            from game.rules.rummy.turn import titled
            title, message = titled(v.rule, v.message, "Not allowed")     # rule ids are for developers
            self.banner.show(message, title=title)
            self.flash_sets = self._failing_sets(v)
            self.clock = 0.0
            try:
                self.sound.play("button")
            except Exception:
                pass
            return
        self._end_turn(self.work.action())

    def _end_turn(self, action: Any) -> None:
        # a keyboard cursor left on Done would meet the next turn there, and Enter (which the
        # hint calls "draw") would only be refused: it goes back to the main button, Draw
        if self.cursor is not None and self.cursor[0] == "button":
            self.cursor = ("button", "draw")
        self.act(action)

    def _failing_sets(self, verdict: Any) -> set[int]:
        """The sets to outline in red: those that are not valid sets (a rule about the whole turn,
        such as the opening's size, is said by the banner without blaming valid sets)."""
        status = verdict.set_status
        return {i for i in range(len(status)) if not status[i].ok and self.work.sets[i].tiles} \
            if status else set()

    def lesson_keep_clear(self) -> list[tuple[float, float, float, float]]:
        """The nameplates: your opening sets lie just under yours."""
        return [tuple(L.AREAS[pos]["plate"]) for pos in L.AREAS]

    def lesson_piece_rects(self, codes: tuple[str, ...]) -> list[tuple[float, float, float, float]]:
        """Lesson hook: tiles in sets first (a tile already moved keeps its glow), then the hand."""
        from game.app.lesson import pick_by_code
        places = [p for p in self.lay.places.values() if p.zone in ("set", "hand") and isinstance(p.key, str)]
        places.sort(key=lambda p: p.zone != "set")
        out = []
        for p in pick_by_code([(p.key.split("#")[0], p) for p in places], codes):
            sp = self.stage.sprites.get(p.key)
            if sp is not None and sp.visible:
                w, h = L.TILE_W * sp.scale, L.TILE_H * sp.scale
                out.append((sp.x - w / 2, sp.y - h / 2, w, h))
        return out

    def set_sort(self, mode: str) -> None:
        self.sort_mode = mode
        if self.stage.phase == PLAY:
            self._relayout(animate=True)

    def _edited(self) -> None:
        self.fan.clear()
        self.banner.clear()
        self.flash_sets.clear()
        self._relayout(animate=True)

    def _time_up(self) -> None:
        self._cancel_hold(animate=False)
        self.fan.clear()
        self.preview = None
        self.chooser = None
        self.work.reset()
        action = self.work.end_action()
        what = "draw a tile" if isinstance(action, Draw) else "pass"
        self.toast(f"Time is up: the table goes back as it was and you {what}.", theme.TEXT)
        self.act(action)

    def show_hint(self, action: Any) -> None:
        if not self.my_turn:
            return
        if isinstance(action, PlayTurn):
            self._cancel_hold(animate=False)
            self.fan.clear()
            self.chooser = None
            base = self.preview.saved if self.preview is not None else self.work
            preview = build_preview(base, action, self.whose)
            if preview is None:
                self.toast("No hint this time.", theme.TEXT_DIM)
                return
            self.preview = preview
            self.work = preview.work
            self.banner.clear()
            self.flash_sets.clear()
            self._relayout(animate=True)
        elif isinstance(action, (Draw, Pass)):
            self.hint_ring = ("draw", 5.0)
            # Enter does what the hint says: the cursor left on Done would only be refused
            self.cursor = ("button", "draw")
            self.toast("Hint: nothing to play that helps; draw a tile (1)." if isinstance(action, Draw)
                       else "Hint: pass (1).", theme.GOLD)
        else:
            super().show_hint(action)

    def accept_hint(self) -> None:
        """Keep the suggested turn on the working table (Done plays it; Undo or Reset takes it back)."""
        if self.preview is None:
            return
        self.work = self.preview.work        # the whole turn, whichever step was on show
        self.preview = None
        self._relayout(animate=True)
        # the next Enter plays it: a keyboard player's cursor would otherwise sit on a hand tile
        self.cursor = ("button", "done")
        self.toast("The suggested turn is on the table: press 2 (Done) to play it.", theme.GOLD, 3.0)

    def cancel_hint(self) -> None:
        if self.preview is None:
            return
        self.work = self.preview.saved
        self.preview = None
        self._relayout(animate=True)

    def _preview_step(self, delta: int | None = None, to: int | None = None) -> None:
        """Show the table after another step (or the whole turn): the tiles slide there."""
        pv = self.preview
        if to is not None:
            pv.step = to
        else:
            pv.move(delta or 0)
        self.work = pv.shown
        self._relayout(animate=True, duration=0.35)

    def _preview_handle(self, intent: Any) -> bool:
        pv = self.preview
        k = intent.kind
        if k in ("left", "up", "focus_prev"):
            self._preview_step(-1)
        elif k in ("right", "down", "focus_next"):
            self._preview_step(1)
        elif k == "confirm":
            self.accept_hint()
        elif k in ("back", "alt_select"):
            self.cancel_hint()
        elif k == "select" and intent.pos is not None:
            hit = next((n for n, r in pv.rects.items() if r.collidepoint(intent.pos)), None)
            if hit == "prev":
                self._preview_step(-1)
            elif hit == "next":
                self._preview_step(1)
            elif hit == "accept":
                self.accept_hint()
            elif hit == "cancel":
                self.cancel_hint()
            elif isinstance(hit, int):
                self._preview_step(to=hit)
        elif k == "point" and intent.pos is not None:
            self.pointer = intent.pos
            return False
        elif k in ("skip", "hint"):
            return False
        return True                      # modal: the table waits for Accept or Cancel

    # ================================================================== holding tiles
    @property
    def held(self) -> Any:
        """The tile being dragged (None when none is)."""
        return self.fan.drag_key

    def _pick(self, key: Any) -> bool:
        if not self.my_turn or not isinstance(key, str):
            return False
        why = self.work.can_pick(key)
        if why:
            self.toast(why, theme.BAD)
            return False
        self._clear_selection()        # a drag moves one tile: the clicked selection is let go
        self.fan.start_drag(key, self.pointer)
        self.stage.held = key
        sp = self.stage.sprites.get(key)
        if sp is not None:
            self.tweens.cancel(sp)
            sp.z = 200
            sp.lift = 10
            sp.scale = max(sp.scale, 0.8)
            sp.x, sp.y = self.pointer
        try:
            self.sound.play("tile_click", 0.6)
        except Exception:
            pass
        return True

    def _release(self) -> None:
        key, _gap = self.fan.end_drag()
        self.stage.held = None
        sp = self.stage.sprites.get(key)
        p = self.lay.places.get(key)
        if sp is not None:
            sp.lift = 0.0
            if p is not None:
                sp.z = p.z

    def _cancel_hold(self, animate: bool = True) -> None:
        if self.held is None:
            return
        key = self.held
        self._release()
        self.stage.return_home(key, animate and self.anim_speed > 0)

    def _drop_at(self, pos: tuple[float, float]) -> None:
        key = self.held
        on = self.lay.tile_at(pos, ("set",))
        box = None
        if on is not None and on.set_index is not None:
            box = next((b for b in self.lay.sets if b.index == on.set_index), None)
        if box is None:
            box = self.lay.set_at(pos)
        res = None
        if box is not None:
            res = self.work.move(key, SET, box.index, on=on.key if on is not None else None)
        elif self.lay.new_slot is not None and (self.lay.new_slot.inflate(24, 24).collidepoint(pos)
                                                or pygame.FRect(L.AREAS[L.BOTTOM]["sets"]).collidepoint(pos)):
            res = self.work.move(key, NEW)
        elif self.lay.hand_rect.inflate(0, 20).collidepoint(pos):
            res = self.work.move(key, HAND)
        self._after_move(key, res)

    # ------------------------------------------------------------------ click selection
    def _toggle(self, key: Any) -> bool:
        """Select a tile (or unselect it); several may be selected, then placed together."""
        if not self.my_turn or not isinstance(key, str):
            return False
        if not self.fan.unselect(key):
            why = self.work.can_pick(key)
            if why:
                self.toast(why, theme.BAD)
                return False
            self.fan.toggle(key)
            try:
                self.sound.play("tile_click", 0.6)
            except Exception:
                pass
        self._relayout(animate=True, duration=0.12)
        return True

    def _clear_selection(self, relayout: bool = True) -> None:
        if self.fan.clear():
            if relayout and self.stage.phase == PLAY:
                self._relayout(animate=True, duration=0.12)

    def _click_tile(self, p: Any) -> None:
        """A tile clicked (or Enter on it): a hand tile is (un)selected; a tile of a set is (un)selected
        when nothing else is, or only tiles of that same set are; otherwise the selection goes there.
        Tiles selected on the table that came from the hand this turn go back to it when a hand tile
        is clicked; tiles that were in play before stay selected and the hand tile joins them (to
        build a new set from both, as borrowing does)."""
        if p.zone == "hand" and self.fan.selected and not any(t in self.work.hand for t in self.fan.selected) \
                and all(self.work.is_hand_tile(t) for t in self.fan.selected):
            self._place_selection(HAND)
            return
        if p.zone == "hand" or not self.fan.selected:
            if not self.fan.selected and p.zone == "set" and p.set_index is not None and TILE_KIND[p.key] >= DR \
                    and self.my_turn and p.key in self.work.undeclared(p.set_index) \
                    and self._maybe_choose(p.set_index, True):
                return
            self._toggle(p.key)
            return
        here = self.work.sets[p.set_index].tiles if p.set_index is not None and p.set_index < len(self.work.sets) else []
        if all(t in here for t in self.fan.selected):
            self._toggle(p.key)
            return
        self._place_selection(SET, p.set_index, on=p.key)

    def _place_selection(self, dest: str, index: int | None = None, on: str | None = None) -> None:
        """Move every selected tile to set `index`, a new set or the hand: one undo step."""
        keys = list(self.fan.selected)
        self.fan.clear()
        if not keys or not self.my_turn:
            return
        mark = self.work.undo_depth
        target, last, moved, message = index, None, False, ""
        for n, key in enumerate(keys):
            if dest == NEW and moved:
                res = self.work.move(key, SET, target)
            else:
                res = self.work.move(key, dest, target, on=on if len(keys) == 1 else None)
            if not res.ok:
                message = res.message
                break
            moved = True
            last = res
            if res.dest_set is not None:
                target = res.dest_set
        self.work.squash_undo(mark)
        if message:
            self.toast(message, theme.BAD)
        if not moved:
            self._relayout(animate=True, duration=0.15)
            return
        self._placed(last)

    def _after_move(self, key: Any, res: Any) -> None:
        self._release()
        if res is None or not res.ok:
            if res is not None and res.message:
                self.toast(res.message, theme.BAD)
            self.stage.return_home(key, self.anim_speed > 0)
            return
        self._placed(res)

    def _placed(self, res: Any) -> None:
        """After tiles moved on the working table: refresh, click, say a swap, offer a dragon's value."""
        self._edited()
        try:
            self.sound.play("tile_click")
        except Exception:
            pass
        if res.swapped:
            self.toast(res.message, theme.GOOD, 2.5)
        if res.dest_set is not None:
            self._maybe_choose(res.dest_set)

    def _maybe_choose(self, i: int, always: bool = False) -> bool:
        if not 0 <= i < len(self.work.sets):
            return False
        dragons = self.work.undeclared(i)
        if not dragons:
            return False
        options = self.work.value_choices(i)
        if len(options) > 1 or (always and options):
            opts = [{d: o[d] for d in dragons if d in o} for o in options]
            seen, uniq = set(), []
            for o in opts:
                k = tuple(sorted(o.items()))
                if k not in seen:
                    seen.add(k)
                    uniq.append(o)
            if len(uniq) > 1 or always:
                self.chooser = dragon_chooser(dragons, uniq, self.choose_value, self.close_chooser)
                return True
        return False

    def choose_value(self, option: dict[str, str]) -> None:
        self.chooser = None
        self.work.declare(option)
        self._edited()

    def close_chooser(self) -> None:
        self.chooser = None

    # ================================================================== input
    def _button_at(self, pos: Any) -> str | None:
        self._refresh_buttons()
        for k in BUTTON_ORDER:
            b = self.buttons[k]
            if b.visible and b.contains(pos):
                return k
        return None

    def handle_table(self, intent: Any) -> bool:
        k = intent.kind
        if self.presenter.busy:          # watching a replay: a click or S ends it, nothing else acts
            if k in ("select", "confirm", "skip", "back"):
                self._stop_replay()
                return True
            return k in ("press", "point", "drag_start", "drag_move", "drop")
        if self.stage.phase != PLAY:
            if k in ("select", "confirm"):
                self.tweens.skip()
                self.skip_presentation()
                return True
            return k in ("press", "point", "drag_start", "drag_move", "drop")
        if self.chooser is not None:
            return self.chooser.handle(intent)
        if self.preview is not None:
            return self._preview_handle(intent)
        pos = intent.pos
        if pos is not None:
            self.pointer = pos
        if k == "point":
            self.keyboard = False
            over = self._button_at(pos)
            for name_, b in self.buttons.items():
                b.hover = name_ == over and b.enabled
            self._follow_pointer()
            return False
        if k == "press":
            over = self._button_at(pos)
            if over is not None:
                self._press = ("button", over)
                self.buttons[over].pressed = True
                return True
            p = self.lay.tile_at(pos)
            self._press = ("tile", p.key) if p is not None else None
            return p is not None
        if k == "drag_start":
            if self._press and self._press[0] == "tile" and self.held is None:
                if self._pick(self._press[1]):
                    self._follow_pointer()
            return True
        if k == "drag_move":
            self._follow_pointer()
            return True
        if k == "drop":
            self._unpress()
            if self.held is not None:
                self._drop_at(pos)
            self._press = None
            return True
        if k == "select":
            pressed = self._press
            self._press = None
            self._unpress()
            over = self._button_at(pos)
            if over is not None:
                if pressed is None or pressed == ("button", over):
                    self._activate_button(over)
                return True
            p = self.lay.tile_at(pos)
            if p is not None:
                self._click_tile(p)
                return True
            if self.fan.selected:
                box = self.lay.set_at(pos)
                if box is not None:
                    self._place_selection(SET, box.index)
                elif self.lay.new_slot is not None and self.lay.new_slot.inflate(24, 24).collidepoint(pos):
                    self._place_selection(NEW)
                elif self.lay.hand_rect.inflate(0, 20).collidepoint(pos):
                    self._place_selection(HAND)
                else:
                    self._clear_selection()
                return True
            return False
        if k == "alt_select":
            if self.held is not None or self.fan.selected:
                self._clear_selection()
                self._cancel_hold()
                return True
            return False
        if k == "back" and (self.held is not None or self.fan.selected):
            self._clear_selection()
            self._cancel_hold()
            return True
        if k == "back" and self.banner.visible:      # Esc puts a refusal away before asking to leave
            self.banner.clear()
            self.flash_sets.clear()
            return True
        if k == "char" and intent.char:
            c = intent.char.lower()
            if c == "u":
                self.cmd_undo()
                return True
            if c == "r":
                self.cmd_reset()
                return True
            if c == "d":
                self.cmd_draw()
                return True
            button = numbered([self.buttons[k] for k in TURN_BUTTONS], c)
            if button is not None:
                self._activate_button(next(k for k in TURN_BUTTONS if self.buttons[k] is button))
                return True
            return False
        if k in ("left", "right", "up", "down", "focus_next", "focus_prev", "confirm"):
            return self._key(k)
        return False

    def _unpress(self) -> None:
        for b in self.buttons.values():
            b.pressed = False

    def _activate_button(self, key: str) -> None:
        self._refresh_buttons()
        b = self.buttons[key]
        if b.enabled and b.visible:
            try:
                self.sound.play("button")
            except Exception:
                pass
            b.activate()

    def _follow_pointer(self) -> None:
        if self.held is None:
            return
        sp = self.stage.sprites.get(self.held)
        if sp is not None:
            sp.x, sp.y = self.fan.drag_to(self.pointer)

    # ------------------------------------------------------------------ keyboard
    def _targets(self) -> list[tuple[tuple, Any, Any]]:
        out: list[tuple[tuple, Any, Any]] = []
        lay = self.lay
        for key in lay.hand_order:
            out.append((("tile", key), lay.places[key].rect, "hand"))
        boxes = sorted(lay.sets, key=lambda b: (L.position_of(b.area, self.bottom_seat), b.index))
        for b in boxes:
            for key in b.keys:
                out.append((("tile", key), lay.places[key].rect, ("set", b.index)))
        if lay.new_slot is not None:
            out.append((("new",), lay.new_slot, "new"))
        self._refresh_buttons()
        for k in BUTTON_ORDER:
            b = self.buttons[k]
            if b.visible and b.enabled:
                out.append((("button", k), b.rect, "buttons"))
        return out

    def _key(self, k: str) -> bool:
        targets = self._targets()
        if not targets:
            return False
        self.keyboard = True
        ids = [t[0] for t in targets]
        if self.cursor not in ids:
            if k == "confirm" and self.cursor is None:
                self.cursor = ids[0]
                return True
            self.cursor = ids[0]
            if k != "confirm":
                return True
        i = ids.index(self.cursor)
        if k == "left":
            self.cursor = ids[(i - 1) % len(ids)]
        elif k == "right":
            self.cursor = ids[(i + 1) % len(ids)]
        elif k in ("up", "down"):
            here = targets[i][1].center
            sign = -1 if k == "up" else 1
            best, best_d = None, None
            # From a tile or the slot, up and down stay among tiles and slots (Up from the hand goes
            # to the table, not to the Draw button beside it, where Enter would end the turn); the
            # buttons are Tab's group, and up/down move among them once there.
            # The "new set" slot takes tiles and gives none: with nothing picked it is the last place
            # to go (Up from the hand went there, past the set above the eye was on).
            on_button = targets[i][2] == "buttons"
            slot_far = 0.0 if self.fan.selected else 10000.0
            for near_only in (True, False):
                for tid, r, g in targets:
                    dy = (r.centery - here[1]) * sign
                    if dy < 12 or (near_only and (g == "buttons") != on_button):
                        continue
                    d = dy + abs(r.centerx - here[0]) * 0.6 + (slot_far if tid == ("new",) else 0.0)
                    if best_d is None or d < best_d:
                        best, best_d = tid, d
                if best is not None:
                    break
            if best is not None:
                self.cursor = best
        elif k in ("focus_next", "focus_prev"):
            groups: list[Any] = []
            first: dict[Any, tuple] = {}
            for tid, _r, g in targets:
                if g not in first:
                    first[g] = tid
                    groups.append(g)
            g = targets[i][2]
            gi = groups.index(g)
            step = 1 if k == "focus_next" else -1
            self.cursor = first[groups[(gi + step) % len(groups)]]
        elif k == "confirm":
            self._activate_cursor()
        return True

    def _activate_cursor(self) -> None:
        c = self.cursor
        if c is None:
            return
        if c[0] == "button":
            self._activate_button(c[1])
            return
        if c[0] == "new":
            self._place_selection(NEW)
            return
        if c[0] == "tile":
            p = self.lay.places.get(c[1])
            if p is not None:
                self._click_tile(p)

    # ================================================================== frame
    def update(self, dt: float) -> None:
        super().update(dt)
        self.clock += dt
        self.stage.update(dt)
        st = self.stage
        if st.phase == WASH and not self._handoff_pending:
            if self.anim_speed <= 0:
                st.finish_wash()
            elif st.wash is not None:
                st.wash.step(dt * self.anim_speed)
            if st.wash is None or st.wash.done:
                self._deal(animate=self.anim_speed > 0)
        elif st.phase == DEAL and not self.tweens.busy:
            self._start_play()
        if st.phase == PLAY:
            self.presenter.advance(dt, self.anim_speed)
        if self.hint_ring is not None:
            key, left = self.hint_ring
            self.hint_ring = (key, left - dt) if left > dt and self.my_turn else None
        self._refresh_buttons()
        self._tick_timer(dt)

    def _tick_timer(self, dt: float) -> None:
        limit = int(getattr(self.view, "turn_timer", 0) or 0)
        if limit <= 0 or not self.my_turn:
            if not self.my_turn:
                self.timer_left = None
            return
        key = (len(self.match.log), self.viewer, self.view.round_number)
        if self._timer_key != key:
            self._timer_key = key
            self.timer_left = float(limit)
        self.timer_left -= dt
        if self.timer_left <= 0:
            self.timer_left = 0.0
            self._time_up()


SCENE = RummyTable
