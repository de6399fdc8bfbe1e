"""Remi 51: opening-solver hands per second on one core, and table simulations per second.

Targets: >= 100,000 random 14-card hands/s (jokers included) on one core; >= 2,000 four-player
deals to the first opening per second on 2 cores.
"""

from __future__ import annotations

import time

import numpy as np

from analyzer.cards import get_deck
from analyzer.engine import chunk_state, run
from analyzer.games.rummy.odds import open_chunk
from analyzer.games.rummy.points import PointsTask
from analyzer.games.rummy.turns import TurnsTask, parse_policies
from analyzer.io import render_text_table

HANDS = 400_000
DEALS = 20_000


def _best_of(n: int, f) -> float:
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        f()
        times.append(time.perf_counter() - t0)
    return min(times)


def _cpu(f) -> float:
    """CPU seconds of one call (all threads): the rate a busy, shared machine still shows."""
    t0 = time.process_time()
    f()
    return time.process_time() - t0


def main() -> None:
    rows = []
    for deck in ("2x52+2", "2x52", "3x52+3"):
        cards = get_deck(deck).cards.astype(np.int64)
        for k in (14, 15):
            open_chunk(chunk_state(0, 0), 100, cards, k, 3)  # compile / load
            def go(cards=cards, k=k):
                return open_chunk(chunk_state(1, 0), HANDS, cards, k, 3)
            s = _best_of(3, go)
            rows.append({"what": f"solver, {deck}, {k} cards, 1 core", "n": HANDS, "seconds": s,
                         "per_second": HANDS / s, "per_cpu_second": HANDS / _cpu(go)})
    deck = get_deck("2x52+2").cards.astype(np.int64)
    for policy in ("stock-only", "greedy"):
        task = TurnsTask(deck, parse_policies(policy, 4), 3, 40, True)
        run(task, trials=200, seed=0, chunk_size=100, workers=2, quiet=True)
        def first(task=task):
            return run(task, trials=DEALS, seed=1, chunk_size=1000, workers=2, quiet=True)
        s = _best_of(3, first)
        rows.append({"what": f"4 players to first opening, {policy}, 2 cores", "n": DEALS, "seconds": s,
                     "per_second": DEALS / s, "per_cpu_second": DEALS / _cpu(first)})
        every = TurnsTask(deck, parse_policies(policy, 4), 3, 40, False)
        s = _best_of(1, lambda every=every: run(every, trials=DEALS // 4, seed=1, chunk_size=500, workers=2,
                                               quiet=True))
        rows.append({"what": f"4 players until every seat can open, {policy}, 2 cores", "n": DEALS // 4,
                     "seconds": s, "per_second": DEALS / 4 / s, "per_cpu_second": None})
    task_p = PointsTask(deck, parse_policies("greedy", 4), 3, 1000, 10, False)
    run(task_p, trials=50, seed=0, chunk_size=25, workers=2, quiet=True)
    s = _best_of(1, lambda: run(task_p, trials=DEALS // 4, seed=1, chunk_size=250, workers=2, quiet=True))
    rows.append({"what": "4 players, whole deals played out, greedy, 2 cores", "n": DEALS // 4, "seconds": s,
                 "per_second": DEALS / 4 / s, "per_cpu_second": None})
    print(render_text_table(rows), end="")


if __name__ == "__main__":
    main()
