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
