"""An honest stand-in for a table that does not exist yet."""

from __future__ import annotations

from game.app import theme
from game.app.scenes.screen import Screen
from game.app.widgets import Button
from game.rules import info


class TableComingScene(Screen):
    def __init__(self, app, game_id: str, built: bool):
        super().__init__(app)
        self.game = info(game_id)
        self.built = built
        self.title = self.game.title

    def build(self) -> None:
        self.ui.add(Button((800 - 350, 480, 330, 64), "Read the rules",
                           lambda: self.app.open(f"rules:{self.game.id}"), primary=True))
        self.ui.add(Button((820, 480, 330, 64), "Back to the menu", self.back))

    def draw_content(self, canvas) -> None:
        canvas.panel((300, 220, 1000, 360))
        canvas.text("Table coming", (800, 260), theme.HEADING, theme.TEXT, True, "midtop")
        if self.built:
            msg = (f"The rules of {self.game.title} are built and its computer players can already play it "
                   f"(try: python -m game.sim --game {self.game.id}), but its table screen is still being "
                   "made, so it can't be played here yet.")
        else:
            msg = f"{self.game.title} is not built yet, so it can't be played here. Its rules can be read already."
        canvas.paragraph(msg, (380, 330, 840, 240), theme.BODY, theme.TEXT, align="center")
