"""Guided first hands ("Learn"): a lesson is data in a level file's [lesson] table.

A lesson is a list of steps. Each step says what to do and why (`say`), which kind of action
is expected (`do`, the action's `kind`: "draw", "discard", "play", ...), optionally exactly which
pieces that action must take from the player's hand (`pieces`, piece codes such as "M5" or "B1";
a tile id "B1#2" counts as its code), and which pieces the table should highlight (`show`,
default: `pieces`). Any game works: the pieces an action uses are found by comparing the
player's hand in the view before and after the action (see `hand_delta`), so no game needs
lesson code of its own.

    [lesson]
    done = "What the table says when the last step is done."
    [[lesson.steps]]
    say = "Draw a card: every turn starts with one."
    do = "draw"
    [[lesson.steps]]
    say = "Let the Sword 1 go: it fits nothing in your hand."
    do = "discard"
    pieces = ["S1"]

Pure Python: no pygame here; the table side is game/app/lesson.py.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

LESSON_KEYS = ("done", "wait", "steps")
STEP_KEYS = ("say", "do", "pieces", "show", "nudge")
DEFAULT_WAIT = "The other players take their turns now. Watch the table; your next step comes when it is your turn."
DEFAULT_NUDGE = "Not this time: the lesson asks for something else. Look at the highlighted pieces."


def code_of(piece: str) -> str:
    """A piece's code: a tile id "B1#2" is a "B1"; a card code is itself."""
    return str(piece).split("#", 1)[0]


def hand_delta(before: Iterable[str], after: Iterable[str]) -> Counter:
    """The piece codes that left the hand (an action's cost from the hand)."""
    return Counter(code_of(p) for p in before) - Counter(code_of(p) for p in after)


@dataclass(frozen=True)
class Step:
    say: str
    do: str
    pieces: tuple[str, ...] = ()      # exactly these leave the hand ((): any)
    show: tuple[str, ...] = ()        # highlighted on the table (a code twice: two of them glow)
    nudge: str = ""                   # said when the player does something else

    @property
    def highlight(self) -> tuple[str, ...]:
        """Codes to highlight, each as many times as pieces of it should glow."""
        return self.show or self.pieces

    def matches(self, kind: str, used: Counter) -> bool:
        """Is an action of `kind` that took `used` (codes) from the hand the one this step asks for?"""
        if kind != self.do:
            return False
        return not self.pieces or +used == Counter(self.pieces)


@dataclass(frozen=True)
class Lesson:
    steps: tuple[Step, ...]
    done: str
    wait: str = DEFAULT_WAIT


class LessonError(ValueError):
    """A bad [lesson] table; `field` names the key ("lesson.steps[2].do")."""

    def __init__(self, field: str, reason: str):
        self.field, self.reason = field, reason
        super().__init__(f"{field}: {reason}")


def _text(d: Mapping, key: str, where: str, required: bool) -> str:
    v = d.get(key, "")
    if not isinstance(v, str) or (required and not v.strip()):
        raise LessonError(f"{where}.{key}", "is required and must be text" if required else "must be text")
    return v.strip()


def _codes(d: Mapping, key: str, where: str) -> tuple[str, ...]:
    v = d.get(key, [])
    if not isinstance(v, list) or not all(isinstance(c, str) and c.strip() for c in v):
        raise LessonError(f"{where}.{key}", "must be a list of piece codes")
    return tuple(c.strip() for c in v)


def _unknown(d: Mapping, known: tuple[str, ...], where: str) -> None:
    for k in d:
        if k not in known:
            raise LessonError(f"{where}.{k}", f"unknown key (the keys here are {', '.join(known)})")


def parse_lesson(raw: Any) -> Lesson:
    """The [lesson] table of a level file, checked; LessonError names the bad field."""
    if not isinstance(raw, dict):
        raise LessonError("lesson", "must be a table")
    _unknown(raw, LESSON_KEYS, "lesson")
    steps_raw = raw.get("steps")
    if not isinstance(steps_raw, list) or not steps_raw:
        raise LessonError("lesson.steps", "needs at least one [[lesson.steps]] table")
    steps = []
    for i, s in enumerate(steps_raw, 1):
        where = f"lesson.steps[{i}]"
        if not isinstance(s, dict):
            raise LessonError(where, "must be a table")
        _unknown(s, STEP_KEYS, where)
        steps.append(Step(say=_text(s, "say", where, True), do=_text(s, "do", where, True),
                          pieces=_codes(s, "pieces", where), show=_codes(s, "show", where),
                          nudge=_text(s, "nudge", where, False)))
    return Lesson(tuple(steps), _text(raw, "done", "lesson", True),
                  _text(raw, "wait", "lesson", False) or DEFAULT_WAIT)


class LessonRun:
    """Where a player is in a lesson: the current step, checking an action, moving on."""

    def __init__(self, lesson: Lesson, index: int = 0):
        self.lesson = lesson
        self.index = index

    @property
    def finished(self) -> bool:
        return self.index >= len(self.lesson.steps)

    @property
    def step(self) -> Step | None:
        return None if self.finished else self.lesson.steps[self.index]

    def allows(self, kind: str, used: Counter) -> bool:
        """True when the lesson is over (anything goes) or this is the step's action."""
        step = self.step
        return step is None or step.matches(kind, used)

    def nudge(self) -> str:
        step = self.step
        return (step.nudge or DEFAULT_NUDGE) if step is not None else ""

    def advance(self) -> None:
        if not self.finished:
            self.index += 1
