"""The state and moves of a trick game as numba kernels: legal moves, trick winner, score, playout.

The names of :mod:`analyzer.games.tricks.kernels.moves` are re-exported here.

>>> from analyzer.games.tricks.kernels import JK1, legal_moves
>>> JK1
61
"""

from analyzer.games.tricks.kernels.moves import (
    GIVE,
    HIGH,
    JK1,
    JK2,
    JOKERS,
    LOW,
    NORMAL,
    PLAIN,
    TAKE,
    deal_score,
    is_joker,
    led_suit,
    legal_moves,
    low_bit,
    popcount,
    suit_mask,
    top_bit,
    trick_winner,
)

__all__ = ["GIVE", "HIGH", "JK1", "JK2", "JOKERS", "LOW", "NORMAL", "PLAIN", "TAKE", "deal_score", "is_joker",
           "led_suit", "legal_moves", "low_bit", "popcount", "suit_mask", "top_bit", "trick_winner"]
