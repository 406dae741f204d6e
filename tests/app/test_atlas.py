"""The committed sprite atlas covers every piece the core defines, and the loader degrades well."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import json  # noqa: E402
import logging  # noqa: E402
import shutil  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.app.atlas import ATLAS_DIR, FONT_DIR, PLACEHOLDER_COLOUR, Atlas, AtlasError  # noqa: E402
from game.core.pieces import (ALL_PYRAMIDS, ALL_TILE_KINDS, DICE, MINT_CARD_KINDS,  # noqa: E402
                              MINT_SUIT_CARDS, OPAQUE_COLOURS, PYRAMID_SIZES)

ROOT = Path(__file__).resolve().parents[2]

UI_FRAMES = ["ui/felt", "ui/button", "ui/button-hot", "ui/panel", "ui/shadow-tile", "ui/shadow-card", "ui/select"]
COVERS = [f"cover/{c}-{s}" for s in ("M", "L") for c in ("black", "white")]


def colour_coded() -> list[str]:
    names = [f"mint/{k}" for k in MINT_SUIT_CARDS]
    names += [f"pyr/{p}/{pose}" for p in ALL_PYRAMIDS for pose in ("up", "tipped")]
    return names + COVERS


@pytest.fixture(scope="module")
def atlas():
    return Atlas.load()


def pixels(s: pygame.Surface) -> bytes:
    return pygame.image.tobytes(s, "RGBA")


# --------------------------------------------------------------------------- coverage

def test_every_tile_and_kard(atlas):
    for code in ALL_TILE_KINDS:
        assert atlas.has(f"tile/{code}"), code
        assert atlas.has(f"kard/{code}"), code
    assert atlas.has("tile/back") and atlas.has("kard/back")


def test_every_mint_card(atlas):
    for code in MINT_CARD_KINDS:
        assert atlas.has(f"mint/{code}"), code
    assert atlas.has("mint/back")
    for n in range(8):
        assert atlas.has(f"mint/score{n}")


def test_every_pyramid_cover_and_die(atlas):
    for p in ALL_PYRAMIDS:
        assert atlas.has(f"pyr/{p}/up") and atlas.has(f"pyr/{p}/tipped"), p
    for name in COVERS + ["cover/marker"]:
        assert atlas.has(name), name
    for kind, faces in DICE.items():
        for n in range(1, faces + 1):
            assert atlas.has(f"{kind}/{n}")


def test_ui_frames(atlas):
    for name in UI_FRAMES:
        assert atlas.has(name), name


def test_colour_blind_variants_differ(atlas):
    for name in colour_coded():
        assert atlas.has(name + "+cb"), name
        plain, cb = atlas.frame(name), atlas.frame(name, colourblind=True)
        assert plain.get_size() == cb.get_size(), name
        assert pixels(plain) != pixels(cb), name
        assert atlas.size(name + "+cb") == atlas.size(name)


def test_colour_blind_falls_back_to_plain(atlas):
    assert not atlas.has("tile/B3+cb")
    assert atlas.frame("tile/B3", colourblind=True) is atlas.frame("tile/B3")
    assert atlas.frame("mint/J", colourblind=True) is atlas.frame("mint/J")


# --------------------------------------------------------------------------- sizes

def test_logical_sizes(atlas):
    for code in ALL_TILE_KINDS + ("back",):
        assert atlas.size(f"tile/{code}") == (48, 64)
        assert atlas.size(f"kard/{code}") == (50, 70)
    for code in MINT_CARD_KINDS + ("back", "score0", "score7"):
        assert atlas.size(f"mint/{code}") == (50, 70)
    upright = {"S": (30, 34), "M": (38, 44), "L": (46, 56)}
    for p in ALL_PYRAMIDS:
        size = p.split("-")[1]
        assert atlas.size(f"pyr/{p}/up") == upright[size]
        tw, th = atlas.size(f"pyr/{p}/tipped")
        assert tw > th                               # lying on its side, apex pointing right
    for name in COVERS:
        assert atlas.size(name) == upright[name[-1]]
    for kind, faces in DICE.items():
        for n in range(1, faces + 1):
            assert atlas.size(f"{kind}/{n}") == (40, 40)
    assert atlas.size("ui/felt") == (256, 256)


def test_pyramid_heights_grow_about_one_to_one_point_three_to_one_point_six_five(atlas):
    h = {s: atlas.size(f"pyr/red-{s}/up")[1] for s in PYRAMID_SIZES}
    assert 1.2 <= h["M"] / h["S"] <= 1.4
    assert 1.55 <= h["L"] / h["S"] <= 1.75
    tipped = [atlas.size(f"pyr/blue-{s}/tipped")[0] for s in PYRAMID_SIZES]
    assert tipped == sorted(tipped)


def test_frames_are_twice_their_logical_size(atlas):
    for name in atlas.names():
        lw, lh = atlas.size(name)
        assert atlas.frame(name).get_size() == (2 * lw, 2 * lh), name


def test_sheets_fit_2048(atlas):
    assert 1 <= len(atlas.sheets) <= 8
    for s in atlas.sheets.values():
        assert s.get_width() <= 2048 and s.get_height() <= 2048


def test_opaque_and_frame_edges(atlas):
    # tiles are opaque in the middle and transparent at the very corner (rounded)
    t = atlas.frame("tile/C5")
    assert t.get_at((t.get_width() // 2, t.get_height() // 2)).a == 255
    assert t.get_at((0, 0)).a < 64
    for c in OPAQUE_COLOURS:
        s = atlas.frame(f"pyr/{c}-L/up")
        assert s.get_at((s.get_width() // 2, s.get_height() * 2 // 3)).a == 255


def test_shadow_and_glow_meta(atlas):
    assert atlas.meta("ui/shadow-tile")["pad"] == 8
    assert atlas.size("ui/shadow-tile") == (48 + 16, 64 + 16)
    assert atlas.size("ui/select") == (48 + 16, 64 + 16)
    assert len(atlas.meta("ui/button")["slice"]) == 4
    assert atlas.meta("tile/B1") == {}


# --------------------------------------------------------------------------- loader behaviour

def test_scaled_is_exact_and_cached(atlas):
    s = atlas.scaled("kard/C3", 75, 105)
    assert s.get_size() == (75, 105)
    assert atlas.scaled("kard/C3", 75, 105) is s
    cb = atlas.scaled("pyr/red-M/up", 19, 22, colourblind=True)
    assert cb.get_size() == (19, 22)
    assert pixels(cb) != pixels(atlas.scaled("pyr/red-M/up", 19, 22))
    assert atlas.scaled("tile/B1", 0, 10).get_size() == (0, 10)


def test_missing_frame_gives_placeholder_and_warns_once(atlas, caplog):
    with caplog.at_level(logging.WARNING, logger="game.app.atlas"):
        s = atlas.frame("tile/ZZ")
        s2 = atlas.frame("tile/ZZ")
        atlas.scaled("tile/ZZ", 30, 40)
    assert s is s2
    assert s.get_size() == (96, 128)                 # a sibling's size: it still fits the layout
    assert tuple(s.get_at((s.get_width() // 2, 6))) == PLACEHOLDER_COLOUR
    assert not atlas.has("tile/ZZ")
    assert atlas.size("tile/ZZ") == (48, 64)
    warnings = [r for r in caplog.records if "tile/ZZ" in r.getMessage()]
    assert len(warnings) == 1
    odd = atlas.frame("nothing-like-it")
    assert odd.get_size() == (96, 128)


def test_loads_with_a_display_too(tmp_path):
    pygame.display.init()
    try:
        pygame.display.set_mode((64, 64))
        a = Atlas.load()
        assert a.frame("d6/6").get_size() == (80, 80)
    finally:
        pygame.display.quit()


def _copy_atlas(tmp_path) -> Path:
    d = tmp_path / "atlas"
    shutil.copytree(ATLAS_DIR, d)
    return d


def test_missing_index_is_a_clear_error(tmp_path):
    with pytest.raises(AtlasError, match="atlas.json"):
        Atlas.load(tmp_path / "nowhere")


def test_corrupt_index_is_a_clear_error(tmp_path):
    d = _copy_atlas(tmp_path)
    (d / "atlas.json").write_text("{ not json", encoding="utf-8")
    with pytest.raises(AtlasError, match="atlas.json"):
        Atlas.load(d)


def test_missing_sheet_is_a_clear_error(tmp_path):
    d = _copy_atlas(tmp_path)
    sheet = json.loads((d / "atlas.json").read_text())["frames"]["tile/B1"]["sheet"]
    (d / sheet).unlink()
    with pytest.raises(AtlasError, match=sheet):
        Atlas.load(d)


def test_corrupt_sheet_is_a_clear_error(tmp_path):
    d = _copy_atlas(tmp_path)
    sheet = json.loads((d / "atlas.json").read_text())["frames"]["pyr/red-S/up"]["sheet"]
    (d / sheet).write_bytes(b"\x89PNG\r\n\x1a\n this is not an image")
    with pytest.raises(AtlasError, match=sheet):
        Atlas.load(d)


def test_frame_outside_its_sheet_is_a_clear_error(tmp_path):
    d = _copy_atlas(tmp_path)
    doc = json.loads((d / "atlas.json").read_text())
    doc["frames"]["d6/1"]["x"] = 99999
    (d / "atlas.json").write_text(json.dumps(doc))
    with pytest.raises(AtlasError, match="d6/1"):
        Atlas.load(d)


def test_runtime_font_is_shipped_with_its_licence():
    assert (FONT_DIR / "DejaVuSans.ttf").is_file()
    assert (FONT_DIR / "DejaVuSans-Bold.ttf").is_file()
    assert "Bitstream" in (FONT_DIR / "LICENSE-DejaVu.txt").read_text(encoding="utf-8")


# --------------------------------------------------------------------------- the builder

def _cjk_font_available() -> bool:
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import pygame.freetype
        pygame.freetype.init()
        from atlas_draw.common import FontMissing, find_cjk_font
        try:
            find_cjk_font()
            return True
        except FontMissing:
            return False
    finally:
        sys.path.remove(str(ROOT / "tools"))


@pytest.mark.skipif(not _cjk_font_available(), reason="building the atlas needs a CJK font (fonts-noto-cjk)")
def test_committed_atlas_matches_the_builder(tmp_path, atlas):
    """Text-free frames rebuilt now are pixel-identical to the committed ones: the build is
    deterministic and the committed atlas is up to date."""
    out = tmp_path / "atlas"
    only = "d6/,pyr/red-,pyr/clear-M,cover/black-L,ui/shadow-tile"
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "build_atlas.py"), "--out", str(out), "--only", only],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    fresh = Atlas.load(out)
    assert len(fresh.names()) >= 6 + 12 + 2
    for name in fresh.names():
        assert atlas.has(name), name
        assert pixels(fresh.frame(name)) == pixels(atlas.frame(name)), f"{name}: rebuild the atlas"
