"""Challenge goals for Mahjong Rummy levels: `goal_met(goal, state, seat) -> True / False / None (undecided)`.

Goal kinds (level file `[goal] kind = ...`, further keys are parameters):
  clear_hand            play every tile from your hand on your first turn (table puzzles)
  go_out_first          be the player who empties his hand in round `round` (default 1)
  open_within           open your hand within your first `turns` turns of round `round` (default 1)
  round_score_at_least  score at least `points` in round `round` (default 1)
  top_round_score       have the best (possibly shared) score of round `round` (default 1)
  win_game              finish the game with the highest total (a shared top counts)
"""

from __future__ import annotations

from typing import Any, Mapping

GOAL_KINDS = ("clear_hand", "go_out_first", "open_within", "round_score_at_least", "top_round_score", "win_game")


def _kind_params(goal: Any) -> tuple[str, dict]:
    if isinstance(goal, Mapping):
        return str(goal.get("kind", "")), dict(goal)
    params: dict = {}
    for attr in ("params", "data", "extra", "args"):
        v = getattr(goal, attr, None)
        if isinstance(v, Mapping):
            params.update(v)
    if hasattr(goal, "__dict__"):
        params.update({k: v for k, v in vars(goal).items() if not k.startswith("_")})
    return str(getattr(goal, "kind", params.get("kind", ""))), params


# the whole-number parameters each kind takes (all optional)
PARAMS = {"clear_hand": (), "go_out_first": ("round",), "open_within": ("round", "turns"),
          "round_score_at_least": ("round", "points"), "top_round_score": ("round",), "win_game": ()}


def check_goal(goal: Any, options: Mapping | None = None) -> None:
    """Raise ValueError (naming the parameter) when a level's goal is not one Mahjong Rummy knows,
    or (given the level's resolved options) asks about a round the game never plays."""
    kind, params = _kind_params(goal)
    if kind not in PARAMS:
        raise ValueError(f"Mahjong Rummy has no goal kind {kind!r}; it knows {', '.join(GOAL_KINDS)}")
    for key in params:
        if key in ("kind", "text", "params"):
            continue
        if key not in PARAMS[kind]:
            known = ", ".join(PARAMS[kind]) or "none"
            raise ValueError(f"{key} is not a parameter of {kind} (its parameters: {known})")
        _int(params, key, 0)
        if params[key] < (0 if key == "points" else 1):
            raise ValueError(f"goal parameter {key} must be {'0' if key == 'points' else '1'} or more")
    rounds = (options or {}).get("rounds")
    if "round" in params and isinstance(rounds, int) and params["round"] > rounds:
        raise ValueError(f"goal parameter round is {params['round']}, but this game plays only {rounds} rounds")


def _int(params: Mapping, key: str, default: int) -> int:
    v = params.get(key, default)
    if isinstance(v, bool) or not isinstance(v, int):
        raise ValueError(f"goal parameter {key} must be a whole number, not {v!r}")
    return v


def goal_met(goal: Any, state, seat: int) -> bool | None:
    kind, params = _kind_params(goal)
    if kind == "clear_hand":
        mine = [h for h in state.history if h[1] == seat]
        if not mine:
            return None
        return mine[0][2] == "play" and mine[0][3] == 0
    if kind == "go_out_first":
        r = _int(params, "round", 1) - 1
        if len(state.went_out) > r:
            return state.went_out[r] == seat
        return False if state.finished else None
    if kind == "open_within":
        r = _int(params, "round", 1) - 1
        n = _int(params, "turns", 3)
        mine = [h for h in state.history if h[1] == seat and h[0] == r]
        if any(h[4] for h in mine[:n]):
            return True
        if len(mine) >= n or len(state.round_scores) > r or state.finished:
            return False
        return None
    if kind in ("round_score_at_least", "top_round_score"):
        r = _int(params, "round", 1) - 1
        if len(state.round_scores) <= r:
            return False if state.finished else None
        scores = state.round_scores[r]
        if kind == "top_round_score":
            return scores[seat] == max(scores)
        return scores[seat] >= _int(params, "points", 0)
    if kind == "win_game":
        if not state.finished:
            return None
        return state.scores[seat] == max(state.scores)
    raise ValueError(f"Mahjong Rummy has no goal kind {kind!r}; it knows {', '.join(GOAL_KINDS)}")
