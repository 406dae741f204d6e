"""The Martian table, QA round s7: the hand's payments show their arithmetic; opened screens are marked."""

from hypothesis import given, settings
from hypothesis import strategies as st

from game.app.scenes.results import ResultsScene
from game.app.tables import martian_words as mw
from game.rules.martian import scoring
from tests.app.test_martian_table import open_table, pool  # noqa: F401  (pool is a fixture)


def test_each_kind_of_payment_says_its_sum():
    # East (seat 2) loses; seat 0 wins with 6; seat 1 holds -2
    values = [6, -2, 4]
    transfers = [t.to_json() for t in scoring.settle(dict(enumerate(values)), 0, 2)]
    said = {(t["payer"], t["payee"]): mw.settlement_sum(t, values, 0, 2) for t in transfers}
    assert said[(1, 0)] == "Mah Jongg: the winning hand is worth 6"
    assert said[(2, 0)] == "Mah Jongg (East pays double): 6 × 2 = 12"
    assert said[(1, 2)] == "Difference of hands (East doubles): 4 − (−2) = 6, × 2 for East = 12"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-20, 60), min_size=2, max_size=4), st.data())
def test_every_sum_comes_out_at_the_amount_paid(values, data):
    winner = data.draw(st.integers(0, len(values) - 1))
    east = data.draw(st.integers(0, len(values) - 1))
    for t in scoring.settle(dict(enumerate(values)), winner, east):
        t = t.to_json()
        said = mw.settlement_sum(t, values, winner, east)
        assert said.startswith(t["why"])
        last = said.rsplit(" ", 1)[-1]
        assert last == str(t["amount"]) or said.endswith(f"worth {mw._n(values[winner])}"), said


def test_a_sum_that_does_not_match_falls_back_to_the_reason():
    t = {"payer": 1, "payee": 0, "amount": 99, "why": "Mah Jongg"}
    assert mw.settlement_sum(t, [6, 0], 0, 1) == "Mah Jongg"
    assert mw.settlement_sum({"why": "x"}, [1], 0, 0) == "x"


def test_the_hand_results_show_the_sums(menu_app, pool):  # noqa: F811
    scene = open_table(menu_app, ["human", "bot", "bot"])
    values = [6, -2, 4]
    transfers = [t.to_json() for t in scoring.settle(dict(enumerate(values)), 0, 2)]
    data = {"winner": 0, "east": 2, "values": values, "transfers": transfers, "lines": [],
            "totals": [0, 0, 0], "summary": "Hand 1"}
    results = ResultsScene(menu_app, data, scene.result_names(), final=False)
    scene.RESULTS_AFTER_PRESENTATION = False
    scene._show_results(results)
    whys = [t.why for t in results.payments]
    assert "Difference of hands (East doubles): 4 − (−2) = 6, × 2 for East = 12" in whys
    assert all("=" in w or "worth" in w for w in whys)


# ---------------------------------------------------------------------------------------- opened screens
PENALISED = {"east": 0, "turn": 0, "hands": [
    {"chow": ["red-S"], "pung": ["blue-M", None], "kong": ["green-L", None, None], "penalised": True},
    {"chow": ["yellow-S"], "pung": ["cyan-M", None], "kong": ["violet-L", None, None], "penalised": True},
    {"chow": ["orange-S"], "pung": ["red-M", None], "kong": ["blue-L", None, None]}]}


def screens(scene):
    return {it.owner: it.extra for it in scene.layout().items if it.part == "screen"}


def test_a_screen_the_penalty_opened_is_marked_yours_and_theirs(menu_app, pool):  # noqa: F811
    # seen: at a Strict table, after the opaque-discard penalty only the log said your screen was open
    scene = open_table(menu_app, ["human", "bot", "bot"], deal=PENALISED, options={"strict": True})
    assert scene.viewer == 0
    assert screens(scene) == {0: "opened", 1: "opened", 2: "closed"}


def test_an_unpenalised_own_screen_is_only_open(menu_app, pool):  # noqa: F811
    deal = {"east": 0, "turn": 0}
    scene = open_table(menu_app, ["human", "bot", "bot"], deal=deal)
    assert screens(scene) == {0: "open", 1: "closed", 2: "closed"}
