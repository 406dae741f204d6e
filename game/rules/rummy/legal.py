"""The legal-action list, with its simple plays worked out only when someone reads them.

`legal_actions` is asked at every turn (the driver asks before every decision), but most readers
only want to know that a seat can act and what its Draw or Pass is: the Normal and Hard bots build
their own plays and read the list only to fall back on drawing.  Working out the simple plays took
a sixth of a whole Normal game.  `LegalActions` is a real list whose first item (Draw or Pass) is
there at once; the rest is made, exactly as an eager list would hold it, the first time anything
reads past that item (length, indexing, iterating beyond the first, comparing, copying, changing).
"""

from __future__ import annotations

from typing import Any, Callable

DEFAULT_LIMIT = 400          # plays listed at most (moves.py)


class LegalActions(list):
    """A list of one head action followed by the actions `rest()` makes, made on first need."""

    __slots__ = ("_rest",)

    def __init__(self, head: Any, rest: Callable[[], list]):
        list.__init__(self, (head,))
        self._rest: Callable[[], list] | None = rest

    def _fill(self) -> None:
        rest = self._rest
        if rest is not None:
            self._rest = None
            list.extend(self, rest())

    # the head alone answers these
    def __bool__(self) -> bool:
        return True

    def __iter__(self):
        if self._rest is None:
            return list.__iter__(self)
        return self._iter_lazily()

    def _iter_lazily(self):
        yield list.__getitem__(self, 0)       # a reader that stops at Draw/Pass makes nothing
        self._fill()
        it = list.__iter__(self)
        next(it)
        yield from it

    def __getitem__(self, i):
        if self._rest is not None and not (type(i) is int and i == 0):
            self._fill()
        return list.__getitem__(self, i)

    def __reduce__(self):           # copies and pickles (a bot worker process) get a plain list
        return list, (list(self),)

    def __repr__(self) -> str:
        self._fill()
        return list.__repr__(self)


def _filling(name: str):
    method = getattr(list, name)

    def wrapper(self, *args, **kwargs):
        self._fill()
        for a in args:              # list's own methods read another list's items directly
            if type(a) is LegalActions:
                a._fill()
        return method(self, *args, **kwargs)

    wrapper.__name__ = name
    wrapper.__doc__ = method.__doc__
    return wrapper


# everything else a list does reads (or changes) the whole list: fill it first
for _name in ("__len__", "__contains__", "__reversed__", "__eq__", "__ne__", "__lt__", "__le__", "__gt__",
              "__ge__", "__add__", "__mul__", "__rmul__", "__iadd__", "__imul__", "__setitem__", "__delitem__",
              "__sizeof__", "append", "extend", "insert", "pop", "remove", "clear", "index", "count", "copy",
              "sort", "reverse"):
    setattr(LegalActions, _name, _filling(_name))


def _radd(self, other):             # [..] + legal: list's own + would read only the head
    self._fill()
    if type(other) is LegalActions:
        other._fill()
    if not isinstance(other, list):
        return NotImplemented
    return other + list(self)


LegalActions.__radd__ = _radd
LegalActions.__hash__ = None        # as list
