"""Rummy table details a newcomer saw in a real window (s7 QA)."""

from game.app.input import Intent
from game.app.tables import rummy_layout as L
from tests.app.test_rummy_table import centre, make_table, tile


def test_a_selected_table_tile_stands_clear_of_your_nameplate(app):
    # seen: a raised East Wind of your first set covered the bottom of the "You" plate
    scene = make_table(app, hands=[["C7", "C7"]], opened=[True] * 4,
                       table=[{"owner": 0, "tiles": ["WE", "WE", "WE"]}])
    key = tile(scene, "WE", "table")
    before = scene.lay.places[key].rect
    pos = centre(scene, key)
    app.dispatch(Intent("press", pos))
    app.dispatch(Intent("select", pos))
    app.stack.apply()
    assert key in scene.fan.selected
    after = scene._layout().places[key].rect
    px, py, pw, ph = L.AREAS[L.BOTTOM]["plate"]
    assert after.top < before.top                       # it still stands raised ...
    assert after.top - 3 > py + ph                      # ... its gold edge below the plate


def test_the_hot_seat_curtain_and_side_plates_speak_of_tiles(app):
    # seen: "I am Player 2: show my pieces" at a tile game, and "closed" (later "not open") on the
    # side plates where your own plate says "not opened"
    from game.app.scenes.handoff import HandoffScene
    from tests.app.test_minttin_table_issue11 import texts_drawn
    scene = make_table(app, kinds=("human", "human", "bot", "bot"))
    assert isinstance(app.stack.top, HandoffScene)
    assert any("show my tiles" in t for t in texts_drawn(app))
    app.dispatch(Intent("confirm"))
    for _ in range(60):
        app.stack.apply()
        app.tick(1 / 60)
        if app.stack.top is scene:
            break
    words = " ".join(texts_drawn(app))
    assert "closed" not in words and "not opened" in words
    assert "not open ·" not in words                 # one word on every plate, side plates too


def test_up_from_the_hand_goes_to_the_table_not_to_the_draw_button(app):
    # seen: three tiles selected by keys, Up put the cursor on Draw (Enter there ends the turn)
    from tests.app.test_rummy_table import OPENING_HAND
    scene = make_table(app, hands=[OPENING_HAND])
    order = scene.lay.hand_order
    for _ in range(len(order) // 2 + 1):
        app.dispatch(Intent("right"))
    app.stack.apply()
    assert scene.cursor[0] == "tile" and scene.cursor[1] in order
    app.dispatch(Intent("up"))
    app.stack.apply()
    assert scene.cursor == ("new",)                     # the "+ new set" slot, the only table target
    app.dispatch(Intent("focus_next"))                  # Tab reaches the buttons ...
    app.stack.apply()
    assert scene.cursor[0] == "button"
    here = scene.cursor
    app.dispatch(Intent("down"))                        # ... and up/down move among them there
    app.stack.apply()
    assert scene.cursor[0] == "button" and scene.cursor != here
