"""Pinned outcomes: short fixed-seed bot games must play exactly as they did when pinned.

Each case runs `game.sim.run(..., digest=True)`, which hashes every game's full action log and
result. Speed work on the rules engines and bots must leave these digests alone; a change here
means some game now plays differently. Update a digest only for an intended change of play
(a rule fix, a new bot), and say so in the commit.
"""

import pytest

from game.sim import run

CASES = [
    # (game, options, seats, games, seed, digest)
    ("minttin", {"mode": "2p"}, ["normal", "normal"], 2, 11,
     "7217e3d71a24be8a4b6bd3b1871c772189d9971182e1dccbd2c1cdb50a3069e9"),
    ("minttin", {"mode": "2p"}, ["hard", "easy"], 1, 12,
     "de8514ec4288b6b5a21c781bf5dc603d4ba3d6273d6d31aa7b2edbe13bd2f0d6"),
    ("minttin", {"mode": "solo"}, ["normal"], 2, 13,
     "94975242e00bc7dcdcda121c680f378da4123fc06acc07a3d138a0ce40dde591"),
    ("minttin", {"mode": "solo"}, ["hard"], 1, 14,
     "5df68d8ccbfa03a96ac803016bf953c735016da7b60777603d77bbbe57a9a9eb"),
    ("minttin", {"mode": "solo"}, ["easy"], 1, 15,
     "4d362b1c37b85d89bbb7f6a9d5c5d7fda585700b7d807d0dbcfd83f69347bbc4"),
    ("rummy", {}, ["normal"] * 4, 1, 16,
     "d9c1756e1ef8a4ff808665a51a23c57acc4a77d71d16f9db9ae738c0abc89e7c"),
    ("rummy", {}, ["easy"] * 4, 1, 17,
     "18f035639275d905eba2e0a3c1c421bfa6d45952552d84ab1c1fdc907a4c5398"),
    ("rummy", {}, ["hard", "normal", "easy", "easy"], 1, 18,
     "20ce44e6b5b8b123217df35634a58d9797700456d091b50fa45bfa906dced2b1"),
    ("martian", {}, ["normal"] * 3, 1, 19,
     "74de54df309cffd28ac0d9bdb9ba5e6786677e2442962658bf2a6ecefda4e871"),
    ("martian", {}, ["easy", "normal"], 1, 20,
     "bad275389d8e5330a94ecdeda65c7ac43b27265d85421f4c9c7b519a9e1e849e"),
]


@pytest.mark.parametrize("game,options,seats,games,seed,digest", CASES,
                         ids=[f"{c[0]}-{c[1].get('mode', '4p')}-{'-'.join(c[2])}-seed{c[4]}" for c in CASES])
def test_fixed_seed_games_play_as_pinned(game, options, seats, games, seed, digest):
    summary = run(game, games, seed, list(seats), dict(options), digest=True)
    assert summary["errors"] == 0, summary["error_samples"]
    assert len(summary["game_digests"]) == games
    assert summary["digest"] == digest, (
        f"{game} {options} {seats} seed {seed}: the games no longer play as pinned "
        f"(per game: {summary['game_digests']})")


def test_digest_tells_different_games_apart():
    a = run("minttin", 1, 11, ["normal", "normal"], {"mode": "2p"}, digest=True)
    b = run("minttin", 1, 12, ["normal", "normal"], {"mode": "2p"}, digest=True)
    assert a["game_digests"] != b["game_digests"]
    assert "digest" not in run("minttin", 1, 11, ["normal", "normal"], {"mode": "2p"})


def test_the_sim_collects_less_often_and_gives_the_collector_back_as_it_was():
    import gc
    from game import sim
    before = gc.get_threshold()
    seen = []
    real = sim._run
    try:
        sim._run = lambda *a: seen.append(gc.get_threshold()) or {"errors": []}
        run("rummy", 1, 1, ["normal"] * 4, {})
        with pytest.raises(KeyError):
            sim._run = lambda *a: (_ for _ in ()).throw(KeyError("boom"))
            run("rummy", 1, 1, ["normal"] * 4, {})
    finally:
        sim._run = real
    assert seen == [(max(before[0], sim.SIM_GC_THRESHOLD), *before[1:])]
    assert gc.get_threshold() == before          # restored, after an error too
