"""Durak self-play speed: heuristic and random games per second on one core (the kernel loop,
with the per-game tallies), by player count and deck; the search policy's games per second."""

from __future__ import annotations

import time

import numpy as np

from analyzer.engine import chunk_state
from analyzer.games.durak.kernels.play import sim_chunk
from analyzer.games.durak.rules import durak_rules
from analyzer.games.durak.simulate import policy_codes
from analyzer.games.durak.state import tables_for
from analyzer.io import render_text_table

GAMES = 200_000


def _rate(players: int, deck: str, lineup: list[str], games: int, budget: int = 48) -> tuple[float, float]:
    rules = durak_rules(players, deck)
    args = (rules.deck_cards(), rules.kernel_rules(), players, policy_codes(lineup), budget,
            np.array(tables_for(rules)), False)
    sim_chunk(chunk_state(0, 0), 10, *args)  # compile
    best = float("inf")
    for rep in range(3):
        t0 = time.perf_counter()
        out = sim_chunk(chunk_state(1, rep), games, *args)
        best = min(best, time.perf_counter() - t0)
    return games / best, float(out[8]) / games


def main() -> None:
    rows = []
    for players, deck, policy, games in ((2, "36+2", "heuristic", GAMES), (2, "36+2", "random", GAMES // 2),
                                         (4, "36+2", "heuristic", GAMES // 2), (6, "36+2", "heuristic", GAMES // 4),
                                         (2, "52+2", "heuristic", GAMES // 2), (6, "52+2", "heuristic", GAMES // 4),
                                         (2, "36+2", "search", 200)):
        lineup = [policy] * players if policy != "search" else ["search", "heuristic"]
        rate, bouts = _rate(players, deck, lineup, games)
        rows.append({"players": players, "deck": deck, "policy": " ".join(lineup), "games": games,
                     "games/s (1 core)": rate, "mean bouts": bouts,
                     "target": "≥ 20,000" if (players, deck, policy) == (2, "36+2", "heuristic") else ""})
    print(render_text_table(rows), end="")


if __name__ == "__main__":
    main()
