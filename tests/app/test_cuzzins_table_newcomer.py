"""What a newcomer saw at the Cuzzins table in a real window (QA round): a challenge's toast under
the "Mahjongg!" word, and the hint after the win saying no hand of yours was on show."""

import pygame

from game.app.input import Intent
from game.app.tablekit import announce as an
from game.app.tablekit import discard_table as dt
from game.app.tablekit import seats4
from game.core.match import Match
from game.core.protocol import SeatConfig, Setup
from tests.app.app_helpers import run_until
from tests.app.test_cuzzins_table import open_table, pool  # noqa: F401 (a fixture)

# levels/cuzzins/challenge-6-double-dice.toml: Cy deals and throws a double; the human's first draw wins
DOUBLE_DICE = {"dealer": 3, "dice": [4, 4],
               "hands": [["B2", "B3", "B4", "C4", "C5", "C6", "D4", "D5", "D6", "B6", "B6", "B6", "C9", "C9", "C9", "D9"],
                         ["B1", "B4", "B7", "B8", "C2", "C3", "C4", "C5", "C6", "C6", "D2", "D4", "D4", "D8", "D8",
                          "D9"],
                         ["B1", "B5", "B8", "B9", "B9", "C2", "C2", "C3", "C7", "C7", "C8", "D1", "D3", "D6", "D7",
                          "D9"],
                         ["B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9", "D1", "D2", "D3", "D5", "D7", "C7",
                          "C8", "C1"]],
               "wall": ["D9"], "loose": []}


def test_a_message_steps_aside_for_the_word_beside_the_bottom_river(menu_app, pool):
    app = menu_app
    scene = open_table(app, ["human", "bot", "bot", "bot"])
    scene.toast("Challenge complete: Come out of the hand 400 cents ahead.")

    def boxes():
        x, y, w, h = scene.toasts.pick_area(app.canvas, scene.toast_areas(), scene.toast_avoid())
        return [pygame.FRect(b) for b in scene.toasts.rects(app.canvas, x + w / 2, y + h, w - 48)]

    assert boxes()[0].centerx > 800 - 1          # nothing in the way: the wide space under the wall
    word = an.announce(scene.tweens, "Mahjongg!", seats4.ANNOUNCE_AT[seats4.BOTTOM])
    word.scale, word.alpha = 1.0, 1.0
    scene.announcements.append(word)
    assert not [b for b in boxes() if b.colliderect(word.rect(app.canvas))]
    goal = pygame.FRect(scene.GOAL_RECT)
    assert not [b for b in boxes() if b.colliderect(goal)]
    area = pygame.FRect(dt.TOAST_AREAS[1])
    assert all(area.contains(b) for b in boxes())


def double_dice_at_my_turn(app):
    """The one-hand Double Dice deal, the human (seat 0) to play with Mahjongg on its drawn D9."""
    setup = Setup("cuzzins", tuple(SeatConfig(k, "normal", "") for k in ["human", "bot", "bot", "bot"]),
                  {"hands": 1}, 106, DOUBLE_DICE)
    scene = open_table(app, match=Match(setup))
    assert run_until(app, lambda: scene.my_turn and scene.buttons, 600)
    return scene


def test_after_the_win_the_hint_says_the_hand_is_over(menu_app, pool):
    app = menu_app
    scene = double_dice_at_my_turn(app)
    app.dispatch(Intent("char", char="1"))          # Mahjongg on the drawn D9
    app.stack.apply()
    assert scene.ended is not None and scene.ended[1] == 0
    assert scene.hint_lines() == ["Nothing to hint: the hand is over."]


def test_the_plates_show_the_win_once_its_coins_have_landed(menu_app, pool):
    # seen in a real window: three 260¢ coins landed on "You · +0¢", which stayed +0¢ to the results
    from tests.app.app_helpers import step
    app = menu_app
    scene = double_dice_at_my_turn(app)
    app.store.settings.anim_speed = 1.0
    app.dispatch(Intent("char", char="1"))
    app.stack.apply()
    assert scene.coins and scene.ended is not None

    def plates():
        return [d.info.split(" · ")[-1] for d in scene.seat_data()]

    assert plates() == ["+0¢"] * 4                      # the coins are on their way
    for _ in range(400):
        step(app)
        if not scene._coins_flying():
            break
    assert plates() == ["+780¢", "-260¢", "-260¢", "-260¢"]
    assert scene.presenting() and app.stack.top is scene     # ... and stay a moment before the results
    from game.app.scenes.results import ResultsScene
    assert run_until(app, lambda: isinstance(app.stack.top, ResultsScene), 400)


def test_a_bot_looking_at_your_secret_is_told_to_you_as_yours(menu_app, pool):
    # the words were "Bo paid You 25¢ to look at a secret." for the holder's own secret
    from game.core.protocol import Event
    scene = open_table(menu_app, ["human", "bot", "bot", "bot"])
    names = [scene.name_of(s) for s in range(4)]
    scene.present([Event("paid_to_see", {"seat": 2, "target": 0, "index": 0, "transfers": []})])
    assert scene.toasts.texts[-1] == f"{names[2]} paid you 25¢ to look at your secret: {names[2]} now knows its tile."
    scene.present([Event("paid_to_see", {"seat": 2, "target": 3, "index": 0, "transfers": []})])
    assert scene.toasts.texts[-1] == f"{names[2]} paid {names[3]} 25¢ to look at {names[3]}'s secret."


def test_a_dead_hand_on_the_strict_table_is_said_in_the_players_names_and_stays_said(menu_app, pool):
    # seen in a real window: "Player 1 called Mahjongg without a complete hand: a dead hand." to the
    # human named You, and nothing on the table after the toast had gone
    app = menu_app
    setup = Setup("cuzzins", tuple(SeatConfig(k, "normal", n) for k, n in
                                   zip(["human", "bot", "bot", "bot"], ["You", "Ana", "Bo", "Cy"])),
                  {"hands": 1, "strict": True}, 16)
    scene = open_table(app, match=Match(setup))
    assert run_until(app, lambda: scene.my_turn and scene.buttons, 600)
    assert scene.buttons[0].label.endswith("Mahjongg!")        # the Strict table lets anyone call
    app.dispatch(Intent("char", char="1"))
    app.stack.apply()
    assert scene.view.dead[0]
    assert scene.toasts.texts[-1].startswith("You called Mahjongg without a complete hand: your hand is dead.")
    assert "Player 1" not in scene.toasts.texts[-1]
    assert scene.status().startswith("Your hand is dead: draw and discard")
    assert scene.seat_data()[0].info.startswith("dead · ")
    assert not scene.seat_data()[1].info.startswith("dead")


def test_the_hint_opens_under_a_long_status_line(menu_app, pool):
    from game.app.tables import cuzzins as ct
    app = menu_app
    setup = Setup("cuzzins", tuple(SeatConfig(k, "normal", "") for k in ["human", "bot", "bot", "bot"]),
                  {"hands": 1, "strict": True}, 16)
    scene = open_table(app, match=Match(setup))
    assert run_until(app, lambda: scene.my_turn and scene.buttons, 600)
    app.dispatch(Intent("char", char="1"))            # a dead hand: the longest status line
    app.stack.apply()
    app.dispatch(Intent("hint"))
    app.stack.apply()
    app.draw()
    x, y, w, h = scene.status_rect(app.canvas)
    written_to = y + h
    assert written_to > ct.HINT_RECT[1] and scene.hint_panel.rect[1] >= written_to


def test_continue_marks_the_newest_discard_as_the_table_did(menu_app, pool):
    # seen in a real window: after Continue, Cy's newest discard had lost its gold edge
    from game.app.tables.cuzzins import CuzzinsTable
    app = menu_app
    scene = open_table(app, ["human", "bot", "bot", "bot"], seed=4)

    def my_turn_after_a_discard():
        if scene.claim_bar.visible:
            app.dispatch(Intent("back"))              # pass
            app.stack.apply()
        elif scene.my_turn and scene._last_discarder is None:
            scene.selected = 0
            app.dispatch(Intent("confirm"))
            app.stack.apply()
        return scene.my_turn and scene._last_discarder is not None

    assert run_until(app, my_turn_after_a_discard, 3000)
    before = scene._last_discarder
    again = CuzzinsTable(app, Match.from_json(scene.match.to_json()))
    assert again._last_discarder == before
    assert CuzzinsTable(app, Match(scene.match.setup))._last_discarder is None
