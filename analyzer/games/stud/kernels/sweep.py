"""The exact casino stud enumeration as one sweep over the hand classes, vectorised over up cards.

For a player hand H and up card u, the dealer hands holding u and none of H's cards with class
< x are, by inclusion–exclusion over the subsets S of H,
``A_x(u) = Σ_S (-1)^|S| N_x(S ∪ {u})`` where ``N_x(T)`` counts 5-card hands ⊇ T of class < x.
The sweep visits the classes in ascending order and keeps ``N_x(S ∪ {u})`` for |S| ≤ 3 as rows
indexed by S with one entry per up card (one pass over the up cards sums a hand's 31 terms,
vectorised); |S| = 4 terms read the class of S ∪ {u} from ``up_rows``. Before class c is added
the counts are those below c (the player's ``< pc`` threshold), after it those below c + 1;
a copy taken at the qualifier class gives the not-qualifying counts. Each lane of the parallel
loop owns a range of up cards (its own count rows), so lanes never share writes and the totals
are the same for any number of threads. :func:`.loops.exact_loop` is the per-situation twin.
"""

from __future__ import annotations

import numpy as np
from numba import prange

from analyzer.games.stud.kernels.counting import group_of, hand_marks
from analyzer.kernels.combinatorics import colex_without
from analyzer.kernels.jit import kernel, no_refcount


@kernel
def class_sets(cls, nc, n, binom):
    """Every 5-subset of the n positions as sorted positions (uint8, (C(n,5), 5)) listed by
    ascending class, with ``start[c]`` the first row of class c (``start[nc]`` = C(n,5))."""
    total = binom[n, 5]
    count = np.zeros(nc + 1, np.int64)
    for i in range(total):
        count[cls[i] + 1] += 1
    start = np.cumsum(count)
    fill = start[:-1].copy()
    sets = np.empty((total, 5), np.uint8)
    for e in range(4, n):
        for d in range(3, e):
            for c in range(2, d):
                for b in range(1, c):
                    for a in range(b):
                        k = cls[binom[a, 1] + binom[b, 2] + binom[c, 3] + binom[d, 4] + binom[e, 5]]
                        row = fill[k]
                        fill[k] += 1
                        sets[row, 0] = a
                        sets[row, 1] = b
                        sets[row, 2] = c
                        sets[row, 3] = d
                        sets[row, 4] = e
    return sets, start


@kernel(parallel=True)
def up_rows(cls, n, binom):
    """``rows[colex4(S), u]`` = class (uint16) of the hand S ∪ {u}; 65535 where u ∈ S."""
    rows = np.full((binom[n, 4], n), 65535, np.uint16)
    for e in prange(4, n):
        for d in range(3, e):
            for c in range(2, d):
                for b in range(1, c):
                    for a in range(b):
                        k = cls[binom[a, 1] + binom[b, 2] + binom[c, 3] + binom[d, 4] + binom[e, 5]]
                        rows[binom[b, 1] + binom[c, 2] + binom[d, 3] + binom[e, 4], a] = k
                        rows[binom[a, 1] + binom[c, 2] + binom[d, 3] + binom[e, 4], b] = k
                        rows[binom[a, 1] + binom[b, 2] + binom[d, 3] + binom[e, 4], c] = k
                        rows[binom[a, 1] + binom[b, 2] + binom[c, 3] + binom[e, 4], d] = k
                        rows[binom[a, 1] + binom[b, 2] + binom[c, 3] + binom[d, 4], e] = k
    return rows


@kernel
def _add_class(sets, lo, hi, u0, u1, n1, n2, n3, n4, binom):
    """Count the hands ``sets[lo:hi]`` into the rows of the lane's up cards u0 ≤ u < u1."""
    o = np.empty(4, np.int64)
    for k in range(lo, hi):
        for j in range(5):
            u = np.int64(sets[k, j])
            if u < u0 or u >= u1:
                continue
            uu = u - u0
            t = 0
            for i in range(5):
                if i != j:
                    o[t] = sets[k, i]
                    t += 1
            n1[uu] += 1
            for a in range(4):
                n2[o[a], uu] += 1
                for b in range(a + 1, 4):
                    pab = binom[o[a], 1] + binom[o[b], 2]
                    n3[pab, uu] += 1
                    for c in range(b + 1, 4):
                        n4[pab + binom[o[c], 3], uu] += 1


@no_refcount
def _subset_indices(h, binom, idx):
    """Colex indices of H's 10 pairs (idx[0:10]), 10 triples (idx[10:20]) and the 4-sets
    H minus h[m] (idx[20 + m])."""
    t = 0
    for a in range(5):
        for b in range(a + 1, 5):
            idx[t] = binom[h[a], 1] + binom[h[b], 2]
            t += 1
    for a in range(5):
        for b in range(a + 1, 5):
            for c in range(b + 1, 5):
                idx[t] = binom[h[a], 1] + binom[h[b], 2] + binom[h[c], 3]
                t += 1
    for m in range(5):
        idx[20 + m] = colex_without(h, 5, m, binom)


@no_refcount(inline="always")
def _rows_of(h, idx):
    """H's 5 cards, then :func:`_subset_indices` (10 pairs, 10 triples, 5 4-sets) as one tuple, so
    that a loop over the up cards holds them in registers (not reread from the arrays each step)."""
    return (h[0], h[1], h[2], h[3], h[4], idx[0], idx[1], idx[2], idx[3], idx[4], idx[5], idx[6], idx[7],
            idx[8], idx[9], idx[10], idx[11], idx[12], idx[13], idx[14], idx[15], idx[16], idx[17], idx[18],
            idx[19], idx[20], idx[21], idx[22], idx[23], idx[24])


@no_refcount(inline="always")
def _at(n1, n2, n3, n4, r, j):
    """The counts' part of :func:`_below` at column j: Σ over the subsets S of H with |S| ≤ 3 of
    (-1)^|S| N(S ∪ {u}) (``r``: :func:`_rows_of`), every term of the column in one expression."""
    s = (np.int32(n1[j]) - np.int32(n2[r[0], j]) - np.int32(n2[r[1], j]) - np.int32(n2[r[2], j])
         - np.int32(n2[r[3], j]) - np.int32(n2[r[4], j]))
    s += (np.int32(n3[r[5], j]) + np.int32(n3[r[6], j]) + np.int32(n3[r[7], j]) + np.int32(n3[r[8], j])
          + np.int32(n3[r[9], j]) + np.int32(n3[r[10], j]) + np.int32(n3[r[11], j]) + np.int32(n3[r[12], j])
          + np.int32(n3[r[13], j]) + np.int32(n3[r[14], j]))
    s -= (np.int32(n4[r[15], j]) + np.int32(n4[r[16], j]) + np.int32(n4[r[17], j]) + np.int32(n4[r[18], j])
          + np.int32(n4[r[19], j]) + np.int32(n4[r[20], j]) + np.int32(n4[r[21], j]) + np.int32(n4[r[22], j])
          + np.int32(n4[r[23], j]) + np.int32(n4[r[24], j]))
    return s


@no_refcount(inline="always")
def _fours(rows, r, u, x):
    """The |S| = 4 terms of :func:`_below`: how many of the hands (H less one card) ∪ {u} have class < x."""
    return (np.int32(rows[r[25], u] < x) + np.int32(rows[r[26], u] < x) + np.int32(rows[r[27], u] < x)
            + np.int32(rows[r[28], u] < x) + np.int32(rows[r[29], u] < x))


@no_refcount
def _below(n1, n2, n3, n4, rows, h, idx, u0, width, x, out):
    """``out[j]`` = dealer hands holding up card u0 + j, none of H, of class < x: one pass over the
    columns, each summing all 31 terms (a pass per term read and wrote ``out`` 31 times)."""
    r = _rows_of(h, idx)
    for j in range(width):
        out[j] = _at(n1, n2, n3, n4, r, j) + _fours(rows, r, u0 + j, x)


@no_refcount
def _below2(q1, q2, q3, q4, n1, n2, n3, n4, rows, h, idx, u0, width, xq, x, out_q, out):
    """:func:`_below` of two sets of counts in one pass: ``out_q`` from ``q*`` below ``xq``, ``out``
    from ``n*`` below ``x``."""
    r = _rows_of(h, idx)
    for j in range(width):
        out_q[j] = _at(q1, q2, q3, q4, r, j) + _fours(rows, r, u0 + j, xq)
        out[j] = _at(n1, n2, n3, n4, r, j) + _fours(rows, r, u0 + j, x)


@no_refcount
def _settle(i, h, pc, qc, nq, lo, hi, u0, width, total, weights, rep_cat, win_of, nq_win, tie_win,
            lose_win, rules, uniform, pos_code, wild_pos, run, own, gain, keep_gain):
    """Decide and tally the situations of hand i with the lane's up cards: what a bet adds goes to
    ``run`` (every situation: the sums of a strategy that bets from a class on are differences of
    its snapshots), and to ``own`` for each strategy decided per situation (``uniform[k]`` < 0)."""
    pay = win_of[pc]
    w = weights[i]
    ns = rules.shape[0]
    cat = 8 + rep_cat[i]
    ranks, held = hand_marks(h, 5, pos_code, wild_pos)  # the hand's part of the situation group
    for j in range(width):
        u = u0 + j
        if u == h[0] or u == h[1] or u == h[2] or u == h[3] or u == h[4]:
            if keep_gain:
                gain[i, u] = np.nan  # no such situation
            continue
        c_nq = np.int64(nq[j])
        if pc < qc:
            c_win = np.int64(0)
            c_tie = np.int64(0)
            c_lose = total - c_nq
        else:
            c_win = np.int64(lo[j]) - c_nq
            c_tie = np.int64(hi[j]) - np.int64(lo[j])
            c_lose = total - np.int64(hi[j])
        v = c_nq * nq_win + c_win * pay + c_tie * tie_win + c_lose * lose_win
        if keep_gain:
            gain[i, u] = (v + total) / total
        a_nq = w * c_nq
        a_tie = w * c_tie
        a_lose = w * c_lose
        a_win = w * c_win
        run[j, 1] += w
        run[j, 2] += a_nq
        run[j, 3] += a_tie
        run[j, 4] += a_lose
        run[j, cat] += a_win
        g = group_of(ranks, held, u, pos_code, wild_pos)
        for k in range(ns):
            if uniform[k] >= 0:
                continue
            t = rules[k, g]  # as :func:`.loops.decide`: -1 = optimal, else a class threshold
            if (v > -total) if t < 0 else (pc >= t):
                own[j, k, 1] += w
                own[j, k, 2] += a_nq
                own[j, k, 3] += a_tie
                own[j, k, 4] += a_lose
                own[j, k, cat] += a_win


@no_refcount
def _snap(c, uniform, run, snap):
    """Before class ``c`` is settled: the running sums of each strategy betting from class c on."""
    for k in range(uniform.shape[0]):
        if uniform[k] == c:
            for j in range(run.shape[0]):
                for col in range(run.shape[1]):
                    snap[k, j, col] = run[j, col]


@kernel
def _lane(u0, u1, n, sets, start, reps, rep_order, rep_start, weights, rep_pc, rep_cat, rows, win_of,
          nq_win, tie_win, lose_win, rules, pos_code, wild_pos, binom, qc, acc, gain):
    width = u1 - u0
    nc = start.shape[0] - 1
    qc = min(qc, nc)
    ns = rules.shape[0]
    ncol = acc.shape[2]
    # A strategy betting from one class on in every group bets on the reps from its class's first
    # on (they are settled in class order): its sums are the running sums of every situation less
    # their snapshot at that class. The others (optimal, rules by group) are decided per situation.
    uniform = np.full(ns, -1, np.int64)
    for k in range(ns):
        t = rules[k, 0]
        same = t >= 0
        for g in range(rules.shape[1]):
            if rules[k, g] != t:
                same = False
        if same:
            uniform[k] = min(t, nc)
    run = np.zeros((width, ncol), np.int64)  # what a bet adds, summed over the situations so far
    snap = np.zeros((ns, width, ncol), np.int64)
    own = np.zeros((width, ns, ncol), np.int64)
    # the counts fit small types (≤ C(n-2, 3), C(n-3, 2), n-4 for n ≤ 64): the rows stay in cache
    n1 = np.zeros(width, np.int32)
    n2 = np.zeros((n, width), np.uint16)
    n3 = np.zeros((binom[n, 2], width), np.uint16)
    n4 = np.zeros((binom[n, 3], width), np.uint8)
    most = 1
    for c in range(nc):
        most = max(most, rep_start[c + 1] - rep_start[c])
    bq = np.empty((most, width), np.int32)
    bl = np.empty((most, width), np.int32)
    hi = np.empty(width, np.int32)
    idx = np.empty(25, np.int64)
    subs = np.empty((most, 25), np.int64)  # the class's hands' subset indices, for both passes
    total = binom[n - 6, 4]
    keep_gain = gain.shape[0] > 0
    for c in range(qc):
        _add_class(sets, start[c], start[c + 1], u0, u1, n1, n2, n3, n4, binom)
    q1 = n1.copy()
    q2 = n2.copy()
    q3 = n3.copy()
    q4 = n4.copy()
    for c in range(qc):  # hands below the qualifier: only NQ matters
        _snap(c, uniform, run, snap)
        for r in range(rep_start[c], rep_start[c + 1]):
            i = rep_order[r]
            h = reps[i]
            _subset_indices(h, binom, idx)
            _below(q1, q2, q3, q4, rows, h, idx, u0, width, qc, hi)
            _settle(i, h, rep_pc[i], qc, hi, hi, hi, u0, width, total, weights, rep_cat, win_of, nq_win,
                    tie_win, lose_win, rules, uniform, pos_code, wild_pos, run, own, gain, keep_gain)
    for c in range(qc, nc):
        rs = rep_start[c]
        re = rep_start[c + 1]
        for r in range(rs, re):
            h = reps[rep_order[r]]
            _subset_indices(h, binom, subs[r - rs])
            _below2(q1, q2, q3, q4, n1, n2, n3, n4, rows, h, subs[r - rs], u0, width, qc, c, bq[r - rs], bl[r - rs])
        _add_class(sets, start[c], start[c + 1], u0, u1, n1, n2, n3, n4, binom)
        _snap(c, uniform, run, snap)
        for r in range(rs, re):
            i = rep_order[r]
            h = reps[i]
            _below(n1, n2, n3, n4, rows, h, subs[r - rs], u0, width, c + 1, hi)
            _settle(i, h, c, qc, bq[r - rs], bl[r - rs], hi, u0, width, total, weights, rep_cat,
                    win_of, nq_win, tie_win, lose_win, rules, uniform, pos_code, wild_pos, run, own, gain,
                    keep_gain)
    _snap(nc, uniform, run, snap)
    for j in range(width):  # [0] situations and [6] NQ are every situation's, [5] folds the rest
        u = u0 + j
        for k in range(ns):
            for col in range(1, ncol):
                if col == 5 or col == 6 or col == 7:
                    continue
                acc[u, k, col] += own[j, k, col] if uniform[k] < 0 else run[j, col] - snap[k, j, col]
            bets = own[j, k, 1] if uniform[k] < 0 else run[j, 1] - snap[k, j, 1]
            acc[u, k, 0] += run[j, 1]
            acc[u, k, 5] += run[j, 1] - bets
            acc[u, k, 6] += run[j, 2]


@kernel(parallel=True)
def sweep_part(u_lo, u_hi, n, sets, start, reps, rep_order, rep_start, weights, rep_pc, rep_cat, rows, win_of,
               nq_win, tie_win, lose_win, rules, pos_code, wild_pos, binom, qc, gain, lanes, acc):
    """Weighted totals per up card and strategy, added into ``acc`` (n, S, 8 + n_cat) as
    :func:`.loops.exact_loop` lays them out, for the up cards ``u_lo .. u_hi - 1``: every
    canonical hand ``reps[i]`` (× ``weights[i]``) against every such up card not in it. A caller
    sweeps the up cards a few at a time, so that Ctrl-C is seen between the calls. ``rep_order``
    lists the hands by class (``rep_start[c]``: first of class c); ``sets``/``start`` are
    :func:`class_sets`, ``rows`` :func:`up_rows`. ``gain[i, u]`` (if it has rows) gets each
    situation's bet EV minus fold EV in antes, NaN where u is in the hand."""
    width = u_hi - u_lo
    for lane in prange(lanes):
        u0 = u_lo + lane * width // lanes
        u1 = u_lo + (lane + 1) * width // lanes
        if u1 > u0:
            _lane(u0, u1, n, sets, start, reps, rep_order, rep_start, weights, rep_pc, rep_cat, rows, win_of,
                  nq_win, tie_win, lose_win, rules, pos_code, wild_pos, binom, qc, acc, gain)
