"""Game setup: seats, the game's own rule options (from its Option schema), seed, quick play.

Generic over any GameRules: each Option becomes a control (choice → spinner, bool → switch,
int → spinner over its range), with its help text underneath. The option a game ties its seat count
to (Mint Tin's mode) is the Players control instead. A game that is not
built yet says so honestly and offers its rules.
"""

from __future__ import annotations

import random
import zlib
from typing import Any

from game.app import theme
from game.app.calculators import calculator_scene_for
from game.app.scenes.screen import Screen
from game.app.widgets import Button, Choice, ListRow, Scroller, TextEntry, Toggle
from game.core.protocol import STRENGTHS, SeatConfig, Setup, resolve_options
from game.rules import info, rules_for

KIND_CHOICES = [("human", "Human"), ("bot", "Bot")]
STRENGTH_CHOICES = [(s, s.capitalize()) for s in STRENGTHS]
LEFT = (40, 140, 740, 660)
RIGHT = (810, 140, 750, 660)
SEAT_PITCH = 54
QUICK_PITCH, QUICK_GAP = 88, 4


def default_seat_count(rules: Any) -> int:
    return int(getattr(rules, "default_seats", rules.max_seats))


def default_seats(rules: Any, n: int) -> list[SeatConfig]:
    names = list(rules.seat_names(n))
    seats = [SeatConfig("human", "normal", "You")]
    seats += [SeatConfig("bot", "normal", names[i]) for i in range(1, n)]
    return seats


def default_setup(game_id: str, rules: Any = None) -> Setup:
    rules = rules or rules_for(game_id)
    if rules is None:
        raise KeyError(f"{info(game_id).title} is not built yet")
    n = default_seat_count(rules)
    return Setup(game_id, tuple(default_seats(rules, n)), resolve_options(rules.options, {}), random_seed())


def random_seed() -> int:
    return random.SystemRandom().randrange(2**31)


def seed_from_text(text: str) -> int:
    """Blank = a random seed; digits = that number; any other text = a stable number made from it."""
    text = text.strip()
    if not text:
        return random_seed()
    if text.isdigit():
        return int(text) % (2**63)
    return zlib.crc32(text.encode("utf-8"))


class SetupScene(Screen):
    def __init__(self, app, game_id: str, rules: Any = None):
        super().__init__(app)
        self.game = info(game_id)
        self.rules = rules if rules is not None else rules_for(game_id)
        self.title = self.game.title
        self.subtitle = self.game.blurb
        self.seed_text = ""
        if self.rules is not None:
            self.n_seats = default_seat_count(self.rules)
            self.seats: list[dict] = [s.to_json() for s in default_seats(self.rules, self.rules.max_seats)]
            self.values: dict[str, Any] = {o.key: o.default for o in self.rules.options}
            link = self._seat_link()
            if link:
                self.n_seats = link[1].get(self.values.get(link[0]), self.n_seats)
        self._help: list[tuple[Any, str]] = []      # (rect in pane content, help text)
        self.options_pane = Scroller((RIGHT[0] + 10, RIGHT[1] + 60, RIGHT[2] - 20, RIGHT[3] - 70))
        self.quick_pane = Scroller((0, 0, 0, 0))

    # ------------------------------------------------------------------ the model
    def seat_name(self, i: int) -> str:
        names = list(self.rules.seat_names(self.n_seats))
        return names[i] if i < len(names) else f"Player {i + 1}"

    def build_setup(self) -> Setup:
        seats = []
        for i in range(self.n_seats):
            s = self.seats[i]
            name = (s.get("name") or "").strip() or self.seat_name(i)
            seats.append(SeatConfig(s["kind"], s.get("strength", "normal"), name))
        options = resolve_options(self.rules.options, self.values)
        return Setup(self.game.id, tuple(seats), options, seed_from_text(self.seed_text))

    def start(self) -> None:
        """Start, unless the game refuses this combination (its reason is shown, e.g. seats vs mode)."""
        try:
            setup = self.build_setup()
            self.rules.new_game(setup)
        except (ValueError, KeyError, TypeError) as e:
            self.toasts.show(str(e.args[0] if e.args else e), colour=theme.BAD)
            return
        self.app.start_new_game(setup)

    def set_seat(self, i: int, key: str, value: Any) -> None:
        self.seats[i][key] = value
        if key == "kind":
            self.rebuild()

    def _seat_link(self) -> tuple[str, dict] | None:
        """A game may tie its seat count to one option (Mint Tin: mode solo = 1 seat)."""
        return getattr(self.rules, "seats_by_option", None)

    def set_option(self, key: str, value: Any) -> None:
        self.values[key] = value
        link = self._seat_link()
        if link and key == link[0] and link[1].get(value, self.n_seats) != self.n_seats:
            self.n_seats = link[1][value]
            self.rebuild()

    def set_seat_count(self, n: int) -> None:
        self.n_seats = n
        link = self._seat_link()
        if link:
            for value, count in link[1].items():
                if count == n:
                    self.values[link[0]] = value
        self.rebuild()

    def open_rules(self) -> None:
        self.app.open(f"rules:{self.game.id}")

    def learn(self) -> None:
        """A guided first hand: the game's first "learn" level, with its fixed deal."""
        level = self.app.levels_for(self.game.id, "learn")[0]
        self.app.start_new_game(level.fresh_setup(), level)

    def open_calculator(self) -> None:
        self.app.open(f"calculator:{self.game.id}")

    # ------------------------------------------------------------------ widgets
    def build(self) -> None:
        if self.rules is None:
            self.back_button()
            self.ui.add(Button((800 - 170, 560, 340, 64), "Read the rules", self.open_rules, primary=True))
            return
        # built in reading order, which is Tab's order: seats, options, then the bottom row left to right
        self._build_seats()
        self._build_options()
        self.back_button()
        if self.app.levels_for(self.game.id, "learn"):
            self.ui.add(Button((800 - 410, 822, 260, 54), "Learn", self.learn))
        self.ui.add(Button((800 - 130, 822, 260, 54), "Rules", self.open_rules))
        if calculator_scene_for(self.game.id) is not None:
            self.ui.add(Button((800 + 150, 822, 260, 54), "Score calculator", self.open_calculator))
        self.ui.add(Button((1560 - 300, 816, 300, 66), "Start", self.start, primary=True, size=theme.SUBHEADING))

    def handle(self, intent) -> bool:
        # Enter presses the gold Start when nothing has focus (from the menu: Enter on a game, Enter
        # plays it; it only lit Start before, and a player took the second Enter for a dead key). In
        # a name or the seed, Enter ends the typing and lights Start: a half-typed name never starts a game.
        if intent.kind == "confirm":
            start = next((w for w in self.ui.widgets if getattr(w, "label", None) == "Start"), None)
            if start is not None and self.ui.focused is None:
                self.start()
                return True
            if start is not None and isinstance(self.ui.focused, TextEntry) and intent.char is None:   # Space types
                self.ui.set_focus(start)
                self.ui.keys_used()
                return True
        return super().handle(intent)

    def _build_seats(self) -> None:
        x, y = LEFT[0] + 20, LEFT[1] + 64
        counts = self.seat_count_choices()
        if len(counts) > 1:
            cw = self._control_width([c[1] for c in counts], LEFT[2] - 40, "Players")
            h = 46 if cw else 84
            self.ui.add(Choice((x, y, LEFT[2] - 40, h), "Players", counts, self.n_seats, self.set_seat_count,
                               control_width=cw or 0, stacked=cw is None))
            y += h + SEAT_PITCH - 46
        self._seats_y = y
        for i in range(self.n_seats):
            s = self.seats[i]
            entry = TextEntry((x + 116, y, 200, 46), s.get("name", ""),
                              lambda v, i=i: self.set_seat(i, "name", v), max_len=16,
                              placeholder=self.seat_name(i))
            self.ui.add(entry)
            self.ui.add(Choice((x + 326, y, 170, 46), "", KIND_CHOICES, s["kind"],
                               lambda v, i=i: self.set_seat(i, "kind", v)))
            if s["kind"] == "bot":
                self.ui.add(Choice((x + 506, y, 194, 46), "", STRENGTH_CHOICES, s.get("strength", "normal"),
                                   lambda v, i=i: self.set_seat(i, "strength", v)))
            y += SEAT_PITCH
        y += 6
        self._seed_y = y
        self.ui.add(TextEntry((x, y, LEFT[2] - 40, 46), self.seed_text, self._set_seed, max_len=20,
                              placeholder="blank = a new deal every time", label="Seed", label_width=120))
        y += 60
        levels = self.app.levels_for(self.game.id, "quick")
        self._quick_top = y
        # whole rows only: a row cut in half at the bottom reads as broken; the rest scroll
        room = LEFT[1] + LEFT[3] - 12 - (y + 40)
        rows = max(1, int((room + QUICK_GAP) // QUICK_PITCH))
        self.quick_pane = Scroller((LEFT[0] + 10, y + 40, LEFT[2] - 20, rows * QUICK_PITCH - QUICK_GAP + 4))
        ry = self.quick_pane.viewport.top + 2
        for level in levels:
            self.ui.add(ListRow((x, ry, LEFT[2] - 40, QUICK_PITCH - QUICK_GAP), level.title, level.description,
                                lambda l=level: self.app.start_new_game(l.fresh_setup(), l), mark="▶",
                                mark_colour=theme.TEXT), self.quick_pane)
            ry += QUICK_PITCH
        self.quick_pane.content_height = ry - QUICK_GAP + 2 - self.quick_pane.viewport.top
        self._quick_count = len(levels)

    def seat_count_choices(self) -> list[tuple[int, str]]:
        """The Players control: the seat-linked option's own words (Mint Tin: "Solo against ...",
        "Two players"), else plain counts."""
        link = self._seat_link()
        if link:
            opt = next((o for o in self.rules.options if o.key == link[0]), None)
            if opt is not None:
                return sorted(((link[1][v], label) for v, label in opt.choices if v in link[1]), reverse=True)
        lo, hi = self.rules.min_seats, self.rules.max_seats
        return [(n, str(n)) for n in range(lo, hi + 1)]

    def _control_width(self, labels: list[str], row_width: float, label: str) -> float | None:
        """Width for a choice control that shows every value whole beside its label, or None when
        there is no such width (the row is then stacked)."""
        canvas = self.app.canvas
        widest = max((canvas.measure(t, theme.BODY, True)[0] for t in labels), default=0)
        need = max(160.0, widest + 76)
        room = row_width * 0.6          # Choice keeps the control to 60% of the row beside a label
        if need <= room and canvas.measure(label, theme.BODY)[0] + 36 <= row_width - need - 8:
            return need
        return None

    def _set_seed(self, v: str) -> None:
        self.seed_text = v

    def _build_options(self) -> None:
        pane = self.options_pane
        x, w = RIGHT[0] + 20, RIGHT[2] - 40
        y = pane.viewport.top
        self._help = []
        canvas = self.app.canvas
        link = self._seat_link()
        for opt in self.rules.options:
            if link and opt.key == link[0]:
                continue                # shown as the Players control on the left
            value = self.values.get(opt.key, opt.default)
            h = 48
            if opt.kind == "bool":
                widget = Toggle((x, y, w, h), opt.label, bool(value), lambda v, k=opt.key: self.set_option(k, v))
            else:
                if opt.kind == "int":
                    choices = list(opt.choices) or [(n, str(n)) for n in range(opt.lo, opt.hi + 1)]
                    if value not in [c[0] for c in choices]:     # a level's own number between the stops
                        choices = sorted(choices + [(value, str(value))], key=lambda c: c[0])
                else:
                    choices = [(c[0], c[1]) for c in opt.choices]
                cw = self._control_width([c[1] for c in choices], w, opt.label)
                if cw is None:          # too long to share a line with its label: label above, control below
                    h = 84
                widget = Choice((x, y, w, h), opt.label, choices, value, lambda v, k=opt.key: self.set_option(k, v),
                                control_width=cw or w, stacked=cw is None)
            self.ui.add(widget, pane)
            y += h + 2
            help_text = opt.help        # the rulings' ids are ours, not the players': never shown
            if help_text.strip():
                lines = canvas.wrap(help_text, w - 24, theme.SMALL)
                h = len(lines) * canvas.line_height(theme.SMALL)
                self._help.append(((x + 12, y, w - 24, h), help_text))
                y += h
            y += 14
        pane.content_height = y - pane.viewport.top

    # ------------------------------------------------------------------ drawing
    def draw_content(self, canvas) -> None:
        if self.rules is None:
            canvas.panel((300, 250, 1000, 400))
            canvas.text("Not built yet", (800, 290), theme.HEADING, theme.TEXT, True, "midtop")
            canvas.paragraph(f"{self.game.title} can't be played in this version yet: its table is still being "
                             "made. Its rules are written up already, so you can learn how it is played.",
                             (380, 360, 840, 200), theme.BODY, theme.TEXT, align="center")
            return
        canvas.panel(LEFT)
        canvas.panel(RIGHT)
        canvas.text("Players", (LEFT[0] + 24, LEFT[1] + 18), theme.SUBHEADING, theme.TEXT, True)
        canvas.text("Rule options", (RIGHT[0] + 24, RIGHT[1] + 18), theme.SUBHEADING, theme.TEXT, True)
        if not self.rules.options:
            canvas.text("This game has no options.", (RIGHT[0] + 24, RIGHT[1] + 80), theme.BODY, theme.TEXT_DIM)
        # seat labels on the left of each seat row
        x = LEFT[0] + 20
        y = self._seats_y
        names = list(self.rules.seat_names(self.n_seats))
        for i in range(self.n_seats):
            label = names[i] if i < len(names) else f"Seat {i + 1}"
            canvas.text(label, (x + 8, y + 23), theme.BODY, theme.TEXT_DIM, True, "midleft", max_width=108)
            y += SEAT_PITCH
        canvas.text("Quick play", (LEFT[0] + 24, self._quick_top), theme.SUBHEADING, theme.TEXT, True)
        if not self._quick_count:
            canvas.text("No quick-play tables for this game yet.", (LEFT[0] + 24, self._quick_top + 48),
                        theme.SMALL, theme.TEXT_DIM)
        with canvas.clip(self.options_pane.viewport):
            for rect, text in self._help:
                r = (rect[0], rect[1] - self.options_pane.offset, rect[2], rect[3])
                canvas.paragraph(text, r, theme.SMALL, theme.TEXT_DIM)
