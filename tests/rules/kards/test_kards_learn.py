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


def play_through():
    """The lesson played to its end: the final state and, for each step, the kinds of the player's
    legal actions when it was asked (what the table showed as buttons)."""
    setup = LEVEL.setup
    st = RULES.new_game(setup)
    bots = {s: make_bot("kards", setup.seats[s].strength) for s in (1, 2, 3)}
    rngs = {s: GameRng(f"{setup.seed}:bot:{s}") for s in (1, 2, 3)}
    steps = list(LEVEL.lesson.steps)
    done, offered = [], []
    for _ in range(300):
        if not steps:
            break
        seat = RULES.to_act(st)[0]
        legal = RULES.legal_actions(st, seat)
        if seat == 0 and len(legal) > 1:
            offered.append({a.kind for a in legal})
            ok = step_actions(st, steps[0])
            assert ok, f"step {len(done) + 1} ({steps[0].do}) is not legal when the player is asked: {legal}"
            a = ok[0]
            done.append(steps.pop(0).do)
        elif seat == 0:
            a = legal[0]                # a claim window with nothing to claim: the table passes for you
        else:
            a = bots[seat].choose(RULES.view(st, seat), legal, rngs[seat])
        st, _ = RULES.apply(st, seat, a)
    return st, done, offered


def test_the_lesson_plays_through_with_the_levels_own_bots():
    st, done, _ = play_through()
    assert done == ["discard", "pung", "discard", "mahjongg"]
    assert st.winner == 0 and st.win["discarder"] is None            # out with a card from the wall


def test_the_lesson_teaches_draw_discard_pung_and_going_out_in_its_words():
    says = [s.say for s in LEVEL.lesson.steps]
    assert "drew a card from the wall" in says[0] and "pung" in says[1] and "Mah-Jongg" in says[3]
    assert LEVEL.fixed_seed and LEVEL.kind == "learn"


BUTTON_WORDS = {"standing": "Standing hand", "pung": "Pung", "mahjongg": "Mah-Jongg", "chow": "Chow",
                "kong": "Kong", "concealed_kong": "Kong", "expand": "Kong"}


def test_each_step_speaks_of_every_button_the_table_shows_then():
    """A newcomer sees a button for each of the turn's special actions; a step that leaves one
    unexplained leaves them to press it and meet the game's own terse refusal (the Standing hand
    button that turns up one card from going out)."""
    _, _, offered = play_through()
    steps = LEVEL.lesson.steps
    assert len(offered) == len(steps)
    for step, kinds in zip(steps, offered):
        for kind in kinds - {step.do, "discard", "pass"}:
            word = BUTTON_WORDS.get(kind, kind)
            assert word in step.say, f"step {step.do!r} shows a {word} button its words never mention"
            assert kind != "standing" or "standing hand" in step.nudge
