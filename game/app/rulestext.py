"""The rules-text format (a small Markdown subset), parsed into blocks; no pygame here.

    # Heading            ## Subheading
    paragraph lines (joined until a blank line)
    - bullet
    ::pieces tile/B1 tile/B2 | mint/S1     (a row of atlas frames; "|" leaves a gap)
Inline **bold**, *emphasis* and `code` marks are dropped: the reader shows plain text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from game.app.paths import RULES_TEXT_DIR

_INLINE = re.compile(r"\*\*|__|`|(?<![\w*])\*(?=\S)|(?<=\S)\*(?![\w*])")


@dataclass(frozen=True)
class Block:
    kind: str                      # "h1", "h2", "p", "bullet", "pieces"
    text: str = ""
    pieces: tuple[str | None, ...] = ()    # None = a gap


def plain(text: str) -> str:
    return _INLINE.sub("", text).strip()


def parse(source: str) -> list[Block]:
    blocks: list[Block] = []
    para: list[str] = []

    def flush() -> None:
        if para:
            blocks.append(Block("p", plain(" ".join(para))))
            para.clear()

    for raw in source.splitlines():
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped:
            flush()
            continue
        if stripped.startswith("::pieces"):
            flush()
            items = stripped[len("::pieces"):].split()
            blocks.append(Block("pieces", pieces=tuple(None if i == "|" else i for i in items)))
        elif stripped.startswith("## "):
            flush()
            blocks.append(Block("h2", plain(stripped[3:])))
        elif stripped.startswith("# "):
            flush()
            blocks.append(Block("h1", plain(stripped[2:])))
        elif stripped.startswith(("- ", "* ")):
            flush()
            blocks.append(Block("bullet", plain(stripped[2:])))
        elif blocks and blocks[-1].kind == "bullet" and raw.startswith("  ") and not para:
            # an indented continuation line belongs to the bullet above
            last = blocks.pop()
            blocks.append(Block("bullet", last.text + " " + plain(stripped)))
        else:
            para.append(stripped)
    flush()
    return blocks


def rules_path(game_id: str, folder: Path = RULES_TEXT_DIR) -> Path:
    return folder / f"{game_id}.md"


def load(game_id: str, folder: Path = RULES_TEXT_DIR) -> list[Block] | None:
    """The game's rules as blocks, or None when its text has not been written yet."""
    path = rules_path(game_id, folder)
    try:
        return parse(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return None
