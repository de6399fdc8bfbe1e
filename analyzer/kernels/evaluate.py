"""Hot evaluation kernels: score hands by table lookup, batch and exhaustive enumeration.

Every function takes arrays and ints only. ``plain``/``suited`` are the tables of
``tables.build_tables_k``; ``wild`` is a uint8 mask over card codes; ``binom`` is
``tables.binomial_table()``.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange


@njit(cache=True, inline="always")
def score_cards(cards, k, wild, plain, suited, binom, ranks):
    """Score of the best 5 of the ``k`` card codes in ``cards`` (``ranks`` is scratch, len >= k)."""
    w = 0
    m = 0
    sm0 = 0
    sm1 = 0
    sm2 = 0
    sm3 = 0
    for i in range(k):
        c = cards[i]
        if wild[c]:
            w += 1
        else:
            r = c >> 2
            s = c & 3
            bit = 1 << r
            if s == 0:
                sm0 |= bit
            elif s == 1:
                sm1 |= bit
            elif s == 2:
                sm2 |= bit
            else:
                sm3 |= bit
            # insertion into the sorted prefix
            j = m
            while j > 0 and ranks[j - 1] > r:
                ranks[j] = ranks[j - 1]
                j -= 1
            ranks[j] = r
            m += 1
    idx = 0
    for i in range(m):
        idx += binom[ranks[i] + i, i + 1]
    best = plain[w, idx]
    need = 5 - w
    if _popcount(sm0) >= need:
        v = suited[w, sm0]
        if v > best:
            best = v
    if _popcount(sm1) >= need:
        v = suited[w, sm1]
        if v > best:
            best = v
    if _popcount(sm2) >= need:
        v = suited[w, sm2]
        if v > best:
            best = v
    if _popcount(sm3) >= need:
        v = suited[w, sm3]
        if v > best:
            best = v
    return best


@njit(cache=True, inline="always")
def _popcount(x):
    c = 0
    while x:
        x &= x - 1
        c += 1
    return c


@njit(cache=True, parallel=True)
def score_batch(hands, wild, plain, suited, binom, out):
    """Score every row of an ``(n, k)`` array of card codes into ``out`` (int32)."""
    n, k = hands.shape
    for i in prange(n):
        ranks = np.empty(8, np.int64)
        out[i] = score_cards(hands[i], k, wild, plain, suited, binom, ranks)


@njit(cache=True)
def score_batch_serial(hands, wild, plain, suited, binom, out):
    """Single-threaded twin of ``score_batch`` (for benchmarks and the engine's chunks)."""
    n, k = hands.shape
    ranks = np.empty(8, np.int64)
    for i in range(n):
        out[i] = score_cards(hands[i], k, wild, plain, suited, binom, ranks)


@njit(cache=True)
def _count_from(first, deck, k, wild, plain, suited, binom, pos_counts):
    """Count categories of every k-subset of ``deck`` whose smallest index is ``first``."""
    n = deck.shape[0]
    idx = np.empty(k, np.int64)
    cards = np.empty(k, np.int64)
    ranks = np.empty(8, np.int64)
    idx[0] = first
    for j in range(1, k):
        idx[j] = first + j
    if idx[k - 1] >= n:
        return
    while True:
        for j in range(k):
            cards[j] = deck[idx[j]]
        s = score_cards(cards, k, wild, plain, suited, binom, ranks)
        pos_counts[s >> 22] += 1
        # next combination keeping idx[0] fixed
        j = k - 1
        while j >= 1 and idx[j] == n - k + j:
            j -= 1
        if j < 1:
            return
        idx[j] += 1
        for t in range(j + 1, k):
            idx[t] = idx[t - 1] + 1


@njit(cache=True, parallel=True)
def count_all(deck, k, wild, plain, suited, binom, n_pos):
    """Exact category-position counts over all k-card hands of ``deck`` (int64[n_pos])."""
    n = deck.shape[0]
    per_first = np.zeros((n, n_pos), np.int64)
    for first in prange(n):
        _count_from(first, deck, k, wild, plain, suited, binom, per_first[first])
    return per_first.sum(axis=0)


@njit(cache=True)
def _scores_from(first, offset, deck, k, wild, plain, suited, binom, out):
    n = deck.shape[0]
    idx = np.empty(k, np.int64)
    cards = np.empty(k, np.int64)
    ranks = np.empty(8, np.int64)
    idx[0] = first
    for j in range(1, k):
        idx[j] = first + j
    if idx[k - 1] >= n:
        return
    t_out = offset
    while True:
        for j in range(k):
            cards[j] = deck[idx[j]]
        out[t_out] = score_cards(cards, k, wild, plain, suited, binom, ranks)
        t_out += 1
        j = k - 1
        while j >= 1 and idx[j] == n - k + j:
            j -= 1
        if j < 1:
            return
        idx[j] += 1
        for t in range(j + 1, k):
            idx[t] = idx[t - 1] + 1


@njit(cache=True, parallel=True)
def scores_all(deck, k, wild, plain, suited, binom, offsets, out):
    """Scores of every k-subset of ``deck`` in lexicographic order of deck indices."""
    n = deck.shape[0]
    for first in prange(n):
        _scores_from(first, offsets[first], deck, k, wild, plain, suited, binom, out)
