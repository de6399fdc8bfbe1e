"""Monte Carlo cross-check of an exact analysis: play random deals with the optimal holds.

The task deals five cards, looks up the optimal hold of that deal (the analysis' holds mapped
from the suit-canonical deals to every deal), draws from the rest of the deck and counts the
final classes. Its 95 % CI for the return must contain the exact return.

>>> from analyzer.games.videopoker.exact import analyze
>>> mc = simulate(analyze("jacks-or-better-9-6"), trials=200_000, seed=1)
>>> mc.estimate.ci_low < 0.995439 < mc.estimate.ci_high
True
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb
from typing import Any

import numpy as np

from analyzer import engine
from analyzer.checkpoint import outcome_problem
from analyzer.games.videopoker import kernels as K
from analyzer.games.videopoker.exact import Analysis
from analyzer.results import TableResult
from analyzer.stats import MeanEstimate, mean_from_sums

__all__ = ["MonteCarloCheck", "VideoPokerTask", "best_holds_for_every_deal", "simulate"]


@dataclass(frozen=True)
class VideoPokerTask:
    """Engine task: ``run_chunk`` returns class counts then counts by number of cards drawn."""

    n: int
    binom: np.ndarray
    class5: np.ndarray
    best_all: np.ndarray
    ncls: int
    pays: np.ndarray

    def run_chunk(self, state: np.ndarray, n: int) -> np.ndarray:
        return K.mc_chunk(state, n, self.n, self.binom, self.class5, self.best_all, self.ncls)

    def check_totals(self, totals: np.ndarray, trials: int) -> str | None:
        """Why a checkpoint's totals cannot be ``trials`` hands: each has one final class and one
        number of cards drawn."""
        width = max(self.ncls, 6)
        return outcome_problem(totals, trials, {"final hands": slice(0, width), "draws": slice(width, None)})

    def split(self, totals: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        width = max(self.ncls, 6)
        return totals[: self.ncls], totals[width: width + 6]

    def estimate(self, totals: np.ndarray) -> MeanEstimate:
        counts, _ = self.split(totals)
        trials = int(counts.sum())
        return mean_from_sums(trials, float(counts @ self.pays), float(counts @ (self.pays ** 2)))

    def estimates(self, totals: np.ndarray) -> dict[str, tuple[float, float]]:
        e = self.estimate(totals)
        return {"return": (e.mean, e.se)}


@dataclass(frozen=True)
class MonteCarloCheck(TableResult):
    """The sampled return, its CI, and whether the CI contains the exact return."""

    estimate: MeanEstimate
    exact: float
    counts: np.ndarray
    drawn: np.ndarray
    seed: int

    @property
    def contains_exact(self) -> bool:
        return self.estimate.ci_low <= self.exact <= self.estimate.ci_high

    def rows(self) -> list[dict[str, Any]]:
        e = self.estimate
        return [{"quantity": "return", "estimate": e.mean, "se": e.se, "ci_low": e.ci_low,
                 "ci_high": e.ci_high, "exact": self.exact, "in_ci": self.contains_exact}]

    def summary(self) -> dict[str, Any]:
        return {"seed": self.seed, "trials": self.estimate.trials}


def best_holds_for_every_deal(analysis: Analysis) -> np.ndarray:
    """The optimal hold (mask over sorted positions) of every deal, by colex index (int8)."""
    g = analysis.game
    row_of = np.full(comb(g.n, 5), -1, np.int64)
    d = g.deals
    idx = sum(g.binom[d[:, i], i + 1] for i in range(5))
    row_of[idx] = np.arange(d.shape[0])
    return K.best_holds_all(g.codes, g.pos_of_code(), g.binom, g.symmetric, row_of,
                            analysis.best.astype(np.int64))


def simulate(analysis: Analysis, trials: int, seed: int = 0, chunk_size: int = 1 << 18,
             **run_options: object) -> MonteCarloCheck:
    """Play ``trials`` hands through :func:`analyzer.engine.run` with the optimal holds."""
    g = analysis.game
    task = VideoPokerTask(g.n, g.binom, g.class5, best_holds_for_every_deal(analysis), g.ncls,
                          analysis.table.pays)
    result = engine.run(task, trials=trials, seed=seed, chunk_size=chunk_size, **run_options)  # type: ignore[arg-type]
    counts, drawn = task.split(result.totals)
    return MonteCarloCheck(task.estimate(result.totals), float(analysis.ret), counts, drawn, seed)
