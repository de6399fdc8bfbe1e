"""numba kernels of ``pimc``'s search: "can seat S make sure its final tricks lie in a set?"

The exact solver of part 1 answers "can seat S make sure of at least t tricks?". Scoring
against a bid needs more: the score of a bid is not monotone in the tricks. So this module
searches a boolean on a *set* of final trick counts, ``accept`` (an alpha-beta with the others
playing together against S, as in the paranoid value; the same move generation, move ordering
and interchangeable-card pruning; a transposition table keyed by the hands, the leader and the
accepted set seen from the tricks already won). The **guaranteed score** of a position for bid
b is the largest v such that S can make sure its final tricks k have score(b, k) ≥ v; the sets
{k : score ≥ v} are nested, so a binary search over the distinct score values needs a few
searches. A search that runs over its node budget counts as "cannot" (the guarantee is then a
lower bound). :mod:`analyzer.games.tricks.pimc_kernels` builds the player on it.
"""

from __future__ import annotations

import numpy as np
from numba import njit, uint64

from analyzer.games.tricks.kernels import (
    deal_score,
    legal_moves,
    trick_winner,
)
from analyzer.games.tricks.rules import P
from analyzer.games.tricks.solver_kernels import MAX_MOVES, MAXP, _hash, _order_moves

__all__ = ["bid_value", "guaranteed_score", "new_table", "search_set", "trick_bounds"]

R_MODEL = P.MODEL
R_MUST_TRUMP = P.MUST_TRUMP
R_HOOK = P.HOOK
R_JOKER_LEAD = P.JOKER_LEAD


@njit(cache=True)
def _find(hands, np_, leader, acc, keys, tlead, tacc, tstamp, stamp, idx, tmask):
    for j in range(4):
        slot = (idx + j) & tmask
        if tstamp[slot] != stamp or tlead[slot] != leader or tacc[slot] != acc:
            continue
        same = True
        for i in range(np_):
            if keys[slot, i] != hands[i]:
                same = False
                break
        if same:
            return slot
    return -1


@njit(cache=True)
def _store(hands, np_, leader, acc, keys, tlead, tacc, tres, tstamp, stamp, idx, tmask, r):
    slot = idx & tmask
    for j in range(4):
        s = (idx + j) & tmask
        if tstamp[s] != stamp:
            slot = s
            break
    tstamp[slot] = stamp
    tlead[slot] = leader
    tacc[slot] = acc
    tres[slot] = 1 if r else 0
    for i in range(np_):
        keys[slot, i] = hands[i]


@njit(cache=True)
def new_table(log_size):
    """An empty transposition table for :func:`search_set` (``2**log_size`` entries)."""
    size = 1 << log_size
    return (np.zeros((size, MAXP), np.uint64), np.zeros(size, np.int8), np.zeros(size, np.int64),
            np.zeros(size, np.int8), np.zeros(size, np.int32))


@njit(cache=True)
def search_set(hands, np_, s_seat, trump, rp, leader0, k0, tc0, tm0, won0, rem0, accept, tt, stamp,
               nodes, budget):
    """1 if ``s_seat`` makes sure its final tricks are in the bit set ``accept`` (the others
    playing against it), 0 if not, -1 over ``budget`` nodes. The position: ``k0`` cards of the
    current trick played (``tc0``/``tm0``, led by ``leader0``), ``won0`` tricks won, ``rem0``
    tricks left counting the current one. ``hands`` is changed only when -1 is returned."""
    keys, tlead, tacc, tres, tstamp = tt
    tmask = tstamp.shape[0] - 1
    depth = rem0 * np_ - k0 + 1
    mv = np.zeros((depth, MAX_MOVES), np.int64)
    keyb = np.zeros((depth, MAX_MOVES), np.int64)
    tcard = np.zeros((rem0 + 1, np_), np.int64)
    tmode = np.zeros((rem0 + 1, np_), np.int64)
    for i in range(k0):
        tcard[0, i] = tc0[i]
        tmode[0, i] = tm0[i]
    kk = np.zeros(depth, np.int64)
    ld = np.zeros(depth, np.int64)
    wn = np.zeros(depth, np.int64)
    rm = np.zeros(depth, np.int64)
    sidx = np.zeros(depth, np.int64)
    sacc = np.zeros(depth, np.int64)
    nm = np.zeros(depth, np.int64)
    ci = np.zeros(depth, np.int64)
    movers = np.zeros(depth, np.int64)
    res = np.zeros(depth, np.bool_)
    store = np.zeros(depth, np.bool_)
    hist = np.zeros((np_, 64 * 11), np.int64)  # cut-offs by (position in the trick, move)
    kk[0] = k0
    ld[0] = leader0
    wn[0] = won0
    rm[0] = rem0
    start = nodes[0]
    ply = 0
    state = 0
    r = False
    while True:
        if state == 0:
            nodes[0] += 1
            if nodes[0] - start > budget:
                return -1
            k = kk[ply]
            leader = ld[ply]
            won = wn[ply]
            rem = rm[ply]
            state = 1
            store[ply] = False
            window = ((np.int64(1) << (rem + 1)) - 1) << won
            hit = accept & window
            if hit == 0:
                r = False
                state = 2
            elif hit == window:
                r = True
                state = 2
            elif k == 0:
                acc = hit >> won
                idx = np.int64((_hash(hands, np_, leader) ^ (uint64(acc) * uint64(0xD6E8FEB86659FD93)))
                               >> uint64(40))
                slot = _find(hands, np_, leader, acc, keys, tlead, tacc, tstamp, stamp, idx, tmask)
                if slot >= 0:
                    r = tres[slot] == 1
                    state = 2
                else:
                    store[ply] = True
                    sidx[ply] = idx
                    sacc[ply] = acc
            if state == 1:
                t = (ply + k0) // np_
                mover = (leader + k) % np_
                movers[ply] = mover
                n = legal_moves(hands[mover], tcard[t], tmode[t], k, trump, rp, mv[ply])
                n = _order_moves(mv[ply], n, hands, np_, s_seat, mover, trump, rp, tcard[t],
                                 tmode[t], k, leader, keyb[ply], hist)
                nm[ply] = n
                ci[ply] = 0
                res[ply] = mover != s_seat
        if state == 1:
            i = ci[ply]
            if i == nm[ply]:
                r = res[ply]
                state = 2
            else:
                ci[ply] = i + 1
                k = kk[ply]
                t = (ply + k0) // np_
                a = mv[ply, i]
                b = a & 63
                hands[movers[ply]] ^= uint64(1) << uint64(b)
                tcard[t, k] = b
                tmode[t, k] = a >> 6
                c = ply + 1
                if k + 1 == np_:
                    w = (ld[ply] + trick_winner(tcard[t], tmode[t], np_, trump, rp)) % np_
                    kk[c] = 0
                    ld[c] = w
                    wn[c] = wn[ply] + (1 if w == s_seat else 0)
                    rm[c] = rm[ply] - 1
                else:
                    kk[c] = k + 1
                    ld[c] = ld[ply]
                    wn[c] = wn[ply]
                    rm[c] = rm[ply]
                ply = c
                state = 0
                continue
        if state == 2:
            if store[ply]:
                _store(hands, np_, ld[ply], sacc[ply], keys, tlead, tacc, tres, tstamp, stamp,
                       sidx[ply], tmask, r)
            if ply == 0:
                return 1 if r else 0
            ply -= 1
            a = mv[ply, ci[ply] - 1]
            hands[movers[ply]] ^= uint64(1) << uint64(a & 63)
            if (movers[ply] == s_seat) == r:  # a cut
                if ci[ply] > 1:
                    hist[kk[ply], a] += 1
                state = 2
            else:
                state = 1
    return 1 if r else 0


@njit(cache=True)
def guaranteed_score(hands, np_, s_seat, trump, rp, leader, k0, tc0, tm0, won, rem, bid, n,
                     set_index, tt, stamp, nodes, budget):
    """The score of ``bid`` that ``s_seat`` makes sure of from the position (see :func:`search_set`)."""
    m = rem + 1
    vals = np.empty(m, np.int64)
    for i in range(m):
        vals[i] = deal_score(bid, won + i, n, set_index, rp)
    order = np.unique(vals)[::-1]
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
        if search_set(work, np_, s_seat, trump, rp, leader, k0, tc0, tm0, won, rem, acc, tt, stamp,
                      nodes, budget) == 1:
            hi = mid
        else:
            lo = mid + 1
    return order[lo]


@njit(cache=True, inline="always")
def _lowbit(m):
    b = 0
    x = m & (~m + uint64(1))
    while x > uint64(1):
        x >>= uint64(1)
        b += 1
    return b


@njit(cache=True)
def trick_bounds(hands, np_, s_seat, trump, rp, leader, tricks, tt, stamp, nodes, budget):
    """(L, M) from the first lead: the most tricks ``s_seat`` makes sure of, and the fewest it
    makes sure not to exceed, the others playing against it each time (null-window searches)."""
    work = np.empty(np_, np.uint64)
    tc = np.zeros(np_, np.int64)
    full = (np.int64(1) << (tricks + 1)) - 1
    lo, hi = 0, tricks
    while lo < hi:  # L: the largest t with "at least t" made sure of
        mid = (lo + hi + 1) // 2
        for i in range(np_):
            work[i] = hands[i]
        acc = full & ~((np.int64(1) << mid) - 1)
        if search_set(work, np_, s_seat, trump, rp, leader, 0, tc, tc, 0, tricks, acc, tt, stamp,
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
        if search_set(work, np_, s_seat, trump, rp, leader, 0, tc, tc, 0, tricks, acc, tt, stamp,
                      nodes, budget) == 1:
            hi = mid
        else:
            lo = mid + 1
    return low, lo


@njit(cache=True)
def bid_value(bid, low, most, n, set_index, rp):
    """A bid's value in one world from its bounds: exact when ``most <= bid <= low``, else the
    score of the bound it misses by."""
    if bid > low:
        return deal_score(bid, low, n, set_index, rp)
    if bid < most:
        return deal_score(bid, most, n, set_index, rp)
    return deal_score(bid, bid, n, set_index, rp)
