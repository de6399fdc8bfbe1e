"""``benchmarks/bench_solver_tail.py --probes``: a seat value replayed one search at a time is the
kernel's own (the same value, the same nodes in all), searched from the upper bound down, only
the last search succeeding."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"


# slow: it compiles Python-callable copies of the search and its bounds (about 10 CPU-s on a fresh
# clone) for a benchmark option that checks itself on every run (it stops on any difference)
@pytest.mark.slow
def test_probe_series_replays_the_kernels_searches() -> None:
    sys.path.insert(0, str(BENCH))
    try:
        from bench_solver_tail import probe_series
        from bench_tricks import random_deals

        from analyzer.games.tricks.search.solver import Solver

        searched = 0
        for deal in random_deals(5, 12, 3):  # (probe_series stops on a value or node total unlike the kernel's)
            lo, hi, value, series = probe_series(deal)
            assert value == Solver().value(deal, 0)
            assert lo <= value <= hi
            targets = [t for t, _, _ in series]
            # from the upper bound down (a target the table already rules out is skipped)
            assert targets == sorted(set(targets), reverse=True) and (not targets or targets[0] == hi)
            assert all(made == 0 for _, made, _ in series[:-1])  # only the last search may succeed
            if series and series[-1][1] == 1:
                assert series[-1][0] == value
            searched += len(series)
        assert searched > 12
    finally:
        sys.path[:] = [p for p in sys.path if p != str(BENCH)]
