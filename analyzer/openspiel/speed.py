"""Speed and strength together on durak: tree iterations and decisions per CPU-second of the
project's ``ismcts`` kernel and of OpenSpiel's Python ISMCTS on the same positions, and a
strength-vs-time curve of both against the heuristic.

>>> from analyzer.openspiel.speed import durak_positions, iteration_rates
>>> pos = durak_positions(2, seed=1)
>>> r = iteration_rates(pos, budget=50, simulations=4)
>>> sorted(r), r["positions"]
(['openspiel_decisions_per_s', 'openspiel_iterations_per_s', 'positions', 'project_decisions_per_s', \
'project_iterations_per_s'], 2)
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from analyzer.openspiel.ladder import LadderRow, TimedISMCTSBot, ladder
from analyzer.openspiel.registry import register_all
from analyzer.openspiel.spiel import pyspiel

__all__ = ["durak_positions", "iteration_rates", "strength_curve"]


def durak_positions(n: int, seed: int = 0, players: int = 2) -> list[Any]:
    """``n`` durak positions with two or more legal moves, from heuristic games on random deals
    (one position a game, at a random move)."""
    from analyzer.games.durak.state import heuristic_policy

    register_all()
    game = pyspiel.load_game("joker_odds_durak", {"players": players})
    rng = np.random.default_rng(seed)
    out: list[Any] = []
    while len(out) < n:
        s = game.new_initial_state()
        stop = int(rng.integers(2, 30))
        k = 0
        while not s.is_terminal():
            if s.is_chance_node():  # the deal, a lot, the draws after a bout
                acts, probs = zip(*s.chance_outcomes(), strict=True)
                s.apply_action(int(rng.choice(acts, p=np.asarray(probs) / sum(probs))))
                continue
            if len(s.legal_actions()) > 1:
                k += 1
                if k == stop:
                    out.append(s.clone())
                    break
            s.apply_action(int(heuristic_policy(s.inner, rng)))
    return out


def iteration_rates(positions: Sequence[Any], budget: int = 1000, simulations: int = 100,
                    seed: int = 0) -> dict[str, float]:
    """Iterations and decisions per CPU-second: the project's ``ismcts`` kernel at ``budget``
    iterations a decision, OpenSpiel's ISMCTS at ``simulations`` on the same positions."""
    from analyzer.games.durak.kernels.tree import ismcts_action
    from analyzer.kernels.rng import seed_words

    st = positions[0].inner
    ismcts_action(st.S.copy(), st.tab, seed_words(seed), 10)  # compile outside the clock
    t = time.process_time()
    for i, p in enumerate(positions):
        ismcts_action(p.inner.S.copy(), p.inner.tab, seed_words(seed + i), budget)
    project = time.process_time() - t
    bot = TimedISMCTSBot(positions[0].get_game(), simulations=simulations, seed=seed)
    t = time.process_time()
    for p in positions:
        bot.policy(p)
    spiel = time.process_time() - t
    n = len(positions)
    return {"positions": n, "project_iterations_per_s": n * budget / project, "project_decisions_per_s": n / project,
            "openspiel_iterations_per_s": bot.runs / spiel, "openspiel_decisions_per_s": n / spiel}


def strength_curve(budgets: Sequence[int] = (30, 100, 300, 1000, 3000), cpu: Sequence[float] = (0.01, 0.03, 0.1, 0.3),
                   deals: int = 30, seed: int = 0, players: int = 2) -> list[LadderRow]:
    """Gain against the heuristic (−ΔP(fool), seat-rotated duplicate) of the project's ``ismcts`` at
    each ``budgets`` and of OpenSpiel's ISMCTS at each ``cpu`` (seconds a decision); each row
    carries its CPU milliseconds a decision."""
    return ladder("joker_odds_durak", {"players": players}, [f"ismcts@{b}" for b in budgets], deals=deals,
                  seed=seed, ismcts_cpu=cpu)
