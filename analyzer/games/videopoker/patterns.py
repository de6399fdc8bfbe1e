"""Numba kernels for strategy tables: the pattern of every hold, and the ordering of patterns.

A hold's pattern is an int64 packing what a player sees in the held cards::

    kind · 2^40 | wild held · 2^36 | naturals held · 2^32 | ways · 2^28 | high cards · 2^24
    | flags · 2^20 | extra (a rank mask for royal draws and plain high cards, the class of a pat hand)

kinds: 0 draw five / wild only, 1 pat hand, 2 quads, 3 trips, 4 two pair, 5 pair,
6 to a royal, 7 to a straight flush, 8 to a flush, 9 to a straight, 10 named cards (high cards, or
one or two cards), 11 three or more odd cards.
``ways`` is the number of 5-rank windows (ace high or low) holding every natural held; ``flags``
bit 0: the pair pays on its own, bit 1: the naturals are suited.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

__all__ = ["KINDS", "hold_patterns", "order_patterns", "representatives", "strategy_play"]

KINDS = ("draw", "pat", "quads", "trips", "two_pair", "pair", "royal", "straight_flush", "flush",
         "straight", "high", "other")


@njit(cache=True)
def _pattern(cards, mask, wild, hp, class_all):
    w = 0
    n = 0
    cnt = np.zeros(13, np.int64)
    suitmask = 0
    rmask = 0
    for i in range(5):
        if (mask >> i) & 1:
            c = cards[i]
            if wild[c]:
                w += 1
            else:
                n += 1
                cnt[c >> 2] += 1
                suitmask |= 1 << (c & 3)
                rmask |= 1 << (c >> 2)
    if n + w == 5:
        return (1 << 40) | class_all
    if n == 0:
        return w << 36
    pairs = 0
    trips = 0
    quads = 0
    top = -1
    for r in range(13):
        if cnt[r] == 2:
            pairs += 1
            top = r
        elif cnt[r] == 3:
            trips += 1
            top = r
        elif cnt[r] == 4:
            quads += 1
    high = 0
    for r in range(13):
        if cnt[r] == 1 and r >= hp:
            high += 1
    base = (w << 36) | (n << 32) | (high << 24)
    if quads:
        return (2 << 40) | base
    if trips:
        return (3 << 40) | base
    if pairs == 2:
        return (4 << 40) | base
    if pairs == 1:
        return (5 << 40) | base | ((1 if top >= hp else 0) << 20)
    suited = 1 if (suitmask & (suitmask - 1)) == 0 else 0
    ways = 0
    for lo in range(-1, 9):  # window lo..lo+4, lo = -1 is A-2-3-4-5
        win = 0
        for r in range(lo, lo + 5):
            win |= 1 << (12 if r == -1 else r)
        if rmask & ~win == 0:
            ways += 1
    base |= (ways << 28) | (suited << 21)
    if n >= 2 and suited and ways > 0:
        if rmask & ~(0x1F << 8) == 0:
            return (6 << 40) | base | rmask
        return (7 << 40) | base
    if n >= 3 and suited:
        return (8 << 40) | base
    if n >= 3 and ways > 0:
        return (9 << 40) | base
    if high == n or n <= 2:
        return (10 << 40) | base | rmask
    return (11 << 40) | (w << 36) | (n << 32) | (high << 24)


@njit(cache=True, parallel=True)
def hold_patterns(deals, codes, wild, hp, class5, binom):
    """Pattern (int64) and tie key (higher = higher cards) of every hold of every deal."""
    nd = deals.shape[0]
    pat = np.empty((nd, 32), np.int64)
    key = np.empty((nd, 32), np.int64)
    for d in prange(nd):
        cards = np.empty(5, np.int64)
        idx = 0
        for i in range(5):
            cards[i] = codes[deals[d, i]]
            idx += binom[deals[d, i], i + 1]
        cls = class5[idx]
        for h in range(32):
            pat[d, h] = _pattern(cards, h, wild, hp, cls)
            k = 0
            for i in range(4, -1, -1):  # cards are sorted by code: highest first
                if (h >> i) & 1:
                    k = k * 16 + (cards[i] >> 2) + 1 if cards[i] < 52 else k * 16 + 15
            key[d, h] = k
    return pat, key


@njit(cache=True, parallel=True)
def representatives(pid, key, evs):
    """Per deal, the patterns present (``-1`` pads) and the EV of each one's mechanical hold:
    the hold with the highest cards (largest key), the first one when keys are equal."""
    nd = pid.shape[0]
    rep_ev = np.zeros((nd, 32))
    rep_p = np.full((nd, 32), -1, np.int64)
    for d in prange(nd):
        rep_k = np.empty(32, np.int64)
        m = 0
        for h in range(32):
            p = pid[d, h]
            j = 0
            while j < m and rep_p[d, j] != p:
                j += 1
            if j == m:
                rep_p[d, m] = p
                rep_ev[d, m] = evs[d, h]
                rep_k[m] = key[d, h]
                m += 1
            elif key[d, h] > rep_k[j]:
                rep_ev[d, j] = evs[d, h]
                rep_k[j] = key[d, h]
    return rep_p, rep_ev


@njit(cache=True)
def order_patterns(rep_p, rep_ev, mult, npat):
    """Greedy minimum-regret ordering. The next pattern is the one whose placement loses the
    least EV (multiplicity-weighted) on the deals no earlier pattern decides — those deals
    contain no earlier pattern, so their best remaining hold is still the optimal one —
    ties going to the pattern that decides the most deals."""
    nd = rep_p.shape[0]
    opt = np.empty(nd)
    loss = np.zeros(npat)
    mass = np.zeros(npat)
    start = np.zeros(npat + 1, np.int64)
    for d in range(nd):
        best = -np.inf
        for i in range(32):
            if rep_p[d, i] < 0:
                break
            best = max(best, rep_ev[d, i])
            start[rep_p[d, i] + 1] += 1
        opt[d] = best
    for p in range(npat):
        start[p + 1] += start[p]
    deals_of = np.empty(start[npat], np.int64)
    fill = start[:npat].copy()
    for d in range(nd):
        for i in range(32):
            p = rep_p[d, i]
            if p < 0:
                break
            deals_of[fill[p]] = d
            fill[p] += 1
            loss[p] += mult[d] * (opt[d] - rep_ev[d, i])
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
            d = deals_of[j]
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


@njit(cache=True, parallel=True)
def strategy_play(rep_p, rep_ev, rank):
    """EV and pattern of the hold chosen by following the ordered list (``rank[p]``: position)."""
    nd = rep_p.shape[0]
    ev = np.empty(nd)
    chosen = np.empty(nd, np.int64)
    for d in prange(nd):
        best = -1
        for i in range(32):
            p = rep_p[d, i]
            if p < 0:
                break
            if best < 0 or rank[p] < rank[rep_p[d, best]]:
                best = i
        ev[d] = rep_ev[d, best]
        chosen[d] = rep_p[d, best]
    return ev, chosen
