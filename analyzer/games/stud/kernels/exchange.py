"""Numba kernels for the exchange option: discard cards, draw replacements, then fold or bet.

An *option* is a set of the player's card indices to discard (a bit mask over the 5 cards; 0 =
no exchange). Its value is the average, over every set of replacement cards drawn from the
unseen cards, of the best of folding (-1) and betting, with the dealer's hole cards drawn from
the cards still unseen (the discards are dead). Fees are the caller's business.
"""

from __future__ import annotations

import numpy as np
from numba import prange

from analyzer.games.stud.kernels.counting import bet_value, situation
from analyzer.games.stud.kernels.tables import colex, sort_small
from analyzer.kernels.jit import kernel


def exchange_rows(max_cards: int) -> np.ndarray:
    """Discard masks of every option with at most ``max_cards`` cards, no exchange first.

    >>> exchange_rows(1).tolist()
    [0, 1, 2, 4, 8, 16]
    """
    masks = [m for m in range(32) if bin(m).count("1") <= max_cards]
    return np.array(sorted(masks, key=lambda m: (bin(m).count("1"), [i for i in range(5) if m >> i & 1])),
                    np.int64)


@kernel
def option_value(hand, u, mask, win_of, nq_win, tie_win, lose_win, cls, cum1, cum2, tri, quad,
                 binom, qc):
    """Average over the draws of max(fold, bet) in antes, discarding ``hand[i]`` for bits of ``mask``."""
    n = cum1.shape[0]
    keep = np.empty(5, np.int64)
    excl = np.empty(7, np.int64)
    new = np.empty(5, np.int64)
    unseen = np.empty(n, np.int64)
    c4 = np.empty(4, np.int64)
    c3 = np.empty(3, np.int64)
    s = np.empty(5, np.int64)
    nk = 0
    nd = 0
    for i in range(5):
        if (mask >> i) & 1:
            excl[5 + nd] = hand[i]
            nd += 1
        else:
            keep[nk] = hand[i]
            nk += 1
    nu = 0
    for p in range(n):
        if p != u and p != hand[0] and p != hand[1] and p != hand[2] and p != hand[3] and p != hand[4]:
            unseen[nu] = p
            nu += 1
    m = 5 + nd
    total = binom[n - m - 1, 4]
    acc = 0.0
    draws = 0
    # draw positions a < b (b only when two cards are drawn; nd ≤ 2)
    for a in range(nu if nd >= 1 else 1):
        for b in range(a + 1 if nd == 2 else 0, nu if nd == 2 else 1):
            for i in range(nk):
                new[i] = keep[i]
            if nd >= 1:
                new[nk] = unseen[a]
            if nd == 2:
                new[nk + 1] = unseen[b]
            sort_small(new, 5)
            for i in range(5):
                excl[i] = new[i]
            pc = cls[colex(new, 5, binom)]
            situation(excl, m, u, pc, qc, cls, cum1, cum2, tri, quad, binom, c4, c3, s)
            v = bet_value(c4, win_of[pc], nq_win, tie_win, lose_win)
            acc += max(v, -total) / total
            draws += 1
    return acc / draws


@kernel(parallel=True)
def exchange_values(hand, u, masks, win_of, nq_win, tie_win, lose_win, cls, cum1, cum2, tri, quad,
                    binom, qc):
    """``option_value`` of every mask (parallel over the options)."""
    out = np.empty(masks.shape[0], np.float64)
    for k in prange(masks.shape[0]):
        out[k] = option_value(hand, u, masks[k], win_of, nq_win, tie_win, lose_win, cls, cum1, cum2,
                              tri, quad, binom, qc)
    return out


@kernel(parallel=True)
def exchange_batch(hands, ups, masks, fees, win_of, nq_win, tie_win, lose_win, cls, cum1, cum2, tri,
                   quad, binom, qc):
    """Per situation (row): [value without exchange, best value with the fee paid, best mask]."""
    out = np.empty((hands.shape[0], 3), np.float64)
    for i in prange(hands.shape[0]):
        best = -1e300
        arg = 0
        base = 0.0
        for k in range(masks.shape[0]):
            v = option_value(hands[i], ups[i], masks[k], win_of, nq_win, tie_win, lose_win, cls, cum1,
                             cum2, tri, quad, binom, qc) - fees[k]
            if k == 0:
                base = v
            if v > best:
                best = v
                arg = masks[k]
        out[i, 0] = base
        out[i, 1] = best
        out[i, 2] = arg
    return out
