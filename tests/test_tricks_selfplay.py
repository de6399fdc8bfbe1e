"""Self-play kernels: deal invariants, reproducibility across backends, heuristic vs random."""

from __future__ import annotations

import numpy as np
import pytest

from analyzer.engine import chunk_state
from analyzer.errors import JokerOddsError
from analyzer.games.tricks.analysis.selfplay import play_deals, play_games
from analyzer.games.tricks.deck import deck_array, trick_deck
from analyzer.games.tricks.kernels.dealing import policy_state
from analyzer.games.tricks.policies.seats import deal_and_play, new_position, new_search
from analyzer.games.tricks.rules import trick_rules
from analyzer.stats import Z95
from tests.test_tricks_state import georgian_score


def play_deal(dstate: np.ndarray, pstate: np.ndarray, pack: np.ndarray, p: int, n: int, rp: np.ndarray,
              pol: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """One self-play deal (no pimc seat): its bids, tricks taken and scores by seat, and the trump."""
    g = new_position(p, pack.size)
    search = new_search(np.zeros(5, np.int64), np.ones(4, np.uint64), 1)
    trump = deal_and_play(dstate, pstate, pack, g, n, 0, rp, pol, search, np.zeros(48, np.int64))
    return g[6], g[7], g[8], int(trump)


@pytest.mark.parametrize("policy", [0, 1])
def test_kernel_deals_obey_the_table(policy: int) -> None:
    rules = trick_rules("georgian-joker")
    rp = rules.params()
    pack = deck_array(trick_deck("36j"))
    dstate = chunk_state(5, 0)
    pstate = policy_state(dstate)
    pol = np.full(4, policy, np.int64)
    for i in range(3000):
        n = 1 + i % 9
        bids, took, scores, _ = play_deal(dstate, pstate, pack, 4, n, rp, pol)
        assert took.sum() == n
        assert bids.sum() != n  # the hook: the dealer may not make the bids add up
        assert scores.tolist() == [georgian_score(int(b), int(k), n) for b, k in zip(bids, took, strict=True)]
        assert sorted(pack.tolist()) == sorted(trick_deck("36j").bits)


def test_same_seed_same_numbers_on_every_backend() -> None:
    rules = trick_rules("joker-54")
    base = play_deals(rules, 6, ["heuristic", "random", "heuristic"], 4000, seed=3, chunk_size=1000,
                      workers=1)
    two = play_deals(rules, 6, ["heuristic", "random", "heuristic"], 4000, seed=3, chunk_size=1000,
                     workers=2)
    procs = play_deals(rules, 6, ["heuristic", "random", "heuristic"], 4000, seed=3, chunk_size=1000,
                       backend="processes", workers=1)  # a fresh process (two: test_engine.py)
    assert np.array_equal(base.run.totals, two.run.totals)
    assert np.array_equal(base.run.totals, procs.run.totals)
    assert sum(base.mean_tricks) == pytest.approx(rules.tricks_in_deal(6), abs=1e-12)


def test_target_se_stops_early() -> None:
    r = play_deals(trick_rules("georgian-joker"), 4, ["random"] * 4, None, seed=1, chunk_size=2000,
                   target_se=2.0, max_trials=200_000)
    assert r.run.stop_reason == "target"
    assert max(e.se for e in r.score) <= 2.0


def test_heuristic_beats_random_seat_rotated() -> None:
    rules = trick_rules("georgian-joker")
    base = play_deals(rules, 9, ["random"] * 4, 20_000, seed=8, chunk_size=5000)
    for seat in range(4):
        pols = ["random"] * 4
        pols[seat] = "heuristic"
        h = play_deals(rules, 9, pols, 20_000, seed=8, chunk_size=5000)
        diff = h.score[seat].mean - base.score[seat].mean
        se = float(np.hypot(h.score[seat].se, base.score[seat].se))  # conservative: ignores the pairing
        assert diff - Z95 * se > 0, (seat, diff, se)


def test_whole_games_premium_and_totals() -> None:
    rules = trick_rules("georgian-joker")
    g = play_games(rules, ["heuristic"] * 4, 300, seed=2, chunk_size=100)
    assert g.games == 300 and len(rules.schedule_cards()) == 24
    assert sum(w.estimate for w in g.wins) >= 1.0  # shared wins count for each
    assert all(0 <= x <= 24 for x in g.exact_per_game)
    off = play_games(trick_rules("georgian-joker", ["premium=off"]), ["heuristic"] * 4, 300, seed=2,
                     chunk_size=100)
    assert sum(off.premiums_per_game) == 0
    assert sum(g.premiums_per_game) > 0  # some player was exact through a whole set
    assert [e.mean for e in off.total] != [e.mean for e in g.total]


def test_kernel_54_deals_draw_and_score() -> None:
    from tests.test_tricks_state import score_54

    rules = trick_rules("joker-54")
    rp = rules.params()
    pack = deck_array(trick_deck("52+2"))
    dstate = chunk_state(6, 0)
    pstate = policy_state(dstate)
    for i in range(2000):
        n = 2 + i % 7
        bids, took, scores, _ = play_deal(dstate, pstate, pack, 3, n, rp, np.array([0, 1, i % 2]))
        assert took.sum() == rules.tricks_in_deal(n)  # drawing: every card of the stock is played
        for b, k, sc in zip(bids, took, scores, strict=True):
            assert sc in {score_54(int(b), int(k), j) for j in range(3)}  # less 10 a led joker


def test_games_played_one_by_one_are_the_engine_run_of_one_game_a_chunk() -> None:
    from analyzer.games.tricks.analysis.selfplay import play_games_each

    r = trick_rules("georgian-joker")
    pol = ["heuristic", "random", "heuristic", "heuristic"]
    g, finals = play_games_each(r, pol, 7, seed=3, workers=2)
    ref = play_games(r, pol, 7, 3, chunk_size=1, quiet=True)
    assert np.array_equal(g.run.totals, ref.run.totals) and g.rows() == ref.rows()
    assert finals.shape == (7, 4) and np.array_equal(finals.sum(axis=0), ref.run.totals[:4])
    with pytest.raises(JokerOddsError, match="games must be"):
        play_games_each(r, pol, 0)
