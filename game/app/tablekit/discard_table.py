"""What the four-seat discard tables (Kards, Cuzzins) do alike, once: the seat at the bottom, the
picked piece, the hint for the position shown, the discard offered in a claim window, the dice
holding play while they roll, where a lesson's panel ends, and where messages go (under the wall,
clear of a seat's word such as "Mahjongg!").

A table subclasses DiscardTable and sets STYLE (its PieceStyle) and HINT_FACTS (view -> HintFacts);
its __init__ makes self._bottom, self.chooser, self.dice, self.hint_panel,
self.order (a HandOrder), self.fan (a HandFan) and self.announcements, and it says when the viewer may arrange its hand
(``can_arrange``). The hand's order is shared too: Shift+arrows move the picked piece, a drag
moves it along the row, and the order is kept with the game.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from game.app import theme
from game.app.scenes.table_base import TableScene
from game.app.tablekit import announce as an
from game.app.tablekit import discard_hint as dh
from game.app.tablekit import discard_scene as ds
from game.app.tablekit import seats4
from game.app.tablekit.hint_jobs import Question
from game.app.tablekit.fan import reorder
from game.app.tablekit.hand_order import drop_index
from game.app.tablekit.stage import sprite_rect
from game.app.tablekit.still_layer import moving_keys
from game.app.widgets import Button
from game.core.kit.tiles import name


# Messages sit under the wall square, right of the left column (status, hint, a goal) and left of the
# right seat's plate; when a seat's word is up on the right ("Mahjongg!" beside the bottom river),
# in the left part of that space only.
TOAST_AREAS = ((476, 552, 790, 148), (476, 552, 440, 148))
# The status line (or a lesson's words in its place) in a calm panel at the top of the left column,
# kept well clear of the left seat's name plate and of its bonus and meld columns: right under
# the plate, with nothing between, it read as that seat's caption (and touched it).
STATUS_GAP = 24
_LEFT = seats4.REGIONS[seats4.LEFT]
STATUS_X = _LEFT["bonus"][0] + _LEFT["bonus"][2] + STATUS_GAP
STATUS_Y = _LEFT["plate"][1] + _LEFT["plate"][3] + STATUS_GAP
HINT_FLOOR = min(seats4.REGIONS[seats4.BOTTOM]["melds"][1], seats4.REGIONS[seats4.BOTTOM]["plate"][1]) - 8
STATUS_BOX = (STATUS_X, STATUS_Y, seats4.CENTRE[0] - 8 - STATUS_X)      # left, top, width
STATUS_PAD = 12
# The hint for the pointer too (it had only the H key): a small button above Sort, right of the hand.
HINT_BUTTON = (1336, 758, 228, 40)
CLAIM_BAR_BOTTOM = 716     # a long claim bar moves up rather than cover the bottom seat's melds and hand


class DiscardTable(TableScene):
    STYLE: Any = None                                   # a seatspace.PieceStyle
    HINT_FACTS: Callable[[Any], dh.HintFacts] | None = None
    # the turn's kongs the hint weighs before any discard: (action class, its button's label); whether
    # a loose piece replaces it (Kards' kongs) or it takes the place of the discard (Cuzzins' secret)
    KONG_BUTTONS: tuple[tuple[type, str], ...] = ()
    KONG_LOOSE = True
    _drag_row: list[str] | None = None                  # the hand as it would be if the dragged piece went here
    keys_picked = False                                 # the picked piece was picked by the keyboard (it gets the ring)
    keys: list                                          # a stable key per laid piece (the table's stage follows them)
    RIVERS_CLEARED_BY: tuple[str, ...] = ()             # event kinds after which no discard is the newest

    def result_pieces(self) -> str | None:
        return self.STYLE.prefix          # the results draw the winner's hand as the table does

    def _newest_discarder(self) -> int | None:
        """Whose discard lies newest in its river, from the last few moves: a resumed game marks it
        as the table did before it was left."""
        for seen in reversed(self.match.history(None, since=len(self.match.log) - 16)):
            for e in reversed(seen.events):
                if e.kind in self.RIVERS_CLEARED_BY or (e.kind == "claim_resolved" and e.data.get("taker") is not None):
                    return None
                if e.kind == "discarded":
                    return e.data.get("seat")
        return None

    @property
    def bottom_seat(self) -> int:
        """The seat at the bottom; between hot-seat players the last one's place, face down."""
        if self.viewer is not None:
            self._bottom = self.viewer
        return self._bottom

    @property
    def table_view(self) -> Any:
        """The view the table shows (a table that keeps an ended hand on show returns that one)."""
        return self.view

    @property
    def hand(self) -> tuple[str, ...]:
        return self._shown_hand()[0]

    def _shown_hand(self) -> tuple[tuple[str, ...], bool]:
        """The viewer's pieces in their own order (as a drag would leave them while one is dragged),
        and whether the last (just drawn) stands apart. While an ended hand is on show, the hand as it
        was then: the current view may already be the next hand's, or the game's end."""
        v = self.table_view
        if v.seat is None:
            return (), False
        shown, apart = self.order.arrange(v.seat, v.hand, v.drawn)
        if self._drag_row is not None and set(self._drag_row) == set(shown):
            drawn_last = apart and self._drag_row[-1] == shown[-1] != self.fan.drag_key
            return tuple(self._drag_row), drawn_last
        return shown, apart

    def _cancel_chooser(self) -> None:
        self.chooser = None

    def _picked(self, action: Any) -> None:
        self.chooser = None
        self._play(action)

    # ------------------------------------------------------------------ the hand on the viewer's turn
    def handle_hand(self, intent: Any) -> bool | None:
        """Click a piece to pick it, click it again (or Enter) to discard it; arrows move the pick.
        None: the intent is not about the hand."""
        k = intent.kind
        n = len(self.hand)
        if k == "select" and intent.pos is not None:
            i = ds.hand_index_at(self.layout(), intent.pos)
            if i is None:
                return False
            self.keys_picked = False
            if i == self.selected:
                self.discard_selected()
            else:
                self.selected = i
            return True
        if k in ("left", "right", "confirm") and n:
            self.keys_picked = True
        if k in ("left", "right") and n:
            self.hand_takes_arrows()
            if self.selected is None:          # from the lesson's or the hinted piece, when there is one
                named = next((i for i in (self._lesson_index(), self.hinted_index()) if i is not None), None)
                self.selected = named if named is not None else (n - 1 if k == "left" else 0)
            else:
                self.selected = (self.selected + (1 if k == "right" else -1)) % n
            return True
        if k == "confirm" and self.selected is not None:
            self.discard_selected()
            return True
        if k == "confirm" and n:
            # nothing picked yet: Enter picks (never discards) the piece a lesson's step or the open
            # hint names, else the last one, so a second Enter discards it, as a second click does
            self.selected = next((i for i in (self._lesson_index(), self.hinted_index()) if i is not None), n - 1)
            return True
        return None

    def key_cursor(self) -> Any:
        """The rect of the hand piece the keyboard picked (None: no pick, or the pointer made it):
        drawn as the keyboard's thin cool ring, never the gold a lesson or the hint marks with."""
        if not self.keys_picked or self.selected is None or not self.my_turn or self.lay is None:
            return None
        p = next((p for p in self.lay.pieces if p.part == "hand" and p.position == 0
                  and p.index[-1] == self.selected), None)
        return p.rect.inflate(8, 8) if p is not None else None

    def picked_rect(self) -> Any:
        """Where the picked hand piece is drawn now (its sprite, rising as it is picked), or None:
        nothing picked, or not the viewer's turn (the layout lifts it only then)."""
        if self.selected is None or not self.my_turn or self.lay is None:
            return None
        for p, key in zip(self.lay.pieces, self.keys):
            if p.part == "hand" and p.position == 0 and p.index[-1] == self.selected:
                sp = self.stage.sprites.get(key)
                return sprite_rect(sp, self.lay.style) if sp is not None else p.rect
        return None

    def draw_pick(self, canvas: Any) -> None:
        """The picked piece's bright ivory edge (as Rummy and Mint Tin draw it: gold is the hint's and
        a lesson's), then the keyboard's cyan ring when the keys picked it."""
        r = self.picked_rect()
        if r is not None:
            canvas.outline(theme.SELECTED, r.inflate(6, 6), 3, 7)
        r = self.key_cursor()
        if r is not None:
            canvas.outline(theme.FOCUS_RING, r.inflate(6, 6), 2, 10)        # just outside the ivory edge

    def hand_takes_arrows(self) -> None:
        """The arrows went to the hand: the buttons lose the focus."""
        self.focus = None

    # ------------------------------------------------------------------ the hand's own order
    def can_arrange(self) -> bool:
        """Whether the viewer may sort, move and drag its pieces now (a table's own rule)."""
        raise NotImplementedError

    def _order_changed(self, picked: str | None) -> None:
        """The row moved: the pick stays on its piece, and the order is saved with the game."""
        if picked is not None and picked in self.hand:
            self.selected = self.hand.index(picked)
        if not self.replay_mode:
            self._autosave()

    def _apart(self) -> str | None:
        """The piece standing apart at the end of the hand (just drawn), if one does."""
        shown, apart = self._shown_hand()
        return shown[-1] if apart else None

    def _picked_card(self) -> str | None:
        hand = self.hand
        return hand[self.selected] if self.selected is not None and self.selected < len(hand) else None

    def move_selected(self, d: int) -> bool:
        """Shift+Left / Shift+Right: the picked piece one place along the row (False: none picked,
        so the arrow picks as a plain one does)."""
        picked = self._picked_card()
        if picked is None or not self.can_arrange() or not self.my_turn:
            return False
        if self.order.move(self.view.seat, self.hand, picked, d, self._apart()):
            self._order_changed(picked)
        return True

    def _drag(self, intent: Any) -> bool:
        """Drag a piece of the hand along the row: the others make room where it would go; let go,
        it stays there. (A click still picks: a drag starts only once the pointer has moved.)"""
        k, pos = intent.kind, intent.pos
        if k == "drag_start":
            if not self.can_arrange() or pos is None:
                return False
            i = ds.hand_index_at(self.layout(), pos)
            if i is None:
                return False
            piece = self.hand[i]
            p = self._hand_pieces()[i]
            self._drag_row = list(self.hand)
            self.fan.start_drag(piece, pos, (p.x, p.y))
            self.layout()
            self._pin_dragged()
            return True
        if self.fan.drag_key is None:
            return False
        if pos is not None:
            x, _y = self.fan.drag_to(pos)
            piece = self.fan.drag_key
            others = [p.x for p, key in zip(self._hand_pieces(), self.hand) if key != piece]
            row = list(self._drag_row or self.hand)
            reorder(row, piece, drop_index(others, x))
            self._drag_row = row
            self._pin_dragged()
        if k == "drop":
            picked = self._picked_card()
            piece, _gap = self.fan.end_drag()
            self.stage.held = None
            row, self._drag_row = self._drag_row, None
            seat = self.view.seat
            if row is not None and seat is not None and piece in row:
                shown, apart = self.order.arrange(seat, self.view.hand, self.view.drawn)
                if self.order.place(seat, shown, piece, row.index(piece), shown[-1] if apart else None):
                    self._order_changed(picked)
            self.lay = None                     # the piece settles into its place
        return True

    def _hand_pieces(self) -> list:
        """The bottom hand's placed pieces, in the shown order."""
        return sorted((p for p in self.layout().pieces if p.part == "hand" and p.position == 0),
                      key=lambda p: p.index[-1])

    def _pin_dragged(self) -> None:
        """The dragged piece's sprite stays under the pointer, above the others (held: the stage
        leaves it alone until it is let go)."""
        key = self.fan.drag_key
        sp = self.stage.sprites.get(key) if key is not None else None
        if sp is None:
            return
        if self.stage.held != key:
            self.stage.held = key
            self.tweens.cancel(sp, "x")             # it may have been sliding
            self.tweens.cancel(sp, "y")
        sp.x, sp.y = self.fan.drag_pos
        sp.z = 500.0

    def _cancel_drag(self) -> None:
        if self.fan.drag_key is not None:
            self.fan.end_drag()
        self.stage.held = None
        self._drag_row = None

    def _moving(self) -> frozenset:
        """Pieces drawn over the cached still layer: those in flight and the one under the pointer."""
        dragged = frozenset([self.fan.drag_key]) if self.fan.drag_key is not None else frozenset()
        return dragged | moving_keys(self.tweens, self.stage)

    # ------------------------------------------------------------------ hint
    def hint(self) -> dh.HandHint | None:
        """The viewer's hint for the position shown (counted once per position in the app's worker,
        as every table's hint is: None until its answer is in, see hint_pending): on the viewer's
        turn a kong that costs no step comes first (the shape alone suggested throwing the fourth
        piece away), else the best discard."""
        if self.viewer is None or self.view.seat is None or not self.view.hand:
            return None
        key = self.hint_key()
        if key != self._hint_for:
            ready, h = self.hint_jobs.ask("hint", lambda: Question(self.hint_work(), cheap=True))
            if not ready:
                return None
            self._hint_for = key
            self._hint = self.adjust_hint(h)
        return self._hint

    def hint_work(self) -> dh.HintWork:
        """The count the worker makes for the hint (a table may count another: Kards' standing hand)."""
        facts = type(self).HINT_FACTS(self.view)
        shown = self.others_shown()
        if shown:
            facts = replace(facts, danger=dh.dangers(shown))
        return dh.HintWork(facts, self._lesson_discard(), self._free_kongs(), self.KONG_LOOSE,
                           value=self.hint_value())

    def hint_value(self) -> Any:
        """The game's sense of value for the hint, counted in the worker with it (``HintWork.value``:
        each wait's worth, a dearer discard); None: the kit's count alone."""
        return None

    def hint_ready(self) -> bool:
        """Asks for everything the open hint says (the position's hint; the claim advice in a claim
        window) and tells whether it is all in: until then the panel says it is working it out."""
        self.hint()
        self._claim_advice()
        return not self.hint_pending()

    def adjust_hint(self, h: dh.HandHint) -> dh.HandHint:
        """A table's own rule on the worker's answer, in the frame (Kards: a standing hand's waits)."""
        return h

    def turn_advice(self) -> str | None:
        """The action kind of the turn button the open hint advises (a kong that costs no step); a
        table adds its own (Kards' standing hand). None: the hint advises a discard."""
        h = self.hint() if self.my_turn else None
        if h is None or h.kong is None:
            return None
        return next((cls.kind for cls, label in self.KONG_BUTTONS if label == h.kong[1]), None)

    def _light_turn_advice(self) -> None:
        """An open hint on the viewer's turn that advises a button (a kong, a secret, a standing
        hand): that button turns gold and takes the keyboard's focus, as the advised claim does in
        a claim window, so the hint and the buttons agree; once per set of buttons, so Tab still moves."""
        if not self.hint_panel.open or not self.my_turn or not getattr(self, "buttons", None):
            return
        key = (self.shown_move, self.viewer, self._buttons_for)
        if key == self._turn_lit or not self.hint_ready():
            return
        self._turn_lit = key
        kind = self.turn_advice()
        lit = next((i for i, b in enumerate(self.buttons) if kind is not None and getattr(b, "kind", None) == kind), None)
        if lit is None:
            return
        for i, b in enumerate(self.buttons):
            if getattr(b, "kind", None) is not None:         # the turn's buttons (never Sort)
                b.primary = i == lit
        self.focus = lit

    def _free_kongs(self) -> dict[str, str]:
        """The kongs on offer this turn (kind -> its button's label) that the hint weighs before a discard."""
        if not self.my_turn or getattr(self.view, "winner", None) is not None or self._lesson_discard() is not None:
            return {}
        return {a.tile: label for cls, label in self.KONG_BUTTONS for a in self.legal if isinstance(a, cls)}

    def others_shown(self) -> list[dh.Shown]:
        """What the viewer sees of each other player, for the hint's danger (dh.dangers). Override."""
        return []

    def _lesson_discard(self) -> str | None:
        """The kind a lesson's current step discards (the hint suggests that one, not its own)."""
        step = self.lesson.run.step if self.lesson is not None else None
        if step is None or step.do != "discard" or not step.pieces:
            return None
        return ds.kind(step.pieces[0])

    def _lesson_index(self) -> int | None:
        """Index in the shown hand of the piece the lesson's current step discards, on the viewer's turn."""
        return self._last_of(self._lesson_discard()) if self.my_turn else None

    def _last_of(self, kind: str | None) -> int | None:
        """Index in the shown hand of the last piece of this kind (a fresh draw first)."""
        idx = [i for i, c in enumerate(self.hand) if ds.kind(c) == kind] if kind else []
        return idx[-1] if idx else None

    def claim_hint(self) -> str | None:
        """The hint's advice while the viewer answers a claim window: which claim brings the hand
        closer, or Pass (None outside a claim window, or with no pile claim on offer)."""
        advice = self._claim_advice()
        return advice[1] if advice is not None else None

    def _claim_advice(self) -> tuple[str | None, str] | None:
        """discard_hint.claim_advice for the claim window on show: (claim label or None for Pass, words)."""
        v = self.view
        if v.discard is None or self.viewer is None or not self.claim_bar.visible or self.HINT_FACTS is None:
            return None
        def work() -> Question:             # asked once per position (the panel is drawn every frame)
            claims = tuple((text, getattr(a, "kind", ""), getattr(a, "low", None))
                           for text, a in self.claim_choices(self.viewer))
            return Question(dh.HintWork(type(self).HINT_FACTS(v), offered=ds.kind(v.discard) or "", claims=claims),
                            cheap=True)
        ready, advice = self.hint_jobs.ask("claim", work)
        return advice if ready else None

    def hinted_index(self) -> int | None:
        """Index in the shown hand of the suggested discard (the last of its kind: a fresh draw
        first), while the hint is open on the viewer's turn."""
        if not self.hint_panel.open or not self.my_turn:
            return None
        h = self.hint()
        return self._last_of(h.discard) if h is not None else None

    # ------------------------------------------------------------------ claims, dice, lesson
    def claim_discard(self) -> tuple[str | None, str]:
        v = self.view
        if v.discard is None:
            return None, ""
        return self.STYLE.face(ds.kind(v.discard) or ""), f"{self.name_of(v.discarder)} discarded {name(v.discard)}"

    def update(self, dt: float) -> None:
        if self.anim_speed > 0:
            self.dice.update(dt * self.anim_speed)
        else:
            self.dice.finish()
        # an open hint stays readable beside a claim bar widened by a long label ("Chow 2-3-4 Characters")
        px, _py, pw, _ph = self.hint_panel.rect
        self.claim_bar.keep_right_of(px + pw + 12 if self.hint_panel.open else None)
        super().update(dt)
        self._light_claim_advice()
        self._light_turn_advice()

    def mahjongg_is_true(self) -> bool:
        """Whether the viewer may go out now and it is right (a table says how: a Strict table offers
        the call on any hand)."""
        return False

    def claim_lit(self, choices: list[tuple[str, Any]]) -> int:
        """Before the hint says more, gold rests on a Mahjongg claim (the Assisted table offers only a
        true one), else on Pass (the last): a pung or chow is not always good for the hand (seen at
        the Paningit challenge: gold on "Chow 1-2-3" would have broken a ready hand). A Strict table
        offers every claim, a false Mahjongg first: there gold rests on Pass until the open hint
        lights a claim that is right."""
        if not self.rule_option("strict", False):
            for i, (_text, action) in enumerate(choices):
                if getattr(action, "kind", "") == "mahjongg":
                    return i
        return len(choices) - 1

    def _light_claim_advice(self) -> None:
        """An open hint in a claim window: the answer it advises (a claim, or Pass) becomes the gold
        button with the focus, so Enter follows the hint; once per position, so keys still move on."""
        if not self.hint_panel.open or not self.claim_bar.visible:
            return
        key = self.hint_key()
        if key == self._claim_lit or not self.hint_ready():
            return
        self._claim_lit = key
        if self.mahjongg_is_true():      # the hint leads with the win on this discard: its answer is the gold one
            win = next((a for _t, a in self.claim_choices(self.viewer) if getattr(a, "kind", "") == "mahjongg"), None)
            if win is not None:
                self._light_hinted_claim(win)
                return
        advice = self._claim_advice()
        if advice is None:
            return
        label = advice[0]                      # None: the hint says Pass
        for text, action in self.claim_choices(self.viewer):
            if (text == label) if label is not None else getattr(action, "kind", "") == "pass":
                self._light_hinted_claim(action)
                return

    def _drive(self) -> None:
        if self.dice.rolling:          # the deal (or the next throw) waits until the dice are read
            self.driver.hold()
            return
        super()._drive()

    def presenting(self) -> bool:
        return super().presenting() or self.dice.rolling

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.claim_bar.max_bottom = CLAIM_BAR_BOTTOM
        self._hint_for: Any = None                                   # the position of _hint (hint())
        self._hint: dh.HandHint | None = None
        self._claim_lit: Any = None                                  # the position whose advice is lit
        self._turn_lit: Any = None                                   # the turn's buttons whose advice is lit
        self.hint_button = Button(HINT_BUTTON, "Hint (H)", lambda: self.hint_panel.toggle(), size=theme.SMALL)

    def hint_button_shown(self) -> bool:
        """A player's hand is on show (not between players, not in a replay): the hint has something to say."""
        return self.viewer is not None and bool(self.view.hand) and not self.replay_mode and not self.finished

    def hint_button_hit(self, intent: Any) -> bool:
        """A click on the hint button opens (or closes) the hint, as H does."""
        if intent.pos is None or intent.kind not in ("press", "select") or not self.hint_button_shown():
            return False
        if not self.hint_button.contains(intent.pos):
            return False
        return self.hint_button.activate() if intent.kind == "select" else True

    def draw_hint_button(self, canvas: Any) -> None:
        if self.hint_button_shown():
            self.hint_button.label = "Hide hint (H)" if self.hint_panel.open else "Hint (H)"
            self.hint_button.draw(canvas)

    def status_rect(self, canvas: Any) -> tuple[float, float, float, float]:
        """Where the status panel is drawn for the words up now (its height follows them)."""
        x, y, w = STATUS_BOX
        lines = canvas.wrap(self.status(), w - 2 * STATUS_PAD, theme.SMALL)
        return x, y, w, 2 * STATUS_PAD + len(lines) * canvas.line_height(theme.SMALL)

    def draw_status(self, canvas: Any) -> float:
        """The status line in its panel, unless a lesson's words stand there; returns where the
        words above the hint end (the status panel's bottom, or the top of the hint's room)."""
        if self.lesson is not None and not self.lesson.closed:
            return float(self.hint_panel.room[1])
        x, y, w, h = self.status_rect(canvas)
        canvas.panel((x, y, w, h), colour=theme.PANEL, edge=theme.PANEL_EDGE, radius=10)
        canvas.paragraph(self.status(), (x + STATUS_PAD, y + STATUS_PAD, w - 2 * STATUS_PAD, h), theme.SMALL,
                         theme.TEXT)
        return y + h

    def draw_hint(self, canvas: Any, words_end: float) -> None:
        """The open hint in its room, under whatever is written above it (the lesson's words, or a
        long status line ending at `words_end`)."""
        if not self.hint_panel.open:
            return
        x, y, w, h = self.hint_panel.room
        above = self._lesson_bottom(canvas) if self.lesson is not None and not self.lesson.closed else words_end
        top = max(y, above + 10)
        # under a lesson's long words the hint may run down to the viewer's melds and name plate,
        # never onto them (it did: a claimed pung lay over its last line)
        bottom = max(y + h, HINT_FLOOR) if self.lesson is not None and not self.lesson.closed else y + h
        self.hint_panel.rect = (x, top, w, max(120.0, bottom - top))
        note = self.hint_goal_note()
        self.hint_panel.draw(canvas, self.hint_lines() + ([note] if note else []))

    def lesson_keep_clear(self) -> list[tuple[float, float, float, float]]:
        """The turn's buttons and Kards' winds dial above them (the arrow at Mah-Jongg! lay on the
        dial's seat marker; it points from the felt at the left instead), and your melds."""
        out = [tuple(b.rect) for b in getattr(self, "buttons", [])]
        # your melds lie just above the hand's left end: the arrow at its first piece lay on them
        out += [tuple(p.rect) for p in self.layout().by_part("meld", seats4.BOTTOM)]
        dial = getattr(self, "dial", None)
        if dial is not None:
            (cx, cy), r = dial.centre, dial.radius
            out.append((cx - r, cy - r, 2 * r, 2 * r + 12))       # (its seat marker hangs below the ring)
        return out

    def lesson_button_rects(self, kind: str) -> list[tuple[float, float, float, float]]:
        return [tuple(b.rect) for b in getattr(self, "buttons", []) if getattr(b, "kind", None) == kind]

    def draw_announcements(self, canvas: Any) -> None:
        """The claim words ("Chow!"), kept off the open hint's panel (the left seat's lay over it)."""
        self.announcements = [a for a in self.announcements if not a.done]
        panels = [self.hint_panel.shown] if self.hint_panel.open and self.hint_panel.shown else []
        for a in self.announcements:
            an.keep_off(a, panels, canvas)
            an.draw_announcement(canvas, a)

    def toast_areas(self) -> list[tuple[float, float, float, float]]:
        return list(TOAST_AREAS)

    def toast_avoid(self) -> list[tuple[float, float, float, float]]:
        return [tuple(a.rect(self.app.canvas)) for a in self.announcements if not a.done]

    def _lesson_bottom(self, canvas: Any) -> float:
        """Where the lesson's panel ends, so the hint goes below."""
        _x, y, _w, h = self.lesson.panel_rect(canvas)
        return y + h
