"""Helpers for the Cuzzins tests: a table set up tile by tile, and short ways to play on it."""

from __future__ import annotations

from game.core.kit.tiles import PieceAllocator, sort_pieces
from game.core.kit.wall import CUZZINS_BOX, Wall
from game.core.protocol import CHANCE, SeatConfig, Setup
from game.rules.cuzzins import RULES
from game.rules.cuzzins.state import Meld, Secret, State
from game.rules.cuzzins.tiles import CODE_KIND


def setup(seed: int = 1, **options) -> Setup:
    return Setup("cuzzins", tuple(SeatConfig("human", name=f"P{i}") for i in range(4)), options, seed)


def tiles(text: str) -> list[str]:
    return text.split()


def table(hands: dict[int, str], *, turn: int = 0, dealer: int = 0, live: str = "", box: str = "",
          melds: dict[int, list[tuple[str, str, int]]] | None = None, secrets: dict[int, list[str]] | None = None,
          flowers: dict[int, str] | None = None, drawn: str | None = None, drawn_how: str | None = "wall",
          dice: tuple[int, int] = (1, 2), first_turn: bool = False,
          **options) -> State:
    """A hand in its discard phase: `turn` holds the hand given (a drawn tile included).

    hands: seat -> tile kinds ("B1 B1 C3"); melds: seat -> [(shape, "B1 B2 B3", source)];
    secrets: seat -> ["C4", ...] (four of each); flowers: seat -> "WE DR"; live: the next draws in
    order, box: the loose tiles (next first). Every other tile goes to the end of the live wall
    (see `shorten_wall`).
    """
    alloc = PieceAllocator(bonus=True)
    s = State(options=RULES.new_game(setup(**options)).options, seed=1)
    s.hand_no, s.dealer, s.dice, s.mano, s.turn, s.phase = 0, dealer, dice, dealer, turn, "discard"
    s.throws = ()
    for seat, text in hands.items():
        s.hands[seat] = sort_pieces(alloc.take(k) for k in tiles(text))
    for seat, ms in (melds or {}).items():
        for shape, text, source in ms:
            pieces = tuple(alloc.take(k) for k in tiles(text))
            kinds = [CODE_KIND[k] for k in tiles(text)]
            s.melds[seat].append(Meld(shape, min(kinds), pieces, pieces[0], source))
    for seat, ks in (secrets or {}).items():
        for k in ks:
            s.secrets[seat].append(Secret(CODE_KIND[k], tuple(alloc.take(k) for _ in range(4))))
    for seat, text in (flowers or {}).items():
        s.flowers[seat] = [alloc.take(k) for k in tiles(text)]
    front = [alloc.take(k) for k in tiles(live)]
    loose = [alloc.take(k) for k in tiles(box)]
    rest = alloc.rest()
    s.wall = Wall(tuple(front + rest), tuple(loose), CUZZINS_BOX)
    if drawn is not None:
        s.drawn = next(p for p in reversed(s.hands[turn]) if p.startswith(drawn + "#"))
        s.drawn_how = drawn_how
    s.first_turn = first_turn
    if first_turn:
        s.dealt_last = s.hands[dealer][-1]
    return s


def shorten_wall(state: State, n: int) -> State:
    """Keep only the first n live tiles; the rest become seat 3's discards (suit tiles) and flowers."""
    from game.rules.cuzzins.tiles import is_flower
    extra = state.wall.live[n:]
    state.discards[3] += [p for p in extra if not is_flower(p)]
    state.flowers[3] += [p for p in extra if is_flower(p)]
    state.wall = Wall(state.wall.live[:n], state.wall.box, state.wall.rule)
    return state


def play(state: State, *moves):
    """Apply (seat, action) moves in order; returns the final state and every event."""
    events = []
    for seat, action in moves:
        state, ev = RULES.apply(state, seat, action)
        events += ev
    return state, events


def roll_until_dealt(state: State, dice):
    """Play the CHANCE seat's throws from `dice` [(a, b), ...] until someone else must act."""
    from game.rules.cuzzins import Dice
    events = []
    dice = list(dice)
    while RULES.to_act(state) == (CHANCE,):
        state, ev = RULES.apply(state, CHANCE, Dice(*dice.pop(0)))
        events += ev
    return state, events
