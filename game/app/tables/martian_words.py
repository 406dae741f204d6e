"""The Martian table's words: where a piece would go and what that leaves in your piles, the cover
options (i) (ii) (iii), what happened on the table, and what you remember of a cover."""

from __future__ import annotations

from typing import Any

from game.rules.martian import Discard, Go, Hide, Keep, MahJongg, Swap
from game.rules.martian.pieces import name

PILE_WORDS = {"chow": "Chow", "pung": "Pung", "kong": "Kong"}
SIZE_ORDER = ("L", "M", "S")


def piles_of(screen: Any) -> dict[str, list]:
    """A ScreenView as {pile: [piece-or-None in slot order]} plus "bonus" and "opaques" lists."""
    return {"chow": list(screen.chow), "pung": list(screen.pung), "kong": list(screen.kong),
            "bonus": list(screen.bonus), "opaques": list(screen.opaques)}


SLOT_INDEX = {"chow-S": ("chow", 0), "pung-M": ("pung", 0), "pung-S": ("pung", 1),
              "kong-L": ("kong", 0), "kong-M": ("kong", 1), "kong-S": ("kong", 2)}


def place(screen: Any, piece: str, to: str) -> tuple[str, str | None, dict[str, list]]:
    """Put `piece` at `to` on a copy of the screen: (where, in words; the piece it pushes out; the piles after)."""
    piles = piles_of(screen)
    out = None
    if to in SLOT_INDEX:
        pile, i = SLOT_INDEX[to]
        out = piles[pile][i]
        piles[pile][i] = piece
        where = f"into your {PILE_WORDS[pile]}" + (f" in place of the {name(out)}" if out else "")
    elif to == "bonus":
        piles["bonus"].append(piece)
        where = "on your bonus stack"
    elif to.startswith("bonus-"):
        i = int(to.split("-")[1]) - 1
        out = piles["bonus"][i] if i < len(piles["bonus"]) else None
        if out is not None:
            piles["bonus"][i] = piece
        where = "on your bonus stack" + (f" in place of the {name(out)}" if out else "")
    elif to == "opaques":
        piles["opaques"].append(piece)
        where = "with your opaques"
    else:
        where = "nowhere: it is discarded"
    return where, out, piles


def pile_after(piles: dict[str, list], to: str) -> tuple[str, ...]:
    """The pieces of the pile `to` changes, as they would stand (for the chooser's pictures)."""
    if to in SLOT_INDEX:
        return tuple(p for p in piles[SLOT_INDEX[to][0]] if p is not None)
    if to.startswith("bonus"):
        return tuple(piles["bonus"])
    if to == "opaques":
        return tuple(piles["opaques"])
    return ()


def leaves(screen: Any, piece: str, to: str, also_out: str | None = None) -> str:
    """"Small red into your Chow; the medium blue is discarded." for one keep."""
    where, out, _ = place(screen, piece, to)
    gone = [p for p in (out, also_out) if p]
    if to == "discard":
        return f"The {name(piece)} is discarded."
    tail = "; ".join(f"the {name(p)} is discarded" for p in gone)
    return f"The {name(piece)} goes {where}" + (f"; {tail}." if tail else ".")


def action_line(action: Any, screen: Any, drawn: str | None, under: str | None) -> str:
    """One option of the turn in words, saying what it leaves in your piles."""
    if isinstance(action, Keep) and drawn:
        return leaves(screen, drawn, action.to)
    if isinstance(action, Swap) and under:
        return leaves(screen, under, action.to)
    if isinstance(action, Hide) and drawn and under:
        kept, other = (drawn, under) if action.keep == "drawn" else (under, drawn)
        return leaves(screen, kept, action.to, other)
    if isinstance(action, Discard):
        return f"Discard a piece: the {name(piece_at(screen, action.place) or '')}."
    if isinstance(action, Go):
        return "Say go: keep everything, no discard."
    if isinstance(action, MahJongg):
        return "Declare Mah Jongg on the piles you hold."
    return ""


def piece_at(screen: Any, place_: str) -> str | None:
    if place_ in SLOT_INDEX:
        pile, i = SLOT_INDEX[place_]
        return getattr(screen, pile)[i]
    if place_.startswith("bonus-"):
        i = int(place_.split("-")[1]) - 1
        return screen.bonus[i] if i < len(screen.bonus) else None
    return None


def option_heading(kind: str, drawn: str, under: str, opaque: str | None = None) -> str:
    if kind == "keep":
        return f"(i) Keep the {name(drawn)}; the cover keeps its {name(under)}"
    if kind == "swap":
        return f"(ii) Take the {name(under)}; leave the {name(drawn)} under the cover"
    return f"(iii) Slip your {name(opaque or 'black-S')} under the cover; keep one, discard the other"


def memory_line(memory: tuple | None, looks_now: int, rolls_now: int) -> str:
    """What you remember of a cover, and how long ago (in rolls)."""
    if memory is None:
        return ""
    piece, looks_then, rolls_then, how = memory
    ago = rolls_now - rolls_then
    when = "this roll" if ago <= 0 else ("1 roll ago" if ago == 1 else f"{ago} rolls ago")
    said = f"You saw a {name(piece)} here" if how == "saw" else f"You left a {name(piece)} here"
    since = looks_now - looks_then
    later = "" if since <= 0 else (" Someone has looked under it since." if since == 1 else
                                   f" Others have looked under it {since} times since.")
    return f"{said} ({when}).{later}"
