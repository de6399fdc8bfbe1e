"""Numba kernels for "poker with joker": hold any subset and draw the rest, or buy the joker.

``hold_value`` generalises the one/two-card exchange kernel to any number of drawn cards (0..5):
the average, over every set of replacements from the unseen cards, of max(fold, bet) against
every dealer hole-card set from the cards still unseen (discards are dead). ``joker_value``:
one card replaced by the joker (taken from the unseen cards), the discarded card dead.
"""

from __future__ import annotations

import numpy as np
from numba import prange

from analyzer.games.stud.kernels.counting import (
    bet_value,
    dealer_counts,
    dealer_nq_drawn,
    outcomes,
    situation,
)
from analyzer.games.stud.kernels.tables import colex, sort_small
from analyzer.kernels.combinatorics import next_subset
from analyzer.kernels.jit import kernel, no_refcount


@no_refcount
def _value_of(new, excl, m, u, win_of, nq_win, tie_win, lose_win, cls, cum1, cum2, tri, quad, binom, qc,
              c4, c3, s):
    """max(fold, bet) in antes of the 5 player positions ``new`` (sorted in place), ``excl[5:m]`` dead."""
    n = cum1.shape[0]
    total = binom[n - m - 1, 4]
    sort_small(new, 5)
    for i in range(5):
        excl[i] = new[i]
    pc = cls[colex(new, 5, binom)]
    situation(excl, m, u, pc, qc, cls, cum1, cum2, tri, quad, binom, c4, c3, s)
    v = bet_value(c4, win_of[pc], nq_win, tie_win, lose_win)
    return max(v, -total) / total


@kernel(python=True)
def hold_value(hand, u, mask, win_of, nq_win, tie_win, lose_win, cls, cum1, cum2, tri, quad, binom, qc):
    """Average max(fold, bet) discarding ``hand[i]`` for the bits of ``mask`` (any number)."""
    n = cum1.shape[0]
    keep = np.empty(5, np.int64)
    excl = np.empty(10, np.int64)
    new = np.empty(5, np.int64)
    unseen = np.empty(n, np.int64)
    idx = np.empty(5, np.int64)
    drawn = np.empty(5, np.int64)
    c4 = np.empty(4, np.int64)
    c3 = np.empty(3, np.int64)
    s = np.empty(10, np.int64)  # dealer_counts' scratch: the excluded cards
    nk = 0
    nd = np.int64(0)  # int64 from the start: next_subset compiles once, not first for constants
    for i in range(5):
        if (mask >> i) & 1:
            excl[5 + nd] = hand[i]
            nd += 1
        else:
            keep[nk] = hand[i]
            nk += 1
    nu = np.int64(0)
    for p in range(n):
        if p != u and p != hand[0] and p != hand[1] and p != hand[2] and p != hand[3] and p != hand[4]:
            unseen[nu] = p
            nu += 1
    for j in range(nd):
        idx[j] = j
    # the dealer's count below the qualifier: the terms of the hand's own cards (every draw's) once,
    # those holding a drawn card for each draw (:func:`_value_of`'s numbers)
    dealer_counts(hand, np.int64(5), u, qc, qc, qc, cls, cum1, cum2, tri, quad, binom, c3, s)
    nq_hand = c3[0]
    total = binom[n - nd - 6, 4]
    acc = 0.0
    draws = 0
    while True:
        for i in range(nk):
            new[i] = keep[i]
        for j in range(nd):
            new[nk + j] = unseen[idx[j]]
            drawn[j] = unseen[idx[j]]
        sort_small(new, 5)
        for i in range(5):
            excl[i] = new[i]
        pc = np.int64(cls[colex(new, 5, binom)])  # (int64 as qc: one compile of dealer_counts)
        nq = nq_hand + dealer_nq_drawn(hand, drawn, nd, u, qc, cls, cum1, cum2, tri, quad, binom, s)
        if pc >= qc:
            dealer_counts(excl, 5 + nd, u, pc, pc, pc + 1, cls, cum1, cum2, tri, quad, binom, c3, s)
        outcomes(nq, c3[1], c3[2], pc, qc, total, c4)
        v = bet_value(c4, win_of[pc], nq_win, tie_win, lose_win)
        acc += max(v, -total) / total
        draws += 1
        if not next_subset(idx, nd, nu):
            break
    return acc / draws


@kernel
def _with_dead_card(new, dead, u, win_of, nq_win, tie_win, lose_win, cls, cum1, cum2, tri, quad, binom, qc):
    """max(fold, bet) of the five cards ``new`` against up card ``u`` with one more card, ``dead``, out of play."""
    excl = np.empty(6, np.int64)
    c4 = np.empty(4, np.int64)
    c3 = np.empty(3, np.int64)
    s = np.empty(10, np.int64)  # dealer_counts' scratch: the excluded cards
    excl[5] = dead
    return _value_of(new, excl, np.int64(6), u, win_of, nq_win, tie_win, lose_win, cls, cum1, cum2, tri, quad, binom, qc,
                     c4, c3, s)


@kernel
def joker_value(hand, u, i, jpos, win_of, nq_win, tie_win, lose_win, cls, cum1, cum2, tri, quad, binom, qc):
    """max(fold, bet) with ``hand[i]`` replaced by the joker (position ``jpos``); the card is dead."""
    new = np.empty(5, np.int64)
    for t in range(5):
        new[t] = jpos if t == i else hand[t]
    return _with_dead_card(new, hand[i], u, win_of, nq_win, tie_win, lose_win, cls, cum1, cum2, tri, quad, binom, qc)


@kernel
def option_value(hand, u, k, jpos, win_of, nq_win, tie_win, lose_win, cls, cum1, cum2, tri, quad, binom, qc):
    """Option ``k`` of :func:`option_values`: hold-and-draw by discard mask k < 32, else buy the joker
    for card k - 32 (NaN where the joker is not available: in the hand or the up card)."""
    if k < 32:
        return hold_value(hand, u, k, win_of, nq_win, tie_win, lose_win, cls, cum1, cum2, tri, quad, binom, qc)
    if jpos < 0 or jpos == u or jpos == hand[0] or jpos == hand[1] or jpos == hand[2] or jpos == hand[3] \
            or jpos == hand[4]:
        return np.nan
    return joker_value(hand, u, k - 32, jpos, win_of, nq_win, tie_win, lose_win, cls, cum1, cum2, tri, quad, binom, qc)


@kernel(parallel=True)
def option_values(hand, u, jpos, win_of, nq_win, tie_win, lose_win, cls, cum1, cum2, tri, quad, binom, qc):
    """Values before fees: [0..31] hold-and-draw by discard mask, [32..36] buy the joker for card i
    (NaN where the joker is not available: in the hand or the up card)."""
    out = np.empty(37, np.float64)
    for k in prange(37):
        out[k] = option_value(hand, u, k, jpos, win_of, nq_win, tie_win, lose_win, cls, cum1, cum2, tri, quad, binom,
                              qc)
    return out


@kernel(parallel=True)
def options_batch(hands, ups, jpos, win_of, nq_win, tie_win, lose_win, cls, cum1, cum2, tri, quad, binom, qc):
    """``option_values`` of many situations (parallel over the situations: balanced threads)."""
    out = np.empty((hands.shape[0], 37), np.float64)
    for r in prange(hands.shape[0]):
        hand = hands[r]
        u = ups[r]
        for k in range(37):
            out[r, k] = option_value(hand, u, k, jpos, win_of, nq_win, tie_win, lose_win, cls, cum1, cum2, tri, quad,
                                     binom, qc)
    return out


@kernel
def upswap_one(hand, u, u2, win_of, nq_win, tie_win, lose_win, cls, cum1, cum2, tri, quad, binom, qc):
    """max(fold, bet) when the dealer's up card ``u`` is exchanged for ``u2`` (``u`` dead)."""
    new = np.empty(5, np.int64)
    for t in range(5):
        new[t] = hand[t]
    return _with_dead_card(new, u, u2, win_of, nq_win, tie_win, lose_win, cls, cum1, cum2, tri, quad, binom, qc)


@kernel(python=True)
def upswap_value(hand, u, win_of, nq_win, tie_win, lose_win, cls, cum1, cum2, tri, quad, binom, qc):
    """Average of :func:`upswap_one` over every new up card from the unseen cards."""
    n = cum1.shape[0]
    acc = 0.0
    k = 0
    for p in range(n):
        if p != u and p != hand[0] and p != hand[1] and p != hand[2] and p != hand[3] and p != hand[4]:
            acc += upswap_one(hand, u, p, win_of, nq_win, tie_win, lose_win, cls, cum1, cum2, tri, quad, binom, qc)
            k += 1
    return acc / k


@kernel(parallel=True)
def joker_batch(hands, ups, jpos, win_of, nq_win, tie_win, lose_win, cls, cum1, cum2, tri, quad, binom, qc):
    """Stand and the five buy-the-joker values of many situations, before fees: (k, 6), NaN where
    the joker is held or face up (the cheap options: one dealer count each)."""
    out = np.full((hands.shape[0], 6), np.nan)
    for r in prange(hands.shape[0]):
        hand = hands[r]
        u = ups[r]
        out[r, 0] = hold_value(hand, u, np.int64(0), win_of, nq_win, tie_win, lose_win, cls, cum1, cum2, tri, quad, binom, qc)
        if jpos < 0 or jpos == u or jpos == hand[0] or jpos == hand[1] or jpos == hand[2] or jpos == hand[3] \
                or jpos == hand[4]:
            continue
        for i in range(5):
            out[r, 1 + i] = joker_value(hand, u, i, jpos, win_of, nq_win, tie_win, lose_win, cls, cum1, cum2, tri,
                                        quad, binom, qc)
    return out


@kernel(parallel=True)
def upswap_batch(hands, ups, win_of, nq_win, tie_win, lose_win, cls, cum1, cum2, tri, quad, binom, qc):
    """(stand, exchange the up card) values of many situations before the fee: (k, 2)."""
    out = np.empty((hands.shape[0], 2), np.float64)
    for r in prange(hands.shape[0]):
        out[r, 0] = hold_value(hands[r], ups[r], np.int64(0), win_of, nq_win, tie_win, lose_win, cls, cum1, cum2, tri, quad,
                               binom, qc)
        out[r, 1] = upswap_value(hands[r], ups[r], win_of, nq_win, tie_win, lose_win, cls, cum1, cum2, tri, quad,
                                 binom, qc)
    return out


@kernel(parallel=True)
def upswap_rank_sums(hands, ups, rank, win_of, nq_win, tie_win, lose_win, cls, cum1, cum2, tri, quad, binom, qc):
    """52-card deck (position = code): for each situation, the sum and count over the new up cards
    of ``rank`` (not in the hand, not the old up card) of :func:`upswap_one` when the new up card
    is the wild card. The tables are those of the ``rank`` of spades designated: a new up card of
    another suit is mapped there by exchanging its suit with spades."""
    out = np.zeros((hands.shape[0], 2), np.float64)
    for r in prange(hands.shape[0]):
        h2 = np.empty(5, np.int64)
        for s2 in range(4):
            p = rank * 4 + s2
            hit = p == ups[r]
            for t in range(5):
                if hands[r, t] == p:
                    hit = True
            if hit:
                continue
            for t in range(5):
                c = hands[r, t]
                s = c & 3
                h2[t] = (c >> 2) * 4 + (3 if s == s2 else (s2 if s == 3 else s))
            sort_small(h2, 5)
            su = ups[r] & 3
            u2 = (ups[r] >> 2) * 4 + (3 if su == s2 else (s2 if su == 3 else su))
            out[r, 0] += upswap_one(h2, u2, rank * 4 + 3, win_of, nq_win, tie_win, lose_win, cls, cum1, cum2, tri,
                                    quad, binom, qc)
            out[r, 1] += 1
    return out
