"""Numba kernels that order hold patterns into a strategy list and play the list.

Input per deal: the patterns present (``rep_p``, ``-1`` pads) and the EV of each one's mechanical
hold (``rep_ev``), from :func:`.patterns.representatives`; ``mult`` weighs the deal. A list is a
permutation of the patterns; playing it takes, deal by deal, the present pattern listed first.

:func:`greedy_order` builds a first list (minimum regret, line by line); :func:`improve_order`
then moves one pattern at a time to the position that maximises the exact total EV of the list
(every position at once, from the pairwise conflicts of the pattern with the first other
pattern of each deal it occurs in), until no move gains; among equally good positions it prefers
one next to a pattern of the same ``group`` (so that lines of one family can be merged), then,
with ``prefer_early``, the earliest (so that a line that never conflicts reads first).
"""

from __future__ import annotations

import numpy as np
from numba import prange

from analyzer.kernels.jit import kernel, no_refcount

__all__ = ["deals_by_pattern", "drop_patterns", "greedy_order", "improve_order", "line_play", "strategy_play",
           "subset_gain", "subset_replay"]


@kernel
def _index(rep_p, npat):
    """CSR lists: for pattern p, the (deal, slot) pairs where it occurs."""
    nd = rep_p.shape[0]
    start = np.zeros(npat + 1, np.int64)
    for d in range(nd):
        for i in range(32):
            if rep_p[d, i] < 0:
                break
            start[rep_p[d, i] + 1] += 1
    for p in range(npat):
        start[p + 1] += start[p]
    deal_of = np.empty(start[npat], np.int64)
    slot_of = np.empty(start[npat], np.int64)
    fill = start[:npat].copy()
    for d in range(nd):
        for i in range(32):
            p = rep_p[d, i]
            if p < 0:
                break
            deal_of[fill[p]] = d
            slot_of[fill[p]] = i
            fill[p] += 1
    return start, deal_of, slot_of


@kernel
def greedy_order(rep_p, rep_ev, mult, npat):
    """Greedy minimum-regret list: the next pattern is the one whose placement loses the least
    EV on the deals no earlier pattern decides (those deals' best remaining hold is still the
    optimal one), ties going to the pattern that decides the most deals."""
    nd = rep_p.shape[0]
    opt = np.empty(nd)
    for d in range(nd):
        best = -np.inf
        for i in range(32):
            if rep_p[d, i] < 0:
                break
            best = max(best, rep_ev[d, i])
        opt[d] = best
    start, deal_of, slot_of = _index(rep_p, npat)
    loss = np.zeros(npat)
    mass = np.zeros(npat)
    for p in range(npat):
        for j in range(start[p], start[p + 1]):
            d = deal_of[j]
            loss[p] += mult[d] * (opt[d] - rep_ev[d, slot_of[j]])
            mass[p] += mult[d]
    decided = np.zeros(nd, np.bool_)
    left = np.ones(npat, np.bool_)
    order = np.empty(npat, np.int64)
    for t in range(npat):
        best = -1
        for p in range(npat):
            if left[p] and (best < 0 or loss[p] < loss[best] - 1e-9 * abs(loss[best])
                            or (loss[p] <= loss[best] + 1e-9 * abs(loss[best]) and mass[p] > mass[best])):
                best = p
        order[t] = best
        left[best] = False
        for j in range(start[best], start[best + 1]):
            d = deal_of[j]
            if decided[d]:
                continue
            decided[d] = True
            for i in range(32):
                p = rep_p[d, i]
                if p < 0:
                    break
                loss[p] -= mult[d] * (opt[d] - rep_ev[d, i])
                mass[p] -= mult[d]
    return order


@no_refcount
def _first_listed(rep_p, d, rank, skip):
    """Deal ``d``'s slot of the pattern listed first (``rank[p]``: position), pattern ``skip``
    left out (-1: none); -1 when no other pattern is there."""
    best = -1
    for i in range(32):
        q = rep_p[d, i]
        if q < 0:
            break
        if q != skip and (best < 0 or rank[q] < rank[rep_p[d, best]]):
            best = i
    return best


@no_refcount
def _top_two(rep_p, rep_ev, d, rank, top_p, top_ev):
    """Deal ``d``'s pattern listed first (``top_p[d, 0]``, its hold's EV in ``top_ev[d, 0]``) and
    the first listed other pattern (``[d, 1]``, -1: none): the first other pattern of any pattern
    of the deal is one of the two."""
    b0 = _first_listed(rep_p, d, rank, np.int64(-1))
    b1 = _first_listed(rep_p, d, rank, rep_p[d, b0])
    top_p[d, 0] = rep_p[d, b0]
    top_ev[d, 0] = rep_ev[d, b0]
    top_p[d, 1] = -1 if b1 < 0 else rep_p[d, b1]
    top_ev[d, 1] = 0.0 if b1 < 0 else rep_ev[d, b1]


@kernel
def improve_order(rep_p, rep_ev, mult, order, group, max_passes, tol, prefer_early):
    """Local search on the list ``order`` (modified in place): reinsert each pattern at its
    best position until a pass moves nothing; returns the number of passes made. Moving one
    pattern keeps the order of the others, so each deal's two first listed patterns
    (:func:`_top_two`) change only in the deals of the pattern moved."""
    npat = order.size
    nd = rep_p.shape[0]
    start, deal_of, slot_of = _index(rep_p, npat)
    ev_of = np.empty(deal_of.size)  # each (deal, slot) entry's EV, in the order p's entries are read
    for j in range(deal_of.size):
        ev_of[j] = rep_ev[deal_of[j], slot_of[j]]
    rank = np.empty(npat, np.int64)
    for t in range(npat):
        rank[order[t]] = t
    top_p = np.empty((nd, 2), np.int64)
    top_ev = np.empty((nd, 2))
    for d in range(nd):
        _top_two(rep_p, rep_ev, d, rank, top_p, top_ev)
    gain = np.zeros(npat)
    vals = np.empty(npat)
    rest = np.empty(npat - 1, np.int64)
    passes = 0
    for _ in range(max_passes):
        passes += 1
        moved = False
        for p in range(npat):
            if start[p + 1] == start[p]:
                continue
            gain[:] = 0.0
            for j in range(start[p], start[p + 1]):
                d = deal_of[j]
                o = 0 if top_p[d, 0] != p else 1  # the first other pattern
                q = top_p[d, o]
                if q < 0:  # p is the only pattern there: played wherever it stands
                    continue
                br = rank[q]
                r = br if br < rank[p] else br - 1  # rank among the others
                gain[r] += mult[d] * (ev_of[j] - top_ev[d, o])
            # value(t) = sum of gain[r] for r >= t (p inserted before the others ranked >= t)
            k = 0
            for t in range(npat):
                if order[t] != p:
                    rest[k] = order[t]
                    k += 1
            cur = rank[p]
            acc = 0.0
            for t in range(npat - 1, -1, -1):
                if t < npat - 1:
                    acc += gain[t]
                vals[t] = acc
            cur_v = vals[cur]
            best_v = vals.max()
            best_t = -1
            best_adj = False
            for t in range(npat):
                if vals[t] >= best_v - tol:
                    adj = (t > 0 and group[rest[t - 1]] == group[p]) or (t < npat - 1 and group[rest[t]] == group[p])
                    if best_t < 0 or (adj and not best_adj):
                        best_t = t
                        best_adj = adj
            cur_adj = (cur > 0 and group[rest[cur - 1]] == group[p]) or (cur < npat - 1 and group[rest[cur]] == group[p])
            if best_t == cur or not (best_v > cur_v + tol or (cur_v >= best_v - tol and (
                    (best_adj and not cur_adj) or (prefer_early and best_adj == cur_adj and best_t < cur)))):
                continue
            moved = True
            k = 0
            for t in range(npat):
                if t == best_t:
                    order[t] = p
                else:
                    order[t] = rest[k]
                    k += 1
            for t in range(npat):
                rank[order[t]] = t
            for j in range(start[p], start[p + 1]):
                _top_two(rep_p, rep_ev, deal_of[j], rank, top_p, top_ev)
        if not moved:
            break
    return passes


@kernel(parallel=True)
def strategy_play(rep_p, rep_ev, rank):
    """EV and pattern of the hold chosen by following the list (``rank[p]``: position)."""
    nd = rep_p.shape[0]
    ev = np.empty(nd)
    chosen = np.empty(nd, np.int64)
    for d in prange(nd):
        best = _first_listed(rep_p, d, rank, np.int64(-1))
        ev[d] = rep_ev[d, best]
        chosen[d] = rep_p[d, best]
    return ev, chosen


@no_refcount(inline="always")
def _line_pick(d, pid, key, evs, line_of):
    """Deal ``d``'s played line and its EV: the hold with the earliest line, highest cards first."""
    bl = line_of[pid[d, 0]]
    bk = key[d, 0]
    be = evs[d, 0]
    for h in range(1, 32):
        ln = line_of[pid[d, h]]
        if ln < bl or (ln == bl and key[d, h] > bk):
            bl = ln
            bk = key[d, h]
            be = evs[d, h]
    return bl, be


@kernel(parallel=True)
def line_play(pid, key, evs, line_of):
    """Play a list of lines (``line_of[pattern]``: its line, larger = later): per deal, the EV
    of the hold with the earliest line (highest cards among that line's holds) and the line."""
    nd = pid.shape[0]
    ev = np.empty(nd)
    chosen = np.empty(nd, np.int64)
    for d in prange(nd):
        bl, be = _line_pick(d, pid, key, evs, line_of)
        ev[d] = be
        chosen[d] = bl
    return ev, chosen


@kernel
def drop_patterns(rep_p, rep_ev, limit):
    """Remove the entries of patterns ``>= limit`` (never played) from each deal's list."""
    nd = rep_p.shape[0]
    for d in range(nd):
        k = 0
        for i in range(32):
            p = rep_p[d, i]
            if p < 0:
                break
            if p < limit:
                rep_p[d, k] = p
                rep_ev[d, k] = rep_ev[d, i]
                k += 1
        for i in range(k, 32):
            rep_p[d, i] = -1


@kernel
def deals_by_pattern(pid, npat):
    """CSR lists: for pattern p, the deals holding it (each once)."""
    nd = pid.shape[0]
    seen = np.full(npat, -1, np.int64)
    start = np.zeros(npat + 1, np.int64)
    for d in range(nd):
        for h in range(32):
            p = pid[d, h]
            if seen[p] != d:
                seen[p] = d
                start[p + 1] += 1
    for p in range(npat):
        start[p + 1] += start[p]
    out = np.empty(start[npat], np.int64)
    fill = start[:npat].copy()
    seen[:] = -1
    for d in range(nd):
        for h in range(32):
            p = pid[d, h]
            if seen[p] != d:
                seen[p] = d
                out[fill[p]] = d
                fill[p] += 1
    return start, out


@kernel
def subset_gain(start, deals, moved, pid, key, evs, line_of, mult, cur):
    """``Σ mult · (EV of playing the lines − cur)`` over the deals holding any of the patterns
    ``moved`` (CSR lists ``start``/``deals`` of :func:`deals_by_pattern`; each deal once, in
    ascending order): the exact change of the total when only those patterns' lines move, ``cur``
    being each deal's EV under the old lines (what :func:`line_play` gives)."""
    nd = pid.shape[0]
    mark = np.zeros(nd, np.bool_)
    lo, hi = nd, -1
    for p in moved:
        for i in range(start[p], start[p + 1]):
            d = deals[i]
            mark[d] = True
            lo = min(lo, d)
            hi = max(hi, d)
    new = 0.0
    old = 0.0
    for d in range(lo, hi + 1):
        if mark[d]:
            _, be = _line_pick(d, pid, key, evs, line_of)
            new += mult[d] * be
            old += mult[d] * cur[d]
    return new - old


@kernel
def subset_replay(start, deals, moved, pid, key, evs, line_of, ev):
    """Play the lines again, in place in ``ev``, on the deals holding any of the patterns
    ``moved`` only: the EVs :func:`line_play` gives after a change of those patterns' lines."""
    for p in moved:
        for i in range(start[p], start[p + 1]):
            d = deals[i]
            _, be = _line_pick(d, pid, key, evs, line_of)
            ev[d] = be
