"""One interface for every game played move by move (trick games, rummy, durak).

A :class:`GameState` is a Python façade over a game's numba kernels, which hold the state in
NumPy arrays. Policies, searches (PIMC, ISMCTS, rollouts), the random-simulation invariant tests
and pinned playthroughs are written once against this interface. Moves are small integers
(``action_to_string`` is for people; the fast path never builds strings). Bulk self-play does not
go through this class: each game's kernels play whole deals in a loop, and the façade exists to
explain, test and search them.

>>> from analyzer.games.state import play_out
>>> callable(play_out)
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import numpy as np

__all__ = ["TERMINAL", "GameState", "Policy", "play_out", "playthrough"]

TERMINAL = -1  # current_player() of a finished game


class GameState(Protocol):
    """The state of one game in progress (mutable; ``clone`` before searching)."""

    num_players: int

    def current_player(self) -> int:
        """The seat to move, or :data:`TERMINAL`."""
        ...

    def legal_actions(self) -> list[int]:
        """The moves the seat to move may make, ascending."""
        ...

    def apply_action(self, action: int) -> None:
        """Make a legal move (anything else raises ``JokerOddsError``)."""
        ...

    def is_terminal(self) -> bool: ...

    def returns(self) -> list[float]:
        """Each seat's score (final once terminal)."""
        ...

    def action_to_string(self, action: int) -> str: ...

    def information_state(self, player: int) -> str:
        """Everything ``player`` knows, as text (own cards, public history)."""
        ...

    def clone(self) -> GameState: ...

    def resample(self, player: int, rng: np.random.Generator) -> GameState:
        """A copy in which the cards ``player`` cannot see are redealt consistently with what
        ``player`` knows (a determinization for PIMC / ISMCTS)."""
        ...


Policy = Callable[[GameState, np.random.Generator], int]


def play_out(state: GameState, policies: Sequence[Policy], rng: np.random.Generator,
             max_moves: int = 100_000) -> list[float]:
    """Play ``state`` to the end, seat s moving by ``policies[s]``; the returns."""
    for _ in range(max_moves):
        if state.is_terminal():
            return state.returns()
        seat = state.current_player()
        state.apply_action(policies[seat](state, rng))
    raise RuntimeError(f"game did not end within {max_moves} moves")


def playthrough(state: GameState, policies: Sequence[Policy], rng: np.random.Generator) -> str:
    """A whole game as a text trace, one move a line (pinned in tests so rule changes show)."""
    lines = []
    while not state.is_terminal():
        seat = state.current_player()
        a = policies[seat](state, rng)
        lines.append(f"{seat}: {state.action_to_string(a)}")
        state.apply_action(a)
    lines.append("returns: " + " ".join(f"{r:g}" for r in state.returns()))
    return "\n".join(lines) + "\n"
