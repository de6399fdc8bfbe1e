"""Monte Carlo kernel for hand-rank frequencies: deal k cards, score, count category positions."""

from __future__ import annotations

import numpy as np
from numba import njit

from analyzer.kernels.codes import CAT_SHIFT
from analyzer.kernels.evaluate import score_cards
from analyzer.kernels.rng import deal


@njit(cache=True, nogil=True)
def freq_chunk(state, n_hands, deck, k, table, wbits, n_pos):
    """Deal ``n_hands`` random k-card hands from ``deck``; counts per category position."""
    pack = deck.copy()
    counts = np.zeros(n_pos, np.int64)
    for _ in range(n_hands):
        deal(state, pack, k)
        s = score_cards(pack, k, table, wbits)
        counts[s >> CAT_SHIFT] += 1
    return counts
