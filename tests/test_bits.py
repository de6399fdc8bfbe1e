"""The bit tricks of :mod:`analyzer.kernels.bits` against plain scans, and durak's cheapest-card
pick (masks, no scan) against the scan of its spending order it replaced."""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit

from analyzer.games.durak.kernels.layout import ORDER, context_tables
from analyzer.games.durak.kernels.policies import _cheapest
from analyzer.kernels.bits import low_bit, nth_set_bit


def _masks(n: int, seed: int) -> list[int]:
    rng = np.random.default_rng(seed)
    out = [1, 1 << 62, (1 << 63) - 1]
    for _ in range(n):
        out.append(int(rng.integers(1, 1 << 63)) >> int(rng.integers(0, 63)) or 1)
    return out


def test_low_bit_and_nth_set_bit_match_a_scan() -> None:
    for m in _masks(3000, 1):
        bits = [i for i in range(64) if m >> i & 1]
        assert low_bit(np.int64(m)) == bits[0] == low_bit(np.uint64(m))
        for k in range(len(bits) + 2):
            assert nth_set_bit(np.int64(m), k) == (bits[k] if k < len(bits) else -1)
    assert low_bit(np.uint64(1 << 63)) == 63


@njit(cache=False)
def _cheapest_by_scan(tab, ctx, m):
    for i in range(54):
        c = tab[ctx, ORDER + i]
        if (m >> c) & 1:
            return c
    return -1


@pytest.mark.parametrize("low_any", [False, True])
def test_durak_cheapest_card_is_the_first_in_the_spending_order(low_any: bool) -> None:
    tab = context_tables(low_any, False)
    rng = np.random.default_rng(2)
    for ctx in range(6):
        for _ in range(1500):
            m = np.int64(int(rng.integers(0, 1 << 54)) & int(rng.integers(0, 1 << 54)))  # sparse, like hands
            assert _cheapest(tab, ctx, m) == _cheapest_by_scan(tab, ctx, m)
        for c in range(54):  # one card alone, and every card but it
            assert _cheapest(tab, ctx, np.int64(1 << c)) == c
            rest = np.int64(((1 << 54) - 1) & ~(1 << c))
            assert _cheapest(tab, ctx, rest) == _cheapest_by_scan(tab, ctx, rest)
        assert _cheapest(tab, ctx, np.int64(0)) == -1
