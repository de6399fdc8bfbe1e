"""Short poker for tricks: double-dummy solves per second on random 5-card deals (the engine's paranoid
search with the maker's side as a team mask), self-play deals per second (the engine's playout loop)."""

from __future__ import annotations

import time

import numpy as np

from analyzer.games.tricks.analysis.short import play_short_deals, short_rules
from analyzer.games.tricks.analysis.short_chunks import trick_bits
from analyzer.games.tricks.kernels.short import dd_table, dd_tricks, turned_trump
from analyzer.io import render_text_table

SOLVES = 2_000
DEALS = 1_000_000


def solver_rows() -> list[dict[str, object]]:
    rows = []
    for deck in ("32+1", "32+2"):
        rules = short_rules("short-tricks", [f"deck={deck}"])
        rp = rules.params()
        rng = np.random.default_rng(7)
        bits = np.array(trick_bits(rules))
        deals = []
        for _ in range(SOLVES):
            p = rng.permutation(bits)
            hands = np.array([sum(1 << int(b) for b in p[5 * s:5 * s + 5]) for s in range(4)], np.uint64)
            deals.append((hands, int(turned_trump(int(p[20]), 0)), int(rng.integers(0, 4))))
        tt = dd_table(12)  # one transposition table, reused deal after deal (a new stamp each)
        dd_tricks(*deals[0], rp, tt)  # compile / load
        times = []
        t0, c0 = time.perf_counter(), time.process_time()
        for hands, trump, maker in deals:
            t = time.perf_counter()
            dd_tricks(hands, trump, maker, rp, tt)
            times.append(time.perf_counter() - t)
        dt, cpu = time.perf_counter() - t0, time.process_time() - c0
        ms = np.array(times) * 1e3
        rows.append({"DD solve": f"5 cards x 4, {deck}", "deals": SOLVES, "solves/s": SOLVES / dt,
                     "solves per CPU-s": SOLVES / cpu, "median ms": float(np.median(ms)),
                     "p99 ms": float(np.percentile(ms, 99)), "max ms": float(ms.max())})
    return rows


def selfplay_rows() -> list[dict[str, object]]:
    rules = short_rules()
    play_short_deals(rules, ["heuristic"] * 4, 1_000, seed=0, quiet=True)  # compile / load
    rows = []
    for pol in ("heuristic", "random"):
        t0, c0 = time.perf_counter(), time.process_time()
        play_short_deals(rules, [pol] * 4, DEALS, seed=1, workers=1, quiet=True)
        dt, cpu = time.perf_counter() - t0, time.process_time() - c0
        # on a shared machine the wall clock undercounts: deals per CPU-second is one core's speed
        rows.append({"self-play": f"short-tricks, {pol}", "workers": 1, "deals": DEALS, "seconds": dt,
                     "deals/s": DEALS / dt, "deals per CPU-s": DEALS / cpu})
    return rows


def main() -> None:
    print(render_text_table(solver_rows()), end="")
    print(render_text_table(selfplay_rows()), end="")


if __name__ == "__main__":
    main()
