"""Ending a round: scores, itemised lines, the round record, the game's end or the next deal."""

from __future__ import annotations

from game.core.protocol import Event, ScoreLine

from . import cards as C
from .analysis import Verdict
from .deal import start_round
from .scoring import DOUBLE_MINIMUM, MISCALL_PENALTY, SPECIALS
from .state import State

_FEATURE_OF_SPECIAL = {n: key for key, (n, _, _) in SPECIALS.items()}


def hand_features(v: Verdict) -> list[str]:
    """The facts about a winning hand that goals look at."""
    out = []
    if any(b.size == 4 for b in v.blocks):
        out.append("kong")
    if any(b.size == 5 for b in v.blocks):
        out.append("quint")
    if v.special:
        out.append(_FEATURE_OF_SPECIAL[v.special])
    for l in v.lines:
        if l.name == "Concealed":
            out.append("concealed")
        if l.name.startswith("Discarded joker"):
            out.append("joker")
    return out


def lines_for(p: int, lines) -> list[ScoreLine]:
    return [ScoreLine(p, l.name, l.points, l.why) for l in lines]


def hand_line(p: int, v: Verdict) -> ScoreLine:
    return ScoreLine(p, "Hand", 0, v.headline())


def _points(n: int) -> str:
    return f"{n} point{'s' if n != 1 else ''}"


def end_round(st: State, events: list[Event], *, outcome: str, winner: int | None, points: int,
              lines: list[ScoreLine], summary: str, verdict: Verdict | None = None,
              features: list[str] | None = None, reveal: list[dict] | None = None) -> None:
    """Score the round, record it, announce it, then end the game or deal the next round."""
    if winner is not None:
        st.scores[winner] += points
    feats = list(features if features is not None else (hand_features(verdict) if verdict else []))
    record = {"round": st.round_no, "outcome": outcome, "winner": winner, "points": points,
              "features": feats, "summary": summary,
              "category": verdict.category if verdict else None,
              "pattern": verdict.pattern if verdict else None,
              "opponent_pungs": len(st.exposures[1]) if st.solo else None,
              "lines": [l.to_json() for l in lines], "reveal": reveal or []}
    st.history = st.history + [record]
    events.append(Event("round_end", {"lines": [l.to_json() for l in lines], "totals": list(st.scores),
                                      "summary": summary, "unit": "points", "round": st.round_no,
                                      "outcome": outcome, "winner": winner, "points": points,
                                      "verdict": verdict.to_json() if verdict else None,
                                      "reveal": reveal or []}))
    epic = "epic" in feats and winner is not None
    target = st.opts["target"]
    if epic or any(s >= target for s in st.scores):
        st.over = True
        st.phase = "over"
        best = winner if epic else max(range(2), key=lambda i: st.scores[i])
        st.winners = (best,) if best < st.seats else ()
        name = st.names[best]
        how = " with an Epic hand" if epic else ""
        text = (f"{name} win{'' if name == 'You' else 's'} the game{how}, "
                f"{st.scores[best]} points to {st.scores[1 - best]}.")
        events.append(Event("game_end", {"winners": list(st.winners), "winner": best, "totals": list(st.scores),
                                         "summary": text}))
        st.history[-1] = {**st.history[-1], "game_summary": text}
        return
    if not st.solo:
        st.dealer = 1 - st.dealer
    start_round(st, events)


def mahjong(st: State, p: int, v: Verdict, events: list[Event]) -> None:
    lines = [hand_line(p, v)] + lines_for(p, v.lines)
    who = st.names[p]
    end_round(st, events, outcome="mahjong", winner=p, points=v.points, lines=lines, verdict=v,
              summary=f"{who} {'go' if who == 'You' else 'goes'} Mahjong: {v.headline()}.",
              reveal=[reveal_hand(st, p)])


def miscall(st: State, p: int, v: Verdict, what: str, events: list[Event]) -> None:
    other = 1 - p
    lines = [ScoreLine(other, "Miscall", MISCALL_PENALTY,
                       f"{st.names[p]} called {what} without a winning hand: {v.reason[:1].lower() + v.reason[1:]}")]
    end_round(st, events, outcome="miscall", winner=other, points=MISCALL_PENALTY, lines=lines, features=[],
              summary=f"Miscalled {what}: {st.names[other]} score{'' if st.names[other] == 'You' else 's'} "
                      f"{MISCALL_PENALTY} points.", reveal=[reveal_hand(st, p)])


def wall_game(st: State, events: list[Event]) -> None:
    lines = [ScoreLine(i, "Wall game", 0, "the deck ran out with no winner") for i in range(2)]
    end_round(st, events, outcome="wall", winner=None, points=0, lines=lines, features=[],
              summary="Wall game: the deck ran out and nobody scores.")


def double_lines(p: int, v: Verdict, why: str) -> tuple[list[ScoreLine], int]:
    """The doubler wins: twice the hand, or 1 when it is worth 0."""
    lines = [hand_line(p, v)] + lines_for(p, v.lines)
    if v.points > 0:
        lines.append(ScoreLine(p, "Double", v.points, why))
        return lines, v.points * 2
    lines.append(ScoreLine(p, "Double minimum", DOUBLE_MINIMUM, "a doubled hand worth 0 earns 1"))
    return lines, DOUBLE_MINIMUM


def reveal_hand(st: State, p: int) -> dict:
    return {"seat": p, "hand": C.sort_cards(st.hands[p]), "exposures": [list(e) for e in st.exposures[p]]}
