"""Guided first hands ("Learn") played through the real table scenes, step by step."""

import pytest

from game.app.input import Intent
from game.app.lesson import pick_by_code
from game.app.scenes.game_setup import SetupScene
from game.core.levels import LEVELS_DIR, load_level
from tests.app.app_helpers import message_boxes, run_until, step

LESSONS = ["minttin/learn.toml", "rummy/learn.toml", "martian/learn.toml", "cuzzins/learn.toml"]


def start(app, path):
    level = load_level(LEVELS_DIR / path)
    app.store.settings.anim_speed = 0.0
    app.start_game(level.fresh_setup(), level)
    app.stack.apply()
    return app.stack.top


def wait_for_player(app, scene):
    """Frames until the lesson's player may act (bots answered, presentation over)."""
    def ready():
        legal = scene.match.legal(0)
        only_pass = bool(legal) and all(type(a).__name__ == "Pass" for a in legal)    # the table passes for you
        return not scene.lesson.waiting() and not scene.bot_thinking and not only_pass
    assert run_until(app, ready), "the player never got the turn back"
    # a sealed claim window resolves with its last answer: the bots asked with the player answer
    # on the next frames, before any player could click
    step(app, 2)
    assert run_until(app, ready), "the player never got the turn back"


def candidates(scene):
    legal = scene.match.legal(0)
    suggest = getattr(scene.rules, "suggest_plays", None)     # Rummy lists manipulations only as hints
    return legal + (list(suggest(scene.match.view(0))) if suggest else [])


@pytest.mark.parametrize("path", LESSONS)
def test_a_lesson_is_played_to_its_end_by_following_its_steps(app, path):
    scene = start(app, path)
    guide = scene.lesson
    assert guide is not None and guide.run.index == 0
    steps = guide.run.lesson.steps
    for i, st in enumerate(steps):
        wait_for_player(app, scene)
        assert guide.run.index == i, "the bots' fixed line must bring the table back to this step"
        if st.highlight:      # the pieces to touch are on the table and glow
            assert len(scene.lesson_piece_rects(st.highlight)) == len(st.highlight)
        expected = guide.expected(0, candidates(scene))
        assert expected, f"step {i + 1} ({st.do}) is not possible at the table"
        assert scene.act(expected[0])
        assert guide.run.index == i + 1
    assert guide.run.finished
    step(app, 3)
    assert not guide.closed         # the closing words stay until the player acts again
    if path == "cuzzins/learn.toml":     # a one-hand lesson ends its game: no statistics from a set deal
        assert run_until(app, lambda: scene.finished)
        assert app.store.stats().get("cuzzins", {}).get("played", 0) == 0


def test_a_wrong_action_is_refused_with_a_nudge_and_the_step_stays(app):
    from game.rules.minttin.actions import Discard, Draw
    scene = start(app, "minttin/learn.toml")
    wait_for_player(app, scene)
    assert scene.act(Draw())
    log = len(scene.match.log)
    assert not scene.act(Discard(card="M4"))           # legal in the game, but not the lesson's step
    assert len(scene.match.log) == log and scene.lesson.run.index == 1
    assert any("Sword 1" in t for t in scene.toasts.texts)
    assert scene.act(Discard(card="S1"))
    assert scene.lesson.run.index == 2
    assert not any("Sword 1" in t for t in scene.toasts.texts)     # the nudge goes with its step


def test_rummy_refuses_a_different_opening(app):
    from game.rules.rummy import Draw, PlayTurn
    scene = start(app, "rummy/learn.toml")
    wait_for_player(app, scene)
    hand = scene.match.state.hands[0]
    b1 = tuple(t for t in hand if t.startswith("B1"))
    c7 = tuple(t for t in hand if t.startswith("C7"))
    assert not scene.act(PlayTurn((b1, c7)))           # a valid opening, but not the lesson's
    assert not scene.act(Draw())
    assert scene.match.log == [] and scene.lesson.run.index == 0


def test_an_illegal_action_gets_the_games_reason_not_the_nudge(app):
    from game.rules.minttin.actions import Discard
    scene = start(app, "minttin/learn.toml")
    wait_for_player(app, scene)
    assert not scene.act(Discard(card="S1"))           # a discard before drawing: the rules say why
    assert any("raw" in t for t in scene.toasts.texts)


def test_learn_on_the_setup_screen_starts_the_lesson_by_keyboard(menu_app):
    app = menu_app
    app.levels = [load_level(LEVELS_DIR / p) for p in LESSONS]
    scene = SetupScene(app, "rummy")
    app.stack.push(scene)
    app.stack.apply()
    button = next(w for w in scene.ui.widgets if getattr(w, "label", None) == "Learn")
    scene.ui.set_focus(button)
    scene.handle(Intent("confirm"))            # Enter on the focused button
    app.stack.apply()
    table = app.stack.top
    assert table.lesson is not None and table.level.id == "rummy/learn"


def test_a_continued_lesson_resumes_at_its_step(app):
    from game.app.starting import make_table_scene
    from game.core.match import Match
    from game.rules.minttin.actions import Discard, Draw
    scene = start(app, "minttin/learn.toml")
    wait_for_player(app, scene)
    scene.act(Draw())
    scene.act(Discard(card="S1"))
    again = make_table_scene(app, scene.match.setup, scene.level, Match.from_json(scene.match.to_json()))
    assert again.lesson.run.index == 2


def test_pick_by_code_lights_each_code_as_often_as_listed():
    items = [("B1", 1), ("B2", 2), ("B1", 3), ("B1", 4), ("C7", 5)]
    assert pick_by_code(items, ("B1",)) == [1]
    assert pick_by_code(items, ("B1", "B1", "C7", "D9")) == [1, 3, 5]


def test_mint_tin_lesson_by_the_tables_own_buttons_and_clicks(app):
    """The same first steps as a player makes them: the Draw button, a card clicked twice to discard."""
    scene = start(app, "minttin/learn.toml")
    wait_for_player(app, scene)

    def press(label):
        b = scene.controls.button(label)
        assert b is not None and b.enabled, scene.controls.labels()
        scene.handle(Intent("select", b.rect.center))
        step(app, 2)

    def click_twice(code):
        card = next(c for c in reversed(scene.board.hand) if c.code == code)
        for _ in range(2):
            place = scene.targets()[card.id][0]
            scene.handle(Intent("select", (place.x, place.y)))
        step(app, 2)

    press("Draw")
    assert scene.lesson.run.index == 1
    click_twice("M4")                                    # not the lesson's card: it stays in the hand
    assert scene.lesson.run.index == 1 and sum(c.code == "M4" for c in scene.board.hand) == 3
    click_twice("S1")
    assert scene.lesson.run.index == 2
    wait_for_player(app, scene)
    assert scene.lesson_piece_rects(("M5",))             # the hold-spot card glows first
    press("Call")                                        # a pung, a pung with a joker or a kong: it asks
    rows = {w.label: w for w in scene.controls.chooser.ui.widgets}
    scene.handle(Intent("select", rows["Kong with 1 joker"].rect.center))
    step(app, 2)
    assert scene.lesson.run.index == 2 and scene.match.state.exposures[0] == []     # refused: not the lesson's
    press("Call")
    rows = {w.label: w for w in scene.controls.chooser.ui.widgets}
    scene.handle(Intent("select", rows["Pung"].rect.center))
    step(app, 2)
    assert scene.lesson.run.index == 3


def test_rummy_opening_step_by_dragging_tiles_and_done(app):
    scene = start(app, "rummy/learn.toml")
    app.dispatch(Intent("skip"))
    wait_for_player(app, scene)

    def drag(key, dst):
        src = scene.lay.places[key].rect.center
        for kind, pos in (("press", src), ("drag_start", src), ("drag_move", dst), ("drop", dst)):
            app.dispatch(Intent(kind, pos))
        app.stack.apply()
        step(app, 2)

    def hand(kind, n=1):
        return [t for t in scene.work.hand if t.split("#")[0] == kind][:n]

    def new_set(tiles):
        first = tiles[0]
        drag(first, scene.lay.new_slot.center)
        for t in tiles[1:]:
            drag(t, scene.lay.places[first].rect.center)

    def done():
        pos = scene.buttons["done"].rect.center
        app.dispatch(Intent("press", pos))
        app.dispatch(Intent("select", pos))
        app.stack.apply()
        step(app, 2)

    new_set(hand("B1", 3))                     # three Bamboo 1s and three Characters 7: a fine opening,
    new_set(hand("C7", 3))                     # but not the lesson's
    done()
    assert scene.match.log == [] and scene.lesson.run.index == 0
    assert any("1-2-3 Bamboo" in t for t in scene.toasts.texts)
    scene.cmd_reset()
    step(app, 2)
    new_set(hand("B1") + hand("B2") + hand("B3"))
    new_set(hand("C7", 3))
    done()
    assert scene.lesson.run.index == 1 and scene.match.log[0].seat == 0 and "play" in scene.match.log[0].action


def test_mint_tin_call_chooser_opened_by_keys_shows_its_focus_and_by_a_click_does_not(app):
    """Tab to Call and Enter: the chooser's ring shows which option Enter picks; opened by a click it
    stays hidden until a key is used."""
    scene = start(app, "minttin/learn.toml")
    wait_for_player(app, scene)
    scene.handle(Intent("select", scene.controls.button("Draw").rect.center))
    step(app, 2)
    card = next(c for c in reversed(scene.board.hand) if c.code == "S1")
    for _ in range(2):
        place = scene.targets()[card.id][0]
        scene.handle(Intent("select", (place.x, place.y)))
    step(app, 2)
    wait_for_player(app, scene)
    call = scene.controls.button("Call")
    scene.handle(Intent("select", call.rect.center))
    assert scene.controls.chooser is not None and not scene.controls.chooser.ui.keyboard
    scene.handle(Intent("back"))
    assert scene.controls.chooser is None
    def focused_label():
        f = scene.controls.ui.focused
        return getattr(f, "label", None)
    for _ in range(10):                                  # Tab until Call has the focus (at least once)
        scene.handle(Intent("focus_next"))
        if focused_label() == "Call":
            break
    assert focused_label() == "Call"
    scene.handle(Intent("confirm"))
    chooser = scene.controls.chooser
    assert chooser is not None and chooser.ui.keyboard
    plain = next(i for i, o in enumerate(chooser.options) if o.label == "Pung")
    assert chooser.ui.focused is chooser.ui.widgets[plain]      # the lesson's option, which Enter picks


def test_a_continued_lesson_is_not_thrown_by_claim_windows_that_passed_by_themselves(app):
    """A lone human's Pass-only claim windows answer themselves (skip_claims): those moves are in the
    log but were never steps, so a continued lesson must not count them."""
    from game.app.starting import make_table_scene
    from game.core.match import Match
    scene = start(app, "kards/learn.toml")
    assert run_until(app, lambda: scene.lesson.expected(0))
    scene.act(scene.lesson.expected(0)[0])            # step 1: the first discard
    assert run_until(app, lambda: scene.lesson.expected(0))      # step 2: the pung, windows passed meanwhile
    human_moves = sum(1 for e in scene.match.log if e.seat == 0)
    assert scene.lesson.run.index == 1 and human_moves > 1, "the deal should have let a window pass by itself"
    again = make_table_scene(app, scene.match.setup, scene.level, Match.from_json(scene.match.to_json()))
    assert again.lesson.run.index == 1 and not again.lesson.closed


@pytest.mark.parametrize("path", LESSONS)
def test_the_hint_follows_the_lessons_step_not_the_hint_bot(app, path):
    # seen in the Martian lesson: the hint said look under a cover while the step said keep the piece
    scene = start(app, path)
    guide = scene.lesson
    shown = []
    scene.show_hint = shown.append
    checked = 0
    for i in range(len(guide.run.lesson.steps)):
        wait_for_player(app, scene)
        expected = guide.expected(0, candidates(scene))
        off_script = [a for a in scene.match.legal(0) if a not in expected and guide._used(0, a) is not None]
        if off_script:                    # the hint bot suggests something the step does not ask for
            scene._give_hint(off_script[0])           # (as the worker's answer is given)
            assert shown[-1] in expected, (i, off_script[0], shown[-1])
            checked += 1
        scene._give_hint(expected[-1])    # a hint bot that agrees with the step is shown as it is
        assert shown[-1] == expected[-1]
        assert scene.act(expected[0])
    assert checked > 0


def test_the_kards_hint_panel_suggests_the_lessons_discard(app):
    scene = start(app, "kards/learn.toml")
    wait_for_player(app, scene)
    step_ = scene.lesson.run.step
    assert step_.do == "discard" and step_.pieces
    scene.hint_panel.open = True
    assert scene.hint().discard == step_.pieces[0]
    assert scene.hand[scene.hinted_index()].split("#")[0] == step_.pieces[0]


def test_enter_twice_discards_the_lessons_piece_with_the_hint_closed(app):
    # the Kards lesson says "... or press → to reach it, then Enter": Enter alone picks the step's
    # piece first (not the last piece, which a second Enter would have thrown)
    scene = start(app, "kards/learn.toml")
    wait_for_player(app, scene)
    assert scene.lesson.run.step.do == "discard"
    want = scene.lesson.run.step.pieces[0]
    assert not scene.hint_panel.open
    app.dispatch(Intent("confirm"))
    assert scene.hand[scene.selected].split("#")[0] == want
    moves = len(scene.match.log)
    app.dispatch(Intent("confirm"))
    app.stack.apply()
    entry = scene.match.log[moves]
    assert entry.seat == 0 and want in entry.action


def test_the_cuzzins_lesson_ends_on_the_flower_and_loose_tile_its_last_step_describes(app):
    # seen in a real window: Ana threw a 1 of Dots and the table offered Mahjongg on her discard,
    # under a step that says the table drew a flower and the loose 4 of Dots for you
    scene = start(app, "cuzzins/learn.toml")
    guide = scene.lesson
    for _ in guide.run.lesson.steps[:-1]:
        wait_for_player(app, scene)
        assert scene.act(guide.expected(0, candidates(scene))[0])
    wait_for_player(app, scene)
    view = scene.match.view(0)
    assert view.phase != "claims" and view.discard is None
    assert any(p.startswith("C5#4") or p == "C5#4" for p in view.hand + ((view.drawn,) if view.drawn else ()))
    assert view.flowers[0], "the flower the step speaks of lies in your flower row"


def test_the_mint_tin_lessons_first_words_point_at_what_the_table_shows():
    """Seen in a real window: step 1 called the opponent "the cards across the top", where at the
    start there are only the deck and the spots; the opponent is its name plate at the top left."""
    import tomllib
    from pathlib import Path
    lesson = tomllib.loads((Path(__file__).parents[2] / "levels/minttin/learn.toml").read_text())["lesson"]
    first = lesson["steps"][0]["say"]
    assert "cards across the top" not in first and "top left" in first and "fifth" in first


def test_an_open_chooser_is_marked_on_the_steps_option_only(app):
    """Martian's keep step marks the drawn piece; its options dialog opens over that piece, where
    the mark framed the dialog's first row (the Pung, not the Kong the step asks for). With the
    dialog open the mark is on the Kong row alone."""
    from game.rules.martian import Roll
    scene = start(app, "martian/learn.toml")
    wait_for_player(app, scene)
    assert scene.act(Roll())
    wait_for_player(app, scene)
    guide = scene.lesson
    assert guide.run.index == 1 and guide.marked_rects()      # the medium green is marked
    scene.open_keep([a for a in scene.legal if type(a).__name__ == "Keep"])
    step(app, 2)
    ch = scene.chooser
    assert ch is not None
    (kong,) = [i for i, o in enumerate(ch.options) if getattr(o.value, "to", "").startswith("kong")]
    assert guide.marked_rects() == [tuple(ch.ui.widgets[kong].rect)]
    scene.chooser.on_cancel()
    step(app, 2)
    assert guide.marked_rects()                                # the mark is back with the dialog gone


@pytest.mark.parametrize("moves", [0, 2])
def test_the_mint_tin_hint_opens_below_the_lessons_words_not_over_them(app, monkeypatch, moves):
    """Both share the right column under the buttons; the hint was drawn from the buttons down
    and the lesson's panel covered its middle."""
    from game.app.lesson import overlaps
    from game.rules.minttin.actions import Discard, Draw
    scene = start(app, "minttin/learn.toml")
    wait_for_player(app, scene)
    if moves:
        assert scene.act(Draw()) and scene.act(Discard(card="S1"))
        wait_for_player(app, scene)
    scene.controls.toggle_hint()
    assert run_until(app, lambda: scene.current_suggestion() is not None)
    panels = []
    real = app.canvas.panel
    monkeypatch.setattr(app.canvas, "panel", lambda r, *a, **k: (panels.append(tuple(r)), real(r, *a, **k)))
    scene.draw(app.canvas)
    words = scene.lesson.panel_rect(app.canvas)
    others = [p for p in panels if p != tuple(words) and p[0] >= words[0] - 1]
    assert others, "the hint panel was drawn in the right column"
    assert not any(overlaps(p, words) for p in others)


def test_mint_tin_lesson_words_name_the_call_option_and_the_card_that_went_to_the_row(app):
    """Seen in a real window: the call chooser lists "Pung with 1 joker" first, so "choose Pung"
    sent a newcomer to the nudge; and a Sword 3 turned up in the discard row unexplained."""
    from game.rules.minttin.actions import Discard, Draw
    from game.rules.minttin.cards import name
    scene = start(app, "minttin/learn.toml")
    guide = scene.lesson
    wait_for_player(app, scene)
    assert scene.act(Draw()) and scene.act(Discard(card="S1"))
    wait_for_player(app, scene)
    scene.controls.do_call()
    labels = [o.label for o in scene.controls.chooser.options]
    wanted = [o.label for o in scene.controls.chooser.options if guide.expected(0, [o.value])]
    assert wanted == ["Pung"] and any("joker" in lab for lab in labels if lab != "Pung")
    for words in (guide.run.step.say, guide.run.step.nudge):
        assert "plain Pung" in words and "joker" in words
    scene.controls.close_chooser()
    for _ in range(2):
        assert scene.act(guide.expected(0)[0])
        wait_for_player(app, scene)
    assert guide.run.index == 4
    assert name(scene.view.discards[-1]) in guide.run.step.say


@pytest.mark.parametrize("path", ["minttin/learn.toml", "rummy/learn.toml"])
def test_a_complete_lessons_buttons_have_keys_shown_on_them(real_levels_app, path):
    """Played by keyboard, the closing panel's New game and Play on could not be reached: the table
    keeps Tab and the arrows for its own buttons and pieces. N and P press them, as they say."""
    from game.app.lesson import NEXT_KEYS
    from game.app.scenes.game_setup import SetupScene
    from tests.app.test_app_menus_qa import finish_lesson
    app = real_levels_app
    scene = finish_lesson(app, path)
    guide = scene.lesson
    assert [w.detail for w in guide.ui.widgets] == list(NEXT_KEYS)
    app.dispatch(Intent("char", char="p"))
    assert guide.closed and app.stack.top is scene
    guide.closed = False                 # the words back up, to try the other key
    app.dispatch(Intent("char", char="N"))
    app.stack.apply()
    assert isinstance(app.stack.top, SetupScene) and app.stack.top.game.id == scene.setup.game


def test_mint_tin_writes_no_hint_word_under_the_lessons_arrow(app, monkeypatch):
    """The hint names the lesson's card, and its "hint" word above the card lay under the lesson's
    arrow ("▼int"); the arrow already points there."""
    from game.rules.minttin.actions import Draw
    scene = start(app, "minttin/learn.toml")
    wait_for_player(app, scene)
    assert scene.act(Draw())
    wait_for_player(app, scene)
    scene.controls.toggle_hint()
    assert run_until(app, lambda: scene.current_suggestion() is not None)
    assert scene.suggested_cards() and scene.lesson.marked_rects()
    words = []
    real = app.canvas.text
    monkeypatch.setattr(app.canvas, "text", lambda t, *a, **k: (words.append(t), real(t, *a, **k)))
    scene.draw(app.canvas)
    assert "hint" not in words


def _label_rect(app, text, midtop):
    from game.app import theme
    w, h = app.canvas.measure(text, theme.SMALL)
    return (midtop[0] - w / 2, midtop[1], w, h)


def test_the_lessons_arrow_keeps_off_the_words_beside_its_piece(app):
    """Seen in a real window: the hold spot's card is near the top, so its arrow went below it,
    onto "Hold spot"; Rummy's opening sets lie just under your nameplate and six arrows covered it."""
    from game.app.lesson import _bounds, mark_shapes, overlaps
    from game.rules.minttin.actions import Discard, Draw
    from game.app.tables import rummy_layout as RL
    scene = start(app, "minttin/learn.toml")
    wait_for_player(app, scene)
    assert scene.act(Draw()) and scene.act(Discard(card="S1"))
    wait_for_player(app, scene)
    hold = scene.layout.hold()
    x, y, w, h = hold.rect()
    label = _label_rect(app, "Hold spot", (hold.x, y + h + 8))
    marks = scene.lesson.marked_rects()
    assert len(marks) == 3                                   # the held Moon 5 and your two
    held = min(marks, key=lambda r: r[1])
    for clock in (0.0, 0.3, 0.6, 0.9):
        _rings, arrow = mark_shapes(held, clock, scene.lesson_keep_clear())
        box = _bounds(arrow, 0)
        assert not overlaps(box, label) and box[0] >= 0 and box[1] >= 0
    # Rummy: tiles laid on your set mat, under your nameplate
    plate = RL.AREAS[RL.BOTTOM]["plate"]
    sets = RL.AREAS[RL.BOTTOM]["sets"]
    tile = (sets[0] + 10, sets[1] + 4, 44, 60)
    rummy = type("T", (), {})()
    from game.app.tables.rummy import RummyTable
    for clock in (0.0, 0.5):
        _rings, arrow = mark_shapes(tile, clock, RummyTable.lesson_keep_clear(rummy))
        assert not overlaps(_bounds(arrow, 0), plate)


@pytest.mark.parametrize("key", ["right", "left"])
def test_the_first_arrow_press_lands_on_the_lessons_piece(app, key):
    """Cuzzins' discard step says "reach it with ← → and press Enter": the first → landed on the
    first tile of the hand, and Enter threw that one (refused, with the nudge) instead."""
    scene = start(app, "cuzzins/learn.toml")
    guide = scene.lesson
    wait_for_player(app, scene)
    assert scene.act(guide.expected(0)[0])                 # the pong
    wait_for_player(app, scene)
    want = guide.run.step.pieces[0]
    app.dispatch(Intent(key))
    assert scene.hand[scene.selected].split("#")[0] == want
    moves = len(scene.match.log)
    app.dispatch(Intent("confirm"))
    app.stack.apply()
    assert guide.run.index == 2 and want in scene.match.log[moves].action


def test_a_lesson_that_ends_its_game_keeps_its_closing_words_up_until_answered(app):
    """Cuzzins' lesson is one hand: its closing words (and New game / Play on) showed for a moment,
    then the results covered them, and the setup screen they point to was out of reach."""
    from game.app.scenes.results import ResultsScene
    scene = start(app, "cuzzins/learn.toml")
    guide = scene.lesson
    for _ in guide.run.lesson.steps:
        wait_for_player(app, scene)
        assert scene.act(guide.expected(0)[0])
    assert run_until(app, lambda: scene.finished and not scene.presenting())
    step(app, 30)
    assert app.stack.top is scene and guide.offers_next()
    assert scene._pending_results                      # the results wait behind the words
    app.dispatch(Intent("char", char="p"))
    step(app, 2)
    assert isinstance(app.stack.top, ResultsScene)


def test_the_martian_lessons_closing_words_come_before_the_hand_over(app):
    """Seen in a real window: Martian's lesson ends on a Mah Jongg in a game of several hands, and the
    "Hand over" results covered its closing words (and New game / Play on) a moment after they showed."""
    from game.app.scenes.results import ResultsScene
    scene = start(app, "martian/learn.toml")
    guide = scene.lesson
    for _ in guide.run.lesson.steps:
        wait_for_player(app, scene)
        assert scene.act(guide.expected(0)[0])
    assert not scene.finished and scene._results_open      # the hand is over, the game is not
    step(app, 30)
    assert app.stack.top is scene and guide.offers_next()
    assert scene._pending_results
    assert scene.status() == "The hand is over."          # not "You to roll." under the closing words
    app.dispatch(Intent("char", char="p"))                 # Play on: now the hand's results
    step(app, 2)
    assert isinstance(app.stack.top, ResultsScene)


def test_the_kards_lessons_closing_words_come_before_the_round_results(app):
    """Seen in a real window: after your Mah-Jongg the others play one last turn each (KRD-23), and
    when that round ended its results covered the closing words (and New game / Play on) a few
    seconds after they showed; closing the results left those words over the next round's deal."""
    from game.app.scenes.results import ResultsScene
    scene = start(app, "kards/learn.toml")
    guide = scene.lesson
    for _ in guide.run.lesson.steps:
        wait_for_player(app, scene)
        assert scene.act(guide.expected(0)[0])
    assert run_until(app, lambda: scene._results_open and not scene.presenting())
    assert len(scene.match.log) > guide.done_at             # the last turns came after the Mah-Jongg
    step(app, 30)
    assert app.stack.top is scene and guide.offers_next()
    assert scene._pending_results
    app.dispatch(Intent("char", char="p"))                 # Play on: now the round's results
    step(app, 2)
    assert isinstance(app.stack.top, ResultsScene)


def test_the_martian_lessons_last_step_names_the_button_and_key_it_means(app):
    """Seen in a real window: at the last step the table's first (gold) button is Roll the dice and
    Enter or 1 rolls; "Declare Mah Jongg" did not say which button or key that is. Then (QA, by
    keyboard): the step shows while Ana still plays, when Mah Jongg! is the only button and its key
    is 1, and the words said 2. Every key Mah Jongg! has while the step is up is named (now only 1)."""
    scene = start(app, "martian/learn.toml")
    guide = scene.lesson
    last = len(guide.run.lesson.steps) - 1
    while guide.run.index < last - 1:
        wait_for_player(app, scene)
        assert scene.act(guide.expected(0)[0])
    wait_for_player(app, scene)
    app.store.settings.anim_speed = 1.0           # Ana's turn takes its time, as in a window
    assert scene.act(guide.expected(0)[0])
    keys = set()

    def mah_jongg_key():
        labels = [b.label for b in scene.buttons]
        mj = next((lab for lab in labels if "Mah Jongg" in lab), None)
        if mj is not None:
            keys.add(mj.split(None, 1)[0])
        return any("Roll" in lab for lab in labels)         # your turn: Roll the dice is back

    assert run_until(app, mah_jongg_key)            # frames from Ana's turn to yours
    # (session 14: it was 1 on Ana's turn and 2 on yours; now it keeps the top place and the 1 key)
    assert guide.run.index == last and keys == {"1"}
    labels = [b.label for b in scene.buttons]
    assert labels[0].split(None, 1)[1] == "Mah Jongg!"     # on your turn too, above Roll the dice
    for words in (guide.run.step.say, guide.run.step.nudge):
        assert "Mah Jongg!" in words and "not Roll the dice" in guide.run.step.say
        for k in keys:
            assert f"the {k} key" in words


def test_a_nudge_does_not_cover_the_lessons_arrow(app, monkeypatch):
    """Seen in a real window: Rummy's nudge ("Add the 4 Bamboo to your run ...") lay over the
    arrow on the 4 Bamboo, above the hand; it now goes to free felt clear of the marks."""
    from game.app.lesson import overlaps
    from game.rules.rummy import Draw
    scene = start(app, "rummy/learn.toml")
    guide = scene.lesson
    wait_for_player(app, scene)
    assert scene.act(guide.expected(0, candidates(scene))[0])
    wait_for_player(app, scene)
    assert guide.run.index == 1 and guide.marked_rects()
    assert not scene.act(Draw())
    assert guide.run.step.nudge in scene.toasts.texts
    boxes = message_boxes(app, scene, monkeypatch)
    assert boxes
    assert not any(overlaps(b, z) for b in boxes for z in guide.mark_zones())
