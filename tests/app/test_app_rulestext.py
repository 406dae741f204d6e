"""Rules texts parse, and every piece they illustrate exists in the atlas (when it is built)."""

import re

import pytest

from game.app import rulestext
from game.app.paths import ATLAS_DIR
from game.rules import catalogue


def test_parser_blocks():
    blocks = rulestext.parse("# Title\n\nSome **bold** text\nthat continues.\n\n- a bullet\n  more\n"
                             "::pieces tile/B1 | mint/S1\n## Sub\n### Subsub\n")
    assert [b.kind for b in blocks] == ["h1", "p", "item", "pieces", "h2", "h3"]
    assert blocks[1].text == "Some bold text that continues."
    assert blocks[1].runs == (("Some ", ""), ("bold", "strong"), (" text that continues.", ""))
    assert blocks[2].text == "a bullet more" and blocks[2].marker == "•" and blocks[2].depth == 1
    assert blocks[3].pieces == (("tile/B1",), None, ("mint/S1",))


def test_numbered_and_nested_lists_and_inline_styles():
    blocks = rulestext.parse("1. Draw *one* card.\n2. Then `discard`:\n   - face up\n   - **at once**\n3. Done\n")
    items = [(b.marker, b.depth, b.text) for b in blocks]
    assert items == [("1.", 1, "Draw one card."), ("2.", 1, "Then discard:"), ("◦", 2, "face up"),
                     ("◦", 2, "at once"), ("3.", 1, "Done")]
    assert ("one", "em") in blocks[0].runs and ("discard", "code") in blocks[1].runs
    assert blocks[3].runs == (("at once", "strong"),)


def test_pieces_stacks_are_listed_bottom_first():
    (b,) = rulestext.parse("::pieces pyr/red-L/up+pyr/red-M/up+pyr/red-S/up | pyr/blue-S/up")
    assert b.pieces == (("pyr/red-L/up", "pyr/red-M/up", "pyr/red-S/up"), None, ("pyr/blue-S/up",))


def test_a_smaller_pyramid_sits_over_the_tip_of_a_bigger_one():
    from game.app.scenes.rules_reader import TIP, stack_shape
    large, medium, small = (46, 56), (38, 44), (30, 34)
    width, height, places = stack_shape([large, medium, small])
    assert width == 46
    for (_, below_top, _, below_h), (_, top, _, h) in zip(places, places[1:]):
        assert top + TIP * h <= below_top + TIP * below_h      # the upper one covers the tip below it
        assert below_top < top + h < below_top + below_h        # and its base rests inside the lower one
    assert [p[0] for p in places] == [0, (46 - 38) / 2, (46 - 30) / 2]      # centred on each other
    assert height == -min(p[1] for p in places) < 56 + 44 + 34            # nested, not piled end to end


def test_missing_text_is_none(tmp_path):
    assert rulestext.load("nosuch", tmp_path) is None


@pytest.mark.parametrize("game_id", ["kards", "cuzzins", "martian"])
def test_our_texts_exist_and_illustrate(game_id):
    blocks = rulestext.load(game_id)
    assert blocks and blocks[0].kind == "h1"
    assert any(b.kind == "pieces" for b in blocks)
    assert sum(len(b.text) for b in blocks) > 2000


def test_every_illustrated_piece_is_in_the_atlas():
    if not (ATLAS_DIR / "atlas.json").exists():
        pytest.skip("the atlas has not been built here")
    from game.app.atlas import Atlas
    atlas = Atlas.load(ATLAS_DIR)
    missing = []
    for g in catalogue():
        for b in rulestext.load(g.id) or []:
            missing += [f"{g.id}: {p}" for stack in b.pieces if stack for p in stack if not atlas.has(p)]
    assert not missing, missing


RAW_MARKUP = re.compile(r"#|\*\*|`|__|^\s*(\d+[.)]|[-*+])\s|\[[^\]]*\]\(|::pieces")


@pytest.mark.parametrize("game_id", [g.id for g in catalogue()])
def test_no_rules_page_shows_markup(app, game_id):
    """Lay out every game's page as the reader does and read back every text it would draw."""
    from game.app.scenes.rules_reader import RulesScene
    scene = RulesScene(app, game_id)
    scene.layout(app.canvas)
    texts = []
    for item in scene._layout:
        if item[0] == "heading":
            texts.append(item[2])
        elif item[0] == "lines":
            texts += ["".join(t for t, _ in line) for line in item[2]]
    assert len(texts) > 20
    shown = [t for t in texts if RAW_MARKUP.search(t)]
    assert not shown, shown
    numbered = [i for i in scene._layout if i[0] == "marker" and i[2][:1].isdigit()]
    if game_id == "minttin":      # its turn sequences are numbered lists, drawn as such
        assert [i[2] for i in numbered][:3] == ["1.", "2.", "3."]


def test_every_game_draws_its_section_headings_in_the_same_ivory(app):
    """A page's sections (the first heading level under the title) look the same in every game:
    ivory, as the setup screens' section titles (gold is the hint's); deeper headings never look
    like a section."""
    from game.app import theme
    from game.app.scenes.rules_reader import RulesScene
    colours = {}
    for g in catalogue():
        scene = RulesScene(app, g.id)
        scene.layout(app.canvas)
        headings = [(item[3], item[4]) for item in scene._layout if item[0] == "heading"]
        sizes = sorted({size for size, _ in headings}, reverse=True)
        assert len(sizes) >= 2, g.id
        colours[g.id] = {colour for size, colour in headings if size == sizes[1]}
        deeper = {colour for size, colour in headings if size < sizes[1]}
        assert not deeper & colours[g.id], g.id
    assert all(c == {theme.TEXT} for c in colours.values()), colours


def test_martian_text_puts_the_memory_aid_on_the_table_not_among_the_options():
    """The rules called the memory aid "an option", but the setup screen has no such option: it is
    the table's switch (M), on by default for a lone human at a table that is not Strict."""
    from game.rules.martian.options import OPTIONS
    assert "memory_aid" not in {o.key for o in OPTIONS}
    text = " ".join(b.text for b in rulestext.load("martian"))
    at = text.index("the memory aid")
    sentence = text[at:text.index(".", at)]
    assert "an option" not in sentence
    assert "switch on the table, or M" in sentence and "Strict" in sentence
