"""The Martian table's words: where a piece would go and what that leaves in your piles, the cover
options (i) (ii) (iii), what happened on the table, and what you remember of a cover."""

from __future__ import annotations

from typing import Any

from game.rules.martian import Claim, Discard, Go, Hide, Keep, Look, MahJongg, Pass, Roll, Swap
from game.rules.martian.pieces import is_opaque, name

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
    """One keep on two lines (heading, then what it pushes out): "Into your Kong\nThe small green
    there is discarded." """
    where, out, _ = place(screen, piece, to)
    if to == "discard":
        head = f"Let the {name(piece)} go"
        gone = [piece] + ([also_out] if also_out else [])
    else:
        head = f"Put the {name(piece)} " + where.split(" in place of ")[0]
        gone = [p for p in (out, also_out) if p]
    tail = " and ".join(f"the {name(p)}" for p in gone)
    detail = f"{tail[0].upper()}{tail[1:]} {'is' if len(gone) == 1 else 'are'} discarded." if gone else "Nothing is discarded."
    if any(is_opaque(p) for p in gone):      # only a Strict table offers it (MMJ-26): say the price first
        detail = "Not allowed: an opaque can't go. You keep it and play on with your screen open."
    return f"{head}\n{detail}"


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
        where = "bonus stack" if action.place.startswith("bonus") else PILE_WORDS[action.place.split("-")[0]]
        return f"Discard the {name(piece_at(screen, action.place) or '')}\nFrom your {where}."
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
        return f"(i) Keep the {name(drawn)}"
    if kind == "swap":
        return f"(ii) Swap: take the {name(under)}"
    return f"(iii) Hide your {name(opaque or 'black-S')} under it"


WHERE = {"chow-S": "Chow", "pung-M": "Pung", "pung-S": "Pung", "kong-L": "Kong", "kong-M": "Kong",
         "kong-S": "Kong", "bonus": "bonus stack", "opaques": "opaques", "discard": "discard"}


def option_detail(kind: str, drawn: str, under: str, opaque: str | None, places: list[str]) -> str:
    """A cover option with several places to put the piece: what it changes, and where it may go."""
    where = []
    for p in places:
        w = WHERE.get(p, "bonus stack")
        if w not in where:
            where.append(w)
    then = f"Then choose: {', '.join(where)}."
    if kind == "keep":
        return f"The cover keeps its {name(under)}. {then}"
    if kind == "swap":
        return f"The {name(drawn)} goes under the cover. {then}"
    if drawn == under:          # two alike: "the small orange or the small orange" reads like a slip
        return f"Keep one {name(drawn)}; the other is discarded. {then}"
    return f"Keep the {name(drawn)} or the {name(under)}; the other is discarded. {then}"


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


def hint_line(action: Any, screen: Any, drawn: str | None, under: str | None) -> str:
    """The hint's suggestion as advice to the player ("Roll the dice."), not the log's third person."""
    if isinstance(action, Roll):
        return "Roll the dice."
    if isinstance(action, Look):
        n = action.cover % 10 + 1
        nth = f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"
        size = "large" if action.cover >= 10 else "medium"     # numbered as its tooltip and the log say it
        return f"Look under {size} cover {action.cover + 1} (ringed: the {nth} {size} one from the left)."
    if isinstance(action, Claim):
        return f"Claim the discard for your {PILE_WORDS[action.pile]}" + (" and call Mah Jongg." if action.mahjong else ".")
    if isinstance(action, Pass):
        return "Pass: let the discard go."
    line = action_line(action, screen, drawn, under) if screen is not None else ""
    line = line.replace("\n", ". ") if line else ""
    if line and drawn and under and isinstance(action, (Keep, Swap, Hide)):
        # a cover is lifted: the options on offer are (i)-(iii), so say which one first
        kind = {Keep: "keep", Swap: "swap", Hide: "hide"}[type(action)]
        heading = option_heading(kind, drawn, under, getattr(action, "opaque", None) and f"{action.opaque}-S")
        return f"Choose {heading}. {line}"
    return line
