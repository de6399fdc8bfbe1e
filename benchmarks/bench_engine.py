"""Simulation engine speed: dealt-and-evaluated 5-card hands per second (``52+2``, joker-wild).

1. 1 thread vs 2 threads on the local backend (speed-up ratio);
2. Dask LocalCluster (2 worker processes, loopback) vs local 2 threads on a job of
   ``--seconds`` (default 30; env ``BENCH_ENGINE_SECONDS``), including the cluster start-up;
3. optionally (``--billion`` or env ``BENCH_ENGINE_BILLION=1``) the 10⁹-hand run whose 95 %
   Wilson CIs must contain every exact probability (about 2–3 minutes on 2 cores).

Usage: python benchmarks/bench_engine.py [--hands N] [--seconds S] [--billion] [--skip-dask]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any

from analyzer.engine import run
from analyzer.evaluator import Evaluator
from analyzer.frequencies import FreqTask, exact_frequencies
from analyzer.io import render_text_table
from analyzer.stats import chi_square_gof, wilson_interval

RULES, DECK = "joker-wild", "52+2"


def _rate(task: FreqTask, hands: int, **kw: Any) -> tuple[float, float, Any]:
    t0 = time.perf_counter()
    r = run(task, trials=hands, seed=1, quiet=True, **kw)
    dt = time.perf_counter() - t0
    return hands / dt, dt, r


def _rate_running_cluster(task: FreqTask, hands: int) -> tuple[float, float]:
    """Dask throughput on an already started (and warmed-up) loopback cluster."""
    from dask.distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None) as cluster:
        address = cluster.scheduler_address
        run(task, trials=1 << 21, backend="dask", scheduler=address, quiet=True)  # workers load kernels
        rate, dt, _ = _rate(task, hands, backend="dask", scheduler=address)
    return rate, dt


def billion_check(task: FreqTask, hands: int = 10**9, workers: int = 2) -> list[dict[str, Any]]:
    """Run ``hands`` hands and compare every category with the exact enumeration."""
    exact = exact_frequencies(RULES, DECK)
    t0 = time.perf_counter()
    r = run(task, trials=hands, seed=2024, workers=workers, quiet=False)
    dt = time.perf_counter() - t0
    rows = []
    names = task.names
    obs, probs = [], []
    for pos in reversed(range(task.n_pos)):
        row = exact.row(names[pos])
        count = int(r.totals[pos])
        lo, hi = wilson_interval(count, hands)
        p = row.probability or 0.0
        rows.append({"category": names[pos], "sampled": count, "expected": round(p * hands),
                     "ci_low": lo, "ci_high": hi, "exact_in_ci": lo <= p <= hi})
        obs.append(count)
        probs.append(p)
    import numpy as np

    gof = chi_square_gof(np.array(obs), np.array(probs))
    print(render_text_table(rows), end="")
    print(f"{hands:,} hands in {dt:.1f} s ({hands / dt / 1e6:.2f} M hands/s, {workers} threads); "
          f"all exact inside 95 % CI: {all(r['exact_in_ci'] for r in rows)}; "
          f"χ² = {gof.statistic:.2f}, dof {gof.dof}, p = {gof.p_value:.3f}")
    return rows


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=int(os.environ.get("BENCH_ENGINE_HANDS", 20_000_000)),
                    help="hands for the 1-vs-2-thread comparison")
    ap.add_argument("--seconds", type=float, default=float(os.environ.get("BENCH_ENGINE_SECONDS", 30)),
                    help="length of the local-vs-Dask job (≥ 30 s for the issue's figure)")
    ap.add_argument("--billion", action="store_true", default=os.environ.get("BENCH_ENGINE_BILLION") == "1",
                    help="also run the 10⁹-hand CI check")
    ap.add_argument("--ci-hands", type=int, default=10**9, help="hands for the CI check (default 10⁹)")
    ap.add_argument("--skip-dask", action="store_true")
    ap.add_argument("--repeat", type=int, default=3, help="alternating 1/2-thread runs (best kept)")
    args = ap.parse_args([] if argv is None else argv)

    task = FreqTask.from_evaluator(Evaluator(RULES, DECK))
    run(task, trials=10_000, quiet=True)  # compile / load cached kernels
    # alternate 1- and 2-thread runs and keep the best of each: the shared machine is noisy
    best1: tuple[float, float, Any] = (0.0, 0.0, None)
    best2: tuple[float, float, Any] = (0.0, 0.0, None)
    for _ in range(args.repeat):
        one = _rate(task, args.hands, workers=1)
        two = _rate(task, args.hands, workers=2)
        best1 = max(best1, one, key=lambda x: x[0])
        best2 = max(best2, two, key=lambda x: x[0])
    (r1, t1, a), (r2, t2, b) = best1, best2
    assert (a.totals == b.totals).all()
    rows: list[dict[str, Any]] = [
        {"run": "local, 1 thread", "hands": args.hands, "seconds": t1, "M_hands_per_s": r1 / 1e6, "ratio": 1.0},
        {"run": "local, 2 threads", "hands": args.hands, "seconds": t2, "M_hands_per_s": r2 / 1e6, "ratio": r2 / r1},
    ]
    if not args.skip_dask:
        job = int(r2 * args.seconds)
        job -= job % (1 << 20)
        rl, tl, c = _rate(task, job, workers=2)
        rd, td, d = _rate(task, job, backend="dask", workers=2)
        assert (c.totals == d.totals).all()
        rw, tw = _rate_running_cluster(task, job)
        rows += [
            {"run": "local, 2 threads (long job)", "hands": job, "seconds": tl, "M_hands_per_s": rl / 1e6,
             "ratio": 1.0},
            {"run": "dask LocalCluster 2 workers, incl. start", "hands": job, "seconds": td,
             "M_hands_per_s": rd / 1e6, "ratio": rd / rl},
            {"run": "dask LocalCluster 2 workers, running", "hands": job, "seconds": tw,
             "M_hands_per_s": rw / 1e6, "ratio": rw / rl},
        ]
    print(render_text_table(rows), end="")
    print(f"cores: {os.cpu_count()}; results bit-identical across runs: yes")
    if args.billion:
        billion_check(task, args.ci_hands)


if __name__ == "__main__":
    main(sys.argv[1:])
