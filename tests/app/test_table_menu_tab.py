"""The rail's Menu tab: the one way a mouse-only player leaves a table (Esc was the only way).
Seen: a lesson's end got its own New game button because nothing else led off a table."""

from game.app.input import Intent
from game.app.scenes.dialog import Dialog
from game.app.scenes.table_base import MENU_TAB
from game.rules.kards import Pass
from tests.app.test_kards_table import claim_deal, open_table, pool  # noqa: F401 (a fixture)
from tests.app.test_rummy_table import make_table
from tests.app.app_helpers import run_until

CENTRE = (MENU_TAB[0] + MENU_TAB[2] / 2, MENU_TAB[1] + MENU_TAB[3] / 2)


def click(app, pos, press_at=None):
    app.dispatch(Intent("press", pos=press_at or pos))
    app.dispatch(Intent("select", pos=pos))
    app.stack.apply()


def test_a_click_on_the_menu_tab_asks_to_leave_and_stay_keeps_the_game(app):
    scene = make_table(app)
    app.dispatch(Intent("point", pos=CENTRE))
    assert scene.menu_tab.hover
    click(app, CENTRE)
    dialog = app.stack.top
    assert isinstance(dialog, Dialog) and dialog.title == "Leave the table?"
    app.dispatch(Intent("back"))                     # Esc in the dialog: Stay
    app.stack.apply()
    assert app.stack.top is scene
    moves = len(scene.match.log)
    click(app, CENTRE, press_at=(800, 450))          # a press begun on the felt is no click on the tab
    assert app.stack.top is scene and len(scene.match.log) == moves


def test_the_menu_tab_in_a_claim_window_never_answers_the_claim(menu_app, pool):
    # Esc passes in a claim window; the tab must not: it only asks to leave
    app = menu_app
    scene = open_table(app, ["human", "bot", "bot", "bot"], claim_deal(east=3))
    assert run_until(app, lambda: scene.claim_bar.visible, 600)
    moves = len(scene.match.log)
    click(app, CENTRE)
    assert isinstance(app.stack.top, Dialog)
    assert not [e for e in scene.match.log[moves:] if e.seat == 0 and scene.rules.decode_action(e.action) == Pass()]
