"""Results read any game's Result or round_end data: lines by seat, totals, payments apart."""

from fractions import Fraction

from game.app.input import Intent
from game.app.scenes.results import ResultsScene, fmt_value, sample_result, split_lines
from game.core.protocol import Result, ScoreLine, Transfer
from tests.app.app_helpers import step


def test_payments_come_from_transfers_never_from_line_names():
    data = sample_result()
    data["lines"].append({"seat": 2, "name": "Pays nothing: a scoring line", "value": 1, "why": ""})
    data["transfers"].append("not a transfer")          # a malformed entry is left out, not fatal
    data["transfers"].append({"payer": None, "payee": 2, "amount": 5, "why": "own score"})   # not a payment
    scoring, payments = split_lines(data)
    assert payments == [Transfer(p, 0, 8, "each loser pays the winner 8") for p in (1, 2, 3)]
    assert scoring == data["lines"]


def test_the_screen_lists_each_transfer_by_payer_and_payee(menu_app):
    r = Result(False, (2, -2), (0,), (ScoreLine(0, "Settle up", 2, "a line named like a payment"),),
               transfers=(Transfer(1, 0, 2, "the winner is paid"),))
    scene = ResultsScene(menu_app, r, ["Ann", "Bob"])
    menu_app.stack.push(scene)
    step(menu_app, 2)
    rows = [row for row in scene._rows if row[0] == "line"]
    assert ("line", rows[-1][1], ["Bob pays Ann"], "2") == rows[-1][:4]
    assert [row[2] for row in rows] == [["Settle up"], ["Bob pays Ann"]]
    headings = [row[2] for row in scene._rows if row[0] == "heading"]
    assert headings == ["Payments"]


def test_values_read_like_a_score_pad():
    assert fmt_value(Fraction(33, 2)) == "16½"
    assert fmt_value("-3/4") == "-¾"
    assert fmt_value(2.5) == "2.5"
    assert fmt_value(12) == "12"


def test_from_a_protocol_result(menu_app):
    r = Result(True, (5, -5), (0,), (ScoreLine(0, "Mahjong", 5, "won"),), "Ann wins", "points")
    closed = []
    scene = ResultsScene(menu_app, r, ["Ann", "Bob"], on_close=lambda: closed.append(1))
    menu_app.stack.push(scene)
    step(menu_app, 2)
    assert scene.final and scene.title == "Game over"
    menu_app.dispatch(Intent("confirm"))
    menu_app.stack.apply()
    assert closed == [1]


def test_under_autoplay_a_round_result_moves_on_by_itself_but_the_final_one_stays(menu_app):
    from game.app.scenes import results
    menu_app.autoplay = True
    closed = []
    round_end = ResultsScene(menu_app, sample_result(), ["Ann", "Bob", "Cy", "Di"], final=False,
                             on_close=lambda: closed.append("round"))
    menu_app.stack.push(round_end)
    step(menu_app, 2)
    assert closed == [] and menu_app.stack.top is round_end          # time to read it first
    round_end.update(results.AUTOPLAY_READ_SECONDS)
    menu_app.stack.apply()
    assert closed == ["round"] and menu_app.stack.top is not round_end
    final = ResultsScene(menu_app, sample_result(), ["Ann", "Bob", "Cy", "Di"], final=True,
                         on_close=lambda: closed.append("final"))
    menu_app.stack.push(final)
    final.update(results.AUTOPLAY_READ_SECONDS * 3)
    menu_app.stack.apply()
    assert closed == ["round"] and menu_app.stack.top is final


ENGINE = ("Player 1", "Player 2", "Player 3", "Player 4")


def test_the_engines_seat_names_become_the_players_names():
    # seen in a real window: "Player 4 wins 50 points on Player 1's discard" at a table of You, Ana, Bo, Cy
    from game.app.scenes.results import with_names
    names = ("You", "Ana", "Bo", "Cy")
    assert with_names("Player 4 wins 50 points on Player 1's discard", ENGINE, names) == \
        "Cy wins 50 points on your discard"
    assert with_names("Player 1 wins 50 points on Player 2's discard", ENGINE, names) == \
        "You win 50 points on Ana's discard"
    assert with_names("to Player 4: Mahjongg", ENGINE, names) == "to Cy: Mahjongg"
    assert with_names("Player 3 (West) went Mah-Jongg, on Player 1's discard.", ENGINE, names) == \
        "Bo (West) went Mah-Jongg, on your discard."
    # seen at 1024x640: "went Mah-Jongg, on you (West)'s discard" (the engine names the seat with its wind)
    assert with_names("Player 3 (South) went Mah-Jongg, on Player 1 (West)'s discard.", ENGINE, names) == \
        "Bo (South) went Mah-Jongg, on your discard."
    assert with_names("Player 1 (West) went Mah-Jongg, on Player 2 (North)'s discard.", ENGINE, names) == \
        "You (West) went Mah-Jongg, on Ana (North)'s discard."
    assert with_names("Player 1 (West) wins", ENGINE, names) == "You (West) win"
    # swapped all at once: a player may be called by another seat's default name
    assert with_names("Player 1 pays Player 2", ENGINE, ("Player 2", "Player 1", "C", "D")) == "Player 2 pays Player 1"
    assert with_names("Player 10 and Player 1", ENGINE + tuple(f"Player {i}" for i in range(5, 11)),
                      names + tuple("x" * i for i in range(5, 11))) == "xxxxxxxxxx and you"
    assert with_names("Player 2 wins", ENGINE, ENGINE) == "Player 2 wins"
    # Martian writes the table's own names: its Game over read "You wins with 5438 points."
    assert with_names("You wins with 5438 points.", ENGINE, names) == "You win with 5438 points."


def test_a_tables_results_name_its_players(menu_app):
    data = {"summary": "Player 4 wins 50 points on Player 1's discard",
            "lines": [{"seat": 3, "name": "Initial score", "value": 20, "why": "won by Player 4"}],
            "totals": [-100, -50, -50, 200],
            "transfers": [{"payer": 0, "payee": 3, "amount": 100, "why": "to Player 4: Mahjongg"}]}
    scene = ResultsScene(menu_app, data, ["You", "Ana", "Bo", "Cy"], engine_names=ENGINE)
    assert scene.data["summary"] == "Cy wins 50 points on your discard"
    assert scene.scoring[0]["why"] == "won by Cy"
    assert scene.payments[0].why == "to Cy: Mahjongg"


def test_a_payment_to_you_reads_pays_you(menu_app):
    # seen at a Cuzzins table: "Ana pays You" (the name capitalised as a subject)
    r = Result(False, (2, -2), (0,), (), transfers=(Transfer(1, 0, 2, "the winner is paid"), Transfer(0, 1, 1, "back")))
    scene = ResultsScene(menu_app, r, ["You", "Ana"])
    menu_app.stack.push(scene)
    step(menu_app, 2)
    lines = [row[2] for row in scene._rows if row[0] == "line"]
    assert ["Ana pays you"] in lines and ["You pay Ana"] in lines


class _Words:
    """Records the words drawn (draw_totals only fills, outlines and writes)."""
    def __init__(self):
        self.words = []

    def fill(self, *a, **k):
        pass

    outline = fill

    def text(self, text, *a, **k):
        self.words.append(text)


def test_a_round_that_reports_each_seats_score_says_it_in_the_boxes(menu_app):
    # seen: Rummy's round result boxes gave only the running totals ("34 points"); a round's own
    # score was only in the lines further down (Mint Tin's boxes say both)
    data = {"lines": [], "round_scores": [18, -4, 0, 22], "totals": [34, 62, 28, 76], "unit": "points",
            "summary": "Round 2: North went out."}
    scene = ResultsScene(menu_app, data, ["Ann", "Bob", "Cy", "Di"], final=False)
    canvas = _Words()
    scene.draw_totals(canvas)
    assert [w for w in canvas.words if "round" in w] == ["+18 this round", "-4 this round", "0 this round",
                                                         "+22 this round"]
    assert "total 62 points" in canvas.words
    final = ResultsScene(menu_app, data, ["Ann", "Bob", "Cy", "Di"], final=True)    # the game's end: totals only
    canvas = _Words()
    final.draw_totals(canvas)
    assert not [w for w in canvas.words if "round" in w] and "62 points" in canvas.words


def test_a_hand_says_each_seats_gain_and_its_own_word(menu_app):
    # seen (session 10): Martian's hand results were titled "Round over" under "Hand 7: ..." with a
    # "Next round" button, and its boxes gave only running totals, with no mark on the hand's winner
    data = {"lines": [], "changes": [-24, 24], "totals": [-656, 656], "unit": "points", "winner": 1,
            "summary": "Hand 7: Ana goes Mah Jongg for 12; the honour colour is violet."}
    scene = ResultsScene(menu_app, data, ["You", "Ana"], final=False, round_word="hand")
    menu_app.stack.push(scene)
    step(menu_app, 2)
    assert scene.title == "Hand over"
    assert [w.label for w in scene.ui.widgets] == ["Next hand"]
    canvas = _Words()
    scene.draw_totals(canvas)
    assert [w for w in canvas.words if "this hand" in w] == ["-24 this hand", "+24 this hand"]
    assert "Ana  ★" in canvas.words and "You" in canvas.words       # the hand's winner marked
    plain = ResultsScene(menu_app, {**data, "changes": None}, ["You", "Ana"], final=False)
    assert plain.title == "Round over"                # the other games keep their word


def test_an_enter_as_the_results_open_does_not_skip_them(menu_app, monkeypatch):
    # seen (s12, Kards): an Enter pressed to discard as the hand ended landed on the results and went
    # straight to the next round, so the round's scores were never seen
    from game.app.input import Intent
    from game.app.scenes import results
    monkeypatch.setattr(results, "INPUT_GRACE", 0.5)           # the conftest turns it off for other tests
    closed = []
    scene = ResultsScene(menu_app, sample_result(), ["Ann", "Bob", "Cy", "Di"], final=False,
                         on_close=lambda: closed.append("next"))
    menu_app.stack.push(scene)
    step(menu_app, 1)
    menu_app.dispatch(Intent("confirm"))
    menu_app.stack.apply()
    assert closed == [] and menu_app.stack.top is scene
    step(menu_app, 32)
    menu_app.dispatch(Intent("confirm"))
    menu_app.stack.apply()
    step(menu_app, 1)
    assert closed == ["next"]
