"""What one seat may see: its own concealed tiles and the tile it drew, its own secrets and the
ones it paid to see; for everyone the melds, flowers, discards, hand sizes, dice and cents; never
another hand or the order of the wall. A spectator (None, or the CHANCE seat) sees the public part."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.kit.tiles import kind_of
from game.core.protocol import ScoreLine

from .flow import to_act
from .tiles import SEATS, code, wind_name


@dataclass(frozen=True)
class MeldView:
    shape: str                     # chow / pung / kong
    tiles: tuple[str, ...]         # piece ids
    taken: str                     # the claimed piece
    source: int                    # who threw it


@dataclass(frozen=True)
class CuzView:
    seat: int | None
    hand: tuple[str, ...]                          # own concealed piece ids, sorted; () for a spectator
    drawn: str | None                              # own tile drawn this turn
    hand_sizes: tuple[int, ...]
    melds: tuple[tuple[MeldView, ...], ...]
    secrets: tuple[tuple[str | None, ...], ...]    # per seat, each secret's kind if this seat may see it
    flowers: tuple[tuple[str, ...], ...]
    discards: tuple[tuple[str, ...], ...]
    discard: str | None                            # the discard a claim window is open on
    discarder: int | None
    my_answer: str | None                          # this seat's sealed answer to the open window
    phase: str
    turn: int
    to_act: tuple[int, ...]
    dealer: int | None
    winds: tuple[str, ...]                         # each seat's wind this hand ("" before a dealer)
    throws: tuple[tuple[int, int, int], ...]       # (seat, a, b) throws for the first deal
    dice: tuple[int, int] | None                   # the wall-opening throw
    double_dice: bool
    mano: int | None
    wall_left: int
    loose_left: int
    hand_no: int                                   # 1-based
    hands_total: int
    cents: tuple[int, ...]                         # running ledger totals
    hand_cents: tuple[int, ...]                    # this hand's payments so far (kongs, secrets, looks)
    first_turn: bool
    dead: tuple[bool, ...]                         # Strict table: dead hands (public)
    options: tuple[tuple[str, object], ...]
    last_lines: tuple[ScoreLine, ...]
    last_summary: str
    finished: bool

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.seat in self.to_act


def make_view(s, seat: int | None) -> CuzView:
    me = seat if seat is not None and 0 <= seat < SEATS else None
    my_answer = None
    if me is not None:
        my_answer = next((a.kind for p, a in s.answers if p == me), None)
    return CuzView(
        seat=me,
        hand=tuple(s.hands[me]) if me is not None else (),
        drawn=s.drawn if me is not None and me == s.turn and s.phase == "discard" else None,
        hand_sizes=tuple(len(h) for h in s.hands),
        melds=tuple(tuple(MeldView(m.shape, m.pieces, m.taken, m.source) for m in ms) for ms in s.melds),
        secrets=tuple(tuple(code(x.kind) if me is not None and (p == me or me in x.seen_by) else None
                            for x in s.secrets[p]) for p in range(SEATS)),
        flowers=tuple(tuple(f) for f in s.flowers),
        discards=tuple(tuple(d) for d in s.discards),
        discard=s.discard, discarder=s.discarder, my_answer=my_answer,
        phase=s.phase, turn=s.turn, to_act=to_act(s), dealer=s.dealer,
        winds=tuple(wind_name(p, s.dealer) if s.dealer is not None else "" for p in range(SEATS)),
        throws=s.throws, dice=s.dice, double_dice=s.dice is not None and s.dice[0] == s.dice[1], mano=s.mano,
        wall_left=s.wall.remaining if s.wall is not None else 0,
        loose_left=len(s.wall.box) if s.wall is not None else 0,
        hand_no=min(s.hand_no + 1, s.options["hands"]), hands_total=s.options["hands"],
        cents=tuple(s.ledger.totals()), hand_cents=tuple(s.hand_ledger.changes()),
        first_turn=s.first_turn, dead=s.dead,
        options=tuple(sorted(s.options.items())),
        last_lines=s.last_lines, last_summary=s.last_summary, finished=s.phase == "over")


def visible_counts(v: CuzView) -> tuple[int, ...]:
    """34 counts of the suit tiles this seat sees outside its own hand (bots' unseen counts)."""
    c = [0] * 34
    for ds in v.discards:
        for p in ds:
            c[kind_of(p)] += 1
    for ms in v.melds:
        for m in ms:
            for p in m.tiles:
                c[kind_of(p)] += 1
    for xs in v.secrets:
        for x in xs:
            if x is not None:
                from .tiles import CODE_KIND
                c[CODE_KIND[x]] += 4
    return tuple(c)
