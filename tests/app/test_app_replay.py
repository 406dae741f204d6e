"""Finished games are kept as replays, and the replay viewer steps through them on the game's table."""

import pytest

from game.app.input import Intent
from game.app.scenes.replay import ReplayScene, ReplaysScene
from game.bots import make_bot
from game.core.match import Match
from game.core.protocol import SeatConfig, Setup
from game.core.rng import GameRng


def rummy_match(moves: int) -> Match:
    setup = Setup("rummy", tuple(SeatConfig("bot", "easy", n) for n in "NESW"), {}, 5)
    m = Match(setup)
    bot, rng = make_bot("rummy", "easy"), GameRng(2)
    for _ in range(moves):
        s = m.to_act()[0]
        m.act(s, bot.choose(m.view(s), m.legal(s), rng))
    return m


def test_stepping_forward_and_back_matches_the_game(app):
    m = rummy_match(12)
    scene = ReplayScene.create(app, m.to_json())
    app.stack.push(scene)
    app.stack.apply()
    assert scene.index == 0 and scene.table.replay_mode
    for _ in range(12):
        scene.handle(Intent("right"))
    assert scene.index == 12
    assert scene.table.match.view(0) == m.view(0)
    scene.handle(Intent("left"))
    assert scene.index == 11 and len(scene.table.match.log) == 11
    scene.handle(Intent("home"))
    assert scene.index == 0 and scene.table.match.log == []
    scene.handle(Intent("right"))
    scene.handle(Intent("right"))
    assert len(scene.table.match.log) == 2
    for _ in range(30):              # a replay never plays on by itself, nor saves over the autosave
        app.tick(1 / 60)
    assert len(scene.table.match.log) == 2 and not app.store.has_autosave()


def test_whose_pieces_cycles_through_seats_and_the_public_table(app):
    scene = ReplayScene.create(app, rummy_match(3).to_json())
    app.stack.push(scene)
    app.stack.apply()
    seen = []
    for _ in range(5):
        seen.append(scene.table.viewer)
        scene.handle(Intent("focus_next"))
    assert seen == [0, 1, 2, 3, None]


def test_the_replays_screen_lists_saved_games_and_opens_them(app):
    app.store.save_replay("rummy-short", rummy_match(4).to_json())
    screen = ReplaysScene(app)
    app.stack.push(screen)
    app.stack.apply()
    rows = [w for w in screen.ui.widgets if "Mahjong Rummy" in getattr(w, "label", "")]
    assert len(rows) == 1 and "4 moves" in rows[0].detail
    screen.handle(Intent("select", rows[0].rect.center))
    app.stack.apply()
    assert isinstance(app.stack.top, ReplayScene)


def test_a_damaged_replay_is_refused_with_a_reason(app):
    data = rummy_match(2).to_json()
    data["log"].append([0, '{"a":"nonsense"}'])
    assert "can't be shown" in ReplayScene.create(app, data)


def test_the_first_arrow_lands_on_a_replay_not_on_back(app):
    """Down then Enter opens the newest replay (it once focused Back, and Enter left the screen)."""
    app.store.save_replay("rummy-short", rummy_match(4).to_json())
    screen = ReplaysScene(app)
    app.stack.push(screen)
    app.stack.apply()
    screen.handle(Intent("down"))
    assert "Mahjong Rummy" in getattr(screen.ui.focused, "label", "") and screen.ui.keyboard
    screen.handle(Intent("confirm"))
    app.stack.apply()
    assert isinstance(app.stack.top, ReplayScene)


def test_whose_pieces_reads_as_english_for_the_default_name_you():
    from game.app.scenes.replay import pieces_of
    assert pieces_of("You") == "your pieces"
    assert pieces_of("Ana") == "Ana's pieces"


def bot_match(game: str, moves: int) -> Match:
    from game.rules import info
    seats = tuple(SeatConfig("human" if i == 0 else "bot", "easy", "") for i in range(info(game).seats[1]))
    m = Match(Setup(game, seats, {}, 7))
    bot, rng = make_bot(game, "easy"), GameRng(3)
    for _ in range(moves):
        if m.result() is not None and m.result().final:
            break
        s = m.to_act()[0]
        m.act(s, bot.choose(m.view(s), m.legal(s), rng))
    return m


@pytest.mark.parametrize("game", ["minttin", "rummy", "kards", "cuzzins", "martian"])
def test_the_control_bar_covers_no_piece_or_label_of_the_table(app, game):
    """The table is drawn shrunk into the area above the bar (it once ran under it: Martian's pile labels)."""
    from game.app.scenes.replay import BAR_TOP
    scene = ReplayScene.create(app, bot_match(game, 40).to_json())
    app.stack.push(scene)
    app.stack.apply()
    canvas, drawn, in_table = app.canvas, [], []
    for name in ("piece", "text"):
        real = getattr(canvas, name)

        def record(what, r, *a, _real=real, _name=name, **k):
            out = _real(what, r, *a, **k)
            if in_table:
                drawn.append((what, canvas.rect_px(out if _name == "text" else r)))
            return out
        setattr(canvas, name, record)
    table_draw = scene.table_cls.draw

    def draw_table(table, c):
        in_table.append(1)
        try:
            table_draw(table, c)
        finally:
            in_table.pop()
    for index in (0, len(scene.moves)):
        scene.jump(index)
        scene.table.draw = draw_table.__get__(scene.table)
        drawn.clear()
        scene.draw(canvas)
        bar = canvas.to_px(0, BAR_TOP)[1]
        assert len(drawn) > 5 and [d for d in drawn if d[1].bottom > bar] == []


def test_a_jump_shows_a_move_as_a_step_does_the_ended_hand_with_your_own_pieces(app):
    """Jumping to the move that ends a Cuzzins hand shows the hand as it ended (the winner's tiles
    open, your own still in front of you), as stepping onto it does; it once showed an empty table."""
    seats = tuple(SeatConfig("human" if i == 0 else "bot", "easy", "") for i in range(4))
    m = Match(Setup("cuzzins", seats, {}, 7))
    bot, rng = make_bot("cuzzins", "easy"), GameRng(3)
    end = None
    while end is None:
        s = m.to_act()[0]
        if any(e.kind == "round_end" for e in m.act(s, bot.choose(m.view(s), m.legal(s), rng))):
            end = len(m.log)
    scene = ReplayScene.create(app, m.to_json())
    app.stack.push(scene)
    app.stack.apply()
    scene.jump(end)
    jumped = (scene.table.ended is not None, scene.table.hand, scene.table.status())
    scene.jump(end - 1)
    scene.handle(Intent("right"))
    stepped = (scene.table.ended is not None, scene.table.hand, scene.table.status())
    assert scene.index == end and jumped == stepped
    assert jumped[0] and len(jumped[1]) >= 13 and ("Mahjongg" in jumped[2] or "drawn hand" in jumped[2])


@pytest.mark.parametrize("game", ["minttin", "rummy"])
def test_a_replay_of_your_own_game_never_asks_you_to_move(app, game):
    """Seen in a real window: replaying a Mint Tin game you played showed "Discard: click a card
    twice…" with Discard and Hint buttons, as if the recording waited for you."""
    m = bot_match(game, 8)
    scene = ReplayScene.create(app, m.to_json())
    app.stack.push(scene)
    app.stack.apply()
    for _ in range(8):
        scene.handle(Intent("right"))
        table = scene.table
        mine = table.my_turn
        assert not (mine() if callable(mine) else mine)
        if game == "minttin":
            assert table.controls.labels() == []
            assert table.drawer.status_text() == ""


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (1920, 1080)])
def test_every_bar_label_fits_its_button_at_common_window_sizes(app, size):
    # seen in a real window at 1920x1080: the bar's last button read "Whose pieces (T…"
    import pygame
    scene = ReplayScene.create(app, bot_match("martian", 10).to_json())
    app.stack.push(scene)
    app.stack.apply()
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.tick(1 / 60)
    buttons = [w for w in scene.ui.widgets if hasattr(w, "label")]
    assert any(b.label.startswith("Whose") for b in buttons)
    for b in buttons:
        assert app.canvas.measure(b.label, b.size, True)[0] <= b.box.width - 20, b.label
