"""The player's files when a machine damages them: every file is checked against its shape when
read, anything else is set aside (bytes kept) with a message a player can read, and the good
part of a file is kept. Writes are in order, atomic, never lose the live file, and a failing
disk is reported once and retried quietly."""

import errno
import json
import os
import subprocess
import threading

import pytest
from hypothesis import HealthCheck, given, settings as hsettings, strategies as st

import game.filewriter as filewriter
from game.store import FORMAT_VERSION, Settings, Store, game_key

SEATS = [{"kind": "human", "strength": "normal", "name": "You"}, {"kind": "bot", "strength": "hard", "name": ""}]
GOOD_MATCH = {"version": 1, "setup": {"game": "minttin", "seats": SEATS,
                                      "options": {}, "seed": 3, "deal": None},
              "log": [[0, "draw"]], "meta": {"title": "Mint Tin Mahjong"}}
PYTHON_ISMS = ("object has no attribute", "'str'", "'list'", "Traceback", "Errno", "char ", "Expecting")


def wrap(data) -> str:
    return json.dumps({"version": FORMAT_VERSION, "app": "MahjongParlour", "data": data})


def deep(n: int) -> str:
    return "[" * n + "]" * n


def aside(folder, name):
    return sorted(folder.glob(f"{name}.corrupt-*"))


# ------------------------------------------------------------------ reading: whole file unusable
@pytest.mark.parametrize("name", ["settings.json", "autosave.json", "statistics.json"])
@pytest.mark.parametrize("content", [
    '{"version": 1, "data": ' + deep(50_000) + "}",          # valid JSON, far deeper than Python recursion
    deep(50_000),
    '{"version": 1, "data": ' + deep(900) + "}",             # just under Python's limit
])
def test_deeply_nested_files_are_set_aside_and_the_game_starts(tmp_path, name, content):
    (tmp_path / name).write_text(content)
    s = Store(tmp_path)
    assert len(s.problems) == 1, s.problems
    assert not any(p in s.problems[0] for p in PYTHON_ISMS)
    kept = aside(tmp_path, name)
    assert len(kept) == 1 and kept[0].read_text() == content
    assert s.settings == Settings() and not s.has_autosave()
    assert all(isinstance(v, dict) for v in s.stats().values())


def test_a_save_whose_free_form_parts_are_nested_deeply_is_set_aside(tmp_path):
    deal = json.loads(deep(200))       # parses, but deeper than any game's fixed deal
    (tmp_path / "autosave.json").write_text(wrap(dict(GOOD_MATCH, setup=dict(GOOD_MATCH["setup"], deal=deal))))
    s = Store(tmp_path)
    assert not s.has_autosave() and "nested too deeply" in s.problems[0]


def test_a_damaged_autosave_is_reported_at_start_up(tmp_path):
    (tmp_path / "autosave.json").write_text(wrap({"version": 1, "setup": {"game": "rummy", "seats": "NESW"},
                                                  "log": []}))
    s = Store(tmp_path)
    assert not s.has_autosave()
    assert s.take_problems() == s.problems and "saved game" in s.problems[0] and "seats" in s.problems[0]
    assert s.take_problems() == []          # told once
    assert len(aside(tmp_path, "autosave.json")) == 1


def test_damaged_statistics_are_reported(tmp_path):
    (tmp_path / "statistics.json").write_text('{"version": 1, "data": {"minttin": {"played": 2')
    s = Store(tmp_path)
    assert s.stats() == {} and len(s.problems) == 1
    assert "statistics" in s.problems[0] and "cut short" in s.problems[0] and "start afresh" in s.problems[0]


@pytest.mark.parametrize("data", [
    {"minttin": {"played": "many", "won": 1}, "rummy": {"played": 4, "won": 2, "best": 12}},
    {"minttin": [1, 2], "rummy": {"played": 4, "won": 2, "best": 12}},
    {"minttin": {"played": 1, "challenges": ["a", 7, "b"]}, "rummy": {"played": 4, "won": 2, "best": 12}},
    {"minttin": {"played": -3, "best": "NaN"}, "rummy": {"played": 4, "won": 2, "best": 12}},
])
def test_wrong_typed_statistics_keep_the_good_part_and_games_still_record(tmp_path, data):
    text = wrap(data)
    (tmp_path / "statistics.json").write_text(text)
    s = Store(tmp_path)
    assert len(s.problems) == 1 and "The rest is kept" in s.problems[0], s.problems
    assert not any(p in s.problems[0] for p in PYTHON_ISMS)
    assert aside(tmp_path, "statistics.json")[0].read_text() == text     # the bytes as they were
    assert s.stats()["rummy"]["played"] == 4 and s.stats()["rummy"]["best"] == 12
    assert all(e["won"] <= e["played"] for e in s.stats().values())
    s.flush()
    assert Store(tmp_path).problems == []        # the repaired file was written back: told once
    assert s.record_game("minttin", True, 5)
    s.flush()
    again = Store(tmp_path)
    assert again.problems == []
    assert again.stats()["minttin"]["played"] >= 1 and again.stats()["minttin"]["best"] == 5
    assert again.stats()["rummy"]["played"] == 4


@pytest.mark.parametrize("bad", [
    dict(GOOD_MATCH, setup="minttin"),
    dict(GOOD_MATCH, setup=dict(GOOD_MATCH["setup"], seats="NS")),
    dict(GOOD_MATCH, setup=dict(GOOD_MATCH["setup"], seats=[["human"]])),
    dict(GOOD_MATCH, log=[[0, "draw"], "discard"]),
    dict(GOOD_MATCH, meta={"x": json.loads(deep(100))}),
])
def test_one_bad_replay_is_set_aside_and_the_others_stay_reachable(tmp_path, bad):
    s = Store(tmp_path)
    good = s.save_replay("good", GOOD_MATCH)
    s.flush()
    broken = tmp_path / "replays" / "20200101-000000-broken.json"
    broken.write_text(wrap(bad))
    assert set(s.list_replays()) == {good, broken}
    assert s.load_replay(broken) is None
    assert s.load_replay(good) == GOOD_MATCH
    assert s.list_replays() == [good]
    [told] = s.take_problems()
    assert broken.name in told and "moved aside" in told and not any(p in told for p in PYTHON_ISMS)


def test_a_replay_nested_thousands_deep_is_set_aside(tmp_path):
    folder = tmp_path / "replays"
    folder.mkdir()
    (folder / "x.json").write_text('{"version": 1, "data": ' + deep(20_000) + "}")
    s = Store(tmp_path)
    assert s.load_replay(folder / "x.json") is None and "nested" in s.problems[0]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10 ** 6) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["played", "won", "best", "challenges", "minttin", "rummy", "anim_speed", "volume",
                         "setup", "seats", "log", "game", "kind", "version"]) | st.text(max_size=4),
        inner, max_size=5),
    max_leaves=25)


@hsettings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(settings_data=json_values, save=json_values, stats=json_values)
def test_whatever_the_files_hold_the_store_starts_with_usable_values(tmp_path_factory, settings_data, save, stats):
    folder = tmp_path_factory.mktemp("any")
    (folder / "settings.json").write_text(wrap(settings_data))
    (folder / "autosave.json").write_text(wrap(save))
    (folder / "statistics.json").write_text(wrap(stats))
    s = Store(folder)
    assert Settings(**vars(s.settings)).checked()[1] == []          # every setting in range
    assert s.load_autosave() is None or isinstance(s.load_autosave()["setup"]["seats"], list)
    for entry in s.stats().values():
        assert isinstance(entry["played"], int) and isinstance(entry["challenges"], list)
    s.record_game("minttin", False, 1)                                # never fails
    assert s.flush()
    assert all(not any(p in m for p in PYTHON_ISMS) for m in s.problems)


# ------------------------------------------------------------------ writing
def test_writes_are_in_order_and_an_older_snapshot_never_follows_a_newer(tmp_path, monkeypatch):
    written, started, gate = [], threading.Event(), threading.Event()
    real = filewriter.write_text_atomic

    def slow_write(path, text, **kw):
        if path.parent != tmp_path:        # another test's store, still finishing its writes
            return real(path, text, **kw)
        started.set()
        gate.wait()
        written.append((path.name, json.loads(text)["data"]))
        real(path, text, **kw)

    monkeypatch.setattr(filewriter, "write_text_atomic", slow_write)
    s = Store(tmp_path)
    s.save_autosave({"n": 1})
    started.wait()                     # the writer has taken this one and waits at the gate
    s.save_autosave({"n": 2})
    s.record_game("minttin", True, 3)
    s.save_autosave({"n": 3})          # replaces {"n": 2}, after the statistics
    gate.set()
    assert s.flush()
    assert written == [("autosave.json", {"n": 1}), ("statistics.json", s.stats()),
                       ("autosave.json", {"n": 3})]
    assert json.loads(s.autosave_path.read_text())["data"] == {"n": 3}
    assert json.loads((tmp_path / "autosave.json.bak").read_text())["data"] == {"n": 1}


def test_a_full_disk_is_reported_once_keeps_the_last_good_copy_and_recovers(tmp_path, monkeypatch):
    s = Store(tmp_path)
    s.save_autosave({"n": 0})
    s.flush()
    real_fsync = os.fsync
    full = True

    def fsync(fd):
        if full:
            raise OSError(errno.ENOSPC, "No space left on device")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    for n in range(1, 40):
        s.save_autosave({"n": n})
        s.flush()
    s.record_game("minttin", True, 4)          # finishing a game does not fail either
    s.flush()
    alerts = s.take_alerts()
    assert [good for _, good in alerts] == [False]                   # told once
    assert "game in progress" in alerts[0][0] and str(tmp_path) in alerts[0][0] and "space" in alerts[0][0]
    assert json.loads(s.autosave_path.read_text())["data"] == {"n": 0}      # the last good copy
    assert s.load_autosave() == {"n": 39}                                    # the game goes on in memory
    assert not list(tmp_path.glob("*.tmp"))
    full = False
    s.save_autosave({"n": 40})
    assert s.flush()
    assert json.loads(s.autosave_path.read_text())["data"] == {"n": 40}
    assert Store(tmp_path).stats()["minttin"]["played"] == 1      # the waiting statistics were retried
    assert s.take_alerts() == [("Saving works again.", True)]


def test_a_crash_between_the_renames_leaves_the_live_file(tmp_path, monkeypatch):
    s = Store(tmp_path)
    for n in range(3):
        s.record_game("minttin", True, n)
    s.flush()
    real_replace = os.replace

    def crash_on_the_final_rename(src, dst):
        if str(src).endswith(".tmp") and str(dst).endswith("statistics.json"):
            raise OSError(errno.EIO, "the machine stopped here")
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", crash_on_the_final_rename)
    for n in range(3):                 # backups are taken each time; the old data must survive them all
        s.record_game("minttin", True, 10 + n)
        s.flush()
    monkeypatch.setattr(os, "replace", real_replace)
    assert Store(tmp_path).stats()["minttin"]["played"] == 3
    assert json.loads((tmp_path / "statistics.json.bak").read_text())["data"]["minttin"]["played"] == 3


def test_orphaned_temp_files_are_removed_at_start(tmp_path):
    (tmp_path / "replays").mkdir()
    orphans = [tmp_path / "autosave.json.k2j3h4.tmp", tmp_path / "statistics.json.bak.123.tmp",
               tmp_path / "replays" / "20260101-x.json.abc.tmp"]
    for p in orphans:
        p.write_text("half")
    mine = tmp_path / "notes.tmp"
    mine.write_text("not ours")
    Store(tmp_path)
    assert not any(p.exists() for p in orphans) and mine.exists()


def test_a_finished_game_is_counted_and_kept_once(tmp_path):
    s = Store(tmp_path)
    key = game_key(GOOD_MATCH)
    assert s.record_game("minttin", True, 5, key=key)
    first = s.save_replay("minttin-win", GOOD_MATCH, key=key)
    assert not s.record_game("minttin", True, 5, key=key)
    assert s.save_replay("minttin-win", GOOD_MATCH, key=key) == first
    s.flush()
    again = Store(tmp_path)            # the app stopped before the autosave was cleared
    assert not again.record_game("minttin", True, 5, key=key)
    again.save_replay("minttin-win", GOOD_MATCH, key=key)
    again.flush()
    assert again.stats()["minttin"]["played"] == 1 and len(again.list_replays()) == 1
    other = dict(GOOD_MATCH, meta={"started": "another"})
    assert again.record_game("minttin", True, 5, key=game_key(other))


# ------------------------------------------------------------------ a real read-only folder
@pytest.fixture
def read_only_folder(tmp_path):
    """A folder the game can't write to: by permissions, or (as root) a read-only mount."""
    folder = tmp_path / "ro"
    folder.mkdir()
    (folder / "settings.json").write_text("{damaged")
    if os.geteuid() != 0:
        folder.chmod(0o555)
        yield folder
        folder.chmod(0o755)
        return
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)],
                      capture_output=True).returncode != 0:
        pytest.skip("running as root and can't mount a read-only folder here")
    try:
        (folder / "settings.json").write_text("{damaged")
        subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True, capture_output=True)
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], capture_output=True)


def test_a_read_only_folder_is_reported_truthfully_and_nothing_fails(read_only_folder):
    s = Store(read_only_folder)
    [problem] = s.problems
    assert "could not be moved aside" in problem and "moved aside as" not in problem
    assert (read_only_folder / "settings.json").read_text() == "{damaged"
    s.save_settings(Settings(volume=0.2))        # no exception: changing a setting just works for now
    s.save_autosave(GOOD_MATCH)
    s.save_autosave(GOOD_MATCH)
    assert not s.flush()
    alerts = s.take_alerts()
    assert len(alerts) == 1 and not alerts[0][1]
    assert any("settings" in a and str(read_only_folder) in a for a, _ in alerts)
    assert s.settings.volume == 0.2 and s.load_autosave() == GOOD_MATCH


def test_every_real_game_and_level_saves_in_the_shape_the_store_reads():
    """The shape is not stricter than the games: bot games and every level's setup pass unchanged."""
    from pathlib import Path

    from game.bots import make_bot
    from game.core.levels import load_all
    from game.core.match import Match
    from game.core.rng import GameRng
    from game.rules import rules_for
    from game.shapes import clean
    from game.store import MATCH_SHAPE

    levels, _errors = load_all(Path(__file__).resolve().parents[2] / "levels")
    assert levels
    for level in levels:
        if rules_for(level.game) is None:
            continue
        m = Match(level.fresh_setup(), meta={"title": level.title, "level": level.id, "started": "x"})
        rng = GameRng(1)
        for _ in range(40):
            if m.result() is not None and m.result().final:
                break
            seat = m.to_act()[0]
            m.act(seat, make_bot(level.game, "easy").choose(m.view(seat), m.legal(seat), rng))
        data = json.loads(json.dumps(m.to_json()))
        assert clean(data, MATCH_SHAPE) == (data, []), level.id


@hsettings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=st.lists(st.tuples(st.sampled_from("abc"), st.booleans()), min_size=1, max_size=40))
def test_the_writer_never_writes_an_older_snapshot_after_a_newer_one(tmp_path_factory, ops):
    folder = tmp_path_factory.mktemp("w")
    seen: list[tuple[str, int]] = []
    writer = filewriter.Writer()
    real = filewriter.write_text_atomic
    filewriter.write_text_atomic = lambda path, text, **kw: (seen.append((path.name, int(text))), real(path, text, **kw))
    try:
        last: dict[str, int | None] = {}
        for n, (name, retire) in enumerate(ops):      # submitted while the writer runs
            if retire:
                writer.retire(folder / name)
                last[name] = None
            else:
                writer.write(folder / name, str(n))
                last[name] = n
        assert writer.flush()
    finally:
        filewriter.write_text_atomic = real
    for name in "abc":
        mine = [n for p, n in seen if p == name]
        assert mine == sorted(set(mine))                              # strictly newer each time
        if name in last:
            on_disk = (folder / name).read_text() if (folder / name).exists() else None
            assert on_disk == (None if last[name] is None else str(last[name]))


def test_a_huge_file_is_not_read_into_memory(tmp_path, monkeypatch):
    import game.store as store_mod
    monkeypatch.setattr(store_mod, "MAX_FILE_BYTES", 1000)
    (tmp_path / "statistics.json").write_text(wrap({"minttin": {"played": 1, "challenges": ["x" * 50] * 40}}))
    s = Store(tmp_path)
    assert s.stats() == {} and "far too large" in s.problems[0] and "moved aside" in s.problems[0]


# ------------------------------------------------------------------ the previous copy stands in
@pytest.mark.parametrize("name", ["settings.json", "statistics.json"])
def test_an_unusable_file_falls_back_to_its_previous_copy(tmp_path, name):
    s = Store(tmp_path)
    s.save_settings(Settings(volume=0.3))
    s.record_game("minttin", True, 5)
    assert s.flush()                          # (queued writes to one file are merged)
    s.save_settings(Settings(volume=0.2))     # a second write of each leaves a .bak
    s.record_game("minttin", False, 1)
    assert s.flush()
    (tmp_path / name).write_bytes(b"\x00\xffgarbage")
    again = Store(tmp_path)
    assert len(again.problems) == 1 and "previous copy" in again.problems[0], again.problems
    assert len(aside(tmp_path, name)) == 1             # the damaged bytes are kept too
    if name == "settings.json":
        assert again.settings.volume == 0.3
    else:
        assert again.stats()["minttin"]["won"] == 1 and again.stats()["minttin"]["best"] == 5
    assert again.flush() and Store(tmp_path).problems == []      # written back: the next start is clean


def test_a_repaired_file_damaged_again_falls_back_to_its_repaired_previous_copy(tmp_path):
    """Seen playing: statistics with one bad value were repaired at start (the bad original became
    statistics.json.bak); damaged again, the previous copy was refused for that one value and every
    game played was forgotten."""
    (tmp_path / "statistics.json").write_text(wrap({"minttin": {"played": "lots", "won": 2, "best": 8},
                                                    "rummy": {"played": 3, "won": 1, "best": 138}}))
    s = Store(tmp_path)
    assert s.problems and s.flush()                 # repaired and written back; the bad one is the .bak
    assert "lots" in (tmp_path / "statistics.json.bak").read_text()
    (tmp_path / "statistics.json").write_text("garbage")
    again = Store(tmp_path)
    assert again.stats()["rummy"] == {**again.stats()["rummy"], "played": 3, "won": 1, "best": 138}
    assert again.stats()["minttin"]["won"] == 2 and again.stats()["minttin"]["best"] == 8
    said = again.problems[0]
    assert "previous copy" in said and "repaired" in said and "games played" in said
    assert again.flush() and Store(tmp_path).problems == []


def played(moves: int | None = None) -> dict:
    """A real Mint Tin match after `moves` moves by easy bots (None: played to its end)."""
    from game.bots import make_bot
    from game.core.match import Match
    from game.core.protocol import Setup
    from game.core.rng import GameRng
    match = Match(Setup.from_json(GOOD_MATCH["setup"]), meta={"title": "Mint Tin Mahjong"})
    bot, rng = make_bot("minttin", "easy"), GameRng(1)
    while not match.finished and (moves is None or len(match.log) < moves):
        seat = match.to_act()[0]
        match.roll() if seat < 0 else match.act(seat, bot.choose(match.view(seat), match.legal(seat), rng))
    return match.to_json()


def test_a_damaged_autosave_falls_back_to_its_backup_only_for_a_game_in_progress(tmp_path):
    """Its previous copy is the same game a move earlier: better than losing the game. But when a
    game ends its last save becomes the backup, and a finished game is never offered to continue."""
    s = Store(tmp_path)
    earlier = played(4)
    s.save_autosave(earlier)
    s.flush()                          # (a newer save still waiting would replace it unwritten)
    s.save_autosave(played(5))
    s.flush()
    assert json.loads((tmp_path / "autosave.json.bak").read_text())["data"] == earlier
    (tmp_path / "autosave.json").write_text('{"version": 1, "data": {"setup"')
    again = Store(tmp_path)
    assert again.has_autosave() and again.load_autosave() == earlier
    said = again.problems[0]
    assert "saved game" in said and "cut short" in said and "previous copy (autosave.json.bak) is used" in said
    assert len(aside(tmp_path, "autosave.json")) == 1              # the damaged bytes are kept
    assert again.flush() and Store(tmp_path).load_autosave() == earlier and Store(tmp_path).problems == []

    done = played()
    s = Store(tmp_path / "ended")
    s.save_autosave(done)
    s.flush()
    s.clear_autosave()                 # the finished game's save is now autosave.json.bak
    s.flush()
    (tmp_path / "ended" / "autosave.json").write_text("{")      # (as if a crash had left one)
    again = Store(tmp_path / "ended")
    assert not again.has_autosave() and "no game to continue" in again.problems[0]
    assert json.loads((tmp_path / "ended" / "autosave.json.bak").read_text())["data"] == done     # left as it was


def test_a_new_games_save_never_has_another_game_as_its_previous_copy(tmp_path):
    """The autosave's backup stands in for it as "only the latest move missing": after a game is
    replaced (or finished), the new game's first save must not leave the old game as its backup."""
    s = Store(tmp_path)
    old = dict(played(6), meta={"title": "Mint Tin Mahjong", "started": "aaa"})
    s.save_autosave(dict(played(5), meta=old["meta"]))
    s.save_autosave(old)
    s.flush()
    new = dict(played(2), meta={"title": "Mint Tin Mahjong", "started": "bbb"})
    s.save_autosave(new)               # the player chose "Replace it": a new game's table opened
    s.flush()
    assert json.loads((tmp_path / "autosave.json.bak").read_text())["data"] == new
    (tmp_path / "autosave.json").write_text('{"version": 1, "data": {"setup"')
    again = Store(tmp_path)
    assert again.load_autosave() == new        # the new game, not the one replaced
    assert again.flush()
    again.save_autosave(dict(played(3), meta=new["meta"]))     # the same game's next move: a normal backup
    again.flush()
    assert json.loads((tmp_path / "autosave.json.bak").read_text())["data"] == new

    s = Store(tmp_path / "ended")      # a finished game's last save is the backup until the next game's first
    s.save_autosave(old)
    s.clear_autosave()
    s.save_autosave(new)               # (replaces the waiting retire, or follows it)
    s.save_autosave(dict(played(3), meta=new["meta"]))     # a newer save replacing the first one unwritten
    s.flush()
    assert json.loads((tmp_path / "ended" / "autosave.json.bak").read_text())["data"]["meta"] == new["meta"]


def test_a_number_out_of_range_says_the_range(tmp_path):
    (tmp_path / "settings.json").write_text(wrap({"volume": 7}))
    s = Store(tmp_path)
    assert "'sound volume' should be a number from 0 to 1, but it is the number 7" in s.problems[0]


def test_settings_problems_name_each_setting_as_the_settings_screen_does(tmp_path):
    rows = {"anim_speed": "animation speed", "fullscreen": "full screen", "window_scale": "window size",
            "colourblind": "colour-blind marks", "volume": "sound volume"}     # game/app/scenes/settings.py
    for i, (key, label) in enumerate(rows.items()):
        folder = tmp_path / str(i)
        folder.mkdir()
        (folder / "settings.json").write_text(wrap({key: "no such value"}))
        assert f"'{label}' should be" in Store(folder).problems[0]
