"""Input intents: pygame events become small, device-free intents.

Mouse, keyboard and tests all drive scenes through the same `Intent`s, so a test that calls
`scene.handle(Intent("select", pos=(800, 450)))` exercises the same path as a click.

Kinds (pos is in logical 1600x900 coordinates):
  point(pos)            the pointer moved (hover)
  press(pos)            a mouse button went down (pressed look; drag may follow)
  select(pos)           a click: pressed and released without dragging
  alt_select(pos)       a right click
  drag_start(pos)       the pointer moved far enough with the button held (pos = where it began)
  drag_move(pos)        the pointer moved while dragging
  drop(pos)             the button was released after a drag
  scroll(pos, amount)   wheel; amount > 0 scrolls the content up (towards its start)
  confirm               Enter or Space (Space also carries char " ")
  back                  Escape
  up/down/left/right    arrow keys
  focus_next/prev       Tab / Shift+Tab
  next_tab/prev_tab     Ctrl+Tab / Ctrl+Shift+Tab, Ctrl+PageDown / Ctrl+PageUp
  page_up/page_down/home/end
  hint                  the H key (char "h")
  skip                  the S key (char "s"): snap running animations to their end
  char(char)            any other printable key
  backspace / delete    editing keys
  fullscreen            F11 (handled by the app)
A focused text field takes any intent that carries a printable `char` before its kind is read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

import pygame

DRAG_THRESHOLD = 8.0          # logical pixels the pointer must travel before a press becomes a drag


@dataclass(frozen=True)
class Intent:
    kind: str
    pos: tuple[float, float] | None = None
    char: str | None = None
    amount: float = 0.0

    @property
    def is_pointer(self) -> bool:
        return self.pos is not None


LETTER_INTENTS = {"h": "hint", "s": "skip"}

KEY_INTENTS = {
    pygame.K_RETURN: "confirm", pygame.K_KP_ENTER: "confirm",
    pygame.K_ESCAPE: "back",
    pygame.K_UP: "up", pygame.K_DOWN: "down", pygame.K_LEFT: "left", pygame.K_RIGHT: "right",
    pygame.K_PAGEUP: "page_up", pygame.K_PAGEDOWN: "page_down",
    pygame.K_HOME: "home", pygame.K_END: "end",
    pygame.K_BACKSPACE: "backspace", pygame.K_DELETE: "delete",
    pygame.K_F11: "fullscreen",
}


def intent_for_char(ch: str) -> Intent:
    if ch == " ":
        return Intent("confirm", char=" ")
    kind = LETTER_INTENTS.get(ch.lower(), "char")
    return Intent(kind, char=ch)


class InputMapper:
    """Turns a stream of pygame events into intents; keeps the little state drags need."""

    def __init__(self, to_logical: Callable[[float, float], tuple[float, float]]):
        self.to_logical = to_logical
        self._press_at: tuple[float, float] | None = None
        self._dragging = False
        self._typed: str | None = None     # the KEYDOWN char whose TEXTINPUT twin must be dropped

    def map(self, event: pygame.event.Event) -> list[Intent]:
        t = event.type
        if t == pygame.MOUSEMOTION:
            if self._press_at is None and tuple(getattr(event, "rel", (1, 1))) == (0, 0):
                # the pointer's resting place as the window opens under it: not a move, so a card
                # under it must not take the focus from Continue (Enter then opened that game)
                return []
            pos = self.to_logical(*event.pos)
            if self._press_at is not None:
                if not self._dragging:
                    dx, dy = pos[0] - self._press_at[0], pos[1] - self._press_at[1]
                    if dx * dx + dy * dy >= DRAG_THRESHOLD ** 2:
                        self._dragging = True
                        return [Intent("drag_start", self._press_at), Intent("drag_move", pos)]
                    return [Intent("point", pos)]
                return [Intent("drag_move", pos)]
            return [Intent("point", pos)]
        if t == pygame.MOUSEBUTTONDOWN:
            pos = self.to_logical(*event.pos)
            if event.button == 1:
                self._press_at, self._dragging = pos, False
                return [Intent("press", pos)]
            if event.button == 3:
                return [Intent("alt_select", pos)]
            return []
        if t == pygame.MOUSEBUTTONUP:
            pos = self.to_logical(*event.pos)
            if event.button != 1 or self._press_at is None:
                return []
            was_drag = self._dragging
            self._press_at, self._dragging = None, False
            return [Intent("drop" if was_drag else "select", pos)]
        if t == pygame.MOUSEWHEEL:
            mx, my = pygame.mouse.get_pos()
            amount = float(getattr(event, "precise_y", event.y) or event.y)
            return [Intent("scroll", self.to_logical(mx, my), amount=amount)]
        if t == pygame.KEYDOWN:
            return self._key(event)
        if t == pygame.TEXTINPUT:
            text = event.text
            if self._typed is not None and text == self._typed:
                self._typed = None
                return []
            self._typed = None
            return [intent_for_char(ch) for ch in text if ch.isprintable()]
        return []

    def _key(self, event: pygame.event.Event) -> list[Intent]:
        mods = event.mod
        ctrl = bool(mods & pygame.KMOD_CTRL)
        shift = bool(mods & pygame.KMOD_SHIFT)
        key = event.key
        if key == pygame.K_TAB:
            if ctrl:
                return [Intent("prev_tab" if shift else "next_tab")]
            return [Intent("focus_prev" if shift else "focus_next")]
        if ctrl and key == pygame.K_PAGEDOWN:
            return [Intent("next_tab")]
        if ctrl and key == pygame.K_PAGEUP:
            return [Intent("prev_tab")]
        if shift and key in (pygame.K_LEFT, pygame.K_RIGHT):
            # "move the focused thing"; scenes that don't know it get a plain arrow (App.dispatch)
            return [Intent("move_left" if key == pygame.K_LEFT else "move_right")]
        if key in KEY_INTENTS:
            return [Intent(KEY_INTENTS[key])]
        ch = getattr(event, "unicode", "") or ""
        if ch and ch.isprintable() and not ctrl:
            # Typed keys also arrive as TEXTINPUT; act on the first and drop its twin.
            self._typed = ch
            return [intent_for_char(ch)]
        return []

    def map_all(self, events: Iterable[pygame.event.Event]) -> list[Intent]:
        out: list[Intent] = []
        for e in events:
            out.extend(self.map(e))
        return out
