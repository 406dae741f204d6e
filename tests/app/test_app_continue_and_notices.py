"""Continue reopens the autosaved game at its table; damaged files are reported once, not fatal."""

from tests.app import app_fakes
from tests.app.test_app_table_base import FakeTable

from game.app.input import Intent
from game.app.scenes.dialog import Dialog
from game.app.scenes.menu import MenuScene
from game.app.scenes.table_base import TableScene
from game.app.scenes.table_coming import TableComingScene
from game.core.match import Match
from game.core.protocol import SeatConfig, Setup


def test_continue_opens_the_saved_table(menu_app, monkeypatch):
    import game.core.match as match_mod
    import game.rules as rules_mod
    app_fakes.register_bots()
    monkeypatch.setattr(rules_mod, "rules_for", lambda gid: app_fakes.RULES)
    monkeypatch.setattr(match_mod, "_rules", lambda gid: app_fakes.RULES)
    monkeypatch.setattr("game.app.tables.table_scene_for", lambda gid: FakeTable)
    seats = (SeatConfig("human"), SeatConfig("bot"))
    m = Match(Setup(app_fakes.GAME_ID, seats, {}, 3), rules=app_fakes.RULES)
    m.act(0, app_fakes.Add(2))
    menu_app.store.save_autosave(m.to_json())
    menu_app.stack.top.rebuild()
    cont = next(w for w in menu_app.stack.top.ui.widgets if getattr(w, "label", "") == "Continue")
    menu_app.dispatch(Intent("select", cont.rect.center))
    menu_app.stack.apply()
    top = menu_app.stack.top
    assert isinstance(top, FakeTable)
    assert top.match.state.total == 2 and len(top.match.log) == 1


def test_enter_on_the_menu_presses_continue(menu_app, monkeypatch):
    # seen in a real window: back from a hot-seat game, Enter ringed Mint Tin's card, not the gold Continue
    import game.core.match as match_mod
    import game.rules as rules_mod
    monkeypatch.setattr(rules_mod, "rules_for", lambda gid: app_fakes.RULES)
    monkeypatch.setattr(match_mod, "_rules", lambda gid: app_fakes.RULES)
    monkeypatch.setattr("game.app.tables.table_scene_for", lambda gid: FakeTable)
    m = Match(Setup(app_fakes.GAME_ID, (SeatConfig("human"), SeatConfig("bot")), {}, 3), rules=app_fakes.RULES)
    menu_app.store.save_autosave(m.to_json())
    menu = menu_app.stack.top
    menu.rebuild()
    # and one Enter goes on with the game: the gold button is the one Enter presses (a first Enter
    # that only ringed it looked like a key that did nothing)
    menu_app.dispatch(Intent("confirm"))
    assert getattr(menu.ui.focused, "label", "") == "Continue"
    menu_app.stack.apply()
    assert isinstance(menu_app.stack.top, FakeTable)


def test_continue_without_a_table_scene_is_honest(menu_app):
    from game.app.scenes.game_setup import default_setup
    m = Match(default_setup("rummy"))
    menu_app.store.save_autosave(m.to_json())
    menu_app.continue_game()
    menu_app.stack.apply()
    assert isinstance(menu_app.stack.top, (TableComingScene, TableScene))   # a real table once rummy has one


def test_damaged_save_gives_a_notice(menu_app):
    menu_app.store.autosave_path.parent.mkdir(parents=True, exist_ok=True)
    menu_app.store.autosave_path.write_text("{ not json")
    menu_app.continue_game()
    menu_app.stack.apply()
    assert isinstance(menu_app.stack.top, Dialog)


def test_store_problems_are_shown_once(tmp_path):
    from game.app.app import App
    from game.store import Store
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text("garbage")
    store = Store(data)
    assert store.problems
    app = App(store, size=(800, 450), levels_dir=tmp_path, atlas=None)
    menu = MenuScene(app)
    app.stack.push(menu)
    app.stack.apply()
    assert isinstance(app.stack.top, Dialog) and "settings" in app.stack.top.message
    app.dispatch(Intent("confirm"))
    app.stack.apply()
    menu.show_notices()
    app.stack.apply()
    assert app.stack.top is menu
    app.shutdown()


def test_continue_says_which_game_it_resumes(menu_app):
    from game.app.scenes.game_setup import default_setup
    m = Match(default_setup("rummy"))
    menu_app.store.save_autosave(m.to_json())
    menu_app.stack.top.rebuild()
    cont = next(w for w in menu_app.stack.top.ui.widgets if getattr(w, "label", "") == "Continue")
    assert cont.detail == "Mahjong Rummy"


def test_a_notice_too_long_for_the_screen_keeps_its_button_on_screen(menu_app):
    from game.app import theme
    from game.app.scenes.dialog import notice
    long = "\n".join(f"• level-{i}.toml, line 1: something in this file could not be read at all" for i in range(60))
    d = notice(menu_app, "Please note", long)
    menu_app.stack.apply()
    menu_app.draw()
    ok = d.ui.widgets[0]
    assert ok.rect.bottom <= 900 and d._height <= d.MAX_HEIGHT
    assert d._size == theme.SMALL and d._shown.endswith("… (more than fits here)")
    short = notice(menu_app, "Please note", "One file was set aside.")
    menu_app.stack.apply()
    menu_app.draw()
    assert short._size == theme.BODY and short._shown == "One file was set aside."


def test_a_save_whose_moves_dont_replay_gives_way_to_its_previous_copy(menu_app):
    """The file reads fine but a move in it can't be played (damaged inside): its bytes are kept
    aside, and the previous save of the same game (a move earlier) is what Continue offers next."""
    from game.bots import make_bot
    from game.core.rng import GameRng
    from game.store import Store
    seats = (SeatConfig("human", "normal", "You"), SeatConfig("bot", "easy", ""))
    match = Match(Setup("minttin", seats, {}, 3), meta={"title": "Mint Tin Mahjong"})
    bot, rng = make_bot("minttin", "easy"), GameRng(1)
    for _ in range(4):
        seat = match.to_act()[0]
        match.act(seat, bot.choose(match.view(seat), match.legal(seat), rng))
    earlier = match.to_json()
    store = menu_app.store
    store.save_autosave(earlier)
    store.flush()
    store.save_autosave(dict(earlier, log=earlier["log"] + [[0, '{"a":"discard","card":"S1","n":99}']]))
    store.flush()
    menu_app.store = Store(store.data_dir)           # started again: the file's shape is fine
    assert menu_app.store.has_autosave() and menu_app.store.problems == []
    menu_app.continue_game()
    menu_app.stack.apply()
    said = menu_app.stack.top
    assert isinstance(said, Dialog) and said.title == "The saved game can't be opened"
    assert "Move 5 of the save can't be replayed" in said.message
    assert "moved aside as autosave.json.corrupt-" in said.message and "previous copy (autosave.json.bak)" in said.message
    assert menu_app.store.load_autosave() == earlier
    menu_app.stack.pop()
    menu_app.continue_game()
    menu_app.stack.apply()
    assert isinstance(menu_app.stack.top, TableScene) and menu_app.stack.top.match.to_json()["log"] == earlier["log"]
    assert menu_app.store.flush() and Store(store.data_dir).load_autosave() == earlier


def test_a_new_game_from_a_menu_asks_before_it_replaces_the_game_in_progress(menu_app, monkeypatch):
    # seen (session 10): leaving a challenge said Continue would pick it up, but choosing another game
    # replaced the one autosave without a word
    import game.app.starting as starting
    started = []
    monkeypatch.setattr(starting, "start_game", lambda app, setup, level=None: started.append(setup))
    m = Match(Setup("minttin", (SeatConfig("human"), SeatConfig("bot")), {"mode": "2p"}, 3))
    menu_app.store.save_autosave(m.to_json())
    menu_app.store.flush()
    setup = Setup("kards", tuple(SeatConfig("bot") for _ in range(4)), {}, 1)
    menu_app.start_new_game(setup)
    menu_app.stack.apply()
    ask = menu_app.stack.top
    assert isinstance(ask, Dialog) and "Mint Tin Mahjong" in ask.message and not started
    menu_app.dispatch(Intent("confirm"))          # Enter keeps the saved game
    menu_app.stack.apply()
    assert not started and menu_app.store.has_autosave() and not isinstance(menu_app.stack.top, Dialog)
    menu_app.start_new_game(setup)
    menu_app.stack.apply()
    yes = next(w for w in menu_app.stack.top.ui.widgets if w.label == "Replace it")
    yes.activate()
    menu_app.stack.apply()
    assert started == [setup]
    menu_app.store.clear_autosave()
    menu_app.start_new_game(setup)                # nothing to lose: no question
    assert started == [setup, setup]
    for w in ask.ui.widgets:                      # the answers read whole on their buttons
        assert menu_app.canvas.measure(w.label, w.size, True)[0] <= w.box.w - 20
