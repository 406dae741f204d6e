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
