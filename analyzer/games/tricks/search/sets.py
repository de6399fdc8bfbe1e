"""numba kernels of ``pimc``'s search: "can seat S make sure its final tricks lie in a set?"

The exact solver of part 1 answers "can seat S make sure of at least t tricks?". Scoring
against a bid needs more: the score of a bid is not monotone in the tricks. So this module
searches a boolean on a *set* of final trick counts, ``accept``: the alpha-beta of
:mod:`analyzer.games.tricks.search.alphabeta` with the set-search node knowledge (a node
budget, a table of answers keyed by the hands, the leader and the accepted set seen from the
tricks already won). The **guaranteed score** of a position for bid
b is the largest v such that S can make sure its final tricks k have score(b, k) ≥ v; the sets
{k : score ≥ v} are nested, so a binary search over the distinct score values needs a few
searches. A search that runs over its node budget counts as "cannot" (the guarantee is then a
lower bound). :mod:`analyzer.games.tricks.policies.pimc_move` builds the player on it.
"""

from __future__ import annotations

import numpy as np

from analyzer.games.tricks.kernels.moves import deal_score
from analyzer.games.tricks.search.alphabeta import (
    alphabeta,
    buffers,
    known_answers,
    remember_answer,
)
from analyzer.games.tricks.search.table import new_table
from analyzer.kernels.jit import kernel, no_refcount

__all__ = ["bid_value", "guaranteed_score", "guaranteed_value", "new_table", "search_set", "search_side",
           "trick_bounds"]


@kernel
def search_side(hands, np_, s_mask, trump, rp, leader0, k0, tc0, tm0, won0, rem0, accept, tt, stamp, nodes,
                budget):
    """:func:`search_set` for the side of the seats in the bit mask ``s_mask`` (its tricks counted together)."""
    mv, keyb, tcard, tmode, hist, canon, st = buffers(np_, rem0)
    for i in range(k0):
        tcard[0, i] = tc0[i]
        tmode[0, i] = tm0[i]
    return alphabeta(known_answers, remember_answer, hands, np_, s_mask, trump, rp, leader0, k0, won0, rem0, accept,
                     tt, stamp, nodes, budget, mv, keyb, tcard, tmode, hist, canon, st)


@kernel(inline="always")
def search_set(hands, np_, s_seat, trump, rp, leader0, k0, tc0, tm0, won0, rem0, accept, tt, stamp, nodes, budget):
    """1 if ``s_seat`` makes sure its final tricks are in the bit set ``accept`` (the others
    playing against it), 0 if not, -1 over ``budget`` nodes. The position: ``k0`` cards of the
    current trick played (``tc0``/``tm0``, led by ``leader0``), ``won0`` tricks won, ``rem0``
    tricks left counting the current one. ``hands`` is changed only when -1 is returned."""
    return search_side(hands, np_, np.int64(1) << s_seat, trump, rp, leader0, k0, tc0, tm0, won0, rem0, accept, tt,
                       stamp, nodes, budget)


@kernel
def _distinct_descending(vals, m):
    """The distinct values of ``vals[:m]``, largest first (``np.unique(vals[:m])[::-1]`` by
    insertion: a handful of values, and no sort compiled)."""
    order = np.empty(m, np.int64)
    n = 0
    for i in range(m):
        v = vals[i]
        j = 0
        while j < n and order[j] > v:
            j += 1
        if j < n and order[j] == v:
            continue
        for q in range(n, j, -1):
            order[q] = order[q - 1]
        order[j] = v
        n += 1
    return order[:n]


@kernel
def guaranteed_value(hands, np_, s_mask, trump, rp, leader, k0, tc0, tm0, won, rem, vals, tt, stamp, nodes, budget):
    """The largest of ``vals`` the side ``s_mask`` makes sure of, ``vals[i]`` being its value when it
    ends with ``won + i`` tricks (``i`` = 0..``rem``)."""
    m = rem + 1
    order = _distinct_descending(vals, m)
    lo = 0
    hi = order.shape[0] - 1  # the lowest value is always made sure of
    work = np.empty(np_, np.uint64)
    while lo < hi:
        mid = (lo + hi) // 2
        acc = np.int64(0)
        for i in range(m):
            if vals[i] >= order[mid]:
                acc |= np.int64(1) << (won + i)
        for i in range(np_):
            work[i] = hands[i]
        if search_side(work, np_, s_mask, trump, rp, leader, k0, tc0, tm0, won, rem, acc, tt, stamp,
                       nodes, budget) == 1:
            hi = mid
        else:
            lo = mid + 1
    return order[lo]


@kernel(inline="always")
def guaranteed_score(hands, np_, s_seat, trump, rp, leader, k0, tc0, tm0, won, rem, bid, n,
                     set_index, tt, stamp, nodes, budget):
    """The score of ``bid`` that ``s_seat`` makes sure of from the position (see :func:`search_set`)."""
    vals = np.empty(rem + 1, np.int64)
    for i in range(rem + 1):
        vals[i] = deal_score(bid, won + i, n, set_index, rp)
    return guaranteed_value(hands, np_, np.int64(1) << s_seat, trump, rp, leader, k0, tc0, tm0, won, rem, vals, tt,
                            stamp, nodes, budget)


@kernel
def trick_bounds(hands, np_, s_seat, trump, rp, leader, tricks, tt, stamp, nodes, budget):
    """(L, M) from the first lead: the most tricks ``s_seat`` makes sure of, and the fewest it
    makes sure not to exceed, the others playing against it each time (null-window searches)."""
    work = np.empty(np_, np.uint64)
    tc = np.zeros(np_, np.int64)
    full = (np.int64(1) << (tricks + 1)) - 1
    zero = np.int64(0)  # passed for the constant 0: the search compiles once for every caller
    lo, hi = 0, tricks
    while lo < hi:  # L: the largest t with "at least t" made sure of
        mid = (lo + hi + 1) // 2
        for i in range(np_):
            work[i] = hands[i]
        acc = full & ~((np.int64(1) << mid) - 1)
        if search_set(work, np_, s_seat, trump, rp, leader, zero, tc, tc, zero, tricks, acc, tt, stamp,
                      nodes, budget) == 1:
            lo = mid
        else:
            hi = mid - 1
    low = lo
    lo, hi = 0, tricks
    while lo < hi:  # M: the smallest t with "at most t" made sure of
        mid = (lo + hi) // 2
        for i in range(np_):
            work[i] = hands[i]
        acc = (np.int64(1) << (mid + 1)) - 1
        if search_set(work, np_, s_seat, trump, rp, leader, zero, tc, tc, zero, tricks, acc, tt, stamp,
                      nodes, budget) == 1:
            hi = mid
        else:
            lo = mid + 1
    return low, lo


@no_refcount
def bid_value(bid, low, most, n, set_index, rp):
    """A bid's value in one world from its bounds: exact when ``most <= bid <= low``, else the
    score of the bound it misses by."""
    if bid > low:
        return deal_score(bid, low, n, set_index, rp)
    if bid < most:
        return deal_score(bid, most, n, set_index, rp)
    return deal_score(bid, bid, n, set_index, rp)
