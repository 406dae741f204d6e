"""Widgets: buttons, toggles, choice spinners, sliders, text fields, list rows, tabs, scrolling."""

from game.app.widgets.base import Widget
from game.app.widgets.button import Button, number_key, numbered
from game.app.widgets.choice import Choice, Slider
from game.app.widgets.clickarea import ClickArea
from game.app.widgets.focus import FocusGroup
from game.app.widgets.listrow import ListRow
from game.app.widgets.scroll import Scroller
from game.app.widgets.tabs import Tabs
from game.app.widgets.textentry import TextEntry
from game.app.widgets.toast import Toasts
from game.app.widgets.toggle import Toggle

__all__ = ["Widget", "Button", "ClickArea", "Choice", "Slider", "FocusGroup", "ListRow", "Scroller", "Tabs",
           "TextEntry", "Toasts", "Toggle", "number_key", "numbered"]
