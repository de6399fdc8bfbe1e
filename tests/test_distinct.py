"""The kernels of :mod:`analyzer.kernels.distinct` against numpy: distinct values and indices,
the stable order by key, the classes of 5-sets."""

from __future__ import annotations

import numpy as np
import pytest

from analyzer.kernels.combinatorics import binomial_table
from analyzer.kernels.distinct import counting_order, dense_ranks, set_classes


@pytest.mark.parametrize(("distinct", "dtype"), [(1, np.int64), (300, np.int32), (20_000, np.int64)])
def test_dense_ranks_are_unique_and_searchsorted(distinct: int, dtype: type) -> None:
    """Random values, negative ones included (20,000 distinct: the table doubles several times)."""
    rng = np.random.default_rng(distinct)
    step = 104_729 if dtype is np.int32 else 1_234_567_890_123
    values = ((rng.integers(0, distinct, size=(4_000, 32)) - distinct // 2) * step).astype(dtype)
    uniq, idx = dense_ranks(values)
    assert np.array_equal(uniq, np.unique(values))
    assert idx.dtype == np.int32 and idx.shape == values.shape
    assert np.array_equal(idx, np.searchsorted(np.unique(values), values))


def test_dense_ranks_of_nothing() -> None:
    uniq, idx = dense_ranks(np.zeros(0, np.int64))
    assert uniq.size == 0 and idx.size == 0


@pytest.mark.parametrize("n_keys", [1, 7, 5_000])
def test_counting_order_is_the_stable_argsort(n_keys: int) -> None:
    keys = np.random.default_rng(n_keys).integers(0, n_keys, size=30_000)
    order, start = counting_order(keys, n_keys)
    want = np.argsort(keys, kind="stable")
    assert np.array_equal(order, want)
    assert np.array_equal(start, np.searchsorted(keys[want], np.arange(n_keys + 1)))


def test_set_classes_read_each_rows_colex_index() -> None:
    rng = np.random.default_rng(5)
    binom = binomial_table(63, 7)
    sets = np.sort(np.array([rng.choice(52, 5, replace=False) for _ in range(2_000)]), axis=1).astype(np.int64)
    cls = rng.integers(0, 9_000, size=int(binom[52, 5])).astype(np.int32)
    assert np.array_equal(set_classes(sets, cls, binom), cls[binom[sets, np.arange(1, 6)].sum(axis=1)])
