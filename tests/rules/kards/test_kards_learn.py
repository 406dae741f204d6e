"""The guided first hand (levels/kards/learn.toml) played headless through the engine with the
level's own computer players: whenever the player is asked for more than a Pass, it is the
lesson's next step and the step's action is legal; the lesson ends with the player's Mah-Jongg."""

from game.bots import make_bot
from game.core.lesson import hand_delta
from game.core.levels import LEVELS_DIR, load_level
from game.core.rng import GameRng
from game.rules.kards import RULES

LEVEL = load_level(LEVELS_DIR / "kards" / "learn.toml")


def step_actions(st, step):
    """The player's legal actions that are this step (its kind, and exactly its pieces)."""
    out = []
    for a in RULES.legal_actions(st, 0):
        if a.kind != step.do:
            continue
        after, _ = RULES.apply(st, 0, a)
        if step.matches(a.kind, hand_delta(RULES.view(st, 0).hand, RULES.view(after, 0).hand)):
            out.append(a)
    return out


def test_the_lesson_plays_through_with_the_levels_own_bots():
    setup = LEVEL.setup
    st = RULES.new_game(setup)
    bots = {s: make_bot("kards", setup.seats[s].strength) for s in (1, 2, 3)}
    rngs = {s: GameRng(f"{setup.seed}:bot:{s}") for s in (1, 2, 3)}
    steps = list(LEVEL.lesson.steps)
    done = []
    for _ in range(300):
        if not steps:
            break
        seat = RULES.to_act(st)[0]
        legal = RULES.legal_actions(st, seat)
        if seat == 0 and len(legal) > 1:
            ok = step_actions(st, steps[0])
            assert ok, f"step {len(done) + 1} ({steps[0].do}) is not legal when the player is asked: {legal}"
            a = ok[0]
            done.append(steps.pop(0).do)
        elif seat == 0:
            a = legal[0]                # a claim window with nothing to claim: the table passes for you
        else:
            a = bots[seat].choose(RULES.view(st, seat), legal, rngs[seat])
        st, _ = RULES.apply(st, seat, a)
    assert done == ["discard", "pung", "discard", "mahjongg"]
    assert st.winner == 0 and st.win["discarder"] is None            # out with a card from the wall


def test_the_lesson_teaches_draw_discard_pung_and_going_out_in_its_words():
    says = [s.say for s in LEVEL.lesson.steps]
    assert "drew a card from the wall" in says[0] and "pung" in says[1] and "Mah-Jongg" in says[3]
    assert LEVEL.fixed_seed and LEVEL.kind == "learn"
