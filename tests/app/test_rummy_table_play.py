"""Mahjong Rummy table in play: skipping the deal, hot-seat privacy, the main button, set order,
click selection, the hint preview, notes on other turns, and labels kept clear of the pieces."""

from game.app.input import Intent
from game.app.scenes.handoff import HandoffScene
from game.app.tables.rummy import RummyTable
from game.app.tables.rummy_present import DEAL, PLAY, WASH
from tests.app.app_helpers import step
from tests.app.test_rummy_table import OPENING_HAND, click_button, make_table, record_drawn, run_until


def test_skipping_the_deal_still_gives_the_new_set_slot(app):
    """S pressed while the tiles are being dealt (right after the wash) used to jump to play with the
    deal's layout, which has no "+ new set" slot: the player could play nothing."""
    from game.core.levels import load_level
    from tests.app.test_rummy_table import ROOT
    app.store.settings.anim_speed = 1.0
    level = load_level(ROOT / "levels" / "rummy" / "hotseat-2.toml")
    app.start_game(level.fresh_setup(), level)
    app.stack.apply()
    scene = next(s for s in app.stack.scenes if isinstance(s, RummyTable))
    assert isinstance(app.stack.top, HandoffScene)
    app.dispatch(Intent("confirm"))                  # Space at the curtain
    assert run_until(app, lambda: app.stack.top is scene)
    assert scene.stage.phase == WASH
    assert run_until(app, lambda: scene.stage.phase == DEAL)
    step(app, 3)
    app.dispatch(Intent("skip"))
    app.stack.apply()
    assert scene.stage.phase == PLAY and scene.my_turn
    assert scene.lay.new_slot is not None


def test_skipping_the_wash_gives_the_new_set_slot(app):
    scene = make_table(app, hands=[OPENING_HAND], speed=1.0)
    assert scene.stage.phase == WASH
    app.dispatch(Intent("skip"))
    app.stack.apply()
    assert scene.stage.phase == PLAY and scene.lay.new_slot is not None


def test_hot_seat_hides_the_last_hand_before_the_bots_play(app, monkeypatch):
    """Player 2 (seat 1) ends the turn; South and West (bots) play before Player 1's curtain. From the
    moment player 2's turn ends until that curtain, no face of player 2's hand may be drawn."""
    scene = make_table(app, kinds=("human", "human", "bot", "bot"), hands=[OPENING_HAND], speed=1.0)
    for seat in (0, 1):
        assert isinstance(app.stack.top, HandoffScene)
        app.dispatch(Intent("confirm"))
        assert run_until(app, lambda: app.stack.top is scene and not scene.presenting())
        assert scene.viewer == seat and scene.my_turn
        if seat == 0:
            click_button(app, scene, "draw")
    hand = set(scene.match.state.hands[1])
    seen = record_drawn(monkeypatch)
    click_button(app, scene, "draw")
    assert scene.viewer is None and scene.bottom_seat == 1          # same orientation, no hand shown
    assert scene.notes[-1] == f"{scene.name_of(1)} drew a tile."       # said in public words only
    assert not (set(scene.stage.sprites) & hand)
    hand |= set(scene.match.state.hands[1])                            # the drawn tile too
    frames = 0
    while app.stack.top is scene and frames < 4000:
        if scene._bot_job is not None:
            scene._bot_job[2].result(timeout=30)
        step(app)
        frames += 1
        assert not (set(scene.stage.sprites) & hand), "a face of the last player's hand is on the table"
    assert isinstance(app.stack.top, HandoffScene), "the bots never handed over to player 1"
    assert len(scene.match.log) >= 4                                   # both bots played meanwhile
    assert seen and not [1 for tag, _ in seen if tag and tag[0] == "hand"]
    assert all(f == "tile/back" for tag, f in seen if tag and tag[0] == "back")


def _build(app, scene, kinds):
    """Put hand tiles of these kinds into one new set, in this order (by dragging)."""
    from tests.app.test_rummy_table import onto, tile, to_new_set
    first = tile(scene, kinds[0])
    to_new_set(app, scene, first)
    for k in kinds[1:]:
        onto(app, scene, tile(scene, k), first)
    return first


def test_draw_is_the_main_button_until_a_tile_is_placed(app):
    scene = make_table(app, hands=[OPENING_HAND])
    step(app)
    assert scene.buttons["draw"].primary and not scene.buttons["done"].primary
    _build(app, scene, ["B1"])
    step(app)
    assert not scene.buttons["draw"].primary     # nor Done, which would be refused (see test_rummy_table_keys)


def test_done_outlines_only_the_sets_that_fail(app):
    scene = make_table(app, hands=[OPENING_HAND])
    _build(app, scene, ["B1", "B2", "B3"])
    _build(app, scene, ["C5", "C5"])
    click_button(app, scene, "done")
    assert scene.match.log == [] and scene.banner.visible
    ok = [i for i, st in enumerate(scene.work.check().set_status) if st.ok]
    assert ok and not (scene.flash_sets & set(ok))
    assert scene.flash_sets == {i for i, st in enumerate(scene.work.check().set_status) if not st.ok}


def test_sets_show_in_value_order_while_built_and_the_hand_count_follows(app):
    hand = ["B2", "B4", "B5", "B6", "B7", "DR", "C1", "C9", "D1", "D9", "WE", "WS", "WW", "WN"]
    scene = make_table(app, hands=[hand])
    assert scene.shown_hand_count(0) == 14
    _build(app, scene, ["B2", "B4", "B5", "B6", "B7", "DR"])
    box = scene.lay.sets[0]
    assert [k.split("#")[0] for k in box.keys] == ["B2", "DR", "B4", "B5", "B6", "B7"]
    xs = [scene.lay.places[k].x for k in box.keys]
    assert xs == sorted(xs)
    assert scene.shown_hand_count(0) == 8
    assert scene.shown_hand_count(1) == 14


def click(app, pos):
    app.dispatch(Intent("press", pos))
    app.dispatch(Intent("select", pos))
    app.stack.apply()


def test_click_several_tiles_then_new_set_places_them_together(app):
    from tests.app.test_rummy_table import centre, tile
    scene = make_table(app, hands=[OPENING_HAND])
    picks = [tile(scene, k) for k in ("B1", "B2", "B3")]
    for t in picks:
        click(app, centre(scene, t))
    assert scene.fan.selected == picks
    assert scene.lay.places[picks[0]].y < scene.lay.places[tile(scene, "C1")].y      # raised
    click(app, centre(scene, picks[1]))                                               # a second click unselects
    assert scene.fan.selected == [picks[0], picks[2]]
    click(app, centre(scene, picks[1]))
    click(app, scene.lay.new_slot.center)
    assert scene.fan.selected == [] and [sorted(s.tiles) for s in scene.work.sets] == [sorted(picks)]
    assert scene.work.check().set_status[0].ok
    # more tiles onto that set by clicking one of its tiles
    c5s = [t for t in scene.work.hand if t.startswith("C5")]
    click(app, centre(scene, c5s[0]))
    click(app, scene.lay.new_slot.center)
    for t in c5s[1:]:
        click(app, centre(scene, t))
    click(app, centre(scene, c5s[0]))
    assert sorted(scene.work.sets[1].tiles) == sorted(c5s) and scene.work.check().ok
    # one Undo takes back a group placed together
    click_button(app, scene, "undo")
    assert len(scene.work.sets[1].tiles) == 1
    # a set tile clicked, then the hand: back to the hand
    click(app, centre(scene, picks[0]))
    click(app, (scene.lay.hand_rect.right - 4, scene.lay.hand_rect.centery))
    assert picks[0] in scene.work.hand
    # Esc clears a selection
    click(app, centre(scene, tile(scene, "WE")))
    app.dispatch(Intent("back"))
    assert scene.fan.selected == []


def test_a_borrowed_tile_and_hand_tiles_clicked_together_make_a_new_set(app):
    """Learn's last step, played by clicks: the 7 off East's run 4-5-6-7, then the two 7s in the hand,
    then "+ new set". The first hand click used to try to send the borrowed 7 to the hand (refused:
    it was in play) and lost the selection."""
    from tests.app.test_rummy_table import centre
    scene = _puzzle(app)
    east7 = next(t for t in scene.work.sets[1].tiles if t.startswith("C7"))
    mine = [t for t in scene.work.hand if t.startswith("C7")]
    for t in [east7, *mine]:
        click(app, centre(scene, t))
    assert sorted(scene.fan.selected) == sorted([east7, *mine])
    click(app, scene.lay.new_slot.center)
    assert sorted(scene.work.sets[-1].tiles) == sorted([east7, *mine]) and scene.work.check().ok


def test_keyboard_selects_several_tiles_and_places_them(app):
    scene = make_table(app, hands=[OPENING_HAND])
    picks = [next(t for t in scene.work.hand if t.startswith(k)) for k in ("B1", "B2", "B3")]

    for t in picks:
        move_cursor_to(app, scene, ("tile", t))
        app.dispatch(Intent("confirm"))
    assert scene.fan.selected == picks
    move_cursor_to(app, scene, ("new",))
    app.dispatch(Intent("confirm"))
    assert [sorted(s.tiles) for s in scene.work.sets] == [sorted(picks)]


def test_a_bot_turn_that_takes_from_your_set_says_what_moved_from_where(app):
    from game.rules.rummy import PlayTurn
    east = ["B7", "B8", "C1", "C3", "C5", "C9", "D1", "D3", "D7", "D9", "WE", "WS", "DG", "DW"]
    scene = make_table(app, hands=[OPENING_HAND, east], opened=[True] * 4,
                       table=[{"owner": 0, "tiles": ["B3", "B4", "B5", "B6"]}])
    click_button(app, scene, "draw")
    run = scene.view.table[0].tiles
    six = next(t for t in run if t.startswith("B6"))
    hand = scene.match.state.hands[1]
    b7, b8 = (next(t for t in hand if t.startswith(k)) for k in ("B7", "B8"))
    rest = tuple(t for t in run if t != six)
    assert scene.act_as(1, PlayTurn((rest, (six, b7, b8))))
    note = scene.notes[-1]
    assert note.startswith(f"{scene.name_of(1)} laid a new run 6-7-8 Bamboo"), note
    assert "6 Bamboo taken from your run 3-4-5-6 Bamboo" in note and "from the hand" in note
    step(app, 2)                                       # the notes panel draws it


def _puzzle(app):
    """North holds two 7 Characters; East's run 4-5-6-7 Characters lends the third (the keyboard puzzle)."""
    return make_table(app, hands=[["C7", "C7", "B1", "D9"]], opened=[True] * 4,
                      table=[{"owner": 0, "tiles": ["WE", "WE", "WE"]},
                             {"owner": 1, "tiles": ["C4", "C5", "C6", "C7"]},
                             {"owner": 2, "tiles": ["D2", "D3", "D4"]}])


def _suggested(scene):
    from game.rules.rummy import PlayTurn
    east7 = next(t for s in scene.view.table if s.owner == 1 for t in s.tiles if t.startswith("C7"))
    mine = [t for t in scene.view.hand if t.startswith("C7")]
    table = [tuple(s.tiles) for s in scene.view.table]
    table[1] = tuple(t for t in table[1] if t != east7)
    return PlayTurn(tuple(table) + ((east7, *mine),)), east7, mine


def test_a_hint_is_previewed_on_the_table_with_borrowed_tiles_and_steps(app):
    scene = _puzzle(app)
    action, east7, mine = _suggested(scene)
    before = [list(s.tiles) for s in scene.work.sets]
    scene.show_hint(action)
    pv = scene.preview
    assert pv is not None and scene.work is pv.work
    assert pv.borrowed == {east7} and pv.from_hand == set(mine)
    assert any(east7 in b.keys for b in scene.lay.sets if len(b.keys) == 3)      # shown where it would go
    assert len(pv.steps) == 1 and pv.steps[0].text.startswith("Borrow 7 Characters from East's run 4-5-6-7")
    step(app, 2)                                                                  # drawn: the panel's rects
    assert {"prev", "next", "accept", "cancel"} <= set(pv.rects)
    # step through by keys, then by the mouse
    app.dispatch(Intent("right"))
    assert pv.step == 0 and pv.focus_tiles == {east7, *mine}
    app.dispatch(Intent("right"))
    assert pv.step == -1
    from tests.app.test_rummy_table_play import click
    click(app, pv.rects["next"].center)
    assert pv.step == 0
    # Esc puts the player's own table back
    app.dispatch(Intent("back"))
    assert scene.preview is None and [list(s.tiles) for s in scene.work.sets] == before
    # again, and accept with Enter: the turn is on the working table, Done plays it
    scene.show_hint(action)
    app.dispatch(Intent("confirm"))
    assert scene.preview is None and scene.work.check().ok and scene.work.dirty
    click_button(app, scene, "done")
    assert len(scene.match.log) == 1 and scene.match.log[0].seat == 0


def test_enter_twice_accepts_a_hint_then_plays_it(app):
    """A keyboard player who accepts the hint with Enter and presses Enter again plays the turn: the
    second Enter used to select whichever hand tile the cursor sat on."""
    scene = _puzzle(app)
    action, _, _ = _suggested(scene)
    scene.show_hint(action)
    app.dispatch(Intent("confirm"))
    assert scene.preview is None and scene.work.dirty
    app.dispatch(Intent("confirm"))
    app.stack.apply()
    assert len(scene.match.log) == 1 and scene.match.log[0].seat == 0


def test_accepting_a_hint_by_mouse_then_undo_goes_back(app):
    scene = _puzzle(app)
    action, _, _ = _suggested(scene)
    scene.show_hint(action)
    step(app, 1)
    from tests.app.test_rummy_table_play import click
    click(app, scene.preview.rects["accept"].center)
    assert scene.preview is None and scene.work.check().ok
    click_button(app, scene, "undo")
    assert not scene.work.dirty and len(scene.work.sets) == 3


def test_a_draw_hint_points_at_the_draw_button(app):
    from game.rules.rummy import Draw
    scene = make_table(app, hands=[OPENING_HAND])
    scene.show_hint(Draw())
    assert scene.hint_ring is not None and scene.hint_ring[0] == "draw"
    step(app, 2)


def test_enter_after_a_draw_hint_draws(app):
    """Seen in a real window: the cursor sat on Done from the last turn, so Enter after the hint
    said "draw a tile" pressed Done and was refused (no tile from the hand)."""
    from game.rules.rummy import Draw
    scene = make_table(app, hands=[OPENING_HAND])
    scene.keyboard, scene.cursor = True, ("button", "done")
    scene.show_hint(Draw())
    app.dispatch(Intent("confirm"))
    app.stack.apply()
    assert len(scene.match.log) == 1 and "draw" in scene.match.log[0].action


def test_the_h_key_asks_the_bot_and_previews_its_turn(app):
    scene = _puzzle(app)
    app.dispatch(Intent("hint"))
    assert run_until(app, lambda: not scene.hint_pending())
    assert scene.preview is not None and scene.preview.work.check().ok
    assert scene.preview.borrowed                       # the only way out borrows East's 7


def test_labels_keep_clear_of_the_hand_nameplates_and_rail(app):
    from game.app import theme
    from game.app.tables import rummy_layout as L
    import pygame
    scene = make_table(app, hands=[OPENING_HAND], speed=1.0)
    assert scene.stage.phase == WASH and "136" in scene.pool_label()
    app.dispatch(Intent("skip"))
    app.stack.apply()
    assert scene.pool_label() == f"Pool: {scene.view.pool_count} tiles"
    hand_top = min(p.rect.top for p in scene.lay.places.values() if p.zone == "hand")
    assert L.HAND[1] <= hand_top                 # (messages stay above HAND: test_toasts_cover_no_tile...)
    # a set's tooltip sits beside the set, clear of every nameplate and of the hand
    _build(app, scene, ["B1", "B2", "B3"])
    scene.pointer = scene.lay.sets[0].rect.center
    r = scene.tooltip_rect(300, 60)
    plates = [pygame.FRect(L.AREAS[p]["plate"]) for p in L.AREAS]
    assert not any(r.colliderect(p) for p in plates) and r.bottom <= L.HAND[1]
    assert not r.colliderect(scene.lay.new_slot)                          # the slot stays clickable
    # every piece lies inside the wooden rail
    inner = pygame.FRect(theme.RAIL_WIDTH, theme.RAIL_WIDTH, 1600 - 2 * theme.RAIL_WIDTH, 900 - 2 * theme.RAIL_WIDTH)
    assert all(inner.contains(p.rect) for p in scene.lay.places.values())
    assert all(inner.contains(pygame.FRect(p)) for p in [a["plate"] for a in L.AREAS.values()])


def test_the_pool_heap_keeps_its_shape_across_a_resize(app):
    import pygame
    scene = make_table(app, hands=[OPENING_HAND], speed=1.0)
    app.dispatch(Intent("skip"))
    app.stack.apply()
    step(app, 2)
    before = [(s.x, s.y, s.rotation) for s in scene.stage.heap]
    app.screen = pygame.display.set_mode((1280, 720))
    app.canvas.retarget(app.screen)
    step(app, 5)
    assert [(s.x, s.y, s.rotation) for s in scene.stage.heap] == before and len(before) == scene.view.pool_count


def test_stepping_through_a_hint_shows_the_table_after_each_step(app):
    """Two steps: borrow East's 7 for three 7s, then lay 1-2-3 Dots from the hand."""
    from game.rules.rummy import PlayTurn
    scene = make_table(app, hands=[["C7", "C7", "D1", "D2", "D3", "B9"]], opened=[True] * 4,
                       table=[{"owner": 1, "tiles": ["C4", "C5", "C6", "C7"]}])
    east7 = next(t for t in scene.view.table[0].tiles if t.startswith("C7"))
    hand = scene.view.hand
    sevens = tuple(t for t in hand if t.startswith("C7"))
    dots = tuple(t for t in hand if t.startswith("D"))
    run = tuple(t for t in scene.view.table[0].tiles if t != east7)
    scene.show_hint(PlayTurn((run, (east7, *sevens), dots)))
    pv = scene.preview
    assert [s.text.split()[0] for s in pv.steps] == ["Borrow", "Lay"]
    app.dispatch(Intent("right"))                   # step 1: only the borrowing is on the table
    assert pv.step == 0 and scene.work is pv.stages[0]
    shown = sorted(sorted(s.tiles) for s in scene.work.sets)
    assert shown == sorted([sorted(run), sorted((east7, *sevens))])
    assert all(t in scene.work.hand for t in dots)
    app.dispatch(Intent("right"))                   # step 2: the dots too
    assert len(scene.work.sets) == 3 and not any(t in scene.work.hand for t in dots)
    app.dispatch(Intent("confirm"))                 # accepting takes the whole turn
    assert scene.preview is None and scene.work.check().ok and len(scene.work.sets) == 3


def test_keyboard_takes_a_tile_from_the_table_back_to_the_hand(app):
    scene = make_table(app, hands=[OPENING_HAND])
    b1 = next(t for t in scene.work.hand if t.startswith("B1"))
    _build(app, scene, ["B1"])
    assert b1 not in scene.work.hand

    move_cursor_to(app, scene, ("tile", b1))
    app.dispatch(Intent("confirm"))
    assert scene.fan.selected == [b1]
    move_cursor_to(app, scene, ("tile", scene.work.hand[0]))
    app.dispatch(Intent("confirm"))
    assert b1 in scene.work.hand and scene.fan.selected == [] and not scene.work.sets


def test_the_challenge_goal_panel_has_its_own_space(app):
    import pygame
    from game.app.tables import rummy_layout as L
    scene = make_table(app, hands=[OPENING_HAND])
    step(app, 1)
    goal = pygame.FRect(scene.GOAL_RECT)
    others = [pygame.FRect(L.NOTES_UNDER_GOAL), pygame.FRect(L.HAND), pygame.FRect(L.AREAS[L.BOTTOM]["sets"])]
    others += [pygame.FRect(a["plate"]) for a in L.AREAS.values()] + [b.rect for b in scene.buttons.values()]
    assert not [r for r in others if goal.colliderect(r)]


def move_cursor_to(app, scene, target):
    """Press → until the table's keyboard cursor is on `target`."""
    for _ in range(100):
        app.dispatch(Intent("right"))
        if scene.cursor == target:
            return
    raise AssertionError(target)


def test_toasts_cover_no_tile_nor_the_pool_and_its_label(app):
    # seen: a message over the pool's "Pool: 73 tiles" label for a few seconds
    from game.app.tables import rummy_layout as L
    import pygame
    scene = make_table(app, hands=[OPENING_HAND], speed=1.0)
    app.dispatch(Intent("skip"))
    app.stack.apply()
    _build(app, scene, ["B1", "B2", "B3"])
    scene.toast("That tile is not yours to move.")
    scene.toast("A second message, long enough to need some width on the table felt")
    canvas = app.canvas
    area = scene.toasts.pick_area(canvas, scene.toast_areas(), scene.toast_avoid())
    x, y, w, h = area
    boxes = [pygame.FRect(b) for b in scene.toasts.rects(canvas, x + w / 2, y + h, w - 48)]
    label = pygame.FRect(L.HEAP[0], L.HEAP[1] + L.HEAP[3] - 10, L.HEAP[2], 40)     # the pool's label
    keep_clear = [pygame.FRect(L.HEAP), label, pygame.FRect(L.INFO), pygame.FRect(L.NOTES), pygame.FRect(L.BUTTONS)]
    keep_clear += [pygame.FRect(L.AREAS[p]["plate"]) for p in L.AREAS] + [p.rect for p in scene.lay.places.values()]
    for b in boxes:
        assert all(not b.colliderect(r) for r in keep_clear), (b, [r for r in keep_clear if b.colliderect(r)])
        assert b.bottom <= L.HAND[1]


def test_a_hint_says_move_for_tiles_that_stay_in_their_owners_area_and_borrow_only_for_the_rest(app):
    """A hint took 3-4-5 Bamboo off the player's own run 3-4-5-6-7-8 and said "Borrow … from your
    run": a newcomer counts that against the one-tile-per-player limit. Only tiles leaving another
    player's area are borrowed (RUM-4)."""
    from game.rules.rummy import PlayTurn
    scene = make_table(app, hands=[["C7", "C7", "B1", "D9"]], opened=[True] * 4,
                       table=[{"owner": 0, "tiles": ["B3", "B4", "B5", "B6", "B7", "B8"]},
                              {"owner": 1, "tiles": ["C4", "C5", "C6", "C7"]},
                              {"owner": 2, "tiles": ["D2", "D3", "D4"]}])
    mine, east, south = (list(s.tiles) for s in scene.view.table)
    hand7 = [t for t in scene.view.hand if t.startswith("C7")]
    action = PlayTurn((tuple(mine[3:]), tuple(east[:3]), tuple(south), tuple(mine[:3]),
                       (east[3], *hand7)))
    scene.show_hint(action)
    texts = [s.text for s in scene.preview.steps]
    # (which half of the split run counts as the old set is the words' choice; either is moved)
    assert any(t.startswith("Move ") and " Bamboo from your run 3-4-5-6-7-8" in t for t in texts), texts
    assert not any(t.startswith("Borrow") and "from your run" in t for t in texts), texts
    assert any(t.startswith("Borrow 7 Characters from East's run") for t in texts), texts


def test_a_borrowed_word_has_a_dark_tag_so_it_reads_over_the_next_row_of_sets(app):
    # seen: under the first row of sets, "borrowed" lay on the tops of the second row's tiles
    scene = _puzzle(app)
    action, east7, mine = _suggested(scene)
    scene.show_hint(action)
    fills, words = [], []
    real_fill, real_text = app.canvas.fill, app.canvas.text

    def fill(colour, rect, *a, **k):
        fills.append(tuple(rect))
        return real_fill(colour, rect, *a, **k)

    def text(t, pos, *a, **k):
        if t == "borrowed":
            words.append((len(fills), pos))
        return real_text(t, pos, *a, **k)
    app.canvas.fill, app.canvas.text = fill, text
    try:
        app.stack.draw(app.canvas)
    finally:
        app.canvas.fill, app.canvas.text = real_fill, real_text
    assert words
    for n, (cx, y) in words:
        x, ty, w, h = fills[n - 1]                 # drawn just before its word, and around it
        assert x < cx < x + w and ty <= y < ty + h
