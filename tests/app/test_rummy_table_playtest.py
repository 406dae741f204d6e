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
