"""The hint on a Kards or Cuzzins turn (session 12, played in a real window): Kards' hint never
mentioned the standing hand (KRD-22) even on a ready hand where it was on offer, and once a hand
stood it still suggested its own best discard, which the rules refuse; a hint advising a turn
button (a concealed kong, a secret, a standing hand) left that button as it was, where a claim
window's advised answer turns gold with the focus."""

from game.app.input import Intent
from game.app.tablekit import discard_scene as ds
from game.core.match import Match
from game.core.protocol import SeatConfig, Setup
from game.rules.kards import ConcealedKong, Discard, Standing
from tests.app.app_helpers import run_until, step
from tests.app.test_cuzzins_table import open_table as open_cuzzins
from tests.app.test_kards_table import open_table, pool  # noqa: F401 (a fixture)

# East (the human) is ready after throwing the stray 9 Characters: 4 or 7 Dots completes the hand.
READY = ["B1", "B2", "B3", "B4", "B5", "B6", "C1", "C1", "C1", "D9", "D9", "D5", "D6", "C9"]


def _kards(app, hand, **deal):
    scene = open_table(app, ["human", "bot", "bot", "bot"], {"east": 0, "hands": [hand, None, None, None], **deal})
    assert run_until(app, lambda: scene.my_turn, 300)
    return scene


def _hint(app, scene):
    app.dispatch(Intent("hint"))
    app.stack.apply()
    step(app, 2)
    return scene.hint_lines()


def _lit(scene):
    return [b.label for b in scene.buttons if b.primary]


def test_a_ready_hand_is_told_about_the_standing_hand_and_its_button_lights(menu_app, pool):
    app = menu_app
    scene = _kards(app, READY)
    assert any(isinstance(a, Standing) for a in scene.legal)
    lines = _hint(app, scene)
    said = next(t for t in lines if t.startswith("Ready, and a standing hand is on offer"))
    assert "name 4 Dots with your discard for 100 more basic points" in said and "100 more basic points" in said
    assert "lies open" in said and "must go" in said and "7 Dots stops winning" in said           # what it costs
    assert lines.index(said) == 0 and lines[1] == "Suggested discard: 9 Characters."
    assert "Suggested discard: 9 Characters." in lines
    assert scene.turn_advice() == "standing"
    assert _lit(scene) == ["1  Standing hand"] and scene.buttons[scene.focus].label == "1  Standing hand"
    # Enter on the lit button declares it on the hinted card (nothing picked): the chooser names a wait
    app.dispatch(Intent("confirm"))
    app.stack.apply()
    assert scene.chooser is not None
    named = {o.value.wait for o in scene.chooser.options}
    assert named == {"D4", "D7"}


def test_no_standing_advice_without_a_ready_hand(menu_app, pool):
    far = ["B1", "B2", "B4", "B6", "C1", "C3", "C5", "D9", "D7", "D5", "D6", "C9", "WE", "DG"]
    app = menu_app
    scene = _kards(app, far)
    lines = _hint(app, scene)
    assert not any("standing hand" in t for t in lines)
    assert scene.turn_advice() is None and not any(b.primary for b in scene.buttons if getattr(b, "kind", "") == "standing")


def test_a_standing_hand_is_advised_to_throw_the_drawn_card(menu_app, pool):
    app = menu_app
    scene = _kards(app, READY)
    act = next(a for a in scene.legal if isinstance(a, Standing) and a.wait == "D7")
    assert scene.act_as(0, act)
    assert run_until(app, lambda: scene.my_turn and scene.view.drawn is not None, 3000)
    drawn = scene.view.drawn
    lines = _hint(app, scene)
    if scene.view.drawn[:2] == "D7":
        return                                                         # (a win: not this test's case)
    assert any(t.startswith("Suggested discard: ") for t in lines)
    h = scene.hint()
    assert h.discard == ds.kind(drawn)
    assert Discard(drawn) in scene.legal
    assert [k for k, _n in h.waits] == ["D7"]                          # the named card only
    assert not any("standing hand" in t for t in lines)


def test_the_hinted_concealed_kong_button_lights(menu_app, pool):
    four = ["B5", "B5", "B5", "B5", "C1", "C2", "C3", "D4", "D5", "D7", "D8", "WE", "WE", "DG"]
    app = menu_app
    scene = _kards(app, four)
    assert any(isinstance(a, ConcealedKong) for a in scene.legal)
    assert not _lit(scene)                                           # before the hint: nothing gold
    _hint(app, scene)
    assert scene.turn_advice() == "concealed_kong"
    assert _lit(scene) == ["1  Concealed kong"] and scene.focus == 0


def test_cuzzins_hinted_secret_button_lights(menu_app, pool):
    four = ["B5", "B5", "B5", "B5", "C1", "C2", "C3", "D4", "D5", "D6", "B7", "B8", "B9", "C7", "C8", "D9", "D9"]
    app = menu_app
    deal = {"dealer": 0, "dice": [3, 2], "hands": [four, [], [], []], "wall": [], "loose": []}
    scene = open_cuzzins(app, match=Match(Setup("cuzzins", tuple(SeatConfig(k, "normal", "") for k in
                                                                   ["human", "bot", "bot", "bot"]), {}, 4, deal)))
    assert run_until(app, lambda: scene.my_turn and scene.buttons, 600)
    assert not any(b.primary for b in scene.buttons if getattr(b, "kind", "") == "secret")
    _hint(app, scene)
    assert scene.turn_advice() == "secret"
    lit = [b for b in scene.buttons if b.primary]
    assert [getattr(b, "kind", "") for b in lit] == ["secret"] and scene.buttons[scene.focus] is lit[0]


def test_a_wide_wait_is_told_to_stay_open_and_the_button_stays_plain(menu_app, pool):
    # waits 2, 5 and 8 Bamboo (3 left each): naming one keeps a third of the winning cards, too
    # little for the standing bonus by the Hard bot's weights
    wide = ["C1", "C1", "C1", "WE", "WE", "WE", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "DG"]
    app = menu_app
    scene = _kards(app, wide)
    assert any(isinstance(a, Standing) for a in scene.legal)
    lines = _hint(app, scene)
    said = next(t for t in lines if t.startswith("Ready, and a standing hand is on offer"))
    assert "only 3 of your 9 winning cards" in said and "keep every wait open" in said
    assert scene.turn_advice() is None
    assert not any(b.primary for b in scene.buttons if getattr(b, "kind", "") == "standing")


def test_the_strict_tables_hint_never_calls_a_false_mahjongg(menu_app, pool):
    # seen while checking the hint: a Strict table offers Mah-Jongg on every turn (a false one costs
    # 300 and the round), and the hint said "Mah-Jongg is yours to declare" three draws from ready
    far = ["B1", "B2", "B4", "B6", "C1", "C3", "C5", "D9", "D7", "D5", "D6", "C9", "WE", "DG"]
    app = menu_app
    scene = open_table(app, ["human", "bot", "bot", "bot"], {"east": 0, "hands": [far, None, None, None]},
                       options={"strict": True})
    assert run_until(app, lambda: scene.my_turn, 300)
    lines = _hint(app, scene)
    assert not scene.mahjongg_is_true()
    assert not any("Mah-Jongg is yours" in t for t in lines)
    assert lines[0].startswith("3 more good draws")


def test_the_strict_tables_hint_still_calls_a_true_mahjongg(menu_app, pool):
    done = ["B1", "B2", "B3", "B4", "B5", "B6", "C1", "C1", "C1", "D9", "D9", "D5", "D6", "D7"]
    app = menu_app
    scene = open_table(app, ["human", "bot", "bot", "bot"], {"east": 0, "hands": [done, None, None, None]},
                       options={"strict": True})
    assert run_until(app, lambda: scene.my_turn, 300)
    lines = _hint(app, scene)
    assert scene.mahjongg_is_true()
    assert lines[0] == "Your hand is complete: declare Mah-Jongg!"


def test_a_wait_on_a_special_hand_is_not_told_to_stand(menu_app, pool):
    # The Happy Family challenge's hand, at a real table: before, the hint said to name North Wind
    # "for 100 more basic points", giving up Red Dragon's Mandarin (5000) for a bonus a special
    # hand's score replaces (the engine adds KRD-22's 100 to the usual count only).
    hand = ["WE", "WE", "WE", "WS", "WS", "WS", "WW", "WW", "WW", "WN", "WN", "DR", "DR", "B5"]
    app = menu_app
    scene = _kards(app, hand)
    assert any(isinstance(a, Standing) for a in scene.legal)
    lines = _hint(app, scene)
    assert lines[0] == ("Ready, and a standing hand is on offer, but it adds nothing to a special hand: "
                        "better to keep every wait open.")
    assert "North Wind (2 left; Happy Family Mah-Jongg: 4000), Red Dragon (2 left; Mandarin Mah-Jongg: 5000)" in lines[-1]
    assert scene.turn_advice() is None
