"""The Mah-Jongg for Kards table: four seats round the wall square, drawn from the viewer's view.

Input (mouse, keyboard and tests all arrive as intents):
  * click a card of your hand to pick it (lifted), click it again (or double-click) to discard it;
    arrows move the pick along the hand, Enter discards it;
  * the hand is the viewer's own order (tablekit.hand_order): the Sort button (bottom right) sorts
    it by suit or by number; Shift+arrows move the picked card, and a card dragged along the row
    goes where it is let go (the order is then the player's own); each seat keeps its own order
    in match.meta, so Continue shows it as it was;
  * the turn's other legal actions are buttons on the right (Mah-Jongg, kongs, standing hand,
    Done); a button with several ways to do it opens a chooser; a standing hand discards the
    picked card;
  * a claim window shows table_base's claim bar; claims, kongs and Mah-Jongg are announced near
    the seat that made them.
Round ends open the results (table_base); hot-seat curtains are table_base's too.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.app import theme
from game.app.scenes.results import fmt_value
from game.app.tablekit import discard_table as dt
from game.app.tablekit.discard_table import DiscardTable
from game.app.tablekit import announce as an
from game.app.tablekit import discard_hint as dh
from game.app.tablekit import discard_scene as ds
from game.app.tablekit import seats4
from game.app.tablekit import wall_square as wq
from game.app.tables.kards_worth import KardsWorth
from game.app.tablekit.chooser import Chooser, Option
from game.app.tablekit.dice_tray import TableDice, cosmetic_seed
from game.app.tablekit.fan import HandFan
from game.app.tablekit.hand_order import CLASSIC_SORTS, HandOrder
from game.app.tablekit.winds_dial import WindsDial
from game.app.tablekit.stage import Spawn, Stage, target_of
from game.app.tablekit.still_layer import StaticLayer, draw_layout
from game.app.tablekit.seatspace import KARDS
from game.app.widgets import Button, numbered
from game.core.kit.tiles import name
from game.core.pieces import DRAGONS as DRAGON_KINDS
from game.bots.kards.bots import declaration_is_true
from game.core.words import says
from game.rules.kards import Chow, ConcealedKong, Discard, Done, Expand, MahJongg, MahJonggBy, Standing

STATIC_CACHE = True               # the still table painted once per change (tools: the bench switches it)
CLOCKWISE = True                  # Kards passes the turn to the left
WALL_TOTAL = 144
STACKS = WALL_TOTAL // 8                  # stacks of two on each side of the wall square
REVEAL_HOLD = 2.4                         # seconds every hand lies open before the results
REVEAL_TURN = 0.3
HINT_RECT = (dt.STATUS_X, 290, dt.STATUS_BOX[2], 300)   # below the status panel, its edges in line: x, y, width, the most height
GOAL_RECT = (dt.STATUS_X, 600, dt.STATUS_BOX[2], 110)        # a challenge's goal: under the hint, clear of the top seat's hand
DICE_RECT = (705, 342, 190, 136)          # the tray, inside the wall square
DICE_CAPTION_W = 240                      # its caption wraps to stay inside the square too
DIAL_AT, DIAL_R = (1275, 192), 84         # the Four Winds dial, above the turn buttons
SETS = 4                                  # a Kards hand: four sets and a pair
BUTTONS_AT = (1144, 300, 262, 46)         # right of the centre: x, first y, width, height
SORT_AT = (1336, 806, 228, 40)            # the Sort button, in the controls corner right of the hand
WIND_WORDS = {"WE": "East", "WS": "South", "WW": "West", "WN": "North"}
# One button per kind of action, in this order (several of a kind: the chooser).
# A standing hand wins on one named card only, for 100 more basic points: it is worth calling when
# that card is at least this share of the winning cards still unseen. From the Hard bot's weights
# (game/bots/kards/hard.py: a plain win about 60, the standing bonus about 110 more): 60 / 170.
STANDING_WORTH = 170 / 60
ACTION_GROUPS = ((MahJongg, "Mah-Jongg!"), (ConcealedKong, "Concealed kong"), (Expand, "Add to pung"),
                 (Standing, "Standing hand"), (Done, "Done: play on"))
CLAIM_WORD = {"pung": "Pung!", "kong": "Kong!", "chow": "Chow!", "mahjongg": "Mah-Jongg!"}


def hint_facts(v: Any) -> dh.HintFacts:
    """The hint's facts from the viewer's view: its concealed kinds, the sets still to make, and
    every card it can see elsewhere (rivers, melds, open standing hands, the discard on offer)."""
    seen: dict[str, int] = {}

    def add(pieces) -> None:
        for p in pieces:
            k = ds.kind(p)
            seen[k] = seen.get(k, 0) + 1

    for s in range(len(v.river)):
        add(v.river[s])
        for m in v.melds[s]:
            add(m.pieces)
        if s != v.seat and v.standing[s] is not None:
            add(v.standing[s][1])
    if v.discard is not None:
        add((v.discard,))
    melds = len(v.melds[v.seat]) if v.seat is not None else 0
    return dh.HintFacts(tuple(ds.kind(p) for p in v.hand), max(0, SETS - melds), seen, scoring_kinds(v))


def scoring_kinds(v: Any) -> dict[str, int]:
    """Kinds whose pung (or pair) scores for this seat: the dragons, its own wind and the round's
    wind (both at once, worth twice). The hint throws these last among equal discards."""
    worth = {d: 1 for d in DRAGON_KINDS}
    if v.seat is not None:
        for w in (v.seat_winds[v.seat], v.round_wind):
            worth[w] = worth.get(w, 0) + 1
    return worth


def break_at(break_seat: int, dice: int, bottom: int) -> int:
    """The wall square's first live stack (its ring number) where the engine broke the wall: on the
    side in front of ``break_seat`` the dice total counts stacks from that seat's left end (KRD-7);
    that stack opens the kong box, which runs anticlockwise from it (KRD-6), so the live wall
    starts at its clockwise neighbour."""
    pos = seats4.position_of(break_seat, bottom, CLOCKWISE)
    j = STACKS - max(1, min(STACKS, dice))        # ring stacks count from the seat's right end
    return (wq.ring_index(pos, j, STACKS) + 1) % (4 * STACKS)


MOVE = 0.32          # seconds a piece takes from place to place (at animation speed 1)
FLY = 0.42           # ... a piece coming from the wall or a hidden hand
LIFT = 0.12          # ... a picked card rising


class KardsTable(DiscardTable):
    CLAIM_WORD = CLAIM_WORD
    STYLE = KARDS
    HINT_FACTS = staticmethod(hint_facts)
    SPECTATOR_SEAT = 0
    RESULTS_AFTER_PRESENTATION = True  # every hand is seen face up before the results
    LESSON_PANEL = dt.STATUS_BOX       # a lesson's words: the left column, in place of the status line
    GOAL_RECT = GOAL_RECT
    SHOW_THINKING = False              # said on the status line instead
    PIECES = "cards"                   # the curtain says "show my cards"
    RIVERS_CLEARED_BY = ("round_start",)

    def __init__(self, app: Any, match: Any, level: Any = None):
        super().__init__(app, match, level)
        self._bottom = self.viewer if self.viewer is not None else 0
        self.selected: int | None = None        # index in the shown hand
        self.chooser: Chooser | None = None
        self.buttons: list[Button] = []
        self._buttons_for: Any = None
        self.lay: seats4.TableLayout | None = None
        self._laid_for: Any = None
        self._last_discarder = self._newest_discarder()   # whose newest discard is marked
        self._claimed: set[str] = set()           # cards taken from discards this round (they lie sideways)
        self.hint_panel = dh.HintPanel(HINT_RECT)
        self.stage = Stage(self.tweens, shadow=KARDS.shadow, back=KARDS.back)
        self.keys: list = []                      # a stable key per laid piece (discard_scene.piece_keys)
        self._box_draws: set[int] = set()         # seats whose newest card came from the kong box
        self._reveal: tuple[Any, tuple, str] | None = None   # (the ended round's view, every hand, its summary)
        self._reveal_left = 0.0
        self.dice = TableDice(DICE_RECT, caption_width=DICE_CAPTION_W)
        self.static = StaticLayer()
        self.felt_layer = StaticLayer()
        self._drawn_moving: frozenset = frozenset()
        self.focus: int | None = None             # Tab: a turn button's index, or len(buttons) for the hand
        self._snap_next = True                    # the next layout is shown in place (nothing flies in)
        self.dial = WindsDial(DIAL_AT, DIAL_R)
        self._standing_memo: tuple[Any, Any] = (None, None)     # (position, its standing-hand advice)
        self.order = HandOrder(match.meta, CLASSIC_SORTS)     # each seat's own order of its hand
        self.sort_button = Button(SORT_AT, "", self.cycle_sort, size=theme.SMALL)
        self.fan = HandFan()                      # a card being dragged along the hand

    # ================================================================== what is shown
    @property
    def my_turn(self) -> bool:
        v = self.viewer
        return (v is not None and self.is_human(v) and v in self.to_act and not self.finished
                and not self._handoff_pending and self.view.phase in ("turn", "after", "setup"))

    @property
    def table_view(self) -> Any:
        """The view the table shows: the ended round while its hands lie revealed, else the view."""
        return self._reveal[0] if self._reveal is not None else self.view

    def revealed_ids(self) -> tuple[str, ...]:
        return tuple(p for h in self._reveal[1] for p in h) if self._reveal is not None else ()

    def seat_data(self) -> list[ds.SeatData]:
        v = self.table_view
        out = []
        for s in range(4):
            if self._reveal is not None and s < len(self._reveal[1]):
                hand, drawn = tuple(self._reveal[1][s]), False     # Mah-Jongg: every hand face up
            elif s == v.seat:
                hand, drawn = self._shown_hand()
            elif v.winner == s and v.winner_hand:
                hand, drawn = tuple(v.winner_hand), False          # the winner's hand lies open
            elif v.standing[s] is not None:
                hand, drawn = v.standing[s][1], False          # a standing hand lies open
            else:
                hand, drawn = (None,) * v.hand_counts[s], False
            melds = tuple(self._meld(m) for m in v.melds[s])
            if v.winner == s:
                hand, melds = ds.lay_claimed_win(hand, melds, v.winner_melded, v.winner_from, self._claimed)
            # no wind while the dice are still thrown for the seats: a plate said "East" for a player the
            # throw then made North
            wind = v.seat_winds[s] if s < len(v.seat_winds) and v.phase != "seat_roll" else None
            # the scores as settled (as the results write them): an ended round on show keeps its old ones
            score = fmt_value(self.view.scores[s])
            info = f"{WIND_WORDS.get(wind, wind)} · {score}" if wind else score
            river = v.river[s]
            if s == v.discarder and v.discard is not None:
                river = river + (v.discard,)      # the card on offer lies newest in its river meanwhile
            out.append(ds.SeatData(hand=hand, drawn=drawn, discards=river, melds=melds, bonus=v.bonus[s],
                                   name=self.name_of(s), wind=wind, info=info,
                                   active=s in v.to_act and v.phase != "claim"))
        return out

    def _meld(self, m: Any) -> ds.MeldData:
        if m.concealed:                                  # back, face, face, back
            return ds.MeldData(m.pieces, concealed=True)
        face_down = (len(m.pieces) - 1,) if m.shape == "kong" else None   # Kards: a melded kong's last card turned
        # the claimed card, when this table saw the claim (a resumed game: the first card)
        claimed = next((i for i, p in enumerate(m.pieces) if p in self._claimed), 0)
        return ds.MeldData(m.pieces, claimed_from=m.claimed_from, claimed=claimed, face_down=face_down)

    def wall(self) -> Any:
        v = self.table_view
        if v.phase in ("seat_roll", "side_roll", "break_roll") or v.wall_count + v.box_count == 0:
            return None
        kongs = sum(1 for ms in v.melds for m in ms if m.shape == "kong")
        taken = kongs + sum(len(b) for b in v.bonus)          # each kong and bonus card took a replacement
        taken = max(0, min(taken, WALL_TOTAL - v.wall_count - v.box_count))
        at = 0 if v.break_side is None else break_at(v.break_side, sum(v.break_dice), self.bottom_seat)
        return wq.WallShow(STACKS, at, v.wall_count, v.box_count, taken, CLOCKWISE)

    def layout(self) -> seats4.TableLayout:
        key = (self.shown_move, self.viewer, self.bottom_seat, self._reveal is not None, self.selected,
               self.hinted_index(), self._shown_hand())
        if self.lay is None or self._laid_for != key:
            v = self.table_view
            seats = self.seat_data()
            show = ds.table_show(seats, self.bottom_seat, CLOCKWISE, self.wall(),
                                 v.discarder if v.discarder is not None else self._last_discarder)
            self.lay = seats4.lay_table(show, KARDS)
            ds.lift_selected(self.lay, self.selected if self.my_turn else None, self.hinted_index())
            lifted_only = (self._laid_for is not None and self._laid_for[:4] == key[:4]
                           and self._laid_for[6:] == key[6:])
            self._laid_for = key
            self._follow(seats, lifted_only)
        return self.lay

    def _follow(self, seats: list[ds.SeatData], lifted_only: bool) -> None:
        """Move the stage's sprites to the new layout: a card keeps its sprite from place to place
        (hand -> river -> meld, hand -> bonus row) and slides there; a card new to the table flies in
        from where it came (the wall's live end or the kong box for a draw, its seat's hidden hand
        for a discard, meld or bonus of another seat)."""
        lay = self.lay
        self.keys = ds.piece_keys(lay, seats, self.bottom_seat, CLOCKWISE)
        targets = {k: replace(target_of(p, KARDS), tag=k) for k, p in zip(self.keys, lay.pieces)}
        animate = self.anim_speed > 0 and not self._snap_next     # a table just opened or handed over lies still
        self._snap_next = False
        spawn: dict = {}
        if animate:
            live, box = self._wall_ends()

            def hand_from(seat: int, p: Any) -> Spawn | None:
                if self._reveal is not None:                           # turned over where it lies
                    return Spawn(p.x, p.y, rotation=p.rotation, scale=p.w / KARDS.w, duration=REVEAL_TURN)
                src = box if seat in self._box_draws else live
                return None if src is None else Spawn(src[0], src[1], rotation=p.rotation, scale=0.6, duration=FLY)

            spawn = ds.fly_spawns(lay, self.keys, self.stage.sprites, self.bottom_seat, CLOCKWISE, hand_from, FLY)
        self._box_draws.clear()
        self.stage.sync(targets, LIFT if lifted_only else MOVE, animate=animate, spawn=spawn)
        self._pin_dragged()

    def _wall_ends(self) -> tuple[tuple[float, float] | None, tuple[float, float] | None]:
        """Centres of the next live stack and of the kong box's next stack (None: not on show)."""
        return ds.wall_ends(self.lay.wall if self.lay else None, self.wall())

    def status(self) -> str:
        v = self.view
        if self._reveal is not None:
            return f"{self._reveal[2]} Every hand lies open." if self._reveal[2] else "Every hand lies open."
        if self.finished:
            return "The game is over."
        if v.phase in ("seat_roll", "side_roll", "break_roll"):
            return "Rolling the dice for the seats and the break…"
        waiting = self._claim_waiting()
        if v.phase == "claim":
            if v.seat in waiting:
                return f"{self.name_of(v.discarder)} discarded {name(v.discard)}: claim it or pass."
            return f"{self.name_of(v.discarder)} discarded {name(v.discard)}: waiting for claims."
        # after a Mah-Jongg the others each play one more turn (KRD-23): say so, or it looks like play goes on
        last = (f"{says(self.name_of(v.winner), 'went')} Mah-Jongg: the others play one last turn each, "
                "with no Mah-Jongg. " if v.winner is not None else "")
        if self.my_turn:
            if v.phase == "setup":
                return last + "You hold four of a kind: declare a concealed kong, or play on."
            extra = " Or use a button on the right." if self.buttons else ""
            standing = v.standing[v.seat] if v.seat is not None else None
            if standing is not None and not v.strict and self.mahjongg_is_true():
                # the card it waits for came: "only the card you drew may go" read as "throw it away"
                return last + f"You drew {name(standing[0])}, the card your standing hand waits for: declare Mah-Jongg!"
            if standing is not None:          # locked: the usual "click a card" would be wrong
                return last + (f"Your hand is standing, waiting for {name(standing[0])}: only the card you "
                               "drew may go (click it twice)." + extra)
            return last + ("Your turn: click a card to pick it, click again to discard (or arrows and Enter). "
                           "Drag a card or Shift+arrow to move it." + extra)
        turn = [s for s in v.to_act if 0 <= s < 4]
        if turn:
            who = self.name_of(turn[0])
            return last + (f"{who}'s turn." if self.is_human(turn[0]) else f"{says(who, 'is')} playing…")
        return last.strip()

    # ================================================================== Learn
    def lesson_piece_rects(self, codes: tuple[str, ...]) -> list[tuple[float, float, float, float]]:
        """Lesson hook: the viewer's hand first, then the card on offer in a claim window, then the
        rest in sight (melds, bonus rows, rivers); only face-up cards."""
        from game.app.lesson import pick_by_code
        lay = self.layout()
        v = self.table_view
        order = {"hand": 0, "offer": 1, "meld": 2, "bonus": 3, "river": 4}
        items = []
        for key, p in zip(self.keys, lay.pieces):
            if not p.face_up or p.code is None or (p.part == "hand" and p.position != 0):
                continue
            part = "offer" if p.part == "river" and key == v.discard else p.part
            items.append((order.get(part, 5), p))
        items.sort(key=lambda t: t[0])
        return [tuple(p.rect) for p in pick_by_code([(p.code, p) for _, p in items], codes)]

    # ================================================================== the hint (H)
    KONG_BUTTONS = tuple(g for g in ACTION_GROUPS if g[0] in (ConcealedKong, Expand))

    def others_shown(self) -> list[dh.Shown]:
        v = self.view
        out = []
        for s in range(len(v.melds)):
            if s == v.seat:
                continue
            standing = v.standing[s]
            out.append(dh.Shown(self.name_of(s), tuple(tuple(ds.kind(p) for p in m.pieces) for m in v.melds[s]),
                                v.hand_counts[s], ds.kind(standing[0]) if standing else None))
        return out

    def hint_value(self) -> KardsWorth:
        return KardsWorth(self.view)

    def hint_lines(self) -> list[str]:
        v = self.view
        if v.winner is not None and v.winner == v.seat and self._reveal is None:
            return ["You went Mah-Jongg: the round is scored once the others have played their last turns."]
        if not self.hint_ready():
            return [dh.WORKING]
        h = self.hint()
        if h is None:
            if self._reveal is not None or self.finished:
                return ["Nothing to hint: the round is over."]
            return ["Nothing to hint: no hand of yours is on show."]
        if v.winner is not None:          # KRD-23's last turns: nobody can go out, so no waits to count
            return last_turn_hint(h)
        lines = dh.hint_lines(h, name)
        standing = self.standing_advice()
        if standing is not None:            # it says "Ready" too, in place of the kit's first line (room)
            lines[0] = standing[1]
        if self.mahjongg_is_true():
            if v.phase == "claim" and v.discard is not None:      # the card on offer finishes the hand
                lines.insert(0, f"{name(v.discard)} completes your hand: claim it with Mah-Jongg!")
            elif h.shanten >= 0:            # complete, though the sets-and-pair count says not yet
                lines.insert(0, "Mah-Jongg is yours to declare (a special hand): press Mah-Jongg!")
        else:
            claim = self.claim_hint()
            if claim:
                lines.insert(0, claim)
        return lines

    def _standing_named(self) -> str | None:
        """The kind the viewer's standing hand waits on (None: its hand is not standing)."""
        v = self.view
        mine = v.standing[v.seat] if v.seat is not None else None
        return ds.kind(mine[0]) if mine is not None else None

    def hint_work(self) -> dh.HintWork:
        """A standing hand on its turn may discard only the card it drew: the worker counts the hand
        after that discard (the kit's own count suggested the hand's best discard, which the rules refuse)."""
        v = self.view
        if self._standing_named() is not None and v.drawn is not None and self.my_turn:
            return dh.HintWork(hint_facts(v), ds.kind(v.drawn))
        return super().hint_work()

    def adjust_hint(self, h: dh.HandHint) -> dh.HandHint:
        """Once the viewer's hand is standing only the drawn card may go (hint_work counted that
        discard) and only the named card wins, so the hint keeps that wait alone (it counted waits
        the standing hand can no longer win on); off its turn it suggests no discard."""
        named = self._standing_named()
        if named is None or h.shanten < 0:
            return h
        waits = tuple(w for w in h.waits if w[0] == named)
        if self.view.drawn is None or not self.my_turn:
            return replace(h, discard=None, waits=waits)
        return replace(h, waits=waits, avoided=None)

    def standing_advice(self) -> tuple[Any, str] | None:
        """KRD-22 on the hint: when the suggested discard leaves the hand ready and a standing hand
        on it is legal, (the Standing action naming the wait with most copies unseen, or None when a
        wide wait is better kept open; the advice in words). None when it is not on offer."""
        key = self.hint_key()          # drawn every frame: worked out once per position
        if key != self._standing_memo[0]:
            if not self.hint_ready():           # the hint is still being counted in the worker
                return None
            self._standing_memo = (key, self._standing_advice())
        return self._standing_memo[1]

    def _standing_advice(self) -> tuple[Any, str] | None:
        """(the Standing action to play, or None when the advice is not to stand; the words)."""
        h = self.hint()
        if h is None or h.discard is None or h.shanten != 0 or h.kong is not None or not self.my_turn:
            return None
        if self.view.winner is not None or self._lesson_discard() is not None:
            return None
        unseen = dict(h.waits)
        offers = [a for a in self.legal if isinstance(a, Standing) and ds.kind(a.piece) == h.discard
                  and ds.kind(a.wait) in unseen]            # (a Strict table offers every name: only real waits)
        if not offers:
            return None
        if any(w.special for w in h.wait_worth):     # KRD-22's 100 is basic points, which a special hand's score replaces
            return None, ("Ready, and a standing hand is on offer, but it adds nothing to a special hand: "
                          "better to keep every wait open.")
        best = max(offers, key=lambda a: unseen[ds.kind(a.wait)])      # stable: the first of equals
        left, total = unseen[ds.kind(best.wait)], sum(unseen.values())
        if left == 0:
            return None
        w = name(best.wait)
        if left * STANDING_WORTH < total:            # one name gives up too much of a wide wait
            return None, (f"Ready, and a standing hand is on offer, but naming one card keeps only {left} of your "
                          f"{total} winning cards: better to keep every wait open.")
        others = [name(k) for k in unseen if k != ds.kind(best.wait)]
        lost = f", {' or '.join(others)} {'stops' if len(others) == 1 else 'stop'} winning," if others else ""
        return best, (f"Ready, and a standing hand is on offer: name {w} with your discard for 100 more basic "
                      f"points, but your hand lies open{lost} and each draw must go.")

    def mahjongg_is_true(self) -> bool:
        """Whether Mah-Jongg is on offer and right. A Strict table offers every declaration and
        fines a false one 300 (KRD-29): the hint said "Mah-Jongg is yours to declare" there on any
        hand, so there it is checked from the viewer's own view, as the bots check it."""
        if not any(isinstance(a, MahJongg) for a in self.legal):
            return False
        v = self.view
        if not v.strict:
            return True
        card = v.discard if v.phase == "claim" else v.drawn
        mine = v.standing[v.seat]
        if mine is not None and (card is None or ds.kind(card) != ds.kind(mine[0])):
            return False                     # a standing hand wins on its named card only
        return declaration_is_true(v, MahJongg())

    def turn_advice(self) -> str | None:
        """The turn button the open hint advises: a kong, or a standing hand (None: a discard, or
        Mah-Jongg, which is the gold button already)."""
        if self.mahjongg_is_true():          # a Strict table's button is plain until the hint checks the hand
            return MahJongg.kind if self.view.strict else None
        standing = self.standing_advice()
        if standing is not None and standing[0] is not None:
            return Standing.kind
        return super().turn_advice()

    # ================================================================== the turn's actions
    def _refresh_buttons(self) -> None:
        # Rebuilt only when the position or who may act changes: a button made anew every frame
        # would forget its hover and a press begun on the frame before.
        key = (len(self.match.log), self.shown_move, self.viewer, self.my_turn, self.chooser is None)
        if key == self._buttons_for:
            return
        self._buttons_for = key
        on_hand = self.focus is not None and self.focus == len(self.buttons)
        self.buttons = []
        self.focus = None
        if not self.my_turn or self.chooser is not None:
            return
        legal = self.legal
        x, y, w, h = BUTTONS_AT
        for cls, label in ACTION_GROUPS:
            acts = [a for a in legal if isinstance(a, cls)]
            if not acts:
                continue
            label = f"{len(self.buttons) + 1}  {label}"            # its number key works too
            self.buttons.append(Button((x, y, w, h), label, lambda c=cls, a=acts: self._group(c, a),
                                       primary=cls is MahJongg and not self.view.strict))
            self.buttons[-1].kind = acts[0].kind            # a lesson step with no piece marks it
            y += h + 10
        if on_hand and self._hand_focusable():
            self.focus = len(self.buttons)           # the hand keeps the keyboard's focus

    def _hand_focusable(self) -> bool:
        return self.my_turn and self.view.phase != "setup" and bool(self.hand)

    def _sort_stop(self) -> int | None:
        """The Sort button's Tab stop: after the turn's buttons and the hand (None: not shown)."""
        if not self.can_arrange():
            return None
        return len(self.buttons) + (1 if self._hand_focusable() else 0)

    def _tab(self, step: int) -> bool:
        """Tab / Shift+Tab: the turn's buttons in order, then the hand (arrows pick in it, Enter
        plays), then the Sort button."""
        stops = len(self.buttons) + (1 if self._hand_focusable() else 0) + (1 if self.can_arrange() else 0)
        if not stops:
            return False
        self.focus = (0 if step > 0 else stops - 1) if self.focus is None else (self.focus + step) % stops
        if self.focus == len(self.buttons) and self.selected is None:
            self.selected = len(self.hand) - 1              # the card just drawn
            self.keys_picked = True
        return True

    def _group(self, cls: type, acts: list) -> None:
        if cls is Standing:
            lesson = self.lesson
            if lesson is not None and lesson.run.step is not None and lesson.run.step.do != "standing":
                self.toast(lesson.run.nudge(), theme.GOLD, seconds=4)     # the lesson's words, not the picking hint
                lesson.nudged = True
                return
            picked = self.hand[self.selected] if self.selected is not None and self.selected < len(self.hand) else None
            advised = self.standing_advice() if self.hint_panel.open else None
            if picked is None and advised is not None and advised[0] is not None:   # the lit button does what the hint says
                picked = advised[0].piece
            if picked is None:
                self.toast("Pick the card to discard first, then Standing hand.", theme.TEXT)
                return
            acts = [a for a in acts if a.piece == picked]
            if not acts:
                self.toast(f"Discarding {name(picked)} leaves no standing hand.", theme.BAD)
                return
        if len(acts) == 1:
            self._play(acts[0])
            return
        opts = [Option(self._label(a), tuple(KARDS.face(ds.kind(c) or "") for c in self._cards(a)), a) for a in acts]
        self.chooser = Chooser("Which one?", opts, self._picked, self._cancel_chooser)

    @staticmethod
    def _cards(a: Any) -> tuple[str, ...]:
        if isinstance(a, (ConcealedKong, Expand)):
            return (a.tile,) * 4 if isinstance(a, ConcealedKong) else (a.tile,)
        if isinstance(a, Standing):
            return (a.wait,)
        return ()

    def _label(self, a: Any) -> str:
        if isinstance(a, Standing):
            return f"Wait for {name(a.wait)}"
        if isinstance(a, ConcealedKong):
            return f"Kong of {name(a.tile)}"
        if isinstance(a, Expand):
            return f"Fourth {name(a.tile)}"
        return self.describe(a).capitalize()

    def _play(self, action: Any) -> bool:
        if self.viewer is None:
            return False
        if self.act_as(self.viewer, action):
            self.selected = None
            return True
        return False

    def discard_selected(self) -> bool:
        if not self.my_turn or self.selected is None or self.selected >= len(self.hand):
            return False
        action = Discard(self.hand[self.selected])
        if action not in self.legal:
            if self.view.standing[self.viewer] is not None:
                self.toast("Your hand is standing: only the card you drew may go.", theme.BAD)
            else:
                self.toast("You can't discard that card now.", theme.BAD)
            return False
        return self._play(action)

    # ================================================================== the hand's order
    def can_arrange(self) -> bool:
        """The Sort button and moving cards: while the viewer (a player) has a hand on show."""
        return (self.viewer is not None and self.view.seat is not None and bool(self.view.hand)
                and self._reveal is None and not self.finished and not self._handoff_pending)

    def cycle_sort(self) -> None:
        """The Sort button: by suit, by number (a hand arranged by hand is sorted again)."""
        if not self.can_arrange():
            return
        picked = self._picked_card()
        self.order.cycle(self.view.seat)
        self._order_changed(picked)

    def on_viewer_changed(self, old: int | None, new: int | None) -> None:
        self._cancel_drag()
        self.selected = None
        self.chooser = None
        self.hint_panel.open = False        # each player opens their own
        self.stage.clear()                  # nothing of the last player's cards may fly on
        self.lay = None
        self._snap_next = True

    # ================================================================== presenting
    def present(self, events: list) -> None:
        ends = [e for e in events if e.kind == "round_end" and e.data.get("hands")]
        self._reveal = self._revealed_round(events, ends[-1]) if ends else None
        self._reveal_left = REVEAL_HOLD if ends and self.anim_speed > 0 else 0.0
        rolls = [e for e in events if e.kind == "dice" and e.data.get("faces")]
        if rolls:
            self._roll(rolls[-1])
        elif not self.dice.rolling:
            self.dice.hide()
        for e in events:
            d = e.data
            word, seat = None, None
            if e.kind == "drew" and d.get("from") == "box" and d.get("seat") is not None:
                self._box_draws.add(d["seat"])
            if e.kind == "discarded":
                self._last_discarder = d.get("seat")
            elif e.kind == "round_start":
                self._last_discarder = None
                self._claimed.clear()
            elif e.kind == "claim_resolved" and d.get("taker") is not None:
                self._last_discarder = None                # the newest discard left the river
                self._claimed.add(d.get("piece"))
            if e.kind == "claim_resolved" and d.get("taker") is not None and d.get("claim") in CLAIM_WORD:
                word, seat = CLAIM_WORD[d["claim"]], d["taker"]
            elif e.kind == "mahjongg" and d.get("by") != "discard":
                word, seat = "Mah-Jongg!", d.get("seat")
            elif e.kind == "kong" and d.get("seat") is not None:
                word, seat = "Kong!", d["seat"]
            elif e.kind == "standing":
                word, seat = "Standing!", d.get("seat")
            if word and seat is not None and self.anim_speed > 0:
                pos = ds.positions(self.bottom_seat, CLOCKWISE)[seat]
                self.announcements.append(an.announce(self.tweens, word, self.layout().announce_point(pos)))
        if self.selected is not None and self.selected >= len(self.hand):
            self.selected = None

    def _revealed_round(self, events: list, end: Any) -> tuple[Any, tuple, str]:
        """The round that just ended as it lay (the view before this move, with this move's discard
        laid down), and every hand from the round's end (public: the engine shows them all)."""
        v = self.match.view_at(self.viewer, max(0, self.shown_move - 1))
        river = [list(r) for r in v.river]
        for e in events:
            if e is end:
                break
            if e.kind == "discarded" and e.data.get("seat") is not None and e.data.get("piece"):
                river[e.data["seat"]].append(e.data["piece"])
        v = replace(v, river=tuple(tuple(r) for r in river), discard=None, discarder=None, to_act=(), drawn=None)
        return v, tuple(tuple(h) for h in end.data["hands"]), str(end.data.get("summary") or "")

    def _roll(self, e: Any) -> None:
        """The engine's roll thrown in the tray, with who rolled and what it decides."""
        d = e.data
        faces = tuple(d["faces"])
        who = self.name_of(d.get("seat"))
        total = sum(faces)
        if d.get("purpose") == "seating":
            caption = f"Seating: {says(who, 'rolls')} {total}"
        elif d.get("purpose") == "side":
            caption = f"{says(who, 'rolls')} {total}: break {self.name_of(d.get('side'))}'s side"
        else:
            caption = f"{says(who, 'rolls')} {total}: the break, {total} from the left"
        self.dice.roll(faces, cosmetic_seed(self.setup.seed, self.shown_move), caption, animate=self.anim_speed > 0)

    def presenting(self) -> bool:
        return super().presenting() or self._reveal_left > 0

    def skip_presentation(self) -> None:
        self._reveal_left = 0.0
        self.dice.finish()

    def update(self, dt: float) -> None:
        if self._reveal_left > 0:
            self._reveal_left -= dt * max(0.0, self.anim_speed)
        super().update(dt)

    # ================================================================== input
    def handle_table(self, intent: Any) -> bool:
        if self.chooser is not None:
            return self.chooser.handle(intent)
        self._refresh_buttons()
        k = intent.kind
        if k == "hint":                    # the table's own hint: counted from the view, no bot asked
            self.hint_panel.toggle()
            return True
        if self.hint_button_hit(intent):
            return True
        if k in ("focus_next", "focus_prev"):
            return self._tab(1 if k == "focus_next" else -1)
        if k in ("drag_start", "drag_move", "drop"):
            return self._drag(intent)
        if k == "confirm" and self.focus is not None and self.focus < len(self.buttons):
            return self.buttons[self.focus].activate()
        if k == "confirm" and self.focus is not None and self.focus == self._sort_stop():
            return self.sort_button.activate()
        if intent.pos is not None and k in ("press", "select"):
            self.focus = None                          # the pointer took over: no keyboard ring
            for b in self.buttons + ([self.sort_button] if self.can_arrange() else []):
                if b.contains(intent.pos):
                    return b.activate() if k == "select" else True
        if k in ("move_left", "move_right"):
            return self.move_selected(-1 if k == "move_left" else 1)
        button = numbered(self.buttons, intent.char) if k == "char" else None
        if button is not None:
            return button.activate()
        if not self.my_turn or self.view.phase == "setup":     # setup: only the buttons
            return False
        handled = self.handle_hand(intent)
        if handled is not None:
            return handled
        if k == "back" and self.selected is not None:
            self.selected = None
            return True
        return False

    def hand_takes_arrows(self) -> None:
        if self.focus is not None:
            self.focus = len(self.buttons)          # the hand's place in the Tab order

    # ================================================================== drawing
    def _wall_label(self, view: Any, lay: seats4.TableLayout) -> tuple[str, ...]:
        if lay.wall is None or self.dice.shown:
            return ()
        wind = WIND_WORDS.get(view.round_wind, view.round_wind)
        return (f"{wind} round", f"Wall {view.wall_count} · Box {view.box_count}")

    def draw_felt(self, canvas: Any) -> None:
        self._refresh_buttons()
        lay = self.layout()
        if not STATIC_CACHE:
            canvas.table_felt()
            return
        view = self.table_view
        label = self._wall_label(view, lay)
        moving = self._moving()
        self._drawn_moving = moving

        def paint(c: Any) -> None:
            self.felt_layer.draw(c, "felt", lambda f: f.table_felt())     # the rail never changes
            draw_layout(c, lay, label, self.stage, self.keys, "still", moving)
            self._draw_dial(c)

        key = (id(lay), self._laid_for, label, moving, self._dial_key())
        self.static.draw(canvas, key, paint)

    def draw_table(self, canvas: Any, view: Any) -> None:
        lay = self.layout()
        if STATIC_CACHE:
            draw_layout(canvas, lay, (), self.stage, self.keys, "moving", self._drawn_moving)
        else:
            draw_layout(canvas, lay, self._wall_label(self.table_view, lay), self.stage, self.keys)
            self._draw_dial(canvas)
        self.dice.draw(canvas)
        words_end = self.draw_status(canvas)
        for i, b in enumerate(self.buttons):
            b.draw(canvas, ring=self.focus == i)
        self.draw_pick(canvas)
        self.draw_hint_button(canvas)
        if self.can_arrange():
            self.sort_button.label = self.order.label(self.view.seat)
            self.sort_button.draw(canvas, ring=self.focus is not None and self.focus == self._sort_stop())
        if self.focus is not None and self.focus == len(self.buttons) and self.lay is not None:
            r = self.lay.regions.get((0, "hand"))
            if r is not None:
                canvas.outline(theme.FOCUS_RING, r.inflate(10, 8), 2, 8)
        self.draw_hint(canvas, words_end)
        self.draw_announcements(canvas)
        if self.chooser is not None:
            self.chooser.draw(canvas)

    def _dial_key(self) -> Any:
        v = self.table_view
        return (v.round_wind, tuple(v.seat_winds), v.phase == "seat_roll", v.phase == "claim", tuple(v.to_act),
                self.bottom_seat)

    def _draw_dial(self, canvas: Any) -> None:
        v = self.table_view
        if not v.seat_winds or v.phase == "seat_roll":
            return
        pos = ds.positions(self.bottom_seat, CLOCKWISE)
        winds = {pos[s]: w for s, w in enumerate(v.seat_winds) if w}
        turn = [s for s in v.to_act if 0 <= s < 4] if v.phase != "claim" else []
        self.dial.draw(canvas, v.round_wind, winds, KARDS.face, pos[turn[0]] if turn else None)

    def claim_choices(self, seat: int) -> list[tuple[str, Any]]:
        """table_base's choices, in the words a player would say."""
        out = []
        for text, a in super().claim_choices(seat):
            if isinstance(a, Chow):
                k = int(a.low[1:])
                text = f"Chow {k}-{k + 1}-{k + 2} {name(a.low).split(' ', 1)[-1]}"
            elif isinstance(a, MahJonggBy):       # Strict table: the kind named (was "Declares mah-jongg, the di…")
                text = "Mah-Jongg: a special hand" if a.finish == "special" else f"Mah-Jongg: finishes a {a.finish}"
            elif a.kind in CLAIM_WORD:
                text = CLAIM_WORD[a.kind].rstrip("!")
            out.append((text, a))
        return out


def last_turn_hint(h: dh.HandHint) -> list[str]:
    """The hint in the last turns after someone's Mah-Jongg (KRD-23): nobody can go out any more
    (it said "Ready: ... you wait for 3 Bamboo" there), but every hand is scored, so the advice is
    to keep the sets and pairs together."""
    out = ["Last turn: nobody else can go out now, but every hand is scored: keep your sets and pairs together."]
    if h.discard is not None:
        out.append(f"Suggested discard: {name(h.discard)} (it helps your hand least).")
    return out


SCENE = KardsTable
