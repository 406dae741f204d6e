"""Challenge goals for Kards levels: RULES.goal_met(goal, state, seat) -> True / False / None
(None: not decided yet) and RULES.check_goal(goal, options) (ValueError naming the parameter).

Goal kinds (a level's [goal] table; further keys are its parameters):
    win_hand        win a round within the first `within` rounds (1; ties and replays count) with
                    every condition given: `special` (a special hand's key from specials.py, or
                    "any"), `by` (any, drawn, discard, box, last: how the winning card came; "drawn"
                    is any card from the wall or the kong box), `concealed` (true: no claimed card at
                    all), `pung_of` (dragons or winds: at least one such pung or kong), `min_points`
                    (the hand score, before the payments)
    score_at_least  reach a game total of `points` (required) by the end of round `within` (1)
    survive_strict  play `rounds` rounds (1) at the Strict table without a penalty; the level's
                    options must set strict = true
    win_game        finish the game with the highest total (the app handles it too)
"""

from __future__ import annotations

from typing import Any, Mapping

from .specials import SPECIALS
from .state import State

GOAL_KINDS = ("win_hand", "score_at_least", "survive_strict", "win_game")
HOW = ("any", "drawn", "discard", "box", "last")
PUNG_OF = ("dragons", "winds")
SPECIAL_KEYS = tuple(s.key for s in SPECIALS)

# each kind's parameters and their types (bool is checked apart: true is not 1)
PARAMS: dict[str, dict[str, type]] = {
    "win_hand": {"special": str, "by": str, "concealed": bool, "pung_of": str, "min_points": int, "within": int},
    "score_at_least": {"points": int, "within": int},
    "survive_strict": {"rounds": int},
    "win_game": {},
}
REQUIRED = {"score_at_least": ("points",)}
CHOICES = {"special": ("any",) + SPECIAL_KEYS, "by": HOW, "pung_of": PUNG_OF}


def params_of(goal: Any) -> tuple[str, dict]:
    if isinstance(goal, Mapping):
        return str(goal.get("kind", "")), {k: v for k, v in goal.items() if k not in ("kind", "text")}
    return str(getattr(goal, "kind", "")), dict(getattr(goal, "params", None) or {})


def check_goal(goal: Any, options: Mapping | None = None) -> None:
    kind, params = params_of(goal)
    if kind not in PARAMS:
        raise ValueError(f"Mah-Jongg for Kards has no goal kind {kind!r}; it knows {', '.join(GOAL_KINDS)}")
    spec = PARAMS[kind]
    for key, value in params.items():
        if key not in spec:
            raise ValueError(f"{key} is not a parameter of {kind} (its parameters: {', '.join(spec) or 'none'})")
        want = spec[key]
        if isinstance(value, bool) != (want is bool) or not isinstance(value, want):
            what = {int: "a whole number", bool: "true or false", str: "text"}[want]
            raise ValueError(f"{key} must be {what}, not {value!r}")
        if key in CHOICES and value not in CHOICES[key]:
            raise ValueError(f"{key} must be one of {', '.join(CHOICES[key])}, not {value!r}")
        if want is int and value < (0 if key in ("points", "min_points") else 1):
            raise ValueError(f"{key} must be {'0' if key in ('points', 'min_points') else '1'} or more")
    for key in REQUIRED.get(kind, ()):
        if key not in params:
            raise ValueError(f"{key} is required by {kind}")
    if kind == "survive_strict" and options is not None and not options.get("strict"):
        raise ValueError("kind survive_strict needs the Strict table: set strict = true in [options]")


def _wins(st: State, seat: int, within: int) -> list[dict]:
    return [r for r in st.rounds[:within] if r["winner"] == seat]


def _fits(r: dict, p: dict) -> bool:
    special = p.get("special")
    if special == "any" and not r["specials"]:
        return False
    if special not in (None, "any") and special not in r["specials"]:
        return False
    by = p.get("by", "any")
    if by == "drawn" and r["by"] == "discard" or by not in ("any", "drawn") and r["by"] != by:
        return False
    if p.get("concealed") and not r["concealed"]:
        return False
    if p.get("pung_of") and p["pung_of"] not in r["pungs_of"]:
        return False
    return r["hand_score"] >= p.get("min_points", 0)


def goal_met(goal: Any, st: State, seat: int) -> bool | None:
    kind, p = params_of(goal)
    within = p.get("within", 1)
    if kind == "win_hand":
        if any(_fits(r, p) for r in _wins(st, seat, within)):
            return True
    elif kind == "score_at_least":
        totals = [r.get("totals") for r in st.rounds[:within]]
        if any(t is not None and t[seat] >= p["points"] for t in totals):
            return True
    elif kind == "survive_strict":
        if any(s == seat for s, _, _ in st.penalties):
            return False
        if len(st.rounds) >= p.get("rounds", 1):
            return True
        return False if st.finished else None
    elif kind == "win_game":
        return (seat in {s for s in range(4) if st.scores[s] == max(st.scores)}) if st.finished else None
    else:
        return None
    return False if st.finished or len(st.rounds) >= within else None
