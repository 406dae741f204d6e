"""Input at the Mint Tin table: the hand (select, keyboard focus, drag), the table's hot spots,
the action buttons (only for actions legal now) and the choosers for calls and swaps.

Every attempt goes through scene.act, so an action the rules refuse shows their reason.

Hand, mouse:   click selects a card; click the selected card again to discard it; drag it to
               reorder the hand, or drop it on the discards to discard it.
Hand, keys:    Left/Right move the focus, Shift+Left/Right move the focused card, Up selects
               (or in a pass / call picks several), Down lets go, Enter/Space = a click.
               Tab / Shift+Tab reach the buttons.
Table:         click the deck to draw, the hold spot / last discard to call, an exposed joker
               to swap your matching card for it (2P: an exposed card to give a joker for it).
"""

from __future__ import annotations

from typing import Any, Callable

from game.app import theme
from game.app.atlas import piece_frame
from game.app.lesson import overlaps
from game.app.tablekit.chooser import Chooser, Modal, Option
from game.app.tablekit.fan import HandFan, reorder
from game.app.widgets import Button, FocusGroup
from game.rules.minttin import cards as C
from game.rules.minttin.actions import (AnswerPass, Call, Discard, Double, Draw, Drop, GiveCards, JokerBlock,
                                        Mahjong, OfferPass, Pass, SwapForJoker, SwapJokerFor, Take)

from .minttin_layout import contains

BLOCK_NAMES = {2: "Pair", 3: "Pung", 4: "Kong", 5: "Quint"}
POINTER = ("point", "press", "select", "drag_start", "drag_move", "drop", "scroll", "alt_select")


def _shift_held() -> bool:
    try:
        import pygame
        return bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
    except Exception:
        return False


def button_label(action: Any) -> str | None:
    """The label of the button that plays an action (None: the action has no button of its own,
    e.g. a discard, whose card glows instead). The buttons are labelled by it, so a hint can light
    the one it suggests."""
    if isinstance(action, OfferPass):
        return f"Offer {action.count}"
    if isinstance(action, AnswerPass):
        return f"Answer {action.count}"
    if isinstance(action, GiveCards):
        return f"Pass {len(action.cards)} card{'s' if len(action.cards) != 1 else ''}"
    return {Draw: "Draw", Call: "Call", Pass: "Pass", Mahjong: "Mahjong!", Double: "Double", Drop: "Drop",
            Take: "Take", JokerBlock: "Joker Block", SwapForJoker: "Swap", SwapJokerFor: "Swap"}.get(type(action))


def with_enter(detail: str) -> str:
    """A gold button's detail line naming Enter too, which presses it (Call and Mahjong! named no key)."""
    if detail.endswith(" · D"):                # Draw's own key first
        return detail + " or Enter"
    return f"{detail} · Enter" if detail else "Enter"


def describe_action(a: Any, scene: Any = None) -> str:
    """A player's words for an action."""
    v = scene.view if scene is not None else None

    def owner_name(owner: int) -> str:
        if scene is None:
            return f"player {owner}"
        if scene.is_you(owner):
            return "your"
        return "the opponent's" if scene.solo else f"{scene.player_name(owner)}'s"

    def block_of(owner: int, block: int) -> str | None:
        if v is None or not 0 <= block < len(v.exposures[owner]):
            return None
        return C.block_kind(v.exposures[owner][block])

    if isinstance(a, Draw):
        return "Draw a card"
    if isinstance(a, Call):
        card = v.callable_card if v is not None and v.callable_card else None
        n = len(a.cards) + 1
        what = f"the {C.name(card)}" if card else "the card"
        return f"Call {what} for a {BLOCK_NAMES.get(n, 'block').lower()} ({C.names(a.cards)})"
    if isinstance(a, Pass):
        return "Pass: the card goes to the discard row"
    if isinstance(a, SwapForJoker):
        k = block_of(a.owner, a.block)
        return f"Give your {C.name(k)} for the joker in {owner_name(a.owner)} {C.name(k)} block" if k else \
            "Swap a card for an exposed joker"
    if isinstance(a, SwapJokerFor):
        k = block_of(a.owner, a.block)
        return f"Give a joker for a {C.name(k)} in {owner_name(a.owner)} block" if k else \
            "Give a joker for an exposed card"
    if isinstance(a, Discard):
        return f"Discard the {C.name(a.card)}"
    if isinstance(a, JokerBlock):
        return "Joker Block: put a joker in the discard row"
    if isinstance(a, Mahjong):
        return "Declare Mahjong"
    if isinstance(a, Double):
        return "Call Double"
    if isinstance(a, Drop):
        return "Drop the Double"
    if isinstance(a, Take):
        return "Take the Double"
    if isinstance(a, OfferPass):
        return f"Offer to pass {a.count} card{'s' if a.count != 1 else ''}"
    if isinstance(a, AnswerPass):
        return f"Answer {a.count}"
    if isinstance(a, GiveCards):
        return f"Pass {C.names(a.cards)}"
    return str(a)


def _kinds(legal: list) -> dict[type, list]:
    out: dict[type, list] = {}
    for a in legal:
        out.setdefault(type(a), []).append(a)
    return out


# ====================================================================== the hand
class HandInput:
    """The Mint Tin hand's input on the kit's HandFan (selection, focus, drag): what a click, a key
    or a drop means here (select then discard, pick several for a pass or a call, the table's spots)."""

    def __init__(self, scene: Any):
        self.s = scene
        self.fan = HandFan()

    def reset(self) -> None:
        self.fan.reset()

    def after_action(self) -> None:
        self.fan.keep(self.ids())
        # A new position: Enter goes back to the gold button (Draw, Call, Pass…) rather than
        # picking the hand card focused for the last move; the next arrow shows the focus again.
        self.fan.keyboard = False

    # ---------------------------------------------------------------- lookups
    @property
    def hand(self) -> list:
        return self.s.board.hand

    def ids(self) -> list[int]:
        return [c.id for c in self.hand]

    def _set_order(self, ids: list[int]) -> None:
        by_id = {c.id: c for c in self.hand}
        self.hand[:] = [by_id[i] for i in ids]
        self.s.auto_sort = False
        self.s.board.fresh = None

    def card_at(self, pos) -> Any:
        """The hand card under the pointer (the top one where they overlap)."""
        targets = self.s.targets()
        for c in reversed(self.hand):
            t = targets.get(c.id)
            if t is not None and c.id != self.fan.drag_key and contains(t[0].rect(), pos):
                return c
        return None

    def focused_card(self) -> Any:
        key = self.fan.focused(self.ids(), default_last=self.s.board.fresh is not None)
        return next((c for c in self.hand if c.id == key), None)

    def lesson_card(self) -> Any:
        """The hand card a lesson's discard step names, while that discard is due (the keys start
        there, as the Kards and Cuzzins tables do: the step says to reach it with the arrows)."""
        lesson = self.s.lesson
        step = lesson.run.step if lesson is not None and not lesson.closed else None
        if step is None or step.do != "discard" or not step.pieces or Discard not in self._legal_kinds():
            return None
        return next((c for c in reversed(self.hand) if c.code == step.pieces[0]), None)

    def _legal_kinds(self) -> dict[type, list]:
        return _kinds(self.s.legal)

    def picking_many(self) -> int:
        """How many cards the player is picking now: the pass count, or up to 4 for a call; 0 = one card."""
        kinds = self._legal_kinds()
        if GiveCards in kinds:
            return len(kinds[GiveCards][0].cards)
        if Call in kinds and Discard not in kinds:
            return 4
        return 0

    # ---------------------------------------------------------------- intents
    def handle(self, intent: Any) -> bool:
        k = intent.kind
        s, fan = self.s, self.fan
        if k == "point":
            c = self.card_at(intent.pos) if intent.pos else None
            fan.hover = c.id if c else None
            fan.keyboard = False
            return False
        if k == "press":
            return self.card_at(intent.pos) is not None
        if k == "drag_start":
            return self.start_drag(intent.pos)
        if k == "drag_move":
            if fan.drag_key is None:
                return False
            self.move_drag(intent.pos)
            return True
        if k == "drop":
            if fan.drag_key is None:
                return False
            self.end_drag(intent.pos)
            return True
        if k == "select":
            if s.showing:            # a click while the table is showing moves: skip to the end
                s.presenter.drain()
                return True
            return self.click(intent.pos)
        if k in ("left", "right", "move_left", "move_right"):
            if not self.hand:
                return False
            move = k.startswith("move_") or bool(getattr(intent, "shift", False)) or _shift_held()
            showing_focus = fan.keyboard and fan.focus is not None
            fan.keyboard = True
            s.controls.ui.keyboard = False
            if not showing_focus and not move:
                named = self.lesson_card()
                if named is not None:        # the first press lands on the lesson's card
                    fan.focus = named.id
                else:
                    self.focused_card()      # the first press shows where the focus is
                return True
            self.step_focus(-1 if k.endswith("left") else 1, move)
            return True
        if k in ("home", "end") and self.hand:
            fan.keyboard = True
            fan.focus = (self.hand[0] if k == "home" else self.hand[-1]).id
            return True
        if k == "up" and self.hand:
            fan.keyboard = True
            self.pick(self.focused_card(), toggle=False)
            return True
        if k == "down" and self.hand:
            fan.keyboard = True
            c = self.focused_card()
            if c is not None and fan.unselect(c.id):
                s.place_all(0.12)
            return True
        if k == "confirm" and self.hand and fan.keyboard:
            c = self.focused_card()
            if c is not None:
                self.click_card(c)
            return True
        return False

    # ---------------------------------------------------------------- clicks
    def click(self, pos) -> bool:
        s = self.s
        c = self.card_at(pos)
        if c is not None:
            self.fan.focus = c.id
            self.click_card(c)
            return True
        L = s.layout
        if contains(L.deck_rect(), pos):
            s.act(Draw())
            return True
        if s.solo and contains(L.hold().rect(), pos) and s.board.hold is not None:
            s.controls.do_call()
            return True
        if not s.solo and s.board.row:
            targets = s.targets()
            top = s.board.row[-1]
            if contains(targets[top.id][0].rect(), pos):
                s.controls.do_call()
                return True
        hit = self.exposure_at(pos)
        if hit is not None:
            owner, block, code = hit
            if code == C.J:
                s.controls.preview_swap(SwapForJoker(owner, block))
            elif not s.solo and owner != s.me:
                s.controls.preview_swap(SwapJokerFor(owner, block))
            else:
                return False
            return True
        if self.fan.selected and not s.controls.ui.at(pos):
            self.fan.clear()                   # a click on the felt lets go of the selection
            s.place_all(0.12)
            return True
        return False

    def exposure_at(self, pos) -> tuple[int, int, str] | None:
        targets = self.s.targets()
        for player in (0, 1):
            for bi, blk in enumerate(self.s.board.exposures[player]):
                for c in reversed(blk):
                    t = targets.get(c.id)
                    if t is not None and contains(t[0].rect(), pos):
                        return player, bi, c.code
        return None

    def click_card(self, c: Any) -> None:
        s = self.s
        if self.picking_many():
            self.pick(c, toggle=True)
            return
        if self.fan.selected == [c.id]:
            self.discard(c)
            return
        self.fan.select_only(c.id)
        s.place_all(0.12)
        s.play("card_slide")

    def pick(self, c: Any, toggle: bool) -> None:
        if c is None:
            return
        fan = self.fan
        many = self.picking_many()
        if not many:
            fan.select_only(c.id)
        elif fan.is_selected(c.id):
            if toggle:
                fan.unselect(c.id)
        elif not fan.toggle(c.id, limit=many):
            self.s.toast(f"You are choosing {many} card{'s' if many != 1 else ''}; "
                         "put one back first." if many < 4 else "A call uses at most four of your cards.")
        self.s.place_all(0.12)

    def discard(self, c: Any) -> bool:
        s = self.s
        if c.code is None:
            return False
        kinds = self._legal_kinds()
        if c.code == C.J and JokerBlock in kinds and Discard not in kinds:
            action: Any = JokerBlock()
        else:
            action = Discard(c.code)
        s.pending_card = c.id
        return s.act(action)

    # ---------------------------------------------------------------- keyboard
    def step_focus(self, d: int, move: bool) -> None:
        fan = self.fan
        ids = self.ids()
        fresh = self.s.board.fresh is not None
        if not move:
            fan.step(ids, d, default_last=fresh)
        elif fan.shift(ids, d, default_last=fresh):
            self._set_order(ids)
            self.s.place_all(0.14)

    # ---------------------------------------------------------------- dragging
    def start_drag(self, pos) -> bool:
        c = self.card_at(pos)
        if c is None:
            return False
        s = self.s
        if s.showing:
            s.presenter.drain()
        t = s.targets()[c.id][0]
        gap = s.layout.hand_insert_index(len(self.hand) - 1, t.x)
        self.fan.start_drag(c.id, pos, (t.x, t.y), gap)
        s.place_all(0.12)
        sp = s.sprites.get(c.id)
        if sp is not None:                 # lifted off the table, under the pointer
            s.tweens.cancel(sp, "x")
            s.tweens.cancel(sp, "y")
            sp.lift = 8.0
        self._follow()
        return True

    def move_drag(self, pos) -> None:
        s, fan = self.s, self.fan
        x, _y = fan.drag_to(pos)
        gap = s.layout.hand_insert_index(len(self.hand) - 1, x)
        if gap != fan.drag_gap:
            fan.drag_gap = gap
            s.place_all(0.14)            # the other cards open a gap where it would go
        self._follow()

    def _follow(self) -> None:
        sp = self.s.sprites.get(self.fan.drag_key)
        if sp is not None:
            sp.x, sp.y = self.fan.drag_pos

    def over_discards(self, pos) -> bool:
        L = self.s.layout
        return contains(L.discards_rect(len(self.s.board.row)), pos) or contains(L.drop_rect(), pos)

    def end_drag(self, pos) -> None:
        s = self.s
        drop_at = self.fan.drag_to(pos)
        cid, gap = self.fan.end_drag()
        card = next((c for c in self.hand if c.id == cid), None)
        if card is None:
            s.place_all(0.15)
            return
        if self.over_discards(pos) or self.over_discards(drop_at):
            if not self.discard(card):
                s.place_all(0.2)         # refused: it slides back into the hand
            return
        ids = self.ids()
        reorder(ids, cid, s.layout.hand_insert_index(len(ids) - 1, drop_at[0]) if gap is None else gap)
        self._set_order(ids)
        self.fan.focus = cid
        s.place_all(0.16)
        s.play("card_slide")


# ====================================================================== buttons and choosers
def swap_effect(a: Any, view: Any) -> tuple[tuple[str, ...], tuple[str, ...], str, str] | None:
    """(the block now, the block after, the card you give, the card you take) for a joker swap."""
    if not 0 <= a.block < len(view.exposures[a.owner]):
        return None
    blk = list(view.exposures[a.owner][a.block])
    kind = C.block_kind(blk)
    if kind is None:
        return None
    if isinstance(a, SwapForJoker):            # your natural for the exposed joker
        give, take = kind, C.J
        i = blk.index(C.J) if C.J in blk else None
    else:                                      # 2P: a joker for an exposed natural
        give, take = C.J, kind
        i = max((j for j, c in enumerate(blk) if c == kind), default=None)
    if i is None:
        return None
    after = list(blk)
    after[i] = give
    return tuple(blk), tuple(after), give, take


class SwapPreview(Modal):
    """Confirm a joker swap after seeing it: the block before and after, what you give and take."""

    def __init__(self, scene: Any, action: Any, on_cancel: Callable[[], None]):
        self.s = scene
        self.action = action
        self.effect = swap_effect(action, scene.view)
        self.text = describe_action(action, scene)
        self.ui = FocusGroup()
        self.rect = (800 - 340, 215, 680, 380)      # ends above the status line (it covered half of it)
        x, y, w, h = self.rect
        self.ui.add(Button((x + w / 2 - 230, y + h - 74, 220, 54), "Swap", self.confirm, primary=True))
        self.ui.add(Button((x + w / 2 + 10, y + h - 74, 220, 54), "Cancel", on_cancel))
        self.on_cancel = on_cancel
        self.ui.set_focus(self.ui.widgets[0])

    def confirm(self) -> None:
        self.s.controls.close_chooser()
        self.s.act(self.action)


    def draw(self, canvas) -> None:
        canvas.shade((0, 0, 0, 110))
        canvas.panel(self.rect, theme.PANEL_SOLID)
        x, y, w, _h = self.rect
        canvas.text("Joker swap", (x + w / 2, y + 16), theme.SUBHEADING, theme.TEXT, True, "midtop")
        lines = canvas.wrap(self.text, w - 40, theme.BODY)[:2]
        for i, line in enumerate(lines):
            canvas.text(line, (x + w / 2, y + 56 + i * 26), theme.BODY, theme.TEXT, False, "midtop")
        if self.effect is not None:
            before, after, give, take = self.effect
            # the three groups side by side, centred, the cards narrower for a kong or a quint (at a
            # fixed size a quint's "now" and "after" rows ran into each other over the arrow)
            n, gap, arrow, slot = len(before), 6, 60, 130     # slot: the taken card under its label
            cw = min(50.0, (w - 40 - arrow - slot - 2 * n * gap) / (2 * n))
            ch = cw * 1.4
            cy = y + 146
            row = n * (cw + gap) - gap
            left = x + (w - (2 * row + arrow + slot)) / 2

            def cards(codes, x0, label):
                width = len(codes) * (cw + gap) - gap
                canvas.text(label, (x0 + width / 2, cy - 26), theme.SMALL, theme.TEXT_DIM, False, "midtop")
                for i, c in enumerate(codes):
                    canvas.piece(piece_frame("mint", c), (x0 + i * (cw + gap), cy, cw, ch))

            cards(before, left, "the block now")
            canvas.text("→", (left + row + arrow / 2, cy + ch / 2), theme.HEADING, theme.TEXT_DIM, False, "center")
            cards(after, left + row + arrow, "after the swap")
            cards((take,), left + 2 * row + arrow + (slot - cw) / 2 + gap, "into your hand")
            canvas.text(f"You give the {C.name(give)} and take the {C.name(take)}.", (x + w / 2, cy + ch + 16),
                        theme.SMALL, theme.TEXT_DIM, False, "midtop")
        self.ui.draw(canvas)


class Controls:
    def __init__(self, scene: Any):
        self.s = scene
        self.ui = FocusGroup()
        self.chooser: Chooser | SwapPreview | None = None
        self._key: Any = None

    def invalidate(self) -> None:
        self._key = None

    def close_chooser(self) -> None:
        self.chooser = None
        self._key = None

    # ---------------------------------------------------------------- actions behind the buttons
    def act(self, action: Any) -> None:
        self.s.act(action)

    def selected_codes(self) -> list[str]:
        return [c.code for c in self.s.board.hand if c.id in self.s.inp.fan.selected and c.code]

    def do_call(self) -> None:
        s = self.s
        kinds = _kinds(s.legal)
        calls = kinds.get(Call, [])
        sel = sorted(self.selected_codes())
        if not calls:
            s.act(Call(tuple(sel)))          # not possible now: the rules say why
            return
        match = [a for a in calls if sorted(a.cards) == sel]
        if match:
            s.act(match[0])
            return
        if len(calls) == 1:
            s.act(calls[0])
            return
        card = s.view.callable_card
        sug = s.current_suggestion() if s.hint_open else None
        hinted = sug.action if sug is not None and sug.action in calls else None
        opts = []
        for a in calls:
            n = len(a.cards) + 1
            j = a.cards.count(C.J)
            words = f"{BLOCK_NAMES.get(n, 'Block')}" + (f" with {j} joker{'s' if j > 1 else ''}" if j else "")
            opts.append((words + (" (hint)" if a == hinted else ""), (card,) + tuple(a.cards), a))
        self.open_chooser(f"Call the {C.name(card)} as", opts)
        if hinted is not None:       # Enter then takes what the open hint suggests, not the first option
            self.chooser.ui.set_focus(self.chooser.ui.widgets[calls.index(hinted)])

    def do_swap(self) -> None:
        s = self.s
        kinds = _kinds(s.legal)
        swaps = kinds.get(SwapForJoker, []) + kinds.get(SwapJokerFor, [])
        if not swaps:
            s.toast("No exposed joker can be swapped now.", theme.BAD)
            return
        if len(swaps) == 1:
            self.preview_swap(swaps[0])
            return
        opts = []
        for a in swaps:
            blk = tuple(s.view.exposures[a.owner][a.block])
            opts.append((describe_action(a, s), blk, a))
        self.open_chooser("Swap which joker?", opts, self.preview_swap)

    def preview_swap(self, action: Any) -> None:
        """A legal swap is shown before it happens; one the rules refuse says why at once."""
        if action not in self.s.legal:
            self.s.act(action)
            return
        self.chooser = SwapPreview(self.s, action, self.close_chooser)
        self._key = None

    def open_chooser(self, title: str, options: list, then: Callable[[Any], None] | None = None) -> None:
        lesson, seat = self.s.lesson, self.s.viewer

        def pick(a: Any) -> None:
            if lesson is not None and seat is not None and not lesson.allows(seat, a):
                self.focus_lesson_row()     # the step's nudge; the chooser stays open, Enter on the step's option
                return
            self.close_chooser()
            (then or self.s.act)(a)
        opts = [Option(label, tuple(piece_frame("mint", c) for c in cards), action) for label, cards, action in options]
        keyboard = self.ui.keyboard or self.s.inp.fan.keyboard      # reached by keys: show the focus
        self.chooser = Chooser(title, opts, pick, self.close_chooser, keyboard=keyboard)
        self.focus_lesson_row()
        self._key = None

    def focus_lesson_row(self) -> None:
        """Enter then picks the lesson's option."""
        rows = self.lesson_rows()
        if rows:
            self.chooser.focus_option(rows[0])

    def lesson_rows(self) -> list[int]:
        """The open chooser's options that make the lesson's step."""
        lesson, seat, ch = self.s.lesson, self.s.viewer, self.chooser
        if not isinstance(ch, Chooser) or lesson is None or seat is None or lesson.run.step is None:
            return []
        wanted = lesson.expected(seat)
        return [i for i, o in enumerate(ch.options) if o.value in wanted]

    def give(self) -> None:
        s = self.s
        kinds = _kinds(s.legal)
        sel = tuple(C.sort_cards(self.selected_codes()))
        gives = kinds.get(GiveCards, [])
        match = [a for a in gives if tuple(a.cards) == sel]
        s.act(match[0] if match else GiveCards(sel))

    def discard_selected(self) -> None:
        s = self.s
        sel = [c for c in s.board.hand if c.id in s.inp.fan.selected]
        if len(sel) != 1:
            s.toast("Select one card to discard: click it, or ← → to it and Enter.", theme.BAD)
            return
        s.inp.discard(sel[0])

    def toggle_hint(self) -> None:
        s = self.s
        s.hint_open = not s.hint_open
        if s.hint_open and s.my_turn():
            s.request_hint()
        self._key = None

    def sort_hand(self) -> None:
        s = self.s
        s.auto_sort = True
        s.place_all(0.2)
        self._key = None

    # ---------------------------------------------------------------- the buttons now
    def buttons(self) -> list[tuple[str, Callable[[], None], bool, bool, str]]:
        """(label, action, primary, enabled, detail) for what the viewer may do now."""
        s = self.s
        out: list[tuple[str, Callable[[], None], bool, bool, str]] = []
        if s.finished or s.replay_mode or (s.round_over is not None and not s.showing):
            return out
        if s.showing:
            if s.long_show:
                out.append(("Skip", s.presenter.drain, False, True, "click or S"))
            return out
        kinds = _kinds(s.legal)
        v = s.view
        if OfferPass in kinds:
            for a in kinds[OfferPass]:
                out.append((button_label(a), lambda a=a: self.act(a), a.count == 0, True,
                            "cards to pass"))
        if AnswerPass in kinds:         # gold on 0 as for the offer: Enter always has a button to press
            for a in kinds[AnswerPass]:
                out.append((button_label(a), lambda a=a: self.act(a), a.count == 0, True,
                            f"they offered {v.pass_offer}"))
        if GiveCards in kinds:
            n = len(kinds[GiveCards][0].cards)
            sel = tuple(C.sort_cards(self.selected_codes()))
            ok = any(tuple(a.cards) == sel for a in kinds[GiveCards])
            out.append((button_label(kinds[GiveCards][0]), self.give, True, ok,
                        "ready" if ok else f"pick {n} (no jokers)"))
        if Draw in kinds:
            out.append((button_label(Draw()), lambda: self.act(Draw()), True, True, f"{v.deck_count} in the deck · D"))
        if Call in kinds:
            card = v.callable_card
            out.append((button_label(kinds[Call][0]), self.do_call, True, True, f"the {C.name(card)}" if card else ""))
        if Pass in kinds:
            out.append((button_label(Pass()), lambda: self.act(Pass()), False, True, "card to the row"))
        if Mahjong in kinds:
            out.append((button_label(Mahjong()), lambda: self.act(Mahjong()), True, True, ""))
        if Double in kinds:
            out.append((button_label(Double()), lambda: self.act(Double()), False, True, ""))
        if Drop in kinds:
            out.append((button_label(Drop()), lambda: self.act(Drop()), False, True, "they score now"))
        if Take in kinds:
            out.append((button_label(Take()), lambda: self.act(Take()), False, True, "three turns to go out"))
        if SwapForJoker in kinds or SwapJokerFor in kinds:
            swaps = kinds.get(SwapForJoker, []) + kinds.get(SwapJokerFor, [])
            n = len(swaps)
            out.append((button_label(swaps[0]), self.do_swap, False, True, f"{n} joker swap{'s' if n != 1 else ''}"))
        if Discard in kinds:
            sel = [c for c in s.board.hand if c.id in s.inp.fan.selected]
            legal_cards = {a.card for a in kinds[Discard]}
            ok = len(sel) == 1 and sel[0].code in legal_cards
            detail = f"the {C.name(sel[0].code)}" if ok else "select a card"
            out.append(("Discard", self.discard_selected, False, ok, detail))
        if JokerBlock in kinds:
            out.append((button_label(JokerBlock()), lambda: self.act(JokerBlock()), False, True, "joker to the row"))
        if s.viewer is not None and s.is_human(s.viewer) and (v.hand or s.board.hand):
            out.append(("Hide hint" if s.hint_open else "Hint", self.toggle_hint, False, True, "H"))
            if not s.auto_sort:
                out.append(("Sort hand", self.sort_hand, False, True, ""))
        return out

    def lit(self) -> str | None:
        """The label of the button the open hint suggests pressing (it glows like a hinted card)."""
        sug = self.s.current_suggestion() if self.s.hint_open else None
        return button_label(sug.action) if sug is not None else None

    def enter_presses_gold(self) -> bool:
        """Enter presses the gold button (see handle) unless the card keys or a Tab-focused button have it."""
        s = self.s
        return not s.inp.fan.keyboard and not s.showing and not (self.ui.keyboard and self.ui.focused is not None)

    def refresh(self) -> None:
        s = self.s
        key = (len(s.match.log), s.viewer, s.showing, s.long_show, frozenset(s.inp.fan.selected), s.hint_open,
               s.finished, s.auto_sort, self.chooser is not None, s.round_over is not None,
               self.enter_presses_gold(), self.lit())
        if key == self._key:
            return
        self._key = key
        focused = self.ui.focused.label if self.ui.focused is not None else None
        keyboard = self.ui.keyboard
        self.ui.clear()
        L = s.layout
        items = self.buttons()
        # One gold button, the one Enter presses: the open hint's pick, else the first main one (Draw
        # before Call), so gold never says "do this" where the hint says otherwise.
        lit = key[-1]
        gold = lit if any(it[0] == lit and it[3] for it in items) else \
            next((it[0] for it in items if it[2] and it[3]), None)
        enter = key[-2]
        items = [(label, fn, label == gold, enabled, with_enter(detail) if label == gold and enter else detail)
                 for label, fn, _p, enabled, detail in items]
        for i, (label, fn, primary, enabled, detail) in enumerate(items):
            x, y, w, h = L.button_rect(i, len(items))
            b = self.ui.add(Button((x, y, w, h), label, fn, primary=primary, enabled=enabled,
                                   size=theme.BODY, detail=detail if h >= 50 else ""))
            if label == focused and b.can_focus:
                self.ui.set_focus(b)
        self.ui.keyboard = keyboard and self.ui.focused is not None

    def button(self, label: str) -> Button | None:
        """The button with this label (tests)."""
        self.refresh()
        return next((w for w in self.ui.widgets if getattr(w, "label", None) == label), None)

    def labels(self) -> list[str]:
        self.refresh()
        return [w.label for w in self.ui.widgets]

    def handle(self, intent: Any) -> bool:
        self.refresh()
        if self.chooser is not None:
            used = self.chooser.handle(intent)
            self._key = None
            return used
        k = intent.kind
        if k == "hint":
            if self.s.viewer is not None and self.s.is_human(self.s.viewer) and self.s.board.hand:
                self.toggle_hint()
                return True
            return False
        if k == "char" and (intent.char or "").lower() == "d":      # D draws, as at the Rummy table
            if any(isinstance(a, Draw) for a in self.s.legal):
                self.act(Draw())
                return True
            return False
        if k in POINTER:
            if k == "select" and self.s.showing:
                w = self.ui.at(intent.pos) if intent.pos else None
                if w is None:
                    return False
            used = self.ui.handle(intent)
            if used and k == "select":
                self.s.play("button")
            return used
        if k in ("focus_next", "focus_prev"):
            self.s.inp.fan.keyboard = False
            return self.ui.handle(intent)
        if k == "confirm" and self.ui.keyboard and self.ui.focused is not None:
            return self.ui.handle(intent)
        if k == "confirm" and not self.s.inp.fan.keyboard and not self.s.showing:
            # Enter with nothing focused presses the highlighted main button (Draw, Call, Mahjong!).
            main = next((w for w in self.ui.widgets if getattr(w, "primary", False) and w.enabled), None)
            if main is not None:
                self.s.play("button")
                return main.activate()
            return self._enter_on_cards()
        return False

    def _enter_on_cards(self) -> bool:
        """Enter with no main button to press (a discard is due): the card keys take over, on the
        hinted discard when the hint is open (selected, so Enter again plays it, as two clicks do);
        otherwise the first press only shows where the card focus is, as the arrows' first press does."""
        s, inp = self.s, self.s.inp
        if not inp.hand or Discard not in _kinds(s.legal):
            return False
        inp.fan.keyboard = True
        self.ui.keyboard = False
        sug = s.current_suggestion() if s.hint_open else None
        card = s.suggested_card() if sug is not None and isinstance(sug.action, Discard) else None
        card = inp.lesson_card() or card        # a lesson's step names its card (the hint follows it anyway)
        if card is not None:
            inp.fan.focus = card.id
            inp.click_card(card)
        else:
            inp.focused_card()
        return True

    def draw(self, canvas) -> None:
        self.refresh()
        self.ui.draw(canvas)
        lit = self.lit()
        b = self.button(lit) if lit else None
        if b is not None and b.visible:
            canvas.outline(theme.GOLD, b.box.inflate(6, 6), 3, 12)      # the buttons stand close together
            marked = self.s.lesson.marked_rects() if self.s.lesson is not None else []
            # hinted cards carry the word already; a lesson's arrow at this button stands where it goes
            if not self.s.suggested_cards() and not any(overlaps(tuple(b.box), r) for r in marked):
                canvas.text("hint", (b.box.left - 10, b.box.centery), theme.SMALL, theme.GOLD, True, "midright")
        if self.chooser is not None:
            self.chooser.draw(canvas)
