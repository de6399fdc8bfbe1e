"""The players of a trick game: named policy codes, the basic policies and pimc (worlds, card, bid).

The basic policies' kernels (:mod:`analyzer.games.tricks.policies.basic`) are re-exported here.

>>> from analyzer.games.tricks.policies import POLICY_CODES
>>> POLICY_CODES["heuristic"]
1
"""

from analyzer.games.tricks.policies.basic import (
    HEURISTIC,
    POLICY_CODES,
    RANDOM,
    choose_bid,
    choose_move,
    choose_trump,
)

__all__ = ["HEURISTIC", "POLICY_CODES", "RANDOM", "choose_bid", "choose_move", "choose_trump"]
