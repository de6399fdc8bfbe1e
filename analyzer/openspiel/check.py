"""The wrappers checked against the project's engines: the same deal, the same random moves, the
same legal moves at every step and the same returns.

Each game's deal is made by the project (``TrickState.new_deal``, ``DurakState.deal``,
``RummyState`` from a seed) and fed to the OpenSpiel game as its chance outcomes; then random
legal moves are applied to both, and whenever a move makes the wrapper draw, its chance nodes get
the cards the project's stock gives (its next hidden cards, in order).

>>> from analyzer.openspiel.check import agreement
>>> agreement("joker_odds_short_tricks", {}, games=3, seed=1)["mismatches"]
0
"""

from __future__ import annotations

from typing import Any

import numpy as np

from analyzer.openspiel.registry import register_all
from analyzer.openspiel.spiel import pyspiel

__all__ = ["agreement", "project_deal"]


def _bits(mask: int) -> list[int]:
    return [b for b in range(64) if mask >> b & 1]


def project_deal(game: Any, seed: int) -> tuple[Any, list[int]]:
    """A deal made by the project's own engine for ``game``, and the chance outcomes that deal it
    in the wrapper (the draws during play come later, from the project state's stock)."""
    from analyzer.openspiel.durak import DurakGame
    from analyzer.openspiel.rummy import HAND, RummyGame
    from analyzer.openspiel.tricks import TrickGame

    rng = np.random.default_rng(seed)
    if isinstance(game, TrickGame):
        from analyzer.games.tricks.state import TrickState

        st = TrickState.new_deal(game.rules, game.cards, rng, game.set_index, game.dealer)
        p = st.num_players
        outs = [b for i in range(p) for b in _bits(st.hands[(st.first_seat + i) % p])]
        if st.phase == "trump":  # the namer's first three cards lead his packet
            first = [b for b in outs[:game.cards] if st.first_three >> b & 1]
            outs[:game.cards] = first + [b for b in outs[:game.cards] if not st.first_three >> b & 1]
        if st.turned >= 0:
            outs.append(st.turned)
        return st, outs
    if isinstance(game, DurakGame):
        from analyzer.games.durak.kernels import layout as L
        from analyzer.games.durak.state import DurakState

        ds = DurakState.deal(game.rules, seed)
        S = ds.S
        outs = [c for s in range(ds.num_players) for c in ds.hand(s)]
        outs.append(int(S[L.STOCK + S[L.SLEN] - 1]))  # the turned card
        return ds, [*outs, ds.first_attacker]
    if isinstance(game, RummyGame):
        from analyzer.games.rummy.state import RummyState

        rs = RummyState(game.players, game.deck_name, seed, game.cap, game.joker_points, game.max_turns)
        packets = [[c for c in range(55) for _ in range(int(rs.hands[s, c]))] for s in range(rs.num_players)]
        return rs, [c for s in range(rs.num_players) for c in packets[s][:HAND]] + packets[0][HAND:]
    raise TypeError(f"not a joker-odds game: {game}")


def agreement(name: str, params: dict[str, Any], games: int = 200, seed: int = 0) -> dict[str, Any]:
    """Play ``games`` random games of ``name`` through the wrapper and the project's engine side by
    side; count the steps and the mismatches (legal-move sets or returns that differ)."""
    register_all()
    game = pyspiel.load_game(name, params)
    rng = np.random.default_rng(seed)
    steps = mismatches = 0
    for k in range(games):
        inner, outs = project_deal(game, seed * 100_003 + k)
        state = game.new_initial_state()
        for c in outs:
            if not state.is_chance_node():
                break  # a lot that was not needed
            state.apply_action(c)
        draws: list[int] = []
        while not state.is_terminal():
            if state.is_chance_node():  # a draw: the project's next hidden stock card
                if not draws or draws[0] not in dict(state.chance_outcomes()):
                    mismatches += 1
                    break
                state.apply_action(draws.pop(0))
                continue
            legal = state.legal_actions()
            if sorted(state.to_inner(a) for a in legal) != sorted(inner.legal_actions()):
                mismatches += 1
                break
            a = legal[int(rng.integers(len(legal)))]
            draws = state.hidden_stock(inner)
            state.apply_action(a)
            inner.apply_action(state.to_inner(a))
            steps += 1
        if state.is_terminal() and (not inner.is_terminal() or list(state.returns()) != list(inner.returns())):
            mismatches += 1
    return {"game": str(game), "games": games, "steps": steps, "mismatches": mismatches}
