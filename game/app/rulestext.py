"""The rules texts (`game/rulestext/<game>.md`), parsed into blocks of styled text; no pygame here.

The Markdown is parsed by markdown-it-py (CommonMark): headings, paragraphs, ordered and bullet
lists (nested too), **strong**, *emphasis* and `code` all come out as blocks and styled runs, so
the reader never shows a raw marker. One line form of our own draws pieces:

    ::pieces tile/B1 tile/B2 | mint/S1 pyr/red-L/up+pyr/red-M/up+pyr/red-S/up

Each item is an atlas frame; "|" leaves a gap; frames joined by "+" are one stack, listed from
the bottom up (Icehouse pyramids: each smaller one sits over the tip of the one below).
A `::pieces` line must stand on a line of its own (see docs/CONTRACTS.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from markdown_it import MarkdownIt

from game.app.paths import RULES_TEXT_DIR

PIECES = "::pieces"
STYLES = ("", "em", "strong", "strong em", "code")

Run = tuple[str, str]              # (text, style); style is one of STYLES
Stack = tuple[str, ...]            # atlas frames, bottom first; one frame for a lone piece

_MD = MarkdownIt("commonmark", {"html": False})


@dataclass(frozen=True)
class Block:
    kind: str                      # "h1", "h2", "h3", "p", "item", "code", "pieces"
    runs: tuple[Run, ...] = ()
    depth: int = 0                 # list nesting: 0 outside lists, 1 in a top-level list, ...
    marker: str = ""               # an item's bullet "•" or number "3."
    pieces: tuple[Stack | None, ...] = ()    # None = a gap

    @property
    def text(self) -> str:
        return "".join(t for t, _ in self.runs)


def parse_pieces(line: str) -> tuple[Stack | None, ...]:
    items = line.strip()[len(PIECES):].split()
    return tuple(None if i == "|" else tuple(f for f in i.split("+") if f) for i in items)


def parse(source: str) -> list[Block]:
    """Blocks in reading order. `::pieces` lines are cut out first, the Markdown between them parsed."""
    blocks: list[Block] = []
    chunk: list[str] = []
    for line in source.splitlines():
        if line.strip().startswith(PIECES):
            blocks += _markdown("\n".join(chunk))
            chunk = []
            blocks.append(Block("pieces", pieces=parse_pieces(line)))
        else:
            chunk.append(line)
    blocks += _markdown("\n".join(chunk))
    return blocks


def _markdown(text: str) -> list[Block]:
    out: list[Block] = []
    lists: list[list] = []          # open lists: [ordered?, bullet depth]
    marker = ""                     # set by list_item_open, used by the item's first paragraph
    heading = ""
    for tok in _MD.parse(text):
        t = tok.type
        if t in ("bullet_list_open", "ordered_list_open"):
            lists.append([t == "ordered_list_open"])
        elif t in ("bullet_list_close", "ordered_list_close"):
            lists.pop()
        elif t == "list_item_open":
            ordered = lists[-1][0]
            marker = f"{tok.info}{tok.markup}" if ordered else ("•" if len(lists) % 2 else "◦")
        elif t == "heading_open":
            heading = "h" + str(min(3, int(tok.tag[1:])))
        elif t == "heading_close":
            heading = ""
        elif t == "inline":
            runs = _runs(tok.children or [])
            if heading:
                out.append(Block(heading, runs))
            elif marker:
                out.append(Block("item", runs, len(lists), marker))
                marker = ""
            else:
                out.append(Block("p", runs, len(lists)))
        elif t in ("fence", "code_block"):
            out.append(Block("code", ((tok.content.rstrip("\n"), "code"),), len(lists)))
    return out


def _runs(children) -> tuple[Run, ...]:
    """Inline tokens to (text, style) runs, neighbours of one style merged."""
    strong = em = 0
    runs: list[list[str]] = []

    def add(text: str, style: str) -> None:
        if not text:
            return
        if runs and runs[-1][1] == style:
            runs[-1][0] += text
        else:
            runs.append([text, style])

    for c in children:
        t = c.type
        if t == "strong_open":
            strong += 1
        elif t == "strong_close":
            strong -= 1
        elif t == "em_open":
            em += 1
        elif t == "em_close":
            em -= 1
        elif t == "code_inline":
            add(c.content, "code")
        elif t in ("softbreak",):
            add(" ", "")
        elif t == "hardbreak":
            add("\n", "")
        elif t == "image":
            add(c.content, "")
        elif t in ("text", "html_inline"):
            style = " ".join(s for s, on in (("strong", strong), ("em", em)) if on)
            add(c.content, style)
    return tuple((text, style) for text, style in runs)


def rules_path(game_id: str, folder: Path = RULES_TEXT_DIR) -> Path:
    return folder / f"{game_id}.md"


def load(game_id: str, folder: Path = RULES_TEXT_DIR) -> list[Block] | None:
    """The game's rules as blocks, or None when its text has not been written yet."""
    path = rules_path(game_id, folder)
    try:
        return parse(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return None
