"""Estimates, standard errors, confidence intervals and goodness-of-fit tests.

>>> lo, hi = wilson_interval(50, 100)
>>> round(lo, 4), round(hi, 4)
(0.4038, 0.5962)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

__all__ = [
    "Z95",
    "GoodnessOfFit",
    "MeanEstimate",
    "ProportionEstimate",
    "category_proportions",
    "chi_square_gof",
    "estimate_pairs",
    "mean_from_sums",
    "proportion",
    "relative_se",
    "share_interval",
    "wilson_interval",
]

Z95 = 1.959963984540054  # = scipy.stats.norm.ppf(0.975); scipy is imported lazily (seconds at start-up)


def wilson_interval(successes: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion (sound near 0 and 1)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1.0 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * np.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    # at 0/n and n/n the exact bound is 0 or 1; keep rounding from leaving p outside
    return (max(0.0, min(p, float(centre - half))), min(1.0, max(p, float(centre + half))))


def share_interval(estimate: float, se: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """95 % interval of a share in [0, 1] known by its estimate and standard error rather than by a
    count (a proportion over clustered trials, such as P(fool) over seat-rotated deals; the mean of
    values in [0, 1], such as a pot share with split ties or a heads-up score with ½ for a draw):
    the Wilson interval at the effective number of trials ``p(1 - p) / se²`` (``trials`` when the
    estimate is 0 or 1 or the SE is 0). It always lies inside [0, 1] and holds the estimate.

    >>> lo, hi = share_interval(0.01, 0.012, 20)  # p - 1.96 se would be -0.0135
    >>> 0 <= lo <= 0.01 <= hi <= 1
    True
    >>> share_interval(0.0, 0.0, 20)[0], round(share_interval(0.0, 0.0, 20)[1], 4)
    (0.0, 0.1611)
    """
    if not np.isfinite(estimate) or not np.isfinite(se) or trials <= 0:
        return (0.0, 1.0)
    p = min(1.0, max(0.0, float(estimate)))
    var = float(se) * float(se)
    n = min(max(p * (1 - p) / var, 1e-9), 1e18) if 0.0 < p < 1.0 and var > 0 else float(trials)
    lo, hi = wilson_interval(p * n, n, z)
    return (min(lo, p), max(hi, p))  # p * n / n may round off p


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


def category_proportions(counts: np.ndarray) -> list[ProportionEstimate]:
    """One :func:`proportion` per entry of a multinomial count vector (trials = the sum).

    >>> [round(e.estimate, 2) for e in category_proportions(np.array([1, 3]))]
    [0.25, 0.75]
    """
    c = np.asarray(counts)
    n = int(c.sum())
    return [proportion(int(x), n) for x in c]


@dataclass(frozen=True)
class MeanEstimate:
    """A sampled mean (a return, an EV) with SD per trial, standard error and 95 % normal CI."""

    trials: int
    mean: float
    sd: float
    se: float
    ci_low: float
    ci_high: float


def mean_from_sums(trials: int, total: float, total_sq: float) -> MeanEstimate:
    """Mean, sample SD (n − 1), SE = SD/√n and ``mean ± 1.96·SE`` from ``(n, Σx, Σx²)``.

    The sums are what a chunked kernel accumulates; the SD per trial is reported because
    returns are heavy-tailed and the SE alone hides how wild a single trial is. The variance
    loses about ``√eps · max|x|`` to cancellation, so accumulate ``x − c`` for a rough centre
    ``c`` when the SD is tiny next to the mean (returns near 1 with SD ≥ 1 are safe).

    >>> e = mean_from_sums(4, 10.0, 30.0)      # x = 1, 2, 3, 4
    >>> e.mean, round(e.sd, 6), round(e.se, 6)
    (2.5, 1.290994, 0.645497)
    """
    n = int(trials)
    if n <= 0:
        nan = float("nan")
        return MeanEstimate(0, nan, nan, float("inf"), -float("inf"), float("inf"))
    mean = float(total) / n
    if n == 1:
        return MeanEstimate(1, mean, float("nan"), float("inf"), -float("inf"), float("inf"))
    var = max(0.0, (float(total_sq) - float(total) * mean) / (n - 1))
    sd = float(np.sqrt(var))
    se = sd / float(np.sqrt(n))
    return MeanEstimate(n, mean, sd, se, mean - Z95 * se, mean + Z95 * se)


def estimate_pairs(named: Iterable[tuple[str, MeanEstimate | ProportionEstimate]]) -> dict[str, tuple[float, float]]:
    """``{name: (estimate, se)}`` — what an engine task's ``estimates(totals)`` returns — from named
    means and proportions computed from the summed totals.

    >>> estimate_pairs([("p", proportion(25, 100)), ("ev", mean_from_sums(4, 10.0, 30.0))])
    {'p': (0.25, 0.04330127018922193), 'ev': (2.5, 0.6454972243679028)}
    """
    return {name: (e.mean if isinstance(e, MeanEstimate) else e.estimate, e.se) for name, e in named}


def relative_se(estimate: float, se: float) -> float:
    """``se / |estimate|``; infinite when the estimate is 0 (nothing observed yet).

    >>> relative_se(0.5, 0.01), relative_se(0.0, 0.0)
    (0.02, inf)
    """
    return float(se) / abs(float(estimate)) if estimate else float("inf")


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
    if dof <= 0:
        return GoodnessOfFit(stat, dof, 1.0)
    from scipy.stats import chi2

    return GoodnessOfFit(stat, dof, float(chi2.sf(stat, dof)))
