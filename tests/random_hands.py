"""Random hands for the batch-scoring tests, a third of them with the deck's wild cards forced in.

>>> import numpy as np
>>> deck = np.arange(8, dtype=np.int64)
>>> h = hands_with_wilds(deck, np.array([7], np.int64), 5, 6, np.random.default_rng(0))
>>> h.shape, bool((h[::3] == 7).any(axis=1).all())
((6, 5), True)
"""

from __future__ import annotations

import numpy as np


def hands_with_wilds(deck: np.ndarray, wild: np.ndarray, k: int, n: int, rng: np.random.Generator) -> np.ndarray:
    """``n`` random ``k``-card hands of ``deck``; every third (rows 0, 3, 6, ...) becomes ``wild``
    followed by its own lowest ``k - len(wild)`` cards that are not wild (``len(wild) < k``)."""
    hands = deck[np.argpartition(rng.random((n, deck.size)), k, axis=1)[:, :k]]
    rows = hands[::3]
    # the non-wild cards of each row in increasing order, the wild ones (a sentinel) sorted last
    rest = np.sort(np.where(np.isin(rows, wild), np.iinfo(np.int64).max, rows), axis=1)[:, : k - wild.size]
    hands[::3] = np.concatenate([np.broadcast_to(wild, (rows.shape[0], wild.size)), rest], axis=1)
    return hands
