"""The end of a round and of the game: Mah-Jongg and the others' last turns (KRD-23), ties,
payments (KRD-13, KRD-14), the Strict table's penalties (KRD-29), seat rotation and game length
(KRD-25 … KRD-27), the final result.
"""

from __future__ import annotations

from fractions import Fraction

from game.core.kit import hands as H
from game.core.kit import win_hand as WH
from game.core.kit.ledger import Ledger
from game.core.kit.seats import BACKWARD, FORWARD, order_from
from game.core.kit.tiles import ALL_KINDS, kind_of, sort_pieces
from game.core.protocol import Event, Result, ScoreLine, Transfer

from . import deal, flow
from .common import counts, ev, meld_views, player, seat_label
from .patterns import holding_counts
from .scoring import WinContext, best_win, quarters, score_holding
from .specials import SPECIALS
from .state import SEATS, State

WIN_PAYMENT = 8


# ----------------------------------------------------------------------------- the end of a round

def win(st: State, seat: int, discard: str | None, events: list[Event]) -> None:
    by_discard = discard is not None
    winning = discard if by_discard else st.drawn
    ctx = flow.context(st, seat, winning, by_discard)
    reading = best_win(counts(st.hands[seat]), meld_views(st, seat), [kind_of(p) for p in st.bonus[seat]], ctx)
    st.winner = seat
    st.win = {"ctx": ctx, "discarder": st.discarder if by_discard else None, "piece": winning,
              "melded": claimed_set(st.hands[seat], len(st.melds[seat]), reading, discard)}
    events.append(ev("mahjongg", {"seat": seat, "hand": tuple(st.hands[seat]),
                                  "by": "discard" if by_discard else "wall",
                                  "piece": winning, "special": reading.special,
                                  "from": st.discarder if by_discard else None}))
    st.after_queue = list(order_from(seat, SEATS, FORWARD, include_start=False))
    st.phase = "after"
    st.drawn = st.drawn_from = None
    next_after(st, events)


def claimed_set(hand: list[str], melds: int, reading, discard: str | None) -> tuple[str, ...]:
    """The cards of the group a claimed winning card completed (scored as melded, KRD-4), in order;
    () for a win from the wall or a special hand (no group of its own)."""
    if discard is None or reading is None or reading.special is not None:
        return ()
    group = next((g for g in reading.groups[melds:] if not g[2]), None)
    return () if group is None else WH.claimed_group(hand, H.Group(group[0], group[1]).kinds, discard)


def shown_hand(st: State, w: int, reading) -> dict:
    """The winner's hand for the results (game.core.kit.win_hand): the concealed sets and the pair
    as the scoring read them, the melds (with the group a claimed winning card completed), the
    flowers and seasons, and the winning card."""
    melded = tuple(st.win.get("melded") or ())
    hand = [p for p in st.hands[w] if p not in melded]
    if reading is None or reading.special is not None:
        groups = [(tuple(sort_pieces(hand)), reading.special if reading is not None else "concealed")]
    else:
        own = [H.Group(shape, kind) for shape, kind, concealed in reading.groups[len(st.melds[w]):] if concealed]
        sets, rest = WH.take_groups(hand, own)
        groups = [(p, "pair" if g.shape == "pair" else "concealed") for p, g in zip(sets, own)]
        groups += [(tuple(rest), "concealed")] if rest else []
    groups += [(m.pieces, "concealed kong" if m.concealed else "melded") for m in st.melds[w]]
    groups += [(melded, "melded")] if melded else []
    return WH.record(w, groups, st.bonus[w], st.win.get("piece"), "flowers and seasons", "winning card")


def next_after(st: State, events: list[Event]) -> None:
    """KRD-23: the other three, in turn order after the winner, one more turn each (no claims, no win)."""
    while st.after_queue:
        s = st.after_queue.pop(0)
        if st.wall.exhausted:
            continue
        st.phase = "after"
        flow.begin_turn(st, s, events, draw=True)
        if st.hands[s]:
            return
    score_round(st, events)


def penalty(st: State, seat: int, points: int, why: str, events: list[Event]) -> None:
    st.scores[seat] -= points
    st.penalties.append((seat, points, why))
    t = Transfer(None, seat, Fraction(-points), why)
    events.append(ev("penalty", {"seat": seat, "points": -points, "why": why, "transfers": (t.to_json(),)}))


def false_declaration(st: State, seat: int, why: str, events: list[Event]) -> None:
    """KRD-29 (Strict table): 300 points off and the round is dealt again without scoring."""
    penalty(st, seat, 300, why, events)
    # the results' line: "A false Mah-Jongg" (str.capitalize would write "mah-jongg")
    events.append(ev("round_end", {
        "hand": st.hand_no, "winner": None, "lines": (ScoreLine(seat, why[:1].upper() + why[1:], -300, "").to_json(),),
        "totals": tuple(str(x) for x in st.scores), "transfers": (Transfer(None, seat, Fraction(-300), why).to_json(),),
        "summary": f"{player(st, seat)} declared {why}: 300 points off, and the round is played again.",
        "unit": "points", "hands": tuple(tuple(h) for h in st.hands)}))
    st.rounds.append({"hand": st.hand_no, "winner": None, "totals": tuple(st.scores),
                      "changes": tuple(-300 if s == seat else 0 for s in range(SEATS))})
    deal.start_round(st, events)


def tie(st: State, events: list[Event]) -> None:
    """The live wall is used up: nobody scores, the seats stay, the round is dealt again."""
    events.append(ev("round_end", {
        "hand": st.hand_no, "winner": None, "lines": (), "totals": tuple(str(x) for x in st.scores),
        "transfers": (), "summary": "The wall ran out with nobody out: the round is played again.",
        "unit": "points", "hands": tuple(tuple(h) for h in st.hands)}))
    st.rounds.append({"hand": st.hand_no, "winner": None, "changes": (0, 0, 0, 0), "totals": tuple(st.scores)})
    deal.start_round(st, events)


def score_round(st: State, events: list[Event]) -> None:
    w = st.winner
    ctx: WinContext = st.win["ctx"]
    ledger = Ledger(SEATS, tuple(st.scores))
    lines: list[ScoreLine] = []
    special = None
    for s in range(SEATS):
        melds = meld_views(st, s)
        bonus = [kind_of(p) for p in st.bonus[s]]
        if s == w:
            r = best_win(counts(st.hands[s]), melds, bonus, ctx)
            special = r.special
            record = _how_won(st, r, ctx)
            shown = shown_hand(st, w, r)
        else:
            r = score_holding(counts(st.hands[s]), melds, bonus, st.seat_wind(s), st.round_wind,
                              st.options["honour_pung_melded"])
        lines += [ScoreLine(s, n, v, why) for n, v, why in r.lines]
        if r.total:
            ledger = ledger.score(s, r.total, "hand score")
    pay = WIN_PAYMENT * (2 if w == st.dealer else 1)                 # KRD-14
    why_pay = "for the Mah-Jongg" + ("" if pay == WIN_PAYMENT else ": 16, as the dealer won")
    for s in range(SEATS):
        if s != w:
            ledger = ledger.pay(s, w, Fraction(pay), why_pay)
    changes = ledger.changes()
    for s in range(SEATS):                   # each seat's round in one line: its hand and the payments
        hand = changes[s] + (pay if s != w else -3 * pay)
        paid = f"received {pay} from each of the others" if s == w else f"paid {pay} to {seat_label(st, w)}"
        lines.append(ScoreLine(s, "This round", changes[s], f"{seat_label(st, s)}: hand score {quarters(hand)}, {paid}"))
    st.scores = list(ledger.totals())
    how = st.win.get("discarder")
    came = (f"on {player(st, how)}'s discard" if how is not None else "with the dealt hand" if ctx.original
            else "with a kong-box card" if ctx.from_box else "drawn from the wall")
    sp = f" with {special.removesuffix(' Mah-Jongg')}" if special else ""     # not "Mah-Jongg with ... Mah-Jongg"
    summary = f"{player(st, w)} went Mah-Jongg{sp}, {came}."
    transfers = tuple(t.to_json() for t in ledger.entries)
    st.rounds.append({"hand": st.hand_no, "winner": w, "changes": tuple(changes), "transfers": ledger.entries,
                      "totals": tuple(st.scores), **record})
    events.append(ev("round_end", {
        "hand": st.hand_no, "winner": w, "special": special, "lines": tuple(l.to_json() for l in lines),
        "totals": tuple(str(x) for x in st.scores), "changes": tuple(str(x) for x in changes),
        "transfers": transfers, "summary": summary, "unit": "points",
        "hands": tuple(tuple(h) for h in st.hands), "win_hand": shown}))
    rotate(st, w, events)


def _how_won(st: State, r, ctx: WinContext) -> dict:
    """What the challenge goals ask about a win (goals.py)."""
    named = {n for n, _, _ in r.lines}
    held = holding_counts(counts(st.hands[st.winner]), meld_views(st, st.winner))
    by = ("discard" if ctx.by_discard else "last" if ctx.last_of_wall else "box" if ctx.from_box
          else "wall" if ctx.winning is not None else "dealt")
    return {"specials": tuple(sp.key for sp in SPECIALS if sp.name in named), "by": by,
            "concealed": not ctx.by_discard and all(m.concealed for m in st.melds[st.winner]),
            "pungs_of": tuple(what for what, kinds in (("dragons", range(31, 34)), ("winds", range(27, 31)))
                              if any(held[k] >= 3 for k in kinds)),
            "hand_score": r.total}


def rotate(st: State, winner: int, events: list[Event]) -> None:
    """KRD-25: seats stay when the dealer won; otherwise the seat winds move on. KRD-26/27: the
    game (or the round wind) ends when the next dealer has dealt already under this wind."""
    if winner != st.dealer:
        direction = BACKWARD if st.options["rotation"] == "literal" else FORWARD
        st.east = (st.east + direction) % SEATS
        if st.dealer in st.held:
            winds = [27 + "ESWN".index(w) for w in st.options["round_wind_order"]]
            if st.options["game_length"] == "extended" and st.round_wind != winds[-1]:
                st.round_wind = winds[winds.index(st.round_wind) + 1]
                st.held = [st.dealer]
                events.append(ev("round_wind", {"round_wind": ALL_KINDS[st.round_wind]}))
            else:
                end_game(st, events)
                return
        else:
            st.held.append(st.dealer)
    deal.start_round(st, events)


def end_game(st: State, events: list[Event]) -> None:
    st.finished = True
    st.phase = "over"
    res = final_result(st)
    events.append(ev("game_end", {"totals": tuple(str(x) for x in res.totals), "winners": res.winners,
                                  "summary": res.summary}))


def final_result(st: State) -> Result:
    best = max(st.scores)
    winners = tuple(s for s in range(SEATS) if st.scores[s] == best)
    lines = []
    for i, r in enumerate(st.rounds):
        for s in range(SEATS):
            lines.append(ScoreLine(s, f"Round {i + 1}", r["changes"][s],
                                   "went Mah-Jongg" if r["winner"] == s else ("tie" if r["winner"] is None else "")))
    for seat, points, why in st.penalties:
        if points != 300:                     # a false Mah-Jongg's 300 is already its round's change
            lines.append(ScoreLine(seat, "Penalty", -points, why))
    for s in range(SEATS):
        lines.append(ScoreLine(s, "Game total", st.scores[s], ""))
    transfers = tuple(t for r in st.rounds for t in r.get("transfers", ()) if t.payer is not None)
    names = [st.names[s] for s in winners]
    summary = f"{' and '.join(names)} {'wins' if len(names) == 1 else 'share the win'} with {quarters(best)} points."
    return Result(True, tuple(st.scores), winners, tuple(lines), summary, "points", transfers)

