"""Bit tricks on 64-bit card masks, for kernels: the lowest set bit and the n-th set bit in a few
instructions rather than a loop over every bit.

``low_bit`` is one instruction (count trailing zeros, LLVM's ``cttz``).

>>> low_bit(0b101000), nth_set_bit(0b101001, 2), nth_set_bit(0b101001, 3)
(3, 5, -1)
"""

from __future__ import annotations

import numpy as np
from numba import uint64
from numba.cpython.unsafe.numbers import trailing_zeros

from analyzer.kernels.jit import kernel

__all__ = ["low_bit", "nth_set_bit"]


@kernel(inline="always")
def low_bit(m):
    """The index of the lowest set bit of a non-zero 64-bit mask (int64 or uint64)."""
    return np.int64(trailing_zeros(uint64(m)))


@kernel(inline="always")
def nth_set_bit(m, k):
    """The index of the ``k``-th (0-based) set bit of ``m``; -1 when ``m`` has ``k`` or fewer."""
    x = uint64(m)
    for _ in range(k):
        x &= x - uint64(1)
    if x == 0:
        return np.int64(-1)
    return low_bit(x)
