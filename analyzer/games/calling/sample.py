"""Monte Carlo of a calling game through :func:`analyzer.engine.run`, with 95 % intervals.

The kernel deals the first C cards of a shuffled deck (partial Fisher–Yates) and counts, per
deal, the number of matches and the position of the first match; every estimate (P(no match),
both distributions, the banker's EV and the expected deals per bank) comes from those integer
histograms.

>>> from analyzer.games.calling.game import calling_game
>>> s = sample_calling(calling_game("treize"), trials=20_000, seed=1)
>>> s.trials, int(s.match_hist.sum()), bool(s.p_no_match.ci_low < 0.3569 < s.p_no_match.ci_high)
(20000, 20000, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from analyzer.checkpoint import outcome_problem
from analyzer.engine import run
from analyzer.games.calling.game import CallingError, CallingGame
from analyzer.kernels.jit import kernel
from analyzer.kernels.rng import deal
from analyzer.results import TableResult
from analyzer.stats import MeanEstimate, ProportionEstimate, mean_from_sums, proportion

__all__ = ["CallingSample", "CallingTask", "calling_chunk", "hist_mean", "sample_calling"]


@kernel(nogil=True)
def calling_chunk(state, n_deals, card_ranks, calls):
    """``n_deals`` deals; returns ``[match histogram (C+1), first-match histogram (C+1)]``.

    First-match index 0 means no match, p = 1..C the call of the first match.
    """
    c = calls.shape[0]
    pack = card_ranks.copy()
    out = np.zeros(2 * (c + 1), np.int64)
    for _ in range(n_deals):
        deal(state, pack, c)
        matches = 0
        first = 0
        for i in range(c):
            if pack[i] == calls[i]:
                matches += 1
                if first == 0:
                    first = i + 1
        out[matches] += 1
        out[c + 1 + first] += 1
    return out


@dataclass(frozen=True)
class CallingTask:
    """Engine task: the call rank of every card and the calls (int64 arrays)."""

    card_ranks: np.ndarray
    calls: np.ndarray

    @classmethod
    def from_game(cls, game: CallingGame) -> CallingTask:
        return cls(game.card_ranks, np.array(game.calls, dtype=np.int64))

    def run_chunk(self, state: np.ndarray, n: int) -> np.ndarray:
        return calling_chunk(state, n, self.card_ranks, self.calls)

    def check_totals(self, totals: np.ndarray, trials: int) -> str | None:
        """Why a checkpoint's totals cannot be ``trials`` deals: both histograms count each deal once."""
        c = self.calls.shape[0]
        return outcome_problem(totals, trials, {"match histogram": slice(0, c + 1),
                                                "first-match histogram": slice(c + 1, None)})


def _inverse(x: float) -> float:
    return float("inf") if x == 0 else 1.0 / float(x)


def hist_mean(values: np.ndarray, hist: np.ndarray) -> MeanEstimate:
    """Mean of a sample given as a histogram (``hist[i]`` draws of ``values[i]``).

    >>> round(hist_mean(np.array([0.0, 1.0]), np.array([50, 50])).se, 4)
    0.0503
    """
    total = sum(int(h) * float(v) for h, v in zip(hist, values, strict=True))
    total_sq = sum(int(h) * float(v) ** 2 for h, v in zip(hist, values, strict=True))
    return mean_from_sums(int(hist.sum()), total, total_sq)


@dataclass(frozen=True)
class CallingSample(TableResult):
    """Histograms of a run and the estimates derived from them."""

    game: CallingGame
    trials: int
    seed: int
    match_hist: np.ndarray  # index j: deals with exactly j matches
    first_hist: np.ndarray  # index p = 1..C: first match at call p; index 0: no match

    @property
    def p_no_match(self) -> ProportionEstimate:
        return proportion(int(self.first_hist[0]), self.trials)

    def match_estimates(self) -> list[ProportionEstimate]:
        return [proportion(int(c), self.trials) for c in self.match_hist]

    def first_estimates(self) -> list[ProportionEstimate]:
        return [proportion(int(c), self.trials) for c in self.first_hist]

    @property
    def banker_ev(self) -> MeanEstimate:
        """Banker's mean result per deal per unit staked per player."""
        pay = np.array([self.game.payoff(p) for p in range(self.first_hist.size)], dtype=float)
        return hist_mean(pay, self.first_hist)

    @property
    def mean_matches(self) -> MeanEstimate:
        return hist_mean(np.arange(self.match_hist.size, dtype=float), self.match_hist)

    @property
    def deals_per_bank(self) -> tuple[float, float, float]:
        """(estimate, ci_low, ci_high) of 1 / P(no match); the interval inverts the Wilson one."""
        q = self.p_no_match
        return _inverse(q.estimate), _inverse(q.ci_high), _inverse(q.ci_low)

    def rows(self) -> list[dict[str, Any]]:
        """The sampled headline numbers with SE and 95 % CI."""
        props = [("P(no match)", self.p_no_match), ("P(first card matches)", self.first_estimates()[1])]
        means = [("mean matches", self.mean_matches), ("banker EV per unit per player", self.banker_ev)]
        return ([{"quantity": q, "estimate": e.estimate, "se": e.se, "ci_low": e.ci_low, "ci_high": e.ci_high}
                 for q, e in props]
                + [{"quantity": q, "estimate": m.mean, "se": m.se, "ci_low": m.ci_low, "ci_high": m.ci_high}
                   for q, m in means])

    def summary(self) -> dict[str, Any]:
        return {"game": self.game.name, "trials": self.trials, "seed": self.seed}


def sample_calling(game: CallingGame, trials: int, seed: int = 0, chunk_size: int = 1 << 18,
                   threads: int | None = None) -> CallingSample:
    """Deal ``trials`` random deals of ``game`` on the simulation engine."""
    if trials <= 0:
        raise CallingError(f"trials must be positive, got {trials}")
    res = run(CallingTask.from_game(game), trials=int(trials), seed=seed, chunk_size=chunk_size,
              threads=threads)
    c1 = game.n_calls + 1
    totals = np.asarray(res.totals, dtype=np.int64)
    return CallingSample(game, int(trials), int(seed), totals[:c1].copy(), totals[c1:].copy())
