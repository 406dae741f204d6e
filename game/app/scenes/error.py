"""A clear error screen: what went wrong in a sentence, and a way back, instead of a crash."""

from __future__ import annotations

from game.app import theme
from game.app.scenes.screen import Screen
from game.app.widgets import Button


class ErrorScene(Screen):
    def __init__(self, app, heading: str, message: str, detail: str = ""):
        super().__init__(app)
        self.heading = heading
        self.message = message
        self.detail = detail

    def build(self) -> None:
        if len(self.stack) > 1:
            self.ui.add(Button((800 - 230, 640, 220, 60), "Back", self.back, primary=True))
            self.ui.add(Button((810, 640, 220, 60), "Quit", self.app.quit))
        else:
            self.ui.add(Button((800 - 230, 640, 220, 60), "Main menu", self.to_menu, primary=True))
            self.ui.add(Button((810, 640, 220, 60), "Quit", self.app.quit))

    def to_menu(self) -> None:
        from game.app.scenes.menu import MenuScene
        self.stack.reset(MenuScene(self.app))

    def back(self) -> None:
        if len(self.stack) > 1:
            self.close()
        else:
            self.to_menu()

    def draw_content(self, canvas) -> None:
        panel = (300, 180, 1000, 540)
        canvas.panel(panel)
        canvas.text(self.heading, (800, 220), theme.HEADING, theme.TEXT, True, "midtop")
        h = canvas.paragraph(self.message, (360, 290, 880, 300), theme.BODY, theme.TEXT, align="center")
        if self.detail:
            canvas.paragraph(self.detail, (360, 310 + h, 880, 200), theme.SMALL, theme.TEXT_DIM, align="center")
