"""Self-play with pimc seats: whole games through the engine (every backend, checkpoint and
resume), drawing deals, and P(premium) per set."""

from __future__ import annotations

import signal

import numpy as np
import pytest

from analyzer.engine import RunResult
from analyzer.errors import JokerOddsError
from analyzer.games.tricks.analysis.selfplay import play_deals, play_games
from analyzer.games.tricks.rules import trick_rules
from analyzer.stopping import RunInterrupted

FAST = {"k": 4, "endgame": 2}


def test_pimc_games_same_numbers_on_every_backend_and_after_a_resume(tmp_path) -> None:
    rules = trick_rules("joker-54")
    pols = ["pimc", "heuristic", "heuristic"]
    common = {"seed": 5, "chunk_size": 1, "pimc": FAST}
    one = play_games(rules, pols, 4, workers=1, **common)
    two = play_games(rules, pols, 4, workers=2, **common)
    assert np.array_equal(one.run.totals, two.run.totals)
    ck = tmp_path / "games.ckpt"

    def stop_after_two(partial: RunResult) -> None:
        if partial.chunks_done == 2:
            signal.raise_signal(signal.SIGINT)

    with pytest.raises(RunInterrupted):
        play_games(rules, pols, 4, workers=1, checkpoint=ck, on_chunk=stop_after_two, **common)
    resumed = play_games(rules, pols, 4, workers=1, checkpoint=ck, **common)
    assert resumed.run.resumed_chunks == 2
    assert np.array_equal(resumed.run.totals, one.run.totals)
    assert one.games == 4 and sum(w.estimate for w in one.wins) >= 1.0


@pytest.mark.slow
def test_pimc_games_same_numbers_in_processes() -> None:
    rules = trick_rules("joker-54")
    pols = ["heuristic", "pimc", "heuristic"]
    common = {"seed": 6, "chunk_size": 1, "pimc": FAST}
    one = play_games(rules, pols, 3, workers=1, **common)
    procs = play_games(rules, pols, 3, backend="processes", workers=2, **common)
    assert np.array_equal(one.run.totals, procs.run.totals)


def test_premium_per_set_counts_every_set_of_every_player() -> None:
    g = play_games(trick_rules("georgian-joker"), ["heuristic"] * 4, 300, seed=2, chunk_size=100)
    for p in range(4):
        by_set = [e.count for e in g.premium_by_set[p]]
        assert sum(by_set) == round(g.premiums_per_game[p] * g.games)
        assert g.premium_per_set[p].count == sum(by_set) and g.premium_per_set[p].trials == 4 * 300
        assert g.premium_per_set[p].se > 0
    # a set of four full deals needs four exact deals, the rising set (1..8 cards) eight
    rising = sum(g.premium_by_set[p][0].count for p in range(4))
    full = sum(g.premium_by_set[p][1].count for p in range(4))
    assert full > 2 * rising
    row = g.rows()[0]  # the row reports player 0's count over his sets, with a 95 % interval
    e = g.premium_per_set[0]
    assert row["p_premium_per_set"] == e.count / (4 * 300) and row["p_premium_se"] == e.se
    assert row["p_premium_high"] - row["p_premium_low"] == pytest.approx(2 * 1.96 * e.se, rel=0.25)


def test_pimc_deals_with_drawing_play_every_card() -> None:
    rules = trick_rules("joker-54")
    r = play_deals(rules, 5, ["heuristic", "pimc", "heuristic"], 24, seed=3, pimc=FAST)
    assert sum(r.mean_tricks) == pytest.approx(rules.tricks_in_deal(5), abs=1e-12)
    assert r.deals == 24


def test_pimc_options_are_checked() -> None:
    with pytest.raises(JokerOddsError, match="the paranoid model needs the exact solver"):
        play_deals(trick_rules("joker-54"), 5, ["pimc", "heuristic", "heuristic"], 4,
                   pimc={"model": "paranoid"})
    with pytest.raises(JokerOddsError, match="with drawing pimc bids by the heuristic or by playouts"):
        play_games(trick_rules("joker-54"), ["pimc", "heuristic", "heuristic"], 1, pimc={"bid_mode": "bounds"})
