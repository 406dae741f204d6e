"""Mint Tin as a newcomer found it in a real window (session 9): the hot-seat note after the card
pass for the player who chose first, the result's shape line whole, the call chooser on the hinted
call, and the hint saying when its discard feeds the opponent a pung."""

from game.app import theme
from game.app.input import Intent
from game.app.scenes.handoff import HandoffScene
from game.app.tables.minttin_results import MintRoundResults
from game.core.match import Match
from game.core.protocol import SeatConfig, Setup
from game.rules.minttin import cards as C
from game.rules.minttin.actions import Call, Discard

from .test_minttin_table import frames, open_table, press_button, solo_setup
from .test_minttin_table_issue11 import solo_state, table_at, texts_drawn


def _choose_two(scene):
    picks = [c for c in scene.board.hand if c.code != "J"][:2]
    for c in picks:
        scene.handle(Intent("select", scene.targets()[c.id][0].rect()[:2]))
    codes = sorted(c.code for c in picks)
    press_button(scene, "Pass 2 cards")
    return codes


def _curtain(app):
    assert isinstance(app.stack.top, HandoffScene)
    app.stack.top.handle(Intent("confirm"))
    frames(app, 30)


def test_the_first_to_choose_is_told_what_they_passed_and_got(app):
    """Seen in hot seat: the exchange happens as the second player chooses, while the screen is
    theirs, so the first chooser's own cards were lost and their note said only "South chose what
    to pass."."""
    scene = open_table(app, Setup("minttin", (SeatConfig("human"), SeatConfig("human")),
                                  {"mode": "2p", "pass_cards": True}, 9, {"dealer": 1}))
    _curtain(app)
    press_button(scene, "Offer 2")
    frames(app, 2)
    _curtain(app)
    press_button(scene, "Answer 2")
    first = scene.viewer
    gave_first = _choose_two(scene)
    frames(app, 2)
    _curtain(app)
    second = scene.viewer
    assert second != first
    gave_second = _choose_two(scene)
    frames(app, 2)
    while scene.viewer != first:              # the dealer plays first; the curtain comes round
        _curtain(app)
        if scene.viewer != first:
            press_button(scene, "Draw")
            c = scene.board.hand[-1]
            for _ in range(2):
                scene.handle(Intent("select", scene.targets()[c.id][0].rect()[:2]))
            frames(app, 2)
    assert "You passed" in scene.note
    passed, got = scene.note.split("You passed ")[1].split(" and got ")
    assert all(f"the {C.name(c)}" in passed for c in gave_first)
    assert all(f"the {C.name(c)}" in got for c in gave_second)
    assert "While you were away" in texts_drawn(app)


def test_the_winning_hand_line_is_drawn_whole(app):
    """Seen at a round's end: "Consecutive Odds 3-5-7, Four Pairs and Two Pungs (Three..." (the
    line had the same room as one with points beside it)."""
    hand = "S3 S3 SD SD J M5 M5 MD MD F7 F7 FD FD J".split()
    verdict = {"valid": True, "winning": True, "category": "Consecutive Odds", "set": [3, 5, 7],
               "pattern": "Four Pairs and Two Pungs", "special": "Three Suits",
               "blocks": [{"cards": hand[i:i + 2], "exposed": False} for i in range(0, 14, 2)]}
    data = {"lines": [{"seat": 0, "name": "Hand", "value": 0, "why": "Four Pairs and Two Pungs"},
                      {"seat": 0, "name": "Three Suits", "value": 3,
                       "why": "one number block of each suit and all three dragon blocks"},
                      {"seat": 0, "name": "Concealed", "value": 1, "why": "no exposures before the winning card"}],
            "verdict": verdict, "winner": 0, "points": 4, "totals": [4, 0], "summary": "You go Mahjong."}
    results = MintRoundResults(app, data, ["You", "The opponent"], target=7)
    app.stack.push(results)
    app.stack.apply()
    frames(app, 2)
    cut = []
    real = app.canvas.ellipsize

    def spy(text, *a, **k):
        cut.append(text)
        return real(text, *a, **k)
    app.canvas.ellipsize = spy
    drawn = texts_drawn(app)
    assert "Consecutive Odds 3-5-7, Four Pairs and Two Pungs (Three Suits)" in drawn
    assert cut == []


def test_the_call_chooser_opens_on_the_hinted_call(app):
    """Seen: the hint said "Call the Moon 5 for a pair"; Call opened the chooser on its first option
    and Enter took a pung with jokers instead. The chooser now opens on the hinted call."""
    st = solo_state(hand="S1 S1 S1 S2 S2 S2 S3 S3 S3 SD SD M4 J".split(), row=[], pungs=[], phase="hold")
    st.hold = "M4"
    scene = table_at(app, Match(solo_setup()), st)
    calls = [a for a in scene.legal if isinstance(a, Call)]
    hinted = next(a for a in calls if a.cards == ("M4", "J"))       # a pung with the joker, not the first option
    assert len(calls) > 1 and calls[0] != hinted
    scene.hint_open = True
    scene.show_hint(hinted)
    press_button(scene, "Call")
    chooser = scene.controls.chooser
    assert chooser is not None
    focused = chooser.ui.focused
    assert focused.option.value == hinted and "hint" in focused.label
    scene.handle(Intent("confirm"))
    assert sorted(scene.view.exposures[0][-1]) == ["J", "M4", "M4"]


def test_the_hint_says_when_its_discard_gives_the_opponent_a_pung(app):
    """The hint suggested a card already lying in the row beside the joker spot without a word:
    the opponent exposed a pung of it at once."""
    st = solo_state(hand="S1 S3 S3 SD SD M5 M6 MD MD F7 F9 F9 FD J".split(), row=["S1", "F8"], pungs=[],
                    spot=1)
    scene = table_at(app, Match(solo_setup()), st)
    scene.hint_open = True
    scene.show_hint(Discard("S1"))
    sug = scene.current_suggestion()
    assert sug.action == Discard("S1")             # not a losing discard: the suggestion stands
    assert sug.warning == "" and "pung" in sug.caution and "Sword 1" in sug.caution and "1 of 5" in sug.caution
    drawn = " ".join(texts_drawn(app))
    assert "1 of 5" in drawn
    scene.show_hint(Discard("F7"))                 # a card that feeds nothing: no word about it
    assert scene.current_suggestion().caution == ""


def test_the_pass_note_counts_copies_instead_of_repeating_them():
    """Seen: "You passed the Sword 2 and the Sword 2 and got the Sword 1 and the Sword 1."."""
    from game.app.tables.minttin_news import News
    from game.core.protocol import Event

    news = News()
    news.keep_exchange([Event("pass_exchange", {"seat": 1, "gave": ["S2", "S2"], "got": ["S1", "F8", "F8"]})])
    assert news.since(1, {0: "South", 1: "North"}.get) == \
        "You passed two Sword 2s and got the Sword 1 and two Fire 8s."


def test_the_swap_preview_leaves_the_status_line_whole(app):
    """Seen: the preview's panel covered the top half of "Discard: click a card twice, ..."."""
    from game.app.tables import minttin_layout as LY
    st = solo_state(hand="F9 M5 M5 M6 M6 M6 SD SD FD FD S3 S3 S3 M4".split(), row=[], pungs=[["F9", "F9", "J"]])
    scene = table_at(app, Match(solo_setup()), st)
    press_button(scene, "Swap")
    preview = scene.controls.chooser
    x, y, w, h = preview.rect
    status_top = LY.STATUS_POS[1] - 4                  # the status box starts 4 above its text
    assert y + h <= status_top - 8
    assert all(y <= b.rect.top and b.rect.bottom <= y + h for b in preview.ui.widgets)


def test_a_ring_round_a_card_in_the_fan_stops_where_the_next_card_lies(app):
    """Seen (session 10): the hint's gold ring round the Moon 4 ran on over the Moon 6 beside it, so
    it seemed to frame both cards. Rings round a covered card now close at the next card's edge."""
    from game.app.tables import minttin_layout as LY
    st = solo_state(hand="S1 S3 S3 SD SD M5 M6 MD MD F7 F9 F9 FD J".split(), row=[], pungs=[])
    scene = table_at(app, Match(solo_setup()), st)
    frames(app, 2)
    scene.hint_open = True
    scene.show_hint(Discard("M5"))
    rings = []
    real = app.canvas.outline

    def spy(colour, rect, *a, **k):
        rings.append((colour, rect))
        return real(colour, rect, *a, **k)
    app.canvas.outline = spy
    try:
        app.stack.draw(app.canvas)
    finally:
        app.canvas.outline = real
    hand = scene.board.hand
    i = next(k for k, c in enumerate(hand) if c.code == "M5")
    me, nxt = scene.sprites[hand[i].id], scene.sprites[hand[i + 1].id]
    gold = [r for colour, r in rings if tuple(colour[:3]) == tuple(theme.GOLD[:3])]
    assert gold, "the hinted card has a ring"
    left, right = gold[0][0], gold[0][0] + gold[0][2]
    assert left < me.x - LY.CARD_W * me.scale / 2 < right
    assert right <= nxt.x - LY.CARD_W * nxt.scale / 2     # not over the Moon 6
