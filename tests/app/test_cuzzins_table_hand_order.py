"""The Cuzzins table's Sort toggle on the shared hand order (tablekit.hand_order): "Sort by number"
/ "Sort by suit" as before, now kept per seat in match.meta (Continue shows it), Shift+arrows
moving the picked tile along the hand, and a tile dragged along the row (a click still picks)."""

from game.app.input import Intent
from game.app.tablekit.hand_order import CLASSIC_SORTS, OWN, STORE_KEY
from game.app.tables import cuzzins as ct
from game.rules.cuzzins import Discard
from tests.app.app_helpers import step
from tests.app.test_cuzzins_table import last_action, open_table, pool, press, to_my_turn

__all__ = ["pool"]          # the fixture, shared with the table's other tests


def sorted_by(mode, hand):
    return sorted(hand, key=lambda p: (CLASSIC_SORTS[mode](p), p))


def sort_button(scene):
    scene._refresh_buttons()
    return next(b for b in scene.buttons if b.label.startswith("Sort by"))


def test_the_sort_toggle_sorts_by_number_and_back_and_continue_keeps_it(menu_app, pool):
    app = menu_app
    scene = open_table(app, ["human", "bot", "bot", "bot"], seed=5)
    assert to_my_turn(app, scene)
    app.draw()
    hand, apart = scene._shown_hand()
    rest = list(hand[:-1] if apart else hand)
    assert rest == sorted(scene.view.hand if not apart else [p for p in scene.view.hand if p != hand[-1]],
                          key=lambda p: (CLASSIC_SORTS["suit"](p), p))      # the engine's order, by suit
    assert sort_button(scene).label == "Sort by number" and not scene._is_turn_button(sort_button(scene))
    app.dispatch(Intent("right"))
    press(app, sort_button(scene))
    hand2, apart2 = scene._shown_hand()
    assert apart2 == apart and list(hand2[:len(rest)]) == sorted_by("number", rest)
    assert scene.selected is None                             # as before: sorting lets go of the pick
    assert scene.match.meta[STORE_KEY]["0"]["mode"] == "number"
    assert sort_button(scene).label == "Sort by suit"
    app.flush_saves()
    app.continue_game()
    app.stack.apply()
    top = app.stack.top
    assert isinstance(top, ct.CuzzinsTable) and top is not scene
    assert top.hand == hand2 and sort_button(top).label == "Sort by suit"
    press(app, sort_button(top))
    assert list(top.hand[:len(rest)]) == rest


def test_shift_arrows_move_the_picked_tile_and_enter_discards_it(menu_app, pool):
    app = menu_app
    scene = open_table(app, ["human", "bot", "bot", "bot"], seed=5)
    assert to_my_turn(app, scene)
    app.dispatch(Intent("right"))                            # the first tile
    tile = scene.hand[0]
    app.dispatch(Intent("move_right"))
    app.dispatch(Intent("move_right"))
    assert scene.hand[2] == tile and scene.selected == 2 and scene.sort == OWN
    assert sort_button(scene).label == "Sort by suit"
    app.dispatch(Intent("confirm"))
    app.stack.apply()
    assert last_action(scene) == (0, Discard(tile.split("#")[0]))


def test_a_tile_dragged_along_the_row_stays_where_it_is_let_go(menu_app, pool):
    app = menu_app
    app.store.settings.anim_speed = 1.0                      # the others slide; the tile follows the pointer
    scene = open_table(app, ["human", "bot", "bot", "bot"], seed=5)
    assert to_my_turn(app, scene)
    app.draw()
    moves = len(scene.match.log)
    tile = scene.hand[0]
    start = scene._hand_pieces()[0].rect.center
    goal = scene._hand_pieces()[5]
    app.dispatch(Intent("press", start))
    app.dispatch(Intent("drag_start", start))
    app.dispatch(Intent("drag_move", (goal.x + 5, goal.y - 30)))
    assert scene.hand.index(tile) == 5                       # the row makes room while it is held
    step(app, 3)
    app.draw()
    sp = scene.stage.sprites[tile]
    assert abs(sp.x - (goal.x + 5)) < 1 and tile in scene._moving()     # under the pointer, over the still layer
    app.dispatch(Intent("drop", (goal.x + 5, goal.y - 30)))
    app.stack.apply()
    assert scene.hand.index(tile) == 5 and scene.sort == OWN
    assert len(scene.match.log) == moves and scene.selected is None     # a drag neither plays nor picks
    assert scene.match.meta[STORE_KEY]["0"]["order"][5] == tile
    step(app, 60)
    assert abs(scene.stage.sprites[tile].x - scene._hand_pieces()[5].x) < 1   # it settled into its place
    pos = scene._hand_pieces()[3].rect.center                # a click still picks
    app.dispatch(Intent("press", pos))
    app.dispatch(Intent("select", pos))
    assert scene.selected == 3 and len(scene.match.log) == moves
