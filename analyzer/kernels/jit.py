"""The two decorators of every kernel: ``kernel`` and ``no_refcount`` (a kernel that borrows arrays).

``kernel`` is ``njit(cache=True)`` without the C-callback wrapper numba builds beside every
compiled function (a function callable through a C pointer, used only when a kernel is passed as
a first-class function value, which no kernel here is). Building and optimizing those wrappers
was about a tenth of the first-use compile (``joker-odds warmup``, every group, empty caches:
87 → 77 s on two cores). A Python caller goes through the other wrapper, which stays:
``@kernel``, ``@kernel(parallel=True)``.

``no_refcount``: numba counts references to every array a compiled function is given: an
increment on entry and a decrement on each way out, each an atomic operation. Its pruning pass
removes the pair only when the array's last use lies on every path; an array last read inside a
branch or a loop that breaks keeps both, on every call. In a playout that calls small kernels
several times a move this was most of the time (the trick games' heuristic playouts ran 3-4
times slower with it). A kernel that allocates nothing and keeps no array it is given (no array
returned or stored) needs no counting: the caller holds the references for the length of the
call. numba refuses to compile an allocation in such a kernel, so the decorator cannot hide a
leak of a new array. With ``JOKER_ODDS_REFCOUNT=1`` in the environment these kernels are
compiled with the counting (slower, the same numbers: ``benchmarks/bench_refcount.py`` compares
the two; the setting has a kernel cache folder of its own, :mod:`analyzer.numbacache`).

>>> import numpy as np
>>> @no_refcount(cache=False)  # (a doctest has no file to cache in)
... def first_positive(a):
...     for i in range(a.shape[0]):
...         if a[i] > 0:
...             return i
...     return -1
>>> first_positive(np.array([0, -2, 5, 1]))
2
>>> @kernel(cache=False)
... def total(a):
...     return a.sum()
>>> int(total(np.arange(5)))
10
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from numba import njit

__all__ = ["REFCOUNT_ENV", "kernel", "no_refcount"]

REFCOUNT_ENV = "JOKER_ODDS_REFCOUNT"  # "1": compile these kernels with reference counting after all

_BASE = {"cache": True, "no_cfunc_wrapper": True}


def kernel(func: Callable[..., Any] | None = None, /, **options: Any) -> Any:
    """``njit(cache=True, **options)`` without the C-callback wrapper (see the module docstring):
    ``@kernel`` or ``@kernel(parallel=True)``."""
    opts = {**_BASE, **options}
    if func is None:
        return lambda f: njit(**opts)(f)
    return njit(**opts)(func)


def no_refcount(func: Callable[..., Any] | None = None, /, **options: Any) -> Any:
    """A :func:`kernel` without numba's reference counting (see the module docstring):
    ``@no_refcount`` or ``@no_refcount(inline="always")``."""
    return kernel(func, **{"_nrt": os.environ.get(REFCOUNT_ENV, "") == "1", **options})
