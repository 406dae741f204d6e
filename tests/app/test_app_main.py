"""The app runs headless from main(): frames, screenshots, sizes, direct screens, bad levels."""

import pygame

from game.app.main import main


def test_runs_frames_and_writes_a_screenshot(tmp_path):
    out = tmp_path / "shot.png"
    code = main(["--frames", "30", "--screenshot", str(out), "--data-dir", str(tmp_path / "d"),
                 "--size", "1280x720"])
    assert code == 0
    img = pygame.image.load(str(out))
    assert img.get_size() == (1280, 720)


def test_each_named_screen_opens(tmp_path):
    for name in ("settings", "stats", "challenges", "rules:martian", "setup:rummy", "setup:martian",
                 "handoff:West", "results"):
        out = tmp_path / f"{name.replace(':', '_')}.png"
        assert main(["--frames", "3", "--screenshot", str(out), "--data-dir", str(tmp_path / "d"),
                     "--size", "800x450", "--scene", name]) == 0
        assert out.exists()


def test_help_and_bad_arguments(capsys):
    assert main(["--help"]) == 0
    text = capsys.readouterr().out
    assert "score <game>" in text and "check-turn <game>" in text and "game.sim" in text
    assert main(["--size", "huge"]) == 2


def test_a_broken_level_file_is_shown_said_on_stderr_and_exits_2(tmp_path, capsys):
    """The window shows why (and the menu is a click away); a script sees the same words on stderr
    and exit status 2 (bad input), as every command line of the game does."""
    bad = tmp_path / "bad.toml"
    bad.write_text('title = "Oops"\ngame = "nosuchgame"\n[[seats]]\nkind = "human"\n')
    out = tmp_path / "shot.png"
    assert main(["--frames", "3", "--level", str(bad), "--data-dir", str(tmp_path / "d"),
                 "--screenshot", str(out), "--size", "800x450"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: this level can't be used: bad.toml, line 2: game: no game called 'nosuchgame'")
    assert "Traceback" not in err and out.exists()
    assert main(["--frames", "3", "--level", str(tmp_path / "missing.toml"), "--data-dir", str(tmp_path / "d")]) == 2
    assert "missing.toml" in capsys.readouterr().err


def test_an_unknown_game_or_screen_exits_2_with_a_message(tmp_path, capsys):
    out = tmp_path / "shot.png"
    assert main(["--frames", "3", "--scene", "no-such-screen", "--data-dir", str(tmp_path / "d"),
                 "--screenshot", str(out), "--size", "800x450"]) == 2
    assert capsys.readouterr().err.startswith("error: --scene no-such-screen: There is no screen called")
    assert out.exists()
    assert main(["--frames", "3", "--game", "nope", "--data-dir", str(tmp_path / "d")]) == 2
    assert capsys.readouterr().err.startswith("error: --game nope: no game called 'nope'")
    assert main(["--frames", "3", "--scene", "rules:nope", "--data-dir", str(tmp_path / "d")]) == 2
    assert capsys.readouterr().err.startswith("error: --scene rules:nope: no game called 'nope'")
    assert main(["--frames", "3", "--scene", "stats:kards", "--data-dir", str(tmp_path / "d")]) == 2
    assert "The stats screen takes nothing after it" in capsys.readouterr().err


def test_a_game_that_cannot_deal_exits_2_with_its_reason(tmp_path, capsys, monkeypatch):
    import game.app.starting as starting

    def cannot(*args, **kwargs):
        raise ValueError("the deal needs more tiles than the set has")

    monkeypatch.setattr(starting, "make_table_scene", cannot)
    assert main(["--frames", "3", "--level", "minttin/quick-solo.toml", "--data-dir", str(tmp_path / "d")]) == 2
    assert capsys.readouterr().err == "error: this game could not start: the deal needs more tiles than the set has\n"


def test_a_screenshot_that_cannot_be_written_is_said_not_a_traceback(tmp_path, capsys):
    (tmp_path / "taken").mkdir()
    assert main(["--frames", "3", "--data-dir", str(tmp_path / "d"), "--size", "800x450",
                 "--screenshot", str(tmp_path / "taken")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: can't save the screenshot as {tmp_path / 'taken'}: ") and "Traceback" not in err


def test_a_failing_screen_becomes_an_error_screen(tmp_path, monkeypatch):
    from game.app.scenes.settings import SettingsScene
    from game.app.scenes.error import ErrorScene

    def boom(self, canvas):
        raise RuntimeError("drawing failed")

    monkeypatch.setattr(SettingsScene, "draw_content", boom)
    seen = []
    orig = ErrorScene.enter

    def spy(self):
        seen.append(self.message)
        orig(self)

    monkeypatch.setattr(ErrorScene, "enter", spy)
    code = main(["--frames", "5", "--scene", "settings", "--data-dir", str(tmp_path), "--size", "800x450"])
    assert code == 1 and seen == ["RuntimeError: drawing failed"]


def test_an_unknown_screen_lists_the_same_screens_as_help(capsys, app):
    from game.app.scenes import SCREENS, scene_by_name
    err = scene_by_name(app, "nonsense")
    assert SCREENS in err.message and "replays" in SCREENS and "calculator" in SCREENS
    assert main(["--help"]) == 0
    assert "calculator[:<game>]" in capsys.readouterr().out


def test_a_data_or_levels_folder_that_cannot_be_one_exits_2_before_any_window(tmp_path, capsys):
    """--data-dir naming a file opened a menu with three notices about files that 'could not be
    opened (not a directory)'; --levels-dir naming nothing opened a parlour with no levels, silently."""
    a_file = tmp_path / "notes.txt"
    a_file.write_text("mine")
    assert main(["--frames", "2", "--data-dir", str(a_file)]) == 2
    assert capsys.readouterr().err == f"error: --data-dir {a_file}: is a file, not a folder\n"
    assert main(["--frames", "2", "--data-dir", str(tmp_path / "d"), "--levels-dir", str(tmp_path / "nowhere")]) == 2
    assert capsys.readouterr().err == f"error: --levels-dir {tmp_path / 'nowhere'}: no such folder\n"
    assert a_file.read_text() == "mine"
    assert main(["--frames", "2", "--data-dir", str(tmp_path / "new" / "place")]) == 0      # made when first saved to
