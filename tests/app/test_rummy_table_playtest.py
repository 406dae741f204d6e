"""What a newcomer tripped over at the Rummy table in a real window (play-test, s4)."""

from __future__ import annotations

from game.app.tables.rummy_draw import word_y


def test_a_borrowed_word_moves_below_the_sets_owner_label_it_would_run_into():
    # seen: under a hinted set, "borrowed" and "→ South" printed over each other
    owner = (300.0, 520.0, 60.0, 16.0)            # "→ South" under the set's right end
    y = word_y(330.0, 522.0, 56.0, 15.0, [owner])
    assert y >= 520.0 + 16.0                       # below it, not through it
    # a word clear of every label stays where it was
    assert word_y(100.0, 522.0, 56.0, 15.0, [owner]) == 522.0
    assert word_y(330.0, 560.0, 56.0, 15.0, [owner]) == 560.0
    # two labels stacked: the word clears both
    below = (310.0, 537.0, 60.0, 16.0)
    assert word_y(330.0, 522.0, 56.0, 15.0, [below, owner]) >= 537.0 + 16.0


def test_side_nameplates_show_every_fact_for_a_player_named_player_1(app):
    # seen: hot seat, the side plate read "Player 1  0 pts · closed · 15..." (the tile count cut off)
    from game.app.tables.rummy import RummyTable
    from game.core.match import Match
    from game.core.protocol import SeatConfig, Setup

    from .test_minttin_table_playtest import cut_texts
    from .test_rummy_table import step
    app.store.settings.anim_speed = 0.0
    names = ("Player 1", "Player 12", "Player 3", "Player 14")
    setup = Setup("rummy", tuple(SeatConfig(k, "normal", n) for k, n in zip(("human", "bot", "bot", "bot"), names)),
                  {"rounds": 4}, 3)
    app.stack.push(RummyTable(app, Match(setup)))
    app.stack.apply()
    step(app, 2)
    cut = cut_texts(app)
    assert not [t for t in cut if "tiles" in t], cut


def test_a_set_of_your_own_is_called_yours_not_owned_by_you(app):
    # seen: the tooltip over a set just laid read "Valid run · owned by You."
    from .test_rummy_table import OPENING_HAND, make_table, onto, tile, to_new_set
    scene = make_table(app, hands=[OPENING_HAND])
    b1 = tile(scene, "B1")
    to_new_set(app, scene, b1)
    onto(app, scene, tile(scene, "B2"), b1)
    onto(app, scene, tile(scene, "B3"), b1)
    scene.keyboard = False
    scene.pointer = scene.lay.places[b1].rect.center
    text = scene._tooltip_text()
    assert text == "Valid run · yours."


def test_the_lesson_names_tiles_the_way_the_table_does():
    # seen: the lesson said "Bamboo 4" while the table, hint and notes all say "4 Bamboo"
    import re
    import tomllib
    from pathlib import Path

    from game.rules.rummy.tiles import name
    assert name("B4") == "4 Bamboo"
    lesson = tomllib.loads((Path(__file__).parents[2] / "levels/rummy/learn.toml").read_text())["lesson"]
    words = " ".join([lesson["done"]] + [s[k] for s in lesson["steps"] for k in ("say", "nudge")])
    assert not re.findall(r"(?:Bamboo|Characters|Dots) \d", words)
