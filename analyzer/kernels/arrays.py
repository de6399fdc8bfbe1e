"""Array copies and sums for kernels, as plain loops.

numba compiles ``dst[:] = src``, ``a[:n] = b`` and ``a.sum(axis=0)`` with a shape check whose
error message is built from strings: the first kernel of a process that uses one pays about
2-3 CPU-seconds of compiling numba's string code, once per cold command. These loops need none.

>>> import numpy as np
>>> d = np.zeros(3, np.int64)
>>> copy_into(d, np.arange(3))
>>> d.tolist(), sum_rows(np.arange(6).reshape(2, 3)).tolist()
([0, 1, 2], [3, 5, 7])
"""

from __future__ import annotations

import numpy as np

from analyzer.kernels.jit import kernel, no_refcount

__all__ = ["copy_into", "copy_rows", "sum_rows"]


@no_refcount
def copy_into(dst, src):
    """``dst[i] = src[i]`` for every index of ``src`` (1-D; ``dst`` at least as long)."""
    for i in range(src.shape[0]):
        dst[i] = src[i]


@no_refcount
def copy_rows(dst, src, n):
    """The first ``n`` rows of the 2-D ``src`` into ``dst`` (as wide or wider)."""
    for i in range(n):
        for j in range(src.shape[1]):
            dst[i, j] = src[i, j]


@kernel
def sum_rows(a):
    """The sum over the rows of a 2-D int64 array (``a.sum(axis=0)``)."""
    out = np.zeros(a.shape[1], np.int64)
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            out[j] += a[i, j]
    return out
