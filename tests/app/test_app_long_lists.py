"""Lists longer than a screen (Challenges, Replays) walked by keys: PageUp/PageDown move the focus a
screenful and keep it in view, Home/End go to the ends, and the screen's foot says so. (PageDown used
to scroll the Challenges list but leave the focus on a row scrolled out of sight, so Enter started a
challenge the player could not see; Replays ignored the paging keys.)"""

import pytest

from game.app.input import Intent
from game.app.widgets import ListRow
from game.core.match import Match


def open_list(app, name, replays=0):
    level = app.levels_for("minttin", "quick")[0]
    for i in range(replays):
        app.store.save_replay(f"minttin-test-{i}", Match(level.fresh_setup()).to_json())
    app.store.flush()
    app.open(name)
    app.stack.apply()
    screen = app.stack.top
    rows = [w for w in screen.ui.widgets if isinstance(w, ListRow)]
    return screen, rows


def in_view(screen, row) -> bool:
    pane = row.pane
    top = row.rect.top - pane.viewport.top - pane.offset
    return top >= 0 and top + row.rect.height <= pane.viewport.height + 0.5


def press(screen, kind):
    assert screen.handle(Intent(kind))
    return screen.ui.focused


@pytest.mark.parametrize("name,replays", [("challenges", 0), ("replays", 14)])
def test_paging_keys_walk_a_long_list_with_the_focus_always_in_view(real_levels_app, name, replays):
    screen, rows = open_list(real_levels_app, name, replays)
    assert len(rows) > 9
    seen = []
    f = press(screen, "page_down")               # nothing focused: the first row in view
    while True:
        assert f in rows and in_view(screen, f)
        seen.append(rows.index(f))
        if f is rows[-1]:
            break
        f = press(screen, "page_down")
    assert seen[0] == 0 and seen == sorted(set(seen))
    assert 1 < len(seen) < len(rows)              # by pages, not one row at a time
    gaps = [b - a for a, b in zip(seen, seen[1:])]
    assert max(gaps) >= 3                          # a page is several rows
    back = [rows.index(press(screen, "page_up")) for _ in seen]
    assert back[-1] == 0 and all(in_view(screen, rows[i]) for i in back[-1:])
    assert press(screen, "end") is rows[-1] and in_view(screen, rows[-1])
    assert press(screen, "home") is rows[0] and rows[0].pane.offset == 0
    press(screen, "end")
    assert press(screen, "page_down") is rows[-1]  # at the foot it stays there


def test_enter_after_paging_starts_the_challenge_in_view(real_levels_app):
    screen, rows = open_list(real_levels_app, "challenges")
    for _ in range(3):
        press(screen, "page_down")
    chosen = screen.ui.focused
    assert in_view(screen, chosen)
    started = []
    chosen.on_click = lambda: started.append(chosen.label)
    screen.handle(Intent("confirm"))
    assert started == [chosen.label]


@pytest.mark.parametrize("name,replays", [("challenges", 0), ("replays", 1)])
def test_the_foot_of_a_list_screen_names_its_keys(real_levels_app, name, replays):
    screen, _ = open_list(real_levels_app, name, replays)
    for word in ("PageUp", "PageDown", "Home", "End", "Enter", "Esc"):
        assert word in screen.keys_hint
    drawn = []
    canvas = real_levels_app.canvas
    real_text = canvas.text
    canvas.text = lambda text, *a, **k: (drawn.append(text), real_text(text, *a, **k))[1]
    try:
        screen.draw(canvas)
    finally:
        canvas.text = real_text
    assert screen.keys_hint in drawn


def test_paging_keys_still_move_the_cursor_in_a_text_field(real_levels_app):
    """The setup screen has one list (quick play) and name fields: Home/End in a field stay there."""
    from game.app.widgets.textentry import TextEntry
    app = real_levels_app
    app.open("setup:rummy")
    app.stack.apply()
    screen = app.stack.top
    field = next(w for w in screen.ui.widgets if isinstance(w, TextEntry))
    screen.ui.set_focus(field)
    screen.handle(Intent("home"))
    assert screen.ui.focused is field


def test_the_replays_list_says_when_older_games_are_not_listed(real_levels_app, monkeypatch):
    import game.app.scenes.replay as replay
    monkeypatch.setattr(replay, "LISTED", 5)
    screen, rows = open_list(real_levels_app, "replays", replays=7)
    assert len(rows) == 5
    assert "5 most recent of your 7" in screen.subtitle
