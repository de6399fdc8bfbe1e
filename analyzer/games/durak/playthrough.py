"""A whole game as text: the deal, then one move a line (for people, and pinned in the tests).

>>> from analyzer.games.durak.rules import durak_rules
>>> print(game_trace(durak_rules(), ["heuristic", "heuristic"], seed=1).splitlines()[0])
deck 36+2, 2 players, turned Qs (trump s), first attacker seat 1
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from analyzer.cards import format_hand
from analyzer.games.durak.rules import DurakRules
from analyzer.games.durak.state import (
    DurakState,
    heuristic_policy,
    ismcts_policy,
    random_policy,
    search_policy,
    uct_random_policy,
)
from analyzer.games.state import Policy, playthrough

__all__ = ["game_trace", "policy_functions"]


def policy_functions(lineup: Sequence[str], budget: int = 64) -> list[Policy]:
    """Façade policies for a lineup of names."""
    table = {"random": random_policy, "heuristic": heuristic_policy, "uct-random": uct_random_policy,
             "search": search_policy(budget), "ismcts": ismcts_policy(budget)}
    return [table[name] for name in lineup]  # type: ignore[misc]


def game_trace(rules: DurakRules, lineup: Sequence[str], seed: int = 0, budget: int = 64) -> str:
    """The deal (hands, turned card, first attacker) and the moves of one seeded game."""
    st = DurakState.deal(rules, seed)
    head = [f"deck {rules.deck}, {rules.players} players, turned {format_hand([int(st.S[30])])} "
            f"(trump {st.trump}), first attacker seat {st.first_attacker}"]
    head += [f"seat {s}: {format_hand(st.hand(s))}" for s in range(rules.players)]
    body = playthrough(st, policy_functions(lineup, budget), np.random.default_rng(seed))  # type: ignore[arg-type]
    fool = st.fool
    tail = "draw: nobody is the fool" if fool == -2 else f"fool: seat {fool}"
    return "\n".join(head) + "\n" + body + tail + "\n"
