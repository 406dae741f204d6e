"""The Cuzzins' Mahjongg table: four seats round the wall square, counter-clockwise play, cents.

Built on the discard-table kit (tablekit/discard_scene, seats4, ...) like the Kards table; what is
Cuzzins' own lives here: secrets shown as four backs (the holder, and whoever paid 25 cents, see
the middle two faces), the honours in each flower row, the two loose tiles lying on top of the
wall's flower end, the dice of the wall-opening throw, and coins sliding between the name plates
for every payment (tablekit/coins.py).

Input (mouse, keyboard and tests all arrive as intents):
  * click a tile of your hand to pick it (lifted), click it again (or Enter) to discard it; arrows
    move the pick; Shift+arrows move the picked tile along the hand, or drag a tile to its place
    (the hand's order and dragging are the kit's DiscardTable, shared with Kards);
  * the hand is each player's own order (tablekit.hand_order, kept in match.meta): the Sort button
    sorts it by suit or by number;
  * the turn's other actions are buttons on the right (Mahjongg, Declare a secret; Pay 25¢ to see
    a secret whenever the rules allow it, also out of turn); number keys or Tab then Enter/Space
    press them; a button with several ways opens a chooser;
  * a claim window shows table_base's claim bar; hot-seat curtains are table_base's too.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.app import theme
from game.app.tablekit import discard_table as dt
from game.app.tablekit.discard_table import DiscardTable
from game.app.tablekit import announce as an
from game.app.tablekit import coins as cn
from game.app.tablekit import discard_hint as dh
from game.app.tablekit import discard_scene as ds
from game.app.tablekit import seats4
from game.app.tables.cuzzins_worth import CuzzinsWorth
from game.app.tablekit.chooser import Chooser, Option
from game.app.tablekit.dice_tray import TableDice, cosmetic_seed
from game.app.tablekit.fan import HandFan
from game.app.tablekit.hand_order import CLASSIC_SORTS, HandOrder
from game.app.tablekit.seatspace import TILES
from game.app.tablekit.stage import Spawn, Stage, target_of
from game.app.tablekit.still_layer import StaticLayer, draw_layout
from game.app.widgets import Button, numbered
from game.bots.cuzzins.bots import hand_is_complete
from game.core.kit.tiles import name
from game.core.protocol import Event
from game.core.words import says
from game.rules.cuzzins import Chow, DeclareSecret, Discard, Mahjongg, PaySee

from . import cuzzins_wall as cw

STATIC_CACHE = True               # the still table painted once per change (a one-off timing switches it)
CLOCKWISE = False                 # Cuzzins passes the turn to the right (counter-clockwise)
SECRET_BUTTON = (DeclareSecret, "Declare a secret")
HINT_RECT = (dt.STATUS_X, 290, dt.STATUS_BOX[2], 420)   # below the status panel, its edges in line: x, y, width, the most height
DICE_RECT = (705, 342, 190, 136)          # the tray, inside the wall square
DICE_CAPTION_W = 240                      # its caption wraps to stay inside the square too
SETS = 5                                  # five sets and the back (CUZ: 17 tiles plus kongs)
BUTTONS_AT = (1134, 300, 282, 46)         # right of the centre: x, first y, width, height (fits "3  See a secret: 25¢")
SORT_RECT = (1336, 806, 228, 40)          # the controls corner, right of the hand
WIND_CODE = {"East": "WE", "South": "WS", "West": "WW", "North": "WN"}
CLAIM_WORD = {"pong": "Pong!", "kong": "Kong!", "chow": "Chow!", "mahjongg": "Mahjongg!"}
MOVE = 0.32          # seconds a tile takes from place to place (at animation speed 1)
FLY = 0.42           # ... a tile coming from the wall, the loose tiles or a hidden hand
LIFT = 0.12          # ... a picked tile rising
REVEAL_TURN = 0.3    # ... a winning hand turning face up where it lies
END_HOLD = 1.5       # ... an ended hand stays on the table after its coins land (the plates' new cents)
LANDED_HOLD = 0.6    # ... a hot seat's next curtain waits after coins land, so the new cents can be read


def hint_facts(v: Any) -> dh.HintFacts:
    """The hint's facts from the viewer's view: its concealed kinds, the sets still to make (five,
    less its melds and secrets), and every tile it sees elsewhere (rivers, melds, secrets it knows)."""
    seen: dict[str, int] = {}
    for s in range(len(v.discards)):
        for p in list(v.discards[s]) + [t for m in v.melds[s] for t in m.tiles]:
            k = ds.kind(p) or ""
            seen[k] = seen.get(k, 0) + 1
        for x in v.secrets[s]:
            if x is not None:
                seen[x] = seen.get(x, 0) + 4
    fixed = len(v.melds[v.seat]) + len(v.secrets[v.seat]) if v.seat is not None else 0
    return dh.HintFacts(tuple(ds.kind(p) or "" for p in v.hand), max(0, SETS - fixed), seen)


def tile_words(line: str) -> str:
    """The kit's hint lines in Cuzzins' words (tiles, not cards; Mahjongg)."""
    return (line.replace("Mah-Jongg", "Mahjongg").replace(" cards ", " tiles ").replace(" card ", " tile ")
            .replace("card still", "tile still"))


# a run of tile codes in a score line's reason ("D6 D6", "B1 B2 B3", "+ 5 for C5")
class CuzzinsTable(DiscardTable):
    CLAIM_WORD = CLAIM_WORD
    KONG_BUTTONS = (SECRET_BUTTON,)
    KONG_LOOSE = False               # a secret takes the place of the turn's discard (CUZ-17)
    STYLE = TILES
    HINT_FACTS = staticmethod(hint_facts)
    SPECTATOR_SEAT = 0
    PIECES = "tiles"                   # the curtain says "show my tiles"
    SHOW_THINKING = False              # said on the status line instead
    RESULTS_AFTER_PRESENTATION = True  # the win's coins fly before the results open
    ROUND_WORD = "hand"
    GOAL_RECT = (1136, 100, 276, 84)   # a challenge's goal: right of the centre, above the turn buttons
    RIVERS_CLEARED_BY = ("dealt", "round_end")
    LESSON_PANEL = dt.STATUS_BOX       # a lesson's words: the left column, in place of the status line

    def __init__(self, app: Any, match: Any, level: Any = None):
        super().__init__(app, match, level)
        self._bottom = self.viewer if self.viewer is not None else 0
        self.selected: int | None = None        # index in the shown hand
        self.focus: int | None = None           # keyboard focus among the buttons (Tab)
        self.order = HandOrder(match.meta, CLASSIC_SORTS)    # each seat's own order of its hand
        self.fan = HandFan()                                 # a tile being dragged along the hand
        self.chooser: Chooser | None = None
        self.buttons: list[Button] = []
        self._buttons_for: Any = None
        self.coins: list[cn.Coin] = []
        self.lay: seats4.TableLayout | None = None
        self._laid_for: Any = None
        self._last_discarder = self._newest_discarder()   # whose newest discard is marked
        # A hand just ended: (the table as it was, the winner, their tiles and secrets laid open, the
        # group a claimed winning tile completed, its thrower), shown while the win's coins fly, until
        # the next hand's dice.
        self.ended: tuple[Any, int | None, tuple[str, ...], tuple[tuple[str, ...], ...], tuple[str, ...],
                          int | None] | None = None
        self.hint_panel = dh.HintPanel(HINT_RECT)
        self.dice = TableDice(DICE_RECT, caption_width=DICE_CAPTION_W)
        self.stage = Stage(self.tweens, shadow=TILES.shadow, back=TILES.back)
        self.keys: list = []                      # a stable key per laid tile (discard_scene.piece_keys)
        self._drew: dict[int, str] = {}           # seat -> "wall" / "loose": where this move's draw came from
        self._snap_next = True                    # the next layout is shown in place (nothing flies in)
        self.static = StaticLayer()
        self.felt_layer = StaticLayer()
        self._drawn_moving: frozenset = frozenset()
        self._end_hold = 0.0                      # seconds the ended hand still shows once its coins have landed
        self._landed = 0.0                        # seconds the next curtain still waits once coins have landed
        self._left_at: dict[int, int] = {}        # hot seat: seat -> moves shown to it when it last left the screen

    # ================================================================== what is shown
    def can_arrange(self) -> bool:
        """Sorting, moving and dragging tiles: while the viewer (a player) has a hand on show."""
        return (self.viewer is not None and self.view.seat is not None and bool(self.view.hand)
                and self.ended is None and not self.finished and not self._handoff_pending)

    @property
    def sort(self) -> str | None:
        """How the viewer's hand is ordered: "suit", "number" or "own" (None: no hand of theirs)."""
        return self.order.mode(self.view.seat) if self.view.seat is not None else None

    @property
    def my_turn(self) -> bool:
        v = self.viewer
        return (v is not None and self.is_human(v) and v in self.to_act and not self.finished
                and not self._handoff_pending and self.view.phase == "discard")

    @property
    def table_view(self) -> Any:
        """The view the table shows: the current one, or the ended hand's while its coins fly."""
        return self.ended[0] if self.ended is not None else self.view

    def seat_data(self) -> list[ds.SeatData]:
        v = self.table_view
        winner, won_tiles, won_secrets, melded, thrower = self.ended[1:] if self.ended is not None else (
            None, (), (), (), None)
        # a payment shows on the plates coin by coin, as each lands (the view has it all at once)
        money = list(self.view.cents)
        for c in self.coins:
            if not c.done and 0 <= c.payer < len(money) and 0 <= c.payee < len(money):
                money[c.payer] += c.amount
                money[c.payee] -= c.amount
        out = []
        for s in range(4):
            if s == winner:                                  # the winning hand lies open (public)
                hand: tuple[str | None, ...] = tuple(won_tiles)
                drawn = False
            elif s == v.seat:
                hand, drawn = self._shown_hand()
            else:
                hand, drawn = (None,) * v.hand_sizes[s], False
            secrets = (tuple(ds.MeldData(tuple(x)) for x in won_secrets) if s == winner
                       else tuple(secret_meld(x) for x in v.secrets[s]))
            melds = tuple(self._meld(m) for m in v.melds[s])
            if s == winner:
                hand, melds = ds.lay_claimed_win(hand, melds, melded, thrower, (v.discard,))
            melds += secrets
            wind = v.winds[s] if s < len(v.winds) else ""
            cents = money[s]
            info = f"{wind} · {cents:+d}¢" if wind else f"{cents:+d}¢"     # East is the dealer
            if s < len(v.dead) and v.dead[s]:
                info = f"dead · {info}"                       # Strict table: said where the player sits
            # the claimed winning tile left the thrower's river for the winner's meld (the view is the claim window's)
            discards = tuple(p for p in v.discards[s] if p not in melded) if s == thrower else v.discards[s]
            out.append(ds.SeatData(hand=hand, drawn=drawn, discards=discards, melds=melds,
                                   bonus=v.flowers[s], name=self.name_of(s), wind=WIND_CODE.get(wind), info=info,
                                   active=s in v.to_act and v.phase == "discard"))
        return out

    def _coins_flying(self) -> bool:
        return any(not c.done for c in self.coins)

    @staticmethod
    def _meld(m: Any) -> ds.MeldData:
        claimed = m.tiles.index(m.taken) if m.taken in m.tiles else 0
        return ds.MeldData(m.tiles, claimed_from=m.source, claimed=claimed)

    def layout(self) -> seats4.TableLayout:
        # (the hinted tile, not only the hint being open: its count comes from the worker a frame or two later)
        key = (self.shown_move, self.viewer, self.bottom_seat, self.selected, self._shown_hand(),
               self.ended is not None, self.hinted_index(), sum(1 for c in self.coins if not c.done))
        if self.lay is None or self._laid_for != key:
            v = self.table_view
            wall = cw.wall_show(v, self.bottom_seat, CLOCKWISE)
            seats = self.seat_data()
            show = ds.table_show(seats, self.bottom_seat, CLOCKWISE, wall,
                                 v.discarder if v.discarder is not None else self._last_discarder)
            self.lay = seats4.lay_table(show, TILES)
            ds.lift_selected(self.lay, self.selected if self.my_turn else None, self.hinted_index())
            prev, self._laid_for = self._laid_for, key
            # only the pick or the hint's ring changed: the tile rises quickly
            lifted_only = prev is not None and prev[:3] == key[:3] and prev[4:6] == key[4:6]
            self._follow(seats, wall, lifted_only)
        return self.lay

    def _follow(self, seats: list[ds.SeatData], wall: Any, lifted_only: bool) -> None:
        """Move the stage's sprites to the new layout: a tile keeps its sprite from place to place
        (hand -> river -> meld, re-sorted in the hand) and slides there; a tile new to the table flies
        in from where it came (the wall's live end or the loose tiles for a draw and its flowers, its
        seat's hidden hand for a discard, meld or secret of another seat); a winning hand turns over
        where it lies."""
        lay = self.lay
        self.keys = unique_keys(ds.piece_keys(lay, seats, self.bottom_seat, CLOCKWISE))
        targets = {k: replace(target_of(p, TILES), tag=k) for k, p in zip(self.keys, lay.pieces)}
        animate = self.anim_speed > 0 and not self._snap_next     # a table just opened or handed over lies still
        self._snap_next = False
        spawn: dict = {}
        if animate:
            live, loose = self._draw_ends(wall)

            def source(seat: int) -> tuple[float, float] | None:
                return loose if self._drew.get(seat) == "loose" else live

            def hand_from(seat: int, p: Any) -> Spawn | None:
                if self.ended is not None and seat == self.ended[1]:    # the winner's hand turned over
                    return Spawn(p.x, p.y, rotation=p.rotation, scale=p.w / TILES.w, duration=REVEAL_TURN)
                src = source(seat)
                return None if src is None else Spawn(src[0], src[1], rotation=p.rotation, scale=0.6, duration=FLY)

            spawn = ds.fly_spawns(lay, self.keys, self.stage.sprites, self.bottom_seat, CLOCKWISE, hand_from, FLY)
            for k, p in zip(self.keys, lay.pieces):           # a flower just drawn comes from where it was drawn
                seat = ds.seat_of_position(p.position, self.bottom_seat, CLOCKWISE)
                src = source(seat)
                if k in spawn and p.part == "bonus" and seat in self._drew and src is not None:
                    spawn[k] = Spawn(src[0], src[1], rotation=p.rotation, scale=0.6, duration=FLY)
        self._drew.clear()
        self.stage.sync(targets, LIFT if lifted_only else MOVE, animate=animate, spawn=spawn)

    def _draw_ends(self, wall: Any) -> tuple[tuple[float, float] | None, tuple[float, float] | None]:
        """Centres of the wall's next live stack and of the loose tiles' end (None: not on show)."""
        lw = self.lay.wall if self.lay is not None else None
        live, _ = ds.wall_ends(lw, wall)
        if lw is None or wall is None:
            return live, None
        ends = cw.loose_stacks(lw, wall, max(1, self.table_view.loose_left))
        return live, (ends[0].rect.center if ends else None)

    def position(self, seat: int) -> int:
        return ds.positions(self.bottom_seat, CLOCKWISE)[seat]

    def plate_point(self, seat: int) -> tuple[float, float]:
        """Where a seat's coins leave from and land: its name plate."""
        pos = self.position(seat)
        plate = next(p for p in self.layout().plates if p.position == pos)
        return plate.rect.center

    def status(self) -> str:
        v = self.view
        if self.ended is not None:
            winner = self.ended[1]
            return "The wall ran out: a drawn hand." if winner is None else f"{says(self.name_of(winner), 'goes')} out: Mahjongg!"
        if self.finished:
            return "The game is over."
        if v.phase == "seat_dice":
            return "Everyone throws two dice: the highest throw deals."
        if v.phase == "open_dice":
            mine = [a + b for seat, a, b in v.throws if seat == v.dealer]
            why = f" (the highest throw for the deal, {mine[-1]})" if mine else ""
            return f"{says(self.name_of(v.dealer), 'deals')}{why}; the dealer's throw opens the wall."
        if v.phase == "claims":
            who, tile = self.name_of(v.discarder), name(v.discard) if v.discard else "a tile"
            if v.seat in self._claim_waiting():
                return f"{who} discarded {tile}: claim it or pass."
            return f"{who} discarded {tile}: waiting for claims."
        if self.my_turn:
            if v.seat is not None and v.dead[v.seat]:
                lead = "Your hand is dead: draw and discard, with no claims and no Mahjongg; you still pay the winner."
            elif v.drawn is not None:
                lead = "Your turn."
            elif v.first_turn and v.dealer == v.seat:
                lead = "You deal: discard first."
            else:
                lead = "The discard is yours: now discard a tile."
            extra = " Or use a button on the right." if any(self._is_turn_button(b) for b in self.buttons) else ""
            return f"{lead} Click a tile to pick it, click again to discard (arrows and Enter work too).{extra}"
        turn = [s for s in v.to_act if 0 <= s < 4]
        if turn:
            who = self.name_of(turn[0])
            return f"{who}'s turn." if self.is_human(turn[0]) else f"{says(who, 'is')} playing…"
        return ""

    def wall_label(self) -> tuple[str, ...]:
        v = self.table_view
        lines = [f"Hand {v.hand_no} of {v.hands_total}", f"Wall {v.wall_left} · Loose {v.loose_left}"]
        if v.dice is not None:
            lines.append(f"Dice {v.dice[0]} + {v.dice[1]}" + (" · Double Dice!" if v.double_dice else ""))
        return tuple(lines)

    # ================================================================== the hint (H)
    def others_shown(self) -> list[dh.Shown]:
        v = self.view
        return [dh.Shown(self.name_of(s), tuple(tuple(ds.kind(p) or "" for p in m.tiles) for m in v.melds[s]),
                         v.hand_sizes[s]) for s in range(len(v.melds)) if s != v.seat]

    def hint_value(self) -> CuzzinsWorth:
        return CuzzinsWorth(self.view)

    def hint_lines(self) -> list[str]:
        if not self.hint_ready():
            return [dh.WORKING]
        h = self.hint()
        if h is None:
            if self.ended is not None or self.finished:
                return ["Nothing to hint: the hand is over."]
            return ["Nothing to hint: no hand of yours is on show."]
        lines = [tile_words(x) for x in dh.hint_lines(h, name)]
        v = self.view
        if self.mahjongg_is_true() and v.phase == "claims" and v.discard is not None:
            lines.insert(0, f"{name(v.discard)} completes your hand: call Mahjongg!")
        elif self.mahjongg_is_true() and h.shanten >= 0:
            lines.insert(0, "Mahjongg is yours to call (seven pairs, or a hand the count above misses).")
        else:
            claim = self.claim_hint()
            if claim:
                lines.insert(0, tile_words(claim))
        secrets = [a for a in self.legal if isinstance(a, DeclareSecret)]
        if secrets and self.lesson is not None and self.lesson.run.step is not None and self.viewer is not None:
            secrets = self.lesson.expected(self.viewer, secrets)     # during a lesson the hint says its step only
        if secrets and h.kong is None:          # (a free secret already leads the hint)
            lines.append("You hold four of a kind: declaring it as a secret pays you 10¢ from each player.")
        return lines

    def mahjongg_is_true(self) -> bool:
        """Whether Mahjongg is on offer and right. A Strict table (CUZ-21) offers the call on every
        turn and discard, and a false one kills the hand: there it is checked from the viewer's own
        view, as the bots check it."""
        if not any(isinstance(a, Mahjongg) for a in self.legal):
            return False
        return not self.rule_option("strict", False) or hand_is_complete(self.view)

    def turn_advice(self) -> str | None:
        if self.mahjongg_is_true():      # the hint leads with Mahjongg: gold already, but for a Strict table's plain button
            return Mahjongg.kind if self.rule_option("strict", False) else None
        return super().turn_advice()

    # ================================================================== the turn's actions
    def _is_turn_button(self, b: Button) -> bool:
        return not b.label.startswith("Sort by")

    def _refresh_buttons(self) -> None:
        # Rebuilt only when the position or who may act changes: a button made anew every frame
        # would forget its hover and a press begun on the frame before.
        key = (len(self.match.log), self.shown_move, self.viewer, self.my_turn, self.chooser is None,
               self._handoff_pending, self.sort, self.claim_bar.visible)
        if key == self._buttons_for:
            return
        self._buttons_for = key
        self.buttons = []
        self.focus = None
        if self.chooser is not None or self.viewer is None or not self.is_human(self.viewer) or self.finished:
            return
        legal = self.legal if not self._handoff_pending else []
        x, y, w, h = BUTTONS_AT
        groups = []
        if self.my_turn:
            groups += [(Mahjongg, "Mahjongg!"), SECRET_BUTTON]
        groups.append((PaySee, "See a secret: 25¢"))               # any time the rules allow it
        with_keys = not self.claim_bar.visible                      # the bar's own number keys come first
        for cls, label in groups:
            acts = [a for a in legal if isinstance(a, cls)]
            if not acts:
                continue
            if with_keys:
                label = f"{len(self.buttons) + 1}  {label}"        # its number key works too
            self.buttons.append(Button((x, y, w, h), label, lambda c=cls, a=acts: self._group(c, a),
                                       primary=cls is Mahjongg and not self.rule_option("strict", False)))
            self.buttons[-1].kind = acts[0].kind            # a lesson step with no piece marks it
            y += h + 10
        if self.view.hand and self.view.seat is not None:
            other = self.order.next_mode(self.view.seat)
            self.buttons.append(Button(SORT_RECT, self.order.label(self.view.seat), lambda o=other: self._sort(o),
                                       size=theme.SMALL))

    def _sort(self, sort: str) -> None:
        if self.view.seat is None:
            return
        self.order.set_mode(self.view.seat, sort)
        self.selected = None
        if not self.replay_mode:
            self._autosave()                  # Continue shows the hand sorted as it was left

    def _group(self, cls: type, acts: list) -> None:
        if len(acts) == 1:
            self._play(acts[0])
            return
        opts = [Option(self._label(a), self._frames(a), a) for a in acts]
        title = "Whose secret?" if cls is PaySee else "Which one?"
        self.chooser = Chooser(title, opts, self._picked, self._cancel_chooser)

    def _frames(self, a: Any) -> tuple[str, ...]:
        if isinstance(a, DeclareSecret):
            return (TILES.face(a.tile),) * 4
        if isinstance(a, PaySee):
            return (TILES.back,) * 4
        return ()

    def _label(self, a: Any) -> str:
        if isinstance(a, DeclareSecret):
            return f"Four {name(a.tile)}"
        if isinstance(a, PaySee):
            n = len(self.view.secrets[a.target])
            which = f" (number {a.secret + 1})" if n > 1 else ""
            return f"{self.name_of(a.target)}'s secret{which}: 25¢"
        return self.describe(a).capitalize()

    def _play(self, action: Any) -> None:
        if self.viewer is None:
            return
        if self.act_as(self.viewer, action):
            self.selected = None

    def discard_selected(self) -> bool:
        if not self.my_turn or self.selected is None or self.selected >= len(self.hand):
            return False
        action = Discard(ds.kind(self.hand[self.selected]) or "")
        if action not in self.legal:
            self.toast("You can't discard that tile now.", theme.BAD)
            return False
        self._play(action)
        return True

    def on_viewer_changed(self, old: int | None, new: int | None) -> None:
        self._cancel_drag()
        self.hint_panel.open = False      # each player opens their own
        self.ended = None                 # the last player's view of the ended hand goes with them
        self.selected = None
        self.focus = None
        self.chooser = None
        self.stage.clear()                # nothing of the last player's tiles may fly on
        self.lay = None
        self._snap_next = True
        if old is not None:
            self._left_at[old] = self._seen
        self._tell_missed(new)

    def _tell_missed(self, seat: int | None) -> None:
        """Hot seat: who paid to look at this seat's secret while another player had the screen (only
        the payer saw that move), told once the seat is back."""
        since = self._left_at.get(seat) if seat is not None else None
        if since is None:
            return
        for seen in self.match.history(seat, since, self._seen):
            for e in seen.events:
                d = e.data
                if e.kind == "paid_to_see" and d.get("target") == seat and d.get("seat") != seat:
                    self.toast(self.looked_words(d.get("seat"), seat), theme.TEXT, seconds=6)

    # ================================================================== claims
    def claim_answers(self, seat: int, legal: list) -> list:
        """A claim window's answers without the pay-to-see looks (a button of the table, not the bar)."""
        return [a for a in legal if not isinstance(a, PaySee)]

    def claim_choices(self, seat: int) -> list[tuple[str, Any]]:
        """table_base's choices, in the words a player would say."""
        out = []
        for text, a in super().claim_choices(seat):
            if isinstance(a, Chow):
                k = int(a.low[1:])
                text = f"Chow {k}-{k + 1}-{k + 2}"          # the suit is the discard's, shown beside
            elif a.kind in CLAIM_WORD:
                text = CLAIM_WORD[a.kind].rstrip("!")
            out.append((text, a))
        return out

    # ================================================================== presenting
    def enter(self) -> None:
        super().enter()
        self._show_fixed_throw()

    def _show_fixed_throw(self) -> None:
        """A fixed deal (a level's) starts with its opening throw made, so no move shows it: it is
        thrown in the tray now, as a dealt hand's is, Double Dice called out (else a challenge about
        Double Dice showed it only in the wall's small print). A replay's first position shows it too."""
        v = self.view
        if self.match.log or v.dice is None:
            return
        self.present([Event("dice", {"purpose": "open", "seat": v.dealer, "dice": list(v.dice), "mano": v.mano,
                                     "double": v.dice[0] == v.dice[1]})])

    def present(self, events: list) -> None:
        for e in events:            # first: an announcement below lays the table out already
            if e.kind == "drew" and e.data.get("seat") is not None:
                self._drew[e.data["seat"]] = e.data.get("from", "wall")
        kinds = {e.kind for e in events}
        if "round_end" in kinds:
            win = next((e.data for e in events if e.kind == "mahjongg"), None)
            before = self.match.view_at(self.viewer, max(0, self.shown_move - 1))     # the table as it lay
            self.ended = (before, None, (), (), (), None) if win is None else (
                before, win.get("seat"), tuple(win.get("tiles", ())), tuple(tuple(x) for x in win.get("secrets", ())),
                tuple(win.get("melded", ())), win.get("from"))
            self._end_hold = END_HOLD if self.anim_speed > 0 else 0.0
        elif "dice" in kinds or "dealt" in kinds:
            self.ended = None
        rolls = [e for e in events if e.kind == "dice" and e.data.get("dice")]
        if rolls:
            self._roll(rolls[-1], events)
        elif not self.dice.rolling:
            self.dice.hide()
        for e in events:
            d = e.data
            word, seat = None, None
            if e.kind == "discarded":
                self._last_discarder = d.get("seat")
            elif e.kind in ("dealt", "round_end"):
                self._last_discarder = None
            elif e.kind == "claim_resolved" and d.get("taker") is not None:
                self._last_discarder = None                # the newest discard left the river
                if d.get("claim") != "mahjongg":
                    word, seat = CLAIM_WORD.get(d.get("claim"), ""), d["taker"]
            elif e.kind == "mahjongg":
                word, seat = "Mahjongg!", d.get("seat")
            elif e.kind == "secret":
                word, seat = "Secret!", d.get("seat")
            elif e.kind == "dice" and d.get("double"):
                word, seat = "Double Dice!", d.get("seat")
            elif e.kind == "dead_hand":
                self.toast(self.dead_words(d.get("seat")), theme.BAD, seconds=6)
            elif e.kind == "seen":
                self.toast(f"{self.name_of(d.get('target'))}'s secret: four {name(d['tile'])}. Only you saw it.",
                           theme.TEXT, seconds=6)
            elif e.kind == "paid_to_see" and d.get("seat") != self.viewer:
                self.toast(self.looked_words(d.get("seat"), d.get("target")), theme.TEXT, seconds=5)
            if word and seat is not None and self.anim_speed > 0:
                self.announcements.append(an.announce(self.tweens, word,
                                                      self.layout().announce_point(self.position(seat))))
            transfers = d.get("transfers") if e.kind in ("kong", "secret", "paid_to_see", "round_end") else None
            if transfers:
                self.coins += cn.send(self.tweens, cn.from_events(transfers), self.plate_point)
        if self.selected is not None and self.selected >= len(self.hand):
            self.selected = None

    def dead_words(self, seat: int | None) -> str:
        """A false Mahjongg on the Strict table, in the table's names (the engine's say "Player 1")."""
        if seat is not None and seat == self.viewer:
            return "You called Mahjongg without a complete hand: your hand is dead."
        who = self.name_of(seat)
        return f"{who} called Mahjongg without a complete hand: {who}'s hand is dead."

    def looked_words(self, seat: int | None, target: int | None) -> str:
        """Someone else paid to look at a secret: whose, and for the holder what it means."""
        who = self.name_of(seat)
        if target is not None and target == self.viewer:
            return f"{who} paid you 25¢ to look at your secret: {who} now knows its tile."
        return f"{who} paid {self.name_of(target)} 25¢ to look at {self.name_of(target)}'s secret."

    def _roll(self, e: Any, events: list = ()) -> None:
        """The engine's throw in the tray, with who threw and what it decides (Double Dice marked)."""
        d = e.data
        faces = tuple(d["dice"])
        who, total = self.name_of(d.get("seat")), sum(faces)
        if d.get("purpose") == "dealer":
            caption = f"For the deal: {says(who, 'throws')} {total}"
            short, outcome = self.deal_throw_words(events)
            if outcome:
                caption += f" · {short}"         # the tray's caption stays one short line
                self.toast(outcome, theme.TEXT, seconds=5)
        else:
            lead = "Double Dice!" if d.get("double") else "Opening throw"      # a double doubles the hand
            # who opens the wall (the rules' "mano": a word a newcomer does not know)
            caption = f"{lead} {total}: {says(self.name_of(d.get('mano')), 'opens')} the wall"
        self.dice.roll(faces, cosmetic_seed(self.setup.seed, self.shown_move), caption, animate=self.anim_speed > 0)

    def deal_throw_words(self, events: list) -> tuple[str, str]:
        """(short, full) words for who won the throw for the deal and why, or who throws again
        (("", "") while throws remain)."""
        for ev in events:
            if ev.kind == "dealer":
                winner = self.name_of(ev.data.get("seat"))
                total = ev.data.get("total")
                return f"{says(winner, 'deals')}", f"{says(winner, 'deals')}: {total} is the highest throw."
            if ev.kind == "dice_tie":
                names = [self.name_of(x) for x in ev.data.get("seats", ())]
                both = ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else "".join(names)
                total = ev.data.get("total")
                return f"tie at {total}", f"{both} tie with {total}, the highest: they throw again."
        return "", ""

    def skip_presentation(self) -> None:
        self.dice.finish()
        self._end_hold = 0.0
        self._landed = 0.0

    def presenting(self) -> bool:
        return super().presenting() or self._end_hold > 0

    def holds_handoff(self) -> bool:
        # a secret's 10 cents from each player: the declarer sees them land before the next curtain
        return self._coins_flying() or self._landed > 0

    def update(self, dt: float) -> None:
        if self._end_hold > 0 and not self._coins_flying():
            self._end_hold -= dt * max(0.0, self.anim_speed)
        if self._coins_flying():
            self._landed = LANDED_HOLD
        elif self._landed > 0:
            self._landed = self._landed - dt * self.anim_speed if self.anim_speed > 0 else 0.0
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
        if intent.pos is not None and k in ("press", "select"):
            for b in self.buttons:
                if b.contains(intent.pos):
                    return b.activate() if k == "select" else True
        button = numbered([b for b in self.buttons if b.label[:1].isdigit()], intent.char) if k == "char" else None
        if button is not None:
            return button.activate()
        if k in ("focus_next", "focus_prev") and self.buttons:
            step = 1 if k == "focus_next" else -1
            n = len(self.buttons)
            self.focus = (0 if step > 0 else n - 1) if self.focus is None else (self.focus + step) % n
            return True
        if k == "confirm" and self.focus is not None and self.focus < len(self.buttons):
            b = self.buttons[self.focus]
            self.focus = None
            return b.activate()
        if k in ("move_left", "move_right"):
            return self.move_selected(-1 if k == "move_left" else 1)
        if k in ("drag_start", "drag_move", "drop"):
            return self._drag(intent)
        if not self.my_turn:
            return False
        handled = self.handle_hand(intent)
        if handled is not None:
            return handled
        if k == "back" and (self.selected is not None or self.focus is not None):
            self.selected = self.focus = None
            return True
        return False

    def lesson_piece_rects(self, codes: tuple[str, ...]) -> list[tuple[float, float, float, float]]:
        """Lesson hook: the viewer's hand tiles with these codes, in the hand's order."""
        from game.app.lesson import pick_by_code
        pieces = sorted((p for p in self.layout().by_part("hand", seats4.BOTTOM) if p.face_up),
                        key=lambda p: p.index[-1])
        return [tuple(p.rect) for p in pick_by_code([(p.code or "", p) for p in pieces], codes)]

    # ================================================================== drawing
    def _shown_wall_label(self, lay: seats4.TableLayout) -> tuple[str, ...]:
        return self.wall_label() if lay.wall is not None and not self.dice.shown else ()

    def _draw_loose(self, canvas: Any, lay: seats4.TableLayout) -> None:
        if lay.wall is not None:
            shown = self.table_view
            cw.draw_loose(canvas, lay.wall, cw.wall_show(shown, self.bottom_seat, CLOCKWISE), shown.loose_left)

    def draw_felt(self, canvas: Any) -> None:
        self._refresh_buttons()
        lay = self.layout()
        if not STATIC_CACHE:
            canvas.table_felt()
            return
        label = self._shown_wall_label(lay)
        moving = self._moving()
        self._drawn_moving = moving

        def paint(c: Any) -> None:
            self.felt_layer.draw(c, "felt", lambda f: f.table_felt())     # the rail never changes
            draw_layout(c, lay, label, self.stage, self.keys, "still", moving)
            self._draw_loose(c, lay)

        self.static.draw(canvas, (id(lay), self._laid_for, label, moving), paint)

    def draw_table(self, canvas: Any, view: Any) -> None:
        self._refresh_buttons()
        lay = self.layout()
        if STATIC_CACHE:
            draw_layout(canvas, lay, (), self.stage, self.keys, "moving", self._drawn_moving)
        else:
            draw_layout(canvas, lay, self._shown_wall_label(lay), self.stage, self.keys)
            self._draw_loose(canvas, lay)
        self.dice.draw(canvas)
        words_end = self.draw_status(canvas)
        for i, b in enumerate(self.buttons):
            b.draw(canvas, ring=i == self.focus)
        self.draw_pick(canvas)
        self.draw_hint_button(canvas)
        self.draw_hint(canvas, words_end)
        self.coins = [c for c in self.coins if not c.done]
        cn.draw_coins(canvas, self.coins)
        self.draw_announcements(canvas)
        if self.chooser is not None:
            self.chooser.draw(canvas)


def unique_keys(keys: list) -> list:
    """The stage's keys made unique: a secret's tiles are kinds (four alike) and hidden ones blank,
    so a repeat gets its own key by its place among the repeats."""
    seen: dict = {}
    out = []
    for k in keys:
        n = seen.get(k, 0)
        seen[k] = n + 1
        out.append(k if n == 0 else (k, "again", n))
    return out


def secret_meld(code: str | None) -> ds.MeldData:
    """A declared secret: four backs; a seat that may see it (its holder, a payer) sees the middle two."""
    if code is None:
        return ds.MeldData(("",) * 4, face_down=(0, 1, 2, 3))
    return ds.MeldData((code,) * 4, concealed=True)


SCENE = CuzzinsTable
