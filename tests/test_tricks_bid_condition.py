"""Conditioning a bidding table on the earlier bids: the pilot that measures how often the unseen
cards fit them (:func:`fit_count`, :func:`draws_per_sample`), the run-cost guard that counts the
draws it rejects, and the warning when samples found no fitting deal."""

from __future__ import annotations

import math

import numpy as np
import pytest
from click.testing import CliRunner

from analyzer.cli import main
from analyzer.engine import chunk_state
from analyzer.games.tricks.analysis.bid_kernels import fit_count
from analyzer.games.tricks.analysis.bidding import (
    MAX_TRIES,
    _task,
    draws_per_sample,
    exact_bid_table,
    situation,
)
from analyzer.games.tricks.rules import trick_rules

GEORGIAN = trick_rules("georgian-joker")


@pytest.mark.parametrize("bids", [[1, 0, 1], [0, 0, 0], [1, 1, 1]])
def test_the_pilot_share_matches_the_exact_one_card_share(bids: list[int]) -> None:
    """One card a seat: the exact table enumerates every deal and counts those that fit; 40,000
    pilot draws estimate that share within 4.5 binomial standard errors (fixed seed)."""
    s = situation(GEORGIAN, "Ah", "7h", 3, bids)
    exact = exact_bid_table(s, "heuristic", True).meta
    p = exact["consistent_deals"] / exact["deals"]
    assert 0 < p < 1
    task = _task(s, "heuristic", "heuristic", True, 0, 0, 0)
    n = 40_000
    fits = fit_count(chunk_state(5, 0), task.pool, s.seat, np.uint64(s.hand), s.trump, task.pre_bids,
                     GEORGIAN.players, s.cards, s.tricks, task.full_choice, n)
    assert abs(fits / n - p) <= 4.5 * math.sqrt(p * (1 - p) / n), (fits / n, p)


def test_draws_per_sample_is_one_unconditioned_and_the_cap_when_nothing_fits() -> None:
    s = situation(GEORGIAN, "Ah Kh 9s Jk1", "7h", 3, [4, 4, 4])  # nobody bids every trick here
    assert draws_per_sample(s, "heuristic", False) == 1.0
    assert draws_per_sample(s, "random") == 1.0  # random bidders: not conditioned by default
    assert draws_per_sample(s) == float(MAX_TRIES)
    fitting = draws_per_sample(situation(GEORGIAN, "Ah Kh 9s Jk1", "7h", 3, [1, 1, 1]))
    assert 1.0 < fitting < 50.0


def _bid(*extra: str) -> list[str]:
    return ["tricks", "bid", "--game", "georgian-joker", "--hand", "Ah Kh 9s Jk1", "--up", "7h", "--seat", "3",
            *extra]


def test_the_guard_counts_the_draws_that_conditioning_rejects(monkeypatch: pytest.MonkeyPatch) -> None:
    """100 million samples of a 4-card hand: under the hour unconditioned; past it when every sample
    draws the unseen cards 2,000 times for bids nobody makes (refused, with the estimate)."""
    import analyzer.games.tricks.analysis.bidding as bidding

    class Ran(Exception):
        pass

    def ran(*args: object, **kwargs: object) -> None:
        raise Ran

    monkeypatch.setattr(bidding, "bid_table", ran)
    size = ["--samples", str(10**8)]
    r = CliRunner().invoke(main, _bid("--bids", "4,4,4", *size))
    assert r.exit_code == 2 and "--samples 100,000,000: about" in r.stderr and "hours" in r.stderr, r.stderr
    for allowed in (_bid("--bids", "4,4,4", "--no-condition", *size), _bid("--bids", "1,1,1", *size)):
        r = CliRunner().invoke(main, allowed)
        assert isinstance(r.exception, Ran), r.output


def test_samples_without_a_fitting_deal_are_a_warning_and_the_share_is_printed() -> None:
    r = CliRunner().invoke(main, _bid("--bids", "4,4,4", "--samples", "50"))
    assert r.exit_code == 0, r.output
    assert ("Warning: 50 of 50 samples found no deal that fits the earlier bids in 2,000 draws"
            in r.stderr), r.stderr
    r = CliRunner().invoke(main, _bid("--bids", "1,1,1", "--samples", "50"))
    assert r.exit_code == 0 and "Warning" not in r.stderr, r.stderr
    footer = " ".join(r.stdout.split())
    assert "% of the draws fit the earlier bids); best bid" in footer, footer
