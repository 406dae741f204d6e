"""The Cuzzins table's tiles in motion (tablekit/stage through discard_scene.piece_keys): a discard
slides from the hand to the river on the same sprite, another seat's draw flies in from the wall
and its discard from its hidden hand, every move ends with each sprite where the view lays its
tile, a table just opened (Continue) lies still, and in hot-seat with tiles flying no face the
viewer may not see is ever drawn. The still table is the kit's cached layer: the same picture."""

import pygame

from game.app.input import Intent
from game.app.scenes.handoff import HandoffScene
from game.app.scenes.results import ResultsScene
from game.app.tablekit.stage import Stage
from game.app.tables import cuzzins as ct
from game.core.match import Match
from game.rules.cuzzins import Discard
from tests.app.app_helpers import step
from tests.app.test_cuzzins_table import (SECRET_SEED, bots_play_until, check_nothing_hidden_drawn, last_action,
                                          open_table, pool, press, record_drawn, setup_of, through_curtain,
                                          to_my_turn)

__all__ = ["pool"]     # the fixture, shared


def sprites_at_rest(scene):
    """Every laid tile has its own sprite exactly where the layout puts it, showing what it shows."""
    lay = scene.layout()
    assert len(set(scene.keys)) == len(scene.keys) == len(lay.pieces)
    assert set(scene.keys) == set(scene.stage.sprites)
    for key, p in zip(scene.keys, lay.pieces):
        sp = scene.stage.sprites[key]
        assert (round(sp.x, 3), round(sp.y, 3), round(sp.rotation, 3)) == (round(p.x, 3), round(p.y, 3), p.rotation)
        assert sp.frame == p.frame and sp.flip == 0.0


def settle(app, scene):
    app.draw()
    scene.tweens.skip()
    app.draw()


def test_a_discard_slides_from_the_hand_to_the_river_and_lands_where_the_view_says(menu_app, pool):
    app = menu_app
    app.store.settings.anim_speed = 1.0
    scene = open_table(app, ["human", "bot", "bot", "bot"], seed=5)
    assert to_my_turn(app, scene)
    settle(app, scene)
    sprites_at_rest(scene)
    app.dispatch(Intent("right"))
    app.draw()
    scene.tweens.skip()                                  # the pick has risen
    kind = scene.hand[0].split("#")[0]
    hand_sprites = {k: (sp, sp.x, sp.y) for k, sp in scene.stage.sprites.items() if isinstance(k, str)}
    app.dispatch(Intent("confirm"))
    app.stack.apply()
    assert last_action(scene) == (0, Discard(kind))
    tile = scene.view.discard if scene.view.discarder == 0 else scene.view.discards[0][-1]
    assert tile.split("#")[0] == kind and tile in hand_sprites     # a copy of that kind left the hand
    app.draw()                                           # the new layout: the same sprite heads for the river
    sp = scene.stage.sprites[tile]
    assert sp is hand_sprites[tile][0] and (sp.x, sp.y) == hand_sprites[tile][1:]
    assert scene.tweens.animating(sp, "x") or scene.tweens.animating(sp, "y")
    assert scene.presenting()                            # the bots wait for it to land
    settle(app, scene)
    sprites_at_rest(scene)
    river = next(p for k, p in zip(scene.keys, scene.layout().pieces) if k == tile)
    assert river.part == "river" and (sp.x, sp.y) == (river.x, river.y)


def test_other_seats_draws_fly_from_the_wall_and_discards_from_their_hands(menu_app, pool, monkeypatch):
    app = menu_app
    app.store.settings.anim_speed = 1.0
    flew = []
    orig = Stage._fly

    def fly(self, sp, p, src):
        scene = next(s for s in app.stack.scenes if isinstance(s, ct.CuzzinsTable))
        flew.append((sp.tag, (src.x, src.y), scene.lay))
        orig(self, sp, p, src)

    monkeypatch.setattr(Stage, "_fly", fly)
    scene = open_table(app, ["human", "bot", "bot", "bot"], seed=5)
    app.draw()
    assert not flew                                      # a table just opened lies still
    for _ in range(6000):                                # the human discards its first tile each turn
        if sum(map(len, scene.view.discards[1:])) >= 3:
            break
        step(app)
        app.draw()
        if scene.claim_bar.visible:
            press(app, scene.claim_bar.buttons[-1])
        elif scene.my_turn and not scene.presenting():
            app.dispatch(Intent("confirm" if scene.selected is not None else "right"))
            app.stack.apply()
    assert sum(map(len, scene.view.discards[1:])) >= 3
    draws = [(k, at, lay) for k, at, lay in flew if isinstance(k, tuple) and k[0] == "back"]
    assert draws, "other seats' draws flew in"
    for _, at, lay in draws:                             # from the wall (the live end or the loose tiles)
        assert lay.wall is not None and lay.wall.square.inflate(60, 60).collidepoint(at)
    others = {p: s for s in (1, 2, 3) for p in scene.view.discards[s]}
    thrown = [(k, at, lay, others[k]) for k, at, lay in flew if k in others]
    assert thrown, "other seats' discards flew in"
    for k, at, lay, s in thrown:                         # from the discarder's hidden hand
        assert lay.regions[(scene.position(s), "hand")].inflate(4, 4).collidepoint(at), k
    settle(app, scene)
    sprites_at_rest(scene)


def test_a_secret_and_continue_lie_still_each_tile_on_its_own_sprite(menu_app, pool):
    app = menu_app
    app.store.settings.anim_speed = 1.0
    match = Match(setup_of(["human", "bot", "bot", "bot"], SECRET_SEED))
    bots_play_until(match, "secret")                     # four backs, keys alike: each gets its own
    scene = open_table(app, match=match)
    settle(app, scene)
    sprites_at_rest(scene)
    assert to_my_turn(app, scene)
    app.flush_saves()
    app.continue_game()
    app.stack.apply()
    top = app.stack.top
    assert isinstance(top, ct.CuzzinsTable) and top is not scene
    app.draw()
    assert not any(top.tweens.animating(sp, a) for sp in top.stage.sprites.values() for a in ("x", "y"))
    sprites_at_rest(top)                                 # Continue shows every tile in place


def test_hot_seat_with_tiles_flying_never_shows_another_hand(menu_app, pool, monkeypatch):
    app = menu_app
    app.store.settings.anim_speed = 1.0
    seen = record_drawn(monkeypatch, app)                # also checks every sprite drawn face up
    scene = open_table(app, ["human", "human", "bot", "bot"], seed=8)
    curtains, turns, mid_flight = 0, set(), 0
    for _ in range(6000):
        step(app)
        app.draw()
        mid_flight += bool(scene._drawn_moving)
        if isinstance(app.stack.top, HandoffScene):
            through_curtain(app, scene)
            curtains += 1
            app.draw()                                   # handed over: the new player's table lies still
            assert not any(scene.tweens.animating(sp, a) for sp in scene.stage.sprites.values() for a in "xy")
            continue
        if isinstance(app.stack.top, ResultsScene) or len(turns) == 2 and curtains >= 3:
            break
        if scene._claim_waiting() and scene.claim_chooser is None:
            press(app, scene.claim_bar.buttons[0])
            continue
        if scene.claim_chooser is not None and scene.claim_bar.visible:
            press(app, scene.claim_bar.buttons[-1])            # Pass
            continue
        if scene.my_turn and not scene.presenting():
            turns.add(scene.viewer)
            app.dispatch(Intent("confirm" if scene.selected is not None else "right"))
            app.stack.apply()
    assert curtains >= 2 and turns == {0, 1} and mid_flight > 10
    check_nothing_hidden_drawn(seen)


def test_the_cached_still_layer_draws_the_same_picture_and_is_reused(menu_app, pool, monkeypatch):
    app = menu_app
    scene = open_table(app, ["human", "bot", "bot", "bot"], seed=5)
    assert to_my_turn(app, scene)
    app.dispatch(Intent("right"))
    app.draw()
    cached = app.canvas.target.copy()
    painted = []
    orig = ct.StaticLayer.draw

    def draw(self, canvas, key, paint):
        before = self.key
        orig(self, canvas, key, paint)
        painted.append(before != self.key)

    monkeypatch.setattr(ct.StaticLayer, "draw", draw)
    app.draw()
    app.draw()
    assert painted and not any(painted)                 # nothing changed: the layer is only blitted
    monkeypatch.setattr(ct, "STATIC_CACHE", False)
    app.draw()
    plain = app.canvas.target.copy()
    same = pygame.mask.from_threshold(cached, (0, 0, 0), (1, 1, 1, 255), plain).count()
    assert same == cached.get_width() * cached.get_height()


def test_unique_keys_keep_the_first_and_number_the_repeats():
    assert ct.unique_keys(["B3", "B3", ("back", 1, 0), "", "", "B3"]) == [
        "B3", ("B3", "again", 1), ("back", 1, 0), "", ("", "again", 1), ("B3", "again", 2)]
