"""Numba kernels for video poker: classify every hand, subset counts, per-deal hold analysis.

Cards are *positions* ``0 … N-1`` into the deck's sorted code array. A k-subset of positions
``p0 < p1 < …`` has the combinatorial (colex) index ``Σ C(p_i, i + 1)``; ``binom`` below is
``binomial_rows(N)`` (``binom[n, k] = C(n, k)``, n ≤ N, k ≤ 5).

``subset`` counts: for every subset S of at most four positions, ``M[off[|S|] + idx(S), c]`` is
the number of 5-card hands containing S in final class ``c``; 5-card hands use ``class5[idx]``.
The draw outcome counts of hold H from deal D are then, by inclusion–exclusion over the discards,
``Σ_{T ⊆ D∖H} (−1)^{|T|} M(H ∪ T)`` — a Möbius transform over the 32 subsets of the deal.
"""

from __future__ import annotations

import numpy as np
from numba import prange

from analyzer.kernels.arrays import copy_into
from analyzer.kernels.codes import CAT_SHIFT, TB_SHIFT
from analyzer.kernels.combinatorics import binomial_table, sort_small, unrank5
from analyzer.kernels.handkey import key5
from analyzer.kernels.jit import kernel
from analyzer.kernels.rng import deal

__all__ = [
    "best_holds_all",
    "binomial_rows",
    "canonical_deals",
    "deal_hold_counts",
    "hands_with_top",
    "hold_table",
    "line_classes",
    "mc_chunk",
    "subset_counts",
]


def binomial_rows(n_max: int) -> np.ndarray:
    """``B[n, k] = C(n, k)`` for n ≤ n_max, k ≤ 5 (int64)."""
    return binomial_table(n_max, 5)


@kernel(inline="always")
def _idx5(a, b, c, d, e, binom):
    return binom[a, 1] + binom[b, 2] + binom[c, 3] + binom[d, 4] + binom[e, 5]


@kernel
def hands_with_top(top, codes):
    """Card codes of every 5-card hand whose highest position is ``top``, in colex order."""
    n_out = 1
    for i in range(5):  # C(top, 4)
        n_out = n_out * (top - i) // (i + 1) if i < 4 else n_out
    out = np.empty((n_out, 5), np.int64)
    i = 0
    for d in range(3, top):
        for c in range(2, d):
            for b in range(1, c):
                for a in range(b):
                    out[i, 0] = codes[a]
                    out[i, 1] = codes[b]
                    out[i, 2] = codes[c]
                    out[i, 3] = codes[d]
                    out[i, 4] = codes[top]
                    i += 1
    return out


@kernel
def line_classes(codes, table, wbits, wild, binom, pos_to_cat, cats, natural, wild_count, min_pair):
    """The class of every 5-card hand of the deck ``codes`` (colex order): the first pay line it
    matches, ``len(natural)`` for none, and each line's number of hands. Line i matches a hand
    whose category (``pos_to_cat`` of the score's category position) has ``cats[i, category]``
    set, whose wild cards (``wild[code]``) are none (``natural[i]`` 1) or some (0), any when -1,
    exactly ``wild_count[i]`` (-1: any), and whose top group's rank (the score's first tie-break
    rank) is at least ``min_pair[i]`` (-1: any). Scores are the flat table's (``table[key5]``)."""
    n = codes.shape[0]
    nl = natural.shape[0]
    out = np.empty(binom[n, 5], np.int8)
    hits = np.zeros(nl, np.int64)
    i = 0
    for e in range(4, n):
        for d in range(3, e):
            for c in range(2, d):
                for b in range(1, c):
                    for a in range(b):
                        c0, c1, c2, c3, c4 = codes[a], codes[b], codes[c], codes[d], codes[e]
                        score = np.int64(table[key5(c0, c1, c2, c3, c4, wbits)])
                        cat = pos_to_cat[score >> CAT_SHIFT]
                        top = ((score >> (TB_SHIFT + 16)) & 0xF) - 1
                        wc = np.int64(wild[c0]) + wild[c1] + wild[c2] + wild[c3] + wild[c4]
                        cls = nl
                        for ln in range(nl):
                            if not cats[ln, cat]:
                                continue
                            if natural[ln] >= 0 and (wc == 0) != (natural[ln] == 1):
                                continue
                            if wild_count[ln] >= 0 and wc != wild_count[ln]:
                                continue
                            if min_pair[ln] >= 0 and top < min_pair[ln]:
                                continue
                            cls = ln
                            break
                        if cls < nl:
                            hits[cls] += 1
                        out[i] = cls
                        i += 1
    return out, hits


@kernel
def subset_counts(class5, n, ncls, binom, off):
    """The table ``M`` (rows ``off[k] + idx`` for every k-subset, k ≤ 4) of class counts."""
    m = np.zeros((off[5], ncls), np.int32)
    p = np.empty(5, np.int64)
    for e in range(4, n):
        for d in range(3, e):
            for c in range(2, d):
                for b in range(1, c):
                    for a in range(b):
                        cls = class5[_idx5(a, b, c, d, e, binom)]
                        m[off[4] + binom[b, 1] + binom[c, 2] + binom[d, 3] + binom[e, 4], cls] += 1
                        m[off[4] + binom[a, 1] + binom[c, 2] + binom[d, 3] + binom[e, 4], cls] += 1
                        m[off[4] + binom[a, 1] + binom[b, 2] + binom[d, 3] + binom[e, 4], cls] += 1
                        m[off[4] + binom[a, 1] + binom[b, 2] + binom[c, 3] + binom[e, 4], cls] += 1
                        m[off[4] + binom[a, 1] + binom[b, 2] + binom[c, 3] + binom[d, 4], cls] += 1
    # each 5-hand containing a k-subset S is reached through (5 - k) of S's (k+1)-supersets
    for k in range(3, -1, -1):
        for i in range(k + 1):
            p[i] = i
        while True:  # every (k+1)-subset p[0..k], lexicographic
            src = off[k + 1]
            for i in range(k + 1):
                src += binom[p[i], i + 1]
            for drop in range(k + 1):
                dst = off[k]
                j = 0
                for i in range(k + 1):
                    if i != drop:
                        dst += binom[p[i], j + 1]
                        j += 1
                for c in range(ncls):
                    m[dst, c] += m[src, c]
            i = k
            while i >= 0 and p[i] == n - (k + 1) + i:
                i -= 1
            if i < 0:
                break
            p[i] += 1
            for j in range(i + 1, k + 1):
                p[j] = p[j - 1] + 1
        for r in range(off[k], off[k + 1]):
            for c in range(ncls):
                m[r, c] //= 5 - k
    return m


@kernel(python=True)
def deal_hold_counts(pos, m, off, class5, binom, ncls, f):
    """Fill ``f[hold, class]`` (hold = bit mask over the five sorted positions ``pos``)."""
    sub = np.empty(5, np.int64)
    for a in range(32):
        k = 0
        idx = 0
        for i in range(5):
            if (a >> i) & 1:
                sub[k] = pos[i]
                idx += binom[pos[i], k + 1]
                k += 1
        if k == 5:
            for c in range(ncls):
                f[a, c] = 0
            f[a, class5[idx]] = 1
        else:
            for c in range(ncls):
                f[a, c] = m[off[k] + idx, c]
    for bit in range(5):
        b = 1 << bit
        for a in range(32):
            if not a & b:
                for c in range(ncls):
                    f[a, c] -= f[a | b, c]


@kernel(parallel=True)
def hold_table(deals, m, off, class5, binom, ncls, pays, scale, tol, tie_mode):
    """Scaled EV (``value·W/C(rem,k)``) of every hold of every deal, the optimal hold and its
    class counts. Holds are tried in mask order 0..31; an equal EV (within ``tol``, relative)
    replaces the best only for ``tie_mode`` 1 with a smaller second moment, 2 with a larger."""
    nd = deals.shape[0]
    evs = np.empty((nd, 32), np.float64)
    best = np.empty(nd, np.int8)
    best_counts = np.empty((nd, ncls), np.int64)
    for d in prange(nd):
        f = np.empty((32, ncls), np.int64)
        deal_hold_counts(deals[d], m, off, class5, binom, ncls, f)
        bh = -1
        bv = 0.0
        bq = 0.0
        for h in range(32):
            k = 5
            for i in range(5):
                k -= (h >> i) & 1
            v = 0.0
            q = 0.0
            for c in range(ncls):
                v += f[h, c] * pays[c]
            if tie_mode != 0:  # the second moment only breaks ties by variance
                for c in range(ncls):
                    q += f[h, c] * pays[c] * pays[c]
            v *= scale[k]
            q *= scale[k]
            evs[d, h] = v
            if bh < 0 or v > bv + tol * abs(bv) or (v >= bv - tol * abs(bv) and (
                    (tie_mode == 1 and q < bq - tol * abs(bq))
                    or (tie_mode == 2 and q > bq + tol * abs(bq)))):
                bh, bv, bq = h, v, q
        best[d] = bh
        for c in range(ncls):
            best_counts[d, c] = f[bh, c]
    return evs, best, best_counts


@kernel(inline="always")
def _suit_order(pos, codes, ncard, new_suit):
    """``new_suit[s]``: suits sorted by their rank masks, largest first (ties: lower suit)."""
    masks = np.zeros(4, np.int64)
    for i in range(ncard):
        code = codes[pos[i]]
        if code < 52:
            masks[code & 3] |= 1 << (code >> 2)
    order = np.arange(4)
    for i in range(1, 4):
        j = i
        while j > 0 and masks[order[j - 1]] < masks[order[j]]:
            t = order[j]
            order[j] = order[j - 1]
            order[j - 1] = t
            j -= 1
    for i in range(4):
        new_suit[order[i]] = i
    return masks


@kernel
def canonical_deals(codes, binom, symmetric):
    """Deals whose suit masks are non-increasing (one per suit-permutation class), with the
    number of deals in the class; every deal with multiplicity 1 when not ``symmetric``. The
    5-subsets of positions are walked in colex order by nested loops (no unranking), each suit's
    rank mask the OR of its cards' bits (a joker has none), held in scalars."""
    n = codes.shape[0]
    total = binom[n, 5]
    if not symmetric:
        out = np.empty((total, 5), np.int64)
        i = 0
        for e in range(4, n):
            for d in range(3, e):
                for c in range(2, d):
                    for b in range(1, c):
                        for a in range(b):
                            out[i, 0] = a
                            out[i, 1] = b
                            out[i, 2] = c
                            out[i, 3] = d
                            out[i, 4] = e
                            i += 1
        return out, np.ones(total, np.int64)
    bits = np.zeros((n, 4), np.int64)  # bits[p, s]: the rank bit of position p's card if of suit s
    for p in range(n):
        if codes[p] < 52:
            bits[p, codes[p] & 3] = np.int64(1) << (codes[p] >> 2)
    out = np.empty((total, 5), np.int64)
    mult = np.empty(total, np.int64)
    cnt = 0
    for e in range(4, n):
        e0, e1, e2, e3 = bits[e, 0], bits[e, 1], bits[e, 2], bits[e, 3]
        for d in range(3, e):
            d0, d1, d2, d3 = e0 | bits[d, 0], e1 | bits[d, 1], e2 | bits[d, 2], e3 | bits[d, 3]
            for c in range(2, d):
                c0, c1, c2, c3 = d0 | bits[c, 0], d1 | bits[c, 1], d2 | bits[c, 2], d3 | bits[c, 3]
                for b in range(1, c):
                    b0, b1, b2, b3 = c0 | bits[b, 0], c1 | bits[b, 1], c2 | bits[b, 2], c3 | bits[b, 3]
                    for a in range(b):
                        m0 = b0 | bits[a, 0]
                        m1 = b1 | bits[a, 1]
                        m2 = b2 | bits[a, 2]
                        m3 = b3 | bits[a, 3]
                        if m0 < m1 or m1 < m2 or m2 < m3:
                            continue
                        # the suit permutations fixing the masks: runs of equal masks, k! each
                        stab = 1
                        run = 1
                        if m1 == m0:
                            run += 1
                        else:
                            run = 1
                        stab *= run
                        if m2 == m1:
                            run += 1
                        else:
                            run = 1
                        stab *= run
                        if m3 == m2:
                            run += 1
                        else:
                            run = 1
                        stab *= run
                        out[cnt, 0] = a
                        out[cnt, 1] = b
                        out[cnt, 2] = c
                        out[cnt, 3] = d
                        out[cnt, 4] = e
                        mult[cnt] = 24 // stab
                        cnt += 1
    return out[:cnt].copy(), mult[:cnt].copy()


@kernel
def best_holds_all(codes, pos_of_code, binom, symmetric, row_of_idx5, best):
    """Optimal hold (bit mask over sorted positions) of every deal, from the canonical deals'."""
    n = codes.shape[0]
    out = np.empty(binom[n, 5], np.int8)
    new_suit = np.empty(4, np.int64)
    pos = np.empty(5, np.int64)
    img = np.empty(5, np.int64)
    src = np.empty(5, np.int64)
    for idx in range(binom[n, 5]):  # every deal's positions in colex order
        unrank5(idx, n, binom, pos)
        if symmetric:
            _suit_order(pos, codes, 5, new_suit)
        else:
            for s in range(4):
                new_suit[s] = s
        for i in range(5):  # image positions, insertion-sorted with their source
            code = codes[pos[i]]
            if code < 52:
                code = (code & ~3) | new_suit[code & 3]
            p = pos_of_code[code]
            j = i
            while j > 0 and img[j - 1] > p:
                img[j] = img[j - 1]
                src[j] = src[j - 1]
                j -= 1
            img[j] = p
            src[j] = i
        row = row_of_idx5[_idx5(img[0], img[1], img[2], img[3], img[4], binom)]
        h = best[row]
        mask = 0
        for j in range(5):
            if (h >> j) & 1:
                mask |= 1 << src[j]
        out[idx] = mask
    return out


@kernel(nogil=True)
def mc_chunk(state, n_hands, n, binom, class5, best_all, ncls):
    """Play ``n_hands`` hands with the optimal holds; counts of final classes, and per number
    of cards drawn (row 0: classes, row 1: draws 0..5 in the first six entries)."""
    pack = np.arange(n)
    out = np.zeros((2, max(ncls, 6)), np.int64)
    pos = np.empty(5, np.int64)
    fin = np.empty(5, np.int64)
    for _ in range(n_hands):
        deal(state, pack, np.int64(5))  # int64: deal compiles once for every caller
        copy_into(pos, pack[:5])
        sort_small(pos, 5)
        h = best_all[_idx5(pos[0], pos[1], pos[2], pos[3], pos[4], binom)]
        k = 0
        for i in range(5):
            if (h >> i) & 1:
                fin[k] = pos[i]
                k += 1
        drawn = 5 - k
        out[1, drawn] += 1
        rest = pack[5:]
        deal(state, rest, drawn)
        for i in range(drawn):
            fin[k + i] = rest[i]
        fin[:5].sort()
        out[0, class5[_idx5(fin[0], fin[1], fin[2], fin[3], fin[4], binom)]] += 1
    return out.ravel()

