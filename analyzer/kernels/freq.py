"""Monte Carlo kernel for hand-rank frequencies: deal k cards, score, count category positions.

``freq_piece`` is the loop of ``freq_chunk`` on a pack and counts the caller keeps, so a chunk
cut into pieces (to stay interruptible) draws and counts exactly what the whole chunk would.
"""

from __future__ import annotations

import numpy as np

from analyzer.kernels.codes import CAT_SHIFT
from analyzer.kernels.evaluate import score_cards
from analyzer.kernels.jit import kernel
from analyzer.kernels.rng import deal


@kernel(nogil=True)
def freq_piece(state, pack, n_hands, k, table, wbits, counts):
    """Deal ``n_hands`` more hands from ``pack`` (advanced in place) and add them to ``counts``."""
    for _ in range(n_hands):
        deal(state, pack, k)
        s = score_cards(pack, k, table, wbits)
        counts[s >> CAT_SHIFT] += 1


@kernel(nogil=True)
def freq_chunk(state, n_hands, deck, k, table, wbits, n_pos):
    """Deal ``n_hands`` random k-card hands from ``deck``; counts per category position."""
    pack = deck.copy()
    counts = np.zeros(n_pos, np.int64)
    freq_piece(state, pack, n_hands, k, table, wbits, counts)
    return counts
