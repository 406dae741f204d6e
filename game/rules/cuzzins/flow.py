"""How a Cuzzins game moves: dice, the deal and flowers, turns, claims, secrets, the end of a hand.

Every function here works on a state that `apply` has already copied, and appends the events
it causes. Legal moves are listed by `legal_actions`; `apply` refuses anything else.
"""

from __future__ import annotations

from game.core.words import says

from fractions import Fraction

from game.core.kit.claims import Claim, nearest_after, resolve
from game.core.kit import win_hand as WH
from game.core.kit.hands import Group
from game.core.kit.ledger import Ledger
from game.core.kit.tiles import kind_of, rank_of, sort_pieces
from game.core.kit.wall import CUZZINS_BOX, Wall
from game.core.protocol import CHANCE, Action, Event, IllegalAction, ScoreLine, Transfer
from game.core.rng import GameRng

from . import scoring
from .actions import CODEC, Chow, DeclareSecret, Dice, Discard, Kong, Mahjongg, PaySee, Pass, Pong
from .deal import fixed_row
from .hands import is_winning
from .state import Meld, Secret, State
from .tiles import CODE_KIND, PIECES, SEAT_NAMES, SEATS, code, is_flower

DICE = tuple(Dice(a, b) for a in range(1, 7) for b in range(1, 7))
CLAIM_RANK = {"mahjongg": 3, "kong": 2, "pong": 2, "chow": 1}      # CUZ-20
CLAIM_WORDS = {"mahjongg": "to win", "kong": "for a kong", "pong": "for a pong", "chow": "for a chow"}


def name(seat: int) -> str:
    return SEAT_NAMES[seat]


def pay_event(state: State, kind: str, transfers: list[Transfer], data: dict) -> Event:
    for t in transfers:
        state.ledger = state.ledger.pay(t.payer, t.payee, t.amount, t.why)
        state.hand_ledger = state.hand_ledger.pay(t.payer, t.payee, t.amount, t.why)
    return Event(kind, {**data, "transfers": [t.to_json() for t in transfers]})


# --------------------------------------------------------------------------- legal moves

def chance_outcomes(state: State) -> list[tuple[Action, Fraction]]:
    return [(d, Fraction(1, 36)) for d in DICE]


def to_act(state: State) -> tuple[int, ...]:
    if state.phase in ("seat_dice", "open_dice"):
        return (CHANCE,)
    if state.phase == "discard":
        return (state.turn,)
    if state.phase == "claims":
        answered = {s for s, _ in state.answers}
        return tuple(s for s in nearest_after(state.discarder) if s not in answered)
    return ()


def see_actions(state: State, seat: int) -> list[Action]:
    """CUZ-18: any declared secret of another player this seat has not paid to see yet."""
    if state.phase not in ("discard", "claims") or not 0 <= seat < SEATS:
        return []
    return [PaySee(t, i) for t in range(SEATS) if t != seat
            for i, x in enumerate(state.secrets[t]) if seat not in x.seen_by]


def _strict(state: State) -> bool:
    return state.options["strict"]


def turn_actions(state: State, seat: int) -> list[Action]:
    """Assisted table: Mahjongg only with a complete hand. Strict table (CUZ-21): the call is the
    player's own and is offered whenever he has drawn; a dead hand can't call or declare."""
    counts = state.counts(seat)
    out: list[Action] = []
    dead = state.dead[seat]
    if (state.drawn is not None or state.first_turn) and not dead and (
            _strict(state) or is_winning(counts, state.fixed(seat))):
        out.append(Mahjongg())
    if not dead:
        out += [DeclareSecret(code(k)) for k in range(27) if counts[k] == 4]
    out += [Discard(code(k)) for k in range(27) if counts[k]]
    return out


def claim_actions(state: State, seat: int) -> list[Action]:
    """What `seat` may answer to the open discard: Pass always, and every claim it can make."""
    k = kind_of(state.discard)
    counts = state.counts(seat)
    out: list[Action] = [Pass()]
    if state.dead[seat]:
        return out                                                  # CUZ-21: a dead hand can't claim
    plus = counts[:k] + (counts[k] + 1,) + counts[k + 1:]
    if _strict(state) or is_winning(plus, state.fixed(seat)):
        out.append(Mahjongg())
    if counts[k] >= 3 and state.wall.box:
        out.append(Kong())
    if counts[k] >= 2:
        out.append(Pong())
    if seat == (state.discarder + 1) % SEATS:                       # the next player only (4.3)
        for low in (k - 2, k - 1, k):
            if low // 9 == k // 9 and 0 <= low % 9 <= 6 and all(
                    counts[x] for x in (low, low + 1, low + 2) if x != k):
                out.append(Chow(code(low)))
    return out


def legal_actions(state: State, seat: int) -> list[Action]:
    if state.phase in ("seat_dice", "open_dice"):
        return list(DICE) if seat == CHANCE else []
    out: list[Action] = []
    if seat in to_act(state):
        out = turn_actions(state, seat) if state.phase == "discard" else claim_actions(state, seat)
    return out + see_actions(state, seat)


# --------------------------------------------------------------------------- apply

def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    CODEC.check(action)
    if action not in legal_actions(state, seat):
        raise IllegalAction(_refusal(state, seat, action))
    s = state.copy()
    events: list[Event] = []
    if isinstance(action, Dice):
        _dice(s, action, events)
    elif isinstance(action, PaySee):
        _pay_to_see(s, seat, action, events)
    elif s.phase == "discard":
        if isinstance(action, Discard):
            _discard(s, seat, action, events)
        elif isinstance(action, DeclareSecret):
            _declare_secret(s, seat, action, events)
        elif _strict(s) and not is_winning(s.counts(seat), s.fixed(seat)):
            _go_dead(s, seat, events)
        else:
            _win(s, seat, None, events)
    else:
        _answer(s, seat, action, events)
    return s, events


def _refusal(state: State, seat: int, action: Action) -> str:
    if state.phase == "over":
        return "The game is over."
    if isinstance(action, PaySee):
        return "There is no secret there you can pay to see."
    if seat not in to_act(state):
        return "It is not your turn to act."
    if state.phase == "discard":
        if isinstance(action, Discard):
            return f"You have no {action.tile} to discard."
        if isinstance(action, DeclareSecret):
            return f"You don't hold four {action.tile} hidden in your hand."
        if isinstance(action, Mahjongg):
            return "Your hand is not complete."
        return "On your turn you discard, declare a secret or go out."
    if isinstance(action, Chow):
        return "Only the next player may chow, and only with the two other tiles of the run in hand."
    if isinstance(action, (Pong, Kong)):
        return "You don't hold enough of that tile to claim it that way."
    if isinstance(action, Mahjongg):
        return "That discard does not complete your hand."
    return "Answer the discard: claim it or pass."


# --------------------------------------------------------------------------- dice and the deal

def apply_dice(s: State, d: Dice) -> list[Event]:
    """A throw applied to a fresh state in place (new_game, for a fixed deal's wall-opening throw)."""
    events: list[Event] = []
    _dice(s, d, events)
    return events


def _dice(s: State, d: Dice, events: list[Event]) -> None:
    if s.phase == "seat_dice":
        seat = s.throw_queue[0]
        s.throws += ((seat, d.d1, d.d2),)
        s.round_throws += ((seat, d.d1 + d.d2),)
        s.throw_queue = s.throw_queue[1:]
        events.append(Event("dice", {"purpose": "dealer", "seat": seat, "dice": [d.d1, d.d2]}))
        if not s.throw_queue:
            high = max(t for _, t in s.round_throws)
            top = tuple(p for p, t in s.round_throws if t == high)
            if len(top) > 1:                               # CUZ-23: the tied high throws again
                s.throw_queue, s.round_throws = top, ()
                events.append(Event("dice_tie", {"seats": list(top), "total": high}))
            else:
                s.dealer, s.round_throws = top[0], ()
                s.phase = "open_dice"
                events.append(Event("dealer", {"seat": top[0], "total": high}))
        return
    # the dealer's throw that opens the wall (1.9): counted from the dealer in turn order
    total = d.d1 + d.d2
    s.dice = (d.d1, d.d2)
    s.mano = (s.dealer + total - 1) % SEATS
    events.append(Event("dice", {"purpose": "open", "seat": s.dealer, "dice": [d.d1, d.d2], "mano": s.mano,
                                 "double": d.d1 == d.d2}))
    _deal(s, events)


def _deal(s: State, events: list[Event]) -> None:
    if s.fixed_deal is not None and s.hand_no == 0:
        tiles = fixed_row(s.fixed_deal, s.dealer, s.seed)
    else:
        tiles = list(PIECES)
        GameRng(f"{s.seed}:wall:{s.hand_no}").shuffle(tiles)    # building and breaking the wall = a shuffle
    wall = Wall.build(tiles, CUZZINS_BOX)
    order = [(s.dealer + i) % SEATS for i in range(SEATS)]
    for rnd in range(2):                                     # two rounds of eight; the dealer's extra last
        for seat in order:
            got, wall = wall.deal(8 + (1 if rnd == 1 and seat == s.dealer else 0))
            s.hands[seat] += got
    s.wall = wall
    s.dealt_last = s.hands[s.dealer][-1]
    for seat in order:
        events.append(Event("dealt", {"seat": seat, "tiles": sort_pieces(s.hands[seat])}, frozenset({seat}),
                            {"seat": seat, "count": len(s.hands[seat])}))
    while any(is_flower(p) for h in s.hands for p in h):      # 2.9: rounds of flowers from the dealer on
        for seat in order:
            for p in [p for p in s.hands[seat] if is_flower(p)]:
                s.hands[seat].remove(p)
                s.flowers[seat].append(p)
                events.append(Event("flower", {"seat": seat, "tile": p}))
                got = _loose(s, seat, events, replace_flowers=False)
                if seat == s.dealer:
                    s.dealt_last = got
    for seat in range(SEATS):
        s.sort_hand(seat)
    s.phase, s.turn, s.first_turn = "discard", s.dealer, True
    s.drawn = s.drawn_how = None
    s.after_kong = False


def _loose(s: State, seat: int, events: list[Event], replace_flowers: bool = True,
           after_kong: bool = False) -> str | None:
    """Take loose tiles (CUZ-16) until a suit tile arrives; None when none are left."""
    while s.wall.box:
        t, s.wall = s.wall.replacement()
        s.hands[seat].append(t)
        events.append(Event("drew", {"seat": seat, "tile": t, "from": "loose"}, frozenset({seat}),
                            {"seat": seat, "from": "loose"}))
        if not (replace_flowers and is_flower(t)):
            s.drawn, s.drawn_how, s.after_kong = t, "loose", after_kong
            return t
        s.hands[seat].remove(t)
        s.flowers[seat].append(t)
        events.append(Event("flower", {"seat": seat, "tile": t}))
    return None


def _draw(s: State, seat: int, events: list[Event]) -> bool:
    """A normal draw (3.3, 3.5); False when the wall has run out (CUZ-15)."""
    if s.wall.exhausted:
        return False
    t, s.wall = s.wall.draw()
    s.hands[seat].append(t)
    events.append(Event("drew", {"seat": seat, "tile": t, "from": "wall"}, frozenset({seat}),
                        {"seat": seat, "from": "wall"}))
    if is_flower(t):
        s.hands[seat].remove(t)
        s.flowers[seat].append(t)
        events.append(Event("flower", {"seat": seat, "tile": t}))
        return _loose(s, seat, events) is not None
    s.drawn, s.drawn_how, s.after_kong = t, "wall", False
    return True


def _next_turn(s: State, seat: int, events: list[Event]) -> None:
    """`seat` draws and plays, or the hand is drawn when the wall is out."""
    s.turn, s.discarder, s.answers = seat, None, ()
    s.drawn = s.drawn_how = None
    s.phase = "discard"
    if not _draw(s, seat, events):
        _end_hand(s, events, None)
    else:
        s.sort_hand(seat)


# --------------------------------------------------------------------------- a turn

def _remove_kind(s: State, seat: int, kind: int, n: int = 1) -> list[str]:
    """Take n pieces of `kind` from the hand: the drawn tile first, then the last copies."""
    hand = s.hands[seat]
    mine = [p for p in hand if kind_of(p) == kind]
    if s.drawn in mine and seat == s.turn:
        mine.remove(s.drawn)
        mine.append(s.drawn)
    taken = mine[-n:]
    for p in taken:
        hand.remove(p)
    return taken


def _discard(s: State, seat: int, a: Discard, events: list[Event]) -> None:
    (p,) = _remove_kind(s, seat, CODE_KIND[a.tile])
    s.discards[seat].append(p)
    s.first_turn = False
    s.drawn = s.drawn_how = None
    s.after_kong = False
    s.discarder, s.answers, s.phase = seat, (), "claims"
    s.window += 1
    events.append(Event("discarded", {"seat": seat, "tile": p}))


def _go_dead(s: State, seat: int, events: list[Event]) -> None:
    """CUZ-21 (Strict table): a Mahjongg call on a hand that is not complete kills the hand."""
    dead = list(s.dead)
    dead[seat] = True
    s.dead = tuple(dead)
    events.append(Event("dead_hand", {"seat": seat, "why": f"{name(seat)} called Mahjongg without a complete hand"}))


def _paid_by_others(s: State, seat: int, cents: int, why: str) -> list[Transfer]:
    """A kong or secret payment from every other player (a dead hand can make neither, CUZ-21)."""
    return [Transfer(p, seat, cents, why) for p in range(SEATS) if p != seat]


def _declare_secret(s: State, seat: int, a: DeclareSecret, events: list[Event]) -> None:
    """CUZ-17: the declaration replaces the discard; 10 cents from each other player at once."""
    k = CODE_KIND[a.tile]
    pieces = tuple(sort_pieces(_remove_kind(s, seat, k, 4)))
    s.secrets[seat].append(Secret(k, pieces))
    s.first_turn = False
    pays = _paid_by_others(s, seat, scoring.SECRET_CENTS, "a secret")
    events.append(Event("secret_tiles", {"seat": seat, "tile": a.tile}, frozenset({seat}), None))
    events.append(pay_event(s, "secret", pays, {"seat": seat, "index": len(s.secrets[seat]) - 1}))
    _next_turn(s, (seat + 1) % SEATS, events)


def _pay_to_see(s: State, seat: int, a: PaySee, events: list[Event]) -> None:
    x = s.secrets[a.target][a.secret]
    s.secrets[a.target][a.secret] = Secret(x.kind, x.pieces, x.seen_by | {seat})
    t = Transfer(seat, a.target, scoring.SEE_CENTS, "paid to see a secret")
    events.append(Event("seen", {"seat": seat, "target": a.target, "index": a.secret, "tile": code(x.kind)},
                        frozenset({seat}), None))
    events.append(pay_event(s, "paid_to_see", [t], {"seat": seat, "target": a.target, "index": a.secret}))


# --------------------------------------------------------------------------- the claim window

def _answer(s: State, seat: int, a: Action, events: list[Event]) -> None:
    s.answers += ((seat, a),)
    events.append(Event("answered", {"seat": seat, "answer": a.kind}, frozenset({seat}), None))
    if not to_act(s):
        _resolve(s, events)


def _resolve(s: State, events: list[Event]) -> None:
    discarder, piece = s.discarder, s.discard
    claims = []
    k = kind_of(piece)
    for seat, a in s.answers:
        if isinstance(a, Mahjongg) and _strict(s):
            c = s.counts(seat)
            if not is_winning(c[:k] + (c[k] + 1,) + c[k + 1:], s.fixed(seat)):
                _go_dead(s, seat, events)                        # a false call on a discard
                continue
        if a.kind != "pass" and a in claim_actions(s, seat):     # still possible (always, in play)
            claims.append(Claim(seat, CLAIM_RANK[a.kind], a))
    best = resolve(claims, nearest_after(discarder))
    data = {"discarder": discarder, "tile": piece, "taker": None, "claim": None, "why": "nobody claimed it"}
    if best is None:
        events.append(Event("claim_resolved", data))
        _next_turn(s, (discarder + 1) % SEATS, events)
        return
    seat, a = best.seat, best.action
    data.update(taker=seat, claim=a.kind, why=f"{name(seat)} takes it {CLAIM_WORDS[a.kind]}")
    events.append(Event("claim_resolved", data))
    s.discards[discarder].pop()
    s.discarder, s.answers = None, ()
    if isinstance(a, Mahjongg):
        s.hands[seat].append(piece)
        s.sort_hand(seat)
        _win(s, seat, (discarder, piece), events)
        return
    s.turn, s.phase, s.drawn, s.drawn_how, s.after_kong = seat, "discard", None, None, False
    if isinstance(a, Chow):
        low = CODE_KIND[a.low]
        mine = [_remove_kind(s, seat, x)[0] for x in (low, low + 1, low + 2) if x != k]
        meld = Meld("chow", low, tuple(sort_pieces(mine + [piece])), piece, discarder)
    elif isinstance(a, Pong):
        meld = Meld("pung", k, tuple(sort_pieces(_remove_kind(s, seat, k, 2) + [piece])), piece, discarder)
    else:
        meld = Meld("kong", k, tuple(sort_pieces(_remove_kind(s, seat, k, 3) + [piece])), piece, discarder)
    s.melds[seat].append(meld)
    events.append(Event("melded", {"seat": seat, "shape": meld.shape, "tiles": list(meld.pieces),
                                   "from": discarder}))
    if meld.shape == "kong":                       # 6.3, 6.4: paid at once, then a loose tile
        pays = _paid_by_others(s, seat, scoring.KONG_CENTS, "a kong")
        events.append(pay_event(s, "kong", pays, {"seat": seat}))
        if _loose(s, seat, events, after_kong=True) is None:
            _end_hand(s, events, None)
            return
    s.sort_hand(seat)


# --------------------------------------------------------------------------- the end of a hand

def win_of(s: State, seat: int, claimed: tuple[int, str] | None) -> scoring.Win:
    if claimed is not None:
        how, tile = "claimed", claimed[1]
    elif s.first_turn and seat == s.dealer:
        how, tile = "original", s.dealt_last
    else:
        how, tile = s.drawn_how, s.drawn
    return scoring.Win(counts=s.counts(seat), melds=tuple(m.group() for m in s.melds[seat]),
                       secrets=tuple(x.group() for x in s.secrets[seat]), tile=kind_of(tile), how=how,
                       after_kong=s.after_kong, flowers=len(s.flowers[seat]),
                       double_dice=s.dice is not None and s.dice[0] == s.dice[1],
                       ones_nines=s.options["ones_nines"], loose_tile_bonus=s.options["loose_tile_bonus"])


def _win(s: State, seat: int, claimed: tuple[int, str] | None, events: list[Event]) -> None:
    win = win_of(s, seat, claimed)
    score = scoring.score_win(win)
    thrower = claimed[0] if claimed else None
    pays = [Transfer(p, seat, cents, f"Mahjongg ({why})")
            for p, cents, why in scoring.payments(score.total, seat, thrower, s.options["thrower_pays_double"])]
    lines = [ScoreLine(seat, st.name, st.value, st.why) for st in score.steps]
    for t in pays:
        lines.append(ScoreLine(t.payer, "Pays", -t.amount, f"to {name(seat)}: {t.why}"))
    # the group a claimed winning tile completed is melded by the claim: the table lays it out
    done = scoring.completed_group(score.read, score.role, win.tile) if claimed else None
    melded = WH.claimed_group(s.hands[seat], done.kinds, claimed[1]) if claimed else ()
    events.append(Event("mahjongg", {"seat": seat, "tiles": sort_pieces(s.hands[seat]), "how": win.how,
                                     "from": thrower, "total": score.total, "melded": list(melded),
                                     "melds": [list(m.pieces) for m in s.melds[seat]],
                                     "secrets": [list(x.pieces) for x in s.secrets[seat]]}))
    wins = list(s.wins)
    wins[seat] += 1
    s.wins = tuple(wins)
    features = list(score.bonuses) + list(score.honours)
    features += (["claimed"] if thrower is not None else []) + (["secret"] if s.secrets[seat] else [])
    features += ["kong"] if any(m.shape == "kong" for m in s.melds[seat]) else []
    s.history += ({"winner": seat, "total": score.total, "features": tuple(features), "how": win.how},)
    summary = f"{says(name(seat), 'wins')} {score.total} points" + (f" on {name(thrower)}'s discard" if thrower is not None
                                                          else "")
    _end_hand(s, events, seat, pays, tuple(lines), summary, shown_hand(s, seat, score.read, claimed, done))


def shown_hand(s: State, seat: int, read, claimed: tuple[int, str] | None, done: Group | None = None) -> dict:
    """The winner's hand for the results (game.core.kit.win_hand): the concealed sets and the back as
    the scoring read them, the sets laid out (with `done`, the set a claimed winning tile completed),
    the secrets, the flowers, and the winning tile."""
    fixed = len(s.melds[seat]) + len(s.secrets[seat])
    if read.syete:
        own = [Group("pair", k) for k in read.pairs] + ([g for g in read.sets if g.concealed] if not fixed else [])
    else:
        own = list(read.sets[:len(read.sets) - fixed]) + [read.back]
    sets, rest = WH.take_groups(s.hands[seat], own)
    groups, back = [], False
    for p, g in zip(sets, own):
        is_back = not back and g.shape == "pair" and g.kind == read.back.kind     # syete pares: one pair is the back
        back = back or is_back
        groups.append((p, "back" if is_back else "pair" if g.shape == "pair" else "laid out" if g is done
                       else "concealed"))
    groups += [(tuple(rest), "concealed")] if rest else []
    groups += [(m.pieces, "laid out") for m in s.melds[seat]] + [(x.pieces, "secret") for x in s.secrets[seat]]
    if claimed is not None:
        tile = claimed[1]
    else:
        tile = s.dealt_last if s.first_turn and seat == s.dealer else s.drawn
    return WH.record(seat, groups, s.flowers[seat], tile, "flowers", "winning tile")


def _end_hand(s: State, events: list[Event], winner: int | None, pays: list[Transfer] = (),
              lines: tuple[ScoreLine, ...] = (), summary: str = "", shown: dict | None = None) -> None:
    cents = list(s.hand_ledger.changes())
    for t in pays:
        s.ledger = s.ledger.pay(t.payer, t.payee, t.amount, t.why)
        cents[t.payer] -= t.amount
        cents[t.payee] += t.amount
    if winner is None:
        s.history += ({"winner": None, "total": 0, "features": (), "how": None},)
    s.history = s.history[:-1] + ({**s.history[-1], "cents": tuple(cents)},)
    if winner is None:                              # CUZ-15: no win payments; the dealer deals again
        summary = "The wall ran out: a drawn hand, nobody pays"
    s.last_lines, s.last_summary = lines, summary
    events.append(Event("round_end", {"lines": [l.to_json() for l in lines], "totals": list(s.ledger.totals()),
                                      "summary": summary, "unit": "cents",
                                      "transfers": [t.to_json() for t in pays], "winner": winner,
                                      "hand": s.hand_no + 1, "changes": list(cents), "win_hand": shown}))
    s.hand_no += 1
    s.dealer = winner if winner is not None else s.dealer      # 7.6 / CUZ-15
    s.wall, s.dice, s.mano = None, None, None
    s.hands, s.melds, s.secrets = [[] for _ in range(SEATS)], [[] for _ in range(SEATS)], [[] for _ in range(SEATS)]
    s.flowers, s.discards = [[] for _ in range(SEATS)], [[] for _ in range(SEATS)]
    s.drawn = s.drawn_how = s.dealt_last = None
    s.after_kong = s.first_turn = False
    s.discarder, s.answers = None, ()
    s.dead = (False,) * SEATS
    s.hand_ledger = Ledger(SEATS)
    s.phase = "over" if s.hand_no >= s.options["hands"] else "open_dice"
    s.turn = s.dealer
