"""Numba kernels valuing every draw of one situation against one table of its dealer hands.

The dealer holds the up card and four of the ``nu`` unseen cards; a draw takes cards from the
same unseen cards, so the dealer hands left after drawing the set ``N`` are those avoiding ``N``.
:func:`pool_build` classes every dealer hand of the situation once and keeps, for every 0-, 1-,
2- and 3-set of unseen cards, the dealer hands containing it by class (dense counts below every
class for the 0-, 1- and 2-sets, a sorted class list for each 3-set); the hands avoiding ``N``
with a class below ``x`` are then an inclusion–exclusion over the subsets of ``N`` (table reads,
and for each 3-subset a search of a list of ``nu`` - 3 classes). The joker bought is the draw of the
joker itself. :func:`pool_options` gives the same 37 values as :func:`.draw.option_values`
(stand, the 31 hold-and-draw masks, the joker for each card), several times faster. Over a
run of draws, the dealer's count below the qualifier splits into the terms of the drawn cards
but the last (the same for consecutive draws in lexicographic order) and those holding it.
"""

from __future__ import annotations

import numpy as np
from numba import prange

from analyzer.games.stud.kernels.counting import below3, count_below
from analyzer.games.stud.kernels.tables import colex, sort_small
from analyzer.kernels.combinatorics import next_subset
from analyzer.kernels.jit import kernel, no_refcount


@kernel(python=True)  # called from Python as well: one compile serves both
def pool_build(unseen, nu, u, cls, binom):
    """Dealer-hand class tables of ``u`` + 4 of ``unseen[:nu]`` (sorted positions): ``c4`` by local
    colex index; dense counts below every class of all hands (``cum0[x]``: those of class < x) and
    of those containing each local 1- and 2-set (``cum1``, ``cum2``: a row per set in colex order);
    sorted class lists of those containing each local 3-set (``l3``, one segment per set)."""
    n4 = binom[nu, 4]
    s3 = nu - 3
    width = cls.max() + 2  # x = 0 .. (the highest class + 1): every class a count can be asked below
    c4 = np.empty(n4, np.uint16)  # classes < 65535 (exact.py): the small types keep the tables in cache
    sets = np.empty((n4, 4), np.int64)
    s = np.empty(5, np.int64)
    for d in range(3, nu):
        for c in range(2, d):
            for b in range(1, c):
                for a in range(b):
                    i4 = binom[a, 1] + binom[b, 2] + binom[c, 3] + binom[d, 4]
                    sets[i4, 0] = a
                    sets[i4, 1] = b
                    sets[i4, 2] = c
                    sets[i4, 3] = d
                    s[0] = unseen[a]
                    s[1] = unseen[b]
                    s[2] = unseen[c]
                    s[3] = unseen[d]
                    s[4] = u
                    sort_small(s, 5)
                    c4[i4] = cls[colex(s, 5, binom)]
    cum0 = np.zeros(width, np.int32)
    cum1 = np.zeros((nu, width), np.uint16)  # a row counts at most C(nu - 1, 3) < 2**16 hands
    cum2 = np.zeros((binom[nu, 2], width), np.int16)  # a row counts at most C(nu - 2, 2) < 2**15 hands
    l3 = np.empty(binom[nu, 3] * s3, np.uint16)
    f3 = np.zeros(binom[nu, 3], np.int64)
    for i4 in np.argsort(c4, kind="mergesort"):  # ascending class: every 3-set segment fills in sorted order
        k = c4[i4]
        cum0[k + 1] += 1  # a histogram at class + 1, summed below into counts of the classes < x
        for x in range(4):
            p = sets[i4, x]
            cum1[p, k + 1] += 1
            for y in range(x + 1, 4):
                q = binom[p, 1] + binom[sets[i4, y], 2]
                cum2[q, k + 1] += 1
                for z in range(y + 1, 4):
                    t = q + binom[sets[i4, z], 3]
                    l3[t * s3 + f3[t]] = k
                    f3[t] += 1
    for x in range(1, width):
        cum0[x] += cum0[x - 1]
    for r in range(nu):
        for x in range(1, width):
            cum1[r, x] += cum1[r, x - 1]
    for r in range(cum2.shape[0]):
        for x in range(1, width):
            cum2[r, x] += cum2[r, x - 1]
    return c4, cum0, cum1, cum2, l3


@no_refcount
def pool_counts(sub, nd, x0, x1, x2, nu, c4, cum0, cum1, cum2, l3, binom, out3):
    """Dealer hands avoiding the local cards ``sub[:nd]`` (sorted) with class < x0, < x1, < x2:
    inclusion–exclusion over the subsets of ``sub`` (at most 4 cards) as nested loops, each
    level's colex index its parent's plus its own card's term."""
    s3 = nu - 3
    top = cum0.shape[0] - 1  # above every class: a count below any x >= top is below top
    x0 = min(x0, top)
    x1 = min(x1, top)
    x2 = min(x2, top)
    t0 = np.int64(cum0[x0])
    t1 = np.int64(cum0[x1])
    t2 = np.int64(cum0[x2])
    for a in range(nd):
        ia = sub[a]  # binom[p, 1] = p
        t0 -= cum1[ia, x0]
        t1 -= cum1[ia, x1]
        t2 -= cum1[ia, x2]
        for b in range(a + 1, nd):
            ib = ia + binom[sub[b], 2]
            t0 += np.int64(cum2[ib, x0])
            t1 += np.int64(cum2[ib, x1])
            t2 += np.int64(cum2[ib, x2])
            for c in range(b + 1, nd):
                ic = ib + binom[sub[c], 3]
                c0, c1, c2 = below3(l3, ic * s3, s3, x0, x1, x2)
                t0 -= c0
                t1 -= c1
                t2 -= c2
                for d in range(c + 1, nd):
                    v = c4[ic + binom[sub[d], 4]]
                    t0 += 1 if v < x0 else 0
                    t1 += 1 if v < x1 else 0
                    t2 += 1 if v < x2 else 0
    out3[0] = t0
    out3[1] = t1
    out3[2] = t2


@no_refcount
def pool_value(new, sub, nd, nu, win_of, nq_win, tie_win, lose_win, cls, qc, c4, cum0, cum1, cum2, l3, binom, c3):
    """max(fold, bet) in antes of the player's 5 positions ``new`` (sorted in place) when the local
    unseen cards ``sub[:nd]`` have left the dealer's reach."""
    total = binom[nu - nd, 4]
    sort_small(new, 5)
    pc = np.int64(cls[colex(new, 5, binom)])  # (int64 as qc: one compile of pool_counts)
    if pc < qc:  # the dealer's qualifying hands all beat the player's: the count below qc alone
        pool_counts(sub, nd, qc, qc, qc, nu, c4, cum0, cum1, cum2, l3, binom, c3)
    else:
        pool_counts(sub, nd, qc, pc, pc + 1, nu, c4, cum0, cum1, cum2, l3, binom, c3)
    nq = c3[0]
    if pc < qc:
        v = nq * nq_win + (total - nq) * lose_win
    else:
        v = nq * nq_win + (c3[1] - nq) * win_of[pc] + (c3[2] - c3[1]) * tie_win + (total - c3[2]) * lose_win
    return max(v, -total) / total


@no_refcount
def _below_prefix(sub, m, x, nu, c4, cum0, cum1, cum2, l3, binom):
    """The signed terms of :func:`pool_counts` (one threshold ``x``) of the subsets of ``sub[:m]``."""
    s3 = nu - 3
    t = np.int64(cum0[x])
    for a in range(m):
        ia = sub[a]
        t -= cum1[ia, x]
        for b in range(a + 1, m):
            ib = ia + binom[sub[b], 2]
            t += np.int64(cum2[ib, x])
            for c in range(b + 1, m):
                ic = ib + binom[sub[c], 3]
                t -= count_below(l3, ic * s3, s3, x)
                for d in range(c + 1, m):
                    t += 1 if c4[ic + binom[sub[d], 4]] < x else 0
    return t


@no_refcount
def _below_last(sub, m, x, nu, c4, cum1, cum2, l3, binom):
    """The signed terms of :func:`pool_counts` (one threshold ``x``) of the subsets of ``sub[:m]``
    that hold its last card (m ≥ 1)."""
    s3 = nu - 3
    e = sub[m - 1]
    e2 = binom[e, 2]
    e3 = binom[e, 3]
    e4 = binom[e, 4]
    t = -np.int64(cum1[e, x])
    for a in range(m - 1):
        ia = sub[a]
        t += np.int64(cum2[ia + e2, x])
        for b in range(a + 1, m - 1):
            ib = ia + binom[sub[b], 2]
            t -= count_below(l3, (ib + e3) * s3, s3, x)
            for c in range(b + 1, m - 1):
                t += 1 if c4[ib + binom[sub[c], 3] + e4] < x else 0
    return t


@no_refcount
def _counts_above(sub, nd, x1, x2, nu, c4, cum0, cum1, cum2, l3, binom):
    """:func:`pool_counts`' counts below ``x1`` and ``x2`` (x1 ≤ x2) alone."""
    s3 = nu - 3
    t1 = np.int64(cum0[x1])
    t2 = np.int64(cum0[x2])
    for a in range(nd):
        ia = sub[a]
        t1 -= cum1[ia, x1]
        t2 -= cum1[ia, x2]
        for b in range(a + 1, nd):
            ib = ia + binom[sub[b], 2]
            t1 += np.int64(cum2[ib, x1])
            t2 += np.int64(cum2[ib, x2])
            for c in range(b + 1, nd):
                ic = ib + binom[sub[c], 3]
                st = ic * s3
                c1 = count_below(l3, st, s3, x1)
                c2 = c1
                while c2 < s3 and l3[st + c2] < x2:
                    c2 += 1
                t1 -= c1
                t2 -= c2
                for d in range(c + 1, nd):
                    v = c4[ic + binom[sub[d], 4]]
                    t1 += 1 if v < x1 else 0
                    t2 += 1 if v < x2 else 0
    return t1, t2


@no_refcount
def _lex_unrank(idx, nu, nd, binom, sub):
    """``sub[:nd]`` = the ``idx``-th ``nd``-combination of ``0..nu-1`` in lexicographic order."""
    c = 0
    for j in range(nd):
        while idx >= binom[nu - c - 1, nd - j - 1]:
            idx -= binom[nu - c - 1, nd - j - 1]
            c += 1
        sub[j] = c
        c += 1


@kernel
def pool_option_part(k, start, stop, hand, unseen, nu, jl, jpos, win_of, nq_win, tie_win, lose_win, cls, qc, c4,
                     cum0, cum1, cum2, l3, binom):
    """Option ``k`` before fees, draws ``start .. stop-1`` only (lexicographic order of the drawn
    sets): 0..31 discard mask then draw, the sum of the draws' values; 32 + i the joker for
    ``hand[i]`` (one draw: its value, NaN when ``jl`` < 0: the joker is not among the unseen cards)."""
    new = np.empty(5, np.int64)
    sub = np.empty(5, np.int64)
    c3 = np.empty(3, np.int64)
    if k >= 32:
        if jl < 0:
            return np.nan
        for t in range(5):
            new[t] = jpos if t == k - 32 else hand[t]
        sub[0] = jl
        return pool_value(new, sub, np.int64(1), nu, win_of, nq_win, tie_win, lose_win, cls, qc, c4, cum0, cum1, cum2, l3, binom,
                          c3)
    keep = np.empty(5, np.int64)
    nk = 0
    nd = np.int64(0)  # int64 from the start: the callees are not compiled first for the constant 0
    for i in range(5):
        if (k >> i) & 1:
            nd += 1
        else:
            keep[nk] = hand[i]
            nk += 1
    _lex_unrank(start, nu, nd, binom, sub)
    # The dealer's not-qualifying count (below qc whatever the player holds) splits into the terms
    # of the subsets of the drawn cards but the last, the same for the draws that differ in the
    # last card only (kept in ``nq_head``), and those holding it: :func:`pool_value`'s counts.
    top = cum0.shape[0] - 1
    xq = min(qc, top)
    head = np.full(5, -1, np.int64)
    nq_head = np.int64(0)
    total = binom[nu - nd, 4]
    acc = 0.0
    for _ in range(start, stop):
        for i in range(nk):
            new[i] = keep[i]
        for j in range(nd):
            new[nk + j] = unseen[sub[j]]
        sort_small(new, 5)
        pc = cls[colex(new, 5, binom)]
        same = True
        for j in range(nd - 1):
            if head[j] != sub[j]:
                same = False
                head[j] = sub[j]
        if not same or head[4] < 0:
            head[4] = 0
            nq_head = _below_prefix(sub, nd - 1 if nd > 0 else 0, xq, nu, c4, cum0, cum1, cum2, l3, binom)
        nq = nq_head
        if nd > 0:
            nq += _below_last(sub, nd, xq, nu, c4, cum1, cum2, l3, binom)
        if pc < qc:  # as pool_value
            v = nq * nq_win + (total - nq) * lose_win
        else:
            lo, hi = _counts_above(sub, nd, min(pc, top), min(pc + 1, top), nu, c4, cum0, cum1, cum2, l3, binom)
            v = nq * nq_win + (lo - nq) * win_of[pc] + (hi - lo) * tie_win + (total - hi) * lose_win
        acc += max(v, -total) / total
        if not next_subset(sub, nd, nu):
            break
    return acc


@no_refcount(python=True)
def option_draws(k, nu, binom):
    """How many draws option ``k`` averages over (1 for stand and the joker)."""
    if k >= 32:
        return 1
    nd = 0
    for i in range(5):
        nd += (k >> i) & 1
    return binom[nu, nd]


@kernel
def pool_option(k, hand, unseen, nu, jl, jpos, win_of, nq_win, tie_win, lose_win, cls, qc, c4, cum0, cum1, cum2, l3,
                binom):
    """Option ``k`` before fees: 0..31 discard mask then draw, 32 + i the joker for ``hand[i]``
    (NaN when ``jl`` < 0: the joker is not among the unseen cards)."""
    d = option_draws(k, nu, binom)
    v = pool_option_part(k, np.int64(0), d, hand, unseen, nu, jl, jpos, win_of, nq_win, tie_win, lose_win, cls, qc, c4, cum0,
                         cum1, cum2, l3, binom)
    return v if k >= 32 else v / d


@kernel
def _unseen(hand, u, jpos, n):
    unseen = np.empty(n, np.int64)
    nu = 0
    jl = -1
    for p in range(n):
        if p != u and p != hand[0] and p != hand[1] and p != hand[2] and p != hand[3] and p != hand[4]:
            if p == jpos:
                jl = nu
            unseen[nu] = p
            nu += 1
    return unseen, nu, jl


@kernel(parallel=True)
def pool_options(hand, u, jpos, n, win_of, nq_win, tie_win, lose_win, cls, qc, binom):
    """The 37 option values of one situation (parallel over the options)."""
    unseen, nu, jl = _unseen(hand, u, jpos, n)
    c4, cum0, cum1, cum2, l3 = pool_build(unseen, nu, u, cls, binom)
    out = np.empty(37, np.float64)
    for k in prange(37):  # a prange index is unsigned: int64, as pool_batch's, for one compiled pool_option
        out[k] = pool_option(np.int64(k), hand, unseen, nu, jl, jpos, win_of, nq_win, tie_win, lose_win, cls, qc, c4, cum0,
                             cum1, cum2, l3, binom)
    return out


@kernel(parallel=True)
def pool_batch(hands, ups, jpos, n, win_of, nq_win, tie_win, lose_win, cls, qc, binom):
    """:func:`pool_options` of many situations (parallel over the situations)."""
    out = np.empty((hands.shape[0], 37), np.float64)
    for r in prange(hands.shape[0]):
        hand = hands[r]
        unseen, nu, jl = _unseen(hand, ups[r], jpos, n)
        c4, cum0, cum1, cum2, l3 = pool_build(unseen, nu, ups[r], cls, binom)
        for k in range(37):
            out[r, k] = pool_option(k, hand, unseen, nu, jl, jpos, win_of, nq_win, tie_win, lose_win, cls, qc, c4,
                                    cum0, cum1, cum2, l3, binom)
    return out


@kernel
def pool_prepare(hand, u, jpos, n, cls, binom):
    """What every option of one situation shares: the unseen cards (their count, the joker's place
    among them) and :func:`pool_build`'s dealer tables."""
    unseen, nu, jl = _unseen(hand, u, jpos, n)
    c4, cum0, cum1, cum2, l3 = pool_build(unseen, nu, u, cls, binom)
    return unseen, nu, jl, c4, cum0, cum1, cum2, l3


@kernel(parallel=True)
def pool_parts(ks, starts, stops, hand, unseen, nu, jl, jpos, win_of, nq_win, tie_win, lose_win, cls, qc, c4, cum0,
               cum1, cum2, l3, binom):
    """:func:`pool_option_part` of the rows (option ``ks[i]``, draws ``starts[i] .. stops[i]-1``) of
    one situation prepared by :func:`pool_prepare`, parallel over the rows: a caller values a
    situation a few short rows per call, so that Ctrl-C is seen."""
    out = np.empty(ks.shape[0], np.float64)
    for i in prange(ks.shape[0]):
        out[i] = pool_option_part(ks[i], starts[i], stops[i], hand, unseen, nu, jl, jpos, win_of, nq_win, tie_win,
                                  lose_win, cls, qc, c4, cum0, cum1, cum2, l3, binom)
    return out
