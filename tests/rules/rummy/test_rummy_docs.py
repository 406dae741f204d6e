"""Rules text (our own words, the Markdown subset, valid illustrations), tool docs, ruling coverage."""

import re
from pathlib import Path

from rummy_helpers import ROOT
from game.rules.rummy.tiles import KINDS

TEXT = ROOT / "game" / "rulestext" / "rummy.md"
SEED = Path("/work/shared/seeds/mahjong-rummy.txt")


def words(s):
    return re.findall(r"[a-z0-9']+", s.lower())


def test_rules_text_uses_the_markdown_subset_and_real_frames():
    lines = TEXT.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "# Mahjong Rummy"
    frames = {f"tile/{k}" for k in KINDS}
    n_pieces = 0
    for line in lines:
        if line.startswith("::pieces"):
            n_pieces += 1
            for tok in line.split()[1:]:
                assert tok == "|" or tok in frames, tok
        elif line.startswith("#"):
            assert re.match(r"^#{1,3} \S", line), line
    assert n_pieces >= 10
    headings = [l for l in lines if l.startswith("## ")]
    assert "## Table choices" in headings and "## Opening" in headings


def test_rules_text_is_in_our_own_words():
    if not SEED.exists():
        return
    seed = words(SEED.read_text(encoding="utf-8", errors="replace"))
    grams = {tuple(seed[i:i + 8]) for i in range(len(seed) - 7)}
    ours = words(TEXT.read_text(encoding="utf-8"))
    copied = [" ".join(ours[i:i + 8]) for i in range(len(ours) - 7) if tuple(ours[i:i + 8]) in grams]
    assert not copied, copied[:3]


def test_tools_doc_exists_with_examples():
    doc = (ROOT / "docs" / "rummy-tools.md").read_text(encoding="utf-8")
    assert "python -m game score rummy" in doc and "python -m game check-turn rummy" in doc
    assert doc.count("```") >= 8


def test_every_ruling_has_a_named_test():
    here = Path(__file__).parent
    src = "\n".join(p.read_text(encoding="utf-8") for p in here.glob("test_rummy_*.py"))
    names = set(re.findall(r"def (test_\w+)", src))
    for n in range(1, 17):
        assert any(f"_RUM_{n}_" in name for name in names), f"no test named for RUM-{n}"


def test_tool_transcripts_are_what_the_tools_print():
    """Every `NAME.json` example in docs/rummy-tools.md, run again: same output, same exit status."""
    import io
    from game.rules.rummy.calculator import main as calc
    from game.rules.rummy.checkturn import main as check
    doc = (ROOT / "docs" / "rummy-tools.md").read_text(encoding="utf-8")
    shown = re.findall(r"`\w+\.json`:\n```json\n(.*?)\n```\n\n```\n\$ python -m game (score|check-turn) rummy"
                       r"( --json)? \w+\.json\n(.*?)\n\$ echo \$\?\n(\d)\n```", doc, re.S)
    assert len(shown) >= 10 and {flag for _, _, flag, _, _ in shown} == {"", " --json"}
    for given, tool, flag, expected, status in shown:
        out, err = io.StringIO(), io.StringIO()
        rc = (calc if tool == "score" else check)(["--json"] if flag else [], io.StringIO(given), out, err)
        assert rc == int(status), given
        assert (err.getvalue() if rc == 2 else out.getvalue()).rstrip() == expected, given
