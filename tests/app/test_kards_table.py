"""The Mah-Jongg for Kards table through the real scene stack: opening from a setup, discarding by
mouse and by keys, bots playing, the claim window (asked only when a claim is possible; hot-seat
curtains), an all-bot round reaching its results, and no other seat's hidden card ever drawn.
Bots answer through a pool that answers at once (tests/app/claimtoy_table.FakePool); time is
the app's fixed steps, never the wall clock."""

import pytest

from game.app.input import Intent
from game.app.scenes.handoff import HandoffScene
from game.app.scenes.results import ResultsScene
from game.app.tablekit import discard_table as dt
from game.app.tables import kards as kt
from game.app.tables import table_scene_for
from game.core.match import Match
from game.core.protocol import SeatConfig, Setup
from game.rules.kards import Discard, Pass
from tests.app.app_helpers import run_until, step, through_curtain
from tests.app.claimtoy_table import FakePool

# Seat 3 deals (East, 14 cards); seat 0 plays next and can claim whatever East discards: a pung of
# any pair, or a chow (D1 D2 + D3, D2 D3 + D4).
HUMAN = ["B1", "B1", "B2", "B2", "C1", "C1", "C2", "C2", "D1", "D1", "D2", "D2", "D3"]
EAST = ["B1", "B1", "B2", "B2", "C1", "C1", "C2", "C2", "D1", "D1", "D2", "D2", "D3", "D4"]


@pytest.fixture
def pool(menu_app):
    menu_app.store.settings.anim_speed = 0.0
    fake = FakePool(auto=True)
    menu_app.bot_pool = fake
    return fake


def open_table(app, kinds, deal=None, seed=4, options=None):
    setup = Setup("kards", tuple(SeatConfig(k, "normal", "") for k in kinds), dict(options or {}), seed, deal)
    scene = table_scene_for("kards")(app, Match(setup))
    app.stack.push(scene)
    app.stack.apply()
    step(app, 2)
    return scene


def claim_deal(east=3):
    hands = [None] * 4
    hands[0], hands[east] = HUMAN, EAST
    return {"east": east, "hands": hands}


def record_drawn(monkeypatch, app):
    """(viewer, bottom seat, the viewer's view, hand pieces) for every frame the table draws."""
    seen = []
    orig = kt.draw_layout

    def record(canvas, lay, label, stage=None, keys=None, part="all", moving=frozenset()):
        scene = next(s for s in app.stack.scenes if isinstance(s, kt.KardsTable))
        view = scene.match.view(scene.viewer)
        seen.append((scene.viewer, scene.bottom_seat, view,
                     [(p.position, p.code, p.face_up) for p in lay.pieces if p.part == "hand"]))
        if stage is not None:       # the sprites really drawn: a face only for a card this viewer may see
            may_see = visible_ids(view) | set(scene.revealed_ids())
            for key, sp in list(stage.sprites.items()) + list(stage.leaving.items()):
                if sp.frame != kt.KARDS.back and sp.flip < 1.0:
                    assert isinstance(key, str) and key in may_see, f"{key} drawn face up for {scene.viewer}"
        orig(canvas, lay, label, stage, keys, part, moving)

    monkeypatch.setattr(kt, "draw_layout", record)
    return seen


def visible_ids(v):
    out = set(v.hand) | {p for r in v.river for p in r} | {p for b in v.bonus for p in b}
    out |= {p for ms in v.melds for m in ms for p in m.pieces} | set(v.winner_hand)
    out |= {p for st in v.standing if st is not None for p in st[1]}
    if v.discard is not None:
        out.add(v.discard)
    return out


def last_action(scene):
    entry = scene.match.log[-1]
    return entry.seat, scene.rules.decode_action(entry.action)


def my_turn(scene):
    return lambda: scene.my_turn and scene.view.phase == "turn"


def test_the_registry_finds_the_kards_table():
    assert table_scene_for("kards") is kt.KardsTable


def test_a_human_discards_by_mouse_click_twice(menu_app, pool):
    app = menu_app
    scene = open_table(app, ["human", "bot", "bot", "bot"], claim_deal(east=0))
    assert run_until(app, my_turn(scene), 300)
    app.draw()
    card = scene.hand[4]
    pos = next(p for p in scene.layout().pieces if p.part == "hand" and p.position == 0 and p.index[-1] == 4).rect.center
    app.dispatch(Intent("select", pos))
    app.stack.apply()
    assert scene.selected == 4 and scene.match.view(0).hand_counts[0] == 14      # picked, not yet gone
    app.dispatch(Intent("select", pos))
    app.stack.apply()
    assert last_action(scene) == (0, Discard(card))
    view = scene.match.view(0)
    assert view.discard == card or card in view.river[0]


def test_a_human_discards_by_keys_and_the_bots_play_on(menu_app, pool):
    app = menu_app
    scene = open_table(app, ["human", "bot", "bot", "bot"], claim_deal(east=0))
    assert run_until(app, my_turn(scene), 300)
    for key in ("right", "right", "right", "left"):    # the first arrow picks the first card
        app.dispatch(Intent(key))
    assert scene.selected == 1
    card = scene.hand[1]
    app.dispatch(Intent("confirm"))
    app.stack.apply()
    assert last_action(scene) == (0, Discard(card))
    moves = len(scene.match.log)
    # the three bots take their turns (or one claims) and the turn comes back round
    assert run_until(app, lambda: my_turn(scene)() or isinstance(app.stack.top, ResultsScene), 3000)
    bot_discards = [e for e in scene.match.log[moves:] if e.seat in (1, 2, 3)]
    assert bot_discards


def test_a_lone_human_is_asked_only_when_a_claim_is_possible(menu_app, pool):
    app = menu_app
    scene = open_table(app, ["human", "bot", "bot", "bot"], claim_deal(east=3))
    asked = []
    for _ in range(4000):
        step(app)
        waiting = scene._claim_waiting()
        if waiting and scene.match.legal(0) == [Pass()]:
            assert not scene.claim_bar.visible              # not asked: it passes by itself
            moves = len(scene.match.log)
            step(app)
            assert (0, Pass()) in [(e.seat, scene.rules.decode_action(e.action)) for e in scene.match.log[moves:]]
        elif waiting:
            assert scene.claim_bar.visible
            asked.append(scene.claim_bar.buttons[-1].label)
            assert {b.label.split("  ", 1)[1].split()[0] for b in scene.claim_bar.buttons[:-1]} <= {"Pung", "Kong", "Chow",
                                                                                                   "Mah-Jongg"}
            moves = len(scene.match.log)
            press(app, scene.claim_bar.buttons[-1])           # Pass (the last button)
            assert (0, Pass()) in [(e.seat, scene.rules.decode_action(e.action)) for e in scene.match.log[moves:]]
        elif scene.my_turn and scene.view.phase == "turn":
            app.dispatch(Intent("right"))
            app.dispatch(Intent("confirm"))
            app.stack.apply()
        if isinstance(app.stack.top, ResultsScene) or len(asked) >= 2:
            break
    assert asked, "East's first discard fits the human's hand: the claim bar must ask"
    assert all(a.endswith("Pass") for a in asked)
    # every window the human could only pass was passed without asking
    passes = [e for e in scene.match.log if e.seat == 0 and scene.rules.decode_action(e.action) == Pass()]
    assert len(passes) >= len(asked)


def press(app, button):
    app.dispatch(Intent("press", pos=button.box.center))
    app.dispatch(Intent("select", pos=button.box.center))
    app.stack.apply()




@pytest.mark.parametrize("speed", [0.0, 1.0])
def test_hot_seat_claim_goes_through_curtains_and_never_shows_another_hand(menu_app, pool, monkeypatch, speed):
    app = menu_app
    app.store.settings.anim_speed = speed          # at speed 1 the cards fly: every sprite drawn is checked
    seen = record_drawn(monkeypatch, app)
    scene = open_table(app, ["human", "human", "bot", "bot"], claim_deal(east=3))
    claimed = False
    for _ in range(6000):
        step(app)
        app.draw()
        if isinstance(app.stack.top, HandoffScene):
            through_curtain(app, scene)
            continue
        if isinstance(app.stack.top, ResultsScene):
            break
        if scene._claim_waiting() and not scene.claim_bar.ready:
            continue                                           # a click counts once the bar has been up a moment
        if scene._claim_waiting() and scene.claim_chooser is None:
            assert scene.viewer is None                        # the public table first
            press(app, scene.claim_bar.buttons[0])
            continue
        if scene.claim_chooser is not None and scene.claim_bar.visible:
            labels = [b.label for b in scene.claim_bar.buttons]
            if scene.claim_chooser == 0 and not claimed and len(labels) > 1:
                press(app, scene.claim_bar.buttons[0])         # the first claim
                claimed = True
            else:
                press(app, scene.claim_bar.buttons[-1])        # Pass
            continue
        if scene.my_turn and scene.view.phase in ("turn", "setup"):
            if scene.view.phase == "setup":
                scene._play(scene.legal[0])
            else:
                app.dispatch(Intent("confirm" if scene.selected is not None else "right"))
            app.stack.apply()
        if claimed and scene.match.prompt().kind != "claim":
            break
    assert claimed, "the human next to East can claim East's first discard"
    taken = [e for _v, evs in [(None, s.events) for s in scene.match.history(None)] for e in evs
             if e.kind == "claim_resolved" and e.data.get("taker") is not None]
    assert taken and taken[0].data["taker"] == 0
    check_nothing_hidden_drawn(seen)


def check_nothing_hidden_drawn(seen):
    assert seen
    for viewer, bottom, view, hand in seen:
        for pos, code, face_up in hand:
            if not face_up:
                continue
            if pos == 0:
                assert viewer is not None and viewer == bottom, "a face-up bottom hand with no viewer"
                assert code in {p.split("#")[0] for p in view.hand}
            else:
                seat = next(s for s in range(4) if kt.ds.positions(bottom, kt.CLOCKWISE)[s] == pos)
                assert view.standing[seat] is not None or view.winner == seat, f"seat {seat}'s hidden card drawn"


def test_one_human_never_sees_another_hand(menu_app, pool, monkeypatch):
    app = menu_app
    seen = record_drawn(monkeypatch, app)
    scene = open_table(app, ["human", "bot", "bot", "bot"], seed=9)
    for _ in range(600):
        step(app)
        app.draw()
        if isinstance(app.stack.top, ResultsScene):
            break
        if scene._claim_waiting():
            if scene.claim_bar.visible:
                press(app, scene.claim_bar.buttons[-1])
        elif scene.my_turn:
            if scene.view.phase == "setup":
                scene._play(scene.legal[0])
            else:
                app.dispatch(Intent("confirm" if scene.selected is not None else "left"))
                app.stack.apply()
    check_nothing_hidden_drawn(seen)


def test_all_bots_play_a_round_to_its_results(menu_app, pool):
    app = menu_app
    scene = open_table(app, ["bot"] * 4, seed=11)
    assert run_until(app, lambda: isinstance(app.stack.top, ResultsScene), 6000)
    results = app.stack.top
    assert results.data.get("lines") is not None and "transfers" in results.data
    assert not scene._stalled
    app.draw()


def test_a_turn_with_other_actions_shows_buttons_and_a_chooser(menu_app, pool):
    app = menu_app
    # East holds two four-of-a-kinds: the setup asks, with a chooser for which kong
    hands = [["B1"] * 4 + ["C5"] * 4 + ["D1", "D2", "D3", "D4", "D5", "D6"], None, None, None]
    scene = open_table(app, ["human", "bot", "bot", "bot"], {"east": 0, "hands": hands})
    assert run_until(app, lambda: scene.my_turn, 300)
    scene._refresh_buttons()
    labels = [b.label for b in scene.buttons]
    assert labels == ["1  Concealed kong", "2  Done: play on"]
    press(app, scene.buttons[0])
    assert scene.chooser is not None and len(scene.chooser.options) == 2
    app.draw()
    app.dispatch(Intent("confirm"))                       # the first option
    app.stack.apply()
    assert scene.chooser is None
    assert any(m.concealed for m in scene.match.view(0).melds[0])
    if scene.my_turn and scene.view.phase == "setup":       # the other kong by its number key
        app.dispatch(Intent("char", char="1"))
        app.stack.apply()
        assert sum(m.concealed for m in scene.match.view(0).melds[0]) == 2


def test_h_opens_the_hint_and_rings_the_suggested_card(menu_app, pool):
    app = menu_app
    scene = open_table(app, ["human", "bot", "bot", "bot"], claim_deal(east=0))
    assert run_until(app, my_turn(scene), 300)
    assert not any(p.mark for p in scene.layout().by_part("hand", 0))
    app.dispatch(Intent("hint"))
    app.stack.apply()
    assert scene.hint_panel.open
    h = scene.hint()
    # East's 14: B1 B1 B2 B2 C1 C1 C2 C2 D1 D1 D2 D2 D3 D4 holds D1 D2 D3 and D2 D3 D4 shapes;
    # whatever the kit picks, it is a card of the hand and the ringed card is that very kind
    assert h is not None and h.discard is not None and h.shanten >= 0
    marked = [p for p in scene.layout().by_part("hand", 0) if p.mark]
    assert [p.code for p in marked] == [h.discard]
    assert any(h.discard and kt.name(h.discard) in line for line in scene.hint_lines())
    app.draw()                                       # the panel draws
    app.dispatch(Intent("hint"))
    app.stack.apply()
    assert not scene.hint_panel.open and not any(p.mark for p in scene.layout().by_part("hand", 0))


def test_the_hint_counts_only_what_the_viewer_sees():
    from dataclasses import replace
    m = Match(Setup("kards", tuple(SeatConfig("bot", "normal", "") for _ in range(4)), {}, 7, claim_deal(0)))
    while m.view(0).phase != "turn":
        m.apply(m.to_act()[0], m.legal(m.to_act()[0])[0])
    v = m.view(0)
    facts = kt.hint_facts(v)
    assert sorted(facts.hand) == sorted(p.split("#")[0] for p in v.hand)
    # a river card and a meld card in sight are counted; nothing from hidden hands
    v2 = replace(v, river=((),) * 3 + (("B1#3", "C9#1"),))
    f2 = kt.hint_facts(v2)
    assert f2.visible.get("B1", 0) == facts.visible.get("B1", 0) + 1 and f2.visible.get("C9", 0) == 1
    # the kinds that score for this seat: dragons, its own wind, the round wind (twice when both)
    own, rnd = v.seat_winds[0], v.round_wind
    assert {k: n for k, n in facts.worth.items() if k.startswith("W")} == (
        {own: 2} if own == rnd else {own: 1, rnd: 1})
    assert all(facts.worth[d] == 1 for d in ("DR", "DG", "DW"))


def sprites_at_rest(scene):
    """Every laid piece has its sprite exactly where the layout puts it, showing what it shows."""
    lay = scene.layout()
    assert set(scene.keys) == set(scene.stage.sprites)
    for key, p in zip(scene.keys, lay.pieces):
        sp = scene.stage.sprites[key]
        assert (round(sp.x, 3), round(sp.y, 3), round(sp.rotation, 3)) == (round(p.x, 3), round(p.y, 3), p.rotation)
        assert sp.frame == p.frame and sp.flip == 0.0


def test_a_discard_slides_from_the_hand_to_the_river_and_lands_where_the_view_says(menu_app, pool):
    app = menu_app
    app.store.settings.anim_speed = 1.0
    scene = open_table(app, ["human", "bot", "bot", "bot"], claim_deal(east=0))
    assert run_until(app, my_turn(scene), 3000)
    app.draw()
    scene.tweens.skip()
    app.draw()
    sprites_at_rest(scene)
    card = scene.hand[0]
    before = scene.stage.sprites[card]
    start = (before.x, before.y)
    app.dispatch(Intent("right"))
    app.dispatch(Intent("confirm"))
    app.stack.apply()
    app.draw()                                           # the new layout: the same sprite heads for the river
    sp = scene.stage.sprites[card]
    assert sp is before and (sp.x, sp.y) == start
    assert scene.tweens.animating(sp, "x") or scene.tweens.animating(sp, "y")
    assert scene.presenting()                            # the bots wait for it to land
    river = next(p for k, p in zip(scene.keys, scene.layout().pieces) if k == card)
    assert river.part in ("river",) or scene.view.discard == card
    scene.tweens.skip()
    app.draw()
    sprites_at_rest(scene)


def test_another_seats_discard_and_draw_fly_in_from_its_hand_and_the_wall(menu_app, pool, monkeypatch):
    from game.app.tablekit.stage import Stage
    app = menu_app
    app.store.settings.anim_speed = 1.0
    flew = {}
    orig = Stage._fly

    def fly(self, sp, p, src):
        flew[sp.tag] = (src.x, src.y)
        orig(self, sp, p, src)

    monkeypatch.setattr(Stage, "_fly", fly)
    scene = open_table(app, ["human", "bot", "bot", "bot"], claim_deal(east=0))
    app.draw()
    assert not flew                                     # a table just opened lies still
    assert run_until(app, lambda: (app.draw() or True) and my_turn(scene)(), 3000)
    app.dispatch(Intent("right"))
    app.dispatch(Intent("confirm"))                     # East (the human) discards; South draws and discards
    app.stack.apply()
    assert run_until(app, lambda: (app.draw() or True) and (scene.view.river[1] or scene.view.discarder == 1), 3000)
    app.draw()
    lay = scene.layout()
    south = kt.ds.positions(scene.bottom_seat, kt.CLOCKWISE)[1]
    discard = scene.view.river[1][-1] if scene.view.river[1] else scene.view.discard
    # South's discard came out of South's hidden hand (face down, turning up on the way)
    assert lay.regions[(south, "hand")].collidepoint(flew[discard])
    # and the card South drew came from the wall's live end
    drawn = [k for k in flew if isinstance(k, tuple) and k[:2] == ("back", 1)]
    assert drawn and all(lay.wall.square.inflate(40, 40).collidepoint(flew[k]) for k in drawn)
    scene.tweens.skip()
    app.draw()
    sprites_at_rest(scene)


def test_mahjongg_lays_every_hand_open_before_the_results(menu_app, pool):
    app = menu_app
    app.store.settings.anim_speed = 10.0          # quick, but the hands still lie open a few frames
    scene = open_table(app, ["bot"] * 4, seed=11)
    hold = []

    def watch():
        if scene._reveal is not None and not isinstance(app.stack.top, ResultsScene):
            app.draw()
            hold.append([(p.position, p.face_up) for p in scene.layout().by_part("hand")])
        return isinstance(app.stack.top, ResultsScene)

    assert run_until(app, watch, 40000)
    assert hold, "the hands lay open for a while before the results"
    assert all(up for pos, up in hold[-1])                     # every hand face up
    assert {pos for pos, _ in hold[-1]} == {0, 1, 2, 3}
    hands = app.stack.top.data["hands"]
    assert sorted(scene.revealed_ids()) == sorted(p for h in hands for p in h)


def test_the_engines_rolls_are_thrown_in_the_tray_and_play_waits_for_them(menu_app, pool):
    app = menu_app
    app.store.settings.anim_speed = 1.0
    scene = open_table(app, ["human", "bot", "bot", "bot"], seed=5)
    assert scene.dice.rolling and scene.match.log          # the first seating roll is in the air
    moves = len(scene.match.log)
    step(app, 20)
    assert len(scene.match.log) == moves                    # the next roll waits for this one
    rolled = [e for s in scene.match.history(0) for e in s.events if e.kind == "dice"]
    assert scene.dice.caption.startswith("Seating") and scene.name_of(rolled[-1].data["seat"]) in scene.dice.caption
    assert run_until(app, lambda: scene.dice.tray.settled, 600)
    assert len(scene.match.log) == moves and scene.dice.rolling     # settled, lingering to be read
    assert [d.face for d in scene.dice.tray.dice] == list(rolled[-1].data["faces"])   # the engine's faces
    # the break: both rolls shown, then the deal
    assert run_until(app, lambda: scene.view.phase not in ("seat_roll", "side_roll", "break_roll"), 6000)
    rolled = [e for s in scene.match.history(0) for e in s.events if e.kind == "dice"]
    assert rolled[-1].data["purpose"] == "break"
    assert scene.dice.faces == list(rolled[-1].data["faces"]) and "break" in scene.dice.caption


def test_the_winds_dial_puts_each_seat_wind_where_the_seat_sits(menu_app, pool, monkeypatch):
    app = menu_app
    scene = open_table(app, ["human", "bot", "bot", "bot"], claim_deal(east=3))
    got = {}
    monkeypatch.setattr(scene.dial, "draw", lambda canvas, rw, winds, face=None, active=None:
                        got.update(round=rw, winds=dict(winds), active=active))
    assert run_until(app, lambda: scene.view.phase in ("turn", "claim"), 300)
    app.draw()
    v = scene.view
    pos = kt.ds.positions(scene.bottom_seat, kt.CLOCKWISE)
    assert got["round"] == v.round_wind
    assert got["winds"] == {pos[s]: v.seat_winds[s] for s in range(4)}
    assert got["winds"][0] == v.seat_winds[0]               # the viewer's own wind at the bottom
    assert got["active"] == (pos[v.to_act[0]] if v.phase == "turn" else None)


def test_the_wall_breaks_where_the_dice_say():
    from game.app.tablekit import wall_square as wq
    # the bottom seat's side, 3 stacks from its left end: ring 15 (ring stacks count from the right)
    at = kt.break_at(0, 3, 0)
    assert at == 16
    show = wq.WallShow(kt.STACKS, at, live=77, kong_box=14, kong_taken=0)
    lay = wq.layers(show)
    box = [r for r, (b, t) in enumerate(lay) if wq.BOX in (b, t)]
    assert sorted(box) == list(range(9, 16))                # 7 stacks anticlockwise, the break stack included
    assert lay[16] != (None, None) or show.drawn >= 2       # the live wall starts on its clockwise side
    # another seat's side: the right seat of a viewer at seat 0 (seat 3 with clockwise play), 18 from its left
    pos = kt.seats4.position_of(3, 0, kt.CLOCKWISE)
    assert kt.break_at(3, 18, 0) == (wq.ring_index(pos, 0, kt.STACKS) + 1) % 72


def test_tab_moves_focus_across_the_turn_buttons_and_the_hand(menu_app, pool):
    app = menu_app
    hands = [["B1"] * 4 + ["C5"] * 4 + ["D1", "D2", "D3", "D4", "D5", "D6"], None, None, None]
    scene = open_table(app, ["human", "bot", "bot", "bot"], {"east": 0, "hands": hands})
    assert run_until(app, lambda: scene.my_turn, 300)
    scene._refresh_buttons()
    assert [b.label for b in scene.buttons] == ["1  Concealed kong", "2  Done: play on"]
    app.dispatch(Intent("focus_next"))
    assert scene.focus == 0
    app.dispatch(Intent("focus_next"))
    assert scene.focus == 1
    app.dispatch(Intent("focus_next"))                  # setup: no hand stop; then the Sort button
    assert scene.focus == 2 == scene._sort_stop()
    app.dispatch(Intent("focus_next"))                  # round to the first button
    assert scene.focus == 0
    app.dispatch(Intent("focus_prev"))
    app.dispatch(Intent("focus_prev"))
    assert scene.focus == 1
    app.draw()
    app.dispatch(Intent("confirm"))                      # Enter plays the focused button: Done
    app.stack.apply()
    assert run_until(app, my_turn(scene), 300)
    scene._refresh_buttons()
    hand_stop = len(scene.buttons)
    for _ in range(hand_stop + 1):
        app.dispatch(Intent("focus_next"))
    assert scene.focus == hand_stop and scene.selected == len(scene.hand) - 1   # the hand: the drawn card picked
    app.dispatch(Intent("left"))
    card = scene.hand[scene.selected]
    app.dispatch(Intent("confirm"))
    app.stack.apply()
    assert last_action(scene) == (0, Discard(card))


def test_the_cached_still_layer_draws_the_same_picture_and_is_reused(menu_app, pool, monkeypatch):
    import pygame
    app = menu_app
    scene = open_table(app, ["human", "bot", "bot", "bot"], claim_deal(east=0))
    assert run_until(app, my_turn(scene), 300)
    app.dispatch(Intent("right"))
    app.draw()
    cached = app.canvas.target.copy()
    painted = []
    orig = kt.StaticLayer.draw

    def draw(self, canvas, key, paint):
        before = self.key
        orig(self, canvas, key, paint)
        painted.append(before != self.key)

    monkeypatch.setattr(kt.StaticLayer, "draw", draw)
    app.draw()
    app.draw()
    assert painted and not any(painted)                 # nothing changed: the layer is only blitted
    monkeypatch.setattr(kt, "STATIC_CACHE", False)
    app.draw()
    plain = app.canvas.target.copy()
    diff = pygame.mask.from_threshold(cached, (0, 0, 0), (1, 1, 1, 255), plain).count()   # equal pixels
    assert diff == cached.get_width() * cached.get_height()


LEARN = """
title = "Learn (test)"
game = "kards"
kind = "learn"
seed = 4

[[seats]]
kind = "human"
name = "You"
[[seats]]
kind = "bot"
[[seats]]
kind = "bot"
[[seats]]
kind = "bot"

[deal]
east = 0
hands = [["B1", "B1", "B2", "B2", "C1", "C1", "C2", "C2", "D1", "D1", "D2", "D2", "D3", "WN"], "random", "random", "random"]

[lesson]
done = "Well done."

[[lesson.steps]]
say = "The North wind fits nothing in your hand: discard it. A long sentence follows so the panel is tall enough to push the hint panel down below it, as a real lesson's words would."
do = "discard"
pieces = ["WN"]
nudge = "Discard the North wind."
"""


def test_learn_glows_the_named_card_and_keeps_the_player_on_the_script(menu_app, pool, tmp_path):
    from game.core.levels import load_level
    app = menu_app
    path = tmp_path / "learn.toml"
    path.write_text(LEARN)
    level = load_level(path)
    scene = table_scene_for("kards")(app, Match(level.setup), level)
    app.stack.push(scene)
    app.stack.apply()
    assert run_until(app, my_turn(scene), 300)
    assert scene.lesson is not None
    rects = scene.lesson_piece_rects(("WN",))
    wn = next(p for p in scene.layout().by_part("hand", 0) if p.code == "WN")
    assert rects == [tuple(wn.rect)]
    app.dispatch(Intent("hint"))
    app.draw()                                           # lesson panel and the hint below it
    assert scene.hint_panel.rect[1] >= scene._lesson_bottom(app.canvas) + 10
    first = next(i for i, c in enumerate(scene.hand) if not c.startswith("WN"))
    scene.selected = first
    assert not scene.discard_selected()                  # off the script: refused with the nudge
    assert scene.match.view(0).hand_counts[0] == 14
    scene.selected = next(i for i, c in enumerate(scene.hand) if c.startswith("WN"))
    assert scene.discard_selected()
    assert scene.lesson.run.finished


@pytest.mark.parametrize("size", [(1600, 900), (1280, 720)])
@pytest.mark.parametrize("game", ["kards", "cuzzins"])
def test_the_dice_caption_stays_inside_the_wall_square(tmp_path, size, game):
    # seen at 1280x720: "Bo rolls 8: the break, 8 from the left" ran over the wall's column
    import pygame
    from game.app.app import App
    from game.core.protocol import Event
    from game.store import Store
    pygame.init()
    app = App(Store(tmp_path / "data"), size=size, levels_dir=tmp_path, atlas=None)
    try:
        app.store.settings.anim_speed = 0.0
        app.bot_pool = FakePool(auto=True)
        setup = Setup(game, tuple(SeatConfig(k, "normal", "Somebody") for k in ("human", "bot", "bot", "bot")), {}, 4)
        scene = table_scene_for(game)(app, Match(setup))
        app.stack.push(scene)
        app.stack.apply()
        step(app, 2)
        if game == "kards":
            events = [Event("dice", {"purpose": "break", "seat": 1, "faces": [6, 6]}),
                      Event("dice", {"purpose": "side", "seat": 1, "faces": [6, 6], "side": 2})]
        else:
            events = [Event("dice", {"purpose": "open", "seat": 1, "dice": [6, 6], "mano": 2, "double": True}),
                      Event("dice", {"purpose": "dealer", "seat": 1, "dice": [6, 5]})]
        inner = scene.layout().wall.inner if scene.layout().wall is not None else None
        for e in events:
            scene.present([e] + ([Event("dealer", {"seat": 1, "total": 11})] if e.data.get("purpose") == "dealer" else []))
            app.draw()
            box = pygame.FRect(scene.dice.caption_box(app.canvas))
            assert box.w > 0, scene.dice.caption
            square = inner or pygame.FRect(655, 251, 290, 290)
            assert square.contains(box), (scene.dice.caption, box, square)
    finally:
        app.shutdown()


def test_name_plates_write_scores_as_the_results_do(menu_app, pool):
    # seen in a real window: a plate read "West · 35.5" while the results said "35½ points"
    from dataclasses import replace
    from fractions import Fraction
    scene = open_table(menu_app, ["human", "bot", "bot", "bot"])
    scene.view = replace(scene.view, scores=(Fraction(71, 2), Fraction(155, 4), Fraction(-3, 4), Fraction(10)))
    infos = [d.info.split(" · ")[-1] for d in scene.seat_data()]      # (no wind yet while the seats are thrown for)
    assert infos == ["35½", "38¾", "-¾", "10"]


def test_the_challenge_goal_has_its_own_felt(menu_app, pool):
    # seen in a real window: the goal panel lay over the top seat's hand and cut its text short
    import pygame
    from game.app.tablekit import seats4
    goal = pygame.FRect(kt.KardsTable.GOAL_RECT)
    others = [pygame.FRect(r) for region in seats4.REGIONS.values() for r in region.values()]
    others += [pygame.FRect(kt.HINT_RECT), pygame.FRect(*dt.STATUS_BOX, 150), pygame.FRect(seats4.CENTRE)]
    scene = open_table(menu_app, ["human", "bot", "bot", "bot"])
    others += [pygame.FRect(b.rect) for b in scene.buttons] + [pygame.FRect(scene.sort_button.rect)]
    assert not [r for r in others if goal.colliderect(r)]


def test_a_dice_caption_never_leaves_its_number_alone_on_a_line(menu_app, pool):
    # seen in a real window: "Seating: Player 2 rolls" over a lone "1"
    scene = open_table(menu_app, ["human", "bot", "bot", "bot"])
    scene.dice.caption = "Seating: Player 2 rolls 1"
    lines = scene.dice.caption_lines(menu_app.canvas)
    assert len(lines) == 2 and all(" " in line for line in lines), lines
    assert " ".join(lines) == scene.dice.caption
    for line in lines:
        from game.app import theme
        assert menu_app.canvas.measure(line, theme.SMALL, True)[0] <= scene.dice.caption_width


def test_plates_show_the_settled_scores_while_an_ended_round_lies_open(menu_app, pool):
    # seen in a real window: a replay's last move (and the game's last hand on show) gave the plates
    # the scores from before that hand, while the game over screen gave the winner 102½
    app = menu_app
    app.store.settings.anim_speed = 10.0
    scene = open_table(app, ["bot"] * 4, seed=11)
    seen = []

    def watch():
        if scene._reveal is not None and not isinstance(app.stack.top, ResultsScene):
            seen.append(([d.info.split(" · ")[1] for d in scene.seat_data()], scene.view.scores,
                         scene._reveal[0].scores))
        return isinstance(app.stack.top, ResultsScene)

    assert run_until(app, watch, 40000)
    infos, settled, before = seen[-1]
    assert settled != before                   # the hand moved the scores
    assert infos == [kt.fmt_value(x) for x in settled]


def test_the_hint_puts_a_free_concealed_kong_before_any_discard(menu_app, pool):
    # East holds four 5 Bamboo: the shape alone would ring a 5 Bamboo to throw away
    four = ["B5", "B5", "B5", "B5", "C1", "C2", "C3", "D4", "D5", "D7", "D8", "WE", "WE", "DG"]
    app = menu_app
    scene = open_table(app, ["human", "bot", "bot", "bot"], {"east": 0, "hands": [four, None, None, None]})
    assert run_until(app, lambda: scene.my_turn, 300)          # East may declare kongs before the first discard
    assert any(isinstance(a, kt.ConcealedKong) for a in scene.legal)
    app.dispatch(Intent("hint"))
    app.stack.apply()
    lines = scene.hint_lines()
    assert lines[0].startswith("Concealed kong: a kong of ") and "no step" in lines[0]
    assert not any("Suggested discard" in t for t in lines)
    assert not any(p.mark for p in scene.layout().by_part("hand", 0))       # no card ringed to throw
    app.draw()
