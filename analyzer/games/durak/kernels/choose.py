"""The policy names, their kernel codes and the dispatcher the self-play loops call.

>>> POLICY_NAMES[policy_code("ismcts")]
'ismcts'
"""

from __future__ import annotations

from numba import njit

from analyzer.games.durak.kernels.policies import heuristic_action, random_action, search_action
from analyzer.games.durak.kernels.tree import ismcts_action, uct_random_action

__all__ = ["HEURISTIC", "ISMCTS", "POLICY_NAMES", "RANDOM", "SEARCH", "UCT_RANDOM", "choose", "policy_code"]

RANDOM, HEURISTIC, SEARCH, ISMCTS, UCT_RANDOM = 0, 1, 2, 3, 4
POLICY_NAMES = ("random", "heuristic", "search", "ismcts", "uct-random")


@njit(cache=True)
def choose(S, tab, rng, policy, budget):
    """The move of the seat to move under ``policy`` (one of the codes above)."""
    if policy == HEURISTIC:
        return heuristic_action(S, tab)
    if policy == RANDOM:
        return random_action(S, tab, rng)
    if policy == SEARCH:
        return search_action(S, tab, rng, budget)
    if policy == ISMCTS:
        return ismcts_action(S, tab, rng, budget)
    return uct_random_action(S, tab, rng)


def policy_code(name: str) -> int:
    """The kernel code of a policy name (``ValueError`` if unknown)."""
    return POLICY_NAMES.index(name)
