"""Numba kernels that build casino stud's hand-class tables (positions, colex indices, subsets).

Cards are *positions* 0..N-1 in a deck (``pos_code`` maps a position to its card code). A set of
k positions ``a < b < …`` has the colex index ``C(a,1) + C(b,2) + …`` (``binom`` is
:func:`binom_table`). ``cls[colex5]`` is the dense strength class of every 5-card hand (higher =
better). For the dealer-hand counts of :mod:`.counting`:

* ``cum1[p, x]`` / ``cum2[colex2, x]``: hands containing 1 / 2 given cards with class < x;
* ``tri`` / ``quad``: for every 3- / 4-card set, the sorted classes of the hands containing it.
"""

from __future__ import annotations

import numpy as np
from numba import prange

from analyzer.kernels.combinatorics import (
    binomial_table,
    colex,
    sort_small,
    unrank5,
    unrank_all,
)
from analyzer.kernels.evaluate import score5
from analyzer.kernels.jit import kernel

__all__ = ["binom_table", "build_counts", "build_lists", "canonical_reps", "colex", "dense_classes", "score_all",
           "sort_small", "suit_keys", "unrank5", "unrank_all"]


def binom_table() -> np.ndarray:
    """``B[n, k] = C(n, k)`` for n < 64, k < 8 (int64).

    >>> int(binom_table()[52, 5])
    2598960
    """
    return binomial_table(63, 7)


@kernel(parallel=True)
def score_all(pos_code, table, wbits, binom):
    """Scores (int32) of every 5-subset of the N positions, in colex order."""
    n = pos_code.shape[0]
    out = np.empty(binom[n, 5], np.int32)
    for e in prange(4, n):
        cards = np.empty(5, np.int64)
        cards[4] = pos_code[e]
        for d in range(3, e):
            cards[3] = pos_code[d]
            for c in range(2, d):
                cards[2] = pos_code[c]
                for b in range(1, c):
                    cards[1] = pos_code[b]
                    for a in range(b):
                        cards[0] = pos_code[a]
                        idx = binom[a, 1] + binom[b, 2] + binom[c, 3] + binom[d, 4] + binom[e, 5]
                        out[idx] = score5(cards, table, wbits)
    return out


@kernel
def build_counts(sets, start, n, binom):
    """``cum1`` (n, nc+1) and ``cum2`` (C(n,2), nc+1): hands containing the cards with class < x.

    ``sets``, ``start``: every 5-set by ascending class (:func:`.sweep.class_sets`). Running
    counts of the hands of the classes seen so far go to column x before class x is added, so
    each column is written once, whole."""
    nc = start.size - 1
    h1 = np.empty((n, nc + 1), np.int32)
    h2 = np.empty((binom[n, 2], nc + 1), np.int32)
    r1 = np.zeros(n, np.int32)
    r2 = np.zeros(binom[n, 2], np.int32)
    for x in range(nc + 1):
        for r in range(n):
            h1[r, x] = r1[r]
        for r in range(r2.size):
            h2[r, x] = r2[r]
        if x == nc:
            break
        for row in range(start[x], start[x + 1]):
            for i in range(5):
                a = sets[row, i]
                r1[a] += 1
                for j in range(i + 1, 5):
                    r2[binom[a, 1] + binom[sets[row, j], 2]] += 1
    return h1, h2


@kernel
def build_lists(sets, start, n, binom):
    """Sorted class lists of the hands containing each 3-set (``tri``) and each 4-set (``quad``).

    ``sets``, ``start``: every 5-set as sorted positions by ascending class, class k in rows
    ``start[k]`` to ``start[k + 1]`` (:func:`.sweep.class_sets`, the class sweep's own), so every
    list fills in sorted order with no hand to sort or unrank.
    """
    l3 = binom[n - 3, 2]
    l4 = n - 4
    tri = np.empty(binom[n, 3] * l3, np.uint16)
    quad = np.empty(binom[n, 4] * l4, np.uint16)
    f3 = np.arange(binom[n, 3]).astype(np.int32) * np.int32(l3)  # each list's next free place (int32: half
    f4 = np.arange(binom[n, 4]).astype(np.int32) * np.int32(l4)  # the cache lines of int64 counts)
    c = np.empty((5, 5), np.int64)  # c[j, i] = C(p[i], j), p = sets[row]: p[i] as a set's j-th smallest card
    for k in range(start.size - 1):
        kk = np.uint16(k)
        for row in range(start[k], start[k + 1]):
            for i in range(5):
                for j in range(1, 5):
                    c[j, i] = binom[sets[row, i], j]
            below = 0
            for skip in range(5):  # the 4-set without p[skip]: the cards above it move one place down
                q = below
                for i in range(skip + 1, 5):
                    q += c[i, i]
                quad[f4[q]] = kk
                f4[q] += 1
                if skip < 4:
                    below += c[skip + 1, skip]
            for a in range(3):  # the 3-sets p[a] < p[b] < p[d]
                for b in range(a + 1, 4):
                    ab = c[1, a] + c[2, b]
                    for d in range(b + 1, 5):
                        t = ab + c[3, d]
                        tri[f3[t]] = kk
                        f3[t] += 1
    return tri, quad


@kernel
def dense_classes(raw, limit):
    """``(np.unique(raw), np.searchsorted(that, raw).astype(np.int32))`` in one hashed pass (about
    ten times quicker on the 2.6 million int32 scores of a deck's hands, :func:`score_all`): each
    value's slot in an open-addressing table, its rank among the sorted distinct values read back
    through the slot; the distinct values in ``raw``'s type. Two empty arrays when ``raw`` holds
    more than ``limit`` (< 2**17) distinct values.

    >>> s, c = dense_classes(np.array([30, 10, 30, 20], np.int32), 10)
    >>> s.tolist(), c.tolist()
    ([10, 20, 30], [2, 0, 2, 1])
    """
    bits = 18
    size = 1 << bits
    mask = size - 1
    keys = np.empty(size, raw.dtype)
    used = np.zeros(size, np.uint8)
    slot = np.empty(raw.shape[0], np.int32)
    count = 0
    for i in range(raw.shape[0]):
        x = raw[i]
        h = np.int64((np.uint64(np.int64(x)) * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(64 - bits))  # Fibonacci hashing
        while used[h] and keys[h] != x:
            h = (h + 1) & mask
        if not used[h]:
            count += 1
            if count > limit:
                return np.empty(0, raw.dtype), np.empty(0, np.int32)
            used[h] = 1
            keys[h] = x
        slot[i] = h
    where = np.empty(count, np.int64)
    t = 0
    for h in range(size):
        if used[h]:
            where[t] = h
            t += 1
    order = np.argsort(keys[where])
    scores = np.empty(count, raw.dtype)
    rank = np.empty(size, np.int32)
    for r in range(count):
        h = where[order[r]]
        scores[r] = keys[h]
        rank[h] = r
    cls = np.empty(raw.shape[0], np.int32)
    for i in range(raw.shape[0]):
        cls[i] = rank[slot[i]]
    return scores, cls


@kernel(parallel=True)
def canonical_reps(n, perm_pos, binom):
    """Canonical colex index (min over the position permutations) of every 5-subset."""
    total = binom[n, 5]
    canon = np.empty(total, np.int64)
    npm = perm_pos.shape[0]
    for e in prange(4, n):  # the subsets topped by position e: colex C(e, 5) .. C(e + 1, 5) - 1
        h = np.empty(5, np.int64)
        g = np.empty(5, np.int64)
        for idx in range(binom[e, 5], binom[e + 1, 5]):
            unrank5(idx, n, binom, h)
            best = idx
            for p in range(npm):
                for j in range(5):
                    g[j] = perm_pos[p, h[j]]
                sort_small(g, 5)
                v = colex(g, 5, binom)
                if v < best:
                    best = v
            canon[idx] = best
    return canon


@kernel(parallel=True)
def suit_keys(pos_code, block, binom):
    """A key of every 5-subset (colex order) equal for two hands iff a suit permutation within the
    blocks (``block[s]``: suits with the same id may be exchanged) maps one onto the other: the
    hand's per-suit rank masks sorted with their block ids, plus the jokers it holds."""
    n = pos_code.shape[0]
    keys = np.empty(binom[n, 5], np.int64)
    for e in prange(4, n):
        h = np.empty(5, np.int64)
        v = np.empty(4, np.int64)
        h[4] = e
        for d in range(3, e):
            h[3] = d
            for c in range(2, d):
                h[2] = c
                for b in range(1, c):
                    h[1] = b
                    for a in range(b):
                        h[0] = a
                        for s in range(4):
                            v[s] = block[s] << 13
                        jokers = 0
                        for i in range(5):
                            code = pos_code[h[i]]
                            if code >= 52:
                                jokers |= 1 << (15 + 16 * (code - 52))
                            else:
                                v[code & 3] |= 1 << (code >> 2)
                        sort_small(v, 4)
                        keys[binom[a, 1] + binom[b, 2] + binom[c, 3] + binom[d, 4] + binom[e, 5]] = (
                            v[0] | (v[1] << 16) | (v[2] << 32) | (v[3] << 48) | jokers)
    return keys
