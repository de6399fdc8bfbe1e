"""Numba kernels for the exchange option: discard cards, draw replacements, then fold or bet.

An *option* is a set of the player's card indices to discard (a bit mask over the 5 cards; 0 =
no exchange). Its value is the average, over every set of replacement cards drawn from the
unseen cards, of the best of folding (-1) and betting, with the dealer's hole cards drawn from
the cards still unseen (the discards are dead). Fees are the caller's business. An option's value is the hold-and-draw kernel's
(:func:`analyzer.games.stud.kernels.draw.hold_value`): one loop over the draws for every game.
"""

from __future__ import annotations

import numpy as np
from numba import prange

from analyzer.games.stud.kernels.draw import hold_value
from analyzer.kernels.jit import kernel


def exchange_rows(max_cards: int) -> np.ndarray:
    """Discard masks of every option with at most ``max_cards`` cards, no exchange first.

    >>> exchange_rows(1).tolist()
    [0, 1, 2, 4, 8, 16]
    """
    masks = [m for m in range(32) if bin(m).count("1") <= max_cards]
    return np.array(sorted(masks, key=lambda m: (bin(m).count("1"), [i for i in range(5) if m >> i & 1])),
                    np.int64)


@kernel(parallel=True)
def exchange_values(hand, u, masks, win_of, nq_win, tie_win, lose_win, cls, cum1, cum2, tri, quad,
                    binom, qc):
    """``option_value`` of every mask (parallel over the options)."""
    out = np.empty(masks.shape[0], np.float64)
    for k in prange(masks.shape[0]):
        out[k] = hold_value(hand, u, masks[k], win_of, nq_win, tie_win, lose_win, cls, cum1, cum2,
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
            v = hold_value(hands[i], ups[i], masks[k], win_of, nq_win, tie_win, lose_win, cls, cum1,
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
