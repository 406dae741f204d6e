"""Challenge goals for Cuzzins levels: RULES.goal_met(goal, state, seat) -> True / False / None.

Goal kinds (a level's [goal] table; parameters as further keys):
    win_hands   count = 1: win `count` hands
    win_with    feature (required, one of FEATURES), min_points = 0: win a hand with that feature
    hand_cents  cents (required): come out of one hand at least `cents` ahead (kongs, secrets, looks
                and the win all count)
    win_game    finish the game furthest ahead (also handled by the app)
None = not decided yet; False = the game ended without it. Hands are read from state.history.
"""

from __future__ import annotations

from typing import Any, Mapping

from .scoring import BONUSES, HONOURS

# the bonuses and honours by their scoring names, and how the winning tile came / what the hand held
FEATURES = tuple(BONUSES) + tuple(HONOURS) + ("claimed", "secret", "kong")
GOAL_KINDS = ("win_hands", "win_with", "hand_cents", "win_game")
PARAMS: dict[str, dict[str, type]] = {
    "win_hands": {"count": int},
    "win_with": {"feature": str, "min_points": int},
    "hand_cents": {"cents": int},
    "win_game": {},
}
REQUIRED = {"win_with": ("feature",), "hand_cents": ("cents",)}


def _params(goal: Any) -> dict:
    if isinstance(goal, Mapping):
        return {k: v for k, v in goal.items() if k not in ("text", "kind")}
    return dict(getattr(goal, "params", None) or {})


def _kind(goal: Any) -> Any:
    return goal.get("kind") if isinstance(goal, Mapping) else getattr(goal, "kind", None)


def check_goal(goal: Any) -> None:
    """Raise ValueError (starting with the parameter's name) for a goal this game can't judge."""
    kind = _kind(goal)
    if kind not in GOAL_KINDS:
        raise ValueError(f"kind {kind!r} is not a Cuzzins goal; use one of {', '.join(GOAL_KINDS)}")
    params = _params(goal)
    spec = PARAMS[kind]
    for key, value in params.items():
        if key not in spec:
            raise ValueError(f"{key} is not a parameter of {kind} (its parameters: {', '.join(spec) or 'none'})")
        want = spec[key]
        if isinstance(value, bool) or not isinstance(value, want):
            raise ValueError(f"{key} must be {'a whole number' if want is int else 'text'}, not {value!r}")
    for key in REQUIRED.get(kind, ()):
        if key not in params:
            raise ValueError(f"{key} is required for {kind}")
    if kind == "win_with" and params["feature"] not in FEATURES:
        raise ValueError(f"feature must be one of {', '.join(FEATURES)}, not {params['feature']!r}")
    if params.get("count", 1) < 1:
        raise ValueError("count must be at least 1")


def goal_met(goal: Any, state, seat: int) -> bool | None:
    kind, p = _kind(goal), _params(goal)
    won = [h for h in state.history if h["winner"] == seat]
    if kind == "win_hands" and len(won) >= p.get("count", 1):
        return True
    if kind == "win_with" and any(p["feature"] in h["features"] and h["total"] >= p.get("min_points", 0)
                                  for h in won):
        return True
    if kind == "hand_cents" and any(h["cents"][seat] >= p["cents"] for h in state.history):
        return True
    if kind == "win_game" and state.finished:
        totals = state.ledger.totals()
        return totals[seat] == max(totals)
    return False if state.finished else None
