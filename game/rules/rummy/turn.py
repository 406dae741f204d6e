"""The turn transaction: the Golden Rules and the rulings that bound a play (RUM-2..RUM-11).

A turn that plays tiles is submitted as the whole new table.  `check_turn` compares it with the
table before the turn and returns a `Verdict`: ok or the first broken rule (id, message, which
sets and tiles), every problem found, each new set's validity and owner for live colouring.

Rule ids used in verdicts:
  TILES   the new table does not fit the tiles there are (unknown, doubled, vanished, not yours)
  GR-1    golden rule: a turn that plays must put at least one tile from the hand (RUM-5, RUM-14)
  GR-3    golden rule: every set valid with 3 or more tiles (RUM-7)
  RUM-2   the opening must hold at least two sets from the hand
  RUM-4   borrowing limits; no moving tiles between two other players
  RUM-6   dragons keep their declared values; new dragons need one
  RUM-9   dragon swap
  RUM-10  before opening: only new sets from the hand
(GR-2, "the majority owns the set", never fails: `owners` gives each set's owner by RUM-3/RUM-11.)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import chain
from operator import attrgetter
from typing import Any, Iterable, Mapping, Sequence

from game.core.kit.tiles import spoken

from .sets import _DRAGON_IDS, _PLAIN_CHECKS, check_set, has_two_disjoint_sets, value_options
from .actions import plainly_well_formed
from .table import TableSet, as_set, sort_set
from .tiles import DRAGONS, KIND_INDEX, KINDS, TILE_KIND, DR, kind, name, seat_name
from .views import ShownSet

RULE_TITLES = {
    "TILES": "Tiles on the table",
    "GR-1": "Golden rule: play at least one tile from your hand",
    "GR-2": "Golden rule: the player with most tiles in a set owns it",
    "GR-3": "Golden rule: every set stays valid with 3 or more tiles",
    "RUM-2": "Opening: at least two sets from your hand",
    "RUM-4": "Borrowing and giving",
    "RUM-6": "Dragons keep their values",
    "RUM-9": "Dragon swap",
    "RUM-10": "Before opening",
}


def titled(rule: str, message: str, default: str = "") -> tuple[str, str]:
    """A verdict's rule title and message for a reader: a message that opens with its title's
    lead ("Golden rule:", "Dragon swap:"), which the title already says, drops it."""
    title = RULE_TITLES.get(rule, default)
    lead = (title.split(":")[0] if ":" in title else title) + ": " if title else None
    if lead and message.startswith(lead):
        rest = message[len(lead):]
        message = rest[:1].upper() + rest[1:]
    return title, message


_PRIORITY = {r: i for i, r in enumerate(("RUM-9", "TILES", "GR-1", "RUM-6", "GR-3", "RUM-10", "RUM-2", "RUM-4"))}


@dataclass(frozen=True)
class Problem:
    rule: str
    message: str
    sets: tuple[int, ...] = ()          # indices into the submitted new table (0-based)
    tiles: tuple[str, ...] = ()

    def to_json(self) -> dict:
        return {"rule": self.rule, "message": self.message, "sets": list(self.sets), "tiles": list(self.tiles)}


@dataclass(frozen=True)
class SetStatus:
    ok: bool
    kind: str                            # run / group / winds-same / winds-mixed / "" (invalid or empty)
    reason: str
    owner: int | None                    # who would own it (RUM-3 / RUM-11)
    faces: tuple[str, ...]               # what each tile stands for
    choices: tuple[tuple[tuple[str, str], ...], ...] = ()   # undeclared dragons: possible declarations

    def to_json(self) -> dict:
        return {"ok": self.ok, "kind": self.kind, "reason": self.reason, "owner": self.owner,
                "faces": list(self.faces)}


@dataclass(frozen=True)
class Verdict:
    ok: bool
    rule: str = ""                       # first broken rule ("" when ok)
    message: str = ""
    sets: tuple[int, ...] = ()
    tiles: tuple[str, ...] = ()
    problems: tuple[Problem, ...] = ()
    set_status: tuple[SetStatus, ...] = ()
    owners: tuple[int | None, ...] = ()  # per submitted set (None for an empty one)
    values: Mapping[str, str] = field(default_factory=dict)   # every dragon on the new table
    played: tuple[str, ...] = ()         # hand tiles put on the table (swap naturals included)
    opens: bool = False                  # this turn opens the player's hand
    borrowed: tuple[tuple[int, str], ...] = ()   # (lender seat, tile)
    given: tuple[tuple[int, str], ...] = ()      # (receiving seat, tile)
    to_hand: tuple[str, ...] = ()        # swapped-out dragons that stay in the hand
    swaps: tuple[tuple[str, str], ...] = ()

    def to_json(self) -> dict:
        return {"ok": self.ok, "rule": self.rule, "message": self.message, "sets": list(self.sets),
                "tiles": list(self.tiles), "problems": [p.to_json() for p in self.problems],
                "owners": list(self.owners), "played": list(self.played), "opens": self.opens,
                "borrowed": [list(b) for b in self.borrowed], "given": [list(g) for g in self.given],
                "to_hand": list(self.to_hand), "values": dict(sorted(self.values.items()))}


def _pairs(x: Any) -> dict[str, str]:
    if not x:
        return {}
    if isinstance(x, Mapping):
        return {str(k): str(v) for k, v in x.items()}
    return {str(a): str(b) for a, b in x}


def check_turn(table: Iterable[Any], values: Mapping[str, str], hand: Iterable[str], seat: int, opened: bool,
               new_table: Sequence[Sequence[str]], played: Sequence[str] | None = None,
               new_values: Any = None, swaps: Sequence[Sequence[str]] = ()) -> Verdict:
    """Validate one play transaction.  Works from a state or from the player's own view: it needs only
    the table (sets with owners), the dragons' values, the player's hand and opened flag.

    table      : sets before the turn (TableSet, view sets, or (tiles, owner) pairs)
    values     : declared values of the dragons in play before the turn
    new_table  : the whole table after the turn (sequences of tile ids; empty ones are ignored)
    played     : hand tiles the player says he put down (None/empty = derive)
    new_values : declarations for dragons coming from the hand (mapping or (id, kind) pairs)
    swaps      : (dragon id, natural id) pairs (RUM-9)
    """
    return _check_turn([as_set(s) for s in table], values, hand, seat, opened, new_table, played, new_values, swaps)


# Sets a play leaves as they were are taken as a whole by _check_turn (False: tile by tile, as a test
# compares).
KEEP_SETS = True

# Plays that only extend the table are judged by _extension_verdict (False: always the long way, as a
# test compares).
EXTENSIONS = True

# A verdict reports every set on the table, and most are the same from turn to turn: each SetStatus is
# made once (they are frozen) and shared.
_STATUSES: dict[tuple, SetStatus] = {}


def _status(ok: bool, kind_: str, reason: str, owner: int | None, faces: tuple, choices: tuple) -> SetStatus:
    key = (ok, kind_, reason, owner, faces, choices)
    st = _STATUSES.get(key)
    if st is None:
        if len(_STATUSES) >= 8192:
            _STATUSES.clear()
        st = _STATUSES[key] = SetStatus(ok, kind_, reason, owner, faces, choices)
    return st


def _seen_if_sound(sets: list[tuple], live: list[int]) -> dict[str, int] | None:
    """{tile: its set} for a new table of real tile ids, each once (the usual case, found with set
    operations); None when something is wrong there (the caller then looks tile by tile)."""
    try:
        seen = {t: i for i in live for t in sets[i]}
    except TypeError:                    # something unhashable where a tile id should be
        return None
    if len(seen) != sum([len(sets[i]) for i in live]) or not seen.keys() <= TILE_KIND.keys():
        return None
    return seen


# A set's status depends on its tiles, its owner and its dragons' values only, and most sets stay the
# same tuple from turn to turn: _extension_verdict keeps each valid set's status by the tuple's identity
# (the entry holds the tuple, so the id can't be reused), with the owner and values it was for.
_SET_STATUS: dict[int, tuple] = {}


def _extension_verdict(old: list[Any], values: Mapping[str, str], hand: Sequence[str], p: int, opened: bool,
                       new_table: tuple, played: tuple, new_values: tuple, swaps: tuple) -> Verdict | None:
    """The verdict of an accepted play that keeps every set in play where it was, each as it was or
    with hand tiles (or its swapped-out dragons) put after its own tiles, a swap's natural standing
    where its dragon stood, and new sets after them: what Normal and Easy play.  Only the changed
    sets are looked at tile by tile.  None when the play is not of that shape, or when anything
    is wrong with it (the long way then says what): the verdict is _check_turn's otherwise.
    For plays made of tuples and str only (`plainly_well_formed`)."""
    n_old = len(old)
    if len(new_table) < n_old:
        return None
    in_play = set(chain.from_iterable([s.tiles for s in old]))      # the tiles in play before the turn
    if len(in_play) != sum([len(s.tiles) for s in old]):
        return None
    hand_set = set(hand)
    subs: dict[int, tuple] = {}      # old set index -> its tiles with each swap's natural in its dragon's place
    freed: dict[str, str] = {}
    if swaps:
        if not opened:
            return None
        for d, nat in swaps:
            if (d in freed or nat in in_play or nat not in hand_set or TILE_KIND.get(d, 0) < DR
                    or d not in in_play or nat not in TILE_KIND or nat in freed.values()
                    or KINDS[TILE_KIND[nat]] != values.get(d)):
                return None
            freed[d] = nat
            for i, s in enumerate(old):
                if d in s.tiles:
                    subs[i] = tuple([nat if t == d else t for t in subs.get(i, s.tiles)])
                    break
    nv = dict(new_values) if new_values else {}
    if nv and not all(t in freed for t in nv.keys() & in_play):
        return None                  # a dragon in play given a value again (the long way checks it)
    # one pass over the new table: each set's shape (a set in play as it was or with tiles after its own,
    # or a new set), its dragons' values (RUM-6: those in play keep theirs, the others are declared),
    # its validity and owner (RUM-3: the mover wins a tie) and the tiles given to other players' sets
    added: list[str] = []            # tiles put down from the hand (swap naturals apart), table order
    resolved: dict[str, str] = {}
    owners: list[int] = []
    statuses: list[SetStatus] = []
    given: list[tuple[int, str]] = []
    memo = _SET_STATUS
    for i, s in enumerate(new_table):
        if i < n_old:
            o = subs.get(i) or old[i].tiles
            owner = old[i].owner
            if s is not o and s != o:
                k = len(o)
                if len(s) < k or s[:k] != o:
                    return None
                extra = s[k:]
                added += extra
                if owner != p:
                    if len(extra) >= k:
                        return None  # the mover takes the set over: borrowing (the long way checks it)
                    given += [(owner, t) for t in extra]
        elif not s:
            return None
        else:
            owner = p
            added += s
        if not _DRAGON_IDS.isdisjoint(s):
            for t in s:
                if t not in _DRAGON_IDS:
                    continue
                if t in in_play and t not in freed:
                    was = values.get(t)
                    if not was:
                        return None
                    resolved[t] = was
                else:
                    v = nv.get(t)
                    if v is None:
                        return None
                    v = v.upper()
                    if v not in KIND_INDEX or v in DRAGONS:
                        return None
                    resolved[t] = v
        owners.append(owner)
        got = memo.get(id(s))
        if (got is not None and got[0] is s and got[1] == owner
                and (not got[2] or got[3] == tuple([resolved[d] for d in got[2]]))):
            statuses.append(got[4])
            continue
        chk = check_set(s, resolved)
        if not chk.ok:
            return None
        key = (True, chk.kind, chk.reason, owner, chk.faces, ())
        st = _STATUSES.get(key)
        if st is None:
            st = _status(*key)
        statuses.append(st)
        if len(memo) >= 8192:
            memo.clear()
        dragons = tuple([t for t in s if t in _DRAGON_IDS])
        memo[id(s)] = (s, owner, dragons, tuple([resolved[d] for d in dragons]), st)
    # each put-down tile once, a known tile, from the hand (not a swap's natural) or a freed dragon
    added_set = set(added)
    if (len(added_set) != len(added) or not added_set <= TILE_KIND.keys()
            or not all(t in freed or (t in hand_set and t not in in_play) for t in added)
            or (freed and not added_set.isdisjoint(freed.values()))):
        return None
    played_all = tuple(sorted(added_set.union(freed.values())))
    if not played_all or (played and set(played) != set(played_all)):
        return None
    opens = False
    if not opened:                   # (no swaps here) two sets wholly from the hand open it (RUM-2)
        if sum(1 for s in new_table if hand_set.issuperset(s)) < 2:
            return None
        opens = True
    to_hand = tuple(sorted(d for d in freed if d not in added_set)) if freed else ()
    # Verdict(True, "", "", (), (), (), ...): the frozen __init__ sets its 15 fields one at a time through
    # object.__setattr__, so they go into its __dict__ at once (as make_view does for a view)
    v = object.__new__(Verdict)
    v.__dict__.update(ok=True, rule="", message="", sets=(), tiles=(), problems=(), set_status=tuple(statuses),
                      owners=tuple(owners), values=resolved, played=played_all, opens=opens, borrowed=(),
                      given=tuple(given), to_hand=to_hand, swaps=tuple(freed.items()))
    return v


def _check_turn(old: list[Any], values: Mapping[str, str], hand: Iterable[str], seat: int, opened: bool,
                new_table: Sequence[Sequence[str]], played: Sequence[str] | None,
                new_values: Any, swaps: Sequence[Sequence[str]]) -> Verdict:
    """check_turn's body; `old` holds sets with a tuple `.tiles` and an int `.owner`."""
    p = seat
    values = dict(values)
    nv = _pairs(new_values)
    hand_set = set(hand)
    sets = [tuple(s) for s in new_table]
    live = [i for i, s in enumerate(sets) if s]
    problems: list[Problem] = []

    def fail(rule: str, msg: str, set_idx: Iterable[int] = (), tiles: Iterable[str] = ()) -> None:
        problems.append(Problem(rule, msg, tuple(sorted(set(set_idx))), tuple(tiles)))

    # ---- structure: real tiles, each once
    broken = False                       # unknown ids or doubled tiles: only per-set checks make sense
    seen = _seen_if_sound(sets, live)
    if seen is None:                     # something is wrong there: find what, tile by tile
        seen = {}
        for i in live:
            for t in sets[i]:
                if not isinstance(t, str) or t not in TILE_KIND:
                    fail("TILES", f"Set {i + 1}: {t!r} is not a tile id (write tiles like \"B3#2\").", [i])
                    broken = True
                elif t in seen:
                    fail("TILES", f"{t} ({name(t)}) appears twice on the new table (sets {seen[t] + 1} and {i + 1}).",
                         [seen[t], i], [t])
                    broken = True
                else:
                    seen[t] = i
    old_owner = {t: s.owner for s in old for t in s.tiles}

    def old_where() -> dict[str, int]:   # for messages: tile -> its set before the turn
        return {t: i for i, s in enumerate(old) for t in s.tiles}

    # ---- swaps (RUM-9)
    freed: dict[str, str] = {}       # dragon -> natural
    swap_nat: dict[str, str] = {}    # natural -> dragon
    for pair in swaps or ():
        try:
            d, nat = pair
        except (TypeError, ValueError):
            fail("RUM-9", f"A swap must name a dragon in play and a tile from your hand, not {pair!r}.")
            continue
        if d not in old_owner or TILE_KIND.get(d, 0) < DR:
            fail("RUM-9", f"Dragon swap: {d} is not a dragon in play.", (), [d])
        elif nat not in hand_set:
            fail("RUM-9", f"Dragon swap: {nat} is not in your hand; the swapped-in tile must come from your hand.",
                 (), [nat])
        elif d in freed or nat in swap_nat:
            fail("RUM-9", f"Dragon swap: {d if d in freed else nat} is used in two swaps.", (), [d, nat])
        elif kind(nat) != values.get(d):
            want = values.get(d)
            fail("RUM-9", f"Dragon swap: the {name(d)} in set {old_where()[d] + 1} before your turn stands for "
                          f"{name(want) if want else 'nothing'}; only that tile can replace it, not {name(nat)}.",
                 (), [d, nat])
        else:
            freed[d] = nat
            swap_nat[nat] = d

    # ---- provenance: who each table tile belonged to once the swaps are made
    origin = {freed.get(t, t): o for t, o in old_owner.items()} if freed else old_owner
    # sets left exactly as they were (every tile once in play before, no dragon swapped out of them, no
    # swapped-in tile among the old ones): each of their tiles' origin is the set's old owner, so
    # ownership and movement need not look at them tile by tile
    kept: dict[int, int] = {}
    if (KEEP_SETS and len(old_owner) == sum([len(s.tiles) for s in old])
            and (not freed or old_owner.keys().isdisjoint(swap_nat))):
        was_set = {s.tiles: s.owner for s in old}
        for i in live:
            o = was_set.get(sets[i])
            if o is not None and (not freed or freed.keys().isdisjoint(sets[i])):
                kept[i] = o
    avail = (hand_set - set(swap_nat)) | set(freed)
    from_hand: list[str] = []
    for i in live:
        if i in kept:
            continue
        for t in sets[i]:
            if t in origin or t not in TILE_KIND:
                continue
            if t in avail:
                from_hand.append(t)
            elif t in swap_nat:
                pass
            else:
                fail("TILES", f"Set {i + 1}: {t} ({name(t)}) is neither in play nor in your hand.", [i], [t])
    missing = [] if origin.keys() <= seen.keys() else [t for t in origin if t not in seen]
    if missing:
        old_where = old_where()
        fail("TILES", "Tiles in play must stay in play: " + ", ".join(
            f"{t} ({name(t)}, set {old_where.get(t, old_where.get(swap_nat.get(t, ''), -1)) + 1} before your turn)"
            for t in missing) + " is missing from the new table.", (), missing)
    played_all = tuple(sorted(set(from_hand) | set(swap_nat)))
    if played:
        claimed = set(played)
        if claimed != set(played_all):
            extra = sorted(claimed - set(played_all))
            lacking = sorted(set(played_all) - claimed)
            bits = []
            if extra:
                bits.append(f"{', '.join(extra)} listed as played but not put on the table from your hand")
            if lacking:
                bits.append(f"{', '.join(lacking)} put on the table from your hand but not listed as played")
            fail("TILES", "The played tiles do not match the new table: " + "; ".join(bits) + ".", (),
                 extra + lacking)
    if broken:                           # report each set's own validity only
        merged = {**values, **nv}
        statuses = []
        for s in sets:
            if not s:
                statuses.append(SetStatus(False, "", "empty", None, ()))
                continue
            chk = check_set(s, merged)
            statuses.append(SetStatus(chk.ok, chk.kind, chk.reason, None, chk.faces))
        return _finish(problems, sets, [None] * len(sets), statuses, {}, played_all, False, (), (), (), swaps, freed)

    # ---- golden rule 1 (RUM-5, RUM-14)
    if not played_all:
        fail("GR-1", "Golden rule: a turn that plays must put at least one tile from your hand on the table "
                     "(moving tiles in play alone is not a turn). Draw a tile instead.", live)

    # ---- dragon values (RUM-6)
    resolved: dict[str, str] = {}
    # each set's kept check when it is known to hold no dragon (looked up once for both passes below;
    # a set missing here is checked afresh, which gives the same answer)
    plain_of = [_PLAIN_CHECKS.get(s) if s else None for s in sets]
    for i in live:
        if plain_of[i] is not None:           # known to hold no dragon
            continue
        for t in sets[i]:
            if TILE_KIND[t] < DR:
                continue
            if t in origin:                       # stayed in play: value fixed
                was = values.get(t)
                if t in nv and nv[t] != was:
                    fail("RUM-6", f"Set {i + 1}: the {name(t)} {t} stands for {name(was) if was else '?'} and keeps "
                                  f"that value; to use it otherwise, swap it out with a {name(was) if was else 'tile'} "
                                  f"from your hand first.", [i], [t])
                if was:
                    resolved[t] = was
            elif t in nv:
                v = nv[t].upper()
                if v not in KIND_INDEX or v in DRAGONS:
                    fail("RUM-6", f"Set {i + 1}: {v!r} is not a value a dragon can stand for.", [i], [t])
                else:
                    resolved[t] = v
    pre: list[tuple] = []          # per set: (ok, kind, reason, faces, choices); SetStatus once owners are known
    for i, s in enumerate(sets):
        if not s:
            pre.append((False, "", "empty", (), ()))
            continue
        plain = plain_of[i]                   # a set known to hold no dragon: its check, kept
        if plain is not None:
            pre.append((plain.ok, plain.kind, plain.reason, plain.faces, ()))
            if not plain.ok:
                fail("GR-3", f"Golden rule: every set must stay valid with 3 or more tiles; set {i + 1} "
                             f"({spoken(s)}) is not: {plain.reason}.", [i], s)
            continue
        choices: tuple = ()
        undecl = [t for t in s if TILE_KIND[t] >= DR and t not in resolved]
        if undecl:
            opts = value_options(s, {t: resolved[t] for t in s if t in resolved})
            if len(opts) == 1:
                resolved.update(opts[0])
            elif len(opts) > 1:
                choices = tuple(tuple(sorted((t, o[t]) for t in undecl)) for o in opts)
                alts = "; ".join(", ".join(f"{name(t)}={name(o[t])}" for t in undecl) for o in opts[:6])
                fail("RUM-6", f"Set {i + 1}: declare what the dragon stands for (it could be: {alts}).", [i], undecl)
        chk = check_set(s, resolved)
        reason = chk.reason
        if not chk.ok:
            if undecl and not choices and len(s) >= 3:
                reason = "no value for the dragon makes it a valid set"
            if not choices:
                fail("GR-3", f"Golden rule: every set must stay valid with 3 or more tiles; set {i + 1} "
                             f"({spoken(s)}) is not: {reason}.", [i], s)
        # chk.faces already shows resolved values: check_set read them from `resolved`
        pre.append((chk.ok, chk.kind, reason, chk.faces, choices))

    # ---- opening (RUM-2, RUM-10)
    opens = False
    if not opened:
        pure = [i for i in live if all(t in hand_set and t not in swap_nat for t in sets[i])
                and pre[i][0]]
        # RUM-10: only new sets made wholly from the hand open it (a six-run splits in two,
        # RUM-2 b); hand tiles given to sets already in play never count towards opening
        mine = [t for i in pure for t in sets[i] if t not in freed]
        if len(pure) >= 2 or (mine and has_two_disjoint_sets(mine, resolved)):
            opens = True
        else:
            old_shapes = {frozenset(s.tiles) for s in old}
            touched = [i for i in live if any(t in origin for t in sets[i]) and frozenset(sets[i]) not in old_shapes]
            if touched or swaps:
                fail("RUM-10", "You have not opened yet: before opening you may only lay down new sets made from your "
                               "own hand (at least two of them); adding to, taking from or swapping in sets already in "
                               "play comes after.", touched)
            else:
                new_idx = [i for i in live if any(t in hand_set for t in sets[i])]
                fail("RUM-2", "To open, the tiles you lay down from your hand must make at least two sets of 3 or "
                              f"more tiles; {('set ' + str(new_idx[0] + 1) + ' alone is only one set') if len(new_idx) == 1 else 'these do not'}.",
                     new_idx)
        if swaps and not opens and not any(pr.rule == "RUM-10" for pr in problems):
            fail("RUM-9", "Dragon swap: your hand must be open to swap a dragon.", ())

    # ---- ownership (GR-2 with RUM-3 ties and RUM-11 counting)
    owners: list[int | None] = []
    for i, s in enumerate(sets):
        if not s:
            owners.append(None)
            continue
        if i in kept:
            owners.append(kept[i])
            continue
        who = [origin.get(t, p) for t in s]
        if who.count(who[0]) == len(who):       # one player's tiles only: his set
            owners.append(who[0])
            continue
        counts: dict[int, int] = {}
        for o in who:
            counts[o] = counts.get(o, 0) + 1
        best = max(counts.values())
        tied = [o for o, c in counts.items() if c == best]
        if p in tied:
            owners.append(p)
        elif len(tied) == 1:
            owners.append(tied[0])
        else:                                   # previous owner: nearest to the active player's left
            owners.append(min(tied, key=lambda o: (o - p) % 4))
    statuses = []
    for (ok, kind_, reason, faces, choices), owner in zip(pre, owners):     # _status, inlined (every set, every play)
        st = _STATUSES.get((ok, kind_, reason, owner, faces, choices))
        statuses.append(st if st is not None else _status(ok, kind_, reason, owner, faces, choices))

    # ---- movements (RUM-4)
    borrowed: list[tuple[int, str, int]] = []
    given: list[tuple[int, str]] = []
    if opened or opens:
        for i in live:
            own = owners[i]
            if i in kept:                       # its owner's tiles, staying his
                continue
            for t in sets[i]:
                o = origin.get(t)
                if o is None:
                    if own != p:
                        given.append((own, t))
                    continue
                if o == own:
                    continue
                if own == p:
                    borrowed.append((o, t, i))
                elif o == p:
                    given.append((own, t))
                else:
                    fail("RUM-4", f"Set {i + 1}: {name(t)} {t} would move from {seat_name(o)}'s tiles to "
                                  f"{seat_name(own)}'s; you cannot make other players exchange tiles.", [i], [t])
        lenders: dict[int, list[tuple[str, int]]] = {}
        for o, t, i in borrowed:
            lenders.setdefault(o, []).append((t, i))
        for o, lst in sorted(lenders.items()):
            if len(lst) > 1:
                fail("RUM-4", f"You may borrow only one tile from each player, but you take {len(lst)} from "
                              f"{seat_name(o)} ({', '.join(t for t, _ in lst)}) in set(s) "
                              f"{', '.join(str(i + 1) for i in sorted({i for _, i in lst}))}.",
                     [i for _, i in lst], [t for t, _ in lst])
        if len(lenders) > 2:
            fail("RUM-4", f"You may borrow from at most two players in a turn, not {len(lenders)} "
                          f"({', '.join(seat_name(o) for o in sorted(lenders))}).",
                 [i for lst in lenders.values() for _, i in lst])
        if len(lenders) == 1 and len(played_all) < 2:
            (o, lst), = lenders.items()
            fail("RUM-4", f"Borrowing from one player ({seat_name(o)}) needs at least 2 tiles from your hand this "
                          f"turn; you play {len(played_all)}.", [i for _, i in lst], [t for t, _ in lst])

    to_hand = tuple(sorted(d for d in freed if d not in seen)) if freed else ()
    new_values_all = {t: v for t, v in resolved.items() if t in seen}
    return _finish(problems, sets, owners, statuses, new_values_all, played_all, opens,
                   tuple((o, t) for o, t, _ in borrowed), tuple(given), to_hand, swaps, freed)


def _finish(problems, sets, owners, statuses, values, played, opens, borrowed, given, to_hand, swaps, freed) -> Verdict:
    problems = sorted(problems, key=lambda pr: _PRIORITY.get(pr.rule, 99))
    if not statuses:
        statuses = [SetStatus(False, "", "", None, ()) for _ in sets]
    swaps_t = tuple((d, n) for d, n in freed.items())
    if problems:
        first = problems[0]
        return Verdict(False, first.rule, first.message, first.sets, first.tiles, tuple(problems), tuple(statuses),
                       tuple(owners), values, tuple(played), opens, tuple(borrowed), tuple(given), to_hand, swaps_t)
    return Verdict(True, "", "", (), (), (), tuple(statuses), tuple(owners), values, tuple(played), opens,
                   tuple(borrowed), tuple(given), to_hand, swaps_t)


def commit(verdict: Verdict, new_table: Sequence[Sequence[str]], hand: Sequence[str],
           old_table: Sequence[TableSet] = (), old_values: Mapping[str, str] | None = None
           ) -> tuple[list[TableSet], dict[str, str], list[str]]:
    """The table, dragon values and hand after an accepted turn (empty sets dropped, tiles in display order).

    A set written exactly as a set of `old_table` (the table before the turn, with `old_values`),
    with the same owner and its dragons' values, is that TableSet itself (already in display order)."""
    assert verdict.ok
    values = dict(verdict.values)
    old_sets = None                  # {tiles: TableSet}, made only when a set is not where it was
    n_old = len(old_table) if old_values is not None else 0
    # dragons whose value is not the same before and after (a set holding one is sorted again)
    changed = {t for t in (*values, *old_values) if values.get(t) != old_values.get(t)} if n_old else set()
    owners = verdict.owners
    table = []
    for i, s in enumerate(new_table):
        if not s:
            continue
        # a play mostly keeps a set where it was, the same tuple: that set, without a lookup
        if i < n_old and old_table[i].tiles is s:
            was = old_table[i]
        else:
            if old_sets is None:
                old_sets = {o.tiles: o for o in old_table} if n_old else {}
            was = old_sets.get(s)
        if was is not None and was.owner == owners[i] and (not changed or changed.isdisjoint(s)):
            table.append(was)
        else:
            table.append(TableSet(sort_set(s, values), owners[i]))
    played = set(verdict.played)
    new_hand = [t for t in hand if t not in played] + list(verdict.to_hand)
    return table, values, new_hand


def infer_swaps(table: Iterable[Any], values: Mapping[str, str], hand: Iterable[str],
                new_table: Sequence[Sequence[str]], new_values: Any = None) -> tuple[tuple[str, str], ...]:
    """Guess the dragon swaps a new table implies: each dragon that left the table (or changed value)
    is paired with a played hand tile of the value it stood for, preferring the one placed among the
    dragon's former set-mates.  For tools and the UI; the engine itself takes swaps as declared."""
    old = [as_set(s) for s in table]
    nv = _pairs(new_values)
    on_new = {t: i for i, s in enumerate(new_table) for t in s}
    old_tiles = {t for s in old for t in s.tiles}
    hand_l = list(hand)
    played = [t for t in hand_l if t in on_new and t not in old_tiles]
    used: set[str] = set()
    out = []
    for s in old:
        for d in s.tiles:
            if TILE_KIND[d] < DR:
                continue
            v = values.get(d)
            if not v:
                continue
            if d in on_new and (d not in nv or nv[d] == v):
                continue
            mates = [t for t in s.tiles if t != d]
            cands = [t for t in played if kind(t) == v and t not in used]
            if not cands:
                continue
            cands.sort(key=lambda t: -sum(1 for m in mates if on_new.get(m) == on_new[t]))
            used.add(cands[0])
            out.append((d, cands[0]))
    return tuple(out)


def swap_into(new_table: Sequence[Sequence[str]], dragon: str, natural: str) -> list[tuple[str, ...]]:
    """Helper for building a swap: the table with `natural` standing where `dragon` was."""
    return [tuple(natural if t == dragon else t for t in s) for s in new_table]


# --------------------------------------------------------------------------- one verdict per play
# A bot checks its play from its own view and then `apply` checks the same play again on the state:
# the same inputs, so the same verdict. The last verdict is kept here with everything `check_turn`
# read except the `played` claim, which only adds a problem when it names other tiles than the play
# puts down; so the kept verdict answers any claim that is empty or matches it. Only the last one:
# the next check of a play is apply's (a dict of them cost two hashes of the whole table a play, and
# the sets' tuples are the same objects, so comparing is quick). Callers share the kept Verdict
# objects: treat them (their `values` too) as read-only.
_LAST_VERDICT: list = [None, None]          # what check_turn read, its verdict
_TILES, _OWNER = attrgetter("tiles"), attrgetter("owner")


def check_play(table: Sequence[Any], values: Mapping[str, str], hand: Sequence[str], seat: int, opened: bool,
               action: Any) -> Verdict:
    """`check_turn` for a PlayTurn against a table of sets with `.tiles` (tuple) and `.owner` (int),
    as a state or a view holds them; remembered for the next caller of the same play."""
    if not plainly_well_formed(action) or not hasattr(action, "table"):
        return check_turn(table, values, hand, seat, opened, action.table, action.played, action.values,
                          action.swaps)
    played = action.played
    if set(map(type, table)) <= _PLAIN_SETS:      # (every set, in C)
        old = list(table)
    else:
        old = [s if type(s) is TableSet or type(s) is ShownSet or (type(getattr(s, "tiles", None)) is tuple
                                                                   and type(getattr(s, "owner", None)) is int)
               else as_set(s) for s in table]
    key = (tuple(map(_TILES, old)), tuple(map(_OWNER, old)), dict(values), tuple(hand), seat, opened, action.table,
           action.values, action.swaps)
    last = _LAST_VERDICT
    if key == last[0]:
        v = last[1]
        if not played or set(played) == set(v.played):
            return v
    v = None
    if EXTENSIONS:
        v = _extension_verdict(old, values, hand, seat, opened, action.table, played, action.values, action.swaps)
    if v is None:
        v = _check_turn(old, values, hand, seat, opened, action.table, played, action.values, action.swaps)
    if not played or set(played) == set(v.played):
        last[:] = [key, v]
    return v


_PLAIN_SETS = frozenset({TableSet, ShownSet})
