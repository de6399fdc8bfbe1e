"""The opening solver's numba kernel: the most points disjoint melds of a hand can total.

A hand is a vector of counts by card code (``rank * 4 + suit``, jokers 52..54). The kernel lists
every meld the hand's cards can make (sets of 3–4 distinct suits of one rank; runs of 3+ places
of one suit in A(low) 2 .. K A(high); jokers filling any place, at least one natural card a
meld), then searches every partition: the lowest card left is either in one of the melds that
fit what is left, or left out. The search is an explicit stack (no recursion), drops cards that
can be in no meld first, and stops a branch when every card left at full value cannot beat the
best total found, so it is exact.

Melds found are written as rows ``[kind, n, e0 .. e13]`` (kind 0 set, 1 run); an entry is a
*slot* ``place * 4 + suit`` (place 0 the low ace, 1..12 the deuce .. king, 13 the high ace),
plus :data:`JOKER_FLAG` where a joker stands for that card.

>>> counts = np.zeros(55, np.int64)
>>> for code in (40, 44, 48, 52):  # Qc Kc Ac and a joker
...     counts[code] += 1
>>> int(opening_value(counts, 3)), int(opening_value(counts, 0))
(41, 31)
"""

from __future__ import annotations

import numpy as np

from analyzer.kernels.arrays import copy_rows
from analyzer.kernels.combinatorics import next_subset
from analyzer.kernels.jit import kernel, no_refcount

__all__ = ["JOKER_FLAG", "MAX_MELDS", "MELD_WIDTH", "POS_VALUE", "hand_counts", "opening_value",
           "opening_value_melds"]

JOKER_FLAG = 64
MAX_MELDS = 8
MELD_WIDTH = 16
# Points toward the opening of each run place: low ace 0, 2..10 face, J Q K 10, high ace 11.
POS_VALUE = np.array([0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 11], dtype=np.int64)
# The helpers called from one place only (_live_counts, _candidates, _meld_flags, _meld_row) are
# inlined: numba optimises a callee once in its own library and again in every caller that links
# it; inlined, a cold `rummy best` compiles in 5.1 s rather than 5.7 (the same speed warm).
_NCOL = 8  # candidate columns: kind, min card, value, jokers, rank|suit, suit mask|start, end, joker places


@no_refcount(inline="always")
def _code(place, suit):
    """The card code at run place ``place`` (0 and 13 are both the ace)."""
    if place == 0 or place == 13:
        return 48 + suit
    return (place - 1) * 4 + suit


@no_refcount(inline="always")
def _card_value(code):
    return POS_VALUE[(code >> 2) + 1]


@kernel(inline="always")
def _live_counts(counts, je):
    """Counts of the natural cards that can be in some meld with at most ``je`` jokers."""
    pres = np.zeros((4, 14), np.int64)
    for c in range(52):
        if counts[c] > 0:
            pres[c & 3, (c >> 2) + 1] = 1
            if c >= 48:
                pres[c & 3, 0] = 1
    cnt = np.zeros(52, np.int64)
    for c in range(52):
        if counts[c] == 0:
            continue
        s = c & 3
        top = (c >> 2) + 1
        live = False
        others = 0
        for s2 in range(4):
            if s2 != s and pres[s2, top] > 0:
                others += 1
        if others + je >= 2:
            live = True
        for end in range(2):
            p = top if end == 0 else 0
            if end == 1 and c < 48:
                break
            for a in range(p - 2, p + 1):
                if a < 0 or a + 2 > 13:
                    continue
                missing = 0
                for q in range(a, a + 3):
                    if q != p and pres[s, q] == 0:
                        missing += 1
                if missing <= je:
                    live = True
        if live:
            cnt[c] = counts[c]
    return cnt


@kernel
def _push(cand, n, row):
    if n == cand.shape[0]:
        bigger = np.empty((2 * n, _NCOL), np.int64)
        copy_rows(bigger, cand, n)
        cand = bigger
    for j in range(_NCOL):
        cand[n, j] = row[j]
    return cand, n + 1


@kernel(inline="always")
def _candidates(cnt, jl):
    """Every meld of the live cards ``cnt`` using at most ``jl`` jokers (rows of ``_NCOL``)."""
    cand = np.empty((64, _NCOL), np.int64)
    n = np.int64(0)  # int64 from the start: _push compiles once, not first for the constant 0
    row = np.zeros(_NCOL, np.int64)
    for r in range(13):  # sets
        mask = 0
        for s in range(4):
            if cnt[r * 4 + s] > 0:
                mask |= 1 << s
        sub = mask
        while sub:
            nn = 0
            low = 4
            for s in range(4):
                if (sub >> s) & 1:
                    nn += 1
                    low = min(low, s)
            for k in range(max(0, 3 - nn), min(jl, 4 - nn) + 1):
                row[0] = 0
                row[1] = r * 4 + low
                row[2] = (nn + k) * _card_value(r * 4)
                row[3] = k
                row[4] = r
                row[5] = sub
                row[6] = 0
                row[7] = 0
                cand, n = _push(cand, n, row)
            sub = (sub - 1) & mask
    nat = np.zeros(14, np.int64)
    idx = np.zeros(4, np.int64)
    for s in range(4):  # runs
        for a in range(0, 12):
            missing = 0
            miss_mask = 0
            nn = 0
            for b in range(a, 14):
                if cnt[_code(b, s)] == 0:
                    missing += 1
                    miss_mask |= 1 << b
                    if missing > jl:
                        break
                else:
                    nat[nn] = b
                    nn += 1
                if b - a + 1 < 3 or nn == 0:
                    continue
                value = 0
                for q in range(a, b + 1):
                    value += POS_VALUE[q]
                for r in range(0, min(jl - missing, nn - 1) + 1):
                    for t in range(r):
                        idx[t] = t
                    while True:
                        jmask = miss_mask
                        for t in range(r):
                            jmask |= 1 << nat[idx[t]]
                        both_aces = a == 0 and b == 13 and not (jmask & 1) and not (jmask >> 13) & 1
                        if not both_aces or cnt[48 + s] >= 2:
                            low = 99
                            for q in range(a, b + 1):
                                if not (jmask >> q) & 1:
                                    low = min(low, _code(q, s))
                            row[0] = 1
                            row[1] = low
                            row[2] = value
                            row[3] = missing + r
                            row[4] = s
                            row[5] = a
                            row[6] = b
                            row[7] = jmask
                            cand, n = _push(cand, n, row)
                        if not next_subset(idx, r, nn):  # the next r natural places
                            break
    return cand, n


@no_refcount
def _apply(cand, m, cnt, sign):
    """Take (sign -1) or give back (+1) the natural cards of meld ``m``; False if short."""
    if cand[m, 0] == 0:
        r = cand[m, 4]
        sub = cand[m, 5]
        if sign < 0:
            for s in range(4):
                if (sub >> s) & 1 and cnt[r * 4 + s] == 0:
                    return False
        for s in range(4):
            if (sub >> s) & 1:
                cnt[r * 4 + s] += sign
        return True
    s = cand[m, 4]
    jmask = cand[m, 7]
    ok = True
    for q in range(cand[m, 5], cand[m, 6] + 1):
        if not (jmask >> q) & 1:
            c = _code(q, s)
            cnt[c] += sign
            if cnt[c] < 0:
                ok = False
    if not ok:
        for q in range(cand[m, 5], cand[m, 6] + 1):
            if not (jmask >> q) & 1:
                cnt[_code(q, s)] -= sign
    return ok


@no_refcount
def _natural_points(cand, m, nat_live, want):
    """Points of the natural cards of meld ``m`` whose ``nat_live`` flag is ``want``."""
    total = 0
    if cand[m, 0] == 0:
        for s in range(4):
            c = cand[m, 4] * 4 + s
            if (cand[m, 5] >> s) & 1 and nat_live[c] == want:
                total += _card_value(c)
        return total
    for q in range(cand[m, 5], cand[m, 6] + 1):
        c = _code(q, cand[m, 4])
        if not (cand[m, 7] >> q) & 1 and nat_live[c] == want:
            total += _card_value(c)
    return total


@no_refcount(inline="always")
def _meld_flags(cand, nc, nat_live):
    """Mark the cards that are in some meld without jokers."""
    for m in range(nc):
        if cand[m, 3] > 0:
            continue
        if cand[m, 0] == 0:
            for s in range(4):
                if (cand[m, 5] >> s) & 1:
                    nat_live[cand[m, 4] * 4 + s] = True
        else:
            for q in range(cand[m, 5], cand[m, 6] + 1):
                nat_live[_code(q, cand[m, 4])] = True


@kernel
def _solve(counts, cap, track, out):
    jokers = 0
    for c in range(52, counts.shape[0]):
        jokers += counts[c]
    jl = min(jokers, cap)
    cnt = _live_counts(counts, jl)
    cand, nc = _candidates(cnt, jl)
    if nc == 0:
        return 0, 0
    # bucket the melds by their lowest card, best first within a bucket
    bstart = np.zeros(53, np.int64)
    for m in range(nc):
        bstart[cand[m, 1] + 1] += 1
    for c in range(52):
        bstart[c + 1] += bstart[c]
    fill = bstart.copy()
    order = np.empty(nc, np.int64)
    for m in range(nc):
        b = cand[m, 1]
        k = fill[b]
        fill[b] += 1
        while k > bstart[b] and cand[order[k - 1], 2] < cand[m, 2]:
            order[k] = order[k - 1]
            k -= 1
        order[k] = m
    # the bound: cards in a meld without jokers at full value; the others (joker-only cards) at
    # most what one joker meld holds of them per joker left
    nat_live = np.zeros(52, np.bool_)
    _meld_flags(cand, nc, nat_live)
    pts_n = np.empty(nc, np.int64)
    pts_j = np.empty(nc, np.int64)
    kmax = 0
    for m in range(nc):
        pts_n[m] = _natural_points(cand, m, nat_live, np.bool_(True))  # one compiled copy
        pts_j[m] = _natural_points(cand, m, nat_live, np.bool_(False))
        if cand[m, 3] > 0:
            kmax = max(kmax, pts_j[m])
    ub_n = 0
    ub_j = 0
    n_cards = 0
    for c in range(52):
        if nat_live[c]:
            ub_n += cnt[c] * _card_value(c)
        else:
            ub_j += cnt[c] * _card_value(c)
        n_cards += cnt[c]
    best = -1 if track else 0
    best_n = 0
    depth_max = n_cards + 1
    fr_card = np.zeros(depth_max, np.int64)
    fr_pos = np.zeros(depth_max, np.int64)
    fr_left = np.zeros(depth_max, np.bool_)  # the leave-out option has been taken
    applied = np.zeros(depth_max, np.int64)
    best_melds = np.zeros(depth_max, np.int64)
    cur = 0
    j = jokers
    d = 0
    down = True
    while True:
        if down:
            if cur + ub_n + min(ub_j, j * kmax) + 11 * j <= best:
                c = 52
                pruned = True
            else:
                pruned = False
                c = fr_card[d - 1] if d > 0 else 0
                while c < 52 and cnt[c] == 0:
                    c += 1
            if c == 52:
                if not pruned and cur > best:
                    best = cur
                    best_n = 0
                    for e in range(d):
                        if applied[e] >= 0:
                            best_melds[best_n] = applied[e]
                            best_n += 1
                d -= 1
                down = False
                if d < 0:
                    break
                continue
            fr_card[d] = c
            fr_pos[d] = bstart[c]
            fr_left[d] = False
        else:
            c = fr_card[d]
            m = applied[d]
            if m >= 0:
                _apply(cand, m, cnt, np.int64(1))
                j += cand[m, 3]
                cur -= cand[m, 2]
                ub_n += pts_n[m]
                ub_j += pts_j[m]
            else:
                cnt[c] += 1
                if nat_live[c]:
                    ub_n += _card_value(c)
                else:
                    ub_j += _card_value(c)
        chosen = False
        if not fr_left[d]:
            while fr_pos[d] < bstart[c + 1]:
                m = order[fr_pos[d]]
                fr_pos[d] += 1
                if cand[m, 3] > j or not _apply(cand, m, cnt, np.int64(-1)):
                    continue
                j -= cand[m, 3]
                cur += cand[m, 2]
                ub_n -= pts_n[m]
                ub_j -= pts_j[m]
                applied[d] = m
                chosen = True
                break
            if not chosen:
                fr_left[d] = True
                cnt[c] -= 1
                if nat_live[c]:
                    ub_n -= _card_value(c)
                else:
                    ub_j -= _card_value(c)
                applied[d] = -1
                chosen = True
        if chosen:
            d += 1
            down = True
        else:
            d -= 1
            down = False
            if d < 0:
                break
    if track:
        for e in range(best_n):
            _meld_row(cand, best_melds[e], out[e])
    return best, best_n


@no_refcount(inline="always")
def _meld_row(cand, m, row):
    row[:] = 0
    if cand[m, 0] == 0:
        r = cand[m, 4]
        sub = cand[m, 5]
        size = cand[m, 3]
        e = 2
        for s in range(4):
            if (sub >> s) & 1:
                row[e] = (r + 1) * 4 + s
                e += 1
        left = cand[m, 3]
        for s in range(4):
            if left > 0 and not (sub >> s) & 1:
                row[e] = (r + 1) * 4 + s + JOKER_FLAG
                e += 1
                left -= 1
        row[0] = 0
        row[1] = e - 2
        return size
    s = cand[m, 4]
    e = 2
    for q in range(cand[m, 5], cand[m, 6] + 1):
        row[e] = q * 4 + s + (JOKER_FLAG if (cand[m, 7] >> q) & 1 else 0)
        e += 1
    row[0] = 1
    row[1] = e - 2
    return e - 2


@kernel(inline="always")
def opening_value(counts, cap):
    """The opening value of a hand given as counts by card code (jokers at 52..54)."""
    out = np.zeros((1, MELD_WIDTH), np.int64)
    return _solve(counts, cap, np.bool_(False), out)[0]  # np.bool_: one compiled _solve for both


@kernel(inline="always")
def opening_value_melds(counts, cap, out):
    """The opening value and the number of melds reaching it, written as rows into ``out``."""
    return _solve(counts, cap, np.bool_(True), out)


@kernel
def hand_counts(hand, n):
    """Counts by card code (length 55) of the first ``n`` codes of ``hand``."""
    counts = np.zeros(55, np.int64)
    for k in range(n):
        counts[hand[k]] += 1
    return counts
