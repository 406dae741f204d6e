"""Rules texts parse, and every piece they illustrate exists in the atlas (when it is built)."""

import pytest

from game.app import rulestext
from game.app.paths import ATLAS_DIR
from game.rules import catalogue


def test_parser_blocks():
    blocks = rulestext.parse("# Title\n\nSome **bold** text\nthat continues.\n\n- a bullet\n  more\n"
                             "::pieces tile/B1 | mint/S1\n## Sub\n")
    assert [b.kind for b in blocks] == ["h1", "p", "bullet", "pieces", "h2"]
    assert blocks[1].text == "Some bold text that continues."
    assert blocks[2].text == "a bullet more"
    assert blocks[3].pieces == ("tile/B1", None, "mint/S1")


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
            missing += [f"{g.id}: {p}" for p in b.pieces if p and not atlas.has(p)]
    assert not missing, missing
