"""The Mint Tin table scene: driven through intents, as a player (or a test) would."""

from collections import Counter

from game.app.input import Intent
from tests.app.app_helpers import wait_for_bots
from game.app.scenes.handoff import HandoffScene
from game.app.scenes.results import ResultsScene
from game.app.tables import table_scene_for
from game.app.tables.minttin import MintTinTable
from game.app.tables.minttin_model import BACK
from game.core.match import Match
from game.core.protocol import SeatConfig, Setup
from game.rules.minttin import RULES
from game.rules.minttin.actions import Discard, Draw

# Solo fixed deal: your 12 cards, the 12-card dead hand, then the deck (top first).
# You draw a Fire 9 and throw it; the opponent draws the other Fire 9 onto its hold spot, you
# can't call it, it goes to the row and makes a pung with the spot joker.
SOLO_HAND = "S1 S1 S1 S2 S2 S2 S3 S3 S3 SD SD M4"
SOLO_DEAD = "M5 M5 M5 M5 M6 M6 M6 M6 MD MD MD MD"
SOLO_DECK = "F9 F9 S1 S2 S3 SD SD M4 M4 M4 F7 F7 F7 F7 F8 F8 F8 F8 F9 F9 FD FD FD FD"
SOLO_DEAL = {"deck": f"{SOLO_HAND} {SOLO_DEAD} {SOLO_DECK}".split()}


def solo_setup(**options):
    return Setup("minttin", (SeatConfig("human", name="You"),), {"mode": "solo", **options}, 7, SOLO_DEAL)


def two_setup(kinds=("human", "bot"), seed=3, **options):
    seats = tuple(SeatConfig(k, "easy", "") for k in kinds)
    return Setup("minttin", seats, {"mode": "2p", **options}, seed)


def open_table(app, setup, speed=0.0):
    app.store.settings.anim_speed = speed
    match = Match(setup, meta={"title": "Mint Tin Mahjong"})
    scene = table_scene_for("minttin")(app, match)
    app.stack.push(scene)
    app.stack.apply()
    return scene


def frames(app, n=1):
    from game.app.app import STEP
    for _ in range(n):
        app.tick(STEP)


def click_card(scene, code, times=1):
    """Click the (rightmost) hand card with this code, at its centre."""
    card = next(c for c in reversed(scene.board.hand) if c.code == code)
    for _ in range(times):
        place = scene.targets()[card.id][0]
        scene.handle(Intent("select", (place.x, place.y)))
    return card


def press_button(scene, label):
    b = scene.controls.button(label)
    assert b is not None, f"no {label} button in {scene.controls.labels()}"
    assert b.enabled, f"{label} is disabled"
    return scene.handle(Intent("select", b.rect.center))


def test_registered_for_the_game():
    assert table_scene_for("minttin") is MintTinTable


def test_draw_then_discard_grows_the_log(app):
    scene = open_table(app, solo_setup())
    assert scene.controls.labels()[:1] == ["Draw"]
    assert "Call" not in scene.controls.labels() and "Discard" not in scene.controls.labels()
    press_button(scene, "Draw")
    assert len(scene.match.log) == 1 and scene.view.phase == "main"
    assert scene.board.hand[-1].code == "F9" and scene.board.fresh == scene.board.hand[-1].id
    click_card(scene, "F9")                       # select ...
    assert "Discard" in scene.controls.labels() and scene.controls.button("Discard").enabled
    click_card(scene, "F9")                       # ... and click again: discard
    assert [e.action for e in scene.match.log][0] == RULES.encode_action(Draw())
    assert scene.match.log[1].action == RULES.encode_action(Discard("F9"))
    assert app.store.has_autosave() and len(app.store.load_autosave()["log"]) == 2
    # the board caught up with the view: the opponent's pung of Fire 9s is on the table
    assert [c.code for c in scene.board.exposures[1][0]] == ["F9", "F9", "J"]
    assert Counter(c.code for c in scene.board.hand) == Counter(scene.view.hand)


def test_illegal_attempt_shows_the_reason_and_changes_nothing(app):
    scene = open_table(app, solo_setup())
    before = (scene.view, scene.board.codes())
    click_card(scene, "M4", times=2)              # discard before drawing
    assert scene.toasts.texts == ["Draw a card before you discard."]
    assert scene.match.log == [] and scene.view == before[0] and scene.board.codes() == before[1]
    press_button(scene, "Draw")
    deck = scene.layout.deck_rect()
    scene.handle(Intent("select", (deck[0] + deck[2] / 2, deck[1] + deck[3] / 2)))      # draw again
    assert "You have already taken a card this turn; discard a card to end it." in scene.toasts.texts
    assert len(scene.match.log) == 1


def test_hint_panel_lists_the_engines_waits(app):
    scene = open_table(app, solo_setup())
    scene.blit_log = []
    scene.handle(Intent("hint"))
    assert scene.hint_open
    app.stack.draw(app.canvas)
    info = scene.drawer.hint_info()
    v = scene.view
    expected = {w.card for w in RULES.waits(v.hand, v.exposures[0])}
    assert expected and {w[0] for w in info.waits} == expected
    shown = {f for zone, f in scene.blit_log if zone == "hint"}
    assert shown == {f"mint/{c}" for c in expected}
    scene.handle(Intent("hint"))
    assert not scene.hint_open


def test_hint_with_fourteen_cards_gives_the_engines_verdict_and_discards(app):
    scene = open_table(app, solo_setup())
    press_button(scene, "Draw")
    click_card(scene, "F9", times=2)             # the opponent takes the Fire 9s, you draw next
    press_button(scene, "Draw")                  # a Sword 1
    v = scene.view
    verdict = RULES.analyse(v.hand, v.exposures[0])
    assert not verdict.winning
    scene.handle(Intent("hint"))
    info = scene.drawer.hint_info()
    assert info.title == "Not winning yet" and info.text[0] == verdict.reason
    assert info.discards
    for card, ws in info.discards:
        rest = list(v.hand)
        rest.remove(card)
        assert {w[0] for w in ws} == {w.card for w in RULES.waits(rest, v.exposures[0])}


def test_solo_automaton_is_presented_in_order_and_paced(app):
    scene = open_table(app, solo_setup(), speed=1.0)
    frames(app, 90)                               # the deal
    ran = []
    original = scene.event_steps.steps

    def recording(event):
        return [(lambda fn=fn, k=event.kind: (ran.append(k), fn()), t) for fn, t in original(event)]

    scene.event_steps.steps = recording
    press_button(scene, "Draw")
    frames(app, 40)
    click_card(scene, "F9", times=2)
    seen_on_hold = False
    for _ in range(400):
        frames(app)
        if scene.board.hold is not None and scene.board.hold.code == "F9":
            seen_on_hold = True
            assert scene.view.hold is None        # the match has moved on; the table shows each step
            assert scene.controls.labels() == ["Skip"]
        if not scene.presenting():
            break
    assert ran == ["draw", "discard", "opp_draw", "hold_to_row", "opp_expose"]
    assert seen_on_hold
    assert [c.code for c in scene.board.exposures[1][0]] == ["F9", "F9", "J"]
    assert scene.controls.labels()[0] == "Draw"


def test_skip_with_s_or_a_click(app):
    scene = open_table(app, solo_setup(), speed=1.0)
    frames(app, 90)
    press_button(scene, "Draw")
    assert scene.showing and scene.controls.labels() == []    # a short move: no buttons while it slides
    scene.handle(Intent("skip"))                  # S
    assert not scene.presenting() and scene.board.hand[-1].code == "F9"
    click_card(scene, "F9", times=2)
    assert scene.showing and scene.controls.labels() == ["Skip"]      # the opponent's turn follows
    scene.handle(Intent("select", (700, 470)))    # a click anywhere on the felt
    assert not scene.showing
    assert [c.code for c in scene.board.exposures[1][0]] == ["F9", "F9", "J"]


def _public_zones_are_backs(scene):
    bad = [(z, f) for z, f in scene.blit_log if z in ("other", "deck", "dead", "fd0", "fd1") and f != BACK]
    assert not bad, bad
    for cid, sp in scene.sprites.items():
        if sp.tag in ("other", "fd0", "fd1"):
            assert sp.shown_frame == BACK, sp


def test_the_other_hand_dead_hand_and_deck_are_only_ever_backs(app):
    scene = open_table(app, two_setup(), speed=2.0)
    scene.blit_log = []
    for _ in range(20000):        # a bound against hangs, in frames
        if len(scene.match.log) >= 10:
            break
        wait_for_bots(app)
        frames(app)
        top = app.stack.top
        if isinstance(top, ResultsScene):
            top.done()
            continue
        _public_zones_are_backs(scene)
        scene.blit_log.clear()
        if scene.legal and not scene.presenting():
            scene.act(next((a for a in scene.legal if isinstance(a, Draw)), scene.legal[-1]))
    assert len(scene.match.log) >= 10
    assert not any(isinstance(s, HandoffScene) for s in app.stack.scenes)   # a human against a bot: no curtain
    solo = open_table(app, solo_setup(), speed=1.0)
    solo.blit_log = []
    for _ in range(60):
        frames(app)
    assert ("dead", BACK) in solo.blit_log and ("deck", BACK) in solo.blit_log
    _public_zones_are_backs(solo)


def test_two_humans_get_the_curtain_and_see_only_their_own_cards(app):
    scene = open_table(app, two_setup(("human", "human"), seed=5))
    frames(app, 2)
    assert isinstance(app.stack.top, HandoffScene)
    assert scene not in app.stack.visible()          # nothing of the table under the curtain
    first = app.stack.top
    first.handle(Intent("confirm"))
    frames(app, 30)
    assert app.stack.top is scene and scene.viewer in (0, 1)
    a = scene.viewer
    assert Counter(c.code for c in scene.board.hand) == Counter(scene.match.view(a).hand)
    assert all(c.code is None for c in scene.board.other)
    press_button(scene, "Draw")
    card = scene.board.hand[-1]
    click_card(scene, card.code, times=2)
    frames(app, 2)
    assert isinstance(app.stack.top, HandoffScene)
    assert scene not in app.stack.visible()
    app.stack.top.handle(Intent("confirm"))
    frames(app, 30)
    b = scene.viewer
    assert b == 1 - a and app.stack.top is scene
    assert Counter(c.code for c in scene.board.hand) == Counter(scene.match.view(b).hand)
    assert all(c.code is None for c in scene.board.other)
    for sp in scene.sprites.values():
        if sp.tag == "other":
            assert sp.frame == BACK and sp.back is None


def test_pass_negotiation_through_buttons_and_cards(app):
    scene = open_table(app, Setup("minttin", (SeatConfig("human"), SeatConfig("human")),
                                  {"mode": "2p", "pass_cards": True}, 9, {"dealer": 1}))
    app.stack.top.handle(Intent("confirm"))
    frames(app, 30)
    assert scene.viewer == 0 and scene.controls.labels()[:4] == ["Offer 0", "Offer 1", "Offer 2", "Offer 3"]
    press_button(scene, "Offer 2")
    frames(app, 2)
    assert isinstance(app.stack.top, HandoffScene)
    app.stack.top.handle(Intent("confirm"))
    frames(app, 30)
    assert scene.viewer == 1 and scene.controls.labels()[:4] == ["Answer 0", "Answer 1", "Answer 2", "Answer 3"]
    press_button(scene, "Answer 3")
    assert scene.view.pass_count == 2
    assert not scene.controls.button("Pass 2 cards").enabled
    picks = [c for c in scene.board.hand if c.code != "J"][:2]
    for c in picks:
        scene.handle(Intent("select", scene.targets()[c.id][0].rect()[:2]))
    assert set(scene.inp.fan.selected) == {c.id for c in picks}
    chosen = sorted(c.code for c in picks)
    press_button(scene, "Pass 2 cards")
    assert sorted(scene.match.view(1).my_pass) == chosen
    assert scene.match.to_act() == (0,)           # now the other player chooses, after the curtain
    frames(app, 2)
    assert isinstance(app.stack.top, HandoffScene)


def test_keyboard_moves_focus_and_cards(app):
    scene = open_table(app, solo_setup())
    hand = scene.board.hand
    first = hand[0]
    scene.handle(Intent("right"))                 # focus appears on the first card ...
    scene.handle(Intent("right"))                 # ... and moves
    assert scene.inp.fan.focus == hand[1].id
    moving = hand[1]
    scene.handle(Intent("move_right"))            # Shift+Right: the card moves
    assert scene.board.hand[2] is moving and scene.board.hand[0] is first and not scene.auto_sort
    assert scene.inp.fan.focus == moving.id
    scene.handle(Intent("up"))                    # select it
    assert scene.inp.fan.selected == [moving.id]
    scene.handle(Intent("confirm"))               # Enter = a click on the focused card: discard ...
    assert scene.toasts.texts == ["Draw a card before you discard."]      # ... not before drawing
    press_button(scene, "Sort hand")
    from game.rules.minttin.cards import sort_cards
    codes = [c.code for c in scene.board.hand]
    assert scene.auto_sort and codes == sort_cards(codes)
    scene.handle(Intent("focus_next"))            # Tab reaches the buttons; Enter presses one
    assert scene.controls.ui.focused.label == "Draw"
    scene.handle(Intent("confirm"))
    assert scene.match.log[-1].action == RULES.encode_action(Draw())


def test_drag_reorders_and_drop_on_the_row_discards(app):
    scene = open_table(app, solo_setup())
    m4 = next(c for c in scene.board.hand if c.code == "M4")
    start = scene.targets()[m4.id][0]
    assert scene.handle(Intent("drag_start", (start.x, start.y)))
    first = scene.targets()[scene.board.hand[0].id][0]
    scene.handle(Intent("drag_move", (first.x - 30, start.y)))
    scene.handle(Intent("drop", (first.x - 30, start.y)))
    assert scene.board.hand[0] is m4 and scene.match.log == []
    press_button(scene, "Draw")
    start = scene.targets()[m4.id][0]
    scene.handle(Intent("drag_start", (start.x, start.y)))
    scene.handle(Intent("drag_move", (600, 300)))
    scene.handle(Intent("drop", (600, 300)))
    assert scene.match.log[-1].action == RULES.encode_action(Discard("M4"))


def test_autoplay_runs_for_hundreds_of_frames(app):
    from game.app.starting import all_bots
    for setup in (solo_setup(), two_setup()):
        app.store.settings.anim_speed = 4.0
        scene = MintTinTable(app, Match(all_bots(setup)))
        app.stack.push(scene)
        app.stack.apply()
        n = 0
        while n < 400:
            wait_for_bots(app)                 # frames don't wait for bots; this test does
            frames(app)
            n += 1
            top = app.stack.top
            if isinstance(top, ResultsScene):
                top.done()
        assert n >= 300 and not app.errors
        assert len(scene.match.log) > 5
        app.stack.remove(scene)
        app.stack.apply()


def test_save_and_continue_give_the_same_position(app):
    scene = open_table(app, solo_setup())
    press_button(scene, "Draw")
    click_card(scene, "F9", times=2)
    press_button(scene, "Draw")
    data = app.store.load_autosave()
    again = MintTinTable(app, Match.from_json(data))
    assert again.view == scene.view

    def position(board):
        zones = board.codes()
        zones["hand"] = sorted(zones["hand"])
        return zones

    assert position(again.board) == position(scene.board)
    app.continue_game()
    app.stack.apply()
    top = app.stack.top
    assert isinstance(top, MintTinTable) and top.view == scene.view
    assert top.controls.labels() == scene.controls.labels()


def test_exposed_joker_click_swaps_or_says_why(app):
    scene = open_table(app, solo_setup())
    press_button(scene, "Draw")
    click_card(scene, "F9", times=2)             # the opponent now has F9 F9 J
    joker = next(c for c in scene.board.exposures[1][0] if c.code == "J")
    p = scene.targets()[joker.id][0]
    scene.handle(Intent("select", (p.x, p.y)))   # no Fire 9 in hand, and no card drawn yet
    assert scene.toasts.texts and scene.toasts.texts[-1].startswith("Swap jokers after you draw")
    assert len(scene.match.log) == 2
