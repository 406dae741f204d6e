"""What a newcomer tripped over at the Mint Tin table in a real window (play-test, s4)."""

from __future__ import annotations

import inspect

from game.core.match import Match

from .test_minttin_table import two_setup
from .test_minttin_table_issue11 import table_at, texts_drawn


def cut_texts(app) -> list[str]:
    """The strings drawn this frame that did not fit their max_width (the canvas ends them with '…')."""
    cut = []
    real = app.canvas.text

    sig = inspect.signature(real)

    def spy(*a, **k):
        b = sig.bind(*a, **k)
        b.apply_defaults()
        t, w = b.arguments["text"], b.arguments["max_width"]
        if w is not None and app.canvas.measure(t, b.arguments["size"], b.arguments["bold"])[0] > w:
            cut.append(t)
        return real(*a, **k)
    app.canvas.text = spy
    try:
        app.stack.draw(app.canvas)
    finally:
        app.canvas.text = real
    return cut


def test_the_double_panel_says_waiting_for_an_answer_in_full(app):
    # seen: the Double panel on the left read "waiting for an..." while the bot's Double awaited me
    match = Match(two_setup(jokers="none"))
    st = match.state.clone()
    st.double = {"by": 1, "value": 2, "turns": 0, "taken": False, "hand": list(st.hands[1]),
                 "exposures": [], "jokers": 0, "called": False}
    st.phase, st.current = "answer", 0
    table_at(app, match, st)
    assert cut_texts(app) == []
    words = " ".join(texts_drawn(app))
    assert "waiting for" in words and "answer" in words


def test_a_suggested_pass_lights_every_card_it_names(app):
    # seen: "Suggested: Pass Moon 4" with no card lit in the hand (only discards and swaps glowed)
    from game.app.input import Intent
    from game.core.protocol import SeatConfig, Setup
    from game.rules.minttin.actions import GiveCards

    from .test_minttin_table import frames, open_table, press_button
    scene = open_table(app, Setup("minttin", (SeatConfig("human"), SeatConfig("human")),
                                  {"mode": "2p", "pass_cards": True}, 9, {"dealer": 1}))
    app.stack.top.handle(Intent("confirm"))
    frames(app, 30)
    press_button(scene, "Offer 2")
    frames(app, 2)
    app.stack.top.handle(Intent("confirm"))
    frames(app, 30)
    press_button(scene, "Answer 3")
    give = next(a for a in scene.legal if isinstance(a, GiveCards))
    scene.show_hint(give)
    lit = scene.suggested_cards()
    assert sorted(c.code for c in lit) == sorted(give.cards)
    assert len({c.id for c in lit}) == len(give.cards) and all(c in scene.board.hand for c in lit)
    assert texts_drawn(app).count("hint") == len(give.cards)
    assert "click them" in " ".join(texts_drawn(app))


def test_every_challenge_goal_fits_its_table_panel_uncut(app):
    # seen: "Win three rounds before the opponent comple…" on the Mint Tin challenge 4 table
    import tomllib
    from pathlib import Path

    from game.app import theme
    from game.app.tables import table_scene_for
    levels = Path(__file__).parents[2] / "levels"
    for game in ("minttin", "rummy", "kards", "cuzzins", "martian"):
        x, y, w, h = table_scene_for(game).GOAL_RECT
        lh = app.canvas.line_height(theme.SMALL)
        room = max(1, int((h - 8 - lh) / lh + 0.2))          # as goal_panel.draw_goal_panel counts
        for path in sorted((levels / game).glob("*.toml")):
            goal = tomllib.loads(path.read_text()).get("goal")
            if goal:
                lines = app.canvas.wrap(goal["text"], w - 24, theme.SMALL)
                assert len(lines) <= room, (path.name, lines)


def test_a_message_sits_above_the_hand_not_over_its_cards(app):
    # seen: "Draw a card before you discard." drawn across the middle of the hand
    from game.app import theme
    from game.app.tables import minttin_layout as LY
    from game.app.tables import table_scene_for
    MintTable = table_scene_for("minttin")
    hand_top = LY.HAND_Y - LY.CARD_H * LY.HAND_SCALE / 2
    assert MintTable.TOAST_BOTTOM <= hand_top
    one_line = app.canvas.line_height(theme.BODY) + 24          # as Toasts.draw sizes one line
    status_bottom = LY.STATUS_POS[1] + app.canvas.line_height(theme.BODY) + 4   # its box
    assert MintTable.TOAST_BOTTOM - one_line >= status_bottom


def test_d_draws_a_card_as_at_the_rummy_table(app):
    # seen: pressing D (the Rummy table's draw key) did nothing at Mint Tin; only Tab, Enter drew
    from game.app.input import Intent
    from game.rules.minttin import RULES
    from game.rules.minttin.actions import Draw

    from .test_minttin_table import open_table, solo_setup
    scene = open_table(app, solo_setup())
    assert "· D" in scene.controls.button("Draw").detail
    assert app.stack.top.handle(Intent("char", char="d"))
    assert [e.action for e in scene.match.log] == [RULES.encode_action(Draw())]
    assert not app.stack.top.handle(Intent("char", char="D"))   # no draw is legal now: nothing happens
    assert len(scene.match.log) == 1


def test_the_mint_tin_curtain_offers_to_show_my_cards(app):
    # seen: "I am North: show my pieces" at a table of cards
    from game.app.scenes.handoff import HandoffScene
    from game.core.protocol import SeatConfig, Setup

    from .test_minttin_table import open_table
    open_table(app, Setup("minttin", (SeatConfig("human"), SeatConfig("human")), {"mode": "2p"}, 9))
    curtain = app.stack.top
    assert isinstance(curtain, HandoffScene) and curtain.button.label.endswith("show my cards")


def test_a_suggested_pass_lights_the_pass_button(app):
    # seen: the hint said "Suggested: Pass" while no button or card was lit (a discard lights its card)
    from game.app.tables.minttin_input import button_label
    from game.rules.minttin.actions import Discard, OfferPass, Pass

    from .test_minttin_table_issue11 import solo_state
    from .test_minttin_table import solo_setup
    st = solo_state(hand="S1 S2 S3 M5 M5 M6 M6 M6 SD SD FD FD F9".split(), row=["F7"], pungs=[], phase="hold")
    st.hold = "F8"
    scene = table_at(app, Match(solo_setup()), st)
    assert "Pass" in scene.controls.labels()
    scene.hint_open = True
    scene.show_hint(Pass())
    assert scene.current_suggestion().action == Pass()
    assert scene.controls.lit() == "Pass"
    words = texts_drawn(app)
    assert words.count("hint") == 1 and scene.suggested_cards() == []      # the button glows, no card
    scene.hint_open = False
    assert scene.controls.lit() is None and "hint" not in texts_drawn(app)
    # every button-only suggestion names a button label the bar uses; a discard has its card instead
    assert button_label(OfferPass(2)) == "Offer 2" and button_label(Discard("S1")) is None


def test_the_hint_says_why_its_discard_even_when_it_keeps_the_single_cards(app):
    # seen: the panel listed the single cards that "cannot form a block" while it suggested
    # discarding a card of a pair, which read as a contradiction; the suggestion stays the bot's
    from game.app.tables import minttin_hint as H
    from game.rules.minttin.actions import Discard
    from game.rules.minttin.views import make_view

    from .test_minttin_table import solo_setup
    from .test_minttin_table_issue11 import solo_state
    hand = "S1 M4 M5 M5 M6 M6 M6 SD SD FD FD F9 F9 F7".split()
    st = solo_state(hand=hand, row=["F8"], pungs=[])
    scene = table_at(app, Match(solo_setup()), st)
    scene.hint_open = True
    scene.show_hint(Discard("F9"))
    assert scene.current_suggestion().action == Discard("F9")             # the bot's pick is kept
    info = scene.drawer.hint_info()
    assert "single card" in " ".join(info.text)                             # the analysis names the singles
    words = " ".join(texts_drawn(app))
    assert "Why the Fire 9 (you hold 2)" in words and "can still pair up" in words
    view = make_view(st, 0, (0,))
    single = H.discard_why(view, info, "S1")
    assert single.startswith("Why the Sword 1: it has no partner")
    assert "joker" in H.discard_why(view, info, "J")
    # a discard the panel lists as leaving the hand one card away is explained by exactly that
    info.discards = [("M4", [("M5", 1, True)])]
    assert "one card away" in H.discard_why(view, info, "M4")
    assert "than those leaving you one card away" in H.discard_why(view, info, "F9")


def test_the_lit_buttons_hint_word_covers_no_other_button(app):
    # seen: "hint" above a lit Pass button sat on the Call button's "the Sword 2"
    import pygame
    from game.rules.minttin.actions import Pass

    from .test_minttin_table import solo_setup
    from .test_minttin_table_issue11 import solo_state
    st = solo_state(hand="S1 S2 S3 M5 M5 M6 M6 M6 SD SD FD FD F9".split(), row=["F7"], pungs=[], phase="hold")
    st.hold = "M5"                                   # a card you could call: Call sits right above Pass
    scene = table_at(app, Match(solo_setup()), st)
    assert "Call" in scene.controls.labels() and "Pass" in scene.controls.labels()
    scene.hint_open = True
    scene.show_hint(Pass())
    where = []
    real = app.canvas.text

    def spy(text, pos, *a, **k):
        r = real(text, pos, *a, **k)
        if text == "hint":
            where.append(pygame.FRect(r))
        return r
    app.canvas.text = spy
    try:
        app.stack.draw(app.canvas)
    finally:
        app.canvas.text = real
    assert len(where) == 1
    assert not any(where[0].colliderect(w.box) for w in scene.controls.ui.widgets)


def test_the_hint_says_why_it_passes_up_or_takes_a_call(app):
    # seen: holding two Fire 9s, the hint suggested "Pass" with the Fire 9 on the hold spot and said
    # nothing of the Call button beside it; a newcomer could not tell why not make the pung
    from game.app.tables import minttin_hint as H
    from game.rules.minttin.actions import Call, Pass
    from game.rules.minttin.views import make_view

    from .test_minttin_table import solo_setup
    from .test_minttin_table_issue11 import solo_state
    hand = "S3 S3 SD M5 M6 MD F7 F8 F9 F9 FD FD J".split()
    st = solo_state(hand=hand, row=["S1"], pungs=[], phase="hold")
    st.hold = "F9"
    scene = table_at(app, Match(solo_setup()), st)
    assert any(isinstance(a, Call) for a in scene.legal)
    scene.hint_open = True
    scene.show_hint(Pass())
    words = " ".join(texts_drawn(app))
    assert "Why pass:" in words and "(no Concealed point)" in words and "calling the Fire 9" in words
    view = make_view(st, 0, (0,))
    assert H.call_why(view, Call(("F9", "F9")), scene.legal).startswith("Why call: the Fire 9 makes a pung")
    # with a block already exposed there is no Concealed point left to lose
    st.exposures[0] = [["S2", "S2", "S2"]]
    st.hands[0] = hand[3:]
    assert "Concealed" not in H.call_why(make_view(st, 0, (0,)), Pass(), scene.legal)
    # a card that completes the hand is said by the panel's own note, not here
    st.exposures[0], st.hands[0] = [], "S3 S3 S3 M5 M5 M5 F7 F7 F7 F9 F9 FD FD".split()
    assert H.call_why(make_view(st, 0, (0,)), Pass(), [Call(("F9", "F9")), Pass()]) == ""
