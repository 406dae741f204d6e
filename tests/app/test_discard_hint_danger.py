"""The Kards / Cuzzins hint weighs danger it can see: a discard that plainly hands another player
the round is passed over for a safe one that leaves the hand as near ready, and the words say so.
Hand-built positions; only what the viewer's view shows is used."""

from game.app.tablekit import discard_hint as dh

SETS = ("B1", "B2", "B3", "C4", "C5", "C6", "D7", "D8", "D9", "WE", "WE")


def name(k):
    return {"B5": "the 5 Bamboo", "DG": "the Green Dragon"}.get(k, k)


def test_a_dangerous_best_discard_gives_way_to_an_equal_safe_one_and_says_why():
    facts = dh.HintFacts(SETS + ("B5", "DG", "WN"), 4)
    plain = dh.analyse(facts)
    why = "is the card Ana named to win on (the standing hand is open)"
    warned = dh.analyse(dh.HintFacts(facts.hand, 4, danger={plain.discard: why}))
    assert warned.discard != plain.discard and warned.avoided == plain.discard
    lines = dh.hint_lines(warned, name)
    assert any(line.startswith(f"Careful: {name(plain.discard)} {why}") for line in lines)
    # with no danger the words carry no warning
    assert not any(line.startswith(("Careful", "Danger")) for line in dh.hint_lines(plain, name))


def test_no_safe_discard_as_good_keeps_the_shapes_choice_and_warns():
    facts = dh.HintFacts(SETS + ("B5", "B6", "DG"), 4)
    assert dh.analyse(facts).discard == "DG"                 # the only discard that leaves it ready
    why = "is the card Ana named to win on (the standing hand is open)"
    h = dh.analyse(dh.HintFacts(facts.hand, 4, danger={"DG": why}))
    assert h.discard == "DG" and h.avoided is None and h.shanten == 0
    assert f"Danger: the Green Dragon {why}, but any other discard sets your hand back." in dh.hint_lines(h, name)


def test_a_lessons_discard_is_never_swapped_for_safety():
    h = dh.analyse(dh.HintFacts(SETS + ("B5", "DG", "WN"), 4, danger={"B5": "x", "DG": "y"}), discard="B5")
    assert h.discard == "B5" and h.avoided is None and h.danger == ""


def test_dangers_read_only_what_is_shown():
    standing = dh.Shown("Ana", melds=(("B1", "B1", "B1"),), concealed=10, named="C7")
    assert dh.dangers([standing]) == {"C7": "is the card Ana named to win on (the standing hand is open)"}
    one_suit = dh.Shown("Bo", melds=(("D1", "D2", "D3"), ("D5", "D5", "D5"), ("WN", "WN", "WN")), concealed=4)
    got = dh.dangers([one_suit])
    assert set(got) == {f"D{i}" for i in range(1, 10)} and "Bo" in got["D4"]
    # not near out: two suits shown, or many pieces still hidden, or only two sets
    assert dh.dangers([dh.Shown("Cy", (("D1", "D2", "D3"), ("B5", "B5", "B5"), ("D7", "D8", "D9")), 4)]) == {}
    assert dh.dangers([dh.Shown("Cy", one_suit.melds, concealed=7)]) == {}
    assert dh.dangers([dh.Shown("Cy", one_suit.melds[:2], concealed=4)]) == {}
    assert dh.dangers([dh.Shown("Cy", (("WN",) * 3, ("WE",) * 3, ("DR",) * 3), concealed=4)]) == {}


def test_the_kards_table_hint_warns_from_an_open_standing_hand(app):
    """Through the real table: another seat's open standing hand names the card the shape would throw."""
    from dataclasses import replace
    from game.core.protocol import SeatConfig, Setup
    app.store.settings.anim_speed = 0.0
    app.start_game(Setup("kards", tuple(SeatConfig(k, "normal", "") for k in ("human", "bot", "bot", "bot")),
                         {}, 4, None))
    app.stack.apply()
    scene = app.stack.top
    v = scene.view
    hand = ("B1#1", "B2#1", "B3#1", "C4#1", "C5#1", "C6#1", "D7#1", "D8#1", "D9#1", "WE#1", "WE#2",
            "B5#1", "DG#1", "WN#1")
    plain = dh.analyse(replace(type(scene).HINT_FACTS(replace(v, hand=hand)), danger={}))
    standing = list(v.standing)
    standing[1] = (plain.discard, ("C1#1",) * 10)
    scene.view = replace(v, hand=hand, standing=tuple(standing))
    scene._hint_for = None
    h = scene.hint()
    assert h.avoided == plain.discard and h.discard != plain.discard
    assert any(line.startswith("Careful:") and scene.name_of(1) in line for line in scene.hint_lines())
