"""The Cuzzins table's Sort toggle on the shared hand order (tablekit.hand_order): "Sort by number"
/ "Sort by suit" as before, now kept per seat in match.meta (Continue shows it), and Shift+arrows
moving the picked tile along the hand."""

from game.app.input import Intent
from game.app.tablekit.hand_order import CLASSIC_SORTS, OWN, STORE_KEY
from game.app.tables import cuzzins as ct
from game.rules.cuzzins import Discard
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
