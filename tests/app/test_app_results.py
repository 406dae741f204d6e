"""Results read any game's Result or round_end data: lines by seat, totals, payments apart."""

from fractions import Fraction

from game.app.input import Intent
from game.app.scenes.results import ResultsScene, fmt_value, sample_result, split_lines
from game.core.protocol import Result, ScoreLine
from tests.app.app_helpers import step


def test_payments_are_separated():
    scoring, payments = split_lines(sample_result())
    assert all(not l["name"].lower().startswith(("pay", "collect")) for l in scoring)
    assert len(payments) == 4


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
