"""Estimators: Wilson intervals, means from sums, multinomial proportions, χ² goodness of fit."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy import stats as sst

from analyzer.stats import (
    Z95,
    category_proportions,
    chi_square_gof,
    mean_from_sums,
    proportion,
    relative_se,
    wilson_interval,
)


def test_z95_is_the_normal_quantile() -> None:
    assert float(sst.norm.ppf(0.975)) == Z95


def test_wilson_matches_the_closed_form_at_the_edges() -> None:
    # 0/n: upper bound z²/(n + z²); n/n: lower bound n/(n + z²)
    lo, hi = wilson_interval(0, 10)
    assert lo == 0.0 and hi == pytest.approx(Z95**2 / (10 + Z95**2), rel=1e-12)
    lo, hi = wilson_interval(10, 10)
    assert lo == pytest.approx(10 / (10 + Z95**2), rel=1e-12) and hi == 1.0
    assert wilson_interval(3, 0) == (0.0, 1.0)


@given(st.integers(0, 10_000), st.integers(1, 10_000))
def test_wilson_contains_the_estimate(k: int, n: int) -> None:
    k = min(k, n)
    lo, hi = wilson_interval(k, n)
    assert 0.0 <= lo <= k / n <= hi <= 1.0


@given(st.lists(st.floats(-1e3, 1e3), min_size=2, max_size=200))
def test_mean_from_sums_matches_numpy(xs: list[float]) -> None:
    x = np.array(xs)
    e = mean_from_sums(x.size, float(x.sum()), float((x * x).sum()))
    assert e.mean == pytest.approx(x.mean(), abs=1e-9)
    # Σx² loses about √eps · max|x| to cancellation (documented in mean_from_sums)
    assert e.sd == pytest.approx(x.std(ddof=1), rel=1e-6, abs=1e-7 * max(1.0, np.abs(x).max()))
    assert e.se == pytest.approx(e.sd / np.sqrt(x.size))
    assert e.ci_low == pytest.approx(e.mean - Z95 * e.se) and e.ci_high == pytest.approx(e.mean + Z95 * e.se)


def test_mean_from_sums_edge_cases() -> None:
    assert mean_from_sums(0, 0.0, 0.0).se == float("inf")
    one = mean_from_sums(1, 3.0, 9.0)
    assert one.mean == 3.0 and one.se == float("inf")
    const = mean_from_sums(3, 6.0, 12.0)  # 2, 2, 2
    assert (const.sd, const.se) == (0.0, 0.0)


def test_mean_ci_covers_with_fixed_seed() -> None:
    """A heavy-tailed payout (1000 with p = 0.001, else 0): the CI covers the true mean 1."""
    rng = np.random.default_rng(12345)
    x = np.where(rng.random(2_000_000) < 0.001, 1000.0, 0.0)
    e = mean_from_sums(x.size, x.sum(), (x * x).sum())
    assert e.ci_low <= 1.0 <= e.ci_high
    assert e.sd == pytest.approx(np.sqrt(1000 - 1), rel=0.05)


def test_proportions_and_relative_se() -> None:
    p = proportion(25, 100)
    assert (p.estimate, p.se) == (0.25, pytest.approx(np.sqrt(0.25 * 0.75 / 100)))
    assert relative_se(0.25, 0.05) == pytest.approx(0.2) and relative_se(0.0, 0.0) == float("inf")
    cats = category_proportions(np.array([10, 30, 60]))
    assert [c.count for c in cats] == [10, 30, 60] and {c.trials for c in cats} == {100}
    assert sum(c.estimate for c in cats) == pytest.approx(1.0)


def test_chi_square_gof_matches_scipy_and_drops_impossible_categories() -> None:
    obs = np.array([48, 35, 17, 0])
    prob = np.array([0.5, 0.3, 0.2, 0.0])
    g = chi_square_gof(obs, prob)
    ref = sst.chisquare(obs[:3], prob[:3] * obs.sum())
    assert (g.statistic, g.dof) == (pytest.approx(ref.statistic), 2)
    assert g.p_value == pytest.approx(ref.pvalue)
    bad = chi_square_gof(np.array([1, 1]), np.array([1.0, 0.0]))
    assert (bad.statistic, bad.p_value) == (float("inf"), 0.0)
