"""A kept replay says who won: the summary written with it, read back, derived for older files,
and a damaged file told about while the rest of the list still shows."""

import json

import pytest
from tests.app import app_fakes
from tests.app.test_app_table_base import FakeTable

from game.app.app import App
from game.app.input import Intent
from game.app.scenes.dialog import Dialog
from game.app.scenes.menu import MenuScene
from game.app.scenes.replay import (ReplaysScene, ReplayScene, replay_summary, replay_title, result_from_name,
                                    summary_line)
from game.core.match import Match
from game.core.protocol import Result, SeatConfig, Setup
from game.store import Store


@pytest.fixture(autouse=True)
def fake_game(monkeypatch):
    app_fakes.use_fake_game(monkeypatch, FakeTable)
    monkeypatch.setattr("game.app.scenes.replay.info", lambda gid: type("Info", (), {"title": "Fake Count"}))


def finished_match() -> Match:
    seats = (SeatConfig("human", "normal", "You"), SeatConfig("bot", "normal", "Ana"))
    m = Match(Setup(app_fakes.GAME_ID, seats, {}, 3), rules=app_fakes.RULES, meta={"started": "abc"})
    while m.result() is None or not m.result().final:
        m.act(m.to_act()[0], app_fakes.Add(2))
    return m


def rows(screen) -> list:
    return [w for w in screen.ui.widgets if getattr(w, "detail", "")]


def test_the_summary_names_the_winner_and_every_total_in_the_games_unit():
    result = Result(True, (-90, "41/4", 410, -230), (2,), unit="cents")
    s = replay_summary(result, ["You", "Ana", "Bo"], when="2026-11-24 09:00")
    assert s["winners"] == ["Bo"] and s["unit"] == "cents" and s["date"] == "2026-11-24 09:00"
    assert s["scores"] == [["Bo", "410"], ["Ana", "10¼"], ["You", "-90"], ["Seat 4", "-230"]]
    assert s["line"] == "Bo won · Bo 410, Ana 10¼, You -90, Seat 4 -230 cents"
    tie = replay_summary(Result(True, (3, 3), (0, 1)), ["You", "Ana"])
    assert tie["line"].startswith("You and Ana won · ") and tie["line"].endswith(" points")
    assert replay_summary(Result(True, (1, 2), ()), ["You", "Ana"])["line"].startswith("No winner · ")


def test_finishing_a_game_keeps_its_summary_in_the_replay_json_and_the_list_shows_it(tmp_path, levels_dir):
    store = Store(tmp_path)
    store.save_autosave(finished_match().to_json())      # Continue brings back a game at its last move
    app = App(store, size=(800, 450), levels_dir=levels_dir, atlas=None, catch_errors=True)
    app.stack.push(MenuScene(app, notices=False))
    app.stack.apply()
    app.continue_game()
    app.stack.apply()
    store.flush()
    [path] = store.list_replays()
    saved = json.loads(path.read_text())["data"]["summary"]
    won = finished_match().result()
    winners = [["You", "Ana"][i] for i in won.winners]
    assert won.winners and saved["winners"] == winners and saved["unit"] == "rounds"
    assert sorted(saved["scores"]) == sorted([["You", str(won.totals[0])], ["Ana", str(won.totals[1])]])
    assert saved["line"].startswith(" and ".join(winners) + " won · ") and len(saved["date"]) == 16
    assert Match.from_json(store.load_replay(path)).log == finished_match().log     # the match loads as before
    screen = ReplaysScene(app)
    app.stack.push(screen)
    app.stack.apply()
    [row] = rows(screen)
    assert row.detail.startswith(saved["line"]) and saved["date"] in row.label
    # the line already names every player with a score: the row does not list them again after the moves
    assert row.detail == f"{saved['line']} · {len(finished_match().log)} moves"
    screen.handle(Intent("select", row.rect.center))
    app.stack.apply()
    assert isinstance(app.stack.top, ReplayScene) and app.errors == []
    app.shutdown()


def test_an_old_replay_without_a_summary_lists_what_its_file_name_says_and_opens(app):
    data = finished_match().to_json()
    path = app.store.save_replay("fakecount-Ana wins with 3 rounds.", data, key="0123456789abcdef")
    assert result_from_name(path.name) == "Ana wins with 3 rounds"
    assert result_from_name("20200101-000000-rummy-game.json") == "" and result_from_name("mine.json") == ""
    screen = ReplaysScene(app)
    app.stack.push(screen)
    app.stack.apply()
    [row] = rows(screen)
    assert row.detail.startswith("Ana wins with 3 rounds · ") and "moves" in row.detail
    screen.handle(Intent("select", row.rect.center))
    app.stack.apply()
    assert isinstance(app.stack.top, ReplayScene)


@pytest.mark.parametrize("summary", [5, "text", {"line": 7}, {"line": "   "}, {}, None, [1, 2]])
def test_a_malformed_summary_is_passed_over_for_what_can_be_derived(summary, tmp_path):
    data = dict(finished_match().to_json(), summary=summary)
    path = tmp_path / "20261124-090024-fakecount-You-win.json"
    assert summary_line(data, path) == "You win"
    title, detail = replay_title(data, path)
    assert title == "Fake Count" and detail.startswith("You win · ")


def test_a_corrupt_replay_is_told_about_and_the_other_replays_still_list_and_open(tmp_path, levels_dir):
    store = Store(tmp_path)
    good = store.save_replay("good", finished_match().to_json(),
                             summary=replay_summary(Result(True, (2, 1), (0,), unit="rounds"), ["You", "Ana"]))
    store.flush()
    (tmp_path / "replays" / "20200101-000000-broken.json").write_text('{"version": 1, "data": {"setup": ')
    app = App(Store(tmp_path), size=(800, 450), levels_dir=levels_dir, atlas=None, catch_errors=True)
    app.stack.push(MenuScene(app, notices=False))
    app.stack.apply()
    app.open("replays")
    app.stack.apply()
    assert isinstance(app.stack.top, Dialog) and "20200101-000000-broken.json" in app.stack.top.message
    app.dispatch(Intent("confirm"))
    app.stack.apply()
    screen = app.stack.top
    assert isinstance(screen, ReplaysScene)
    assert [r.detail.split(" · ")[0] for r in rows(screen) if r.enabled] == ["You won"]
    screen.open_replay(good)
    app.stack.apply()
    assert isinstance(app.stack.top, ReplayScene) and app.errors == []
    app.shutdown()
