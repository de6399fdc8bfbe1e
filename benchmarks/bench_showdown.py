"""Showdown speed: exact heads-up equity (every opponent hand enumerated) against PHE C driving the
same enumeration, and Monte Carlo showdowns per second at 2-5 players.

PHE C (see ``phe_c.py``) scores the very same opponent hands (all 5-subsets of the 47 cards left,
built once, not timed) and numpy compares them with the hero's score; joker-odds enumerates the
subsets itself inside its kernel. Both on one thread, best of ``BENCH_REPEAT`` alternating runs.
Run: python benchmarks/run.py showdown (only some parts: BENCH_SHOWDOWN=mc, kernels or exact,phe;
showdowns per Monte Carlo case: BENCH_MC=20000000)
"""

from __future__ import annotations

import os
import sys
import time
from itertools import combinations
from pathlib import Path

import numba
import numpy as np

from analyzer.evaluator import Evaluator
from analyzer.games.showdown.equity import equity

REPEAT = int(os.environ.get("BENCH_REPEAT", "5"))
HERO = "Kh Kd 7c 4s 2h"
EXACT_CASES = [("standard", "52", "Kh Kd 7c 4s 2h", 5), ("joker-wild", "52+1", "Jk Kd Kc 9s 4h", 5),
               ("short-32", "32+1", "Jk As Kd 9c 8h", 5), ("short-32", "32+2", "Jk Jk Ac 9h 8d", 5),
               ("standard", "52", "As Ah Kd Qc 7s 4h 2d", 7)]
MC_CASES = [("standard", 2), ("joker-wild", 2), ("joker-wild", 4), ("joker-wild", 6), ("short-32", 2),
            ("short-32", 4), ("short-32", 6)]
MC_TRIALS = int(os.environ.get("BENCH_MC", "20000000"))


def _best(fn, repeat: int = REPEAT) -> float:  # type: ignore[no-untyped-def]
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def exact_speed() -> None:
    print(f"exact heads-up equity, warm, best of {REPEAT} (threads: {numba.get_num_threads()})")
    print(f"{'rules':12s} {'deck':6s} {'hand':22s} {'deals':>11s} {'seconds':>8s} {'deals/s':>13s}")
    for rules, deck, hand, k in EXACT_CASES:
        r = equity([hand], 2, rules, deck, cards=k)
        s = _best(lambda hand=hand, rules=rules, deck=deck, k=k: equity([hand], 2, rules, deck, cards=k))
        print(f"{rules:12s} {deck:6s} {hand:22s} {r.deals:11,} {s:8.3f} {r.deals / s:13,.0f}"
              f"   pot share {r.seats[0].pot_share:.4%}")


def vs_phe() -> None:
    sys.path.insert(0, str(Path(__file__).parent))
    import phe_c

    try:
        phe = phe_c.load()
    except (ImportError, RuntimeError) as exc:
        print(f"\nvs PHE C: skipped ({exc})")
        return
    ev = Evaluator("standard")
    hero = ev.parse(HERO).astype(np.int32)
    rest = np.array([c for c in range(52) if c not in set(hero.tolist())], np.int32)
    opp = np.array(list(combinations(rest.tolist(), 5)), np.int32)
    out = np.empty(opp.shape[0], np.int32)
    hero_out = np.empty(1, np.int32)
    phe.run(hero[None, :], hero_out)

    def phe_equity() -> float:
        phe.run(opp, out)  # PHE: smaller is better
        return float(((out > hero_out[0]).sum() + 0.5 * (out == hero_out[0]).sum()) / out.size)

    numba.set_num_threads(1)
    ours = equity([HERO], 2, "standard").seats[0].pot_share
    assert abs(ours - phe_equity()) < 1e-12, (ours, phe_equity())
    t_ours = _best(lambda: equity([HERO], 2, "standard"))
    t_phe = _best(phe_equity)
    n = opp.shape[0]
    print(f"\nvs PHE C ({phe.source}), heads-up {HERO} against all {n:,} opponent hands, one thread")
    print(f"joker-odds {n / t_ours:13,.0f} deals/s ({t_ours:.3f} s)   PHE C {n / t_phe:13,.0f} deals/s "
          f"({t_phe:.3f} s)   ratio {t_phe / t_ours:.2f}   pot share {ours:.4%}")
    numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)


def mc_speed() -> None:
    print(f"\nMonte Carlo, {MC_TRIALS:,} showdowns per case, all threads ({numba.config.NUMBA_NUM_THREADS}); "
          "a showdown = one deal of every\nplayer's 5 cards from the deck, each hand scored, the pot to the best "
          "hand (split on a tie). Wall time\ndepends on the machine's load; showdowns per CPU-second (all threads' "
          "CPU time, process_time) do not.")
    print(f"{'rules':11s} {'deck':5s} {'players':>7s} {'showdowns/s':>13s} {'/CPU-second':>13s} {'hands/s':>13s}"
          f" {'wall s':>7s} {'CPU s':>7s}   seat 0 pot share")
    for rules, players in MC_CASES:
        equity(["random"], players, rules, method="mc", trials=100_000, quiet=True)
        t, c = time.perf_counter(), time.process_time()
        r = equity(["random"], players, rules, method="mc", trials=MC_TRIALS, seed=1, quiet=True)
        s, cpu = time.perf_counter() - t, time.process_time() - c
        deck = Evaluator(rules).deck.name
        print(f"{rules:11s} {deck:5s} {players:7d} {r.deals / s:13,.0f} {r.deals / cpu:13,.0f} "
              f"{r.deals * players / s:13,.0f} {s:7.2f} {cpu:7.2f}   {r.seats[0].pot_share:.4%} "
              f"± {r.seats[0].se:.4%} (fair {1 / players:.4%})")


def kernel_speed() -> None:
    """The fast high 5-card kernel against the general one (what ran before it), one chunk, one thread."""
    from analyzer.games.showdown.equity import MAX_TRIES, table_setup
    from analyzer.games.showdown.kernels import mc_chunk
    from analyzer.games.showdown.sampling import mc_high5
    from analyzer.kernels.rng import chunk_state

    n = MC_TRIALS // 5
    print(f"\nMonte Carlo kernels, one chunk of {n:,} showdowns on one thread, showdowns per CPU-second "
          "(the same draws and totals)")
    print(f"{'rules':11s} {'players':>7s} {'general':>13s} {'fast':>13s} {'speed-up':>8s}")
    for rules, players in MC_CASES:
        tab = table_setup(["random"], players, rules)
        table, wbits = tab.ev.kernel_args()
        args = (tab.known, tab.nknown, 5, tab.rest, tab.vlo, tab.vhi, tab.game, MAX_TRIES, table, wbits)
        rates = []
        for fn, extra in ((mc_chunk, tab.low_args), (mc_high5, ())):
            fn(chunk_state(1, 0), 1000, *args, *extra)
            c = time.process_time()
            fn(chunk_state(1, 0), n, *args, *extra)
            rates.append(n / (time.process_time() - c))
        print(f"{rules:11s} {players:7d} {rates[0]:13,.0f} {rates[1]:13,.0f} {rates[1] / rates[0]:7.2f}x")


PARTS = {"exact": lambda: exact_speed(), "phe": lambda: vs_phe(), "mc": lambda: mc_speed(),
         "kernels": lambda: kernel_speed()}


def main() -> None:
    """Every part, or those named in ``BENCH_SHOWDOWN`` (e.g. ``mc`` or ``exact,phe``)."""
    for name in os.environ.get("BENCH_SHOWDOWN", ",".join(PARTS)).split(","):
        PARTS[name.strip()]()


if __name__ == "__main__":
    main()
