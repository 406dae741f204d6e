"""The Kards table's hand order (tablekit.hand_order): the Sort button by mouse and by Tab + Enter,
Shift+arrows moving the picked card, dragging a card along the row (a click still picks), the
order kept over a discard and the next draw, each hot-seat player's own order (never another's
cards), and Continue showing the hand as it was left."""

import json

from game.app.input import Intent
from game.app.scenes.handoff import HandoffScene
from game.app.scenes.results import ResultsScene
from game.app.tablekit.hand_order import CLASSIC_SORTS, OWN, STORE_KEY
from game.app.tables import kards as kt
from game.core.match import Match
from game.rules.kards import Discard
from tests.app.app_helpers import run_until, step
from tests.app.test_kards_table import (check_nothing_hidden_drawn, claim_deal, last_action, my_turn, open_table,
                                        pool, press, record_drawn, through_curtain)

__all__ = ["pool"]          # the fixture, shared with the table's other tests


def kinds(hand):
    return [p.split("#")[0] for p in hand]


def sorted_by(mode, hand):
    return sorted(hand, key=lambda p: (CLASSIC_SORTS[mode](p), p))


def at_my_turn(app):
    scene = open_table(app, ["human", "bot", "bot", "bot"], claim_deal(east=0))
    assert run_until(app, my_turn(scene), 300)
    app.draw()
    return scene


def test_the_sort_button_sorts_by_number_then_by_suit_by_mouse_and_by_tab(menu_app, pool):
    app = menu_app
    scene = at_my_turn(app)
    moves = len(scene.match.log)
    hand = list(scene.hand)
    assert hand == sorted_by("suit", hand) and scene.sort_button.label == "Sort by number"
    press(app, scene.sort_button)
    assert list(scene.hand) == sorted_by("number", hand)
    assert kinds(scene.hand)[:6] == ["B1", "B1", "C1", "C1", "D1", "D1"]
    assert scene.match.meta[STORE_KEY]["0"]["mode"] == "number"
    app.draw()
    assert scene.sort_button.label == "Sort by suit"
    for _ in range(scene._sort_stop() + 1):                  # Tab: the turn's buttons, the hand, Sort
        app.dispatch(Intent("focus_next"))
    assert scene.focus == scene._sort_stop()
    picked = scene.hand[scene.selected]                      # the hand stop picked a card on the way
    app.dispatch(Intent("confirm"))
    assert list(scene.hand) == sorted_by("suit", hand)
    assert scene.hand[scene.selected] == picked              # the pick stays on its card
    assert len(scene.match.log) == moves                     # sorting plays nothing


def test_shift_arrows_move_the_picked_card_and_without_a_pick_act_as_arrows(menu_app, pool):
    app = menu_app
    scene = at_my_turn(app)
    moves = len(scene.match.log)
    app.dispatch(Intent("move_left"))                        # nothing picked: a plain Left picks the last
    assert scene.selected == len(scene.hand) - 1 and scene.order.mode(0) == "suit"
    app.dispatch(Intent("right"))                            # round to the first card
    card = scene.hand[0]
    app.dispatch(Intent("move_right"))
    app.dispatch(Intent("move_right"))
    assert scene.hand[2] == card and scene.selected == 2
    assert scene.order.mode(0) == OWN and scene.match.meta[STORE_KEY]["0"]["order"][2] == card
    app.dispatch(Intent("move_left"))
    assert scene.hand[1] == card and scene.selected == 1
    assert len(scene.match.log) == moves                     # moving plays nothing
    app.dispatch(Intent("confirm"))                          # Enter discards the moved card
    app.stack.apply()
    assert last_action(scene) == (0, Discard(card))


def hand_piece(scene, i):
    return scene._hand_pieces()[i]


def test_a_card_dragged_along_the_row_stays_where_it_is_let_go(menu_app, pool):
    app = menu_app
    app.store.settings.anim_speed = 1.0                      # the others slide; the card follows the pointer
    scene = at_my_turn(app)
    moves = len(scene.match.log)
    card = scene.hand[0]
    start = hand_piece(scene, 0).rect.center
    goal = hand_piece(scene, 5)
    app.dispatch(Intent("press", start))
    app.dispatch(Intent("drag_start", start))
    app.dispatch(Intent("drag_move", (goal.x + 5, goal.y - 30)))
    assert scene.hand.index(card) == 5                       # the row makes room while it is held
    step(app, 3)
    app.draw()
    sp = scene.stage.sprites[card]
    assert abs(sp.x - (goal.x + 5)) < 1 and abs(sp.y - (hand_piece(scene, 5).y - 30)) < 40
    assert card in scene._moving()                           # drawn over the cached still layer
    app.dispatch(Intent("drop", (goal.x + 5, goal.y - 30)))
    app.stack.apply()
    assert scene.hand.index(card) == 5 and scene.order.mode(0) == OWN
    assert len(scene.match.log) == moves and scene.selected is None     # a drag neither plays nor picks
    assert app.store.load_autosave()["meta"][STORE_KEY]["0"]["order"] == list(scene.hand)
    step(app, 60)
    assert abs(scene.stage.sprites[card].x - hand_piece(scene, 5).x) < 1   # it settled into its place
    # a click still picks (no drag: the pointer did not move)
    pos = hand_piece(scene, 3).rect.center
    app.dispatch(Intent("press", pos))
    app.dispatch(Intent("select", pos))
    assert scene.selected == 3 and len(scene.match.log) == moves


def pass_until_my_turn(app, scene, frames=3000):
    for _ in range(frames):
        step(app)
        if scene.claim_bar.visible:
            press(app, scene.claim_bar.buttons[-1])          # Pass
        if my_turn(scene)() or isinstance(app.stack.top, ResultsScene):
            return my_turn(scene)()
    return False


def test_an_arranged_hand_keeps_its_order_over_a_discard_and_the_next_draw(menu_app, pool):
    app = menu_app
    scene = at_my_turn(app)
    app.dispatch(Intent("right"))
    for _ in range(4):
        app.dispatch(Intent("move_right"))                    # the first card to the fifth place
    mine = list(scene.hand)
    gone = mine[-1]
    app.dispatch(Intent("back"))                              # let go of the pick; Left picks the last card
    app.dispatch(Intent("left"))
    app.dispatch(Intent("confirm"))
    app.stack.apply()
    assert last_action(scene) == (0, Discard(gone))
    assert pass_until_my_turn(app, scene), "the turn comes back round"
    hand, view = list(scene.hand), scene.view
    kept = [p for p in mine if p in hand]
    assert hand[:len(kept)] == kept                           # still in the player's order
    assert view.drawn is not None and view.drawn not in mine
    assert hand[-1] == view.drawn and scene.seat_data()[0].drawn    # the new card stands apart
    assert scene.order.mode(0) == OWN
    app.dispatch(Intent("right"))                             # another card moved: the new one stays apart
    app.dispatch(Intent("move_right"))
    assert scene.hand[-1] == view.drawn and scene.seat_data()[0].drawn and scene.hand[1] == hand[0]


def test_hot_seat_players_each_keep_their_own_order_and_see_no_other_hand(menu_app, pool, monkeypatch):
    app = menu_app
    seen = record_drawn(monkeypatch, app)
    scene = open_table(app, ["human", "human", "bot", "bot"], claim_deal(east=0))
    arranged: dict[int, list] = {}
    checked = set()
    for _ in range(8000):
        step(app)
        app.draw()
        if isinstance(app.stack.top, HandoffScene):
            through_curtain(app, scene)
            continue
        if isinstance(app.stack.top, ResultsScene):
            break
        if scene.claim_bar.visible:
            press(app, scene.claim_bar.buttons[-1] if scene.claim_chooser is not None else scene.claim_bar.buttons[0])
            continue
        if not (scene.my_turn and scene.view.phase in ("turn", "setup")):
            continue
        seat = scene.viewer
        entries = scene.match.meta.get(STORE_KEY, {})
        for s, e in entries.items():                          # an entry holds only its own seat's cards
            if e.get("mode") == OWN:
                assert set(e["order"]) <= set(scene.match.view(int(s)).hand)
        if seat in arranged and seat not in checked:          # back at their turn: their own order
            kept = [p for p in arranged[seat] if p in scene.hand]
            assert list(scene.hand[:len(kept)]) == kept
            checked.add(seat)
        if seat == 1 and seat not in arranged:
            assert scene.order.mode(1) == "suit"              # seat 0's arranging is not seat 1's
            hand = list(scene.hand)
            assert hand[:-1] == sorted_by("suit", hand[:-1]) or hand == sorted_by("suit", hand)
        if scene.view.phase == "setup":
            scene._play(scene.legal[0])
        elif seat not in arranged:
            app.dispatch(Intent("right"))
            app.dispatch(Intent("move_right" if seat == 0 else "move_left"))   # 1: the first can't go left
            if seat == 1:
                app.dispatch(Intent("right"))
                app.dispatch(Intent("move_right"))
            arranged[seat] = list(scene.hand)
            app.dispatch(Intent("left"))
            app.dispatch(Intent("confirm"))
        else:
            app.dispatch(Intent("confirm" if scene.selected is not None else "left"))
        app.stack.apply()
        if checked == {0, 1}:
            break
    assert checked == {0, 1}, "both players came back to their own order"
    check_nothing_hidden_drawn(seen)


def test_continue_shows_the_hand_in_the_order_it_was_left(menu_app, pool):
    app = menu_app
    scene = at_my_turn(app)
    app.dispatch(Intent("right"))
    app.dispatch(Intent("move_right"))
    app.dispatch(Intent("move_right"))
    mine = list(scene.hand)
    saved = app.store.load_autosave()
    assert saved["meta"][STORE_KEY]["0"]["order"] == mine
    again = kt.KardsTable(app, Match.from_json(json.loads(json.dumps(saved))))
    assert list(again.hand) == mine and again.order.mode(0) == OWN
    app.store.settings.anim_speed = 0.0
    app.continue_game()
    app.stack.apply()
    step(app, 2)
    top = app.stack.top
    assert isinstance(top, kt.KardsTable) and top is not scene
    assert list(top.hand) == mine
