"""A Strict table offers the Mah-Jongg call on every turn and in every claim window (the call is
the player's own to check; a false one costs Kards 300 points and the round, Cuzzins a dead hand).
Seen in a real window (a four-human Kards hot seat with strict = true): the turn's 'Mah-Jongg!'
button was gold on a hand five draws from ready, beside a hint saying so, and in a claim window
the first answer, a false 'Mah-Jongg', was the gold one. At Cuzzins' Strict table the hint itself
said 'Mahjongg is yours to call' on any hand. Gold is the hint's: on a Strict table the call turns
gold only when the open hint finds the hand complete; a claim window's gold rests on Pass."""

from game.app.input import Intent
from game.core.match import Match
from game.core.protocol import SeatConfig, Setup
from game.rules.cuzzins import Mahjongg
from game.rules.kards import MahJongg
from tests.app.app_helpers import run_until, step
from tests.app.test_cuzzins_table import open_table as open_cuzzins
from tests.app.test_kards_table import open_table, pool  # noqa: F401 (a fixture)

FAR = ["B1", "B2", "B4", "B6", "C1", "C3", "C5", "D9", "D7", "D5", "D6", "C9", "WE", "DG"]
DONE = ["B1", "B2", "B3", "B4", "B5", "B6", "C1", "C1", "C1", "D9", "D9", "D5", "D6", "D7"]
# Cuzzins: the dealer's 17 tiles, far from ready / a complete hand (five chows and a pair)
CUZ_FAR = ["B1", "B3", "B5", "B7", "B9", "C2", "C4", "C6", "C8", "D1", "D3", "D5", "D7", "D9", "C1", "C5", "B2"]
CUZ_DONE = ["B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9", "C1", "C2", "C3", "D4", "D5", "D6", "D9", "D9"]


def _hint(app, scene):
    app.dispatch(Intent("hint"))
    app.stack.apply()
    step(app, 2)
    return scene.hint_lines()


def _mahjongg_gold(scene):
    return [b.label for b in scene.buttons if b.primary and getattr(b, "kind", "") == "mahjongg"]


def _kards(app, hand):
    scene = open_table(app, ["human", "bot", "bot", "bot"], {"east": 0, "hands": [hand, None, None, None]},
                       options={"strict": True})
    assert run_until(app, lambda: scene.my_turn and scene.buttons, 300)
    return scene


def _cuzzins(app, hand):
    deal = {"dealer": 0, "dice": [3, 2], "hands": [hand, [], [], []]}
    setup = Setup("cuzzins", tuple(SeatConfig(k, "normal", "") for k in ["human", "bot", "bot", "bot"]),
                  {"strict": True}, 4, deal)
    scene = open_cuzzins(app, match=Match(setup))
    assert run_until(app, lambda: scene.my_turn and scene.buttons, 600)
    return scene


def test_kards_strict_mahjongg_button_is_plain_on_a_hand_far_from_ready(menu_app, pool):
    scene = _kards(menu_app, FAR)
    assert MahJongg() in scene.legal                   # offered all the same: the call is the player's
    assert _mahjongg_gold(scene) == []
    _hint(menu_app, scene)
    assert _mahjongg_gold(scene) == []


def test_kards_strict_mahjongg_button_turns_gold_when_the_hint_finds_the_hand_complete(menu_app, pool):
    scene = _kards(menu_app, DONE)
    assert _mahjongg_gold(scene) == []                 # not before the hint: the table does not check for you
    _hint(menu_app, scene)
    assert _mahjongg_gold(scene) == ["1  Mah-Jongg!"] and scene.focus == 0


def test_kards_assisted_mahjongg_button_stays_gold(menu_app, pool):
    scene = open_table(menu_app, ["human", "bot", "bot", "bot"], {"east": 0, "hands": [DONE, None, None, None]})
    assert run_until(menu_app, lambda: scene.my_turn and scene.buttons, 300)
    assert _mahjongg_gold(scene) == ["1  Mah-Jongg!"]       # offered only when right: gold as before


def test_kards_strict_claim_window_lights_pass_not_a_mahjongg(menu_app, pool):
    scene = open_table(menu_app, ["human", "bot", "bot", "bot"], seed=803, options={"strict": True})
    assert run_until(menu_app, lambda: scene.claim_bar.visible and len(scene.claim_bar.buttons) > 2, 3000)
    gold = [b.label for b in scene.claim_bar.buttons if b.primary]
    assert len(gold) == 1 and gold[0].endswith("Pass")


def test_cuzzins_strict_hint_never_calls_a_false_mahjongg(menu_app, pool):
    scene = _cuzzins(menu_app, CUZ_FAR)
    assert Mahjongg() in scene.legal
    assert _mahjongg_gold(scene) == []
    lines = _hint(menu_app, scene)
    assert not any("Mahjongg" in t for t in lines), lines
    assert _mahjongg_gold(scene) == []


def test_cuzzins_strict_hint_still_calls_a_true_mahjongg(menu_app, pool):
    scene = _cuzzins(menu_app, CUZ_DONE)
    assert _mahjongg_gold(scene) == []
    lines = _hint(menu_app, scene)
    assert lines[0] == "Your hand is complete: declare Mahjongg!"
    assert _mahjongg_gold(scene) == ["1  Mahjongg!"]


# Seen while checking the above (assisted table): Player 1 waits on 9 Bamboo or 1 Dots (two pairs)
# and East throws a 1 Dots. The open hint said "1 Dots completes your hand: claim it with
# Mah-Jongg!" while the gold moved to Pass: the claim advice weighs only pile claims (a Pung there
# gains no step), so it lit Pass over the win the hint had just named.
SHANPON = ["B1", "B1", "B1", "B2", "B2", "B2", "C1", "C1", "C1", "B9", "B9", "D1", "D1"]


def test_the_open_hint_lights_the_mahjongg_it_names_in_a_claim_window(menu_app, monkeypatch):
    import tests.app.test_kards_table_hotseat_claim as hc
    from tests.app.claimtoy_table import FakePool
    menu_app.store.settings.anim_speed = 0.0
    fake = FakePool()
    menu_app.bot_pool = fake
    monkeypatch.setattr(hc, "P1", SHANPON)
    scene = hc.window_for_player_1(menu_app, fake)
    hc.click(menu_app, scene.claim_bar.buttons[0].box.center)
    hc.through_curtain(menu_app, scene, "Player 1")
    labels = [b.label for b in scene.claim_bar.buttons]
    assert labels == ["1  Mah-Jongg", "2  Pung", "3  Pass"]
    assert [b.primary for b in scene.claim_bar.buttons] == [True, False, False]
    lines = _hint(menu_app, scene)
    assert lines[0] == "1 Dots completes your hand: claim it with Mah-Jongg!"
    assert [b.primary for b in scene.claim_bar.buttons] == [True, False, False]
    assert scene.claim_bar.ui.focused is scene.claim_bar.buttons[0]


def test_an_assisted_claim_window_lights_pass_over_a_pung_before_any_hint(menu_app, monkeypatch):
    # seen at Cuzzins' Paningit challenge: the first claim, "Chow 1-2-3", was gold on a ready hand
    # it would break, while the hint said Pass. Before the hint speaks, gold rests on a win only.
    import tests.app.test_kards_table_hotseat_claim as hc
    from tests.app.claimtoy_table import FakePool
    menu_app.store.settings.anim_speed = 0.0
    fake = FakePool()
    menu_app.bot_pool = fake
    monkeypatch.setattr(hc, "P1", ["D1", "D1", "B4", "B7", "C2", "C5", "C8", "D3", "D6", "D9", "WE", "WS", "DG"])
    scene = hc.window_for_player_1(menu_app, fake)
    hc.click(menu_app, scene.claim_bar.buttons[0].box.center)
    hc.through_curtain(menu_app, scene, "Player 1")
    labels = [b.label for b in scene.claim_bar.buttons]
    assert labels[-1].endswith("Pass") and any("Pung" in t for t in labels) and not any("Mah" in t for t in labels)
    assert [b.label for b in scene.claim_bar.buttons if b.primary] == [labels[-1]]
