"""Numba kernels that count the dealer's hands in one situation (player hand, up card, dead cards).

The dealer holds the up card ``u`` and four hole cards from the cards nobody has seen. Counts of
dealer hands below a class are taken by inclusion–exclusion over the excluded cards (the player's
hand, and any discarded cards) against the tables of :mod:`.tables`; ``brute_situation`` is the
direct-enumeration twin used as a reference.
"""

from __future__ import annotations

import numpy as np

from analyzer.games.stud.kernels.tables import sort_small
from analyzer.kernels.evaluate import score5
from analyzer.kernels.jit import kernel, no_refcount

# Outcome counters of one situation: dealer hands where the dealer does not qualify, the
# player wins against a qualifying dealer, ties one, loses to one.
NQ, WIN, TIE, LOSE = 0, 1, 2, 3


@no_refcount(inline="always")
def count_below(lst, start, length, x):
    """How many of the sorted ``lst[start:start+length]`` are < ``x`` (binary search)."""
    lo = start
    hi = start + length
    while lo < hi:
        mid = (lo + hi) >> 1
        if lst[mid] < x:
            lo = mid + 1
        else:
            hi = mid
    return lo - start


@no_refcount
def below3(lst, start, length, x0, x1, x2):
    """How many of the sorted ``lst[start:start+length]`` are < ``x0``, < ``x1`` and < ``x2``
    (``x1 <= x2``: the third count walks on from the second; ``x1 == x0``: one search for both)."""
    c0 = count_below(lst, start, length, x0)
    c1 = c0 if x1 == x0 else count_below(lst, start, length, x1)
    c2 = c1
    while c2 < length and lst[start + c2] < x2:
        c2 += 1
    return c0, c1, c2


@no_refcount
def dealer_counts(excl, m, u, x0, x1, x2, cls, cum1, cum2, tri, quad, binom, out3, s):
    """Dealer hands holding ``u`` and none of ``excl[:m]`` (m ≤ 10) with class < x0, < x1, < x2
    → out3 (``s``: int64 scratch of length ≥ m).

    The inclusion–exclusion runs over the subsets S of the excluded cards (|S| ≤ 4) as nested
    loops over them sorted, each level adding its card's colex term to the level above's: a card
    below ``u`` is the j-th smallest of S ∪ {u}, one above it the (j+1)-th, and ``u`` comes after
    the cards below it (``r`` of them). :func:`brute_situation` is the
    reference."""
    n = cum1.shape[0]
    l3 = binom[n - 3, 2]
    l4 = n - 4
    for i in range(m):
        s[i] = excl[i]
    sort_small(s, m)
    t0 = np.int64(cum1[u, x0])
    t1 = np.int64(cum1[u, x1])
    t2 = np.int64(cum1[u, x2])
    for a in range(m):
        la = 1 if s[a] < u else 0
        ia = binom[s[a], 2 - la]
        r = ia + binom[u, la + 1]
        t0 -= cum2[r, x0]
        t1 -= cum2[r, x1]
        t2 -= cum2[r, x2]
        for b in range(a + 1, m):
            lb = la + (1 if s[b] < u else 0)
            ib = ia + binom[s[b], 3 - (lb - la)]
            c0, c1, c2 = below3(tri, (ib + binom[u, lb + 1]) * l3, l3, x0, x1, x2)
            t0 += c0
            t1 += c1
            t2 += c2
            for c in range(b + 1, m):
                lc = lb + (1 if s[c] < u else 0)
                ic = ib + binom[s[c], 4 - (lc - lb)]
                c0, c1, c2 = below3(quad, (ic + binom[u, lc + 1]) * l4, l4, x0, x1, x2)
                t0 -= c0
                t1 -= c1
                t2 -= c2
                for d in range(c + 1, m):
                    ld = lc + (1 if s[d] < u else 0)
                    v = cls[ic + binom[s[d], 5 - (ld - lc)] + binom[u, ld + 1]]
                    t0 += 1 if v < x0 else 0
                    t1 += 1 if v < x1 else 0
                    t2 += 1 if v < x2 else 0
    out3[0] = t0
    out3[1] = t1
    out3[2] = t2


@no_refcount
def dealer_nq_drawn(hand, drawn, nd, u, x, cls, cum1, cum2, tri, quad, binom, s):
    """The terms of :func:`dealer_counts` (one threshold ``x``) for the cards ``hand[:5]`` and
    ``drawn[:nd]`` excluded that hold a drawn card: with the hand's own terms (the count with the
    hand alone excluded) the count with all of them excluded (``s``: int64 scratch of length ≥ 5 + nd)."""
    n = cum1.shape[0]
    l3 = binom[n - 3, 2]
    l4 = n - 4
    m = 5 + nd
    for i in range(5):
        s[i] = hand[i] * 2  # a card and, in the low bit, whether it was drawn
    for i in range(nd):
        s[5 + i] = drawn[i] * 2 + 1
    sort_small(s, m)
    t = np.int64(0)
    for a in range(m):
        pa = s[a] >> 1
        da = s[a] & 1
        la = 1 if pa < u else 0
        ia = binom[pa, 2 - la]
        if da:
            t -= cum2[ia + binom[u, la + 1], x]
        for b in range(a + 1, m):
            pb = s[b] >> 1
            db = da | (s[b] & 1)
            lb = la + (1 if pb < u else 0)
            ib = ia + binom[pb, 3 - (lb - la)]
            if db:
                t += count_below(tri, (ib + binom[u, lb + 1]) * l3, l3, x)
            for c in range(b + 1, m):
                pc = s[c] >> 1
                dc = db | (s[c] & 1)
                lc = lb + (1 if pc < u else 0)
                ic = ib + binom[pc, 4 - (lc - lb)]
                if dc:
                    t -= count_below(quad, (ic + binom[u, lc + 1]) * l4, l4, x)
                for d in range(c + 1, m):
                    if dc | (s[d] & 1):
                        pd = s[d] >> 1
                        ld = lc + (1 if pd < u else 0)
                        t += 1 if cls[ic + binom[pd, 5 - (ld - lc)] + binom[u, ld + 1]] < x else 0
    return t


@no_refcount
def situation(excl, m, u, pc, qc, cls, cum1, cum2, tri, quad, binom, out4, c3, s):
    """Outcome counts (NQ, WIN, TIE, LOSE) of a player of class ``pc`` against every dealer hand
    that avoids ``excl[:m]`` (``c3``, ``s``: int64 scratch of lengths 3 and 5)."""
    n = cum1.shape[0]
    total = binom[n - m - 1, 4]
    if pc < qc:  # the dealer's qualifying hands all beat the player's: the count below qc alone
        dealer_counts(excl, m, u, qc, qc, qc, cls, cum1, cum2, tri, quad, binom, c3, s)
    else:
        p = np.int64(pc)  # (int64 as qc, whatever the caller's class array: one compile of dealer_counts)
        dealer_counts(excl, m, u, qc, p, p + 1, cls, cum1, cum2, tri, quad, binom, c3, s)
    outcomes(c3[0], c3[1], c3[2], pc, qc, total, out4)


@no_refcount(inline="always")
def outcomes(nq, below_pc, below_next, pc, qc, total, out4):
    """(NQ, WIN, TIE, LOSE) → ``out4`` from the ``total`` dealer hands and the counts below the
    qualifier, below the player's class ``pc`` and below the next class (the last two unread
    when ``pc`` < ``qc``: every qualifying dealer hand beats the player)."""
    out4[NQ] = nq
    if pc < qc:
        out4[WIN] = 0
        out4[TIE] = 0
        out4[LOSE] = total - nq
    else:
        out4[WIN] = below_pc - nq
        out4[TIE] = below_next - below_pc
        out4[LOSE] = total - below_next


@kernel
def brute_situation(pack, m, hand, u, table, wbits, q_score, out4):
    """Outcome counts by scoring every dealer hole-card set from ``pack[:m]`` (reference twin)."""
    d = np.empty(5, np.int64)
    ps = score5(hand, table, wbits)
    for i in range(4):
        out4[i] = 0
    d[4] = u
    for a in range(m):
        d[0] = pack[a]
        for b in range(a + 1, m):
            d[1] = pack[b]
            for c in range(b + 1, m):
                d[2] = pack[c]
                for e in range(c + 1, m):
                    d[3] = pack[e]
                    ds = score5(d, table, wbits)
                    if ds < q_score:
                        out4[NQ] += 1
                    elif ds < ps:
                        out4[WIN] += 1
                    elif ds == ps:
                        out4[TIE] += 1
                    else:
                        out4[LOSE] += 1


@no_refcount(inline="always")
def bet_value(c4, pay, nq_win, tie_win, lose_win):
    """Sum over dealer hands of the bet's result in antes (``pay`` = ante+bet win for this hand)."""
    return c4[NQ] * nq_win + c4[WIN] * pay + c4[TIE] * tie_win + c4[LOSE] * lose_win


@no_refcount
def score_one(hand, table, wbits):
    """Score of one 5-card hand (codes) with the wild cards ``wbits``."""
    return score5(hand, table, wbits)


@no_refcount(inline="always")
def hand_marks(hand, m, pos_code, wild_pos):
    """The hand's part of :func:`up_group`: (bit set of its ranks, 1 if it holds a wild card)."""
    ranks = 0
    held = 0
    for i in range(m):
        ranks |= 1 << (pos_code[hand[i]] >> 2)
        if wild_pos[hand[i]]:
            held = 1
    return ranks, held


@no_refcount(inline="always")
def group_of(ranks, held, u, pos_code, wild_pos):
    """:func:`up_group` of a hand with :func:`hand_marks` ``ranks``, ``held`` and the up card ``u``."""
    ur = pos_code[u] >> 2
    match = 1 if ur < 13 and (ranks >> ur) & 1 else 0
    return ur * 6 + match * 3 + (2 if wild_pos[u] else held)


@no_refcount(inline="always")
def up_group(hand, m, u, pos_code, wild_pos):
    """Situation group for a strategy rule: 6·rank(up) + 3·(up pairs a hand card) + wild state
    (0 no wild seen, 1 the player holds a wild card, 2 the up card is wild)."""
    ranks, held = hand_marks(hand, m, pos_code, wild_pos)
    return group_of(ranks, held, u, pos_code, wild_pos)
