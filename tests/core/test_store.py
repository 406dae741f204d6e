import json
import os

import pytest

from game.store import FORMAT_VERSION, Settings, Store, write_json_atomic


def test_settings_survive_a_restart(tmp_path):
    s = Store(tmp_path)
    s.settings.anim_speed = 0.0
    s.settings.colourblind = True
    s.settings.volume = 0.3
    s.save_settings()
    assert s.flush()
    again = Store(tmp_path)
    assert again.settings.anim_speed == 0.0 and again.settings.colourblind and again.settings.volume == 0.3
    assert again.problems == []


def test_settings_from_before_rule_options_moved_to_setup_still_load(tmp_path):
    """claim_timer and skip_impossible_claims were settings once; now they are games' own options."""
    write_json_atomic(tmp_path / "settings.json", {"version": 1, "data": {
        "anim_speed": 0.5, "claim_timer": 30, "skip_impossible_claims": False, "volume": 0.4}})
    s = Store(tmp_path)
    assert s.problems == [] and s.settings.anim_speed == 0.5 and s.settings.volume == 0.4
    assert not hasattr(s.settings, "claim_timer") and not hasattr(s.settings, "skip_impossible_claims")


@pytest.mark.parametrize("content", [
    "{not json", "", '{"version": 1}', '[1, 2]',
    '{"version": 99, "data": {}}',            # written by a future version
    '{"version": 1, "data": {"anim_speed": 1',  # truncated
])
def test_damaged_settings_are_set_aside_and_the_game_starts(tmp_path, content):
    (tmp_path / "settings.json").write_text(content)
    s = Store(tmp_path)
    assert s.settings == Settings()
    assert len(s.problems) == 1 and "moved aside" in s.problems[0]
    aside = list(tmp_path.glob("settings.json.corrupt-*"))
    assert len(aside) == 1 and aside[0].read_text() == content   # the user's data is kept
    s.save_settings()
    s.flush()
    assert Store(tmp_path).problems == []


def test_out_of_range_settings_are_reset_one_by_one(tmp_path):
    data = {"anim_speed": 7, "volume": 0.3, "window_scale": "big", "fullscreen": True}
    (tmp_path / "settings.json").write_text(json.dumps({"version": FORMAT_VERSION, "data": data}))
    s = Store(tmp_path)
    assert s.settings.anim_speed == 1.0 and s.settings.window_scale == 1.0
    assert s.settings.volume == 0.3 and s.settings.fullscreen is True
    assert "animation speed" in s.problems[0] and "window size" in s.problems[0]


def test_atomic_write_keeps_the_previous_copy(tmp_path):
    path = tmp_path / "x.json"
    write_json_atomic(path, {"n": 1})
    write_json_atomic(path, {"n": 2})
    assert json.loads(path.read_text()) == {"n": 2}
    assert json.loads((tmp_path / "x.json.bak").read_text()) == {"n": 1}
    assert [p.name for p in tmp_path.iterdir() if p.suffix == ".tmp"] == []


def test_failed_write_leaves_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "x.json"
    write_json_atomic(path, {"n": 1})
    monkeypatch.setattr(os, "fsync", lambda fd: (_ for _ in ()).throw(OSError("disk full")))
    with pytest.raises(OSError):
        write_json_atomic(path, {"n": 2})
    assert json.loads(path.read_text()) == {"n": 1}
    assert not list(tmp_path.glob("*.tmp"))


def test_autosave_round_trip_and_corrupt_autosave(tmp_path):
    s = Store(tmp_path)
    assert not s.has_autosave() and s.load_autosave() is None
    s.save_autosave({"version": 1, "log": []})
    assert s.has_autosave() and s.load_autosave() == {"version": 1, "log": []}
    s.flush()
    s.clear_autosave()
    assert not s.has_autosave()
    s.flush()
    assert not s.autosave_path.exists() and (tmp_path / "autosave.json.bak").exists()
    (tmp_path / "autosave.json").write_text("\x00\x01garbage")
    s2 = Store(tmp_path)
    assert s2.load_autosave() is None and "saved game" in s2.problems[0]
    assert not s2.has_autosave()


def test_statistics_accumulate(tmp_path):
    s = Store(tmp_path)
    s.record_game("minttin", True, 9)
    s.record_game("minttin", False, 3)
    s.record_challenge("minttin", "minttin/quint")
    s.record_challenge("minttin", "minttin/quint")
    s.flush()
    st = Store(tmp_path).stats()["minttin"]
    assert st == {"played": 2, "won": 1, "best": 9, "challenges": ["minttin/quint"], "counted": []}


def test_replays_are_listed_and_loaded(tmp_path):
    s = Store(tmp_path)
    match = {"version": 1, "setup": {"game": "minttin", "seats": [{"kind": "human"}]}, "log": [[0, "x"]]}
    p = s.save_replay("South wins!", match)
    assert s.list_replays() == [p] and s.load_replay(p)["log"] == [[0, "x"]]
    assert "/" not in p.name.replace(".json", "") and "!" not in p.name


def test_a_replays_summary_is_kept_beside_the_match_and_read_back(tmp_path):
    s = Store(tmp_path)
    match = {"version": 1, "setup": {"game": "minttin", "seats": [{"kind": "human"}]}, "log": [[0, "x"]]}
    summary = {"line": "You won · You 8, North 0 points", "winners": ["You"], "scores": [["You", "8"], ["North", "0"]],
               "unit": "points", "date": "2026-11-24 09:00"}
    plain, kept = s.save_replay("a", match), s.save_replay("b", match, summary=summary)
    s.flush()
    assert "summary" not in match and "summary" not in Store(tmp_path).load_replay(plain)
    again = Store(tmp_path).load_replay(kept)
    assert again["summary"] == summary and again["log"] == match["log"]


def test_a_played_count_repaired_below_the_games_won_is_raised_and_the_message_says_so(tmp_path):
    s = Store(tmp_path)
    s.record_game("cuzzins", True, 50)
    s.record_game("cuzzins", True, -105)
    s.flush()
    path = tmp_path / "statistics.json"
    data = json.loads(path.read_text())
    data["data"]["cuzzins"]["played"] = "x"          # repaired to 0, below the 2 games won
    path.write_text(json.dumps(data))
    s2 = Store(tmp_path)
    assert s2.stats()["cuzzins"]["played"] == 2
    problems = s2.take_problems()                    # the repair's own words, then what was made of them
    assert len(problems) == 1 and "reset to 0; 'Cuzzins' Mahjongg → games played' is counted as 2" in problems[0]
    s2.flush()
    assert Store(tmp_path).stats()["cuzzins"]["played"] == 2 and not Store(tmp_path).take_problems()
