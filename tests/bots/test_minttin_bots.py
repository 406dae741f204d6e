"""Mint Tin bots: legality, fairness (no peeking), value play and a short arena run."""

from __future__ import annotations

import random

import pytest

from game.bots import make_bot
from game.core.protocol import SeatConfig, Setup
from game.core.rng import GameRng
from game.rules import rules_for
from game.sim import run

rules = rules_for("minttin")
if rules is None:  # pragma: no cover - the engine is built alongside
    pytest.skip("Mint Tin rules are not built", allow_module_level=True)

from game.bots.minttin.analysis import KINDS, counts_of, winning  # noqa: E402
from game.rules.minttin.analysis import analyse  # noqa: E402

STRENGTHS = ("easy", "normal", "hard")
PACK = [k for k in KINDS for _ in range(4)]


def _setup(mode: str, seed: int, options=None, deal=None, strength="hard") -> Setup:
    n = 1 if mode == "solo" else 2
    return Setup("minttin", tuple(SeatConfig("bot", strength, f"p{i}") for i in range(n)),
                 {"mode": mode, **(options or {})}, seed, deal)


# --------------------------------------------------------------------------- legality

@pytest.mark.parametrize("mode,options", [
    ("2p", {}),
    ("2p", {"pass_cards": True, "strict": True}),
    ("solo", {}),
    ("solo", {"strict": True, "joker_block": True, "auto_pass": False}),
])
def test_every_strength_returns_a_legal_action(mode, options):
    """Walk real games (a random legal move drives them on) and ask every strength at every step."""
    bots = {s: make_bot("minttin", s) for s in STRENGTHS}
    explore = random.Random(5)
    asked = 0
    for seed in range(2):
        st = rules.new_game(_setup(mode, 40 + seed, options))
        for step in range(150):
            if rules.result(st) is not None:
                break
            seat = rules.to_act(st)[0]
            legal = rules.legal_actions(st, seat)
            view = rules.view(st, seat)
            for s, bot in bots.items():
                action = bot.choose(view, legal, GameRng(f"{seed}:{step}:{s}"))
                assert action in legal, (s, view.phase, action)
                asked += 1
            # mostly follow a bot (realistic positions), sometimes a random legal move (odd ones)
            if explore.random() < 0.3:
                action = explore.choice(legal)
            else:
                action = bots[STRENGTHS[step % 3]].choose(view, legal, GameRng(step))
            st, _ = rules.apply(st, seat, action)
    assert asked > 200


# --------------------------------------------------------------------------- fairness

def _deal_2p_variant(deck: list[str], rng: random.Random, keep: int) -> list[str]:
    """Same cards for seat 0 (the dealer) and the first `keep` deck cards; the opponent's hidden
    hand is exchanged with cards from deep in the deck (a consistent change of hidden cards)."""
    out = list(deck)
    deep = list(range(24 + keep, len(deck)))
    rng.shuffle(deep)
    for i, j in zip(range(12), deep):
        out[i], out[j] = out[j], out[i]
    return out


def _deal_solo_variant(deck: list[str], rng: random.Random, keep: int) -> list[str]:
    """Same hand and the first `keep` deck cards; dead hand and the rest of the deck reshuffled."""
    hidden = list(range(12, 24)) + list(range(24 + keep, len(deck)))
    cards = [deck[i] for i in hidden]
    rng.shuffle(cards)
    out = list(deck)
    for i, c in zip(hidden, cards):
        out[i] = c
    return out


class _DrawDiscard:
    """A scripted opponent whose moves do not depend on its hidden hand: draw, throw the card drawn."""

    def choose(self, view, legal, rng):
        for a in legal:
            if a.kind in ("draw", "drop", "offer_pass", "answer_pass"):
                return a
        for a in legal:
            if a.kind == "discard" and a.card == view.last_drawn:
                return a
        return next(a for a in legal if a.kind == "discard")


@pytest.mark.parametrize("strength", STRENGTHS)
@pytest.mark.parametrize("mode", ["2p", "solo"])
def test_fairness_hidden_cards_do_not_change_the_choice(strength, mode):
    """Two games that differ only in cards the seat cannot see: while the seat's views are equal,
    its bot (same rng seed) must choose the same action every time."""
    keep = 14
    compared = 0
    for seed in range(3):
        r = random.Random(100 + seed)
        if mode == "2p":
            deck = PACK + ["J", "J"]
            r.shuffle(deck)
            other = _deal_2p_variant(deck, r, keep)
            deals = [{"deck": deck, "dealer": 0}, {"deck": other, "dealer": 0}]
        else:
            deck = list(PACK)
            r.shuffle(deck)
            other = _deal_solo_variant(deck, r, keep)
            deals = [{"deck": deck}, {"deck": other}]
        assert sorted(deals[0]["deck"]) == sorted(deals[1]["deck"]) and deals[0]["deck"] != deals[1]["deck"]
        states = [rules.new_game(_setup(mode, 7, deal=d, strength=strength)) for d in deals]
        bots = [make_bot("minttin", strength), make_bot("minttin", strength)]
        rngs = [GameRng("fair"), GameRng("fair")]
        opponent = _DrawDiscard()
        for _ in range(200):
            if any(rules.result(s) is not None for s in states):
                break
            seat = rules.to_act(states[0])[0]
            if rules.to_act(states[1])[0] != seat:
                break
            if seat == 1:                       # the scripted two-player opponent
                acts = [opponent.choose(rules.view(s, 1), rules.legal_actions(s, 1), None) for s in states]
                if acts[0] != acts[1]:
                    break
                states = [rules.apply(s, 1, a)[0] for s, a in zip(states, acts)]
                continue
            views = [rules.view(s, 0) for s in states]
            if views[0] != views[1]:
                break                           # a differing card has come into view
            legal = rules.legal_actions(states[0], 0)
            assert legal == rules.legal_actions(states[1], 0)
            acts = [bots[i].choose(views[i], legal, rngs[i]) for i in range(2)]
            assert acts[0] == acts[1], (views[0].phase, acts)
            compared += 1
            states = [rules.apply(s, 0, a)[0] for s, a in zip(states, acts)]
    assert compared >= 10


# --------------------------------------------------------------------------- value play

def _solo_position(hand13: list[str], draw: str):
    """Solo: your 12 cards + joker, then `draw` as the first card of the deck."""
    pack = list(PACK)
    for c in hand13 + [draw]:
        pack.remove(c)
    deck = hand13 + pack[:12] + [draw] + pack[12:]
    st = rules.new_game(_setup("solo", 1, deal={"deck": deck}))
    st, _ = rules.apply(st, 0, rules.legal_actions(st, 0)[0])
    return st


def _twop_position(hand: list[str], draw: str, options: dict):
    """Two players, seat 0 deals and draws `draw` first (13 cards dealt when no joker is dealt)."""
    n = len(hand)
    pack = PACK + ["J"] * {"all": 2, "shuffled": 2}.get(options.get("jokers", "all"), 0)
    for c in hand + [draw]:
        pack.remove(c)
    deck = pack[:n] + hand + [draw] + pack[n:]
    st = rules.new_game(_setup("2p", 1, options, deal={"deck": deck, "dealer": 0}))
    st, _ = rules.apply(st, 0, rules.legal_actions(st, 0)[0])
    return st


def test_hard_takes_a_winning_mahjong_solo():
    st = _solo_position("S1 S1 S1 S2 S2 S2 S3 S3 S3 SD SD SD".split(), "SD")
    view, legal = rules.view(st, 0), rules.legal_actions(st, 0)
    assert any(a.kind == "mahjong" for a in legal)
    assert analyse(view.hand, ()).points >= 1
    for s in STRENGTHS:
        assert make_bot("minttin", s).choose(view, legal, GameRng(1)).kind == "mahjong"


def test_hard_goes_out_with_the_epic_hand():
    # one of every card and the dealt joker; the first draw is the second joker: 7 + concealed
    st = _twop_position(list(KINDS), "J", {"jokers": "all"})
    view, legal = rules.view(st, 0), rules.legal_actions(st, 0)
    assert {a.kind for a in legal} >= {"mahjong", "double"}
    action = make_bot("minttin", "hard").choose(view, legal, GameRng(1))
    assert action.kind == "mahjong"
    st, _ = rules.apply(st, 0, action)
    assert rules.result(st) is not None and rules.result(st).winners == (0,)


def test_hard_plays_for_the_higher_scoring_hand():
    """S1 x4, S2 S3 SD pungs and a Moon 4: throwing an S1 waits on the Moon 4 (1 point);
    throwing the Moon 4 waits on S2/S3/SD for One Suit with kongs (4 points), as many outs."""
    st = _twop_position("S1 S1 S1 S2 S2 S2 S3 S3 S3 SD SD SD M4".split(), "S1", {"jokers": "none"})
    view, legal = rules.view(st, 0), rules.legal_actions(st, 0)
    hard = make_bot("minttin", "hard").choose(view, legal, GameRng(1))
    assert hard.kind == "discard" and hard.card == "M4"
    # what it keeps: every wait makes a 4-point hand
    hand, j = counts_of(c for c in view.hand if c != "M4")
    h = list(hand)
    for card in ("S2", "S3", "SD"):
        h[KINDS.index(card)] += 1
        assert winning(h, j)[0].points == 4
        h[KINDS.index(card)] -= 1


def test_hard_keeps_the_quint_path():
    """S1 x4 with a joker is a quint; the hand waits for One Suit with a quint (4 points) once the
    stray Fire 9 goes. Hard must not break the quint (or throw the joker) instead."""
    st = _solo_position("S1 S1 S1 S1 S2 S2 S2 S3 S3 S3 SD SD".split(), "F9")
    view, legal = rules.view(st, 0), rules.legal_actions(st, 0)
    action = make_bot("minttin", "hard").choose(view, legal, GameRng(1))
    assert action.kind == "discard" and action.card == "F9"
    hand, j = counts_of(c for c in view.hand if c != "F9")
    h = list(hand)
    h[KINDS.index("SD")] += 1
    assert any(w.template is not None and w.template.quints == 1 and w.points == 4 for w in winning(h, j))


# --------------------------------------------------------------------------- arena

def test_no_joker_swap_loop():
    """Regression: arena game seed 949 (hard vs easy) once stalled with Hard swapping a joker for
    a natural and back forever; it must now finish."""
    seed = 949
    setup = Setup("minttin", (SeatConfig("bot", "hard", "hard-0"), SeatConfig("bot", "easy", "easy-1")),
                  {"mode": "2p"}, seed)
    bots = [make_bot("minttin", "hard"), make_bot("minttin", "easy")]
    rngs = [GameRng(f"{seed}:bot:{i}") for i in range(2)]
    st = rules.new_game(setup)
    for _ in range(3000):
        if rules.result(st) is not None:
            break
        seat = rules.to_act(st)[0]
        action = bots[seat].choose(rules.view(st, seat), rules.legal_actions(st, seat), rngs[seat])
        st, _ = rules.apply(st, seat, action)
    assert rules.result(st) is not None


def test_short_arena_runs_without_errors():
    two = run("minttin", 20, 11, ["hard", "easy"], {"mode": "2p"})
    assert two["errors"] == 0, two["error_samples"]
    assert two["finished"] == 20
    solo = run("minttin", 12, 11, ["hard"], {"mode": "solo"})
    assert solo["errors"] == 0, solo["error_samples"]
    easy = run("minttin", 8, 11, ["easy"], {"mode": "solo"})
    assert easy["errors"] == 0, easy["error_samples"]


# --------------------------------------------------------------------------- kept contexts

@pytest.mark.parametrize("mode,strength", [("2p", "normal"), ("2p", "hard"), ("solo", "normal")])
def test_a_bot_that_keeps_its_contexts_chooses_as_a_fresh_one(mode, strength):
    """A bot keeps the Contexts it built (ThinkingBot.ctx): a fresh bot at every decision, with the
    same rng state, must choose the same (what a Context remembers is exact)."""
    from game.core.match import Match
    setup = _setup(mode, 21, strength=strength)
    match = Match(setup, rules)
    kept = {s: make_bot("minttin", strength) for s in range(len(setup.seats))}
    rngs = {s: GameRng(f"kept:{s}") for s in kept}
    for _ in range(120):
        if match.result() is not None:
            break
        seat = match.to_act()[0]
        view, legal = match.view(seat), match.legal(seat)
        want = make_bot("minttin", strength).choose(view, legal, rngs[seat].copy())
        got = kept[seat].choose(view, legal, rngs[seat])
        assert got == want
        match.act(seat, got)
    assert any(len(getattr(b, "_contexts", {})) for b in kept.values())
