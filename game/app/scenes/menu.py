"""The main menu: the five games as large cards showing their own pieces, and the house buttons."""

from __future__ import annotations

from game.app import theme
from game.app.scenes.dialog import Dialog, confirm
from game.app.scenes.screen import Screen
from game.app.widgets import Button
from game.core.levels import players_words
from game.rules import catalogue, is_built

# Pieces shown on each game's card: a small, characteristic group from that game.
CARD_PIECES = {
    "minttin": ["mint/S1", "mint/M5", "mint/F9", "mint/MD", "mint/J"],
    "rummy": ["tile/B4", "tile/DR", "tile/B6"],          # a run with the Red Dragon as the wild 5
    "kards": ["kard/WE", "kard/C5", "kard/D7", "kard/F1"],
    "cuzzins": ["tile/C7", "tile/C8", "tile/C9"],
    "martian": ["pyr/red-L/up", "pyr/yellow-M/up", "pyr/blue-S/up", "cover/black-M"],
}

CARD_W, CARD_H, CARD_GAP, CARD_TOP = 284, 500, 19, 150


def draw_piece_row(canvas, names: list[str], area, height: float) -> None:
    """Pieces side by side, centred in `area`, at their relative sizes (the tallest gets `height`);
    they overlap like a fanned hand when the row would not fit."""
    sizes = [canvas.piece_size(n) for n in names]
    f = height / max(h for _, h in sizes)
    widths = [w * f for w, _ in sizes]
    gap = 6.0
    total = sum(widths) + gap * (len(names) - 1)
    if total > area.width:      # overlap evenly so the row fits
        gap = (area.width - sum(widths)) / max(1, len(names) - 1)
        total = area.width
    x = area.centerx - total / 2
    base = area.centery + height / 2
    for name, w, (_, h) in zip(names, widths, sizes):
        if not name.startswith(("pyr/", "cover/")):     # pyramids carry their own shading
            canvas.fill((0, 0, 0, 60), (x + 4, base - h * f + 5, w, h * f), 8)
        canvas.piece(name, (x, base - h * f, w, h * f))
        x += w + gap


class GameCard(Button):
    def __init__(self, rect, game, on_click):
        super().__init__(rect, game.title, on_click)
        self.game = game
        self.built = is_built(game.id)

    def draw(self, canvas, ring: bool = False) -> None:
        box = self.box
        lift = -6 if self.hover and not self.pressed else 0
        box = box.move(0, lift)
        canvas.fill((0, 0, 0, 90), box.move(0, 8 - lift), 18)
        canvas.fill((24, 64, 46) if not self.hover else (30, 78, 56), box, 18)
        canvas.outline(theme.TEXT if self.hover else theme.PANEL_EDGE, box, 2, 18)
        # the pieces sit on a small felt "tray"
        tray = box.inflate(-28, 0)
        tray.top, tray.height = box.top + 16, 200
        canvas.fill((14, 46, 32), tray, 12)
        area = tray.inflate(-16, -24)
        height = {"pyramids": 150, "tiles": 110}.get(self.game.pieces, 120)
        draw_piece_row(canvas, CARD_PIECES.get(self.game.id, []), area, height)
        y = tray.bottom + 18
        for line in canvas.wrap(self.game.title, box.width - 36, theme.SUBHEADING, True):
            canvas.text(line, (box.centerx, y), theme.SUBHEADING, theme.TEXT, True, "midtop")
            y += canvas.line_height(theme.SUBHEADING, True)
        y += 8
        canvas.paragraph(self.game.blurb, (box.left + 22, y, box.width - 44, 200), theme.SMALL, theme.TEXT_DIM,
                         align="center")
        canvas.text(players_words(*self.game.seats), (box.centerx, box.bottom - 58), theme.SMALL, theme.TEXT_FAINT,
                    False, "midtop")
        tag, colour = ("Play", theme.GOOD) if self.built else ("Rules only for now", theme.TEXT_FAINT)
        canvas.text(tag, (box.centerx, box.bottom - 30), theme.BODY, colour, True, "midtop")
        if ring:
            canvas.outline(theme.FOCUS_RING, box.inflate(10, 10), 3, 22)


class MenuScene(Screen):
    def __init__(self, app, notices: bool = True):
        super().__init__(app)
        self._noticed = not notices
        self.ui.pointer_focus = True      # one card or button lit at a time: the one Enter presses

    def build(self) -> None:
        games = catalogue()
        total = len(games) * CARD_W + (len(games) - 1) * CARD_GAP
        x = 800 - total / 2
        for g in games:
            self.ui.add(GameCard((x, CARD_TOP, CARD_W, CARD_H), g, lambda gid=g.id: self.open_game(gid)))
            x += CARD_W + CARD_GAP
        buttons = []
        if self.app.store.has_autosave():
            buttons.append(("Continue", self.app.continue_game, True))
            self._continue_detail = self._saved_game_title()
        buttons += [("Challenges", lambda: self.app.open("challenges"), False),
                    ("Statistics", lambda: self.app.open("stats"), False),
                    ("Settings", lambda: self.app.open("settings"), False),
                    ("Rules", lambda: self.app.open("rules"), False),
                    ("Quit", self.ask_quit, False)]
        bw, gap = 210, 18
        bx = 800 - (len(buttons) * bw + (len(buttons) - 1) * gap) / 2
        self._continue = None
        for label, fn, primary in buttons:
            detail = getattr(self, "_continue_detail", "") if label == "Continue" else ""
            button = self.ui.add(Button((bx, 700, bw, 60), label, fn, primary=primary, detail=detail))
            if fn == self.app.continue_game:
                self._continue = button
            bx += bw + gap

    def handle(self, intent) -> bool:
        # Enter before anything has focus presses the gold Continue, not the first game's card:
        # a player back from a game in progress presses Enter to go on with it
        if intent.kind == "confirm" and self.ui.focused is None and getattr(self, "_continue", None) is not None:
            self.ui.set_focus(self._continue)
            self.ui.keys_used()
            return self._continue.activate()
        return super().handle(intent)

    def _saved_game_title(self) -> str:
        """Which game Continue resumes, for the button's second line ('' when unreadable)."""
        from game.app.starting import saved_game_title
        return saved_game_title(self.app.store)

    def enter(self) -> None:
        super().enter()
        self.show_notices()

    def show_notices(self) -> None:
        """Tell the player once about damaged files, bad levels or missing pictures."""
        if self._noticed:
            return
        self._noticed = True
        lines = list(self.app.notices) + self.app.take_store_problems()
        self.app.notices.clear()
        if self.app.level_errors:
            lines.append("Some level files could not be used:")
            lines += [f"• {e}" for e in self.app.level_errors[:6]]
            if len(self.app.level_errors) > 6:
                lines.append(f"… and {len(self.app.level_errors) - 6} more.")
        if self.app.asset_problem:
            lines.append(self.app.asset_problem + " Pieces are drawn as plain labels until the pictures"
                         " are rebuilt.")
        if lines:
            self.stack.push(Dialog(self.app, "Please note", "\n".join(lines), [("OK", None)]))

    def open_game(self, game_id: str) -> None:
        self.app.open(f"setup:{game_id}")

    def ask_quit(self) -> None:
        saved = self.app.store.has_autosave()
        confirm(self.app, "Leave the parlour?",
                "Your game in progress is saved; Continue picks it up." if saved else "The tables will be here.",
                "Quit", self.app.quit, "Stay")

    def back(self) -> None:
        self.ask_quit()

    def draw_content(self, canvas) -> None:
        canvas.text("Mahjong Parlour", (800, 34), theme.TITLE, theme.TEXT, True, "midtop")
        canvas.text("Five games of tiles, cards and pyramids at one table", (800, 100), theme.BODY,
                    theme.TEXT_DIM, False, "midtop")
        canvas.text("Arrow keys and Enter work everywhere · Esc goes back · F11 full screen",
                    (800, 872), theme.SMALL, theme.TEXT_FAINT, False, "midbottom")
