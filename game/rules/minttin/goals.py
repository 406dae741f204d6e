"""Challenge goals for Mint Tin levels: RULES.goal_met(goal, state, seat) -> True / False / None.

Goal kinds (a level's [goal] table; parameters as further keys):
    win_rounds   count = 1; before_opponent = false: win `count` rounds (if before_opponent, before the
                 opponent wins any round: in solo, before its five pungs)
    win_with     feature = kong | quint | one_suit | three_suits | epic | concealed | joker | double |
                 double_taken; min_points = 0: win one round whose hand has that feature
    score_round  points: win a single round worth at least `points`
    win_game     win the game (also handled generically by the app)
None = not decided yet; False = the game ended (or the condition failed) without it.
"""

from __future__ import annotations

from typing import Any, Mapping

from .state import State

FEATURES = ("kong", "quint", "one_suit", "three_suits", "epic", "concealed", "joker", "double", "double_taken")
GOAL_KINDS = ("win_rounds", "win_with", "score_round", "win_game")


def param(goal: Any, key: str, default: Any = None) -> Any:
    """A goal parameter from a mapping, a `params` mapping or an attribute."""
    if isinstance(goal, Mapping):
        return goal.get(key, default)
    params = getattr(goal, "params", None)
    if isinstance(params, Mapping) and key in params:
        return params[key]
    return getattr(goal, key, default)


# the parameters each kind takes, with their types (bool is checked before int: true is not 1)
PARAMS: dict[str, dict[str, type]] = {
    "win_rounds": {"count": int, "before_opponent": bool},
    "win_with": {"feature": str, "min_points": int},
    "score_round": {"points": int},
    "win_game": {},
}
REQUIRED = {"win_with": ("feature",), "score_round": ("points",)}


def check_goal(goal: Any) -> None:
    """Raise ValueError (naming the parameter) when a goal is not one this game understands."""
    kind = param(goal, "kind")
    if kind not in GOAL_KINDS:
        raise ValueError(f"unknown Mint Tin goal kind {kind!r}; use one of {', '.join(GOAL_KINDS)}")
    params = dict(getattr(goal, "params", None) or {})
    if isinstance(goal, Mapping):
        params = {k: v for k, v in goal.items() if k not in ("text", "kind")}
    spec = PARAMS[kind]
    for key, value in params.items():
        if key not in spec:
            known = ", ".join(spec) or "none"
            raise ValueError(f"{key} is not a parameter of {kind} (its parameters: {known})")
        want = spec[key]
        if isinstance(value, bool) != (want is bool) or not isinstance(value, want):
            what = {int: "a whole number", bool: "true or false", str: "text"}[want]
            raise ValueError(f"{key} must be {what}, not {value!r}")
    for key in REQUIRED.get(kind, ()):
        if key not in params:
            raise ValueError(f"{kind} needs {key}")
    if kind == "win_with" and params["feature"] not in FEATURES:
        raise ValueError(f"feature must be one of {', '.join(FEATURES)}, not {params['feature']!r}")


def goal_met(goal: Any, st: State, seat: int) -> bool | None:
    kind = param(goal, "kind")
    wins = [r for r in st.history if r["winner"] == seat]
    if kind == "win_rounds":
        count = int(param(goal, "count", 1))
        if param(goal, "before_opponent", False):
            lost = next((i for i, r in enumerate(st.history)
                         if r["winner"] is not None and r["winner"] != seat), None)
            if lost is not None:
                return len([r for r in st.history[:lost] if r["winner"] == seat]) >= count
        if len(wins) >= count:
            return True
    elif kind == "win_with":
        feature = param(goal, "feature")
        least = int(param(goal, "min_points", 0))
        if any(feature in r["features"] and r["points"] >= least for r in wins):
            return True
    elif kind == "score_round":
        if any(r["points"] >= int(param(goal, "points", 1)) for r in wins):
            return True
    elif kind == "win_game":
        if st.over:
            return seat in st.winners
        return None
    else:
        return None
    return False if st.over else None
