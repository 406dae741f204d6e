"""What a newcomer saw at the Kards table in a real window (QA round): the hint written over the
last line of the turn's instructions, a challenge's toast over its goal, a card table's curtain
offering to "show my pieces", and after a Mah-Jongg the others' last turns looking like play
going on ("Ana is playing…") while the hint still said to declare Mah-Jongg."""

import pygame
import pytest

from game.app import theme
from game.app.input import Intent
from game.app.scenes.handoff import HandoffScene
from game.app.tables import kards as kt
from game.core.match import Match
from game.rules.kards import MahJongg
from tests.app.app_helpers import run_until, step
from tests.app.test_kards_table import claim_deal, my_turn, open_table, pool  # noqa: F401 (a fixture)

# levels/kards/challenge-1-happy-family.toml: East holds four wind pungs but one North; the wall's
# fourth draw (East's next) is that North
HAPPY = {"east": 0,
         "hands": [["WE", "WE", "WE", "WS", "WS", "WS", "WW", "WW", "WW", "WN", "WN", "DR", "DR", "B5"],
                   ["B8", "B9", "C3", "C5", "C7", "C9", "D2", "D6", "D7", "D8", "D9", "DG", "DW"],
                   ["B1", "B2", "C2", "C3", "C5", "C7", "C9", "D1", "D2", "D3", "D4", "D8", "DG"],
                   ["B8", "C1", "C2", "C3", "C5", "C7", "C8", "D3", "D4", "D5", "D6", "D7", "DG"]],
         "wall": ["C2", "D8", "B9", "WN"], "box": ["WN", "DR", "DR"]}


def test_the_hint_opens_under_the_whole_status_line(menu_app, pool):
    app = menu_app
    scene = open_table(app, ["human", "bot", "bot", "bot"], claim_deal(east=0))
    assert run_until(app, my_turn(scene), 300)
    scene.buttons.append(scene.sort_button)       # the longest instructions: "Or use a button on the right."
    _x, top, _w, h = scene.status_rect(app.canvas)
    written_to = top + h
    assert written_to > kt.HINT_RECT[1], "the case seen: the instructions run past where the hint used to start"
    app.dispatch(Intent("hint"))
    app.stack.apply()
    app.draw()
    x, y, w, h = scene.hint_panel.rect
    assert y >= written_to
    assert y + scene.hint_panel.fit(app.canvas, scene.hint_lines()).height <= kt.GOAL_RECT[1]


def test_a_message_never_covers_the_challenge_goal(menu_app, pool):
    app = menu_app
    scene = open_table(app, ["human", "bot", "bot", "bot"], claim_deal(east=0))
    scene.toast("Challenge complete: Win with Happy Family: pungs of all four winds and a pair of dragons.")
    scene.toast("A second message, in case two are up at once.")
    area = scene.toasts.pick_area(app.canvas, scene.toast_areas(), scene.toast_avoid())
    x, y, w, h = area
    boxes = [pygame.FRect(b) for b in scene.toasts.rects(app.canvas, x + w / 2, y + h, w - 48)]
    goal = pygame.FRect(kt.GOAL_RECT)
    assert boxes and not [b for b in boxes if b.colliderect(goal)]
    hand = scene.layout().regions.get((0, "hand"))
    assert hand is not None and not [b for b in boxes if b.colliderect(pygame.FRect(hand))]


def test_the_hot_seat_curtain_offers_to_show_cards(menu_app, pool):
    app = menu_app
    open_table(app, ["human", "human", "bot", "bot"], claim_deal(east=0))
    curtain = app.stack.top
    assert isinstance(curtain, HandoffScene)
    assert curtain.button.label.endswith("show my cards")


def test_after_a_mahjongg_the_table_says_the_others_play_one_last_turn(menu_app, pool):
    app = menu_app
    scene = open_table(app, ["human", "bot", "bot", "bot"], HAPPY, seed=801)
    assert run_until(app, my_turn(scene), 300)
    five = next(i for i, p in enumerate(scene.hand) if p.startswith("B5"))
    scene.selected = five
    app.dispatch(Intent("confirm"))
    app.stack.apply()
    assert run_until(app, lambda: scene.my_turn and any(isinstance(a, MahJongg) for a in scene.legal), 600)
    assert scene.buttons[0].label.endswith("Mah-Jongg!")
    app.dispatch(Intent("char", char="1"))        # its number key declares it
    app.stack.apply()
    assert scene.view.winner == 0 and scene._reveal is None
    assert scene.status().startswith(f"{scene.name_of(0)} went Mah-Jongg: the others play one last turn each")
    assert scene.hint_lines() == [
        "You went Mah-Jongg: the round is scored once the others have played their last turns."]
    assert run_until(app, lambda: scene._reveal is not None, 2000)
    assert "went Mah-Jongg with Happy Family, drawn from the wall" in scene.status()
    assert scene.hint_lines() == ["Nothing to hint: the round is over."]
    step(app)


# Cy deals (East) and must throw the North Wind or the Red Dragon; the human (next in turn) waits
# on a pung of either, so East's first discard is a Mah-Jongg
SHANPON = {"east": 3,
           "hands": [["C7", "C8", "C9", "D1", "D2", "D3", "B7", "B8", "B9", "WN", "WN", "DR", "DR"],
                     ["C1", "C1", "C3", "C3", "C5", "D5", "D7", "D7", "B2", "B3", "WE", "WE", "DG"],
                     ["C4", "C4", "C6", "C6", "C8", "D6", "D8", "D8", "B4", "B6", "WS", "WS", "DW"],
                     ["B1", "B1", "B1", "B5", "B5", "B5", "C2", "C2", "C2", "D4", "D5", "D6", "WN", "DR"]],
           "wall": ["D9", "D9", "D9", "D9"]}


@pytest.mark.parametrize("how", ["mouse", "key"])
def test_the_hint_in_a_claim_window_names_the_discard_that_wins(menu_app, pool, how):
    # seen in a real window: "Mah-Jongg is yours to declare (a special hand)" for a plain pung wait
    app = menu_app
    scene = open_table(app, ["human", "bot", "bot", "bot"], SHANPON, seed=6)
    assert run_until(app, lambda: scene.claim_bar.visible, 600)
    offer = scene.view.discard
    assert offer.split("#")[0] in ("WN", "DR")
    lines = scene.hint_lines()
    assert lines[0] == f"{kt.name(offer)} completes your hand: claim it with Mah-Jongg!"
    assert not any("special" in line for line in lines)
    labels = [b.label for b in scene.claim_bar.buttons]
    assert labels[0] == "1  Mah-Jongg" and labels[-1].endswith("Pass")
    if how == "mouse":
        from tests.app.test_kards_table import press
        press(app, scene.claim_bar.buttons[0])
    else:
        app.dispatch(Intent("char", char="1"))
        app.stack.apply()
    assert scene.match.log[-1].seat == 0 and scene.match.log[-1].action == scene.rules.encode_action(MahJongg())


def test_continue_marks_the_newest_discard_as_the_table_did(menu_app, pool):
    # seen in a real window: after Continue the newest discard (Cy's) had lost its gold edge
    from game.core.match import Match
    app = menu_app
    scene = open_table(app, ["human", "bot", "bot", "bot"], claim_deal(east=0))
    assert run_until(app, my_turn(scene), 300)
    scene.selected = 0
    app.dispatch(Intent("confirm"))
    app.stack.apply()
    assert run_until(app, my_turn(scene), 600)       # the bots have played round to the human again
    before = scene._last_discarder
    assert before is not None
    again = kt.KardsTable(app, Match.from_json(scene.match.to_json()))
    assert again._last_discarder == before
    assert kt.KardsTable(app, Match(scene.match.setup))._last_discarder is None    # a new game: none yet


def test_the_strict_tables_claim_bar_names_each_mahjongg_and_keeps_clear_of_the_hand(menu_app, pool):
    # seen in a real window (levels/kards/challenge-3-strict-table.toml): ten buttons, four of them
    # "Declares mah-jongg, the di…", and the bar grown down over the player's own hand
    import pygame
    from game.app.tablekit.discard_table import CLAIM_BAR_BOTTOM
    app = menu_app
    scene = open_table(app, ["human", "bot", "bot", "bot"], seed=803, options={"strict": True})
    assert run_until(app, lambda: scene.claim_bar.visible and len(scene.claim_bar.buttons) > 6, 3000)
    labels = [b.label.split("  ", 1)[1] for b in scene.claim_bar.buttons]
    assert labels[:5] == ["Mah-Jongg", "Mah-Jongg: finishes a pair", "Mah-Jongg: finishes a chow",
                          "Mah-Jongg: finishes a pung", "Mah-Jongg: a special hand"]
    assert labels[-1] == "Pass"
    app.draw()
    x, y, w, h = scene.claim_bar.box
    assert y + h <= CLAIM_BAR_BOTTOM and y >= 0
    hand = pygame.FRect(scene.layout().regions[(0, "hand")])
    assert not pygame.FRect(x, y, w, h).colliderect(hand)
    from game.app import fonts, theme
    for b in scene.claim_bar.buttons:                       # every label whole on its button
        assert fonts.font(theme.BODY, True).size(b.label)[0] < b.box.w


def test_a_standing_hand_is_told_that_only_the_drawn_card_may_go(menu_app, pool):
    # seen in a real window (challenge-6-dealers-fortune): after "Standing!" the status still said
    # "click a card to pick it, click again to discard ... Drag a card" as if any card could go
    from dataclasses import replace
    scene = open_table(menu_app, ["human", "bot", "bot", "bot"], claim_deal(east=0))
    assert run_until(menu_app, my_turn(scene), 300)
    assert "click a card to pick it" in scene.status()
    scene.view = replace(scene.view, standing=(("D1", ()), None, None, None))
    assert scene.status().startswith("Your hand is standing, waiting for 1 Dots: only the card you drew may go")


def test_an_autoplayed_you_seat_reads_you_are_playing(menu_app, monkeypatch):
    # --autoplay names the computer's seat "You": the status said "You is playing…"
    import dataclasses
    from game.app.tables import table_scene_for
    from game.core.match import Match
    from game.core.protocol import SeatConfig, Setup
    from tests.app.app_helpers import step
    from tests.app.claimtoy_table import FakePool
    menu_app.store.settings.anim_speed = 0.0
    menu_app.bot_pool = FakePool(auto=False)         # the bots never answer: the table waits on them
    names = ("You", "Ana", "Bo", "Cy")
    setup = Setup("kards", tuple(SeatConfig("bot", "normal", n) for n in names), {}, 4)
    scene = table_scene_for("kards")(menu_app, Match(setup))
    menu_app.stack.push(scene)
    menu_app.stack.apply()
    step(menu_app, 2)
    real = scene.view
    for seat, said in ((0, "You are playing…"), (1, "Ana is playing…")):
        monkeypatch.setattr(scene, "view", dataclasses.replace(real, phase="draw", to_act=(seat,), winner=None))
        assert scene.status() == said


def test_the_hint_in_a_claim_window_says_which_claim_helps(menu_app, pool):
    # seen in a real window: asked to chow, the hint spoke only of draws and discards; now its
    # first line answers the question on the bar, with a claim on the bar or Pass
    from game.app.tablekit import discard_hint as dh
    app = menu_app
    scene = open_table(app, ["human", "bot", "bot", "bot"], claim_deal(east=3))
    assert run_until(app, lambda: scene.claim_bar.visible, 600)
    lines = scene.hint_lines()
    labels = [b.label.split("  ", 1)[1] for b in scene.claim_bar.buttons]
    assert lines[0].startswith("Pass:") or any(lines[0].startswith(f"Claim: {x} ") for x in labels[:-1])
    facts = kt.hint_facts(scene.view)
    assert lines[0] == dh.claim_advice(facts, scene.view.discard.split("#")[0],
                                       [(t, a.kind, getattr(a, "low", None)) for t, a in scene.claim_choices(0)])[1]



def test_in_the_last_turns_the_hint_counts_no_waits(menu_app, pool):
    # seen in a real window: after a Mah-Jongg the next player's hint still said "Ready: one discard
    # from waiting to go out ... you wait for 3 Bamboo", though nobody may go out any more (KRD-23)
    app = menu_app
    scene = open_table(app, ["bot", "human", "bot", "bot"], HAPPY, seed=801)   # East (a bot) draws its North
    while not scene.view.winner == 0:
        assert run_until(app, lambda: scene.view.winner == 0 or scene.my_turn and scene.view.phase == "turn"
                         or scene.claim_bar.visible, 3000)
        if scene.claim_bar.visible:
            app.dispatch(Intent("back"))             # Esc passes
            app.stack.apply()
        elif scene.view.winner is None:
            scene.selected = len(scene.hand) - 1
            app.dispatch(Intent("confirm"))
            app.stack.apply()
    assert run_until(app, lambda: scene.my_turn, 3000) and scene.view.phase == "after"
    lines = scene.hint_lines()
    assert lines[0].startswith("Last turn: nobody else can go out now")
    assert not any("wait" in line or "Ready" in line or "declare" in line for line in lines)
    h = scene.hint()
    assert h is not None and h.discard is not None
    assert lines[1] == f"Suggested discard: {kt.name(h.discard)} (it helps your hand least)."


def test_no_plate_names_a_wind_while_the_seats_are_thrown_for(menu_app, pool):
    # seen in a real window: while the dice were thrown for the seats a plate read "Player 1  East",
    # and the throw then made Player 3 East
    app = menu_app
    app.store.settings.anim_speed = 1.0
    scene = open_table(app, ["human", "bot", "bot", "bot"], seed=5)
    assert scene.view.phase == "seat_roll"
    assert all(d.wind is None and not d.info.startswith(tuple(kt.WIND_WORDS.values())) for d in scene.seat_data())
    assert run_until(app, lambda: scene.view.phase != "seat_roll", 6000)
    winds = [d.info.split(" · ")[0] for d in scene.seat_data()]
    assert sorted(winds) == sorted(kt.WIND_WORDS.values())


def test_a_challenges_hint_says_it_plays_for_any_way_out_and_names_the_goal(menu_app, pool):
    """Seen at Happy Family in a real window: 'you wait for North Wind (2 left), Red Dragon (2 left)',
    and going out on the Red Dragon is no Happy Family: the challenge fails. The hint knows nothing
    of the goal, so in a challenge it now says so under its advice (the goal panel has the goal)."""
    from game.core.levels import LEVELS_DIR, load_level
    app = menu_app
    level = load_level(LEVELS_DIR / "kards" / "challenge-1-happy-family.toml")
    scene = kt.KardsTable(app, Match(level.fresh_setup()), level)
    app.stack.push(scene)
    app.stack.apply()
    assert run_until(app, my_turn(scene), 300)
    app.dispatch(Intent("hint"))
    app.stack.apply()
    seen = []
    real = app.canvas.text
    app.canvas.text = lambda text, *a, **k: seen.append(text) or real(text, *a, **k)
    try:
        app.stack.draw(app.canvas)
    finally:
        app.canvas.text = real
    drawn = " ".join(seen)
    assert "Red Dragon" in drawn                        # the hint's waits, as seen
    assert "not for the challenge's goal" in drawn and "Win with Happy Family" in drawn
    fitted = scene.hint_panel.fit(app.canvas, scene.hint_lines() + [scene.hint_goal_note()])
    assert scene.hint_panel.rect[1] + fitted.height <= kt.GOAL_RECT[1]       # still clear of the goal panel
    scene.goal_state = True                             # decided: the note has no more to say
    assert scene.hint_goal_note() is None


def test_a_standing_hand_that_draws_its_card_is_told_to_declare_not_to_throw_it(app):
    """Seen in a real window (Hidden hand challenge): standing on 9 Bamboo, you drew it, and the status
    still said "only the card you drew may go (click it twice)", i.e. throw away the winning card."""
    from game.rules.kards.actions import Standing
    from tests.app.test_lesson_tables import start
    scene = start(app, "kards/challenge-4-concealed.toml")
    assert run_until(app, my_turn(scene), 300)
    stand = next(a for a in scene.legal if isinstance(a, Standing) and a.wait == "B9" and a.piece.startswith("DW"))
    assert scene.act(stand)
    assert run_until(app, lambda: my_turn(scene)() and scene.view.drawn is not None, 600)
    assert scene.view.drawn.startswith("B9") and scene.mahjongg_is_true()
    assert scene.status() == "You drew 9 Bamboo, the card your standing hand waits for: declare Mah-Jongg!"
