"""Combinatorics written once: binomial tables and colex rank/unrank of k-subsets (numba).

A set of k positions ``a < b < …`` has the colex index ``C(a,1) + C(b,2) + …``.

>>> b = binomial_table(52, 5)
>>> int(b[52, 5]), colex(np.array([0, 1, 2, 3, 51]), 5, b)
(2598960, 2349060)
>>> out = np.empty(5, np.int64); unrank5(2349060, 52, b, out); out.tolist()
[0, 1, 2, 3, 51]
"""

from __future__ import annotations

import numpy as np

from analyzer.kernels.jit import kernel, no_refcount

__all__ = ["binomial_table", "colex", "colex_without", "next_multiset", "next_subset", "sort_small", "unrank", "unrank5", "unrank_all"]


def binomial_table(n_max: int, k_max: int) -> np.ndarray:
    """``B[n, k] = C(n, k)`` for n ≤ n_max, k ≤ k_max (int64)."""
    b = np.zeros((n_max + 1, k_max + 1), np.int64)
    for n in range(n_max + 1):
        b[n, 0] = 1
        for k in range(1, min(n, k_max) + 1):
            b[n, k] = b[n - 1, k - 1] + b[n - 1, k]
    return b


@no_refcount(inline="always")
def sort_small(a, m):
    """Insertion sort of ``a[:m]`` in place."""
    for i in range(1, m):
        v = a[i]
        j = i
        while j > 0 and a[j - 1] > v:
            a[j] = a[j - 1]
            j -= 1
        a[j] = v


@no_refcount(inline="always")
def colex(a, m, binom):
    """Colex index of the sorted positions ``a[:m]``."""
    idx = 0
    for i in range(m):
        idx += binom[a[i], i + 1]
    return idx


@no_refcount(inline="always")
def colex_without(a, m, skip, binom):
    """Colex index of the sorted positions ``a[:m]`` without ``a[skip]`` (an (m-1)-subset)."""
    idx = 0
    j = 1
    for i in range(m):
        if i != skip:
            idx += binom[a[i], j]
            j += 1
    return idx


@no_refcount
def next_subset(idx, r, n):
    """Advance the sorted positions ``idx[:r]`` over 0..n-1 to the next r-subset in lexicographic
    order; False when they were the last."""
    j = r - 1
    while j >= 0 and idx[j] == n - r + j:
        j -= 1
    if j < 0:
        return False
    idx[j] += 1
    for t in range(j + 1, r):
        idx[t] = idx[t - 1] + 1
    return True


@no_refcount
def next_multiset(a, m, lo, hi):
    """Advance ``a[:m]`` to the next non-decreasing list over lo..hi; False when done."""
    i = m - 1
    while i >= 0 and a[i] == hi:
        i -= 1
    if i < 0:
        return False
    v = a[i] + 1
    for j in range(i, m):
        a[j] = v
    return True


@no_refcount(inline="always")
def unrank(idx, n, m, binom, out):
    """The sorted positions (out of ``n``) of the ``m``-subset with colex index ``idx``."""
    x = idx
    top = n
    for j in range(m, 0, -1):
        c = top - 1
        while binom[c, j] > x:
            c -= 1
        out[j - 1] = c
        x -= binom[c, j]
        top = c


@no_refcount
def unrank5(idx, n, binom, out):
    """The sorted positions of the 5-subset with colex index ``idx`` (:func:`unrank`, m = 5)."""
    unrank(idx, n, 5, binom, out)


@kernel
def unrank_all(idxs, n, binom):
    """Sorted positions (k, 5) of the 5-subsets with colex indices ``idxs``."""
    out = np.empty((idxs.shape[0], 5), np.int64)
    for i in range(idxs.shape[0]):
        unrank5(idxs[i], n, binom, out[i])
    return out
