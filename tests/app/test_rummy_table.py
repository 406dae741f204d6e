"""The Mahjong Rummy table scene, driven through intents (as mouse, keyboard and tests all are)."""

from dataclasses import replace
from pathlib import Path

from game.app.input import Intent
from game.app.scenes.handoff import HandoffScene
from game.app.tables import table_scene_for
from game.app.tables.rummy import RummyTable
from game.core.match import Match
from game.core.protocol import SeatConfig, Setup
from game.rules.rummy import Draw, PlayTurn
from tests.app.app_helpers import run_until, step

ROOT = Path(__file__).resolve().parents[2]


def make_table(app, hands=None, table=None, opened=None, kinds=("human", "bot", "bot", "bot"), options=None,
               speed=0.0, seed=3):
    app.store.settings.anim_speed = speed
    deal = {"hands": hands or [None]}
    if table is not None:
        deal["table"] = table
    if opened is not None:
        deal["opened"] = opened
    setup = Setup("rummy", tuple(SeatConfig(k, "normal", "") for k in kinds), dict(options or {"rounds": 4}),
                  seed, deal)
    scene = RummyTable(app, Match(setup))
    app.stack.push(scene)
    app.stack.apply()
    step(app, 2)
    return scene


def tile(scene, kind, where="hand"):
    """The id of a tile of this kind in the viewer's working hand (or anywhere on the working table)."""
    pool = scene.work.hand if where == "hand" else [t for s in scene.work.sets for t in s.tiles]
    return next(t for t in pool if t.split("#")[0] == kind)


def centre(scene, key):
    return scene.lay.places[key].rect.center


def drag(app, scene, key, dst):
    src = centre(scene, key)
    for kind, pos in (("press", src), ("drag_start", src), ("drag_move", dst), ("drop", dst)):
        app.dispatch(Intent(kind, pos))
    app.stack.apply()


def to_new_set(app, scene, key):
    drag(app, scene, key, scene.lay.new_slot.center)


def onto(app, scene, key, other):
    drag(app, scene, key, centre(scene, other))


def click_button(app, scene, name):
    pos = scene.buttons[name].rect.center
    app.dispatch(Intent("press", pos))
    app.dispatch(Intent("select", pos))
    app.stack.apply()


def record_drawn(monkeypatch):
    """A list that fills with (tag, frame) of every visible sprite the table draws."""
    from game.app.tables import rummy_draw
    seen = []
    orig = rummy_draw.draw_pieces

    def record(canvas, sprites):
        sprites = list(sprites)
        seen.extend((s.tag, s.shown_frame) for s in sprites if s.visible)
        orig(canvas, sprites)

    monkeypatch.setattr(rummy_draw, "draw_pieces", record)
    return seen




OPENING_HAND = ["B1", "B2", "B3", "C5", "C5", "C5", "DR", "D4", "D5", "WE", "WS", "DG", "B9", "C1"]


def test_the_registry_finds_the_rummy_table():
    assert table_scene_for("rummy") is RummyTable


def lay_the_opening(app, scene):
    """OPENING_HAND's opening by dragging: B1 B2 B3 and three C5 as two new sets."""
    b1 = tile(scene, "B1")
    to_new_set(app, scene, b1)
    onto(app, scene, tile(scene, "B2"), b1)
    onto(app, scene, tile(scene, "B3"), b1)
    c5 = tile(scene, "C5")
    to_new_set(app, scene, c5)
    onto(app, scene, tile(scene, "C5"), c5)
    onto(app, scene, tile(scene, "C5"), c5)


def test_a_legal_opening_made_by_dragging_then_done_plays_the_turn(app):
    scene = make_table(app, hands=[OPENING_HAND])
    assert scene.my_turn and scene.lay.new_slot is not None
    lay_the_opening(app, scene)
    assert [len(s.tiles) for s in scene.work.sets] == [3, 3]
    v = scene.work.check()
    assert v.ok and v.opens and all(st.ok for st in v.set_status)
    click_button(app, scene, "done")
    assert len(scene.match.log) >= 1
    first = scene.match.log[0]
    action = scene.rules.decode_action(first.action)
    assert first.seat == 0 and isinstance(action, PlayTurn)
    assert sorted(map(sorted, action.table)) == sorted(map(sorted, (("B1#1", "B2#1", "B3#1"),
                                                                    ("C5#1", "C5#2", "C5#3"))))
    assert scene.match.state.opened[0]


def test_enter_at_the_next_turn_draws_after_a_turn_ended_with_done_by_keyboard(app):
    """A keyboard player who ended a turn on Done meets the next turn with Enter on Draw (the gold
    button, and what the hint's "(Enter)" means), not on Done, which would only be refused."""
    scene = make_table(app, hands=[OPENING_HAND])
    lay_the_opening(app, scene)
    scene.cursor = ("button", "done")
    app.dispatch(Intent("confirm"))
    app.stack.apply()
    assert len(scene.match.log) >= 1 and scene.match.log[0].seat == 0
    assert run_until(app, lambda: scene.my_turn)
    assert scene.cursor == ("button", "draw") and scene.buttons["draw"].primary
    mine = len(scene.match.log)
    app.dispatch(Intent("confirm"))
    app.stack.apply()
    assert len(scene.match.log) > mine and scene.match.log[mine].seat == 0
    assert isinstance(scene.rules.decode_action(scene.match.log[mine].action), Draw)
    assert scene.banner.text in ("", None)                # nothing refused


def test_an_invalid_done_keeps_the_turn_and_names_the_rule(app):
    scene = make_table(app, hands=[OPENING_HAND])
    b1 = tile(scene, "B1")
    to_new_set(app, scene, b1)
    onto(app, scene, tile(scene, "B2"), b1)
    # live colouring: the two-tile set is invalid, with its reason
    st = scene.work.check().set_status[0]
    assert not st.ok and "3" in st.reason
    scene.pointer = centre(scene, b1)
    assert "Not a valid set" in scene._tooltip_text()
    click_button(app, scene, "done")
    assert scene.match.log == []
    assert scene.my_turn
    title, message = scene.banner.title, scene.banner.text
    from game.rules.rummy import RULE_TITLES
    assert title == RULE_TITLES["GR-3"] and "set 1" in message      # the rule by name; its id is ours
    assert "Golden rule" not in message                             # said once, in the title
    assert scene.flash_sets == {0}
    step(app, 3)                      # drawn without trouble
    app.dispatch(Intent("back"))      # Esc puts the refusal away; only the next Esc asks to leave
    app.stack.apply()
    assert not scene.banner.visible and not scene.flash_sets and app.stack.top is scene


def test_undo_and_reset_restore_the_working_table(app):
    scene = make_table(app, hands=[OPENING_HAND])
    start_hand = sorted(scene.work.hand)
    b1 = tile(scene, "B1")
    to_new_set(app, scene, b1)
    onto(app, scene, tile(scene, "B2"), b1)
    after_one = [list(s.tiles) for s in scene.work.sets]
    onto(app, scene, tile(scene, "B3"), b1)
    assert len(scene.work.sets[0].tiles) == 3
    app.dispatch(Intent("char", char="u"))            # U: one step back
    assert [list(s.tiles) for s in scene.work.sets] == after_one
    onto(app, scene, tile(scene, "C5"), b1)
    click_button(app, scene, "undo")
    assert [list(s.tiles) for s in scene.work.sets] == after_one
    app.dispatch(Intent("char", char="r"))            # R: the whole turn
    assert scene.work.sets == [] and sorted(scene.work.hand) == start_hand
    assert not scene.work.dirty and scene.match.log == []


def test_tiles_go_back_to_the_hand_but_table_tiles_stay_in_play(app):
    scene = make_table(app, hands=[["C7", "C7"]], opened=[True] * 4,
                       table=[{"owner": 0, "tiles": ["WE", "WE", "WE"]},
                              {"owner": 1, "tiles": ["C4", "C5", "C6", "C7"]}])
    c7 = tile(scene, "C7")
    to_new_set(app, scene, c7)
    drag(app, scene, c7, scene.lay.hand_rect.center)
    assert c7 in scene.work.hand and len(scene.work.sets) == 2
    we = tile(scene, "WE", "table")
    drag(app, scene, we, scene.lay.hand_rect.center)
    assert we not in scene.work.hand and "stay in play" in scene.toasts.texts[-1]


def test_borrowing_puzzle_by_keyboard(app):
    """Puzzle 1: take East's 7 of Characters and lay three 7s, with arrows and Enter only."""
    scene = make_table(app, hands=[["C7", "C7"]], opened=[True] * 4,
                       table=[{"owner": 0, "tiles": ["WE", "WE", "WE"]},
                              {"owner": 1, "tiles": ["C4", "C5", "C6", "C7"]},
                              {"owner": 2, "tiles": ["D2", "D3", "D4"]}])

    def put_cursor(target):
        """Walk the cursor there with the right arrow, as a player would."""
        for _ in range(200):
            app.dispatch(Intent("right"))
            if scene.cursor == target:
                return
        raise AssertionError(f"the cursor never reached {target}")

    east7 = next(t for s in scene.work.sets if s.area == 1 for t in s.tiles if t.startswith("C7"))
    put_cursor(("tile", east7))
    app.dispatch(Intent("confirm"))            # select East's 7
    assert scene.fan.selected == [east7]
    put_cursor(("new",))
    app.dispatch(Intent("confirm"))            # a new set
    assert scene.fan.selected == []
    for t in list(scene.work.hand):
        put_cursor(("tile", t))
        app.dispatch(Intent("confirm"))
        put_cursor(("tile", east7))
        app.dispatch(Intent("confirm"))
    assert scene.work.check().ok
    put_cursor(("button", "done"))
    app.dispatch(Intent("confirm"))
    app.stack.apply()
    assert len(scene.match.log) >= 1 and isinstance(scene.rules.decode_action(scene.match.log[0].action), PlayTurn)
    assert len(scene.match.state.round_scores) == 1          # North went out: the round is over
    from game.app.scenes.results import ResultsScene
    results = app.stack.top
    assert isinstance(results, ResultsScene)
    results.done()                                           # on to round 2: dealt afresh
    app.stack.apply()
    step(app, 3)
    assert app.stack.top is scene and scene.stage.phase == "play"
    assert scene.view.round_number == 2 and len(scene.lay.hand_order) == len(scene.view.hand) >= 14


def test_a_dragon_that_fits_several_ways_asks_which_value(app):
    scene = make_table(app, hands=[OPENING_HAND])
    d4 = tile(scene, "D4")
    to_new_set(app, scene, d4)
    onto(app, scene, tile(scene, "D5"), d4)
    dr = tile(scene, "DR")
    onto(app, scene, dr, d4)
    ch = scene.chooser
    assert ch is not None and all(set(o.value) == {dr} for o in ch.options)
    assert sorted(o.value[dr] for o in ch.options) == ["D3", "D6"]
    step(app, 1)                                   # the chooser is drawn
    pos = ch.ui.widgets[[o.value[dr] for o in ch.options].index("D6")].rect.center
    app.dispatch(Intent("select", pos))
    assert scene.chooser is None and scene.work.new_values == {dr: "D6"}
    assert scene.work.check().set_status[0].ok


def test_dropping_a_natural_on_its_dragon_swaps_them(app):
    scene = make_table(app, hands=[["B5", "B9", "C1"]], opened=[True] * 4,
                       table=[{"owner": 1, "tiles": ["B3", "B4", "DR=B5"]}])
    b5 = tile(scene, "B5")
    dr = tile(scene, "DR", "table")
    onto(app, scene, b5, dr)
    assert scene.work.swaps == [(dr, b5)]
    assert dr in scene.work.hand and b5 in scene.work.sets[0].tiles
    v = scene.work.check()
    assert v.ok and v.swaps == ((dr, b5),)


def test_the_turn_timer_reverts_and_draws(app):
    scene = make_table(app, hands=[OPENING_HAND], options={"rounds": 4, "turn_timer": 1})
    to_new_set(app, scene, tile(scene, "B1"))
    assert scene.work.dirty and scene.timer_left is not None
    step(app, 70)                                    # a little over one second
    assert scene.match.log, "the timer did not end the turn"
    first = scene.match.log[0]
    assert first.seat == 0 and isinstance(scene.rules.decode_action(first.action), Draw)
    assert len(scene.match.state.hands[0]) == 15
    assert "Time is up" in " ".join(scene.toasts.texts)


def test_another_seats_tiles_are_only_ever_drawn_face_down(app, monkeypatch):
    """Watch bots play (wash, deal, turns) from seat 0: every sprite drawn for another seat's hand is
    `tile/back`, and no sprite ever holds a tile that is in another seat's hand."""
    scene = make_table(app, kinds=("bot", "bot", "bot", "bot"), speed=2.0, seed=11)
    assert scene.viewer == 0
    seen = record_drawn(monkeypatch)
    leaks = []
    frames = 0
    while (frames < 500 or len(scene.match.log) < 6) and frames < 12_000:   # bounded in frames, not seconds
        if scene._bot_job is not None:
            scene._bot_job[2].result(timeout=30)
        step(app)
        frames += 1
        hidden = {t for s in (1, 2, 3) for t in scene.match.state.hands[s]}
        leaks += [k for k in scene.stage.sprites if k in hidden]
    assert len(scene.match.log) >= 4, "the bots did not play"
    assert not leaks
    others = [(tag, f) for tag, f in seen if tag and tag[0] in ("back", "hand") and tag[1] != 0]
    assert others and all(f == "tile/back" for _, f in others)
    assert not [1 for tag, _ in seen if tag and tag[0] == "hand" and tag[1] != 0]


def test_replay_last_turn_reanimates_the_previous_turn(app):
    scene = make_table(app, hands=[OPENING_HAND], speed=0.0)
    click_button(app, scene, "draw")
    assert run_until(app, lambda: len(scene.match.log) >= 4 and scene.my_turn and not scene.presenting())
    assert scene._last_turn is not None and scene.buttons["replay"].enabled
    app.store.settings.anim_speed = 1.0
    now = {k: (round(s.x), round(s.y)) for k, s in scene.stage.sprites.items()}
    click_button(app, scene, "replay")
    assert scene.tweens.busy                      # the turn is being shown again
    moved = [k for k, s in scene.stage.sprites.items() if (round(s.x), round(s.y)) != now.get(k)]
    assert moved
    step(app, 240)
    assert not scene.tweens.busy
    assert {k: (round(s.x), round(s.y)) for k, s in scene.stage.sprites.items()} == now
    assert scene.work.view is scene.view


def test_hot_seat_curtain_hides_the_hand_and_rebuilds_for_the_next_player(app, monkeypatch):
    scene = make_table(app, kinds=("human", "human", "bot", "bot"), hands=[OPENING_HAND])
    top = app.stack.top
    assert isinstance(top, HandoffScene) and scene.viewer is None
    drawn = []
    monkeypatch.setattr(RummyTable, "draw_table", lambda self, canvas, view: drawn.append(view.seat))
    top.confirm()
    assert run_until(app, lambda: app.stack.top is scene)
    assert scene.viewer == 0
    monkeypatch.undo()
    click_button(app, scene, "draw")
    app.stack.apply()
    north_hand = set(scene.match.state.hands[0])
    assert isinstance(app.stack.top, HandoffScene)
    drawn.clear()
    monkeypatch.setattr(RummyTable, "draw_table", lambda self, canvas, view: drawn.append(view.seat))
    step(app, 3)
    assert drawn == []                               # nothing of the table under the curtain
    monkeypatch.undo()
    app.dispatch(Intent("confirm"))
    assert run_until(app, lambda: app.stack.top is scene)
    assert scene.viewer == 1
    assert not (set(scene.stage.sprites) & north_hand)
    assert all(k[0] == "back" for k in scene.stage.sprites if isinstance(k, tuple) and k[1] == 0)


def test_sort_and_arrange_into_sets(app):
    scene = make_table(app, hands=[OPENING_HAND])
    click_button(app, scene, "number")
    order = scene.lay.hand_order
    assert [t.split("#")[0] for t in order[:3]] == ["B1", "C1", "B2"]
    click_button(app, scene, "sets")
    order = [t.split("#")[0] for t in scene.lay.hand_order]
    assert order[:3] == ["B1", "B2", "B3"] and order[3:6] == ["C5", "C5", "C5"]


def test_autoplay_runs_many_frames_without_errors(store, levels_dir):
    from game.app.app import App
    from game.core.levels import load_level
    app = App(store, size=(800, 450), levels_dir=levels_dir, autoplay=True, atlas="load", catch_errors=True)
    store.settings.anim_speed = 2.0
    level = load_level(ROOT / "levels" / "rummy" / "quick.toml")
    # a fixed seed: with a random one a round may end within the first 8 moves (seed 1518613749 went
    # out at move 6) and the count stops while the round's results are up
    app.start_game(replace(level.fresh_setup(), seed=7), level)
    app.stack.apply()
    scene = app.stack.top
    assert isinstance(scene, RummyTable) and all(s.kind == "bot" for s in scene.setup.seats)
    frames = 0
    # Bounded in frames, not seconds: the test waits for each bot answer, so progress per frame does
    # not depend on how busy the machine is.
    while (frames < 400 or len(scene.match.log) < 8) and frames < 12_000:
        if scene._bot_job is not None:     # frames never wait for a bot; this test does
            scene._bot_job[2].result(timeout=30)
        app.tick(1 / 60)
        frames += 1
    assert app.errors == []
    assert len(scene.match.log) >= 8, (scene.setup.seed, scene.presenting(), scene.stage.phase, app.running,
                                       [t[0] for t in scene.toasts.items])
    app.shutdown()


def test_continue_shows_the_saved_position(app):
    scene = make_table(app, hands=[OPENING_HAND])
    click_button(app, scene, "draw")
    assert run_until(app, lambda: len(scene.match.log) >= 2)
    saved = app.store.load_autosave()
    again = RummyTable(app, Match.from_json(saved))
    app.stack.push(again)
    app.stack.apply()
    step(app, 2)
    n = len(saved["log"])
    assert again.stage.phase == "play" and [e.to_json() for e in again.match.log[:n]] == saved["log"]
    assert sorted(again.lay.hand_order) == sorted(again.view.hand)
    assert len(again.stage.heap) == again.view.pool_count


def test_replay_shows_every_turn_since_yours_one_after_another(app):
    scene = make_table(app, hands=[OPENING_HAND], speed=0.0)
    click_button(app, scene, "draw")
    assert run_until(app, lambda: len(scene.match.log) >= 4 and scene.my_turn and not scene.presenting())
    others = [e.seat for e in scene.match.log[1:]]
    assert others == [1, 2, 3]                     # East, South and West played after North's draw
    app.store.settings.anim_speed = 1.0
    now = {k: (round(s.x), round(s.y)) for k, s in scene.stage.sprites.items()}
    click_button(app, scene, "replay")
    assert len(scene.presenter) == 2 and scene.presenting()   # the first of three is on screen
    assert not scene.my_turn or scene.presenting()                 # bots and input wait for it
    step(app, 900)
    assert not scene.presenter.busy and not scene.tweens.busy
    assert {k: (round(s.x), round(s.y)) for k, s in scene.stage.sprites.items()} == now
    assert scene.work.view is scene.view


def test_continue_brings_back_the_last_turns_and_their_replay(app):
    """Left mid-round and opened again: the round's turns are still listed and can be replayed."""
    scene = make_table(app, hands=[OPENING_HAND], speed=0.0)
    click_button(app, scene, "draw")
    assert run_until(app, lambda: len(scene.match.log) >= 4 and scene.my_turn and not scene.presenting())
    notes, history = list(scene.notes), list(scene._history)
    assert notes and scene.buttons["replay"].enabled
    again = RummyTable(app, Match.from_json(app.store.load_autosave()))
    app.stack.push(again)
    app.stack.apply()
    step(app, 2)
    assert again._history == history and again.notes == notes
    assert again.buttons["replay"].enabled
    click_button(app, again, "replay")
    assert again.presenting()
