"""The Hint (H) of a four-seat discard table: how far the hand is from ready, what it waits for
(with how many of each are still unseen), and which piece to discard.

Game-neutral: a table gives plain facts (``HintFacts``: the viewer's concealed kinds, the sets
the concealed part must still make, and the copies of each kind it can see elsewhere) and its own
naming function; the counting is the kit's (``game.core.kit.hands``). Only the standard shape
(sets and a pair) is judged: a game's special hands are its own table's extra lines.

    hint = analyse(HintFacts(("B1", "B1", ...), sets=4, visible={"B3": 2}))
    panel = HintPanel((190, 270, 270, 440))
    panel.draw(canvas, hint_lines(hint, name))     # as tall as its text, never cut off
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from game.app import theme
from game.core.kit import hands
from game.core.kit.tiles import KIND_INDEX, KINDS, N_KINDS


@dataclass(frozen=True)
class HintFacts:
    """What the viewer knows, as kinds ("B3"): its concealed hand (bonus pieces left out), the sets
    that part must still make (a game's total minus its melds), and how many copies of each kind
    it sees outside that hand (every river, every meld, an open hand, the discard on offer)."""
    hand: tuple[str, ...]
    sets: int
    visible: Mapping[str, int] = field(default_factory=dict)
    # what the game's scoring pays for keeping a kind (a dragon, your own wind): among discards
    # that are equally good for the hand's shape, the least worth goes
    worth: Mapping[str, int] = field(default_factory=dict)
    # kinds whose discard the viewer can see would hand another player the round: kind -> why, in
    # words after the piece's name ("is the card Ana named for her standing hand"); see `dangers`
    danger: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Shown:
    """What the viewer sees of another player: a name, the kinds of each exposed set, how many
    pieces they hold concealed, and the card they named to win on when their hand lies open
    (Kards' standing hand)."""
    name: str
    melds: tuple[tuple[str, ...], ...] = ()
    concealed: int = 13
    named: str | None = None


NEAR_READY = 4        # a player hiding this few pieces behind 3+ shown sets of one suit is close to out


def dangers(others: Sequence[Shown]) -> dict[str, str]:
    """Kinds the viewer can see are dangerous to discard, from what is shown only (never a hidden
    hand): the card named for an open standing hand; and, for a player whose three or more shown
    sets are all of one suit with at most NEAR_READY pieces hidden, every piece of that suit (such
    a hand is plainly near out and collecting it)."""
    out: dict[str, str] = {}
    for p in others:
        if p.named:
            out.setdefault(p.named, f"is the card {p.name} named to win on (the standing hand is open)")
        suits = {m[0][0] for m in p.melds if m and _suit(m[0])}
        honours = [m for m in p.melds if m and not _suit(m[0])]
        if len(p.melds) >= 3 and p.concealed <= NEAR_READY and len(suits) == 1 and len(honours) < len(p.melds):
            suit = next(iter(suits))
            why = (f"may finish {p.name}'s hand ({len(p.melds)} sets shown, all of its suit or honours, "
                   f"and only {p.concealed} hidden)")
            for k in KINDS:
                if k[0] == suit and _suit(k):
                    out.setdefault(k, why)
    return out


def _suit(kind: str) -> bool:
    return len(kind) == 2 and kind[0] in "BCD" and kind[1].isdigit()


@dataclass(frozen=True)
class Worth:
    """What a win on one wait brings, from the game's own scoring."""
    kind: str
    words: str               # in the game's words: "21 points", "140¢ from each player"
    points: int
    special: bool = False    # a special hand, whose score stands in place of the usual count


@dataclass(frozen=True)
class HandHint:
    shanten: int                                 # -1 complete, 0 ready, n: n exchanges from ready
    discard: str | None = None                   # the suggested discard (a hand holding one piece over)
    waits: tuple[tuple[str, int], ...] = ()      # (kind, unseen copies) that complete the hand
    useful: tuple[tuple[str, int], ...] = ()     # (kind, unseen copies) that bring it one step closer
    holding: int = 0                             # pieces in the concealed hand
    avoided: str | None = None                   # the shape's best discard, passed over as dangerous
    danger: str = ""                             # why the suggested discard itself is dangerous ("": it is not)
    avoided_why: str = ""
    kong: tuple[str, str] | None = None          # (kind, the button that makes it): a kong that costs no step
    kong_loose: bool = True                      # a loose piece replaces it (else it stands for the discard)
    wait_worth: tuple["Worth", ...] = ()          # what winning on each wait brings (the game's value)
    aim: str = ""                                # the game's word on a hand worth aiming for ("" none)

    @property
    def useful_total(self) -> int:
        return sum(n for _, n in self.useful)


def _counts(kinds: Sequence[str]) -> tuple[int, ...]:
    c = [0] * N_KINDS
    for k in kinds:
        i = KIND_INDEX.get(k)
        if i is not None and i < N_KINDS:        # bonus pieces never count in a hand's shape
            c[i] += 1
    return tuple(c)


def _visible(visible: Mapping[str, int]) -> tuple[int, ...]:
    c = [0] * N_KINDS
    for k, n in visible.items():
        i = KIND_INDEX.get(k)
        if i is not None and i < N_KINDS:
            c[i] += max(0, int(n))
    return tuple(c)


def _named(pairs) -> tuple[tuple[str, int], ...]:
    return tuple((KINDS[k], n) for k, n in pairs)


def analyse(facts: HintFacts, discard: str | None = None) -> HandHint:
    """The hint for the facts: with one piece over (3*sets + 2) the best discard (or ``discard``,
    when given and held: a lesson's step) and what the hand then waits for or needs; otherwise
    the hand's waits or useful draws as it stands."""
    counts = _counts(facts.hand)
    seen = _visible(facts.visible)
    sets = max(0, min(hands.MAX_SETS, facts.sets))
    n = sum(counts)
    if n == 3 * sets + 2:
        now = hands.shanten(counts, sets)
        if now < 0:
            return HandHint(-1, holding=n)
        choices = hands.discard_choices(counts, sets, seen)
        first = choices[0][1]
        level = [c for c in choices if (c[1].shanten, c[1].total) == (first.shanten, first.total)]
        best_kind, after = min(level, key=lambda c: facts.worth.get(KINDS[c[0]], 0))   # stable: kind order next
        forced = [c for c in choices if KINDS[c[0]] == discard]
        avoided = None
        if forced:
            best_kind, after = forced[0]
        elif KINDS[best_kind] in facts.danger:
            # a safe discard that leaves the hand as near ready is as good, and hands nobody the round
            safe = [c for c in choices if KINDS[c[0]] not in facts.danger and c[1].shanten == after.shanten]
            if safe:
                avoided = KINDS[best_kind]
                best_kind, after = safe[0]
        rest = counts[:best_kind] + (counts[best_kind] - 1,) + counts[best_kind + 1:]
        waits = _named(hands.waits_unseen(rest, sets, seen)) if after.shanten == 0 else ()
        return HandHint(now, KINDS[best_kind], waits, _named(after.tiles), n, avoided,
                        "" if forced else facts.danger.get(KINDS[best_kind], ""),
                        facts.danger.get(avoided, "") if avoided else "")
    if n == 3 * sets + 1:
        use = hands.useful(counts, sets, seen)
        waits = _named(hands.waits_unseen(counts, sets, seen)) if use.shanten == 0 else ()
        return HandHint(use.shanten, None, waits, _named(use.tiles), n)
    return HandHint(hands.shanten(counts, sets), holding=n)


def kong_hint(facts: HintFacts, kongs: Mapping[str, str], loose: bool = True) -> HandHint | None:
    """On the viewer's own turn, a kong it may make now (kind -> the button's label: four held, or
    the piece just drawn matching its shown pung) that leaves the hand as near ready as the best
    discard: the loose piece replaces what the kong uses, and a kong scores more than a pung, so
    it comes before any discard (the hint used to suggest throwing the fourth piece away).
    None when no kong on offer is free or the hand is already complete. Without a loose piece
    (Cuzzins' secret, which stands for the turn's discard) the count is the same: the four leave
    the hand as one set, as a discard leaves it with one piece fewer."""
    counts = _counts(facts.hand)
    sets = max(0, min(hands.MAX_SETS, facts.sets))
    if sets < 1 or sum(counts) != 3 * sets + 2:
        return None
    now = hands.shanten(counts, sets)
    if now < 0:
        return None
    for kind, button in kongs.items():
        k = KIND_INDEX.get(kind)
        if k is None:
            continue
        held = 4 if counts[k] >= 4 else 1            # four concealed, or one added to a shown pung
        rest = counts[:k] + (counts[k] - held,) + counts[k + 1:]
        if hands.shanten(rest, sets - 1 if held == 4 else sets) <= now:
            return HandHint(now, holding=sum(counts), kong=(kind, button), kong_loose=loose)
    return None


def claim_advice(facts: HintFacts, offered: str,
                 claims: Sequence[tuple[str, str, str | None]]) -> tuple[str | None, str] | None:
    """Advice for a claim window, by the hand's shape as the bots judge it: the pile claim (label,
    action kind "chow" / "pung" / "pong" / "kong", a chow's lowest kind) that brings the concealed
    hand closer to ready, else Pass; None when no pile claim is on offer. A kong is advised when it
    costs no step (its loose piece replaces the piece it uses). Returns (the advised claim's label,
    None for Pass; the advice in words)."""
    counts = _counts(facts.hand)
    sets = max(0, min(hands.MAX_SETS, facts.sets))
    k = KIND_INDEX.get(offered)
    if k is None or sets < 1 or sum(counts) != 3 * sets + 1:
        return None
    now = hands.shanten(counts, sets)
    best: tuple[int, int, str] | None = None         # (steps gained, kong last, label)
    any_pile = False
    for label, kind, low in claims:
        if kind in ("pung", "pong", "kong"):
            used = [k] * (3 if kind == "kong" else 2)
        elif kind == "chow" and low in KIND_INDEX:
            run = [KIND_INDEX[low] + i for i in range(3)]
            run.remove(k)
            used = run
        else:
            continue
        any_pile = True
        rest = list(counts)
        for u in used:
            rest[u] -= 1
        if min(rest) < 0:
            continue
        if kind == "kong":
            gain = 1 if hands.shanten(tuple(rest), sets - 1) <= now else 0
        else:
            after = min(hands.shanten(tuple(rest[:d] + [rest[d] - 1] + rest[d + 1:]), sets - 1)
                        for d in range(N_KINDS) if rest[d])
            gain = now - after
        if gain > 0 and (best is None or (gain, kind != "kong") > (best[0], best[1])):
            best = (gain, kind != "kong", label)
    if not any_pile:
        return None
    if best is None:
        return None, "Pass: no claim brings your hand closer to ready."
    if best[1]:
        return best[2], f"Claim: {best[2]} brings your hand {_steps(best[0])} closer to ready."
    return best[2], f"Claim: {best[2]} costs your hand no step, and a loose card comes with it."


WORKING = "Working out the hint…"      # the panel, for the frame or two the worker takes


@dataclass(frozen=True)
class HintWork:
    """One position's counting for the hint (a free kong, else the best discard; or, with `offered`,
    the claim advice), sent to the app's worker process as a bot's decision is: the pool runs anything
    with a bot's ``choose(view, legal, rng)``. Counting a position first seen took up to 50 ms, done
    in the frame (the shanten tables learn each new shape), so opening the hint stuttered the table."""
    facts: HintFacts
    discard: str | None = None                 # analyse's forced discard (a lesson's step)
    kongs: Mapping[str, str] = field(default_factory=dict)     # kong_hint's offer, asked first
    loose: bool = True
    offered: str | None = None                 # a claim window's discard: claim_advice for `claims`
    claims: tuple[tuple[str, str, str | None], ...] = ()
    # the game's sense of value, asked here too: ``annotate(hint, facts) -> HandHint`` may choose
    # another discard (a special hand's) and fill ``wait_worth`` and ``aim`` (None: counts only)
    value: Any = None

    def answer(self) -> HandHint | tuple[str | None, str] | None:
        if self.offered is not None:
            return claim_advice(self.facts, self.offered, self.claims)
        h = (kong_hint(self.facts, self.kongs, self.loose) if self.kongs else None) or analyse(self.facts, self.discard)
        if self.value is not None and self.discard is None:      # a lesson's step is never argued with
            h = self.value.annotate(h, self.facts)
        return h

    def choose(self, view: object, legal: object, rng: object) -> HandHint | tuple[str | None, str] | None:
        return self.answer()


def _steps(n: int) -> str:
    return "a step" if n == 1 else f"{n} steps"


def _copies(n: int) -> str:
    return "none left" if n == 0 else f"{n} left"


def _away(shanten: int) -> str:
    """How far a hand is from ready, without the jargon ("shanten 2" meant nothing to a newcomer)."""
    draws = "1 more good draw" if shanten == 1 else f"{shanten} more good draws"
    return f"{draws} before you are ready (one card from going out)."


def _waits(h: HandHint, name: Callable[[str], str]) -> str:
    worth = {w.kind: w.words for w in h.wait_worth}
    same = {worth.get(k) for k, _ in h.waits}
    if len(h.waits) > 1 and len(same) == 1 and None not in same:       # said once: "…: each 42 points"
        return ", ".join(f"{name(k)} ({_copies(n)})" for k, n in h.waits) + f": each {same.pop()}"
    return ", ".join(f"{name(k)} ({_copies(n)}" + (f"; {worth[k]}" if k in worth else "") + ")" for k, n in h.waits)


def hint_lines(h: HandHint, name: Callable[[str], str]) -> list[str]:
    """The hint in a player's words (one paragraph per line; ``name`` turns a kind into words)."""
    out: list[str] = []
    if h.shanten < 0:
        return ["Your hand is complete: declare Mah-Jongg!"]
    if h.kong is not None:
        kind, button = h.kong
        if not h.kong_loose:
            return [f"{button}: your four {name(kind)} as a secret cost your hand no step, and it stands for "
                    "this turn's discard.", "Ready once it is declared." if h.shanten == 0 else _away(h.shanten)]
        return [f"{button}: a kong of {name(kind)} costs your hand no step, and a loose card comes with it.",
                "Ready: make the kong, then discard." if h.shanten == 0 else _away(h.shanten)]
    if h.discard is not None:
        gone = f"After discarding {name(h.discard)}, "
        if h.shanten == 0:
            out.append("Ready: one discard from waiting to go out.")
        else:
            out.append(_away(h.shanten))
        out.append(f"Suggested discard: {name(h.discard)}.")
        if h.avoided:
            out.append(f"Careful: {name(h.avoided)} {h.avoided_why}; {name(h.discard)} is as good for your hand.")
        elif h.danger:
            out.append(f"Danger: {name(h.discard)} {h.danger}, but any other discard sets your hand back.")
        if h.aim:
            out.append(h.aim)
        if h.waits:
            out.append(gone + "you wait for " + _waits(h, name) + ".")
        elif h.useful:
            out.append(gone + f"{len(h.useful)} kinds of card would help ({h.useful_total} still unseen).")
        return out
    if h.shanten == 0 and h.waits:
        out.append("Ready: you wait for " + _waits(h, name) + ".")
        total = sum(n for _, n in h.waits)
        out.append(f"{total} winning {'card' if total == 1 else 'cards'} still unseen." if total else
                   "Every winning card is already in sight: think about changing your wait.")
        return out
    out.append(_away(h.shanten))
    if h.useful:
        out.append(f"{len(h.useful)} kinds of card would help ({h.useful_total} still unseen).")
    return out


# ---------------------------------------------------------------------- the panel

PAD = 12.0
SIZES = (theme.BODY, theme.SMALL, 16.0, 14.0)     # the text shrinks until the whole of it fits


@dataclass
class Fitted:
    size: float
    title: list[str]
    lines: list[list[str]]        # each paragraph wrapped
    height: float                 # the whole panel's


class HintPanel:
    """A panel at the top of a rectangle (x, y, w, max_h), as tall as its text needs; the text
    gets smaller rather than ever being cut."""

    def __init__(self, rect: tuple[float, float, float, float], title: str = "Hint (H to close)"):
        self.room = rect          # the most it may take; `rect`, where it is drawn now, starts lower under long words
        self.rect = rect
        self.title = title
        self.open = False
        self.shown: tuple[float, float, float, float] | None = None     # the box last drawn (while open)

    def toggle(self) -> bool:
        self.open = not self.open
        return self.open

    def fit(self, canvas, lines: Sequence[str]) -> Fitted:
        x, y, w, max_h = self.rect
        inner = w - 2 * PAD
        best = None
        for size in SIZES:
            title = canvas.wrap(self.title, inner, size, True)
            wrapped = [canvas.wrap(t, inner, size) for t in lines]
            lh = canvas.line_height(size)
            height = 2 * PAD + lh * (len(title) + sum(len(p) for p in wrapped)) + 4 * len(wrapped)
            best = Fitted(size, title, wrapped, height)
            if height <= max_h:
                break
        return best        # type: ignore[return-value]

    def draw(self, canvas, lines: Sequence[str]) -> Fitted:
        x, y, w, _ = self.rect
        f = self.fit(canvas, lines)
        self.shown = (x, y, w, f.height)
        canvas.box(self.shown, theme.PANEL, theme.GOLD, 10)
        lh = canvas.line_height(f.size)
        ty = y + PAD
        for line in f.title:
            canvas.text(line, (x + PAD, ty), f.size, theme.GOLD, True)
            ty += lh
        for para in f.lines:
            ty += 4
            for line in para:
                canvas.text(line, (x + PAD, ty), f.size, theme.TEXT)
                ty += lh
        return f
