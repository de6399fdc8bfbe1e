"""The optional four-flush (four cards of one suit: beats a pair, loses to two pair by default).

The evaluator's tables key a hand by its rank multiset and one "all natural cards share a
suit" flag, which cannot see four cards of one suit; so a four-flush rule set scores a hand as
the better of the table's score and :func:`four_flush_score` (5-card hands). The four-flush's
tie-break is its four suited ranks, highest first, then the fifth card. A wild card may fill
the four-flush as the highest rank of that suit not held (modes ``wild``, ``j-poker``, ``bug``:
the bug completes flushes); the ``semi`` card never does (it counts as a blank fifth card), and
a wild fifth card is an ace (a blank for ``semi``). A hand of 6 or 7 cards is worth its best
5-card subset, the four-flush included (:func:`score_best_ff`).

>>> s = four_flush_score(48, 44, 40, 8, 1, 0, 2, WILD_FILLS, 0)  # Ac Kc Qc 4c 2d
>>> s >> 22, hex((s >> 1) & 0xFFFFF)
(2, '0xdcb31')
"""

from __future__ import annotations

import numpy as np
from numba import prange

from analyzer.kernels.arrays import sum_rows
from analyzer.kernels.codes import CAT_SHIFT, NATCAT_SHIFT, NBW_CATEGORY, NBW_TIE, TB_SHIFT
from analyzer.kernels.handkey import key5
from analyzer.kernels.jit import kernel
from analyzer.kernels.rng import deal
from analyzer.kernels.suitclass import class_step

NO_WILD_FILL = 0  # the semi card: never part of a four-flush, a blank fifth card
WILD_FILLS = 1    # wild, j-poker, bug: the highest free rank of the suit, an ace as the fifth card


@kernel
def four_flush_score(c0, c1, c2, c3, c4, wbits, pos, fill, nbw):
    """Score of the best four-flush of five card codes (-1: none) at category position ``pos``."""
    cards = np.array([c0, c1, c2, c3, c4], np.int64)
    w = 0
    for c in cards:
        if (wbits >> c) & 1:
            w += 1
    usable = w if fill == WILD_FILLS else 0
    best = -1
    for s in range(4):
        mask = 0
        n_s = 0
        other = -2  # rank of an off-suit natural card (-2 = none)
        for c in cards:
            if (wbits >> c) & 1:
                continue
            if (c & 3) == s:
                mask |= 1 << (c >> 2)
                n_s += 1
            else:
                other = max(other, c >> 2)
        for u in range(min(usable, 4) + 1):  # u wild cards in the four-flush
            k = 4 - u
            if n_s < k:
                continue
            ranks = np.full(4, -1, np.int64)
            j = 0
            taken = 0
            for r in range(12, -1, -1):  # the k highest suited naturals
                if j < k and (mask >> r) & 1:
                    taken |= 1 << r
                    j += 1
            filled = 0
            for r in range(12, -1, -1):  # wild cards: the highest ranks of the suit not held
                if filled < u and not (mask >> r) & 1:
                    taken |= 1 << r
                    filled += 1
            if filled < u:
                continue
            j = 0
            for r in range(12, -1, -1):
                if (taken >> r) & 1:
                    ranks[j] = r
                    j += 1
            # the fifth card: a leftover suited natural, the off-suit natural, or a leftover wild
            if n_s > k:
                fifth = -1
                for r in range(12, -1, -1):
                    if (mask >> r) & 1 and not (taken >> r) & 1 and fifth < 0:
                        fifth = r
            elif w > u:
                fifth = 12 if fill == WILD_FILLS else -1
            else:
                fifth = other
            tb = 0
            for i in range(4):
                tb = tb * 16 + ranks[i] + 1
            tb = tb * 16 + fifth + 1
            if tb > best:
                best = tb
    if best < 0:
        return -1
    natural = w == 0
    natcat = 1 if (natural and nbw == NBW_CATEGORY) else 0
    nattie = 1 if (natural and nbw == NBW_TIE) else 0
    return (pos << CAT_SHIFT) | (natcat << NATCAT_SHIFT) | (best << TB_SHIFT) | nattie


@kernel
def score5_ff(c0, c1, c2, c3, c4, table, wbits, pos, fill, nbw):
    """The better of the table's score and the four-flush score of a 5-card hand."""
    s = table[key5(c0, c1, c2, c3, c4, wbits)]
    f = four_flush_score(c0, c1, c2, c3, c4, wbits, pos, fill, nbw)
    return max(s, f)


@kernel(parallel=True)
def score_batch_ff(hands, table, wbits, pos, fill, nbw, out):
    """Scores of an ``(n, 5)`` array of card codes with the four-flush."""
    for i in prange(hands.shape[0]):
        out[i] = score5_ff(hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3], hands[i, 4],
                           table, wbits, pos, fill, nbw)


@kernel(parallel=True)
def count_all_ff(deck, table, wbits, pos, fill, nbw, n_pos):
    """Exact category-position counts over all 5-card hands of ``deck`` with the four-flush."""
    n = deck.shape[0]
    per_first = np.zeros((n, n_pos), np.int64)
    for i0 in prange(n):
        for i1 in range(i0 + 1, n):
            for i2 in range(i1 + 1, n):
                for i3 in range(i2 + 1, n):
                    for i4 in range(i3 + 1, n):
                        s = score5_ff(deck[i0], deck[i1], deck[i2], deck[i3], deck[i4],
                                      table, wbits, pos, fill, nbw)
                        per_first[i0, s >> CAT_SHIFT] += 1
    return per_first.sum(axis=0)


@kernel
def score_best_ff(cards, k, table, wbits, pos, fill, nbw):
    """Best-of-``k`` (5..7) score with the four-flush: every 5-card subset of ``cards[:k]`` scored."""
    best = -1
    for a in range(k - 4):
        for b in range(a + 1, k - 3):
            for c in range(b + 1, k - 2):
                for d in range(c + 1, k - 1):
                    for e in range(d + 1, k):
                        s = score5_ff(cards[a], cards[b], cards[c], cards[d], cards[e], table, wbits, pos, fill, nbw)
                        if s > best:
                            best = s
    return best


@kernel(parallel=True)
def score_batch_best_ff(hands, table, wbits, pos, fill, nbw, out):
    """Best-of-k scores of an ``(n, k)`` array of card codes with the four-flush."""
    for i in prange(hands.shape[0]):
        out[i] = score_best_ff(hands[i], hands.shape[1], table, wbits, pos, fill, nbw)


@kernel(parallel=True)
def count_by_classes_ff(tasks, k, ranks, jokers, by, nby, table, wbits, pos, fill, nbw, n_pos):
    """Best-of-k category counts with the four-flush over one hand per class of suit relabellings
    (the tasks of :func:`analyzer.kernels.suitclass.class_tasks`), each weighted by its relabellings."""
    per = np.zeros((tasks.shape[0], n_pos), np.int64)
    for t in prange(tasks.shape[0]):
        cards, m, idx = np.empty(7, np.int64), np.empty(4, np.int64), np.zeros(3, np.int64)
        w = class_step(tasks[t], idx, ranks, jokers, by, nby, cards, m)
        while w:
            per[t, score_best_ff(cards, k, table, wbits, pos, fill, nbw) >> CAT_SHIFT] += w
            w = class_step(tasks[t], idx, ranks, jokers, by, nby, cards, m)
    return sum_rows(per)


@kernel(nogil=True)
def freq_piece_ff(state, pack, n_hands, k, table, wbits, pos, fill, nbw, counts):
    """Deal ``n_hands`` k-card hands from ``pack`` (advanced in place); count the best-of-k categories."""
    for _ in range(n_hands):
        deal(state, pack, k)
        counts[score_best_ff(pack, k, table, wbits, pos, fill, nbw) >> CAT_SHIFT] += 1


@kernel(nogil=True)
def freq_chunk_ff(state, n_hands, deck, k, table, wbits, pos, fill, nbw, n_pos):
    """:func:`freq_piece_ff` on a fresh pack and counts (one engine chunk)."""
    pack = deck.copy()
    counts = np.zeros(n_pos, np.int64)
    freq_piece_ff(state, pack, n_hands, k, table, wbits, pos, fill, nbw, counts)
    return counts
