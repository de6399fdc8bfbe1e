"""Hot evaluation kernels: batch scoring and exhaustive enumeration over a flat score table.

``table`` is the evaluator's flat int32 table and ``wbits`` its wild-card bit set (see
:mod:`analyzer.kernels.handkey`). ``score_cards`` is the convenient array-based scorer for
kernels that score a few hands per step.
"""

from __future__ import annotations

import numpy as np
from numba import prange

from analyzer.kernels.codes import CAT_SHIFT
from analyzer.kernels.handkey import ABSENT, key5, keys7
from analyzer.kernels.jit import kernel, no_refcount


@no_refcount
def score5(cards, table, wbits):
    """Score of the five card codes ``cards[:5]`` (kernels that score only five-card hands call
    this rather than ``score_cards(cards, 5, …)``, which would compile a second copy for the constant 5)."""
    return table[key5(cards[0], cards[1], cards[2], cards[3], cards[4], wbits)]


@no_refcount
def score_cards(cards, k, table, wbits):
    """Score of the best 5 of the first ``k`` (5..7) card codes in ``cards``."""
    if k == 5:
        return score5(cards, table, wbits)
    c6 = cards[6] if k == 7 else ABSENT
    kp, s0, s1, s2, s3 = keys7(cards[0], cards[1], cards[2], cards[3], cards[4], cards[5], c6, wbits)
    return best_of_keys(table, kp, s0, s1, s2, s3)


@no_refcount
def score_batch_serial(hands, table, wbits, out):
    """Score every row of an ``(n, k)`` array of card codes into ``out`` (int32) by ``key5``/``keys7``
    (the per-hand keys; the batch evaluator uses :mod:`.table5` and :mod:`.table7`, which the tests
    compare with this)."""
    _score_rows(hands, np.int64(0), hands.shape[0], table, wbits, out)  # int64: one compiled _score_rows


@no_refcount
def _score_rows(hands, lo, hi, table, wbits, out):
    k = hands.shape[1]
    if k == 5:
        for i in range(lo, hi):
            out[i] = table[key5(hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3], hands[i, 4], wbits)]
        return
    for i in range(lo, hi):
        c6 = hands[i, 6] if k == 7 else ABSENT
        kp, s0, s1, s2, s3 = keys7(hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3], hands[i, 4],
                                   hands[i, 5], c6, wbits)
        out[i] = best_of_keys(table, kp, s0, s1, s2, s3)


@no_refcount
def best_of_keys(table, kp, s0, s1, s2, s3):
    """The score for the keys of ``keys7``: the best of the suit-blind and suited entries."""
    v = table[kp]
    if s0 >= 0:
        v = max(v, table[s0])
    if s1 >= 0:
        v = max(v, table[s1])
    if s2 >= 0:
        v = max(v, table[s2])
    if s3 >= 0:
        v = max(v, table[s3])
    return v


@no_refcount
def _walk(first, deck, k, table, wbits, counts):
    """Score every k-subset of ``deck`` whose smallest index is ``first``, adding category
    positions into ``counts``."""
    n = deck.shape[0]
    a = deck[first]
    for i1 in range(first + 1, n):
        b = deck[i1]
        for i2 in range(i1 + 1, n):
            c = deck[i2]
            for i3 in range(i2 + 1, n):
                d = deck[i3]
                for i4 in range(i3 + 1, n):
                    e = deck[i4]
                    if k == 5:
                        s = table[key5(a, b, c, d, e, wbits)]
                        counts[s >> CAT_SHIFT] += 1
                        continue
                    for i5 in range(i4 + 1, n):
                        f = deck[i5]
                        if k == 6:
                            kp, s0, s1, s2, s3 = keys7(a, b, c, d, e, f, np.int64(ABSENT), wbits)
                            s = best_of_keys(table, kp, s0, s1, s2, s3)
                            counts[s >> CAT_SHIFT] += 1
                            continue
                        for i6 in range(i5 + 1, n):
                            kp, s0, s1, s2, s3 = keys7(a, b, c, d, e, f, deck[i6], wbits)
                            v = best_of_keys(table, kp, s0, s1, s2, s3)
                            counts[v >> CAT_SHIFT] += 1


@kernel(parallel=True)
def count_all(deck, k, table, wbits, n_pos, lo, hi):
    """Exact category-position counts (int64[n_pos]) over the k-card hands of ``deck`` whose
    lowest deck index is in ``lo .. hi-1`` (``0, len(deck)``: every hand; a caller walks the
    ranges in pieces so that Ctrl-C is seen between them)."""
    per_first = np.zeros((hi - lo, n_pos), np.int64)
    for f in prange(hi - lo):
        _walk(lo + f, deck, k, table, wbits, per_first[f])
    return per_first.sum(axis=0)
