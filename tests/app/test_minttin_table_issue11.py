"""The Mint Tin table: the hint's danger check, the round-end order, the swap preview, the hot-seat
note and the table's proportions (issue 11)."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st_

from game.app.input import Intent
from game.app.scenes.handoff import HandoffScene
from game.app.tables import minttin_hint as H
from game.app.tables import minttin_layout as LY
from game.app.tables import table_scene_for
from game.app.tables.minttin_results import MintRoundResults, display_lines, winning_blocks
from game.core.match import Match
from game.core.protocol import SeatConfig, Setup
from game.rules.minttin import RULES
from game.rules.minttin import cards as C
from game.rules.minttin.actions import Discard, Pass, SwapForJoker
from game.rules.minttin.views import make_view

from .test_minttin_table import frames, open_table, press_button, solo_setup, two_setup

# The issue's position: the solo opponent has four pungs, two Moon 4s are in the row, no joker on
# its spot; you hold a Moon 4 (and other cards) after your draw.
FOUR_PUNGS = [["S1", "S1", "S1"], ["S2", "S2", "S2"], ["F7", "F7", "J"], ["F8", "F8", "F8"]]
ROW = ["M4", "F9", "M4"]
HAND = "M4 M5 M5 M6 M6 M6 SD SD FD FD F9 F9 S3 J".split()


def solo_state(hand=HAND, row=ROW, pungs=FOUR_PUNGS, spot=0, phase="main"):
    st = Match(solo_setup()).state.clone()
    st.exposures[1] = [list(e) for e in pungs]
    st.discards = list(row)
    st.spot = spot
    st.phase = phase
    st.hands[0] = list(hand)
    return st


def two_state(their_exposures, their_hidden, my_hand, row=("S1",)):
    st = Match(two_setup(("human", "human"), jokers="none")).state.clone()
    st.exposures[1] = [list(e) for e in their_exposures]
    st.hands[1] = list(their_hidden)
    st.hands[0] = list(my_hand)
    st.discards = list(row)
    st.phase, st.current = "main", 0
    return st


def table_at(app, match, state, speed=0.0):
    app.store.settings.anim_speed = speed
    match.state = state
    scene = table_scene_for("minttin")(app, match)
    app.stack.push(scene)
    app.stack.apply()
    return scene


def texts_drawn(app):
    """Every string the canvas draws in one frame."""
    seen = []
    real = app.canvas.text

    def spy(text, *a, **k):
        seen.append(text)
        return real(text, *a, **k)
    app.canvas.text = spy
    try:
        app.stack.draw(app.canvas)
    finally:
        app.canvas.text = real
    return seen


# ---------------------------------------------------------------------------------------- danger, solo
def test_the_issues_position_moon_4_would_give_the_fifth_pung():
    view = make_view(solo_state(), 0, (0,))
    assert set(H.discard_dangers(view)) == {"M4"}
    info = H.hint_for(view)
    assert "Moon 4" in info.warning and "fifth pung" in info.warning
    assert "M4" not in [card for card, _ in info.discards]


def test_the_danger_check_agrees_with_the_engine_on_every_discard():
    """Play each discard for real: the hint flags exactly those that end the round for the opponent."""
    st = solo_state()
    view = make_view(st, 0, (0,))
    flagged = set(H.discard_dangers(view))
    for card in set(st.hands[0]) - {C.J}:
        after, events = RULES.apply(st, 0, Discard(card))
        lost = any(e.kind == "round_end" and e.data["outcome"] == "five_pungs" for e in events)
        assert lost == (card in flagged), card


def test_a_joker_on_the_spot_needs_only_one_copy_in_the_row():
    view = make_view(solo_state(row=["F9", "M5"], spot=1), 0, (0,))
    assert set(H.discard_dangers(view)) == {"M5", "F9"}
    assert H.discard_dangers(make_view(solo_state(row=["F9", "M5"], spot=0), 0, (0,))) == {}


def test_guard_replaces_a_losing_discard_with_a_safe_one_and_says_why():
    st = solo_state()
    view = make_view(st, 0, (0,))
    action, warning = H.guard(view, Discard("M4"), RULES.legal_actions(st, 0))
    assert isinstance(action, Discard) and action.card != "M4" and action in RULES.legal_actions(st, 0)
    assert warning.startswith("Not the Moon 4") and "fifth pung" in warning
    assert H.guard(view, Discard("M5"), RULES.legal_actions(st, 0)) == (Discard("M5"), "")


def test_no_safe_discard_is_said_plainly():
    kinds = ["M4", "F9", "S1", "S2", "S3", "M5", "M6"]
    st = solo_state(hand=[k for k in kinds for _ in range(2)], row=[k for k in kinds for _ in range(2)],
                    pungs=[["SD"] * 3, ["MD"] * 3, ["FD"] * 3, ["F7"] * 3])
    view = make_view(st, 0, (0,))
    assert set(H.discard_dangers(view)) == set(kinds)
    assert H.hint_for(view).warning.startswith("No safe discard")
    action, warning = H.guard(view, Discard("M4"), RULES.legal_actions(st, 0))
    assert action == Discard("M4") and warning.startswith("No safe discard")


def test_passing_the_hold_card_into_a_fifth_pung_is_warned_and_a_call_suggested():
    st = solo_state(hand=[c for c in HAND if c != "J"][:12] + ["F9"], phase="hold")
    st.hold = "F9"
    st.discards = ["F9", "M4", "F9"]
    view = make_view(st, 0, (0,))
    assert "if you pass" in H.hint_for(view).warning
    legal = RULES.legal_actions(st, 0)
    action, warning = H.guard(view, Pass(), legal)
    assert type(action).__name__ == "Call" and action in legal and warning.startswith("Call it")


# ---------------------------------------------------------------------------------------- danger, two players
def test_two_players_a_card_the_other_could_go_out_on():
    """North shows four pungs (4-5-6 and the Moon Dragon) and hides one card: a pair of Sword 3 or
    Fire 7 extends the run; a Sword 1 can't."""
    st = two_state([["M4"] * 3, ["M5"] * 3, ["M6"] * 3, ["MD"] * 3], ["F9"],
                   "S1 S2 S2 S3 S3 F7 F7 F8 F8 F9 FD FD SD SD".split())
    view = make_view(st, 0, (0,))
    assert set(H.discard_dangers(view)) == {"S3", "F7"}
    action, warning = H.guard(view, Discard("F7"), RULES.legal_actions(st, 0))
    assert action.card not in ("S3", "F7") and "North" in warning


def test_two_players_many_hidden_cards_claim_nothing():
    st = two_state([["M4"] * 3, ["M5"] * 3], ["F9"] * 2 + ["F8"] * 3 + ["S1", "S1"],
                   "S1 S2 S2 S3 S3 F7 F7 F8 F9 FD FD SD SD M6".split())
    assert H.discard_dangers(make_view(st, 0, (0,))) == {}


# ---------------------------------------------------------------------------------------- the hint on the table
def test_the_suggestion_is_shown_whole_safe_and_its_card_highlighted(app):
    match = Match(solo_setup())
    scene = table_at(app, match, solo_state())
    scene.hint_open = True
    scene.show_hint(Discard("M4"))               # what the hint bot said in the issue
    sug = scene.current_suggestion()
    assert sug.action != Discard("M4") and "Moon 4" in sug.warning
    card = scene.suggested_card()
    assert card is not None and card in scene.board.hand and card.code == sug.action.card
    drawn = " ".join(texts_drawn(app))
    assert f"Suggested: {sug.text}"[:40] in drawn
    assert sug.text.split()[-1] in drawn          # the end of the text is drawn, not cut off
    assert "…" not in drawn


# ---------------------------------------------------------------------------------------- the round end
WIN = "S1 S1 S1 S2 S2 S2 S3 S3 S3 SD SD SD M4 M4".split()      # 1-2-3-4, concealed: 1 point


def test_round_end_shows_the_hand_then_the_result_then_deals(app):
    match = Match(solo_setup())
    st = solo_state(hand=WIN, row=[], pungs=[])
    scene = table_at(app, match, st, speed=1.0)
    frames(app, 60)
    press_button(scene, "Mahjong!")
    assert scene.view.round_no == 2                      # the match has moved on ...
    for _ in range(10):
        frames(app)
        assert scene.shown_view.round_no == 1             # ... the table has not
        assert scene.shown_view.scores == (0, 0)
        assert Counter(c.code for c in scene.board.hand) == Counter(WIN)
        assert not isinstance(app.stack.top, MintRoundResults) or not scene.showing
    frames(app, 200)
    results = app.stack.top
    assert isinstance(results, MintRoundResults)
    assert Counter(c.code for c in scene.board.hand) == Counter(WIN)     # still the winning hand
    assert results.round_points(0) == 1 and results.data["totals"][0] == 1
    blocks = [b for b, _ in winning_blocks(results.data)]
    assert Counter(c for b in blocks for c in b) == Counter(WIN)
    drawn = " ".join(texts_drawn(app))
    assert "this round" in drawn and "total 1 of 7" in drawn and "Round points" in drawn
    results.done()
    frames(app, 80)
    assert app.stack.top is scene and scene.shown_view.round_no == 2
    assert Counter(c.code for c in scene.board.hand) == Counter(scene.view.hand)


def test_the_hand_line_carries_no_points_headline():
    v = RULES.analyse(WIN, [])
    data = {"lines": [{"seat": 0, "name": "Hand", "value": 0, "why": v.headline()},
                      {"seat": 0, "name": "Concealed", "value": 1, "why": "no exposures"}],
            "verdict": v.to_json(), "winner": 0, "points": 1, "totals": [1, 0]}
    lines = display_lines(data)
    assert lines[0]["value"] == "" and "point" not in lines[0]["why"]
    assert "One Pair and Four Pungs" in lines[0]["why"]
    assert lines[1] == data["lines"][1]


# ---------------------------------------------------------------------------------------- the swap preview
def test_swap_is_previewed_and_can_be_cancelled(app):
    match = Match(solo_setup())
    st = solo_state(hand="F9 M5 M5 M6 M6 M6 SD SD FD FD S3 S3 S3 M4".split(), row=[],
                    pungs=[["F9", "F9", "J"]])
    scene = table_at(app, match, st)
    press_button(scene, "Swap")
    preview = scene.controls.chooser
    assert type(preview).__name__ == "SwapPreview" and len(match.log) == 0
    assert preview.effect == (("F9", "F9", "J"), ("F9", "F9", "F9"), "F9", "J")
    scene.handle(Intent("back"))
    assert scene.controls.chooser is None and len(match.log) == 0
    joker = next(c for c in scene.board.exposures[1][0] if c.code == "J")
    p = scene.targets()[joker.id][0]
    scene.handle(Intent("select", (p.x, p.y)))            # a click on the joker previews too
    preview = scene.controls.chooser
    assert type(preview).__name__ == "SwapPreview" and len(match.log) == 0
    b = next(w for w in preview.ui.widgets if w.label == "Swap")
    scene.handle(Intent("select", b.rect.center))
    assert match.log[-1].action == RULES.encode_action(SwapForJoker(1, 0))
    assert "J" in scene.view.hand and scene.controls.chooser is None


# ---------------------------------------------------------------------------------------- the hot-seat note
def test_hot_seat_note_says_what_the_other_player_did_and_nothing_private(app):
    app.store.settings.anim_speed = 0.0
    match = Match(two_setup(("human", "human"), seed=5))
    scene = table_scene_for("minttin")(app, match)
    app.stack.push(scene)
    app.stack.apply()
    frames(app, 2)
    app.stack.top.handle(Intent("confirm"))
    frames(app, 30)
    a = scene.viewer
    assert scene.note == ""                               # first look: nothing to tell
    press_button(scene, "Draw")
    drawn = scene.view.last_drawn
    keep = [c for c in scene.board.hand if c.code != drawn]
    thrown = keep[0].code if keep else drawn
    card = next(c for c in scene.board.hand if c.code == thrown)
    place = scene.targets()[card.id][0]
    scene.handle(Intent("select", (place.x, place.y)))
    scene.handle(Intent("select", (place.x, place.y)))
    frames(app, 2)
    assert isinstance(app.stack.top, HandoffScene)
    app.stack.top.handle(Intent("confirm"))
    frames(app, 30)
    assert scene.viewer == 1 - a
    name = scene.player_name(a)
    assert scene.note == f"{name} drew a card and discarded the {C.name(thrown)}."
    if drawn != thrown:
        assert C.name(drawn) not in scene.note
    assert "While you were away" in texts_drawn(app)
    press_button(scene, "Draw")
    assert scene.note == ""


# ---------------------------------------------------------------------------------------- proportions
def test_the_hand_is_large_and_everything_sits_inside_the_rail():
    lay = LY.Layout("solo")
    assert LY.CARD_H * LY.HAND_SCALE / 900 >= 0.16
    places = lay.hand(14, fresh=True) + lay.other_hand(14) + [lay.row(i, 40) for i in range(40)]
    places += [p for blk in lay.exposures([3] * 5, False) + lay.exposures([3, 3, 4, 4], True) for p in blk]
    places += [lay.hold(), lay.deck_place(), lay.dead_place(), lay.spot(1), lay.score(True), lay.score(False)]
    for p in places:
        x, y, w, h = p.rect()
        assert x >= LY.RAIL and y >= LY.RAIL and x + w <= 1600 - LY.RAIL and y + h <= 900 - LY.RAIL, p
    hand = lay.hand(14, fresh=True)
    assert hand[-1].rect()[0] + hand[-1].rect()[2] <= LY.PANEL_X      # the hand stays clear of the buttons


@pytest.mark.parametrize("mode", ["solo", "2p"])
def test_the_discard_area_is_as_big_as_what_it_holds(mode):
    lay = LY.Layout(mode)
    sizes = [lay.discards_rect(n) for n in (0, 1, 5, 19, 40)]
    areas = [w * h for _x, _y, w, h in sizes]
    assert areas == sorted(areas) and areas[0] < areas[-1]
    place = lay.row if mode == "solo" else lay.pile
    for n in (1, 5, 19, 40):
        x, y, w, h = lay.discards_rect(n)
        for i in range(n):
            cx, cy, cw, ch = place(i, n).rect()
            assert x <= cx and cx + cw <= x + w + 0.01 and y <= cy and cy + ch <= y + h + 0.01


def test_the_note_tells_only_this_rounds_moves_and_only_public_facts():
    from game.app.tables.minttin_news import News
    from game.core.protocol import Event

    news = News()
    name = {0: "South", 1: "North"}.get
    news.mark_seen(1)
    news.record(0, [Event("draw", {"seat": 0, "card": "F7"}, frozenset({0}), {"seat": 0}),
                    Event("discard", {"seat": 0, "card": "S2"})])
    news.record(0, [Event("round_end", {"summary": "x"}), Event("round_start", {"round": 2})])
    news.record(0, [Event("draw", {"seat": 0, "card": "M5"}, frozenset({0}), {"seat": 0}),
                    Event("call", {"seat": 0, "card": "S1", "block": ["S1", "S1", "S1"]})])
    assert news.since(1, name) == "South drew a card and called the Sword 1 for a pung."
    assert news.since(1, name) == ""                 # told once


def test_the_winning_round_of_the_game_shows_its_result_then_the_final_scores(app):
    from game.app.scenes.results import ResultsScene
    match = Match(solo_setup())
    st = solo_state(hand=WIN, row=[], pungs=[])
    st.scores = [6, 0]
    scene = table_at(app, match, st, speed=1.0)
    frames(app, 60)
    press_button(scene, "Mahjong!")
    frames(app, 240)
    top = app.stack.top
    assert isinstance(top, MintRoundResults) and top.next_label == "Final scores"
    assert top.data["totals"][0] == 7
    top.done()
    frames(app, 5)
    final = app.stack.top
    assert isinstance(final, ResultsScene) and final.final and not isinstance(final, MintRoundResults)
    assert scene.finished and scene.shown_view.round_no == 1         # no deal after the last round
    assert Counter(c.code for c in scene.board.hand) == Counter(WIN)


@settings(max_examples=25, deadline=None)
@given(seed=st_.integers(0, 10_000), steps=st_.integers(0, 60), dead=st_.sampled_from([0, 6, 12]))
def test_danger_flags_exactly_the_discards_that_lose_the_round(seed, steps, dead):
    """Random solo play to some position where you discard: every discard the hint flags ends the
    round with the opponent's fifth pung when really played, and no other discard does."""
    import random
    rnd = random.Random(seed)
    setup = Setup("minttin", (SeatConfig("human", name="You"),), {"mode": "solo", "dead_hand": dead}, seed)
    state = RULES.new_game(setup)
    for _ in range(steps):
        legal = RULES.legal_actions(state, 0)
        if not legal or state.over:
            return
        # prefer discards that feed the row (more opponent pungs, more dangerous positions)
        feeds = [a for a in legal if isinstance(a, Discard) and a.card != C.J]
        state, _ = RULES.apply(state, 0, rnd.choice(feeds) if feeds and rnd.random() < 0.9 else rnd.choice(legal))
    if state.over or state.phase != "main":
        return
    view = make_view(state, 0, RULES.to_act(state))
    flagged = set(H.discard_dangers(view))
    for a in RULES.legal_actions(state, 0):
        if isinstance(a, Discard) and a.card != C.J:
            _after, events = RULES.apply(state, 0, a)
            # Only a loss caused by the discard itself counts: once the tin draws from the deck, what
            # follows depends on a card nobody can see, which no hint can (or may) know.
            before_draw = events[:next((i for i, e in enumerate(events) if e.kind == "opp_draw"), len(events))]
            lost = any(e.kind == "round_end" and e.data["outcome"] == "five_pungs" for e in before_draw)
            assert lost == (a.card in flagged), (a.card, view.discards, view.exposures[1], view.joker_spot)


# ---------------------------------------------------------------------------------------- keyboard, open hint
def test_enter_with_nothing_focused_presses_the_main_button(app):
    """Seen in a real window: Enter did nothing until Tab had focused a button."""
    scene = open_table(app, solo_setup())
    frames(app, 3)
    assert scene.controls.button("Draw") is not None and len(scene.match.log) == 0
    scene.handle(Intent("confirm"))
    frames(app, 3)
    assert len(scene.match.log) == 1 and "draw" in scene.match.log[0].action


def test_an_open_hint_asks_again_when_the_position_moves_on(app):
    """Seen in a real window: with the hint open, drawing left the panel without a suggestion."""
    scene = open_table(app, solo_setup())
    frames(app, 3)
    press_button(scene, "Hint")             # (the hint is worked out at once in the tests: conftest)
    frames(app, 2)
    assert scene.current_suggestion() is not None
    press_button(scene, "Draw")
    frames(app, 2)
    sug = scene.current_suggestion()
    assert sug is not None and isinstance(sug.action, Discard)


def test_the_note_on_the_card_pass_never_says_cards_when_one_was_chosen():
    from game.app.tables.minttin_news import News
    from game.core.protocol import Event

    news = News()
    name = {0: "South", 1: "North"}.get
    news.mark_seen(0)
    news.record(1, [Event("pass_answer", {"seat": 1, "count": 1})])
    news.record(1, [Event("pass_chosen", {"seat": 1, "cards": ["S1"]}, frozenset({1}), {"seat": 1})])
    note = news.since(0, name)
    assert note == "North answered 1 and chose what to pass."
    assert "Sword" not in note                      # which card stays private


def test_after_the_card_pass_each_player_is_told_what_they_gave_and_got_and_only_that():
    from game.app.tables.minttin_news import News, _cards
    from game.rules.minttin.actions import AnswerPass, GiveCards, OfferPass

    match = Match(two_setup(("human", "human"), pass_cards=True))
    news = News()
    name = {0: "South", 1: "North"}.get
    gave = {}
    for kind in (OfferPass, AnswerPass, GiveCards, GiveCards):
        seat = match.to_act()[0]
        action = next(a for a in match.legal(seat) if isinstance(a, kind) and
                      (kind is GiveCards or a.count == 2))
        if kind is GiveCards:
            gave[seat] = list(action.cards)
        news.record(seat, match.act(seat, action))
        news.mark_seen(seat)                        # each chose while looking at the table
    for seat in (0, 1):
        note = news.since(seat, name)
        mine = f"You passed {_cards(gave[seat])} and got {_cards(gave[1 - seat])}."   # copies counted
        assert note.endswith(mine), note
        assert news.since(seat, name) == ""        # told once


def test_the_hint_panel_says_a_suggestion_is_coming_until_it_lands(app, monkeypatch):
    """Seen in a real window: the panel first showed the analysis alone, then a suggestion appeared
    seconds later, with nothing saying one was on its way."""
    from game.app.tablekit import hint_jobs
    from tests.app.claimtoy_table import FakePool
    monkeypatch.setattr(hint_jobs, "IN_WORKER", True)
    app.bot_pool = pool = FakePool()                 # answers when told to
    scene = open_table(app, solo_setup())
    frames(app, 3)
    press_button(scene, "Hint")
    frames(app, 2)                                   # still thinking
    assert scene.hint_pending() and "Working out a suggestion…" in texts_drawn(app)
    pool.answer_all()
    frames(app, 2)
    drawn = texts_drawn(app)
    assert scene.current_suggestion() is not None
    assert "Working out a suggestion…" not in drawn
    assert any(t.startswith("Suggested:") for t in drawn)


def test_after_a_keyboard_discard_enter_presses_the_next_main_button_not_a_card(app):
    """Seen in a real window (the Learn hand): a card discarded with arrows and Enter, then the opponent
    drew a card you could call; Enter lifted a hand card instead of pressing Call."""
    scene = open_table(app, solo_setup())
    frames(app, 3)
    scene.handle(Intent("confirm"))                     # Enter draws
    frames(app, 3)
    scene.handle(Intent("right"))                       # shows the card cursor
    scene.handle(Intent("confirm"))
    scene.handle(Intent("confirm"))                     # select, then discard
    frames(app, 3)
    assert "discard" in scene.match.log[1].action
    assert not scene.inp.fan.keyboard
    for _ in range(200):
        if scene.my_turn() and not scene.showing:
            break
        frames(app, 5)
    main = next(w for w in scene.controls.ui.widgets if getattr(w, "primary", False) and w.enabled)
    n = len(scene.match.log)
    scene.handle(Intent("confirm"))
    frames(app, 3)
    assert len(scene.match.log) == n + 1, f"Enter did not press {main.label}"
    assert not scene.inp.fan.selected
