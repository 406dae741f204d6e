"""Challenge goals for Martian Mah Jongg levels: `goal_met(goal, state, seat) -> True / False / None`.

Goal kinds (level file `[goal] kind = ...`, further keys are parameters):
  win_hand        go Mah Jongg in hand `hand` (default 1); optional `feature` (see FEATURES) and
                  `min_value` (the winner's hand value, default 0). Decided when that hand ends.
  score_at_least  gain at least `points` in the settlement of hand `hand` (default 1)
  win_game        finish the game with the highest total (a shared top counts)
"""

from __future__ import annotations

from typing import Any, Mapping

from .scoring import hand_gain

GOAL_KINDS = ("win_hand", "score_at_least", "win_game")

# feature -> how a finished hand's record shows it
FEATURES = {
    "solid": lambda r: bool({"Solid colour hand", "Solid colour honour hand"} & set(r["items"])),
    "golden_rooster": lambda r: "Golden Rooster" in r["items"],
    "original": lambda r: "Original hand" in r["items"],
    "all_small_whites": lambda r: bool({"All small whites", "All small opaques"} & set(r["items"])),
    "all_small_opaques": lambda r: "All small opaques" in r["items"],
    "drawn": lambda r: "Winning piece drawn" in r["items"],
    "claim": lambda r: r["how"] == "claimed",
    "as_east": lambda r: r["winner"] == r["east"],
}

PARAMS = {"win_hand": ("hand", "feature", "min_value"), "score_at_least": ("hand", "points"), "win_game": ()}


def _params(goal: Any) -> tuple[str, dict]:
    if isinstance(goal, Mapping):
        return str(goal.get("kind", "")), dict(goal)
    params: dict = {}
    for attr in ("params", "data", "extra", "args"):
        v = getattr(goal, attr, None)
        if isinstance(v, Mapping):
            params.update(v)
    return str(getattr(goal, "kind", params.get("kind", ""))), params


def _int(params: Mapping, key: str, default: int, lo: int) -> int:
    v = params.get(key, default)
    if isinstance(v, bool) or not isinstance(v, int) or v < lo:
        raise ValueError(f"{key} must be a whole number from {lo}, not {v!r}")
    return v


def check_goal(goal: Any, options: Mapping | None = None) -> None:
    """ValueError (starting with the parameter's name) for a goal Martian Mah Jongg can't judge."""
    kind, params = _params(goal)
    if kind not in PARAMS:
        raise ValueError(f"kind: Martian Mah Jongg has no goal kind {kind!r}; it knows {', '.join(GOAL_KINDS)}")
    for key in params:
        if key in ("kind", "text", "params"):
            continue
        if key not in PARAMS[kind]:
            raise ValueError(f"{key} is not a parameter of {kind} (its parameters: {', '.join(PARAMS[kind]) or 'none'})")
    if "hand" in params:
        _int(params, "hand", 1, 1)
    if "min_value" in params:
        _int(params, "min_value", 0, 0)
    if "points" in params:
        _int(params, "points", 0, 0)
    elif kind == "score_at_least":
        raise ValueError("points: score_at_least needs the points to reach")
    if "feature" in params and params["feature"] not in FEATURES:
        raise ValueError(f"feature must be one of {', '.join(FEATURES)}, not {params['feature']!r}")
    if params.get("feature") == "golden_rooster" and options is not None and not options.get("special_hands", True):
        raise ValueError("feature: golden_rooster needs the special_hands option on")


def goal_met(goal: Any, state, seat: int) -> bool | None:
    kind, params = _params(goal)
    if kind == "win_game":
        return state.scores[seat] == max(state.scores) if state.finished else None
    hand = _int(params, "hand", 1, 1)
    record = next((r for r in state.results if r["hand"] == hand), None)
    if record is None:
        started = state.hand_no > hand or state.finished
        return False if started else None
    if kind == "score_at_least":
        return hand_gain(record["transfers"], seat) >= _int(params, "points", 0, 0)
    if kind == "win_hand":
        if record["winner"] != seat:
            return False
        if record["values"][seat] < _int(params, "min_value", 0, 0):
            return False
        feature = params.get("feature")
        return FEATURES[feature](record) if feature else True
    raise ValueError(f"kind: Martian Mah Jongg has no goal kind {kind!r}; it knows {', '.join(GOAL_KINDS)}")
