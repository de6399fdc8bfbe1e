"""Estimates, standard errors, confidence intervals and goodness-of-fit tests.

>>> lo, hi = wilson_interval(50, 100)
>>> round(lo, 4), round(hi, 4)
(0.4038, 0.5962)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import stats as _st

__all__ = [
    "Z95",
    "GoodnessOfFit",
    "ProportionEstimate",
    "chi_square_gof",
    "proportion",
    "wilson_interval",
]

Z95 = float(_st.norm.ppf(0.975))


def wilson_interval(successes: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion (sound near 0 and 1)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1.0 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * np.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class ProportionEstimate:
    """A sampled probability with its standard error and 95 % Wilson interval."""

    count: int
    trials: int
    estimate: float
    se: float
    ci_low: float
    ci_high: float


def proportion(count: int, trials: int) -> ProportionEstimate:
    """Estimate of ``count / trials``.

    >>> proportion(25, 100).se
    0.04330127018922193
    """
    p = count / trials if trials else 0.0
    se = float(np.sqrt(p * (1 - p) / trials)) if trials else float("inf")
    lo, hi = wilson_interval(count, trials)
    return ProportionEstimate(int(count), int(trials), p, se, lo, hi)


@dataclass(frozen=True)
class GoodnessOfFit:
    """Pearson χ² test of observed counts against exact probabilities."""

    statistic: float
    dof: int
    p_value: float


def chi_square_gof(observed: np.ndarray, probabilities: np.ndarray) -> GoodnessOfFit:
    """χ² test; categories with zero exact probability must have zero counts and are dropped.

    >>> round(chi_square_gof(np.array([50, 50]), np.array([0.5, 0.5])).p_value, 3)
    1.0
    """
    obs = np.asarray(observed, dtype=float)
    prob = np.asarray(probabilities, dtype=float)
    keep = prob > 0
    if (obs[~keep] > 0).any():
        return GoodnessOfFit(float("inf"), int(keep.sum()) - 1, 0.0)
    n = obs.sum()
    expected = prob[keep] / prob[keep].sum() * n
    stat = float(((obs[keep] - expected) ** 2 / expected).sum())
    dof = int(keep.sum()) - 1
    return GoodnessOfFit(stat, dof, float(_st.chi2.sf(stat, dof)) if dof > 0 else 1.0)
