"""The Mint Tin Mahjong table: solo against the tin's virtual opponent, or two players.

The scene keeps a Board (minttin_model: which card is where, as the viewer sees it) and one
PieceSprite per card. Events from the match become steps (minttin_steps) that the kit's Presenter
runs one after another, paced so a player can follow the virtual opponent (draw to the hold spot,
swap, expose, card to the row); a click or S skips, animation speed 0 makes them instant.
Input (hand selection, keyboard focus, drag to reorder or discard, buttons for the legal
actions, choosers) lives in minttin_input; the drawing of everything that is not a card
sprite (spots, labels, score text, the Hint panel) in minttin_draw.

Round end: the ended round stays on the table (the winning cards face up, the old scores and
round number in the side panel) until its result (minttin_results) has been read; only then do
the next round's events, its deal, play. The Hint panel (minttin_hint) warns of discards that
would hand the other side the round and never suggests one while a safe discard exists. In hot
seat, after the curtain, a note says what the other player did (minttin_news, public events only).

Privacy: a card is drawn face up only when its code is known to the viewer (Card.code);
the other hand, the dead hand, the deck and face-down Double discards are only ever backs.
When the viewer changes (hot seat, behind the curtain) every sprite is rebuilt from the new
viewer's view, so no animation started for the previous player can show anything.
"""

from __future__ import annotations

from typing import Any

from game.app.anim import PieceSprite, call, flip_sprite, sequence
from game.app.scenes.table_base import TableScene
from game.app.tablekit.banner import Banner
from game.app.tablekit.presenter import Presenter, Step
from game.app.tablekit.stage import Spawn, Stage, Target

from .minttin_draw import TableDrawer
from .minttin_hint import Suggestion, caution, guard
from .minttin_input import Controls, HandInput
from .minttin_layout import BANNER_MAX_W, BANNER_POS, GOAL, HAND_LIFT, Layout, Place
from .minttin_model import BACK, Board, Card
from .minttin_news import News
from .minttin_steps import EventSteps

SHADOW = "ui/shadow-card"


class MintTinTable(TableScene):
    SHOW_THINKING = False          # the status line says who is thinking
    RESULTS_AFTER_PRESENTATION = True   # the winning discard or fifth pung is seen before the scores
    LESSON_PANEL = (1262, 400, 308)     # a lesson's words: the right column, under the action buttons
    PIECES = "cards"                    # the curtain says "show my cards"
    TOAST_BOTTOM = 708                  # a message sits between the status line and the hand, not over the cards
    GOAL_RECT = GOAL

    def __init__(self, app: Any, match: Any, level: Any = None):
        super().__init__(app, match, level)
        self.solo = self.view.mode == "solo"
        self.layout = Layout(self.view.mode)
        self.board = Board()
        self.stage = Stage(self.tweens, SHADOW, BACK)
        self.event_steps = EventSteps(self)
        self.presenter = Presenter(self.tweens)
        self.pending_card: int | None = None     # id of the card the viewer just chose to play
        self.banner = Banner(BANNER_POS, BANNER_MAX_W)
        self.hint_open = False
        self._hint_asked: tuple[int, int | None] | None = None
        self.long_show = False
        self.dealing = False
        self.suggestion: Suggestion | None = None
        self.auto_sort = True
        self.blit_log: list[tuple[str, str]] | None = None           # tests: (zone, frame) drawn
        self.score_sprites = [PieceSprite("mint/score0", None, 0, 0, shadow=SHADOW, z=900, tag="score")
                              for _ in range(2)]
        self.shown_scores: list[int] | None = None
        self.inp = HandInput(self)
        self.controls = Controls(self)
        self.drawer = TableDrawer(self)
        self._legal_key: Any = None
        self._legal_cache: list = []
        # Round end: the table keeps showing the ended round (winning hand, old scores) until its
        # result is closed; only then do the next round's events (the deal) play.
        self.board_view = self.view            # the view the board last caught up with
        self.round_over: dict | None = None    # the round_end data while the ended round is shown
        self.held_view: Any = None
        self.deferred: list = []               # events after the round end, waiting for the result
        self.news = News()                     # hot seat: what the other player did, for the note
        self.note: str = ""
        self.deal_round()

    # ================================================================== names and state
    def player_name(self, p: int) -> str:
        if self.solo:
            return "You" if p == 0 else "The opponent"
        return self.name_of(p)

    def is_you(self, p: int) -> bool:
        return self.player_name(p) == "You"

    @property
    def me(self) -> int:
        return self.board.me

    @property
    def shown_view(self) -> Any:
        """What the side panel, status line and marks describe: the ended round while it is shown."""
        return self.held_view if self.held_view is not None else self.view

    @property
    def legal(self) -> list:
        """The viewer's legal actions now, cached per position (none while an ended round is shown)."""
        if self.held_view is not None:
            return []
        key = (len(self.match.log), self.viewer)
        if key != self._legal_key:
            self._legal_key = key
            # a computer player's seat shown to spectators (autoplay) offers no buttons
            ok = self.viewer is not None and self.is_human(self.viewer)
            self._legal_cache = TableScene.legal.fget(self) if ok else []
        return self._legal_cache

    def my_turn(self) -> bool:
        return (self.held_view is None and self.viewer is not None and self.viewer in self.to_act and self.is_human(self.viewer)
                and not self.finished and not self.replay_mode)      # a replay is watched, not played

    # ================================================================== sprites
    @property
    def sprites(self) -> dict[int, PieceSprite]:
        """Card id -> its sprite on the stage."""
        return self.stage.sprites

    def arrange_hand(self) -> None:
        """Auto-sort keeps the hand in suit order, with the card just drawn standing apart at the end."""
        b = self.board
        if self.auto_sort and self.inp.fan.drag_key is None:
            from game.rules.minttin.cards import sort_key
            fresh = [c for c in b.hand if c.id == b.fresh]
            rest = sorted((c for c in b.hand if c.id != b.fresh), key=lambda c: sort_key(c.code) if c.code else 0)
            b.hand[:] = rest + fresh
        elif b.fresh is not None:
            fresh = [c for c in b.hand if c.id == b.fresh]
            b.hand[:] = [c for c in b.hand if c.id != b.fresh] + fresh

    def targets(self) -> dict[int, tuple[Place, str, Card]]:
        b, L = self.board, self.layout
        me, them = b.me, b.them
        out: dict[int, tuple[Place, str, Card]] = {}
        drag = self.inp.fan.drag_key
        hand = [c for c in b.hand if c.id != drag]
        fresh = bool(b.fresh is not None and hand and hand[-1].id == b.fresh and drag is None)
        gap = self.inp.fan.drag_gap if drag is not None else None
        for c, p in zip(hand, L.hand(len(hand), fresh, gap)):
            if self.inp.fan.is_selected(c.id):
                p = Place(p.x, self.inp.fan.lift(c.id, p.y, HAND_LIFT), p.scale, p.rot, p.z)
            out[c.id] = (p, "hand", c)
        if drag is not None:
            c = next((c for c in b.hand if c.id == drag), None)
            if c is not None:
                x, y = self.inp.fan.drag_pos
                out[c.id] = (Place(x, y, L.hand(1)[0].scale, 0, 1000), "hand", c)
        for c, p in zip(b.other, L.other_hand(len(b.other))):
            out[c.id] = (p, "other", c)
        for player in (0, 1):
            mine = player == me
            sizes = [len(blk) for blk in b.exposures[player]]
            for bi, (blk, places) in enumerate(zip(b.exposures[player], L.exposures(sizes, mine))):
                for c, p in zip(blk, places):
                    out[c.id] = (p, f"exp{player}.{bi}", c)
            for i, c in enumerate(b.jokers[player]):
                out[c.id] = (L.sideways(sizes, mine, i), f"jok{player}", c)
            for i, c in enumerate(b.facedown[player]):
                out[c.id] = (L.facedown(sizes, len(b.jokers[player]), mine, i), f"fd{player}", c)
        n = len(b.row)
        for i, c in enumerate(b.row):
            out[c.id] = (L.row(i, n) if self.solo else L.pile(i, n), "row", c)
        if b.hold is not None:
            out[b.hold.id] = (L.hold(), "hold", b.hold)
        for i, c in enumerate(b.spot):
            out[c.id] = (L.spot(i), "spot", c)
        return out

    def place_all(self, duration: float = 0.25, origins: dict | None = None, reveal: set | frozenset = frozenset(),
                  conceal: set | frozenset = frozenset(), delays: dict | None = None) -> None:
        """Move every sprite to where the board says its card is (new sprites fly in from their origin)."""
        self.arrange_hand()
        delays = delays or {}
        spots = {cid: Target(card.frame, p.x, p.y, p.scale, p.rot, p.z, zone)
                 for cid, (p, zone, card) in self.targets().items()}
        spawn = {cid: Spawn(o["x"], o["y"], o.get("rot", 0.0), o.get("scale", spots[cid].scale),
                            delay=delays.get(cid, 0.0), duration=duration)
                 for cid, o in (origins or {}).items() if cid in spots}
        self.stage.held = self.inp.fan.drag_key         # the dragged card follows the pointer, not its spot
        self.stage.sync(spots, duration, animate=self.anim_speed > 0, spawn=spawn, delays=delays, reveal=reveal,
                        conceal=conceal)

    def deal_round(self) -> None:
        """A fresh round (or a fresh look at one): cards fly from the deck into the hands."""
        self.board = Board()
        self.board.sync(self.view)
        self.stage.clear()
        self.inp.reset()
        b = self.board
        deck = self.layout.deck_place()
        origin = {"x": deck.x, "y": deck.y, "scale": deck.scale}
        dealt = b.hand + b.other
        origins = {c.id: origin for c in dealt}
        delays = {c.id: i * 0.035 for i, c in enumerate(_interleave(b.other, b.hand))}
        self.place_all(0.32, origins=origins, reveal={c.id for c in b.hand if c.code}, delays=delays)
        self.board_view = self.view
        self.sync_scores()
        if self.anim_speed > 0 and dealt:
            self.dealing = True              # the status line waits until the cards have landed
            self.play("card_slide")

    def rebuild(self) -> None:
        """Show the view as it is now, with no animation (after a handoff, or when something is off)."""
        self.board = Board()
        self.board.sync(self.view)
        self.stage.clear()
        self.inp.reset()
        self.place_all(0)
        self.board_view = self.view
        self.sync_scores(animate=False)

    def sync_scores(self, animate: bool = True) -> None:
        scores = list(self.shown_view.scores)
        me = self.board.me
        for i, player in enumerate((me, 1 - me)):
            s = self.score_sprites[i]
            p = self.layout.score(i == 0)
            s.x, s.y, s.scale = p.x, p.y, p.scale
            frame = f"mint/score{max(0, min(7, scores[player]))}"
            if s.frame == frame:
                continue
            if animate and self.anim_speed > 0 and self.shown_scores is not None:
                s.back = frame        # flips over to the new number
                self.tweens.run(sequence(flip_sprite(s, True, 0.34, lift=10), call(_settle_face, s, frame)))
                self.play("card_flip")
            else:
                s.frame, s.back, s.flip = frame, None, 0.0
        self.shown_scores = scores

    # ================================================================== presenting events
    def present(self, events: list) -> None:
        kinds = [e.kind for e in events]
        if "round_end" in kinds and not self.replay_mode:
            # Show the ended round to its end (the winning hand face up, the old scores); the result
            # opens after that, and the next deal plays only when the result is closed.
            end = kinds.index("round_end")
            self.deferred = list(events[end + 1:])
            events = events[:end + 1]
            self.held_view = self.board_view
            self.hint_open = False
            self.suggestion = None
        steps: list[Step] = []
        for e in events:
            steps += self.event_steps.steps(e)
        self.long_show = self.long_show or len(steps) >= 3     # worth a Skip button and a word
        self.presenter.extend(steps)
        if self.held_view is None:          # a round that ended waits for its result instead
            self.presenter.add(self.settle)
        self.inp.after_action()
        self.controls.invalidate()
        if self.anim_speed <= 0:
            self.presenter.drain()

    def settle(self) -> None:
        """The presentation has caught up: the board is exactly the view."""
        self.board.sync(self.view)
        self.board_view = self.view
        self.pending_card = None
        self.long_show = False
        self.inp.after_action()
        self.place_all(0.22)
        self.sync_scores()
        self.controls.invalidate()

    @property
    def showing(self) -> bool:
        """Events are still being shown (the action buttons wait)."""
        return self.presenter.busy

    # ================================================================== round end
    def end_of_round(self, data: dict) -> None:
        """The ended round's last step: its result waits (base) until the table has shown it."""
        self.round_over = data
        self.controls.invalidate()

    def next_round(self) -> None:
        """The result was closed: now the next round's events (its deal) play."""
        events, self.deferred = self.deferred, []
        self.round_over = None
        self.held_view = None
        self.banner.clear()                  # the ended round's summary has been read
        if events:
            self.present(events)
        else:
            self.settle()

    def _show_results(self, *scenes: Any) -> None:
        from .minttin_results import as_round_results
        target = self.view.target
        goal = None if self.level is None or self.replay_mode else self.level.goal
        challenge = None if goal is None else (goal.text, self.goal_state)   # a round's results say where it stands
        super()._show_results(*(as_round_results(sc, target, challenge) for sc in scenes))

    def _after_results(self) -> None:
        self.next_round()
        super()._after_results()

    def result_names(self) -> list[str]:
        names = list(self.seat_names)
        return names + list(self.view.names[len(names):])     # solo: the virtual opponent's column

    def presenting(self) -> bool:
        return self.showing or bool(getattr(self.tweens, "busy", False))

    def skip_presentation(self) -> None:
        self.presenter.drain()

    def announce(self, text: str, seconds: float = 1.2) -> None:
        """The banner for a while (longer at slow speeds; at speed 0 it stays until the next one)."""
        self.banner.show(text, seconds / max(0.25, self.anim_speed) if self.anim_speed > 0 else None)

    def play(self, name: str) -> None:
        if self.anim_speed <= 0:
            return
        try:
            self.sound.play(name)
        except Exception:
            pass

    # ================================================================== base hooks
    def _show_move(self, seen: Any) -> None:
        self.news.record(seen.actor, list(seen.events))
        if any(e.kind == "pass_exchange" for e in seen.events) and len(self.human_seats) >= 2:
            # The exchange happens as the second player chooses, so `seen` is that player's: the
            # first chooser's own gave/got is fetched as they may see it, kept for their next curtain.
            for seat in self.human_seats:
                if seat != self.viewer:
                    mine = self.match.history(seat, seen.move - 1, seen.move)[0]
                    self.news.keep_exchange(mine.events)
        if seen.actor == self.viewer:
            self.note = ""                     # the note was read: the player has moved
            self.news.mark_seen(seen.actor)
        super()._show_move(seen)

    def on_viewer_changed(self, old: int | None, new: int | None) -> None:
        self.note = ""
        if new is not None and len(self.human_seats) >= 2:
            self.note = self.news.since(new, self.player_name)
        self.presenter.clear()
        self.round_over = None
        self.held_view = None
        self.deferred = []
        self.hint_open = False
        self.suggestion = None
        self.banner.clear()
        self.controls.close_chooser()
        self.auto_sort = True
        self.shown_scores = None
        self.rebuild()
        self.controls.invalidate()

    def show_hint(self, action: Any) -> None:
        """The hint bot's move, checked first: never a discard that hands the other side the round
        when a safe one exists (minttin_hint.guard); the panel shows it in full and its card glows."""
        action, warning = guard(self.view, action, self.legal)
        note = "" if warning else caution(self.view, action)
        self.suggestion = Suggestion(self.viewer, len(self.match.log), action, self.describe(action), warning,
                                     note)
        self.hint_open = True
        self.controls.invalidate()

    def current_suggestion(self) -> Suggestion | None:
        sug = self.suggestion
        if sug is None or sug.viewer != self.viewer or sug.at != len(self.match.log) or self.showing:
            return None
        return sug

    def suggested_card(self) -> Card | None:
        """The card the current suggestion plays: a hand card to discard or give, or the exposed joker."""
        cards = self.suggested_cards()
        return cards[0] if cards else None

    def suggested_cards(self) -> list[Card]:
        """Every card the current suggestion plays: the discard, the cards to pass or to call with
        (one hand card per code named), or the exposed joker of a swap."""
        from game.rules.minttin import cards as C
        from game.rules.minttin.actions import Call, Discard, GiveCards, SwapForJoker
        sug = self.current_suggestion()
        if sug is None:
            return []
        a, b = sug.action, self.board
        if isinstance(a, Discard):
            same = [c for c in b.hand if c.code == a.card]
            pick = next((c for c in same if c.id == b.fresh), same[-1] if same else None)
            return [pick] if pick is not None else []
        if isinstance(a, (GiveCards, Call)):
            left, out = list(b.hand), []
            for code in a.cards:
                c = next((c for c in left if c.code == code), None)
                if c is not None:
                    left.remove(c)
                    out.append(c)
            return out
        if isinstance(a, SwapForJoker) and a.block < len(b.exposures[a.owner]):
            j = next((c for c in b.exposures[a.owner][a.block] if c.code == C.J), None)
            return [j] if j is not None else []
        return []

    def describe(self, action: Any) -> str:
        from .minttin_input import describe_action
        return describe_action(action, self)

    def act(self, action: Any) -> bool:
        if self.showing:
            self.presenter.drain()
        ok = super().act(action)
        if ok:
            self.inp.fan.selected.clear()
            # the card cursor is done with: the next Enter presses the next main button (Call, Draw),
            # not "select" on whichever card the cursor was left on; an arrow shows the cursor again
            self.inp.fan.keyboard = False
            self.controls.close_chooser()
        else:
            self.pending_card = None
        return ok

    def hint_room(self, canvas: Any) -> tuple[float, float, float, float]:
        """The most room the Hint panel may take: the column under the buttons, and under a
        lesson's words when they stand there (the two panels share the column)."""
        x, y, w, h = self.layout.hint_rect(len(self.controls.ui.widgets))
        if self.lesson is None or self.lesson.closed:
            return x, y, w, h
        _lx, ly, _lw, lh = self.lesson.panel_rect(canvas)
        top = max(y, ly + lh + 10)
        return x, top, w, y + h - top

    def lesson_keep_clear(self) -> list[tuple[float, float, float, float]]:
        """The labels under the solo piles (the hold spot's card is near the top: its arrow went
        below, onto "Hold spot"), and the buttons (an arrow at Draw went below it, onto Hint's words)."""
        out = [tuple(w.rect) for w in self.controls.ui.widgets]
        if hasattr(self.controls.chooser, "words"):       # an arrow at its option keeps off the others
            out += self.controls.chooser.words()
        if not self.solo:
            return out
        L = self.layout
        for place in (L.dead_place(), L.deck_place(), L.hold(), L.spot(0)):
            x, y, w, h = place.rect()
            out.append((x + w / 2 - 70, y + h + 4, 140, 26))      # the words are wider than the card
        return out

    def toast_avoid(self) -> list[tuple[float, float, float, float]]:
        """The status line: a message lifted off a lesson's arrows goes above it, not over it; and an
        open chooser (a lesson's nudge covered its last option and Cancel)."""
        box = getattr(self.drawer, "status_box", None)
        chooser = getattr(self.controls.chooser, "rect", None)
        return [b for b in (box, chooser) if b is not None]

    def lesson_button_rects(self, kind: str) -> list[tuple[float, float, float, float]]:
        from .minttin_input import button_label
        labels = {button_label(a) for a in self.legal if getattr(a, "kind", "") == kind} - {None}
        return [tuple(w.rect) for w in self.controls.ui.widgets if getattr(w, "label", None) in labels]

    def lesson_option_rects(self, actions: list) -> list[tuple[float, float, float, float]] | None:
        from game.app.tablekit.chooser import Chooser
        chooser = self.controls.chooser
        if not isinstance(chooser, Chooser):        # (the swap preview has no options to mark)
            return None
        return chooser.rects_of(i for i, o in enumerate(chooser.options) if o.value in actions)

    def lesson_covers(self) -> list[tuple[float, float, float, float]]:
        chooser = self.controls.chooser
        return [tuple(chooser.rect)] if chooser is not None else []

    def lesson_piece_rects(self, codes: tuple[str, ...]) -> list[tuple[float, float, float, float]]:
        """Lesson hook: the hold-spot card first, then the hand."""
        from game.app.lesson import pick_by_code
        from .minttin_layout import CARD_H, CARD_W
        b = self.board
        cards = ([b.hold] if b.hold is not None else []) + list(b.hand)
        out = []
        for c in pick_by_code([(c.code, c) for c in cards if c.code], codes):
            sp = self.sprites.get(c.id)
            if sp is not None:
                w, h = CARD_W * sp.scale, CARD_H * sp.scale
                left = sp.x - w / 2
                right = min(left + w, self._next_card_left(c))   # only the part the next card leaves visible
                out.append((left, sp.y - h / 2, max(right - left, w * 0.25), h))
        return out

    def _next_card_left(self, card: Any) -> float:
        """The left edge of the hand card drawn over this one's right side (infinity when none is)."""
        from .minttin_layout import CARD_W
        hand = self.board.hand
        if card not in hand or hand.index(card) + 1 >= len(hand):
            return float("inf")
        nxt = self.sprites.get(hand[hand.index(card) + 1].id)
        return float("inf") if nxt is None else nxt.x - CARD_W * nxt.scale / 2

    # ================================================================== scene API
    def handle_table(self, intent: Any) -> bool:
        return self.controls.handle(intent) or self.inp.handle(intent)

    def update(self, dt: float) -> None:
        self.banner.update(dt)
        self.presenter.advance(dt, self.anim_speed)
        super().update(dt)
        if self.dealing and not self.tweens.busy:
            self.dealing = False
        # An open hint follows the game: once the position it answered has moved on, ask again.
        at = (len(self.match.log), self.viewer)
        if (self.hint_open and self.my_turn() and not self.showing and not self.hint_pending()
                and self.current_suggestion() is None and self._hint_asked != at):
            self._hint_asked = at          # once per position, so a failed hint is not asked for again
            self.request_hint()
        self.controls.refresh()

    def draw_table(self, canvas: Any, view: Any) -> None:
        self.controls.refresh()
        self.drawer.draw(canvas)


def _settle_face(s: PieceSprite, frame: str) -> None:
    s.frame, s.back, s.flip = frame, None, 0.0


def _interleave(a: list, b: list) -> list:
    out = []
    for i in range(max(len(a), len(b))):
        if i < len(a):
            out.append(a[i])
        if i < len(b):
            out.append(b[i])
    return out


SCENE = MintTinTable
