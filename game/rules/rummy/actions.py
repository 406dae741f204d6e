"""Mahjong Rummy actions (RUM-14): play tiles (a whole-table transaction), draw one, or pass (RUM-8)."""

from __future__ import annotations

import json
import re
from itertools import chain
from dataclasses import dataclass

from game.core.protocol import Action, ActionCodec


@dataclass(frozen=True)
class PlayTurn(Action):
    """The whole table after this turn, as the player wants it.

    table  : every set in play after the turn, each a tuple of tile ids ("B3#2"); order is free.
    played : the hand tiles put on the table (may be left empty: the engine derives it and, when
             given, checks it).
    values : (dragon id, kind) declarations for dragons coming from the hand ("DR#1", "B5").
             Dragons already in play keep their value and need not be listed (RUM-6).
    swaps  : (dragon id, natural id) dragon swaps (RUM-9): the natural from your hand takes the
             dragon's place in its set and the dragon comes to your hand (it may be played again
             in `table` with a new value, declared in `values`).
    """

    kind = "play"
    table: tuple[tuple[str, ...], ...] = ()
    played: tuple[str, ...] = ()
    values: tuple[tuple[str, str], ...] = ()
    swaps: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Draw(Action):
    """Take one tile from the face-down pool; the turn ends (RUM-14)."""

    kind = "draw"


@dataclass(frozen=True)
class Pass(Action):
    """Only when the pool is empty (RUM-8): four passes in a row end the round."""

    kind = "pass"


CODEC = ActionCodec([PlayTurn, Draw, Pass])


_TUPLE, _STR = {tuple}, {str}


def _strs(x) -> bool:
    if type(x) is not tuple:
        return False
    for t in x:
        if type(t) is not str:
            return False
    return True


def plainly_well_formed(action) -> bool:
    """True for a Draw, a Pass or a PlayTurn built of plain tuples and str only: what `CODEC.check`
    accepts, checked in a few microseconds (it runs on every move).  False means "ask CODEC.check"
    (which also accepts str and tuple subclasses, and says what is wrong)."""
    global _last_plain
    cls = type(action)
    if cls is Draw or cls is Pass:
        return True
    if cls is not PlayTurn:
        return False
    if action is _last_plain:          # a bot's play is checked by the bot, by apply and by encode
        return True
    last = _last_plain
    if (last is not None and action.table is last.table and action.values is last.values
            and action.swaps is last.swaps and _strs(action.played)):
        _last_plain = action           # the same checked tuples with a `played` list filled in
        return True
    table = action.table
    if type(table) is not tuple:
        return False
    # every set a tuple of str, each type looked at in C (a play's table is a few dozen tiles)
    if table and (set(map(type, table)) != _TUPLE or not set(map(type, chain.from_iterable(table))) <= _STR):
        return False
    if not _strs(action.played):
        return False
    for pairs in (action.values, action.swaps):
        if type(pairs) is not tuple:
            return False
        for p in pairs:
            if not _strs(p) or len(p) != 2:
                return False
    _last_plain = action               # frozen, and held here so its id can't be reused
    return True


_last_plain: PlayTurn | None = None


def encode(action) -> str:
    """CODEC.encode's text, made straight from the fields for a plainly well-formed action (json
    writes tuples as lists, as Action.encode's own conversion does)."""
    cls = type(action)
    if cls is Draw:
        return _DRAW_TEXT
    if cls is Pass:
        return _PASS_TEXT
    if not plainly_well_formed(action):
        return CODEC.encode(action)
    if type(action) is PlayTurn:
        text = _play_text(action)
        if text is not None:
            return text
        body = {"a": "play", "played": action.played, "swaps": action.swaps, "table": action.table,
                "values": action.values}
    else:
        body = {"a": action.kind}
    return json.dumps(body, separators=(",", ":"), sort_keys=True)


# Tile ids and kinds are plain ASCII ("B3#2", "DR#1", "B5"): json writes each as the text in quotes.
_PLAIN_TEXT = re.compile(r"[A-Za-z0-9#=]*")


def _play_text(action: PlayTurn) -> str | None:
    """json.dumps' text of a plainly well-formed PlayTurn (keys sorted, no spaces), written directly
    (every move's log entry is one); None when some string would need escaping."""
    fields = (action.played, *action.swaps, *action.table, *action.values)
    # every string is plain iff all of them together are: one match for the whole play
    if not _PLAIN_TEXT.fullmatch("".join(["".join(f) for f in fields])):
        return None
    q = '","'.join

    def items(group) -> str:
        return ",".join([f'["{q(f)}"]' if f else "[]" for f in group])

    played = f'"{q(action.played)}"' if action.played else ""
    return (f'{{"a":"play","played":[{played}],"swaps":[{items(action.swaps)}],"table":[{items(action.table)}],'
            f'"values":[{items(action.values)}]}}')


_DRAW_TEXT = CODEC.encode(Draw())
_PASS_TEXT = CODEC.encode(Pass())
