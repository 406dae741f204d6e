"""A claim the viewer made that another player's claim beat is told in a message (seen in a real
window: you pressed Chow, Bo's kong took the tile, and nothing said why your chow never came)."""

from game.core.protocol import Event
from tests.app.test_cuzzins_table import open_table, pool  # noqa: F401 (a fixture)


def answered(seat, answer):
    return Event("answered", {"seat": seat, "answer": answer}, frozenset({seat}), None)


def resolved(taker, claim):
    return Event("claim_resolved", {"discarder": 3, "tile": "B1", "taker": taker, "claim": claim, "why": ""})


def test_a_chow_beaten_by_a_kong_says_so(menu_app, pool):
    scene = open_table(menu_app, ["human", "bot", "bot", "bot"])
    shown = []
    scene.toast = lambda text, *a, **k: shown.append(text)
    scene._note_lost_claim([answered(0, "chow")])
    assert shown == []
    scene._note_lost_claim([resolved(2, "kong")])
    assert shown == [f"{scene.name_of(2)}'s Kong outranks your Chow: the discard is theirs."]


def test_the_same_claim_nearer_in_turn_and_a_pass_or_a_win(menu_app, pool):
    scene = open_table(menu_app, ["human", "bot", "bot", "bot"])
    shown = []
    scene.toast = lambda text, *a, **k: shown.append(text)
    scene._note_lost_claim([answered(0, "mahjongg"), resolved(1, "mahjongg")])
    assert shown == [f"{scene.name_of(1)} also called Mahjongg and comes first in turn: the discard is theirs."]
    shown.clear()
    scene._note_lost_claim([answered(0, "pass"), resolved(1, "pong")])        # passed: nothing lost
    scene._note_lost_claim([answered(0, "pong"), resolved(0, "pong")])        # won it
    scene._note_lost_claim([answered(0, "chow"), resolved(None, None)])       # nobody took it
    scene._note_lost_claim([resolved(2, "pong")])                             # an old answer is forgotten
    assert shown == []


def test_hot_seat_keeps_a_players_claim_to_themselves(menu_app, pool):
    scene = open_table(menu_app, ["human", "human", "bot", "bot"])
    shown = []
    scene.toast = lambda text, *a, **k: shown.append(text)
    scene.viewer = 0
    scene._note_lost_claim([answered(0, "chow"), resolved(2, "kong")])
    assert shown == []


def test_kards_and_martian_name_their_own_claims(app):
    from tests.app import test_kards_table as kt, test_martian_table as mt
    app.store.settings.anim_speed = 0.0
    kards = kt.open_table(app, ["human", "bot", "bot", "bot"])
    shown = []
    kards.toast = lambda text, *a, **k: shown.append(text)
    kards._note_lost_claim([answered(0, "mahjongg_by"), Event("claim_resolved", {"taker": 3, "claim": "mahjongg"})])
    assert shown == [f"{kards.name_of(3)} also called Mah-Jongg and comes first in turn: the discard is theirs."]
    martian = mt.open_table(app, ["human", "bot", "bot", "bot"])
    shown.clear()
    martian.toast = lambda text, *a, **k: shown.append(text)
    martian._note_lost_claim([answered(0, "claim"), Event("claim_resolved", {"taker": 1, "call": "kong"})])
    assert shown == [f"{martian.name_of(1)}'s Kong outranks your claim: the discard is theirs."]
