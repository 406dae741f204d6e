"""pygame events become the same intents the tests send directly."""

import pygame

from game.app.input import InputMapper


def mapper():
    return InputMapper(lambda x, y: (x * 2.0, y * 2.0))     # a window at half the logical size


def kinds(intents):
    return [i.kind for i in intents]


def test_click_is_press_then_select_in_logical_coordinates():
    m = mapper()
    down = m.map(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(100, 50), button=1))
    up = m.map(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(101, 50), button=1))
    assert kinds(down) == ["press"] and down[0].pos == (200.0, 100.0)
    assert kinds(up) == ["select"] and up[0].pos == (202.0, 100.0)


def test_drag_start_move_drop():
    m = mapper()
    m.map(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1))
    first = m.map(pygame.event.Event(pygame.MOUSEMOTION, pos=(30, 10), rel=(20, 0), buttons=(1, 0, 0)))
    assert kinds(first) == ["drag_start", "drag_move"] and first[0].pos == (20.0, 20.0)
    more = m.map(pygame.event.Event(pygame.MOUSEMOTION, pos=(40, 12), rel=(10, 2), buttons=(1, 0, 0)))
    assert kinds(more) == ["drag_move"]
    assert kinds(m.map(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(40, 12), button=1))) == ["drop"]


def test_keys():
    m = mapper()

    def key(k, uni="", mod=0):
        return m.map(pygame.event.Event(pygame.KEYDOWN, key=k, unicode=uni, mod=mod, scancode=0))

    assert kinds(key(pygame.K_ESCAPE)) == ["back"]
    assert kinds(key(pygame.K_RETURN, "\r")) == ["confirm"]
    assert kinds(key(pygame.K_LEFT)) == ["left"]
    assert kinds(key(pygame.K_TAB, "\t")) == ["focus_next"]
    assert kinds(key(pygame.K_TAB, "\t", pygame.KMOD_LSHIFT)) == ["focus_prev"]
    assert kinds(key(pygame.K_TAB, "\t", pygame.KMOD_LCTRL)) == ["next_tab"]
    assert kinds(key(pygame.K_F11)) == ["fullscreen"]
    space = key(pygame.K_SPACE, " ")
    assert kinds(space) == ["confirm"] and space[0].char == " "
    h = key(pygame.K_h, "h")
    assert kinds(h) == ["hint"] and h[0].char == "h"
    # the TEXTINPUT twin of a typed key is dropped; other text comes through
    assert m.map(pygame.event.Event(pygame.TEXTINPUT, text="h")) == []
    assert kinds(m.map(pygame.event.Event(pygame.TEXTINPUT, text="é"))) == ["char"]


def test_wheel():
    m = mapper()
    out = m.map(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, precise_x=0.0, precise_y=1.0, flipped=False))
    assert kinds(out) == ["scroll"] and out[0].amount == 1.0


def test_the_pointer_resting_where_the_window_opens_is_not_a_move():
    # SDL reports where the pointer sits as the window opens, with no movement (rel 0, 0); taken as
    # a move it lit the game card under it, and Enter opened that game instead of the gold Continue
    m = mapper()
    assert m.map(pygame.event.Event(pygame.MOUSEMOTION, pos=(400, 225), rel=(0, 0), buttons=(0, 0, 0))) == []
    moved = m.map(pygame.event.Event(pygame.MOUSEMOTION, pos=(401, 225), rel=(1, 0), buttons=(0, 0, 0)))
    assert kinds(moved) == ["point"] and moved[0].pos == (802.0, 450.0)
