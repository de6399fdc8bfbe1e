"""The policy names, their kernel codes and the dispatcher the self-play loops call.

The loops take ``search``: None when every seat plays random or the heuristic, else the search
budget (:func:`search_arg`). numba compiles a loop for None without the searching policies (their
branch is pruned by the argument's type), so a first heuristic-only command compiles about half
as much.

>>> POLICY_NAMES[policy_code("ismcts")], search_arg(np.array([1, 0]), 64), search_arg(np.array([3, 1]), 64)
('ismcts', None, 64)
"""

from __future__ import annotations

import numpy as np

from analyzer.games.durak.kernels.policies import heuristic_action, random_action, search_action
from analyzer.games.durak.kernels.tree import ismcts_action, uct_random_action
from analyzer.kernels.jit import kernel

__all__ = ["HEURISTIC", "ISMCTS", "POLICY_NAMES", "RANDOM", "SEARCH", "UCT_RANDOM", "choose", "policy_code", "search_arg"]

RANDOM, HEURISTIC, SEARCH, ISMCTS, UCT_RANDOM = 0, 1, 2, 3, 4
POLICY_NAMES = ("random", "heuristic", "search", "ismcts", "uct-random")


@kernel
def choose(S, tab, rng, policy, search):
    """The move of the seat to move under ``policy`` (one of the codes above); ``search``: the
    searching policies' budget, or None when no seat searches (see the module docstring)."""
    if policy == HEURISTIC:
        return heuristic_action(S, tab)
    if policy == RANDOM:
        return random_action(S, tab, rng)
    if search is None:
        raise ValueError("a searching policy needs a search budget")
    if policy == SEARCH:
        return search_action(S, tab, rng, search)
    if policy == ISMCTS:
        return ismcts_action(S, tab, rng, search)
    return uct_random_action(S, tab, rng)


def search_arg(codes: np.ndarray, budget: int) -> int | None:
    """What the loops get for ``search``: None when every code in ``codes`` is random or the
    heuristic, else ``budget``."""
    return None if all(int(c) in (RANDOM, HEURISTIC) for c in codes) else int(budget)


def policy_code(name: str) -> int:
    """The kernel code of a policy name (``ValueError`` if unknown)."""
    return POLICY_NAMES.index(name)
