"""The Cuzzins' Mahjongg table through the real scene stack: a whole bot hand to the results (the
score's steps), discarding by mouse and by keys, the claim bar for a human claim, no other seat's
hidden tile ever drawn (hands, and secrets except for their holder and whoever paid to see),
coins flying on a kong payment, hot-seat curtains, and Continue resuming the same position.
Bots answer through a pool that answers at once (tests/app/claimtoy_table.FakePool); time is
the app's fixed steps, never the wall clock. Positions with a kong or a secret are reached by
letting Normal bots play a fixed seed with the match API (seeds found once; the test checks the
event is there)."""

import re

import pytest

from game.app.input import Intent
from game.app.scenes.handoff import HandoffScene
from game.app.scenes.results import ResultsScene
from game.app.tablekit import coins as cn
from game.app.tables import cuzzins as ct
from game.app.tables import table_scene_for
from game.bots import make_bot
from game.core.match import Match
from game.core.protocol import CHANCE, SeatConfig, Setup
from game.core.rng import GameRng
from game.rules.cuzzins import Discard, Pass, PaySee
from tests.app.app_helpers import run_until, step, through_curtain
from tests.app.claimtoy_table import FakePool

KONG_SEED = 12          # Normal bots: seat 1 kongs a discard in the first hand
SECRET_SEED = 16        # Normal bots: seat 1 declares a secret on its first turn


@pytest.fixture
def pool(menu_app):
    menu_app.store.settings.anim_speed = 0.0
    fake = FakePool(auto=True)
    menu_app.bot_pool = fake
    return fake


def setup_of(kinds, seed=4, options=None):
    return Setup("cuzzins", tuple(SeatConfig(k, "normal", "") for k in kinds), dict(options or {}), seed)


def open_table(app, kinds=None, seed=4, options=None, match=None):
    match = match or Match(setup_of(kinds, seed, options))
    scene = table_scene_for("cuzzins")(app, match)
    app.stack.push(scene)
    app.stack.apply()
    step(app, 2)
    return scene


def bots_play_until(match, kind):
    """Normal bots play every seat of the match until an event of `kind`; returns that event."""
    bots = {s: make_bot("cuzzins", "normal") for s in range(4)}
    rng = GameRng("test")
    for _ in range(600):
        if CHANCE in match.prompt().seats:
            events = match.roll()
        else:
            seat = match.to_act()[0]
            events = match.act(seat, bots[seat].choose(match.view(seat), match.legal(seat), rng))
        for e in events:
            if e.kind == kind:
                return e
    raise AssertionError(f"no {kind} event")


def record_drawn(monkeypatch, app):
    """(viewer, bottom seat, the viewer's view, pieces) for every frame the table draws; and every
    sprite drawn face up (flying or resting) is a tile this viewer may see."""
    seen = []
    orig = ct.draw_layout

    def record(canvas, lay, label, stage=None, keys=None, part="all", moving=frozenset()):
        scene = next(s for s in app.stack.scenes if isinstance(s, ct.CuzzinsTable))
        view = scene.table_view
        assert view.seat == scene.viewer          # the table shows the viewer's own view, never another's
        winner = scene.ended[1] if scene.ended is not None else None
        seen.append((scene.viewer, scene.bottom_seat, view, winner,
                     [(p.part, p.position, p.index, p.code, p.face_up) for p in lay.pieces]))
        if stage is not None:
            ids, kinds = may_see(scene)
            for key, sp in list(stage.sprites.items()) + list(stage.leaving.items()):
                if sp.frame != ct.TILES.back and sp.flip < 1.0:
                    base = key[0] if isinstance(key, tuple) and key[1:2] == ("again",) else key
                    assert isinstance(base, str) and (base in ids or base in kinds), \
                        f"{key} drawn face up for {scene.viewer}"
        orig(canvas, lay, label, stage, keys, part, moving)

    monkeypatch.setattr(ct, "draw_layout", record)
    return seen


def may_see(scene):
    """The tile ids the viewer's table may show face up, and the secret kinds it knows."""
    v = scene.table_view
    ids = set(v.hand) | {p for r in v.discards for p in r} | {p for f in v.flowers for p in f}
    ids |= {p for ms in v.melds for m in ms for p in m.tiles} | ({v.discard} if v.discard else set())
    kinds = {x for xs in v.secrets for x in xs if x is not None}
    if scene.ended is not None:
        ids |= set(scene.ended[2])
        kinds |= {p for xs in scene.ended[3] for p in xs}
        ids |= {p for xs in scene.ended[3] for p in xs}
    return ids, kinds


def seat_at(bottom, position):
    return next(s for s in range(4) if ct.ds.positions(bottom, ct.CLOCKWISE)[s] == position)


def check_nothing_hidden_drawn(seen):
    """No face-up hand tile but the viewer's own; no face-up secret tile the viewer may not see."""
    assert seen
    for viewer, bottom, view, winner, pieces in seen:
        for part, pos, index, code, face_up in pieces:
            seat = seat_at(bottom, pos)
            if not face_up or seat == winner:          # a winning hand is laid open for everyone
                continue
            if part == "hand":
                assert pos == 0 and viewer is not None and viewer == bottom, f"seat {seat}'s hidden tile drawn"
                assert code in {p.split("#")[0] for p in view.hand}
            elif part == "meld":
                m = index[0]
                if m >= len(view.melds[seat]):                 # a secret, after the laid-out melds
                    assert view.secrets[seat][m - len(view.melds[seat])] == code


def last_action(scene):
    entry = scene.match.log[-1]
    return entry.seat, scene.rules.decode_action(entry.action)


def press(app, button):
    app.dispatch(Intent("press", pos=button.box.center))
    app.dispatch(Intent("select", pos=button.box.center))
    app.stack.apply()




def to_my_turn(app, scene, frames=4000):
    """Play on (passing every claim the bar offers) until it is the human's turn to discard."""
    for _ in range(frames):
        if scene.my_turn:
            return True
        if isinstance(app.stack.top, ResultsScene):
            return False
        if scene.claim_bar.visible:
            press(app, scene.claim_bar.buttons[-1])
        run_until(app, lambda: True, 1)
    return False


def test_the_registry_finds_the_cuzzins_table():
    assert table_scene_for("cuzzins") is ct.CuzzinsTable


def test_all_bots_play_a_hand_to_the_results_with_the_score_steps(menu_app, pool):
    app = menu_app
    scene = open_table(app, ["bot"] * 4, seed=11)
    assert run_until(app, lambda: isinstance(app.stack.top, ResultsScene), 8000)
    data = app.stack.top.data
    assert "transfers" in data and not scene._stalled
    if data.get("winner") is not None:                 # a win shows its steps, a drawn hand says so
        names = [line["name"] for line in data["lines"]]
        assert "Initial score" in names and "Total" in names and "Pays" in names
        # behind the results the winning hand lies open on the table as it was
        assert scene.ended is not None and scene.ended[1] == data["winner"]
        shown = scene.layout().by_part("hand", scene.position(data["winner"]))
        assert shown and all(p.face_up for p in shown)
    else:
        assert "drawn hand" in data["summary"]
    app.draw()


def test_a_human_discards_by_mouse_click_twice_and_by_keys(menu_app, pool):
    app = menu_app
    scene = open_table(app, ["human", "bot", "bot", "bot"], seed=5)
    assert to_my_turn(app, scene)
    app.draw()
    tile = scene.hand[3]
    pos = next(p for p in scene.layout().pieces if p.part == "hand" and p.position == 0 and p.index[-1] == 3).rect.center
    app.dispatch(Intent("select", pos))
    app.stack.apply()
    assert scene.selected == 3 and not scene.match.log[-1].seat == 0        # picked, not yet gone
    app.dispatch(Intent("select", pos))
    app.stack.apply()
    assert last_action(scene) == (0, Discard(tile.split("#")[0]))
    if to_my_turn(app, scene):
        for key in ("right", "right", "right", "left"):    # the first arrow picks the first tile
            app.dispatch(Intent(key))
        assert scene.selected == 1
        tile = scene.hand[1]
        app.dispatch(Intent("confirm"))
        app.stack.apply()
        assert last_action(scene) == (0, Discard(tile.split("#")[0]))


def test_the_claim_bar_asks_a_human_who_can_claim(menu_app, pool, monkeypatch):
    app = menu_app
    seen = record_drawn(monkeypatch, app)
    scene = open_table(app, ["human", "bot", "bot", "bot"], seed=3)
    asked = []
    for _ in range(6000):
        step(app)
        app.draw()
        if isinstance(app.stack.top, ResultsScene):
            break
        waiting = scene._claim_waiting()
        if waiting and scene.claim_answers(0, scene.match.legal(0)) == [Pass()]:
            assert not scene.claim_bar.visible              # nothing to claim: it passes by itself
        elif waiting:
            step(app)
            assert scene.claim_bar.visible
            labels = [b.label.split("  ", 1)[-1] for b in scene.claim_bar.buttons]
            asked.append(labels)
            assert labels[-1] == "Pass" and all(x.split()[0] in ("Pong", "Kong", "Chow", "Mahjongg")
                                                for x in labels[:-1])
            app.dispatch(Intent("focus_next"))               # the keyboard reaches the bar's buttons
            press(app, scene.claim_bar.buttons[-1])
            assert (0, Pass()) in [(e.seat, scene.rules.decode_action(e.action)) for e in scene.match.log[-4:]]
            break
        elif scene.my_turn:
            app.dispatch(Intent("confirm" if scene.selected is not None else "left"))
            app.stack.apply()
    assert asked, "a claim the human could make must bring the claim bar"
    check_nothing_hidden_drawn(seen)


def test_a_secret_is_four_backs_until_you_pay_to_see_it(menu_app, pool, monkeypatch):
    app = menu_app
    app.store.settings.anim_speed = 1.0
    match = Match(setup_of(["human", "bot", "bot", "bot"], SECRET_SEED))
    e = bots_play_until(match, "secret")
    holder = e.data["seat"]
    assert holder != 0
    seen = record_drawn(monkeypatch, app)
    scene = open_table(app, match=match)

    def secret_faces(sc):
        lay = sc.layout()
        pos = sc.position(holder)
        k = len(sc.view.melds[holder])
        return [p for p in lay.by_part("meld", pos) if p.index[0] == k and p.face_up]

    app.draw()
    assert scene.view.secrets[holder] == (None,) and secret_faces(scene) == []
    scene._refresh_buttons()
    pay = [b for b in scene.buttons if "See a secret" in b.label]
    assert pay, "paying to see a secret is offered while it is legal"
    moves = len(scene.match.log)
    press(app, pay[0])
    played = [(e.seat, scene.rules.decode_action(e.action)) for e in scene.match.log[moves:]]
    assert (0, PaySee(holder, 0)) in played
    ledger = [(t.payer, t.payee, t.amount) for t in scene.match.state.ledger.entries]
    assert (0, holder, 25) in ledger
    assert scene.coins and scene.coins[0].payer == 0 and scene.coins[0].payee == holder
    app.draw()
    kind = scene.view.secrets[holder][0]
    assert kind is not None and [p.code for p in secret_faces(scene)] == [kind, kind]
    # nobody else sees it: another seat's view keeps it hidden
    assert scene.match.view(2).secrets[holder] == (None,)
    scene._refresh_buttons()
    assert not [b for b in scene.buttons if "See a secret" in b.label]        # seen once: no button
    check_nothing_hidden_drawn(seen)


def test_coins_fly_between_the_plates_on_a_kong_payment(menu_app, pool):
    app = menu_app
    app.store.settings.anim_speed = 1.0
    match = Match(setup_of(["human", "bot", "bot", "bot"], KONG_SEED))
    kong = bots_play_until(match, "kong")
    n = len(match.log)
    scene = open_table(app, match=match)
    scene.tweens.skip()
    seen = match.history(0, n - 1, n)[0]
    assert any(e.kind == "kong" for e in seen.events)
    scene.present(list(seen.events))
    konger = kong.data["seat"]
    flying = [c for c in scene.coins if c.payee == konger]
    assert sorted(c.payer for c in flying) == sorted(s for s in range(4) if s != konger)
    px, py = scene.plate_point(konger)
    assert all(c.amount == 10 and c.end[1] == py for c in flying)
    # seen in a real window: three "10¢" printed over each other on the plate; they land side by side
    assert sorted(c.end[0] for c in flying) == [px - cn.SPREAD, px, px + cn.SPREAD]
    assert scene.presenting()                           # bots wait for the coins
    plate = lambda: scene.seat_data()[konger].info.split(" · ")[-1]      # noqa: E731
    before, after = match.view_at(0, n - 1).cents[konger], match.view(0).cents[konger]
    assert plate() == f"{before:+d}¢"                   # the coins are still on their way
    start = [c.pos for c in flying]
    step(app, 20)
    app.draw()
    assert any(c.pos != p for c, p in zip(flying, start))
    step(app, 200)
    assert all(c.done for c in flying) and not scene.presenting()
    assert plate() == f"{after:+d}¢" and after == before + 30


def test_coins_send_skips_nothing_and_finishes_under_skip():
    from game.app.anim.tween import Tweener
    tw = Tweener()
    coins = cn.send(tw, [(0, 1, 10), (0, 2, 10), (3, 3, 5), (2, 1, 0)], lambda s: (s * 100.0, 0.0))
    assert [(c.payer, c.payee) for c in coins] == [(0, 1), (0, 2)]      # no coin to oneself, none for 0
    assert cn.from_events([{"payer": None, "payee": 1, "amount": 3}, {"payer": 2, "payee": 0, "amount": 25}]) == \
        [(2, 0, 25)]
    tw.skip()
    assert all(c.done for c in coins)


def test_hot_seat_goes_through_curtains_and_never_shows_another_hand(menu_app, pool, monkeypatch):
    app = menu_app
    seen = record_drawn(monkeypatch, app)
    scene = open_table(app, ["human", "human", "bot", "bot"], seed=8)
    curtains, turns = 0, set()
    for _ in range(3000):
        step(app)
        app.draw()
        if isinstance(app.stack.top, HandoffScene):
            assert scene.viewer is None or not app.stack.top is scene      # the table is covered
            through_curtain(app, scene)
            curtains += 1
            continue
        if isinstance(app.stack.top, ResultsScene) or len(turns) == 2 and curtains >= 3:
            break
        if scene._claim_waiting() and scene.claim_chooser is None:
            assert scene.viewer is None                        # the public table first
            press(app, scene.claim_bar.buttons[0])
            continue
        if scene.claim_chooser is not None and scene.claim_bar.visible:
            press(app, scene.claim_bar.buttons[-1])            # Pass
            continue
        if scene.my_turn:
            turns.add(scene.viewer)
            app.dispatch(Intent("confirm" if scene.selected is not None else "right"))
            app.stack.apply()
    assert curtains >= 2 and turns == {0, 1}
    check_nothing_hidden_drawn(seen)


def test_save_and_continue_resume_the_same_position(menu_app, pool):
    app = menu_app
    scene = open_table(app, ["human", "bot", "bot", "bot"], seed=6)
    for _ in range(2):
        assert to_my_turn(app, scene)
        app.dispatch(Intent("right"))
        app.dispatch(Intent("confirm"))
        app.stack.apply()
    assert to_my_turn(app, scene)
    app.flush_saves()
    data = app.store.load_autosave()
    assert len(data["log"]) == len(scene.match.log)
    app.continue_game()
    app.stack.apply()
    top = app.stack.top
    assert isinstance(top, ct.CuzzinsTable) and top is not scene
    assert top.view == scene.view and top.hand == scene.hand and top.my_turn
    assert top.wall_label() == scene.wall_label()
    top_pieces = [(p.part, p.position, p.code, p.face_up) for p in top.layout().pieces]
    assert top_pieces == [(p.part, p.position, p.code, p.face_up) for p in scene.layout().pieces]


def test_lesson_rects_are_the_viewers_tiles(menu_app, pool):
    app = menu_app
    scene = open_table(app, ["human", "bot", "bot", "bot"], seed=5)
    assert to_my_turn(app, scene)
    code = scene.hand[0].split("#")[0]
    rects = scene.lesson_piece_rects((code,))
    first = next(p for p in scene.layout().by_part("hand", 0) if p.index[-1] == 0)
    assert rects and rects[0] == tuple(first.rect)


def test_a_saved_game_replays_on_the_cuzzins_table(menu_app):
    from game.app.scenes.replay import ReplayScene
    app = menu_app
    match = Match(setup_of(["human", "bot", "bot", "bot"], KONG_SEED, {"hands": 1}))
    bots_play_until(match, "kong")
    replay = ReplayScene.create(app, match.to_json())
    assert isinstance(replay, ReplayScene) and isinstance(replay.table, ct.CuzzinsTable)
    app.stack.push(replay)
    app.stack.apply()
    for _ in range(len(match.log)):
        replay.step(1)
        app.draw()
    assert replay.table.view == match.view(0)
    replay.next_seat()                      # another seat's pieces, then back a move
    replay.step(-1)
    app.draw()
    assert replay.table.viewer == 1 and replay.table.view == match.view_at(1, len(match.log) - 1)


def test_hint_h_counts_the_hand_and_rings_a_discard(menu_app, pool):
    app = menu_app
    scene = open_table(app, ["human", "bot", "bot", "bot"], seed=5)
    assert to_my_turn(app, scene)
    facts = ct.hint_facts(scene.view)
    assert len(facts.hand) == len(scene.view.hand) and facts.sets == 5 - len(scene.view.melds[0]) - len(
        scene.view.secrets[0])
    app.dispatch(Intent("hint"))
    app.draw()
    assert scene.hint_panel.open
    lines = scene.hint_lines()
    assert lines and not any(re.search(r"\bcards?\b", x) or "Mah-Jongg" in x for x in lines)
    h = scene.hint()
    if h.discard is not None:
        i = scene.hinted_index()
        assert scene.hand[i].split("#")[0] == h.discard
        marked = [p for p in scene.layout().by_part("hand", 0) if p.mark]
        assert [p.index[-1] for p in marked] == [i]
    app.dispatch(Intent("hint"))
    assert not scene.hint_panel.open and scene.hinted_index() is None


def test_enter_picks_the_hinted_tile_and_enter_again_discards_it(menu_app, pool):
    # seen at the Kards table (the same shared hand): the hint glowed a discard, Enter did nothing,
    # and the first arrow jumped to the first tile, so arrow + Enter threw a tile nobody meant
    app = menu_app
    scene = open_table(app, ["human", "bot", "bot", "bot"], seed=5)
    assert to_my_turn(app, scene)
    app.dispatch(Intent("confirm"))                  # no hint: Enter only picks the last tile
    assert scene.selected == len(scene.hand) - 1 and scene.my_turn
    scene.selected = None
    app.dispatch(Intent("hint"))
    i = scene.hinted_index()
    assert i is not None
    app.dispatch(Intent("right"))                    # the first arrow starts from the hinted tile
    assert scene.selected == i
    scene.selected = None
    app.dispatch(Intent("confirm"))
    assert scene.selected == i and scene.my_turn     # picked, not gone
    tile = scene.hand[i]
    app.dispatch(Intent("confirm"))
    app.stack.apply()
    assert last_action(scene) == (0, Discard(tile.split("#")[0]))


def test_the_hint_in_a_claim_window_answers_the_bar_in_tile_words(menu_app, pool):
    app = menu_app
    scene = open_table(app, ["human", "bot", "bot", "bot"], seed=5)
    for _ in range(4000):
        if scene.claim_bar.visible or isinstance(app.stack.top, ResultsScene):
            break
        if scene.my_turn:
            app.dispatch(Intent("confirm"))
            app.dispatch(Intent("confirm"))
            app.stack.apply()
        run_until(app, lambda: True, 1)
    assert scene.claim_bar.visible, "seed 5 asks the human to claim before the hand ends"
    first = scene.hint_lines()[0]
    labels = [b.label.split("  ", 1)[1] for b in scene.claim_bar.buttons]
    assert (first.startswith("Pass:") or any(first.startswith(f"Claim: {x} ") for x in labels[:-1])
            or first.endswith("completes your hand: call Mahjongg!"))
    assert not re.search(r"\bcards?\b", first)


def test_the_dice_are_thrown_in_the_tray_and_double_dice_is_said(menu_app, pool):
    from game.core.protocol import Event
    app = menu_app
    scene = open_table(app, ["bot"] * 4, seed=5)
    assert run_until(app, lambda: scene.view.phase == "discard", 600)     # the opening throws are over
    app.store.settings.anim_speed = 1.0
    moves = len(scene.match.log)
    scene.present([Event("dice", {"purpose": "open", "seat": 2, "dice": [4, 4], "mano": 1, "double": True})])
    assert scene.dice.shown and scene.dice.rolling and scene.presenting()
    assert "Double Dice" in scene.dice.caption and scene.name_of(1) in scene.dice.caption
    assert sorted(scene.dice.faces) == [4, 4]                # the engine's throw, as thrown
    frames = 0
    while scene.dice.rolling and frames < 600:              # the bots wait while the dice roll
        run_until(app, lambda: True, 1)
        frames += 1
        assert len(scene.match.log) == moves or not scene.dice.rolling
    assert frames > 45                                      # more than a bot's pause between moves
    assert run_until(app, lambda: len(scene.match.log) > moves, 600)       # then play goes on



def test_the_throw_for_the_deal_says_who_deals_and_why_and_a_tie_throws_again(menu_app, pool):
    # seen: the tray showed the last throw for the deal but never who had won it
    from game.core.protocol import Event
    app = menu_app
    scene = open_table(app, ["human", "bot", "bot", "bot"], seed=5)
    n = scene.name_of
    scene.present([Event("dice", {"purpose": "dealer", "seat": 2, "dice": [3, 4]}),
                   Event("dice_tie", {"seats": [0, 2], "total": 7})])
    assert scene.dice.caption == f"For the deal: {n(2)} throws 7 · tie at 7"
    assert f"{n(0)} and {n(2)} tie with 7, the highest: they throw again." in scene.toasts.texts
    scene.present([Event("dice", {"purpose": "dealer", "seat": 2, "dice": [6, 5]}),
                   Event("dealer", {"seat": 2, "total": 11})])
    assert scene.dice.caption == f"For the deal: {n(2)} throws 11 · {n(2)} deals"
    assert f"{n(2)} deals: 11 is the highest throw." in scene.toasts.texts
    scene.present([Event("dice", {"purpose": "dealer", "seat": 0, "dice": [1, 1]})])   # more throws to come
    assert scene.dice.caption == f"For the deal: {n(0)} throws 2"
    # the status line names the dealer and the throw that made them so, until the wall opens
    assert run_until(app, lambda: scene.view.phase == "open_dice", 600)
    v = scene.view
    high = [a + b for s, a, b in v.throws if s == v.dealer][-1]
    assert f"the highest throw for the deal, {high}" in scene.status() and "deal" in scene.status()


def test_score_lines_name_tiles_in_words_not_codes(menu_app, pool):
    # seen in a real window: the results read "Back  D6 D6", "Three of a kind  D9 D9 D9", "+ 5 for C5"
    import re
    app = menu_app
    open_table(app, ["bot"] * 4, seed=11)
    assert run_until(app, lambda: isinstance(app.stack.top, ResultsScene), 8000)
    whys = [line.get("why") or "" for line in app.stack.top.scoring]
    assert any(whys)
    assert not [w for w in whys if re.search(r"\b[BCD][1-9]\b", w)]


@pytest.mark.parametrize("game", ["cuzzins", "kards"])
def test_a_replay_never_asks_the_watcher_to_claim(menu_app, game):
    # seen in a real window: a Cuzzins replay's status told the watcher "claim it or pass"
    from game.core.match import Match
    from game.core.protocol import SeatConfig, Setup
    from tests.app.app_helpers import replay_after
    seats = tuple(SeatConfig("human" if i == 0 else "bot", "easy", "") for i in range(4))
    replay = replay_after(menu_app, Match(Setup(game, seats, {}, 5)), 120, seed=3)
    asked = []
    for i in range(len(replay.moves) + 1):
        replay.jump(i)
        asked.append("claim it or pass" in replay.table.status())
    assert not any(asked)


@pytest.mark.parametrize("scale", [0.8, 1.0, 1.2])
def test_the_turn_buttons_labels_fit_and_keep_off_the_seats(scale):
    # seen in a real window at 1920x1080: the button read "1  See a secret: 2…"
    import pygame
    from game.app import fonts, theme
    from game.app.tables import cuzzins as ct
    from game.app.tablekit import seats4
    pygame.init()
    x, y, w, h = ct.BUTTONS_AT
    f = fonts.font(int(round(theme.BODY * scale)), True)
    for label in ("3  See a secret: 25¢", "2  Declare a secret", "1  Mahjongg!"):
        assert f.size(label)[0] / scale <= w - 20, label
    rows = [pygame.FRect(x, y + i * (h + 10), w, h) for i in range(3)]
    seats = [pygame.FRect(r) for region in seats4.REGIONS.values() for r in region.values()]
    assert not [r for r in rows if r.collidelist(seats) >= 0 or r.colliderect(pygame.FRect(seats4.CENTRE))]


def test_an_open_hint_in_a_claim_window_lights_the_answer_it_advises(menu_app, pool):
    # seen (session 10): the hint said "Pass: no claim brings your hand closer" while the gold
    # button, the one Enter presses, was the first claim
    app = menu_app
    scene = open_table(app, ["human", "bot", "bot", "bot"], seed=5)
    scene.hint_panel.open = True
    lit = []
    for _ in range(4000):
        if scene.claim_bar.visible and scene.claim_hint():
            step(app, 1)
            line = scene.claim_hint()
            labels = [b.label.split("  ", 1)[1] for b in scene.claim_bar.buttons]
            gold = [b for b in scene.claim_bar.buttons if b.primary]
            want = "Pass" if line.startswith("Pass") else next(x for x in labels if line.startswith(f"Claim: {x} "))
            assert len(gold) == 1 and gold[0].label.split("  ", 1)[1] == want
            assert scene.claim_bar.ui.focused is gold[0]
            lit.append(want)
            app.dispatch(Intent("back"))              # pass, and play on to the next window
            app.stack.apply()
        elif isinstance(app.stack.top, ResultsScene):
            break
        elif scene.my_turn:
            app.dispatch(Intent("confirm"))
            app.dispatch(Intent("confirm"))
            app.stack.apply()
        run_until(app, lambda: True, 1)
    assert "Pass" in lit and len(lit) >= 2, lit


def test_the_hint_puts_a_free_secret_before_any_discard(menu_app, pool):
    # the dealer holds four 5 Bamboo: the shape alone rang a 5 Bamboo to throw away, and a line
    # under it said a secret pays; declaring it costs no step and stands for the discard (CUZ-17)
    four = ["B5", "B5", "B5", "B5", "C1", "C2", "C3", "D4", "D5", "D6", "B7", "B8", "B9", "C7", "C8", "D9", "D9"]
    app = menu_app
    deal = {"dealer": 0, "dice": [3, 2], "hands": [four, [], [], []], "wall": [], "loose": []}
    scene = open_table(app, match=Match(Setup("cuzzins", tuple(SeatConfig(k, "normal", "") for k in
                                                                  ["human", "bot", "bot", "bot"]), {}, 4, deal)))
    assert run_until(app, lambda: scene.my_turn and scene.buttons, 600)
    app.dispatch(Intent("hint"))
    app.stack.apply()
    lines = scene.hint_lines()
    assert lines[0].startswith("Declare a secret: your four 5 Bamboo as a secret cost your hand no step")
    assert not any("Suggested discard" in t for t in lines)
    assert not any("You hold four of a kind" in t for t in lines)          # said once, first
    assert not any(p.mark for p in scene.layout().by_part("hand", 0))       # no tile ringed to throw
