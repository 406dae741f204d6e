"""The Martian Mah Jongg table through the real scene stack: all-bot hands reaching their results
at 2 and 4 seats, a human drawing and taking each cover option by keys and by mouse, nothing
behind another screen or under an unseen cover ever laid out, the memory marker only for the
seat that looked, and save/Continue resuming exactly. Bots answer through a pool that answers at
once (tests/app/claimtoy_table.FakePool); time is the app's fixed steps, never the wall clock."""

import pygame
import pytest

from game.app.input import Intent
from game.app.scenes.handoff import HandoffScene
from game.app.scenes.results import ResultsScene
from game.app.tables import martian as mt
from game.app.tables import martian_layout as ml
from game.app.tables import table_scene_for
from game.core.match import Match
from game.core.protocol import SeatConfig, Setup
from game.rules.martian import Dice, Hide, Keep, Look, Roll, Swap
from tests.app.app_helpers import run_until, step, through_curtain
from tests.app.claimtoy_table import FakePool

# Seat 0 is East and moves first, holding a medium blue (Pung), a large red (Kong) and a black
# opaque; cover 1 (index 0) hides a small green. The forced dice then give a small red.
DEAL = {"east": 0, "turn": 0,
        "hands": [{"chow": [], "pung": ["blue-M", None], "kong": ["red-L", None, None], "opaques": ["black-S"]}],
        "covers": {"M": ["green-S"]}}


@pytest.fixture
def pool(menu_app):
    menu_app.store.settings.anim_speed = 0.0
    fake = FakePool(auto=True)
    menu_app.bot_pool = fake
    return fake


def open_table(app, kinds, deal=None, seed=4, options=None, forced=()):
    setup = Setup("martian", tuple(SeatConfig(k, "normal", "") for k in kinds), dict(options or {}), seed, deal)
    scene = table_scene_for("martian")(app, Match(setup, forced=forced))
    app.stack.push(scene)
    app.stack.apply()
    step(app, 2)
    return scene


def record_laid(monkeypatch):
    """(viewer, the viewer's view, the true state, the layout) for every layout the table makes."""
    seen = []
    orig = ml.lay_table

    def record(view, bottom, *more):
        lay = orig(view, bottom, *more)
        seen.append((view.seat, view, lay))
        return lay

    monkeypatch.setattr(ml, "lay_table", record)
    return seen


def check_nothing_hidden_laid(seen, match_states=None):
    assert seen
    for viewer, view, lay in seen:
        for it in lay.items:
            if it.part in ("pile", "bonus", "opaque", "ghost"):
                assert it.owner == viewer or view.players[it.owner].screen is not None, \
                    f"seat {it.owner}'s screen laid out for viewer {viewer}"
            if it.part == "under":
                assert viewer is not None and viewer == view.turn and view.phase == "cover"
            if it.part == "screen" and it.owner != viewer:
                assert it.extra == "closed" or view.players[it.owner].screen is not None
        for c in view.covers:                      # the only memory a view carries is its own seat's
            assert c.memory is None or viewer is not None


def press(app, pos):
    app.dispatch(Intent("press", pos=pos))
    app.dispatch(Intent("select", pos=pos))
    app.stack.apply()


def key(app, kind, char=None):
    app.dispatch(Intent(kind, char=char))
    app.stack.apply()


def last_action(scene, seat=None):
    entries = [e for e in scene.match.log if seat is None or e.seat == seat]
    return scene.rules.decode_action(entries[-1].action)


def play_human_turn_by_keys(app, scene):
    """The viewer's turn by keys only: Space rolls, then Enter on the first button (keep) and Enter
    in each chooser (or on Say go), a frame between keys so the dice land."""
    key(app, "confirm", " ")
    for _ in range(12):
        step(app)
        if scene.acting and scene.view.phase in ("draw", "cover", "called"):
            key(app, "confirm")
        elif scene.view.phase not in ("dice", "draw", "cover", "called"):
            return


def test_the_registry_finds_the_martian_table():
    assert table_scene_for("martian") is mt.MartianTable


@pytest.mark.parametrize("seats", [2, 4])
def test_a_whole_bot_hand_runs_to_the_results(menu_app, pool, seats):
    app = menu_app
    scene = open_table(app, ["bot"] * seats, seed=11 + seats)
    assert run_until(app, lambda: isinstance(app.stack.top, ResultsScene), 8000)
    results = app.stack.top
    lines = results.data.get("lines")
    assert lines and {l["seat"] for l in lines} == set(range(seats))     # every player's value, line by line
    assert "transfers" in results.data
    assert not scene._stalled
    app.draw()


def test_a_human_plays_by_keys_and_never_sees_behind_another_screen(menu_app, pool, monkeypatch):
    app = menu_app
    seen = record_laid(monkeypatch)
    scene = open_table(app, ["human", "bot", "bot"], seed=5)
    turns = 0
    for _ in range(4000):
        step(app)
        app.draw()
        if isinstance(app.stack.top, ResultsScene):
            break
        if scene._claim_waiting() and scene.claim_bar.visible:
            key(app, "back")                        # Esc passes
        elif scene.acting and scene.view.turn == 0 and scene.view.phase == "begin":
            play_human_turn_by_keys(app, scene)
            turns += 1
            if turns >= 6:
                break
    assert turns >= 3
    mine = [e for e in scene.match.log if e.seat == 0]
    assert any(scene.rules.decode_action(e.action) == Roll() for e in mine)
    assert any(isinstance(scene.rules.decode_action(e.action), Keep) for e in mine)
    check_nothing_hidden_laid(seen)




def test_hot_seat_memory_marker_only_for_the_seat_that_looked(menu_app, pool, monkeypatch):
    app = menu_app
    seen = record_laid(monkeypatch)
    scene = open_table(app, ["human", "human"], DEAL, forced=[Dice(1, 1)])
    scene.match.meta["memory_aid"] = True
    through_curtain(app, scene)
    assert scene.viewer == 0
    key(app, "confirm", " ")                          # roll: a small red
    step(app, 2)
    assert scene.view.phase == "draw"
    press(app, ml.stack_rect("red-S")[:2])            # a stack is not a cover: nothing happens
    r = scene.layout().cover_rect(0)
    press(app, (r[0] + r[2] / 2, r[1] + r[3] / 2))    # look under cover 1 by mouse
    assert last_action(scene) == Look(0)
    assert scene.view.under == "green-S" and scene.chooser is not None
    assert any(it.part == "under" for it in scene.layout().items)
    key(app, "confirm")                               # (i) keep the small red ...
    key(app, "confirm")                               # ... in the first place offered
    assert isinstance(last_action(scene, 0), Keep)
    assert scene.markers() == [0]
    app.draw()
    # the other human: a curtain, then a table with no marker and no memory of cover 1
    for _ in range(200):
        step(app)
        if isinstance(app.stack.top, HandoffScene):
            break
        if scene._claim_waiting():
            if scene.claim_chooser is None and scene.claim_bar.visible:
                press(app, scene.claim_bar.buttons[0].box.center)
            elif scene.claim_bar.visible:
                press(app, scene.claim_bar.buttons[-1].box.center)
    if isinstance(app.stack.top, HandoffScene):
        through_curtain(app, scene)
    assert scene.viewer == 1
    app.draw()
    assert scene.markers() == []
    assert not any(line.startswith("You") for line in scene.log_lines)     # the log is Bea's, not Ada's
    assert any("looked under medium cover 1" in line for line in scene.log_lines)
    assert scene.view.covers[0].memory is None and scene.view.covers[0].looks == 1
    check_nothing_hidden_laid(seen)


@pytest.mark.parametrize("option", ["keep", "swap", "hide"])
def test_a_human_draws_and_takes_each_cover_option(menu_app, pool, option):
    app = menu_app
    scene = open_table(app, ["human", "bot"], DEAL, forced=[Dice(1, 1)])
    assert scene.acting and scene.view.phase == "begin"
    press(app, scene.buttons[0].box.center)           # Roll the dice
    step(app, 2)
    assert scene.view.drawn == "red-S"
    # keyboard to a cover: the "Look under a cover" button, then Enter on the focused cover
    look = next(b for b in scene.buttons if "Look" in b.label)
    press(app, look.box.center)
    key(app, "confirm")
    assert isinstance(last_action(scene), Look) and scene.view.phase == "cover"
    groups = scene.cover_groups()
    assert [g[0][:5] for g in groups] == ["(i) K", "(ii) ", "(iii)"]
    index = ["keep", "swap", "hide"].index(option)
    for _ in range(index):
        key(app, "down")
    key(app, "confirm")
    if scene.chooser is not None:                     # where: every row says what it leaves
        assert all("discarded" in o.label or "goes" in o.label for o in scene.chooser.options)
        app.draw()
        key(app, "confirm")
    cls = {"keep": Keep, "swap": Swap, "hide": Hide}[option]
    assert isinstance(last_action(scene, 0), cls)
    assert scene.view.phase != "cover"


def test_save_and_continue_resume_exactly(menu_app, pool):
    app = menu_app
    scene = open_table(app, ["human", "bot", "bot", "bot"], seed=21)
    for _ in range(400):
        step(app)
        if scene._claim_waiting() and scene.claim_bar.visible:
            key(app, "back")
        elif scene.acting and scene.view.turn == 0 and scene.view.phase == "begin" and len(scene.match.log) > 40:
            break
        elif scene.acting and scene.view.turn == 0 and scene.view.phase == "begin":
            play_human_turn_by_keys(app, scene)
    scene.match.meta["memory_aid"] = False
    data = scene.match.to_json()
    again = mt.MartianTable(app, Match.from_json(data))
    assert again.view == scene.view
    assert again.memory_aid is False
    assert again.layout().items == scene.layout().items
    assert [b.label for b in (again._refresh_ui() or again.buttons)] == [b.label for b in (scene._refresh_ui() or scene.buttons)]


def test_a_replay_steps_through_the_moves_at_the_martian_table(menu_app, pool):
    from game.app.scenes.replay import ReplayScene
    app = menu_app
    scene = open_table(app, ["bot", "bot"], seed=3)
    assert run_until(app, lambda: isinstance(app.stack.top, ResultsScene), 8000)
    replay = ReplayScene.create(app, scene.match.to_json())
    assert isinstance(replay, ReplayScene)
    app.stack.push(replay)
    app.stack.apply()
    for _ in range(40):
        replay.step(1)
        app.draw()
    replay.next_seat()
    replay.jump(30)
    app.draw()
    assert replay.table.view == replay.table.match.view(replay.seat)


COMPLETE = {"chow": ["red-S"], "pung": ["blue-M", "blue-S"], "kong": ["green-L", "green-M", "green-S"]}


def labels(scene):
    scene._refresh_ui()
    return [b.label.split("  ", 1)[1] for b in scene.buttons]


def test_mah_jongg_is_a_button_out_of_turn_when_legal(menu_app, pool):
    app = menu_app
    setup = Setup("martian", (SeatConfig("human", "normal", ""), SeatConfig("bot", "normal", "")), {}, 4,
                  {"east": 1, "turn": 1, "hands": [COMPLETE, None]})
    scene = mt.MartianTable(app, Match(setup))
    assert scene.view.turn == 1 and scene.view.phase == "begin"
    assert labels(scene) == ["Mah Jongg!"]                 # not our turn, but our hand is complete
    scene.buttons[0].activate()
    assert last_action(scene, 0).kind == "mahjongg"


def test_memory_aid_defaults_on_alone_and_off_at_a_strict_table(menu_app, pool):
    app = menu_app
    alone = open_table(app, ["human", "bot"])
    strict = open_table(app, ["human", "bot"], options={"strict": True})
    assert alone.memory_aid is True and strict.memory_aid is False
    key(app, "char", "m")                                    # M switches it
    assert strict.memory_aid is True and strict.match.meta["memory_aid"] is True


def test_after_a_claim_the_caller_says_go_or_discards(menu_app, pool):
    app = menu_app
    # seat 0 lets a forced small red go; seat 1 (human too) completes its Pung with it
    deal = {"east": 0, "turn": 0, "hands": [None, {"chow": [], "pung": ["red-M", None], "kong": ["blue-L", None, None]}]}
    scene = open_table(app, ["human", "human"], deal, forced=[Dice(1, 1)])
    through_curtain(app, scene)
    key(app, "confirm", " ")
    step(app, 2)
    scene.act_as(0, Keep("discard"))
    step(app, 2)
    assert scene._claim_waiting() == [1]
    press(app, scene.claim_bar.buttons[0].box.center)         # Bea: Claim, behind her curtain
    through_curtain(app, scene)
    words = [b.label.split("  ", 1)[-1] for b in scene.claim_bar.buttons]
    assert words[0] == "Pung" and words[-1] == "Pass"
    step(app, 30)                                             # the claim bar ignores clicks just after a curtain
    press(app, scene.claim_bar.buttons[0].box.center)
    step(app, 2)
    assert scene.viewer == 1 and scene.view.phase == "called"
    assert labels(scene)[:2] == ["Say go", "Discard a piece…"]
    assert [it.code for it in scene.layout().of("exposed") if it.owner == 1] == ["red-M", "red-S"]
    press(app, scene.buttons[1].box.center)
    assert scene.chooser is not None
    key(app, "confirm")
    assert last_action(scene, 1).kind == "discard"


def test_lesson_glow_finds_own_pieces_covers_and_pool_stacks(menu_app, pool):
    scene = open_table(menu_app, ["human", "bot"], DEAL, forced=[Dice(1, 1)])
    lay = scene.layout()
    pung = next(it.rect for it in lay.of("pile") if it.code == "blue-M" and it.owner == 0)
    rects = scene.lesson_piece_rects(("blue-M", "cover-1", "orange-L"))
    assert rects == [pung, lay.cover_rect(0), ml.stack_rect("orange-L")]


def test_the_hint_speaks_to_the_player_not_about_them(menu_app, pool):
    # seen in a real window: pressing H at the start of a turn toasted "Hint: throws the dice"
    from game.app.tables import martian_words as mw
    from game.rules.martian import Claim, Pass
    scene = open_table(menu_app, ["human", "bot"], deal=DEAL)
    shown = []
    scene.toast = lambda text, colour=None, seconds=0: shown.append(text)
    scene.show_hint(Roll())
    assert shown == ["Hint: Roll the dice."]
    assert mw.hint_line(Look(12), None, None, None) == "Look under large cover 13 (ringed: the 3rd large one from the left)."
    assert mw.hint_line(Claim("kong", True), None, None, None) == "Claim the discard for your Kong and call Mah Jongg."
    assert mw.hint_line(Pass(), None, None, None).startswith("Pass")
    mine = scene.view.mine
    line = mw.hint_line(Keep("discard"), mine, "red-S", None)
    assert line.startswith("Let the") and "\n" not in line
    # seen: with a cover lifted the hint said "Put the small clear into your Kong." while the
    # chooser offered (i), (ii) and (iii): it names the option to pick first
    from game.rules.martian import Hide, Swap
    line = mw.hint_line(Swap("kong-S"), mine, "cyan-S", "clear-S")
    assert line.startswith("Choose (ii) Swap: take the small clear. ") and "\n" not in line
    assert mw.hint_line(Keep("chow-S"), mine, "cyan-S", "clear-S").startswith("Choose (i) Keep the small cyan. ")
    assert mw.hint_line(Hide("white", "drawn", "pung-S"), mine, "cyan-S", "clear-S").startswith(
        "Choose (iii) Hide your small white under it. ")
    assert not mw.hint_line(Keep("chow-S"), mine, "cyan-S", None).startswith("Choose")    # no cover lifted


def rolled_a_small_red(app):
    """Head to head on DEAL, the human's first roll forced to a small red: a cover to look under."""
    scene = open_table(app, ["human", "bot"], DEAL, forced=[Dice(1, 1)])
    press(app, scene.buttons[0].box.center)           # Roll the dice
    step(app, 2)
    return scene


def test_a_hinted_look_rings_that_cover_and_enter_looks_under_it(menu_app, pool):
    app = menu_app
    scene = rolled_a_small_red(app)
    assert scene.view.drawn == "red-S"
    looks = sorted(a.cover for a in scene.legal if isinstance(a, Look))
    scene.show_hint(Look(looks[-1]))
    assert scene.ui.focused is scene.cover_spots[looks[-1]] and scene.ui.keyboard
    key(app, "confirm")
    assert last_action(scene) == Look(looks[-1])


def test_a_click_on_the_hinted_cover_opens_the_options_without_a_keyboard_ring(menu_app, pool):
    # seen in a real window: after the hint rang a cover and the player clicked it, the options
    # opened with the keyboard's ring on the first one, as if the keys had been used
    app = menu_app
    scene = rolled_a_small_red(app)
    looks = sorted(a.cover for a in scene.legal if isinstance(a, Look))
    scene.show_hint(Look(looks[-1]))
    assert scene.ui.keyboard
    press(app, scene.cover_spots[looks[-1]].box.center)
    assert last_action(scene) == Look(looks[-1])
    assert scene.chooser is not None and not scene.chooser.ui.keyboard


def test_a_hint_inside_the_cover_choosers_rings_the_option_it_means(menu_app, pool):
    # seen: inside "(i) Keep ...: where?" the hint still said "Choose (i) Keep ..." and the ring
    # stayed on the first row (the Pung) while the hint meant the Kong
    app = menu_app
    scene = rolled_a_small_red(app)
    look = min(a.cover for a in scene.legal if isinstance(a, Look))
    scene.show_hint(Look(look))
    key(app, "confirm")                               # looks under the ringed cover
    step(app, 2)
    assert scene.view.phase == "cover" and scene.view.under is not None
    shown = []
    scene.toast = lambda text, colour=None, seconds=0: shown.append(text)
    scene.open_cover_options()
    groups = scene.cover_groups()
    gi = next(i for i, g in enumerate(groups) if len(g[2]) > 1)       # an option with several places
    wanted = groups[gi][2][-1]
    scene.show_hint(wanted)
    assert scene.chooser.ui.focused is scene.chooser.ui.widgets[gi] and scene.chooser.ui.keyboard
    assert shown[-1].startswith("Hint: Choose (")
    key(app, "confirm")                               # Enter opens that option's "where?"
    assert scene.chooser is not None and wanted in [o.value for o in scene.chooser.options]
    scene.show_hint(wanted)
    i = [o.value for o in scene.chooser.options].index(wanted)
    assert scene.chooser.ui.focused is scene.chooser.ui.widgets[i]
    assert not shown[-1].startswith("Hint: Choose") and "\n" not in shown[-1]
    key(app, "confirm")
    assert last_action(scene) == wanted


def test_the_cover_options_are_read_whole_and_the_hint_toast_keeps_off_them(menu_app, pool):
    # seen: "(iii) ... Then choose: Chow, Pung, K..." cut short, and the hint toast over the
    # chooser's corner
    import pygame
    from tests.app.test_minttin_table_playtest import cut_texts
    app = menu_app
    scene = rolled_a_small_red(app)
    look = min(a.cover for a in scene.legal if isinstance(a, Look))
    scene.show_hint(Look(look))
    key(app, "confirm")
    step(app, 2)
    scene.open_cover_options()
    scene.show_hint(scene.cover_groups()[-1][2][0])
    step(app, 2)
    assert not [t for t in cut_texts(app) if "choose" in t or "Keep" in t]
    canvas = app.canvas
    x, y, w, h = scene.toasts.pick_area(canvas, scene.toast_areas(), scene.toast_avoid())
    boxes = [pygame.FRect(b) for b in scene.toasts.rects(canvas, x + w / 2, y + h, w - 48)]
    assert boxes and not any(b.colliderect(pygame.FRect(scene.chooser.rect)) for b in boxes)
    lx, _ly, lw = scene.LESSON_PANEL
    assert scene.chooser.rect[0] > lx + lw                 # still clear of a lesson's panel


@pytest.mark.parametrize("lesson", [False, True])
def test_toasts_cover_no_piece_label_or_button(menu_app, pool, lesson):
    # seen: a message over the pool's bottom row of counts for a few seconds
    import pygame
    if lesson:
        from game.core.levels import LEVELS_DIR, load_level
        level = load_level(LEVELS_DIR / "martian/learn.toml")
        menu_app.start_game(level.fresh_setup(), level)
        menu_app.stack.apply()
        scene = menu_app.stack.top
        step(menu_app, 2)
        assert scene.lesson is not None
    else:
        scene = open_table(menu_app, ("human", "bot", "bot"))
    scene.toast("You cannot do that now.")
    scene.toast("A second message, rather longer than the first one, to need two lines here")
    canvas = menu_app.canvas
    menu_app.stack.draw(canvas)
    area = scene.toasts.pick_area(canvas, scene.toast_areas(), scene.toast_avoid())
    x, y, w, h = area
    boxes = [pygame.FRect(b) for b in scene.toasts.rects(canvas, x + w / 2, y + h, w - 48)]
    lay = scene.layout()
    keep_clear = [pygame.FRect(it.rect) for it in lay.items]
    keep_clear += [pygame.FRect(r) for r in (ml.TRAY, ml.DRAWN_SPOT, ml.BOTTOM, mt.MEMORY_BUTTON)]
    keep_clear += [b.rect for b in scene.buttons]
    keep_clear.append(pygame.FRect(mt.STATUS_RECT))
    if lesson:
        keep_clear.append(pygame.FRect(scene.LESSON_PANEL[0], scene.LESSON_PANEL[1], scene.LESSON_PANEL[2], 360))
    for b in boxes:
        assert pygame.FRect(24, 24, 1552, 852).contains(b)
        assert all(not b.colliderect(r) for r in keep_clear), (b, [r for r in keep_clear if b.colliderect(r)])


def test_hiding_an_opaque_under_a_cover_of_the_same_piece_reads_plainly():
    # seen in a real window: "Keep the small orange or the small orange; the other is discarded."
    from game.app.tables.martian_words import option_detail
    same = option_detail("hide", "orange-S", "orange-S", "black-S", ["kong-S"])
    assert same == "Keep one small orange; the other is discarded. Then choose: Kong."
    differ = option_detail("hide", "orange-S", "red-S", "black-S", ["kong-S", "discard"])
    assert differ.startswith("Keep the small orange or the small red; the other is discarded.")


def test_look_under_a_cover_keeps_the_cover_the_hint_ringed(menu_app, pool):
    # seen in a real window: the hint ringed cover 4, then "2  Look under a cover" moved the ring to cover 1
    app = menu_app
    scene = rolled_a_small_red(app)
    looks = sorted(a.cover for a in scene.legal if isinstance(a, Look))
    scene.show_hint(Look(looks[-1]))
    scene._focus_covers()
    assert scene.ui.focused is scene.cover_spots[looks[-1]]
    scene.ui.set_focus(None)
    scene._focus_covers()                              # with nothing ringed, the first cover
    assert scene.ui.focused is scene.cover_spots[min(scene.cover_spots)]


def test_a_replays_last_move_says_the_game_is_over(menu_app):
    # seen in a real window: at a finished game's last move the replay's status read "Ana is playing…"
    from game.app.scenes.replay import ReplayScene
    from game.bots import make_bot
    from game.core.rng import GameRng
    m = Match(Setup("martian", (SeatConfig("human", "easy", "You"), SeatConfig("bot", "easy", "Ana")), {}, 3))
    bot, rng = make_bot("martian", "easy"), GameRng(3)
    while m.result() is None or not m.result().final:
        s = m.to_act()[0]
        m.act(s, bot.choose(m.view(s), m.legal(s), rng))
    replay = ReplayScene.create(menu_app, m.to_json())
    menu_app.stack.push(replay)
    menu_app.stack.apply()
    replay.jump(len(replay.moves))
    assert replay.table.status() == "The game is over."
    replay.jump(len(replay.moves) - 1)
    assert replay.table.status() != "The game is over."


def test_the_cover_prompt_names_only_the_options_on_offer(menu_app, pool, monkeypatch):
    # seen in a real window: "Choose (i), (ii) or (iii)" over a chooser offering only (i) and (ii)
    app = menu_app
    scene = open_table(app, ["human", "bot"], DEAL, forced=[Dice(1, 1)])
    press(app, scene.buttons[0].box.center)
    step(app, 2)
    press(app, next(b for b in scene.buttons if "Look" in b.label).box.center)
    key(app, "confirm")
    assert scene.view.phase == "cover"
    assert scene.status().endswith("Choose (i)–(iii).")         # "(i), (ii) or (iii)" was cut on its button
    scene.chooser, scene._ui_for = None, None
    scene._refresh_ui()
    label = next(b for b in scene.buttons if b.label.startswith("1  Choose"))
    assert label.label == "1  Choose (i)–(iii)…"
    assert app.canvas.measure(label.label, label.size, True)[0] <= label.box.w - 16
    two = [g for g in scene.cover_groups() if not g[0].startswith("(iii)")]
    monkeypatch.setattr(scene, "cover_groups", lambda: two)
    assert scene.status().endswith("Choose (i) or (ii).")
    scene.chooser, scene._ui_for = None, None          # the options' button, as after Cancel
    scene._refresh_ui()
    assert "1  Choose (i) or (ii)…" in [b.label for b in scene.buttons]


def test_a_hint_with_one_thing_to_do_is_said_at_once_without_asking_a_bot(menu_app, pool):
    # seen in a real window (hot seat, no bot yet started): H at "roll the dice" said nothing for
    # seconds while the worker started; with a single legal action there is nothing to weigh
    scene = open_table(menu_app, ["human", "human"], deal=DEAL)
    while isinstance(menu_app.stack.top, HandoffScene):
        through_curtain(menu_app, scene)
    assert scene.legal == [Roll()]
    pool.auto = False
    asked = len(pool.asked)
    menu_app.dispatch(Intent("hint"))
    assert "Hint: Roll the dice." in scene.toasts.texts and len(pool.asked) == asked


def test_the_hint_is_a_click_away_too(menu_app, pool):
    # seen in a real window: a player using only the mouse had no way to the hint (only the H key)
    scene = open_table(menu_app, ["human", "human"], deal=DEAL)
    while isinstance(menu_app.stack.top, HandoffScene):
        through_curtain(menu_app, scene)
    button = next(w for w in scene.ui.widgets if getattr(w, "label", "") == "Hint (H)")
    assert not button.focusable and not button.box.colliderect(pygame.FRect(scene.memory_button.box))
    press(menu_app, button.box.center)
    assert "Hint: Roll the dice." in scene.toasts.texts


def test_the_ended_hand_stays_on_the_table_until_its_results(menu_app, pool):
    # seen (session 10, a real window): Ana's "Mah Jongg!" faded over the next hand's set-up ("Hand 12
    # begins", the new scores), because the move that ends a hand deals the next and the results
    # waited for the call to be seen. The ended hand now stays until the results; the deal follows.
    app = menu_app
    app.store.settings.anim_speed = 1.0
    scene = open_table(app, ["bot", "bot"], seed=13)
    ended = []

    def hand_ended():
        ended.extend(scene._pending_results)
        return bool(ended) or isinstance(app.stack.top, ResultsScene)
    assert run_until(app, hand_ended, 20000)
    results = ended[0] if ended else app.stack.top
    hand = results.data["hand"]
    assert scene.view.hand_no == hand                         # the ended hand, not the new deal
    assert not any(l.startswith(f"Hand {hand + 1} begins") for l in scene.log_lines)
    assert run_until(app, lambda: isinstance(app.stack.top, ResultsScene), 2000)
    app.stack.top.done()
    step(app, 2)
    assert scene.view.hand_no == hand + 1 and scene.view.hand_no == scene.match.state.hand_no
    assert any(l.startswith(f"Hand {hand + 1} begins") for l in scene.log_lines)


def _panel(box, own):    # as lay_table puts a screen's panel in its seat's box
    x, y, w, h = box
    return (x, y + 52, w, h - 52) if own else (x, y + 30, w, h - 84)


@pytest.mark.parametrize("scale,box", [(ml.OWN_SCALE, _panel(ml.BOTTOM, True))]
                         + [(ml.OTHER_SCALE, _panel(b, False)) for n in (2, 3, 4) for b in ml.top_boxes(n)[:1]])
def test_opaques_sit_apart_while_they_fit_and_stay_on_their_screen(scale, box):
    # seen in a real window with colour-blind marks: two opaques overlapped, the white one over "Bk"
    from types import SimpleNamespace
    for n in range(1, 6):
        screen = SimpleNamespace(chow=[None], pung=[None, None], kong=[None, None, None], exposed=(),
                                 bonus=(), opaques=["black-S"] * (n // 2) + ["white-S"] * (n - n // 2))
        out = []
        ml._screen_items(out, screen, 0, box, scale)
        rects = [pygame.FRect(i.rect) for i in out if i.part == "opaque"]
        assert len(rects) == n
        assert all(pygame.FRect(box).contains(r) for r in rects)
        if n <= 2:
            assert not any(a.colliderect(b) for a, b in zip(rects, rects[1:]))
