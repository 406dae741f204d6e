"""Seen in a real window at the Martian challenge 'Take it from the table': the hint said 'Claim the
discard for your Kong and call Mah Jongg', while the gold button (the one Enter presses) stayed on
'Kong' alone; pressing it took the piece without going out, and the challenge failed."""

from game.app.input import Intent
from game.core.levels import LEVELS_DIR, load_level
from game.core.match import Match
from game.app.tables import table_scene_for
from tests.app.app_helpers import run_until
from tests.app.test_martian_table import pool  # noqa: F401 (a fixture)


def test_the_hints_claim_answer_becomes_the_gold_button_that_enter_presses(menu_app, pool):
    app = menu_app
    level = load_level(LEVELS_DIR / "martian" / "challenge-5-claim.toml")
    scene = table_scene_for("martian")(app, Match(level.fresh_setup()), level)
    app.stack.push(scene)
    app.stack.apply()
    assert run_until(app, lambda: scene.claim_bar.visible, 600)
    choices = scene.claim_choices(scene.viewer)
    words = [text for text, _ in choices]
    assert words[0] == "Kong" and any("Mah Jongg" in w for w in words)
    gold = [b for b in scene.claim_bar.buttons if b.primary]
    assert [b.label for b in gold] == ["1  Kong"]                     # as seen, before the hint
    out = next(a for text, a in choices if "Mah Jongg" in text)
    scene._give_hint(out)                                             # what the hard bot answers here
    gold = [b for b in scene.claim_bar.buttons if b.primary]
    assert len(gold) == 1 and "Mah Jongg" in gold[0].label
    assert scene.claim_bar.ui.focused is gold[0]
    app.dispatch(Intent("confirm"))
    app.stack.apply()
    assert run_until(app, lambda: scene.goal_state is not None, 600)
    assert scene.goal_state is True
