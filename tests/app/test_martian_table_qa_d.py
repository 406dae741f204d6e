"""The Martian table, QA round s7: the hand's payments show their arithmetic (written by the rules' settle);
opened screens are marked."""

from game.app.scenes.results import ResultsScene
from game.rules.martian import scoring
from tests.app.test_martian_table import open_table, pool  # noqa: F401  (pool is a fixture)


def test_the_hand_results_show_the_sums(menu_app, pool):  # noqa: F811
    scene = open_table(menu_app, ["human", "bot", "bot"])
    values = [6, -2, 4]
    transfers = [t.to_json() for t in scoring.settle(dict(enumerate(values)), 0, 2)]
    data = {"winner": 0, "east": 2, "values": values, "transfers": transfers, "lines": [],
            "totals": [0, 0, 0], "summary": "Hand 1"}
    results = ResultsScene(menu_app, data, scene.result_names(), final=False)
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
